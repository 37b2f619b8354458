/* test_bytescan.c — the byte-pair search of src/bytescan: rules,
 * then a differential against a plain loop written here, at every start
 * offset and around the 16-byte steps of the vector path; then the three
 * levels (HOSTSHIFT_SIMD: avx2, sse2, portable) against each other, and
 * the choosing of a level. */
#include <check.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bytescan.h"
#include "suites.h"
#include "testhook.h"

/* The xorshift generator the differential tests draw their buffers from. */
static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* b[0..len) mostly 'z', about one byte in `density` drawn from alpha: the
 * buffers of the differential tests below. */
static void fill_sparse(unsigned char *b, size_t len, uint64_t *x, unsigned density, const unsigned char *alpha,
                        size_t nalpha)
{
	for (size_t i = 0; i < len; i++) {
		next(x);
		b[i] = (*x % density) ? 'z' : alpha[(*x >> 8) % nalpha];
	}
}

/* A page of memory between two that may not be read (PROT_NONE): a
 * buffer copied to its start or its end is read past neither end without
 * a fault (a stack buffer's neighbours can be read unseen, even by ASan). */
static unsigned char *guarded_page(size_t *page)
{
	static unsigned char *mid;
	static size_t ps;
	if (!mid) {
		ps = (size_t)sysconf(_SC_PAGESIZE);
		/* (/dev/zero: MAP_ANONYMOUS is not POSIX) */
		int fd = open("/dev/zero", O_RDWR);
		ck_assert(fd >= 0);
		unsigned char *p = mmap(NULL, 3 * ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
		close(fd);
		ck_assert(p != MAP_FAILED);
		ck_assert(mprotect(p, ps, PROT_NONE) == 0 && mprotect(p + 2 * ps, ps, PROT_NONE) == 0);
		mid = p + ps;
	}
	*page = ps;
	return mid;
}

/* The loop of the differential tests below that compare a scan with its
 * byte loop from every start: `rounds` buffers of random length below
 * DIFF_BUF, alpha's bytes at a random density (fill_sparse), each checked
 * by `check` from every offset; check adds what it met to counts[0..1].
 * Every other round the buffer lies against a page no one may read, after
 * it or before it (guarded_page), so that a vector step that reads past
 * the buffer faults. */
#define DIFF_BUF 160
typedef void (*diff_check)(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2]);
static void run_differential(uint64_t seed, const unsigned char *alpha, size_t nalpha, unsigned density_span, int rounds,
                             diff_check check, size_t counts[2])
{
	uint64_t x = seed;
	unsigned char b[DIFF_BUF];
	size_t ps;
	unsigned char *page = guarded_page(&ps);
	counts[0] = counts[1] = 0;
	for (int round = 0; round < rounds; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 2 + (unsigned)(x >> 40) % density_span;
		fill_sparse(b, len, &x, density, alpha, nalpha);
		const unsigned char *at = b;
		if (round & 1) at = memcpy(round & 2 ? page + ps - len : page, b, len);
		for (size_t from = 0; from <= len; from++) check(at, len, from, round, counts);
	}
}

/* run_differential at every level the CPU has (HOSTSHIFT_SIMD), each
 * meeting more than min0 and min1 of what check counts; the level in use
 * put back after. */
static void run_at_every_level(uint64_t seed, const unsigned char *alpha, size_t nalpha, unsigned density_span, int rounds,
                               diff_check check, size_t min0, size_t min1)
{
	enum bytescan_level saved = (enum bytescan_level)bytescan_level_in_use;
	for (int lv = BYTESCAN_LEVEL_PORTABLE; lv <= (int)bytescan_best_level(); lv++) {
		size_t counts[2];
		ck_assert(bytescan_set_level((enum bytescan_level)lv));
		run_differential(seed, alpha, nalpha, density_span, rounds, check, counts);
		ck_assert_uint_gt(counts[0], min0);
		ck_assert_uint_gt(counts[1], min1);
	}
	ck_assert(bytescan_set_level(saved));
}

static size_t ref_pair(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                       unsigned char n2)
{
	for (size_t i = from; i + 1 < len; i++)
		if (b[i] == c && (b[i + 1] == n1 || b[i + 1] == n2)) return i;
	return len;
}

static size_t ref_pair2(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                        unsigned char n2, unsigned char d, unsigned char m)
{
	size_t x = ref_pair(b, from, len, c, n1, n2), y = ref_pair(b, from, len, d, m, m);
	return x < y ? x : y;
}

START_TEST(pair_rules)
{
	/* a lone '/' is not a pair; "//" and "/\" are */
	const char *t = "</div> a/b //x";
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 0, strlen(t), '/', '/', '\\'), 11);
	t = "path/to\\/\\/h";
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 0, strlen(t), '/', '/', '\\'), 8);
	/* the last byte has no follower: never a pair */
	t = "aaaa/";
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 0, strlen(t), '/', '/', '/'), strlen(t));
	/* a pair cut by len is not seen, from past it neither */
	t = "abc//";
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 0, 4, '/', '/', '/'), 4);
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 4, 5, '/', '/', '/'), 5);
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)t, 3, 5, '/', '/', '/'), 3);
	/* a pair straddling a 16-byte step */
	char buf[64];
	memset(buf, 'x', sizeof buf);
	buf[15] = '%';
	buf[16] = '2';
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)buf, 0, sizeof buf, '%', '2', '2'), 15);
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)buf, 0, 16, '%', '2', '2'), 16);
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)buf, 16, sizeof buf, '%', '2', '2'), sizeof buf);
	/* two leads: whichever comes first */
	t = "a/b%2F//c";
	ck_assert_uint_eq(bytescan_pair2((const unsigned char *)t, 0, strlen(t), '/', '/', '\\', '%', '2'), 3);
	ck_assert_uint_eq(bytescan_pair2((const unsigned char *)t, 4, strlen(t), '/', '/', '\\', '%', '2'), 6);
	ck_assert_uint_eq(bytescan_pair2((const unsigned char *)t, 7, strlen(t), '/', '/', '\\', '%', '2'), strlen(t));
	/* high bytes compare as bytes, not as signed chars */
	buf[40] = (char)0xE4;
	buf[41] = (char)0xFF;
	ck_assert_uint_eq(bytescan_pair((const unsigned char *)buf, 17, sizeof buf, 0xE4, 0xFF, 0xFF), 40);
}
END_TEST

