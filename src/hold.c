/* hold.c — see hold.h. */
#include "hold.h"

#include <stdlib.h>

#include "buf.h"

void hold_start_lines(struct hold *h, struct linepos *lp)
{
	h->pos_at = h->pos_count = h->pos_lastnl = 0;
	linepos_upto(lp, h->start);
	h->lines = lp->lines;
	h->line_start = lp->line_start;
}

void hold_position(struct hold *h, const unsigned char *b, uint64_t off, size_t *line, size_t *column)
{
	size_t pos = (size_t)(off - h->start), i = h->pos_at, count = h->pos_count, lastnl = h->pos_lastnl;
	if (pos < i) i = count = lastnl = 0;
	for (; i < pos && i < h->len; i++)
		if (b[i] == '\n') { count++; lastnl = i; }
	h->pos_at = i;
	h->pos_count = count;
	h->pos_lastnl = lastnl;
	uint64_t ls = count ? h->start + lastnl + 1 : h->line_start;
	*line = h->lines + count + 1;
	*column = (size_t)(off - ls) + 1;
}

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

void hold_to_window(struct hold *h, struct window *w, enum surface s, bool lines, bool joins_on_held)
{
	window_begin(w, s, h->start);
	if (lines) window_set_lines(w, h->lines, h->line_start);
	if (joins_on_held) window_decide_joins(w, hold_data(h), h->len);
	window_feed(w, hold_data(h), h->len);
	h->src = NULL;
}
