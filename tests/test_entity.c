/* test_entity.c — character-reference decoding in attribute values
 * (docs/rules.md §5.1–§5.2; §5.3 for the source map). Written from the
 * rules, not from src/entity.c. Every call checks the general
 * contract of entity.h (see check_contract) as well as the case at hand. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entity.h"
#include "entity_names.h"
#include "suites.h"

/* ------------------------------------------------------------ helpers */

struct dec {
	enum entity_result r;
	unsigned char *out;
	size_t out_len;
	uint32_t *src;
};

/* Printable rendering of bytes for failure messages. */
static const char *show(const unsigned char *p, size_t n)
{
	static char buf[4][1024];
	static int which;
	char *b = buf[which++ & 3];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 5 < sizeof buf[0]; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '\\') b[k++] = (char)p[i];
		else k += (size_t)snprintf(b + k, sizeof buf[0] - k, "\\x%02X", p[i]);
	}
	b[k] = '\0';
	return b;
}

/* The contract of entity.h that holds for every input: out never grows;
 * src[out_len] == n; src is non-decreasing; each run of equal src values is
 * either one plain byte copied through (its own offset) or a whole reference
 * starting at an `&` and at least 3 bytes long; NONE and DECLINED mean
 * the identity map, DECLINED with out == in and NONE with out not written. */
static void check_contract(const unsigned char *in, size_t n, const struct dec *d)
{
	ck_assert_uint_le(d->out_len, n);
	ck_assert_uint_eq(d->src[d->out_len], n);
	if (d->r != ENTITY_DECODED) {
		ck_assert_uint_eq(d->out_len, n);
		if (d->r == ENTITY_DECLINED)
			ck_assert_msg(n == 0 || memcmp(d->out, in, n) == 0, "DECLINED out differs from in: %s", show(in, n));
		else   /* NONE writes nothing: run_n filled out with 0xA5 */
			for (size_t i = 0; i < n; i++)
				ck_assert_msg(d->out[i] == 0xA5, "NONE wrote out[%zu] of %s", i, show(in, n));
		for (size_t i = 0; i <= n; i++) ck_assert_uint_eq(d->src[i], i);
		return;
	}
	if (d->out_len > 0) ck_assert_uint_eq(d->src[0], 0);
	size_t o = 0;
	while (o < d->out_len) {
		size_t s = d->src[o], e = o;
		while (e < d->out_len && d->src[e] == s) e++;
		size_t next = d->src[e]; /* d->src[out_len] == n closes the last run */
		ck_assert_uint_gt(next, s);
		if (next - s == 1) {
			ck_assert_uint_eq(e - o, 1);
			ck_assert_uint_eq(d->out[o], in[s]);
		} else {
			ck_assert_msg(in[s] == '&' && next - s >= 3 && e - o <= next - s,
			              "bad token at %zu..%zu of %s", s, next, show(in, n));
		}
		o = e;
	}
}

/* Decode, and spell the reference records out as one source offset per
 * decoded byte and one past the end (src[i] = entity_src(i)), the form the
 * contract and the cases below are written in. refs must hold n / 3 + 1. */
static enum entity_result decode_src(const unsigned char *in, size_t n, unsigned char *out, size_t *out_len,
                                     struct entity_ref *refs, uint32_t *src)
{
	size_t nrefs = (size_t)-1;
	enum entity_result r = entity_decode_url_refs(in, n, out, out_len, refs, &nrefs);
	ck_assert_uint_le(nrefs, n / 3 + 1);
	if (r != ENTITY_DECODED) ck_assert_uint_eq(nrefs, 0);
	else ck_assert_uint_gt(nrefs, 0);
	for (size_t i = 0; i <= *out_len; i++) src[i] = (uint32_t)entity_src(refs, nrefs, i);
	return r;
}

/* Decode in[0..n) into exactly-sized heap buffers (ASan catches an
 * overrun) and check the general contract. */
static struct dec run_n(const unsigned char *in, size_t n)
{
	struct dec d;
	d.out = malloc(n ? n : 1);
	d.src = malloc((n + 1) * sizeof *d.src);
	struct entity_ref *refs = malloc((n / 3 + 1) * sizeof *refs);
	ck_assert_ptr_nonnull(d.out);
	ck_assert_ptr_nonnull(d.src);
	ck_assert_ptr_nonnull(refs);
	memset(d.out, 0xA5, n ? n : 1);
	memset(d.src, 0xA5, (n + 1) * sizeof *d.src);
	d.out_len = (size_t)-1;
	d.r = decode_src(in, n, d.out, &d.out_len, refs, d.src);
	free(refs);
	check_contract(in, n, &d);
	return d;
}

static struct dec run(const char *in) { return run_n((const unsigned char *)in, strlen(in)); }

static void dec_free(struct dec *d)
{
	free(d->out);
	free(d->src);
}

/* Nothing is decoded: ENTITY_NONE, out not written, identity map. */
static void expect_none(const char *in)
{
	struct dec d = run(in);
	ck_assert_msg(d.r == ENTITY_NONE, "\"%s\": result %d, want ENTITY_NONE (out \"%s\")", in, (int)d.r,
	              show(d.out, d.out_len));
	dec_free(&d);
}

/* The fusing guard declines the value: ENTITY_DECLINED, out == in, identity. */
static void expect_declined(const char *in)
{
	struct dec d = run(in);
	ck_assert_msg(d.r == ENTITY_DECLINED, "\"%s\": result %d, want ENTITY_DECLINED (out \"%s\")", in, (int)d.r,
	              show(d.out, d.out_len));
	dec_free(&d);
}

/* Something is decoded and the output is `want`. */
static void expect_decoded(const char *in, const char *want)
{
	struct dec d = run(in);
	size_t wl = strlen(want);
	ck_assert_msg(d.r == ENTITY_DECODED, "\"%s\": result %d, want ENTITY_DECODED", in, (int)d.r);
	ck_assert_msg(d.out_len == wl && memcmp(d.out, want, wl) == 0, "\"%s\" -> \"%s\", want \"%s\"", in,
	              show(d.out, d.out_len), show((const unsigned char *)want, wl));
	dec_free(&d);
}

/* `ref` alone is one reference decoding to `want` and consuming `consumed`
 * bytes: decoding ref + "|" gives want + "|", every byte of want maps to 0
 * and the '|' maps to `consumed`. */
static void expect_ref(const char *ref, const char *want, size_t consumed)
{
	char in[128];
	char w[128];
	snprintf(in, sizeof in, "%s|", ref);
	snprintf(w, sizeof w, "%s|", want);
	expect_decoded(in, w);
	struct dec d = run(in);
	size_t wl = strlen(want);
	for (size_t i = 0; i < wl; i++) ck_assert_uint_eq(d.src[i], 0);
	ck_assert_msg(d.src[wl] == consumed, "\"%s\": consumed %u bytes, want %zu", ref, (unsigned)d.src[wl],
	              consumed);
	dec_free(&d);
}