START_TEST(pair_differential)
{
	uint64_t x = 0x9E3779B97F4A7C15u;
	static const unsigned char alpha[] = { '/', '/', '\\', '%', '2', 'u', 'a', 'b', 0xE4, 0 };
	unsigned char b[200];
	size_t found = 0;
	for (int round = 0; round < 3000; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		for (size_t i = 0; i < len; i++) {
			next(&x);
			/* sparse interesting bytes, so long stretches take the vector steps */
			b[i] = (x & 7) ? 'z' : alpha[(x >> 3) % sizeof alpha];
		}
		unsigned char c = alpha[round % 4], n1 = alpha[(round / 4) % sizeof alpha], n2 = alpha[(round / 40) % sizeof alpha];
		for (size_t from = 0; from <= len; from++) {
			size_t want = ref_pair(b, from, len, c, n1, n2);
			size_t got = bytescan_pair(b, from, len, c, n1, n2);
			ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
			if (want < len) found++;
			/* the two-lead form: the matcher's '/' + ('/' or '\\') and '%' + '2' */
			unsigned char d = alpha[(round / 3) % 4], m = alpha[(round / 7) % sizeof alpha];
			want = ref_pair2(b, from, len, c, n1, n2, d, m);
			got = bytescan_pair2(b, from, len, c, n1, n2, d, m);
			ck_assert_msg(got == want, "pair2 round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
		}
	}
	ck_assert_uint_gt(found, 10000);   /* the cases did hold pairs */
}
END_TEST

/* bytescan_serialized_pairs (the serialized gate's `:` and a digit, `N`
 * and `;` or `%`, `%3`) against a plain loop, at every start offset, with
 * the bytes around the digit range ('/' and ';' below and above it) so
 * its edges are met. */
START_TEST(serialized_pairs_differential)
{
	uint64_t x = 0x2545F4914F6CDD1Du;
	static const unsigned char alpha[] = { ':', ':', '0', '9', '5', '/', ';', 'N', '%', '3', '2', 0xB0, 0 };
	unsigned char b[200];
	size_t found = 0;
	for (int round = 0; round < 3000; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		for (size_t i = 0; i < len; i++) {
			next(&x);
			b[i] = (x & 7) ? 'z' : alpha[(x >> 3) % sizeof alpha];
		}
		for (size_t from = 0; from <= len; from++) {
			size_t want = len;
			for (size_t i = from; i + 1 < len; i++) {
				unsigned char c = b[i], n = b[i + 1];
				if ((c == ':' && n >= '0' && n <= '9') || (c == 'N' && (n == ';' || n == '%')) || (c == '%' && n == '3')) {
					want = i;
					break;
				}
			}
			size_t got = bytescan_serialized_pairs(b, from, len);
			ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
			if (want < len) found++;
		}
	}
	ck_assert_uint_gt(found, 10000);
}
END_TEST

/* bytescan_byte against memchr, at every start offset of buffers up to
 * 300 bytes: inside the inline steps, at their 64-byte end where memchr
 * takes over, and in the last 16 bytes read back over seen ones. */
START_TEST(byte_differential)
{
	uint64_t x = 0xD1B54A32D192ED03u;
	unsigned char b[300];
	size_t found = 0;
	for (int round = 0; round < 1500; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned sparse = 1u + (unsigned)(round % 7) * 9;   /* from dense to rare */
		for (size_t i = 0; i < len; i++) {
			next(&x);
			b[i] = x % (sparse * 4) == 0 ? '<' : (unsigned char)('a' + x % 3);
		}
		for (size_t from = 0; from <= len; from++) {
			const unsigned char *q = from < len ? memchr(b + from, '<', len - from) : NULL;
			size_t want = q ? (size_t)(q - b) : len;
			size_t got = bytescan_byte(b, from, len, '<');
			ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
			if (want < len) found++;
		}
	}
	ck_assert_uint_gt(found, 10000);
}
END_TEST

/* The plain reading of a SQL literal body: each escape takes the next byte. */
static size_t ref_unescaped(const unsigned char *b, size_t from, size_t len, unsigned char quote, unsigned char esc,
                            bool *escaped)
{
	bool skip = *escaped;
	for (size_t i = from; i < len; i++) {
		if (skip) { skip = false; continue; }
		if (b[i] == esc) skip = true;
		else if (b[i] == quote) { *escaped = false; return i; }
	}
	*escaped = skip;
	return len;
}

START_TEST(unescaped_rules)
{
	bool e = false;
	const char *t = "ab\\\\'cd'";            /* a b \ \ ' c d ' : the escape is escaped, the quote ends it */
	ck_assert_uint_eq(bytescan_unescaped((const unsigned char *)t, 0, strlen(t), '\'', '\\', &e), 4);
	e = false;
	t = "ab\\\\\\'cd'";                      /* a b \ \ \ ' c d ' : the quote is escaped */
	ck_assert_uint_eq(bytescan_unescaped((const unsigned char *)t, 0, strlen(t), '\'', '\\', &e), 8);
	/* an escape at the end of a piece takes the first byte of the next */
	e = false;
	t = "xyz\\";
	ck_assert_uint_eq(bytescan_unescaped((const unsigned char *)t, 0, strlen(t), '\'', '\\', &e), strlen(t));
	ck_assert(e);
	t = "'abc'";
	ck_assert_uint_eq(bytescan_unescaped((const unsigned char *)t, 0, strlen(t), '\'', '\\', &e), 4);
	ck_assert(!e);
	/* escapes across a 16-byte step of the vector path */
	char buf[48];
	memset(buf, 'a', sizeof buf);
	buf[15] = '\\';
	buf[16] = '\'';
	buf[30] = '\'';
	e = false;
	ck_assert_uint_eq(bytescan_unescaped((const unsigned char *)buf, 0, sizeof buf, '\'', '\\', &e), 30);
}
END_TEST

START_TEST(unescaped_differential)
{
	uint64_t x = 0x2545F4914F6CDD1Du;
	static const unsigned char alpha[] = { '\\', '\\', '\'', '"', 'a', 0xC3 };
	unsigned char b[160];
	size_t found = 0, carried = 0;
	for (int round = 0; round < 4000; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 1 + (unsigned)(x >> 40) % 8;   /* from escape-dense to sparse */
		fill_sparse(b, len, &x, density * 3, alpha, sizeof alpha);
		for (size_t from = 0; from <= len; from++)
			for (int in = 0; in < 2; in++) {
				bool e1 = in, e2 = in;
				size_t want = ref_unescaped(b, from, len, '\'', '\\', &e1);
				size_t got = bytescan_unescaped(b, from, len, '\'', '\\', &e2);
				ck_assert_msg(got == want && e1 == e2, "round %d len %zu from %zu in %d: got %zu/%d want %zu/%d",
				              round, len, from, in, got, e2, want, e1);
				if (want < len) found++;
				if (want == len && e1) carried++;
			}
	}
	ck_assert_uint_gt(found, 10000);
	ck_assert_uint_gt(carried, 100);
}
END_TEST

/* bytescan_separators is bytescan_pair2 with the matcher's bytes: both
 * against the byte loop from every start, over buffers dense in them. */
static void separators_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	(void)round;
	size_t want = ref_pair2(b, from, len, '/', '/', '\\', '%', '2');
	ck_assert_msg(bytescan_separators(b, from, len) == want, "len %zu from %zu: want %zu", len, from, want);
	ck_assert_uint_eq(bytescan_pair2(b, from, len, '/', '/', '\\', '%', '2'), want);
	if (want < len) counts[0]++;
	if (want < len && b[want] == '%') counts[1]++;
}

