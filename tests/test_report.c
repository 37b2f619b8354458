/* test_report.c — counting rules and report formats (docs/rules.md
 * §10.3–§10.6; docs/cli.md). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "suites.h"

static struct report_event ev(uint64_t off, enum action a, enum reason r, enum surface s, const char *text)
{
	return (struct report_event){ .offset = off, .line = 1, .column = (size_t)off + 1, .action = a, .reason = r,
	                              .surface = s, .text = (const unsigned char *)text, .text_len = strlen(text) };
}

/* §10.3: every event is a candidate; rewrites by surface; skips by reason. */
START_TEST(counting_rules)
{
	struct report_options o = { 0 };
	struct report r;
	report_init(&r, &o);
	report_begin(&r, "f", true);
	struct report_event a = ev(0, ACTION_REWROTE, REASON_NONE, SURFACE_TEXT, "https://C");
	struct report_event b = ev(5, ACTION_SKIPPED, REASON_NOT_A_URL, SURFACE_TEXT, "https://C");
	struct report_event c = ev(5, ACTION_SKIPPED, REASON_NOT_A_URL, SURFACE_STRAGGLER, "https://C");
	report_add(&r, &a);
	report_add(&r, &b);
	report_add(&r, &c);
	ck_assert_uint_eq(r.candidates[SURFACE_TEXT], 2);
	ck_assert_uint_eq(r.candidates[SURFACE_STRAGGLER], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_TEXT], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_STRAGGLER], 0);
	ck_assert_uint_eq(r.skips[REASON_NOT_A_URL], 2);
	report_free(&r);
}
END_TEST

/* §10.4: sections in order, keys sorted bytewise, "  %-24s %d", plus
 * bytes and the not-run line; explain lines sorted by offset. */
START_TEST(text_format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report_options o = { .stats = true, .explain = true, .out = f };
	struct report r;
	report_init(&r, &o);
	report_begin(&r, "f", false);
	struct report_event e1 = ev(30, ACTION_SKIPPED, REASON_UNANCHORED, SURFACE_TEXT, "//C");
	struct report_event e2 = ev(9, ACTION_REWROTE, REASON_NONE, SURFACE_TEXT, "https://www.example.fi");
	struct report_event e3 = ev(40, ACTION_SKIPPED, REASON_HOST_NOT_IN_MAP, SURFACE_STRAGGLER, "https://C:1");
	report_add(&r, &e1);
	report_add(&r, &e2);
	report_add(&r, &e3);
	r.bytes_in = 100;
	r.bytes_out = 109;
	report_end(&r);
	fclose(f);
	ck_assert_str_eq(buf,
		"rewrites by surface:\n"
		"  text                     1\n"
		"candidates by surface:\n"
		"  straggler                1\n"
		"  text                     2\n"
		"skipped, by reason:\n"
		"  host-not-in-map          1\n"
		"  unanchored               1\n"
		"bytes:\n"
		"  in                       100\n"
		"  out                      109\n"
		"sweep for leftover origins: not run (--no-sweep or --dry-run)\n"
		"explain (3 events):\n"
		"         9 1:10      rewrote  -                      text                                     https://www.example.fi\n"
		"        30 1:31      skipped  unanchored             text                                     //C\n"
		"        40 1:41      skipped  host-not-in-map        straggler                                https://C:1\n");
	free(buf);
	report_free(&r);
}
END_TEST

/* §10.5: one line per input; count maps always present, sorted keys;
 * reason only on skips. */
START_TEST(json_format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report_options o = { .stats = true, .explain = true, .json = true, .out = f };
	struct report r;
	report_init(&r, &o);
	report_begin(&r, "a\"b", true);
	struct report_event e1 = ev(3, ACTION_SKIPPED, REASON_IDENTITY_MAP, SURFACE_TEXT, "//C");
	report_add(&r, &e1);
	report_end(&r);
	fclose(f);
	/* one line, the object of one input */
	ck_assert_str_eq(buf,
		"{\"kind\":\"input\",\"file\":\"a\\\"b\",\"rewrites\":{},\"candidates\":{\"text\":1},"
		"\"skips\":{\"identity-map\":1},\"bytes\":{\"in\":0,\"out\":0},\"sweep\":true,"
		"\"events\":[{\"offset\":3,\"line\":1,\"column\":4,\"surface\":\"text\",\"text\":\"//C\","
		"\"action\":\"skipped\",\"reason\":\"identity-map\"}]}\n");
	free(buf);
	report_free(&r);
}
END_TEST

/* rules.md §10.6: FILE:LINE:COLUMN: ORIGIN (surface), rewrites only; JSON lines. */
START_TEST(check_format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report_options o = { .check = true, .check_out = f };
	struct report r;
	report_init(&r, &o);
	report_begin(&r, "x.txt", true);
	struct report_event e1 = ev(4, ACTION_REWROTE, REASON_NONE, SURFACE_TEXT, "https://C");
	struct report_event e2 = ev(9, ACTION_SKIPPED, REASON_NOT_A_URL, SURFACE_TEXT, "https://C");
	report_add(&r, &e1);
	report_add(&r, &e2);
	r.opt.json = true;
	report_add(&r, &e1);
	fclose(f);
	ck_assert_str_eq(buf,
		"x.txt:1:5: https://C (text)\n"
		"{\"kind\":\"finding\",\"file\":\"x.txt\",\"line\":1,\"column\":5,\"origin\":\"https://C\",\"surface\":\"text\"}\n");
	ck_assert_uint_eq(r.findings, 2);
	free(buf);
	report_free(&r);
}
END_TEST

/* §10.3: the trace keeps at most 10000 events; the rest are counted. */
START_TEST(explain_cap)
{
	struct report_options o = { .explain = true };
	struct report r;
	report_init(&r, &o);
	report_begin(&r, "f", true);
	struct report_event e = ev(1, ACTION_REWROTE, REASON_NONE, SURFACE_TEXT, "//C");
	for (int i = 0; i < REPORT_EXPLAIN_MAX + 5; i++) report_add(&r, &e);
	ck_assert_uint_eq(r.ntrace, REPORT_EXPLAIN_MAX);
	ck_assert_uint_eq(r.dropped, 5);
	ck_assert_uint_eq(r.rewrites[SURFACE_TEXT], REPORT_EXPLAIN_MAX + 5);
	report_free(&r);
}
END_TEST

Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("formats");
	tcase_add_test(tc, counting_rules);
	tcase_add_test(tc, text_format);
	tcase_add_test(tc, json_format);
	tcase_add_test(tc, check_format);
	tcase_add_test(tc, explain_cap);
	suite_add_tcase(s, tc);
	return s;
}
