/* test_serialized.c — PHP serialized-length repair (rules.md §7, the sql
 * spelling of §7.3 for the sql type, §8.1). Written from the rules, not
 * from src/serialized.c: the rewrite here is a plain string
 * replace, and every expected output is written out with its lengths
 * counted by hand (the depth and readings-cap cases, too long to write out,
 * use a tiny test-side serializer instead).
 *
 * Every case also checks the general contract of serialized.h: rewrite is
 * called only on SER_REPAIRED, for runs in order that do not overlap, and an
 * identity rewrite gives the input back byte for byte. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serialized.h"
#include "testhook.h"
#include "suites.h"

/* The example map, in the spellings the test rewrite knows. */
#define C22 "https://www.example.fi"                  /* 22 bytes */
#define V31 "https://wt-a--example.ddev.site"         /* 31 bytes */
#define CJ "https:\\/\\/www.example.fi"               /* json/sql: 24 source bytes, 22 decoded */
#define VJ "https:\\/\\/wt-a--example.ddev.site"      /* 33 source bytes, 31 decoded */
#define CP "https%3A%2F%2Fwww.example.fi"             /* percent: 28 source bytes, 22 decoded */
#define VP "https%3A%2F%2Fwt-a--example.ddev.site"    /* 37 source bytes, 31 decoded */

#define ALL ((1u << SER_SPELLING_COUNT) - 1)
#define DEF SER_SET_DEFAULT
#define LIT SER_SET(SER_LITERAL)
#define SQL SER_SET(SER_SQL)
#define REP SER_REPAIRED
#define DEC SER_DECLINED
#define NON SER_NONE

/* ------------------------------------------------------------ helpers */

/* Appends to a ser_buf by doubling up to its limit; on failure marks it
 * (len past cap), the protocol serialized.c documents. */

/* serialized_walk with its second pass parsing again (testhook.h). */
static enum ser_result walk_reparsed(const unsigned char *b, size_t n, unsigned sp, ser_rewrite_fn rw, void *ctx,
                                     struct buf *out)
{
	testhook_walk_reparsed = true;
	enum ser_result r = serialized_walk(b, n, sp, rw, ctx, out);
	testhook_walk_reparsed = false;
	return r;
}

static void buf_append(struct buf *o, const void *p, size_t n)
{
	if (o->len > o->cap) return;
	if (n > o->cap - o->len) {
		size_t limit = o->limit ? o->limit : SIZE_MAX, cap = o->cap ? o->cap : 64;
		while (cap < o->len + n && cap <= limit / 2) cap *= 2;
		if (cap > limit) cap = limit;
		if (cap < o->len + n) {
			o->len = SIZE_MAX;
			return;
		}
		unsigned char *q = realloc(o->p, cap);
		ck_assert_ptr_nonnull(q);
		o->p = q;
		o->cap = cap;
	}
	memcpy(o->p + o->len, p, n);
	o->len += n;
}

struct call {
	size_t off, n;
	bool in_string;
};

struct rwctx {
	const char *const *from, *const *to;
	size_t npairs;
	struct call calls[64];
	size_t ncalls;
};

static const char *const map_from[] = { C22, CJ, CP };
static const char *const map_to[] = { V31, VJ, VP };

static void rw_replace(void *vctx, const unsigned char *p, size_t n, size_t off, bool in_string, struct buf *out)
{
	struct rwctx *c = vctx;
	if (c->ncalls < sizeof c->calls / sizeof c->calls[0])
		c->calls[c->ncalls] = (struct call){ off, n, in_string };
	c->ncalls++;
	for (size_t i = 0; i < n;) {
		size_t k;
		for (k = 0; k < c->npairs; k++) {
			size_t l = strlen(c->from[k]);
			if (n - i >= l && memcmp(p + i, c->from[k], l) == 0) {
				buf_append(out, c->to[k], strlen(c->to[k]));
				i += l;
				break;
			}
		}
		if (k == c->npairs) buf_append(out, p + i++, 1);
	}
}

static void rw_identity(void *vctx, const unsigned char *p, size_t n, size_t off, bool in_string, struct buf *out)
{
	rw_replace(vctx, p, n, off, in_string, out);
}

static const char *show(const void *vp, size_t n)
{
	static char buf[4][4096];
	static int which;
	const unsigned char *p = vp;
	char *b = buf[which++ & 3];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 8 < sizeof buf[0]; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f) b[k++] = (char)p[i];
		else k += (size_t)snprintf(b + k, sizeof buf[0] - k, "\\x%02X", p[i]);
	}
	b[k] = '\0';
	return b;
}

static const char *res_name(enum ser_result r)
{
	return r == SER_NONE ? "NONE" : r == SER_REPAIRED ? "REPAIRED" : r == SER_DECLINED ? "DECLINED" : "?";
}

/* The contract of serialized.h for one call. */
static void check_calls(int line, const struct rwctx *c, enum ser_result r, size_t n)
{
	if (r != SER_REPAIRED) {
		ck_assert_msg(c->ncalls == 0, "line %d: rewrite called %zu times on %s", line, c->ncalls, res_name(r));
		return;
	}
	size_t end = 0;
	for (size_t k = 0; k < c->ncalls && k < 64; k++) {
		ck_assert_msg(c->calls[k].n > 0, "line %d: empty run", line);
		ck_assert_msg(c->calls[k].off >= end, "line %d: run %zu out of order or overlapping", line, k);
		end = c->calls[k].off + c->calls[k].n;
		ck_assert_msg(end <= n, "line %d: run %zu past the buffer", line, k);
	}
}

/* Differential: the second pass replays the steps the first
 * recorded; with testhook_walk_reparsed it parses again instead (the way of a
 * walk past the record's cap). Both give the same result, the same output
 * and the same rewrite calls (offsets, lengths, string or not), in order. */
static void check_reparsed(int line, const void *in, size_t n, unsigned sp, const struct rwctx *c, enum ser_result r,
                           const struct buf *out)
{
	struct rwctx again = *c;
	again.ncalls = 0;
	struct buf out2 = { 0 };
	enum ser_result r2 = walk_reparsed(in, n, sp, rw_replace, &again, &out2);
	ck_assert_msg(r2 == r, "line %d: replayed %s, reparsed %s: %s", line, res_name(r), res_name(r2), show(in, n));
	ck_assert_msg(again.ncalls == c->ncalls, "line %d: %zu rewrite calls replayed, %zu reparsed", line, c->ncalls,
	              again.ncalls);
	for (size_t k = 0; k < c->ncalls && k < sizeof c->calls / sizeof c->calls[0]; k++)
		ck_assert_msg(again.calls[k].off == c->calls[k].off && again.calls[k].n == c->calls[k].n &&
		                  again.calls[k].in_string == c->calls[k].in_string,
		              "line %d: rewrite call %zu differs between replayed and reparsed", line, k);
	if (r == SER_REPAIRED)
		ck_assert_msg(out2.len == out->len && memcmp(out2.p, out->p, out->len) == 0,
		              "line %d: output differs:\n in       %s\n replayed %s\n reparsed %s", line, show(in, n),
		              show(out->p, out->len), show(out2.p, out2.len));
	free(out2.p);
}

/* Differential: serialized_plan hands its caller the runs, the
 * strings' places and their new lengths instead of building the new value;
 * the changes applied here (each run's replacements, each changed string's
 * new length over its digits, in source order) give what serialized_walk
 * builds, with the same result and the same runs. A string's new data is
 * measured here by building it and measuring it whole (value.c measures it
 * in pieces, as it is never built). */
struct plan_edit {
	size_t start, end;
	const char *repl;   /* NULL: the decimal digits of num */
	size_t repl_n, num;
};

struct planctx {
	struct rwctx rw;
	const unsigned char *b;
	struct plan_edit *e;
	size_t ne, cap;
	size_t open[64], nopen;
	size_t open_at[64];    /* each open string's data start and spelling, as open named them */
	enum ser_spelling open_s[64];
	unsigned char *data;   /* a string's new data, to measure */
	size_t data_cap;
};

static void plan_add(struct planctx *c, struct plan_edit e)
{
	if (c->ne == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->e = realloc(c->e, c->cap * sizeof *c->e);
		ck_assert_ptr_nonnull(c->e);
	}
	c->e[c->ne++] = e;
}

static void plan_run(void *vctx, const unsigned char *p, size_t n, size_t off, bool in_string)
{
	struct planctx *c = vctx;
	struct rwctx *r = &c->rw;
	if (r->ncalls < sizeof r->calls / sizeof r->calls[0]) r->calls[r->ncalls] = (struct call){ off, n, in_string };
	r->ncalls++;
	ck_assert_ptr_eq(p, c->b + off);
	for (size_t i = 0; i < n;) {
		size_t k;
		for (k = 0; k < r->npairs; k++) {
			size_t l = strlen(r->from[k]);
			if (n - i >= l && memcmp(p + i, r->from[k], l) == 0) {
				plan_add(c, (struct plan_edit){ off + i, off + i + l, r->to[k], strlen(r->to[k]), 0 });
				i += l;
				break;
			}
		}
		if (k == r->npairs) i++;
	}
}

static void plan_open(void *vctx, enum ser_spelling s, size_t digits, size_t ndigits, size_t at)
{
	struct planctx *c = vctx;
	ck_assert_uint_lt(c->nopen, sizeof c->open / sizeof c->open[0]);
	for (size_t i = digits; i < digits + ndigits; i++) ck_assert(c->b[i] >= '0' && c->b[i] <= '9');
	ck_assert_uint_gt(at, digits + ndigits);
	c->open_at[c->nopen] = at;
	c->open_s[c->nopen] = s;
	c->open[c->nopen++] = c->ne;
	plan_add(c, (struct plan_edit){ digits, digits + ndigits, NULL, 0, SIZE_MAX });
}

/* The bytes edits [from, ne) make of b[at, e), into c->data. */
static size_t plan_build(struct planctx *c, size_t from, size_t at, size_t e)
{
	size_t n = 0, pos = at;
	for (size_t i = from; i <= c->ne; i++) {
		const struct plan_edit *d = i < c->ne ? &c->e[i] : NULL;
		size_t upto = d ? d->start : e;
		char dig[24];
		const char *r = d ? d->repl : NULL;
		size_t rn = d ? d->repl_n : 0;
		if (d && !r) {
			ck_assert_msg(d->num != SIZE_MAX, "a string closed before one inside it");
			rn = (size_t)snprintf(dig, sizeof dig, "%zu", d->num);
			r = dig;
		}
		ck_assert_uint_ge(upto, pos);
		size_t need = n + (upto - pos) + rn + 1;   /* never an empty buffer */
		if (need > c->data_cap) {
			c->data_cap = 2 * need;
			c->data = realloc(c->data, c->data_cap);
			ck_assert_ptr_nonnull(c->data);
		}
		memcpy(c->data + n, c->b + pos, upto - pos);
		n += upto - pos;
		if (rn) memcpy(c->data + n, r, rn);
		n += rn;
		if (d) pos = d->end;
	}
	return n;
}

static int plan_close(void *vctx, enum ser_spelling s, size_t at, size_t e, size_t old, ptrdiff_t *delta)
{
	(void)old;
	struct planctx *c = vctx;
	ck_assert_uint_gt(c->nopen, 0);
	size_t k = c->open[c->nopen - 1];
	ck_assert_uint_le(c->e[k].end, at);
	/* open named the data and spelling close names */
	ck_assert_uint_eq(c->open_at[c->nopen - 1], at);
	ck_assert_int_eq(c->open_s[c->nopen - 1], s);
	if (c->ne == k + 1) {
		c->ne = k;
		c->nopen--;
		return 0;
	}
	size_t built = plan_build(c, k + 1, at, e), mnew;   /* first: it may move c->data */
	if (!serialized_measure_ok(s, c->data, built, &mnew)) return -1;   /* sqljson: as the walk, not measured */
	*delta = (ptrdiff_t)mnew - (ptrdiff_t)serialized_measure(s, c->b + at, e - at);
	return 1;
}

static void plan_length(void *vctx, size_t len)
{
	struct planctx *c = vctx;
	ck_assert_uint_gt(c->nopen, 0);
	size_t k = c->open[--c->nopen];
	if (len == SER_KEEP_LENGTH) {
		memmove(c->e + k, c->e + k + 1, (c->ne - k - 1) * sizeof *c->e);
		c->ne--;
	} else {
		c->e[k].num = len;
	}
}

static const struct ser_plan_calls plan_calls = { plan_run, plan_open, plan_close, plan_length, NULL };

static void check_plan(int line, const void *in, size_t n, unsigned sp, const struct rwctx *c, enum ser_result r,
                       const struct buf *out)
{
	struct planctx pc = { .rw = { c->from, c->to, c->npairs, { { 0 } }, 0 }, .b = in };
	enum ser_result r2 = serialized_plan(in, n, sp, &plan_calls, &pc);
	ck_assert_msg(r2 == r, "line %d: walk %s, plan %s: %s", line, res_name(r), res_name(r2), show(in, n));
	if (r == SER_NONE) ck_assert_uint_eq(pc.rw.ncalls, 0);
	if (r == SER_REPAIRED) {
		ck_assert_msg(pc.rw.ncalls == c->ncalls, "line %d: %zu runs walked, %zu planned", line, c->ncalls,
		              pc.rw.ncalls);
		for (size_t k = 0; k < c->ncalls && k < sizeof c->calls / sizeof c->calls[0]; k++)
			ck_assert_msg(pc.rw.calls[k].off == c->calls[k].off && pc.rw.calls[k].n == c->calls[k].n &&
			                  pc.rw.calls[k].in_string == c->calls[k].in_string,
			              "line %d: run %zu differs between walk and plan", line, k);
		ck_assert_msg(pc.nopen == 0, "line %d: %zu strings left open", line, pc.nopen);
		size_t m = plan_build(&pc, 0, 0, n);
		ck_assert_msg(m == out->len && memcmp(pc.data, out->p, m) == 0,
		              "line %d: output differs:\n in   %s\n walk %s\n plan %s", line, show(in, n),
		              show(out->p, out->len), show(pc.data, m));
	}
	free(pc.e);
	free(pc.data);
}