START_TEST(separators_differential)
{
	static const unsigned char alpha[] = { '/', '/', '\\', '%', '2', 'F', 0xE4 };
	size_t counts[2];
	run_differential(0xA0761D6478BD642Fu, alpha, sizeof alpha, 40, 3000, separators_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
	ck_assert_uint_gt(counts[1], 1000);
}
END_TEST

/* ---- bytescan_json_separators: the JSON matcher's separator starts ----- */

/* The byte loop of bytescan.h's rule, written again here. */
static size_t ref_json_separators(const unsigned char *b, size_t from, size_t len)
{
	for (size_t i = from; i < len; i++) {
		size_t left = len - i;
		if (b[i] == '/' && left >= 2 && b[i + 1] == '/') return i;
		if (b[i] == '/' && left >= 3 && b[i + 1] == '\\' && (b[i + 2] == '/' || b[i + 2] == '\\')) return i;
		if (b[i] == '%' && left >= 2 && b[i + 1] == '2') return i;
		if (b[i] == '\\' && left >= 5 && b[i + 2] == '0' && b[i + 4] == '2') return i;
	}
	return len;
}

START_TEST(json_separators_rules)
{
	const unsigned char *u;
	/* `\u00e4` and `\u4e2d` pass; `\/` alone and `\/\"` (the end of a URL
	 * in a JSON string) pass; `\/\/` is found at its first slash */
	const char *t = "a\\u00e4 \\u4e2d x\\/y \\/\\\" https:\\/\\/h";
	u = (const unsigned char *)t;
	ck_assert_uint_eq(bytescan_json_separators(u, 0, strlen(t)), (size_t)(strstr(t, "\\/\\/h") - t) + 1);
	t = "a\\u00e4 b\\/ \\u002Fx";
	u = (const unsigned char *)t;
	ck_assert_uint_eq(bytescan_json_separators(u, 0, strlen(t)), 12);
	/* the far end must be inside len: cut, the pattern is not seen */
	ck_assert_uint_eq(bytescan_json_separators(u, 0, 16), 16);
	ck_assert_uint_eq(bytescan_json_separators(u, 0, 17), 12);
	/* the sql spelling's `\\/\\/`: its first slash, then `\\` */
	t = "s:\\\\/\\\\/h";
	ck_assert_uint_eq(bytescan_json_separators((const unsigned char *)t, 0, strlen(t)), 4);
	/* a pair before the pattern wins */
	t = "x%2F \\u002F";
	ck_assert_uint_eq(bytescan_json_separators((const unsigned char *)t, 0, strlen(t)), 1);
	t = "x \\u002F //";
	ck_assert_uint_eq(bytescan_json_separators((const unsigned char *)t, 0, strlen(t)), 2);
	/* a pattern whose far end lies in the next 16-byte step */
	unsigned char buf[64];
	memset(buf, 'z', sizeof buf);
	buf[14] = '\\';
	buf[16] = '0';
	buf[18] = '2';
	ck_assert_uint_eq(bytescan_json_separators(buf, 0, sizeof buf), 14);
	ck_assert_uint_eq(bytescan_json_separators(buf, 15, sizeof buf), sizeof buf);
	ck_assert_uint_eq(bytescan_json_separators(buf, 0, 18), 18);
	ck_assert_uint_eq(bytescan_json_separators(buf, 0, 19), 14);
	buf[16] = '4';   /* `\z4z2`: not `\u002F`'s shape */
	ck_assert_uint_eq(bytescan_json_separators(buf, 0, sizeof buf), sizeof buf);
}
END_TEST

/* Against the byte loop, from every start, over buffers dense in those
 * bytes, long enough for the 32-byte steps, their second test and the
 * tail. */
static void json_separators_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	(void)round;
	size_t want = ref_json_separators(b, from, len);
	size_t got = bytescan_json_separators(b, from, len);
	ck_assert_msg(got == want, "len %zu from %zu: got %zu want %zu", len, from, got, want);
	if (want < len) counts[0]++;
	if (want < len && b[want] == '\\') counts[1]++;
}

START_TEST(json_separators_differential)
{
	static const unsigned char alpha[] = { '\\', '\\', '/', '/', '%', '0', '0', '2', '2', 'F', '"', 0xE4 };
	size_t counts[2];
	run_differential(0x8CB92BA72F3D8DD7u, alpha, sizeof alpha, 4, 3000, json_separators_check, counts);
	ck_assert_uint_gt(counts[0], 5000);
	ck_assert_uint_gt(counts[1], 1000);   /* `\u002F`'s shape decided, not only the pairs */
}
END_TEST

/* ---- bytescan_json_special: what a JSON string's fast path stops at ---- */

static size_t ref_json_special(const unsigned char *b, size_t from, size_t len)
{
	for (size_t i = from; i < len; i++)
		if (b[i] == '"' || b[i] == '\\' || b[i] <= 0x1F || b[i] >= 0x80) return i;
	return len;
}

START_TEST(json_special_rules)
{
	const char *t = "plain text, #&/:;<>{}~\x7f and a quote\"";
	ck_assert_uint_eq(bytescan_json_special((const unsigned char *)t, 0, strlen(t)), strlen(t) - 1);
	t = "0123456789abcdefghij\\/";
	ck_assert_uint_eq(bytescan_json_special((const unsigned char *)t, 0, strlen(t)), 20);
	t = "0123456789abcdefghij\xc3\xa4";        /* UTF-8 after the first 16-byte step */
	ck_assert_uint_eq(bytescan_json_special((const unsigned char *)t, 0, strlen(t)), 20);
	t = "ab\tcd";                              /* a raw control byte */
	ck_assert_uint_eq(bytescan_json_special((const unsigned char *)t, 0, strlen(t)), 2);
	/* 0x7F and 0x20 are plain; 0x1F and 0x80 are not */
	unsigned char edge[40];
	memset(edge, 0x7F, sizeof edge);
	edge[0] = 0x20;
	ck_assert_uint_eq(bytescan_json_special(edge, 0, sizeof edge), sizeof edge);
	edge[33] = 0x80;
	ck_assert_uint_eq(bytescan_json_special(edge, 0, sizeof edge), 33);
	edge[17] = 0x1F;
	ck_assert_uint_eq(bytescan_json_special(edge, 0, sizeof edge), 17);
	ck_assert_uint_eq(bytescan_json_special(edge, 18, sizeof edge), 33);
	ck_assert_uint_eq(bytescan_json_special(edge, 34, sizeof edge), sizeof edge);
}
END_TEST

START_TEST(json_special_differential)
{
	uint64_t x = 0x94D049BB133111EBu;
	unsigned char b[160];
	size_t found = 0;
	for (int round = 0; round < 3000; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 4 + (unsigned)(x >> 40) % 60;
		for (size_t i = 0; i < len; i++) {
			next(&x);
			/* mostly plain bytes; now and then any byte value */
			b[i] = (x % density) ? (unsigned char)(0x20 + (x >> 8) % 0x60) : (unsigned char)(x >> 16);
		}
		for (size_t from = 0; from <= len; from++) {
			size_t want = ref_json_special(b, from, len);
			size_t got = bytescan_json_special(b, from, len);
			ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
			if (want < len) found++;
		}
	}
	ck_assert_uint_gt(found, 10000);
}
END_TEST

/* ---- bytescan_escaped_slash: a `\/` escape in JSON string bytes -------- */

/* The loop bytescan_escaped_slash replaced: escapes paired from b[0]. */
static bool ref_escaped_slash(const unsigned char *b, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++)
		if (b[i] == '\\') { if (b[i + 1] == '/') return true; i++; }
	return false;
}

