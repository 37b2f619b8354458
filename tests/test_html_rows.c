/* test_html_rows.c — being written. */
#include "suites.h"

Suite *html_rows_suite(void)
{
	return suite_create("html_rows_suite");
}
