/* test_json.c — the json type (rules.md §9, with §11 and §12), through
 * the whole pipeline (json lexer → value pipeline → straggler sweep), and
 * the WordPress REST corpus of corpus/json against its reviewed expected
 * outputs.
 *
 * Map (the example map of rules.md): https://www.example.fi →
 * https://wt-a--example.ddev.site.
 *
 * Every case runs at read sizes 1, 2, 3, 7, 64, 4096 and 65536 (§11.1,
 * §11.3 item 3): at each size the output must be the case's exact expected
 * bytes and the explain trace the case's exact event list (offset, action,
 * reason, surface and RFC 6901 path, text), so output, counters and explain
 * are identical at every size. The counters are checked against the event
 * list (every event is a candidate on its surface; rewrites by surface,
 * skips by reason: §10.3), and the output length against the rewrites
 * (input length + the length change of each rewrite: no byte is lost or
 * added, §11.3 item 2). A straggler (an origin only the sweep rewrote)
 * appears in no case: §6.1, a non-zero straggler count on well-formed
 * input is a bug in the structured pass. A candidate the structured pass
 * declines is met again by the sweep and counted once more under
 * `straggler` (§6.1). stderr is captured: malformed input gives exactly one
 * warning (§9.2), NDJSON and well-formed input none.
 *
 * The tcase "regressions" pins rules that are easy to get wrong in a JSON
 * lexer and its value pipeline, each against the rule it cites. */
#include <check.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bytescan.h"
#include "json.h"
#include "pipeline_fixture.h"
#include "suites.h"

#define CH "www.example.fi"
#define VH "wt-a--example.ddev.site"
#define CO "https://" CH                    /* the canonical origin, raw */
#define VO "https://" VH
#define CJ "https:\\/\\/" CH                /* JSON `\/` spelling */
#define VJ "https:\\/\\/" VH
#define CU "https:\\u002F\\u002F" CH        /* JSON `\u002F` spelling */
#define VU "https:\\u002F\\u002F" VH
#define KEYPATH_CO "https:~1~1" CH          /* CO/... as an RFC 6901 segment */
#define MAP_MAIN CO " " VO "\n"
#define MAP_IDENTITY CO " " CO "\n"

#define CORPUS_DIR "corpus/json"

static const size_t all_sizes[] = { 1, 2, 3, 7, 64, 4096, 65536 };
#define NALL (sizeof all_sizes / sizeof all_sizes[0])
static const size_t corpus_sizes[] = { 1, 7, 4096, 65536 };
#define NCORPUS (sizeof corpus_sizes / sizeof corpus_sizes[0])

/* ------------------------------------------------------------ helpers */

/* Printable form of some bytes for a failure message (3 slots). */
static const char *show(int slot, const void *bv, size_t n)
{
	static char buf[3][8192];
	const unsigned char *b = bv;
	char *o = buf[slot];
	size_t k = 0, cap = sizeof buf[slot];
	for (size_t i = 0; i < n && k + 8 < cap; i++) {
		unsigned char c = b[i];
		if (c >= 0x20 && c < 0x7f) {
			o[k++] = (char)c;
		} else {
			int w = snprintf(o + k, cap - k, "<%02x>", c);
			if (w > 0) k += (size_t)w;
		}
	}
	o[k] = 0;
	return o;
}

/* Offset of the nth (0-based) occurrence of `at` in in[0..len), or -1. */
static long find_nth(const void *inv, size_t len, const char *at, int nth)
{
	const unsigned char *in = inv;
	size_t n = strlen(at);
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(in + i, at, n) == 0 && nth-- == 0) return (long)i;
	return -1;
}

/* The pipeline through the fixture, not quiet, with stderr captured so
 * the warnings can be checked; *err is the caller's to free. */
static void jrun_pt(const struct patterns *pt, const void *in, size_t len, size_t read_size, bool no_sweep,
                    struct pf_result *r, char **err, size_t *err_len)
{
	struct pf_options o = { .type = FILETYPE_JSON, .read_size = read_size, .no_sweep = no_sweep, .loud = true };
	pf_run_pt(pt, in, len, &o, r);
	*err = r->err;
	*err_len = r->err_len;
	r->err = NULL;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (*s == '\n') n++;
	return n;
}

/* ------------------------------------------------------------ cases */

/* One expected event: its offset is where `at` occurs (the nth time) in
 * the input; `where` is the surface and, for json surfaces, the path. */
struct jev {
	const char *at;
	int nth;
	const char *action, *reason, *where, *text;
};
#define RW(at, nth, where, text) { at, nth, "rewrote", "-", where, text }
#define SK(at, nth, reason, where, text) { at, nth, "skipped", reason, where, text }
#define MAX_EV 12

#define WARN_AT_END "\x01"   /* warn_at: the warning's offset is the input length */
#define WARN_ANY "\x02"      /* warn_at: one malformed-JSON warning, at whatever offset */

struct jcase {
	const char *name;          /* the rule and where it is written */
	const char *in, *want;     /* want NULL: the output equals the input */
	size_t in_len, want_len;   /* 0: strlen */
	struct jev ev[MAX_EV];     /* every event, in offset order (ends at .at == NULL) */
	const char *warn_at;       /* one malformed-JSON warning at this offset (see find_nth); NULL: no warning */
	int warn_nth;
	bool no_sweep;
	bool loose;                /* pin the output only (defects: the events depend on the fix) */
	bool has_delta;            /* the output length change is `delta`, not derived from the events */
	long delta;
};

/* The replacement's length minus the matched text's length for a rewrote
 * event (§2.2): the variant's scheme `https`, the matched
 * separator in its canonical spelling (same length), the variant host; a
 * written port or root dot is dropped. */
static long rewrite_delta(const char *text)
{
	size_t n = strlen(text), h = 0;
	for (; h + strlen(CH) <= n; h++)
		if (strncasecmp(text + h, CH, strlen(CH)) == 0) break;
	ck_assert_msg(h + strlen(CH) <= n, "no host in event text %s", text);
	size_t scheme = 0;
	if (strncasecmp(text, "https", 5) == 0) scheme = 5;
	else if (strncasecmp(text, "http", 4) == 0) scheme = 4;
	size_t repl = (scheme ? 5 : 0) + (h - scheme) + strlen(VH);
	return (long)repl - (long)n;
}

static int surface_of(const char *where)
{
	size_t n = strcspn(where, " ");
	for (int s = 0; s < SURFACE_COUNT; s++)
		if (strlen(surface_name((enum surface)s)) == n && strncmp(surface_name((enum surface)s), where, n) == 0) return s;
	ck_abort_msg("unknown surface in %s", where);
	return -1;
}

static int reason_of(const char *name)
{
	for (int r = 0; r < REASON_COUNT; r++)
		if (strcmp(reason_name((enum reason)r), name) == 0) return r;
	ck_abort_msg("unknown reason %s", name);
	return -1;
}

/* The explain trace of §10.5 as report.c prints it. */
static char *expected_explain(const struct jcase *c, size_t in_len)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	size_t n = 0;
	while (n < MAX_EV && c->ev[n].at) n++;
	if (n) fprintf(f, "explain (%zu events):\n", n);
	long last = 0;
	for (size_t i = 0; i < n; i++) {
		const struct jev *e = &c->ev[i];
		long off = find_nth(c->in, in_len, e->at, e->nth);
		ck_assert_msg(off >= 0, "%s: event %zu: \"%s\" (#%d) is not in the input", c->name, i, e->at, e->nth);
		ck_assert_msg(off >= last, "%s: the events are not in offset order", c->name);
		last = off;
		fprintf(f, "  %8ld  %-8s %-22s %-40s ", off, e->action, e->reason, e->where);
		for (const unsigned char *t = (const unsigned char *)e->text; *t; t++) {
			if (*t < 0x20 || *t == 0x7f) fprintf(f, "\\x%02x", *t);
			else fputc(*t, f);
		}
		fputc('\n', f);
	}
	fclose(f);
	return buf;
}

static void check_counters(const struct jcase *c, const struct pf_result *r)
{
	uint64_t cand[SURFACE_COUNT] = { 0 }, rw[SURFACE_COUNT] = { 0 }, sk[REASON_COUNT] = { 0 };
	for (size_t i = 0; i < MAX_EV && c->ev[i].at; i++) {
		int s = surface_of(c->ev[i].where);
		cand[s]++;
		if (strcmp(c->ev[i].action, "rewrote") == 0) rw[s]++;
		else sk[reason_of(c->ev[i].reason)]++;
	}
	for (int s = 0; s < SURFACE_COUNT; s++) {
		ck_assert_msg(r->candidates[s] == cand[s], "%s: candidates on %s: %" PRIu64 ", expected %" PRIu64, c->name,
		              surface_name((enum surface)s), r->candidates[s], cand[s]);
		ck_assert_msg(r->rewrites[s] == rw[s], "%s: rewrites on %s: %" PRIu64 ", expected %" PRIu64, c->name,
		              surface_name((enum surface)s), r->rewrites[s], rw[s]);
	}
	for (int k = 0; k < REASON_COUNT; k++)
		ck_assert_msg(r->skips[k] == sk[k], "%s: skips %s: %" PRIu64 ", expected %" PRIu64, c->name,
		              reason_name((enum reason)k), r->skips[k], sk[k]);
}

/* The stderr of one run: exactly the expected malformed-JSON warning, or
 * nothing (§9.2: one warning). */
static void check_warning(const struct jcase *c, size_t in_len, const char *err, size_t err_len)
{
	/* rules.md §7.5: each serialized value left untouched is one warning
	 * with its input offset, before any malformed-JSON warning */
	for (size_t i = 0; i < MAX_EV && c->ev[i].at; i++) {
		if (strcmp(c->ev[i].reason, "serialized-untouched") != 0) continue;
		char want[128];
		snprintf(want, sizeof want, "hostshift: in: serialized value left untouched at offset %ld: ",
		         find_nth(c->in, in_len, c->ev[i].at, c->ev[i].nth));
		ck_assert_msg(err_len >= strlen(want) && strncmp(err, want, strlen(want)) == 0,
		              "%s: expected a warning starting \"%s\", stderr: %s", c->name, want, err);
		const char *nl = memchr(err, '\n', err_len);
		ck_assert_msg(nl != NULL, "%s: the untouched warning has no line end", c->name);
		err_len -= (size_t)(nl + 1 - err);
		err = nl + 1;
	}
	if (!c->warn_at) {
		ck_assert_msg(err_len == 0, "%s: no warning expected, stderr: %s", c->name, err);
		return;
	}
	char want[128];
	if (strcmp(c->warn_at, WARN_ANY) == 0) {
		snprintf(want, sizeof want, "hostshift: in: malformed JSON at offset ");
	} else {
		long off = strcmp(c->warn_at, WARN_AT_END) == 0 ? (long)in_len : find_nth(c->in, in_len, c->warn_at, c->warn_nth);
		ck_assert_msg(off >= 0, "%s: warn_at is not in the input", c->name);
		snprintf(want, sizeof want, "hostshift: in: malformed JSON at offset %ld (", off);
	}
	ck_assert_msg(count_lines(err) == 1 && strncmp(err, want, strlen(want)) == 0,
	              "%s: expected one warning starting \"%s\", stderr: %s", c->name, want, err);
}