START_TEST(escaped_slash_rules)
{
	static const struct { const char *s; bool want; } cases[] = {
		{ "https:\\/\\/www.example.fi", true },   /* https:\/\/ */
		{ "https://www.example.fi", false },
		{ "a\\\\/b", false },                      /* an escaped backslash, then '/' */
		{ "a\\\\\\/b", true },                   /* \\ then \/ */
		{ "\\/", true },
		{ "\\", false },
		{ "/\\", false },
		{ "\\u002F and \\n", false },
		{ "", false },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const unsigned char *b = (const unsigned char *)cases[k].s;
		ck_assert_msg(bytescan_escaped_slash(b, strlen(cases[k].s)) == cases[k].want, "case %zu", k);
		ck_assert(ref_escaped_slash(b, strlen(cases[k].s)) == cases[k].want);
	}
	/* runs of backslashes of every length before the '/', past the vector steps */
	unsigned char buf[200];
	for (size_t run = 0; run < 90; run++) {
		memset(buf, 'a', sizeof buf);
		memset(buf + 70, '\\', run);
		buf[70 + run] = '/';
		ck_assert_msg(bytescan_escaped_slash(buf, sizeof buf) == (run % 2 == 1), "run %zu", run);
	}
}
END_TEST

START_TEST(escaped_slash_differential)
{
	uint64_t x = 0xD6E8FEB86659FD93u;
	static const unsigned char alpha[] = { '\\', '\\', '/', 'u', '"', 'a' };
	unsigned char b[160];
	size_t yes = 0, no = 0;
	for (int round = 0; round < 20000; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 2 + (unsigned)(x >> 40) % 40;
		fill_sparse(b, len, &x, density, alpha, sizeof alpha);
		for (size_t from = 0; from <= len; from += 1 + len / 8) {
			bool want = ref_escaped_slash(b + from, len - from);
			ck_assert_msg(bytescan_escaped_slash(b + from, len - from) == want, "round %d len %zu from %zu", round, len, from);
			if (want) yes++;
			else no++;
		}
	}
	ck_assert_uint_gt(yes, 3000);   /* both answers are met */
	ck_assert_uint_gt(no, 3000);
}
END_TEST

/* ---- bytescan_any3: the first of three bytes --------------------------- */

START_TEST(any3_rules)
{
	const char *t = "dolor sit amet, s:5 a%3A";
	ck_assert_uint_eq(bytescan_any3((const unsigned char *)t, 0, strlen(t), ':', ';', '%'), 17);
	ck_assert_uint_eq(bytescan_any3((const unsigned char *)t, 18, strlen(t), ':', ';', '%'), 21);
	ck_assert_uint_eq(bytescan_any3((const unsigned char *)t, 0, 17, ':', ';', '%'), 17);
	ck_assert_uint_eq(bytescan_any3((const unsigned char *)t, 22, strlen(t), ':', ';', '%'), strlen(t));
	unsigned char buf[48];
	memset(buf, 'a', sizeof buf);
	buf[31] = 0xFF;
	ck_assert_uint_eq(bytescan_any3(buf, 0, sizeof buf, 0xFF, ';', '%'), 31);
	ck_assert_uint_eq(bytescan_any3(buf, 0, 31, 0xFF, ';', '%'), 31);
	ck_assert_uint_eq(bytescan_any3(buf, 32, sizeof buf, 0xFF, ';', '%'), sizeof buf);
}
END_TEST

static const unsigned char any3_alpha[] = { ':', ';', '%', 's', 0xE4, 0 };

static void any3_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	const unsigned char *alpha = any3_alpha;
	unsigned char c1 = alpha[round % 3], c2 = alpha[(round / 3) % sizeof any3_alpha], c3 = alpha[(round / 18) % sizeof any3_alpha];
	size_t want = len;
	for (size_t i = from; i < len; i++)
		if (b[i] == c1 || b[i] == c2 || b[i] == c3) { want = i; break; }
	size_t got = bytescan_any3(b, from, len, c1, c2, c3);
	ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
	if (want < len) counts[0]++;
}

START_TEST(any3_differential)
{
	size_t counts[2];
	run_differential(0xBF58476D1CE4E5B9u, any3_alpha, sizeof any3_alpha, 40, 3000, any3_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
}
END_TEST

/* ---- bytescan_hide_marks: the locator's gate without a host ----------- */

static const unsigned char hide_alpha[] = { '%', '&', '\\', '\t', '\n', '\r', 0x01, 0x0B, 'a', 0xC3, 0xA4, 0xEF };

/* `%`, c1, c2, a byte up to CR (the scan may stop at any of them), with
 * lead a lead byte from 0xC0 but skip */
static void hide_marks_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	unsigned char c1 = round & 1 ? '&' : '%', c2 = round & 2 ? '\\' : '%';
	bool lead = round & 4;
	unsigned char skip = round & 8 ? 0xC3 : 0;
	size_t want = len;
	for (size_t i = from; i < len; i++)
		if (b[i] == '%' || b[i] == c1 || b[i] == c2 || b[i] <= '\r' || (lead && b[i] >= 0xC0 && b[i] != skip)) { want = i; break; }
	size_t got = bytescan_hide_marks(b, from, len, c1, c2, lead, skip);
	ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
	if (want < len) counts[0]++;
	if (want < len && b[want] >= 0x80) counts[1]++;
}

START_TEST(hide_marks_differential)
{
	size_t counts[2];
	run_differential(0x94D049BB133111EBu, hide_alpha, sizeof hide_alpha, 40, 3000, hide_marks_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
	ck_assert_uint_gt(counts[1], 1000);
}
END_TEST

/* ---- bytescan_name_end: where an html name ends ----------------------- */

/* The tokenizer's two tables (html.c): an attribute name ends at white
 * space, '/', '>' and '='; a tag name at all but '='. */
static const unsigned char attr_stop[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['/'] = 1, ['>'] = 1, ['='] = 1,
};
static const unsigned char tag_stop[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['/'] = 1, ['>'] = 1,
};

START_TEST(name_end_rules)
{
	const char *t = "data-src=\"x\" class>";
	size_t n = strlen(t);
	ck_assert_uint_eq(bytescan_name_end((const unsigned char *)t, 0, n, attr_stop), 8);
	ck_assert_uint_eq(bytescan_name_end((const unsigned char *)t, 0, n, tag_stop), 12);
	ck_assert_uint_eq(bytescan_name_end((const unsigned char *)t, 13, n, attr_stop), 18);
	ck_assert_uint_eq(bytescan_name_end((const unsigned char *)t, 0, 5, attr_stop), 5);
	/* a vertical tab or a NUL is at most 0x20 but ends no name */
	unsigned char buf[40];
	memset(buf, 'a', sizeof buf);
	buf[3] = 0x0B;
	buf[9] = 0;
	buf[21] = '\f';
	ck_assert_uint_eq(bytescan_name_end(buf, 0, sizeof buf, attr_stop), 21);
	ck_assert_uint_eq(bytescan_name_end(buf, 0, 21, tag_stop), 21);
	ck_assert_uint_eq(bytescan_name_end(buf, 22, sizeof buf, tag_stop), sizeof buf);
}
END_TEST

static void name_end_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	const unsigned char *stop = round % 2 ? attr_stop : tag_stop;
	size_t want = from;
	while (want < len && !stop[b[want]]) want++;
	size_t got = bytescan_name_end(b, from, len, stop);
	ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
	if (want < len) counts[0]++;
}

