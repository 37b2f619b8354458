/* ref_matcher.h — a deliberately simple, slow reference implementation of
 * the byte matcher of docs/rules.md §3 (§3.2–§3.6), written only for the
 * differential fuzz target fuzz_matcher.c. It shares no code with src/: it
 * parses its own origins, builds its own pattern texts and replacement
 * texts, and at every position tries every pattern text.
 *
 * Scope: the three separator spellings of §2.1 (raw `//`, JSON `\/\/`,
 * percent `%2F%2F`), ASCII hosts (an IPv6 literal in brackets too), the
 * path escape alphabet of §3.8 (a backslash is a path separator; no JS
 * escapes), either joining axis, complete buffers (limit = length), and
 * the design choices of rules.md §12.1 (`&`) and §12.2 (at most 12 port
 * digits; the removable run stops before passing 64 bytes). */
#ifndef HOSTSHIFT_REF_MATCHER_H
#define HOSTSHIFT_REF_MATCHER_H

#include <stdbool.h>
#include <stddef.h>

#define REF_NO_PREV (-1)

struct ref_origin {
	bool https;
	char host[128];    /* lowercase, as written (an IPv6 literal keeps its brackets) */
	char port[16];     /* normalised: leading zeros stripped, "" for the default */
};

struct ref_pair { struct ref_origin canon, variant; };

enum ref_reason { REF_REWROTE, REF_NOT_A_URL, REF_HOST_NOT_IN_MAP, REF_IDENTITY_MAP, REF_UNANCHORED };

struct ref_event {
	size_t start, end;
	enum ref_reason what;
};

/* Parse "scheme://host[:port]" as the fuzz target writes it (no path, no
 * userinfo). Returns false if it is not of that shape. */
bool ref_origin_parse(const char *text, struct ref_origin *o);

struct ref_params {
	bool value;        /* value mode (else prose) */
	bool joins;        /* the surface joins controls (§3.8) */
	int prev;          /* byte before the buffer, or REF_NO_PREV */
	bool refs;         /* a page's parser decodes references (html-attr): §3.3, §3.5 read them; numeric
	                      references and the ASCII names of §5.1 only, not the table of non-ASCII ones */
	bool css;          /* a style sheet (inline-style): a CSS escape after a host is read as the
	                      character it stands for (§3.5) */
};

/* Rewrite b[0..len) into out (cap bytes; returns false if it does not fit)
 * and record every candidate event (up to evcap; *nev is the total). */
bool ref_rewrite(const struct ref_pair *pairs, size_t npairs, const unsigned char *b, size_t len,
                 const struct ref_params *rp, unsigned char *out, size_t cap, size_t *out_len,
                 struct ref_event *ev, size_t evcap, size_t *nev);

const char *ref_reason_name(enum ref_reason r);

#endif
