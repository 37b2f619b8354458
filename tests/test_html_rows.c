/* test_html_rows.c — the html rows of this project's edge-case table,
 * through the whole html pipeline (tokenizer → value/prose passes →
 * straggler sweep), and the adversarial fixtures of corpus/adv against
 * their reviewed expected outputs in corpus/adv/expected.
 *
 * The rows are numbered; a number is the row's id in the table (test_rows.c
 * shares the numbering), and each group below names the docs/rules.md
 * sections its rows exercise. Map: https://www.example.fi →
 * https://wt-a--example.ddev.site (the example map of rules.md).
 *
 * Every row runs at read sizes 1, 7 and 65536 (rules.md §11.1, §11.3 item
 * 3): the output must be the row's exact expected bytes at each size, and
 * the counters must be identical across sizes. Each row also pins its
 * counters: where the structured pass found its candidates (surface, number
 * rewritten, number declined and why), what the sweep rewrote (0 unless the
 * row says otherwise: rules.md §6.1, a straggler on a well-formed page is a
 * bug in the structured pass), and the structured attribute seen.
 * A declined candidate is counted twice under its reason: once by the
 * structured pass and once more by the sweep, which meets it again
 * (rules.md §6.1, last sentences).
 *
 * Row 22 follows rules.md §12.1 (`&` after a host that does not begin the
 * value ends the host), row 58 follows §5.3 (an origin found only through
 * reference decoding is spliced over its source bytes; the rest of the value
 * keeps its references). Rows 61 and 62 follow §4.2 and §5.1–§5.2 (no
 * reference decoding outside attribute values, removable references never
 * decoded): see the comments there. Rows 53–57 are run here through the
 * pipeline as well (test_rows.c covers them at the matcher level). */
#include <check.h>
#include <time.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "locator.h"
#include "pipeline_fixture.h"
#include "suites.h"

#define CH "www.example.fi"
#define VH "wt-a--example.ddev.site"
#define MAP_MAIN "https://www.example.fi https://wt-a--example.ddev.site\n"
#define MAP_IDENTITY "https://www.example.fi https://www.example.fi\n"
#define MAP_8443 "https://www.example.fi:8443 https://wt-a--example.ddev.site\n"
/* Row 76: two sites, one canonical each; the first host is a prefix of the
 * second one's leading bytes (`www.acmecorp` / `www.acmecorpnat`). */
#define MAP_TWO_SITES \
	"https://www.acmecorp.fi https://wt-a--acmecorp.ddev.site\n" \
	"https://www.acmecorpnat.fi https://wt-a--acmecorpnat.ddev.site\n"

/* The project's adversarial fixtures, their map, and the reviewed expected
 * outputs (relative to the repository root, where the unit binary runs;
 * always the project's corpus, whatever HOSTSHIFT_CORPUS says). */
#define ADV_DIR PF_OWN_CORPUS "/adv"
#define ADV_MAP PF_OWN_CORPUS "/maps/main.map"
#define ADV_EXPECTED_DIR PF_OWN_CORPUS "/adv/expected"

static const size_t read_sizes[] = { 1, 7, 65536 };
#define NSIZES (sizeof read_sizes / sizeof read_sizes[0])

/* ------------------------------------------------------------ helpers */

/* Printable form of some bytes for a failure message (3 slots). */
static const char *show(int slot, const unsigned char *b, size_t n)
{
	static char buf[3][6144];
	char *o = buf[slot];
	size_t k = 0, cap = sizeof buf[slot];
	for (size_t i = 0; i < n && k + 8 < cap; i++) {
		unsigned char c = b[i];
		if (c == '\\') {
			o[k++] = '\\';
			o[k++] = '\\';
		} else if (c >= 0x20 && c < 0x7f) {
			o[k++] = (char)c;
		} else if (c == '\t') {
			o[k++] = '\\';
			o[k++] = 't';
		} else if (c == '\n') {
			o[k++] = '\\';
			o[k++] = 'n';
		} else {
			int w = snprintf(o + k, cap - k, "\\x%02x", c);
			if (w > 0) k += (size_t)w;
		}
	}
	o[k] = 0;
	return o;
}

/* Run `in` through the pipeline at every read size; the output must be `want`
 * at each, the counters the same at each. The 64 KiB run is left in *last. */
static void run_sizes(const struct patterns *pt, const char *what, const void *in, size_t in_len,
                      const void *want, size_t want_len, const struct pf_options *base, struct pf_result *last)
{
	struct pf_result first;
	for (size_t i = 0; i < NSIZES; i++) {
		struct pf_options o = *base;
		o.read_size = read_sizes[i];
		struct pf_result r;
		pf_run_pt(pt, in, in_len, &o, &r);
		ck_assert_msg(r.rc == 0, "%s: read size %zu: rc %d", what, read_sizes[i], r.rc);
		ck_assert_msg(r.out_len == want_len && memcmp(r.out, want, want_len) == 0,
		              "%s: read size %zu:\n  input    \"%s\"\n  expected \"%s\"\n  got      \"%s\"", what,
		              read_sizes[i], show(0, in, in_len), show(1, want, want_len), show(2, r.out, r.out_len));
		if (i == 0) {
			first = r;
			continue;
		}
		ck_assert_msg(pf_same_counters(&first, &r), "%s: counters differ between read sizes %zu and %zu", what,
		              read_sizes[0], read_sizes[i]);
		if (i == NSIZES - 1) *last = r;
		else pf_free(&r);
	}
	pf_free(&first);
}

/* ------------------------------------------------------------ the rows */

struct hrow {
	int row;                 /* the row's id in the edge-case table */
	const char *in, *want;   /* the full HTML input, the exact expected output */
	enum surface surf;       /* where the structured pass meets its candidates; SURFACE_COUNT: nowhere */
	unsigned rw;             /* candidates rewritten on surf */
	enum reason why;         /* why the declined ones were declined */
	unsigned declined;       /* candidates declined on surf */
	unsigned strag;          /* origins only the sweep rewrote (§6) */
	enum structured_attr attr; /* structured attribute seen once (§4.4); ATTR_COUNT: none */
	const char *map;         /* NULL: MAP_MAIN */
};

/* Unchanged, and no candidate anywhere. */
#define SAME(n, in) { n, in, in, SURFACE_COUNT, 0, REASON_NONE, 0, 0, ATTR_COUNT, NULL }
/* Unchanged: one candidate on surface s, declined with reason rsn. */
#define DECLINE(n, in, s, rsn) { n, in, in, s, 0, rsn, 1, 0, ATTR_COUNT, NULL }
#define DECLINE_ATTR(n, in, s, rsn, at) { n, in, in, s, 0, rsn, 1, 0, at, NULL }
/* k candidates on surface s, all rewritten. */
#define REWRITE(n, in, want, s, k) { n, in, want, s, k, REASON_NONE, 0, 0, ATTR_COUNT, NULL }
#define REWRITE_ATTR(n, in, want, s, k, at) { n, in, want, s, k, REASON_NONE, 0, 0, at, NULL }
#define REWRITE_MAP(n, map, in, want, s, k) { n, in, want, s, k, REASON_NONE, 0, 0, ATTR_COUNT, map }
/* Only the sweep sees it (surface straggler). */
#define SWEPT(n, in, want) { n, in, want, SURFACE_COUNT, 0, REASON_NONE, 0, 1, ATTR_COUNT, NULL }

