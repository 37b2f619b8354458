/* test_structidx.c — the structural index of src/structidx: every kernel
 * against a byte loop written here, over random chunks of every size
 * around the 64-byte blocks and the window, asked from every start and in
 * random order (the window indexed again behind and ahead). */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "structidx.h"
#include "suites.h"
#include "testhook.h"

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static bool in_class(unsigned char c, enum structidx_class k, unsigned char skip)
{
	switch (k) {
	case SX_QUOTE: return c == '"' || c == '\'';
	case SX_NAME: return c <= 0x20 || c == '/' || c == '>' || c == '=';
	case SX_TEXT: return c == '<' || c == '&' || c == '%';
	case SX_PLAIN: return c == '&' || c == '%' || c <= '\r';
	case SX_LEAD: return c >= 0xC0 && c != skip;
	default: return false;
	}
}

/* One start: every query against its byte loop. */
static void check_at(struct structidx *x, const unsigned char *b, size_t n, size_t i, unsigned char skip)
{
	for (int k = 0; k < SX_CLASSES; k++) {
		size_t j = i;
		while (j < n && !in_class(b[j], (enum structidx_class)k, skip)) j++;
		ck_assert_uint_eq(structidx_next(x, (enum structidx_class)k, i), i < n ? j : n);
	}
	for (int qi = 0; qi < 2; qi++) {
		unsigned char q = qi ? '\'' : '"';
		size_t j = i;
		bool up = false, ld = false;
		for (; j < n && b[j] != q; j++) {
			up |= in_class(b[j], SX_PLAIN, skip);
			ld |= in_class(b[j], SX_LEAD, skip);
		}
		bool gup, gld;
		ck_assert_uint_eq(structidx_value_end(x, q, i, &gup, &gld), i < n ? j : n);
		if (i < n) {
			ck_assert(gup == up);
			ck_assert(gld == ld);
		}
	}
	size_t j = i, mark = (size_t)-1;
	bool ld = false;
	for (; j < n && b[j] != '<'; j++) {
		if (mark == (size_t)-1 && (b[j] == '&' || b[j] == '%')) mark = j;
		ld |= in_class(b[j], SX_LEAD, skip);
	}
	size_t gmark;
	bool gld;
	ck_assert_uint_eq(structidx_text_end(x, i, &gmark, &gld), i < n ? j : n);
	if (i < n) {
		ck_assert_uint_eq(gmark, mark == (size_t)-1 ? j : mark);
		ck_assert(gld == ld);
	}
}

START_TEST(differential)
{
	static const unsigned char alpha[] = { '"', '\'', '<', '>', '=', '/', ' ', '\t', '\n', '\r', '\f', '&', '%', 0x00, 0x0E,
		                               0x1F, 0x20, 0x21, 0x80, 0xBF, 0xC0, 0xC2, 0xC3, 0xC4, 0xE2, 0xF0, 0xFF, 'a', '-' };
	uint64_t x = 0x9E3779B97F4A7C15ull + (uint64_t)_i;
	struct structidx sx;
	structidx_init(&sx);
	unsigned char *b = malloc(9000);
	for (int round = 0; round < 120; round++) {
		next(&x);
		/* most chunks short; some past a window (4 KiB) */
		size_t n = round % 10 == 9 ? (size_t)(x % 9000) : (size_t)(x % 300);
		unsigned density = 1 + (unsigned)(x >> 40) % 12;
		for (size_t i = 0; i < n; i++) {
			next(&x);
			b[i] = (x % density) ? 'z' : alpha[(x >> 8) % sizeof alpha];
		}
		/* the chunk where it lies at an odd address, as reads leave it */
		for (int kernel = 1; kernel <= 3; kernel++) {
			testhook_structidx_kernel = kernel;
			unsigned char skip = round & 1 ? 0xC3 : 0;
			structidx_chunk(&sx, b, n, skip);
			if (n <= 300) {
				for (size_t i = 0; i <= n; i++) check_at(&sx, b, n, i, skip);
			}
			/* at random: the window filled behind and ahead */
			for (int k = 0; k < 40; k++) check_at(&sx, b, n, n ? (size_t)(next(&x) % (n + 1)) : 0, skip);
		}
	}
	testhook_structidx_kernel = 0;
	free(b);
	structidx_free(&sx);
}
END_TEST

Suite *structidx_suite(void)
{
	Suite *s = suite_create("structidx");
	TCase *t = tcase_create("differential");
	tcase_add_loop_test(t, differential, 0, 4);
	suite_add_tcase(s, t);
	return s;
}
