/* patterns.c — the pattern table (§2.1–§2.3) and the matcher-level
 * validation V6/V7 (§1.3). Everything is built once per map, in one arena. */
#include "patterns.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "buf.h"
#include "diag.h"
#include "idna.h"
#include "matcher.h"

void encoding_separators(enum encoding e, char scheme_sep[24], char rel_sep[24], const char **port_sep)
{
	static const char *const fixed[] = { "//", "%2F%2F", "%5C%2F%5C%2F", "%252F%252F", "\\u002F\\u002F", "//" };
	static const char *const colon[] = { ":", "%3A", "%3A", "%253A", ":", "%3A" };
	char *r = rel_sep;
	if (e >= ENC_BS1) {
		int k = (int)(e - ENC_BS1) + 1;
		for (int half = 0; half < 2; half++) {
			for (int i = 0; i < k; i++) *r++ = '\\';
			*r++ = '/';
		}
		*r = 0;
		*port_sep = ":";
	} else {
		strcpy(rel_sep, fixed[e]);
		*port_sep = e == ENC_PCTRAW ? ":" : colon[e];   /* (after raw slashes, a raw port colon) */
	}
	strcpy(scheme_sep, e >= ENC_BS1 ? ":" : colon[e]);
	strcat(scheme_sep, rel_sep);
}

/* The longest scheme-form prefix, "https:" and two runs of seven
 * backslashes and a slash (§2.1 maxPat). */
#define SCHEME_PREFIX_MAX (6 + 2 * (ENC_BS_MAX + 1))
/* Look-ahead past a host (§6.2, §12.2): root dot and its follower (4), port
 * separator (a \u{...} of 72) and digits (13), the removable run (64 plus
 * one item of up to 72), a dot and one more escape (73). */
#define LOOKAHEAD_PAST_HOST 320

/* One pair of one direction, before grouping. */
struct dir_pair {
	const struct origin *canonical, *variant;
	size_t site;
	const struct map_pair *source;
};

struct arena { unsigned char *p; size_t used, cap; };

static void *take(struct arena *a, size_t n, size_t align)
{
	size_t at = (a->used + align - 1) / align * align;
	if (at + n > a->cap) { diag_error(NULL, "internal error: pattern arena overflow"); abort(); }
	a->used = at + n;
	return a->p + at;
}

static size_t hostport(const struct origin *o, enum encoding e, char *buf, size_t cap)
{
	char h[ORIGIN_DISPLAY_MAX + 3];
	origin_host_written(o, h, sizeof h);   /* (§2.2: the display form where there is one) */
	char scheme_sep[24], rel_sep[24];
	const char *port_sep;
	encoding_separators(e, scheme_sep, rel_sep, &port_sep);
	const char *parts[] = { h, o->port[0] ? port_sep : "", o->port };
	return origin_concat(buf, cap, parts, 3);
}

static struct slice store(struct arena *a, const char *s, size_t n)
{
	unsigned char *p = take(a, n, 1);
	memcpy(p, s, n);
	return (struct slice){ p, n };
}

static const struct pattern_host *sort_hosts;

const struct pattern_host *patterns_host(const struct patterns *pt, const unsigned char *key, size_t n)
{
	size_t lo = 0, hi = pt->nhosts;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pattern_host *g = &pt->hosts[mid];
		size_t m = g->len < n ? g->len : n;
		int c = memcmp(g->host, key, m);
		if (!c) c = (g->len > n) - (g->len < n);
		if (!c) return g;
		if (c < 0) lo = mid + 1;
		else hi = mid;
	}
	return NULL;
}
static int by_host_text(const void *a, const void *b)
{
	const struct pattern_host *x = &sort_hosts[*(const short *)a], *y = &sort_hosts[*(const short *)b];
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->host, y->host, n);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}
static int by_len_desc(const void *a, const void *b)
{
	const struct pattern_host *x = &sort_hosts[*(const short *)a], *y = &sort_hosts[*(const short *)b];
	return (x->len < y->len) - (x->len > y->len);
}

