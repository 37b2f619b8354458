/* test_matcher.c — the byte matcher, rule by rule, from docs/rules.md
 * §2–§3 (and §12). Map unless stated: C = www.example.fi →
 * V = wt-a--example.ddev.site (MAP_MAIN). Each test names its section. */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "matcher_fixture.h"
#include "suites.h"

#define L(lit) (sizeof(lit) - 1)
#define V_ MATCH_VALUE
#define P_ MATCH_PROSE
#define ATTR SURFACE_HTML_ATTR
#define TEXT SURFACE_TEXT
#define SCRIPT SURFACE_INLINE_SCRIPT
#define JSONS SURFACE_JSON_STRING
#define SWEEP SURFACE_SWEEP

#define RW ACTION_REWROTE
#define SK ACTION_SKIPPED

/* Extra maps. */
#define MAP_AB "https://a.example https://va.test\nhttps://a.example.fi https://vb.test\n"
#define MAP_PORTS "https://c.example https://one.test\nhttps://c.example:8443 https://two.test\n"
#define MAP_VPORT "https://c.example http://127.0.0.1:8080\n"
#define MAP_IDENTITY "https://www.example.fi https://www.example.fi\n"
#define MAP_SCHEME_ONLY "http://www.example.fi https://www.example.fi\n"
#define MAP_C8443 "https://www.example.fi:8443 https://wt-a--example.ddev.site\n"
/* One site, two lines on the same host:port differing by scheme; the first
 * declared pair whose port matches wins (§3.6). */
#define MAP_ORDER_ID_FIRST "https://c.example https://c.example\nhttp://c.example https://c.example\n"
#define MAP_ORDER_ID_SECOND "http://c.example https://c.example\nhttps://c.example https://c.example\n"

/* ---------------------------------------------------------------- §2.1 */

/* §2.1: https × raw `//`. */
START_TEST(s2_1_pattern_https_raw)
{
	EXPECT_RW(V_, ATTR, "https://" CH "/x", "https://" VH "/x", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "/x", "https://" VH "/x", 1);
}
END_TEST

/* §2.1: http × raw; the variant's scheme is written (§2.2). */
START_TEST(s2_1_pattern_http_raw)
{
	EXPECT_RW(V_, ATTR, "http://" CH "/x", "https://" VH "/x", 1);
}
END_TEST

/* §2.1: relative × raw. */
START_TEST(s2_1_pattern_relative_raw)
{
	EXPECT_RW(V_, ATTR, "//" CH "/x", "//" VH "/x", 1);
}
END_TEST

/* §2.1: https × JSON `\/\/`. */
START_TEST(s2_1_pattern_https_json)
{
	EXPECT_RW(V_, ATTR, "https:\\/\\/" CH "\\/x", "https:\\/\\/" VH "\\/x", 1);
	EXPECT_RW(P_, SCRIPT, "https:\\/\\/" CH "\\/x", "https:\\/\\/" VH "\\/x", 1);
}
END_TEST

/* §2.1: http × JSON. */
START_TEST(s2_1_pattern_http_json)
{
	EXPECT_RW(P_, SCRIPT, "http:\\/\\/" CH "\\/x", "https:\\/\\/" VH "\\/x", 1);
}
END_TEST

/* §2.1: relative × JSON. */
START_TEST(s2_1_pattern_relative_json)
{
	EXPECT_RW(P_, SCRIPT, "\\/\\/" CH "\\/x", "\\/\\/" VH "\\/x", 1);
}
END_TEST

/* §2.1: https × percent `%3A%2F%2F`. */
START_TEST(s2_1_pattern_https_pct)
{
	EXPECT_RW(V_, ATTR, "https%3A%2F%2F" CH "%2Fx", "https%3A%2F%2F" VH "%2Fx", 1);
}
END_TEST

/* §2.1: http × percent. */
START_TEST(s2_1_pattern_http_pct)
{
	EXPECT_RW(V_, ATTR, "http%3A%2F%2F" CH "%2Fx", "https%3A%2F%2F" VH "%2Fx", 1);
}
END_TEST

/* §2.1: relative × percent. */
START_TEST(s2_1_pattern_relative_pct)
{
	EXPECT_RW(V_, ATTR, "%2F%2F" CH "%2Fx", "%2F%2F" VH "%2Fx", 1);
}
END_TEST

/* §2.1: no other spellings are patterns (double-escaped JSON, double
 * percent, character references, CSS escapes). */
START_TEST(s2_1_no_other_spellings)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "%25252F%25252F" CH);
	EXPECT_SAME(V_, ATTR, "https:&#47;&#47;" CH "/x");
	EXPECT_SAME(P_, SURFACE_INLINE_STYLE, "https\\3a \\2f \\2f " CH "/x");
	SCAN(V_, ATTR, "%25252F%25252F" CH, &log);
	EXPECT_NEVENTS(log, 0);
	/* eight backslashes before each slash: past ENC_BS_MAX */
	EXPECT_SAME(P_, SCRIPT, "https:\\\\\\\\\\\\\\\\/\\\\\\\\\\\\\\\\/" CH "/x");
}
END_TEST

/* §2.1: the backslash-escaped slash at any depth up to seven backslashes,
 * the same run before both slashes, in every mode and on every surface;
 * the replacement writes the run it matched. */
START_TEST(s2_1_backslash_runs)
{
	/* JSON in a JSON string (three), in a SQL dump of it (six), JSON three
	 * deep (seven) */
	EXPECT_RW(P_, SCRIPT, "{\\\"u\\\":\\\"https:\\\\\\/\\\\\\/" CH "\\\\\\/cart\\\\\\/\\\"}",
	          "{\\\"u\\\":\\\"https:\\\\\\/\\\\\\/" VH "\\\\\\/cart\\\\\\/\\\"}", 1);
	EXPECT_RW(V_, JSONS, "https:\\\\\\\\\\\\/\\\\\\\\\\\\/" CH "/x",
	          "https:\\\\\\\\\\\\/\\\\\\\\\\\\/" VH "/x", 1);
	EXPECT_RW(V_, ATTR, "https:\\\\\\\\\\\\\\/\\\\\\\\\\\\\\/" CH,
	          "https:\\\\\\\\\\\\\\/\\\\\\\\\\\\\\/" VH, 1);
	/* the relative form, anchored as §3.3 says; http with a default port
	 * takes the variant's scheme */
	EXPECT_RW(P_, TEXT, "\"\\\\\\/\\\\\\/" CH "\\\\\\/\"", "\"\\\\\\/\\\\\\/" VH "\\\\\\/\"", 1);
	EXPECT_SAME(P_, TEXT, "x\\\\\\/\\\\\\/" CH "/");
	EXPECT_RW(P_, SCRIPT, "http:\\\\\\/\\\\\\/" CH ":80\\\\\\/", "https:\\\\\\/\\\\\\/" VH "\\\\\\/", 1);
	/* runs that differ are no separator of one encoding: a shorter second
	 * run is the relative form of its own length, unanchored after `\` */
	EXPECT_SAME(P_, SCRIPT, "https:\\\\\\/\\/" CH "/");
	EXPECT_SAME(P_, SCRIPT, "https:\\/\\\\\\/" CH "/");
}
END_TEST

/* §3.5: in a style sheet (inline-style) a CSS escape after a host is read
 * as the character it stands for: a colon is a port separator, a host byte
 * goes on with the host, a TAB is removable, a slash ends the host. */