/* Assert an exact out and src map. */
static void expect_map(const char *in, const char *want, const uint32_t *want_src, size_t want_len)
{
	struct dec d = run(in);
	ck_assert_int_eq(d.r, ENTITY_DECODED);
	ck_assert_uint_eq(d.out_len, want_len);
	ck_assert_uint_eq(strlen(want), want_len);
	ck_assert_msg(memcmp(d.out, want, want_len) == 0, "\"%s\" -> \"%s\"", in, show(d.out, d.out_len));
	for (size_t i = 0; i <= want_len; i++)
		ck_assert_msg(d.src[i] == want_src[i], "\"%s\": src[%zu] = %u, want %u", in, i, (unsigned)d.src[i],
		              (unsigned)want_src[i]);
	dec_free(&d);
}

/* UTF-8 of a scalar value, written independently of src/entity.c. */
static size_t enc(uint32_t cp, char *b)
{
	size_t k = 0;
	if (cp < 0x80) {
		b[k++] = (char)cp;
	} else if (cp < 0x800) {
		b[k++] = (char)(0xC0 + cp / 64);
		b[k++] = (char)(0x80 + cp % 64);
	} else if (cp < 0x10000) {
		b[k++] = (char)(0xE0 + cp / 4096);
		b[k++] = (char)(0x80 + cp / 64 % 64);
		b[k++] = (char)(0x80 + cp % 64);
	} else {
		b[k++] = (char)(0xF0 + cp / 262144);
		b[k++] = (char)(0x80 + cp / 4096 % 64);
		b[k++] = (char)(0x80 + cp / 64 % 64);
		b[k++] = (char)(0x80 + cp % 64);
	}
	b[k] = '\0';
	return k;
}

/* ------------------------------------------------------- §5.1 tables */

/* §5.1 examples table, decoded rows: result and bytes consumed. */
START_TEST(s5_1_table_decoded)
{
	expect_ref("&#47;", "/", 5);
	expect_ref("&#047;", "/", 6);
	expect_ref("&#x2F;", "/", 6);
	expect_ref("&#X2f;", "/", 6);
	expect_ref("&#47", "/", 4);
	expect_ref("&sol;", "/", 5);
	expect_ref("&percnt;", "%", 8);
	/* and without the '|' probe */
	expect_decoded("&#47;", "/");
	expect_decoded("&#47", "/");
	expect_decoded("&percnt;", "%");
}
END_TEST

/* §5.1 examples table, rows that are not decoded (`&copy;` with its ';'
 * is decoded: s5_1_copy_is_one_non_ascii_code_point). */
START_TEST(s5_1_table_not_decoded)
{
	expect_none("&#38;");      /* '&' is excluded */
	expect_none("&#x110000;"); /* beyond 0x10FFFF */
	expect_none("&#;");        /* no digits */
	expect_none("&sol");       /* named references need the ';' */
}
END_TEST

/* §5.1: the ten URL-structure names. They are ASCII, so they are not in
 * the generated one-non-ASCII-code-point table and entity_single_codepoint
 * does not know them. */
START_TEST(s5_1_ten_url_names)
{
	static const struct { const char *ref, *want; } ten[] = {
		{ "&sol;", "/" },    { "&bsol;", "\\" },  { "&colon;", ":" },  { "&period;", "." }, { "&quest;", "?" },
		{ "&num;", "#" },    { "&percnt;", "%" }, { "&lowbar;", "_" }, { "&UnderBar;", "_" }, { "&commat;", "@" },
	};
	for (size_t i = 0; i < sizeof ten / sizeof ten[0]; i++) {
		expect_ref(ten[i].ref, ten[i].want, strlen(ten[i].ref));
		const char *name = ten[i].ref + 1;
		ck_assert_uint_eq(entity_single_codepoint(name, strlen(name) - 1), 0);
	}
	expect_decoded("www&period;example&period;fi", "www.example.fi");
	expect_decoded("https&colon;&sol;&sol;h", "https://h");
	expect_decoded("&sol;&sol;&sol;h", "///h");
	expect_decoded("https:&bsol;&bsol;h", "https:\\\\h");
}
END_TEST

/* §5.1: `&amp;`, `&lt;`, `&quot;` and every other ASCII name outside the
 * ten are never decoded, in particular `&semi;` (';') and `&apos;`. */
START_TEST(s5_1_other_ascii_names_not_decoded)
{
	static const char *const names[] = { "&amp;",  "&AMP;",   "&lt;",    "&gt;",    "&quot;", "&apos;",
	                                      "&excl;", "&comma;", "&plus;",  "&equals;", "&lpar;", "&dollar;",
	                                      "&ast;",  "&semi;",  "&Hat;",   "&fjlig;" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) expect_none(names[i]);
	ck_assert_uint_eq(entity_single_codepoint("amp", 3), 0);
	ck_assert_uint_eq(entity_single_codepoint("semi", 4), 0);
}
END_TEST

/* §5.1: any other name decoding to one non-ASCII code point, as UTF-8
 * (2-, 3- and 4-byte forms). */
START_TEST(s5_1_named_non_ascii)
{
	expect_ref("&auml;", "\xC3\xA4", 6);
	expect_ref("&Auml;", "\xC3\x84", 6);
	expect_ref("&nbsp;", "\xC2\xA0", 6);
	expect_ref("&AElig;", "\xC3\x86", 7);
	expect_ref("&zwnj;", "\xE2\x80\x8C", 6);
	expect_ref("&Colon;", "\xE2\x88\xB7", 7); /* U+2237, not ':' */
	expect_ref("&Afr;", "\xF0\x9D\x94\x84", 5); /* U+1D504 */
	expect_ref("&ZeroWidthSpace;", "\xE2\x80\x8B", 16);
	expect_decoded("h&auml;meen.fi", "h\xC3\xA4meen.fi");
}
END_TEST

/* §5.1: `&copy;` is U+00A9, one non-ASCII code point, so the one-non-ASCII
 * rule decodes it; without its ';' (`&copy=1`) it stays undecoded. */
START_TEST(s5_1_copy_is_one_non_ascii_code_point)
{
	expect_ref("&copy;", "\xC2\xA9", 6);
	expect_ref("&COPY;", "\xC2\xA9", 6);
	expect_none("&copy");
	expect_none("a&copy=1&b");
}
END_TEST

/* §5.1: `hyphen` is not in the URL table: it is U+2010, never '-'. By the
 * one-non-ASCII rule it decodes to U+2010 (as `&dash;` does), which no
 * ASCII host contains. */
START_TEST(s5_1_hyphen_is_u2010)
{
	expect_ref("&hyphen;", "\xE2\x80\x90", 8);
	expect_ref("&dash;", "\xE2\x80\x90", 6);
	expect_decoded("staging&hyphen;old", "staging\xE2\x80\x90old");
}
END_TEST

/* §5.1: names that decode to more than one code point are not decoded. */
START_TEST(s5_1_named_multi_codepoint_not_decoded)
{
	expect_none("&nvlt;");       /* '<' U+20D2 */
	expect_none("&bne;");        /* '=' U+20E5 */
	expect_none("&ThickSpace;"); /* U+205F U+200A */
	expect_none("&acE;");        /* U+223E U+0333 */
	expect_none("&nGt;");        /* U+226B U+20D2 */
	ck_assert_uint_eq(entity_single_codepoint("nGt", 3), 0);
	ck_assert_uint_eq(entity_single_codepoint("NotNestedGreaterGreater", 23), 0);
}
END_TEST

