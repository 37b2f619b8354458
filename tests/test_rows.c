/* test_rows.c — rows 2–39 and 53–57 of this project's edge-case table (the
 * numbering test_html_rows.c runs through the whole pipeline), at the
 * matcher level, with the map https://www.example.fi →
 * https://wt-a--example.ddev.site.
 *
 * Without the HTML tokenizer, each row applies the matcher to the buffer
 * the HTML pipeline would hand it (docs/rules.md §4.2): an attribute value
 * alone in value mode on html-attr; text between tags in prose mode on text;
 * <script> contents in prose on inline-script; <style> contents in prose on
 * inline-style. The rewritten buffer is spliced back between the row's
 * prefix and suffix and the whole row is compared byte for byte. Bare
 * fragments (rows 19, 20, 31–35, 37, 39) are checked as text prose and as
 * an attribute value. Row 22 follows rules.md §12.1. */
#include <check.h>
#include <string.h>

#include "matcher_fixture.h"
#include "suites.h"

#define L(lit) (sizeof(lit) - 1)

static bool row_check(const char *map_text, const char *pre, const char *body, const char *post,
                      enum match_mode mode, enum surface s, const char *want, char *msg, size_t cap)
{
	struct fixture f;
	fx_build(&f, map_text);
	static unsigned char out[FX_OUT_CAP], full[FX_OUT_CAP];
	size_t outlen = 0, rw = 0;
	bool ok = matcher_rewrite(&f.pt, (const unsigned char *)body, strlen(body), mode, s, out, sizeof out,
	                          &outlen, &rw);
	fx_free(&f);
	size_t n = 0;
	if (ok) {
		size_t a = strlen(pre), c = strlen(post);
		memcpy(full, pre, a);
		memcpy(full + a, out, outlen);
		memcpy(full + a + outlen, post, c);
		n = a + outlen + c;
	}
	bool good = ok && n == strlen(want) && memcmp(full, want, n) == 0;
	if (!good)
		snprintf(msg, cap, "%s/%s: row \"%.300s%.1000s%.300s\": expected \"%.1200s\", got \"%.1200s\"",
		         mode == MATCH_VALUE ? "value" : "prose", surface_name(s), pre, fx_show(0, (const unsigned char *)body, strlen(body)),
		         post, fx_show(1, (const unsigned char *)want, strlen(want)),
		         ok ? fx_show(2, full, n) : "(matcher_rewrite returned false)");
	return good;
}

/* ROW(pre, body, post, mode, surface, whole expected row). */
#define ROW_MAP(map_text, pre, body, post, mode, surf, want) do { \
	char msg_[6144]; \
	ck_assert_msg(row_check((map_text), (pre), (body), (post), (mode), (surf), (want), msg_, sizeof msg_), "%s", msg_); \
} while (0)
#define ROW(pre, body, post, mode, surf, want) ROW_MAP(MAP_MAIN, pre, body, post, mode, surf, want)

/* An attribute value: pre ends with the opening quote. */
#define ATTR_ROW(pre, val, post, want) ROW(pre, val, post, MATCH_VALUE, SURFACE_HTML_ATTR, want)
#define TEXT_ROW(pre, txt, post, want) ROW(pre, txt, post, MATCH_PROSE, SURFACE_TEXT, want)
#define SCRIPT_ROW(body, want) ROW("<script>", body, "</script>", MATCH_PROSE, SURFACE_INLINE_SCRIPT, want)
#define STYLE_ROW(body, want) ROW("<style>", body, "</style>", MATCH_PROSE, SURFACE_INLINE_STYLE, want)
/* A bare fragment: as text prose and as a whole attribute value. */
#define FRAGMENT(in, want) do { \
	ROW("", in, "", MATCH_PROSE, SURFACE_TEXT, want); \
	ROW("", in, "", MATCH_VALUE, SURFACE_HTML_ATTR, want); \
} while (0)