START_TEST(s3_5_css_escapes_after_host)
{
	struct ev_log log;
	SCAN(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\\3a 8443/x)", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 4, 4 + L("https://" CH "\\3a 8443"), SK, REASON_HOST_NOT_IN_MAP, SURFACE_INLINE_STYLE);
	EXPECT_SAME(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\\:8443/x)");
	EXPECT_SAME(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\\00003A8443/x)");
	EXPECT_RW(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\\3a 443/x)", "url(https://" VH "/x)", 1);
	SCAN(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\\2e evil.test/x)", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 4, 4 + L("https://" CH), SK, REASON_NOT_A_URL, SURFACE_INLINE_STYLE);
	EXPECT_SAME(P_, SURFACE_INLINE_STYLE, "url(//" CH "\\41)");
	EXPECT_RW(P_, SURFACE_INLINE_STYLE, "url(//" CH "\\9 /x)", "url(//" VH "\\9 /x)", 1);
	EXPECT_RW(P_, SURFACE_INLINE_STYLE, "url(//" CH "\\/x)", "url(//" VH "\\/x)", 1);
	/* a backslash and a newline begin no escape: a delimiter */
	EXPECT_RW(P_, SURFACE_INLINE_STYLE, "url(//" CH "\\\n)", "url(//" VH "\\\n)", 1);
	/* not a style sheet: a backslash ends the host */
	EXPECT_RW(P_, TEXT, "//" CH "\\3a 8443/x", "//" VH "\\3a 8443/x", 1);
}
END_TEST

/* §2.1: percent of a JSON escape (decodeURIComponent then JSON.parse)
 * and percent twice (a redirect parameter inside a redirect parameter). */
START_TEST(s2_1_percent_compositions)
{
	EXPECT_RW(P_, SCRIPT, "(\"%7B%22root%22%3A%22https%3A%5C%2F%5C%2F" CH "%5C%2Fwp-json%5C%2F%22%7D\")",
	          "(\"%7B%22root%22%3A%22https%3A%5C%2F%5C%2F" VH "%5C%2Fwp-json%5C%2F%22%7D\")", 1);
	EXPECT_RW(V_, ATTR, "%5c%2f%5c%2f" CH "%5c%2fx", "%5C%2F%5C%2F" VH "%5c%2fx", 1);
	EXPECT_RW(V_, ATTR, "/r?u=https%253A%252F%252F" CH "%252Fx", "/r?u=https%253A%252F%252F" VH "%252Fx", 1);
	EXPECT_RW(V_, ATTR, "/r?u=%252F%252F" CH "%253A443%252Fx", "/r?u=%252F%252F" VH "%252Fx", 1);
	/* a port the map does not name, written twice percent-encoded */
	EXPECT_SAME(V_, ATTR, "/r?u=https%253A%252F%252F" CH "%253A8443%252Fx");
	/* the left anchor of §3.3 */
	EXPECT_SAME(V_, ATTR, "a%252F%252F" CH "%252Fx");
	/* `%25` after a host ends it only where the host is spelled percent
	 * twice: elsewhere a URL parser reads a `%` into the host (§3.5) */
	EXPECT_RW(V_, ATTR, "/r?u=https%253A%252F%252F" CH "%2523x", "/r?u=https%253A%252F%252F" VH "%2523x", 1);
	EXPECT_SAME(V_, ATTR, "https://" CH "%2523/x");
	EXPECT_SAME(V_, ATTR, "https%3A%2F%2F" CH "%25");
	/* a percent colon before raw slashes: a redirect parameter half
	 * encoded, decoded by the server it is given to (the slashes as
	 * written, a written port after them raw) */
	EXPECT_RW(V_, ATTR, "/r?u=https%3A//" CH "/x", "/r?u=https%3A//" VH "/x", 1);
	EXPECT_RW(P_, TEXT, "go to http%3a//" CH "/x now", "go to https%3A//" VH "/x now", 1);
	EXPECT_SAME(P_, TEXT, "go to http%3a//" CH ":443/x now");
	EXPECT_SAME(V_, ATTR, "/r?u=https%3A//" CH ":8443/x");
	EXPECT_SAME(V_, ATTR, "/r?u=x%3A//" CH "/x");
}
END_TEST

/* A script's line continuation after a host: the string drops it, so
 * the host goes on (rules.md §3.5). */
START_TEST(s3_5_js_continuation_after_host)
{
	EXPECT_SAME(P_, SCRIPT, "u=\"https://" CH "\\\n.evil.test/x\"");
	EXPECT_SAME(P_, SCRIPT, "u=\"https://" CH "\\\r\n.evil.test/x\"");
	EXPECT_SAME(P_, SCRIPT, "u=\"https://" CH "\\\xe2\x80\xa8.evil.test/x\"");
	EXPECT_RW(P_, SCRIPT, "u=\"https://" CH "\\\n/x\"", "u=\"https://" VH "\\\n/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "u=\"https://" CH "\\n/x\"", "u=\"https://" VH "\\n/x\"", 1);
}
END_TEST

/* ---------------------------------------------------------------- §2.3 */

/* §2.3: ASCII case-insensitive: scheme, host, percent hex. */
START_TEST(s2_3_ascii_case_insensitive)
{
	EXPECT_RW(V_, ATTR, "HTTPS://WWW.EXAMPLE.FI/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "HtTp://wWw.ExAmPlE.fI/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "%2f%2F" CH "%2Fa", "%2F%2F" VH "%2Fa", 1);
	EXPECT_RW(V_, ATTR, "%2F%2f" CH, "%2F%2F" VH, 1);
	EXPECT_RW(V_, ATTR, "HTTP%3a%2f%2FWWW.EXAMPLE.FI", "https%3A%2F%2F" VH, 1);
	EXPECT_RW(P_, SCRIPT, "HTTPS:\\/\\/WWW.Example.Fi\\/", "https:\\/\\/" VH "\\/", 1);
}
END_TEST

/* §2.3: non-ASCII bytes compare exactly: no folding trick (|0x20, &0xDF,
 * &0x7F) may let a byte that is not the ASCII letter/digit/dot match. */
START_TEST(s2_3_non_ascii_exact)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://\xd7" "ww.example.fi/x");  /* 'W'|0x80 */
	EXPECT_SAME(V_, ATTR, "https://\xf7" "ww.example.fi/x");  /* 'w'|0x80 */
	EXPECT_SAME(V_, ATTR, "https://www.example.f\xc9/x");     /* 'I'|0x80 */
	EXPECT_SAME(V_, ATTR, "https://www\x0e" "example.fi/x");  /* '.' ^ 0x20 */
	EXPECT_SAME(V_, ATTR, "https://www.example\xae" "fi/x");  /* '.'|0x80 */
	SCAN(V_, ATTR, "https://\xd7" "ww.example.fi/x", &log);
	EXPECT_NEVENTS(log, 0);
	SCAN(V_, ATTR, "https://www\x0e" "example.fi/x", &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

/* ---------------------------------------------------------------- §3.1 */

/* §3.1: prefilter: no separator → no events, unchanged, consumed = limit. */
START_TEST(s3_1_prefilter_consumed_is_limit)
{
	struct ev_log log;
	const char *in = "www.example.fi https:" CH;
	size_t c = fx_scan_map(MAP_MAIN, in, strlen(in), 5, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 0);
	ck_assert_uint_eq(c, 5);
	c = fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), MATCH_NO_PREV, P_, SWEEP, &log);
	ck_assert_uint_eq(c, strlen(in));
	EXPECT_SAME(P_, TEXT, "Order at www.example.fi today");
}
END_TEST

/* ---------------------------------------------------------------- §3.2 */

/* §3.2 step 3 and the paragraph after the list: leftmost-longest host;
 * the shorter host is not tried when the longest fails its anchors. */
START_TEST(s3_2_longest_host)
{
	struct ev_log log;
	EXPECT_SAME_MAP(MAP_AB, V_, ATTR, "https://a.example.fix");
	SCAN_MAP(MAP_AB, V_, ATTR, "https://a.example.fix", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://a.example.fi"), SK, REASON_NOT_A_URL, ATTR);
	EXPECT_RW_MAP(MAP_AB, V_, ATTR, "https://a.example.fi/x", "https://vb.test/x", 1);
	EXPECT_RW_MAP(MAP_AB, V_, ATTR, "https://a.example/x", "https://va.test/x", 1);
	EXPECT_RW_MAP(MAP_AB, P_, TEXT, "//a.example.fi //a.example", "//vb.test //va.test", 2);
}
END_TEST

/* §3.2 steps 1 and 5: the separator scan advances one byte past each
 * separator start: in `///C` the second `//` (offset 1) is a candidate (unanchored,
 * since the byte before it is `/`). */
START_TEST(s3_2_advance_one_byte)
{
	struct ev_log log;
	SCAN(V_, ATTR, "///" CH "/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 1, 1 + L("//" CH), SK, REASON_UNANCHORED, ATTR);
	EXPECT_SAME(V_, ATTR, "///" CH "/x");
	/* Percent: `%2F%2F%2FC`: the candidate at 3 follows `F`. */
	SCAN(V_, ATTR, "%2F%2F%2F" CH, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 3, 3 + L("%2F%2F" CH), SK, REASON_UNANCHORED, ATTR);
	/* Two adjacent origins separated by one byte are both found. */
	EXPECT_RW(P_, TEXT, "https://" CH " https://" CH, "https://" VH " https://" VH, 2);
}
END_TEST

/* §3.2 step 2: a lone `\/` or `%2F` yields nothing. */
START_TEST(s3_2_lone_separator)
{
	struct ev_log log;
	SCAN(P_, SCRIPT, "https:\\/" CH " a%2F" CH " b/" CH, &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

/* §3.2 step 5: the relative form inside a scheme form is shadowed: one
 * event per origin, for every encoding and outcome. */
START_TEST(s3_2_shadowed_relative)
{
	struct ev_log log;
	SCAN(V_, ATTR, "https://" CH "/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, ATTR);
	SCAN(P_, SCRIPT, "http:\\/\\/" CH "\\/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("http:\\/\\/" CH), RW, REASON_NONE, SCRIPT);
	SCAN(V_, ATTR, "https%3A%2F%2F" CH, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https%3A%2F%2F" CH), RW, REASON_NONE, ATTR);
	/* A skipped scheme form also shadows its relative form. */
	SCAN(V_, ATTR, "https://" CH "@evil.example/", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
}
END_TEST

/* ---------------------------------------------------------------- §3.3 */

/* §3.3: each blocking byte before a relative form: letters, digits,
 * `/ . - _ % \`. */
START_TEST(s3_3_left_anchor_blocking)
{
	static const char blockers[] = "aZm09/.-_%\\";
	for (size_t i = 0; i < L(blockers); i++) {
		char in[64];
		snprintf(in, sizeof in, "%c//" CH "/x", blockers[i]);
		struct ev_log log;
		EXPECT_SAME(V_, ATTR, in);
		EXPECT_SAME(P_, TEXT, in);
		SCAN(V_, ATTR, in, &log);
		EXPECT_NEVENTS(log, 1);
		EXPECT_EVENT(log, 0, 1, 1 + L("//" CH), SK, REASON_UNANCHORED, ATTR);
		/* Same for the JSON and percent relative forms. */
		snprintf(in, sizeof in, "%c%%2F%%2F" CH, blockers[i]);
		EXPECT_SAME(V_, ATTR, in);
		snprintf(in, sizeof in, "%c\\/\\/" CH "\\/", blockers[i]);
		EXPECT_SAME(P_, SCRIPT, in);
	}
}
END_TEST

/* §3.3: every other byte anchors: `: " ' ( = , ; > space & @ # ?` and any
 * byte >= 0x80. */
START_TEST(s3_3_left_anchor_anchoring)
{
	static const unsigned char anchors[] = { ':', '"', '\'', '(', '=', ',', ';', '>', ' ', '&', '@', '#', '?',
	                                         '<', '|', '[', 0x80, 0xa4, 0xc3, 0xff };
	for (size_t i = 0; i < sizeof anchors; i++) {
		char in[64], want[64];
		snprintf(in, sizeof in, "%c//" CH "/x", anchors[i]);
		snprintf(want, sizeof want, "%c//" VH "/x", anchors[i]);
		EXPECT_RW(V_, ATTR, in, want, 1);
		EXPECT_RW(P_, TEXT, in, want, 1);
		struct ev_log log;
		SCAN(P_, TEXT, in, &log);
		EXPECT_NEVENTS(log, 1);
		EXPECT_EVENT(log, 0, 1, 1 + L("//" CH), RW, REASON_NONE, TEXT);
		snprintf(in, sizeof in, "%c%%2F%%2F" CH, anchors[i]);
		snprintf(want, sizeof want, "%c%%2F%%2F" VH, anchors[i]);
		EXPECT_RW(V_, ATTR, in, want, 1);
	}
	/* 'ä' in UTF-8 before the form. */
	EXPECT_RW(P_, TEXT, "\xc3\xa4//" CH "/", "\xc3\xa4//" VH "/", 1);
}
END_TEST

/* §3.3: at offset 0 the byte before is `prev`; MATCH_NO_PREV anchors. */
START_TEST(s3_3_left_anchor_prev)
{
	struct ev_log log;
	const char *in = "//" CH "/x";
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("//" CH), RW, REASON_NONE, SWEEP);
	EXPECT_REPL(log, 0, "//" VH);
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), 'a', P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("//" CH), SK, REASON_UNANCHORED, SWEEP);
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), '/', P_, SWEEP, &log);
	EXPECT_EVENT(log, 0, 0, L("//" CH), SK, REASON_UNANCHORED, SWEEP);
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), '=', P_, SWEEP, &log);
	EXPECT_EVENT(log, 0, 0, L("//" CH), RW, REASON_NONE, SWEEP);
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), 0xc3, P_, SWEEP, &log);
	EXPECT_EVENT(log, 0, 0, L("//" CH), RW, REASON_NONE, SWEEP);
	/* prev is only for offset 0: inside the buffer the buffer's byte counts. */
	const char *in2 = "=//" CH "/x";
	fx_scan_map(MAP_MAIN, in2, strlen(in2), strlen(in2), 'a', P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 1, 1 + L("//" CH), RW, REASON_NONE, SWEEP);
}
END_TEST

