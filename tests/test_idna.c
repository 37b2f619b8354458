/* test_idna.c — international hosts (rules.md §1.4): Punycode (RFC 3492),
 * NFC, and UTS #46 ToASCII as a browser's URL parser runs it. The pins'
 * answers are those of node's url.domainToASCII (the WHATWG parser the
 * oracle tier runs over thousands of generated names,
 * tests/oracle_idna.sh). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

#include "idna.h"
#include "utf8.h"
#include "punycode.h"
#include "suites.h"

static uint64_t rng = 0x853C49E6748FEA9Bull;
static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng >> 33) % n;
}

/* ---- Punycode ------------------------------------------------------------ */

struct puny { const char *utf8, *puny; };

static size_t utf8_to_cp(const char *s, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;
	while (*p) {
		uint32_t c = *p;
		int k = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
		if (k) c &= 0x3F >> k;
		p++;
		while (k--) c = c << 6 | (*p++ & 0x3F);
		cp[n++] = c;
	}
	return n;
}

START_TEST(punycode_pins)
{
	/* RFC 3492 section 7.1 (B, L, N, S: Chinese, Japanese, "Pročprostě…" in
	 * Czech, "-> $1.00 <-" with no non-basic code point), and the labels
	 * of the hosts */
	static const struct puny pins[] = {
		{ "\xe4\xbb\x96\xe4\xbb\xac\xe4\xb8\xba\xe4\xbb\x80\xe4\xb9\x88\xe4\xb8\x8d\xe8\xaf\xb4\xe4\xb8\xad\xe6\x96\x87",
		  "ihqwcrb4cv8a8dqg056pqjye" },
		{ "3\xe5\xb9\xb4" "B\xe7\xb5\x84\xe9\x87\x91\xe5\x85\xab\xe5\x85\x88\xe7\x94\x9f", "3B-ww4c5e180e575a65lsy2b" },
		{ "Pro\xc4\x8dprost\xc4\x9bnemluv\xc3\xad\xc4\x8d" "esky", "Proprostnemluvesky-uyb24dma41a" },
		{ "-> $1.00 <-", "-> $1.00 <--" },
		{ "b\xc3\xbc" "cher", "bcher-kva" },
		{ "h\xc3\xa4meen", "hmeen-gra" },
		{ "fa\xc3\x9f", "fa-hia" },
		{ "\xf0\x9f\x92\xa9", "ls8h" },
	};
	for (size_t i = 0; i < sizeof pins / sizeof *pins; i++) {
		uint32_t cp[64], back[64];
		size_t n = utf8_to_cp(pins[i].utf8, cp), len, bn;
		char out[128];
		ck_assert(punycode_encode(cp, n, out, sizeof out, &len));
		ck_assert_msg(len == strlen(pins[i].puny) && !strncasecmp(out, pins[i].puny, len), "%s: got %.*s, want %s",
		              pins[i].utf8, (int)len, out, pins[i].puny);
		ck_assert(punycode_decode(pins[i].puny, strlen(pins[i].puny), back, 64, &bn));
		ck_assert_uint_eq(bn, n);
		for (size_t k = 0; k < n; k++) ck_assert_uint_eq(back[k], cp[k]);
	}
	/* not Punycode: a digit that is none, a bad end, past U+10FFFF, too
	 * small a buffer */
	uint32_t cp[8];
	size_t n;
	ck_assert(!punycode_decode("a-\xc3\xa4", 4, cp, 8, &n));
	ck_assert(!punycode_decode("zz", 2, cp, 8, &n));
	ck_assert(!punycode_decode("99999999999", 11, cp, 8, &n));
	ck_assert(!punycode_decode("ihqwcrb4cv8a8dqg056pqjye", 24, cp, 3, &n));
	char small[4];
	uint32_t u[] = { 0xFC, 'a', 'b' };
	ck_assert(!punycode_encode(u, 3, small, sizeof small, &n));
}
END_TEST

/* Random labels round trip: decode(encode(x)) == x, of every length and
 * range (ASCII, Latin, CJK, astral). */
START_TEST(punycode_round_trip)
{
	static const uint32_t lo[] = { 0x20, 0x80, 0x4E00, 0x10000, 0x10FF00 }, span[] = { 0x5F, 0x200, 0x5000, 0x2000, 0xFF };
	for (int iter = 0; iter < 20000; iter++) {
		uint32_t cp[40], back[40];
		size_t n = rnd(40), len, bn;
		for (size_t k = 0; k < n; k++) {
			int r = (int)rnd(5);
			cp[k] = lo[r] + rnd(span[r]);
		}
		char out[400];
		ck_assert(punycode_encode(cp, n, out, sizeof out, &len));
		ck_assert(punycode_decode(out, len, back, 40, &bn));
		ck_assert_uint_eq(bn, n);
		ck_assert(!memcmp(back, cp, n * sizeof *cp));
	}
}
END_TEST

