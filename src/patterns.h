/* patterns.h — owns the pattern table of §2: canonical
 * hosts grouped with their pairs (declaration order, for port
 * disambiguation §3.6), the replacement text of every (encoding, form,
 * pair) precomputed at build time (§2.2), maxPat and the stream window
 * (§6.2), and the matcher-level validation V6/V7 (§1.3). */
#ifndef HOSTSHIFT_PATTERNS_H
#define HOSTSHIFT_PATTERNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hostfind.h"
#include "map.h"
#include "origin.h"

/* Separator spellings (§2.1): raw `//`; percent `%2F%2F`; percent of a
 * JSON escape `%5C%2F%5C%2F` (what decodeURIComponent hands to
 * JSON.parse); percent twice `%252F%252F`; the JSON `\u002F` escape, in
 * the json type only (§9.1); raw slashes after a percent colon,
 * `https%3A//` (the scheme form only: its relative form is raw); and the
 * slash escaped by a run of k backslashes, k = 1 … ENC_BS_MAX, the same
 * run before both slashes: `\/\/` (JSON), `\\/\\/` (JSON in a SQL dump),
 * `\\\/\\\/` (JSON in a JSON string) and deeper. */
enum encoding {
	ENC_RAW, ENC_PCT, ENC_PCTJSON, ENC_PCT2, ENC_JSONU, ENC_PCTRAW,
	ENC_BS1, ENC_BS2, ENC_BS3, ENC_BS4, ENC_BS5, ENC_BS6, ENC_BS7,
	ENC_COUNT
};
#define ENC_BS_MAX 7
#define ENC_BS(k) ((enum encoding)(ENC_BS1 + (k) - 1))
enum form { FORM_SCHEME, FORM_RELATIVE, FORM_COUNT };

struct slice { const unsigned char *p; size_t n; };

struct pattern_pair {
	enum scheme canon_scheme;
	enum scheme variant_scheme;             /* the scheme the replacement writes */
	bool variant_port;                      /* the replacement writes a port */
	char canon_port[ORIGIN_PORT_MAX + 1];   /* normalised, "" = default */
	bool identity;
	struct slice repl[ENC_COUNT][FORM_COUNT];
	const struct map_pair *source;          /* for messages */
};

/* A canonical host's spellings (§2.1): ASCII, Unicode, its percent and
 * JSON-escaped spellings (one and two backslashes), Unicode upper case. */
#define HOST_FORMS_MAX 6

struct pattern_host {
	const unsigned char *host;              /* lowercase host form ([v6] bracketed) */
	size_t len;
	struct pattern_pair *pairs;             /* declaration order */
	size_t npairs;
	bool other_form;                        /* another spelling of a host listed before it (§2.1): its pairs are that host's */
};

struct patterns {
	struct pattern_host *hosts;             /* sorted by host text */
	size_t nhosts;
	/* by_first[c]: indices into hosts whose first byte is c, longest first,
	 * terminated by -1; lets the matcher find the longest host in one pass. */
	short *by_first[256];
	/* by_second[c] (where by_first[c] is set): a bit per byte, set for the
	 * second byte of those hosts (all set if one is a single byte), so
	 * that a position whose next byte starts none is passed at once
	 * (in a map of many hosts most share the first byte). */
	unsigned char *by_second[256];
	size_t max_host, max_pat;
	size_t window;                          /* carry-over window for streaming */
	bool all_identity;
	/* the scheme a page is taken to be served at, where a URL names none
	 * (rules.md §3.9): the variants' alphabetically first (http if any
	 * variant is http) */
	enum scheme page_scheme;
	struct hostfind find;                   /* where a host can begin (the matcher's skip) */
	/* the replacement texts (every pair, spelling and form) that hold a
	 * host of the table (`www.example.fi.ddev.site`): the sweep meets
	 * them in the output; none for most maps */
	const struct slice *host_repls;
	size_t nhost_repls;
	/* The code points past ASCII a host a browser folds into one of these
	 * may be spelled with (rules.md §1.4): where every host is ASCII with
	 * no `xn--` label, those UTS #46 ignores or maps to its bytes or a dot
	 * (fold_bmp, a bit per code point to U+FFFF, and fold_astral for any
	 * past it); else any (fold_any). */
	const unsigned char *fold_bmp;
	bool fold_astral, fold_any;
	/* a UTF-8 lead byte none of whose characters may stand there (0xC3,
	 * Latin-1's letters, for ASCII hosts), or 0 (none) */
	unsigned char fold_skip_lead;
	unsigned char *arena;                   /* every string and array above */
};

/* Whether code point cp past ASCII may stand in a host a browser folds
 * into one of the table's (a superset). */
static inline bool patterns_may_fold(const struct patterns *pt, uint32_t cp)
{
	if (pt->fold_any) return true;
	if (cp > 0xFFFF) return pt->fold_astral;
	return pt->fold_bmp[cp >> 3] >> (cp & 7) & 1;
}

enum direction { DIR_FORWARD, DIR_REVERSE };

/* §3.6 pair choice among a host's pairs, by declaration order: the first
 * whose canonical port equals the written port (port_len digits at port,
 * none if NULL) normalised for the written scheme (scheme_written) or
 * else for that pair's canonical scheme; NULL if none. */
static inline const struct pattern_pair *patterns_pair_for(const struct pattern_host *g, bool scheme_written,
                                                           enum scheme written, const char *port, size_t port_len)
{
	for (size_t i = 0; i < g->npairs; i++) {
		const struct pattern_pair *p = &g->pairs[i];
		if (!port) {
			/* no port written: the pair whose canonical has none (most
			 * candidates, without a comparison each) */
			if (!p->canon_port[0]) return p;
			continue;
		}
		char norm[ORIGIN_PORT_MAX + 1];
		if (!origin_normalise_port(scheme_written ? written : p->canon_scheme, port, port_len, norm)) continue;
		if (strcmp(norm, p->canon_port) == 0) return p;
	}
	return NULL;
}

/* The canonical host whose lowercase form is key[0..n) exactly, or NULL. */
const struct pattern_host *patterns_host(const struct patterns *pt, const unsigned char *key, size_t n);

/* Build the table for one direction from a validated map (V1–V5) and run
 * V6 on it (V7 when dir is DIR_REVERSE: messages are prefixed "request
 * direction: "). Returns false with a message in err on failure. */
bool patterns_build(struct patterns *pt, const struct map *m, enum direction dir, char *err, size_t errcap);
void patterns_free(struct patterns *pt);

/* The separators of an encoding as the replacement writes them (percent
 * hex in upper case, §12.3): the scheme form's (`://`), the relative
 * form's (`//`) and the port's (`:`). */
void encoding_separators(enum encoding e, char scheme_sep[24], char rel_sep[24], const char **port_sep);

#endif