static const struct hrow rows[] = {
	/* Basic forms and normalisation (§2.2, §3.5, §3.6) */
	REWRITE(1, "<a href=\"https://" CH "/x\">", "<a href=\"https://" VH "/x\">", SURFACE_HTML_ATTR, 1),
	REWRITE(2, "<a href=\"http://" CH "/x\">", "<a href=\"https://" VH "/x\">", SURFACE_HTML_ATTR, 1),
	REWRITE(3, "<img src=\"//" CH "/a.jpg\">", "<img src=\"//" VH "/a.jpg\">", SURFACE_HTML_ATTR, 1),
	REWRITE(4, "<a href=\"HTTPS://WWW.EXAMPLE.FI/a\">", "<a href=\"https://" VH "/a\">", SURFACE_HTML_ATTR, 1),
	REWRITE(5, "<a href=\"https://" CH ":443/a\">", "<a href=\"https://" VH "/a\">", SURFACE_HTML_ATTR, 1),
	DECLINE(6, "<a href=\"https://" CH ":8080/a\">", SURFACE_HTML_ATTR, REASON_HOST_NOT_IN_MAP),
	REWRITE(7, "<a href=\"https://" CH ":0443/a\">", "<a href=\"https://" VH "/a\">", SURFACE_HTML_ATTR, 1),
	REWRITE(8, "<a href=\"http://" CH ":80/a\">", "<a href=\"https://" VH "/a\">", SURFACE_HTML_ATTR, 1),
	DECLINE(9, "<a href=\"http://" CH ":443/a\">", SURFACE_HTML_ATTR, REASON_HOST_NOT_IN_MAP),
	REWRITE(10, "<a href=\"//" CH ":443/x\">", "<a href=\"//" VH "/x\">", SURFACE_HTML_ATTR, 1),

	/* Anchoring (§3.2–§3.5; row 22: §12.1) */
	DECLINE(11, "<a href=\"https://" CH ".evil.example/p\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	SAME(12, "<a href=\"https://a." CH "/x\">"),
	SAME(13, "<p>Order at www.example.fi today</p>"),
	DECLINE(14, "<a href=\"path//" CH "/a\">", SURFACE_HTML_ATTR, REASON_UNANCHORED),
	DECLINE(15, "<a href=\"https://other.example//" CH "/a\">", SURFACE_HTML_ATTR, REASON_UNANCHORED),
	REWRITE(16, "<style>url(//" CH "/a)</style>", "<style>url(//" VH "/a)</style>", SURFACE_INLINE_STYLE, 1),
	REWRITE(16, "<style>.a{background:url(//" CH "/a)}</style>", "<style>.a{background:url(//" VH "/a)}</style>",
	        SURFACE_INLINE_STYLE, 1),
	REWRITE(17, "<p>xhttps://" CH "/y</p>", "<p>xhttps://" VH "/y</p>", SURFACE_TEXT, 1),
	REWRITE_ATTR(18, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self' https://" CH "; script-src\">",
	             "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self' https://" VH "; script-src\">",
	             SURFACE_HTML_ATTR, 1, ATTR_CONTENT),
	REWRITE(19, "<p>[https://" CH "]</p>", "<p>[https://" VH "]</p>", SURFACE_TEXT, 1),
	REWRITE(19, "<p>a=https://" CH "|b</p>", "<p>a=https://" VH "|b</p>", SURFACE_TEXT, 1),
	REWRITE(19, "<p>@import url(https://" CH ");</p>", "<p>@import url(https://" VH ");</p>", SURFACE_TEXT, 1),
	REWRITE(19, "<a title=\"[https://" CH "]\">", "<a title=\"[https://" VH "]\">", SURFACE_HTML_ATTR, 1),
	REWRITE(19, "<a href=\"a=https://" CH "|b\">", "<a href=\"a=https://" VH "|b\">", SURFACE_HTML_ATTR, 1),
	REWRITE(19, "<style>@import url(https://" CH ");</style>", "<style>@import url(https://" VH ");</style>",
	        SURFACE_INLINE_STYLE, 1),
	DECLINE(20, "<a href=\"https://" CH "%2Eattacker.test/p\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	DECLINE(20, "<a href=\"https://" CH "%2Dx.test/p\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	DECLINE(20, "<p>https://" CH "%2Eattacker.test/p</p>", SURFACE_TEXT, REASON_NOT_A_URL),
	DECLINE(20, "<p>https://" CH "%2Dx.test/p</p>", SURFACE_TEXT, REASON_NOT_A_URL),
	DECLINE(21, "<a href=\"https://" CH "@evil.example/\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	/* §12.1: the candidate does not begin the value, so `&` ends the host
	 * and it is rewritten. */
	REWRITE(22, "<a href=\"/go?u=https://" CH "&amp;b=1\">", "<a href=\"/go?u=https://" VH "&amp;b=1\">",
	        SURFACE_HTML_ATTR, 1),
	REWRITE(23, "<p>See https://" CH ", or call</p>", "<p>See https://" VH ", or call</p>", SURFACE_TEXT, 1),

	/* Root dot (§3.4, §3.7) */
	REWRITE(24, "<a href=\"https://" CH "./x\">", "<a href=\"https://" VH "/x\">", SURFACE_HTML_ATTR, 1),
	REWRITE(25, "<a href=\"https://" CH ".\">", "<a href=\"https://" VH "\">", SURFACE_HTML_ATTR, 1),
	REWRITE(26, "<a href=\"https://" CH ".?q=1\">", "<a href=\"https://" VH "?q=1\">", SURFACE_HTML_ATTR, 1),
	REWRITE(27, "<p>Read more at https://" CH ". Thanks.</p>", "<p>Read more at https://" VH ". Thanks.</p>",
	        SURFACE_TEXT, 1),
	REWRITE(28, "<p>see https://" CH ".</p>", "<p>see https://" VH ".</p>", SURFACE_TEXT, 1),

	/* Ports and colons (§3.5, §3.6) */
	REWRITE(29, "<a href=\"https://" CH ":/x\">", "<a href=\"https://" VH ":/x\">", SURFACE_HTML_ATTR, 1),
	DECLINE(30, "<a href=\"https://" CH ":x\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	DECLINE(31, "<a href=\"https%3A%2F%2F" CH "%3A8443%2Fx\">", SURFACE_HTML_ATTR, REASON_HOST_NOT_IN_MAP),
	DECLINE(31, "<p>https%3A%2F%2F" CH "%3A8443%2Fx</p>", SURFACE_TEXT, REASON_HOST_NOT_IN_MAP),
	REWRITE_MAP(31, MAP_8443, "<a href=\"https%3A%2F%2F" CH "%3A8443%2Fx\">", "<a href=\"https%3A%2F%2F" VH "%2Fx\">",
	            SURFACE_HTML_ATTR, 1),
	REWRITE_MAP(31, MAP_8443, "<p>https%3A%2F%2F" CH "%3A8443%2Fx</p>", "<p>https%3A%2F%2F" VH "%2Fx</p>",
	            SURFACE_TEXT, 1),

	/* Encodings (§2.1, §2.2, §3.2, §3.3) */
	REWRITE(32, "<a href=\"/wp-login.php?redirect_to=https%3A%2F%2F" CH "%2Fwp-admin%2F\">",
	        "<a href=\"/wp-login.php?redirect_to=https%3A%2F%2F" VH "%2Fwp-admin%2F\">", SURFACE_HTML_ATTR, 1),
	REWRITE(32, "<p>redirect_to=https%3A%2F%2F" CH "%2Fwp-admin%2F</p>",
	        "<p>redirect_to=https%3A%2F%2F" VH "%2Fwp-admin%2F</p>", SURFACE_TEXT, 1),
	REWRITE(33, "<a href=\"/x?r=https%3a%2f%2f" CH "%2f\">", "<a href=\"/x?r=https%3A%2F%2F" VH "%2f\">",
	        SURFACE_HTML_ATTR, 1),
	REWRITE(34, "<a href=\"%2F%2F" CH "%2Fa\">", "<a href=\"%2F%2F" VH "%2Fa\">", SURFACE_HTML_ATTR, 1),
	REWRITE(34, "<p>%2F%2F" CH "%2Fa</p>", "<p>%2F%2F" VH "%2Fa</p>", SURFACE_TEXT, 1),
	DECLINE(35, "<a href=\"a%2F%2F" CH "\">", SURFACE_HTML_ATTR, REASON_UNANCHORED),
	DECLINE(35, "<p>a%2F%2F" CH "</p>", SURFACE_TEXT, REASON_UNANCHORED),
	REWRITE(36, "<script>var s={\"root\":\"https:\\/\\/" CH "\\/wp-json\\/\"};</script>",
	        "<script>var s={\"root\":\"https:\\/\\/" VH "\\/wp-json\\/\"};</script>", SURFACE_INLINE_SCRIPT, 1),
	REWRITE(37, "<script>var u=\"\\/\\/" CH "\\/a\";</script>", "<script>var u=\"\\/\\/" VH "\\/a\";</script>",
	        SURFACE_INLINE_SCRIPT, 1),
	REWRITE(38, "<div data-x=\"{&quot;u&quot;:&quot;https:\\/\\/" CH "\\/x&quot;}\">",
	        "<div data-x=\"{&quot;u&quot;:&quot;https:\\/\\/" VH "\\/x&quot;}\">", SURFACE_HTML_ATTR, 1),
	REWRITE(39, "<a href=\"%252F%252F" CH "\">", "<a href=\"%252F%252F" VH "\">", SURFACE_HTML_ATTR, 1),
	REWRITE(39, "<p>%252F%252F" CH "</p>", "<p>%252F%252F" VH "</p>", SURFACE_TEXT, 1),

	/* Surfaces (§4.1–§4.4, §6) */
	REWRITE(40, "<style>.a{background:url(https://" CH "/bg.png)}</style>",
	        "<style>.a{background:url(https://" VH "/bg.png)}</style>", SURFACE_INLINE_STYLE, 1),
	REWRITE(41, "<div style=\"background-image:url(https://" CH "/hero.jpg)\">",
	        "<div style=\"background-image:url(https://" VH "/hero.jpg)\">", SURFACE_HTML_ATTR, 1),
	REWRITE(42, "<noscript><a href=\"https://" CH "/\">x</a></noscript>",
	        "<noscript><a href=\"https://" VH "/\">x</a></noscript>", SURFACE_RAW_TEXT, 1),
	REWRITE(42, "<textarea><a href=\"https://" CH "/\">x</a></textarea>",
	        "<textarea><a href=\"https://" VH "/\">x</a></textarea>", SURFACE_RAW_TEXT, 1),
	REWRITE(42, "<iframe><a href=\"https://" CH "/\">x</a></iframe>",
	        "<iframe><a href=\"https://" VH "/\">x</a></iframe>", SURFACE_RAW_TEXT, 1),
	REWRITE(42, "<svg><title><a href=\"https://" CH "/\">x</a></title></svg>",
	        "<svg><title><a href=\"https://" VH "/\">x</a></title></svg>", SURFACE_RAW_TEXT, 1),
	REWRITE(42, "<title>https://" CH "/</title>", "<title>https://" VH "/</title>", SURFACE_RAW_TEXT, 1),
	REWRITE(43, "<!-- cache Url: https://" CH "/x -->", "<!-- cache Url: https://" VH "/x -->", SURFACE_COMMENT, 1),
	/* The doctype is verbatim (§4.2): only the sweep sees it, straggler = 1. */
	SWEPT(44, "<!DOCTYPE html SYSTEM \"https://" CH "/x.dtd\"><p>x</p>",
	      "<!DOCTYPE html SYSTEM \"https://" VH "/x.dtd\"><p>x</p>"),
	REWRITE(45, "<script type=\"application/ld+json\">{\"url\":\"https://" CH "/\"}</script>",
	        "<script type=\"application/ld+json\">{\"url\":\"https://" VH "/\"}</script>", SURFACE_JSON_STRING, 1),
	REWRITE_ATTR(46, "<iframe srcdoc=\"&lt;a href=&quot;https://" CH "/x&quot;&gt;k&lt;/a&gt;\">",
	             "<iframe srcdoc=\"&lt;a href=&quot;https://" VH "/x&quot;&gt;k&lt;/a&gt;\">", SURFACE_HTML_ATTR, 1,
	             ATTR_SRCDOC),
	REWRITE_ATTR(47, "<img srcset=\"https://" CH "/a.jpg 1x, https://" CH "/b.jpg 2000w\">",
	             "<img srcset=\"https://" VH "/a.jpg 1x, https://" VH "/b.jpg 2000w\">", SURFACE_HTML_ATTR, 2,
	             ATTR_SRCSET),
	REWRITE_ATTR(48, "<meta http-equiv=\"refresh\" content=\"5;url=https://" CH "/x\">",
	             "<meta http-equiv=\"refresh\" content=\"5;url=https://" VH "/x\">", SURFACE_HTML_ATTR, 1, ATTR_CONTENT),
	REWRITE(49, "<a href='https://" CH "/x'>", "<a href='https://" VH "/x'>", SURFACE_HTML_ATTR, 1),
	REWRITE(49, "<a href=https://" CH "/x>", "<a href=https://" VH "/x>", SURFACE_HTML_ATTR, 1),
	REWRITE(50, "<a href=\"https://" CH "/a\" href=\"https://" CH "/b\">",
	        "<a href=\"https://" VH "/a\" href=\"https://" VH "/b\">", SURFACE_HTML_ATTR, 2),
	/* End-tag attributes are not scanned (§4.2): only the sweep. */
	SWEPT(51, "</a data-x=\"https://" CH "/\">", "</a data-x=\"https://" VH "/\">"),
	REWRITE(52, "<plaintext>https://" CH "/</plaintext>", "<plaintext>https://" VH "/</plaintext>", SURFACE_RAW_TEXT, 1),

	/* Escapes and controls (§3.5, §3.8) */
	DECLINE(53, "<script>fetch(\"https://" CH "\\u00e4\")</script>", SURFACE_INLINE_SCRIPT, REASON_NOT_A_URL),
	REWRITE(54, "<script>fetch(\"https://" CH "\\/x\")</script>", "<script>fetch(\"https://" VH "\\/x\")</script>",
	        SURFACE_INLINE_SCRIPT, 1),
	REWRITE(55, "<a href=\"https://" CH "\\u00e4\">", "<a href=\"https://" VH "\\u00e4\">", SURFACE_HTML_ATTR, 1),
	DECLINE(56, "<a href=\"https://" CH "\tx\">", SURFACE_HTML_ATTR, REASON_NOT_A_URL),
	REWRITE(57, "<p>https://" CH "\tnext</p>", "<p>https://" VH "\tnext</p>", SURFACE_TEXT, 1),

	/* References (§5; row 58 by §5.3: the value does not come out decoded;
	 * the plain variant origin is spliced over the origin's source bytes,
	 * scheme, separators and host as written, and the rest of the value
	 * keeps its references). */
	REWRITE(58, "<a href=\"https:&#47;&#47;" CH "/secret\">", "<a href=\"https://" VH "/secret\">", SURFACE_HTML_ENTITY, 1),
	REWRITE(58, "<a href=\"https:&#x2F;&#x2f;" CH "/secret\">", "<a href=\"https://" VH "/secret\">", SURFACE_HTML_ENTITY, 1),
	REWRITE(58, "<a href=\"https:&sol;&sol;" CH "/secret\">", "<a href=\"https://" VH "/secret\">", SURFACE_HTML_ENTITY, 1),
	REWRITE(58, "<a href=\"https:&#047;&#047;" CH "/secret\">", "<a href=\"https://" VH "/secret\">", SURFACE_HTML_ENTITY, 1),
	REWRITE(58, "<a href=\"https://www&period;example&period;fi/secret\">", "<a href=\"https://" VH "/secret\">",
	        SURFACE_HTML_ENTITY, 1),
	REWRITE(58, "<a href=\"https://&#119;&#119;&#119;.example.fi/secret\">", "<a href=\"https://" VH "/secret\">",
	        SURFACE_HTML_ENTITY, 1),
	/* §5.3's own example: the references after the origin stay. */
	REWRITE(58, "<a href=\"https:&#47;&#47;" CH "/a&#47;b\">", "<a href=\"https://" VH "/a&#47;b\">", SURFACE_HTML_ENTITY, 1),
	REWRITE(59, "<a href=\"https://" CH "/x?a=1&copy=1\">", "<a href=\"https://" VH "/x?a=1&copy=1\">", SURFACE_HTML_ATTR, 1),
	SAME(60, "<a href=\"/x?a=1&copy=1&b=2\">"),
	SAME(60, "<a href=\"/x?a=1&amp;b=2\">"),
	SAME(60, "<img alt=\"Tom &amp; Jerry &lt;3\">"),
	SAME(60, "<a href=\"&#47;local/path\">"),
	/* Row 61: a page's parser decodes the references of text too, and the
	 * locator reads text whose references may spell a URL (§3.9): the host
	 * of `<p>https:&#47;&#47;C/x</p>` is replaced, the references kept. */
	REWRITE(61, "<p>https:&#47;&#47;" CH "/x</p>", "<p>https:&#47;&#47;" VH "/x</p>", SURFACE_TEXT, 1),
	/* Row 62: `&#9;` is a removable reference (§5.2): the URL view of the
	 * locator (§3.9) removes it, as a URL parser removes the TAB it stands
	 * for, and finds the host; its bytes, the reference among them, are
	 * replaced. */
	REWRITE(62, "<a href=\"https://www.example&#9;.fi/x\">", "<a href=\"https://" VH "/x\">", SURFACE_HTML_OBFUSCATED, 1),

	/* Maps, identity, options (§1.2, §3.6) */
	REWRITE_MAP(76, MAP_TWO_SITES,
	            "<a href=\"https://www.acmecorpnat.fi/x\">x</a><a href=\"https://www.acmecorp.fi/y\">y</a>",
	            "<a href=\"https://wt-a--acmecorpnat.ddev.site/x\">x</a><a href=\"https://wt-a--acmecorp.ddev.site/y\">y</a>",
	            SURFACE_HTML_ATTR, 2),
	SAME(80, "<img src=\"https://cdn.jsdelivr.net/x.js\"><a href=\"https://wordpress.org/\">"),
};
#define NROWS (sizeof rows / sizeof rows[0])

/* One table entry: output at every read size, then its counters. */
static void check_entry(const struct hrow *h)
{
	char what[64];
	snprintf(what, sizeof what, "row %d", h->row);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, h->map ? h->map : MAP_MAIN, false);
	struct pf_options o = { .type = FILETYPE_HTML };
	struct pf_result r;
	run_sizes(&pt, what, h->in, strlen(h->in), h->want, strlen(h->want), &o, &r);
	const char *in = show(0, (const unsigned char *)h->in, strlen(h->in));

	for (int s = 0; s < SURFACE_COUNT; s++) {
		uint64_t want_rw = (enum surface)s == h->surf ? h->rw : (s == SURFACE_STRAGGLER ? h->strag : 0);
		uint64_t want_cand = (enum surface)s == h->surf ? h->rw + h->declined
		                   : (s == SURFACE_STRAGGLER ? h->strag + h->declined : 0);
		ck_assert_msg(r.rewrites[s] == want_rw, "%s \"%s\": rewrites on %s: %llu, expected %llu", what, in,
		              surface_name((enum surface)s), (unsigned long long)r.rewrites[s], (unsigned long long)want_rw);
		ck_assert_msg(r.candidates[s] == want_cand, "%s \"%s\": candidates on %s: %llu, expected %llu", what, in,
		              surface_name((enum surface)s), (unsigned long long)r.candidates[s],
		              (unsigned long long)want_cand);
	}
	/* Each declined candidate: once by the structured pass, once by the sweep (§6.1). */
	for (int k = 1; k < REASON_COUNT; k++) {
		uint64_t want_sk = (enum reason)k == h->why ? 2u * h->declined : 0;
		ck_assert_msg(r.skips[k] == want_sk, "%s \"%s\": skips %s: %llu, expected %llu", what, in,
		              reason_name((enum reason)k), (unsigned long long)r.skips[k], (unsigned long long)want_sk);
	}
	for (int a = 0; a < ATTR_COUNT; a++)
		ck_assert_msg(r.structured[a] == ((enum structured_attr)a == h->attr ? 1u : 0u),
		              "%s \"%s\": structured attribute %d seen %llu times", what, in, a,
		              (unsigned long long)r.structured[a]);
	pf_free(&r);
	patterns_free(&pt);
	map_free(&m);
}

static void check_row(int n)
{
	int found = 0;
	for (size_t i = 0; i < NROWS; i++)
		if (rows[i].row == n) {
			check_entry(&rows[i]);
			found++;
		}
	ck_assert_msg(found > 0, "row %d: no table entry", n);
}

#define ROW_TEST(nn) START_TEST(row_##nn) { check_row(1##nn - 100); } END_TEST

/* Basic forms and normalisation: rules.md §2.2, §3.5, §3.6 */
ROW_TEST(01) ROW_TEST(02) ROW_TEST(03) ROW_TEST(04) ROW_TEST(05)
ROW_TEST(06) ROW_TEST(07) ROW_TEST(08) ROW_TEST(09) ROW_TEST(10)
/* Anchoring: §3.2–§3.5; row 22 per §12.1 */
ROW_TEST(11) ROW_TEST(12) ROW_TEST(13) ROW_TEST(14) ROW_TEST(15) ROW_TEST(16) ROW_TEST(17)
ROW_TEST(18) ROW_TEST(19) ROW_TEST(20) ROW_TEST(21) ROW_TEST(22) ROW_TEST(23)
/* Root dot: §3.4, §3.7 */
ROW_TEST(24) ROW_TEST(25) ROW_TEST(26) ROW_TEST(27) ROW_TEST(28)
/* Ports and colons: §3.5, §3.6 */
ROW_TEST(29) ROW_TEST(30) ROW_TEST(31)
/* Encodings: §2.1–§2.2, §3.2–§3.3, §3.8 */
ROW_TEST(32) ROW_TEST(33) ROW_TEST(34) ROW_TEST(35) ROW_TEST(36) ROW_TEST(37) ROW_TEST(38) ROW_TEST(39)
/* Surfaces: §4.1–§4.4, §6 (rows 44, 51: sweep only; 47: structured srcset) */
ROW_TEST(40) ROW_TEST(41) ROW_TEST(42) ROW_TEST(43) ROW_TEST(44) ROW_TEST(45) ROW_TEST(46)
ROW_TEST(47) ROW_TEST(48) ROW_TEST(49) ROW_TEST(50) ROW_TEST(51) ROW_TEST(52)
/* Escapes and controls: §3.5, §3.8 */
ROW_TEST(53) ROW_TEST(54) ROW_TEST(55) ROW_TEST(56) ROW_TEST(57)
/* References: §5.1–§5.3, and §4.2 for prose */
ROW_TEST(58) ROW_TEST(59) ROW_TEST(60) ROW_TEST(61) ROW_TEST(62)
/* Maps, identity, options: §1.2, §3.6 */
ROW_TEST(76) ROW_TEST(80)

/* References and controls after a host (rules.md §3.3–§3.5): a page's
 * parser decodes the references of an attribute value and a URL parser
 * removes TAB, LF and CR, so what follows the host is what they make of
 * it. Each node's WHATWG URL class resolves the same (tests/oracle_whatwg).
 * The exact output at every read size. */
static const struct {
	const char *in, *want;
} ref_rows[] = {
	/* the host goes on after a dot and a TAB: C.evil.test, not C */
	{ "<a href=\"https://" CH ".\tevil.test/\">", NULL },
	{ "<a href=\"//" CH ".&#9;evil.test/\">", NULL },
	/* a port colon written as a reference: port 8443, not in the map */
	{ "<a href=\"https://" CH "&#58;8443/x\">", NULL },
	{ "<a href=\"https://" CH "&colon;8443/x\">", NULL },
	{ "<a href=\"https://" CH ".&#58;8443/x\">", NULL },
	/* a reference to a host byte continues the host: Cx */
	{ "<a href=\"https://" CH "&#120;/x\">", NULL },
	/* a removable reference after the host: the URL is C's */
	{ "<a href=\"https://" CH "&#9;/x\">", "<a href=\"https://" VH "&#9;/x\">" },
	{ "<a href=\"//" CH "&NewLine;/x\">", "<a href=\"//" VH "&NewLine;/x\">" },
	/* a scheme behind a reference colon: read over the decoded value */
	{ "<a href=\"http&colon;//" CH ":443/x\">", NULL },
	{ "<a href=\"http&colon;//" CH "/x\">", "<a href=\"https://" VH "/x\">" },
	{ "<a href=\"https&#58;//" CH "/x\">", "<a href=\"https://" VH "/x\">" },
	/* references that end the host as their bytes do */
	{ "<a href=\"https://" CH "&#47;x\">", "<a href=\"https://" VH "&#47;x\">" },
	{ "<a href=\"https://" CH "?a=1&amp;b=2\">", "<a href=\"https://" VH "?a=1&amp;b=2\">" },
	/* text is prose: a reference past ASCII after the host ends it as a
	 * word would (`&nbsp;`, `&hellip;` right after a URL are common); an
	 * ASCII one is read as its byte (port 8443 is not in the map; a dot
	 * then the end is a full stop) */
	{ "<p>https://" CH "&#58;8443</p>", NULL },
	{ "<p>https://" CH "&period;</p>", "<p>https://" VH "&period;</p>" },
	{ "<p>https://" CH "&#46;/x</p>", "<p>https://" VH "/x</p>" },
	{ "<p>https://" CH "&#46;evil.test/x</p>", NULL },
	{ "<p>Visit https://" CH "&nbsp;now, https://" CH "&hellip; https://" CH "&#8217;s</p>",
	  "<p>Visit https://" VH "&nbsp;now, https://" VH "&hellip; https://" VH "&#8217;s</p>" },
	{ "<p>https:&#47;&#47;" CH "&nbsp;now</p>", "<p>https:&#47;&#47;" VH "&nbsp;now</p>" },
};

/* The locator (rules.md §3.9): spellings a URL parser resolves to the
 * canonical origin and the byte matcher does not read. Only the host's
 * bytes change, and the scheme's where the variant's differs from the
 * one written; what the locator must leave alone, left alone. */
static const struct {
	const char *map, *in, *want;
} locator_rows[] = {
	{ MAP_MAIN, "<a href=\"https://www.example\t.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.example\n.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"htt\tps://" CH "/x\">", "<a href=\"htt\tps://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"\thttps://" CH "/x\">", "<a href=\"\thttps://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:/\t/" CH "/x\">", "<a href=\"https:/\t/" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:\\\\" CH "/x\">", "<a href=\"https:\\\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:/\\" CH "/x\">", "<a href=\"https:/\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:\\/" CH "/x\">", "<a href=\"https:\\/" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:///" CH "/x\">", "<a href=\"https:///" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:////" CH "/x\">", "<a href=\"https:////" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"///" CH "/x\">", "<a href=\"///" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"\\\\" CH "/x\">", "<a href=\"\\\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"//www.example\t.fi/x\">", "<a href=\"//" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.example&NewLine;.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.example&#x0A;.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<img src=\"https:\\\\" CH "/x\">", "<img src=\"https:\\\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"http:" CH "/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"http:/" CH "/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"HTTP:" CH "/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\" https:\\\\" CH "/x\">", "<a href=\" https:\\\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"\x01https:\\\\" CH "/x\">", "<a href=\"\x01https:\\\\" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://user@" CH "/x\">", "<a href=\"https://user@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://@" CH "/x\">", "<a href=\"https://@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://u:p@" CH "/x\">", "<a href=\"https://u:p@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"//user@" CH "/x\">", "<a href=\"//user@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.ex%61mple.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://%77ww.example.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www%2Eexample.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:&#47;&#47;www.example&#9;.fi/x\">", "<a href=\"https:&#47;&#47;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:&#47;&#47;&#47;" CH "/x\">", "<a href=\"https:&#47;&#47;&#47;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"&sol;&sol;&sol;" CH "/x\">", "<a href=\"&sol;&sol;&sol;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:&bsol;&bsol;" CH "/x\">", "<a href=\"https:&bsol;&bsol;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https&#58;\\\\" CH "/x\">", "<a href=\"https&#58;\\\\" VH "/x\">" },
	{ MAP_MAIN, "<svg><image xlink:href=\"https:\\\\" CH "/a.png\"/></svg>",
	  "<svg><image xlink:href=\"https:\\\\" VH "/a.png\"/></svg>" },
	/* everything but the host is kept */
	{ MAP_MAIN, "<a href=\"https:\\\\user@" CH "/a b?q=1&r=2#f\">", "<a href=\"https:\\\\user@" VH "/a b?q=1&r=2#f\">" },
	/* a root dot: spelled `.`, absorbed as the byte matcher absorbs it;
	 * spelled `%2E`, kept (the variant's with it is the same host) */
	{ MAP_MAIN, "<a href=\"///" CH "./x\">", "<a href=\"///" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"///" CH "%2E/x\">", "<a href=\"///" VH "%2E/x\">" },
	/* a scheme-changing map: the scheme is written as the variant's */
	{ "https://www.example.fi http://wt-a--example.ddev.site\n", "<a href=\"https:&#9;//" CH "/x\">",
	  "<a href=\"http:&#9;//" VH "/x\">" },
	{ "https://www.example.fi http://wt-a--example.ddev.site\n", "<a href=\"https:\\\\" CH "/x\">",
	  "<a href=\"http:\\\\" VH "/x\">" },
	/* userinfo is everything to the last `@` before `/ \\ ? #`, whatever
	 * its bytes; a byte a URL parser keeps in a host makes another host */
	{ MAP_MAIN, "<a href=\"https://a!b@" CH "/x\">", "<a href=\"https://a!b@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://u[x@" CH "/x\">", "<a href=\"https://u[x@" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https:\\\\" CH "!y/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https:\\\\" CH "!y@other.test/x\">", NULL },
	/* `&quot;` ends a host in CSS or JSON inside an attribute; in a style
	 * attribute CSS reads `\\` as one backslash, and `https:\C` on a page
	 * served at https is a path */
	{ MAP_MAIN, "<div style=\"background:url(&quot;https:\\\\" CH "&quot;)\">", NULL },
	{ MAP_MAIN, "<div data-u=\"url(&quot;https:\\\\" CH "&quot;)\">",
	  "<div data-u=\"url(&quot;https:\\\\" VH "&quot;)\">" },
	{ MAP_MAIN, "<a data-x=\"{&quot;u&quot;:&quot;https://u@" CH "&quot;}\">", "<a data-x=\"{&quot;u&quot;:&quot;https://u@" VH "&quot;}\">" },
	/* a variant with a port: an empty port's colon goes, a `%2E` root dot
	 * with it (`V:8080%2E` is no URL) */
	{ "https://www.example.fi https://x.test:8080\n", "<a href=\"https:\\\\" CH ":/x\">", "<a href=\"https:\\\\x.test:8080/x\">" },
	{ "https://www.example.fi https://x.test:8080\n", "<a href=\"///" CH "%2E/x\">", "<a href=\"///x.test:8080/x\">" },
	{ "https://www.example.fi https://x.test:8080\n", "<a href=\"https://" CH ":/x\">", "<a href=\"https://x.test:8080/x\">" },
	/* a relative URL's port is read for the scheme of the page (the
	 * variant's): on a map to http, `//C:443` is not C's origin */
	{ "https://www.example.fi http://wt-a--example.ddev.site\n", "<a href=\"///" CH ":443/x\">", NULL },
	{ "http://www.example.fi https://wt-a--example.ddev.site\n", "<a href=\"///" CH ":443/x\">", "<a href=\"///" VH "/x\">" },
	/* removable characters before a root dot and a port (rules.md §3.4,
	 * §3.5): the port is read, the span goes over them */
	{ MAP_MAIN, "<a href=\"https://" CH "\t:8443/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https://" CH "&#9;:443/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://" CH ".\t:8443/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https://" CH "\n:/x\">", "<a href=\"https://" VH "\n:/x\">" },
	{ "https://www.example.fi http://wt-a--example.ddev.site\n", "<a href=\"https://" CH "&#9;:443/x\">",
	  "<a href=\"http://" VH "/x\">" },
	/* a map that changes only the scheme: `///C` is kept as it is (its
	 * replacement is its own bytes) */
	{ "https://www.example.fi http://www.example.fi\n", "<a href=\"///" CH "/x\">", NULL },
	/* left alone */
	{ MAP_MAIN, "<img srcset=\"a.jpg 1x,\thttps://" CH "/b.jpg 2x\">", "<img srcset=\"a.jpg 1x,\thttps://" VH "/b.jpg 2x\">" },
	{ MAP_MAIN, "<a title=\"a\tb\" href=\"/a//b\">", NULL },
	{ MAP_MAIN, "<a href=\"https:\\\\cdn.other.example/x\">", NULL },
	{ MAP_MAIN, "<a href=\"/search?q=a\tb\">", NULL },
	{ MAP_MAIN, "<a href=\"https:" CH "/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https:/" CH "/x\">", NULL },
	{ MAP_MAIN, "<a href=\"a\t//" CH "x/y\">", NULL },
	{ MAP_MAIN, "<a href=\"https://" CH ".\tevil.test/\">", NULL },
	{ MAP_MAIN, "<a href=\"https://user@" CH ".evil.test/\">", NULL },
	{ MAP_MAIN, "<a href=\"///" CH ":8443/x\">", NULL },
	{ MAP_MAIN, "<a href=\"http:///" CH ":443/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https:\\\\" CH "x/y\">", NULL },
	{ MAP_MAIN, "<a href=\"https://www.ex%61mple.fi.evil/x\">", NULL },
	{ MAP_MAIN, "<a href=\"x///" CH "/y\">", NULL },
	/* CSS escapes, read over the references in a style attribute and in a
	 * style sheet (rules.md §3.9): the host's bytes are replaced, the
	 * escapes around them kept */
	{ MAP_MAIN, "<style>#h{background:url(https\\3a \\2f \\2f " CH "/hero.jpg)}</style>",
	  "<style>#h{background:url(https\\3a \\2f \\2f " VH "/hero.jpg)}</style>" },
	{ MAP_MAIN, "<style>#h{background:url(\"https\\3a\\2f\\2f" CH "/h.jpg\")}</style>",
	  "<style>#h{background:url(\"https\\3a\\2f\\2f" VH "/h.jpg\")}</style>" },
	{ MAP_MAIN, "<div style=\"background:url(https&#92;3a &#92;2f &#92;2f " CH "&#92;2f e.png)\">x</div>",
	  "<div style=\"background:url(https&#92;3a &#92;2f &#92;2f " VH "&#92;2f e.png)\">x</div>" },
	{ MAP_MAIN, "<div STYLE=\"b:url(\\2f\\2f www\\2e example\\2e fi/x)\">", "<div STYLE=\"b:url(\\2f\\2f " VH "/x)\">" },
	{ MAP_MAIN, "<div style=\"b:url(https\\:\\/\\/" CH "/x)\">", "<div style=\"b:url(https\\:\\/\\/" VH "/x)\">" },
	{ MAP_MAIN, "<style>a{b:url(https:\\\\\\\\" CH "/x)}</style>", "<style>a{b:url(https:\\\\\\\\" VH "/x)}</style>" },
	/* `https:\C` is one backslash to the URL parser: a path on a page
	 * served at https */
	{ MAP_MAIN, "<style>a{b:url(https:\\\\" CH "/x)}</style>", NULL },
	/* not CSS: a title attribute, and references in a style element (raw
	 * text: no reference is decoded there) */
	{ MAP_MAIN, "<div title=\"url(https\\3a \\2f \\2f " CH "/x)\">", NULL },
	{ MAP_MAIN, "<style>#r{background:url(https&#92;3a &#92;2f &#92;2f " CH "/n.png)}</style>", NULL },
	/* a port the map does not name, its colon escaped */
	{ MAP_MAIN, "<div style=\"b:url(https\\3a \\2f \\2f " CH "\\3a 8443/x)\">", NULL },
	{ MAP_MAIN, "<div style=\"b:url(https://" CH "\\:8443/x)\">", NULL },
	{ MAP_MAIN, "<div style=\"b:url(https://" CH "\\3a 8443/x)\">", NULL },
	{ MAP_MAIN, "<div style=\"b:url(https://" CH "&#92;3a 8443/x)\">", NULL },
	{ MAP_MAIN, "<style>a{b:url(https://" CH "\\:8443/x)}</style>", NULL },
	{ MAP_MAIN, "<style>a{b:url(//" CH "\\3A\t8443/x)}</style>", NULL },
	/* its default port, escaped: absorbed as a written one is */
	{ MAP_MAIN, "<div style=\"b:url(https://" CH "\\3a 443/x)\">", "<div style=\"b:url(https://" VH "/x)\">" },
	/* an escape of a host byte goes on with the host; an escaped slash
	 * ends it */
	{ MAP_MAIN, "<style>a{b:url(https://" CH "\\2e evil.test/x)}</style>", NULL },
	{ MAP_MAIN, "<style>a{b:url(https://" CH "\\61/x)}</style>", NULL },
	{ MAP_MAIN, "<style>a{b:url(https://" CH "\\/x)}</style>", "<style>a{b:url(https://" VH "\\/x)}</style>" },
	{ MAP_MAIN, "<style>a{b:url(|\\http://" CH "\\n)}</style>", NULL },
	/* text whose references a page's parser decodes: html text, a title, a
	 * textarea, a style sheet in foreign content (rules.md §3.9, §4.1) */
	{ MAP_MAIN, "<svg><style>a{b:url(https&#92;3a &#92;2f &#92;2f " CH "/x)}</style></svg>",
	  "<svg><style>a{b:url(https&#92;3a &#92;2f &#92;2f " VH "/x)}</style></svg>" },
	{ MAP_MAIN, "<svg/><style>a{b:url(https&#92;3a &#92;2f &#92;2f " CH "/x)}</style>", NULL },
	{ MAP_MAIN, "<svg><p><style>a{b:url(https&#92;3a &#92;2f &#92;2f " CH "/x)}</style>", NULL },
	{ MAP_MAIN, "<svg></svg><style>a{b:url(https&#92;3a &#92;2f &#92;2f " CH "/x)}</style>", NULL },
	{ MAP_MAIN, "<math><svg></svg><style>a{b:url(https&#92;3a&#92;2f&#92;2f" CH ")}</style></math>",
	  "<math><svg></svg><style>a{b:url(https&#92;3a&#92;2f&#92;2f" VH ")}</style></math>" },
	{ MAP_MAIN, "<svg><title>https:&#47;&#47;" CH "/t</title></svg>", "<svg><title>https:&#47;&#47;" VH "/t</title></svg>" },
	{ MAP_MAIN, "<title>https:&#47;&#47;" CH "/t</title>", "<title>https:&#47;&#47;" VH "/t</title>" },
	/* text with a host spelled by references or `%XX` (rules.md §3.9) */
	{ MAP_MAIN, "<textarea>https://www.ex&#97;mple.fi</textarea>", "<textarea>https://" VH "</textarea>" },
	{ MAP_MAIN, "<p>https:&#47;&#47;www&period;example.fi/x</p>", "<p>https:&#47;&#47;" VH "/x</p>" },
	{ MAP_MAIN, "<p>See //%77ww.example.fi.</p>", "<p>See //" VH ".</p>" },
	{ MAP_MAIN, "<p>https://www.ex&#97;mple.fi&nbsp;now</p>", "<p>https://" VH "&nbsp;now</p>" },
	{ MAP_MAIN, "<p>https://www.ex&#97;mple.fi.evil.test/</p>", NULL },
	{ MAP_MAIN, "<p>https://www.ex&#97;mple.fi&#58;8443/</p>", NULL },
	{ MAP_MAIN, "<p>a%2fb &amp; www.ex&#97;mple.fi</p>", NULL },
	{ MAP_MAIN, "<textarea>https://www.ex&#97;mple.fi //" CH "</textarea>", "<textarea>https://" VH " //" VH "</textarea>" },
	{ MAP_MAIN, "<xmp>https:&#47;&#47;" CH "</xmp>", NULL },
	{ MAP_MAIN, "<!-- https:&#47;&#47;" CH " -->", NULL },
	{ MAP_MAIN, "<p>https:\\\\" CH "/x</p>", "<p>https:\\\\" VH "/x</p>" },
	{ MAP_MAIN, "<p>https:\\\\" CH ". Next</p>", "<p>https:\\\\" VH ". Next</p>" },
	{ MAP_MAIN, "<p>https://www.ex%61mple.fi/x</p>", "<p>https://" VH "/x</p>" },
	{ MAP_MAIN, "<p>https://www.ex%61mple.fi/x //" CH "</p>", "<p>https://" VH "/x //" VH "</p>" },
	{ MAP_MAIN, "<p>see https://user@" CH "/x and</p>", "<p>see https://user@" VH "/x and</p>" },
	/* prose keeps TAB, LF and CR: they end a URL there */
	{ MAP_MAIN, "<p>https://www.example\t.fi/x https://www.example&#9;.fi/y</p>", NULL },
	/* in prose a non-ASCII character ends a URL as a word does */
	{ MAP_MAIN, "<p>https:\\\\" CH "&nbsp;x</p>", "<p>https:\\\\" VH "&nbsp;x</p>" },
	/* an html integration point inside svg: html rules there, and svg again
	 * after it */
	{ MAP_MAIN, "<svg><foreignObject><p>x</p></foreignObject><style>a{b:url(https\\3a &#47;&#47;" CH "/x)}</style></svg>",
	  "<svg><foreignObject><p>x</p></foreignObject><style>a{b:url(https\\3a &#47;&#47;" VH "/x)}</style></svg>" },
	{ MAP_MAIN, "<svg><foreignObject><style>a{b:url(https\\3a &#47;&#47;" CH "/x)}</style></foreignObject></svg>", NULL },
	{ MAP_MAIN, "<math><mi><div></div></mi><svg><style>a{b:url(&#47;&#47;" CH "/x)}</style></svg></math>",
	  "<math><mi><div></div></mi><svg><style>a{b:url(&#47;&#47;" VH "/x)}</style></svg></math>" },
	/* an escape ended by a line continuation before the host needs no
	 * closing byte */
	{ "https://www.example.fi https://b2.test\n", "<style>a{b:url(\"https:/\\05c\\\nwww.example.fi/\")}</style>",
	  "<style>a{b:url(\"https:/\\05c\\\nb2.test/\")}</style>" },
	/* a script's strings, read through JavaScript's escapes; a JSON
	 * script's too (rules.md §3.9) */
	{ MAP_MAIN, "<script>u=\"https:\\\\\\\\" CH "/x\"</script>", "<script>u=\"https:\\\\\\\\" VH "/x\"</script>" },
	{ MAP_MAIN, "<script>u=\"https:\\\\" CH "/x\"</script>", NULL },   /* `https:\C`: a path on the page */
	{ MAP_MAIN, "<script>u='https\\u003A\\/\\/" CH "/x'</script>", "<script>u='https\\u003A\\/\\/" VH "/x'</script>" },
	{ MAP_MAIN, "<script>u=\"https:\\x2f\\x2F" CH "\"</script>", "<script>u=\"https:\\x2f\\x2F" VH "\"</script>" },
	{ MAP_MAIN, "<script>u=\"https:\\/\\u{2f}" CH "\"</script>", "<script>u=\"https:\\/\\u{2f}" VH "\"</script>" },
	{ MAP_MAIN, "<script>u=\"https:\\057\\057" CH "\"</script>", "<script>u=\"https:\\057\\057" VH "\"</script>" },
	{ MAP_MAIN, "<script>u=\"//www\\x2eexample\\.fi/x\"</script>", "<script>u=\"//" VH "/x\"</script>" },
	/* a line continuation inside the host: no replacement takes out a
	 * written newline (in a comment it would join the next line to it) */
	{ MAP_MAIN, "<script>u=\"//www.exa\\\nmple.fi/x\"</script>", NULL },
	{ MAP_MAIN, "<script>// see https://www.example.\\\nfi ; u=1;</script>", NULL },
	{ MAP_MAIN, "<script>u=\"ht\\\ntps:\\\\\\\\" CH "/x\"</script>", "<script>u=\"ht\\\ntps:\\\\\\\\" VH "/x\"</script>" },
	/* a data block of a type other than JavaScript and JSON (an html
	 * template) is read as text, its references decoded */
	{ MAP_MAIN, "<script type=\"text/template\"><a href=\"https:&#47;&#47;www.ex&#97;mple.fi/x\">x</a></script>",
	  "<script type=\"text/template\"><a href=\"https:&#47;&#47;" VH "/x\">x</a></script>" },
	{ MAP_MAIN, "<script type=\"text/x-template\"><a href=\"https:\\\\" CH "/x\"></a></script>",
	  "<script type=\"text/x-template\"><a href=\"https:\\\\" VH "/x\"></a></script>" },
	{ MAP_MAIN, "<script type=\"application/json\">{\"u\":\"https:\\\\" CH "\"}</script>", NULL },
	{ MAP_MAIN, "<script type=\"importmap\">{\"u\":\"https:\\\\\\\\" CH "\"}</script>",
	  "<script type=\"importmap\">{\"u\":\"https:\\\\\\\\" VH "\"}</script>" },
	/* a template literal's end or substitution ends the URL */
	{ MAP_MAIN, "<script>u=`//ww\\x77.example.fi`</script>", "<script>u=`//" VH "`</script>" },
	{ MAP_MAIN, "<script>u=`https:\\\\\\\\" CH "${p}`</script>", "<script>u=`https:\\\\\\\\" VH "${p}`</script>" },
	{ MAP_MAIN, "<script>u=`https:\\\\\\\\" CH "$x`</script>", NULL },
	/* a redirect parameter's value ends at `&` */
	{ MAP_MAIN, "<script>u=\"/r?u=https%3A//ww\\x77.example.fi&v=1\"</script>", "<script>u=\"/r?u=https%3A//" VH "&v=1\"</script>" },
	{ MAP_MAIN, "<a href=\"/r?u=https%3A///" CH "&amp;v=1\">", "<a href=\"/r?u=https%3A///" VH "&amp;v=1\">" },
	{ MAP_MAIN, "<a href=\"https:///" CH "&amp;v=1\">", NULL },
	{ MAP_MAIN, "<script>u=\"//www.exa\\tmple.fi/x\"</script>", "<script>u=\"//" VH "/x\"</script>" },
	{ MAP_MAIN, "<script type=\"application/ld+json\">{\"u\":\"https:\\\\\\\\" CH "\"}</script>",
	  "<script type=\"application/ld+json\">{\"u\":\"https:\\\\\\\\" VH "\"}</script>" },
	/* what a script's escapes make another URL, left alone: a written
	 * newline ends the string, a host goes on, a port not in the map */
	{ MAP_MAIN, "<script>u=`//www.exa\nmple.fi/x`</script>", NULL },
	{ MAP_MAIN, "<script>u=\"https:\\\\\\\\" CH "\\x2eevil.test/\"</script>", NULL },
	{ MAP_MAIN, "<script>u=\"https:\\\\\\\\" CH "\\u003a8443/\"</script>", NULL },
	{ MAP_MAIN, "<script>u=\"https:\\\\\\\\cdn.other.example/\"</script>", NULL },
	{ "https://www.example.fi http://wt.test\n", "<script>u=\"https\\x3a\\/\\/" CH "/x\"</script>",
	  "<script>u=\"http\\x3a\\/\\/wt.test/x\"</script>" },
	/* a percent colon before raw slashes (a redirect parameter half
	 * encoded), with the host spelled otherwise too */
	{ MAP_MAIN, "<a href=\"/r?u=https%3A//" CH "/x\">", "<a href=\"/r?u=https%3A//" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"/r?u=https%3A//www.ex%61mple.fi/x\">", "<a href=\"/r?u=https%3A//" VH "/x\">" },
	{ MAP_MAIN, "<script>u=\"/r?u=https%3A//ww\\u0077.example.fi/x\"</script>", "<script>u=\"/r?u=https%3A//" VH "/x\"</script>" },
	{ "https://www.example.fi http://wt.test\n", "<script>u=\"/r?u=https%3a//ww\\u0077.example.fi/x\"</script>",
	  "<script>u=\"/r?u=http%3a//wt.test/x\"</script>" },
	{ MAP_MAIN, "<a href=\"/r?u=x%3A//" CH "/x\">", NULL },
	/* one slash after the percent colon: http:/C, C's origin on an https
	 * page (the gate reads the percent colon as cand_at does) */
	{ MAP_MAIN, "<a href=\"/r?u=http%3A/" CH "/x&amp;b=1\">", "<a href=\"/r?u=https://" VH "/x&amp;b=1\">" },
	{ MAP_MAIN, "<a href=\"/r?u=http%3A/" CH "/x&#38;b=1\">", "<a href=\"/r?u=https://" VH "/x&#38;b=1\">" },
	/* a reference colon before `//` in text: no re-match reads the
	 * decoded text there, so the relative form is rewritten as it is
	 * after a written colon */
	{ MAP_MAIN, "<p>wss&#58;//" CH "/x</p>", "<p>wss&#58;//" VH "/x</p>" },
	{ "https://www.example.fi http://wt.test\n", "<p>https&#58;//" CH "/x</p>", "<p>http&#58;//wt.test/x</p>" },
	{ MAP_MAIN, "<a href=\"/r?u=x%3A//www.ex%61mple.fi/x\">", NULL },
	/* percent twice: `%25` after the host judged by the second decoding */
	{ MAP_MAIN, "<a href=\"/r?u=https%253A%252F%252F" CH "%252Eevil.test%252Fx\">", NULL },
	{ MAP_MAIN, "<a href=\"/r?u=https%253A%252F%252F" CH "%2561\">", NULL },
	{ "https://www.example.fi https://wt.test:8080\n", "<a href=\"https%253A%252F%252F" CH ".%252Fx\">",
	  "<a href=\"https%253A%252F%252Fwt.test%253A8080%252Fx\">" },
	/* a variant host that begins with a hex digit is written after a
	 * space where an escape before it would take it in (a `;` after a
	 * reference) */
	{ "https://www.example.fi https://a1.test\n", "<div style=\"b:url(https\\3a\\2f\\2f\\77ww.example.fi/x)\">",
	  "<div style=\"b:url(https\\3a\\2f\\2f a1.test/x)\">" },
	{ "https://www.example.fi https://a1.test\n", "<div style=\"b:url(https\\3a\\2f\\2f" CH "/x)\">",
	  "<div style=\"b:url(https\\3a\\2f\\2f a1.test/x)\">" },
	{ "https://www.example.fi https://a1.test\n", "<div style=\"b:url(https:\\2f\\2&#x66;" CH "/x)\">",
	  "<div style=\"b:url(https:\\2f\\2&#x66; a1.test/x)\">" },
	{ "https://www.example.fi https://a1.test\n", "<div style=\"b:url(https:\\00002f\\00002f" CH "/x)\">",
	  "<div style=\"b:url(https:\\00002f\\00002fa1.test/x)\">" },
	{ "https://www.example.fi https://1.test\n", "<a href=\"https://&#119;ww.example.fi/x\">", "<a href=\"https://1.test/x\">" },
	{ "https://www.example.fi https://1.test\n", "<a href=\"https://u&#64" CH "/x\">", "<a href=\"https://u&#64;1.test/x\">" },
	/* a root dot before an escaped colon or backslash, and at a url()'s end */
	{ MAP_MAIN, "<div style=\"b:url(https://" CH ".\\3a 8443/x)\">", NULL },
	{ MAP_MAIN, "<style>a{b:url(https://" CH ".\\:8443/x)}</style>", NULL },
	{ "https://www.example.fi https://0.test:9\n", "<style>a{b:url(//" CH ".)}</style>", "<style>a{b:url(//0.test:9)}</style>" },
	{ "https://www.example.fi https://0.test:9\n", "<div style=\"b:url('//" CH ".\\5c x')\">", "<div style=\"b:url('//0.test:9\\5c x')\">" },
	{ "https://www.example.fi https://0.test:9\n", "<a href=\"//" CH ".\\x\">", "<a href=\"//0.test:9\\x\">" },
	/* a string's line continuation is dropped by the style sheet */
	{ MAP_MAIN, "<style>a{b:url('//www.exa\\\nmple.fi/x')}</style>", "<style>a{b:url('//" VH "/x')}</style>" },
	{ MAP_MAIN, "<style>a{b:url('//" CH "\\\n.evil.test/x')}</style>", NULL },
	/* a CSS escape of a TAB before `//` reads as the TAB */
	{ MAP_MAIN, "<div style=\"b:url(\\9//" CH "/x)\">", "<div style=\"b:url(\\9//" VH "/x)\">" },
	/* an escaped newline is the URL parser's to remove; a written one ends
	 * the style sheet's string (rules.md §3.9) */
	{ MAP_MAIN, "<style>a{b:url('//www.exa\\a mple.fi/x')}</style>", "<style>a{b:url('//" VH "/x')}</style>" },
	{ MAP_MAIN, "<style>a{b:url('//www.exa\nmple.fi/x')}</style>", NULL },
	{ MAP_MAIN, "<div style=\"b:url('//www.exa&#10;mple.fi/x')\">", NULL },
	/* a reference's CR and LF are one newline to the style sheet, a
	 * written CR and a reference's LF two */
	{ MAP_MAIN, "<div style=\"b:url(//www\\2e&#13;&#10;example.fi/x)\">", "<div style=\"b:url(//" VH "/x)\">" },
	{ MAP_MAIN, "<div style=\"b:url('//www\\2e\r&#10;example.fi/x')\">", NULL },
	/* a reference without its `;` at the end of an escape before the host */
	{ "https://www.example.fi https://0.test:9\n", "<div style=\"b:url(https:/\\2f&#32\\www.example.fi/x)\">",
	  "<div style=\"b:url(https:/\\2f&#32;0.test:9/x)\">" },
	/* a percent escape whose digits are references goes on with the host */
	{ MAP_MAIN, "<a href=\"https://" CH "%2&#x45;evil.test/x\">", NULL },
	{ "https://www.example.fi https://a1.test\n", "<div style=\"b:url(https\\3a \\2f \\2f " CH "/x)\">",
	  "<div style=\"b:url(https\\3a \\2f \\2f a1.test/x)\">" },
	/* hosts spelled past ASCII, which a browser folds (rules.md §1.4):
	 * fullwidth letters, U+3002 and U+FF0E dots, a soft hyphen written
	 * and as a reference, NFD, mixed case, percent-encoded UTF-8,
	 * references and escapes to a character past ASCII; only the host's
	 * bytes are replaced */
	{ MAP_MAIN, "<a href=\"https://\xef\xbd\x97\xef\xbd\x97\xef\xbd\x97.example.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<img src=\"//www\xe3\x80\x82" "example\xef\xbc\x8e" "fi/x\">", "<img src=\"//" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.exam\xc2\xad" "ple.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://www.exam&shy;ple.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://&#xFF57;ww.example.fi/x\">", "<a href=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<form action=\"https://%EF%BD%97ww.example.fi/x\">", "<form action=\"https://" VH "/x\">" },
	{ MAP_MAIN, "<img srcset=\"https://" CH "/a 1x, https://\xef\xbd\x97ww.example.fi/b 2x\">",
	  "<img srcset=\"https://" VH "/a 1x, https://" VH "/b 2x\">" },
	{ MAP_MAIN, "<div style=\"b:url(https://\xef\xbd\x97ww.example.fi/x)\">", "<div style=\"b:url(https://" VH "/x)\">" },
	{ MAP_MAIN, "<style>a{b:url(\"https://\\ff57 ww.example.fi/x\")}</style>", "<style>a{b:url(\"https://" VH "/x\")}</style>" },
	{ MAP_MAIN, "<script>u=\"https:\\/\\/\\uff57ww.example.fi\\/x\"</script>", "<script>u=\"https:\\/\\/" VH "\\/x\"</script>" },
	{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<a href=\"https://www.bu\xcc\x88" "cher.example/x\">",
	  "<a href=\"https://v.test/x\">" },
	{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<a href=\"https://www.b\xc3\x9c" "cHER.example/x\">",
	  "<a href=\"https://v.test/x\">" },
	{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<a href=\"https://www.b%C3%BC" "cher.example/x\">",
	  "<a href=\"https://v.test/x\">" },
	{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<a href=\"https://www.b&uuml;cher.example/x\">",
	  "<a href=\"https://v.test/x\">" },
	{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<script>u=\"https:\\/\\/www.b\\u00fccher.example\\/x\"</script>",
	  "<script>u=\"https:\\/\\/v.test\\/x\"</script>" },
	/* a scheme-changing map: the scheme too */
	{ "https://www.example.fi http://wt.test\n", "<a href=\"https://\xef\xbd\x97ww.example.fi/x\">", "<a href=\"http://wt.test/x\">" },
	/* a scheme in capitals: kept before the variant's host, but written in
	 * lower case where the variant's host is a canonical one (a map that
	 * changes only the scheme), as the byte matcher would on a second run */
	{ MAP_MAIN, "<a href=\"HTTPS://\xef\xbd\x97ww.example.fi/x\">", "<a href=\"HTTPS://" VH "/x\">" },
	{ "http://www.example.fi https://www.example.fi\n", "<b style=\"HTTPS://www.exam\xcd\x8fple.fi?q=1\">",
	  "<b style=\"https://www.example.fi?q=1\">" },
	/* the slashes or the colon before a folded host written as references,
	 * userinfo holding an encoded slash, a percent colon before one slash
	 * or backslash */
	{ MAP_MAIN, "<a href=\"&sol;&sol;\xef\xbd\x97ww.example.fi/x\">", "<a href=\"&sol;&sol;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https&colon;&#47;&#47;\xef\xbd\x97ww.example.fi/x\">", "<a href=\"https&colon;&#47;&#47;" VH "/x\">" },
	{ MAP_MAIN, "<a href=\"https://a%2Fb@\xef\xbd\x97ww.example.fi/x\">", "<a href=\"https://a%2Fb@" VH "/x\">" },
	{ "http://www.example.fi https://wt.test\n", "<a href=\"/r?u=http%3A/\xef\xbd\x97ww.example.fi/x\">",
	  "<a href=\"/r?u=https://wt.test/x\">" },
	{ "http://www.example.fi https://wt.test\n", "<a href=\"/r?u=http%3A\\\xef\xbd\x97ww.example.fi/x\">",
	  "<a href=\"/r?u=https://wt.test/x\">" },
	/* a surrogate pair written as two escapes is one character (U+1D430
	 * folds to w); a lone surrogate is U+FFFD, no host byte */
	{ MAP_MAIN, "<script>u=\"https://\\uD835\\uDC30ww.example.fi/x\"</script>", "<script>u=\"https://" VH "/x\"</script>" },
	{ MAP_MAIN, "<script>u=\"https://\\uDC77ww.example.fi/x\"</script>", NULL },
	{ "https://example.fi https://a.test\n", "<script>u=\"https://\\uD865xample.fi/x\"</script>", NULL },
	/* left alone: a host that folds to a longer one, a port the map does
	 * not name, a path, text that is no URL, a host the fold refuses */
	{ MAP_MAIN, "<a href=\"https://www.exam\xc2\xad" "ple.fi.evil.test/x\">", NULL },
	{ MAP_MAIN, "<a href=\"https://\xef\xbd\x97ww.example.fi:8443/x\">", NULL },
	{ MAP_MAIN, "<a href=\"/p/\xef\xbd\x97ww.example.fi/x\">", NULL },
	{ MAP_MAIN, "<img alt=\"\xef\xbd\x97ww.example.fi p\xc3\xa4iv\xc3\xa4\">", NULL },
	{ MAP_MAIN, "<a href=\"https://\xef\xbd\x97ww.exa\xe2\x80\x8d" "mple.fi/x\">", NULL },
};

START_TEST(locator_spellings)
{
	for (size_t i = 0; i < sizeof locator_rows / sizeof locator_rows[0]; i++) {
		struct map m;
		struct patterns pt;
		pf_build(&m, &pt, locator_rows[i].map, false);
		const char *want = locator_rows[i].want ? locator_rows[i].want : locator_rows[i].in;
		struct pf_options o = { .type = FILETYPE_HTML };
		struct pf_result r;
		char what[64];
		snprintf(what, sizeof what, "locator, entry %zu", i);
		run_sizes(&pt, what, locator_rows[i].in, strlen(locator_rows[i].in), want, strlen(want), &o, &r);
		pf_free(&r);
		/* and a second run leaves the output as it is (rules.md §11) */
		snprintf(what, sizeof what, "locator, entry %zu, run again", i);
		run_sizes(&pt, what, want, strlen(want), want, strlen(want), &o, &r);
		pf_free(&r);
		patterns_free(&pt);
		map_free(&m);
	}
}
END_TEST

/* A URL whose scheme's percent colon lands on either side of the end of
 * the locator's first view window's reading (LOCATOR_WINDOW −
 * LOCATOR_LOOK view bytes): its slashes are read up to 8 bytes past it
 * (`https%3A`). */
START_TEST(locator_window_percent_colon)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	static char in[40000], want[40000];
	for (size_t k = 13236; k <= 13252; k++) {
		size_t a = 0, b = 0;
		a += (size_t)sprintf(in + a, "<script>");
		b += (size_t)sprintf(want + b, "<script>");
		memset(in + a, 'a', k), a += k;
		memset(want + b, 'a', k), b += k;
		a += (size_t)sprintf(in + a, " https%%3A//ww\\x77.example.fi/x");
		b += (size_t)sprintf(want + b, " https%%3A//" VH "/x");
		memset(in + a, ' ', 20000), a += 20000;
		memset(want + b, ' ', 20000), b += 20000;
		a += (size_t)sprintf(in + a, "</script>");
		b += (size_t)sprintf(want + b, "</script>");
		struct pf_options o = { .type = FILETYPE_HTML };
		struct pf_result r;
		pf_run_pt(&pt, in, a, &o, &r);
		ck_assert_msg(r.rc == 0 && r.out_len == b && memcmp(r.out, want, b) == 0, "%zu bytes before the URL: not rewritten", k);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* The locator's gate for a value with no canonical host in its bytes
 * (rules.md §3.9): a mark that may hide one, and none for references and
 * percent escapes that decode to no byte of one. */
START_TEST(locator_may_hide_marks)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	static const struct { const char *v; bool refs, css, want; } rows[] = {
		{ "/p?a=1&amp;b=2&quot;", true, false, false },
		{ "/p?a=%20&#8217;&nbsp;", true, false, false },
		{ "/p?a=1&#038;b=2", true, false, false },
		{ "https://www.ex&#97;mple.fi", true, false, true },
		{ "https://www.ex&#x61mple.fi", true, false, true },
		{ "https://www.example&#9;.fi", true, false, true },
		{ "https://www.example&NewLine;.fi", true, false, true },
		{ "https://www%2&#x45;example.fi", true, false, true },
		{ "https://www.ex%61mple.fi", false, false, true },
		{ "https://www.ex%2Fmple.fi", false, false, false },
		{ "https://www.example\t.fi", false, false, true },
		{ "https://www.ex&#97;mple.fi", false, false, false },   /* (references not read) */
		{ "url(https&#92;3a //x)", true, true, true },
		{ "url(a\\b)", false, true, true },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const unsigned char *v = (const unsigned char *)rows[i].v;
		ck_assert_msg(locator_may_hide(&pt, v, strlen(rows[i].v), rows[i].refs, rows[i].css) == rows[i].want, "row %zu: %s", i,
		              rows[i].v);
	}
	/* and with the fold: a character a host may be folded from in what
	 * may be an authority, not Latin-1's letters (lead byte 0xC3, passed
	 * over where the hosts are ASCII) nor a stray continuation byte; the
	 * short values byte by byte, the longer ones with the vector steps */
	static const struct { const char *v; bool want; } fold[] = {
		{ "https://\xef\xbd\x97ww.example.fi/", true },
		{ "//www\xe3\x80\x82" "example.fi", true },
		{ "https://www.exam\xc2\xad" "ple.fi/", true },
		{ "https://example.fi/p\xc3\xa4iv\xc3\xa4", false },
		{ "https://example.fi/\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4", false },
		{ "https://x.test/\xa4\xa4\xad\x80 \xa4\xa4\xad\x80 \xa4\xa4\xad\x80 \xa4\xa4\xad\x80", false },
		{ "p\xc3\xa4iv\xc3\xa4 p\xc3\xa4iv\xc3\xa4 p\xc3\xa4iv\xc3\xa4 https://\xef\xbd\x97ww.example.fi/", true },
	};
	for (size_t i = 0; i < sizeof fold / sizeof fold[0]; i++) {
		const unsigned char *v = (const unsigned char *)fold[i].v;
		ck_assert_msg(locator_may_hide_or_fold(&pt, v, strlen(fold[i].v), true, false) == fold[i].want, "fold row %zu: %s", i,
		              fold[i].v);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

START_TEST(refs_after_host)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	for (size_t i = 0; i < sizeof ref_rows / sizeof ref_rows[0]; i++) {
		const char *want = ref_rows[i].want ? ref_rows[i].want : ref_rows[i].in;
		struct pf_options o = { .type = FILETYPE_HTML };
		struct pf_result r;
		char what[64];
		snprintf(what, sizeof what, "references after a host, entry %zu", i);
		run_sizes(&pt, what, ref_rows[i].in, strlen(ref_rows[i].in), want, strlen(want), &o, &r);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* A text token over the cap that streams on (rules.md §3.8, §11.2): a
 * per-buffer surface (json-string in a JSON script) decides its joining
 * on the bytes held up to the cap, not on a first batch of the window.
 * Here the first 64 KiB hold no space and the held MiB does: prose, so
 * the LF ends the host and the origin is rewritten. */
START_TEST(over_cap_token_joins_on_held)
{
	static const char head[] = "<script type=\"application/json\">https://" CH "\nabc/";
	static const char head_want[] = "<script type=\"application/json\">https://" VH "\nabc/";
	size_t body = 70000 + 1 + (1u << 20);
	size_t n = strlen(head) + body + strlen("</script>\n");
	char *in = malloc(n + 1), *want = malloc(n + 64);
	ck_assert(in && want);
	size_t k = strlen(head);
	memcpy(in, head, k);
	memset(in + k, 'x', 70000);
	in[k + 70000] = ' ';
	memset(in + k + 70001, 'y', 1u << 20);
	strcpy(in + k + body, "</script>\n");
	size_t wk = strlen(head_want);
	memcpy(want, head_want, wk);
	memcpy(want + wk, in + k, n - k);
	size_t want_len = wk + n - k;
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	static const size_t sizes[] = { 7, 4096, 65536 };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct pf_options o = { .type = FILETYPE_HTML, .read_size = sizes[i] };
		struct pf_result r;
		pf_run_pt(&pt, in, n, &o, &r);
		ck_assert_msg(r.rc == 0 && r.out_len == want_len && memcmp(r.out, want, want_len) == 0,
		              "read size %zu: the origin before the LF is not rewritten", sizes[i]);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
	free(in);
	free(want);
}
END_TEST

/* Every table input, one per line, <plaintext> last (it swallows the rest). */
static char *all_inputs(size_t *len)
{
	size_t cap = 1;
	for (size_t i = 0; i < NROWS; i++) cap += strlen(rows[i].in) + 1;
	char *b = malloc(cap), *p = b;
	ck_assert_ptr_nonnull(b);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < NROWS; i++) {
			if (rows[i].map || (pass == 0) == (strncmp(rows[i].in, "<plaintext>", 11) == 0)) continue;
			size_t n = strlen(rows[i].in);
			memcpy(p, rows[i].in, n);
			p += n;
			*p++ = '\n';
		}
	*p = 0;
	*len = (size_t)(p - b);
	return b;
}

/* Row 77 (§1.2, §3.6, §11.3 item 1): with an identity map every input, the
 * rows above and the shapes of rows 63–72 (spellings that are no pattern,
 * §2.1) included, is byte-identical at every read size, and nothing is
 * rewritten. */
START_TEST(row_77)
{
	static const char *const extra =
		"<a href=\"https:\\\\" CH "/x\">\n"
		"<a href=\"https:///" CH "/x\">\n"
		"<a href=\"http:" CH "/x\">\n"
		"<a href=\"https:" CH "/x\">\n"
		"<a href=\"https://user@" CH "/x\">\n"
		"<a href=\"https://www.ex%61mple.fi/x\">\n"
		"<div style=\"background-image:url(https\\3a \\2f \\2f " CH "/h.jpg)\">\n"
		"<input value=\"a:1:{s:1:&quot;u&quot;;s:22:&quot;https://" CH "&quot;;}\">\n"
		"<textarea>s:22:\"https://" CH "\";</textarea>\n"
		"<textarea>s:5:\"https://" CH "\";</textarea>\n";
	size_t n;
	char *rowtext = all_inputs(&n);
	size_t e = strlen(extra);
	char *in = malloc(e + n + 1);
	ck_assert_ptr_nonnull(in);
	memcpy(in, extra, e);
	memcpy(in + e, rowtext, n + 1);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_IDENTITY, false);
	struct pf_options o = { .type = FILETYPE_HTML };
	struct pf_result r;
	run_sizes(&pt, "row 77 (identity map)", in, e + n, in, e + n, &o, &r);
	ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "row 77: identity map rewrote %llu",
	              (unsigned long long)pf_total(r.rewrites, SURFACE_COUNT));
	pf_free(&r);
	patterns_free(&pt);
	map_free(&m);
	free(in);
	free(rowtext);
}
END_TEST

/* Row 78 (§4.5, §6.4, §10.4): --dry-run emits the input, counts what it
 * would rewrite, and reports that the sweep did not run. */
START_TEST(row_78)
{
	static const char in[] = "<a href=\"https://" CH "/x\" class=\"k\">t</a>";
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	struct pf_options o = { .type = FILETYPE_HTML, .dry_run = true, .stats = true };
	struct pf_result r;
	run_sizes(&pt, "row 78 (dry run)", in, sizeof in - 1, in, sizeof in - 1, &o, &r);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 1);
	ck_assert_uint_eq(r.candidates[SURFACE_HTML_ATTR], 1);
	ck_assert_uint_eq(pf_total(r.rewrites, SURFACE_COUNT), 1);
	ck_assert_uint_eq(pf_total(r.candidates, SURFACE_COUNT), 1);
	ck_assert_msg(r.explain && strstr(r.explain, "sweep for leftover origins: not run"),
	              "row 78: report lacks \"sweep for leftover origins: not run\":\n%s", r.explain ? r.explain : "(none)");
	pf_free(&r);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* Row 79 (§11.3 item 4): rewriting an output again changes nothing,
 * for every row's expected output, and for all the rows in one document. */
START_TEST(row_79)
{
	struct pf_options o = { .type = FILETYPE_HTML };
	for (size_t i = 0; i < NROWS; i++) {
		char what[64];
		snprintf(what, sizeof what, "row 79 (row %d's output again)", rows[i].row);
		struct map m;
		struct patterns pt;
		pf_build(&m, &pt, rows[i].map ? rows[i].map : MAP_MAIN, false);
		struct pf_result r;
		size_t n = strlen(rows[i].want);
		run_sizes(&pt, what, rows[i].want, n, rows[i].want, n, &o, &r);
		ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: rewrote %llu", what,
		              (unsigned long long)pf_total(r.rewrites, SURFACE_COUNT));
		pf_free(&r);
		patterns_free(&pt);
		map_free(&m);
	}
	size_t n;
	char *in = all_inputs(&n);
	struct pf_result once, twice;
	pf_run(MAP_MAIN, in, n, &o, &once);
	ck_assert_int_eq(once.rc, 0);
	ck_assert_uint_gt(pf_total(once.rewrites, SURFACE_COUNT), 0);
	pf_run(MAP_MAIN, once.out, once.out_len, &o, &twice);
	ck_assert_msg(twice.out_len == once.out_len && memcmp(twice.out, once.out, once.out_len) == 0,
	              "row 79: the second pass changed the document:\n  first  \"%s\"\n  second \"%s\"",
	              show(0, once.out, once.out_len), show(1, twice.out, twice.out_len));
	ck_assert_uint_eq(pf_total(twice.rewrites, SURFACE_COUNT), 0);
	pf_free(&once);
	pf_free(&twice);
	free(in);
}
END_TEST

/* ------------------------------------------------------------ adversarial fixtures */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* The sorted names in dir that end in suffix. */
static char **list_dir(const char *dir, const char *suffix, size_t *count)
{
	DIR *d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s (run from the repository root)", dir);
	size_t n = 0, cap = 64;
	char **v = malloc(cap * sizeof *v);
	ck_assert_ptr_nonnull(v);
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || !ends_with(e->d_name, suffix)) continue;
		if (n == cap) {
			cap *= 2;
			v = realloc(v, cap * sizeof *v);
			ck_assert_ptr_nonnull(v);
		}
		v[n] = strdup(e->d_name);
		ck_assert_ptr_nonnull(v[n]);
		n++;
	}
	closedir(d);
	qsort(v, n, sizeof *v, cmp_str);
	*count = n;
	return v;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++) free(v[i]);
	free(v);
}

