/* fuzz_map.c — libFuzzer target for the map: map_load_text + map_validate
 * + patterns_build in both directions on arbitrary text.
 *
 * Properties:
 *  - never crashes; a refusal names the map and line ("fuzz.map:N: ..."),
 *    except V1's "fuzz.map: no pairs in the map" for a map without pairs;
 *  - an accepted map is a fixed point (§1.3 V6d/V7): the variant of every
 *    pair, written in each spelling the matcher knows (raw, JSON, percent,
 *    SQL double-escaped, \u002F) as scheme://host[:port], is not rewritten
 *    again — alone as a value, alone as prose, and followed by a path — and
 *    likewise the primary canonical of every site against the reverse
 *    table; the relative form (//host[:port]) of the variant is not
 *    rewritten either (idempotence, rules.md §11.3 item 4);
 *  - every canonical of a non-identity pair, written in each spelling as
 *    scheme://host[:port], IS rewritten, to that pair's variant in the same
 *    spelling (forward; reverse: site variant → primary canonical);
 *  - the map rendered back (one "CANONICAL VARIANT" line per pair) is
 *    accepted and gives the same pairs and sites (normalisation is stable);
 *  - the identity map of its origins (one line "O O" per distinct host) is
 *    accepted, and rewrites nothing in the fuzz input itself.
 * At exit it prints the counts: inputs, maps loaded, accepted, and how many
 * accepted maps rewrote their canonicals (the share that exercised the
 * rewrite side). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "matcher.h"
#include "patterns.h"

static struct {
	unsigned long cases, loaded, validated, accepted, rewrote, probes, pairs;
} stats;

static void report_stats(void)
{
	if (!stats.cases) return;
	fprintf(stderr,
	        "fuzz_map: %lu inputs, %lu loaded, %lu passed V1-V5, %lu accepted (%.1f%%), %lu accepted maps rewrote "
	        "(%.1f%% of accepted), %lu pairs, %lu probes\n",
	        stats.cases, stats.loaded, stats.validated, stats.accepted,
	        100.0 * (double)stats.accepted / (double)stats.cases, stats.rewrote,
	        stats.accepted ? 100.0 * (double)stats.rewrote / (double)stats.accepted : 0.0, stats.pairs, stats.probes);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	atexit(report_stats);
	return 0;
}

static void fail(const char *what, const char *map_text, size_t n, const char *detail)
{
	fprintf(stderr, "\n=== fuzz_map: %s\n%s%s--- map (%zu bytes):\n%.*s\n---\n", what, detail ? detail : "",
	        detail ? "\n" : "", n, (int)n, map_text);
	abort();
}

/* "fuzz.map:N: " */
static bool names_line(const char *err)
{
	if (strncmp(err, "fuzz.map:", 9) != 0) return false;
	const char *p = err + 9;
	if (*p < '1' || *p > '9') return false;
	while (*p >= '0' && *p <= '9') p++;
	return *p == ':';
}

/* The spellings of §2.1 and of this project (patterns.h), written here
 * independently of src/patterns.c. */
static const char *const scheme_seps[] = { "://", ":\\/\\/", "%3A%2F%2F", ":\\\\/\\\\/", ":\\u002F\\u002F" };
static const char *const rel_seps[] = { "//", "\\/\\/", "%2F%2F", "\\\\/\\\\/", "\\u002F\\u002F" };
#define NSPELL 5

/* (display: the host as replacement text writes it, its Unicode form
 * where the map wrote it so, rules.md §2.2) */
