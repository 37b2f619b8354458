/* fuzz_matcher.c — libFuzzer target: a differential of src/matcher.c
 * against the brute-force reference of docs/rules.md §3 in
 * ref_matcher.c, on random small maps and random buffers.
 *
 * Input layout:
 *   byte 0   npairs (bits 0–1, +1), previous byte (bits 2–4: none or one
 *            of a few), mode (bit 5: value/prose), surface (bits 6–7:
 *            text, html-attr, comment, inline-style — all of the path
 *            escape alphabet, both joining axes)
 *   then two bytes per pair: canonical (scheme, host, port; bit 7 makes
 *            the pair an identity pair) and variant (scheme, host, port),
 *            drawn from small alphabets so that hosts overlap and contain
 *            each other
 *   the rest one token per byte (tokens.h order below): separators in
 *            their spellings (the deeper ones at the end of the list), schemes, the map's hosts, ports, and single
 *            bytes of `/ \ % : . @ & 2 F f h t p s w x` and host bytes.
 *
 * Properties, for every map the project accepts (V1–V7): the rewritten
 * buffer and the event list (start, end, action, reason) of matcher_scan
 * equal the reference's, and matcher_rewrite agrees with matcher_scan.
 * At exit it prints how many cases were run, how many maps were accepted
 * and how many cases rewrote; with at least 2000 accepted cases, a rewrite
 * share under 10% fails the run (exit 70): a fuzz that never matches
 * proves nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "matcher.h"
#include "patterns.h"
#include "ref_matcher.h"

#define MAX_PAIRS 4
#define MIN_SHARE_CASES 2000
#define MIN_SHARE_PERCENT 10

static const char *const canon_hosts[8] = { "a.b", "a.bc", "ab.c", "x.a.b", "b.a", "a", "a.b.c", "A.B" };
static const char *const canon_ports[8] = { "", ":8080", ":0", ":443", ":80", ":08080", ":1", ":65535" };
static const char *const var_hosts[8] = { "v.v", "w", "a.b", "[::1]", "v.v.v", "x.a.b", "127.0.0.1", "b" };
static const char *const var_ports[8] = { "", ":81", ":8443", ":443", ":80", ":0", ":8080", "" };
static const int prevs[8] = { MATCH_NO_PREV, MATCH_NO_PREV, ' ', 'a', '/', ':', '%', '\\' };
static const enum surface surfaces[4] = { SURFACE_TEXT, SURFACE_HTML_ATTR, SURFACE_COMMENT, SURFACE_INLINE_STYLE };
/* rules.md §3.8, written down here independently of src/surface.c */
static const bool surface_joins[4] = { false, true, false, true };

/* One token per input byte: multi-byte tokens first, then single bytes. */
static const char *const multi[] = {
	"https://", "http://", "//", "\\/\\/", "https:\\/\\/", "http:\\/\\/", "%2F%2F", "%2f%2F", "https%3A%2F%2F",
	"http%3a%2f%2f", "HTTPS://", "hTtP://", "https:", "http:", "%3A", "%3a", "%2F", "%2E", "%2e", "%2D", "%40",
	"%3F", "%23", "%41", "%20", "%2", "\\/",
	"a.b", "a.bc", "ab.c", "x.a.b", "b.a", "a.b.c", "A.B", "v.v", "[::1]", "127.0.0.1",
	"8080", "443", "80", "0", "08080", "65535", "81", "8443", "1234567890123", "000000000443",
	":8080", ":443", ":80", ":0", ":", ".", "./", ".:", "..", "@", "&", "&amp;", "?", "#", "/x", "\\x",
	" ", "\t", "\n", "\r", "\f", "=", "\"", "'", "(", ",", ";", ">", "\xc3\xa4", "\x80", "-", "_",
	"https://a.b", "//a.b", "https://x.a.b:8080/", "http://a.b.", "%2F%2Fa.b", "https:\\/\\/a.bc",
	"https://a.b/", "//a.bc/", "http://ab.c:8080/", "https://A.B:443/", " https://b.a ", "%2F%2Fx.a.b%2F",
	"\"//a:0/\"", "https://a.b.c?", "http://a.bc#",
	/* references after a host on html-attr (rules.md §3.3, §3.5) */
	"&#58;", "&#x3A;", "&colon;", "&#9;", "&#x0a;", "&Tab;", "&NewLine;", "&#46;", "&period;", "&#47;", "&sol;",
	"&#120;", "&#0;", "&#64;", "&commat;", "&#37;", "&#38;", "http&colon;", "https&#58;",
	/* the deeper spellings of rules.md §2.1: backslash runs, percent of a
	 * JSON escape, percent twice */
	"\\\\/", "\\\\\\/", "https:\\\\\\/\\\\\\/", "\\\\/\\\\/", "%5C%2F", "%5c%2f", "%5C", "https%3A%5C%2F%5C%2F",
	"%252F", "%252f", "%253A", "%25", "http%253A%252F%252F", "%252F%252Fa.b",
	/* CSS escapes after a host (inline-style, rules.md §3.5) */
	"\\3a ", "\\3A", "\\:", "\\2e ", "\\2f", "\\9 ", "\\61", "\\000061", "\\@", "\\\n",
};
#define NMULTI (sizeof multi / sizeof multi[0])
static const char singles[] = "/\\%:.@&2Ff3AahtpswxbcvX-_09 \t\n?#=\"";
#define NSINGLE (sizeof singles - 1)