/* Every corpus/adv/NAME.html with corpus/maps/main.map gives exactly
 * corpus/adv/expected/NAME.html (reviewed by hand against the rules: see
 * corpus/adv/README.md) at read sizes 1, 7 and 65536 (rules.md §11.1), with
 * the same counters at each, no straggler (rules.md §6), and rewriting the
 * expected output again changes nothing (rules.md §11.3). */
START_TEST(adv_fixtures)
{
	size_t maplen;
	char *map_text = (char *)pf_slurp(ADV_MAP, &maplen);
	ck_assert_msg(map_text != NULL, "cannot read %s", ADV_MAP);
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, map_text, false);
	size_t n;
	char **names = list_dir(ADV_DIR, ".html", &n);
	ck_assert_msg(n >= 50, "only %zu fixtures in %s", n, ADV_DIR);
	struct pf_options o = { .type = FILETYPE_HTML };
	for (size_t i = 0; i < n; i++) {
		char src[512], exp[512];
		snprintf(src, sizeof src, "%s/%s", ADV_DIR, names[i]);
		snprintf(exp, sizeof exp, "%s/%s", ADV_EXPECTED_DIR, names[i]);
		size_t in_len, want_len;
		unsigned char *in = pf_slurp(src, &in_len);
		unsigned char *want = pf_slurp(exp, &want_len);
		ck_assert_msg(in != NULL, "cannot read %s", src);
		ck_assert_msg(want != NULL, "%s has no reviewed expected output %s", src, exp);
		struct pf_result r;
		run_sizes(&pt, names[i], in, in_len, want, want_len, &o, &r);
		ck_assert_msg(r.rewrites[SURFACE_STRAGGLER] == 0, "%s: the sweep rewrote %llu", names[i],
		              (unsigned long long)r.rewrites[SURFACE_STRAGGLER]);
		pf_free(&r);
		char what[600];
		snprintf(what, sizeof what, "%s (expected output again)", exp);
		run_sizes(&pt, what, want, want_len, want, want_len, &o, &r);
		ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: rewrote %llu", what,
		              (unsigned long long)pf_total(r.rewrites, SURFACE_COUNT));
		pf_free(&r);
		free(in);
		free(want);
	}
	/* No expected output without its fixture. */
	size_t ne;
	char **exps = list_dir(ADV_EXPECTED_DIR, ".html", &ne);
	for (size_t i = 0; i < ne; i++)
		ck_assert_msg(bsearch(&exps[i], names, n, sizeof *names, cmp_str) != NULL,
		              "%s/%s has no fixture %s/%s", ADV_EXPECTED_DIR, exps[i], ADV_DIR, exps[i]);
	ck_assert_uint_eq(ne, n);
	free_list(exps, ne);
	free_list(names, n);
	patterns_free(&pt);
	map_free(&m);
	free(map_text);
}
END_TEST