/* Walk with a given rewrite; free the buffer. */
static enum ser_result walk_with(int line, const void *in, size_t n, unsigned sp, struct rwctx *c,
                                 const void *want, size_t wn, enum ser_result want_res)
{
	struct buf out = { 0 };
	enum ser_result r = serialized_walk(in, n, sp, rw_replace, c, &out);
	ck_assert_msg(r == want_res, "line %d: %s, want %s: %s", line, res_name(r), res_name(want_res), show(in, n));
	check_calls(line, c, r, n);
	if (r == SER_REPAIRED && want)
		ck_assert_msg(out.len == wn && memcmp(out.p, want, wn) == 0, "line %d:\n in   %s\n got  %s\n want %s", line,
		              show(in, n), show(out.p, out.len), show(want, wn));
	check_reparsed(line, in, n, sp, c, r, &out);
	check_plan(line, in, n, sp, c, r, &out);
	free(out.p);
	return r;
}

/* One case: the example rewrite gives want_res (and want, when REPAIRED);
 * the identity rewrite gives the same result and the input back. */
static void check_case(int line, const void *in, size_t n, unsigned sp, enum ser_result want_res, const void *want,
                       size_t wn)
{
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	walk_with(line, in, n, sp, &c, want, wn, want_res);

	struct rwctx id = { NULL, NULL, 0, { { 0 } }, 0 };
	struct buf out = { 0 };
	enum ser_result r = serialized_walk(in, n, sp, rw_identity, &id, &out);
	ck_assert_msg(r == want_res, "line %d (identity): %s, want %s", line, res_name(r), res_name(want_res));
	check_calls(line, &id, r, n);
	if (r == SER_REPAIRED)
		ck_assert_msg(out.len == n && memcmp(out.p, in, n) == 0, "line %d: identity changed bytes:\n in  %s\n out %s",
		              line, show(in, n), show(out.p, out.len));
	check_plan(line, in, n, sp, &id, r, &out);
	free(out.p);
	if (want_res != SER_NONE)
		ck_assert_msg(serialized_gate(in, n), "line %d: the gate refused a value the walk finds: %s", line, show(in, n));
}

#define CASE(sp, res, in, want) check_case(__LINE__, in, sizeof(in) - 1, sp, res, want, sizeof(want) - 1)
#define NOPE(sp, res, in) check_case(__LINE__, in, sizeof(in) - 1, sp, res, NULL, 0)

/* A case under a custom rewrite of one pair. */
static void check_pair(int line, const char *from, const char *to, const char *in, unsigned sp, enum ser_result res,
                       const char *want)
{
	const char *f[1] = { from }, *t[1] = { to };
	struct rwctx c = { f, t, 1, { { 0 } }, 0 };
	walk_with(line, in, strlen(in), sp, &c, want, want ? strlen(want) : 0, res);
}
#define PAIR(from, to, sp, res, in, want) check_pair(__LINE__, from, to, in, sp, res, want)

/* ------------------------------------------------------------ §7.1 gate */

START_TEST(gate_accepts)
{
	static const char *const yes[] = {
		"s:5", " s:5", ";s:5", "b:0;", "i:1", "d:1", "a:1", "O:8", "R:1", "r:1", "E:1", "C:3", "N;", ";N;", "N%3B", "N%3b",
		"s%3A5", "x=s%3A5", "%22s%3a5", "&quot;s:5", "\\\"s:5", "text a:0:{} text",
	};
	for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++)
		ck_assert_msg(serialized_gate((const unsigned char *)yes[k], strlen(yes[k])), "refused %s", yes[k]);
}
END_TEST

START_TEST(gate_refuses)
{
	static const char *const no[] = {
		"", "s", "s:", "s:\"x\"", "s:&quot;x", "s:x", "x:5", ":5", "S:5", "A:1", "n;", "N", "N:", "N%3", "N%3C",
		"%3A", "%3Ax", "%3B5", "%3", "https://www.example.fi/a", "a:hover{color:red}", "{\"url\":\"https://x/a\"}",
		/* the gate also holds the start-position rule: no value can start here */
		"xs:5", "xN;", "%3A5", "%3a5", "grid:1", "flex-basis:2", "ab:0;",
		".hero{background:url(https://x/a.png)}", "<a href=\"https://x/a\">t</a>",
	};
	for (size_t k = 0; k < sizeof no / sizeof no[0]; k++)
		ck_assert_msg(!serialized_gate((const unsigned char *)no[k], strlen(no[k])), "admitted %s", no[k]);
}
END_TEST

/* The gate is the spec's, not a full superset: a lone scalar with a sign
 * passes no gate case, but the walk parses it (nothing to repair either
 * way, so skipping it costs nothing). */
START_TEST(gate_is_the_spec_gate)
{
	ck_assert(!serialized_gate((const unsigned char *)"i:-5;", 5));
	ck_assert(!serialized_gate((const unsigned char *)"d:INF;", 6));
	struct rwctx c = { NULL, NULL, 0, { { 0 } }, 0 };
	walk_with(__LINE__, "i:-5;", 5, ALL, &c, "i:-5;", 5, REP);
}
END_TEST

/* ------------------------------------------------------------ §7.1 start positions */

/* Each position rule, inside string data (where no "occupies" check
 * applies): a nested payload is found, and repaired, only where a value may
 * start. The outer data is P + `s:22:"C";` (30 bytes) → P + `s:31:"V";`
 * (39 bytes); when the inner start is not recognised the data is rewritten
 * as text, so the outer length is the same but the inner stays s:22. */
START_TEST(start_at_offset_zero)
{
	CASE(LIT, REP, "s:30:\"s:22:\"" C22 "\";\";", "s:39:\"s:31:\"" V31 "\";\";");
}
END_TEST

START_TEST(start_after_each_separator)
{
	/* rules.md §7.4: the data is not one whole value, so the inner header
	 * is string data and keeps its length; the outer one is repaired */
	CASE(LIT, REP, "s:32:\"x{s:22:\"" C22 "\";\";", "s:41:\"x{s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x;s:22:\"" C22 "\";\";", "s:41:\"x;s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x\"s:22:\"" C22 "\";\";", "s:41:\"x\"s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x=s:22:\"" C22 "\";\";", "s:41:\"x=s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x&s:22:\"" C22 "\";\";", "s:41:\"x&s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x:s:22:\"" C22 "\";\";", "s:41:\"x:s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x,s:22:\"" C22 "\";\";", "s:41:\"x,s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x's:22:\"" C22 "\";\";", "s:41:\"x's:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x>s:22:\"" C22 "\";\";", "s:41:\"x>s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x[s:22:\"" C22 "\";\";", "s:41:\"x[s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x+s:22:\"" C22 "\";\";", "s:41:\"x+s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x s:22:\"" C22 "\";\";", "s:41:\"x s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x\ts:22:\"" C22 "\";\";", "s:41:\"x\ts:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x\rs:22:\"" C22 "\";\";", "s:41:\"x\rs:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:32:\"x\ns:22:\"" C22 "\";\";", "s:41:\"x\ns:22:\"" V31 "\";\";");
}
END_TEST

START_TEST(start_after_percent_separator)
{
	/* rules.md §7.4: the data is not one whole value, so the inner header
	 * is string data and keeps its length; the outer one is repaired */
	CASE(LIT, REP, "s:34:\"x%7Bs:22:\"" C22 "\";\";", "s:43:\"x%7Bs:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:34:\"x%3bs:22:\"" C22 "\";\";", "s:43:\"x%3bs:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:34:\"x%20s:22:\"" C22 "\";\";", "s:43:\"x%20s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:34:\"x%0As:22:\"" C22 "\";\";", "s:43:\"x%0As:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:34:\"x%3Ds:22:\"" C22 "\";\";", "s:43:\"x%3Ds:22:\"" V31 "\";\";");
	/* %41 is `A`, not a separator: the inner header is not seen */
	CASE(LIT, REP, "s:34:\"x%41s:22:\"" C22 "\";\";", "s:43:\"x%41s:22:\"" V31 "\";\";");
}
END_TEST

START_TEST(start_after_quot_and_backslash_letter)
{
	/* rules.md §7.4: the data is not one whole value, so the inner header
	 * is string data and keeps its length; the outer one is repaired */
	CASE(LIT, REP, "s:37:\"x&quot;s:22:\"" C22 "\";\";", "s:46:\"x&quot;s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:33:\"x\\\"s:22:\"" C22 "\";\";", "s:42:\"x\\\"s:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:33:\"x\\ns:22:\"" C22 "\";\";", "s:42:\"x\\ns:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:33:\"x\\ts:22:\"" C22 "\";\";", "s:42:\"x\\ts:22:\"" V31 "\";\";");
	CASE(LIT, REP, "s:33:\"x\\rs:22:\"" C22 "\";\";", "s:42:\"x\\rs:22:\"" V31 "\";\";");
}
END_TEST

START_TEST(start_refused_elsewhere)
{
	/* a letter before the header: the inner length is not repaired */
	CASE(LIT, REP, "s:32:\"xqs:22:\"" C22 "\";\";", "s:41:\"xqs:22:\"" V31 "\";\";");
	/* `n` without its backslash */
	CASE(LIT, REP, "s:32:\"xns:22:\"" C22 "\";\";", "s:41:\"xns:22:\"" V31 "\";\";");
	/* `\q` is no whitespace escape */
	CASE(LIT, REP, "s:33:\"x\\qs:22:\"" C22 "\";\";", "s:42:\"x\\qs:22:\"" V31 "\";\";");
}
END_TEST

START_TEST(start_percent_shape)
{
	/* a type letter followed by %3A (any case), N followed by %3B */
	CASE(DEF, REP, "s%3a22%3a%22" CP "%22%3b", "s%3a31%3a%22" VP "%22%3b");
	CASE(DEF, REP, "N%3B", "N%3B");
	CASE(DEF, REP, "N%3b", "N%3b");
}
END_TEST

/* ------------------------------------------------------------ §7.4 occupies its field */

START_TEST(top_level_openers_and_closers)
{
	CASE(LIT, REP, "s:22:\"" C22 "\";", "s:31:\"" V31 "\";");
	CASE(LIT, REP, "opt=s:22:\"" C22 "\";", "opt=s:31:\"" V31 "\";");
	CASE(LIT, REP, "a=1&s:22:\"" C22 "\";&b=2", "a=1&s:31:\"" V31 "\";&b=2");
	CASE(LIT, REP, "\"s:22:\"" C22 "\";\"", "\"s:31:\"" V31 "\";\"");
	CASE(LIT, REP, "'s:22:\"" C22 "\";'", "'s:31:\"" V31 "\";'");
	CASE(LIT, REP, "<textarea>s:22:\"" C22 "\";</textarea>", "<textarea>s:31:\"" V31 "\";</textarea>");
	CASE(LIT, REP, "<![CDATA[s:22:\"" C22 "\";]]>", "<![CDATA[s:31:\"" V31 "\";]]>");
	CASE(DEF, REP, "&quot;s:22:&quot;" C22 "&quot;;&quot;", "&quot;s:31:&quot;" V31 "&quot;;&quot;");
	CASE(LIT, REP, "  \ts:22:\"" C22 "\";\r\n ", "  \ts:31:\"" V31 "\";\r\n ");
	CASE(LIT, REP, "<p>\n  s:22:\"" C22 "\";\n</p>", "<p>\n  s:31:\"" V31 "\";\n</p>");
}
END_TEST

START_TEST(top_level_declines)
{
	/* any other opener */
	NOPE(LIT, DEC, "{s:22:\"" C22 "\";}");
	NOPE(LIT, DEC, "see s:22:\"" C22 "\"; here");
	/* a closer that does not pair with the opener, or none */
	NOPE(LIT, DEC, "\"s:22:\"" C22 "\";'");
	NOPE(LIT, DEC, "\"s:22:\"" C22 "\";");
	NOPE(LIT, DEC, ">s:22:\"" C22 "\";");
	/* own field: only `&` or the end may follow */
	NOPE(LIT, DEC, "s:22:\"" C22 "\"; s:1:\"x\";");
	/* §7.4 example: a parse that stops short inside a string */
	NOPE(LIT, DEC, "s:14:\"https://a.test\";\"");
}
END_TEST

START_TEST(top_level_several_values)
{
	CASE(LIT, REP, "a=s:22:\"" C22 "\";&b=s:1:\"x\";", "a=s:31:\"" V31 "\";&b=s:1:\"x\";");
	CASE(DEF, REP, "a=s:22:\"" C22 "\";&b=s%3A22%3A%22" CP "%22%3B", "a=s:31:\"" V31 "\";&b=s%3A31%3A%22" VP "%22%3B");
}
END_TEST

/* Many top-level values, in two spellings taking turns: around the number
 * the first pass hands to the second (64 in src/serialized.c, a detail the
 * result must not show), each is repaired in its own spelling. */
START_TEST(top_level_many_values)
{
	static const size_t counts[] = { 1, 63, 64, 65, 130 };
	for (size_t t = 0; t < sizeof counts / sizeof counts[0]; t++) {
		size_t cnt = counts[t], cap = cnt * 64 + 1;
		char *in = malloc(cap), *want = malloc(cap);
		ck_assert_ptr_nonnull(in);
		ck_assert_ptr_nonnull(want);
		size_t ni = 0, nw = 0;
		for (size_t k = 0; k < cnt; k++) {
			const char *sep = k ? "&" : "";
			if (k % 2 == 0) {
				ni += (size_t)snprintf(in + ni, cap - ni, "%sv%zu=s:22:\"" C22 "\";", sep, k);
				nw += (size_t)snprintf(want + nw, cap - nw, "%sv%zu=s:31:\"" V31 "\";", sep, k);
			} else {
				ni += (size_t)snprintf(in + ni, cap - ni, "%sv%zu=s%%3A22%%3A%%22%s%%22%%3B", sep, k, CP);
				nw += (size_t)snprintf(want + nw, cap - nw, "%sv%zu=s%%3A31%%3A%%22%s%%22%%3B", sep, k, VP);
			}
		}
		check_case(__LINE__, in, ni, DEF, REP, want, nw);
		/* one stale length after them all declines the whole buffer */
		ni += (size_t)snprintf(in + ni, cap - ni, "&z=s:9:\"x\";");
		check_case(__LINE__, in, ni, DEF, DEC, NULL, 0);
		free(in);
		free(want);
	}
}
END_TEST

