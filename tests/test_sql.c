/* test_sql.c — being written. */
#include "suites.h"

Suite *sql_suite(void)
{
	return suite_create("sql_suite");
}
