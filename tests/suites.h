/* suites.h — the Check suites of tests/, one per test_*.c file. */
#ifndef HOSTSHIFT_TEST_SUITES_H
#define HOSTSHIFT_TEST_SUITES_H
#include <check.h>
Suite *origin_suite(void);   /* test_origin.c: engine-reference §1.1 */
Suite *map_suite(void);      /* test_map.c: map format, sites, V1–V7 (§1.2–§1.3) */
Suite *matcher_suite(void);  /* test_matcher.c: §2–§3 rule by rule */
Suite *rows_suite(void);     /* test_rows.c: §12 rows 2–39, 53–57 */
Suite *window_suite(void);   /* test_window.c: streaming, chunk independence (§6, §11) */
Suite *report_suite(void);   /* test_report.c: counters and formats (§10) */
#endif
