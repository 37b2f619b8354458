/* fuzz_serialized.c — libFuzzer target for the serialized walk
 * (engine-reference §7): on any input, with every spelling allowed, the
 * walk never crashes or reads out of bounds; with an identity rewrite a
 * SER_REPAIRED result is the input byte for byte, and the runs handed to
 * the rewrite are in order, non-empty, non-overlapping and inside the
 * buffer; the result does not depend on what the rewrite does (it is
 * decided before the first call). A second walk with a lengthening rewrite
 * exercises the length splicing.
 *
 * Build and run: `make fuzz` (or `make build/fuzz/fuzz_serialized`). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serialized.h"

#define ALL_SPELLINGS ((1u << SER_SPELLING_COUNT) - 1)

struct ctx {
	size_t n, end, calls;
	bool lengthen;
};

static void append(struct ser_buf *o, const void *p, size_t n)
{
	if (o->len > o->cap) return;
	if (n > o->cap - o->len) {
		size_t limit = o->limit ? o->limit : SIZE_MAX, cap = o->cap ? o->cap : 64;
		while (cap < o->len + n && cap <= limit / 2) cap *= 2;
		if (cap > limit) cap = limit;
		if (cap < o->len + n) {
			o->len = SIZE_MAX; /* cannot append: the walk declines */
			return;
		}
		unsigned char *q = realloc(o->p, cap);
		if (!q) abort();
		o->p = q;
		o->cap = cap;
	}
	memcpy(o->p + o->len, p, n);
	o->len += n;
}

static void rewrite(void *vctx, const unsigned char *p, size_t n, size_t off, bool in_string, struct ser_buf *out)
{
	struct ctx *c = vctx;
	(void)in_string;
	if (n == 0 || off < c->end || off > c->n || n > c->n - off) abort();
	c->end = off + n;
	c->calls++;
	if (!c->lengthen) {
		append(out, p, n);
		return;
	}
	/* `x` → `xyz`, and `&` → `&amp;`: lengthens, and adds references */
	for (size_t i = 0; i < n; i++) {
		if (p[i] == 'x') append(out, "xyz", 3);
		else if (p[i] == '&') append(out, "&amp;", 5);
		else append(out, p + i, 1);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)serialized_gate(data, size);

	struct ser_buf out = { .limit = 64u << 20 };
	struct ctx c = { .n = size };
	enum ser_result r = serialized_walk(data, size, ALL_SPELLINGS, rewrite, &c, &out);
	if (r != SER_REPAIRED && c.calls != 0) abort();
	if (r == SER_REPAIRED && (out.len != size || (size && memcmp(out.p, data, size) != 0))) abort();

	struct ctx c2 = { .n = size, .lengthen = true };
	enum ser_result r2 = serialized_walk(data, size, ALL_SPELLINGS, rewrite, &c2, &out);
	if (r2 != r) abort();
	if (r2 != SER_REPAIRED && c2.calls != 0) abort();

	/* one spelling at a time never crashes either */
	for (int s = 0; s < SER_SPELLING_COUNT; s++) {
		struct ctx c3 = { .n = size };
		r = serialized_walk(data, size, SER_SET(s), rewrite, &c3, &out);
		if (r == SER_REPAIRED && (out.len != size || (size && memcmp(out.p, data, size) != 0))) abort();
	}
	free(out.p);
	return 0;
}