/* International hosts (rules.md §1.4, §2.1): corpus/idna/page.html holds
 * a canonical host in its Unicode form, upper case, as `xn--…`, in
 * attributes, srcset, style, a form, text and a script. A map naming the
 * canonical in Unicode and one naming it in its ASCII form give the same
 * output, corpus/idna/expected/page.html; a variant written in Unicode is
 * written so (expected/page-unicode-variant.html). At read sizes 1, 2 and 3
 * every multi-byte character is split across reads somewhere. */
START_TEST(idn_fixture)
{
	static const char *const maps[][2] = {
		{ "unicode.map", "page.html" },
		{ "punycode.map", "page.html" },
		{ "unicode-variant.map", "page-unicode-variant.html" },
	};
	static const size_t sizes[] = { 1, 2, 3, 7, 4096, 65536 };
	size_t in_len;
	unsigned char *in = pf_slurp(PF_OWN_CORPUS "/idna/page.html", &in_len);
	ck_assert(in != NULL);
	for (size_t m = 0; m < sizeof maps / sizeof *maps; m++) {
		char path[512];
		snprintf(path, sizeof path, "%s/idna/%s", PF_OWN_CORPUS, maps[m][0]);
		size_t maplen, want_len;
		char *map_text = (char *)pf_slurp(path, &maplen);
		ck_assert_msg(map_text != NULL, "cannot read %s", path);
		snprintf(path, sizeof path, "%s/idna/expected/%s", PF_OWN_CORPUS, maps[m][1]);
		unsigned char *want = pf_slurp(path, &want_len);
		ck_assert_msg(want != NULL, "cannot read %s", path);
		struct map mp;
		struct patterns pt;
		pf_build(&mp, &pt, map_text, false);
		for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
			struct pf_options o = { .type = FILETYPE_HTML, .read_size = sizes[k] };
			struct pf_result r;
			pf_run_pt(&pt, in, in_len, &o, &r);
			ck_assert_msg(r.rc == 0 && r.out_len == want_len && !memcmp(r.out, want, want_len),
			              "%s, read size %zu: output differs from %s", maps[m][0], sizes[k], path);
			ck_assert_msg(r.rewrites[SURFACE_STRAGGLER] == 0, "%s: the sweep rewrote", maps[m][0]);
			pf_free(&r);
			/* the output again: nothing left to rewrite */
			pf_run_pt(&pt, want, want_len, &o, &r);
			ck_assert_msg(r.out_len == want_len && !memcmp(r.out, want, want_len) &&
			              pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: the output is rewritten again", maps[m][0]);
			pf_free(&r);
		}
		patterns_free(&pt);
		map_free(&mp);
		free(map_text);
		free(want);
	}
	free(in);
}
END_TEST

