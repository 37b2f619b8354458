/* window.h — owns streaming of the byte matcher (§6.2,
 * §11.1): a buffer of fixed size holding the carry-over window plus one
 * batch, the left-context byte, offsets, and line tracking for check mode.
 *
 * A window writes one output stream. Within it, a *segment* is one run of
 * bytes matched as a unit on one surface (the whole stream for the text
 * type and the sweep; one text, raw-text or comment token for html): it
 * starts with no left context and its end is the end of the buffer. Between
 * segments the owner may write bytes verbatim or as a replacement of input
 * bytes, so the window stays the one writer of the stream and can push the
 * offset marks of §6.3. Output never depends on how the bytes of a segment
 * were split across calls. */
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
	struct sink out;              /* the output stream */
	struct report *report;        /* events */
	const struct offmap *in_map;  /* this stream's offsets → input offsets; NULL: identity */
	struct offmap *out_marks;     /* marks for the next stage when lengths change; may be NULL */

	unsigned char *buf;
	size_t cap, len;              /* the batch: buf[hold..hold+len), at most cap bytes */
	/* the sweep's window keeps what it has matched (window_init_kept):
	 * buf[0..hold) holds output not yet written (the deferred run below
	 * points into it), in a buffer of room bytes */
	bool kept;
	size_t hold, room;
	bool open;                    /* a segment is open */
	int joins;                    /* §3.8 axis of the open segment; -1 until its first batch */
	bool sql;                     /* the stream is SQL: ENC_SQLJSON is matched too */
	bool json;                    /* the stream is JSON: ENC_JSONU is matched too */
	bool refs;                    /* the stream is html: references are read after a host (§3.5) */
	bool separators_only;         /* matched separators first, never host first (matcher.h): html and text,
	                                 where separators are about as frequent as hosts */
	const char *path;             /* RFC 6901 path of the segment's events (json); may be NULL */
	size_t path_len;
	int prev;                     /* byte before buf[0] in the segment, or MATCH_NO_PREV */
	uint64_t base;                /* stream offset of buf[0] */
	uint64_t out_off;             /* bytes written to out */

	/* check mode: newlines of this stream before buf[0] */
	bool track_lines;
	size_t lines;
	uint64_t line_start_in;       /* input offset where the current line starts */

	struct slice seen_repl;       /* the sweep: the replacement text a skip was last found in (§6.1) */

	size_t last;                  /* during one scan: of scan[0..scan_len) */
	const unsigned char *scan;
	size_t scan_len;
	bool scan_stable;             /* scan stays where it is until the next flush */

	/* deferred output: verbatim bytes of the owner's chunk go
	 * to the next stage as one piece per contiguous run, from where they lie */
	bool defer;                   /* output may be deferred (events are not listed) */
	/* verbatim bytes of the caller's, not yet copied (window_verbatim_ref) */
	const unsigned char *ref;
	size_t ref_len;
};

/* Allocates the buffer once (window + WINDOW_BATCH). */
void window_init(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep);
/* The same for the last window of the chain (the sweep's): what it has
 * matched, and the bytes it skips, stay in its buffer (twice the size)
 * and go out as one piece when the buffer is half used, at a replacement,
 * or at window_flush_kept, instead of each segment's bytes being handed on
 * when the segment ends, to be copied by the next stage. Batches are
 * matched as window_init's are. */
void window_init_kept(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep);
/* Where the stream goes: the next stage, and the marks it is told length
 * changes by (may be NULL). */
void window_set_out(struct window *w, struct sink out, struct offmap *marks);
/* This stream's offsets mapped to input offsets (the sweep's); NULL: the same. */
void window_set_in_map(struct window *w, const struct offmap *in_map);
/* The spellings matched besides every type's: sql's `\\/`, json's
 * `\u002F`; refs: html's references after a host; separators_only: never
 * the host-first skip (matcher.h). */