struct probe_state { size_t rewrites; size_t start, end; };
static void probe_event(void *ctx, const struct match_event *ev)
{
	struct probe_state *p = ctx;
	if (ev->action == ACTION_REWROTE && p->rewrites++ == 0) { p->start = ev->start; p->end = ev->end; }
}

void patterns_free(struct patterns *pt)
{
	free(pt->arena);
	free((void *)pt->host_repls);
	memset(pt, 0, sizeof *pt);
}

/* V6a–c: no two pairs of this direction share a canonical, two sites a
 * variant, or a host and port two mappings. The places and origins of a
 * message are rendered only for the pair that fails: rendering them for
 * every pair of pairs would make loading a map of many pairs slow. */
static bool check_pairs(const struct dir_pair *dp, size_t n, const char *prefix, char *err, size_t errcap)
{
	char w1[300], w2[300], o1[300], o2[300];
#define WHERE_AND_ORIGIN()                                                                   \
	(map_pair_where(dp[b].source, w1, sizeof w1), map_pair_where(dp[a].source, w2, sizeof w2), \
	 origin_render(dp[b].canonical, o1, sizeof o1))
	for (size_t b = 0; b < n; b++)
		for (size_t a = 0; a < b; a++) {
			if (origin_equal(dp[a].canonical, dp[b].canonical)) {
				WHERE_AND_ORIGIN();
				snprintf(err, errcap, "%s: %sduplicate canonical %s (also at %s)", w1, prefix, o1, w2);
				return false;
			}
			if (dp[a].site != dp[b].site && origin_equal(dp[a].variant, dp[b].variant)) {
				WHERE_AND_ORIGIN();
				origin_render(dp[b].variant, o2, sizeof o2);
				snprintf(err, errcap, "%s: %stwo sites share the variant %s (also at %s)", w1, prefix, o2, w2);
				return false;
			}
			if (origin_same_hostport(dp[a].canonical, dp[b].canonical) && !origin_equal(dp[a].variant, dp[b].variant)) {
				WHERE_AND_ORIGIN();
				snprintf(err, errcap, "%s: %s%s is mapped two ways (also at %s); the scan does not distinguish schemes",
				         w1, prefix, o1, w2);
				return false;
			}
		}
#undef WHERE_AND_ORIGIN
	return true;
}

/* §2.1 step 2: a canonical host's spellings, into forms[0..return): the
 * ASCII form; where it decodes to another, the Unicode form (lower case,
 * NFC: `hämeen.fi` of `xn--hmeen-gra.fi`); where that differs again, its
 * full upper case (`HÄMEEN.FI`); and the Unicode form's characters past
 * ASCII percent-encoded (`h%c3%a4meen.fi`, either case, as a redirect parameter holds
 * it) and as JSON escapes, with one backslash and with two
 * (`h\u00e4meen.fi`, as PHP's json_encode writes it; doubled in a dump).
 * Mixed non-ASCII case is not a form. A form too long for the buffer is
 * left out. */
#define FORM_TEXT_MAX (8 * ORIGIN_HOST_MAX + 3)   /* a Unicode form, upper-cased (`ß` to `SS`) */
static size_t escaped_form(const char *u, size_t un, int how, char *out, size_t cap)
{
	static const char lhex[] = "0123456789abcdef";   /* (forms are kept lower case, §2.3) */
	size_t o = 0;
	for (size_t i = 0; i < un;) {
		unsigned char c = (unsigned char)u[i];
		if (c < 0x80) {
			if (o + 1 > cap) return 0;
			out[o++] = (char)c;
			i++;
			continue;
		}
		if (how == 0) {   /* percent: each byte */
			if (o + 3 > cap) return 0;
			out[o++] = '%';
			out[o++] = lhex[c >> 4];
			out[o++] = lhex[c & 15];
			i++;
			continue;
		}
		/* a JSON escape of the code point (two for one past U+FFFF) */
		uint32_t cp;
		size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
		cp = c & (0x7F >> k);
		for (size_t t = 1; t < k && i + t < un; t++) cp = cp << 6 | ((unsigned char)u[i + t] & 0x3F);
		i += k;
		uint32_t units[2] = { cp, 0 };
		size_t nu = 1;
		if (cp > 0xFFFF) {
			cp -= 0x10000;
			units[0] = 0xD800 + (cp >> 10);
			units[1] = 0xDC00 + (cp & 0x3FF);
			nu = 2;
		}
		for (size_t q = 0; q < nu; q++) {
			if (o + (size_t)how + 5 > cap) return 0;
			for (int b = 0; b < how; b++) out[o++] = '\\';
			out[o++] = 'u';
			for (int sh = 12; sh >= 0; sh -= 4) out[o++] = lhex[units[q] >> sh & 15];
		}
	}
	return o;
}