/* Every spelling of an international host and of an ASCII one that a
 * browser folds (rules.md §1.4), in each of the URL places a page holds
 * one: `a href`, `img src`, `srcset`, a style attribute's `url()`, `form
 * action`; the origin replaced, the path kept. */
START_TEST(fold_spellings_in_places)
{
	static const struct { const char *map, *spelling; } spellings[] = {
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www.b\xc3\xbc" "cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "HTTPS://WWW.B\xc3\x9c" "CHER.EXAMPLE" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www.bu\xcc\x88" "cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www\xe3\x80\x82" "b\xc3\xbc" "cher\xe3\x80\x82" "example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://\xef\xbd\x97\xef\xbd\x97\xef\xbd\x97.b\xc3\xbc" "cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www.b\xc3\xbc\xc2\xad" "cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www.b%C3%BC" "cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "https://www.b&uuml;cher.example" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "//www.b\xc3\xbc" "cher.example" },
		{ "https://www.xn--bcher-kva.example https://v.test\n", "https://www.b\xc3\xbc" "cher.example" },
		{ MAP_MAIN, "https://\xef\xbd\x97\xef\xbd\x97\xef\xbd\x97.example.fi" },
		{ MAP_MAIN, "https://www\xe3\x80\x82" "example.fi" },
		{ MAP_MAIN, "https://www.exam\xc2\xad" "ple.fi" },
		{ MAP_MAIN, "https://www\xef\xbc\x8e" "example\xef\xbc\x8e" "fi" },
		/* a dotless host with its root dot spelled past ASCII */
		{ "http://localhost:8080 https://v.test\n", "http://localhost\xe3\x80\x82:8080" },
	};
	/* (and beside Latin-1 letters, whose lead byte the ASCII hosts' gate
	 * passes over: the fold's characters are still seen) */
	static const char *const places[] = {
		"<a href=\"%s/p\">x</a>", "<img src=\"%s/p\">", "<img srcset=\"%s/p 1x, /q 2x\">",
		"<div style=\"background:url(%s/p)\"></div>", "<form action=\"%s/p\"></form>",
		"<a href=\"%s/t\xc3\xa4m\xc3\xa4\">x</a>", "<img srcset=\"/\xc3\xa4.jpg 1x, %s/p%%C3%%A4 2x\">",
		/* text, and (where no reference is read) a script and a style
		 * sheet */
		"<p>T\xc3\xa4m\xc3\xa4: %s/p.</p>", "<script>var u = \"%s/p\";</script>",
		"<style>a { background: url(%s/p) }</style>",
	};
	const size_t no_refs = 8;   /* places from here read no references */
	for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
		struct map m;
		struct patterns pt;
		pf_build(&m, &pt, spellings[i].map, false);
		const char *v = strstr(spellings[i].map, "v.test") ? (strncmp(spellings[i].spelling, "//", 2) ? "https://v.test" : "//v.test")
		                                                   : "https://" VH;
		for (size_t k = 0; k < sizeof places / sizeof *places; k++) {
			if (k >= no_refs && strchr(spellings[i].spelling, '&')) continue;
			char in[512], want[512], what[64];
			snprintf(in, sizeof in, places[k], spellings[i].spelling);
			snprintf(want, sizeof want, places[k], v);
			struct pf_options o = { .type = FILETYPE_HTML };
			struct pf_result r;
			snprintf(what, sizeof what, "fold, spelling %zu, place %zu", i, k);
			run_sizes(&pt, what, in, strlen(in), want, strlen(want), &o, &r);
			pf_free(&r);
		}
		patterns_free(&pt);
		map_free(&m);
	}
}
END_TEST

