/* text.c — the text type: a prose window on surface `text` (SPEC §4). */
#include "text.h"

void text_init(struct text_stage *t, const struct patterns *pt, struct sink out, struct report *rep)
{
	window_init(&t->w, pt, SURFACE_TEXT, out, rep);
}

void text_free(struct text_stage *t) { window_free(&t->w); }

void text_reset(struct text_stage *t, struct sink out, struct offmap *marks)
{
	window_reset(&t->w);
	window_begin(&t->w, SURFACE_TEXT, 0);
	t->w.out = out;
	t->w.out_marks = marks;
}

void text_feed(struct text_stage *t, const unsigned char *p, size_t n) { window_feed(&t->w, p, n); }
void text_finish(struct text_stage *t) { window_end(&t->w); }