/* §5.1: names are case-sensitive. */
START_TEST(s5_1_named_case_sensitive)
{
	expect_none("&SOL;");
	expect_none("&Sol;");
	expect_none("&COLON;");
	expect_none("&Percnt;");
	expect_none("&underbar;");
	expect_none("&AUML;");
	expect_none("&Commat;");
}
END_TEST

/* §5.1: named references need the trailing ';' (legacy forms never). */
START_TEST(s5_1_named_needs_semicolon)
{
	expect_none("&sol");
	expect_none("&auml");
	expect_none("&amp");
	expect_none("&aumlx");
	expect_none("&auml x;");
	expect_none("&sol x;");
	expect_none("&;");
	expect_none("&;x");
	expect_none("&");
	expect_none("a&");
}
END_TEST

/* §5.1: the name must close within the first 15 bytes after the '&', so the
 * ';' may be the 15th byte (a 14-byte name) but not the 16th. */
START_TEST(s5_1_name_limit_15_bytes)
{
	ck_assert_uint_eq(strlen("NotGreaterLess"), 14);
	ck_assert_uint_eq(strlen("DoubleLeftArrow"), 15);
	expect_ref("&NotGreaterLess;", "\xE2\x89\xB9", 16); /* U+2279 */
	expect_ref("&ZeroWidthSpace;", "\xE2\x80\x8B", 16);
	expect_none("&DoubleLeftArrow;");      /* U+21D0, but 15 bytes */
	expect_none("&NegativeThinSpace;");    /* U+200B, 17 bytes */
	expect_none("&CounterClockwiseContourIntegral;");
	/* the table itself still knows the long names */
	ck_assert_uint_eq(entity_single_codepoint("DoubleLeftArrow", 15), 0x21D0);
	/* a ';' past the limit ends nothing; a later '&' is still tried */
	expect_decoded("&abcdefghijklmnopq&sol;", "&abcdefghijklmnopq/");
	/* a too-long candidate that contains a reference within its span */
	expect_decoded("&xxxxxxxxxxxxxxxxxxxxx&sol;", "&xxxxxxxxxxxxxxxxxxxxx/");
	expect_decoded("&a&sol;", "&a/");
	expect_decoded("&&sol;", "&/");
}
END_TEST

/* Every generated entry: sorted strictly bytewise, one non-ASCII scalar
 * value, found by entity_single_codepoint (also with trailing bytes beyond
 * `len`), and decoded by entity_decode_url_refs exactly when the name fits
 * the 15-byte limit (§5.1). */
START_TEST(s5_1_every_generated_name)
{
	ck_assert_uint_eq(ENTITY_NAMES_COUNT, sizeof entity_names / sizeof entity_names[0]);
	ck_assert_uint_ge(ENTITY_NAMES_COUNT, 1900);
	for (size_t i = 0; i < ENTITY_NAMES_COUNT; i++) {
		const char *name = entity_names[i].name;
		uint32_t cp = entity_names[i].cp;
		size_t len = strlen(name);
		char in[64], want[8], longer[64];
		if (i > 0) ck_assert_msg(strcmp(entity_names[i - 1].name, name) < 0, "not sorted at %s", name);
		ck_assert_uint_ge(cp, 0x80);
		ck_assert_uint_le(cp, 0x10FFFF);
		ck_assert(cp < 0xD800 || cp > 0xDFFF);
		ck_assert_uint_eq(entity_single_codepoint(name, len), cp);
		snprintf(longer, sizeof longer, "%s;zz", name);
		ck_assert_uint_eq(entity_single_codepoint(longer, len), cp);
		snprintf(in, sizeof in, "&%s;", name);
		enc(cp, want);
		if (len <= 14) expect_ref(in, want, len + 2);
		else expect_none(in);
	}
}
END_TEST

/* entity_single_codepoint: ends of the table, misses, ASCII names. */
START_TEST(s5_1_single_codepoint_lookup)
{
	ck_assert_uint_eq(entity_single_codepoint("AElig", 5), 0xC6); /* first */
	ck_assert_uint_eq(entity_single_codepoint("zwnj", 4), 0x200C); /* last */
	ck_assert_uint_eq(entity_single_codepoint("auml", 4), 0xE4);
	ck_assert_uint_eq(entity_single_codepoint("Ascr", 4), 0x1D49C);
	ck_assert_uint_eq(entity_single_codepoint("CounterClockwiseContourIntegral", 31), 0x2233);
	ck_assert_uint_eq(entity_single_codepoint("auml;", 5), 0);
	ck_assert_uint_eq(entity_single_codepoint("aum", 3), 0);
	ck_assert_uint_eq(entity_single_codepoint("AAAA", 4), 0);  /* before the first */
	ck_assert_uint_eq(entity_single_codepoint("zzzzz", 5), 0); /* after the last */
	ck_assert_uint_eq(entity_single_codepoint("", 0), 0);
	ck_assert_uint_eq(entity_single_codepoint("Tab", 3), 0);
	ck_assert_uint_eq(entity_single_codepoint("NewLine", 7), 0);
	ck_assert_uint_eq(entity_single_codepoint("au\0ml", 5), 0);
}
END_TEST

/* ------------------------------------------------------ §5.1 numeric */

/* §5.1: any number of digits, leading zeros allowed; the scan aborts once
 * the value exceeds 0x10FFFF (no overflow on very long digit strings). */
START_TEST(s5_1_numeric_digits)
{
	expect_ref("&#00000000000000000000000000000047;", "/", 35);
	expect_ref("&#x000000000000000000002f;", "/", 26);
	expect_ref("&#x10FFFF;", "\xF4\x8F\xBF\xBF", 10);
	expect_ref("&#1114111;", "\xF4\x8F\xBF\xBF", 10);
	expect_none("&#1114112;");
	expect_none("&#x110000");
	expect_none("&#99999999999999999999999999999999;");
	expect_none("&#xFFFFFFFFFFFFFFFFFFFF2F;");
	/* after an aborted scan the rest is ordinary text, and a later
	 * reference is still decoded */
	expect_decoded("&#x110000;&#47;", "&#x110000;/");
	/* hex digits are greedy: `&#x2Fa` is U+02FA, not '/' + 'a' */
	expect_ref("&#x2Fa;", "\xCB\xBA", 7);
}
END_TEST

/* §5.1: the ';' is optional and consumed if present (one only). */
START_TEST(s5_1_numeric_semicolon_optional)
{
	expect_ref("&#47", "/", 4);
	expect_decoded("&#47x", "/x");
	expect_decoded("&#x2Fg", "/g");
	expect_decoded("&#47;;", "/;");
	expect_decoded("&#47&#47", "//");
	expect_decoded("https:&#47&#47h", "https://h");
	expect_ref("&#xe4", "\xC3\xA4", 5);
}
END_TEST