/* An international canonical's percent and JSON-escaped spellings are
 * pattern forms (rules.md §2.1): a redirect parameter encodeURIComponent
 * wrote, a JSON body json_encode wrote, the same JSON in a dump; in the
 * json, sql and text types and in html. */
START_TEST(idn_escaped_forms)
{
	static const struct { enum filetype type; const char *in, *want; } rows[] = {
		{ FILETYPE_JSON, "{\"u\":\"https:\\/\\/www.b\\u00fccher.example\\/x\"}\n", "{\"u\":\"https:\\/\\/v.test\\/x\"}\n" },
		{ FILETYPE_JSON, "{\"u\":\"/r?u=https%3A%2F%2Fwww.b%C3%BCcher.example%2Fx\"}\n", "{\"u\":\"/r?u=https%3A%2F%2Fv.test%2Fx\"}\n" },
		{ FILETYPE_SQL, "INSERT INTO t VALUES ('{\"u\":\"https:\\\\/\\\\/www.b\\\\u00fccher.example\\\\/x\"}');\n",
		  "INSERT INTO t VALUES ('{\"u\":\"https:\\\\/\\\\/v.test\\\\/x\"}');\n" },
		{ FILETYPE_TEXT, "see https%3a%2f%2fwww.b%c3%bccher.example%2fx\n", "see https%3A%2F%2Fv.test%2fx\n" },
		{ FILETYPE_HTML, "<a href=\"/r?u=https%3A%2F%2Fwww.b%C3%BCcher.example%2Fx\">", "<a href=\"/r?u=https%3A%2F%2Fv.test%2Fx\">" },
		/* a JSON escape of another character is another host */
		{ FILETYPE_JSON, "{\"u\":\"https:\\/\\/www.b\\u00fdcher.example\\/x\"}\n", NULL },
	};
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, "https://www.b\xc3\xbc" "cher.example https://v.test\n", false);
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const char *want = rows[i].want ? rows[i].want : rows[i].in;
		struct pf_options o = { .type = rows[i].type };
		struct pf_result r;
		char what[64];
		snprintf(what, sizeof what, "escaped IDN form, row %zu", i);
		run_sizes(&pt, what, rows[i].in, strlen(rows[i].in), want, strlen(want), &o, &r);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* The fold's gate reads each byte of a value once: a long attribute value
 * of colons and CJK text (no byte ends its walks back) is decided in
 * linear time. Before the walks shared their work it took seconds. */
