/* hold.c — see hold.h. */
#include "hold.h"

#include <stdlib.h>

#include "buf.h"

void hold_grow(struct hold *h, size_t need, size_t max)
{
	size_t nc = need > max ? need : max;
	h->buf = xrealloc(h->buf, nc);
	h->cap = nc;
}

void hold_drop_copy(struct hold *h)
{
	if (h->src) return;   /* read in place: no copy */
	free(h->buf);
	h->buf = NULL;
	h->cap = 0;
}

void hold_free(struct hold *h)
{
	free(h->buf);
	*h = (struct hold){ 0 };
}

void hold_report(const struct hold *h, struct report *rep, bool lines, enum reason reason, enum surface s,
                 size_t text_len, const char *path, size_t path_len)
{
	if (!rep) return;
	struct report_event re = { .offset = h->start, .action = ACTION_SKIPPED, .reason = reason, .surface = s,
	                           .text = hold_data(h), .text_len = text_len, .path = path, .path_len = path_len };
	if (lines) {
		re.line = h->lines + 1;
		re.column = (size_t)(h->start - h->line_start) + 1;
	}
	report_add(rep, &re);
}

void hold_to_window(struct hold *h, struct window *w, enum surface s, bool lines)
{
	window_begin_streamed(w, s, h->start);
	if (lines) window_set_lines(w, h->lines, h->line_start);
	window_feed(w, hold_data(h), h->len);
	h->src = NULL;
}
