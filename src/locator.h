/* locator.h — owns the URL-parser locator of rules.md §3.9: a value read
 * as a browser's URL parser reads it (the URL view: TAB removed, LF and CR
 * too where the surface joins, references decoded where a page's parser
 * decodes them, removable ones removed, in a style sheet CSS escapes
 * decoded over them, in a script or a JSON string its escapes), its URL starts found (a scheme,
 * or a run of `/` and `\`), each one's authority read past slashes,
 * backslashes and userinfo, its host percent-decoded and looked up. It
 * finds the canonical origins the byte matcher (§3) cannot read: `///C`,
 * `https:\\C`, `https://user@C`, `http:C`, `https://www.ex%61mple.fi`,
 * `https://www.example&#9;.fi`. Each find is given as the source bytes
 * to replace; the caller splices. The view is built a window at a time
 * into buffers allocated once, so a value of any length is read in
 * bounded memory. */
#ifndef HOSTSHIFT_LOCATOR_H
#define HOSTSHIFT_LOCATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "patterns.h"

/* An authority longer than this (userinfo, host and port) is not read:
 * no host is longer than 253 bytes, each spelled in at most 3 (`%XX`). */
#define LOCATOR_AUTHORITY_MAX 2048
/* A run of `/` and `\` longer than this is not read as a URL's slashes. */
#define LOCATOR_SLASHES_MAX 1024
/* View bytes built at a time; a window is read up to the look-ahead a
 * candidate needs from its end (the next window starts there). */
#define LOCATOR_WINDOW (16u << 10)
#define LOCATOR_LOOK (LOCATOR_AUTHORITY_MAX + LOCATOR_SLASHES_MAX + 64)

struct locator {
	unsigned char *v;          /* the view's bytes */
	uint32_t *s, *e;           /* each view byte came from source bytes [s, e) */
	size_t len;
	bool ident;                /* the view is the source (nothing removed or decoded) */
	const unsigned char *src;  /* the source being read */
};

struct locate_opts {
	bool refs;                 /* references are decoded (an html attribute value) */
	bool joins;                /* LF and CR are removed as TAB is (§3.8); with neither
	                              joins, value nor css (prose) TAB is kept too */
	bool value;                /* value mode: a trailing dot is a root dot (§3.7) */
	bool css;                  /* CSS escapes are decoded, after references (a style
	                              attribute, a style sheet) */
	bool js;                   /* JavaScript string escapes are decoded (a script, a JSON
	                              string); an escaped TAB, LF or CR is removed, a written
	                              newline kept (it ends the string) */
	/* a mapped value: told how far it has been read */
	void (*release)(void *ctx, const unsigned char *upto);
	void *release_ctx;
};

/* A canonical origin found: source bytes [start, end) are to be
 * replaced. scheme: the variant's scheme differs from the scheme the URL
 * is read with, so the replacement is the variant's scheme name, then
 * source bytes [mid_start, mid_end) (from the colon to the host, when they
 * hold two slashes or more), or with slashes_written false `://` and
 * those bytes (the userinfo), then the variant's host and port. Else the
 * replacement is the variant's host and port (repl of the pair's raw
 * relative form without its `//`). */
struct locate_hit {
	size_t start, end;
	const struct pattern_pair *pair;
	bool scheme;
	bool slashes_written;
	size_t mid_start, mid_end;
	char lead;                 /* written before the variant's host where the escape before it
	                              would read it in: ' ' after CSS's `\2f`, ';' after `&#47`; else 0 */
	bool kept;                 /* a script's origin whose replacement would take out a written
	                              newline (a line continuation in it): to be kept and said, not
	                              replaced */
};

/* Returns whether the hit was taken (false: it overlaps a change already
 * made, or it is kept, and the scan goes on after the candidate). */
typedef bool (*locate_fn)(void *ctx, const struct locate_hit *h);

void locator_free(struct locator *L);

/* Whether p[0..n) may hold a host spelled past ASCII that a browser folds
 * (rules.md §1.4): a character past ASCII a host of the table may be
 * spelled with (patterns_may_fold), written, as a `%XX` run, or with refs
 * as a reference, in what may be a URL's authority (after `//`, `:/`, or
 * a scheme's colon); a superset of where the locator's fold finds a
 * canonical host. */
bool locator_may_fold(const struct patterns *pt, const unsigned char *p, size_t n, bool refs);
/* Whether p[0..n) may spell a canonical host the byte matcher cannot see
 * in its bytes (a superset): it holds a TAB, LF or CR, a `%XX` of a byte
 * of a canonical host (or a `%` whose digits may be references), with
 * refs a reference to such a byte or to a TAB, LF or CR, with css a `\`
 * or a `&`. */
bool locator_may_hide(const struct patterns *pt, const unsigned char *p, size_t n, bool refs, bool css);
/* locator_may_hide || locator_may_fold, in one pass. */
bool locator_may_hide_or_fold(const struct patterns *pt, const unsigned char *p, size_t n, bool refs, bool css);
/* The same for a style sheet or a script (rules.md §3.9): it holds a `\`,
 * a `%`, with refs a `&`, or a run of TABs between two bytes a URL may
 * hold (the view removes TAB there, and a host may be spelled across
 * it). */
bool locator_may_hide_script(const unsigned char *p, size_t n, bool refs);


/* Whether the locator, reading p[0..n) as o says, may find an origin the
 * byte matcher does not (a superset; its proof is in docs/rules.md §3.9):
 * it holds a `\`, an `@` a canonical host follows, a `%XX` of a byte of
 * one, a TAB, LF or CR the view removes between two bytes a URL may hold,
 * with o->refs a reference to such a byte, to TAB, LF or CR, or to a
 * character a host may be folded from, a run of three
 * slashes, or `http:`/`https:` without two slashes after it. */
bool locator_may_find(const struct patterns *pt, const unsigned char *p, size_t n, const struct locate_opts *o);

/* Every canonical origin of p[0..n) in the URL view, in order, to fn. */
void locator_scan(struct locator *L, const struct patterns *pt, const unsigned char *p, size_t n,
                  const struct locate_opts *o, locate_fn fn, void *ctx);

#endif