/* §5.1: `&#;`, `&#x;` and other digitless forms are not references. */
START_TEST(s5_1_numeric_not_references)
{
	expect_none("&#;");
	expect_none("&#x;");
	expect_none("&#X;");
	expect_none("&#");
	expect_none("&#x");
	expect_none("&#a;");
	expect_none("&#xg;");
	expect_none("&#-47;");
	expect_none("&# 47;");
	expect_none("&x2F;");  /* a name, not in any table */
	expect_none("&#&#;");
}
END_TEST

/* §5.1: printable ASCII 0x21–0x7F is decoded, except & " ' < > = `. */
START_TEST(s5_1_numeric_ascii_range)
{
	expect_ref("&#33;", "!", 5);
	expect_ref("&#x21;", "!", 6);
	expect_ref("&#126;", "~", 6);
	expect_ref("&#127;", "\x7F", 6); /* §5.1's range 0x21–0x7F includes 0x7F */
	expect_ref("&#58;", ":", 5);
	expect_ref("&#46;", ".", 5);
	expect_ref("&#64;", "@", 5);
	expect_ref("&#37;", "%", 5);
	expect_ref("&#35;", "#", 5);
	expect_ref("&#59;", ";", 5);
	expect_ref("&#92;", "\\", 5);
	expect_ref("&#119;", "w", 6);
	expect_ref("&#65;", "A", 5);
	static const char *const refused[] = { "&#38;", "&#x26;", "&#34;", "&#x22;", "&#39;", "&#x27;", "&#60;",
	                                       "&#x3C;", "&#62;", "&#x3e;", "&#61;", "&#x3D;", "&#96;", "&#x60;" };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) expect_none(refused[i]);
	expect_none("&#32;");
	expect_none("&#x20;");
	expect_none("&#0;");
	expect_none("&#1;");
	expect_none("&#x1F;");
}
END_TEST

/* §5.1: values >= 0x80 are decoded when they are scalar values; the
 * surrogates U+D800–U+DFFF are refused. */
START_TEST(s5_1_numeric_surrogates_refused)
{
	expect_none("&#xD800;");
	expect_none("&#xDBFF;");
	expect_none("&#xDC00;");
	expect_none("&#xdfff;");
	expect_none("&#55296;");
	expect_none("&#57343;");
	expect_ref("&#xD7FF;", "\xED\x9F\xBF", 8);
	expect_ref("&#xE000;", "\xEE\x80\x80", 8);
	expect_ref("&#x80;", "\xC2\x80", 6);
	expect_ref("&#128;", "\xC2\x80", 6);
	expect_ref("&#x7FF;", "\xDF\xBF", 7);
	expect_ref("&#x800;", "\xE0\xA0\x80", 7);
	expect_ref("&#xFFFF;", "\xEF\xBF\xBF", 8);
	expect_ref("&#x10000;", "\xF0\x90\x80\x80", 9);
	expect_ref("&#228;", "\xC3\xA4", 6);
}
END_TEST

/* ---------------------------------------------------------- §5.2 */

/* §5.2: `&Tab;`, `&NewLine;` and numeric 9, 10, 13 are never decoded (they
 * are removable, which is the URL views' business, not this decoder's). */
START_TEST(s5_2_removable_not_decoded)
{
	static const char *const refs[] = { "&Tab;", "&NewLine;", "&#9;", "&#10;", "&#13;", "&#x9;", "&#x0A;",
	                                    "&#x0d;", "&#0009;", "&#9", "&#10" };
	for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++) expect_none(refs[i]);
	expect_none("https://www.example&#9;.fi/x");
	expect_none("https://www.example&NewLine;.fi/x");
	/* a removable reference next to a decoded one stays as written */
	expect_decoded("https:&#47;&#47;www.example&#9;.fi/x", "https://www.example&#9;.fi/x");
}
END_TEST

/* ---------------------------------------------------- §5.1 positions */

/* §5.1: decoding preserves positions; only references change. */
START_TEST(s5_1_positions)
{
	expect_none("a&copy=1&b");
	expect_decoded("https:&#47;&#47;h/x", "https://h/x");
	expect_decoded("?a=1&amp;b=&#47;", "?a=1&amp;b=/");

	static const uint32_t m1[] = { 0, 1, 2, 3, 4, 5, 6, 11, 16, 17, 18, 19 };
	expect_map("https:&#47;&#47;h/x", "https://h/x", m1, 11);

	static const uint32_t m2[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16 };
	expect_map("?a=1&amp;b=&#47;", "?a=1&amp;b=/", m2, 12);
}
END_TEST

/* §5.1 + entity.h: an exact src map over a mixed value, every entry:
 * plain bytes, a numeric, a 2-byte named, a 4-byte named, an undecoded
 * `&amp;`, a 4-byte numeric and a trailing literal ';'. */
START_TEST(s5_1_src_map_mixed)
{
	/*               0 1    6     12 13   18   23       32 */
	const char *in = "h&#47;&auml;x&Afr;&amp;&#x1F600;;";
	ck_assert_uint_eq(strlen(in), 33);
	const char *want = "h/\xC3\xA4x\xF0\x9D\x94\x84&amp;\xF0\x9F\x98\x80;";
	static const uint32_t m[] = {
		0,                               /* h */
		1,                               /* / from &#47; */
		6,  6,                           /* ä from &auml; */
		12,                              /* x */
		13, 13, 13, 13,                  /* U+1D504 from &Afr; */
		18, 19, 20, 21, 22,              /* &amp; as written */
		23, 23, 23, 23,                  /* U+1F600 from &#x1F600; */
		32,                              /* ; */
		33,                              /* src[out_len] == n */
	};
	expect_map(in, want, m, 19);

	/* a value that is only references */
	static const uint32_t m2[] = { 0, 5, 10, 15 };
	expect_map("&sol;&#58;&#64;", "/:@", m2, 3);

	/* an undecoded reference-like run that a decoded one follows */
	static const uint32_t m3[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15 };
	expect_map("&#x110000;&#47;", "&#x110000;/", m3, 11);
}
END_TEST

/* entity.h: a span [a, b) of the decoded text that starts and ends on token
 * boundaries came from in[src[a] .. src[b]) — the splice of rules.md §5.3. */
START_TEST(s5_1_src_span_for_splice)
{
	const char *in = "https:&#47;&#47;www&period;example&period;fi/a&#47;b";
	struct dec d = run(in);
	ck_assert_int_eq(d.r, ENTITY_DECODED);
	const char *want = "https://www.example.fi/a/b";
	ck_assert_uint_eq(d.out_len, strlen(want));
	ck_assert(memcmp(d.out, want, d.out_len) == 0);
	/* the origin "https://www.example.fi" is out[0 .. 22) */
	ck_assert_uint_eq(d.src[0], 0);
	ck_assert_uint_eq(d.src[22], strlen("https:&#47;&#47;www&period;example&period;fi"));
	/* the path "/a/b" keeps its source "/a&#47;b" */
	ck_assert_uint_eq(d.src[26], strlen(in));
	ck_assert_uint_eq(d.src[22], strlen(in) - strlen("/a&#47;b"));
	dec_free(&d);
}
END_TEST

/* A reference longer than 16 bits can count (leading zeros have no limit in
 * §5.1's digits): the record keeps its whole length, and the bytes after it
 * map to their own offsets. */