START_TEST(top_level_scalar_not_filling_its_field_is_passed_over)
{
	/* `b:1;` in CSS parses but has no length: it neither repairs nor declines */
	NOPE(LIT, NON, "x{b:1;} " C22);
	CASE(LIT, REP, "x{b:1;}&s:22:\"" C22 "\";", "x{b:1;}&s:31:\"" V31 "\";");
	CASE(LIT, REP, "N;", "N;");
}
END_TEST

/* ------------------------------------------------------------ §7.2 spellings */

START_TEST(spelling_literal)
{
	CASE(LIT, REP, "a:1:{s:3:\"url\";s:22:\"" C22 "\";}", "a:1:{s:3:\"url\";s:31:\"" V31 "\";}");
}
END_TEST

START_TEST(spelling_percent)
{
	CASE(DEF, REP, "a%3A1%3A%7Bs%3A3%3A%22url%22%3Bs%3A22%3A%22" CP "%22%3B%7D",
	     "a%3A1%3A%7Bs%3A3%3A%22url%22%3Bs%3A31%3A%22" VP "%22%3B%7D");
	/* any hex case on read; delimiters the walk did not write stay as they were */
	CASE(DEF, REP, "a%3a1%3a%7bs%3a3%3a%22url%22%3bs%3a22%3a%22" CP "%22%3b%7d",
	     "a%3a1%3a%7bs%3a3%3a%22url%22%3bs%3a31%3a%22" VP "%22%3b%7d");
	/* `+` counts 1: `a+b` + 22 = 25 → 3 + 31 = 34 */
	CASE(DEF, REP, "s%3A25%3A%22a+b" CP "%22%3B", "s%3A34%3A%22a+b" VP "%22%3B");
	/* unescaped URL bytes count 1 each */
	CASE(DEF, REP, "s%3A22%3A%22" C22 "%22%3B", "s%3A31%3A%22" V31 "%22%3B");
	/* a form field */
	CASE(DEF, REP, "opt=a%3A1%3A%7Bi%3A0%3Bs%3A22%3A%22" CP "%22%3B%7D&x=1",
	     "opt=a%3A1%3A%7Bi%3A0%3Bs%3A31%3A%22" VP "%22%3B%7D&x=1");
	/* a `%` that is no escape cannot be measured: the header declines */
	NOPE(DEF, DEC, "s%3A3%3A%22%zz%22%3B");
}
END_TEST

START_TEST(spelling_percent_measures_decoded_bytes)
{
	/* `X` → `%41%42`: 5 more source bytes, but 2 decoded bytes in all */
	PAIR("X", "%41%42", DEF, REP, "s%3A1%3A%22X%22%3B", "s%3A2%3A%22%41%42%22%3B");
	/* `ab` → `%41`: shorter in decoded bytes by 1 */
	PAIR("ab", "%41", DEF, REP, "s%3A3%3A%22abc%22%3B", "s%3A2%3A%22%41c%22%3B");
}
END_TEST

START_TEST(spelling_html)
{
	CASE(DEF, REP, "a:1:{s:1:&quot;u&quot;;s:22:&quot;" C22 "&quot;;}",
	     "a:1:{s:1:&quot;u&quot;;s:31:&quot;" V31 "&quot;;}");
	/* &#34; and &#034; read as quotes and are kept as written */
	CASE(DEF, REP, "s:22:&#34;" C22 "&#34;;", "s:31:&#34;" V31 "&#34;;");
	CASE(DEF, REP, "s:22:&#034;" C22 "&#034;;", "s:31:&#034;" V31 "&#034;;");
	CASE(DEF, REP, "s:22:&#34;" C22 "&quot;;", "s:31:&#34;" V31 "&quot;;");
}
END_TEST

START_TEST(spelling_html_amp_readings)
{
	/* data holds a bare `&` (1 byte), esc_attr wrote `&amp;`: 22 + 9 = 31 */
	CASE(DEF, REP, "s:31:&quot;" C22 "/?a=1&amp;b=2&quot;;", "s:40:&quot;" V31 "/?a=1&amp;b=2&quot;;");
	/* data held the five bytes `&amp;` already: 22 + 13 = 35 */
	CASE(DEF, REP, "s:35:&quot;" C22 "/?a=1&amp;b=2&quot;;", "s:44:&quot;" V31 "/?a=1&amp;b=2&quot;;");
	/* a quote reference always counts 1: data `a"b` */
	CASE(DEF, REP, "s:25:&quot;a&quot;b" C22 "&quot;;", "s:34:&quot;a&quot;b" V31 "&quot;;");
	/* both readings of `&lt;` find a closing `&quot;;`: decline
	 * (28 = 22 + `aa<";a`; 4-byte reading lands on the first closer) */
	NOPE(DEF, DEC, "s:28:&quot;" C22 "aa&lt;&quot;;a&quot;;");
	/* neither reading closes */
	NOPE(DEF, DEC, "s:33:&quot;" C22 "/?a=1&amp;b=2&quot;;");
}
END_TEST

START_TEST(spelling_html_length_is_a_source_delta)
{
	/* old LEN + (new source length − old source length): 1 + (5 − 1) */
	PAIR("X", "&amp;", DEF, REP, "s:1:&quot;X&quot;;", "s:5:&quot;&amp;&quot;;");
	/* data held `&amp;` literally: 6 → 6 + (10 − 6) */
	PAIR("X", "&amp;", DEF, REP, "s:6:&quot;&amp;X&quot;;", "s:10:&quot;&amp;&amp;&quot;;");
}
END_TEST

/* `&ab;` (1 or 4 bytes) and `&amp;` (1 or 5) give readings 3a + 4b apart:
 * 300 + 300 of them pass 2048 live readings and decline; 100 + 100 stay
 * under and exactly one reading (all literal) closes. */
static char *refs_blob(size_t k, const char *host, size_t len)
{
	size_t cap = 64 + k * 9 + strlen(host);
	char *s = malloc(cap), *p = s;
	ck_assert_ptr_nonnull(s);
	p += sprintf(p, "s:%zu:&quot;", len);
	for (size_t i = 0; i < k; i++) p += sprintf(p, "&ab;");
	for (size_t i = 0; i < k; i++) p += sprintf(p, "&amp;");
	sprintf(p, "%s&quot;;", host);
	return s;
}

START_TEST(spelling_html_readings_cap)
{
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	char *in = refs_blob(100, C22, 922), *want = refs_blob(100, V31, 931);
	walk_with(__LINE__, in, strlen(in), DEF, &c, want, strlen(want), REP);
	free(in);
	free(want);
	c.ncalls = 0;
	in = refs_blob(300, C22, 2722);
	walk_with(__LINE__, in, strlen(in), DEF, &c, NULL, 0, DEC);
	free(in);
}
END_TEST

START_TEST(spelling_json)
{
	CASE(DEF, REP, "a:1:{s:3:\\\"url\\\";s:22:\\\"" CJ "\\\";}", "a:1:{s:3:\\\"url\\\";s:31:\\\"" VJ "\\\";}");
	/* two-byte escapes count 1: a \n b \" c space = 6, + 22 */
	CASE(DEF, REP, "s:28:\\\"a\\nb\\\"c " CJ "\\\";", "s:37:\\\"a\\nb\\\"c " VJ "\\\";");
	/* only `\"` is the quote: `\'` is data */
	NOPE(DEF, DEC, "s:1:\\\"a\\';");
	CASE(DEF, REP, "s:2:\\\"\\'" "a\\\";", "s:2:\\\"\\'" "a\\\";");
	/* inside a JSON document, opened and closed by `"` */
	CASE(DEF, REP, "{\"opt\":\"s:22:\\\"" CJ "\\\";\"}", "{\"opt\":\"s:31:\\\"" VJ "\\\";\"}");
}
END_TEST

START_TEST(spelling_json_unicode_escapes)
{
	/* \u00e4 and \u00f6 count 2: K ä y t ö space = 8, + 22 = 30 */
	CASE(DEF, REP, "s:30:\\\"K\\u00e4yt\\u00f6 " CJ "\\\";", "s:39:\\\"K\\u00e4yt\\u00f6 " VJ "\\\";");
	/* \u65e5\u672c (日本) count 3 each: 7 + 22 */
	CASE(DEF, REP, "s:29:\\\"\\u65e5\\u672c " CJ "\\\";", "s:38:\\\"\\u65e5\\u672c " VJ "\\\";");
	/* a surrogate pair counts 4 (12 source bytes): 5 + 22 */
	CASE(DEF, REP, "s:27:\\\"\\ud83c\\udf89 " CJ "\\\";", "s:36:\\\"\\ud83c\\udf89 " VJ "\\\";");
	/* \u0041 counts 1; uppercase hex digits */
	CASE(DEF, REP, "s:25:\\\"\\u0041\\u00C4" CJ "\\\";", "s:34:\\\"\\u0041\\u00C4" VJ "\\\";");
	/* lone surrogates refuse: the committed header declines (26 is what a
	 * 3-byte reading of the surrogate would give) */
	NOPE(DEF, DEC, "s:26:\\\"\\ud83c " CJ "\\\";");
	NOPE(DEF, DEC, "s:26:\\\"\\udf89 " CJ "\\\";");
	NOPE(DEF, DEC, "s:26:\\\"\\ud83c\\u0041" CJ "\\\";");
	/* a length that ends inside a character (true length 24) */
	NOPE(DEF, DEC, "s:23:\\\"" CJ "\\u00e4\\\";");
	/* bad hex */
	NOPE(DEF, DEC, "s:23:\\\"\\u00g4" CJ "\\\";");
}
END_TEST

START_TEST(spelling_json_measures_decoded_bytes)
{
	PAIR("X", "\\u00e4", DEF, REP, "s:1:\\\"X\\\";", "s:2:\\\"\\u00e4\\\";");
	PAIR("X", "\\ud83c\\udf89", DEF, REP, "s:2:\\\"aX\\\";", "s:5:\\\"a\\ud83c\\udf89\\\";");
}
END_TEST

START_TEST(spelling_jsonhtml)
{
	CASE(DEF, REP, "a:1:{s:3:\\&quot;url\\&quot;;s:22:\\&quot;" CJ "\\&quot;;}",
	     "a:1:{s:3:\\&quot;url\\&quot;;s:31:\\&quot;" VJ "\\&quot;;}");
	/* a bare `&` in the data, esc_attr'd: 22 + `?a=1&b=2` = 30 */
	CASE(DEF, REP, "s:30:\\&quot;" CJ "?a=1&amp;b=2\\&quot;;", "s:39:\\&quot;" VJ "?a=1&amp;b=2\\&quot;;");
	/* \u escapes: ä space = 3, + 22 */
	CASE(DEF, REP, "s:25:\\&quot;\\u00e4 " CJ "\\&quot;;", "s:34:\\&quot;\\u00e4 " VJ "\\&quot;;");
	/* a data quote is \&quot; (1) */
	CASE(DEF, REP, "s:24:\\&quot;\\&quot;x" CJ "\\&quot;;", "s:33:\\&quot;\\&quot;x" VJ "\\&quot;;");
	/* as an esc_attr'd JSON object value */
	CASE(DEF, REP, "{&quot;url&quot;:&quot;s:22:\\&quot;" CJ "\\&quot;;&quot;}",
	     "{&quot;url&quot;:&quot;s:31:\\&quot;" VJ "\\&quot;;&quot;}");
}
END_TEST

/* ------------------------------------------------------------ the sql spelling */

START_TEST(sql_basic)
{
	CASE(SQL, REP, "a:1:{s:3:\\\"url\\\";s:22:\\\"" C22 "\\\";}", "a:1:{s:3:\\\"url\\\";s:31:\\\"" V31 "\\\";}");
	CASE(SQL, REP, "a:1:{s:3:\\\"url\\\";s:22:\\\"" CJ "\\\";}", "a:1:{s:3:\\\"url\\\";s:31:\\\"" VJ "\\\";}");
	/* the sql spelling is tried only when asked for (the literal spelling
	 * commits at `a:1:{` and fails on `\"`) */
	NOPE(LIT, DEC, "a:1:{s:3:\\\"url\\\";s:22:\\\"" C22 "\\\";}");
}
END_TEST

START_TEST(sql_every_escape)
{
	/* \0 \' \" \b \n \r \t \Z \\ count 1 (9), \% \_ count 2 (4): 13 + 22 */
	CASE(SQL, REP, "s:35:\\\"\\0\\'\\\"\\b\\n\\r\\t\\Z\\\\\\%\\_" C22 "\\\";",
	     "s:44:\\\"\\0\\'\\\"\\b\\n\\r\\t\\Z\\\\\\%\\_" V31 "\\\";");
	/* each alone */
	CASE(SQL, REP, "s:1:\\\"\\0\\\";", "s:1:\\\"\\0\\\";");
	CASE(SQL, REP, "s:1:\\\"\\'\\\";", "s:1:\\\"\\'\\\";");
	CASE(SQL, REP, "s:1:\\\"\\\"\\\";", "s:1:\\\"\\\"\\\";");
	CASE(SQL, REP, "s:1:\\\"\\b\\\";", "s:1:\\\"\\b\\\";");
	CASE(SQL, REP, "s:1:\\\"\\n\\\";", "s:1:\\\"\\n\\\";");
	CASE(SQL, REP, "s:1:\\\"\\r\\\";", "s:1:\\\"\\r\\\";");
	CASE(SQL, REP, "s:1:\\\"\\t\\\";", "s:1:\\\"\\t\\\";");
	CASE(SQL, REP, "s:1:\\\"\\Z\\\";", "s:1:\\\"\\Z\\\";");
	CASE(SQL, REP, "s:1:\\\"\\\\\\\";", "s:1:\\\"\\\\\\\";");
	CASE(SQL, REP, "s:2:\\\"\\%\\\";", "s:2:\\\"\\%\\\";");
	CASE(SQL, REP, "s:2:\\\"\\_\\\";", "s:2:\\\"\\_\\\";");
	/* \Z with a host: Z-byte + space = 2, + 22 */
	CASE(SQL, REP, "s:24:\\\"\\Z " C22 "\\\";", "s:33:\\\"\\Z " V31 "\\\";");
	/* miscounting an escape declines */
	NOPE(SQL, DEC, "s:2:\\\"\\0\\\";");
	NOPE(SQL, DEC, "s:1:\\\"\\%\\\";");
}
END_TEST

