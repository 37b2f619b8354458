/* testhook.h — the knobs only the tests turn, in one place. Each is read
 * where its module sets itself up; hostshift leaves every one at 0, its
 * default. */
#ifndef HOSTSHIFT_TESTHOOK_H
#define HOSTSHIFT_TESTHOOK_H

#include <stddef.h>

/* value.c: the splices a serialized value's plan holds before it drops
 * them and value_put walks the value again (rules.md §11.2); 0:
 * VALUE_PLAN_BUDGET. A budget of 1 walks every repaired value twice. */
extern size_t testhook_plan_budget;

#endif