/* One event with this reason over [start,end). */
#define ONE_SKIP(mode, surf, in, st, en, rsn) do { \
	struct ev_log log_; \
	SCAN(mode, surf, in, &log_); \
	EXPECT_NEVENTS(log_, 1); \
	EXPECT_EVENT(log_, 0, st, en, ACTION_SKIPPED, rsn, surf); \
} while (0)

/* ------------------------------------------------------------ basic forms */

START_TEST(row_02)  /* the variant's scheme is written */
{
	ATTR_ROW("<a href=\"", "http://" CH "/x", "\">", "<a href=\"https://" VH "/x\">");
}
END_TEST

START_TEST(row_03)
{
	ATTR_ROW("<img src=\"", "//" CH "/a.jpg", "\">", "<img src=\"//" VH "/a.jpg\">");
}
END_TEST

START_TEST(row_04)
{
	ATTR_ROW("<a href=\"", "HTTPS://WWW.EXAMPLE.FI/a", "\">", "<a href=\"https://" VH "/a\">");
}
END_TEST

START_TEST(row_05)  /* the default port is consumed */
{
	ATTR_ROW("<a href=\"", "https://" CH ":443/a", "\">", "<a href=\"https://" VH "/a\">");
}
END_TEST

START_TEST(row_06)  /* unchanged, host-not-in-map */
{
	ATTR_ROW("<a href=\"", "https://" CH ":8080/a", "\">", "<a href=\"https://" CH ":8080/a\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH ":8080/a", 0, L("https://" CH ":8080"),
	         REASON_HOST_NOT_IN_MAP);
}
END_TEST

START_TEST(row_07)  /* leading zeros are stripped */
{
	ATTR_ROW("<a href=\"", "https://" CH ":0443/a", "\">", "<a href=\"https://" VH "/a\">");
}
END_TEST

START_TEST(row_08)
{
	ATTR_ROW("<a href=\"", "http://" CH ":80/a", "\">", "<a href=\"https://" VH "/a\">");
}
END_TEST

START_TEST(row_09)  /* 443 is not http's default */
{
	ATTR_ROW("<a href=\"", "http://" CH ":443/a", "\">", "<a href=\"http://" CH ":443/a\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "http://" CH ":443/a", 0, L("http://" CH ":443"),
	         REASON_HOST_NOT_IN_MAP);
}
END_TEST

START_TEST(row_10)  /* the relative form uses the canonical's scheme */
{
	ATTR_ROW("<a href=\"", "//" CH ":443/x", "\">", "<a href=\"//" VH "/x\">");
}
END_TEST

/* ------------------------------------------------------------ anchoring */

START_TEST(row_11)  /* unchanged, not-a-url */
{
	ATTR_ROW("<a href=\"", "https://" CH ".evil.example/p", "\">", "<a href=\"https://" CH ".evil.example/p\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH ".evil.example/p", 0, L("https://" CH),
	         REASON_NOT_A_URL);
}
END_TEST

