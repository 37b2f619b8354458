/* fuzz_serialized.c — libFuzzer target for the serialized walk
 * (docs/rules.md §7): on any input, with every spelling allowed, the
 * walk never crashes or reads out of bounds; with an identity rewrite a
 * SER_REPAIRED result is the input byte for byte, and the runs handed to
 * the rewrite are in order, non-empty, non-overlapping and inside the
 * buffer; the result does not depend on what the rewrite does (it is
 * decided before the first call). A second walk with a lengthening rewrite
 * exercises the length splicing. And serialized_plan with the same
 * lengthening rewrite, its changes and new lengths applied, gives the
 * walk's result and bytes; each changed string's measure is taken from
 * the changes alone (ser_delta, where it says it may) and in pieces
 * (ser_measure), and the two agree.
 *
 * Build and run: `make fuzz` (or `make build/fuzz/fuzz_serialized`). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serialized.h"

#define ALL_SPELLINGS ((1u << SER_SPELLING_COUNT) - 1)

struct ctx {
	size_t n, end, calls;
	bool lengthen;
};

static void append(struct buf *o, const void *p, size_t n)
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

static void rewrite(void *vctx, const unsigned char *p, size_t n, size_t off, bool in_string, struct buf *out)
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

/* ------------------------------------------------------------ the plan */

struct edit { size_t start, end; const char *repl; size_t repl_n, num; };   /* repl NULL: num's digits */

struct plan {
	const uint8_t *b;
	struct edit *e;
	size_t ne, cap;
	size_t open[64], nopen;
	size_t digits[64], ndigits[64];
	size_t at[64];            /* each open string's data start and spelling, as open named them */
	enum ser_spelling s[64];
};

static void add_edit(struct plan *p, struct edit e)
{
	if (p->ne == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->e = realloc(p->e, p->cap * sizeof *p->e);
		if (!p->e) abort();
	}
	p->e[p->ne++] = e;
}

static void plan_run(void *vctx, const unsigned char *q, size_t n, size_t off, bool in_string)
{
	struct plan *p = vctx;
	(void)in_string;
	if (q != p->b + off) abort();
	for (size_t i = 0; i < n; i++) {
		if (q[i] == 'x') add_edit(p, (struct edit){ off + i, off + i + 1, "xyz", 3, 0 });
		else if (q[i] == '&') add_edit(p, (struct edit){ off + i, off + i + 1, "&amp;", 5, 0 });
	}
}

static void plan_open(void *vctx, enum ser_spelling s, size_t digits, size_t ndigits, size_t at)
{
	struct plan *p = vctx;
	if (p->nopen == 64) abort();
	p->at[p->nopen] = at;
	p->s[p->nopen] = s;
	p->digits[p->nopen] = digits;
	p->ndigits[p->nopen] = ndigits;
	p->open[p->nopen++] = p->ne;
}

static const unsigned char *edit_bytes(const struct edit *e, char dig[24], size_t *n)
{
	if (e->repl) { *n = e->repl_n; return (const unsigned char *)e->repl; }
	*n = (size_t)snprintf(dig, 24, "%zu", e->num);
	return (const unsigned char *)dig;
}

static int plan_close(void *vctx, enum ser_spelling s, size_t at, size_t e, size_t old, ptrdiff_t *delta)
{
	(void)old;
	struct plan *p = vctx;
	if (!p->nopen) abort();
	size_t k = p->open[p->nopen - 1];
	if (p->at[p->nopen - 1] != at || p->s[p->nopen - 1] != s) abort();   /* open named another */
	if (p->ne == k) {
		p->nopen--;
		return 0;
	}
	struct ser_delta d;
	struct ser_measure m;
	ser_delta_init(&d, s);
	ser_measure_init(&m, s);
	size_t pos = at;
	char dig[24];
	for (size_t i = k; i < p->ne; i++) {
		size_t rn;
		const unsigned char *r = edit_bytes(&p->e[i], dig, &rn);
		if (p->e[i].start < pos || p->e[i].end > e) abort();
		ser_delta_keep(&d, p->b + pos, p->e[i].start - pos);
		ser_measure_feed(&m, p->b + pos, p->e[i].start - pos);
		ser_delta_change(&d, p->b + p->e[i].start, p->e[i].end - p->e[i].start, r, rn);
		ser_measure_feed(&m, r, rn);
		pos = p->e[i].end;
	}
	ser_delta_keep(&d, p->b + pos, e - pos);
	ser_measure_feed(&m, p->b + pos, e - pos);
	ptrdiff_t whole = (ptrdiff_t)ser_measure_end(&m) - (ptrdiff_t)serialized_measure(s, p->b + at, e - at), quick;
	if (ser_delta_end(&d, &quick) && quick != whole) abort();
	*delta = whole;
	return 1;
}

static void plan_length(void *vctx, size_t len)
{
	struct plan *p = vctx;
	if (!p->nopen) abort();
	size_t j = --p->nopen, k = p->open[j];
	if (len == SER_KEEP_LENGTH) return;
	add_edit(p, (struct edit){ 0 });
	memmove(p->e + k + 1, p->e + k, (p->ne - 1 - k) * sizeof *p->e);
	p->e[k] = (struct edit){ p->digits[j], p->digits[j] + p->ndigits[j], NULL, 0, len };
}

static const struct ser_plan_calls plan_calls = { plan_run, plan_open, plan_close, plan_length };

/* The plan against the walk's bytes out[0..len). */
static void check_plan(const uint8_t *data, size_t size, enum ser_result r, const struct buf *out)
{
	struct plan p = { .b = data };
	enum ser_result r2 = serialized_plan(data, size, ALL_SPELLINGS, &plan_calls, &p);
	if (r2 != r) abort();
	if (r == SER_REPAIRED) {
		if (p.nopen) abort();
		size_t pos = 0, n = 0;
		char dig[24];
		for (size_t i = 0; i <= p.ne; i++) {
			size_t upto = i < p.ne ? p.e[i].start : size, rn = 0;
			if (upto < pos || n + (upto - pos) > out->len || memcmp(out->p + n, data + pos, upto - pos) != 0) abort();
			n += upto - pos;
			if (i == p.ne) break;
			const unsigned char *q = edit_bytes(&p.e[i], dig, &rn);
			if (n + rn > out->len || memcmp(out->p + n, q, rn) != 0) abort();
			n += rn;
			pos = p.e[i].end;
		}
		if (n != out->len) abort();
	}
	free(p.e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)serialized_gate(data, size);

	struct buf out = { .limit = 64u << 20 };
	struct ctx c = { .n = size };
	enum ser_result r = serialized_walk(data, size, ALL_SPELLINGS, rewrite, &c, &out);
	if (r != SER_REPAIRED && c.calls != 0) abort();
	if (r == SER_REPAIRED && (out.len != size || (size && memcmp(out.p, data, size) != 0))) abort();

	struct ctx c2 = { .n = size, .lengthen = true };
	enum ser_result r2 = serialized_walk(data, size, ALL_SPELLINGS, rewrite, &c2, &out);
	if (r2 != r) abort();
	if (r2 != SER_REPAIRED && c2.calls != 0) abort();
	check_plan(data, size, r2, &out);

	/* one spelling at a time never crashes either */
	for (int s = 0; s < SER_SPELLING_COUNT; s++) {
		struct ctx c3 = { .n = size };
		r = serialized_walk(data, size, SER_SET(s), rewrite, &c3, &out);
		if (r == SER_REPAIRED && (out.len != size || (size && memcmp(out.p, data, size) != 0))) abort();
	}
	free(out.p);
	return 0;
}