static size_t host_forms(const struct origin *o, char forms[HOST_FORMS_MAX][FORM_TEXT_MAX], size_t len[HOST_FORMS_MAX])
{
	size_t n = 0;
	len[n] = origin_host_form(o, forms[n], FORM_TEXT_MAX);
	n++;
	if (o->ipv6) return n;
	if (idna_to_unicode((const unsigned char *)forms[0], len[0], (unsigned char *)forms[n], FORM_TEXT_MAX, &len[n]) !=
	            IDNA_OK ||
	    (len[n] == len[0] && !memcmp(forms[n], forms[0], len[0])))
		return n;
	n++;
	for (int how = 0; how < 3; how++)
		if ((len[n] = escaped_form(forms[1], len[1], how, forms[n], FORM_TEXT_MAX))) n++;
	if (!idna_upper((const unsigned char *)forms[1], len[1], (unsigned char *)forms[n], FORM_TEXT_MAX, &len[n])) return n;
	/* (ASCII letters are matched in either case, §2.3: the form keeps
	 * them lower case) */
	for (size_t k = 0; k < len[n]; k++) forms[n][k] = (char)ascii_lower((unsigned char)forms[n][k]);
	if (len[n] == len[1] && !memcmp(forms[n], forms[1], len[1])) return n;
	/* a form that spells another host is none: `STRASSE.DE`, the upper
	 * case of `straße.de`, is `strasse.de` */
	char back[ORIGIN_HOST_MAX + 3];
	size_t bn;
	if (idna_to_ascii((const unsigned char *)forms[n], len[n], back, sizeof back, &bn) == IDNA_OK && bn == len[0] &&
	    !memcmp(back, forms[0], bn))
		n++;
	return n;
}

/* §2.1 step 1: the pairs grouped by canonical host, each with its
 * replacements in every spelling (§2.2); a host's other forms are groups
 * of their own with the same pairs. */
