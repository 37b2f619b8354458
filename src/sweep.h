/* sweep.h — owns the straggler sweep (§6.1–§6.4): the
 * matcher run again over the output stream (surface `straggler`, prose
 * root-dot rule), through a window, with the offset map that reports what
 * it finds at input offsets. */
#ifndef HOSTSHIFT_SWEEP_H
#define HOSTSHIFT_SWEEP_H

#include "offmap.h"
#include "window.h"

struct sweep {
	struct window w;
	struct offmap marks;     /* pushed by the stage before the sweep */
};

void sweep_init(struct sweep *s, const struct patterns *pt, struct sink out, struct report *rep);
void sweep_free(struct sweep *s);
void sweep_reset(struct sweep *s);
/* The sink the structured stage writes into. */
struct sink sweep_sink(struct sweep *s);
void sweep_finish(struct sweep *s);
/* What the sweep has matched and keeps goes on to its output now: an
 * input that ends early (a read error) gives the output what it would
 * have had before the sweep kept its output. */
void sweep_hand_on(struct sweep *s);

#endif
