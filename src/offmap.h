/* offmap.h — owns the output→input offset map of §6.3.
 * A stage that changes lengths pushes a mark (output offset, input offset)
 * after each change; the sweep maps the offsets of its events back to input
 * offsets, and drops marks it has passed, so the map holds only the marks
 * of bytes not yet swept (bounded by the window plus one batch). */
#ifndef HOSTSHIFT_OFFMAP_H
#define HOSTSHIFT_OFFMAP_H

#include <stddef.h>
#include <stdint.h>

struct offmap_mark { uint64_t out, in; };

/* A mark relative to the start of a replaced run: after `out` bytes of the
 * new bytes, the input has advanced `in` bytes. */
struct offmap_rel { size_t out, in; };

struct offmap {
	struct offmap_mark *marks;
	size_t head, len, cap;        /* live marks are marks[head..len) */
	struct offmap_mark floor;     /* the last dropped mark (or 0,0) */
};

void offmap_init(struct offmap *m);
void offmap_free(struct offmap *m);
void offmap_reset(struct offmap *m);
void offmap_push(struct offmap *m, uint64_t out, uint64_t in);
/* The input offset of output offset `out` (which must not be below a
 * dropped position). */
uint64_t offmap_map(const struct offmap *m, uint64_t out);
/* Forget marks no longer needed to map offsets >= out. */
void offmap_drop_before(struct offmap *m, uint64_t out);

#endif
