/* test_spill.c — a value held in a temporary file (rules.md §11.2): the
 * file keeps its bytes through giving pages back, and the value pipeline
 * over a mapped value — its runs matched and written a piece at a time,
 * the pages behind released as it reads on — writes exactly what it
 * writes for the same value in memory, at every piece size. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline_fixture.h"
#include "spill.h"
#include "testhook.h"
#include "value.h"
#include "window.h"

#define SP_MAP "https://www.example.fi https://wt-a--example.ddev.site\nhttps://shop.example.fi:8443 http://shop.test\n"

static uint64_t sp_rng = 88172645463325252ull;
static unsigned sp_rand(unsigned n)
{
	sp_rng ^= sp_rng << 13;
	sp_rng ^= sp_rng >> 7;
	sp_rng ^= sp_rng << 17;
	return (unsigned)(sp_rng % n);
}

struct sp_buf {
	unsigned char *p;
	size_t n, cap;
};

static void sp_put(struct sp_buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc(b->p, b->cap);
		ck_assert_ptr_nonnull(b->p);
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void sp_puts(struct sp_buf *b, const char *s) { sp_put(b, s, strlen(s)); }

static void sp_write(void *ctx, const unsigned char *p, size_t n) { sp_put(ctx, p, n); }

/* Data of a serialized string in the sql spelling (§7.3): source
 * fragments and the bytes each decodes to. */
static void sp_data(struct sp_buf *src, size_t *decoded, size_t parts)
{
	static const char *const frag[][2] = {
		{ "https://www.example.fi/p", "24" },  { "https:\\\\/\\\\/www.example.fi\\\\/q", "26" },
		{ "//shop.example.fi:8443/c", "24" },  { "https%3A%2F%2Fwww.example.fi", "28" },
		{ "\\'", "1" },                        { "\\\"", "1" },
		{ "\\n", "1" },                        { "\\\\", "1" },
		{ "\\%", "2" },                        { " ", "1" },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "32" }, { "a:1:{", "5" },
		{ "&amp;", "5" },                      { "\xc3\xa4", "2" },
	};
	for (size_t k = 0; k < parts; k++) {
		unsigned f = sp_rand(sizeof frag / sizeof *frag);
		sp_puts(src, frag[f][0]);
		*decoded += (size_t)atoi(frag[f][1]);
	}
}

/* A literal body: a serialized array of strings (repaired), or prose. */
static void sp_body(struct sp_buf *b)
{
	b->n = 0;
	if (sp_rand(4) == 0) {
		size_t d = 0;
		sp_data(b, &d, 1 + sp_rand(200));
		return;
	}
	unsigned k = 1 + sp_rand(6);
	char head[64];
	snprintf(head, sizeof head, "a:%u:{", k);
	sp_puts(b, head);
	for (unsigned i = 0; i < k; i++) {
		struct sp_buf d = { 0 };
		size_t len = 0;
		sp_data(&d, &len, sp_rand(120));
		snprintf(head, sizeof head, "i:%u;s:%zu:\\\"", i, len);
		sp_puts(b, head);
		if (d.n) sp_put(b, d.p, d.n);
		sp_puts(b, "\\\";");
		free(d.p);
	}
	sp_puts(b, "}");
}

static size_t sp_released;
static const unsigned char *sp_upto;
static void sp_release(void *ctx, const unsigned char *upto)
{
	(void)ctx;
	/* never past the value's end */
	ck_assert(upto <= sp_upto);
	sp_released++;
}

/* The value v through the pipeline of an sql literal (json: of a JSON
 * string, references decoded): in memory, or as a mapped value read
 * `piece` bytes at a time. */
static void sp_rewrite(const struct patterns *pt, const struct sp_buf *v, size_t piece, bool json, struct sp_buf *out)
{
	struct report rep;
	struct report_options ro = { .quiet = true, .out = stderr, .check_out = stdout };
	report_init(&rep, &ro);
	rep.file = "in";
	struct value vp;
	testhook_value_piece = piece;
	value_init(&vp, pt, &rep);
	testhook_value_piece = 0;
	struct window w;
	window_init(&w, pt, json ? SURFACE_JSON_STRING : SURFACE_SQL_STRING, (struct sink){ sp_write, out, NULL }, &rep);
	window_reset(&w);
	if (piece) {
		value_set_release(&vp, sp_release, NULL);
		sp_upto = v->p + v->n;
	}
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_SQL_STRING, .sql = true,
	                        .spellings = SER_SET(SER_SQL) | SER_SET(SER_SQLRAW) | SER_SET(SER_SQLJSON) };
	if (json)
		o = (struct value_opts){ .mode = MATCH_VALUE, .surface = SURFACE_JSON_STRING, .entities = true, .json = true,
		                         .spellings = SER_SET_DEFAULT };
	out->n = 0;
	value_write(&vp, v->p, v->n, 0, &o, &w, false);
	window_flush(&w);
	window_free(&w);
	value_free(&vp);
	report_free(&rep);
}