START_TEST(s5_1_src_long_reference)
{
	size_t zeros = 70000, n = 2 + zeros + 4 + 2;   /* "&#" zeros "47;" "ab" */
	unsigned char *in = malloc(n);
	ck_assert_ptr_nonnull(in);
	memcpy(in, "&#", 2);
	memset(in + 2, '0', zeros);
	memcpy(in + 2 + zeros, "47;ab", 5);
	n = 2 + zeros + 5;
	struct dec d = run_n(in, n);
	ck_assert_int_eq(d.r, ENTITY_DECODED);
	ck_assert_uint_eq(d.out_len, 3);
	ck_assert(memcmp(d.out, "/ab", 3) == 0);
	ck_assert_uint_eq(d.src[0], 0);
	ck_assert_uint_eq(d.src[1], n - 2);
	ck_assert_uint_eq(d.src[2], n - 1);
	ck_assert_uint_eq(d.src[3], n);
	dec_free(&d);
	free(in);
}
END_TEST

/* ---------------------------------------------------- §5.1 fusing */

/* §5.1 fusing guard: a decoded ';', '#' or alphanumeric right after
 * `&` [`#` [`x`|`X`]] [alphanumerics] declines the whole value. */
START_TEST(s5_1_fusing_guard_declines)
{
	expect_declined("&#6&#48;;");                          /* §5.1's example: &#60; */
	expect_declined("&#6&#48;;script&#6&#50;;alert(1)");
	expect_declined("&amp&#59;");                          /* &amp + ';' */
	expect_declined("&lt&#59;");
	expect_declined("&#60&#59;");
	expect_declined("&#x3c&#59;");
	expect_declined("&#X3C&#59;");
	expect_declined("&&#35;60;");                          /* '&' + '#' */
	expect_declined("&&num;60;");                          /* a named '#' fuses too */
	expect_declined("&#&#120;3c;");                        /* "&#" + 'x' */
	expect_declined("&#&#54;0;");                          /* "&#" + '6' */
	expect_declined("&am&#112;;");                         /* "&am" + 'p' */
	expect_declined("&x&#65;");
	expect_declined("a&b&#99;");
	expect_declined("&&#97;");
	expect_declined("&#x&#51;c;");
	/* one fusing reference declines the value, even after other decodes */
	expect_declined("https:&#47;&#47;h/&#6&#48;;");
	expect_declined("&#47;&amp&#59;&#47;");
}
END_TEST

/* §5.1 fusing guard: only `&` [`#` [`x`|`X`]] [alphanumerics] right
 * before the decoded byte counts; anything else decodes normally. */
START_TEST(s5_1_fusing_guard_not_triggered)
{
	expect_decoded("&amp;&#65;", "&amp;A");
	expect_decoded("& &#65;", "& A");
	expect_decoded("&-&#59;", "&-;");
	expect_decoded("a&#59;", "a;");
	expect_decoded("&#59;", ";");
	expect_decoded("&#35;&#54;&#48;;", "#60;");      /* no '&' before the '#' */
	expect_decoded("&amp;#&#54;", "&amp;#6");
	expect_decoded("&#38;&#35;", "&#38;#");          /* "&#38;" ends with ';' */
	expect_decoded("&amp&auml;", "&amp\xC3\xA4");    /* non-ASCII never fuses */
	expect_decoded("&amp&#47;", "&amp/");            /* '/' is not ; # or alnum */
	expect_decoded("&amp&#46;", "&amp.");
	expect_decoded("&amp&#x5F;", "&amp_");
	expect_decoded("&amp&colon;", "&amp:");
	expect_none("&amp&semi;");                       /* &semi; is never decoded */
}
END_TEST

/* --------------------------------------------------- result values */

/* entity.h: ENTITY_NONE for a value without '&' and for one whose
 * references are all undecodable; out not written, identity src. */
START_TEST(s5_1_none_results)
{
	expect_none("");
	expect_none("nothing here");
	expect_none("https://www.example.fi/x?a=1");
	expect_none("?a=1&amp;b=2&lt;&quot;&#38;&Tab;&#10;&sol&#;x&copy=&");
	expect_none("&&&&&");
	expect_none("&#&#x&#X&");
	/* bytes with the high bit and NULs copy through */
	static const unsigned char raw[] = { 'a', 0, 0xFF, '&', 0xC3, 0xA4, ';', 0 };
	struct dec d = run_n(raw, sizeof raw);
	ck_assert_int_eq(d.r, ENTITY_NONE);
	dec_free(&d);
	static const unsigned char raw2[] = { '&', 's', 'o', 'l', 0, ';', '&', '#', '4', '7', 0 };
	d = run_n(raw2, sizeof raw2);
	ck_assert_int_eq(d.r, ENTITY_DECODED);
	ck_assert_uint_eq(d.out_len, 8);
	ck_assert(memcmp(d.out, "&sol\0;/\0", 8) == 0);
	dec_free(&d);
}
END_TEST

/* Atoms of generated values: fragments of references, whole ones that
 * decode to ASCII, to non-ASCII, to nothing, and the fusing guard's
 * ingredients. */
static const char *const atoms[] = { "&",     "#",    "x",     "X",     ";",     "0",     "4",    "7",
                                     "a",     "F",    "/",     " ",     "&#47;", "&#6",   "&#48", "&sol;",
                                     "&amp",  "&auml;", "&#x1F600;", "&#xD800;", "&#9;", "&#x110000", "\xC3\xA4",
                                     "&num;", "&#59;", "&#38;", "&copy;", "&#000000000047;", "&#104;" };

/* Up to max_parts random atoms into buf (cap bytes); the length. */
static size_t make_atoms(uint32_t *seed, unsigned char *buf, size_t cap, int max_parts)
{
	size_t n = 0;
	*seed = *seed * 1103515245u + 12345u;
	int parts = (int)(*seed >> 16) % max_parts;
	for (int p = 0; p < parts; p++) {
		*seed = *seed * 1103515245u + 12345u;
		const char *a = atoms[(*seed >> 16) % (sizeof atoms / sizeof atoms[0])];
		size_t al = strlen(a);
		if (n + al > cap) break;
		memcpy(buf + n, a, al);
		n += al;
	}
	return n;
}

/* entity.h: the contract over many generated values: no growth, src ends
 * at n, runs are plain bytes or whole references, NONE/DECLINED give the
 * identity map; and decoding is local: a decoded value re-split at its token
 * boundaries matches decoding each token on its own. */
