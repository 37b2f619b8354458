/* text.h — owns the text type (SPEC §4): the whole stream is prose on
 * surface `text`, matched through a window. (The sql issue adds the
 * serialized walk here.) */
#ifndef HOSTSHIFT_TEXT_H
#define HOSTSHIFT_TEXT_H

#include "window.h"

struct text_stage {
	struct window w;
};

void text_init(struct text_stage *t, const struct patterns *pt, struct sink out, struct report *rep);
void text_free(struct text_stage *t);
/* New stream; marks (may be NULL) receive the length changes for the sweep. */
void text_reset(struct text_stage *t, struct sink out, struct offmap *marks);
void text_feed(struct text_stage *t, const unsigned char *p, size_t n);
void text_finish(struct text_stage *t);

#endif
