/* test_bytescan.c — the byte-pair search of src/bytescan (issue 6): rules,
 * then a differential against a plain loop written here, at every start
 * offset and around the 16-byte steps of the vector path. */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "bytescan.h"
#include "suites.h"

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
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		size_t len = (size_t)(x % sizeof b);
		for (size_t i = 0; i < len; i++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
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
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		size_t len = (size_t)(x % sizeof b);
		unsigned density = 1 + (unsigned)(x >> 40) % 8;   /* from escape-dense to sparse */
		for (size_t i = 0; i < len; i++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			b[i] = (x % (density * 3)) ? 'z' : alpha[(x >> 8) % sizeof alpha];
		}
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

Suite *bytescan_suite(void)
{
	Suite *s = suite_create("bytescan");
	TCase *tc = tcase_create("pair");
	tcase_add_test(tc, pair_rules);
	tcase_add_test(tc, pair_differential);
	suite_add_tcase(s, tc);
	TCase *tu = tcase_create("unescaped");
	tcase_add_test(tu, unescaped_rules);
	tcase_add_test(tu, unescaped_differential);
	suite_add_tcase(s, tu);
	return s;
}