START_TEST(s5_1_contract_random)
{
	uint32_t seed = 12345;
	unsigned char buf[256];
	int decoded = 0, declined = 0, none = 0;
	for (int iter = 0; iter < 20000; iter++) {
		size_t n = make_atoms(&seed, buf, sizeof buf, 12);
		struct dec d = run_n(buf, n); /* checks the contract */
		if (d.r == ENTITY_DECODED) {
			decoded++;
			/* each decoded run decodes alone to the same bytes */
			size_t o = 0;
			while (o < d.out_len) {
				size_t s = d.src[o], e = o;
				while (e < d.out_len && d.src[e] == s) e++;
				size_t next = d.src[e];
				if (next - s >= 3) {
					struct dec t = run_n(buf + s, next - s);
					ck_assert_int_eq(t.r, ENTITY_DECODED);
					ck_assert_uint_eq(t.out_len, e - o);
					ck_assert(memcmp(t.out, d.out + o, e - o) == 0);
					dec_free(&t);
				}
				o = e;
			}
		} else if (d.r == ENTITY_DECLINED) {
			declined++;
		} else {
			none++;
		}
		dec_free(&d);
	}
	ck_assert_int_gt(decoded, 100);
	ck_assert_int_gt(declined, 100);
	ck_assert_int_gt(none, 100);
}
END_TEST

/* A decoding in steps (entity_decode_step with small output and
 * record capacities, the guard's state carried from step to step) gives
 * what one decoding of the whole value gives: the same bytes, the same
 * records once made absolute, and a decline exactly where the whole value
 * is declined, wherever the fusing reference falls; and
 * entity_token_start is the first decoded byte of the same source token. */
START_TEST(refs_decode_steps_random)
{
	uint32_t seed = 777;
	unsigned char buf[512], whole[512], stepped[512], piece[64];
	struct entity_ref wrefs[512 / 3 + 1], srefs[512], prefs[8];
	int decoded = 0, declined = 0, late = 0;
	for (int iter = 0; iter < 20000; iter++) {
		size_t n = make_atoms(&seed, buf, sizeof buf, 40);
		size_t wlen, wn;
		enum entity_result wr = entity_decode_url_refs(buf, n, whole, &wlen, wrefs, &wn);
		struct entity_decoder d = { .i = 0, .guard = true };
		size_t olen = 0, sn = 0, steps = 0;
		enum entity_result sr = ENTITY_NONE;
		while (d.i < n) {
			seed = seed * 1103515245u + 12345u;
			size_t cap = 4 + (seed >> 16) % 13, rcap = 1 + (seed >> 8) % 6, plen, pn, i0 = d.i;
			enum entity_result r = entity_decode_step(&d, buf, n, piece, cap, &plen, prefs, rcap, &pn);
			steps++;
			if (r == ENTITY_DECLINED) { sr = r; break; }
			ck_assert_uint_le(plen, cap);
			ck_assert_uint_le(pn, rcap);
			ck_assert_uint_gt(d.i, i0);   /* every step moves on */
			memcpy(stepped + olen, r == ENTITY_NONE ? buf + i0 : piece, plen);
			for (size_t k = 0; k < pn; k++)
				srefs[sn++] = (struct entity_ref){ prefs[k].out + (uint32_t)olen, prefs[k].in + (uint32_t)i0, prefs[k].lens };
			olen += plen;
			if (r == ENTITY_DECODED) sr = r;
		}
		ck_assert_int_eq(sr, wr);
		if (wr == ENTITY_DECLINED) {
			declined++;
			late += steps > 1;
			continue;
		}
		ck_assert_uint_eq(olen, wr == ENTITY_DECODED ? wlen : n);
		if (wr != ENTITY_DECODED) continue;
		decoded++;
		ck_assert(memcmp(stepped, whole, wlen) == 0);
		ck_assert_uint_eq(sn, wn);
		for (size_t k = 0; k < wn; k++) {
			ck_assert_uint_eq(srefs[k].out, wrefs[k].out);
			ck_assert_uint_eq(srefs[k].in, wrefs[k].in);
			ck_assert_uint_eq(srefs[k].lens, wrefs[k].lens);
		}
		for (size_t o = 0; o < wlen; o++) {
			size_t t = o;
			while (t > 0 && entity_src(wrefs, wn, t - 1) == entity_src(wrefs, wn, o)) t--;
			ck_assert_uint_eq(entity_token_start(wrefs, wn, o), t);
		}
	}
	ck_assert_int_gt(decoded, 1000);
	ck_assert_int_gt(declined, 1000);
	ck_assert_int_gt(late, 500);   /* declined by a reference past the first step */
}
END_TEST

/* ------------------ may decode into (the prefilter, rules.md §3.1) */

/* An alphabet of the given bytes in both ASCII cases (as hostfind builds
 * it from host bytes); NULL: every byte. */
static void alpha(bool a[256], const char *bytes)
{
	for (int c = 0; c < 256; c++) a[c] = bytes == NULL;
	if (!bytes) return;
	for (const unsigned char *p = (const unsigned char *)bytes; *p; p++) {
		unsigned char c = *p;
		a[c] = true;
		if (c >= 'a' && c <= 'z') a[c - 32] = true;
		if (c >= 'A' && c <= 'Z') a[c + 32] = true;
	}
}

/* With cuts (a value the serialized walk may split into runs): most of
 * the cases below hold for both; may_whole is the value decoded whole. */
static bool may_cuts(const char *in, const char *bytes, bool cuts)
{
	bool a[256];
	alpha(a, bytes);
	return entity_may_decode_into((const unsigned char *)in, strlen(in), a, cuts);
}
static bool may(const char *in, const char *bytes) { return may_cuts(in, bytes, true); }
static bool may_whole(const char *in, const char *bytes) { return may_cuts(in, bytes, false); }

#define HOST_BYTES "www.example.com"

/* A numeric reference to a host byte, decimal or hex, either
 * case of x, anywhere in the value. */
START_TEST(refs_may_numeric_to_host_byte)
{
	ck_assert(may("&#119;", "w"));
	ck_assert(may("&#119;", HOST_BYTES));
	ck_assert(may("https://&#119;ww.example.com", "w"));
	ck_assert(may("&#119", "w"));             /* `;` optional (§5.1) */
	ck_assert(may("&#x77;", "w"));
	ck_assert(may("&#X77;", "w"));
	ck_assert(may("&#x57;", "w"));            /* 'W': the alphabet has both cases */
	ck_assert(may("&#46;", "."));
	ck_assert(may("&amp;&#119;", "w"));       /* a later reference after one that decodes nothing */
	/* the same references, the alphabet without their byte (no cut of them
	 * decodes into it either: &#1, &#11, &#x7 are refused controls) */
	ck_assert(!may("&#119;", "v"));
	ck_assert(!may("&#x77;", "v"));
	ck_assert(!may("&#46;", "w"));
}
END_TEST

/* References that decode to nothing, or to a byte refused by §5.1
 * ('&', controls), never count, whatever the alphabet. */
START_TEST(refs_may_not_decoded)
{
	ck_assert(!may("&#038;", HOST_BYTES));
	ck_assert(!may("&#038;", NULL));   /* &#0, &#03, &#038: 0, 3, '&' — all refused */
	ck_assert(!may("&#38;", NULL));
	ck_assert(!may("&amp;", HOST_BYTES));
	ck_assert(!may("&amp;", NULL));
	ck_assert(!may("&lt;&gt;&quot;&apos;", NULL));
	ck_assert(!may("&#9;&#10;&#13;&#32;", NULL));
	ck_assert(!may("&#;&#x;&#&", NULL));
	ck_assert(!may("&period", "."));   /* a named reference needs its `;` */
	ck_assert(!may("", NULL));
	/* host bytes without a reference: the source bytes, not this, say it */
	ck_assert(!may("https://www.example.com/", HOST_BYTES));
}
END_TEST