static void token(uint8_t k, const char **p, size_t *n)
{
	size_t i = k % (NMULTI + NSINGLE);
	if (i < NMULTI) { *p = multi[i]; *n = strlen(multi[i]); }
	else { *p = singles + (i - NMULTI); *n = 1; }
}

static bool other_named_ref(const unsigned char *b, size_t n)
{
	static const char *const known[] = { "amp", "Tab", "NewLine", "sol", "bsol", "colon", "period", "quest",
	                                     "num", "percnt", "lowbar", "UnderBar", "commat" };
	for (size_t i = 0; i < n; i++) {
		if (b[i] != '&') continue;
		size_t k = i + 1;
		while (k < n && k - i <= 16 && (((b[k] | 0x20) >= 'a' && (b[k] | 0x20) <= 'z') || (b[k] >= '0' && b[k] <= '9'))) k++;
		if (k == i + 1 || k >= n || b[k] != ';' || !((b[i + 1] | 0x20) >= 'a' && (b[i + 1] | 0x20) <= 'z')) continue;
		bool ok = false;
		for (size_t j = 0; j < sizeof known / sizeof known[0]; j++)
			if (strlen(known[j]) == k - i - 1 && memcmp(known[j], b + i + 1, k - i - 1) == 0) ok = true;
		if (!ok) return true;
	}
	return false;
}

static struct {
	unsigned long cases, accepted, rewrote, events, rewrites, with_prev, value;
	unsigned long reason[8];
} stats;

