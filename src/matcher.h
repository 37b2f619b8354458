/* matcher.h — owns the byte matcher of §3: a pure function
 * of (pattern table, buffer, limit, previous byte, mode, surface). No I/O,
 * no allocation. It reports every candidate as an event to the caller's
 * callback, in buffer order; a `rewrote` event carries the span to replace
 * and the precomputed replacement, so the caller splices. */
#ifndef HOSTSHIFT_MATCHER_H
#define HOSTSHIFT_MATCHER_H

#include <stdbool.h>
#include <stddef.h>

#include "patterns.h"
#include "surface.h"

/* The two modes of §3.7. */
enum match_mode {
	MATCH_PROSE,   /* text, comments, raw text, stream chunks */
	MATCH_VALUE    /* a complete value: attribute, JSON string, probe */
};

#define MATCH_NO_PREV (-1)   /* no byte before the buffer: anchors (§3.3) */

/* Look-ahead bounds (§6.2, §12.2): every look-ahead stays inside patterns.window. */
#define MATCH_REMOVED_RUN_MAX 64   /* removable characters skipped (§3.5) */
#define MATCH_BRACE_SCAN_MAX  72   /* \u{...} scan */
#define MATCH_PORT_DIGITS_MAX 12   /* a longer digit run is not a port (§12.2) */

struct match_event {
	size_t start, end;           /* span in the buffer */
	enum action action;
	enum reason reason;          /* REASON_NONE for rewrote */
	enum surface surface;
	struct slice repl;           /* rewrote only: the bytes to write over [start,end) */
};

typedef void (*match_event_fn)(void *ctx, const struct match_event *ev);

/* Scan b[0..len). Candidates that start at or after `limit` are left for the
 * next call; the return value (consumed) is >= limit and extends over any
 * span that started before it (§3.2, §6.2). prev is the byte before b[0] or
 * MATCH_NO_PREV. */
size_t matcher_scan(const struct patterns *pt, const unsigned char *b, size_t len, size_t limit,
                    int prev, enum match_mode mode, enum surface surface,
                    match_event_fn fn, void *ctx);

/* Everything about one scan besides the buffer. */
struct match_params {
	int prev;                    /* byte before the buffer, or MATCH_NO_PREV */
	enum match_mode mode;
	enum surface surface;
	int joins;                   /* §3.8 axis: -1 decides it from the surface (per buffer) */
	bool sql;                    /* also the double-escaped separator of SQL dumps (ENC_SQLJSON) */
	bool json;                   /* also the \u002F-escaped separator of JSON strings (ENC_JSONU) */
	bool refs;                   /* character references are read after a host (html; §3.5): the
	                                html-attr and html-entity surfaces read them whatever this says */
	enum { ESC_FROM_SURFACE, ESC_FORCE_JS, ESC_FORCE_PATH } esc;  /* the escape alphabet (§3.8) */
	bool css;                    /* a style attribute: CSS escapes after a host are read as what they
	                                stand for (§3.5); a style sheet (inline-style) always */
	/* MATCH_VALUE: a candidate at b[c] begins the value (the '&' rule of
	 * §12.1) iff c < lead_end, when lead_given; else iff c <=
	 * matcher_value_lead of b. For a value matched a window at a time
	 * (§5.3), whose lead lies in an earlier window or none. */
	bool lead_given;
	size_t lead_end;
	bool separators_first;       /* never the host-first skip: the sweep of html and text, whose
	                                separators are about as frequent as hosts; and the tests
	                                (its differential oracle) */
};

size_t matcher_scan_ex(const struct patterns *pt, const unsigned char *b, size_t len, size_t limit,
                       const struct match_params *mp, match_event_fn fn, void *ctx);
/* Where b[0..len), a value on `surface`, has its first byte that is not
 * white space (after a JSON string's opening quote): a candidate there
 * begins the value (the '&' rule of §12.1), one further on does not. */
size_t matcher_value_lead(enum surface surface, const unsigned char *b, size_t len);
/* The joining axis of §3.8 for a buffer on a surface. */
bool matcher_surface_joins(enum surface surface, const unsigned char *b, size_t len);
/* The same, read `piece` bytes at a time, `release` told the start of
 * each piece read (a value read where a temporary file is mapped). */
bool matcher_surface_joins_pieces(enum surface surface, const unsigned char *b, size_t len, size_t piece,
                                  void (*release)(void *ctx, const unsigned char *upto), void *ctx);

/* Convenience for complete buffers (tests, validation probes): rewrites
 * b[0..len) into out (cap bytes; truncated output returns false), setting
 * *out_len, and counts rewrote events into *rewrites (may be NULL). */
bool matcher_rewrite(const struct patterns *pt, const unsigned char *b, size_t len,
                     enum match_mode mode, enum surface surface,
                     unsigned char *out, size_t cap, size_t *out_len, size_t *rewrites);

/* Byte classes of §3.3/§3.5, shared with the framers. */
bool matcher_is_host_byte(unsigned char c);

#endif