static void run_case(const struct jcase *c)
{
	size_t in_len = c->in_len ? c->in_len : strlen(c->in);
	const char *want = c->want ? c->want : c->in;
	size_t want_len = c->want ? (c->want_len ? c->want_len : strlen(c->want)) : in_len;
	char *ex = c->loose ? NULL : expected_explain(c, in_len);

	/* §11.3 item 2: no byte lost: the length changes by exactly the rewrites. */
	long delta = 0;
	if (c->has_delta) delta = c->delta;
	else
		for (size_t i = 0; i < MAX_EV && c->ev[i].at; i++)
			if (strcmp(c->ev[i].action, "rewrote") == 0) delta += rewrite_delta(c->ev[i].text);
	if (!c->loose || c->has_delta)
		ck_assert_msg((long)want_len == (long)in_len + delta, "%s: expected output length %zu is not input %zu + %ld",
		              c->name, want_len, in_len, delta);

	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	struct pf_result first;
	char *first_err = NULL;
	for (size_t i = 0; i < NALL; i++) {
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pt, c->in, in_len, all_sizes[i], c->no_sweep, &r, &err, &err_len);
		ck_assert_msg(r.rc == 0, "%s: read size %zu: rc %d", c->name, all_sizes[i], r.rc);
		ck_assert_msg(r.out_len == want_len && memcmp(r.out, want, want_len) == 0,
		              "%s: read size %zu:\n  input    %s\n  expected %s\n  got      %s", c->name, all_sizes[i],
		              show(0, c->in, in_len), show(1, want, want_len), show(2, r.out, r.out_len));
		if (!c->loose || c->has_delta)
			ck_assert_msg(r.out_len == (size_t)((long)in_len + delta), "%s: bytes lost or added", c->name);
		if (ex)
			ck_assert_msg(strcmp(r.explain ? r.explain : "", ex) == 0, "%s: read size %zu: explain\n%s\nexpected\n%s",
			              c->name, all_sizes[i], r.explain ? r.explain : "", ex);
		if (!c->loose) check_counters(c, &r);
		ck_assert_msg(r.rewrites[SURFACE_STRAGGLER] == 0, "%s: read size %zu: %" PRIu64 " straggler(s)", c->name,
		              all_sizes[i], r.rewrites[SURFACE_STRAGGLER]);
		if (!c->loose) check_warning(c, in_len, err, err_len);
		if (i == 0) {
			first = r;
			first_err = err;
			continue;
		}
		/* §11.3 item 3: counters, explain and warnings do not depend on the read size. */
		ck_assert_msg(pf_same_counters(&first, &r), "%s: counters differ between read sizes %zu and %zu", c->name,
		              all_sizes[0], all_sizes[i]);
		ck_assert_msg(strcmp(first.explain ? first.explain : "", r.explain ? r.explain : "") == 0,
		              "%s: explain differs between read sizes %zu and %zu:\n%s\n---\n%s", c->name, all_sizes[0],
		              all_sizes[i], first.explain, r.explain);
		ck_assert_msg(strcmp(first_err, err) == 0, "%s: stderr differs between read sizes %zu and %zu", c->name,
		              all_sizes[0], all_sizes[i]);
		pf_free(&r);
		free(err);
	}
	pf_free(&first);
	free(first_err);
	free(ex);
	patterns_free(&pt);
	map_free(&m);
}

static void run_cases(const struct jcase *cs, size_t n)
{
	for (size_t i = 0; i < n; i++) run_case(&cs[i]);
}
#define RUN(cs) run_cases(cs, sizeof cs / sizeof cs[0])

/* ------------------------------------------------------------ strings and keys (§9.1) */

static const struct jcase rows[] = {
	{ .name = "§2.1, §9.1: \\/ spelling in a string value",
	  .in = "{\"link\":\"" CJ "\\/x\"}", .want = "{\"link\":\"" VJ "\\/x\"}",
	  .ev = { RW("https:", 0, "json-string /link", CJ) } },
	/* §9.1: keys are rewritten by the structured pass on
	 * surface json-key, not left to the sweep (no straggler), so --no-sweep
	 * gives the same output. The event's path is the member's own. */
	{ .name = "§9.1: a key, on surface json-key",
	  .in = "{\"" CO "/\":\"x\"}", .want = "{\"" VO "/\":\"x\"}",
	  .ev = { RW("https:", 0, "json-key /" KEYPATH_CO "~1", CO) } },
	{ .name = "§9.1: a key, with --no-sweep", .no_sweep = true,
	  .in = "{\"" CO "/\":\"x\"}", .want = "{\"" VO "/\":\"x\"}",
	  .ev = { RW("https:", 0, "json-key /" KEYPATH_CO "~1", CO) } },
	/* A duplicate member is valid RFC 8259 (names SHOULD be unique) and a
	 * streaming lexer does not decline it: the value is rewritten by the
	 * structured pass, no encoding-not-decodable skip, no straggler. */
	{ .name = "§9.1: a duplicate member is rewritten by the streaming lexer",
	  .in = "{\"a\":\"" CO "\",\"a\":\"x\"}", .want = "{\"a\":\"" VO "\",\"a\":\"x\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO) } },
	{ .name = "§9.1: a duplicate member, with --no-sweep", .no_sweep = true,
	  .in = "{\"a\":\"" CO "\",\"a\":\"x\"}", .want = "{\"a\":\"" VO "\",\"a\":\"x\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO) } },
	{ .name = "§9.1: keys in the \\/ and relative spellings, a value in \\u002F",
	  .in = "{\"" CJ "\\/a\":{\"\\/\\/" CH "\\/b\":[\"" CU "\\u002Fc\"]}}",
	  .want = "{\"" VJ "\\/a\":{\"\\/\\/" VH "\\/b\":[\"" VU "\\u002Fc\"]}}",
	  .ev = { RW("https:", 0, "json-key /" KEYPATH_CO "~1a", CJ),
	          RW("\\/\\/" CH "\\/b", 0, "json-key /" KEYPATH_CO "~1a/~1~1" CH "~1b", "\\/\\/" CH),
	          RW("https:", 1, "json-string /" KEYPATH_CO "~1a/~1~1" CH "~1b/0", CU) } },
	{ .name = "§9.1: a key and its value both hold the origin",
	  .in = "{\"" CO "/x\":\"" CO "/y\"}", .want = "{\"" VO "/x\":\"" VO "/y\"}",
	  .ev = { RW("https:", 0, "json-key /" KEYPATH_CO "~1x", CO), RW("https:", 1, "json-string /" KEYPATH_CO "~1x", CO) } },
};

START_TEST(test_rows)
{
	RUN(rows);
}
END_TEST

/* ------------------------------------------------------------ spellings */

static const struct jcase spellings[] = {
	{ .name = "§2.2: http scheme in \\/ spelling writes the variant's https; relative \\/\\/",
	  .in = "{\"a\":\"http:\\/\\/" CH "\\/x\",\"b\":\"\\/\\/" CH "\\/y\"}",
	  .want = "{\"a\":\"" VJ "\\/x\",\"b\":\"\\/\\/" VH "\\/y\"}",
	  .ev = { RW("http:", 0, "json-string /a", "http:\\/\\/" CH), RW("\\/\\/" CH "\\/y", 0, "json-string /b", "\\/\\/" CH) } },
	{ .name = "§2.1, §9.1: the \\u002F spelling, rewritten in that spelling",
	  .in = "{\"a\":\"" CU "\\u002Fx\"}", .want = "{\"a\":\"" VU "\\u002Fx\"}",
	  .ev = { RW("https:", 0, "json-string /a", CU) } },
	/* §2.2: the separator is written in the canonical spelling of the
	 * matched encoding (upper-case F, as percent hex is upper-case, §12.3);
	 * the `\u002f` after the span is not part of it and stays. */
	{ .name = "§2.2, §12.3 analogue: lower-case \\u002f is written \\u002F",
	  .in = "{\"a\":\"https:\\u002f\\u002f" CH "\\u002fx\"}", .want = "{\"a\":\"" VU "\\u002fx\"}",
	  .ev = { RW("https:", 0, "json-string /a", "https:\\u002f\\u002f" CH) } },
	{ .name = "§2.1–§2.2: relative \\u002F form; HTTP scheme, mixed hex case",
	  .in = "{\"a\":\"\\u002F\\u002F" CH "\\u002Fx\",\"b\":\"HTTP:\\u002f\\u002F" CH "\"}",
	  .want = "{\"a\":\"\\u002F\\u002F" VH "\\u002Fx\",\"b\":\"" VU "\"}",
	  .ev = { RW("\\u002F\\u002F" CH, 0, "json-string /a", "\\u002F\\u002F" CH),
	          RW("HTTP:", 0, "json-string /b", "HTTP:\\u002f\\u002F" CH) } },
	/* §3.3: a relative form after a letter is part of something longer.
	 * The sweep of a json stream knows the \u002F spelling too, and meets
	 * the declined candidate again. */
	{ .name = "§3.3: \\u002F\\u002F after a letter is unanchored",
	  .in = "{\"a\":\"x\\u002F\\u002F" CH "\\u002Fy\"}",
	  .ev = { SK("\\u002F\\u002F", 0, "unanchored", "json-string /a", "\\u002F\\u002F" CH),
	          SK("\\u002F\\u002F", 0, "unanchored", "straggler", "\\u002F\\u002F" CH) } },
	{ .name = "§3.2 step 2: mixed \\u002F\\/ is no separator",
	  .in = "{\"a\":\"https:\\u002F\\/" CH "\\/x\"}" },
	{ .name = "§2.1, §12.3: percent spelling inside a JSON string",
	  .in = "{\"a\":\"https%3A%2F%2F" CH "%2Fx\",\"b\":\"?r=https%3a%2f%2f" CH "%2f\"}",
	  .want = "{\"a\":\"https%3A%2F%2F" VH "%2Fx\",\"b\":\"?r=https%3A%2F%2F" VH "%2f\"}",
	  .ev = { RW("https%3A", 0, "json-string /a", "https%3A%2F%2F" CH),
	          RW("https%3a", 0, "json-string /b", "https%3a%2f%2f" CH) } },
	{ .name = "§9.1: raw spellings (jq, JSON_UNESCAPED_SLASHES)",
	  .in = "{\"a\":\"" CO "/x\",\"b\":\"//" CH "/y\",\"c\":\"http://" CH "\"}",
	  .want = "{\"a\":\"" VO "/x\",\"b\":\"//" VH "/y\",\"c\":\"" VO "\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("//" CH "/y", 0, "json-string /b", "//" CH),
	          RW("http:", 0, "json-string /c", "http://" CH) } },
	{ .name = "§2.3: ASCII case-insensitive in the \\/ spelling",
	  .in = "{\"a\":\"HTTPS:\\/\\/WWW.EXAMPLE.FI\\/\"}", .want = "{\"a\":\"" VJ "\\/\"}",
	  .ev = { RW("HTTPS", 0, "json-string /a", "HTTPS:\\/\\/WWW.EXAMPLE.FI") } },
	/* §3.5 ports: the escaped colon \u003a is a port separator on the
	 * escJS (json) surfaces; 443 is the default and is dropped. */
	{ .name = "§3.5–§3.6: ports, raw and as \\u003a",
	  .in = "{\"a\":\"" CO ":443/x\",\"b\":\"" CO "\\u003a443/x\",\"c\":\"" CO "\\u003a8080/x\",\"d\":\"" CO ":8080/x\"}",
	  .want = "{\"a\":\"" VO "/x\",\"b\":\"" VO "/x\",\"c\":\"" CO "\\u003a8080/x\",\"d\":\"" CO ":8080/x\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO ":443"), RW("https:", 1, "json-string /b", CO "\\u003a443"),
	          SK("https:", 2, "host-not-in-map", "json-string /c", CO "\\u003a8080"),
	          SK("https:", 2, "host-not-in-map", "straggler", CO "\\u003a8080"),
	          SK("https:", 3, "host-not-in-map", "json-string /d", CO ":8080"),
	          SK("https:", 3, "host-not-in-map", "straggler", CO ":8080") } },
	/* §9.1: the token is matched with its quotes, so end-of-buffer root-dot
	 * absorption never applies: a final dot is kept (the match stands by
	 * §3.5's dot-then-delimiter rule); before `/` it is absorbed (§3.4). */
	{ .name = "§3.4, §9.1: root dot in a JSON string",
	  .in = "{\"a\":\"" CO ".\",\"b\":\"" CO "./x\",\"c\":\"see " CO ". ok\"}",
	  .want = "{\"a\":\"" VO ".\",\"b\":\"" VO "/x\",\"c\":\"see " VO ". ok\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /b", CO "."),
	          RW("https:", 2, "json-string /c", CO) } },
	/* §12.1: `&` after a host ends it unless the candidate begins the value. */
	{ .name = "§12.1: & ends the host where the candidate does not begin the value",
	  .in = "{\"a\":\"see " CO "&x=1\",\"b\":\"/go?u=" CO "&b=1\"}",
	  .want = "{\"a\":\"see " VO "&x=1\",\"b\":\"/go?u=" VO "&b=1\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /b", CO) } },
	{ .name = "§3.2, §3.5: near misses stay",
	  .in = "{\"a\":\"" CJ ".evil.example\\/p\",\"b\":\"" CO "@evil.example/\",\"c\":\"https:\\/\\/example.fi\\/\","
	        "\"d\":\"" CH "\",\"e\":\"https:\\/\\/cdn.jsdelivr.net\\/x.js\"}",
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CJ), SK("https:", 0, "not-a-url", "straggler", CJ),
	          SK("https:", 1, "not-a-url", "json-string /b", CO), SK("https:", 1, "not-a-url", "straggler", CO) } },
};