/* The sqlraw spelling (rules.md §7.3): a single-quoted literal whose
 * serialized quote is a raw `"`; `''` counts one byte, MySQL escapes as in
 * the sql spelling; the mysqldump form still goes by the sql spelling. */
#define SQLR (SER_SET(SER_SQL) | SER_SET(SER_SQLRAW))
START_TEST(sqlraw_spelling)
{
	CASE(SQLR, REP, "a:1:{s:1:\"u\";s:22:\"" C22 "\";}", "a:1:{s:1:\"u\";s:31:\"" V31 "\";}");
	CASE(SQLR, REP, "s:27:\"it''s " C22 "\";", "s:36:\"it''s " V31 "\";");
	CASE(SQLR, REP, "s:3:\"x''y\";", "s:3:\"x''y\";");
	/* a raw `"` in the data is one byte; `\\` `\n` `\"` one each, `\%` two */
	CASE(SQLR, REP, "s:31:\"\"q\"\\\\\\n\\\"\\% " C22 "\";", "s:40:\"\"q\"\\\\\\n\\\"\\% " V31 "\";");
	CASE(SQLR, REP, "a:1:{s:3:\\\"url\\\";s:22:\\\"" C22 "\\\";}", "a:1:{s:3:\\\"url\\\";s:31:\\\"" V31 "\\\";}");
	/* nested, raw quotes all the way */
	CASE(SQLR, REP, "s:44:\"a:1:{s:1:\"u\";s:22:\"" C22 "\";}\";", "s:53:\"a:1:{s:1:\"u\";s:31:\"" V31 "\";}\";");
	/* `''` counted as two, and a lone `'`, decline */
	NOPE(SQLR, DEC, "s:26:\"it''s " C22 "\";");
	NOPE(SQLR, DEC, "s:3:\"x'y\";");
	/* without the sqlraw spelling the raw form is not understood */
	NOPE(SQL, DEC, "a:1:{s:1:\"u\";s:22:\"" C22 "\";}");
}
END_TEST

/* The sqljson spelling (rules.md §7.2, §7.3): a JSON string in a MySQL
 * literal. The quote is `\\\"`; a length counts the bytes left once the
 * MySQL escapes and then the JSON escapes are undone. */
#define SQLJ (SER_SET(SER_SQL) | SER_SET(SER_SQLRAW) | SER_SET(SER_SQLJSON))
#define QJ "\\\\\\\""   /* `\\\"` */
START_TEST(sqljson_spelling)
{
	CASE(SQLJ, REP, "a:1:{s:3:" QJ "url" QJ ";s:22:" QJ C22 QJ ";}", "a:1:{s:3:" QJ "url" QJ ";s:31:" QJ V31 QJ ";}");
	/* json_encode's `\/` escaped for MySQL, `\\/`: one byte each */
	PAIR("https:\\\\/\\\\/www.example.fi", "https:\\\\/\\\\/wt-a--example.ddev.site", SQLJ, REP,
	     "s:22:" QJ "https:\\\\/\\\\/www.example.fi" QJ ";", "s:31:" QJ "https:\\\\/\\\\/wt-a--example.ddev.site" QJ ";");
	/* `\\\"` `\\\\` `\\n` `\'` one byte each, `\\\%` two (JSON's `\\` and
	 * `%`), `\\u00e4` two, a surrogate pair four: 20 + 22 (PHP's count) */
	CASE(SQLJ, REP, "s:42:" QJ QJ "q" QJ " \\\\\\\\ \\\\n\\' \\\\\\% \\\\u00e4 \\\\ud83d\\\\ude00 " C22 QJ ";",
	     "s:51:" QJ QJ "q" QJ " \\\\\\\\ \\\\n\\' \\\\\\% \\\\u00e4 \\\\ud83d\\\\ude00 " V31 QJ ";");
	/* `''` one quote or two, as in the sql spelling */
	CASE(SQLJ, REP, "s:27:" QJ "it''s " C22 QJ ";", "s:36:" QJ "it''s " V31 QJ ";");
	/* double serialized: the inner value's quotes are `\\\"` too */
	CASE(SQLJ, REP, "s:44:" QJ "a:1:{s:1:" QJ "u" QJ ";s:22:" QJ C22 QJ ";}" QJ ";",
	     "s:53:" QJ "a:1:{s:1:" QJ "u" QJ ";s:31:" QJ V31 QJ ";}" QJ ";");
	/* a JSON string in the literal, `\"…\"`, is a field (§7.2) */
	CASE(SQLJ, REP, "{\\\"o\\\":\\\"s:22:" QJ C22 QJ ";\\\"}", "{\\\"o\\\":\\\"s:31:" QJ V31 QJ ";\\\"}");
	CASE(SQLJ, REP, "[\\\"a:0:{}\\\",\\\"s:22:" QJ C22 QJ ";\\\"]", "[\\\"a:0:{}\\\",\\\"s:31:" QJ V31 QJ ";\\\"]");
	NOPE(SQLJ, DEC, "{\\\"o\\\":\\\"s:22:" QJ C22 QJ ";x\\\"}");
	/* cannot be measured, or a stale length: declined (§7.5) */
	NOPE(SQLJ, DEC, "s:22:" QJ C22 QJ ";x");
	NOPE(SQLJ, DEC, "s:21:" QJ C22 QJ ";");
	NOPE(SQLJ, DEC, "s:30:" QJ "\\\\ud83d " C22 QJ ";");    /* a lone surrogate */
	NOPE(SQLJ, DEC, "s:25:" QJ "\\\\ude00 " C22 QJ ";");
	NOPE(SQLJ, DEC, "s:24:" QJ "\\\\x " C22 QJ ";");          /* JSON `\x` */
	NOPE(SQLJ, DEC, "s:24:" QJ "\\\\\\n " C22 QJ ";");        /* JSON `\` LF */
	NOPE(SQLJ, DEC, "s:24:" QJ "\\% " C22 QJ ";");            /* JSON `\%` */
	NOPE(SQLJ, DEC, "s:24:" QJ "\\\\'' " C22 QJ ";");         /* JSON `\'` or `\''` */
	/* without the sqljson spelling the value is not understood */
	NOPE(SQL, DEC, "a:1:{s:3:" QJ "url" QJ ";s:22:" QJ C22 QJ ";}");
	/* new data that cannot be measured (JSON `\q`) is not repaired: the
	 * walk and the plan decline in their second pass, at the string's
	 * close (the runs before it have been through the rewrite) */
	{
		static const char in[] = "s:2:" QJ "xq" QJ ";";
		const char *f[1] = { "x" }, *t[1] = { "\\\\" };
		struct rwctx c = { f, t, 1, { { 0 } }, 0 };
		struct buf out = { 0 };
		ck_assert_int_eq(serialized_walk((const unsigned char *)in, sizeof in - 1, SQLJ, rw_replace, &c, &out), DEC);
		ck_assert_int_eq(walk_reparsed((const unsigned char *)in, sizeof in - 1, SQLJ, rw_replace, &c, &out),
		                 DEC);
		struct planctx pc = { .rw = { f, t, 1, { { 0 } }, 0 }, .b = (const unsigned char *)in };
		ck_assert_int_eq(serialized_plan((const unsigned char *)in, sizeof in - 1, SQLJ, &plan_calls, &pc), DEC);
		free(pc.e);
		free(pc.data);
		free(out.p);
	}
	/* an escape the change makes with the byte after it, measured whole:
	 * `\\` before `n` is JSON's `\n`, one byte */
	PAIR("x", "\\\\", SQLJ, REP, "s:2:" QJ "xn" QJ ";", "s:1:" QJ "\\\\n" QJ ";");
}
END_TEST

/* New data that cannot be measured, found in the second pass at the
 * string's close: the walk, the reparsed walk and the plan decline (the
 * runs before it have been through the rewrite, as serialized.h allows). */
static void declined_at_close(int line, const char *from, const char *to, unsigned sp, const char *in)
{
	const char *f[1] = { from }, *t[1] = { to };
	size_t n = strlen(in);
	struct rwctx c = { f, t, 1, { { 0 } }, 0 };
	struct buf out = { 0 };
	ck_assert_msg(serialized_walk((const unsigned char *)in, n, sp, rw_replace, &c, &out) == DEC, "line %d", line);
	ck_assert_msg(walk_reparsed((const unsigned char *)in, n, sp, rw_replace, &c, &out) == DEC, "line %d",
	              line);
	struct planctx pc = { .rw = { f, t, 1, { { 0 } }, 0 }, .b = (const unsigned char *)in };
	ck_assert_msg(serialized_plan((const unsigned char *)in, n, sp, &plan_calls, &pc) == DEC, "line %d", line);
	free(pc.e);
	free(pc.data);
	free(out.p);
}
#define DECLINED_AT_CLOSE(from, to, sp, in) declined_at_close(__LINE__, from, to, sp, in)

/* The sqlstd spelling (rules.md §7.3): a single-quoted literal with
 * standard strings (PostgreSQL's `pg_dump --inserts`, SQLite's `.dump`):
 * the serialized quote is a raw `"`, `''` counts one byte, a lone `'` is
 * no data, and a backslash is one plain byte that escapes nothing. */
#define SSTD SER_SET(SER_SQLSTD)
START_TEST(sqlstd_spelling)
{
	CASE(SSTD, REP, "a:1:{s:1:\"u\";s:22:\"" C22 "\";}", "a:1:{s:1:\"u\";s:31:\"" V31 "\";}");
	/* PHP's `it's` is `it''s`, 4 bytes; with a space and the origin 27 */
	CASE(SSTD, REP, "s:4:\"it''s\";", "s:4:\"it''s\";");
	CASE(SSTD, REP, "s:27:\"it''s " C22 "\";", "s:36:\"it''s " V31 "\";");
	CASE(SSTD, REP, "s:2:\"''''\";", "s:2:\"''''\";");
	/* a backslash is a byte: `a\nb` is 4 bytes, `\"` a backslash and the
	 * quote, `\\` two bytes */
	CASE(SSTD, REP, "s:4:\"a\\nb\";", "s:4:\"a\\nb\";");
	CASE(SSTD, REP, "s:27:\"a\\nb " C22 "\";", "s:36:\"a\\nb " V31 "\";");
	CASE(SSTD, REP, "s:23:\"" C22 "\\\";", "s:32:\"" V31 "\\\";");
	CASE(SSTD, REP, "s:25:\"\\\\''" C22 "\";", "s:34:\"\\\\''" V31 "\";");
	/* nested arrays, and serialized data in a string (44 bytes: 53) */
	CASE(SSTD, REP,
	     "a:2:{i:0;s:44:\"a:1:{s:1:\"u\";s:22:\"" C22 "\";}\";i:1;a:1:{s:1:\"k\";s:27:\"it''s " C22 "\";}}",
	     "a:2:{i:0;s:53:\"a:1:{s:1:\"u\";s:31:\"" V31 "\";}\";i:1;a:1:{s:1:\"k\";s:36:\"it''s " V31 "\";}}");
	/* a length that does not fit: `''` counted as two, a backslash
	 * escape counted as one, a stale length, a lone `'`: declined */
	NOPE(SSTD, DEC, "s:28:\"it''s " C22 "\";");
	NOPE(SSTD, DEC, "s:26:\"a\\nb " C22 "\";");
	NOPE(SSTD, DEC, "s:21:\"" C22 "\";");
	NOPE(SSTD, DEC, "s:3:\"x'y\";");
	/* a replacement that puts a lone `'` into the data is not measured */
	DECLINED_AT_CLOSE("x", "'", SSTD, "s:1:\"x\";");
	PAIR("x", "''", SSTD, REP, "s:1:\"x\";", "s:1:\"''\";");
	/* the sqlraw spelling reads the backslash as an escape */
	NOPE(SER_SET(SER_SQLRAW), DEC, "s:27:\"a\\nb " C22 "\";");
}
END_TEST

/* The copy spelling (rules.md §7.3): one field of a PostgreSQL COPY text
 * row. The serialized quote is a raw `"`, a `'` is a plain byte, and a
 * backslash escape counts as the one byte it decodes to. */