/* §3.3: scheme forms have no left anchor. */
START_TEST(s3_3_scheme_no_left_anchor)
{
	struct ev_log log;
	EXPECT_RW(V_, ATTR, "xhttps://" CH "/", "xhttps://" VH "/", 1);
	EXPECT_RW(V_, ATTR, "git+https://" CH "/x", "git+https://" VH "/x", 1);
	EXPECT_RW(P_, TEXT, "xhttps://" CH "/", "xhttps://" VH "/", 1);
	EXPECT_RW(V_, ATTR, "ahttp%3A%2F%2F" CH, "ahttps%3A%2F%2F" VH, 1);
	const char *in = "https://" CH "/";
	fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), 'a', P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, SWEEP);
}
END_TEST

/* ---------------------------------------------------------------- §3.4 */

/* §3.4: the root dot is absorbed before `/ : ? #` (value and prose). */
START_TEST(s3_4_root_dot_structural)
{
	static const enum match_mode modes[] = { MATCH_VALUE, MATCH_PROSE };
	for (int i = 0; i < 2; i++) {
		enum surface s = modes[i] == MATCH_VALUE ? ATTR : TEXT;
		EXPECT_RW(modes[i], s, "https://" CH "./x", "https://" VH "/x", 1);
		EXPECT_RW(modes[i], s, "https://" CH ".?q=1", "https://" VH "?q=1", 1);
		EXPECT_RW(modes[i], s, "https://" CH ".#f", "https://" VH "#f", 1);
		EXPECT_RW(modes[i], s, "https://" CH ".:443/x", "https://" VH "/x", 1);
		EXPECT_RW(modes[i], s, "https://" CH ".:/x", "https://" VH ":/x", 1);
	}
	struct ev_log log;
	SCAN(P_, TEXT, "https://" CH "./x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH "."), RW, REASON_NONE, TEXT);
}
END_TEST

/* §3.4: or a percent escape decoding to one of them, any hex case. */
START_TEST(s3_4_root_dot_percent)
{
	EXPECT_RW(V_, ATTR, "https%3A%2F%2F" CH ".%2Fx", "https%3A%2F%2F" VH "%2Fx", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ".%2fx", "https://" VH "%2fx", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ".%3F", "https://" VH "%3F", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ".%3f", "https://" VH "%3f", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ".%23a", "https://" VH "%23a", 1);
	/* `%3a` then 443: a port after the absorbed dot. */
	EXPECT_RW(V_, ATTR, "https://" CH ".%3a443%2F", "https://" VH "%2F", 1);
}
END_TEST

/* §3.4/§3.7: the dot at the very end is absorbed in value mode only. */
START_TEST(s3_4_root_dot_end_value_vs_prose)
{
	EXPECT_RW(V_, ATTR, "https://" CH ".", "https://" VH, 1);
	EXPECT_RW(V_, ATTR, "//" CH ".", "//" VH, 1);
	EXPECT_RW(P_, TEXT, "see https://" CH ".", "see https://" VH ".", 1);
	struct ev_log log;
	SCAN(P_, TEXT, "see https://" CH ".", &log);
	EXPECT_EVENT(log, 0, 4, 4 + L("https://" CH), RW, REASON_NONE, TEXT);
	SCAN(V_, ATTR, "https://" CH ".", &log);
	EXPECT_EVENT(log, 0, 0, L("https://" CH "."), RW, REASON_NONE, ATTR);
}
END_TEST

/* §3.4: anything else after the dot: not absorbed, kept; the match stands
 * if the dot is followed by a delimiter (§3.5). */
START_TEST(s3_4_root_dot_not_absorbed)
{
	EXPECT_RW(P_, TEXT, "Read more at https://" CH ". Thanks.", "Read more at https://" VH ". Thanks.", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ". x", "https://" VH ". x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ".,x", "https://" VH ".,x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ".%20", "https://" VH ".%20", 1);
	struct ev_log log;
	SCAN(V_, ATTR, "https://" CH ". x", &log);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, ATTR);
	/* Dot then a host byte: a longer host. */
	SCAN(V_, ATTR, "https://" CH ".x/", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
	EXPECT_SAME(V_, ATTR, "https://" CH ".x/");
}
END_TEST

/* ---------------------------------------------------------------- §3.5 ports */

/* §3.5/§1.1: the default port is consumed; leading zeros are stripped. */
START_TEST(s3_5_port_default_consumed)
{
	struct ev_log log;
	EXPECT_RW(V_, ATTR, "https://" CH ":443/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ":0443/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ":0000443/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "http://" CH ":80/a", "https://" VH "/a", 1);
	EXPECT_RW(V_, ATTR, "https%3A%2F%2F" CH "%3A443%2Fa", "https%3A%2F%2F" VH "%2Fa", 1);
	EXPECT_RW(V_, ATTR, "https%3A%2F%2F" CH "%3a443", "https%3A%2F%2F" VH, 1);
	SCAN(V_, ATTR, "https://" CH ":0443/a", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":0443"), RW, REASON_NONE, ATTR);
}
END_TEST

/* §3.6: a port not in the map → host-not-in-map; the span covers the
 * port. */
START_TEST(s3_6_port_host_not_in_map)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://" CH ":8080/a");
	SCAN(V_, ATTR, "https://" CH ":8080/a", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":8080"), SK, REASON_HOST_NOT_IN_MAP, ATTR);
	/* `https://h:0` is port 0, not the default. */
	EXPECT_SAME(V_, ATTR, "https://" CH ":0/a");
	EXPECT_SAME(V_, ATTR, "https://" CH ":000/a");
}
END_TEST

/* §3.6: http://C:443 is not http's default. */
START_TEST(s3_6_http_443_not_default)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "http://" CH ":443/a");
	SCAN(V_, ATTR, "http://" CH ":443/a", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("http://" CH ":443"), SK, REASON_HOST_NOT_IN_MAP, ATTR);
	EXPECT_SAME(V_, ATTR, "https://" CH ":80/a");
}
END_TEST