void window_set_spellings(struct window *w, bool sql, bool json, bool refs, bool separators_only);
/* The RFC 6901 path the next events are reported at (json); NULL: none. */
void window_set_path(struct window *w, const char *path, size_t len);
void window_free(struct window *w);
/* A new output stream: output offset 0, no segment open. */
void window_reset(struct window *w);
/* Let the owner defer output: window_verbatim_ref then keeps pointers to the owner's bytes instead of writing or copying
 * them, until something else is written or window_flush, which the owner
 * calls before those bytes go away (at the end of every input chunk it was
 * given, and of the stream). Not when the report lists events: they would
 * be found in another order. */
void window_defer(struct window *w);
void window_flush(struct window *w);
/* The same for a window_init_kept window: also what it keeps (the end of
 * its stream, or before its input ends early). */
void window_flush_kept(struct window *w);
/* Open a segment on surface s whose first byte is at stream offset off. */
void window_begin(struct window *w, enum surface s, uint64_t off);
/* Decide the open segment's joining (§3.8, a per-buffer surface) on
 * p[0..n) instead of its first batch: a token held whole up to the cap
 * that streams on from there is judged on the bytes held. */
void window_decide_joins(struct window *w, const unsigned char *p, size_t n);
/* Line position of the segment's first byte (check mode). */
void window_set_lines(struct window *w, size_t lines, uint64_t line_start_in);
void window_feed(struct window *w, const unsigned char *p, size_t n);
/* Close the segment: its end is the end of the buffer. */
void window_end(struct window *w);
/* Close a segment just begun, nothing fed, whose bytes are all of
 * p[0..n): matched where they lie, not copied into the buffer (a token its
 * owner held whole). in_place: p stays where it is until the next
 * window_flush, so verbatim runs of it may be deferred. */
void window_end_whole(struct window *w, const unsigned char *p, size_t n, bool in_place);
/* Outside a segment: bytes written as they are. */
void window_verbatim(struct window *w, const unsigned char *p, size_t n);
/* The same for bytes that stay where they are until the next window_flush
 * (the owner's input chunk): when output is collected, contiguous runs of
 * them are copied once, as one piece, when something else is written or
 * at the flush. */
void window_verbatim_ref_new(struct window *w, const unsigned char *p, size_t n);
static inline void window_verbatim_ref(struct window *w, const unsigned char *p, size_t n)
{
	/* the usual case: the bytes go on from the last ones deferred */
	if (w->ref_len && w->ref + w->ref_len == p) { w->ref_len += n; w->out_off += n; return; }
	window_verbatim_ref_new(w, p, n);
}
/* window_verbatim_ref where the bytes stay where they are (in_place),
 * else window_verbatim. */
static inline void window_verbatim_at(struct window *w, const unsigned char *p, size_t n, bool in_place)
{
	if (in_place) window_verbatim_ref(w, p, n);
	else window_verbatim(w, p, n);
}
/* The same, and no later stage may change them (sink.h). */
void window_protected(struct window *w, const unsigned char *p, size_t n);
/* window_replace whose bytes no later stage may change (a value the
 * structured pass decided, rules.md §6.4). */
void window_protected_replace(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len);
/* Outside a segment: n bytes of this stream written as they are, without
 * matching (the sweep's side of window_protected); the next segment begins
 * after them. */
void window_skip(struct window *w, const unsigned char *p, size_t n);
/* Outside a segment: n bytes written in place of in_len input bytes that
 * end at input offset in_end (a mark is pushed if the lengths differ). */
void window_replace(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len);
/* The same for a rewritten value that changed lengths at several places:
 * its relative marks keep the offsets inside it exact (§6.3). */
void window_replace_marked(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len,
                           const struct offmap_rel *marks, size_t nmarks);
/* The mark of §6.3 for the output offset `ahead` bytes past those written
 * so far, where the input is at offset in: for a replacement written in
 * pieces, pushed before the bytes it maps. */
void window_mark(struct window *w, size_t ahead, uint64_t in);

#endif