START_TEST(name_end_differential)
{
	static const unsigned char alpha[] = { ' ', '\t', '\n', '\r', '\f', 0x0B, 0, 0x1F, '/', '>', '=', '"', 0xC3, 'A' };
	size_t counts[2];
	run_differential(0x94D049BB133111EBu, alpha, sizeof alpha, 40, 3000, name_end_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
}
END_TEST

/* ---- bytescan_attr_value_end: the closing quote, and whether plain ----- */

START_TEST(byte_seen_rules)
{
	bool plain, wide;
	const char *t = "a=b&amp;c\" x&y\"";
	size_t n = strlen(t);
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)t, 0, n, '"', &plain, &wide), 9);
	ck_assert(!plain);
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)t, 4, n, '"', &plain, &wide), 9);
	ck_assert(plain);   /* from past the '&' */
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)t, 0, 3, '"', &plain, &wide), 3);
	ck_assert(plain);
	const char *u = "www.ex%61mple\" www.example\t.fi\" x\ny\" \r\"";
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)u, 0, strlen(u), '"', &plain, &wide), 13);
	ck_assert(!plain);   /* '%' */
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)u, 14, strlen(u), '"', &plain, &wide), 30);
	ck_assert(!plain);   /* TAB */
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)u, 31, strlen(u), '"', &plain, &wide), 35);
	ck_assert(!plain);   /* LF */
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)u, 36, strlen(u), '"', &plain, &wide), 38);
	ck_assert(!plain);   /* CR */
	const char *w = "https://\xef\xbd\x97ww.example.fi\"";
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)w, 0, strlen(w), '"', &plain, &wide), strlen(w) - 1);
	ck_assert(plain && wide);   /* a byte from 0x80: a host a browser folds may be there (rules.md §1.4) */
	ck_assert_uint_eq(bytescan_attr_value_end((const unsigned char *)u, 0, strlen(u), '"', &plain, &wide), 13);
	ck_assert(!wide);
	/* a mark right after the quote found does not count */
	unsigned char buf[100];
	memset(buf, 'a', sizeof buf);
	buf[20] = '"';
	buf[21] = '&';
	ck_assert_uint_eq(bytescan_attr_value_end(buf, 0, sizeof buf, '"', &plain, &wide), 20);
	ck_assert(plain);
	/* past the first 64 bytes the answer may be "not plain" without a mark */
	buf[20] = 'a';
	buf[90] = '"';
	ck_assert_uint_eq(bytescan_attr_value_end(buf, 0, sizeof buf, '"', &plain, &wide), 90);
}
END_TEST

static void byte_seen_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	size_t want = from;
	bool want_plain = true;
	for (; want < len && b[want] != '"'; want++)
		if (b[want] == '&' || b[want] == '%' || b[want] <= '\r') want_plain = false;
	bool want_wide = false;
	for (size_t k = from; k < want; k++) want_wide |= b[k] >= 0x80;
	bool plain, wide;
	size_t got = bytescan_attr_value_end(b, from, len, '"', &plain, &wide);
	ck_assert_msg(got == want, "round %d len %zu from %zu: got %zu want %zu", round, len, from, got, want);
	/* exact within the first 64 bytes, else never a false "plain" */
	if (want - from < 64) {
		ck_assert_msg(plain == want_plain, "round %d len %zu from %zu: plain %d", round, len, from, plain);
		ck_assert_msg(wide == want_wide, "round %d len %zu from %zu: wide %d", round, len, from, wide);
	} else {
		ck_assert(!plain || want_plain);
		ck_assert(wide || !want_wide);
	}
	if (want < len) counts[0]++;
	if (!want_plain) counts[1]++;
}

START_TEST(byte_seen_differential)
{
	static const unsigned char alpha[] = { '"', '&', '%', '\t', '\n', '\r', 0, '\'', 'a', 14, 0x8D };
	size_t counts[2];
	run_differential(0xD6E8FEB86659FD93u, alpha, sizeof alpha, 60, 3000, byte_seen_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
	ck_assert_uint_gt(counts[1], 10000);
}
END_TEST

/* ---- the locator's gate's marks (rules.md §3.9) ---------------------- */

/* The first mark at or after from, as the gate's walk gives it
 * (struct bytescan_marks); *high as the walk's high when it stops. */
static size_t bytescan_url_marks(const unsigned char *b, size_t from, size_t len, bool amp, bool ps_only,
                                 unsigned char skip_lead, bool *high)
{
	struct bytescan_marks m;
	bytescan_marks_init(&m, b, len, amp, ps_only, skip_lead);
	bytescan_marks_from(&m, from);
	size_t r = bytescan_marks_next(&m);
	*high |= m.high;
	return r;
}

/* The rule of bytescan.h, written again: `\ @ % TAB LF CR`, with amp `&`,
 * a `:` without `//` after it (with ps_only, after `p` or `s`), the first
 * `/` of `///`. */
static size_t ref_url_marks(const unsigned char *b, size_t from, size_t len, bool amp, bool ps_only)
{
	for (size_t i = from; i < len; i++) {
		unsigned char c = b[i];
		bool two = len - i >= 3 && b[i + 1] == '/' && b[i + 2] == '/';
		bool ps = !ps_only || (i > 0 && ((b[i - 1] | 0x20) == 'p' || (b[i - 1] | 0x20) == 's'));
		if (c == '\\' || c == '@' || c == '%' || c == '\t' || c == '\n' || c == '\r' || (amp && c == '&')) return i;
		if ((c == ':' && ps && !two) || (c == '/' && two)) return i;
	}
	return len;
}

static void url_marks_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	bool amp = round & 1, ps_only = round & 4;
	unsigned char skip = round & 2 ? 0xC3 : 0;
	bool high = false, want_high = false;
	size_t want = ref_url_marks(b, from, len, amp, ps_only), got = bytescan_url_marks(b, from, len, amp, ps_only, skip, &high);
	/* (a lead byte from 0xC0 passed over is seen, but the one skipped) */
	for (size_t k = from; k < got && k < len; k++) want_high |= b[k] >= 0xC0 && b[k] != skip;
	ck_assert_msg(high || !want_high, "len %zu from %zu: a lead byte before %zu not seen", len, from, got);
	/* (the SIMD steps may stop at any byte up to CR, a superset the
	 * caller passes over: never past a mark) */
	ck_assert_msg(got == want || (got < want && b[got] <= '\r'), "len %zu from %zu amp %d ps_only %d: got %zu, want %zu", len,
	              from, amp, ps_only, got, want);
	if (want < len) counts[0]++;
	if (want < len && (b[want] == ':' || b[want] == '/')) counts[1]++;
}

/* Lengths past the SIMD width, the marks sparse and dense (the 16-byte
 * steps and their overlapping last block). */