/* rules.md §11.2: the same output from a mapped value as from memory, an
 * sql literal's and a JSON string's (_i 1: its escapes `\"` and `\/` read
 * as the json spelling's, references decoded). */
START_TEST(mapped_value_pieces_match_memory)
{
	bool json = _i == 1;
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, SP_MAP, false);
	struct sp_buf v = { 0 }, a = { 0 }, b = { 0 };
	size_t released = 0;
	for (int t = 0; t < 400; t++) {
		sp_body(&v);
		if (json) {
			/* a JSON string: its quotes around, the sql escapes read as
			 * json's (`\'` is no escape there: the differential does not
			 * need the value to be valid) */
			struct sp_buf q = { 0 };
			sp_puts(&q, "\"");
			sp_put(&q, v.p, v.n);
			sp_puts(&q, "\"");
			free(v.p);
			v = q;
		}
		sp_rewrite(&pt, &v, 0, json, &a);
		size_t piece = 1 + sp_rand(t % 2 ? 300 : 5000);
		sp_released = 0;
		sp_rewrite(&pt, &v, piece, json, &b);
		released += sp_released;
		ck_assert_msg(a.n == b.n && memcmp(a.p, b.p, a.n) == 0, "tree %d, piece %zu:\n  in     %.*s\n  memory %.*s\n  mapped %.*s",
		              t, piece, (int)v.n, (char *)v.p, (int)a.n, (char *)a.p, (int)b.n, (char *)b.p);
	}
	ck_assert_uint_gt(released, 0);
	free(v.p);
	free(a.p);
	free(b.p);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* The file gives back what it was given, through releases and a second
 * read from the start (the walk's second pass), and is reused empty. */
START_TEST(spill_keeps_bytes_through_release)
{
	struct spill s;
	spill_init(&s);
	for (int round = 0; round < 2; round++) {
		ck_assert(spill_begin(&s));
		size_t n = 3 * 1024 * 1024 + 17 * (size_t)round;
		unsigned char *ref = malloc(n);
		ck_assert_ptr_nonnull(ref);
		for (size_t i = 0; i < n; i++) ref[i] = (unsigned char)(i * 131 + (i >> 12) + (size_t)round);
		for (size_t i = 0; i < n; i += 70001) ck_assert(spill_put(&s, ref + i, n - i < 70001 ? n - i : 70001));
		ck_assert_uint_eq(s.len, n);
		const unsigned char *m = spill_map(&s);
		ck_assert_ptr_nonnull(m);
		for (int pass = 0; pass < 2; pass++)
			for (size_t i = 0; i < n; i += 4096) {
				size_t k = n - i < 4096 ? n - i : 4096;
				ck_assert(memcmp(m + i, ref + i, k) == 0);
				if (i > 8192) spill_release(&s, m + i - 8192);
			}
		spill_end(&s);
		free(ref);
	}
	spill_free(&s);
}
END_TEST

/* No temporary file where TMPDIR names no directory: begin says so. */
START_TEST(spill_without_a_directory)
{
	struct spill s;
	spill_init(&s);
	setenv("TMPDIR", "/nonexistent/hostshift-test", 1);
	ck_assert(!spill_begin(&s));
	unsetenv("TMPDIR");
	ck_assert_int_ne(s.err, 0);
	spill_free(&s);
}
END_TEST

Suite *spill_suite(void)
{
	Suite *s = suite_create("spill");
	TCase *tc = tcase_create("spill");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, mapped_value_pieces_match_memory, 0, 2);
	tcase_add_test(tc, spill_keeps_bytes_through_release);
	tcase_add_test(tc, spill_without_a_directory);
	suite_add_tcase(s, tc);
	return s;
}
