/* test_html.c — the html tokenizer's framing (rules.md §4.1, WHATWG
 * tokenization), the surface each token kind gets (§4.2), the attribute
 * value pipeline (§4.3, §5.3), the size cap (§11.2), the sweep over what
 * the structured pass leaves (§6), and chunk independence (§11.1). An
 * origin is planted in each place; where it is reported shows how the
 * bytes were framed. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "pipeline_fixture.h"
#include "suites.h"

#define MAP1 "https://www.example.fi https://wt-a--example.ddev.site\n"
#define C "www.example.fi"
#define V "wt-a--example.ddev.site"

static const size_t chunkings[] = { 1, 2, 3, 7, 64, 4096, 65536 };

/* Run at every read size: same output and counters each time; returns the
 * 64 KiB run. */
static void run_all(const char *in, struct pf_result *r)
{
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 65536 };
	pf_run(MAP1, in, strlen(in), &o, r);
	for (size_t i = 0; i < sizeof chunkings / sizeof *chunkings; i++) {
		struct pf_result x;
		o.read_size = chunkings[i];
		pf_run(MAP1, in, strlen(in), &o, &x);
		ck_assert_msg(x.out_len == r->out_len && memcmp(x.out, r->out, r->out_len) == 0,
		              "read size %zu: output differs:\n%s\nvs\n%s", chunkings[i], x.out, r->out);
		ck_assert(memcmp(x.candidates, r->candidates, sizeof x.candidates) == 0);
		ck_assert(memcmp(x.rewrites, r->rewrites, sizeof x.rewrites) == 0);
		ck_assert(memcmp(x.skips, r->skips, sizeof x.skips) == 0);
		ck_assert(memcmp(x.structured, r->structured, sizeof x.structured) == 0);
		ck_assert_str_eq(x.explain, r->explain);
		pf_free(&x);
	}
}

/* in → want, with exactly `n` rewrites on surface s and none elsewhere. */
static void expect_on(const char *in, const char *want, enum surface s, uint64_t n)
{
	struct pf_result r;
	run_all(in, &r);
	ck_assert_msg(strcmp((char *)r.out, want) == 0, "input %s\n got  %s\n want %s", in, r.out, want);
	for (int k = 0; k < SURFACE_COUNT; k++)
		ck_assert_msg(r.rewrites[k] == (k == (int)s ? n : 0), "input %s: %llu rewrites on %s (want %llu on %s)", in,
		              (unsigned long long)r.rewrites[k], surface_name((enum surface)k), (unsigned long long)n,
		              surface_name(s));
	pf_free(&r);
}

/* §4.2: which surface each token kind gets. */
START_TEST(surfaces_by_token)
{
	expect_on("<p>see https://" C "/x</p>", "<p>see https://" V "/x</p>", SURFACE_TEXT, 1);
	expect_on("<a href=\"https://" C "/x\">k</a>", "<a href=\"https://" V "/x\">k</a>", SURFACE_HTML_ATTR, 1);
	expect_on("<!-- https://" C "/x -->", "<!-- https://" V "/x -->", SURFACE_COMMENT, 1);
	expect_on("<script>u='https://" C "/'</script>", "<script>u='https://" V "/'</script>", SURFACE_INLINE_SCRIPT, 1);
	expect_on("<style>a{b:url(//" C "/i)}</style>", "<style>a{b:url(//" V "/i)}</style>", SURFACE_INLINE_STYLE, 1);
	static const char *const raw[] = { "title", "textarea", "iframe", "noembed", "noframes", "noscript", "xmp" };
	for (size_t i = 0; i < sizeof raw / sizeof *raw; i++) {
		char in[256], want[256];
		snprintf(in, sizeof in, "<%s><a href=\"https://" C "/\">x</a></%s>", raw[i], raw[i]);
		snprintf(want, sizeof want, "<%s><a href=\"https://" V "/\">x</a></%s>", raw[i], raw[i]);
		expect_on(in, want, SURFACE_RAW_TEXT, 1);
	}
	/* §4.1: doctype and end tags are verbatim: only the sweep sees them. */
	expect_on("<!DOCTYPE html SYSTEM \"https://" C "/x.dtd\"><p>x</p>",
	          "<!DOCTYPE html SYSTEM \"https://" V "/x.dtd\"><p>x</p>", SURFACE_STRAGGLER, 1);
	expect_on("</a data-x=\"https://" C "/\">", "</a data-x=\"https://" V "/\">", SURFACE_STRAGGLER, 1);
}
END_TEST

