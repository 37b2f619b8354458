/* sweep.c — the straggler sweep (§6.1). */
#include "sweep.h"

void sweep_init(struct sweep *s, const struct patterns *pt, struct sink out, struct report *rep)
{
	offmap_init(&s->marks);
	window_init_kept(&s->w, pt, SURFACE_STRAGGLER, out, rep);
	window_set_in_map(&s->w, &s->marks);
}

void sweep_free(struct sweep *s)
{
	window_free(&s->w);
	offmap_free(&s->marks);
}

void sweep_reset(struct sweep *s)
{
	offmap_reset(&s->marks);
	window_reset(&s->w);
	window_begin(&s->w, SURFACE_STRAGGLER, 0);
}

static void sweep_write(void *ctx, const unsigned char *p, size_t n)
{
	struct sweep *s = ctx;
	window_feed(&s->w, p, n);
	/* Marks behind the window are never needed again. */
	offmap_drop_before(&s->marks, s->w.base);
}

/* Protected bytes: the stream before them ends, they pass unmatched, and
 * a new segment starts after them. */
static void sweep_protected(void *ctx, const unsigned char *p, size_t n)
{
	struct sweep *s = ctx;
	enum surface surface = s->w.surface;
	/* Protected pieces come in runs (a serialized value written from its
	 * splices): the segment begun after the last one holds nothing yet,
	 * so ending it would match nothing; the bytes pass on. */
	if (s->w.open && !s->w.len) {
		window_skip(&s->w, p, n);
		window_begin(&s->w, surface, s->w.base);
		offmap_drop_before(&s->marks, s->w.base);
		return;
	}
	window_end(&s->w);
	window_skip(&s->w, p, n);
	window_begin(&s->w, surface, s->w.base);
	offmap_drop_before(&s->marks, s->w.base);
}

struct sink sweep_sink(struct sweep *s)
{
	return (struct sink){ sweep_write, s, sweep_protected };
}

void sweep_finish(struct sweep *s)
{
	window_end(&s->w);
	window_flush_kept(&s->w);
	offmap_drop_before(&s->marks, s->w.base);
}

void sweep_hand_on(struct sweep *s)
{
	window_flush_kept(&s->w);
}
