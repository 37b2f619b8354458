/* suites.h — the Check suites of tests/, one per test_*.c file. */
#ifndef HOSTSHIFT_TEST_SUITES_H
#define HOSTSHIFT_TEST_SUITES_H
#include <check.h>
Suite *origin_suite(void);   /* test_origin.c: origins (rules.md §1.1) */
Suite *map_suite(void);      /* test_map.c: map format, sites, V1–V7 (§1.2–§1.3) */
Suite *matcher_suite(void);  /* test_matcher.c: §2–§3 rule by rule */
Suite *rows_suite(void);     /* test_rows.c: edge-case rows 2–39, 53–57 at the matcher (§2–§3, §12) */
Suite *window_suite(void);   /* test_window.c: streaming, chunk independence (§6, §11) */
Suite *report_suite(void);   /* test_report.c: counters and formats (§10) */
Suite *entity_suite(void);   /* test_entity.c: reference decoding (§5.1–§5.2) */
Suite *html_suite(void);     /* test_html.c: tokenizer framing, streaming, sweep (§4, §6, §11) */
Suite *html_rows_suite(void); /* test_html_rows.c: the html edge-case rows, adversarial fixtures (§3–§6) */
Suite *invariants_suite(void); /* test_invariants.c: the invariants (§11.3) over the corpus, memory bounds */
Suite *sql_suite(void);      /* test_sql.c: the sql lexer, literals, hostile dumps (§8, §7) */
Suite *json_suite(void);     /* test_json.c: the json type (§9), its corpus, malformed input */
Suite *headers_suite(void);  /* test_headers.c: --headers (§13.3) */
Suite *sqldump_suite(void);  /* test_sqldump.c: the WordPress dump fixture against its independent expected output */
Suite *serialized_suite(void); /* test_serialized.c: PHP serialized-length repair (§7, sql spelling) */
Suite *hostfind_suite(void);  /* test_hostfind.c: the matcher's prefilter, where a host can begin (§3.1) */
Suite *bytescan_suite(void);  /* test_bytescan.c: the byte-pair search */
Suite *io_suite(void);        /* test_io.c: the output writer */
Suite *ser_diff_suite(void);  /* test_ser_diff.c: serialized repair against an independent serializer (rules.md §7) */
Suite *repro_suite(void);     /* test_repro.c: the serialized reproducers, exact output bytes (rules.md §7) */
Suite *spill_suite(void);     /* test_spill.c: values held in a temporary file (rules.md §11.2) */
Suite *ascii_suite(void);     /* test_ascii.c: the byte classes against <ctype.h> */
Suite *idna_suite(void);     /* test_idna.c: Punycode, NFC, UTS #46 (rules.md §1.4) */
Suite *jsesc_suite(void);     /* test_jsesc.c: JavaScript string escapes (rules.md §3.9) */
Suite *hostcol_suite(void);   /* test_hostcol.c: --host-column and --wordpress-multisite (rules.md §8.5) */
#endif
