/* window.h — owns streaming of the byte matcher over a stream of any length
 * (engine-reference §6.2): a buffer of fixed size holding the carry-over
 * window plus one batch, the left-context byte, the stream offset, and
 * line tracking for check mode. The text type and the straggler sweep are
 * both a window with their own surface. Output never depends on where the
 * caller's chunks begin or end. */
#ifndef HOSTSHIFT_WINDOW_H
#define HOSTSHIFT_WINDOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "matcher.h"
#include "offmap.h"
#include "report.h"
#include "sink.h"

#define WINDOW_BATCH (64 * 1024)

struct window {
	const struct patterns *pt;
	enum surface surface;
	struct sink out;              /* rewritten bytes */
	struct report *report;        /* events */
	const struct offmap *in_map;  /* this stream's offsets → input offsets; NULL: identity */
	struct offmap *out_marks;     /* where to push marks when lengths change; may be NULL */

	unsigned char *buf;
	size_t cap, len;
	int prev;                     /* byte before buf[0], or MATCH_NO_PREV */
	uint64_t base;                /* stream offset of buf[0] */
	uint64_t out_off;             /* bytes written to out */

	/* check mode: lines of this stream before buf[0] */
	bool track_lines;
	size_t lines;
	uint64_t line_start_in;       /* input offset where the current line starts */

	/* during one scan */
	size_t last;
};

/* Allocates the buffer once (window + WINDOW_BATCH). */
void window_init(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep);
void window_free(struct window *w);
/* Start a new stream (offsets from 0, no left context). */
void window_reset(struct window *w);
void window_feed(struct window *w, const unsigned char *p, size_t n);
void window_finish(struct window *w);

#endif