/* §4.2 and §12.4: <script> is JavaScript for the WHATWG list. */
START_TEST(script_types)
{
	static const char *const js[] = { "", " module ", "text/javascript", "TEXT/JavaScript; charset=utf-8",
	                                  "text/x-javascript", "application/x-javascript", "text/jscript",
	                                  "text/livescript", "text/javascript1.5", "text/x-ecmascript" };
	static const char *const data[] = { "application/ld+json", "importmap", "text/template", "text/html",
	                                    "speculationrules" };
	char in[256], want[256];
	for (size_t i = 0; i < sizeof js / sizeof *js; i++) {
		snprintf(in, sizeof in, "<script type=\"%s\">f(\"https://" C "/\")</script>", js[i]);
		snprintf(want, sizeof want, "<script type=\"%s\">f(\"https://" V "/\")</script>", js[i]);
		expect_on(in, want, SURFACE_INLINE_SCRIPT, 1);
	}
	for (size_t i = 0; i < sizeof data / sizeof *data; i++) {
		snprintf(in, sizeof in, "<script type=\"%s\">{\"u\":\"https://" C "/\"}</script>", data[i]);
		snprintf(want, sizeof want, "<script type=\"%s\">{\"u\":\"https://" V "/\"}</script>", data[i]);
		expect_on(in, want, SURFACE_JSON_STRING, 1);
	}
	ck_assert(html_script_type_is_js((const unsigned char *)"  ", 2));
	ck_assert(!html_script_type_is_js((const unsigned char *)"text/plain", 10));
}
END_TEST

/* WHATWG comment states: `<!-->` and `<!--->` are whole comments, `--!>`
 * ends one, `-- >` does not. */
START_TEST(comment_forms)
{
	expect_on("<!-->https://" C "/", "<!-->https://" V "/", SURFACE_TEXT, 1);
	expect_on("<!--->https://" C "/", "<!--->https://" V "/", SURFACE_TEXT, 1);
	expect_on("<!-- a --!>https://" C "/", "<!-- a --!>https://" V "/", SURFACE_TEXT, 1);
	expect_on("<!-- a -- >https://" C "/ -->", "<!-- a -- >https://" V "/ -->", SURFACE_COMMENT, 1);
	expect_on("<!-- a --->https://" C "/", "<!-- a --->https://" V "/", SURFACE_TEXT, 1);
	expect_on("<!---- https://" C "/ ---->", "<!---- https://" V "/ ---->", SURFACE_COMMENT, 1);
}
END_TEST

/* §4.1: bogus comments (`<?…>`, `<!…>`, `</` + non-letter, CDATA) end at
 * the first '>', `</>` is an empty comment. */
START_TEST(bogus_comments)
{
	expect_on("<?xml https://" C "/ ?>", "<?xml https://" V "/ ?>", SURFACE_COMMENT, 1);
	expect_on("<!x https://" C "/>x", "<!x https://" V "/>x", SURFACE_COMMENT, 1);
	expect_on("</ https://" C "/>", "</ https://" V "/>", SURFACE_COMMENT, 1);
	expect_on("</>https://" C "/", "</>https://" V "/", SURFACE_TEXT, 1);
	expect_on("<![CDATA[https://" C "/]]>", "<![CDATA[https://" V "/]]>", SURFACE_COMMENT, 1);
	expect_on("<![CDATA[a>https://" C "/]]>", "<![CDATA[a>https://" V "/]]>", SURFACE_TEXT, 1);
	expect_on("<!DOCTYP https://" C "/>", "<!DOCTYP https://" V "/>", SURFACE_COMMENT, 1);
}
END_TEST

/* §4.1: a '<' that starts no markup is text. */
START_TEST(lone_less_than)
{
	expect_on("a < https://" C "/ <3 <", "a < https://" V "/ <3 <", SURFACE_TEXT, 1);
	expect_on("<1 https://" C "/", "<1 https://" V "/", SURFACE_TEXT, 1);
}
END_TEST

/* WHATWG attribute states: a '>' inside a quoted value does not end the
 * tag; quotes inside an unquoted value are value bytes. */
