/* offmap.c — output→input offset marks (§6.3). */
#include "offmap.h"

#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void offmap_init(struct offmap *m) { memset(m, 0, sizeof *m); }
void offmap_free(struct offmap *m) { free(m->marks); offmap_init(m); }
void offmap_reset(struct offmap *m)
{
	m->head = m->len = 0;
	m->floor = (struct offmap_mark){ 0, 0 };
}

void offmap_push(struct offmap *m, uint64_t out, uint64_t in)
{
	if (m->len == m->cap) {
		if (m->head > 0) {
			/* Reuse the dropped front before growing. */
			memmove(m->marks, m->marks + m->head, (m->len - m->head) * sizeof *m->marks);
			m->len -= m->head;
			m->head = 0;
		}
		if (m->len == m->cap) m->marks = xgrow(m->marks, &m->cap, m->len + 1, sizeof *m->marks, 1024);
	}
	m->marks[m->len++] = (struct offmap_mark){ out, in };
}

uint64_t offmap_map(const struct offmap *m, uint64_t out)
{
	/* The last mark at or before `out`: binary search over the live marks. */
	size_t lo = m->head, hi = m->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->marks[mid].out <= out) lo = mid + 1; else hi = mid;
	}
	const struct offmap_mark *k = lo > m->head ? &m->marks[lo - 1] : &m->floor;
	return k->in + (out - k->out);
}

void offmap_drop_before(struct offmap *m, uint64_t out)
{
	while (m->head < m->len && m->marks[m->head].out <= out) m->floor = m->marks[m->head++];
	if (m->head == m->len) m->head = m->len = 0;
}
