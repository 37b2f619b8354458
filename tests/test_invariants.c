/* test_invariants.c — being written. */
#include "suites.h"

Suite *invariants_suite(void)
{
	return suite_create("invariants_suite");
}
