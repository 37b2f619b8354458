/* test_jsesc.c — JavaScript string escapes as a script reads them
 * (src/jsesc.h, rules.md §3.9): each escape's character and length. The
 * whatwg tier judges the same escapes with node's own parser. */
#include <check.h>
#include <string.h>

#include "jsesc.h"
#include "suites.h"

static const struct {
	const char *in;
	int want;
	size_t len;
} rows[] = {
	{ "\\/", '/', 2 },
	{ "\\\\", '\\', 2 },
	{ "\\\"", '"', 2 },
	{ "\\.", '.', 2 },
	{ "\\n", '\n', 2 },
	{ "\\t", '\t', 2 },
	{ "\\r", '\r', 2 },
	{ "\\b", '\b', 2 },
	{ "\\f", '\f', 2 },
	{ "\\v", '\v', 2 },
	{ "\\x2f", '/', 4 },
	{ "\\x2F", '/', 4 },
	{ "\\xe4", 0x80, 4 },      /* past ASCII */
	{ "\\x2", -1, 0 },         /* a script that does not parse */
	{ "\\xg0", -1, 0 },
	{ "\\u002F", '/', 6 },
	{ "\\u00e4", 0x80, 6 },
	{ "\\u002", -1, 0 },
	{ "\\u{2f}", '/', 6 },
	{ "\\u{00000002F}", '/', 13 },
	{ "\\u{1F600}", 0x80, 9 },
	{ "\\u{110000}", -1, 0 },
	{ "\\u{}", -1, 0 },
	{ "\\u{2f", -1, 0 },
	{ "\\057", '/', 4 },       /* legacy octal: three digits from 0-3 */
	{ "\\0570", '/', 4 },
	{ "\\72", ':', 3 },        /* two from 4-7 */
	{ "\\727", ':', 3 },
	{ "\\0", 0, 2 },
	{ "\\08", 0, 2 },
	{ "\\8", '8', 2 },
	{ "\\1", 1, 2 },
	{ "\\377", 0x80, 4 },
	{ "\\\n", JS_CONTINUATION, 2 },
	{ "\\\r\n", JS_CONTINUATION, 3 },
	{ "\\\r", JS_CONTINUATION, 2 },
	{ "\\\xe2\x80\xa8", JS_CONTINUATION, 4 },   /* U+2028 */
	{ "\\\xe2\x80\xa9", JS_CONTINUATION, 4 },   /* U+2029 */
	{ "\\\xc3\xa4", 0x80, 2 },
	{ "\\", -1, 0 },
	{ "x", -1, 0 },
};

START_TEST(escapes)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const unsigned char *p = (const unsigned char *)rows[i].in;
		size_t len = 0;
		int got = js_escape_at(p, strlen(rows[i].in), 0, &len);
		ck_assert_msg(got == rows[i].want, "row %zu: %d, want %d", i, got, rows[i].want);
		if (got != -1) ck_assert_msg(len == rows[i].len, "row %zu: length %zu, want %zu", i, len, rows[i].len);
	}
}
END_TEST

/* An escape is read within the bytes given, never past them. */
START_TEST(bounded)
{
	const unsigned char p[] = "\\u002F\\x2f\\u{2f}\\057";
	size_t len;
	for (size_t n = 0; n < 6; n++) ck_assert_int_eq(js_escape_at(p, n, 0, &len), -1);
	ck_assert_int_eq(js_escape_at(p, 6, 0, &len), '/');
	ck_assert_int_eq(js_escape_at(p, 9, 6, &len), -1);
	ck_assert_int_eq(js_escape_at(p, 15, 10, &len), -1);
	ck_assert_int_eq(js_escape_at(p, 18, 16, &len), 0);     /* `\0` of `\057` */
	ck_assert_int_eq(js_escape_at(p, 19, 16, &len), 5);     /* `\05` */
	ck_assert_int_eq(len, 3);
}
END_TEST

Suite *jsesc_suite(void)
{
	Suite *s = suite_create("jsesc");
	TCase *tc = tcase_create("escapes");
	tcase_add_test(tc, escapes);
	tcase_add_test(tc, bounded);
	suite_add_tcase(s, tc);
	return s;
}