START_TEST(test_spellings)
{
	RUN(spellings);
}
END_TEST

/* ------------------------------------------------------------ escapes around hosts */

static const struct jcase escapes[] = {
	/* §3.5: an escape decoding to >= 0x80 continues the host (an IDN label). */
	{ .name = "§3.5: \\u00e4 after the host continues it",
	  .in = "{\"a\":\"" CO "\\u00e4\",\"b\":\"" CJ "\\u00e4\\/x\"}",
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO), SK("https:", 0, "not-a-url", "straggler", CO),
	          SK("https:", 1, "not-a-url", "json-string /b", CJ), SK("https:", 1, "not-a-url", "straggler", CJ) } },
	{ .name = "§3.5: \\u00e4 before a scheme form does not matter",
	  .in = "{\"a\":\"\\u00e4 " CO "/x\",\"b\":\"\\u00e4" CJ "\\/\"}",
	  .want = "{\"a\":\"\\u00e4 " VO "/x\",\"b\":\"\\u00e4" VJ "\\/\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /b", CJ) } },
	/* A surrogate pair: the high half \ud83d decodes to 0xD83D >= 0x80. */
	{ .name = "§3.5: a surrogate pair after the host continues it",
	  .in = "{\"a\":\"" CO "\\ud83d\\ude00\"}",
	  /* declined by the structured pass and again by the sweep, which sees
	   * the value: only a value-start `&` decline keeps the sweep out (rules.md §6.4) */
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO), SK("https:", 0, "not-a-url", "straggler", CO) } },
	{ .name = "§3.3, §3.5: surrogate pairs before (scheme form: no left anchor) and after a `/`",
	  .in = "{\"a\":\"\\ud83d\\ude00" CO "/x\\ud83d\\ude00\",\"b\":\"\\ud83d\\ude00 //" CH "/y\"}",
	  .want = "{\"a\":\"\\ud83d\\ude00" VO "/x\\ud83d\\ude00\",\"b\":\"\\ud83d\\ude00 //" VH "/y\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("//" CH "/y", 0, "json-string /b", "//" CH) } },
	/* §3.3 looks at the byte before the relative form in the buffer: the
	 * last hex digit `0` of the escape, an ASCII digit, blocks it. */
	{ .name = "§3.3: a relative form right after \\ude00 is unanchored (the byte before is `0`)",
	  .in = "{\"a\":\"\\ud83d\\ude00//" CH "/x\"}",
	  .ev = { SK("//", 0, "unanchored", "json-string /a", "//" CH), SK("//", 0, "unanchored", "straggler", "//" CH) } },
	/* §3.5: \u002e decodes to `.`, a host byte: the escape continues the
	 * host. The root dot (§3.4) and the dot-then-delimiter rule of §3.5
	 * read a literal `.` only, so nothing makes this a full stop: declined. */
	{ .name = "§3.5: an escaped dot \\u002e after the host continues it",
	  .in = "{\"a\":\"" CO "\\u002e\",\"b\":\"" CO "\\u002E/x\",\"c\":\"see " CO "\\u002e ok\"}",
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO), SK("https:", 0, "not-a-url", "straggler", CO),
	          SK("https:", 1, "not-a-url", "json-string /b", CO), SK("https:", 1, "not-a-url", "straggler", CO),
	          SK("https:", 2, "not-a-url", "json-string /c", CO), SK("https:", 2, "not-a-url", "straggler", CO) } },
	/* §3.5: escapes decoding to / \ ? # : and \" \\ terminate the host. */
	{ .name = "§3.5: \\u002F \\/ \\\\ \\\" \\u003f \\u0023 after the host terminate it",
	  .in = "{\"a\":\"" CO "\\u002F\",\"b\":\"" CO "\\/\",\"c\":\"" CO "\\\\x\",\"d\":\"" CO "\\\"x\","
	        "\"e\":\"" CO "\\u003fq\",\"f\":\"" CO "\\u0023h\"}",
	  .want = "{\"a\":\"" VO "\\u002F\",\"b\":\"" VO "\\/\",\"c\":\"" VO "\\\\x\",\"d\":\"" VO "\\\"x\","
	          "\"e\":\"" VO "\\u003fq\",\"f\":\"" VO "\\u0023h\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /b", CO),
	          RW("https:", 2, "json-string /c", CO), RW("https:", 3, "json-string /d", CO),
	          RW("https:", 4, "json-string /e", CO), RW("https:", 5, "json-string /f", CO) } },
	/* §3.8: json-string joins per buffer. "https://C\tx" begins with http,
	 * has no space and one http: it joins, \t is removed and x continues
	 * the host. With a space, or http twice, it is prose and \t ends it. */
	{ .name = "§3.5, §3.8: \\t joins or ends the host per buffer",
	  .in = "{\"a\":\"" CO "\\tx\",\"b\":\"see " CO "\\tx\",\"c\":\"" CO "\\thttps://x\"}",
	  .want = "{\"a\":\"" CO "\\tx\",\"b\":\"see " VO "\\tx\",\"c\":\"" VO "\\thttps://x\"}",
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO), SK("https:", 0, "not-a-url", "straggler", CO),
	          RW("https:", 1, "json-string /b", CO), RW("https:", 2, "json-string /c", CO) } },
	/* §3.5 table, last row: \u0009 is removable on every escJS surface,
	 * even prose, unlike \t (§3.5, right anchor, item 1). */
	{ .name = "§3.5: \\u0009 is removed even on a prose buffer",
	  .in = "{\"a\":\"see " CO "\\u0009x\"}",
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO), SK("https:", 0, "not-a-url", "straggler", CO) } },
	{ .name = "§3.5, §3.8: \\n ends the host in prose; removed before the closing quote when joining",
	  .in = "{\"a\":\"a " CO "\\nb\",\"b\":\"" CO "\\n\"}", .want = "{\"a\":\"a " VO "\\nb\",\"b\":\"" VO "\\n\"}",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /b", CO) } },
};

START_TEST(test_escapes)
{
	RUN(escapes);
}
END_TEST

/* ------------------------------------------------------------ HTML inside strings */

static const struct jcase html_in_json[] = {
	/* §5.3: an origin found only through
	 * reference decoding is replaced by splicing the variant origin over its
	 * source bytes; everything else keeps its bytes. This string writes `/`
	 * raw, so the replacement does too. */
	{ .name = "§5.3: https:&#47;&#47;C in HTML in a string (raw-slash style)",
	  .in = "{\"c\":\"<a href=\\\"https:&#47;&#47;" CH "/x\\\">k</a>\"}",
	  .want = "{\"c\":\"<a href=\\\"" VO "/x\\\">k</a>\"}", .has_delta = true, .delta = 1,
	  .ev = { RW("https:", 0, "html-entity /c", CO) } },
	{ .name = "§5.1: &#x2F;&#x2f; and &sol;&sol; separators",
	  .in = "{\"c\":\"<a href=\\\"https:&#x2F;&#x2f;" CH "/a\\\">x</a><a href=\\\"https:&sol;&sol;" CH "/b\\\">y</a>\"}",
	  .want = "{\"c\":\"<a href=\\\"" VO "/a\\\">x</a><a href=\\\"" VO "/b\\\">y</a>\"}",
	  .has_delta = true, .delta = -1 + 1,
	  .ev = { RW("https:", 0, "html-entity /c", CO), RW("https:", 1, "html-entity /c", CO) } },
	{ .name = "§5.3: only the origin's source bytes are replaced; a later &#47; stays",
	  .in = "{\"c\":\"<a href=\\\"https:&#47;&#47;" CH "&#47;x\\\">k</a>\"}",
	  .want = "{\"c\":\"<a href=\\\"" VO "&#47;x\\\">k</a>\"}", .has_delta = true, .delta = 1,
	  .ev = { RW("https:", 0, "html-entity /c", CO) } },
	/* Plain origins in HTML that also holds references: rewritten once, on
	 * json-string; the decoded re-match meets the same origins and adds
	 * nothing; `&amp;` and `&#8217;` stay as they are. */
	{ .name = "§5.3, §9.1: JSON-escaped HTML with references, the string's escaping kept",
	  .in = "{\"content\":{\"rendered\":\"<p>Let&#8217;s <a href=\\\"" CJ "\\/?a=1&amp;b=2\\\">go<\\/a> &amp; " CJ
	        "\\/x.<\\/p>\\n\"}}",
	  .want = "{\"content\":{\"rendered\":\"<p>Let&#8217;s <a href=\\\"" VJ "\\/?a=1&amp;b=2\\\">go<\\/a> &amp; " VJ
	          "\\/x.<\\/p>\\n\"}}",
	  .ev = { RW("https:", 0, "json-string /content/rendered", CJ), RW("https:", 1, "json-string /content/rendered", CJ) } },
	{ .name = "§3.3, §9.1: srcset in content.rendered",
	  .in = "{\"r\":\"<img src=\\\"" CJ "\\/a.jpg\\\" srcset=\\\"" CJ "\\/a.jpg 1x, " CJ "\\/b.jpg 2x\\\" \\/>\"}",
	  .want = "{\"r\":\"<img src=\\\"" VJ "\\/a.jpg\\\" srcset=\\\"" VJ "\\/a.jpg 1x, " VJ "\\/b.jpg 2x\\\" \\/>\"}",
	  .ev = { RW("https:", 0, "json-string /r", CJ), RW("https:", 1, "json-string /r", CJ),
	          RW("https:", 2, "json-string /r", CJ) } },
};