START_TEST(url_marks_differential)
{
	static const unsigned char alpha[] = { '/', '/', '/', ':', ':', 'p', 'S', '\\', '@', '%', '&', '\t', '\n', '\r', 0x0B, 0xE4, 0xC3, 0xA4 };
	size_t counts[2];
	run_differential(0x9E3779B97F4A7C15u, alpha, sizeof alpha, 60, 3000, url_marks_check, counts);
	ck_assert_uint_gt(counts[0], 10000);
	ck_assert_uint_gt(counts[1], 1000);
}
END_TEST

/* The marks one after another (struct bytescan_marks), as the locator's
 * gate walks them: each the next the rule gives from the one before (or a
 * byte below CR on the way), some followed by a step over bytes with no
 * lead byte in them (bytescan_marks_from); at the end, a lead byte among
 * the bytes not stepped over seen. */
static void url_marks_walk_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	bool amp = round & 1, ps_only = round & 4;
	unsigned char skip = round & 2 ? 0xC3 : 0;
	struct bytescan_marks m;
	bytescan_marks_init(&m, b, len, amp, ps_only, skip);
	bytescan_marks_from(&m, from);
	bool want_high = false;
	size_t at = from;
	for (;;) {
		size_t want = ref_url_marks(b, at, len, amp, ps_only), got = bytescan_marks_next(&m);
		for (size_t k = at; k < got && k < len; k++) want_high |= b[k] >= 0xC0 && b[k] != skip;
		ck_assert_msg(got == want || (got < want && b[got] <= '\r'), "len %zu from %zu at %zu amp %d ps_only %d: got %zu, want %zu",
		              len, from, at, amp, ps_only, got, want);
		if (got >= len) break;
		want_high |= b[got] >= 0xC0 && b[got] != skip;
		counts[0]++;
		at = got + 1;
		/* a step over up to 3 bytes past the mark, now and then up to 70
		 * (past the block: a run of TABs the gate steps over), where none
		 * is a lead byte */
		size_t h = got * 7 + (size_t)round, step = h % 9 == 0 ? 40 + got % 31 : h % 4, k = 0;
		while (k < step && at + k < len && b[at + k] < 0xC0) k++;
		if (k) {
			at += k;
			bytescan_marks_from(&m, at);
			counts[1]++;
		}
	}
	ck_assert_msg(m.high || !want_high, "len %zu from %zu: a lead byte not seen", len, from);
}

START_TEST(url_marks_walk)
{
	static const unsigned char alpha[] = { '/', '/', '/', ':', ':', 'p', 'S', '\\', '@', '%', '&', '\t', '\n', '\r', 0x0B, 0xE4, 0xC3, 0xA4 };
	run_at_every_level(0x2545F4914F6CDD1Du, alpha, sizeof alpha, 60, 300, url_marks_walk_check, 20000, 10000);
}
END_TEST

/* The classes of the vector scan's nibble lookups (bytescan.h,
 * BYTESCAN_UC_*), for all 256 bytes against the rule written out here: a
 * class each, no byte in a class it is not of, and nothing from 0x80 but
 * the lead bytes' class, which is the high lookup's alone. */
START_TEST(url_class_table)
{
	for (int k = 0; k < 16; k++) {
		/* (the same in both lanes) */
		ck_assert_uint_eq(bytescan_uc_lo[k], bytescan_uc_lo[k + 16]);
		ck_assert_uint_eq(bytescan_uc_hi[k], bytescan_uc_hi[k + 16]);
		ck_assert_uint_eq(bytescan_uc_lo[k] & BYTESCAN_UC_LEAD, 0);
	}
	for (int c = 0; c < 256; c++) {
		/* (as vpshufb looks up: a byte from 0x80 finds 0) */
		unsigned lo = c < 0x80 ? bytescan_uc_lo[c & 0x0F] : 0, hi = bytescan_uc_hi[c >> 4], cls = lo & hi;
		unsigned want = (c <= 0x0D ? BYTESCAN_UC_CTL : 0) | (c == '%' ? BYTESCAN_UC_PCT : 0) |
		                (c == '&' ? BYTESCAN_UC_AMP : 0) | (c == '@' ? BYTESCAN_UC_AT : 0) |
		                (c == '\\' ? BYTESCAN_UC_BSL : 0) | (c == ':' ? BYTESCAN_UC_COLON : 0) |
		                (c == '/' ? BYTESCAN_UC_SLASH : 0);
		ck_assert_msg(cls == want, "byte %02x: classes %02x, want %02x", c, cls, want);
		ck_assert_msg(((hi & BYTESCAN_UC_LEAD) != 0) == (c >= 0xC0), "byte %02x: lead class %02x", c, hi);
		/* the direct marks: `\ @ %`, TAB LF CR, and the superset below CR */
		bool direct = c == '\\' || c == '@' || c == '%' || c <= '\r';
		ck_assert_msg(((cls & BYTESCAN_UC_DIRECT) != 0) == direct, "byte %02x: direct %02x", c, cls);
	}
}
END_TEST

/* Every byte at every place of buffers around the widths of the vector
 * steps (the last block overlapping the one before, the one byte before
 * it), at each level the CPU has: the mark where the rule has it (or a
 * byte below CR), a lead byte seen where it is passed over and never
 * where there is none. */
START_TEST(url_marks_every_byte)
{
	static const size_t lens[] = { 16, 17, 18, 31, 32, 33, 34, 35, 47, 64, 65, 66, 67, 70 };
	enum bytescan_level saved = (enum bytescan_level)bytescan_level_in_use;
	unsigned char b[80];
	size_t n = 0;
	for (int lv = BYTESCAN_LEVEL_PORTABLE; lv <= (int)bytescan_best_level(); lv++) {
		ck_assert(bytescan_set_level((enum bytescan_level)lv));
		for (int c = 0; c < 256; c++)
			for (int v = 0; v < 16; v++) {
				bool amp = v & 1, ps_only = v & 2, slashes = v & 8;
				unsigned char skip = v & 4 ? (c >= 0xC0 ? (unsigned char)c : 0xC3) : 0, bg = v & 2 ? 'p' : 'z';
				for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
					size_t len = lens[li];
					for (size_t pos = 0; pos < len; pos++) {
						memset(b, bg, len);
						b[pos] = (unsigned char)c;
						if (slashes && pos + 2 < len) b[pos + 1] = b[pos + 2] = '/';
						for (size_t from = 0; from <= pos; from = from < pos ? pos : pos + 1) {
							bool high = false;
							size_t want = ref_url_marks(b, from, len, amp, ps_only);
							size_t got = bytescan_url_marks(b, from, len, amp, ps_only, skip, &high);
							/* (check's asserts each write where they are: only
							 * where one fails) */
							if (!(got == want || (got < want && b[got] <= '\r')))
								ck_abort_msg("level %d byte %02x v %d len %zu pos %zu from %zu: got %zu, want %zu",
								             lv, c, v, len, pos, from, got, want);
							bool lead = c >= 0xC0 && c != skip;
							if (high != (lead && pos >= from && pos < got) && !(high && lead && pos >= from))
								ck_abort_msg("level %d byte %02x v %d len %zu pos %zu from %zu: high %d", lv, c, v,
								             len, pos, from, high);
							n++;
						}
					}
				}
			}
	}
	ck_assert_uint_gt(n, 1000000);
	ck_assert(bytescan_set_level(saved));
}
END_TEST

