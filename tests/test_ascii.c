/* test_ascii.c — the byte classes of src/ascii.h against the C library's
 * <ctype.h> in the C locale (an independent implementation) and against
 * the definitions the rules give, for every byte. */
#include <check.h>
#include <ctype.h>
#include <locale.h>

#include "ascii.h"

START_TEST(classes_match_ctype_in_the_c_locale)
{
	ck_assert_ptr_nonnull(setlocale(LC_CTYPE, "C"));
	for (int c = 0; c < 256; c++) {
		unsigned char b = (unsigned char)c;
		bool ascii = c < 0x80;   /* ctype's answers above 0x7F are the locale's; these are ASCII classes */
		ck_assert_msg(ascii_is(b, ASCII_UPPER) == (ascii && isupper(c)), "upper %d", c);
		ck_assert_msg(ascii_is(b, ASCII_LOWER) == (ascii && islower(c)), "lower %d", c);
		ck_assert_msg(ascii_is(b, ASCII_DIGIT) == (ascii && isdigit(c)), "digit %d", c);
		ck_assert_msg(ascii_is(b, ASCII_HEX) == (ascii && isxdigit(c)), "hex %d", c);
		ck_assert_msg(ascii_is(b, ASCII_SPACE_C) == (ascii && isspace(c)), "space %d", c);
		ck_assert_int_eq(ascii_lower(b), ascii ? tolower(c) : c);
		int h = ascii && isxdigit(c) ? (isdigit(c) ? c - '0' : tolower(c) - 'a' + 10) : -1;
		ck_assert_int_eq(ascii_hex(b), h);
	}
}
END_TEST

START_TEST(white_space_sets_and_host_bytes)
{
	for (int c = 0; c < 256; c++) {
		unsigned char b = (unsigned char)c;
		bool json = c == ' ' || c == '\t' || c == '\n' || c == '\r';   /* RFC 8259 ws */
		bool html = json || c == '\f';                                  /* WHATWG ASCII whitespace */
		ck_assert_msg(ascii_is(b, ASCII_SPACE_JSON) == json, "json space %d", c);
		ck_assert_msg(ascii_is(b, ASCII_SPACE_HTML) == html, "html space %d", c);
		/* the masks the tokenizers test say what the table says */
		ck_assert_msg(ascii_space_json(b) == json && ascii_space_html(b) == html &&
		              ascii_space_c(b) == ascii_is(b, ASCII_SPACE_C), "space masks %d", c);
		ck_assert_msg(ascii_digit(b) == ascii_is(b, ASCII_DIGIT) && ascii_host(b) == ascii_is(b, ASCII_HOST) &&
		              ascii_alnum(b) == (isalnum(c) && c < 0x80), "predicates %d", c);
		bool host = isalnum(c) || c == '-' || c == '.' || c == '_' || c >= 0x80;   /* rules.md §3.5 */
		ck_assert_msg(ascii_is(b, ASCII_HOST) == host, "host %d", c);
	}
	ck_assert(ascii_ci_eq((const unsigned char *)"HtTpS", "https", 5));
	ck_assert(!ascii_ci_eq((const unsigned char *)"HtTpZ", "https", 5));
	ck_assert(ascii_ci_eq((const unsigned char *)"", "", 0));
}
END_TEST

Suite *ascii_suite(void)
{
	Suite *s = suite_create("ascii");
	TCase *tc = tcase_create("classes");
	tcase_add_test(tc, classes_match_ctype_in_the_c_locale);
	tcase_add_test(tc, white_space_sets_and_host_bytes);
	suite_add_tcase(s, tc);
	return s;
}