/* ---- UTS #46 ToASCII ------------------------------------------------------ */

struct pin { const char *in, *out; };   /* out NULL: refused */

static const struct pin to_ascii_pins[] = {
	{ "www.b\xc3\xbc" "cher.example", "www.xn--bcher-kva.example" },
	{ "WWW.B\xc3\x9c" "CHER.EXAMPLE", "www.xn--bcher-kva.example" },
	{ "www.bu\xcc\x88" "cher.example", "www.xn--bcher-kva.example" },                 /* NFD */
	{ "www\xe3\x80\x82" "b\xc3\xbc" "cher\xe3\x80\x82" "example", "www.xn--bcher-kva.example" }, /* U+3002 */
	{ "\xef\xbd\x97\xef\xbd\x97\xef\xbd\x97.example.fi", "www.example.fi" },          /* fullwidth */
	{ "www.exam\xc2\xad" "ple.fi", "www.example.fi" },                                 /* soft hyphen */
	{ "www\xef\xbc\x8e" "example\xef\xbc\x8e" "fi", "www.example.fi" },               /* U+FF0E */
	{ "wt--acme.example", "wt--acme.example" },
	{ "xn--bcher-kva.example", "xn--bcher-kva.example" },
	{ "XN--BCHER-KVA.example", "xn--bcher-kva.example" },
	{ "xn--zz.example", NULL },
	{ "xn--.example", NULL },
	{ "xn--abc.example", NULL },                                                       /* ASCII only */
	{ "h\xc3\xa4meen.fi", "xn--hmeen-gra.fi" },
	{ "fa\xc3\x9f.de", "xn--fa-hia.de" },                                              /* deviation kept */
	{ "\xce\xb2\xcf\x8c\xce\xbb\xce\xbf\xcf\x82.com", "xn--nxasmm1c.com" },
	{ "a\xe2\x80\x8c" "b.com", NULL },                                                 /* ZWNJ, no context */
	{ "\xe0\xa4\x95\xe0\xa5\x8d\xe2\x80\x8c.com", "xn--11b6iv14e.com" },              /* ZWNJ after a virama */
	{ "\xcc\x81" "a.com", NULL },                                                      /* a leading mark */
	{ "\xd7\x90.com", "xn--4db.com" },
	{ "1.\xd7\x90", "1.xn--4db" },
	{ "a.b\xd7\x90", "a.xn--b-0hc" },
	{ "\xd7\x90" "a.com", NULL },
	{ "a\xd7\x90" "b.com", NULL },
	{ "\xd8\xa7\xd9\xa1\xdb\xb1.com", NULL },                                          /* AN and EN */
	{ "\xe2\x85\xb7.com", "viii.com" },
	{ "\xe4\xbe\x8b\xe3\x81\x88.\xe3\x83\x86\xe3\x82\xb9\xe3\x83\x88", "xn--r8jz45g.xn--zckzah" },
	{ "\xe2\x91\xb5.com", "(2).com" },                                                 /* UseSTD3ASCIIRules off */
	{ "a..b", "a..b" },
	{ "EXAMPLE.COM.", "example.com." },
	{ "_srv.example", "_srv.example" },
	{ "\xf0\x9f\x92\xa9.la", "xn--ls8h.la" },
	{ "\xef\xb8\x8f.com", ".com" },                                                    /* ignored */
	{ "\xff.com", NULL },                                                              /* not UTF-8 */
	{ "\xed\xa0\x80.com", NULL },                                                      /* a surrogate */
	{ "\xc0\xae.com", NULL },                                                          /* overlong */
};

START_TEST(to_ascii_pins_test)
{
	for (size_t i = 0; i < sizeof to_ascii_pins / sizeof *to_ascii_pins; i++) {
		const struct pin *p = &to_ascii_pins[i];
		char out[256];
		size_t len = 0;
		enum idna_result r = idna_to_ascii((const unsigned char *)p->in, strlen(p->in), out, sizeof out, &len);
		if (!p->out) {
			ck_assert_msg(r != IDNA_OK, "%s: got %.*s, want a refusal", p->in, (int)len, out);
			continue;
		}
		ck_assert_msg(r == IDNA_OK, "%s: %s", p->in, idna_result_text(r));
		ck_assert_msg(len == strlen(p->out) && !memcmp(out, p->out, len), "%s: got %.*s, want %s", p->in, (int)len,
		              out, p->out);
		/* idempotent: the ASCII form is its own */
		char again[256];
		size_t n2;
		ck_assert(idna_to_ascii((const unsigned char *)out, len, again, sizeof again, &n2) == IDNA_OK);
		ck_assert(n2 == len && !memcmp(again, out, len));
	}
}
END_TEST