START_TEST(attribute_states)
{
	expect_on("<a title=\"a>b\" href=https://" C "/x>k", "<a title=\"a>b\" href=https://" V "/x>k", SURFACE_HTML_ATTR, 1);
	expect_on("<a title='x' href='//" C "/y'>", "<a title='x' href='//" V "/y'>", SURFACE_HTML_ATTR, 1);
	expect_on("<a x=a\"b href=\"https://" C "\">", "<a x=a\"b href=\"https://" V "\">", SURFACE_HTML_ATTR, 1);
	expect_on("<a\nhref\n=\n\"https://" C "/\"\n>", "<a\nhref\n=\n\"https://" V "/\"\n>", SURFACE_HTML_ATTR, 1);
	/* duplicates: every physical value (§4.3 step 3) */
	expect_on("<a href=\"https://" C "/a\" href=\"https://" C "/b\">", "<a href=\"https://" V "/a\" href=\"https://" V "/b\">",
	          SURFACE_HTML_ATTR, 2);
	/* valueless and empty attributes are not scanned, and keep their bytes */
	expect_on("<a hidden data-x= href=\"//" C "\" b=''>", "<a hidden data-x= href=\"//" V "\" b=''>", SURFACE_HTML_ATTR, 1);
	/* a self-closing slash, and a stray one */
	expect_on("<img src=//" C "/a.png />", "<img src=//" V "/a.png />", SURFACE_HTML_ATTR, 1);
	expect_on("<img / src=\"//" C "/\">", "<img / src=\"//" V "/\">", SURFACE_HTML_ATTR, 1);
	/* a run of white space after the name, read in one step into the first
	 * attribute, and what may follow it there */
	expect_on("<a \n\t\f\r href=\"//" C "/\">", "<a \n\t\f\r href=\"//" V "/\">", SURFACE_HTML_ATTR, 1);
	expect_on("<a   />x https://" C, "<a   />x https://" V, SURFACE_TEXT, 1);
	expect_on("<a   >x https://" C, "<a   >x https://" V, SURFACE_TEXT, 1);
	expect_on("<a \t\n/ href=\"//" C "/\" title='//" C "'>", "<a \t\n/ href=\"//" V "/\" title='//" V "'>", SURFACE_HTML_ATTR, 2);
	expect_on("<img  src=//" C "/a.png  alt=x>", "<img  src=//" V "/a.png  alt=x>", SURFACE_HTML_ATTR, 1);
}
END_TEST

/* §4.1: raw text ends only at `</name` + white space, '/' or '>', any case. */
START_TEST(raw_text_end_tags)
{
	expect_on("<title>https://" C "/</titlex>https://" C "/</title>", "<title>https://" V "/</titlex>https://" V "/</title>",
	          SURFACE_RAW_TEXT, 2);
	expect_on("<style>x</STYLE >https://" C "/", "<style>x</STYLE >https://" V "/", SURFACE_TEXT, 1);
	expect_on("<textarea></textarea/>https://" C "/", "<textarea></textarea/>https://" V "/", SURFACE_TEXT, 1);
	expect_on("<xmp></xm>https://" C "/</xmp>", "<xmp></xm>https://" V "/</xmp>", SURFACE_RAW_TEXT, 1);
	/* the end tag's own attributes are the sweep's */
	expect_on("<title>t</title data-x='https://" C "/'>", "<title>t</title data-x='https://" V "/'>", SURFACE_STRAGGLER, 1);
	/* raw text is entered after a self-closing tag too */
	expect_on("<title/>https://" C "/</title>", "<title/>https://" V "/</title>", SURFACE_RAW_TEXT, 1);
}
END_TEST

/* WHATWG script data escape and double-escape states. */
START_TEST(script_escapes)
{
	/* double-escaped: `</script>` inside `<!--<script>` does not end it */
	expect_on("<script><!--<script>https://" C "/</script>https://" C "/--></script>x",
	          "<script><!--<script>https://" V "/</script>https://" V "/--></script>x", SURFACE_INLINE_SCRIPT, 2);
	/* escaped: `</script>` ends it */
	expect_on("<script><!--</script>https://" C "/", "<script><!--</script>https://" V "/", SURFACE_TEXT, 1);
	/* `-->` leaves the escape, so `<script>` after it does not double-escape */
	expect_on("<script><!-- --><script></script>https://" C "/", "<script><!-- --><script></script>https://" V "/",
	          SURFACE_TEXT, 1);
	/* a lone `<` and `</scrip` are script bytes */
	expect_on("<script>a<b</scrip https://" C "/</script>", "<script>a<b</scrip https://" V "/</script>",
	          SURFACE_INLINE_SCRIPT, 1);
}
END_TEST