START_TEST(test_html_in_json)
{
	RUN(html_in_json);
}
END_TEST

/* ------------------------------------------------------------ serialized in strings */

static const struct jcase serialized[] = {
	{ .name = "§7.2 json spelling: s:22 -> s:31",
	  .in = "{\"v\":\"s:22:\\\"" CO "\\\";\"}", .want = "{\"v\":\"s:31:\\\"" VO "\\\";\"}", .has_delta = true, .delta = 9,
	  .ev = { RW("https:", 0, "json-string /v", CO) } },
	/* §7.3: \/ counts 1, \u00e4 counts its UTF-8 length 2. */
	{ .name = "§7.3: lengths in decoded bytes (\\/ is 1, \\u00e4 is 2), nested in an array",
	  .in = "{\"v\":\"a:2:{s:3:\\\"url\\\";s:24:\\\"" CJ "\\/x\\\";s:4:\\\"name\\\";s:26:\\\"" CO "/\\u00e4x\\\";}\"}",
	  .want = "{\"v\":\"a:2:{s:3:\\\"url\\\";s:33:\\\"" VJ "\\/x\\\";s:4:\\\"name\\\";s:35:\\\"" VO "/\\u00e4x\\\";}\"}",
	  .has_delta = true, .delta = 18,
	  .ev = { RW("https:", 0, "json-string /v", CJ), RW("https:", 1, "json-string /v", CO) } },
	/* rules.md §7.2, §7.5: a stale length cannot be repaired: the value is left
	 * untouched, by the structured pass and the sweep, and reported */
	{ .name = "§7.2, §7.5: a stale length leaves the value untouched",
	  .in = "{\"v\":\"s:5:\\\"" CO "\\\";\"}", .want = "{\"v\":\"s:5:\\\"" CO "\\\";\"}",
	  .ev = { SK("\"s:5", 0, "serialized-untouched", "json-string /v", "\"s:5:\\\"" CO "\\\";\"") } },
};

START_TEST(test_serialized)
{
	RUN(serialized);
}
END_TEST

/* ------------------------------------------------------------ RFC 6901 paths */

static const struct jcase paths[] = {
	{ .name = "§9.1: RFC 6901 paths in nested objects and arrays",
	  .in = "{\"a\":[{\"b\":\"x\"},{\"c\":[\"y\",\"" CO "/1\"]}],\"d\":{\"e\":{\"f\":\"" CO "/2\"}},\"g\":\"" CO "/3\"}",
	  .want = "{\"a\":[{\"b\":\"x\"},{\"c\":[\"y\",\"" VO "/1\"]}],\"d\":{\"e\":{\"f\":\"" VO "/2\"}},\"g\":\"" VO "/3\"}",
	  .ev = { RW("https:", 0, "json-string /a/1/c/1", CO), RW("https:", 1, "json-string /d/e/f", CO),
	          RW("https:", 2, "json-string /g", CO) } },
	{ .name = "RFC 6901 §3: `/` in a key is ~1, `~` is ~0 (`~1` itself is ~01)",
	  .in = "{\"a/b\":{\"m~n\":{\"~1\":\"" CO "/\"}}}", .want = "{\"a/b\":{\"m~n\":{\"~1\":\"" VO "/\"}}}",
	  .ev = { RW("https:", 0, "json-string /a~1b/m~0n/~01", CO) } },
	{ .name = "RFC 6901: a key written a\\/b is the key a/b",
	  .in = "{\"a\\/b\":\"" CO "/\"}", .want = "{\"a\\/b\":\"" VO "/\"}",
	  .ev = { RW("https:", 0, "json-string /a~1b", CO) } },
	{ .name = "RFC 6901: the root is the empty pointer; array elements by index",
	  .in = "\"" CO "/\"", .want = "\"" VO "/\"", .ev = { RW("https:", 0, "json-string", CO) } },
	{ .name = "RFC 6901: indexes after closed containers",
	  .in = "[{\"a\":1},\"" CO "/\",[[],[\"" CO "/\"]]]", .want = "[{\"a\":1},\"" VO "/\",[[],[\"" VO "/\"]]]",
	  .ev = { RW("https:", 0, "json-string /1", CO), RW("https:", 1, "json-string /2/1/0", CO) } },
	{ .name = "RFC 6901: after a closed object member; the empty key is `/`",
	  .in = "{\"a\":{\"b\":[1,2]},\"c\":\"" CO "/\",\"\":\"" CO "/\"}",
	  .want = "{\"a\":{\"b\":[1,2]},\"c\":\"" VO "/\",\"\":\"" VO "/\"}",
	  .ev = { RW("https:", 0, "json-string /c", CO), RW("https:", 1, "json-string /", CO) } },
	{ .name = "§9.1: NDJSON paths start again at each value",
	  .in = "{\"a\":[\"" CO "/\"]}\n[\"x\",{\"b\":\"" CO "/\"}]\n", .want = "{\"a\":[\"" VO "/\"]}\n[\"x\",{\"b\":\"" VO "/\"}]\n",
	  .ev = { RW("https:", 0, "json-string /a/0", CO), RW("https:", 1, "json-string /1/b", CO) } },
};

START_TEST(test_paths)
{
	RUN(paths);
}
END_TEST

/* ------------------------------------------------------------ malformed input */

/* §9.2, §11.3: what was emitted before the error was
 * rewritten as JSON (json-string / json-key events), the rest of the stream
 * is prose on surface `text` (an origin after the error is still
 * rewritten), one warning naming the offset of the error, no byte lost. */
static const struct jcase malformed[] = {
	{ .name = "syntax error: a key without its colon",
	  .in = "{\"u\":\"" CO "/a\",\"k\" 1, \"v\":\"" CO "/b\"}", .want = "{\"u\":\"" VO "/a\",\"k\" 1, \"v\":\"" VO "/b\"}",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO) }, .warn_at = "1," },
	{ .name = "syntax error: {\"a\" 1} then an origin",
	  .in = "{\"a\" 1} " CO "/", .want = "{\"a\" 1} " VO "/",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = "1}" },
	{ .name = "syntax error: a bad literal",
	  .in = "{\"a\":tru,\"b\":\"" CO "/\"}", .want = "{\"a\":tru,\"b\":\"" VO "/\"}",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = "," },
	{ .name = "syntax error: a literal one byte too long",
	  .in = "{\"a\":truex,\"b\":\"" CO "/\"}", .want = "{\"a\":truex,\"b\":\"" VO "/\"}",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = "," },
	{ .name = "syntax error: a literal cut short, then a valid one",
	  .in = "[false,nul,\"" CO "/\"]", .want = "[false,nul,\"" VO "/\"]",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = ",\"" },
	{ .name = "truncated inside a string: the held token goes out as text",
	  .in = "{\"u\":\"" CO "/a\",\"v\":\"" CO "/b", .want = "{\"u\":\"" VO "/a\",\"v\":\"" VO "/b",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO) }, .warn_at = WARN_AT_END },
	{ .name = "truncated after a key",
	  .in = "{\"u\":\"" CO "/a\",\"" CO "/k\"", .want = "{\"u\":\"" VO "/a\",\"" VO "/k\"",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "json-key /" KEYPATH_CO "~1k", CO) },
	  .warn_at = WARN_AT_END },
	{ .name = "truncated after a key and its colon",
	  .in = "{\"u\":\"" CO "/a\",\"k\":", .want = "{\"u\":\"" VO "/a\",\"k\":",
	  .ev = { RW("https:", 0, "json-string /u", CO) }, .warn_at = WARN_AT_END },
	{ .name = "truncated inside an array",
	  .in = "{\"a\":[\"" CO "/1\",\"" CO "/2\",", .want = "{\"a\":[\"" VO "/1\",\"" VO "/2\",",
	  .ev = { RW("https:", 0, "json-string /a/0", CO), RW("https:", 1, "json-string /a/1", CO) },
	  .warn_at = WARN_AT_END },
	{ .name = "invalid UTF-8 inside a string (a stray 0xFF)",
	  .in = "{\"u\":\"" CO "/a\",\"v\":\"" CO "/\xff b\",\"w\":\"" CO "/c\"}",
	  .want = "{\"u\":\"" VO "/a\",\"v\":\"" VO "/\xff b\",\"w\":\"" VO "/c\"}",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO), RW("https:", 2, "text", CO) },
	  .warn_at = "\xff" },
	{ .name = "invalid UTF-8 inside a string (a lead byte, then the quote)",
	  .in = "{\"u\":\"" CO "/\xc3\",\"w\":\"" CO "/c\"}", .want = "{\"u\":\"" VO "/\xc3\",\"w\":\"" VO "/c\"}",
	  .ev = { RW("https:", 0, "text", CO), RW("https:", 1, "text", CO) }, .warn_at = "\",\"w" },
	{ .name = "invalid UTF-8 inside a string (overlong 0xC0 0xAF)",
	  .in = "{\"u\":\"" CO "/a\",\"v\":\"\xc0\xaf " CO "/b\"}", .want = "{\"u\":\"" VO "/a\",\"v\":\"\xc0\xaf " VO "/b\"}",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO) }, .warn_at = "\xc0" },
	{ .name = "a raw control character (TAB, LF) in a string",
	  .in = "{\"u\":\"" CO "/a\",\"v\":\"" CO "/\tb\nc\",\"w\":\"" CO "/c\"}",
	  .want = "{\"u\":\"" VO "/a\",\"v\":\"" VO "/\tb\nc\",\"w\":\"" VO "/c\"}",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO), RW("https:", 2, "text", CO) },
	  .warn_at = "\t" },
	/* On surface text the backslash is a path separator (§3.8): it ends the host. */
	{ .name = "a bad escape \\x41 (the rest on surface text, where a backslash ends the host)",
	  .in = "{\"u\":\"" CO "/a\",\"v\":\"" CO "\\x41\",\"w\":\"" CO "/c\"}",
	  .want = "{\"u\":\"" VO "/a\",\"v\":\"" VO "\\x41\",\"w\":\"" VO "/c\"}",
	  .ev = { RW("https:", 0, "json-string /u", CO), RW("https:", 1, "text", CO), RW("https:", 2, "text", CO) },
	  .warn_at = "x41" },
	{ .name = "a bad \\u escape",
	  .in = "{\"v\":\"\\u00g0 " CO "/\"}", .want = "{\"v\":\"\\u00g0 " VO "/\"}",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = "g0" },
	{ .name = "a JSON value followed by garbage",
	  .in = "{\"a\":\"" CO "/\"} garbage " CO "/x", .want = "{\"a\":\"" VO "/\"} garbage " VO "/x",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "text", CO) }, .warn_at = "garbage" },
	{ .name = "a JSON value followed by an extra close",
	  .in = "{\"a\":\"" CO "/\"}}" CO "/x", .want = "{\"a\":\"" VO "/\"}}" VO "/x",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "text", CO) }, .warn_at = "}https" },
	{ .name = "a top-level string followed by a bare word",
	  .in = "\"" CO "/\"x\"" CO "/\"", .want = "\"" VO "/\"x\"" VO "/\"",
	  .ev = { RW("https:", 0, "json-string", CO), RW("https:", 1, "text", CO) }, .warn_at = "x\"" },
	/* NDJSON / JSON Lines: a sequence of values, not an error: every line
	 * rewritten as JSON, no warning. */
	{ .name = "NDJSON: objects, an array and a string, one per line",
	  .in = "{\"a\":\"" CO "/1\"}\n[\"" CO "/2\"]\n\"" CO "/3\"\n{\"b\":{\"c\":\"" CO "/4\"}}\n",
	  .want = "{\"a\":\"" VO "/1\"}\n[\"" VO "/2\"]\n\"" VO "/3\"\n{\"b\":{\"c\":\"" VO "/4\"}}\n",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /0", CO),
	          RW("https:", 2, "json-string", CO), RW("https:", 3, "json-string /b/c", CO) } },
	{ .name = "NDJSON: CRLF line ends and a blank line",
	  .in = "{\"a\":\"" CO "/1\"}\r\n\r\n{\"a\":\"" CO "/2\"}\r\n",
	  .want = "{\"a\":\"" VO "/1\"}\r\n\r\n{\"a\":\"" VO "/2\"}\r\n",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "json-string /a", CO) } },
	{ .name = "NDJSON: a broken line sends the rest to text",
	  .in = "{\"a\":\"" CO "/1\"}\n{\"a\" \"" CO "/2\"}\n{\"a\":\"" CO "/3\"}\n",
	  .want = "{\"a\":\"" VO "/1\"}\n{\"a\" \"" VO "/2\"}\n{\"a\":\"" VO "/3\"}\n",
	  .ev = { RW("https:", 0, "json-string /a", CO), RW("https:", 1, "text", CO), RW("https:", 2, "text", CO) },
	  .warn_at = "\"https:", .warn_nth = 1 },
};