START_TEST(fold_gate_linear)
{
	size_t n = 3 * 200000;
	unsigned char *v = malloc(n);
	ck_assert(v != NULL);
	for (size_t i = 0; i < n; i += 3) {
		if (i % 12 == 0) memcpy(v + i, "a:b", 3);
		else memcpy(v + i, "\xe4\xb8\xad", 3);
	}
	/* an international canonical: any character past ASCII may stand in
	 * its host, so every one is walked back from */
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, "https://www.b\xc3\xbc" "cher.example https://wt-b--buecher.ddev.site\n", false);
	ck_assert(pt.fold_any);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bool may = locator_may_fold(&pt, v, n, true);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	patterns_free(&pt);
	map_free(&m);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	ck_assert(!may);
	ck_assert_msg(s < 1.0, "locator_may_fold took %.2f s over %zu bytes", s, n);
	free(v);
}
END_TEST

/* A reference colon before a slash: in text, `http&colon;//C:443` is the
 * http scheme's port 443, which no https pair has (left alone), while
 * `http&colon;//C` is C; in a value, `http&colon;/` and one slash before a
 * host a browser folds is a URL's authority (the fold's gate reads the
 * reference's `;` as the colon it may be). Found by the browser
 * differential with international hosts. */
START_TEST(reference_colon_scheme)
{
	static const struct { const char *map, *in, *want; } rows[] = {
		{ MAP_MAIN, "<p>http&colon;//www.example.fi:443/x</p>", "<p>http&colon;//www.example.fi:443/x</p>" },
		{ MAP_MAIN, "<p>http&colon;//www.example.fi&#46;:0443/x</p>", "<p>http&colon;//www.example.fi&#46;:0443/x</p>" },
		{ MAP_MAIN, "<p>see wss&#58;//www.example.fi/y</p>", "<p>see wss&#58;//" VH "/y</p>" },
		{ MAP_MAIN, "<a href=\"http&colon;/www\xef\xbc\x8e" "example\xef\xbc\x8e" "fi.\">x</a>",
		  "<a href=\"https://" VH "\">x</a>" },
		{ "https://www.b\xc3\xbc" "cher.example https://v.test\n", "<p>http&colon;/www.b&#xFC;cher.example.?q</p>",
		  "<p>https://v.test?q</p>" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		struct map m;
		struct patterns pt;
		pf_build(&m, &pt, rows[i].map, false);
		struct pf_options o = { .type = FILETYPE_HTML };
		struct pf_result r;
		char what[48];
		snprintf(what, sizeof what, "reference colon, row %zu", i);
		run_sizes(&pt, what, rows[i].in, strlen(rows[i].in), rows[i].want, strlen(rows[i].want), &o, &r);
		pf_free(&r);
		patterns_free(&pt);
		map_free(&m);
	}
}
END_TEST

/* The locator's gate reads TAB, LF and CR as its view does (rules.md
 * §3.9): a run the view removes matters only between two bytes a URL may
 * hold; LF and CR are kept in a style sheet and a script, TAB in prose. */
START_TEST(locator_gate_removed_controls)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	const struct locate_opts attr = { .refs = true, .joins = true, .value = true }, sheet = { .css = true },
	                         script = { .js = true }, prose = { .refs = true };
	static const struct { const char *v; int as; bool want; } rows[] = {
		{ "https://www.exa\tmple.fi/p", 0, true },
		{ "https://www.exa\n\tmple.fi/p", 0, true },
		{ "https:/\t/www.example.fi/p", 0, true },
		{ "https:\r\n//www.example.fi/p", 0, true },
		{ "\n\thttps://www.example.fi/p\n\t", 0, false },   /* (at the edges: joins nothing) */
		{ "https://www.example.fi/p \t x", 0, false },
		{ "b{\n\tbackground:url(https://www.example.fi/p)}\na{\n\tcolor:red}", 1, false },
		{ "b{background:url(\"https://www.exa\tmple.fi/p\")}", 1, true },
		{ "b{background:url(\"https://www.exa\nmple.fi/p\")}", 1, false },   /* (a newline ends the string) */
		{ "var u = \"https://www.example.fi/p\";\n\tx = 1;", 2, false },
		{ "var u = \"https://www.exa\tmple.fi/p\";", 2, true },
		{ "a\tb https://www.exa\tmple.fi/p", 3, false },   /* (prose keeps TAB) */
		/* references: as the view decodes them */
		{ "https://www.example.fi/p?a=1&#038;b=2&amp;c=&quot;&lt;x&gt;", 0, false },
		{ "https:&#47;/www.example.fi/p", 0, true },
		{ "https://www&#46;example.fi/p", 0, true },
		{ "https://www.example.fi&#9;/p", 0, true },
		{ "https://www.example.fi/p &unknown; &", 0, false },
		{ "x &lt; y, see https://www.example.fi/p", 3, false },
	};
	const struct locate_opts *as[] = { &attr, &sheet, &script, &prose };
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const unsigned char *v = (const unsigned char *)rows[i].v;
		ck_assert_msg(locator_may_find(&pt, v, strlen(rows[i].v), as[rows[i].as]) == rows[i].want, "row %zu", i);
	}
	/* a style sheet's or a script's own gate, with no canonical host in
	 * its bytes */
	static const char *const sheets[] = { "url(\"https://www.exa\tmple.fi/p\")", "a{\n\tcolor:red;\n\tmargin:0}" };
	ck_assert(locator_may_hide_script((const unsigned char *)sheets[0], strlen(sheets[0]), false));
	ck_assert(!locator_may_hide_script((const unsigned char *)sheets[1], strlen(sheets[1]), false));
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* A TAB in a host, in a style sheet's string or a script's: the URL
 * parser removes it, so the host is the canonical one (a style sheet or a
 * script with no canonical host in its bytes is read for it too); TABs
 * that indent are left alone. */