/* §4.1: plaintext runs to the end of input. */
START_TEST(plaintext_to_eof)
{
	expect_on("<plaintext></plaintext><a href=\"https://" C "/\">", "<plaintext></plaintext><a href=\"https://" V "/\">",
	          SURFACE_RAW_TEXT, 1);
}
END_TEST

/* §4.1: end of input inside a token passes its bytes through; a start tag
 * cut short is left to the sweep. */
START_TEST(eof_inside_tokens)
{
	expect_on("<a href=\"https://" C "/", "<a href=\"https://" V "/", SURFACE_STRAGGLER, 1);
	expect_on("<!-- https://" C "/", "<!-- https://" V "/", SURFACE_COMMENT, 1);
	expect_on("<script>https://" C "/</scr", "<script>https://" V "/</scr", SURFACE_INLINE_SCRIPT, 1);
	static const char *const tails[] = { "<", "</", "<!", "<!-", "<!DOC", "<a", "<a b", "<a b=", "</a", "<!--", "<?x" };
	for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
		char in[128];
		snprintf(in, sizeof in, "x https://" C "/ %s", tails[i]);
		struct pf_result r;
		run_all(in, &r);
		char want[128];
		snprintf(want, sizeof want, "x https://" V "/ %s", tails[i]);
		ck_assert_str_eq((char *)r.out, want);
		pf_free(&r);
	}
}
END_TEST

/* §5.3: an origin found only by decoding references is
 * replaced over its source bytes; the value's other references stay. */
START_TEST(reference_splice)
{
	expect_on("<a href=\"https:&#47;&#47;" C "/a&#47;b\">", "<a href=\"https://" V "/a&#47;b\">", SURFACE_HTML_ENTITY, 1);
	expect_on("<a href=\"https&colon;//www&period;example&period;fi/x\">", "<a href=\"https://" V "/x\">",
	          SURFACE_HTML_ENTITY, 1);
	/* in text the locator reads them (its host replaced, rules.md §3.9);
	 * not in scripts or comments (§4.2) */
	expect_on("<p>https:&#47;&#47;" C "/</p>", "<p>https:&#47;&#47;" V "/</p>", SURFACE_TEXT, 1);
	expect_on("<script>u='https:&#47;&#47;" C "/'</script>", "<script>u='https:&#47;&#47;" C "/'</script>", SURFACE_TEXT, 0);
	expect_on("<!-- https:&#47;&#47;" C "/ -->", "<!-- https:&#47;&#47;" C "/ -->", SURFACE_TEXT, 0);
	/* &amp; is never decoded (§5.1) */
	expect_on("<a href=\"https:&amp;#47;&amp;#47;" C "\">", "<a href=\"https:&amp;#47;&amp;#47;" C "\">", SURFACE_TEXT, 0);
}
END_TEST

/* One origin plain, one only through references: one html-attr and one
 * html-entity rewrite, each once, at their input offsets. */
START_TEST(reference_events)
{
	const char *in = "<a data-a=\"https://" C "/ https:&#x2F;&#x2F;" C "/\">";
	struct pf_result r;
	run_all(in, &r);
	ck_assert_str_eq((char *)r.out, "<a data-a=\"https://" V "/ https://" V "/\">");
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ENTITY], 1);
	ck_assert_ptr_nonnull(strstr(r.explain, "        11  rewrote  -                      html-attr"));
	ck_assert_ptr_nonnull(strstr(r.explain, "        35  rewrote  -                      html-entity"));
	pf_free(&r);
}
END_TEST

/* §4.1 and §11.2: a start tag over the 1 MiB cap is matched as prose on
 * html-attr, counted once as size-cap-exceeded, and tokenizing goes on. */