START_TEST(to_unicode_pins)
{
	unsigned char out[256];
	size_t len;
	const char *in = "www.xn--bcher-kva.example";
	ck_assert(idna_to_unicode((const unsigned char *)in, strlen(in), out, sizeof out, &len) == IDNA_OK);
	ck_assert(len == strlen("www.b\xc3\xbc" "cher.example") && !memcmp(out, "www.b\xc3\xbc" "cher.example", len));
	in = "WWW.BU\xcc\x88" "CHER.EXAMPLE";
	ck_assert(idna_to_unicode((const unsigned char *)in, strlen(in), out, sizeof out, &len) == IDNA_OK);
	ck_assert(len == strlen("www.b\xc3\xbc" "cher.example") && !memcmp(out, "www.b\xc3\xbc" "cher.example", len));
	/* too long, and a buffer too small */
	static unsigned char big[IDNA_MAX + 10];
	memset(big, 'a', sizeof big);
	ck_assert(idna_to_unicode(big, sizeof big, out, sizeof out, &len) != IDNA_OK);
	ck_assert(idna_to_unicode((const unsigned char *)"abcdef", 6, out, 3, &len) == IDNA_TOO_LONG);
}
END_TEST

/* Full upper case: one to one, one to many (`ß` to `SS`), ASCII, and
 * bytes that are no UTF-8 refused. */
START_TEST(upper_pins)
{
	static const struct pin pins[] = {
		{ "h\xc3\xa4meen.fi", "H\xc3\x84MEEN.FI" },
		{ "www.b\xc3\xbc" "cher.example", "WWW.B\xc3\x9c" "CHER.EXAMPLE" },
		{ "fa\xc3\x9f.de", "FASS.DE" },
		{ "\xce\xb2\xcf\x8c\xce\xbb\xce\xbf\xcf\x82", "\xce\x92\xce\x8c\xce\x9b\xce\x9f\xce\xa3" },
		{ "\xe4\xbe\x8b\xe3\x81\x88", "\xe4\xbe\x8b\xe3\x81\x88" },
		{ "\xff", NULL },
	};
	for (size_t i = 0; i < sizeof pins / sizeof *pins; i++) {
		unsigned char out[64];
		size_t len;
		bool ok = idna_upper((const unsigned char *)pins[i].in, strlen(pins[i].in), out, sizeof out, &len);
		if (!pins[i].out) {
			ck_assert(!ok);
			continue;
		}
		ck_assert_msg(ok && len == strlen(pins[i].out) && !memcmp(out, pins[i].out, len), "%s: got %.*s", pins[i].in,
		              (int)len, out);
	}
}
END_TEST

/* NFC against the normalisation tests of unicode-data, where installed
 * (each line: c1;c2;c3;c4;c5 — NFC(c1..c3) = c2, NFC(c4, c5) = c4), else
 * the committed sample of them (corpus/idna/nfc-sample.txt, written by
 * tools/gen_idna_tests.py; NORMALIZATION_TEST=none reads it anyway). */
static size_t hexes(const char *s, uint32_t *cp, size_t cap)
{
	size_t n = 0;
	while (*s && *s != ';' && n < cap) {
		while (*s == ' ') s++;
		if (!*s || *s == ';') break;
		unsigned long v = strtoul(s, (char **)&s, 16);
		cp[n++] = (uint32_t)v;
	}
	return n;
}

START_TEST(nfc_conformance)
{
	const char *nt = getenv("NORMALIZATION_TEST");   /* (a path, or "none" for the sample) */
	char cmd[512];
	snprintf(cmd, sizeof cmd, "bzcat '%s' 2>/dev/null", nt ? nt : "/usr/share/unicode/NormalizationTest.txt.bz2");
	FILE *f = popen(cmd, "r");
	char line[1024];
	unsigned long lines = 0, checks = 0;
	bool from_sample = false;
	for (int pass = 0; pass < 2; pass++) {
		if (!f) break;
		while (fgets(line, sizeof line, f)) {
			if (line[0] == '#' || line[0] == '@' || line[0] == '\n') continue;
			uint32_t col[5][32], out[128];
			size_t n[5];
			const char *s = line;
			for (int c = 0; c < 5; c++) {
				n[c] = hexes(s, col[c], 32);
				s = strchr(s, ';');
				if (!s) break;
				s++;
			}
			lines++;
			for (int c = 0; c < 5; c++) {
				size_t len;
				int want = c < 3 ? 1 : 3;
				ck_assert(idna_nfc(col[c], n[c], out, 128, &len));
				ck_assert_msg(len == n[want] && !memcmp(out, col[want], len * sizeof *out), "line %lu column %d: %s",
				              lines, c + 1, line);
				checks++;
			}
		}
		pclose(f);
		f = NULL;
		if (lines == 0 && pass == 0) {
			f = popen("cat corpus/idna/nfc-sample.txt 2>/dev/null", "r");
			from_sample = true;
		}
	}
	ck_assert_msg(lines >= (from_sample ? 2000u : 18000u), "%lu lines of NFC tests read", lines);
	ck_assert_uint_ge(checks, lines * 5);
}
END_TEST

