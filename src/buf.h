/* buf.h — the one allocation wrapper and the one growable byte buffer.
 * Running out of memory is one message and exit status 3, said here only;
 * the buffer grows in a fixed series of sizes (so the count of
 * allocations does not follow how the input was cut), up to its limit. */
#ifndef HOSTSHIFT_BUF_H
#define HOSTSHIFT_BUF_H

#include <stdbool.h>
#include <stddef.h>

#include "sink.h"

_Noreturn void die_oom(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* The one growth rule of an array: room for at least need elements of
 * elem bytes, *cap doubling (from `first` when 0); p as it is when there
 * is room already. */
void *xgrow(void *p, size_t *cap, size_t need, size_t elem, size_t first);

/* A growable buffer owned by its user (allocated once per stream and
 * reused). limit 0: none (out of memory exits); else growing past it
 * fails: the buffer is marked failed (len > cap) and buf_put returns
 * false. */
struct buf {
	unsigned char *p;
	size_t len, cap, limit;
};

/* Room for need bytes in all: 64 KiB, then a whole held value (1 MiB and a
 * window), then doubling. */
bool buf_reserve(struct buf *b, size_t need);
/* Append n bytes. */
bool buf_put(struct buf *b, const void *p, size_t n);
/* The same for a buffer with no limit: out of memory exits. */
void buf_put_or_die(struct buf *b, const void *p, size_t n);
/* A sink whose bytes (protected or not) are appended to b: a stage's
 * output collected to be read back whole. */
struct sink buf_sink(struct buf *b);
void buf_free(struct buf *b);

#endif