START_TEST(tag_over_cap)
{
	size_t big = HTML_TAG_CAP + 1000;
	const char *head = "<a data-x=\"https://" C "/ ";
	const char *tail = "\"><a href=\"https://" C "/y\"><p>https://" C "/</p>";
	size_t hl = strlen(head), tl = strlen(tail);
	char *in = malloc(hl + big + tl + 1);
	memcpy(in, head, hl);
	memset(in + hl, 'x', big);
	memcpy(in + hl + big, tail, tl + 1);
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 4096 };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	ck_assert_uint_eq(r.skips[REASON_SIZE_CAP_EXCEEDED], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 2);  /* one as prose, one in the next tag */
	ck_assert_uint_eq(r.rewrites[SURFACE_TEXT], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_STRAGGLER], 0);
	ck_assert_uint_eq(r.out_len, strlen(in) + 3 * (strlen(V) - strlen(C)));
	ck_assert(memcmp(r.out, "<a data-x=\"https://" V "/ xxx", strlen("<a data-x=\"https://" V "/ xxx")) == 0);
	pf_free(&r);
	free(in);
}
END_TEST

/* §10.6 with the cap (§11.2): a finding inside an over-cap tag that spans lines
 * and reads still gets its input line and column. */
START_TEST(check_positions_over_cap)
{
	size_t big = HTML_TAG_CAP + 10;
	const char *head = "<p>\n<a data-x=\"\n";
	const char *tail = " https://" C "/\">";
	size_t hl = strlen(head), tl = strlen(tail);
	char *in = malloc(hl + big + tl + 1);
	memcpy(in, head, hl);
	memset(in + hl, 'x', big);
	memcpy(in + hl + big, tail, tl + 1);
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 4096, .check = true };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	char want[128];
	snprintf(want, sizeof want, "in:3:%zu: https://" C " (html-attr)\n", big + 2);
	ck_assert_str_eq(r.check, want);
	pf_free(&r);
	free(in);
}
END_TEST

/* §10.6: line and column of attribute and text findings (1-based,
 * bytes of the input), after earlier rewrites on the same line. */
START_TEST(check_positions_html)
{
	const char *in = "<p>https://" C "/</p>\n<a\n  href=\"https://" C "/\" x=\"//" C "\">\n<!-- https://" C " -->";
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 3, .check = true };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	ck_assert_str_eq(r.check,
		"in:1:4: https://" C " (text)\n"
		"in:3:9: https://" C " (html-attr)\n"
		"in:3:37: //" C " (html-attr)\n"
		"in:4:6: https://" C " (comment)\n");
	pf_free(&r);
}
END_TEST

/* §4.4: the structured attributes counted by name, in any case, and no
 * name near one (a letter changed, one added or taken away). */
START_TEST(structured_names_counted)
{
	const char *doc =
		"<meta CONTENT=\"a\" contents=\"a\" conten=\"a\"><img SrcSet=\"a 1x\" srcsez=\"a\" srcsets=\"a\">"
		"<iframe srcDOC=\"x\" srcdox=\"x\" srcdo=\"x\"></iframe><a PING=\"/p\" pinh=\"/p\" pin=\"/p\">"
		"<link imageSrcSet=\"a 1x\" imagesrcsez=\"a\" height=\"1\" target=\"_top\" action=\"/\">";
	struct pf_result r;
	run_all(doc, &r);
	ck_assert_uint_eq(r.structured[ATTR_CONTENT], 1);
	ck_assert_uint_eq(r.structured[ATTR_SRCSET], 1);
	ck_assert_uint_eq(r.structured[ATTR_SRCDOC], 1);
	ck_assert_uint_eq(r.structured[ATTR_PING], 1);
	ck_assert_uint_eq(r.structured[ATTR_IMAGESRCSET], 1);
	pf_free(&r);
}
END_TEST

/* A tag name is read in lower case whatever its length and wherever the
 * chunk ends: `<SCRIPT>` and `<StYlE>` open raw text (a host in them is
 * read as a script's and a style sheet's), a name of 16 letters or more
 * that begins as one does not. */
START_TEST(tag_names_lowered)
{
	const char *doc =
		"<SCRIPT>var u='https:\\/\\/" C "\\/';</SCRIPT><StYlE>a{b:url(//" C "/x)}</sTyLe>"
		"<SCRIPTXXXXXXXXXXXXXXXX>https://" C "/a</SCRIPTXXXXXXXXXXXXXXXX>"
		"<TEXTAREA data-a=\"https://" C "/\">https://" C "/t</TEXTAREA><p>https://" C "/p</p>";
	const char *want =
		"<SCRIPT>var u='https:\\/\\/" V "\\/';</SCRIPT><StYlE>a{b:url(//" V "/x)}</sTyLe>"
		"<SCRIPTXXXXXXXXXXXXXXXX>https://" V "/a</SCRIPTXXXXXXXXXXXXXXXX>"
		"<TEXTAREA data-a=\"https://" V "/\">https://" V "/t</TEXTAREA><p>https://" V "/p</p>";
	struct pf_result r;
	run_all(doc, &r);
	ck_assert_uint_eq(r.out_len, strlen(want));
	ck_assert(memcmp(r.out, want, r.out_len) == 0);
	ck_assert_uint_eq(r.rewrites[SURFACE_INLINE_SCRIPT], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_INLINE_STYLE], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_RAW_TEXT], 1);
	pf_free(&r);
}
END_TEST