static bool group_hosts(struct patterns *pt, struct arena *a, const struct dir_pair *dp, size_t n, char *err,
                        size_t errcap)
{
	pt->hosts = take(a, HOST_FORMS_MAX * n * sizeof *pt->hosts, sizeof(void *));
	short *group_of = calloc(HOST_FORMS_MAX * n, sizeof *group_of);
	if (!group_of) { snprintf(err, errcap, "out of memory"); return false; }
	static char forms[HOST_FORMS_MAX][FORM_TEXT_MAX];
	for (size_t i = 0; i < n; i++) {
		size_t fl[HOST_FORMS_MAX], nf = host_forms(dp[i].canonical, forms, fl);
		for (size_t f = 0; f < HOST_FORMS_MAX; f++) {
			if (f >= nf) { group_of[HOST_FORMS_MAX * i + f] = -1; continue; }
			const char *hf = forms[f];
			size_t hl = fl[f], g = 0;
			while (g < pt->nhosts && !(pt->hosts[g].len == hl && memcmp(pt->hosts[g].host, hf, hl) == 0)) g++;
			if (g == pt->nhosts) {
				/* (host indices are shorts: the first-byte lists) */
				if (pt->nhosts == SHRT_MAX) {
					snprintf(err, errcap, "the map names too many hosts: at most %d spellings (an international host has up to three)",
					         SHRT_MAX);
					free(group_of);
					return false;
				}
				pt->hosts[g].host = store(a, hf, hl).p;
				pt->hosts[g].len = hl;
				pt->hosts[g].npairs = 0;
				pt->hosts[g].other_form = f > 0;
				pt->nhosts++;
				if (hl > pt->max_host) pt->max_host = hl;
			}
			pt->hosts[g].npairs++;
			group_of[HOST_FORMS_MAX * i + f] = (short)g;
		}
	}
	for (size_t g = 0; g < pt->nhosts; g++) {
		pt->hosts[g].pairs = take(a, pt->hosts[g].npairs * sizeof(struct pattern_pair), sizeof(void *));
		pt->hosts[g].npairs = 0;
	}
	pt->all_identity = true;
	pt->page_scheme = SCHEME_HTTPS;
	for (size_t i = 0; i < n; i++) {
		struct pattern_host *g = &pt->hosts[group_of[HOST_FORMS_MAX * i]];
		struct pattern_pair *p = &g->pairs[g->npairs++];
		p->canon_scheme = dp[i].canonical->scheme;
		p->variant_scheme = dp[i].variant->scheme;
		p->variant_port = dp[i].variant->port[0] != 0;
		if (dp[i].variant->scheme == SCHEME_HTTP) pt->page_scheme = SCHEME_HTTP;
		memcpy(p->canon_port, dp[i].canonical->port, sizeof p->canon_port);
		p->identity = origin_equal(dp[i].canonical, dp[i].variant);
		if (!p->identity) pt->all_identity = false;
		p->source = dp[i].source;
		/* §2.2: the variant's scheme, the matched encoding's separators
		 * as the table spells them (percent hex in upper case, §12.3). */
		for (int e = 0; e < ENC_COUNT; e++) {
			char hp[ORIGIN_DISPLAY_MAX + 16], buf[SCHEME_PREFIX_MAX + ORIGIN_DISPLAY_MAX + 32];
			char scheme_sep[24], rel_sep[24];
			const char *port_sep;
			encoding_separators((enum encoding)e, scheme_sep, rel_sep, &port_sep);
			hostport(dp[i].variant, (enum encoding)e, hp, sizeof hp);
			const char *scheme_form[] = { scheme_name(dp[i].variant->scheme), scheme_sep, hp };
			const char *rel_form[] = { rel_sep, hp };
			size_t k = origin_concat(buf, sizeof buf, scheme_form, 3);
			p->repl[e][FORM_SCHEME] = store(a, buf, k);
			k = origin_concat(buf, sizeof buf, rel_form, 2);
			p->repl[e][FORM_RELATIVE] = store(a, buf, k);
		}
		/* the other forms' groups: the same pair */
		for (size_t f = 1; f < HOST_FORMS_MAX && group_of[HOST_FORMS_MAX * i + f] >= 0; f++) {
			struct pattern_host *o = &pt->hosts[group_of[HOST_FORMS_MAX * i + f]];
			o->pairs[o->npairs++] = *p;
		}
	}
	free(group_of);
	return true;
}

/* The code points past ASCII a host the table looks for may be spelled
 * with (patterns_may_fold): an international host (a byte past ASCII,
 * an `xn--` label) may be spelled with almost any; ASCII ones only with
 * what UTS #46 ignores or maps to their bytes, or to a dot (a root dot
 * after the host is read as no part of it, so a dotless host's
 * `localhost。` is the host too). */