START_TEST(tab_in_host_sheets_scripts)
{
	static const struct { const char *in, *want; } rows[] = {
		{ "<style>\n\tb { background: url(\"https://www.exa\tmple.fi/p\") }\n</style>",
		  "<style>\n\tb { background: url(\"https://" VH "/p\") }\n</style>" },
		{ "<script>\n\tvar u = \"https://www.exa\tmple.fi/p\";\n</script>", "<script>\n\tvar u = \"https://" VH "/p\";\n</script>" },
		{ "<style>\n\ta { background: url(https://www.example.fi/p) }\n\tb { color: red }\n</style>",
		  "<style>\n\ta { background: url(https://" VH "/p) }\n\tb { color: red }\n</style>" },
		{ "<script>\n\tvar u = \"https://www.example.fi/p\";\n\tvar w = 1;\n</script>",
		  "<script>\n\tvar u = \"https://" VH "/p\";\n\tvar w = 1;\n</script>" },
		{ "<style>\n\tb { color: red }\n</style>", NULL },
	};
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, MAP_MAIN, false);
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const char *want = rows[i].want ? rows[i].want : rows[i].in;
		struct pf_options o = { .type = FILETYPE_HTML };
		struct pf_result r;
		char what[48];
		snprintf(what, sizeof what, "tab in host, row %zu", i);
		run_sizes(&pt, what, rows[i].in, strlen(rows[i].in), want, strlen(want), &o, &r);
		pf_free(&r);
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

Suite *html_rows_suite(void)
{
	Suite *s = suite_create("html_rows");
	TCase *t = tcase_create("engine_reference_12_html");
	tcase_set_timeout(t, 60);
	tcase_add_test(t, idn_fixture);
	tcase_add_test(t, fold_spellings_in_places);
	tcase_add_test(t, reference_colon_scheme);
	tcase_add_test(t, locator_gate_removed_controls);
	tcase_add_test(t, tab_in_host_sheets_scripts);
	tcase_add_test(t, fold_gate_linear);
	tcase_add_test(t, idn_escaped_forms);
	tcase_add_test(t, row_01);
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
	tcase_add_test(t, row_40);
	tcase_add_test(t, row_41);
	tcase_add_test(t, row_42);
	tcase_add_test(t, row_43);
	tcase_add_test(t, row_44);
	tcase_add_test(t, row_45);
	tcase_add_test(t, row_46);
	tcase_add_test(t, row_47);
	tcase_add_test(t, row_48);
	tcase_add_test(t, row_49);
	tcase_add_test(t, row_50);
	tcase_add_test(t, row_51);
	tcase_add_test(t, row_52);
	tcase_add_test(t, row_53);
	tcase_add_test(t, row_54);
	tcase_add_test(t, row_55);
	tcase_add_test(t, row_56);
	tcase_add_test(t, row_57);
	tcase_add_test(t, row_58);
	tcase_add_test(t, row_59);
	tcase_add_test(t, row_60);
	tcase_add_test(t, row_61);
	tcase_add_test(t, row_62);
	tcase_add_test(t, refs_after_host);
	tcase_add_test(t, locator_spellings);
	tcase_add_test(t, locator_window_percent_colon);
	tcase_add_test(t, locator_may_hide_marks);
	tcase_add_test(t, over_cap_token_joins_on_held);
	tcase_add_test(t, row_76);
	tcase_add_test(t, row_77);
	tcase_add_test(t, row_78);
	tcase_add_test(t, row_79);
	tcase_add_test(t, row_80);
	suite_add_tcase(s, t);
	TCase *a = tcase_create("adversarial_fixtures");
	tcase_set_timeout(a, 120);
	tcase_add_test(a, adv_fixtures);
	suite_add_tcase(s, a);
	return s;
}