/* §11: a document with every token kind gives the same bytes and counters
 * at every read size, and with the identity map it is byte-identical. */
START_TEST(chunking_all_token_kinds)
{
	const char *doc =
		"\xef\xbb\xbf<!DOCTYPE html><html><head><title>T https://" C "/</title>"
		"<meta http-equiv=\"refresh\" content=\"5;url=https://" C "/x\">"
		"<style>.a{background:url(https://" C "/b.png)}</style>"
		"<script>var s={\"root\":\"https:\\/\\/" C "\\/wp-json\\/\"};</script>"
		"<script type=\"application/ld+json\">{\"url\":\"https://" C "/\"}</script>"
		"<script><!--<script>x='//" C "/'</script>--></script></head>"
		"<body><!-- cache https://" C "/ --><?php x ?><![CDATA[ https://" C " ]]>"
		"<a href=\"https://" C "/a\" href='http://" C ":443/b' data-x=https%3A%2F%2F" C "%2F>k</a>"
		"<img srcset=\"https://" C "/a.jpg 1x, https://" C "/b.jpg 2x\">"
		"<p>Read https://" C ". Thanks &amp; https:&#47;&#47;" C "/</p>"
		"<textarea>https://" C "/</textarea><noscript><img src=\"//" C "/\"></noscript>"
		"</a data-x=\"https://" C "/\"><plaintext>https://" C "/ <b>";
	struct pf_result r;
	run_all(doc, &r);
	ck_assert_uint_eq(r.rewrites[SURFACE_STRAGGLER], 1);
	ck_assert_uint_eq(r.structured[ATTR_CONTENT], 1);
	ck_assert_uint_eq(r.structured[ATTR_SRCSET], 1);
	pf_free(&r);

	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, "https://www.example.fi https://www.example.fi\n", false);
	for (size_t i = 0; i < sizeof chunkings / sizeof *chunkings; i++) {
		struct pf_options o = { .type = FILETYPE_HTML, .read_size = chunkings[i] };
		pf_run_pt(&pt, doc, strlen(doc), &o, &r);
		ck_assert_str_eq((char *)r.out, doc);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* Tag and attribute names end where WHATWG's name states say (white
 * space, '/', '>', and '=' for an attribute name), also when the
 * tokenizer takes a name and a `name="value"` in one step:
 * every byte 1..255 inside and right after a tag name and an attribute
 * name, after 0..16 bytes of name, each followed by a value holding an
 * origin. Output, counters and the explain trace (offsets and surfaces of
 * every event) are equal at read size 1, where every byte goes through
 * the states one at a time, and at the larger read sizes. */
START_TEST(name_ends_every_byte)
{
	size_t cap = 256 * 2 * 17 * 96 + 64, len = 0;
	char *doc = malloc(cap);
	ck_assert_ptr_nonnull(doc);
	for (int b = 1; b < 256; b++) {
		for (int pad = 0; pad < 17; pad++) {
			char name[40];
			memset(name, 'n', (size_t)pad);
			name[pad] = (char)b;
			name[pad + 1] = 'm';
			name[pad + 2] = 0;
			len += (size_t)snprintf(doc + len, cap - len, "<a %s=\"https://" C "/%d\">x</a>", name, b);
			len += (size_t)snprintf(doc + len, cap - len, "<t%s y='//" C "/'>z</t%s>\n", name, name);
		}
	}
	ck_assert_uint_lt(len, cap);
	struct pf_result r;
	run_all(doc, &r);
	ck_assert_uint_gt(r.rewrites[SURFACE_HTML_ATTR], 5000);
	pf_free(&r);
	free(doc);
}
END_TEST

/* §12.1 with §6.4: the sweep does not undo the structured pass's decline
 * of a value-start candidate followed by `&`; elsewhere `&` ends a host on
 * the sweep as in prose. */