static size_t write_origin(const struct origin *o, int e, bool relative, bool display, char *buf, size_t cap)
{
	int n = snprintf(buf, cap, "%s%s%s%s%s%s%s", relative ? "" : (o->scheme == SCHEME_HTTPS ? "https" : "http"),
	                 relative ? rel_seps[e] : scheme_seps[e], o->ipv6 ? "[" : "",
	                 display && o->display[0] ? o->display : o->host, o->ipv6 ? "]" : "",
	                 o->port[0] ? (e == 2 ? "%3A" : ":") : "", o->port);
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

struct count { size_t rewrites; size_t start, end; struct slice repl; };
static void count_event(void *ctx, const struct match_event *ev)
{
	struct count *c = ctx;
	if (ev->action != ACTION_REWROTE) return;
	if (c->rewrites++ == 0) { c->start = ev->start; c->end = ev->end; c->repl = ev->repl; }
}

static size_t scan(const struct patterns *pt, const char *t, size_t n, enum match_mode mode, enum surface s, struct count *c)
{
	memset(c, 0, sizeof *c);
	struct match_params mp = { .prev = MATCH_NO_PREV, .mode = mode, .surface = s, .joins = -1, .sql = true, .json = true };
	matcher_scan_ex(pt, (const unsigned char *)t, n, n, &mp, count_event, c);
	stats.probes++;
	return c->rewrites;
}

/* `o` written in every spelling and in a few contexts must not be
 * rewritten by pt. */
static void check_fixed(const struct patterns *pt, const struct origin *o, const char *dir, const char *mt, size_t mn)
{
	char t[600], msg[800];
	struct count c;
	for (int e = 0; e < NSPELL; e++)
		for (int rel = 0; rel < 2; rel++) {
			size_t n = write_origin(o, e, rel, true, t, 300);
			const char *what = NULL;
			if (scan(pt, t, n, MATCH_VALUE, SURFACE_TEXT, &c)) what = "as a value";
			else if (scan(pt, t, n, MATCH_PROSE, SURFACE_TEXT, &c)) what = "as prose";
			else if (scan(pt, t, n, MATCH_VALUE, SURFACE_HTML_ATTR, &c)) what = "as an html-attr value";
			else {
				memcpy(t + n, "/x \"", 4);
				if (scan(pt, t, n + 4, MATCH_PROSE, SURFACE_TEXT, &c)) { what = "followed by a path"; n += 4; }
			}
			if (what) {
				snprintf(msg, sizeof msg, "%s: '%.*s' rewritten to '%.*s' (%s)", dir, (int)n, t, (int)c.repl.n,
				         (const char *)c.repl.p, what);
				fail(rel ? "the relative form of a written origin is rewritten again (not idempotent)"
				         : "the map is not a fixed point: a written origin is rewritten again",
				     mt, mn, msg);
			}
		}
}

/* The canonical `from` written in every spelling as scheme://host[:port]:
 * by §3.6 the first pair of the direction with that host and port decides
 * (scheme is not compared; V6c makes its variant `to`); unless that pair is
 * an identity pair, the whole text is rewritten into `to` written in the
 * same spelling. */
static void check_rewrites(const struct patterns *pt, const struct origin *from, const struct origin *to,
                           bool first_is_identity, const char *dir, const char *mt, size_t mn)
{
	char t[600], want[600], msg[2000];
	struct count c;
	for (int e = 0; e < NSPELL; e++) {
		size_t n = write_origin(from, e, false, false, t, sizeof t);
		size_t wn = write_origin(to, e, false, true, want, sizeof want);
		scan(pt, t, n, MATCH_VALUE, SURFACE_TEXT, &c);
		bool expect = !first_is_identity && !(wn == n && memcmp(want, t, n) == 0);
		if (!expect ? c.rewrites != 0
		            : (c.rewrites != 1 || c.start != 0 || c.end != n || c.repl.n != wn || memcmp(c.repl.p, want, wn) != 0)) {
			snprintf(msg, sizeof msg, "%s: '%.*s' gave %zu rewrites [%zu,%zu) -> '%.*s', want %s'%.*s'", dir, (int)n, t,
			         c.rewrites, c.start, c.end, (int)c.repl.n, c.repl.p ? (const char *)c.repl.p : "",
			         expect ? "" : "no rewrite of ", (int)wn, want);
			fail("a canonical of the map is not rewritten as §3.6 says", mt, mn, msg);
		}
	}
}

static bool build_all(const char *text, size_t n, struct map *m, struct patterns *fw, struct patterns *rv, char *err,
                      size_t errcap)
{
	map_init(m);
	if (!map_load_text(m, "fuzz.map", text, n, err, errcap)) return false;
	if (!map_validate(m, err, errcap)) return false;
	if (!patterns_build(fw, m, DIR_FORWARD, err, errcap)) return false;
	if (!patterns_build(rv, m, DIR_REVERSE, err, errcap)) { patterns_free(fw); return false; }
	return true;
}

static char text2[1 << 20];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	char err[1024];
	struct map m;
	struct patterns fw, rv;
	stats.cases++;

	map_init(&m);
	err[0] = 0;
	if (!map_load_text(&m, "fuzz.map", text, size, err, sizeof err)) {
		if (!names_line(err)) fail("a parse error does not name the line", text, size, err);
		map_free(&m);
		return 0;
	}
	stats.loaded++;
	if (!map_validate(&m, err, sizeof err)) {
		if (!(m.npairs == 0 ? strstr(err, ": no pairs in the map") != NULL : names_line(err)))
			fail("a validation error does not name the line", text, size, err);
		map_free(&m);
		return 0;
	}
	stats.validated++;
	if (!patterns_build(&fw, &m, DIR_FORWARD, err, sizeof err)) {
		if (!names_line(err)) fail("a forward matcher error does not name the line", text, size, err);
		map_free(&m);
		return 0;
	}
	if (!patterns_build(&rv, &m, DIR_REVERSE, err, sizeof err)) {
		if (!names_line(err) || !strstr(err, "request direction: "))
			fail("a reverse matcher error does not name the line and the direction", text, size, err);
		patterns_free(&fw);
		map_free(&m);
		return 0;
	}
	stats.accepted++;
	stats.pairs += m.npairs;

	/* fixed point, both directions */
	bool rewrote = false;
	for (size_t i = 0; i < m.npairs; i++) {
		const struct origin *c = &m.pairs[i].canonical;
		check_fixed(&fw, &m.pairs[i].variant, "forward", text, size);
		size_t first = 0;
		while (!(origin_same_hostport(&m.pairs[first].canonical, c) && m.pairs[first].canonical.ipv6 == c->ipv6)) first++;
		bool ident = origin_equal(&m.pairs[first].canonical, &m.pairs[first].variant);
		check_rewrites(&fw, c, &m.pairs[first].variant, ident, "forward", text, size);
		if (!origin_equal(c, &m.pairs[i].variant)) rewrote = true;
	}
	for (size_t s = 0; s < m.nsites; s++) {
		const struct origin *v = &m.sites[s].variant;
		check_fixed(&rv, &m.pairs[m.sites[s].primary].canonical, "reverse", text, size);
		size_t first = 0;
		while (!(origin_same_hostport(&m.sites[first].variant, v) && m.sites[first].variant.ipv6 == v->ipv6)) first++;
		const struct origin *to = &m.pairs[m.sites[first].primary].canonical;
		check_rewrites(&rv, v, to, origin_equal(v, to), "reverse", text, size);
	}
	if (rewrote) stats.rewrote++;

	/* rendered back: the same pairs and sites */
	{
		size_t n = 0;
		for (size_t i = 0; i < m.npairs && n < sizeof text2 - 1200; i++) {
			char c[300], v[300];
			origin_render(&m.pairs[i].canonical, c, sizeof c);
			origin_render(&m.pairs[i].variant, v, sizeof v);
			n += (size_t)snprintf(text2 + n, sizeof text2 - n, "%s %s\n", c, v);
		}
		struct map m2;
		struct patterns fw2, rv2;
		if (!build_all(text2, n, &m2, &fw2, &rv2, err, sizeof err)) fail("the map rendered back is refused", text, size, err);
		if (m2.npairs != m.npairs || m2.nsites != m.nsites) fail("the map rendered back has other pairs or sites", text, size, text2);
		for (size_t i = 0; i < m.npairs; i++)
			if (!origin_equal(&m.pairs[i].canonical, &m2.pairs[i].canonical) ||
			    !origin_equal(&m.pairs[i].variant, &m2.pairs[i].variant) || m.pairs[i].site != m2.pairs[i].site)
				fail("the map rendered back differs", text, size, text2);
		patterns_free(&fw2);
		patterns_free(&rv2);
		map_free(&m2);
	}

	/* the identity map of its origins, one per host */
	{
		size_t n = 0;
		const char *hosts[2 * 4096];
		size_t nh = 0;
		for (size_t k = 0; k < 2 * m.npairs && nh < sizeof hosts / sizeof hosts[0] && n < sizeof text2 - 1200; k++) {
			const struct origin *o = k < m.npairs ? &m.pairs[k].canonical : &m.pairs[k - m.npairs].variant;
			bool seen = false;
			for (size_t h = 0; h < nh && !seen; h++) seen = strcmp(hosts[h], o->host) == 0;
			if (seen) continue;
			hosts[nh++] = o->host;
			char r[300];
			origin_render(o, r, sizeof r);
			n += (size_t)snprintf(text2 + n, sizeof text2 - n, "%s %s\n", r, r);
		}
		struct map m3;
		struct patterns fw3, rv3;
		if (!build_all(text2, n, &m3, &fw3, &rv3, err, sizeof err)) fail("an identity map is refused", text, size, err);
		if (!fw3.all_identity) fail("an identity map is not all identity", text, size, text2);
		struct count c;
		if (scan(&fw3, text, size, MATCH_PROSE, SURFACE_TEXT, &c) || scan(&fw3, text, size, MATCH_VALUE, SURFACE_HTML_ATTR, &c) ||
		    scan(&fw3, text, size, MATCH_PROSE, SURFACE_INLINE_SCRIPT, &c) || scan(&rv3, text, size, MATCH_VALUE, SURFACE_JSON_STRING, &c))
			fail("an identity map rewrote", text, size, text2);
		patterns_free(&fw3);
		patterns_free(&rv3);
		map_free(&m3);
	}

	patterns_free(&fw);
	patterns_free(&rv);
	map_free(&m);
	return 0;
}