/* The fold set of an ASCII host's bytes (idna_ascii_fold_set) is a
 * superset of what the fold can use: every code point to U+FFFF, written
 * between ASCII letters of the host, whose ToASCII is a name of the
 * host's bytes with no `xn--` label has its bit set; and for the astral
 * planes, the mathematical letters (mapped to ASCII) set the flag. Pins:
 * fullwidth `ｗ`, U+3002, U+00AD are in; `ä`, U+00A0 (a space) and a
 * fullwidth letter the host lacks are out. */
static bool bit(const unsigned char *bmp, uint32_t c) { return bmp[c >> 3] >> (c & 7) & 1; }

START_TEST(ascii_fold_set_superset)
{
	static const char host[] = "www.example.fi";
	bool alpha[128] = { false };
	for (const char *h = host; *h; h++) alpha[(unsigned char)*h] = true;
	static unsigned char bmp[IDNA_FOLD_BMP_BYTES];
	bool astral;
	idna_ascii_fold_set(alpha, bmp, &astral);
	size_t checked = 0, in = 0;
	for (uint32_t c = 0x80; c <= 0xFFFF; c++) {
		if (c >= 0xD800 && c <= 0xDFFF) continue;
		unsigned char in_buf[8] = { 'e' };
		size_t k = utf8_put(c, in_buf + 1);
		in_buf[1 + k] = 'a';
		char out[64];
		size_t len;
		in += bit(bmp, c);
		if (idna_to_ascii(in_buf, k + 2, out, sizeof out - 1, &len) != IDNA_OK) continue;
		out[len] = 0;
		bool over_alpha = true;
		for (size_t i = 0; i < len; i++) over_alpha &= (unsigned char)out[i] < 128 && alpha[(unsigned char)out[i]];
		if (!over_alpha || strstr(out, "xn--")) continue;
		checked++;
		ck_assert_msg(bit(bmp, c), "U+%04X folds into the host's bytes (%.*s) but is not in the set", (unsigned)c, (int)len,
		              out);
	}
	ck_assert_uint_gt(checked, 50);
	ck_assert_uint_lt(in, 2000);
	ck_assert(astral);
	ck_assert(bit(bmp, 0xFF57));    /* fullwidth w */
	ck_assert(bit(bmp, 0x3002));    /* ideographic full stop */
	ck_assert(bit(bmp, 0xAD));      /* soft hyphen */
	ck_assert(!bit(bmp, 0xE4));     /* a with diaeresis */
	ck_assert(!bit(bmp, 0xA0));     /* no-break space */
	ck_assert(!bit(bmp, 0xFF5A));   /* fullwidth z: no z in the host */
}
END_TEST

/* A dotless host's set holds the dots too: the root dot after a host is
 * no part of it, so `localhost。` is the host (the set's caller, the
 * pattern table, adds the dot for every map). */
START_TEST(ascii_fold_set_dotless)
{
	bool alpha[128] = { false };
	for (const char *h = "localhost."; *h; h++) alpha[(unsigned char)*h] = true;
	static unsigned char bmp[IDNA_FOLD_BMP_BYTES];
	bool astral;
	idna_ascii_fold_set(alpha, bmp, &astral);
	ck_assert(bit(bmp, 0x3002) && bit(bmp, 0xFF0E) && bit(bmp, 0xFF61));
}
END_TEST

Suite *idna_suite(void)
{
	Suite *s = suite_create("idna");
	TCase *tc = tcase_create("punycode");
	tcase_add_test(tc, punycode_pins);
	tcase_add_test(tc, punycode_round_trip);
	suite_add_tcase(s, tc);
	TCase *tu = tcase_create("uts46");
	tcase_add_test(tu, to_ascii_pins_test);
	tcase_add_test(tu, to_unicode_pins);
	tcase_add_test(tu, upper_pins);
	tcase_add_test(tu, nfc_conformance);
	tcase_add_test(tu, ascii_fold_set_superset);
	tcase_add_test(tu, ascii_fold_set_dotless);
	suite_add_tcase(s, tu);
	return s;
}