/* §3.6: a relative form uses the canonical's scheme for the default. */
START_TEST(s3_6_relative_uses_canonical_scheme)
{
	struct ev_log log;
	EXPECT_RW(V_, ATTR, "//" CH ":443/x", "//" VH "/x", 1);
	EXPECT_SAME(V_, ATTR, "//" CH ":80/x");
	SCAN(V_, ATTR, "//" CH ":80/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("//" CH ":80"), SK, REASON_HOST_NOT_IN_MAP, ATTR);
	/* With an http canonical, 80 is the default for the relative form. */
	EXPECT_RW_MAP("http://c.example https://v.test\n", V_, ATTR, "//c.example:80/x", "//v.test/x", 1);
	EXPECT_SAME_MAP("http://c.example https://v.test\n", V_, ATTR, "//c.example:443/x");
}
END_TEST

/* §3.6: two pairs on one host with different ports map to different
 * variants; the scheme is not compared. */
START_TEST(s3_6_port_disambiguation)
{
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "https://c.example/x", "https://one.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "https://c.example:443/x", "https://one.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "https://c.example:8443/x", "https://two.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "https://c.example:08443/x", "https://two.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "//c.example:8443/x", "//two.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "//c.example/x", "//one.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "http://c.example/x", "https://one.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "http://c.example:8443/x", "https://two.test/x", 1);
	EXPECT_RW_MAP(MAP_PORTS, V_, ATTR, "https%3A%2F%2Fc.example%3A8443%2Fx", "https%3A%2F%2Ftwo.test%2Fx", 1);
	EXPECT_RW_MAP(MAP_PORTS, P_, TEXT, "https://c.example:8443 https://c.example",
	              "https://two.test https://one.test", 2);
	EXPECT_SAME_MAP(MAP_PORTS, V_, ATTR, "https://c.example:8080/x");
	EXPECT_SAME_MAP(MAP_PORTS, V_, ATTR, "http://c.example:443/x");
}
END_TEST

/* §3.6: the first pair in declaration order whose port matches wins
 * (observable with one site of two lines on the same host:port). */
START_TEST(s3_6_declaration_order)
{
	struct ev_log log;
	/* Identity pair declared first: http://c.example matches it → skip. */
	EXPECT_SAME_MAP(MAP_ORDER_ID_FIRST, V_, ATTR, "http://c.example/x");
	SCAN_MAP(MAP_ORDER_ID_FIRST, V_, ATTR, "http://c.example/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("http://c.example"), SK, REASON_IDENTITY_MAP, ATTR);
	/* The http pair declared first: its replacement differs → rewrote. */
	EXPECT_RW_MAP(MAP_ORDER_ID_SECOND, V_, ATTR, "http://c.example/x", "https://c.example/x", 1);
}
END_TEST

/* §3.5: a colon without digits: kept (outside the span) if the host is
 * terminated right after it, else not-a-url with the colon in the span. */
START_TEST(s3_5_colon_without_digits)
{
	struct ev_log log;
	EXPECT_RW(V_, ATTR, "https://" CH ":/x", "https://" VH ":/x", 1);
	SCAN(V_, ATTR, "https://" CH ":/x", &log);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, ATTR);
	EXPECT_RW(P_, TEXT, "See https://" CH ": it", "See https://" VH ": it", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ":", "https://" VH ":", 1);
	EXPECT_RW(V_, ATTR, "https%3A%2F%2F" CH "%3A%2Fx", "https%3A%2F%2F" VH "%3A%2Fx", 1);
	EXPECT_SAME(V_, ATTR, "https://" CH ":x");
	SCAN(V_, ATTR, "https://" CH ":x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":"), SK, REASON_NOT_A_URL, ATTR);
}
END_TEST

/* ---------------------------------------------------------------- §3.5 right anchor */

/* §3.5 delimiter rule 1: end of buffer terminates. */
START_TEST(s3_5_right_end_of_buffer)
{
	EXPECT_RW(V_, ATTR, "https://" CH, "https://" VH, 1);
	EXPECT_RW(P_, TEXT, "https://" CH, "https://" VH, 1);
	EXPECT_RW(V_, ATTR, "//" CH, "//" VH, 1);
	EXPECT_RW(V_, ATTR, "https://" CH ":443", "https://" VH, 1);
}
END_TEST

/* §3.5 delimiter rule 2: `@` is userinfo: not a delimiter. */
START_TEST(s3_5_right_at_sign)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://" CH "@evil.example/");
	EXPECT_SAME(P_, TEXT, "https://" CH "@evil.example/");
	EXPECT_SAME(V_, ATTR, "https://" CH ":443@evil.example/");
	SCAN(V_, ATTR, "https://" CH "@evil.example/", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
}
END_TEST

/* §3.5 delimiter rule 3: `%XX` decoding to a host byte continues; `%2F`
 * and other non-host bytes terminate; a stray `%` terminates. */
START_TEST(s3_5_right_percent)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://" CH "%2Eattacker.test/p");
	EXPECT_SAME(V_, ATTR, "https://" CH "%2eattacker.test/p");
	EXPECT_SAME(V_, ATTR, "https://" CH "%2Dx.test/p");
	EXPECT_SAME(V_, ATTR, "https://" CH "%41");
	EXPECT_SAME(V_, ATTR, "https://" CH "%5F");
	EXPECT_SAME(V_, ATTR, "https://" CH "%C3%A4");
	SCAN(V_, ATTR, "https://" CH "%2Eattacker.test/p", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
	EXPECT_RW(V_, ATTR, "https://" CH "%2Fx", "https://" VH "%2Fx", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%2fx", "https://" VH "%2fx", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%20x", "https://" VH "%20x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%3Fq", "https://" VH "%3Fq", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%zz", "https://" VH "%zz", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%", "https://" VH "%", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "%2", "https://" VH "%2", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "%4", "https://" VH "%4", 1);
}
END_TEST

/* §3.5: host bytes are A–Z a–z 0–9 - . _ and every byte >= 0x80: after the
 * host they continue it (not-a-url); anything else terminates. */
START_TEST(s3_5_right_host_bytes)
{
	static const unsigned char cont[] = { 'a', 'Z', '0', '9', '-', '_', 0x80, 0xa4, 0xc3, 0xff };
	for (size_t i = 0; i < sizeof cont; i++) {
		char in[64];
		snprintf(in, sizeof in, "https://" CH "%c/x", cont[i]);
		struct ev_log log;
		EXPECT_SAME(V_, ATTR, in);
		EXPECT_SAME(P_, TEXT, in);
		SCAN(V_, ATTR, in, &log);
		EXPECT_NEVENTS(log, 1);
		EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
	}
	static const char term[] = "/?#\"' <>,;)]|!*+$={}^`~";
	for (size_t i = 0; i < L(term); i++) {
		char in[64], want[64];
		snprintf(in, sizeof in, "https://" CH "%cx", term[i]);
		snprintf(want, sizeof want, "https://" VH "%cx", term[i]);
		EXPECT_RW(V_, ATTR, in, want, 1);
		EXPECT_RW(P_, TEXT, in, want, 1);
	}
	/* A subdomain-shaped continuation and a backslash on a path surface. */
	EXPECT_SAME(V_, ATTR, "https://" CH ".evil.example/p");
	EXPECT_RW(V_, ATTR, "https://" CH "\\x", "https://" VH "\\x", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "\\x", "https://" VH "\\x", 1);
}
END_TEST

/* §3.5: position e terminates if b[e] is `.` and delimiter(e+1). */
START_TEST(s3_5_right_dot_then_delimiter)
{
	EXPECT_RW(P_, TEXT, "https://" CH ".", "https://" VH ".", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ". x", "https://" VH ". x", 1);
	EXPECT_RW(P_, TEXT, "(https://" CH ".)", "(https://" VH ".)", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ".%2Cx", "https://" VH ".%2Cx", 1);
	EXPECT_SAME(P_, TEXT, "https://" CH ".-x");
	EXPECT_SAME(P_, TEXT, "https://" CH "..");
	EXPECT_SAME(P_, TEXT, "https://" CH ".%41");
}
END_TEST

/* ------------------------------------------------------------ rules.md §12.1 `&` */

/* §12.1 (with §3.5, where `&` is a delimiter): in prose, `&` after a host
 * ends the host. */
START_TEST(spec12_amp_prose_rewritten)
{
	struct ev_log log;
	EXPECT_RW(P_, TEXT, "https://" CH "&x=1", "https://" VH "&x=1", 1);
	EXPECT_RW(P_, TEXT, "?redirect_to=https://" CH "&x=1", "?redirect_to=https://" VH "&x=1", 1);
	EXPECT_RW(P_, SCRIPT, "u=https://" CH "&amp;b=1", "u=https://" VH "&amp;b=1", 1);
	SCAN(P_, TEXT, "https://" CH "&x=1", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, TEXT);
}
END_TEST

/* §12.1: in value mode, a candidate that begins the value (after optional
 * white space) and is followed by `&` is not rewritten (a URL parser reads
 * `&` as part of the host). */
START_TEST(spec12_amp_value_start_declined)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://" CH "&x=1");
	EXPECT_SAME(V_, ATTR, " https://" CH "&x=1");
	EXPECT_SAME(V_, ATTR, "  \t\nhttps://" CH "&x=1");
	EXPECT_SAME(V_, ATTR, "//" CH "&x=1");
	EXPECT_SAME(V_, ATTR, "http://" CH ":443&x=1");
	SCAN(V_, ATTR, "https://" CH "&x=1", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
	SCAN(V_, ATTR, " https://" CH "&x=1", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 1, 1 + L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
}
END_TEST

/* §12.1: inside a longer value, `&` ends the host. */
START_TEST(spec12_amp_value_inside_rewritten)
{
	EXPECT_RW(V_, ATTR, "/go?u=https://" CH "&b=1", "/go?u=https://" VH "&b=1", 1);
	EXPECT_RW(V_, ATTR, "/go?u=https://" CH "&amp;b=1", "/go?u=https://" VH "&amp;b=1", 1);
	EXPECT_RW(V_, ATTR, "u=//" CH "&b=1", "u=//" VH "&b=1", 1);
	/* The first origin begins the value (declined); the second does not. */
	EXPECT_RW(V_, ATTR, "https://" CH "&u=https://" CH "&b", "https://" CH "&u=https://" VH "&b", 1);
}
END_TEST

/* ---------------------------------------------------------------- §3.5 escJS */

/* §3.5 escape decision (escJS surfaces): `\/` `\\` `\"` terminate. */
START_TEST(s3_5_escjs_terminating)
{
	static const enum surface esc[] = { SURFACE_INLINE_SCRIPT, SURFACE_JSON_STRING };
	for (int i = 0; i < 2; i++) {
		EXPECT_RW(P_, esc[i], "\"https://" CH "\\/x\"", "\"https://" VH "\\/x\"", 1);
		EXPECT_RW(P_, esc[i], "\"https://" CH "\\\\x\"", "\"https://" VH "\\\\x\"", 1);
		EXPECT_RW(P_, esc[i], "\"https://" CH "\\\"", "\"https://" VH "\\\"", 1);
		EXPECT_RW(P_, esc[i], "https://" CH "\\u002Fx", "https://" VH "\\u002Fx", 1);
		EXPECT_RW(P_, esc[i], "https://" CH "\\u002fx", "https://" VH "\\u002fx", 1);
		EXPECT_RW(P_, esc[i], "https://" CH "\\u003Fq", "https://" VH "\\u003Fq", 1);
		EXPECT_RW(P_, esc[i], "https://" CH "\\u0023f", "https://" VH "\\u0023f", 1);
		EXPECT_RW(P_, esc[i], "https://" CH "\\x2fx", "https://" VH "\\x2fx", 1);
		EXPECT_RW(V_, esc[i], "https://" CH "\\/x", "https://" VH "\\/x", 1);
	}
}
END_TEST

/* §3.5 escape decision: `\u00e4` (>= 0x80) continues; `\A` stands for `A`
 * and continues. */
START_TEST(s3_5_escjs_continuing)
{
	struct ev_log log;
	EXPECT_SAME(P_, SCRIPT, "fetch(\"https://" CH "\\u00e4\")");
	EXPECT_SAME(P_, SCRIPT, "fetch(\"https://" CH "\\u0041\")");
	EXPECT_SAME(P_, SCRIPT, "https://" CH "\\Ax");
	EXPECT_SAME(P_, SURFACE_JSON_STRING, "https://" CH "\\u00e4");
	EXPECT_SAME(P_, SCRIPT, "https://" CH "\\u{e4}");
	SCAN(P_, SCRIPT, "https://" CH "\\u00e4", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, SCRIPT);
	/* On a path surface the backslash is a separator: rewritten. */
	EXPECT_RW(V_, ATTR, "https://" CH "\\u00e4", "https://" VH "\\u00e4", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "\\Ax", "https://" VH "\\Ax", 1);
}
END_TEST

/* §3.5 escape decision: an incomplete escape at the buffer end is not an
 * escape; the backslash is a non-host byte and terminates. */
START_TEST(s3_5_escjs_incomplete_at_end)
{
	EXPECT_RW(P_, SCRIPT, "https://" CH "\\", "https://" VH "\\", 1);
	EXPECT_RW(P_, SCRIPT, "https://" CH "\\u00", "https://" VH "\\u00", 1);
	EXPECT_RW(P_, SCRIPT, "https://" CH "\\u00e", "https://" VH "\\u00e", 1);
	EXPECT_RW(P_, SCRIPT, "https://" CH "\\x4", "https://" VH "\\x4", 1);
}
END_TEST

/* §3.5: on escJS surfaces `\:` `\u003a` `\u{…3a}` `\x3a` `\072` are port
 * separators. */
START_TEST(s3_5_escjs_port_separators)
{
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\u003a443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\u003A443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\x3a443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\072443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\:443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\u{3a}443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH "\\u{00003a}443\\/x\"", "\"https:\\/\\/" VH "\\/x\"", 1);
	EXPECT_RW(P_, SURFACE_JSON_STRING, "https:\\/\\/" CH "\\u003a443\\/x", "https:\\/\\/" VH "\\/x", 1);
	/* A port not in the map, behind an escaped colon. */
	struct ev_log log;
	EXPECT_SAME(P_, SCRIPT, "https:\\/\\/" CH "\\u003a8080\\/x");
	SCAN(P_, SCRIPT, "https:\\/\\/" CH "\\u003a8080\\/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https:\\/\\/" CH "\\u003a8080"), SK, REASON_HOST_NOT_IN_MAP, SCRIPT);
	/* Escaped colon, no digits, then a terminator: colon kept. */
	EXPECT_RW(P_, SCRIPT, "https:\\/\\/" CH "\\u003a\\/x", "https:\\/\\/" VH "\\u003a\\/x", 1);
	/* On a path surface the backslash ends the host; the port stays. */
	EXPECT_RW(V_, ATTR, "https://" CH "\\u003a443/x", "https://" VH "\\u003a443/x", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "\\:443/x", "https://" VH "\\:443/x", 1);
}
END_TEST

/* ---------------------------------------------------------------- §3.5 removable */

/* §3.5/§3.8: a literal TAB joins on html-attr (host goes on) but ends the
 * host on text. */
START_TEST(s3_5_removable_literal_controls)
{
	struct ev_log log;
	EXPECT_SAME(V_, ATTR, "https://" CH "\tx");
	EXPECT_SAME(V_, ATTR, "https://" CH "\nx");
	EXPECT_SAME(V_, ATTR, "https://" CH "\r\nx");
	SCAN(V_, ATTR, "https://" CH "\tx", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, ATTR);
	/* Skipped controls then a delimiter: rewritten, controls kept. */
	EXPECT_RW(V_, ATTR, "https://" CH "\t/x", "https://" VH "\t/x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "\r\n", "https://" VH "\r\n", 1);
	EXPECT_SAME(P_, SURFACE_INLINE_STYLE, "url(https://" CH "\tx)");   /* inline-style joins */
	/* Prose surfaces: the control ends the host. */
	EXPECT_RW(P_, TEXT, "https://" CH "\tnext", "https://" VH "\tnext", 1);
	EXPECT_RW(P_, TEXT, "https://" CH "\nnext", "https://" VH "\nnext", 1);
	EXPECT_RW(P_, SURFACE_COMMENT, "https://" CH "\rnext", "https://" VH "\rnext", 1);
	EXPECT_RW(P_, SWEEP, "https://" CH "\tnext", "https://" VH "\tnext", 1);
}
END_TEST

/* §3.5: the two-byte `\t` `\n` `\r` are removable on escJS surfaces that
 * join (inline-script); on escJS prose they terminate; on path surfaces the
 * backslash terminates. */
START_TEST(s3_5_removable_short_escapes)
{
	EXPECT_SAME(P_, SCRIPT, "https://" CH "\\tx");
	EXPECT_SAME(P_, SCRIPT, "https://" CH "\\nx");
	EXPECT_RW(P_, SCRIPT, "https://" CH "\\t\\/x", "https://" VH "\\t\\/x", 1);
	EXPECT_RW(P_, SWEEP, "https://" CH "\\tx", "https://" VH "\\tx", 1);
	EXPECT_RW(P_, SWEEP, "https://" CH "\\rx", "https://" VH "\\rx", 1);
	EXPECT_RW(P_, SWEEP, "https://" CH "\\fx", "https://" VH "\\fx", 1);
	EXPECT_RW(P_, SWEEP, "https://" CH "\\bx", "https://" VH "\\bx", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "\\tx", "https://" VH "\\tx", 1);
}
END_TEST

/* §3.5 last row: `\u0009` `\u000a` `\u000d`, `\u{…}`, `\x09`, `\011` are
 * removed on any escJS surface, even prose (the Go asymmetry). */
START_TEST(s3_5_removable_unicode_escapes_even_prose)
{
	struct ev_log log;
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\u0009x");
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\u000ax");
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\u000Dx");
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\u{9}x");
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\x09x");
	EXPECT_SAME(P_, SWEEP, "https://" CH "\\011x");
	EXPECT_SAME(P_, SCRIPT, "https://" CH "\\u0009x");
	SCAN(P_, SWEEP, "https://" CH "\\u0009x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_NOT_A_URL, SWEEP);
	/* Removed, then a terminator: rewritten. */
	EXPECT_RW(P_, SWEEP, "https://" CH "\\u0009/x", "https://" VH "\\u0009/x", 1);
	/* json-string prose buffer (it has a space): still removed. */
	EXPECT_SAME(V_, SURFACE_JSON_STRING, "a https://" CH "\\u0009x");
	EXPECT_RW(V_, SURFACE_JSON_STRING, "a https://" CH "\\tx", "a https://" VH "\\tx", 1);
	/* Path surfaces: the backslash terminates. */
	EXPECT_RW(P_, TEXT, "https://" CH "\\u0009x", "https://" VH "\\u0009x", 1);
}
END_TEST

/* §3.5: removable characters are skipped up to 64 bytes in total. */
START_TEST(s3_5_removable_cap_64)
{
	char in[256], want[256];
	/* 64 TABs then a host byte: all skipped, the host goes on. */
	strcpy(in, "https://" CH);
	memset(in + strlen(in), '\t', 64);
	strcpy(in + L("https://" CH) + 64, "x");
	EXPECT_SAME(V_, ATTR, in);
	/* 65 TABs: the 65th is not skipped and is a non-host byte: terminated. */
	strcpy(in, "https://" CH);
	memset(in + strlen(in), '\t', 65);
	strcpy(in + L("https://" CH) + 65, "x");
	strcpy(want, "https://" VH);
	memset(want + strlen(want), '\t', 65);
	strcpy(want + L("https://" VH) + 65, "x");
	EXPECT_RW(V_, ATTR, in, want, 1);
	/* 63 CRLF-ish bytes then a host byte: still skipped. */
	strcpy(in, "https://" CH);
	for (int i = 0; i < 63; i++) in[L("https://" CH) + (size_t)i] = (i & 1) ? '\n' : '\r';
	strcpy(in + L("https://" CH) + 63, "x");
	EXPECT_SAME(V_, ATTR, in);
}
END_TEST

/* §3.5: "at most 64 bytes in total": a multi-byte removable item that would
 * take the run past 64 bytes is not skipped. Ten \u0009 (60 bytes) are
 * removed; the eleventh would reach 66, so it is read as a delimiter: a TAB
 * is not a host byte, the host ends and the origin is rewritten. */
START_TEST(s3_5_removable_cap_no_overshoot)
{
	char in[256], want[256];
	strcpy(in, "https://" CH);
	strcpy(want, "https://" VH);
	for (int i = 0; i < 11; i++) { strcat(in, "\\u0009"); strcat(want, "\\u0009"); }
	strcat(in, "x");
	strcat(want, "x");
	EXPECT_RW(MATCH_PROSE, SURFACE_SWEEP, in, want, 1);
	/* Ten of them and then a host byte: all removed, the host goes on. */
	strcpy(in, "https://" CH);
	for (int i = 0; i < 10; i++) strcat(in, "\\u0009");
	strcat(in, "x");
	EXPECT_SAME(MATCH_PROSE, SURFACE_SWEEP, in);
}
END_TEST

/* §12.2: a port of more than 12 digits is not a port, so every look-ahead
 * stays inside the stream window (§6.2). 12 digits
 * are read as a port; 13 are not-a-url. */
START_TEST(port_digit_cap)
{
	EXPECT_RW(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH ":000000000443/x", "https://" VH "/x", 1);
	EXPECT_SAME(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH ":0000000000443/x");
}
END_TEST

/* §8.2: in sql mode the double-escaped separator of JSON stored in a
 * column (`https:\\/\\/C\\/x`, relative `\\/\\/C`) is a fourth spelling,
 * written back in that spelling; other modes leave it alone (§2.1). */
static size_t sql_rewrite(const char *in, char *out, size_t cap, bool sql)
{
	struct fixture f;
	fx_build(&f, MAP_MAIN);
	struct ev_log log;
	memset(&log, 0, sizeof log);
	struct match_params mp = { .prev = MATCH_NO_PREV, .mode = MATCH_VALUE, .surface = SURFACE_SQL_STRING, .joins = -1, .sql = sql };
	size_t n = strlen(in), o = 0, last = 0;
	matcher_scan_ex(&f.pt, (const unsigned char *)in, n, n, &mp, fx_record, &log);
	for (size_t i = 0; i < log.n && i < FX_MAX_EVENTS; i++) {
		if (log.ev[i].action != ACTION_REWROTE) continue;
		memcpy(out + o, in + last, log.ev[i].start - last); o += log.ev[i].start - last;
		memcpy(out + o, log.ev[i].repl.p, log.ev[i].repl.n); o += log.ev[i].repl.n;
		last = log.ev[i].end;
	}
	memcpy(out + o, in + last, n - last); o += n - last;
	out[o] = 0;
	ck_assert_uint_lt(o, cap);
	fx_free(&f);
	return o;
}

START_TEST(spec4_sql_double_escaped)
{
	char out[512];
	sql_rewrite("{\\\"u\\\":\\\"https:\\\\/\\\\/" CH "\\\\/x\\\"}", out, sizeof out, true);
	ck_assert_str_eq(out, "{\\\"u\\\":\\\"https:\\\\/\\\\/" VH "\\\\/x\\\"}");
	sql_rewrite("a \\\\/\\\\/" CH "\\\\/y", out, sizeof out, true);
	ck_assert_str_eq(out, "a \\\\/\\\\/" VH "\\\\/y");
	sql_rewrite("http:\\\\/\\\\/" CH ":80", out, sizeof out, true);
	ck_assert_str_eq(out, "https:\\\\/\\\\/" VH);
	/* a pattern outside sql mode too (a JSON string of `https:\/\/C`,
	 * which a URL parser resolves to C) */
	sql_rewrite("https:\\\\/\\\\/" CH "\\\\/x", out, sizeof out, false);
	ck_assert_str_eq(out, "https:\\\\/\\\\/" VH "\\\\/x");
	/* the other spellings still match in sql mode */
	sql_rewrite("https:\\/\\/" CH "\\/ https://" CH "/", out, sizeof out, true);
	ck_assert_str_eq(out, "https:\\/\\/" VH "\\/ https://" VH "/");
}
END_TEST

/* ---------------------------------------------------------------- §3.8 json-string */

/* §3.8: json-string joins per buffer: quotes stripped; prose if it has a
 * space or `http` twice; else joins iff it begins with `http` or `//`. */
START_TEST(s3_8_json_string_per_buffer)
{
	/* Joins: literal TAB is removed and the host goes on. */
	EXPECT_SAME(V_, JSONS, "https://" CH "\tx");
	EXPECT_SAME(V_, JSONS, "\"https://" CH "\tx\"");
	EXPECT_SAME(V_, JSONS, "HTTPS://" CH "\tx");
	EXPECT_SAME(V_, JSONS, "//" CH "\tx");
	EXPECT_SAME(V_, JSONS, "https://" CH "\\tx");
	/* Prose: a space. */
	EXPECT_RW(V_, JSONS, "see https://" CH "\tx", "see https://" VH "\tx", 1);
	EXPECT_RW(V_, JSONS, "https://" CH "\tx y", "https://" VH "\tx y", 1);
	EXPECT_RW(V_, JSONS, "https://" CH "\\tx y", "https://" VH "\\tx y", 1);
	/* Prose: `http` twice (case-insensitive). */
	EXPECT_RW(V_, JSONS, "https://" CH "\tx|HTTP", "https://" VH "\tx|HTTP", 1);
	EXPECT_RW(V_, JSONS, "https://" CH "\tx|https://" CH, "https://" VH "\tx|https://" VH, 2);
	/* Prose: does not begin with http or //. */
	EXPECT_RW(V_, JSONS, "x=https://" CH "\tx", "x=https://" VH "\tx", 1);
	EXPECT_RW(V_, JSONS, "\"x=https://" CH "\tx\"", "\"x=https://" VH "\tx\"", 1);
	/* The same rule in prose mode (non-JS <script> bodies). */
	EXPECT_SAME(P_, JSONS, "https://" CH "\tx");
	EXPECT_RW(P_, JSONS, "{\"u\":\"https://" CH "\tx\"}", "{\"u\":\"https://" VH "\tx\"}", 1);
}
END_TEST

/* ---------------------------------------------------------------- §2.2 replacement */

/* §2.2: the variant's scheme (lowercase), the matched encoding's canonical
 * separator spelling (percent hex uppercase); bytes after the span kept. */
START_TEST(s2_2_replacement_spelling)
{
	struct ev_log log;
	EXPECT_RW(V_, ATTR, "https%3a%2f%2f" CH "%2f", "https%3A%2F%2F" VH "%2f", 1);
	EXPECT_RW(V_, ATTR, "HTTP%3a%2F%2f" CH "%2F", "https%3A%2F%2F" VH "%2F", 1);
	EXPECT_RW(V_, ATTR, "%2f%2f" CH "%2f", "%2F%2F" VH "%2f", 1);
	EXPECT_RW(V_, ATTR, "HTTP://" CH "/", "https://" VH "/", 1);
	EXPECT_RW(P_, SCRIPT, "HTTP:\\/\\/" CH "\\/", "https:\\/\\/" VH "\\/", 1);
	SCAN(V_, ATTR, "https%3a%2f%2f" CH "%2f", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https%3a%2f%2f" CH), RW, REASON_NONE, ATTR);
	EXPECT_REPL(log, 0, "https%3A%2F%2F" VH);
	SCAN(V_, ATTR, "//" CH, &log);
	EXPECT_REPL(log, 0, "//" VH);
	SCAN(P_, SCRIPT, "\\/\\/" CH, &log);
	EXPECT_REPL(log, 0, "\\/\\/" VH);
}
END_TEST

/* §2.2: a relative form moves host and port only; the variant's port is
 * written `:` (raw, JSON) or `%3A` (percent). */
START_TEST(s2_2_relative_variant_with_port)
{
	EXPECT_RW_MAP(MAP_VPORT, V_, ATTR, "//c.example/a", "//127.0.0.1:8080/a", 1);
	EXPECT_RW_MAP(MAP_VPORT, V_, ATTR, "%2F%2Fc.example%2Fa", "%2F%2F127.0.0.1%3A8080%2Fa", 1);
	EXPECT_RW_MAP(MAP_VPORT, P_, SCRIPT, "\\/\\/c.example\\/a", "\\/\\/127.0.0.1:8080\\/a", 1);
	EXPECT_RW_MAP(MAP_VPORT, V_, ATTR, "https://c.example/a", "http://127.0.0.1:8080/a", 1);
	EXPECT_RW_MAP(MAP_VPORT, V_, ATTR, "https%3A%2F%2Fc.example%2Fa", "http%3A%2F%2F127.0.0.1%3A8080%2Fa", 1);
	EXPECT_RW_MAP(MAP_VPORT, V_, ATTR, "https://c.example:443/a", "http://127.0.0.1:8080/a", 1);
}
END_TEST

/* §2.2/§3.6: the span includes a written port and an absorbed root dot. */
START_TEST(s2_2_span_includes_port_and_dot)
{
	EXPECT_RW(V_, ATTR, "https://" CH ":443/x", "https://" VH "/x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH "./x", "https://" VH "/x", 1);
	EXPECT_RW(V_, ATTR, "https://" CH ".:443/x", "https://" VH "/x", 1);
	EXPECT_RW_MAP(MAP_C8443, V_, ATTR, "https%3A%2F%2F" CH "%3A8443%2Fx", "https%3A%2F%2F" VH "%2Fx", 1);
	EXPECT_SAME_MAP(MAP_C8443, V_, ATTR, "https://" CH "/x");
}
END_TEST

/* ---------------------------------------------------------------- §3.6 identity */

/* §1.2, §3.6: an identity pair is never spliced. */
START_TEST(s3_6_identity_pair)
{
	struct ev_log log;
	EXPECT_SAME_MAP(MAP_IDENTITY, V_, ATTR, "https://" CH "/x");
	EXPECT_SAME_MAP(MAP_IDENTITY, P_, TEXT, "a //" CH " http://" CH ":443 https%3A%2F%2F" CH);
	SCAN_MAP(MAP_IDENTITY, V_, ATTR, "https://" CH "/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_IDENTITY_MAP, ATTR);
	/* Even a spelling that differs from the canonical's text. */
	EXPECT_SAME_MAP(MAP_IDENTITY, V_, ATTR, "HTTP://WWW.EXAMPLE.FI./x");
}
END_TEST

/* §3.6: replacement equal to the matched bytes → identity-map;
 * otherwise (even a case difference) it is rewritten. */
START_TEST(s3_6_replacement_equals_match)
{
	struct ev_log log;
	EXPECT_SAME_MAP(MAP_SCHEME_ONLY, V_, ATTR, "https://" CH "/x");
	SCAN_MAP(MAP_SCHEME_ONLY, V_, ATTR, "https://" CH "/x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), SK, REASON_IDENTITY_MAP, ATTR);
	SCAN_MAP(MAP_SCHEME_ONLY, V_, ATTR, "//" CH "/x", &log);
	EXPECT_EVENT(log, 0, 0, L("//" CH), SK, REASON_IDENTITY_MAP, ATTR);
	EXPECT_RW_MAP(MAP_SCHEME_ONLY, V_, ATTR, "http://" CH "/x", "https://" CH "/x", 1);
	EXPECT_RW_MAP(MAP_SCHEME_ONLY, V_, ATTR, "HTTPS://" CH "/x", "https://" CH "/x", 1);
	EXPECT_RW_MAP(MAP_SCHEME_ONLY, V_, ATTR, "https://" CH ":443/x", "https://" CH "/x", 1);
}
END_TEST

/* ---------------------------------------------------------------- events */

/* §3 (events), §3.6: events carry their spans, in buffer order, with surface. */
START_TEST(s3_6_event_spans)
{
	struct ev_log log;
	const char *in = "see https://" CH "/x and //" CH ":8080/y or a//" CH " and https://" CH ".x";
	size_t a = 4, b = a + L("https://" CH "/x and "), c = b + L("//" CH ":8080/y or a"),
	       d = c + L("//" CH " and ");
	SCAN(P_, SURFACE_COMMENT, in, &log);
	EXPECT_NEVENTS(log, 4);
	EXPECT_EVENT(log, 0, a, a + L("https://" CH), RW, REASON_NONE, SURFACE_COMMENT);
	EXPECT_REPL(log, 0, "https://" VH);
	EXPECT_EVENT(log, 1, b, b + L("//" CH ":8080"), SK, REASON_HOST_NOT_IN_MAP, SURFACE_COMMENT);
	EXPECT_EVENT(log, 2, c, c + L("//" CH), SK, REASON_UNANCHORED, SURFACE_COMMENT);
	EXPECT_EVENT(log, 3, d, d + L("https://" CH), SK, REASON_NOT_A_URL, SURFACE_COMMENT);
	EXPECT_RW(P_, SURFACE_COMMENT, in,
	          "see https://" VH "/x and //" CH ":8080/y or a//" CH " and https://" CH ".x", 1);
}
END_TEST

/* ------------------------------------------- host first (prefilter, §3.1) */

/* In JSON and SQL the matcher goes host first once its scan has
 * met HOST_FIRST_AFTER separators without a host: it skips to a few bytes
 * before where the next host may start (hostfind_bound). Differential: the
 * same scan with separators_first (every separator looked at) gives the
 * same events, in order, with the same spans, reasons and replacements,
 * and the same consumed count, over random buffers of separators in every
 * spelling before hosts that are not in the map, canonical origins in
 * every spelling, ports, anchors and escapes, at random limits, in both
 * modes, for maps of one host, of hosts sharing an anchor and of hosts of
 * several anchors. */
struct ev_cmp_log {
	size_t n;
	struct match_event ev[512];
};

static void cmp_record(void *ctx, const struct match_event *e)
{
	struct ev_cmp_log *l = ctx;
	if (l->n < 512) l->ev[l->n] = *e;
	l->n++;
}

START_TEST(i6_host_first_equals_separators_first)
{
	static const char *const maps[] = {
		MAP_MAIN,
		MAP_AB,
		"https://www.example.fi https://a.test\nhttps://shop.example.fi:8443 https://b.test\nhttp://old.example.fi https://c.test\n",
		"https://www.example.fi https://a.test\nhttps://cdn.other.org https://b.test\nhttps://x1.io https://c.test\n",
	};
	static const char *const parts[] = {
		"\\/\\/cdn.other.fi\\/x", "\\/\\/www.example.fir", "//www.example.com/", "%2F%2Fwww.exampl.fi",
		"\\\\/\\\\/x.y", "\\u002F\\u002Fa.b", "https:\\/\\/www.example.fi\\/p", "https://www.example.fi/",
		"//www.example.fi", "http%3A%2F%2Fwww.example.fi%2F", "\\\\/\\\\/www.example.fi", "\\u002F\\u002Fwww.example.fi",
		"https:\\u002F\\u002Fwww.example.fi", "//shop.example.fi:8443/", "\\/\\/old.example.fi", "//a.example/",
		"https://a.example.fi", "//cdn.other.org/", "//x1.io", "//X1.IO:443", "a//www.example.fi",
		"www.example.fi", ".fi", ".f", "example", " ", "\\n", "\\\"", "\\/", "\\u00e4", "%2", "=", "\\\\'", "x",
		"https:", "//", "\\/\\/", "%2F%2F", "\\u002F\\u002F", "\\u002f\\u002f", "\xc3\xa4",
	};
	static unsigned char b[4096];
	uint64_t x = 0x9E3779B97F4A7C15ull + (uint64_t)_i;
#define NEXT() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	unsigned long events = 0, skipped_bytes_cases = 0;
	for (size_t mi = 0; mi < sizeof maps / sizeof *maps; mi++) {
		struct fixture f;
		fx_build(&f, maps[mi]);
		for (int iter = 0; iter < 1500; iter++) {
			size_t n = 0;
			size_t nparts = 1 + NEXT() % 120;
			for (size_t k = 0; k < nparts; k++) {
				/* runs of separators without a host, then now and then an origin */
				const char *pc = parts[NEXT() % 6 < 4 ? NEXT() % 6 : NEXT() % (sizeof parts / sizeof *parts)];
				size_t m = strlen(pc);
				if (n + m > sizeof b) break;
				memcpy(b + n, pc, m);
				n += m;
			}
			/* one draw a statement: an initializer's are not sequenced */
			struct match_params mp = { .prev = MATCH_NO_PREV, .mode = MATCH_PROSE, .surface = SURFACE_SQL_STRING, .joins = -1 };
			if (NEXT() % 3 == 0) mp.prev = (int)"\"= :/"[NEXT() % 5];
			if (NEXT() % 2) mp.mode = MATCH_VALUE;
			if (NEXT() % 2) mp.surface = SURFACE_JSON_STRING;
			if (NEXT() % 2) mp.json = true;
			else mp.sql = true;
			size_t limit = NEXT() % 4 ? n : NEXT() % (n + 1);
			struct match_params oracle = mp;
			oracle.separators_first = true;
			static struct ev_cmp_log la, lb;
			la.n = lb.n = 0;
			size_t ca = matcher_scan_ex(&f.pt, b, n, limit, &oracle, cmp_record, &la);
			size_t cb = matcher_scan_ex(&f.pt, b, n, limit, &mp, cmp_record, &lb);
			ck_assert_msg(ca == cb, "map %zu \"%s\" limit %zu: consumed %zu, separators first %zu", mi, fx_show(0, b, n),
			              limit, cb, ca);
			ck_assert_msg(la.n == lb.n, "map %zu \"%s\" limit %zu: %zu events, separators first %zu", mi,
			              fx_show(0, b, n), limit, lb.n, la.n);
			for (size_t e = 0; e < la.n && e < 512; e++) {
				const struct match_event *p = &la.ev[e], *q = &lb.ev[e];
				ck_assert_msg(p->start == q->start && p->end == q->end && p->action == q->action && p->reason == q->reason &&
				              p->surface == q->surface && p->repl.n == q->repl.n &&
				              (!p->repl.n || memcmp(p->repl.p, q->repl.p, p->repl.n) == 0),
				              "map %zu \"%s\" limit %zu: event %zu [%zu, %zu) differs from [%zu, %zu)", mi, fx_show(0, b, n),
				              limit, e, q->start, q->end, p->start, p->end);
			}
			events += la.n;
			/* a buffer that ends in separators without a host: the skip's
			 * case (HOST_FIRST_AFTER of them, then none reaches a host) */
			skipped_bytes_cases += la.n == 0 && n > 600;
		}
		fx_free(&f);
	}
#undef NEXT
	ck_assert_uint_gt(events, 20000);
	ck_assert_uint_gt(skipped_bytes_cases, 20);
}
END_TEST

/* ---------------------------------------------------------------- streaming */

/* §3.2 step 6, §6.2: a candidate starting at/after limit is not reported
 * and consumed stays at limit. */
START_TEST(s3_2_limit_defers_candidate)
{
	struct ev_log log;
	const char *in = "abc https://" CH "/x";
	size_t c = fx_scan_map(MAP_MAIN, in, strlen(in), 4, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 0);
	ck_assert_uint_eq(c, 4);
	c = fx_scan_map(MAP_MAIN, in, strlen(in), 2, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 0);
	ck_assert_uint_eq(c, 2);
	c = fx_scan_map(MAP_MAIN, in, strlen(in), 0, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 0);
	ck_assert_uint_eq(c, 0);
	/* A relative candidate exactly at the limit. */
	const char *in2 = "a=//" CH "/x";
	c = fx_scan_map(MAP_MAIN, in2, strlen(in2), 2, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 0);
	ck_assert_uint_eq(c, 2);
	/* The second of two: first reported, second deferred. */
	const char *in3 = "https://" CH " https://" CH;
	size_t second = L("https://" CH " ");
	c = fx_scan_map(MAP_MAIN, in3, strlen(in3), second, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, SWEEP);
	ck_assert_uint_eq(c, second);
}
END_TEST

/* §3.2 step 6, §6.2: consumed extends over a span that started before the
 * limit (rewritten or skipped). */
START_TEST(s3_2_limit_consumed_extends)
{
	struct ev_log log;
	const char *in = "https://" CH "/x";
	size_t c = fx_scan_map(MAP_MAIN, in, strlen(in), 1, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH), RW, REASON_NONE, SWEEP);
	ck_assert_uint_eq(c, L("https://" CH));
	/* The scheme form starts before the limit though its separator is after. */
	const char *in2 = "xx https://" CH "/";
	c = fx_scan_map(MAP_MAIN, in2, strlen(in2), 4, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 3, 3 + L("https://" CH), RW, REASON_NONE, SWEEP);
	ck_assert_uint_eq(c, 3 + L("https://" CH));
	/* A skipped span also extends consumed. */
	const char *in3 = "https://" CH ":8080/x";
	c = fx_scan_map(MAP_MAIN, in3, strlen(in3), 1, MATCH_NO_PREV, P_, SWEEP, &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":8080"), SK, REASON_HOST_NOT_IN_MAP, SWEEP);
	ck_assert_uint_eq(c, L("https://" CH ":8080"));
	/* Limit beyond all spans: consumed = limit. */
	c = fx_scan_map(MAP_MAIN, in, strlen(in), strlen(in), MATCH_NO_PREV, P_, SWEEP, &log);
	ck_assert_uint_eq(c, strlen(in));
}
END_TEST

/* §6.2 / §11.1: splitting a buffer at consumed and carrying prev gives the
 * same events as one scan (prev carries the left anchor). */
START_TEST(s3_2_split_with_prev)
{
	struct ev_log log;
	const char *in = "path//" CH "/a //" CH "/b";
	/* First chunk up to 4: nothing starts before 4. */
	size_t c = fx_scan_map(MAP_MAIN, in, strlen(in), 4, MATCH_NO_PREV, P_, SWEEP, &log);
	ck_assert_uint_eq(c, 4);
	EXPECT_NEVENTS(log, 0);
	/* Second call on the rest, prev = 'h'. */
	const char *rest = in + c;
	c = fx_scan_map(MAP_MAIN, rest, strlen(rest), strlen(rest), 'h', P_, SWEEP, &log);
	ck_assert_uint_eq(c, strlen(rest));
	EXPECT_NEVENTS(log, 2);
	EXPECT_EVENT(log, 0, 0, L("//" CH), SK, REASON_UNANCHORED, SWEEP);
	size_t b = L("//" CH "/a ");
	EXPECT_EVENT(log, 1, b, b + L("//" CH), RW, REASON_NONE, SWEEP);
}
END_TEST

/* matcher_is_host_byte: the §3.5 host-byte set. */
START_TEST(s3_5_host_byte_set)
{
	for (int c = 0; c < 256; c++) {
		bool want = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		            c == '-' || c == '.' || c == '_' || c >= 0x80;
		ck_assert_msg(matcher_is_host_byte((unsigned char)c) == want, "host byte 0x%02x: expected %d", c, want);
	}
}
END_TEST

/* §3.4: only `/ : ? #` (or their percent escapes) follow an absorbed dot;
 * a JSON `\/` does not, so the dot stays, and `.` + delimiter (§3.5) keeps
 * the match. */
START_TEST(s3_4_root_dot_json_follower)
{
	struct ev_log log;
	EXPECT_RW(P_, SCRIPT, "\"https:\\/\\/" CH ".\\/x\"", "\"https:\\/\\/" VH ".\\/x\"", 1);
	SCAN(P_, SCRIPT, "\"https:\\/\\/" CH ".\\/x\"", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 1, 1 + L("https:\\/\\/" CH), RW, REASON_NONE, SCRIPT);
}
END_TEST

/* §3.5: the right anchor is checked after the port, before the pair choice
 * (§3.6): a port followed by a host byte is not-a-url, whatever the port. */
START_TEST(s3_5_right_anchor_after_port)
{
	struct ev_log log;
	SCAN(V_, ATTR, "https://" CH ":443x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":443"), SK, REASON_NOT_A_URL, ATTR);
	SCAN(V_, ATTR, "https://" CH ":8080x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":8080"), SK, REASON_NOT_A_URL, ATTR);
	SCAN(V_, ATTR, "https://" CH ":443@x", &log);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ":443"), SK, REASON_NOT_A_URL, ATTR);
	EXPECT_RW(P_, TEXT, "https://" CH ":443.", "https://" VH ".", 1);
	EXPECT_RW(P_, TEXT, "https://" CH ":443. x", "https://" VH ". x", 1);
	/* Root dot then colon without digits then a host byte. */
	SCAN(V_, ATTR, "https://" CH ".:x", &log);
	EXPECT_NEVENTS(log, 1);
	EXPECT_EVENT(log, 0, 0, L("https://" CH ".:"), SK, REASON_NOT_A_URL, ATTR);
	/* Twelve digits with leading zeros are still port 443. */
	EXPECT_RW(V_, ATTR, "https://" CH ":000000000443/x", "https://" VH "/x", 1);
}
END_TEST

/* §2.1: the host form is literal in every encoding: percent-encoded dots
 * inside the host are not a pattern. */
START_TEST(s2_1_host_form_literal)
{
	struct ev_log log;
	SCAN(V_, ATTR, "https%3A%2F%2Fwww%2Eexample%2Efi%2F", &log);
	EXPECT_NEVENTS(log, 0);
	SCAN(P_, SCRIPT, "https:\\/\\/www\\u002eexample.fi\\/", &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

/* §1.2: lines sharing a variant form one site; every canonical
 * rewrites to its site's variant (many→one), each host to its own. */
START_TEST(s3_6_many_to_one_sites)
{
	const char *map = "https://www.example.fi        https://wt-a--example.ddev.site\n"
	                  "https://example.staging.net   https://wt-a--example.ddev.site\n"
	                  "https://shop.example.fi       https://wt-a--shop.example.ddev.site\n";
	EXPECT_RW_MAP(map, P_, TEXT,
	              "a https://www.example.fi/1 b //example.staging.net/2 c https://shop.example.fi/3",
	              "a https://wt-a--example.ddev.site/1 b //wt-a--example.ddev.site/2 c https://wt-a--shop.example.ddev.site/3",
	              3);
}
END_TEST

/* §1.3 containment + §11.3 item 4 (idempotence): the variant contains the
 * canonical host but is never matched; a second pass is a fixed point. */
START_TEST(s3_2_containment_idempotent)
{
	const char *map = "https://acmecorp.ddev.site https://wt-a--acmecorp.ddev.site\n"
	                  "https://nat.acmecorp.ddev.site https://nat.wt-a--acmecorp.ddev.site\n";
	const char *in = "https://acmecorp.ddev.site/x //nat.acmecorp.ddev.site/y "
	                 "https%3A%2F%2Facmecorp.ddev.site";
	const char *out = "https://wt-a--acmecorp.ddev.site/x //nat.wt-a--acmecorp.ddev.site/y "
	                  "https%3A%2F%2Fwt-a--acmecorp.ddev.site";
	EXPECT_RW_MAP(map, P_, TEXT, in, out, 3);
	EXPECT_RW_MAP(map, P_, TEXT, out, out, 0);
	EXPECT_RW_MAP(map, V_, SURFACE_STRAGGLER, out, out, 0);
	struct ev_log log;
	SCAN_MAP(map, P_, TEXT, out, &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

/* §3.8: straggler is escJS and joins controls. */
START_TEST(s3_8_straggler_surface)
{
	EXPECT_SAME(P_, SURFACE_STRAGGLER, "https://" CH "\tx");
	EXPECT_SAME(P_, SURFACE_STRAGGLER, "https://" CH "\\tx");
	EXPECT_SAME(P_, SURFACE_STRAGGLER, "https://" CH "\\u00e4");
	EXPECT_RW(P_, SURFACE_STRAGGLER, "https://" CH "\\/x", "https://" VH "\\/x", 1);
	EXPECT_RW(P_, SURFACE_STRAGGLER, "https://" CH "\t/x", "https://" VH "\t/x", 1);
}
END_TEST

/* §3.8: on sql-string a backslash or a control byte after a host ends
 * it, as on text. */
START_TEST(spec4_sql_string_surface)
{
	EXPECT_RW(V_, SURFACE_SQL_STRING, "https://" CH "\tx", "https://" VH "\tx", 1);
	EXPECT_RW(V_, SURFACE_SQL_STRING, "https://" CH "\\u00e4", "https://" VH "\\u00e4", 1);
	EXPECT_RW(V_, SURFACE_SQL_STRING, "https://" CH "\\nx", "https://" VH "\\nx", 1);
	EXPECT_SAME(V_, SURFACE_SQL_STRING, "https://" CH "x");
}
END_TEST

Suite *matcher_suite(void)
{
	Suite *s = suite_create("matcher");
	TCase *t;

	t = tcase_create("s2_patterns");
	tcase_add_test(t, s2_1_pattern_https_raw);
	tcase_add_test(t, s2_1_pattern_http_raw);
	tcase_add_test(t, s2_1_pattern_relative_raw);
	tcase_add_test(t, s2_1_pattern_https_json);
	tcase_add_test(t, s2_1_pattern_http_json);
	tcase_add_test(t, s2_1_pattern_relative_json);
	tcase_add_test(t, s2_1_pattern_https_pct);
	tcase_add_test(t, s2_1_pattern_http_pct);
	tcase_add_test(t, s2_1_pattern_relative_pct);
	tcase_add_test(t, s2_1_no_other_spellings);
	tcase_add_test(t, s2_1_backslash_runs);
	tcase_add_test(t, s2_1_percent_compositions);
	tcase_add_test(t, s3_5_css_escapes_after_host);
	tcase_add_test(t, s3_5_js_continuation_after_host);
	tcase_add_test(t, s2_2_replacement_spelling);
	tcase_add_test(t, s2_2_relative_variant_with_port);
	tcase_add_test(t, s2_2_span_includes_port_and_dot);
	tcase_add_test(t, s2_3_ascii_case_insensitive);
	tcase_add_test(t, s2_3_non_ascii_exact);
	tcase_add_test(t, s2_1_host_form_literal);
	suite_add_tcase(s, t);

	t = tcase_create("s3_scan");
	tcase_add_test(t, s3_1_prefilter_consumed_is_limit);
	tcase_add_test(t, s3_2_longest_host);
	tcase_add_test(t, s3_2_advance_one_byte);
	tcase_add_test(t, s3_2_lone_separator);
	tcase_add_test(t, s3_2_shadowed_relative);
	tcase_add_test(t, s3_2_limit_defers_candidate);
	tcase_add_test(t, s3_2_limit_consumed_extends);
	tcase_add_test(t, s3_2_split_with_prev);
	tcase_add_test(t, s3_2_containment_idempotent);
	suite_add_tcase(s, t);

	t = tcase_create("s3_anchors");
	tcase_add_test(t, s3_3_left_anchor_blocking);
	tcase_add_test(t, s3_3_left_anchor_anchoring);
	tcase_add_test(t, s3_3_left_anchor_prev);
	tcase_add_test(t, s3_3_scheme_no_left_anchor);
	tcase_add_test(t, s3_4_root_dot_structural);
	tcase_add_test(t, s3_4_root_dot_percent);
	tcase_add_test(t, s3_4_root_dot_end_value_vs_prose);
	tcase_add_test(t, s3_4_root_dot_not_absorbed);
	tcase_add_test(t, s3_4_root_dot_json_follower);
	tcase_add_test(t, s3_5_right_anchor_after_port);
	tcase_add_test(t, s3_5_right_end_of_buffer);
	tcase_add_test(t, s3_5_right_at_sign);
	tcase_add_test(t, s3_5_right_percent);
	tcase_add_test(t, s3_5_right_host_bytes);
	tcase_add_test(t, s3_5_right_dot_then_delimiter);
	tcase_add_test(t, s3_5_host_byte_set);
	tcase_add_test(t, spec12_amp_prose_rewritten);
	tcase_add_test(t, spec12_amp_value_start_declined);
	tcase_add_test(t, spec12_amp_value_inside_rewritten);
	suite_add_tcase(s, t);

	t = tcase_create("s3_ports");
	tcase_add_test(t, s3_5_port_default_consumed);
	tcase_add_test(t, s3_5_colon_without_digits);
	tcase_add_test(t, s3_6_port_host_not_in_map);
	tcase_add_test(t, s3_6_http_443_not_default);
	tcase_add_test(t, s3_6_relative_uses_canonical_scheme);
	tcase_add_test(t, s3_6_port_disambiguation);
	tcase_add_test(t, s3_6_declaration_order);
	tcase_add_test(t, s3_6_identity_pair);
	tcase_add_test(t, s3_6_replacement_equals_match);
	tcase_add_test(t, s3_6_event_spans);
	tcase_add_test(t, s3_6_many_to_one_sites);
	suite_add_tcase(s, t);

	t = tcase_create("s3_escapes_controls");
	tcase_add_test(t, s3_5_escjs_terminating);
	tcase_add_test(t, s3_5_escjs_continuing);
	tcase_add_test(t, s3_5_escjs_incomplete_at_end);
	tcase_add_test(t, s3_5_escjs_port_separators);
	tcase_add_test(t, s3_5_removable_literal_controls);
	tcase_add_test(t, s3_5_removable_short_escapes);
	tcase_add_test(t, s3_5_removable_unicode_escapes_even_prose);
	tcase_add_test(t, s3_5_removable_cap_64);
	tcase_add_test(t, s3_5_removable_cap_no_overshoot);
	tcase_add_test(t, port_digit_cap);
	tcase_add_test(t, s3_8_json_string_per_buffer);
	tcase_add_test(t, s3_8_straggler_surface);
	tcase_add_test(t, spec4_sql_string_surface);
	tcase_add_test(t, spec4_sql_double_escaped);
	suite_add_tcase(s, t);

	t = tcase_create("i6_host_first");
	tcase_set_timeout(t, 120);
	tcase_add_loop_test(t, i6_host_first_equals_separators_first, 0, 2);
	suite_add_tcase(s, t);

	return s;
}