START_TEST(row_12)  /* a subdomain is a different host: no candidate */
{
	struct ev_log log;
	ATTR_ROW("<a href=\"", "https://a." CH "/x", "\">", "<a href=\"https://a." CH "/x\">");
	SCAN(MATCH_VALUE, SURFACE_HTML_ATTR, "https://a." CH "/x", &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

START_TEST(row_13)  /* a bare host is never matched */
{
	struct ev_log log;
	TEXT_ROW("<p>", "Order at www.example.fi today", "</p>", "<p>Order at www.example.fi today</p>");
	SCAN(MATCH_PROSE, SURFACE_TEXT, "Order at www.example.fi today", &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

START_TEST(row_14)  /* unchanged, unanchored */
{
	ATTR_ROW("<a href=\"", "path//" CH "/a", "\">", "<a href=\"path//" CH "/a\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "path//" CH "/a", 4, 4 + L("//" CH), REASON_UNANCHORED);
}
END_TEST

START_TEST(row_15)
{
	ATTR_ROW("<a href=\"", "https://other.example//" CH "/a", "\">", "<a href=\"https://other.example//" CH "/a\">");
	size_t at = L("https://other.example");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://other.example//" CH "/a", at, at + L("//" CH),
	         REASON_UNANCHORED);
}
END_TEST

START_TEST(row_16)  /* `(` anchors, inside <style> */
{
	STYLE_ROW("url(//" CH "/a)", "<style>url(//" VH "/a)</style>");
	STYLE_ROW(".a{background:url(//" CH "/a)}", "<style>.a{background:url(//" VH "/a)}</style>");
}
END_TEST

START_TEST(row_17)  /* scheme forms have no left anchor */
{
	TEXT_ROW("<p>", "xhttps://" CH "/y", "</p>", "<p>xhttps://" VH "/y</p>");
}
END_TEST

START_TEST(row_18)  /* CSP in a content attribute */
{
	ATTR_ROW("<meta http-equiv=\"Content-Security-Policy\" content=\"",
	         "default-src 'self' https://" CH "; script-src", "\">",
	         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self' https://" VH "; script-src\">");
}
END_TEST

START_TEST(row_19)
{
	FRAGMENT("[https://" CH "]", "[https://" VH "]");
	FRAGMENT("a=https://" CH "|b", "a=https://" VH "|b");
	FRAGMENT("@import url(https://" CH ");", "@import url(https://" VH ");");
	STYLE_ROW("@import url(https://" CH ");", "<style>@import url(https://" VH ");</style>");
}
END_TEST

START_TEST(row_20)  /* %2E and %2D continue the host: unchanged */
{
	FRAGMENT("https://" CH "%2Eattacker.test/p", "https://" CH "%2Eattacker.test/p");
	FRAGMENT("https://" CH "%2Dx.test/p", "https://" CH "%2Dx.test/p");
	ONE_SKIP(MATCH_PROSE, SURFACE_TEXT, "https://" CH "%2Dx.test/p", 0, L("https://" CH), REASON_NOT_A_URL);
}
END_TEST

START_TEST(row_21)  /* `@` is not a delimiter */
{
	ATTR_ROW("<a href=\"", "https://" CH "@evil.example/", "\">", "<a href=\"https://" CH "@evil.example/\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH "@evil.example/", 0, L("https://" CH),
	         REASON_NOT_A_URL);
}
END_TEST

/* Row 22 per rules.md §12.1: rewritten, because the candidate does not
 * begin the value. */
START_TEST(row_22)
{
	ATTR_ROW("<a href=\"", "/go?u=https://" CH "&amp;b=1", "\">", "<a href=\"/go?u=https://" VH "&amp;b=1\">");
	/* §12.1: beginning the value, it is declined. */
	ATTR_ROW("<a href=\"", "https://" CH "&amp;b=1", "\">", "<a href=\"https://" CH "&amp;b=1\">");
}
END_TEST

START_TEST(row_23)
{
	TEXT_ROW("<p>", "See https://" CH ", or call", "</p>", "<p>See https://" VH ", or call</p>");
}
END_TEST

/* ------------------------------------------------------------ root dot */

START_TEST(row_24)
{
	ATTR_ROW("<a href=\"", "https://" CH "./x", "\">", "<a href=\"https://" VH "/x\">");
}
END_TEST

START_TEST(row_25)  /* in a value the end counts as structure */
{
	ATTR_ROW("<a href=\"", "https://" CH ".", "\">", "<a href=\"https://" VH "\">");
}
END_TEST

START_TEST(row_26)
{
	ATTR_ROW("<a href=\"", "https://" CH ".?q=1", "\">", "<a href=\"https://" VH "?q=1\">");
}
END_TEST

START_TEST(row_27)
{
	TEXT_ROW("<p>", "Read more at https://" CH ". Thanks.", "</p>", "<p>Read more at https://" VH ". Thanks.</p>");
}
END_TEST

START_TEST(row_28)  /* in prose the end is a full stop */
{
	TEXT_ROW("<p>", "see https://" CH ".", "</p>", "<p>see https://" VH ".</p>");
}
END_TEST

/* ------------------------------------------------------------ ports and colons */

START_TEST(row_29)  /* the colon is kept */
{
	ATTR_ROW("<a href=\"", "https://" CH ":/x", "\">", "<a href=\"https://" VH ":/x\">");
}
END_TEST

START_TEST(row_30)  /* unchanged, not-a-url */
{
	ATTR_ROW("<a href=\"", "https://" CH ":x", "\">", "<a href=\"https://" CH ":x\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH ":x", 0, L("https://" CH ":"), REASON_NOT_A_URL);
}
END_TEST

START_TEST(row_31)
{
	FRAGMENT("https%3A%2F%2F" CH "%3A8443%2Fx", "https%3A%2F%2F" CH "%3A8443%2Fx");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https%3A%2F%2F" CH "%3A8443%2Fx", 0,
	         L("https%3A%2F%2F" CH "%3A8443"), REASON_HOST_NOT_IN_MAP);
	/* With the canonical https://C:8443 instead. */
	const char *map8443 = "https://www.example.fi:8443 https://wt-a--example.ddev.site\n";
	ROW_MAP(map8443, "", "https%3A%2F%2F" CH "%3A8443%2Fx", "", MATCH_PROSE, SURFACE_TEXT,
	        "https%3A%2F%2F" VH "%2Fx");
	ROW_MAP(map8443, "", "https%3A%2F%2F" CH "%3A8443%2Fx", "", MATCH_VALUE, SURFACE_HTML_ATTR,
	        "https%3A%2F%2F" VH "%2Fx");
}
END_TEST

/* ------------------------------------------------------------ encodings */

START_TEST(row_32)
{
	FRAGMENT("redirect_to=https%3A%2F%2F" CH "%2Fwp-admin%2F", "redirect_to=https%3A%2F%2F" VH "%2Fwp-admin%2F");
}
END_TEST

START_TEST(row_33)  /* separator rewritten uppercase; bytes after the span untouched */
{
	FRAGMENT("?r=https%3a%2f%2f" CH "%2f", "?r=https%3A%2F%2F" VH "%2f");
}
END_TEST

START_TEST(row_34)
{
	FRAGMENT("%2F%2F" CH "%2Fa", "%2F%2F" VH "%2Fa");
}
END_TEST

START_TEST(row_35)  /* unchanged, unanchored: the byte before is `a` */
{
	FRAGMENT("a%2F%2F" CH, "a%2F%2F" CH);
	ONE_SKIP(MATCH_PROSE, SURFACE_TEXT, "a%2F%2F" CH, 1, 1 + L("%2F%2F" CH), REASON_UNANCHORED);
}
END_TEST

START_TEST(row_36)
{
	SCRIPT_ROW("var s={\"root\":\"https:\\/\\/" CH "\\/wp-json\\/\"};",
	           "<script>var s={\"root\":\"https:\\/\\/" VH "\\/wp-json\\/\"};</script>");
}
END_TEST

START_TEST(row_37)  /* inside a script string */
{
	SCRIPT_ROW("var u=\"\\/\\/" CH "\\/a\";", "<script>var u=\"\\/\\/" VH "\\/a\";</script>");
	ROW("", "\\/\\/" CH "\\/a", "", MATCH_PROSE, SURFACE_INLINE_SCRIPT, "\\/\\/" VH "\\/a");
}
END_TEST

START_TEST(row_38)
{
	ATTR_ROW("<div data-x=\"", "{&quot;u&quot;:&quot;https:\\/\\/" CH "\\/x&quot;}", "\">",
	         "<div data-x=\"{&quot;u&quot;:&quot;https:\\/\\/" VH "\\/x&quot;}\">");
}
END_TEST

START_TEST(row_39)  /* percent twice (a redirect parameter in one): rewritten in its spelling */
{
	FRAGMENT("%252F%252F" CH, "%252F%252F" VH);
	FRAGMENT("https%253A%252F%252F" CH "%252Fx", "https%253A%252F%252F" VH "%252Fx");
	/* three times is no spelling of rules.md §2.1 */
	struct ev_log log;
	FRAGMENT("%25252F%25252F" CH, "%25252F%25252F" CH);
	SCAN(MATCH_PROSE, SURFACE_TEXT, "%25252F%25252F" CH, &log);
	EXPECT_NEVENTS(log, 0);
}
END_TEST

/* ------------------------------------------------------------ escapes and controls */

START_TEST(row_53)  /* \u00e4 continues the host: unchanged */
{
	SCRIPT_ROW("fetch(\"https://" CH "\\u00e4\")", "<script>fetch(\"https://" CH "\\u00e4\")</script>");
	ONE_SKIP(MATCH_PROSE, SURFACE_INLINE_SCRIPT, "fetch(\"https://" CH "\\u00e4\")", 7, 7 + L("https://" CH),
	         REASON_NOT_A_URL);
}
END_TEST

START_TEST(row_54)
{
	SCRIPT_ROW("fetch(\"https://" CH "\\/x\")", "<script>fetch(\"https://" VH "\\/x\")</script>");
}
END_TEST

START_TEST(row_55)  /* in an attribute a backslash is a path separator */
{
	ATTR_ROW("<a href=\"", "https://" CH "\\u00e4", "\">", "<a href=\"https://" VH "\\u00e4\">");
}
END_TEST

START_TEST(row_56)  /* literal TAB joins in an attribute: unchanged */
{
	ATTR_ROW("<a href=\"", "https://" CH "\tx", "\">", "<a href=\"https://" CH "\tx\">");
	ONE_SKIP(MATCH_VALUE, SURFACE_HTML_ATTR, "https://" CH "\tx", 0, L("https://" CH), REASON_NOT_A_URL);
}
END_TEST

START_TEST(row_57)  /* in prose the TAB ends the host */
{
	TEXT_ROW("<p>", "https://" CH "\tnext", "</p>", "<p>https://" VH "\tnext</p>");
}
END_TEST

Suite *rows_suite(void)
{
	Suite *s = suite_create("rows");
	TCase *t = tcase_create("engine_reference_12");
	tcase_add_test(t, row_02);
	tcase_add_test(t, row_03);
	tcase_add_test(t, row_04);
	tcase_add_test(t, row_05);
	tcase_add_test(t, row_06);
	tcase_add_test(t, row_07);
	tcase_add_test(t, row_08);
	tcase_add_test(t, row_09);
	tcase_add_test(t, row_10);
	tcase_add_test(t, row_11);
	tcase_add_test(t, row_12);
	tcase_add_test(t, row_13);
	tcase_add_test(t, row_14);
	tcase_add_test(t, row_15);
	tcase_add_test(t, row_16);
	tcase_add_test(t, row_17);
	tcase_add_test(t, row_18);
	tcase_add_test(t, row_19);
	tcase_add_test(t, row_20);
	tcase_add_test(t, row_21);
	tcase_add_test(t, row_22);
	tcase_add_test(t, row_23);
	tcase_add_test(t, row_24);
	tcase_add_test(t, row_25);
	tcase_add_test(t, row_26);
	tcase_add_test(t, row_27);
	tcase_add_test(t, row_28);
	tcase_add_test(t, row_29);
	tcase_add_test(t, row_30);
	tcase_add_test(t, row_31);
	tcase_add_test(t, row_32);
	tcase_add_test(t, row_33);
	tcase_add_test(t, row_34);
	tcase_add_test(t, row_35);
	tcase_add_test(t, row_36);
	tcase_add_test(t, row_37);
	tcase_add_test(t, row_38);
	tcase_add_test(t, row_39);
	tcase_add_test(t, row_53);
	tcase_add_test(t, row_54);
	tcase_add_test(t, row_55);
	tcase_add_test(t, row_56);
	tcase_add_test(t, row_57);
	suite_add_tcase(s, t);
	return s;
}
