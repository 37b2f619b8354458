/* linepos.h — owns the line position of the input for check mode (§10.6):
 * a framer that holds tokens counts newlines lazily, over the chunk being
 * fed, up to the offsets where its tokens start. */
#ifndef HOSTSHIFT_LINEPOS_H
#define HOSTSHIFT_LINEPOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct linepos {
	bool on;                   /* check mode: positions are wanted */
	size_t lines;              /* newlines before `counted` */
	uint64_t line_start;       /* input offset where the current line starts */
	uint64_t counted;          /* input offset counted up to */
	const unsigned char *chunk;
	uint64_t chunk_off;        /* input offset of chunk[0] */
};

void linepos_reset(struct linepos *lp, bool on);

/* The chunk about to be fed, starting at input offset off. */
static inline void linepos_chunk(struct linepos *lp, const unsigned char *p, uint64_t off)
{
	lp->chunk = p;
	lp->chunk_off = off;
}

/* Count up to input offset off (inside the current chunk or at its end).
 * An offset already passed is a held byte that holds no newline ('<',
 * "</scrip", an opening quote), so the count there is the current one. */
void linepos_upto(struct linepos *lp, uint64_t off);

#endif