START_TEST(test_malformed)
{
	RUN(malformed);
}
END_TEST

/* ------------------------------------------------------------ string sequences */

/* json_feed takes an escape or UTF-8 sequence lying whole in the
 * chunk in one step and leaves the rest to its byte states. At read size 1
 * every sequence goes through the byte states, at 4096 and 65536 through
 * the one step: for every case both must agree with the expected verdict
 * (RFC 8259 §7 escapes, RFC 3629 §4 UTF-8: no overlong form, no surrogate,
 * nothing past U+10FFFF) and with each other, byte for byte and warning for
 * warning. The string ends in an origin, so a string taken whole is
 * rewritten as a json-string and a malformed one is not. */
static const struct { const char *seq; bool valid; } string_seqs[] = {
	{ "\\\"", true }, { "\\\\", true }, { "\\/", true }, { "\\b", true }, { "\\f", true },
	{ "\\n", true }, { "\\r", true }, { "\\t", true }, { "\\u00e4", true }, { "\\uABCD", true },
	{ "\\x", false }, { "\\U00e4", false }, { "\\u00g4", false }, { "\\u12", false },
	{ "\xc2\x80", true }, { "\xdf\xbf", true }, { "\xc3\xa4", true }, { "\xc0\xaf", false },
	{ "\xc1\xbf", false }, { "\xc2\x7f", false }, { "\xc2\xc0", false }, { "\xc3", false },
	{ "\xe0\xa0\x80", true }, { "\xe0\x9f\xbf", false }, { "\xed\x9f\xbf", true }, { "\xed\xa0\x80", false },
	{ "\xef\xbf\xbf", true }, { "\xe2\x82", false }, { "\xe2\x82\x41", false },
	{ "\xf0\x90\x80\x80", true }, { "\xf0\x8f\xbf\xbf", false }, { "\xf4\x8f\xbf\xbf", true },
	{ "\xf4\x90\x80\x80", false }, { "\xf5\x80\x80\x80", false }, { "\xf0\x9f\x98", false },
	{ "\x80", false }, { "\xbf", false }, { "\xff", false },
};

