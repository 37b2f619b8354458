/* test_json.c — being written. */
#include "suites.h"

Suite *json_suite(void)
{
	return suite_create("json_suite");
}