/* ---- bytescan_text_end: an html text token's end, mark and lead bytes -- */

static size_t ref_text_end(const unsigned char *b, size_t from, size_t len, unsigned char skip, size_t *mark, bool *high)
{
	size_t i = from;
	*mark = SIZE_MAX;
	*high = false;
	for (; i < len && b[i] != '<'; i++) {
		if ((b[i] == '&' || b[i] == '%') && *mark == SIZE_MAX) *mark = i;
		if (b[i] >= 0xC0 && b[i] != skip) *high = true;
	}
	if (*mark == SIZE_MAX) *mark = i;
	return i;
}

static void text_end_check(const unsigned char *b, size_t len, size_t from, int round, size_t counts[2])
{
	unsigned char skip = round & 1 ? 0xC3 : 0;
	size_t want_mark, got_mark;
	bool want_high, got_high = false;
	size_t want = ref_text_end(b, from, len, skip, &want_mark, &want_high);
	size_t got = bytescan_text_end(b, from, len, skip, &got_mark, &got_high);
	ck_assert_msg(got == want && got_mark == want_mark && got_high == want_high,
	              "len %zu from %zu skip %02x: end %zu mark %zu high %d, want %zu %zu %d", len, from, skip, got, got_mark,
	              got_high, want, want_mark, want_high);
	if (want < len) counts[0]++;
	if (want_high) counts[1]++;
}

/* At every level: short tokens (most end in the first step) and long
 * ones, marks and lead bytes before and after the '<'. */
START_TEST(text_end_differential)
{
	static const unsigned char alpha[] = { '<', '&', '%', 0xC3, 0xA4, 0xE4, 0xC5, 0x80, ' ', '\n' };
	run_at_every_level(0x94D049BB133111EBu, alpha, sizeof alpha, 80, 800, text_end_check, 5000, 5000);
}
END_TEST

/* ---- the levels against each other (HOSTSHIFT_SIMD) ------------------- */

/* What every scan answers for one buffer and start, at the level in use. */
struct level_answers {
	size_t pair, pair_bs, pair2, separators, serialized, json_separators, json_special, lead_or, hide_marks,
	    slash_colon_pct, any3, url_marks, unescaped, byte, name_end, attr_value_end;
	bool escaped_slash, url_high, unescaped_open, plain, wide, has_lead_or;
};

static void level_answers(const unsigned char *b, size_t len, size_t from, int round, struct level_answers *a)
{
	a->pair = bytescan_pair(b, from, len, '/', '/', '\\');
	a->pair_bs = bytescan_pair(b, from, len, '\\', '/', 'u');
	a->pair2 = bytescan_pair2(b, from, len, '<', '/', '!', '&', '#');
	a->separators = bytescan_separators(b, from, len);
	a->serialized = bytescan_serialized_pairs(b, from, len);
	a->json_separators = bytescan_json_separators(b, from, len);
	a->json_special = bytescan_json_special(b, from, len);
	a->escaped_slash = bytescan_escaped_slash(b + from, len - from);
	a->lead_or = bytescan_lead_or(b, from, len, round & 2 ? 0xC3 : 0, '%', '&');
	a->has_lead_or = bytescan_has_lead_or(b + from, len - from, round & 2 ? 0xC3 : 0, '%', '&');
	a->hide_marks = bytescan_hide_marks(b, from, len, '&', '\\', round & 1, round & 2 ? 0xC3 : 0);
	a->slash_colon_pct = bytescan_slash_colon_pct(b, from, len);
	a->any3 = bytescan_any3(b, from, len, '<', '&', '%');
	a->url_high = false;
	a->url_marks = bytescan_url_marks(b, from, len, round & 1, round & 4, round & 2 ? 0xC3 : 0, &a->url_high);
	a->unescaped_open = round & 1;
	a->unescaped = bytescan_unescaped(b, from, len, '\'', '\\', &a->unescaped_open);
	a->byte = bytescan_byte(b, from, len, '"');
	a->name_end = bytescan_name_end(b, from, len, attr_stop);
	a->attr_value_end = bytescan_attr_value_end(b, from, len, '"', &a->plain, &a->wide);
}

/* Every scan at every level the CPU has, on 400 random buffers up to 400
 * bytes (past the AVX2 steps' 64 and 68 bytes of slack, their 32-byte
 * steps and the 16-byte ones after them), from the starts where the steps
 * and their tails meet the buffer's ends and from random ones: the same
 * answers as the bytewise level, or, where a scan's answer is a superset
 * (bytescan.h), one its rule allows. A level the CPU lacks is left out,
 * and said so on stderr. */