static void report_stats(void)
{
	if (!stats.cases) return;
	double share = stats.accepted ? 100.0 * (double)stats.rewrote / (double)stats.accepted : 0;
	fprintf(stderr,
	        "fuzz_matcher: %lu cases, %lu maps accepted (%.1f%%), %lu cases rewrote (%.1f%% of accepted), "
	        "%lu events (%lu rewrites; skips: not-a-url %lu, host-not-in-map %lu, identity-map %lu, unanchored %lu)\n",
	        stats.cases, stats.accepted, 100.0 * (double)stats.accepted / (double)stats.cases, stats.rewrote, share,
	        stats.events, stats.rewrites, stats.reason[REF_NOT_A_URL], stats.reason[REF_HOST_NOT_IN_MAP],
	        stats.reason[REF_IDENTITY_MAP], stats.reason[REF_UNANCHORED]);
	if (stats.accepted >= MIN_SHARE_CASES && share < MIN_SHARE_PERCENT) {
		fprintf(stderr, "fuzz_matcher: FAIL: only %.1f%% of cases rewrote (want >= %d%%)\n", share, MIN_SHARE_PERCENT);
		fflush(stderr);
		_Exit(70);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	atexit(report_stats);
	return 0;
}

struct got_event { size_t start, end; enum action action; enum reason reason; };
struct collect {
	struct got_event ev[8192];
	size_t n;
	const unsigned char *b;
	unsigned char *out;
	size_t cap, len, last;
	bool overflow;
};

static void collect_event(void *ctx, const struct match_event *e)
{
	struct collect *c = ctx;
	if (c->n < sizeof c->ev / sizeof c->ev[0]) c->ev[c->n] = (struct got_event){ e->start, e->end, e->action, e->reason };
	c->n++;
	if (e->action != ACTION_REWROTE) return;
	size_t keep = e->start - c->last;
	if (e->start < c->last || c->len + keep + e->repl.n > c->cap) { c->overflow = true; return; }
	memcpy(c->out + c->len, c->b + c->last, keep);
	c->len += keep;
	memcpy(c->out + c->len, e->repl.p, e->repl.n);
	c->len += e->repl.n;
	c->last = e->end;
}

static enum ref_reason to_ref(const struct got_event *e)
{
	if (e->action == ACTION_REWROTE) return REF_REWROTE;
	switch (e->reason) {
	case REASON_NOT_A_URL: return REF_NOT_A_URL;
	case REASON_HOST_NOT_IN_MAP: return REF_HOST_NOT_IN_MAP;
	case REASON_IDENTITY_MAP: return REF_IDENTITY_MAP;
	case REASON_UNANCHORED: return REF_UNANCHORED;
	default: return (enum ref_reason)99;
	}
}

static void dump(const char *what, const unsigned char *p, size_t n)
{
	fprintf(stderr, "%s (%zu bytes): \"", what, n);
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\\') fputs("\\\\", stderr);
		else if (p[i] == '"') fputs("\\\"", stderr);
		else if (p[i] >= 0x20 && p[i] < 0x7f) fputc(p[i], stderr);
		else fprintf(stderr, "\\x%02x", p[i]);
	}
	fputs("\"\n", stderr);
}