static void fold_set(struct patterns *pt, struct arena *a)
{
	bool ascii_host[128] = { ['.'] = true };
	pt->fold_any = pt->fold_astral = false;
	pt->fold_bmp = NULL;
	pt->fold_skip_lead = 0;
	for (size_t g = 0; g < pt->nhosts && !pt->fold_any; g++) {
		const unsigned char *h = pt->hosts[g].host;
		size_t n = pt->hosts[g].len;
		for (size_t i = 0; i < n; i++) {
			if (h[i] >= 0x80 || ((i == 0 || h[i - 1] == '.') && n - i >= 4 && ascii_ci_eq(h + i, "xn--", 4))) {
				pt->fold_any = true;
				break;
			}
			ascii_host[ascii_lower(h[i])] = true;
		}
	}
	if (pt->fold_any) return;
	unsigned char *bmp = take(a, IDNA_FOLD_BMP_BYTES, 1);
	idna_ascii_fold_set(ascii_host, bmp, &pt->fold_astral);
	pt->fold_bmp = bmp;
	/* U+00C0-U+00FF (lead 0xC3): Latin-1's letters, the most common
	 * characters past ASCII in European text, fold to no ASCII */
	bool any = false;
	for (uint32_t c = 0xC0; c <= 0xFF; c++) any |= patterns_may_fold(pt, c);
	if (!any) pt->fold_skip_lead = 0xC3;
}

/* A deterministic host order (sorted), then the first-byte lists, longest
 * first, with the second bytes each list's hosts may have; the host
 * finder. */
static void order_hosts(struct patterns *pt, struct arena *a)
{
	short idx[pt->nhosts ? pt->nhosts : 1];
	for (size_t g = 0; g < pt->nhosts; g++) idx[g] = (short)g;
	sort_hosts = pt->hosts;
	qsort(idx, pt->nhosts, sizeof *idx, by_host_text);
	struct pattern_host sorted[pt->nhosts];
	for (size_t g = 0; g < pt->nhosts; g++) sorted[g] = pt->hosts[idx[g]];
	memcpy(pt->hosts, sorted, pt->nhosts * sizeof *sorted);
	for (int c = 0; c < 256; c++) {
		size_t cnt = 0;
		for (size_t g = 0; g < pt->nhosts; g++)
			if (pt->hosts[g].host[0] == c) idx[cnt++] = (short)g;
		if (!cnt) continue;
		qsort(idx, cnt, sizeof *idx, by_len_desc);
		short *list = take(a, (cnt + 1) * sizeof(short), sizeof(short));
		memcpy(list, idx, cnt * sizeof(short));
		list[cnt] = -1;
		pt->by_first[c] = list;
		unsigned char *second = take(a, 32, 1);
		memset(second, 0, 32);
		for (size_t k = 0; k < cnt; k++) {
			const struct pattern_host *g = &pt->hosts[idx[k]];
			if (g->len < 2) { memset(second, 0xFF, 32); break; }
			second[g->host[1] >> 3] |= (unsigned char)(1u << (g->host[1] & 7));
		}
		pt->by_second[c] = second;
	}
	const unsigned char *hs[pt->nhosts ? pt->nhosts : 1];
	size_t hl[pt->nhosts ? pt->nhosts : 1];
	for (size_t g = 0; g < pt->nhosts; g++) { hs[g] = pt->hosts[g].host; hl[g] = pt->hosts[g].len; }
	hostfind_build(&pt->find, hs, hl, pt->nhosts);
	fold_set(pt, a);
	/* (counted, then listed: allocated only for a map that has any) */
	struct slice *list = NULL;
	for (int pass = 0; pass < 2; pass++) {
		size_t cnt = 0;
		for (size_t g = 0; g < pt->nhosts; g++)
			for (size_t k = 0; k < pt->hosts[g].npairs; k++)
				for (int e = 0; e < ENC_COUNT; e++)
					for (int f = 0; f < FORM_COUNT; f++) {
						struct slice r = pt->hosts[g].pairs[k].repl[e][f];
						if (!r.n || !hostfind_any(&pt->find, r.p, r.n)) continue;
						if (list) list[cnt] = r;
						cnt++;
					}
		if (!cnt || list) break;
		list = xrealloc(NULL, cnt * sizeof *list);
		pt->nhost_repls = cnt;
	}
	pt->host_repls = list;
}

/* V6d / V7: the fixed-point probe. A variant written in each encoding,
 * as the matcher would write it, must not be rewritten again. */