START_TEST(levels_differential)
{
	static const unsigned char alpha[] = { '/', '/', '\\', '\\', '%', '2', '0', 'u', ':', '7', 'N', ';', '3', '"', '\'', '&',
	                                       '@', '<', '!', '#', '\t', '\n', '\r', 0x0B, 0, ' ', '=', '>', 0x80, 0xA4, 0xC3,
	                                       0xE4, 0xF0 };
	enum bytescan_level saved = (enum bytescan_level)bytescan_level_in_use;
	enum bytescan_level best = bytescan_best_level();
	if (best < BYTESCAN_LEVEL_AVX2)
		fprintf(stderr, "bytescan levels: this CPU or build has no %s; compared up to %s\n",
		        best < BYTESCAN_LEVEL_SSE2 ? "SSE2 nor AVX2" : "AVX2", bytescan_level_name(best));
	uint64_t x = 0xA0761D6478BD642Fu ^ (uint64_t)_i;
	unsigned char b[400];
	size_t checked = 0, found[6] = { 0 };
	for (int round = 0; round < 400; round++) {
		next(&x);
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 1 + (unsigned)(x >> 40) % 24;
		fill_sparse(b, len, &x, density, alpha, sizeof alpha);
		size_t froms[68], nf = 0;
		for (size_t k = 0; k < 20 && k <= len; k++) froms[nf++] = k;
		/* (past the last 32-byte step and the byte before it) */
		for (size_t k = 0; k < 40 && k < len; k++) froms[nf++] = len - 1 - k;
		for (int k = 0; k < 8; k++) froms[nf++] = (size_t)(next(&x) % (len + 1));
		for (size_t f = 0; f < nf; f++) {
			size_t from = froms[f];
			struct level_answers want, got;
			ck_assert(bytescan_set_level(BYTESCAN_LEVEL_PORTABLE));
			level_answers(b, len, from, round, &want);
			/* how often the rarer finds are met */
			found[0] += want.pair < len;
			found[1] += want.separators < len;
			found[2] += want.json_separators < len;
			found[3] += want.serialized < len;
			found[4] += want.escaped_slash;
			found[5] += want.attr_value_end - from >= 64 && want.attr_value_end < len;
			for (int lv = BYTESCAN_LEVEL_SSE2; lv <= (int)best; lv++) {
				ck_assert(bytescan_set_level((enum bytescan_level)lv));
				level_answers(b, len, from, round, &got);
				const char *at = bytescan_level_name((enum bytescan_level)lv);
#define SAME(field)                                                                                                \
	ck_assert_msg(got.field == want.field, "%s: " #field " round %d len %zu from %zu: %zu, portable %zu", at, round, \
	              len, from, (size_t)got.field, (size_t)want.field)
				SAME(pair); SAME(pair_bs); SAME(pair2); SAME(separators); SAME(serialized);
				SAME(json_separators); SAME(json_special); SAME(escaped_slash); SAME(lead_or);
				SAME(hide_marks); SAME(slash_colon_pct); SAME(any3); SAME(unescaped);
				SAME(unescaped_open); SAME(byte); SAME(name_end); SAME(attr_value_end); SAME(has_lead_or);
#undef SAME
				/* (its inline steps answer what the scan does) */
				ck_assert(got.has_lead_or == (got.lead_or < len));
				/* the vector steps may stop at any byte up to CR (never
				 * past a mark), and see a lead byte past where they stop */
				ck_assert_msg(got.url_marks == want.url_marks ||
				                  (got.url_marks < want.url_marks && b[got.url_marks] <= '\r'),
				              "%s: url_marks round %d len %zu from %zu: %zu, portable %zu", at, round, len, from,
				              got.url_marks, want.url_marks);
				bool lead_before = false;
				for (size_t k = from; k < got.url_marks && k < len; k++)
					lead_before |= b[k] >= 0xC0 && b[k] != (round & 2 ? 0xC3 : 0);
				ck_assert_msg(got.url_high || !lead_before, "%s: url_marks round %d from %zu: a lead byte not seen",
				              at, round, from);
				/* plain and wide: exact within the first 64 bytes, past
				 * them never a false "plain", never a missed "wide" */
				if (want.attr_value_end - from < 64) {
					ck_assert_msg(got.plain == want.plain && got.wide == want.wide,
					              "%s: attr_value_end round %d from %zu: plain %d wide %d, portable %d %d", at,
					              round, from, got.plain, got.wide, want.plain, want.wide);
				} else {
					ck_assert(!got.plain || want.plain);
					ck_assert(got.wide || !want.wide);
				}
				checked++;
			}
		}
	}
	ck_assert(bytescan_set_level(saved));
	if (best >= BYTESCAN_LEVEL_SSE2) ck_assert_uint_gt(checked, 5000);
	for (int k = 0; k < 6; k++) ck_assert_msg(found[k] > 200, "find %d met %zu times", k, found[k]);
}
END_TEST

/* HOSTSHIFT_SIMD's values (bytescan_select): the three names, unset or
 * empty for the best, anything else refused with a message, and avx2
 * refused on a CPU without it (testhook_no_avx2 plays that CPU). */
START_TEST(select_rules)
{
	enum bytescan_level saved = (enum bytescan_level)bytescan_level_in_use;
	char err[256] = "";
	ck_assert(bytescan_select("V", "portable", err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, BYTESCAN_LEVEL_PORTABLE);
	ck_assert_uint_eq(bytescan_sse2_from, (size_t)-1);
	ck_assert(bytescan_select("V", NULL, err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, bytescan_best_level());
	ck_assert(bytescan_select("V", "portable", err, sizeof err));
	ck_assert(bytescan_select("V", "", err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, bytescan_best_level());
	ck_assert(!bytescan_select("V", "AVX2", err, sizeof err));
	ck_assert_str_eq(err, "V: unknown value 'AVX2' (avx2, sse2, portable)");
	ck_assert(!bytescan_select("V", "avx512", err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, bytescan_best_level());   /* unchanged */
#if defined(BYTESCAN_AVX2)
	ck_assert(bytescan_select("V", "sse2", err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, BYTESCAN_LEVEL_SSE2);
	ck_assert_uint_eq(bytescan_sse2_from, 16);
	ck_assert(!bytescan_have_avx2());
	testhook_no_avx2 = true;
	ck_assert_int_eq(bytescan_best_level(), BYTESCAN_LEVEL_SSE2);
	ck_assert(!bytescan_select("V", "avx2", err, sizeof err));
	ck_assert_str_eq(err, "V=avx2: this CPU has no AVX2 (the best here is sse2)");
	ck_assert_int_eq(bytescan_level_in_use, BYTESCAN_LEVEL_SSE2);
	ck_assert(bytescan_select("V", NULL, err, sizeof err));
	ck_assert_int_eq(bytescan_level_in_use, BYTESCAN_LEVEL_SSE2);
	testhook_no_avx2 = false;
	if (bytescan_best_level() == BYTESCAN_LEVEL_AVX2) {
		ck_assert(bytescan_select("V", "avx2", err, sizeof err));
		ck_assert(bytescan_have_avx2());
	}
#endif
	ck_assert(bytescan_set_level(saved));
}
END_TEST

Suite *bytescan_suite(void)
{
	Suite *s = suite_create("bytescan");
	TCase *tc = tcase_create("pair");
	tcase_add_test(tc, pair_rules);
	tcase_add_test(tc, pair_differential);
	tcase_add_test(tc, serialized_pairs_differential);
	tcase_add_test(tc, byte_differential);
	suite_add_tcase(s, tc);
	TCase *tu = tcase_create("unescaped");
	tcase_add_test(tu, unescaped_rules);
	tcase_add_test(tu, unescaped_differential);
	suite_add_tcase(s, tu);
	TCase *te = tcase_create("separators");
	tcase_add_test(te, json_separators_rules);
	tcase_add_test(te, json_separators_differential);
	tcase_add_test(te, separators_differential);
	tcase_add_test(te, url_marks_differential);
	tcase_add_test(te, url_marks_walk);
	tcase_add_test(te, url_class_table);
	tcase_add_test(te, url_marks_every_byte);
	tcase_add_test(te, text_end_differential);
	suite_add_tcase(s, te);
	TCase *tj = tcase_create("json_special");
	tcase_add_test(tj, json_special_rules);
	tcase_add_test(tj, json_special_differential);
	suite_add_tcase(s, tj);
	TCase *tsl = tcase_create("escaped_slash");
	tcase_add_test(tsl, escaped_slash_rules);
	tcase_add_test(tsl, escaped_slash_differential);
	suite_add_tcase(s, tsl);
	TCase *ta = tcase_create("any3");
	tcase_add_test(ta, any3_rules);
	tcase_add_test(ta, any3_differential);
	tcase_add_test(ta, hide_marks_differential);
	suite_add_tcase(s, ta);
	TCase *tbs = tcase_create("byte_seen");
	tcase_add_test(tbs, byte_seen_rules);
	tcase_add_test(tbs, byte_seen_differential);
	suite_add_tcase(s, tbs);
	TCase *tn = tcase_create("name_end");
	tcase_add_test(tn, name_end_rules);
	tcase_add_test(tn, name_end_differential);
	suite_add_tcase(s, tn);
	TCase *tl = tcase_create("levels");
	tcase_set_timeout(tl, 120);
	tcase_add_loop_test(tl, levels_differential, 0, 4);
	tcase_add_test(tl, select_rules);
	suite_add_tcase(s, tl);
	return s;
}
