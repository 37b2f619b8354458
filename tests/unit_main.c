/* unit_main.c — runs every Check suite of the project. Each tests/test_*.c
 * file defines one suite constructor listed here. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idna.h"

#include "suites.h"

/* Check's default of 4 s a test is a timing test, not a hang check: the
 * randomised differentials take seconds each under ASan + UBSan, and CI
 * runs that build beside valgrind on a small machine, where 4 s is not
 * enough for them. A test case with no timeout of its own gets 60 s; a caller's own
 * CK_DEFAULT_TIMEOUT wins. Check reads it in tcase_create, so it is set
 * before the suites are built. */
static const char default_timeout_s[] = "60";

/* `unit --idna`: each line of stdin, hex of UTF-8 bytes, to its ASCII
 * form as idna_to_ascii writes it then the URL parser's check for the
 * code points no domain holds, or a TAB and why (tests/oracle_idna.mjs). */
static int idna_probe(void)
{
	char line[8192];
	while (fgets(line, sizeof line, stdin)) {
		unsigned char in[4096];
		size_t n = 0;
		for (const char *p = line; p[0] && p[1] && p[0] != '\n' && n < sizeof in; p += 2) {
			unsigned v;
			if (sscanf(p, "%2x", &v) != 1) break;
			in[n++] = (unsigned char)v;
		}
		char out[4096];
		size_t len;
		enum idna_result r = idna_to_ascii(in, n, out, sizeof out, &len);
		bool forbidden = false;
		for (size_t i = 0; r == IDNA_OK && i < len; i++)
			forbidden |= (unsigned char)out[i] <= 0x20 || out[i] == 0x7F || strchr("#%/:<>?@[\\]^|", out[i]) != NULL;
		if (r != IDNA_OK) printf("\t%s\n", idna_result_text(r));
		else if (forbidden || !len) printf("\ta code point no domain holds\n");
		else printf("%.*s\n", (int)len, out);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--idna")) return idna_probe();
	setenv("CK_DEFAULT_TIMEOUT", default_timeout_s, 0);
	SRunner *sr = srunner_create(origin_suite());
	srunner_add_suite(sr, map_suite());
	srunner_add_suite(sr, matcher_suite());
	srunner_add_suite(sr, rows_suite());
	srunner_add_suite(sr, window_suite());
	srunner_add_suite(sr, report_suite());
	srunner_add_suite(sr, entity_suite());
	srunner_add_suite(sr, html_suite());
	srunner_add_suite(sr, html_rows_suite());
	srunner_add_suite(sr, invariants_suite());
	srunner_add_suite(sr, sql_suite());
	srunner_add_suite(sr, sqldump_suite());
	srunner_add_suite(sr, json_suite());
	srunner_add_suite(sr, headers_suite());
	srunner_add_suite(sr, serialized_suite());
	srunner_add_suite(sr, bytescan_suite());
	srunner_add_suite(sr, hostfind_suite());
	srunner_add_suite(sr, io_suite());
	srunner_add_suite(sr, ser_diff_suite());
	srunner_add_suite(sr, repro_suite());
	srunner_add_suite(sr, spill_suite());
	srunner_add_suite(sr, ascii_suite());
	srunner_add_suite(sr, jsesc_suite());
	srunner_add_suite(sr, idna_suite());
	srunner_add_suite(sr, hostcol_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