static bool probe_fixed_point(const struct patterns *pt, const char *prefix, char *err, size_t errcap)
{
	if (pt->all_identity) return true;
	for (size_t g = 0; g < pt->nhosts; g++)
		for (size_t i = 0; i < pt->hosts[g].npairs && !pt->hosts[g].other_form; i++) {   /* (each pair once) */
			const struct pattern_pair *p = &pt->hosts[g].pairs[i];
			/* every form the rewrite writes (scheme and relative, each
			 * spelling), as a value and in prose */
			for (int k = 0; k < ENC_COUNT * FORM_COUNT * 2; k++) {
				int e = k % ENC_COUNT, f = (k / ENC_COUNT) % FORM_COUNT;
				struct slice t = p->repl[e][f];
				/* a rewrite needs a canonical host in t (§3.1) */
				if (!hostfind_any(&pt->find, t.p, t.n)) continue;
				struct probe_state probe = { 0, 0, 0 };
				struct match_params mp = { .prev = MATCH_NO_PREV, .mode = k < ENC_COUNT * FORM_COUNT ? MATCH_VALUE : MATCH_PROSE,
				                           .surface = SURFACE_TEXT, .joins = -1, .sql = true, .json = true };
				matcher_scan_ex(pt, t.p, t.n, t.n, &mp, probe_event, &probe);
				if (probe.rewrites) {
					char w1[300];
					map_pair_where(p->source, w1, sizeof w1);
					snprintf(err, errcap, "%s: %sthe variant written as '%.*s' would be rewritten again (the map is not a fixed point)",
					         w1, prefix, (int)t.n, (const char *)t.p);
					return false;
				}
			}
		}
	return true;
}

bool patterns_build(struct patterns *pt, const struct map *m, enum direction dir, char *err, size_t errcap)
{
	memset(pt, 0, sizeof *pt);
	const char *prefix = dir == DIR_REVERSE ? "request direction: " : "";

	/* The pairs of this direction: forward, every map line; reverse, each
	 * site's variant to its primary canonical (§1.2). */
	size_t n = dir == DIR_FORWARD ? m->npairs : m->nsites;
	if (n == 0) { snprintf(err, errcap, "%sempty map", prefix); return false; }
	struct dir_pair *dp = calloc(n, sizeof *dp);
	if (!dp) { snprintf(err, errcap, "out of memory"); return false; }
	for (size_t i = 0; i < n; i++) {
		if (dir == DIR_FORWARD) {
			dp[i] = (struct dir_pair){ &m->pairs[i].canonical, &m->pairs[i].variant, m->pairs[i].site, &m->pairs[i] };
		} else {
			const struct map_pair *primary = &m->pairs[m->sites[i].primary];
			dp[i] = (struct dir_pair){ &m->sites[i].variant, &primary->canonical, i, primary };
		}
	}
	if (!check_pairs(dp, n, prefix, err, errcap)) goto fail;

	/* Arena: hosts, pairs, replacement strings, first-byte lists. */
	size_t cap = n * (HOST_FORMS_MAX * (sizeof(struct pattern_host) + sizeof(struct pattern_pair) + 16 + FORM_TEXT_MAX +
	                                    2 * sizeof(short) + 32) +
	                  ENC_COUNT * FORM_COUNT * (SCHEME_PREFIX_MAX + ORIGIN_DISPLAY_MAX + 3 + 4 + ORIGIN_PORT_MAX)) +
	             256 * sizeof(short) + IDNA_FOLD_BMP_BYTES + 64;
	struct arena a = { malloc(cap), 0, cap };
	if (!a.p) { snprintf(err, errcap, "out of memory"); goto fail; }
	pt->arena = a.p;
	if (!group_hosts(pt, &a, dp, n, err, errcap)) goto fail;
	order_hosts(pt, &a);
	pt->max_pat = SCHEME_PREFIX_MAX + pt->max_host;
	pt->window = pt->max_pat + LOOKAHEAD_PAST_HOST;
	if (!probe_fixed_point(pt, prefix, err, errcap)) goto fail;
	free(dp);
	return true;
fail:
	free(dp);
	patterns_free(pt);
	return false;
}