/* The ten URL-structure names of §5.1, by the alphabet. */
START_TEST(refs_may_url_names)
{
	ck_assert(may("&period;", "."));
	ck_assert(may("www&period;example&period;com", HOST_BYTES));
	ck_assert(!may("&period;", "wexamplcom"));
	ck_assert(may("&colon;", ":"));
	ck_assert(!may("&colon;", HOST_BYTES));
	ck_assert(may("&lowbar;", "_"));
	ck_assert(may("&UnderBar;", "_"));
	ck_assert(!may("&sol;&bsol;&quest;&num;&percnt;&commat;", HOST_BYTES));
	ck_assert(may("&sol;&bsol;&quest;&num;&percnt;&commat;", "@"));
}
END_TEST

/* A cut of the digits decodes where the whole does not: `&#1195;`
 * is U+04AB, but the walk may end a run after `&#119` — 'w'. */
START_TEST(refs_may_cut_digits)
{
	expect_decoded("&#1195;", "\xD2\xAB");
	expect_decoded("&#119", "w");
	ck_assert(may("&#1195;", "w"));
	ck_assert(may("&#x775;", "w"));     /* &#x77 of U+0775 */
	ck_assert(!may("&#1195;", "v"));    /* cuts: 1, 11, 'w', U+04AB */
	bool a[256];
	alpha(a, "");
	a[0xD2] = true;
	ck_assert(entity_may_decode_into((const unsigned char *)"&#1195;", 7, a, true));
	ck_assert(entity_may_decode_into((const unsigned char *)"&#1195;", 7, a, false));
	/* uncut, only the whole reference counts */
	ck_assert(!may_whole("&#1195;", "w"));
	ck_assert(!may_whole("&#x775;", "w"));
	ck_assert(may_whole("&#119", "w"));
	ck_assert(may_whole("&#119;5", "w"));
}
END_TEST

/* WordPress's `&#8217;` (U+2019) spells no host byte when the value
 * is decoded whole, but its cut `&#82` is 'R': with an 'r' in a host
 * (www.acmecorp.fi below) only a value the serialized walk may split has
 * to be decoded and re-matched for it. */
START_TEST(refs_may_whole_not_cut)
{
	expect_decoded("&#8217;", "\xE2\x80\x99");
	expect_decoded("&#82", "R");
	ck_assert(may("It&#8217;s", "www.acmecorp.fi"));
	ck_assert(!may_whole("It&#8217;s", "www.acmecorp.fi"));
	ck_assert(!may_whole("&#8211; &#8220;x&#8221; &#8230;", "www.acmecorp.fi"));
	ck_assert(may_whole("&#8217; &#114;", "www.acmecorp.fi"));   /* a later 'r' */
	ck_assert(may_whole("&#x52;", "r"));
	ck_assert(!may_whole("&#x5200;", "r"));
	ck_assert(!may_whole("&#99999999;", NULL));                 /* past U+10FFFF: left alone */
	ck_assert(may_whole("&period;", "."));
	ck_assert(!may_whole("&period", "."));
	ck_assert(!may_whole("&amp;&#038;&#38;", NULL));
	ck_assert(may_whole("&#0000000000000000000000000119;", "w"));
}
END_TEST

/* A named non-ASCII reference decodes to UTF-8 (&auml; is U+00E4,
 * C3 A4): it counts only when the alphabet has one of those bytes. */
START_TEST(refs_may_named_non_ascii)
{
	ck_assert_uint_eq(entity_single_codepoint("auml", 4), 0xE4);
	expect_decoded("&auml;", "\xC3\xA4");
	ck_assert(!may("&auml;", HOST_BYTES));
	ck_assert(!may("&auml;", "abcdefghijklmnopqrstuvwxyz0123456789.-_:[]"));
	ck_assert(may("&auml;", "\xC3"));
	ck_assert(may("&auml;", "\xA4"));
	ck_assert(!may("&auml;", "\xC4\xE4"));
	ck_assert(may("&auml;", NULL));
}
END_TEST

/* Leading zeros do not change a numeric reference's value
 * (§5.1: digits until a non-digit), so `&#` + 25 zeros + `119;` is 'w' —
 * and so must the superset say. */
START_TEST(refs_may_leading_zeros)
{
	const char *dec = "&#0000000000000000000000000119;";
	const char *hex = "&#x000000000000000000000000077;";
	expect_decoded(dec, "w");
	expect_decoded(hex, "w");
	ck_assert_msg(may(dec, "w"), "%s: decodes to 'w' but may_decode_into says no", dec);
	ck_assert_msg(may(hex, "w"), "%s: decodes to 'w' but may_decode_into says no", hex);
}
END_TEST

/* The superset property: for random values built of reference
 * pieces, if ANY substring [a, b) decodes a reference (an output byte whose
 * source token starts with '&'; no reference decodes to '&' itself) to a
 * byte of a random alphabet, entity_may_decode_into says so for the whole
 * value and for that substring. */
