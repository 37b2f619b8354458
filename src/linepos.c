/* linepos.c — lazy newline counting for check-mode positions (§10.6). */
#include "linepos.h"

#include <string.h>

void linepos_reset(struct linepos *lp, bool on)
{
	memset(lp, 0, sizeof *lp);
	lp->on = on;
}

void linepos_upto(struct linepos *lp, uint64_t off)
{
	if (!lp->on || off <= lp->counted) return;
	const unsigned char *p = lp->chunk + (lp->counted - lp->chunk_off);
	const unsigned char *end = lp->chunk + (off - lp->chunk_off), *q;
	while (p < end && (q = memchr(p, '\n', (size_t)(end - p)))) {
		lp->lines++;
		lp->line_start = lp->chunk_off + (uint64_t)(q - lp->chunk) + 1;
		p = q + 1;
	}
	lp->counted = off;
}