START_TEST(sweep_keeps_value_start_amp)
{
	expect_on("<a href=\"https://" C "&amp;b=1\">", "<a href=\"https://" C "&amp;b=1\">", SURFACE_TEXT, 0);
	expect_on("<a href=https://" C "&b=2>", "<a href=https://" C "&b=2>", SURFACE_TEXT, 0);
	expect_on("<a href=\"/go?u=https://" C "&amp;b=1\">", "<a href=\"/go?u=https://" V "&amp;b=1\">", SURFACE_HTML_ATTR, 1);
	expect_on("<!DOCTYPE x \"https://" C "&x\">", "<!DOCTYPE x \"https://" C "&x\">", SURFACE_TEXT, 0);
	expect_on("<!DOCTYPE x https://" C "&x>", "<!DOCTYPE x https://" V "&x>", SURFACE_STRAGGLER, 1);
}
END_TEST

/* §6.4: dry run emits the input, counts, and does not sweep. */
START_TEST(dry_run_html)
{
	const char *in = "<a href=\"https://" C "/x\" class=\"k\">t</a>";
	struct pf_options o = { .type = FILETYPE_HTML, .dry_run = true, .stats = true };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	ck_assert_str_eq((char *)r.out, in);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 1);
	ck_assert_ptr_nonnull(strstr(r.explain, "sweep for leftover origins: not run"));
	pf_free(&r);
}
END_TEST

/* A rewrite that keeps the value's length leaves no offset marks; the tag
 * is still written right (a regression: found by UBSan through the HTTP
 * recipe, where the variant origin is as long as the canonical). */
START_TEST(same_length_rewrite)
{
	const char *map = "http://127.0.0.1:41001 http://127.0.0.1:41002\n";
	const char *in = "<a href=\"http://127.0.0.1:41001/x\" title=\"//127.0.0.1:41001\">k</a>";
	const char *want = "<a href=\"http://127.0.0.1:41002/x\" title=\"//127.0.0.1:41002\">k</a>";
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 7 };
	struct pf_result r;
	pf_run(map, in, strlen(in), &o, &r);
	ck_assert_str_eq((char *)r.out, want);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 2);
	pf_free(&r);
}
END_TEST

/* Found by fuzz_pipeline (corpus/fuzz/regressions/pipeline/): an origin
 * found through references whose replacement has the same length leaves no
 * marks for its tag; UBSan must stay quiet and the bytes be right. */
START_TEST(entity_splice_same_length)
{
	const char *in = "<a r=&#47&#47;a.b>";
	struct pf_options o = { .type = FILETYPE_HTML, .read_size = 7 };
	struct pf_result r;
	pf_run("https://a.b http://[::1]:8080\n", in, strlen(in), &o, &r);
	ck_assert_str_eq((char *)r.out, "<a r=//[::1]:8080>");
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ENTITY], 1);
	pf_free(&r);
}
END_TEST

Suite *html_suite(void)
{
	Suite *s = suite_create("html");
	TCase *tc = tcase_create("tokenizer");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, surfaces_by_token);
	tcase_add_test(tc, script_types);
	tcase_add_test(tc, comment_forms);
	tcase_add_test(tc, bogus_comments);
	tcase_add_test(tc, lone_less_than);
	tcase_add_test(tc, attribute_states);
	tcase_add_test(tc, raw_text_end_tags);
	tcase_add_test(tc, script_escapes);
	tcase_add_test(tc, plaintext_to_eof);
	tcase_add_test(tc, eof_inside_tokens);
	tcase_add_test(tc, reference_splice);
	tcase_add_test(tc, reference_events);
	tcase_add_test(tc, tag_over_cap);
	tcase_add_test(tc, check_positions_html);
	tcase_add_test(tc, check_positions_over_cap);
	tcase_add_test(tc, chunking_all_token_kinds);
	tcase_add_test(tc, structured_names_counted);
	tcase_add_test(tc, tag_names_lowered);
	tcase_add_test(tc, name_ends_every_byte);
	tcase_add_test(tc, dry_run_html);
	tcase_add_test(tc, sweep_keeps_value_start_amp);
	tcase_add_test(tc, same_length_rewrite);
	tcase_add_test(tc, entity_splice_same_length);
	suite_add_tcase(s, tc);
	return s;
}