#define SCOPY SER_SET(SER_COPY)
START_TEST(copy_spelling)
{
	CASE(SCOPY, REP, "a:1:{s:1:\"u\";s:22:\"" C22 "\";}", "a:1:{s:1:\"u\";s:31:\"" V31 "\";}");
	CASE(SCOPY, REP, "s:27:\"it's " C22 "\";", "s:36:\"it's " V31 "\";");
	/* `\\` `\b` `\f` `\n` `\r` `\t` `\v` one byte each: 7 + 22 */
	CASE(SCOPY, REP, "s:29:\"\\\\\\b\\f\\n\\r\\t\\v" C22 "\";", "s:38:\"\\\\\\b\\f\\n\\r\\t\\v" V31 "\";");
	/* `\` and any other byte: that byte (`\N` inside a field, `\'`, `\q`) */
	CASE(SCOPY, REP, "s:25:\"\\N\\'\\q" C22 "\";", "s:34:\"\\N\\'\\q" V31 "\";");
	/* octal, 1 to 3 digits: `\101` `\7` `\12` one each, `\1234` the
	 * byte of `\123` and `4`, `\8` the byte `8`, `\777` one: 7 + 22 */
	CASE(SCOPY, REP, "s:29:\"\\101\\7\\12\\1234\\8\\777" C22 "\";", "s:38:\"\\101\\7\\12\\1234\\8\\777" V31 "\";");
	/* hex, 1 or 2 digits: `\x41` `\x4` one, `\x4g` two, `\xg` (the byte
	 * `x`, then `g`) two, `\x414` two: 8 + 22 */
	CASE(SCOPY, REP, "s:30:\"\\x41\\x4\\x4g\\xg\\x414" C22 "\";", "s:39:\"\\x41\\x4\\x4g\\xg\\x414" V31 "\";");
	/* `\"` is the byte `"`, not the quote; PHP's backslash is `\\` */
	CASE(SCOPY, REP, "s:1:\"\\\"\";", "s:1:\"\\\"\";");
	CASE(SCOPY, REP, "s:2:\"a\\\"\";", "s:2:\"a\\\"\";");
	CASE(SCOPY, REP, "s:1:\"\\\\\";", "s:1:\"\\\\\";");
	NOPE(SCOPY, DEC, "s:1:\"\\\";");
	/* nested: escapes inside the inner string (3 + 22 = 25), the inner
	 * value 47 bytes decoded */
	CASE(SCOPY, REP, "a:1:{i:0;s:47:\"a:1:{s:1:\"u\";s:25:\"\\t\\101\\x41" C22 "\";}\";}",
	     "a:1:{i:0;s:56:\"a:1:{s:1:\"u\";s:34:\"\\t\\101\\x41" V31 "\";}\";}");
	/* a nested value followed by an escaped newline: white space */
	CASE(SCOPY, REP, "s:31:\"s:22:\"" C22 "\";\\n\";", "s:40:\"s:31:\"" V31 "\";\\n\";");
	/* lengths that do not fit: `\101` counted as four bytes, a stale
	 * length: declined */
	NOPE(SCOPY, DEC, "s:26:\"\\101" C22 "\";");
	NOPE(SCOPY, DEC, "s:21:\"" C22 "\";");
	/* a replacement that makes an escape with the byte after it is
	 * measured whole (`\n`, `\1`: one byte); one that leaves a backslash
	 * at the data's end (it would escape the quote) is not measured */
	PAIR("x", "\\", SCOPY, REP, "s:2:\"xn\";", "s:1:\"\\n\";");
	PAIR("x", "\\", SCOPY, REP, "s:2:\"x1\";", "s:1:\"\\1\";");
	DECLINED_AT_CLOSE("x", "\\", SCOPY, "s:1:\"x\";");
	PAIR("x", "'", SCOPY, REP, "s:1:\"x\";", "s:1:\"'\";");
}
END_TEST

/* The pgesc spelling (rules.md §7.3): the body of a PostgreSQL E'...'
 * literal. copy's escapes, `''` and `\'` one quote each, and `\uXXXX`,
 * `\UXXXXXXXX` the UTF-8 bytes of their code point. */
#define SPGE SER_SET(SER_PGESC)
START_TEST(pgesc_spelling)
{
	CASE(SPGE, REP, "a:1:{s:1:\"u\";s:22:\"" C22 "\";}", "a:1:{s:1:\"u\";s:31:\"" V31 "\";}");
	CASE(SPGE, REP, "s:27:\"it''s " C22 "\";", "s:36:\"it''s " V31 "\";");
	CASE(SPGE, REP, "s:27:\"it\\'s " C22 "\";", "s:36:\"it\\'s " V31 "\";");
	/* `\\` `\b` `\f` `\n` `\r` `\t` and `\v` (the byte `v`) one each */
	CASE(SPGE, REP, "s:29:\"\\\\\\b\\f\\n\\r\\t\\v" C22 "\";", "s:38:\"\\\\\\b\\f\\n\\r\\t\\v" V31 "\";");
	/* octal and hex as in copy: 7 + 22, 8 + 22 */
	CASE(SPGE, REP, "s:29:\"\\101\\7\\12\\1234\\8\\777" C22 "\";", "s:38:\"\\101\\7\\12\\1234\\8\\777" V31 "\";");
	CASE(SPGE, REP, "s:30:\"\\x41\\x4\\x4g\\xg\\x414" C22 "\";", "s:39:\"\\x41\\x4\\x4g\\xg\\x414" V31 "\";");
	/* `\u00e4` 2, `\u20AC` 3, `\U0001F600` 4, `\ud83d\ude00` 4, `\u0041`
	 * 1: 14 + 22 */
	CASE(SPGE, REP, "s:36:\"\\u00e4\\u20AC\\U0001F600\\ud83d\\ude00\\u0041" C22 "\";",
	     "s:45:\"\\u00e4\\u20AC\\U0001F600\\ud83d\\ude00\\u0041" V31 "\";");
	/* `\"` is the byte `"` */
	CASE(SPGE, REP, "s:2:\"a\\\"\";", "s:2:\"a\\\"\";");
	/* nested, escapes in the inner string (1 + 2 + 22 = 25; 47 decoded) */
	CASE(SPGE, REP, "a:1:{i:0;s:47:\"a:1:{s:1:\"u\";s:25:\"\\'\\u00e4" C22 "\";}\";}",
	     "a:1:{i:0;s:56:\"a:1:{s:1:\"u\";s:34:\"\\'\\u00e4" V31 "\";}\";}");
	/* code points PostgreSQL refuses, a lone `'`, lengths that do not
	 * fit: declined */
	NOPE(SPGE, DEC, "s:24:\"\\ud83d " C22 "\";");
	NOPE(SPGE, DEC, "s:24:\"\\ude00 " C22 "\";");
	NOPE(SPGE, DEC, "s:24:\"\\u0000 " C22 "\";");
	NOPE(SPGE, DEC, "s:24:\"\\U00110000 " C22 "\";");
	NOPE(SPGE, DEC, "s:24:\"\\u12 " C22 "\";");
	NOPE(SPGE, DEC, "s:27:\"\\UD83D\\ude00 " C22 "\";");
	NOPE(SPGE, DEC, "s:3:\"x'y\";");
	NOPE(SPGE, DEC, "s:28:\"it''s " C22 "\";");
	NOPE(SPGE, DEC, "s:28:\"\\u00e4" C22 "\";");
	/* a replacement that makes an escape with the bytes after it is
	 * measured whole; one that puts a `'` in, or leaves a lone surrogate,
	 * is not measured */
	PAIR("x", "\\", SPGE, REP, "s:6:\"xu0041\";", "s:1:\"\\u0041\";");
	PAIR("x", "\\", SPGE, REP, "s:6:\"xu00e4\";", "s:2:\"\\u00e4\";");
	DECLINED_AT_CLOSE("x", "'", SPGE, "s:1:\"x\";");
	DECLINED_AT_CLOSE("x", "\\ud83d", SPGE, "s:1:\"x\";");
}
END_TEST

/* serialized_measure_ok in the sqlstd, copy and pgesc spellings: a lone
 * `'` (sqlstd, pgesc), a backslash at the end (copy, pgesc) and a code
 * point PostgreSQL refuses (pgesc) cannot be measured, whole or fed in
 * pieces. */
