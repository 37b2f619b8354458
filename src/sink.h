/* sink.h — owns the one interface between pipeline stages: a stage writes
 * what it is done with into the next stage's sink. */
#ifndef HOSTSHIFT_SINK_H
#define HOSTSHIFT_SINK_H

#include <stddef.h>

struct sink {
	void (*write)(void *ctx, const unsigned char *p, size_t n);
	void *ctx;
};

static inline void sink_write(const struct sink *s, const unsigned char *p, size_t n)
{
	if (n) s->write(s->ctx, p, n);
}

#endif