START_TEST(refs_may_superset_random)
{
	static const char *const pieces[] = { "&", "&", "&#", "&#", "&#x", "&#X", "#", "x", "X", "0", "1", "4", "6",
	                                      "7", "9", "119", "46", "58", "0000000", ";", ";", ";", "period", "period;",
	                                      "amp;", "sol;", "colon", "auml;", "a", "w", "Z", ".", "e", "F" };
	static const unsigned char alpha_pool[] = "w./:-0123456789abcdefxz_#?%@\\\xC3\xA4\xD2\xAB";
	uint64_t x = 0x2545F4914F6CDD1Dull;
#define NEXT() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	unsigned char buf[160], out[160];
	uint32_t src[161];
	struct entity_ref refs[160 / 3 + 1];
	unsigned long hits = 0, said_no = 0, values = 0, cut_only = 0, whole_hits = 0;
	for (int iter = 0; iter < 10000; iter++) {
		size_t n = 0;
		int parts = 1 + (int)(NEXT() % 12);
		for (int p = 0; p < parts; p++) {
			const char *pc = pieces[NEXT() % (sizeof pieces / sizeof *pieces)];
			size_t pl = strlen(pc);
			if (n + pl > sizeof buf) break;
			memcpy(buf + n, pc, pl);
			n += pl;
		}
		bool a[256];
		char ab[8];
		int na = 1 + (int)(NEXT() % 7);
		/* half the time from the bytes these pieces decode to most */
		static const unsigned char likely[] = "w.:/_FOX\xC4\xC3";
		bool from_likely = NEXT() % 2;
		for (int k = 0; k < na; k++)
			ab[k] = (char)(from_likely ? likely[NEXT() % (sizeof likely - 1)] : alpha_pool[NEXT() % (sizeof alpha_pool - 1)]);
		ab[na] = 0;
		alpha(a, ab);
		bool whole = entity_may_decode_into(buf, n, a, true);
		bool uncut = entity_may_decode_into(buf, n, a, false);
		if (!whole) said_no++;
		if (whole && !uncut) cut_only++;
		values++;
		/* the value decoded whole: a byte of the alphabet from a reference
		 * means the uncut answer is yes */
		{
			size_t olen;
			if (decode_src(buf, n, out, &olen, refs, src) == ENTITY_DECODED)
				for (size_t o = 0; o < olen; o++)
					if (out[o] != '&' && buf[src[o]] == '&' && a[out[o]]) {
						ck_assert_msg(uncut, "\"%s\" with alphabet \"%s\" decodes 0x%02X, but the uncut "
						              "may_decode_into is false", show(buf, n), show((unsigned char *)ab, (size_t)na), out[o]);
						whole_hits++;
						break;
					}
		}
		for (size_t s = 0; s < n; s++) {
			if (buf[s] != '&') continue;   /* a decoded byte needs its '&' in the piece */
			for (size_t e = s + 1; e <= n; e++) {
				size_t olen;
				/* nothing is decoded otherwise (and NONE leaves out unwritten) */
				if (decode_src(buf + s, e - s, out, &olen, refs, src) != ENTITY_DECODED) continue;
				for (size_t o = 0; o < olen; o++) {
					if (out[o] == '&' || buf[s + src[o]] != '&' || !a[out[o]]) continue;
					hits++;
					ck_assert_msg(whole, "\"%s\" with alphabet \"%s\": its piece [%zu, %zu) \"%s\" decodes 0x%02X, "
					              "but may_decode_into(whole) is false", show(buf, n), show((unsigned char *)ab, (size_t)na),
					              s, e, show(buf + s, e - s), out[o]);
					ck_assert_msg(entity_may_decode_into(buf + s, e - s, a, false),
					              "\"%s\" with alphabet \"%s\" decodes 0x%02X, but may_decode_into is false",
					              show(buf + s, e - s), show((unsigned char *)ab, (size_t)na), out[o]);
					break;
				}
			}
		}
	}
#undef NEXT
	ck_assert_uint_eq(values, 10000);
	ck_assert_uint_gt(hits, 1000);
	ck_assert_uint_gt(said_no, 1000);
	ck_assert_uint_gt(whole_hits, 100);
	ck_assert_uint_gt(cut_only, 20);   /* the uncut answer is narrower */
}
END_TEST

/* entity_refs_inert says whether every reference the narrow
 * decode decoded (its records) gives non-ASCII bytes only and ends with
 * its ';' (src/value.c skips the re-match of such values). */
START_TEST(refs_inert)
{
	static const struct { const char *in; bool inert; } cases[] = {
		{ "", true },
		{ "no references", true },
		{ "&amp;", true },                 /* an ASCII name of none of the ten: not decoded */
		{ "a &amp; b &lt;p&gt;", true },
		{ "&#8217;", true },
		{ "&#x2019;", true },
		{ "&#0000233;", true },
		{ "&nbsp;", true },
		{ "&hellip;", true },
		{ "don&#8217;t &auml;", true },
		{ "&nbsp", true },                 /* a name needs its ';': not decoded */
		{ "&#xD800;", true },              /* a surrogate: not decoded */
		{ "&#9; &Tab; &NewLine;", true },  /* removable: not decoded (§5.2) */
		{ "&&#8217; &#&#8217; &#;", true },
		{ "&#8217", false },               /* decoded without its ';' */
		{ "&#x2019 x", false },
		{ "&#47;", false },
		{ "&#x2F;", false },
		{ "&sol;", false },
		{ "&colon;", false },
		{ "&period;", false },
		{ "&#104;", false },
		{ "&#32; &#38; &#34;", true },     /* not decoded: space and the html specials */
		{ "&#33;", false },
		{ "&#8217;&#47;", false },
		{ "don&#8217;t https:&#47;&#47;www.example.fi", false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const unsigned char *in = (const unsigned char *)cases[i].in;
		size_t n = strlen(cases[i].in), dl, nr;
		unsigned char out[64];
		struct entity_ref refs[64 / 3 + 1];
		ck_assert_int_ne(entity_decode_url_refs(in, n, out, &dl, refs, &nr), ENTITY_DECLINED);
		ck_assert_msg(entity_refs_inert(refs, nr, out, in) == cases[i].inert, "\"%s\": expected %s", cases[i].in,
		              cases[i].inert ? "inert" : "not inert");
	}
}
END_TEST

Suite *entity_suite(void)
{
	Suite *s = suite_create("entity");
	TCase *tc = tcase_create("refs");
	/* s5_1_contract_random decodes 20,000 random inputs: past Check's
	 * default 4 s under the sanitizers on a slow minute of a shared VM */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, s5_1_table_decoded);
	tcase_add_test(tc, refs_inert);
	tcase_add_test(tc, refs_decode_steps_random);
	tcase_add_test(tc, s5_1_table_not_decoded);
	tcase_add_test(tc, s5_1_ten_url_names);
	tcase_add_test(tc, s5_1_other_ascii_names_not_decoded);
	tcase_add_test(tc, s5_1_named_non_ascii);
	tcase_add_test(tc, s5_1_copy_is_one_non_ascii_code_point);
	tcase_add_test(tc, s5_1_hyphen_is_u2010);
	tcase_add_test(tc, s5_1_named_multi_codepoint_not_decoded);
	tcase_add_test(tc, s5_1_named_case_sensitive);
	tcase_add_test(tc, s5_1_named_needs_semicolon);
	tcase_add_test(tc, s5_1_name_limit_15_bytes);
	tcase_add_test(tc, s5_1_every_generated_name);
	tcase_add_test(tc, s5_1_single_codepoint_lookup);
	tcase_add_test(tc, s5_1_numeric_digits);
	tcase_add_test(tc, s5_1_numeric_semicolon_optional);
	tcase_add_test(tc, s5_1_numeric_not_references);
	tcase_add_test(tc, s5_1_numeric_ascii_range);
	tcase_add_test(tc, s5_1_numeric_surrogates_refused);
	tcase_add_test(tc, s5_2_removable_not_decoded);
	tcase_add_test(tc, s5_1_positions);
	tcase_add_test(tc, s5_1_src_map_mixed);
	tcase_add_test(tc, s5_1_src_span_for_splice);
	tcase_add_test(tc, s5_1_src_long_reference);
	tcase_add_test(tc, s5_1_fusing_guard_declines);
	tcase_add_test(tc, s5_1_fusing_guard_not_triggered);
	tcase_add_test(tc, s5_1_none_results);
	tcase_add_test(tc, s5_1_contract_random);
	suite_add_tcase(s, tc);
	tc = tcase_create("may_decode_into");   /* the prefilter, rules.md §3.1 */
	tcase_add_test(tc, refs_may_numeric_to_host_byte);
	tcase_add_test(tc, refs_may_not_decoded);
	tcase_add_test(tc, refs_may_url_names);
	tcase_add_test(tc, refs_may_cut_digits);
	tcase_add_test(tc, refs_may_whole_not_cut);
	tcase_add_test(tc, refs_may_named_non_ascii);
	tcase_add_test(tc, refs_may_leading_zeros);
	tcase_add_test(tc, refs_may_superset_random);
	suite_add_tcase(s, tc);
	return s;
}