START_TEST(pg_measure_ok)
{
	static const struct { enum ser_spelling s; const char *p; bool ok; size_t want; } cases[] = {
		{ SER_SQLSTD, "it''s", true, 4 },    { SER_SQLSTD, "a\\'", false, 0 },   { SER_SQLSTD, "'", false, 0 },
		{ SER_SQLSTD, "a\\", true, 2 },      { SER_SQLSTD, "''''x", true, 3 },   { SER_SQLSTD, "x'''", false, 0 },
		{ SER_COPY, "a\\\\", true, 2 },      { SER_COPY, "a\\", false, 0 },      { SER_COPY, "\\\\\\", false, 0 },
		{ SER_COPY, "\\101\\x4g", true, 3 }, { SER_COPY, "\\x", true, 1 },       { SER_COPY, "\\0", true, 1 },
		{ SER_COPY, "'\"\\'", true, 3 },
		{ SER_PGESC, "it\\'s''", true, 5 }, { SER_PGESC, "a'", false, 0 },    { SER_PGESC, "a\\", false, 0 },
		{ SER_PGESC, "\\ud83d", false, 0 }, { SER_PGESC, "\\u12", false, 0 },  { SER_PGESC, "\\U00110000", false, 0 },
		{ SER_PGESC, "\\u0000", false, 0 }, { SER_PGESC, "\\ude00x", false, 0 },
		{ SER_PGESC, "\\ud83d\\ude00\\U000000e4", true, 6 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const unsigned char *p = (const unsigned char *)cases[k].p;
		size_t n = strlen(cases[k].p), len;
		bool ok = serialized_measure_ok(cases[k].s, p, n, &len);
		ck_assert_msg(ok == cases[k].ok, "case %zu: %s", k, show(p, n));
		if (ok) ck_assert_msg(len == cases[k].want, "case %zu: %zu, want %zu", k, len, cases[k].want);
		for (size_t i = 0; i <= n; i++) {
			struct ser_measure m;
			ser_measure_init(&m, cases[k].s);
			ser_measure_feed(&m, p, i);
			ser_measure_feed(&m, p + i, n - i);
			size_t c = ser_measure_end(&m);
			ck_assert_msg(m.bad == !cases[k].ok, "case %zu cut at %zu", k, i);
			if (cases[k].ok) ck_assert_uint_eq(c, cases[k].want);
		}
	}
	/* a change that leaves a backslash at the end, or whose byte an
	 * escape before it reads, is measured whole */
	struct ser_delta d;
	ptrdiff_t delta;
	ser_delta_init(&d, SER_COPY);
	ser_delta_keep(&d, (const unsigned char *)"ab ", 3);
	ser_delta_change(&d, (const unsigned char *)"x", 1, (const unsigned char *)"\\", 1);
	ck_assert(!ser_delta_end(&d, &delta));
	ser_delta_init(&d, SER_COPY);
	ser_delta_keep(&d, (const unsigned char *)"a\\1", 3);
	ser_delta_change(&d, (const unsigned char *)"x", 1, (const unsigned char *)"2", 1);
	ser_delta_keep(&d, (const unsigned char *)" cd", 3);
	ck_assert(!ser_delta_end(&d, &delta));
	/* one after a whole escape is measured from the change */
	ser_delta_init(&d, SER_COPY);
	ser_delta_keep(&d, (const unsigned char *)"a\\123", 5);
	ser_delta_change(&d, (const unsigned char *)"x", 1, (const unsigned char *)"yz", 2);
	ser_delta_keep(&d, (const unsigned char *)"\\n", 2);
	ck_assert(ser_delta_end(&d, &delta));
	ck_assert_int_eq(delta, 1);
	ser_delta_init(&d, SER_SQLSTD);
	ser_delta_keep(&d, (const unsigned char *)"it'", 3);
	ser_delta_change(&d, (const unsigned char *)"x", 1, (const unsigned char *)"y", 1);
	ck_assert(!ser_delta_end(&d, &delta));
}
END_TEST

/* serialized_measure_ok: false where sqljson data holds an escape that
 * cannot be measured; the other spellings measure any bytes. */
START_TEST(sqljson_measure_ok)
{
	static const struct { const char *p; bool ok; size_t want; } cases[] = {
		{ "\\\\\\\"", true, 1 },   { "\\\\\\\\", true, 1 },    { "\\\\/\\\\/", true, 2 },  { "\\\\n\\n\\0", true, 3 },
		{ "\\\\u00e4", true, 2 },  { "\\\\u20AC", true, 3 },   { "\\\\ud83d\\\\ude00", true, 4 },
		{ "\\\\\\%", true, 2 },    { "\\\\\\/\\\\\\f", true, 2 }, { "a''b", true, 4 },    { "\\\\\"", true, 1 },
		{ "\\\\ud83d", false, 0 }, { "\\\\ude00", false, 0 },  { "\\\\ud83d\\\\u0041", false, 0 },
		{ "\\\\x", false, 0 },     { "\\\\\\n", false, 0 },    { "\\\\\\'", false, 0 },   { "\\%", false, 0 },
		{ "\\_", false, 0 },       { "\\\\", false, 0 },       { "x\\", false, 0 },       { "\\\\u00e", false, 0 },
		{ "\\\\''", false, 0 },    { "\\\\\\u0041", false, 0 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const unsigned char *p = (const unsigned char *)cases[k].p;
		size_t n = strlen(cases[k].p), len;
		bool ok = serialized_measure_ok(SER_SQLJSON, p, n, &len);
		ck_assert_msg(ok == cases[k].ok, "case %zu: %s", k, show(p, n));
		if (ok) ck_assert_msg(len == cases[k].want, "case %zu: %zu, want %zu", k, len, cases[k].want);
		for (int s = 0; s < SER_SQLJSON; s++) ck_assert(serialized_measure_ok((enum ser_spelling)s, p, n, &len));
		/* fed in pieces: the same count, and bad where it is not ok */
		for (size_t i = 0; i <= n; i++) {
			struct ser_measure m;
			ser_measure_init(&m, SER_SQLJSON);
			ser_measure_feed(&m, p, i);
			ser_measure_feed(&m, p + i, n - i);
			size_t c = ser_measure_end(&m);
			ck_assert_msg(m.bad == !cases[k].ok, "case %zu cut at %zu", k, i);
			if (cases[k].ok) ck_assert_uint_eq(c, cases[k].want);
		}
	}
	/* a change whose new bytes do not measure alone is measured whole */
	struct ser_delta d;
	ptrdiff_t delta;
	ser_delta_init(&d, SER_SQLJSON);
	ser_delta_keep(&d, (const unsigned char *)"ab ", 3);
	ser_delta_change(&d, (const unsigned char *)"x", 1, (const unsigned char *)"\\\\", 2);
	ser_delta_keep(&d, (const unsigned char *)" cd", 3);
	ck_assert(!ser_delta_end(&d, &delta));
}
END_TEST

START_TEST(sql_percent_and_underscore_count_two)
{
	/* 5 0 \% space = 5, + 22 = 27 */
	CASE(SQL, REP, "s:27:\\\"50\\% " C22 "\\\";", "s:36:\\\"50\\% " V31 "\\\";");
	/* a \_ = 3, + 22 */
	CASE(SQL, REP, "s:25:\\\"a\\_" C22 "\\\";", "s:34:\\\"a\\_" V31 "\\\";");
	/* json counts \% as 1 and declines; with sql also allowed, json is
	 * tried first, commits, fails, and sql repairs */
	NOPE(DEF, DEC, "s:27:\\\"50\\% " C22 "\\\";");
	CASE(DEF | SQL, REP, "s:27:\\\"50\\% " C22 "\\\";", "s:36:\\\"50\\% " V31 "\\\";");
}
END_TEST

START_TEST(sql_nul_property_names)
{
	/* protected `\0*\0url` (6) and private `\0Foo\0url` (8) members */
	CASE(SQL, REP,
	     "O:3:\\\"Foo\\\":2:{s:6:\\\"\\0*\\0url\\\";s:22:\\\"" C22 "\\\";s:8:\\\"\\0Foo\\0url\\\";s:22:\\\"" C22 "\\\";}",
	     "O:3:\\\"Foo\\\":2:{s:6:\\\"\\0*\\0url\\\";s:31:\\\"" V31 "\\\";s:8:\\\"\\0Foo\\0url\\\";s:31:\\\"" V31 "\\\";}");
	/* counting `\0` as two bytes is wrong */
	NOPE(SQL, DEC, "O:3:\\\"Foo\\\":1:{s:8:\\\"\\0*\\0url\\\";s:22:\\\"" C22 "\\\";}");
	/* a namespaced class: `\\` counts 1 (App\Foo is 7) */
	CASE(SQL, REP, "O:7:\\\"App\\\\Foo\\\":1:{s:1:\\\"u\\\";s:22:\\\"" C22 "\\\";}",
	     "O:7:\\\"App\\\\Foo\\\":1:{s:1:\\\"u\\\";s:31:\\\"" V31 "\\\";}");
}
END_TEST

START_TEST(sql_doubled_quotes)
{
	/* `''` is one quote in a '…' literal, two in a "…" literal: both
	 * readings are explored. it ' s space = 5 + 22 = 27, or 6 + 22 = 28;
	 * the new length is the old one plus the change. */
	CASE(SQL, REP, "s:27:\\\"it''s " C22 "\\\";", "s:36:\\\"it''s " V31 "\\\";");
	CASE(SQL, REP, "s:28:\\\"it''s " C22 "\\\";", "s:37:\\\"it''s " V31 "\\\";");
}
END_TEST

START_TEST(sql_double_escaped_json_in_a_column)
{
	/* `https:\\/\\/C` in the dump is `https:\/\/C` in PHP: 24 bytes */
	PAIR("https:\\\\/\\\\/www.example.fi", "https:\\\\/\\\\/wt-a--example.ddev.site", SQL, REP,
	     "s:24:\\\"https:\\\\/\\\\/www.example.fi\\\";", "s:33:\\\"https:\\\\/\\\\/wt-a--example.ddev.site\\\";");
}
END_TEST

START_TEST(sql_double_serialized)
{
	/* inner a:1:{s:3:"url";s:22:"C";} = 46 decoded, 53 source */
	CASE(SQL, REP, "a:1:{s:6:\\\"widget\\\";s:46:\\\"a:1:{s:3:\\\"url\\\";s:22:\\\"" C22 "\\\";}\\\";}",
	     "a:1:{s:6:\\\"widget\\\";s:55:\\\"a:1:{s:3:\\\"url\\\";s:31:\\\"" V31 "\\\";}\\\";}");
}
END_TEST

/* ------------------------------------------------------------ §7.2 values */

START_TEST(values_every_kind)
{
	CASE(LIT, REP,
	     "a:10:{i:0;N;i:1;b:0;i:2;b:1;i:3;i:-12;i:4;i:+5;i:5;d:1.5E+3;i:6;d:INF;i:7;d:-INF;i:8;d:NAN;i:9;s:22:\"" C22
	     "\";}",
	     "a:10:{i:0;N;i:1;b:0;i:2;b:1;i:3;i:-12;i:4;i:+5;i:5;d:1.5E+3;i:6;d:INF;i:7;d:-INF;i:8;d:NAN;i:9;s:31:\"" V31
	     "\";}");
	CASE(LIT, REP, "a:3:{i:0;s:22:\"" C22 "\";i:1;R:2;i:2;r:2;}", "a:3:{i:0;s:31:\"" V31 "\";i:1;R:2;i:2;r:2;}");
	CASE(LIT, REP, "a:2:{i:0;d:0.1;i:1;d:-1.0E-5;}", "a:2:{i:0;d:0.1;i:1;d:-1.0E-5;}");
	CASE(LIT, REP, "a:0:{}", "a:0:{}");
	CASE(LIT, REP, "s:0:\"\";", "s:0:\"\";");
	CASE(LIT, REP, "b:1;", "b:1;");
}
END_TEST

START_TEST(values_object_and_enum)
{
	CASE(LIT, REP, "O:8:\"stdClass\":1:{s:1:\"u\";s:22:\"" C22 "\";}", "O:8:\"stdClass\":1:{s:1:\"u\";s:31:\"" V31 "\";}");
	CASE(LIT, REP, "a:2:{i:0;E:11:\"Suit:Hearts\";i:1;s:22:\"" C22 "\";}",
	     "a:2:{i:0;E:11:\"Suit:Hearts\";i:1;s:31:\"" V31 "\";}");
	/* E: is verbatim: never handed to the rewrite */
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	static const char e[] = "a:1:{i:0;E:22:\"" C22 "\";}";
	walk_with(__LINE__, e, sizeof e - 1, LIT, &c, e, sizeof e - 1, REP);
	ck_assert_uint_eq(c.ncalls, 0);
	/* a class name is verbatim too, and counted like string data */
	NOPE(LIT, DEC, "O:9:\"stdClass\":0:{}");
}
END_TEST

START_TEST(values_custom)
{
	CASE(LIT, REP, "C:3:\"Foo\":22:{" C22 "}", "C:3:\"Foo\":31:{" V31 "}");
	CASE(LIT, REP, "a:1:{i:0;C:7:\"WC_Data\":22:{" C22 "}}", "a:1:{i:0;C:7:\"WC_Data\":31:{" V31 "}}");
	/* payload with a bare `&` under esc_attr: 22 + `/?q=1&r=2` = 31 */
	CASE(DEF, REP, "C:7:&quot;WC_Data&quot;:31:{" C22 "/?q=1&amp;r=2}", "C:7:&quot;WC_Data&quot;:40:{" V31 "/?q=1&amp;r=2}");
	/* a payload length that overruns its data */
	NOPE(LIT, DEC, "C:3:\"Foo\":25:{" C22 "}");
	/* the payload is opaque: no nested search inside it (a stale s:5 there
	 * would decline a string) */
	CASE(LIT, REP, "C:3:\"Foo\":8:{s:5:\"x\";}", "C:3:\"Foo\":8:{s:5:\"x\";}");
}
END_TEST

START_TEST(values_exact_arity_and_scalar_grammar)
{
	NOPE(LIT, DEC, "a:2:{i:0;s:22:\"" C22 "\";}");
	NOPE(LIT, DEC, "a:1:{}");
	NOPE(LIT, DEC, "a:1:{i:0;s:1:\"x\";i:1;N;}");
	NOPE(LIT, DEC, "a:1:{i:0;b:2;}");
	NOPE(LIT, DEC, "a:1:{i:0;b:;}");
	NOPE(LIT, DEC, "a:1:{i:0;i:;}");
	NOPE(LIT, DEC, "a:1:{i:0;i:-;}");
	NOPE(LIT, DEC, "a:1:{i:0;i:1.5;}");
	NOPE(LIT, DEC, "a:1:{i:0;d:;}");
	NOPE(LIT, DEC, "a:1:{i:0;d:abc;}");
	NOPE(LIT, DEC, "a:1:{i:0;N:;}");
	NOPE(LIT, DEC, "a:1:{i:0;x:1;}");
	NOPE(LIT, DEC, "a:1:{i:0;R:x;}");
	NOPE(LIT, DEC, "a:1:{i:0;i:1}");
	NOPE(LIT, DEC, "a:1:{i:0;s:1:\"x\"}");
}
END_TEST

/* ------------------------------------------------------------ §7.3 lengths in bytes */

START_TEST(lengths_utf8_bytes)
{
	/* K ä y t t ö space = 9, + 22 */
	CASE(LIT, REP, "s:31:\"K" "\xc3\xa4" "ytt" "\xc3\xb6" " " C22 "\";", "s:40:\"K" "\xc3\xa4" "ytt" "\xc3\xb6" " " V31 "\";");
	/* 日本 + space = 7, + 22 */
	CASE(LIT, REP, "s:29:\"" "\xe6\x97\xa5" "\xe6\x9c\xac" " " C22 "\";", "s:38:\"" "\xe6\x97\xa5" "\xe6\x9c\xac" " " V31 "\";");
	/* 🎉 + space = 5, + 22 */
	CASE(LIT, REP, "s:27:\"" "\xf0\x9f\x8e\x89" " " C22 "\";", "s:36:\"" "\xf0\x9f\x8e\x89" " " V31 "\";");
	/* raw UTF-8 in the json spelling counts its bytes too: ä space = 3 */
	CASE(DEF, REP, "s:25:\\\"" "\xc3\xa4" " " CJ "\\\";", "s:34:\\\"" "\xc3\xa4" " " VJ "\\\";");
	/* counting characters instead of bytes declines */
	NOPE(LIT, DEC, "s:29:\"K" "\xc3\xa4" "ytt" "\xc3\xb6" " " C22 "\";");
	/* raw NUL bytes (protected member name) in the literal spelling */
	CASE(LIT, REP, "a:1:{s:6:\"\0*\0url\";s:22:\"" C22 "\";}", "a:1:{s:6:\"\0*\0url\";s:31:\"" V31 "\";}");
}
END_TEST

START_TEST(lengths_leading_zeros_and_limits)
{
	CASE(LIT, REP, "s:022:\"" C22 "\";", "s:31:\"" V31 "\";");
	CASE(LIT, REP, "s:000000000000000022:\"" C22 "\";", "s:31:\"" V31 "\";");
	/* 19 digits: not a length */
	NOPE(LIT, NON, "s:0000000000000000022:\"" C22 "\";");
	/* a length larger than the buffer is not a length */
	NOPE(LIT, NON, "s:31:\"" C22 "\";");
}
END_TEST

/* ------------------------------------------------------------ §7.2 depth */

/* The test-side serializer: s:LEN:"v"; */
static char *wrap(const char *v)
{
	size_t n = strlen(v);
	char *s = malloc(n + 32);
	ck_assert_ptr_nonnull(s);
	sprintf(s, "s:%zu:\"%s\";", n, v);
	return s;
}

static char *wrapped(const char *leaf, int levels)
{
	char *s = wrap(leaf);
	for (int k = 0; k < levels; k++) {
		char *t = wrap(s);
		free(s);
		s = t;
	}
	return s;
}

START_TEST(depth_32_repaired_33_not)
{
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	for (int levels = 0; levels <= 34; levels++) {
		char *in = wrapped(C22, levels), *want = wrapped(V31, levels);
		c.ncalls = 0;
		walk_with(__LINE__, in, strlen(in), LIT, &c, want, strlen(want), levels <= 32 ? REP : DEC);
		free(in);
		free(want);
	}
}
END_TEST

static char *arrays(const char *leaf, int k)
{
	size_t n = strlen(leaf) + (size_t)k * 10 + 32;
	char *s = malloc(n), *p = s;
	ck_assert_ptr_nonnull(s);
	for (int i = 0; i < k; i++) p += sprintf(p, "a:1:{i:0;");
	p += sprintf(p, "s:%zu:\"%s\";", strlen(leaf), leaf);
	for (int i = 0; i < k; i++) *p++ = '}';
	*p = '\0';
	return s;
}

/* An array as the nested payload of the 33rd-level string is at depth 33. */
START_TEST(depth_of_a_nested_array)
{
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	char *in = wrapped("a:0:{}", 31);
	walk_with(__LINE__, in, strlen(in), LIT, &c, in, strlen(in), REP);
	free(in);
	in = wrapped("a:0:{}", 32);
	c.ncalls = 0;
	walk_with(__LINE__, in, strlen(in), LIT, &c, NULL, 0, DEC);
	free(in);
}
END_TEST

START_TEST(depth_of_arrays)
{
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	for (int k = 30; k <= 34; k++) {
		char *in = arrays(C22, k), *want = arrays(V31, k);
		c.ncalls = 0;
		walk_with(__LINE__, in, strlen(in), LIT, &c, want, strlen(want), k <= 32 ? REP : DEC);
		free(in);
		free(want);
	}
}
END_TEST

/* ------------------------------------------------------------ §7.2 committed headers */

START_TEST(committed_header_declines)
{
	/* §7.5 stale length */
	NOPE(LIT, DEC, "s:5:\"" C22 "\";");
	NOPE(LIT, DEC, "<textarea>s:5:\"" C22 "\";</textarea>");
	NOPE(LIT, DEC, "a:1:{s:3:\"url\";s:5:\"" C22 "\";}");
	/* one bad value declines the whole field, good values included */
	NOPE(LIT, DEC, "a=s:22:\"" C22 "\";&b=s:5:\"" C22 "\";");
	NOPE(DEF, DEC, "s:5:&quot;" C22 "&quot;;");
	NOPE(DEF, DEC, "s%3A5%3A%22" CP "%22%3B");
	NOPE(LIT, DEC, "E:5:\"Suit:Hearts\";");
	NOPE(LIT, DEC, "O:8:\"stdClass\":1:{}");
	NOPE(LIT, DEC, "a:1:{");
}
END_TEST

START_TEST(uncommitted_header_moves_on)
{
	NOPE(ALL, NON, C22 "/a");
	NOPE(ALL, NON, "s:abc:\"x\";");
	NOPE(ALL, NON, "s:-1:\"x\";");
	NOPE(ALL, NON, "s:5x\"hello\";");
	NOPE(ALL, NON, "s:5:hello;");
	NOPE(ALL, NON, "a:1:[]");
	/* an `https:` before a value does not stop the scan */
	CASE(LIT, REP, "https: =s:22:\"" C22 "\";", "https: =s:31:\"" V31 "\";");
}
END_TEST

START_TEST(spelling_masks)
{
	NOPE(LIT, NON, "s%3A22%3A%22" CP "%22%3B");
	NOPE(LIT | SER_SET(SER_PERCENT), NON, "s:22:&quot;" C22 "&quot;;");
	NOPE(0, NON, "s:22:\"" C22 "\";");
	CASE(SER_SET(SER_HTML), REP, "s:22:&quot;" C22 "&quot;;", "s:31:&quot;" V31 "&quot;;");
	CASE(SER_SET(SER_JSONHTML), REP, "s:22:\\&quot;" CJ "\\&quot;;", "s:31:\\&quot;" VJ "\\&quot;;");
}
END_TEST

/* ------------------------------------------------------------ §7.4 nesting */

START_TEST(nested_double_serialized)
{
	/* inner a:1:{s:3:"url";s:22:"C";} is 46 bytes, 55 after */
	CASE(LIT, REP, "s:46:\"a:1:{s:3:\"url\";s:22:\"" C22 "\";}\";", "s:55:\"a:1:{s:3:\"url\";s:31:\"" V31 "\";}\";");
	CASE(LIT, REP, "a:1:{s:6:\"widget\";s:46:\"a:1:{s:3:\"url\";s:22:\"" C22 "\";}\";}",
	     "a:1:{s:6:\"widget\";s:55:\"a:1:{s:3:\"url\";s:31:\"" V31 "\";}\";}");
	/* triple: s:22 (30 bytes) in s:30 (38 bytes) in s:38 */
	CASE(LIT, REP, "s:38:\"s:30:\"s:22:\"" C22 "\";\";\";", "s:47:\"s:39:\"s:31:\"" V31 "\";\";\";");
	/* html spelling, quote references inside */
	CASE(DEF, REP, "s:46:&quot;a:1:{s:3:&quot;url&quot;;s:22:&quot;" C22 "&quot;;}&quot;;",
	     "s:55:&quot;a:1:{s:3:&quot;url&quot;;s:31:&quot;" V31 "&quot;;}&quot;;");
	/* percent spelling */
	CASE(DEF, REP, "s%3A30%3A%22s%3A22%3A%22" CP "%22%3B%22%3B", "s%3A39%3A%22s%3A31%3A%22" VP "%22%3B%22%3B");
}
END_TEST

/* The second pass emits a string's data as one run where the
 * first pass found no payload in it (a note in the span memo). Over more
 * strings than the memo has entries (512), so slots are taken again by
 * later spans: plain strings with and without an origin, strings with a
 * nested payload, and lookalikes that do not commit, in the sql spelling
 * (whose spans are kept), each repaired as it would be alone. With 700
 * elements the first pass records more steps than SER_OPS_CAP (2048), so
 * the second parses again; with 200 it replays them (_i). */
START_TEST(many_strings_plain_and_nested)
{
	static const char *const in_el[] = {
		"s:22:\\\"" C22 "\\\";",                    /* an origin */
		"s:4:\\\"text\\\";",                         /* plain */
		"s:30:\\\"s:22:\\\"" C22 "\\\";\\\";",       /* a nested payload */
		"s:9:\\\"s:5 a:1 x\\\";",                    /* lookalikes: nothing commits */
		"i:7;",
	};
	static const char *const want_el[] = {
		"s:31:\\\"" V31 "\\\";",
		"s:4:\\\"text\\\";",
		"s:39:\\\"s:31:\\\"" V31 "\\\";\\\";",
		"s:9:\\\"s:5 a:1 x\\\";",
		"i:7;",
	};
	const int N = _i ? 700 : 200;
	size_t cap = 80 * (size_t)N + 64;
	char *in = malloc(cap), *want = malloc(cap);
	ck_assert(in && want);
	size_t ni = (size_t)snprintf(in, cap, "a:%d:{", N), nw = (size_t)snprintf(want, cap, "a:%d:{", N);
	for (int k = 0; k < N; k++) {
		int e = (k * 7 + k / 5) % 5;
		ni += (size_t)snprintf(in + ni, cap - ni, "i:%d;%s", k, in_el[e]);
		nw += (size_t)snprintf(want + nw, cap - nw, "i:%d;%s", k, want_el[e]);
	}
	ni += (size_t)snprintf(in + ni, cap - ni, "}");
	nw += (size_t)snprintf(want + nw, cap - nw, "}");
	check_case(__LINE__, in, ni, SQL, REP, want, nw);
	free(in);
	free(want);
}
END_TEST

START_TEST(nested_at_any_offset)
{
	/* rules.md §7.4: a payload is nested only where the WHOLE data is one
	 * value; behind a label or with text around it, it is string data */
	/* behind a label: 5 + 46 = 51 → 5 + 55 = 60 */
	CASE(LIT, REP, "s:51:\"Obs: a:1:{s:3:\"url\";s:22:\"" C22 "\";}\";",
	     "s:60:\"Obs: a:1:{s:3:\"url\";s:22:\"" V31 "\";}\";");
	/* surrounded by newlines: 1 + 46 + 1 */
	CASE(LIT, REP, "s:48:\"\na:1:{s:3:\"url\";s:22:\"" C22 "\";}\n\";", "s:57:\"\na:1:{s:3:\"url\";s:22:\"" V31 "\";}\n\";");
	/* json: `\n` escapes before and after (1 each), inner 30 decoded */
	CASE(DEF, REP, "s:32:\\\"\\ns:22:\\\"" CJ "\\\";\\n\\\";", "s:41:\\\"\\ns:22:\\\"" VJ "\\\";\\n\\\";");
	/* text before it is rewritten too: C + space + inner (30) = 53 */
	CASE(LIT, REP, "s:53:\"" C22 " s:22:\"" C22 "\";\";", "s:71:\"" V31 " s:22:\"" V31 "\";\";");
}
END_TEST

START_TEST(nested_residue_and_failures_decline)
{
	/* rules.md §7.4: data that is not one whole value is string data, and
	 * one such string never declines its value: a nested value followed by
	 * anything but whitespace */
	NOPE(LIT, REP, "s:9:\"s:1:\"a\";x\";");
	NOPE(DEF, REP, "s:9:\\\"s:1:\\\"a\\\";\\q\\\";");
	/* a committed nested header that fails */
	NOPE(LIT, REP, "s:29:\"s:5:\"" C22 "\";\";");
	/* two nested values */
	NOPE(LIT, REP, "s:16:\"s:1:\"a\";s:1:\"b\";\";");
}
END_TEST

START_TEST(nested_lookalikes_are_string_data)
{
	CASE(LIT, REP, "a:2:{s:3:\"css\";s:18:\"a:hover{color:red}\";s:1:\"u\";s:22:\"" C22 "\";}",
	     "a:2:{s:3:\"css\";s:18:\"a:hover{color:red}\";s:1:\"u\";s:31:\"" V31 "\";}");
	CASE(LIT, REP, "s:12:\"N;not really\";", "s:12:\"N;not really\";");
	CASE(LIT, REP, "s:7:\"i:12345\";", "s:7:\"i:12345\";");
	CASE(LIT, REP, "s:18:\"d:\\shares\\logo.png\";", "s:18:\"d:\\shares\\logo.png\";");
	CASE(LIT, REP, "s:7:\"O:brien\";", "s:7:\"O:brien\";");
	/* a nested length past the data is no header: the data is text */
	CASE(LIT, REP, "s:30:\"s:99:\"" C22 "\";\";", "s:39:\"s:99:\"" V31 "\";\";");
}
END_TEST

/* ------------------------------------------------------------ emission */

START_TEST(unchanged_data_keeps_its_bytes)
{
	CASE(LIT, REP, "a:1:{s:05:\"hello\";s:22:\"" C22 "\";}", "a:1:{s:05:\"hello\";s:31:\"" V31 "\";}");
	/* a changed string whose length stays the same keeps its digits */
	PAIR("X", "Y", LIT, REP, "s:02:\"Xa\";", "s:02:\"Ya\";");
	/* shrinking */
	PAIR(V31, C22, LIT, REP, "s:031:\"" V31 "\";", "s:22:\"" C22 "\";");
}
END_TEST

START_TEST(identity_examples)
{
	/* §7.5: byte-identical under an identity rewrite (check_case runs it) */
	CASE(ALL, REP, "s:05:\"hello\";", "s:05:\"hello\";");
	CASE(ALL, REP, "s%3a5%3a%22hello%22%3b", "s%3a5%3a%22hello%22%3b");
	NOPE(ALL, NON, "s:99:\"short\";");
	NOPE(ALL, NON, "s:-1:\"x\";");
	CASE(ALL, REP, "s:0:\"\";", "s:0:\"\";");
	NOPE(ALL, DEC, "s:5:\"hel");
	NOPE(ALL, NON, "o=%zz%3A");
	CASE(ALL, REP, "s:28:\"a:1:{s:3:\"url\";s:5:\"hello\";}\";", "s:28:\"a:1:{s:3:\"url\";s:5:\"hello\";}\";");
}
END_TEST

START_TEST(runs_in_order_exactly_once)
{
	static const char in[] = "x=a:2:{s:1:\"u\";s:22:\"" C22 "\";s:1:\"v\";s:46:\"a:1:{s:3:\"url\";s:22:\"" C22
	                         "\";}\";}&y=1";
	static const char want[] = "x=a:2:{s:1:\"u\";s:31:\"" V31 "\";s:1:\"v\";s:55:\"a:1:{s:3:\"url\";s:31:\"" V31
	                           "\";}\";}&y=1";
	static const struct call calls[] = {
		{ 0, 2, false }, { 12, 1, true }, { 21, 22, true }, { 50, 1, true },
		{ 69, 3, true }, { 80, 22, true }, { 108, 4, false },
	};
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	ck_assert_uint_eq(sizeof in - 1, 112);
	walk_with(__LINE__, in, sizeof in - 1, LIT, &c, want, sizeof want - 1, REP);
	ck_assert_uint_eq(c.ncalls, sizeof calls / sizeof calls[0]);
	for (size_t k = 0; k < c.ncalls; k++) {
		ck_assert_uint_eq(c.calls[k].off, calls[k].off);
		ck_assert_uint_eq(c.calls[k].n, calls[k].n);
		ck_assert_int_eq(c.calls[k].in_string, calls[k].in_string);
	}
}
END_TEST

START_TEST(no_rewrite_call_unless_repaired)
{
	/* DECLINED after an earlier value that would have repaired */
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	static const char in[] = "a=s:22:\"" C22 "\";&b=s:5:\"x\";";
	walk_with(__LINE__, in, sizeof in - 1, LIT, &c, NULL, 0, DEC);
	ck_assert_uint_eq(c.ncalls, 0);
}
END_TEST

START_TEST(output_limit)
{
	static const char in[] = "a:1:{s:3:\"url\";s:22:\"" C22 "\";}";
	static const char want[] = "a:1:{s:3:\"url\";s:31:\"" V31 "\";}";
	ck_assert_uint_eq(sizeof want - 1, 55);
	for (size_t limit = 40; limit <= 60; limit++) {
		struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
		struct buf out = { .limit = limit };
		enum ser_result r = serialized_walk((const unsigned char *)in, sizeof in - 1, LIT, rw_replace, &c, &out);
		ck_assert_msg(r == (limit >= 55 ? REP : DEC), "limit %zu: %s", limit, res_name(r));
		if (r == REP) {
			ck_assert(out.len == 55 && memcmp(out.p, want, 55) == 0);
			ck_assert_uint_le(out.cap, limit);
		}
		free(out.p);
	}
	/* the buffer is reset and reused */
	struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
	struct buf out = { 0 };
	for (int k = 0; k < 3; k++) {
		c.ncalls = 0;
		ck_assert_int_eq(serialized_walk((const unsigned char *)in, sizeof in - 1, LIT, rw_replace, &c, &out), REP);
		ck_assert(out.len == 55 && memcmp(out.p, want, 55) == 0);
	}
	free(out.p);
}
END_TEST

/* ------------------------------------------------------------ hostile input */

START_TEST(huge_lengths_refused)
{
	NOPE(ALL, NON, "s:1000000000000000000:\"x\";");
	NOPE(ALL, NON, "s:999999999999999999:\"x\";");
	NOPE(ALL, NON, "s:18446744073709551617:\"x\";");
	NOPE(ALL, NON, "s:9223372036854775807:\"x\";");
	NOPE(ALL, NON, "s%3A9223372036854775807%3A%22x%22%3B");
	NOPE(ALL, NON, "a:99999999999999999999:{}");
	NOPE(ALL, DEC, "a:1:{s:1000000000000000000:\"x\";}");
	NOPE(ALL, DEC, "a:1:{i:0;s:2147483647:\"x\";}");
	/* C: commits at its class name's quote, so a bad payload length declines */
	NOPE(ALL, DEC, "C:3:\"Foo\":1000000000000000000:{x}");
}
END_TEST

START_TEST(truncated_input)
{
	static const char full[] = "a:2:{s:3:\"url\";s:22:\"" C22 "\";i:0;s:46:\"a:1:{s:3:\"url\";s:22:\"" C22 "\";}\";}";
	for (size_t n = 0; n < sizeof full - 1; n++) {
		struct rwctx c = { map_from, map_to, 3, { { 0 } }, 0 };
		walk_with(__LINE__, full, n, ALL, &c, NULL, 0, n < 5 ? NON : DEC);
		/* and from the other end */
		c.ncalls = 0;
		struct buf out = { 0 };
		enum ser_result r = serialized_walk((const unsigned char *)full + n + 1, sizeof full - 2 - n, ALL, rw_identity,
		                                    &(struct rwctx){ NULL, NULL, 0, { { 0 } }, 0 }, &out);
		if (r == REP) ck_assert(out.len == sizeof full - 2 - n && memcmp(out.p, full + n + 1, out.len) == 0);
		free(out.p);
	}
	NOPE(ALL, DEC, "s:5:\"hel");
	NOPE(ALL, NON, "");
}
END_TEST

/* ------------------------------------------------------------ measuring in pieces */

/* One piece, from a buffer of its own (a read past either end of it is
 * found by the sanitizers, and reads other bytes than p's elsewhere). */
static void feed_apart(struct ser_measure *m, const char *p, size_t n)
{
	unsigned char *q = malloc(n ? n : 1);
	ck_assert_ptr_nonnull(q);
	memcpy(q, p, n);
	ser_measure_feed(m, q, n);
	memset(q, 'Z', n);
	free(q);
}

/* What a piece-wise measure gives for p split at the given cuts. */
static size_t measure_cut(enum ser_spelling s, const char *p, size_t n, const size_t *cuts, size_t ncuts)
{
	struct ser_measure m;
	ser_measure_init(&m, s);
	size_t at = 0;
	for (size_t i = 0; i < ncuts; i++) {
		feed_apart(&m, p + at, cuts[i] - at);
		at = cuts[i];
	}
	feed_apart(&m, p + at, n - at);
	return ser_measure_end(&m);
}

/* §7.3's counts, for escapes cut anywhere: a surrogate pair counts its 4
 * UTF-8 bytes cut after its first half, a lone half counts `\u` as one
 * byte and its digits as four; a percent escape its one byte whichever
 * piece its digits come in; MySQL's `\%` two bytes; a backslash at the
 * very end one; sqlraw's `''` one, a raw `"` one; csv's `""` one, a
 * backslash one. */
START_TEST(measure_escapes_cut)
{
	static const struct { enum ser_spelling s; const char *p; size_t want; } cases[] = {
		{ SER_JSON, "\\uD83D\\uDE00", 4 },     { SER_JSON, "a\\u00e4b", 4 },   { SER_JSON, "\\uD83Dx", 6 },
		{ SER_JSON, "\\\\u00e4", 6 },           { SER_JSON, "ab\\", 3 },         { SER_JSON, "\\u12\\n", 4 },
		{ SER_JSON, "\\uDE00", 5 },            { SER_PERCENT, "%41%4", 3 },     { SER_PERCENT, "%%41", 2 },
		{ SER_PERCENT, "%2F%2Fx", 3 },          { SER_SQL, "\\%\\_\\n", 5 },      { SER_SQL, "x\\", 2 },
		{ SER_LITERAL, "\\u00e4", 6 },          { SER_HTML, "&quot;", 6 },       { SER_JSONHTML, "\\&quot;", 7 },
		{ SER_SQLRAW, "it''s", 4 },            { SER_SQLRAW, "''''\\n\\%", 5 }, { SER_SQLRAW, "\\\\''\\\"\"", 4 },
		{ SER_SQLJSON, "\\\\ud83d\\\\ude00", 4 }, { SER_SQLJSON, "a\\\\u00e4b\\\\\\\"", 5 },
		{ SER_SQLJSON, "\\\\\\\\n\\n\\\\/", 4 }, { SER_SQLJSON, "\\\\\\%x", 3 },
		{ SER_CSV, "say \"\"hi\"\"", 8 },     { SER_CSV, "\"\"\"\"\\n", 4 },   { SER_CSV, "C:\\\"\"x", 5 },
		{ SER_SQLSTD, "it''s", 4 },           { SER_SQLSTD, "a\\nb''", 5 },    { SER_SQLSTD, "''''\\\"", 4 },
		{ SER_COPY, "\\101\\x4g\\\\", 4 },    { SER_COPY, "\\1234\\xg'", 5 },  { SER_COPY, "\\x41\\777\\8", 3 },
		{ SER_COPY, "a\\N\\t\\x\"", 5 },
		{ SER_PGESC, "it\\'s''", 5 },        { SER_PGESC, "\\u00e4\\U0001F600\\ud83d\\ude00", 10 },
		{ SER_PGESC, "\\x41\\101\\\\\\q", 4 },
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const char *p = cases[k].p;
		size_t n = strlen(p);
		ck_assert_uint_eq(serialized_measure(cases[k].s, (const unsigned char *)p, n), cases[k].want);
		ck_assert_uint_eq(measure_cut(cases[k].s, p, n, NULL, 0), cases[k].want);
		for (size_t i = 0; i <= n; i++)
			for (size_t j = i; j <= n; j++) {
				size_t cuts[] = { i, j };
				ck_assert_msg(measure_cut(cases[k].s, p, n, cuts, 2) == cases[k].want, "case %zu cut at %zu, %zu",
				              k, i, j);
			}
	}
}
END_TEST

/* Differential: random data of escapes, half escapes, hex digits and
 * surrogates, measured whole (serialized_measure) and in random pieces,
 * empty and one-byte pieces among them, in every spelling. */
START_TEST(measure_pieces_equal_whole)
{
	static const char *const atoms[] = {
		"\\", "u", "%", "0", "4", "1", "D", "8", "C", "E", "F", "x", "_", "\\u", "\\uD83D", "\\uDE00", "\\ud83d",
		"%4", "%2F", "%2f", "\\\\", "\\%", "\\_", "\\u00e4", "\\n", "\\\"", "&quot;", "'", "''",
		"\\\\u00e4", "\\\\uD83D", "\\\\uDE00", "\\\\\\\"", "\\\\/", "\\1", "7", "\\x", "\\x4", "\\U0001F600", "\\ude00",
	};
	uint32_t x = 2024u + (uint32_t)_i;
	char p[256];
	size_t cuts[40], tested = 0;
	for (int round = 0; round < 1500; round++) {
		size_t n = 0;
		x = x * 1103515245u + 12345u;
		size_t parts = (x >> 8) % 40;
		for (size_t i = 0; i < parts; i++) {
			x = x * 1103515245u + 12345u;
			const char *a = atoms[(x >> 10) % (sizeof atoms / sizeof atoms[0])];
			if (n + strlen(a) >= sizeof p) break;
			memcpy(p + n, a, strlen(a));
			n += strlen(a);
		}
		for (int s = 0; s < SER_SPELLING_COUNT; s++) {
			size_t whole = serialized_measure((enum ser_spelling)s, (const unsigned char *)p, n);
			for (int split = 0; split < 4; split++) {
				x = x * 1103515245u + 12345u;
				size_t ncuts = (x >> 7) % (sizeof cuts / sizeof cuts[0]), at = 0;
				for (size_t c = 0; c < ncuts; c++) {
					x = x * 1103515245u + 12345u;
					if (at < n && (x >> 5) % 4) at += 1 + (x >> 9) % (split == 0 ? 2 : 14);
					if (at > n) at = n;
					cuts[c] = at;
				}
				ck_assert_msg(measure_cut((enum ser_spelling)s, p, n, cuts, ncuts) == whole,
				              "spelling %d, round %d: %s", s, round, show(p, n));
				tested++;
			}
		}
	}
	ck_assert_uint_gt(tested, 30000);
}
END_TEST

/* Differential: where ser_delta says no escape reaches across the edge of
 * a change, its difference is the whole measure's (the new data measured
 * whole less the old); over random data of escapes and origins with random
 * changes (origins in every spelling, lengths' digits, escapes themselves),
 * edges at escapes among them. Most such data is clean. */
START_TEST(delta_equals_whole_measures)
{
	static const char *const atoms[] = {
		"https://www.example.fi", "x", " ", "\\", "\\\\", "\\n", "\\u00e4", "\\uD83D", "\\uDE00", "%", "%2F", "%4",
		"_", "''", "abcdefghijkl", "123", "\\\\u00e4", "\\\\uD83D\\\\uDE00", "\\\\\\\"", "\\\\/", "\\1", "7", "\\x", "\\x4", "\\U0001F600", "\\ude00",
	};
	static const char *const repls[] = {
		"https://wt-a--example.ddev.site", "", "1234", "\\", "%", "\\/\\/", "%2F%2F", "\\uDE00", "u00e4", "9",
	};
	uint32_t x = 77u + (uint32_t)_i;
	size_t clean = 0, rounds = 0;
	for (int round = 0; round < 6000; round++) {
		char old[512], now[1024];
		size_t pos[64], len[64], rep[64], nc = 0, n = 0;
		x = x * 1103515245u + 12345u;
		size_t parts = (x >> 8) % 30;
		for (size_t i = 0; i < parts; i++) {
			x = x * 1103515245u + 12345u;
			const char *a = atoms[(x >> 10) % (sizeof atoms / sizeof atoms[0])];
			size_t an = strlen(a);
			if (n + an > sizeof old) break;
			if ((x >> 3) % 3 == 0 && nc < 64) {   /* this atom is changed */
				pos[nc] = n;
				len[nc] = an;
				rep[nc++] = (x >> 20) % (sizeof repls / sizeof repls[0]);
			}
			memcpy(old + n, a, an);
			n += an;
		}
		for (int s = 0; s < SER_SPELLING_COUNT; s++) {
			struct ser_delta d;
			ser_delta_init(&d, (enum ser_spelling)s);
			size_t at = 0, m = 0;
			for (size_t c = 0; c < nc; c++) {
				const char *r = repls[rep[c]];
				ser_delta_keep(&d, (const unsigned char *)old + at, pos[c] - at);
				ser_delta_change(&d, (const unsigned char *)old + pos[c], len[c], (const unsigned char *)r,
				                 strlen(r));
				memcpy(now + m, old + at, pos[c] - at);
				m += pos[c] - at;
				memcpy(now + m, r, strlen(r));
				m += strlen(r);
				at = pos[c] + len[c];
			}
			ser_delta_keep(&d, (const unsigned char *)old + at, n - at);
			memcpy(now + m, old + at, n - at);
			m += n - at;
			ptrdiff_t delta, want = (ptrdiff_t)serialized_measure((enum ser_spelling)s, (const unsigned char *)now, m) -
			                        (ptrdiff_t)serialized_measure((enum ser_spelling)s, (const unsigned char *)old, n);
			rounds++;
			if (!ser_delta_end(&d, &delta)) continue;
			clean++;
			ck_assert_msg(delta == want, "spelling %d, round %d: delta %td, want %td: %s -> %s", s, round, delta, want,
			              show(old, n), show(now, m));
		}
	}
	ck_assert_uint_gt(clean, rounds / 2);
	ck_assert_uint_lt(clean, rounds);   /* and data that is not */
}
END_TEST

Suite *serialized_suite(void)
{
	Suite *s = suite_create("serialized");
	TCase *tc = tcase_create("gate");
	tcase_add_test(tc, gate_accepts);
	tcase_add_test(tc, gate_refuses);
	tcase_add_test(tc, gate_is_the_spec_gate);
	suite_add_tcase(s, tc);

	tc = tcase_create("starts");
	tcase_add_test(tc, start_at_offset_zero);
	tcase_add_test(tc, start_after_each_separator);
	tcase_add_test(tc, start_after_percent_separator);
	tcase_add_test(tc, start_after_quot_and_backslash_letter);
	tcase_add_test(tc, start_refused_elsewhere);
	tcase_add_test(tc, start_percent_shape);
	tcase_add_test(tc, top_level_openers_and_closers);
	tcase_add_test(tc, top_level_declines);
	tcase_add_test(tc, top_level_several_values);
	tcase_add_test(tc, top_level_many_values);
	tcase_add_test(tc, top_level_scalar_not_filling_its_field_is_passed_over);
	suite_add_tcase(s, tc);

	tc = tcase_create("spellings");
	tcase_add_test(tc, spelling_literal);
	tcase_add_test(tc, spelling_percent);
	tcase_add_test(tc, spelling_percent_measures_decoded_bytes);
	tcase_add_test(tc, spelling_html);
	tcase_add_test(tc, spelling_html_amp_readings);
	tcase_add_test(tc, spelling_html_length_is_a_source_delta);
	tcase_add_test(tc, spelling_html_readings_cap);
	tcase_add_test(tc, spelling_json);
	tcase_add_test(tc, spelling_json_unicode_escapes);
	tcase_add_test(tc, spelling_json_measures_decoded_bytes);
	tcase_add_test(tc, spelling_jsonhtml);
	tcase_add_test(tc, spelling_masks);
	suite_add_tcase(s, tc);

	tc = tcase_create("sql");
	tcase_add_test(tc, sql_basic);
	tcase_add_test(tc, sql_every_escape);
	tcase_add_test(tc, sql_percent_and_underscore_count_two);
	tcase_add_test(tc, sqlraw_spelling);
	tcase_add_test(tc, sqljson_spelling);
	tcase_add_test(tc, sqljson_measure_ok);
	tcase_add_test(tc, sqlstd_spelling);
	tcase_add_test(tc, copy_spelling);
	tcase_add_test(tc, pgesc_spelling);
	tcase_add_test(tc, pg_measure_ok);
	tcase_add_test(tc, sql_nul_property_names);
	tcase_add_test(tc, sql_doubled_quotes);
	tcase_add_test(tc, sql_double_serialized);
	tcase_add_test(tc, sql_double_escaped_json_in_a_column);
	suite_add_tcase(s, tc);

	tc = tcase_create("grammar");
	tcase_add_test(tc, values_every_kind);
	tcase_add_test(tc, values_object_and_enum);
	tcase_add_test(tc, values_custom);
	tcase_add_test(tc, values_exact_arity_and_scalar_grammar);
	tcase_add_test(tc, lengths_utf8_bytes);
	tcase_add_test(tc, lengths_leading_zeros_and_limits);
	tcase_add_test(tc, depth_32_repaired_33_not);
	tcase_add_test(tc, depth_of_arrays);
	tcase_add_test(tc, depth_of_a_nested_array);
	tcase_add_test(tc, committed_header_declines);
	tcase_add_test(tc, uncommitted_header_moves_on);
	suite_add_tcase(s, tc);

	tc = tcase_create("nesting");
	tcase_add_test(tc, nested_double_serialized);
	tcase_add_test(tc, nested_at_any_offset);
	tcase_add_loop_test(tc, many_strings_plain_and_nested, 0, 2);
	tcase_add_test(tc, nested_residue_and_failures_decline);
	tcase_add_test(tc, nested_lookalikes_are_string_data);
	suite_add_tcase(s, tc);

	tc = tcase_create("emission");
	tcase_add_test(tc, unchanged_data_keeps_its_bytes);
	tcase_add_test(tc, identity_examples);
	tcase_add_test(tc, runs_in_order_exactly_once);
	tcase_add_test(tc, no_rewrite_call_unless_repaired);
	tcase_add_test(tc, output_limit);
	tcase_add_test(tc, huge_lengths_refused);
	tcase_add_test(tc, truncated_input);
	suite_add_tcase(s, tc);

	tc = tcase_create("measure");
	tcase_add_test(tc, measure_escapes_cut);
	tcase_add_loop_test(tc, measure_pieces_equal_whole, 0, 2);
	tcase_add_loop_test(tc, delta_equals_whole_measures, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}
