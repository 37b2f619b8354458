/* testhook.h — the knobs only the tests turn, in one place. Each is read
 * where its module sets itself up; hostshift leaves every one at 0, its
 * default. */
#ifndef HOSTSHIFT_TESTHOOK_H
#define HOSTSHIFT_TESTHOOK_H

#include <stdbool.h>
#include <stddef.h>

/* value.c: the splices a serialized value's plan holds before it drops
 * them and value_put walks the value again (rules.md §11.2); 0:
 * VALUE_PLAN_BUDGET. A budget of 1 walks every repaired value twice. */
extern size_t testhook_plan_budget;
/* value.c: the bytes of a mapped value read at a time (0: VALUE_PIECE). */
extern size_t testhook_value_piece;
/* value.c: the re-match of references made even where the gate and inert
 * references say it adds nothing (rules.md §5.3). */
extern bool testhook_rematch_always;
/* value.c: the bytes decoded at a time by the re-match (0:
 * VALUE_DEC_WINDOW; clamped up to the least that holds a look-ahead). */
extern size_t testhook_dec_window;
/* serialized.c: the walk's second pass parses the values again instead
 * of replaying the steps the first pass recorded (the way a walk of more
 * steps than fit the record goes): the same results, output and calls. */
extern bool testhook_walk_reparsed;
/* bytescan.c: the CPU is taken to have no AVX2 (bytescan_best_level),
 * so that asking for it can be seen to fail. */
extern bool testhook_no_avx2;

#endif