START_TEST(test_string_sequences)
{
	const char *seq = string_seqs[_i].seq;
	char in[256];
	int n = snprintf(in, sizeof in, "{\"s\":\"a%s%sb " CO "/x\",\"t\":1}", seq, seq);
	ck_assert(n > 0 && (size_t)n < sizeof in);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	static const size_t sizes[] = { 1, 2, 5, 4096, 65536 };
	struct pf_result first = { 0 };
	char *first_err = NULL;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pt, in, (size_t)n, sizes[i], false, &r, &err, &err_len);
		ck_assert_int_eq(r.rc, 0);
		bool warned = strstr(err, "malformed JSON") != NULL;
		ck_assert_msg(warned == !string_seqs[_i].valid, "sequence %d at read size %zu: warning \"%s\"", _i, sizes[i],
		              err);
		ck_assert_msg(r.rewrites[string_seqs[_i].valid ? SURFACE_JSON_STRING : SURFACE_TEXT] == 1,
		              "sequence %d at read size %zu: not rewritten on the expected surface", _i, sizes[i]);
		if (i == 0) {
			first = r;
			first_err = err;
			continue;
		}
		ck_assert_msg(r.out_len == first.out_len && memcmp(r.out, first.out, r.out_len) == 0,
		              "sequence %d: output differs between read sizes 1 and %zu", _i, sizes[i]);
		ck_assert_msg(strcmp(err, first_err) == 0, "sequence %d: stderr differs between read sizes 1 and %zu:\n%s\n%s",
		              _i, sizes[i], first_err, err);
		pf_free(&r);
		free(err);
	}
	pf_free(&first);
	free(first_err);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* The pipeline over in[0..len) at each read size of sizes[0..n), and at
 * the largest with each vector level the CPU has (HOSTSHIFT_SIMD: the
 * bytewise byte states alone, the 16-byte blocks, the 64- and 32-byte AVX2
 * blocks): every run gives the output, stderr and counters of the first,
 * which is left in *first and *first_err (the caller's to free); `what`
 * names the input in a failure. */
static void same_at_read_sizes(const struct patterns *pt, const char *in, size_t len, const size_t *sizes, size_t n,
                               const char *what, struct pf_result *first, char **first_err)
{
	size_t err_len;
	jrun_pt(pt, in, len, sizes[0], false, first, first_err, &err_len);
	ck_assert_int_eq(first->rc, 0);
	for (size_t i = 1; i < n; i++) {
		struct pf_result r;
		char *err;
		jrun_pt(pt, in, len, sizes[i], false, &r, &err, &err_len);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(r.out_len == first->out_len && memcmp(r.out, first->out, r.out_len) == 0,
		              "%s: output differs between read sizes %zu and %zu for %s", what, sizes[0], sizes[i],
		              show(0, in, len));
		ck_assert_msg(strcmp(err, *first_err) == 0, "%s: stderr differs at read size %zu for %s:\n%s\n%s", what,
		              sizes[i], show(0, in, len), *first_err, err);
		ck_assert_msg(pf_same_counters(first, &r), "%s: counters differ at read size %zu for %s", what, sizes[i],
		              show(0, in, len));
		pf_free(&r);
		free(err);
	}
	enum bytescan_level saved = (enum bytescan_level)bytescan_level_in_use;
	for (int lv = BYTESCAN_LEVEL_PORTABLE; lv <= (int)bytescan_best_level(); lv++) {
		ck_assert(bytescan_set_level((enum bytescan_level)lv));
		struct pf_result r;
		char *err;
		jrun_pt(pt, in, len, sizes[n - 1], false, &r, &err, &err_len);
		const char *at = bytescan_level_name((enum bytescan_level)lv);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(r.out_len == first->out_len && memcmp(r.out, first->out, r.out_len) == 0,
		              "%s: output differs at level %s for %s", what, at, show(0, in, len));
		ck_assert_msg(strcmp(err, *first_err) == 0, "%s: stderr differs at level %s for %s:\n%s\n%s", what, at,
		              show(0, in, len), *first_err, err);
		ck_assert_msg(pf_same_counters(first, &r), "%s: counters differ at level %s for %s", what, at, show(0, in, len));
		pf_free(&r);
		free(err);
	}
	ck_assert(bytescan_set_level(saved));
}

/* The blocks find the letters an escape may have and the hex
 * digits of `\uXXXX` by nibble tables (AVX2) or by compares (SSE2).
 * Exhaustive differential: every byte value as the letter after a
 * backslash and as each of the four digits (_i picks the template), at
 * read sizes 1 (the byte states alone), 30 (16-byte blocks), 50 (32- and
 * 16-byte blocks) and 65536 (64-byte blocks where the CPU has AVX2): the
 * same output, warnings and counters. A byte the escape accepts goes in at
 * every offset around the 32- and 64-byte block edges (one string each, in
 * one array); a byte it refuses ends the JSON, so it goes in alone, at one
 * of those offsets in turn. A block that wrongly refused a byte would only
 * be slower (the byte states decide); one that wrongly accepted a byte
 * would differ here. */
static const char *const byte_templates[] = { "\\%c00e4", "\\u%c0e4", "\\u0%ce4", "\\u00%c4", "\\u00e%c" };

START_TEST(test_string_block_bytes)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	static const size_t pads[] = { 0, 1, 2, 3, 26, 27, 28, 29, 30, 31, 32, 33, 58, 59, 60, 61, 62, 63, 64, 65 };
	const size_t npads = sizeof pads / sizeof pads[0];
	static const size_t sizes[] = { 1, 30, 50, 65536 };
	size_t accepted = 0;
	for (int c = 0; c < 256; c++) {
		bool good = _i == 0 ? (c && strchr("\"\\/bfnrtu", c) != NULL) : isxdigit(c) != 0;
		accepted += good;
		char in[4096];
		size_t len = 0;
		in[len++] = '[';
		for (size_t k = good ? 0 : (size_t)c % npads; k < npads; k++) {
			in[len++] = '"';
			memset(in + len, 'a', pads[k]);
			len += pads[k];
			int pl = snprintf(in + len, sizeof in - len, byte_templates[_i], c);   /* %c writes a NUL too */
			ck_assert_int_gt(pl, 0);
			len += (size_t)pl;
			len += (size_t)snprintf(in + len, sizeof in - len, "%s\",",
			                        "the tail of the string, long enough for a 64-byte block after it");
			if (!good) break;
		}
		len += (size_t)snprintf(in + len, sizeof in - len, "\"" CO "/z\"]");
		char what[32];
		snprintf(what, sizeof what, "byte %02x", c);
		struct pf_result first;
		char *first_err;
		same_at_read_sizes(&pt, in, len, sizes, sizeof sizes / sizeof sizes[0], what, &first, &first_err);
		ck_assert_msg((strstr(first_err, "malformed JSON") == NULL) == good, "byte %02x: %s by the byte states", c,
		              good ? "refused" : "accepted");
		ck_assert_uint_eq(first.rewrites[SURFACE_JSON_STRING], good ? 1 : 0);
		pf_free(&first);
		free(first_err);
	}
	/* the letters `"` `\` `/` b f n r t u, or the 22 hex digits */
	ck_assert_uint_eq(accepted, _i == 0 ? 9 : 22);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* json_feed also checks 64 string bytes at once (string_block64,
 * AVX2) when 68 lie in the chunk, 32 (string_block32) when 36 do, and 16
 * (string_block) when 20 do. Differential: random strings built from
 * pieces that sit on every rule (escapes good and bad, `\uXXXX` with a bad
 * digit, UTF-8 of every length, overlong, surrogate and truncated forms,
 * quotes, `\\`, control bytes) and placed at every offset of a block, run
 * at read size 1 (the byte states alone), 30 (16-byte blocks only), 50
 * (32-byte blocks, no 64) and at 4096 and 65536 (64-byte blocks where the
 * CPU has AVX2, then 32 and 16): the same output, counters and warnings. */
static const char *const block_pieces[] = {
	"a", "plain text ", "\\\"", "\\n", "\\/", "\\\\", "\\u00e4", "\\u002F", "\\uD83D\\uDE00", "\\u00g4", "\\x",
	"\xc3\xa4", "\xe2\x80\x99", "\xf0\x9f\x98\x80", "\xe0\xa0\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\xc0\xaf", "\xc3", "\x80", "\xff", "\t", "\"", CO "/p ", CJ "\\/q ", CU "\\u002Fr ",
	/* an origin spelled by references, rewritten only if the string is
	 * seen to hold a '&' (§4.5), and a plain one */
	"https:&#47;&#47;" CH "/s ", "&amp; ",
};

START_TEST(test_string_blocks)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	uint64_t x = 0x9E3779B97F4A7C15u ^ (uint64_t)_i;
	size_t npieces = sizeof block_pieces / sizeof block_pieces[0];
	size_t malformed = 0, rewritten = 0, by_refs = 0;
	for (int round = 0; round < 150; round++) {
		char in[1024];
		size_t len = 0;
		len += (size_t)snprintf(in, sizeof in, "[\"%.*s", (int)(round % 17), "0123456789abcdefg");
		int pieces = 1 + (int)(x % 24);
		for (int k = 0; k < pieces; k++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			/* mostly valid pieces: a malformed one ends the JSON early */
			static const size_t valid[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 24, 25, 26, 27, 28, 27 };
			size_t pick = x % 10 == 0 ? (size_t)(x >> 8) % npieces : valid[(x >> 8) % (sizeof valid / sizeof valid[0])];
			const char *pc = block_pieces[pick];
			size_t pl = strlen(pc);
			if (len + pl + 16 >= sizeof in) break;
			memcpy(in + len, pc, pl);
			len += pl;
		}
		/* an escaped backslash right before the closing quote */
		if (round % 4 == 0) len += (size_t)snprintf(in + len, sizeof in - len, "\\\\");
		len += (size_t)snprintf(in + len, sizeof in - len, "\",\"" CO "/z\"]");
		static const size_t sizes[] = { 1, 30, 50, 4096, 65536 };
		char what[32];
		snprintf(what, sizeof what, "round %d", round);
		struct pf_result first;
		char *first_err;
		same_at_read_sizes(&pt, in, len, sizes, sizeof sizes / sizeof sizes[0], what, &first, &first_err);
		if (strstr(first_err, "malformed JSON")) malformed++;
		if (first.rewrites[SURFACE_JSON_STRING]) rewritten++;
		if (first.rewrites[SURFACE_HTML_ENTITY]) by_refs++;
		pf_free(&first);
		free(first_err);
	}
	/* both verdicts are met, and origins spelled by references */
	ck_assert_uint_gt(malformed, 10);
	ck_assert_uint_gt(rewritten, 10);
	ck_assert_uint_gt(by_refs, 10);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* ------------------------------------------------------------ strings over the value cap */

/* A string value of JSON_VALUE_CAP + 4000 bytes with origins at its start,
 * across the cap, and at its end, then a normal member. Built in parallel:
 * `in` with the canonical, `want` with the variant. */
struct big { char *in, *want; size_t in_len, want_len; unsigned origins; };

static void big_put(struct big *b, const char *in, const char *want)
{
	size_t a = strlen(in), w = strlen(want);
	memcpy(b->in + b->in_len, in, a);
	memcpy(b->want + b->want_len, want, w);
	b->in_len += a;
	b->want_len += w;
}

static void big_fill(struct big *b, size_t upto)
{
	static const char filler[] = "lorem ipsum dolor sit amet ";
	while (b->in_len < upto) {
		size_t k = upto - b->in_len < sizeof filler - 1 ? upto - b->in_len : sizeof filler - 1;
		memcpy(b->in + b->in_len, filler, k);
		memcpy(b->want + b->want_len, filler, k);
		b->in_len += k;
		b->want_len += k;
	}
}

static void big_build(struct big *b, const char *spelled_in, const char *spelled_want)
{
	size_t cap = JSON_VALUE_CAP + 64 * 1024;
	b->in = malloc(cap);
	b->want = malloc(cap + 4096);
	ck_assert_ptr_nonnull(b->in);
	ck_assert_ptr_nonnull(b->want);
	b->in_len = b->want_len = 0;
	b->origins = 0;
	big_put(b, "{\"big\":\"", "{\"big\":\"");
	big_put(b, CJ "\\/a ", VJ "\\/a ");
	b->origins++;
	/* one origin on each side of every 64 KiB batch boundary of the window,
	 * and one across the cap itself */
	for (size_t at = 65536 - 20; at < JSON_VALUE_CAP + 2000; at += 65536) {
		big_fill(b, at);
		big_put(b, spelled_in, spelled_want);
		b->origins++;
	}
	big_fill(b, JSON_VALUE_CAP + 8 - 15);
	big_put(b, " " CO "/cap ", " " VO "/cap ");
	b->origins++;
	big_fill(b, JSON_VALUE_CAP + 4000);
	big_put(b, CO "/z\",\"next\":\"" CJ "\\/n\"}", VO "/z\",\"next\":\"" VJ "\\/n\"}");
	b->origins += 2;
}

/* §9.1, §11.2: a string longer than the cap streams through in prose
 * mode, counted size-cap-exceeded (§10.2), its origins rewritten (no token
 * cap that sends the rest unparsed) in the `\/` and the `\u002F` spellings
 * alike (§11.3 item 6); the member after it is JSON again. */
static const char *const big_spellings[][2] = {
	{ " " CJ "\\/p ", " " VJ "\\/p " },
	{ " " CU "\\u002Fp ", " " VU "\\u002Fp " },
};

START_TEST(test_value_cap)
{
	struct big b;
	big_build(&b, big_spellings[_i][0], big_spellings[_i][1]);
	ck_assert_uint_eq(b.want_len, b.in_len + 9 * b.origins);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	struct pf_result first;
	char *first_err = NULL;
	for (size_t i = 0; i < NALL; i++) {
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pt, b.in, b.in_len, all_sizes[i], false, &r, &err, &err_len);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(r.out_len == b.want_len && memcmp(r.out, b.want, b.want_len) == 0,
		              "read size %zu: output differs (length %zu, expected %zu)", all_sizes[i], r.out_len, b.want_len);
		ck_assert_uint_eq(r.skips[REASON_SIZE_CAP_EXCEEDED], 1);
		ck_assert_uint_eq(r.rewrites[SURFACE_JSON_STRING], b.origins);
		ck_assert_uint_eq(pf_total(r.rewrites, SURFACE_COUNT), b.origins);
		ck_assert_uint_eq(r.rewrites[SURFACE_STRAGGLER], 0);
		ck_assert_uint_eq(r.candidates[SURFACE_TEXT], 0);
		/* the warning: over the cap, not malformed */
		ck_assert_msg(count_lines(err) == 1 && strstr(err, "hostshift: in: ") == err && !strstr(err, "malformed"),
		              "stderr: %s", err);
		ck_assert_msg(r.explain && strstr(r.explain, "json-string /next"), "explain: the member after the big string");
		if (i == 0) {
			first = r;
			first_err = err;
			continue;
		}
		ck_assert_msg(pf_same_counters(&first, &r), "counters differ between read sizes %zu and %zu", all_sizes[0],
		              all_sizes[i]);
		ck_assert_msg(strcmp(first.explain, r.explain) == 0, "explain differs between read sizes %zu and %zu",
		              all_sizes[0], all_sizes[i]);
		ck_assert_str_eq(first_err, err);
		pf_free(&r);
		free(err);
	}
	pf_free(&first);
	free(first_err);
	free(b.in);
	free(b.want);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* ------------------------------------------------------------ defects */

/* Each of these pins a rule that is easy to get wrong; the comment above
 * each names the rule. */
static const struct jcase defects[] = {
	/* §5.3, §9.1: the string's own JSON escaping is kept: in a string that
	 * escapes / as \/, a replacement is written with \/ too. WordPress'
	 * content.rendered escapes every `/`; the origin found through &#47;
	 * must be written https:\/\/V there, not https://V. */
	{ .name = "§5.3, §9.1: the reference-found origin is written in the string's \\/ style",
	  .in = "{\"content\":{\"rendered\":\"<p><a href=\\\"https:&#47;&#47;" CH "\\/x\\\">k<\\/a><\\/p>\\n\"}}",
	  .want = "{\"content\":{\"rendered\":\"<p><a href=\\\"" VJ "\\/x\\\">k<\\/a><\\/p>\\n\"}}",
	  .has_delta = true, .delta = 3, .loose = true },
	/* §3.5, §3.8: in a JSON string a backslash opens a JSON escape;
	 * \u00e4 after the host continues it. The string is https:&#47;&#47;Cä
	 * once JSON-decoded: host Cä, not C. The decoded re-match runs on
	 * html-entity (path alphabet), where `\` would end the host and so
	 * rewrite another host's name. Expected: unchanged. */
	{ .name = "§3.5: reference-decoded https:&#47;&#47;C\\u00e4 is not C",
	  .in = "{\"c\":\"https:&#47;&#47;" CH "\\u00e4\"}", .loose = true, .has_delta = true, .delta = 0 },
	/* §12.1: `&` right after a host where the candidate begins the value
	 * is declined as not-a-url (a URL parser reads https://C&x=1 as host
	 * "C&x=1"). A JSON string value begins after its opening quote (§9.1),
	 * though the token is matched with its quote. */
	{ .name = "§12.1: & right after a host that begins the string value: declined",
	  .in = "{\"a\":\"" CO "&x=1\"}",
	  /* rules.md §6.4: the value whose value-start `&` candidate the
	   * structured pass declined goes to the sweep protected: one event */
	  .ev = { SK("https:", 0, "not-a-url", "json-string /a", CO) } },
	/* RFC 6901 §3 applies to the member name, i.e. the decoded key: \u002F
	 * is `/` (→ ~1), \" is `"`, \\ is `\`, \u007e is `~` (→ ~0), \u00e4 is ä.
	 * Copying the raw escapes into the path would be wrong. */
	{ .name = "RFC 6901: keys are decoded before they go into the path",
	  .in = "{\"a\\u002Fb\":{\"c\\\"d\":{\"e\\\\f\":{\"g\\u007eh\":{\"\\u00e4\":\"" CO "/\"}}}}}",
	  .want = "{\"a\\u002Fb\":{\"c\\\"d\":{\"e\\\\f\":{\"g\\u007eh\":{\"\\u00e4\":\"" VO "/\"}}}}}",
	  .ev = { RW("https:", 0, "json-string /a~1b/c\"d/e\\f/g~0h/\xc3\xa4", CO) } },
	/* RFC 8259 §6: a number is -?int frac? exp?; `1x` is a syntax error and
	 * must send the rest to text with a warning (§9.2), not be taken as a
	 * number because it starts with a digit. */
	{ .name = "RFC 8259 §6: 1x is not a number",
	  .in = "[1x,\"" CO "/\"]", .want = "[1x,\"" VO "/\"]",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = WARN_ANY },
	/* RFC 3629 §3 (RFC 8259 §8.1): UTF-16 surrogates encoded in UTF-8 (ED A0 80)
	 * and overlong 3-byte forms (E0 80 AF) are invalid UTF-8, though their
	 * continuation bytes are 10xxxxxx. */
	{ .name = "RFC 3629: an encoded surrogate is invalid UTF-8",
	  .in = "{\"u\":\"\xed\xa0\x80 " CO "/\"}", .want = "{\"u\":\"\xed\xa0\x80 " VO "/\"}",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = WARN_ANY },
	{ .name = "RFC 3629: an overlong 3-byte form is invalid UTF-8",
	  .in = "{\"u\":\"\xe0\x80\xaf " CO "/\"}", .want = "{\"u\":\"\xe0\x80\xaf " VO "/\"}",
	  .ev = { RW("https:", 0, "text", CO) }, .warn_at = WARN_ANY },
};

START_TEST(test_defects)
{
	run_case(&defects[_i]);
}
END_TEST

/* §9.1: the explain output gives the RFC 6901 path of each event —
 * also the size-cap event and the rewrites inside a string over the cap. */
START_TEST(test_defect_value_cap_paths)
{
	struct big b;
	big_build(&b, " " CJ "\\/p ", " " VJ "\\/p ");
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	struct pf_result r;
	char *err;
	size_t err_len;
	jrun_pt(&pt, b.in, b.in_len, 65536, false, &r, &err, &err_len);
	char want[256];
	snprintf(want, sizeof want, "  %8d  %-8s %-22s %-40s \n", 7, "skipped", "size-cap-exceeded", "json-string /big");
	ck_assert_msg(strstr(r.explain, want), "the size-cap event has no path /big:\n%.400s", r.explain);
	snprintf(want, sizeof want, "  %8d  %-8s %-22s %-40s %s\n", 8, "rewrote", "-", "json-string /big", CJ);
	ck_assert_msg(strstr(r.explain, want), "the rewrite inside the big string has no path /big:\n%.400s",
	              r.explain);
	pf_free(&r);
	free(err);
	free(b.in);
	free(b.want);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* §9.2: after malformed input the rest of the stream is processed as
 * text: an error inside a string over the cap must also switch to surface
 * text (staying on json-string, \u00e4 after a host would decline it,
 * where text rewrites it). */
START_TEST(test_defect_value_cap_malformed)
{
	struct big b;
	big_build(&b, " " CJ "\\/p ", " " VJ "\\/p ");
	/* cut the document after the cap origin and add an invalid byte, then an
	 * origin that only surface text rewrites */
	long cut = find_nth(b.in, b.in_len, " " CO "/cap ", 0);
	long cutw = find_nth(b.want, b.want_len, " " VO "/cap ", 0);
	ck_assert(cut > 0 && cutw > 0);
	b.in_len = (size_t)cut + strlen(" " CO "/cap ");
	b.want_len = (size_t)cutw + strlen(" " VO "/cap ");
	const char *tail_in = "\xff " CO "\\u00e4\"}", *tail_want = "\xff " VO "\\u00e4\"}";
	memcpy(b.in + b.in_len, tail_in, strlen(tail_in));
	memcpy(b.want + b.want_len, tail_want, strlen(tail_want));
	b.in_len += strlen(tail_in);
	b.want_len += strlen(tail_want);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	struct pf_result r;
	char *err;
	size_t err_len;
	jrun_pt(&pt, b.in, b.in_len, 65536, false, &r, &err, &err_len);
	ck_assert_msg(r.out_len == b.want_len && memcmp(r.out, b.want, b.want_len) == 0,
	              "after an error inside a string over the cap the rest is not text (tail: %s)",
	              show(0, r.out + (r.out_len > 40 ? r.out_len - 40 : 0), r.out_len > 40 ? 40 : r.out_len));
	ck_assert_uint_eq(r.rewrites[SURFACE_TEXT], 1);
	pf_free(&r);
	free(err);
	free(b.in);
	free(b.want);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* ------------------------------------------------------------ the corpus */

/* §11.3 item 6, test side: every JSON string of the document (keys too) is
 * decoded (\/ \" \\ \b \f \n \r \t \uXXXX with surrogate pairs → UTF-8) and
 * searched for the canonical origin as a URL: `//` + host (ASCII case-
 * insensitive) with a byte before that anchors it (§3.3),
 * followed by the end of the string, a delimiter, a default port or a root
 * dot before a delimiter. The percent spelling (`%2F%2F` + host before
 * `%2F` `%3F` `%23` `&` or the end) and `&#47;`/`&#x2F;`/`&sol;` references
 * are looked for too. Returns the number found; the first is described in
 * `what`. */
static bool delim_after(const unsigned char *s, size_t n, size_t i)
{
	if (i >= n) return true;
	unsigned char c = s[i];
	if (c == ':') {
		if (i + 4 <= n && memcmp(s + i + 1, "443", 3) == 0 && (i + 4 == n || s[i + 4] < '0' || s[i + 4] > '9'))
			return true;
		return i + 1 >= n || s[i + 1] < '0' || s[i + 1] > '9';
	}
	if (c == '.') return i + 1 >= n || (delim_after(s, n, i + 1) && s[i + 1] != '.');
	return strchr("/?#\"'<> \t\r\n),;]}|\\", c) != NULL && c != 0;
}

static bool blocks_left(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' ||
	       c == '-' || c == '_' || c == '%' || c == '\\';
}

static size_t leaks_in(const unsigned char *s, size_t n, char *what, size_t what_cap, size_t found)
{
	size_t hl = strlen(CH);
	for (size_t i = 0; i + 2 + hl <= n; i++) {
		size_t sep = 0;
		if (s[i] == '/' && s[i + 1] == '/') sep = 2;
		else if (i + 6 + hl <= n && strncasecmp((const char *)s + i, "%2F%2F", 6) == 0) sep = 6;
		if (!sep || strncasecmp((const char *)s + i + sep, CH, hl) != 0) continue;
		int before = i ? s[i - 1] : -1;
		bool scheme = (i >= 6 && strncasecmp((const char *)s + i - 6, "https:", 6) == 0) ||
		              (i >= 5 && strncasecmp((const char *)s + i - 5, "http:", 5) == 0) ||
		              (i >= 8 && strncasecmp((const char *)s + i - 8, "https%3A", 8) == 0) ||
		              (i >= 7 && strncasecmp((const char *)s + i - 7, "http%3A", 7) == 0);
		if (!scheme && before >= 0 && blocks_left(before)) continue;
		size_t e = i + sep + hl;
		bool ends = sep == 2 ? delim_after(s, n, e)
		                     : (e >= n || s[e] == '&' || s[e] == '"' ||
		                        (e + 3 <= n && (strncasecmp((const char *)s + e, "%2F", 3) == 0 ||
		                                        strncasecmp((const char *)s + e, "%3F", 3) == 0 ||
		                                        strncasecmp((const char *)s + e, "%23", 3) == 0)));
		if (!ends) continue;
		if (!found++ && what) {
			size_t from = i > 20 ? i - 20 : 0, to = e + 20 < n ? e + 20 : n;
			snprintf(what, what_cap, "%s", show(0, s + from, to - from));
		}
	}
	return found;
}

static size_t put_utf8(unsigned char *o, unsigned long cp)
{
	if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
	if (cp < 0x800) { o[0] = (unsigned char)(0xC0 | cp >> 6); o[1] = (unsigned char)(0x80 | (cp & 0x3F)); return 2; }
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xE0 | cp >> 12);
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (unsigned char)(0xF0 | cp >> 18);
	o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

static unsigned long hex4(const unsigned char *p)
{
	unsigned long v = 0;
	for (int k = 0; k < 4; k++) {
		unsigned char c = p[k];
		v = v * 16 + (unsigned long)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

static size_t json_leaks(const unsigned char *b, size_t n, char *what, size_t what_cap)
{
	size_t found = 0;
	unsigned char *s = malloc(n + 1), *r = malloc(n + 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(r);
	for (size_t i = 0; i < n; i++) {
		if (b[i] != '"') continue;
		size_t k = 0, j = i + 1;
		while (j < n && b[j] != '"') {
			if (b[j] != '\\' || j + 1 >= n) { s[k++] = b[j++]; continue; }
			unsigned char e = b[j + 1];
			j += 2;
			switch (e) {
			case 'b': s[k++] = '\b'; break;
			case 'f': s[k++] = '\f'; break;
			case 'n': s[k++] = '\n'; break;
			case 'r': s[k++] = '\r'; break;
			case 't': s[k++] = '\t'; break;
			case 'u': {
				if (j + 4 > n) break;
				unsigned long cp = hex4(b + j);
				j += 4;
				if (cp >= 0xD800 && cp < 0xDC00 && j + 6 <= n && b[j] == '\\' && b[j + 1] == 'u') {
					unsigned long lo = hex4(b + j + 2);
					if (lo >= 0xDC00 && lo < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); j += 6; }
				}
				if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;
				k += put_utf8(s + k, cp);
				break;
			}
			default: s[k++] = e; break;   /* \" \\ \/ */
			}
		}
		found = leaks_in(s, k, what, what_cap, found);
		/* the references of §5.1 that spell `/` */
		size_t m = 0;
		for (size_t q = 0; q < k;) {
			if (s[q] == '&' && q + 5 <= k && memcmp(s + q, "&#47;", 5) == 0) { r[m++] = '/'; q += 5; }
			else if (s[q] == '&' && q + 6 <= k && strncasecmp((const char *)s + q, "&#x2f;", 6) == 0) { r[m++] = '/'; q += 6; }
			else if (s[q] == '&' && q + 5 <= k && memcmp(s + q, "&sol;", 5) == 0) { r[m++] = '/'; q += 5; }
			else r[m++] = s[q++];
		}
		if (m != k) found = leaks_in(r, m, what, what_cap, found);
		i = j;
	}
	free(s);
	free(r);
	return found;
}

/* §11.3 item 2, test side: both documents with every origin spelling of the
 * canonical or the variant (scheme `http`/`https` or none; separator `//`,
 * `\/\/`, `\u002F\u002F`, `%2F%2F`; a written default port) replaced by one
 * marker byte, and the digits of every serialized string length `s:N:"` /
 * `s:N:\"` (repaired by §7) by `#`: what remains must be identical (only
 * origin bytes, and the lengths of the strings that hold them, differ). */
static size_t normalise(const unsigned char *b, size_t n, unsigned char *o)
{
	static const char *const seps[] = { "//", "\\/\\/", "\\u002f\\u002f", "%2f%2f" };
	static const char *const hosts[] = { CH, VH };
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		size_t best = 0;
		size_t sch = 0;
		if (i + 5 <= n && strncasecmp((const char *)b + i, "https", 5) == 0) sch = 5;
		else if (i + 4 <= n && strncasecmp((const char *)b + i, "http", 4) == 0) sch = 4;
		for (int withscheme = 1; withscheme >= 0 && !best; withscheme--) {
			size_t p = i;
			if (withscheme) {
				if (!sch) continue;
				p += sch;
				if (p < n && b[p] == ':') p++;
				else if (p + 3 <= n && strncasecmp((const char *)b + p, "%3a", 3) == 0) p += 3;
				else continue;
			}
			for (size_t s = 0; s < sizeof seps / sizeof seps[0] && !best; s++) {
				size_t sl = strlen(seps[s]);
				if (p + sl > n || strncasecmp((const char *)b + p, seps[s], sl) != 0) continue;
				for (size_t h = 0; h < 2 && !best; h++) {
					size_t hl = strlen(hosts[h]);
					if (p + sl + hl > n || strncasecmp((const char *)b + p + sl, hosts[h], hl) != 0) continue;
					size_t e = p + sl + hl;
					if (e + 4 <= n && memcmp(b + e, ":443", 4) == 0) e += 4;
					best = e - i;
				}
			}
		}
		if (!best && b[i] == 's' && i + 2 < n && b[i + 1] == ':' && b[i + 2] >= '0' && b[i + 2] <= '9') {
			size_t d = i + 2;
			while (d < n && b[d] >= '0' && b[d] <= '9') d++;
			if (d < n && b[d] == ':' && d + 1 < n && (b[d + 1] == '"' || (b[d + 1] == '\\' && d + 2 < n && b[d + 2] == '"'))) {
				memcpy(o + k, "s:#", 3);
				k += 3;
				i = d;
				continue;
			}
		}
		if (best) {
			o[k++] = 1;
			i += best;
		} else {
			o[k++] = b[i++];
		}
	}
	return k;
}

static size_t nlines(const unsigned char *b, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (b[i] == '\n') c++;
	return c;
}

static const char *const fixtures[] = {
	"wp-v2-posts.json",    /* /wp-json/wp/v2/posts: content.rendered, excerpt, guid, _links, yoast_head, serialized meta */
	"wp-v2-media.json",    /* /wp-json/wp/v2/media: media_details.sizes.*.source_url, description HTML */
	"wp-json-index.json",  /* /wp-json: url, home, namespaces, routes (keys with `/`), _links */
	"wp-v2-settings.json", /* /wp-json/wp/v2/settings?_pretty */
	"oembed.json",         /* /wp-json/oembed/1.0/embed: html with blockquote, iframe, script */
	"posts-export.ndjson", /* jq -c '.[]': NDJSON, unescaped slashes and UTF-8, origins in keys */
};
#define NFIX (sizeof fixtures / sizeof fixtures[0])

static unsigned char *slurp_fixture(const char *name, bool expected, size_t *len)
{
	char path[512];
	if (expected) {
		const char *dot = strrchr(name, '.');
		snprintf(path, sizeof path, CORPUS_DIR "/%.*s.expected%s", (int)(dot - name), name, dot);
	} else {
		snprintf(path, sizeof path, CORPUS_DIR "/%s", name);
	}
	unsigned char *b = pf_slurp(path, len);
	ck_assert_msg(b != NULL, "cannot read %s (the unit binary runs from the repository root)", path);
	return b;
}

/* Each fixture against its reviewed expected output at read sizes 1, 7,
 * 4096, 65536 (§11.3 item 3: output, counters and explain identical), no
 * straggler (§6.1), no fallback to text, no warning; §11.3 invariants 1, 2,
 * 4 and 6. */
START_TEST(test_corpus)
{
	const char *name = fixtures[_i];
	size_t in_len, want_len;
	unsigned char *in = slurp_fixture(name, false, &in_len);
	unsigned char *want = slurp_fixture(name, true, &want_len);
	size_t map_len;
	unsigned char *map_text = pf_slurp(CORPUS_DIR "/site.map", &map_len);
	ck_assert_msg(map_text != NULL, "cannot read " CORPUS_DIR "/site.map");
	ck_assert_str_eq((char *)map_text, MAP_MAIN);

	struct map m, mi;
	struct patterns pt, pti;
	pf_build(&m, &pt, (const char *)map_text, false);
	pf_build(&mi, &pti, MAP_IDENTITY, false);

	struct pf_result first;
	for (size_t i = 0; i < NCORPUS; i++) {
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pt, in, in_len, corpus_sizes[i], false, &r, &err, &err_len);
		ck_assert_int_eq(r.rc, 0);
		if (r.out_len != want_len || memcmp(r.out, want, want_len) != 0) {
			size_t d = 0;
			while (d < r.out_len && d < want_len && r.out[d] == want[d]) d++;
			size_t from = d > 60 ? d - 60 : 0;
			ck_abort_msg("%s: read size %zu: output differs from the expected file at byte %zu:\n  expected %s\n  got      %s",
			             name, corpus_sizes[i], d, show(0, want + from, want_len - from < 160 ? want_len - from : 160),
			             show(1, r.out + from, r.out_len - from < 160 ? r.out_len - from : 160));
		}
		ck_assert_msg(r.rewrites[SURFACE_STRAGGLER] == 0, "%s: %" PRIu64 " straggler(s)", name,
		              r.rewrites[SURFACE_STRAGGLER]);
		ck_assert_msg(r.candidates[SURFACE_TEXT] == 0 && r.skips[REASON_SIZE_CAP_EXCEEDED] == 0,
		              "%s: fell back to text or hit the cap", name);
		ck_assert_msg(err_len == 0, "%s: stderr: %s", name, err);
		ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) > 0, "%s: nothing rewritten", name);
		free(err);
		if (i == 0) {
			first = r;
			continue;
		}
		ck_assert_msg(pf_same_counters(&first, &r), "%s: counters differ between read sizes %zu and %zu", name,
		              corpus_sizes[0], corpus_sizes[i]);
		ck_assert_msg(strcmp(first.explain, r.explain) == 0, "%s: explain differs between read sizes %zu and %zu",
		              name, corpus_sizes[0], corpus_sizes[i]);
		pf_free(&r);
	}

	/* §11.1 identity: byte-identical, nothing rewritten, at every size */
	for (size_t i = 0; i < NCORPUS; i++) {
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pti, in, in_len, corpus_sizes[i], false, &r, &err, &err_len);
		ck_assert_msg(r.out_len == in_len && memcmp(r.out, in, in_len) == 0, "%s: identity map changed bytes", name);
		ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: identity map rewrote", name);
		ck_assert_msg(err_len == 0, "%s: identity: stderr: %s", name, err);
		pf_free(&r);
		free(err);
	}

	/* §11.2 splice-only: same line count; with every origin spelling masked, identical */
	ck_assert_uint_eq(nlines(first.out, first.out_len), nlines(in, in_len));
	unsigned char *na = malloc(in_len + 1), *nb = malloc(first.out_len + 1);
	ck_assert_ptr_nonnull(na);
	ck_assert_ptr_nonnull(nb);
	size_t la = normalise(in, in_len, na), lb = normalise(first.out, first.out_len, nb);
	if (la != lb || memcmp(na, nb, la) != 0) {
		size_t d = 0;
		while (d < la && d < lb && na[d] == nb[d]) d++;
		size_t from = d > 40 ? d - 40 : 0;
		ck_abort_msg("%s: bytes other than origins differ near normalised byte %zu:\n  in  %s\n  out %s", name, d,
		             show(0, na + from, la - from < 100 ? la - from : 100), show(1, nb + from, lb - from < 100 ? lb - from : 100));
	}
	free(na);
	free(nb);

	/* §11.3 item 4, idempotence: the output again is a fixed point */
	{
		struct pf_result r;
		char *err;
		size_t err_len;
		jrun_pt(&pt, first.out, first.out_len, 65536, false, &r, &err, &err_len);
		ck_assert_msg(r.out_len == first.out_len && memcmp(r.out, first.out, r.out_len) == 0, "%s: not idempotent", name);
		ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: the second run rewrote", name);
		pf_free(&r);
		free(err);
	}

	/* §11.3 item 6, no leak: no canonical origin in any JSON string of the output;
	 * the checker does find them in the input */
	char what[512] = "";
	size_t leaks = json_leaks(first.out, first.out_len, what, sizeof what);
	ck_assert_msg(leaks == 0, "%s: %zu canonical origin(s) left in JSON strings, first: %s", name, leaks, what);
	ck_assert_msg(json_leaks(in, in_len, NULL, 0) > 0, "%s: the leak check finds nothing in the input", name);

	pf_free(&first);
	free(in);
	free(want);
	free(map_text);
	patterns_free(&pt);
	map_free(&m);
	patterns_free(&pti);
	map_free(&mi);
}
END_TEST

