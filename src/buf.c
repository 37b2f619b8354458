/* buf.c — see buf.h. */
#include "buf.h"

#include "diag.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void die_oom(void)
{
	diag_error(NULL, "out of memory");
	exit(3);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) die_oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p) die_oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) die_oom();
	return q;
}

void *xgrow(void *p, size_t *cap, size_t need, size_t elem, size_t first)
{
	if (need <= *cap) return p;
	size_t nc = *cap ? *cap : first;
	while (nc < need) nc *= 2;
	p = xrealloc(p, nc * elem);
	*cap = nc;
	return p;
}

#define BUF_FIRST (64u << 10)
#define BUF_SECOND ((1u << 20) + (64u << 10))

bool buf_reserve(struct buf *b, size_t need)
{
	if (b->len > b->cap) return false;
	if (need <= b->cap) return true;
	size_t limit = b->limit ? b->limit : SIZE_MAX;
	if (need > limit) return false;
	size_t cap = !b->cap ? BUF_FIRST : b->cap < BUF_SECOND ? BUF_SECOND : b->cap;
	while (cap < need) cap = cap > limit / 2 ? limit : cap * 2;
	if (cap > limit) cap = limit;
	unsigned char *p = realloc(b->p, cap);
	if (!p) return false;
	b->p = p;
	b->cap = cap;
	return true;
}

bool buf_put(struct buf *b, const void *p, size_t n)
{
	if (!n) return b->len <= b->cap;
	if (!buf_reserve(b, b->len + n)) {
		if (!b->limit || b->limit == SIZE_MAX) die_oom();
		b->len = SIZE_MAX;
		return false;
	}
	memcpy(b->p + b->len, p, n);
	b->len += n;
	return true;
}

void buf_free(struct buf *b)
{
	free(b->p);
	*b = (struct buf){ 0 };
}

void buf_put_or_die(struct buf *b, const void *p, size_t n)
{
	if (!buf_put(b, p, n)) die_oom();
}

static void sink_put(void *ctx, const unsigned char *p, size_t n) { buf_put_or_die(ctx, p, n); }

struct sink buf_sink(struct buf *b) { return (struct sink){ sink_put, b, sink_put }; }
