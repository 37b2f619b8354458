/* test_sqldump.c — being written. */
#include "suites.h"

Suite *sqldump_suite(void)
{
	return suite_create("sqldump_suite");
}