/* The test-side leak check itself (§11.3 item 6): it finds each spelling and
 * passes near misses. */
START_TEST(test_leak_checker)
{
	static const struct { const char *doc; size_t leaks; } t[] = {
		{ "{\"a\":\"" CJ "\\/x\"}", 1 },
		{ "{\"a\":\"" CU "\"}", 1 },
		{ "{\"" CO "\":1}", 1 },
		{ "{\"a\":\"x https:\\/\\/WWW.EXAMPLE.FI. y\"}", 1 },
		{ "{\"a\":\"" CO ":443/\"}", 1 },
		{ "{\"a\":\"?u=https%3A%2F%2F" CH "%2Fx\"}", 1 },
		{ "{\"a\":\"<a href=\\\"https:&#47;&#47;" CH "/\\\">\"}", 1 },
		{ "{\"a\":\"\\u002F\\u002F" CH "\"}", 1 },
		{ "{\"a\":\"" CO "\\u00e4\",\"b\":\"" CO ".evil/\",\"c\":\"" CO ":8080/\",\"d\":\"x//" CH "/\"}", 0 },
		{ "{\"a\":\"" VJ "\\/x\",\"b\":\"" CH "\"}", 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char what[512] = "";
		size_t n = json_leaks((const unsigned char *)t[i].doc, strlen(t[i].doc), what, sizeof what);
		ck_assert_msg(n == t[i].leaks, "leak check on %s: %zu, expected %zu", t[i].doc, n, t[i].leaks);
	}
}
END_TEST

Suite *json_suite(void)
{
	Suite *s = suite_create("json_suite");
	TCase *tc = tcase_create("json");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_spellings);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_html_in_json);
	tcase_add_test(tc, test_serialized);
	tcase_add_test(tc, test_paths);
	tcase_add_test(tc, test_malformed);
	tcase_add_loop_test(tc, test_string_sequences, 0, (int)(sizeof string_seqs / sizeof string_seqs[0]));
	tcase_add_loop_test(tc, test_string_blocks, 0, 8);
	tcase_add_loop_test(tc, test_string_block_bytes, 0, (int)(sizeof byte_templates / sizeof byte_templates[0]));
	suite_add_tcase(s, tc);

	TCase *cap = tcase_create("value_cap");
	tcase_set_timeout(cap, 600);
	tcase_add_loop_test(cap, test_value_cap, 0, 2);
	suite_add_tcase(s, cap);

	TCase *corpus = tcase_create("corpus");
	tcase_set_timeout(corpus, 300);
	tcase_add_test(corpus, test_leak_checker);
	tcase_add_loop_test(corpus, test_corpus, 0, (int)NFIX);
	suite_add_tcase(s, corpus);

	/* Rules easy to get wrong, pinned (see each case). */
	TCase *def = tcase_create("regressions");
	tcase_set_timeout(def, 120);
	tcase_add_loop_test(def, test_defects, 0, (int)(sizeof defects / sizeof defects[0]));
	tcase_add_test(def, test_defect_value_cap_paths);
	tcase_add_test(def, test_defect_value_cap_malformed);
	suite_add_tcase(s, def);
	return s;
}
