/* sink.h — owns the one interface between pipeline stages: a stage writes
 * what it is done with into the next stage's sink. */
#ifndef HOSTSHIFT_SINK_H
#define HOSTSHIFT_SINK_H

#include <stddef.h>

struct sink {
	void (*write)(void *ctx, const unsigned char *p, size_t n);
	void *ctx;
	/* Bytes no later stage may change (a `_binary` literal): the sweep
	 * passes them through unmatched. NULL: the same as write. */
	void (*write_protected)(void *ctx, const unsigned char *p, size_t n);
};

static inline void sink_write(const struct sink *s, const unsigned char *p, size_t n)
{
	if (n) s->write(s->ctx, p, n);
}

static inline void sink_write_protected(const struct sink *s, const unsigned char *p, size_t n)
{
	if (n) (s->write_protected ? s->write_protected : s->write)(s->ctx, p, n);
}

#endif