static unsigned char buf[16384], got_out[16384 * 8 + 256], ref_out[16384 * 8 + 256], rw_out[16384 * 8 + 256];
static struct collect col;
static struct ref_event ref_ev[8192];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3) return 0;
	size_t npairs = 1 + (data[0] & 3);
	if (size < 1 + 2 * npairs) return 0;
	int prev = prevs[(data[0] >> 2) & 7];
	bool value = (data[0] >> 5) & 1;
	int si = data[0] >> 6;
	enum surface surface = surfaces[si];

	/* the map */
	char map_text[1024], canon[MAX_PAIRS][64], variant[MAX_PAIRS][64];
	size_t mt = 0;
	struct ref_pair rpairs[MAX_PAIRS];
	for (size_t i = 0; i < npairs; i++) {
		uint8_t c = data[1 + 2 * i], v = data[2 + 2 * i];
		snprintf(canon[i], sizeof canon[i], "%s://%s%s", c & 1 ? "https" : "http", canon_hosts[(c >> 1) & 7],
		         canon_ports[(c >> 4) & 7]);
		if (c & 0x80) snprintf(variant[i], sizeof variant[i], "%s", canon[i]);
		else
			snprintf(variant[i], sizeof variant[i], "%s://%s%s", v & 1 ? "https" : "http", var_hosts[(v >> 1) & 7],
			         var_ports[(v >> 4) & 7]);
		mt += (size_t)snprintf(map_text + mt, sizeof map_text - mt, "%s %s\n", canon[i], variant[i]);
		if (!ref_origin_parse(canon[i], &rpairs[i].canon) || !ref_origin_parse(variant[i], &rpairs[i].variant)) abort();
	}
	data += 1 + 2 * npairs;
	size -= 1 + 2 * npairs;

	/* the buffer */
	size_t len = 0;
	for (size_t i = 0; i < size; i++) {
		const char *p;
		size_t n;
		token(data[i], &p, &n);
		if (len + n > sizeof buf) break;
		memcpy(buf + len, p, n);
		len += n;
	}

	/* The reference reads numeric references and the ASCII names of §5.1;
	 * a named one it does not know (`&ac;`, a non-ASCII code point of the
	 * HTML table) is not judged on html-attr. */
	if (surface == SURFACE_HTML_ATTR && other_named_ref(buf, len)) return 0;
	stats.cases++;
	struct map m;
	struct patterns pt;
	char err[512];
	map_init(&m);
	if (!map_load_text(&m, "fuzz.map", map_text, mt, err, sizeof err)) {
		fprintf(stderr, "generated map text refused by the parser: %s\n%s", err, map_text);
		abort();
	}
	if (!map_validate(&m, err, sizeof err) || !patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err)) {
		map_free(&m);
		return 0;
	}
	stats.accepted++;
	if (prev != MATCH_NO_PREV) stats.with_prev++;
	if (value) stats.value++;

	/* the project's matcher */
	col.n = 0;
	col.b = buf;
	col.out = got_out;
	col.cap = sizeof got_out;
	col.len = 0;
	col.last = 0;
	col.overflow = false;
	size_t consumed = matcher_scan(&pt, buf, len, len, prev, value ? MATCH_VALUE : MATCH_PROSE, surface, collect_event, &col);
	if (consumed != len) {
		fprintf(stderr, "matcher_scan consumed %zu of %zu bytes\n", consumed, len);
		abort();
	}
	if (!col.overflow) {
		memcpy(got_out + col.len, buf + col.last, len - col.last);
		col.len += len - col.last;
	}

	/* the reference */
	struct ref_params rp = { .value = value, .joins = surface_joins[si], .prev = prev == MATCH_NO_PREV ? REF_NO_PREV : prev,
	                         .refs = surface == SURFACE_HTML_ATTR, .css = surface == SURFACE_INLINE_STYLE };
	size_t ref_len, nref;
	bool ref_ok = ref_rewrite(rpairs, npairs, buf, len, &rp, ref_out, sizeof ref_out, &ref_len, ref_ev,
	                          sizeof ref_ev / sizeof ref_ev[0], &nref);

	bool same = ref_ok && !col.overflow && ref_len == col.len && memcmp(ref_out, got_out, ref_len) == 0 && nref == col.n;
	size_t first_diff = (size_t)-1;
	if (same)
		for (size_t i = 0; i < nref && i < sizeof ref_ev / sizeof ref_ev[0]; i++)
			if (ref_ev[i].start != col.ev[i].start || ref_ev[i].end != col.ev[i].end || ref_ev[i].what != to_ref(&col.ev[i])) {
				same = false;
				first_diff = i;
				break;
			}
	if (!same) {
		fprintf(stderr, "\n=== fuzz_matcher: the matcher and the reference disagree (first differing event %ld)\n",
		        first_diff == (size_t)-1 ? -1L : (long)first_diff);
		fprintf(stderr, "map:\n%s", map_text);
		fprintf(stderr, "surface %s, mode %s, prev %d\n", surface_name(surface), value ? "value" : "prose", prev);
		dump("input", buf, len);
		dump("matcher  ", got_out, col.len);
		dump("reference", ref_out, ref_len);
		fprintf(stderr, "matcher events (%zu):\n", col.n);
		for (size_t i = 0; i < col.n && i < 64; i++)
			fprintf(stderr, "  [%zu,%zu) %s %s\n", col.ev[i].start, col.ev[i].end, action_name(col.ev[i].action),
			        reason_name(col.ev[i].reason));
		fprintf(stderr, "reference events (%zu):\n", nref);
		for (size_t i = 0; i < nref && i < 64; i++)
			fprintf(stderr, "  [%zu,%zu) %s\n", ref_ev[i].start, ref_ev[i].end, ref_reason_name(ref_ev[i].what));
		abort();
	}

	/* matcher_rewrite is the same scan with no previous byte */
	if (prev == MATCH_NO_PREV) {
		size_t rw_len, rw_n;
		if (!matcher_rewrite(&pt, buf, len, value ? MATCH_VALUE : MATCH_PROSE, surface, rw_out, sizeof rw_out, &rw_len, &rw_n) ||
		    rw_len != col.len || memcmp(rw_out, got_out, rw_len) != 0) {
			fprintf(stderr, "matcher_rewrite differs from matcher_scan\n");
			abort();
		}
	}

	size_t rewrites = 0;
	for (size_t i = 0; i < nref && i < sizeof ref_ev / sizeof ref_ev[0]; i++) {
		stats.reason[ref_ev[i].what]++;
		if (ref_ev[i].what == REF_REWROTE) rewrites++;
	}
	stats.events += nref;
	stats.rewrites += rewrites;
	if (rewrites) stats.rewrote++;

	patterns_free(&pt);
	map_free(&m);
	return 0;
}
