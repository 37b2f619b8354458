/* hold.h — a token held across chunks (docs/architecture.md): read where it
 * lies in the chunk being fed while it can be, copied into its own buffer
 * once it goes on past the chunk's end, up to the value cap; its input
 * offset and, in check mode, its line position. The framers keep their
 * tokens in it (json's strings, sql's literal bodies); what a framer does
 * with a token over the cap is its own, but it reports and streams such a
 * token through these. */
#ifndef HOSTSHIFT_HOLD_H
#define HOSTSHIFT_HOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "linepos.h"
#include "report.h"
#include "window.h"

struct hold {
	const unsigned char *src;  /* the token where it lies in the chunk being fed, or NULL: in buf */
	unsigned char *buf;
	size_t len, cap;
	uint64_t start;            /* input offset of its first byte */
	size_t lines;              /* check mode: the newlines before it */
	uint64_t line_start;       /* and the input offset of its line */
	size_t pos_at, pos_count, pos_lastnl;   /* check mode: hold_position's last count */
};

static inline const unsigned char *hold_data(const struct hold *h) { return h->src ? h->src : h->buf; }

void hold_start_lines(struct hold *h, struct linepos *lp);
/* A new token, empty, at input offset off; its line position is taken
 * from lp where lp is given and counts lines (check mode). Inlined: every
 * JSON string and SQL literal starts here. */
static inline void hold_start(struct hold *h, uint64_t off, struct linepos *lp)
{
	h->src = NULL;
	h->len = 0;
	h->start = off;
	if (lp && lp->on) hold_start_lines(h, lp);
}
/* Line and column of input offset off inside the token, whose bytes are
 * at b (hold_data, or where a temporary file maps them). The count goes on
 * from the last offset asked (events come in order), so a long token is
 * read through once. */
void hold_position(struct hold *h, const unsigned char *b, uint64_t off, size_t *line, size_t *column);
/* n bytes copied on after the held ones; the first copy allocates the
 * cap at once (max: neither the count nor the size of allocations follows
 * where chunks end; pages never written stay out of RSS). */
void hold_grow(struct hold *h, size_t need, size_t max);
static inline void hold_copy(struct hold *h, const unsigned char *p, size_t n, size_t max)
{
	if (h->len + n > h->cap) hold_grow(h, h->len + n, max);
	memcpy(h->buf + h->len, p, n);
	h->len += n;
}
/* The copy goes back (a temporary file holds the token now). */
void hold_drop_copy(struct hold *h);
void hold_free(struct hold *h);

/* A held token that does not go through the value pipeline, reported at
 * its start (and line and column where lines are counted): skipped for
 * `reason` on surface s, with its first text_len bytes. */
void hold_report(const struct hold *h, struct report *rep, bool lines, enum reason reason, enum surface s,
                 size_t text_len, const char *path, size_t path_len);
/* The held bytes begin a prose segment of w on surface s: a token over the
 * cap streams on from there. joins_on_held: the segment's joining (§3.8)
 * is decided on all the bytes held, as when the window held them (html's
 * text tokens); else on its first batch. */
void hold_to_window(struct hold *h, struct window *w, enum surface s, bool lines, bool joins_on_held);

#endif
