/* framer.h — the one interface every framer gives the pipeline
 * (docs/architecture.md): reset for a new input, feed with its bytes in
 * pieces of any size, finish at its end. A new type, or a new dialect's
 * framer, is one more of these; the pipeline names none of them but in
 * choosing one by type. */
#ifndef HOSTSHIFT_FRAMER_H
#define HOSTSHIFT_FRAMER_H

#include <stddef.h>

#include "filetype.h"
#include "offmap.h"
#include "sink.h"

/* What a framer starts an input with: where its output goes, the sweep's
 * offset marks (NULL without a sweep), and the dialect (the sql type's). */
struct framer_start {
	struct sink out;
	struct offmap *marks;
	enum sql_dialect dialect;
};

struct framer {
	void (*reset)(void *self, const struct framer_start *st);
	void (*feed)(void *self, const unsigned char *p, size_t n);
	void (*finish)(void *self);
};

#endif
