/* test_window.c — streaming (rules.md §6.2, §11.1; §11.3 invariant 3):
 * the window and the whole pipeline give the same bytes, counters,
 * offsets and check positions whatever the chunking, and the same bytes as
 * one whole-buffer matcher call (a differential test). */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "matcher.h"
#include "pipeline.h"
#include "suites.h"
#include "sweep.h"
#include "entity.h"
#include "testhook.h"
#include "value.h"
#include "window.h"

static const char dense_map[] =
	"https://www.example.fi https://wt-a--example.ddev.site\n"
	"http://old.example.fi https://wt-a--example.ddev.site\n"
	"https://shop.example.fi:8443 https://wt-a--shop.example.ddev.site\n"
	"https://same.example.fi https://same.example.fi\n";

static struct map tmap;
static struct patterns tpt;

static void build(void)
{
	char err[512];
	map_init(&tmap);
	ck_assert_msg(map_load_text(&tmap, "dense.map", dense_map, strlen(dense_map), err, sizeof err), "%s", err);
	ck_assert_msg(map_validate(&tmap, err, sizeof err), "%s", err);
	ck_assert_msg(patterns_build(&tpt, &tmap, DIR_FORWARD, err, sizeof err), "%s", err);
}

static void teardown_map(void)
{
	patterns_free(&tpt);
	map_free(&tmap);
}

/* A deterministic text dense with origins in every spelling and near
 * misses, with newlines so check positions are exercised. */
static const char *const fragments[] = {
	"https://www.example.fi/a", "http://www.example.fi/b", "//www.example.fi/c", "HTTPS://WWW.EXAMPLE.FI",
	"https:\\/\\/www.example.fi\\/d", "\\/\\/www.example.fi\\/e", "https%3A%2F%2Fwww.example.fi%2Ff",
	"https%3a%2f%2fWWW.example.fi%2f", "%2F%2Fwww.example.fi%2Fg", "https://www.example.fi:443/h",
	"https://www.example.fi:0443/", "https://www.example.fi:8080/x", "http://www.example.fi:443/",
	"https://shop.example.fi:8443/cart", "https://shop.example.fi/cart", "//shop.example.fi:8443/",
	"http://old.example.fi/p", "https://old.example.fi/p", "https://same.example.fi/", "https://www.example.fi./r",
	"https://www.example.fi.", "https://www.example.fi.evil/", "https://awww.example.fi/", "path//www.example.fi/",
	"https://www.example.fi&x=1", "https://www.example.fi@evil/", "https://www.example.fi\tnext",
	"https://www.example.fi\\u002Fx", "https://www.example.fi\\u00e4", "https://www.example.fi:", "https://www.example.fi:x",
	"https://www.example.fi%2Ex", "https://www.example.fi%2F", "xhttps://www.example.fi/", "a%2F%2Fwww.example.fi",
	" ", " ", "\n", "\n", "text ", "<a href=\"", "\">", "/", "//", "%", "\\", ".", ":", "https:", "www.example.fi",
};

static unsigned char *make_dense(size_t min, size_t *len)
{
	size_t cap = min + 256, n = 0;
	unsigned char *b = malloc(cap);
	ck_assert_ptr_nonnull(b);
	uint32_t x = 12345;
	size_t nf = sizeof fragments / sizeof *fragments;
	while (n < min) {
		x = x * 1103515245u + 12345u;
		const char *f = fragments[(x >> 16) % nf];
		size_t k = strlen(f);
		memcpy(b + n, f, k);
		n += k;
	}
	*len = n;
	return b;
}

struct capture { unsigned char *p; size_t n, cap; };

static void cap_write(void *ctx, const unsigned char *p, size_t n)
{
	struct capture *c = ctx;
	if (c->n + n > c->cap) {
		c->cap = (c->n + n) * 2;
		c->p = realloc(c->p, c->cap);
		ck_assert_ptr_nonnull(c->p);
	}
	memcpy(c->p + c->n, p, n);
	c->n += n;
}

struct counts { size_t rewrites, skips[REASON_COUNT]; };
static void count_event(void *ctx, const struct match_event *ev)
{
	struct counts *c = ctx;
	if (ev->action == ACTION_REWROTE) c->rewrites++;
	else c->skips[ev->reason]++;
}

/* §6.2: the window over chunks equals one whole-buffer call. */
START_TEST(window_equals_whole_buffer)
{
	static const size_t sizes[] = { 1, 7, 4096, 65536, 1 << 20 };
	size_t len;
	unsigned char *in = make_dense(1100000, &len);
	size_t cap = len * 2, wlen, nrw;
	unsigned char *whole = malloc(cap);
	ck_assert(matcher_rewrite(&tpt, in, len, MATCH_PROSE, SURFACE_TEXT, whole, cap, &wlen, &nrw));
	ck_assert_uint_gt(nrw, 10000);
	struct counts wc = { 0 };
	matcher_scan(&tpt, in, len, len, MATCH_NO_PREV, MATCH_PROSE, SURFACE_TEXT, count_event, &wc);

	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		size_t n = sizes[s] < 16 ? 300000 : len;  /* byte-sized feeds over a prefix */
		size_t elen, erw;
		unsigned char *expect = whole;
		if (n != len) {
			expect = malloc(n * 2);
			ck_assert(matcher_rewrite(&tpt, in, n, MATCH_PROSE, SURFACE_TEXT, expect, n * 2, &elen, &erw));
		} else {
			elen = wlen;
			erw = nrw;
		}
		struct capture c = { 0 };
		struct report_options ro = { 0 };
		struct report rep;
		report_init(&rep, &ro);
		report_begin(&rep, "-", true);
		struct window w;
		window_init(&w, &tpt, SURFACE_TEXT, (struct sink){ cap_write, &c, NULL }, &rep);
		window_begin(&w, SURFACE_TEXT, 0);
		for (size_t i = 0; i < n; i += sizes[s])
			window_feed(&w, in + i, n - i < sizes[s] ? n - i : sizes[s]);
		window_end(&w);
		ck_assert_uint_eq(c.n, elen);
		ck_assert_msg(memcmp(c.p, expect, elen) == 0, "chunk size %zu: output differs", sizes[s]);
		ck_assert_uint_eq(rep.rewrites[SURFACE_TEXT], erw);
		if (n == len) {
			ck_assert_uint_eq(rep.rewrites[SURFACE_TEXT], wc.rewrites);
			for (int r = 0; r < REASON_COUNT; r++) ck_assert_uint_eq(rep.skips[r], wc.skips[r]);
		}
		window_free(&w);
		report_free(&rep);
		free(c.p);
		if (expect != whole) free(expect);
	}
	free(whole);
	free(in);
}
END_TEST

/* Random chunk sizes (§11.3 invariant 3). */
START_TEST(window_random_chunks)
{
	size_t len;
	unsigned char *in = make_dense(400000, &len);
	size_t wlen;
	unsigned char *whole = malloc(len * 2);
	ck_assert(matcher_rewrite(&tpt, in, len, MATCH_PROSE, SURFACE_TEXT, whole, len * 2, &wlen, NULL));
	uint32_t x = 777;
	for (int round = 0; round < 5; round++) {
		struct capture c = { 0 };
		struct window w;
		window_init(&w, &tpt, SURFACE_TEXT, (struct sink){ cap_write, &c, NULL }, NULL);
		window_begin(&w, SURFACE_TEXT, 0);
		for (size_t i = 0; i < len;) {
			x = x * 1103515245u + 12345u;
			size_t k = 1 + (x >> 8) % (round < 2 ? 64 : 100000);
			if (k > len - i) k = len - i;
			window_feed(&w, in + i, k);
			i += k;
		}
		window_end(&w);
		ck_assert_uint_eq(c.n, wlen);
		ck_assert(memcmp(c.p, whole, wlen) == 0);
		window_free(&w);
		free(c.p);
	}
	free(whole);
	free(in);
}
END_TEST

/* Deferred output. A window that defers (window_verbatim_ref keeps
 * pointers; whole segments are matched where they lie, window_end_whole)
 * and one that copies everything (window_verbatim, window_feed and
 * window_end) get the same random run of operations over the same input:
 * verbatim runs, gaps, replacements, segments fed in pieces, whole
 * segments, and flushes at random points (the ends of chunks). Output and
 * offset marks are equal. */
START_TEST(window_deferred_equals_copied)
{
	size_t len;
	unsigned char *in = make_dense(300000, &len);
	uint32_t x = 4242u + (uint32_t)_i;
	struct capture ca = { 0 }, cb = { 0 };
	struct offmap ma, mb;
	offmap_init(&ma);
	offmap_init(&mb);
	struct window a, b;
	window_init(&a, &tpt, SURFACE_TEXT, (struct sink){ cap_write, &ca, NULL }, NULL);
	window_init(&b, &tpt, SURFACE_TEXT, (struct sink){ cap_write, &cb, NULL }, NULL);
	window_defer(&a);
	ck_assert(a.defer && !b.defer);
	window_set_out(&a, (struct sink){ cap_write, &ca, NULL }, &ma);
	window_set_out(&b, (struct sink){ cap_write, &cb, NULL }, &mb);
	size_t i = 0, segments = 0, in_place = 0;
	while (i < len) {
		x = x * 1103515245u + 12345u;
		size_t k = 1 + (x >> 8) % (x % 3 ? 200 : 9000);
		if (k > len - i) k = len - i;
		switch ((x >> 4) % 5) {
		case 4:
			break;   /* bytes neither writes: the next run is not contiguous with the last */
		case 0:
			window_verbatim_ref(&a, in + i, k);
			window_verbatim(&b, in + i, k);
			break;
		case 1:
			window_replace(&a, (const unsigned char *)"R", 1, i + k, k);
			window_replace(&b, (const unsigned char *)"R", 1, i + k, k);
			break;
		case 2:   /* a whole segment: where it lies against fed and ended */
			window_begin(&a, SURFACE_TEXT, i);
			window_begin(&b, SURFACE_TEXT, i);
			window_end_whole(&a, in + i, k, true);
			window_feed(&b, in + i, k);
			window_end(&b);
			in_place++;
			break;
		default: {
			window_begin(&a, SURFACE_TEXT, i);
			window_begin(&b, SURFACE_TEXT, i);
			size_t done = 0;
			while (done < k) {
				x = x * 1103515245u + 12345u;
				size_t piece = 1 + (x >> 8) % 700;
				if (piece > k - done) piece = k - done;
				window_feed(&a, in + i + done, piece);
				window_feed(&b, in + i + done, piece);
				done += piece;
				if ((x >> 5) % 7 == 0) window_flush(&a);   /* a chunk ends inside the segment */
			}
			window_end(&a);
			window_end(&b);
			segments++;
			break;
		}
		}
		i += k;
		if ((x >> 7) % 5 == 0) window_flush(&a);
	}
	window_flush(&a);
	window_flush(&b);
	ck_assert_uint_gt(segments, 20);
	ck_assert_uint_gt(in_place, 10);   /* whole segments were matched where they lie */
	ck_assert_uint_eq(ca.n, cb.n);
	ck_assert_msg(memcmp(ca.p, cb.p, ca.n) == 0, "deferred output differs");
	ck_assert_uint_eq(a.out_off, b.out_off);
	ck_assert_uint_eq(ma.len - ma.head, mb.len - mb.head);
	ck_assert(memcmp(ma.marks + ma.head, mb.marks + mb.head, (ma.len - ma.head) * sizeof *ma.marks) == 0);
	window_free(&a);
	window_free(&b);
	offmap_free(&ma);
	offmap_free(&mb);
	free(ca.p);
	free(cb.p);
	free(in);
}
END_TEST

/* value_write writes a changed value in pieces, from the value
 * and the pattern table, where value_rewrite builds the whole new value
 * first. Over random values (origins in every spelling, references,
 * serialized strings with right and wrong lengths, on the json, sql and
 * text surfaces), value_write into a copying and into a deferring window
 * and value_rewrite + window_replace_marked give the same output, the same
 * offset marks in the same order, and the same counts of events. */
static const char *const value_fragments[] = {
	"&amp;", "&#47;", "&#x2F;", "&sol;", "&colon;", "&#46;", "&amp;#47;", "&", "\\\"", "\\/", "\\u00e4", "\\n",
	"a:1:{s:1:\"k\";s:22:\"https://www.example.fi\";}", "a:1:{s:1:\"k\";s:5:\"https://www.example.fi\";}",
	"s:26:\"https://www.example.fi/abc\";", "s:4:\"&#47;\";", "i:0;", "a:2:{i:0;s:3:\"//x\";i:1;s:0:\"\";}",
};

/* A serialized array of one string, its length right or (one in five)
 * wrong; q is the spelling's quote (`"`, or `\"` in a JSON string). */
static size_t make_serialized(uint32_t *x, unsigned char *v, const char *q)
{
	size_t nf = sizeof fragments / sizeof *fragments, k = 0;
	char body[2048];
	*x = *x * 1103515245u + 12345u;
	size_t parts = 1 + (*x >> 8) % 8;
	for (size_t i = 0; i < parts;) {
		*x = *x * 1103515245u + 12345u;
		const char *f = fragments[(*x >> 12) % nf];
		if (strpbrk(f, "\\\"")) continue;   /* one reading in every spelling */
		memcpy(body + k, f, strlen(f));
		k += strlen(f);
		i++;
	}
	size_t len = k + ((*x >> 3) % 5 == 0);
	return (size_t)sprintf((char *)v, "a:1:{s:1:%sk%s;s:%zu:%s%.*s%s;}", q, q, len, q, (int)k, body, q);
}

/* parts random fragments after v[0..k), up to cap: one in `one_in` from
 * more[0..nmore), the others from fragments; the new length. */
static size_t put_fragments(uint32_t *x, unsigned char *v, size_t k, size_t cap, size_t parts,
                            const char *const *more, size_t nmore, unsigned one_in)
{
	size_t nf = sizeof fragments / sizeof *fragments;
	for (size_t i = 0; i < parts; i++) {
		*x = *x * 1103515245u + 12345u;
		const char *f = (*x >> 4) % one_in ? fragments[(*x >> 12) % nf] : more[(*x >> 12) % nmore];
		size_t m = strlen(f);
		if (k + m > cap) break;
		memcpy(v + k, f, m);
		k += m;
	}
	return k;
}

static void make_value(uint32_t *x, unsigned char *v, size_t *n, size_t cap, bool json)
{
	*x = *x * 1103515245u + 12345u;
	if ((*x >> 20) % 3 == 0) { *n = make_serialized(x, v, json ? "\\\"" : "\""); return; }
	*n = put_fragments(x, v, 0, cap, 1 + (*x >> 8) % 40, value_fragments,
	                   sizeof value_fragments / sizeof *value_fragments, 3);
}

struct value_sides {
	struct capture c;
	struct offmap m;
	struct report rep;
	struct window w;
	struct value vp;
};

static void sides_init(struct value_sides *d, const struct report_options *ro, bool defer)
{
	memset(d, 0, sizeof *d);
	offmap_init(&d->m);
	report_init(&d->rep, ro);
	report_begin(&d->rep, "-", true);
	window_init(&d->w, &tpt, SURFACE_TEXT, (struct sink){ cap_write, &d->c, NULL }, NULL);
	window_set_out(&d->w, (struct sink){ cap_write, &d->c, NULL }, &d->m);
	if (defer) window_defer(&d->w);
	value_init(&d->vp, &tpt, &d->rep);
}

static void sides_free(struct value_sides *d)
{
	value_free(&d->vp);
	window_free(&d->w);
	report_free(&d->rep);
	offmap_free(&d->m);
	free(d->c.p);
}

START_TEST(value_write_equals_copy)
{
	struct report_options ro = { 0 };
	struct value_sides a, b, c;   /* a: value_rewrite, b: value_write copying, c: deferring */
	sides_init(&a, &ro, false);
	sides_init(&b, &ro, false);
	sides_init(&c, &ro, true);
	static unsigned char v[8192];
	uint32_t x = 99u + (uint32_t)_i;
	uint64_t off = 0;
	size_t changed = 0, whole = 0, marked = 0;
	for (int round = 0; round < 3000; round++) {
		size_t n;
		make_value(&x, v + 1, &n, sizeof v - 2, round % 3 == 0);
		struct value_opts o = { .mode = MATCH_VALUE };
		const unsigned char *p = v + 1;
		switch (round % 3) {
		case 0:   /* a JSON string token, with its quotes */
			v[0] = '"';
			v[n + 1] = '"';
			p = v;
			n += 2;
			o.surface = SURFACE_JSON_STRING;
			o.entities = memchr(p, '&', n) != NULL;
			o.json = true;
			o.spellings = SER_SET_DEFAULT;
			break;
		case 1:
			o.surface = SURFACE_SQL_STRING;
			o.sql = true;
			o.spellings = SER_SET(SER_SQL) | SER_SET(SER_LITERAL);
			break;
		default:
			o.mode = MATCH_PROSE;
			o.surface = SURFACE_TEXT;
			o.spellings = SER_SET_DEFAULT;
			break;
		}
		struct slice out;
		if (value_rewrite(&a.vp, p, n, off, &o, &out)) {
			window_replace_marked(&a.w, out.p, out.n, off + n, n, a.vp.marks, a.vp.nmarks);
			changed++;
			for (size_t i = 0; i < a.vp.nsplices; i++)   /* a serialized length rewritten */
				if (a.vp.splices[i].repl_n & VALUE_REPL_NUM) { whole++; break; }
			marked += out.n != n;
		} else {
			window_verbatim(&a.w, p, n);
		}
		value_write(&b.vp, p, n, off, &o, &b.w, false);
		value_write(&c.vp, p, n, off, &o, &c.w, true);
		window_flush(&c.w);   /* v is written over in the next round */
		off += n + 3;   /* bytes between values that no window writes */
	}
	ck_assert_uint_gt(changed, 1000);
	ck_assert_uint_gt(whole, 100);     /* repaired serialized values, lengths changed, went through too */
	ck_assert_uint_gt(marked, 1000);
	const struct value_sides *other[] = { &b, &c };
	for (int k = 0; k < 2; k++) {
		const struct value_sides *d = other[k];
		ck_assert_uint_eq(d->c.n, a.c.n);
		ck_assert_msg(memcmp(d->c.p, a.c.p, a.c.n) == 0, "side %d: output differs", k);
		ck_assert_uint_eq(d->w.out_off, a.w.out_off);
		ck_assert_uint_eq(d->m.len - d->m.head, a.m.len - a.m.head);
		ck_assert(memcmp(d->m.marks + d->m.head, a.m.marks + a.m.head, (a.m.len - a.m.head) * sizeof *a.m.marks) == 0);
		for (int s = 0; s < SURFACE_COUNT; s++) ck_assert_uint_eq(d->rep.rewrites[s], a.rep.rewrites[s]);
		for (int r = 0; r < REASON_COUNT; r++) ck_assert_uint_eq(d->rep.skips[r], a.rep.skips[r]);
	}
	sides_free(&a);
	sides_free(&b);
	sides_free(&c);
}
END_TEST

/* The re-match of §5.3 is skipped where rematch_adds_nothing_if_inert and
 * the decoding's inert references say it can find nothing new. A value
 * pipeline that always decodes and re-matches and one that may skip it
 * give the same output, marks and rewrite counts (the skips are not
 * observed, which is when it may skip) over random attribute values and
 * JSON strings: origins in every
 * spelling next to references that decode to non-ASCII bytes (with and
 * without their ';'), to ASCII, plain '&', and values that begin with an
 * origin. */
static const char *const ref_fragments[] = {
	"&#8217;", "&#x2019;", "&nbsp;", "&hellip;", "&auml;", "&#0000233;", "&#8217", "&nbsp", "&#47;", "&sol;",
	"&#104;", "&#32;", "&#x2F;", "&amp;", "&x", "&", " ", "\\n", "\\u00e4", "don&#8217;t",
	"https:&#47;&#47;www.example.fi", "&#47;/www.example.fi/", "https&colon;//www.example.fi", "&#104;ttps://www.example.fi",
};

static size_t make_ref_value(uint32_t *x, unsigned char *v, size_t cap)
{
	size_t nr = sizeof ref_fragments / sizeof *ref_fragments, k = 0;
	*x = *x * 1103515245u + 12345u;
	static const char *const starts[] = { "", "https://www.example.fi", "  //www.example.fi", "<p>", "h", "%2F" };
	const char *st = starts[(*x >> 9) % 6];
	memcpy(v, st, strlen(st));
	k = strlen(st);
	return put_fragments(x, v, k, cap, (*x >> 13) % 24, ref_fragments, nr, 2);
}

/* Whether every reference that decodes in p[0..n) is inert (entity.h). */
static bool refs_inert(const unsigned char *p, size_t n)
{
	static unsigned char out[8192];
	static struct entity_ref refs[8192 / 3 + 1];
	size_t dl, nr;
	ck_assert_uint_le(n, sizeof out);
	if (entity_decode_url_refs(p, n, out, &dl, refs, &nr) == ENTITY_DECLINED) return false;
	return entity_refs_inert(refs, nr, out, p);
}

START_TEST(value_rematch_gate_exact)
{
	struct report_options ro = { 0 };
	struct value_sides a, b;   /* a: always re-matches, b: may skip it */
	sides_init(&a, &ro, false);
	sides_init(&b, &ro, false);
	/* a always re-matches; b decodes the least window at a time: long
	 * values are decoded in several windows, inert or not in any */
	static unsigned char v[8192];
	uint32_t x = 31u + (uint32_t)_i;
	uint64_t off = 0;
	size_t inert = 0, begins = 0;
	for (int round = 0; round < 20000; round++) {
		struct value_opts o = { .mode = MATCH_VALUE, .entities = true };
		const unsigned char *p = v;
		size_t n;
		if (round % 10 == 4) {
			/* a long attribute value of inert references, then perhaps an
			 * origin spelled with them: only a later window is not inert */
			static const char *const inert_parts[] = { "&#8217;", "&nbsp;", "&hellip;", " https://www.example.fi/x ", "don&#8217;t " };
			for (n = 0; n < 3000;) {
				x = x * 1103515245u + 12345u;
				const char *f = inert_parts[(x >> 12) % 5];
				memcpy(v + n, f, strlen(f));
				n += strlen(f);
			}
			if ((x >> 20) % 2) {
				memcpy(v + n, "https:&#47;&#47;www.example.fi/z", 32);
				n += 32;
			}
			o.surface = SURFACE_HTML_ATTR;
		} else if (round % 2) {
			n = make_ref_value(&x, v + 1, sizeof v - 2);
			v[0] = '"';
			v[n + 1] = '"';
			n += 2;
			o.surface = round % 4 == 1 ? SURFACE_JSON_STRING : SURFACE_JSON_KEY;
			o.json = true;
		} else {
			n = make_ref_value(&x, v, sizeof v);
			o.surface = SURFACE_HTML_ATTR;
		}
		inert += memchr(p, '&', n) && refs_inert(p, n);
		begins += n > 30 && memcmp(p + (p[0] == '"'), "https://www.example.fi&", 23) == 0;
		testhook_rematch_always = true;
		value_write(&a.vp, p, n, off, &o, &a.w, false);
		testhook_rematch_always = false;
		testhook_dec_window = 1;
		value_write(&b.vp, p, n, off, &o, &b.w, false);
		testhook_dec_window = 0;
		off += n + 1;
	}
	ck_assert_uint_gt(inert, 2000);   /* values the gate may pass */
	ck_assert_uint_gt(begins, 50);    /* and values beginning with an origin and a '&' */
	ck_assert_uint_eq(b.c.n, a.c.n);
	ck_assert_msg(memcmp(b.c.p, a.c.p, a.c.n) == 0, "output differs");
	ck_assert_uint_eq(b.m.len - b.m.head, a.m.len - a.m.head);
	ck_assert(memcmp(b.m.marks + b.m.head, a.m.marks + a.m.head, (a.m.len - a.m.head) * sizeof *a.m.marks) == 0);
	for (int s = 0; s < SURFACE_COUNT; s++) ck_assert_uint_eq(b.rep.rewrites[s], a.rep.rewrites[s]);
	ck_assert_uint_gt(a.rep.rewrites[SURFACE_HTML_ENTITY], 100);   /* the re-match found rewrites of its own */
	sides_free(&a);
	sides_free(&b);
}
END_TEST

/* may_hold_candidate refuses a value whose source bytes hold no
 * host and whose references cannot decode to a host byte: decoded whole,
 * or, where the serialized walk may split the value into runs, cut inside
 * a reference's digits too (`&#1195;` is U+04AB, its cut `&#119` 'w'). A
 * pipeline whose report observes skips never refuses one (the gate needs
 * them unobserved); the two give the same output, marks and rewrite
 * counts over random values of such references next to origins, serialized
 * strings that end inside them (`s:5:"&#119";`) and values of hex digits
 * the walk's structure continues (`&#x4b:1;`). (The walk's runs end before
 * a quote or after a delimiter (§7.1's start positions), so no cut seen
 * here decodes what the whole does not: the cut answer is kept as the
 * superset, and the values it alone lets through are counted.) */
static const char *const cut_fragments[] = {
	"&#1195;", "&#119", "&#119;", "&#x775;", "&#x77", "&#1012;", "&#1204;", "&#x4", "&#x4b:1;", "b:1;", "&#x5",
	"d:0.5;", "&#1195;ww.example.fi", "&#119;ww.example.fi/", "https://&#1195;ww.example.fi", "https://&#119;ww.example.fi",
	"s:5:\"&#119\";", "s:7:\"&#1195;\";", "s:4:\"&#x4\";", "a:1:{i:0;s:5:\"&#119\";}", "https:&#47;&#47;&#119;ww.example.fi",
	"&#8217;", " ", "x",
};

START_TEST(value_candidate_gate_exact)
{
	struct report_options ro_a = { .stats = true }, ro_b = { 0 };
	struct value_sides a, b;   /* a: skips observed, so no value is refused; b: the gate */
	sides_init(&a, &ro_a, false);
	sides_init(&b, &ro_b, false);
	static unsigned char v[8192];
	uint32_t x = 57u + (uint32_t)_i;
	uint64_t off = 0;
	size_t refused_whole = 0, cut_walked = 0;
	for (int round = 0; round < 20000; round++) {
		struct value_opts o = { .mode = MATCH_VALUE, .entities = true };
		x = x * 1103515245u + 12345u;
		size_t n = put_fragments(&x, v + 1, 0, sizeof v - 2, 1 + (x >> 9) % 12, cut_fragments,
		                         sizeof cut_fragments / sizeof *cut_fragments, 1);
		const unsigned char *p = v + 1;
		switch (round % 4) {
		case 0:   /* a JSON string token */
			v[0] = '"';
			v[n + 1] = '"';
			p = v;
			n += 2;
			o.surface = SURFACE_JSON_STRING;
			o.json = true;
			o.spellings = SER_SET_DEFAULT;
			break;
		case 1: o.surface = SURFACE_HTML_ATTR; o.spellings = SER_SET_DEFAULT; break;
		case 2: o.surface = SURFACE_HTML_ATTR; break;   /* no walk: never cut */
		default: o.surface = SURFACE_TEXT; o.spellings = SER_SET_DEFAULT; break;
		}
		bool cut = entity_may_decode_into(p, n, tpt.find.alphabet, true);
		bool whole = entity_may_decode_into(p, n, tpt.find.alphabet, false);
		if (cut && !whole && !hostfind_any(&tpt.find, p, n)) {
			if (o.spellings && serialized_gate(p, n)) cut_walked++;
			else refused_whole++;
		}
		value_write(&a.vp, p, n, off, &o, &a.w, false);
		value_write(&b.vp, p, n, off, &o, &b.w, false);
		off += n + 1;
	}
	ck_assert_uint_gt(refused_whole, 1000);   /* refused only because nothing is cut */
	ck_assert_uint_gt(cut_walked, 500);      /* taken only because the walk may cut */
	ck_assert_uint_gt(b.rep.rewrites[SURFACE_HTML_ENTITY], 100);
	ck_assert_uint_eq(b.c.n, a.c.n);
	ck_assert_msg(memcmp(b.c.p, a.c.p, a.c.n) == 0, "output differs");
	ck_assert_uint_eq(b.m.len - b.m.head, a.m.len - a.m.head);
	ck_assert(memcmp(b.m.marks + b.m.head, a.m.marks + a.m.head, (a.m.len - a.m.head) * sizeof *a.m.marks) == 0);
	for (int s = 0; s < SURFACE_COUNT; s++) ck_assert_uint_eq(b.rep.rewrites[s], a.rep.rewrites[s]);
	sides_free(&a);
	sides_free(&b);
}
END_TEST

/* The re-match of §5.3 decodes and scans a window at a time
 * (VALUE_DEC_WINDOW bytes), so a long value needs no decoded copy. A value
 * pipeline with the windows cut short, at random sizes down to the least
 * (a few look-ahead windows), gives every event the whole decoding gives,
 * in the same order with the same offsets and text (explain's trace, which
 * observes skips, so the re-match always runs), and the same output and
 * marks: over long attribute values and JSON strings of references,
 * origins spelled with them, plain '&'s, the fusing guard's declines
 * anywhere in the value, and leads of white space. */
static bool traces_equal(const struct report *a, const struct report *b)
{
	if (a->ntrace != b->ntrace) return false;
	for (size_t i = 0; i < a->ntrace; i++) {
		const struct report_trace *x = &a->trace[i], *y = &b->trace[i];
		if (x->offset != y->offset || x->action != y->action || x->reason != y->reason || x->surface != y->surface ||
		    x->text_len != y->text_len || memcmp(x->text, y->text, x->text_len) != 0)
			return false;
	}
	return true;
}

START_TEST(value_rematch_windowed)
{
	struct report_options ro = { .explain = true, .out = stderr };
	struct value_sides a, b;   /* a: one window per value, b: many */
	sides_init(&a, &ro, false);
	sides_init(&b, &ro, false);
	static unsigned char v[16384];
	uint32_t x = 77u + (uint32_t)_i;
	uint64_t off = 0;
	size_t windows = 0, declined = 0, found = 0;
	static const char *const leads[] = { "", "   ", "\t\n", "https://www.example.fi&x ", "&#47;/www.example.fi/ " };
	for (int round = 0; round < 600; round++) {
		struct value_opts o = { .mode = MATCH_VALUE, .entities = true };
		x = x * 1103515245u + 12345u;
		bool json = round % 2;
		size_t k = json;
		const char *lead = leads[(x >> 7) % 5];
		if ((x >> 11) % 4 == 0) {   /* a lead of white space longer than a window */
			memset(v + k, ' ', 1500);
			k += 1500;
		}
		memcpy(v + k, lead, strlen(lead));
		k += strlen(lead);
		size_t n;
		if (round % 10 == 9) {   /* '&'s, none that decodes: no re-match at all */
			static const char *const plain[] = { "&amp;", "&x", "&", "&#32;", " https://www.example.fi/a ", "//www.example.fi " };
			for (n = k; n < 3000;) {
				x = x * 1103515245u + 12345u;
				const char *f = plain[(x >> 12) % 6];
				memcpy(v + n, f, strlen(f));
				n += strlen(f);
			}
		} else {
			n = put_fragments(&x, v, k, sizeof v - 2, 100 + (x >> 17) % 900, ref_fragments,
			                  sizeof ref_fragments / sizeof *ref_fragments, 2);
		}
		const unsigned char *p = v;
		if (json) {
			v[0] = '"';
			v[n] = '"';
			n++;
			o.surface = SURFACE_JSON_STRING;
			o.json = true;
		} else {
			o.surface = SURFACE_HTML_ATTR;
		}
		x = x * 1103515245u + 12345u;
		size_t window = 1 + (x >> 9) % 4096;   /* clamped up to the least that holds a look-ahead */
		report_begin(&a.rep, "-", true);
		report_begin(&b.rep, "-", true);
		value_write(&a.vp, p, n, off, &o, &a.w, false);
		testhook_dec_window = window;
		value_write(&b.vp, p, n, off, &o, &b.w, false);
		testhook_dec_window = 0;
		ck_assert_msg(a.rep.dropped == 0 && traces_equal(&a.rep, &b.rep), "round %d: events differ (window %zu)",
		              round, window);
		size_t dl;
		unsigned char *dec = malloc(n);
		struct entity_ref *refs = malloc((n / 3 + 1) * sizeof *refs);
		size_t nr;
		ck_assert(dec && refs);
		enum entity_result r = entity_decode_url_refs(p, n, dec, &dl, refs, &nr);
		windows += r == ENTITY_DECODED && dl > 4 * tpt.window + 16;
		declined += r == ENTITY_DECLINED;
		free(dec);
		free(refs);
		found += a.rep.rewrites[SURFACE_HTML_ENTITY];
		off += n + 1;
	}
	ck_assert_uint_gt(windows, 100);   /* values the short windows cut */
	ck_assert_uint_gt(declined, 20);   /* and values the guard declines */
	ck_assert_uint_gt(found, 500);     /* the re-match rewrote origins of its own */
	ck_assert_uint_eq(b.c.n, a.c.n);
	ck_assert_msg(memcmp(b.c.p, a.c.p, a.c.n) == 0, "output differs");
	ck_assert_uint_eq(b.m.len - b.m.head, a.m.len - a.m.head);
	ck_assert(memcmp(b.m.marks + b.m.head, a.m.marks + a.m.head, (a.m.len - a.m.head) * sizeof *a.m.marks) == 0);
	sides_free(&a);
	sides_free(&b);
}
END_TEST

/* The case the opening quote makes (§3.8, §12.1): in a JSON string that
 * begins with an origin and a '&', the '&' ends the host only for the
 * re-match, which a reference anywhere in the string brings about. */
START_TEST(value_rematch_begins_value)
{
	struct report_options ro = { 0 };
	struct value_sides a;
	sides_init(&a, &ro, false);
	static const char in[] = "\"https://www.example.fi&x &#8217;\"";
	static const char want[] = "\"https://wt-a--example.ddev.site&x &#8217;\"";
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_JSON_STRING, .entities = true, .json = true };
	value_write(&a.vp, (const unsigned char *)in, sizeof in - 1, 0, &o, &a.w, false);
	ck_assert_uint_eq(a.c.n, sizeof want - 1);
	ck_assert_msg(memcmp(a.c.p, want, a.c.n) == 0, "%.*s", (int)a.c.n, (char *)a.c.p);
	sides_free(&a);
}
END_TEST

/* §5.3: rewrites the re-match finds (origins spelled with references) and
 * the byte matcher's, in turns, come out in source order; in a JSON string
 * that writes '/' as `\/` those of the re-match are escaped so (§5.3,
 * §9.1), the byte matcher's are written as they are. Once, and 3000 times
 * over in one value (the splices are merged, not sorted by insertion, and
 * a replacement is escaped once). */
START_TEST(value_interleaved_splices)
{
	static const char unit_in[] =
		"https:&#47;&#47;www.example.fi/a https:\\/\\/www.example.fi\\/b https://www.example.fi/c x\\/y ";
	static const char unit_out[] =
		"https:\\/\\/wt-a--example.ddev.site/a https:\\/\\/wt-a--example.ddev.site\\/b https://wt-a--example.ddev.site/c x\\/y ";
	static const char plain_in[] = "https:&#47;&#47;www.example.fi/a https://www.example.fi/b ";
	static const char plain_out[] = "https://wt-a--example.ddev.site/a https://wt-a--example.ddev.site/b ";
	const struct { const char *in, *out; size_t times; bool json; } cases[] = {
		{ unit_in, unit_out, 1, true }, { unit_in, unit_out, 3000, true },
		{ plain_in, plain_out, 1, false }, { plain_in, plain_out, 3000, false },
	};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		size_t ni = strlen(cases[c].in), no = strlen(cases[c].out), t = cases[c].times;
		unsigned char *in = malloc(ni * t + 2), *want = malloc(no * t + 2);
		ck_assert(in && want);
		size_t k = 0, m = 0;
		if (cases[c].json) in[k++] = want[m++] = '"';
		for (size_t i = 0; i < t; i++, k += ni, m += no) {
			memcpy(in + k, cases[c].in, ni);
			memcpy(want + m, cases[c].out, no);
		}
		if (cases[c].json) in[k++] = want[m++] = '"';
		struct report_options ro = { 0 };
		struct value_sides a;
		sides_init(&a, &ro, false);
		struct value_opts o = { .mode = MATCH_VALUE, .entities = true, .json = cases[c].json,
		                        .surface = cases[c].json ? SURFACE_JSON_STRING : SURFACE_HTML_ATTR };
		value_write(&a.vp, in, k, 0, &o, &a.w, false);
		ck_assert_uint_eq(a.c.n, m);
		ck_assert_msg(memcmp(a.c.p, want, m) == 0, "case %zu: %.*s", c, (int)(a.c.n < 300 ? a.c.n : 300), (char *)a.c.p);
		ck_assert_uint_eq(a.rep.rewrites[SURFACE_HTML_ENTITY], t);
		sides_free(&a);
		free(in);
		free(want);
	}
}
END_TEST

/* A splice holds a span of up to 64 KiB; an origin spelled over
 * more source bytes (a reference's leading zeros are unbounded) is replaced
 * in several, with the same output: in an attribute value, and in a
 * serialized string of a JSON string, whose new length counts it once. */
START_TEST(value_long_span)
{
	enum { ZEROS = 70000 };
	static const char tail[] = "47;&#47;www.example.fi/x";
	size_t body = 8 + ZEROS + strlen(tail);   /* `https:&#` zeros tail */
	char *in = malloc(body + 64), *want = malloc(128);
	ck_assert(in && want);
	for (int json = 0; json < 2; json++) {
		size_t n = 0;
		if (json) n += (size_t)sprintf(in, "\"a:1:{s:1:\\\"k\\\";s:%zu:\\\"", body);
		memcpy(in + n, "https:&#", 8);
		memset(in + n + 8, '0', ZEROS);
		memcpy(in + n + 8 + ZEROS, tail, strlen(tail));
		n += body;
		if (json) n += (size_t)sprintf(in + n, "\\\";}\"");
		size_t wn = json ? (size_t)sprintf(want, "\"a:1:{s:1:\\\"k\\\";s:33:\\\"https://wt-a--example.ddev.site/x\\\";}\"")
		                 : (size_t)sprintf(want, "https://wt-a--example.ddev.site/x");
		struct report_options ro = { 0 };
		struct value_sides a;
		sides_init(&a, &ro, false);
		struct value_opts o = { .mode = MATCH_VALUE, .entities = true, .json = json,
		                        .surface = json ? SURFACE_JSON_STRING : SURFACE_HTML_ATTR,
		                        .spellings = json ? SER_SET_DEFAULT : 0 };
		value_write(&a.vp, (const unsigned char *)in, n, 0, &o, &a.w, false);
		ck_assert_msg(a.c.n == wn && memcmp(a.c.p, want, wn) == 0, "json %d: %.*s", json,
		              (int)(a.c.n < 200 ? a.c.n : 200), (char *)a.c.p);
		ck_assert_uint_eq(a.rep.rewrites[SURFACE_HTML_ENTITY], 1);
		ck_assert_uint_ge(a.vp.nsplices, 2 + json);   /* the span in two, and the new length */
		sides_free(&a);
	}
	free(in);
	free(want);
}
END_TEST

/* Differential: a repaired serialized value is written from its splices
 * and new lengths (serialized_plan), never built whole. The oracle here
 * builds it whole instead: serialized_walk into a buffer, each run
 * rewritten as a value of its own (value_rewrite, no serialized walk); when the walk does not repair, the value is rewritten
 * whole, as any value. Over random serialized values (nested payloads,
 * arrays, scalars; lengths right and, one in six, wrong) in three
 * spellings (literal in text, `\"` in a JSON string, `&quot;` in an html
 * attribute) with origins in every spelling, references that spell them
 * (the re-match's splices merged with the byte matcher's, and escaped as
 * `\/` in JSON), value_write (copying and deferring) and value_rewrite give
 * the oracle's bytes. */
enum ser_kind { SK_LIT, SK_JSON, SK_HTML };

static const char *const ser_frags_any[] = {
	"https://www.example.fi/a", "//www.example.fi/c", "HTTPS://WWW.EXAMPLE.FI", "https://shop.example.fi:8443/cart",
	"http://old.example.fi/p", "https://www.example.fi.evil/", "text ", " ", "x", "\xc3\xa4", "https://same.example.fi/",
};
static const char *const ser_frags_json[] = {
	"https:\\/\\/www.example.fi\\/d", "\\/\\/www.example.fi\\/e", "\\u00e4", "\\n", "https:&#47;&#47;www.example.fi",
	"https://www.example.fi\\u002Fx", "a\\/b", "https:&#47;&#47;www.example.fi\\/y", "https:&#47;&#47;www.example.fi\\/y",
};
static const char *const ser_frags_html[] = {
	"https:&#47;&#47;www.example.fi/z", "&#47;/www.example.fi/", "&amp;", "&#8217;", "https&colon;//www.example.fi",
	"https%3A%2F%2Fwww.example.fi%2Ff",
};

/* How many bytes b[0..n) stands for in the kind's spelling: a JSON escape
 * its decoded bytes, an html reference one (one reading of each). */
static size_t ser_decoded(enum ser_kind k, const char *b, size_t n)
{
	if (k == SK_JSON) return serialized_measure(SER_JSON, (const unsigned char *)b, n);
	if (k == SK_LIT) return n;
	size_t d = 0;
	for (size_t i = 0; i < n; i++, d++)
		if (b[i] == '&') {
			const char *semi = memchr(b + i, ';', n - i);
			if (semi && semi - (b + i) <= 8) i = (size_t)(semi - b);
		}
	return d;
}

/* A random serialized value of kind k at v (cap bytes), depth d. */
static size_t gen_ser(uint32_t *x, enum ser_kind k, char *v, size_t cap, int d, size_t *nested)
{
	const char *q = k == SK_LIT ? "\"" : k == SK_JSON ? "\\\"" : "&quot;";
	*x = *x * 1103515245u + 12345u;
	unsigned what = (*x >> 16) % 10;
	if (cap < 600 || d > 3) what = 9;
	if (what >= 8) {   /* a scalar */
		static const char *const sc[] = { "i:5;", "b:1;", "N;", "d:0.5;", "i:-12;" };
		const char *t = sc[(*x >> 8) % 5];
		memcpy(v, t, strlen(t));
		return strlen(t);
	}
	if (what >= 6) {   /* an array of scalars and strings */
		size_t cnt = 1 + (*x >> 9) % 3, n = (size_t)sprintf(v, "a:%zu:{", cnt);
		for (size_t i = 0; i < cnt; i++) {
			n += (size_t)sprintf(v + n, "i:%zu;", i);
			n += gen_ser(x, k, v + n, (cap - n) / 2, d + 1, nested);
		}
		v[n++] = '}';
		return n;
	}
	/* a string: fragments, and at times a nested payload */
	char body[4096];
	size_t bn = 0, parts = (*x >> 10) % 6;
	for (size_t i = 0; i < parts; i++) {
		*x = *x * 1103515245u + 12345u;
		const char *f;
		if ((*x >> 7) % 2 == 0 && k != SK_LIT) {
			f = k == SK_JSON ? ser_frags_json[(*x >> 12) % (sizeof ser_frags_json / sizeof *ser_frags_json)]
			                 : ser_frags_html[(*x >> 12) % (sizeof ser_frags_html / sizeof *ser_frags_html)];
		} else {
			f = ser_frags_any[(*x >> 12) % (sizeof ser_frags_any / sizeof *ser_frags_any)];
		}
		memcpy(body + bn, f, strlen(f));
		bn += strlen(f);
	}
	*x = *x * 1103515245u + 12345u;
	if ((*x >> 11) % 3 == 0 && d < 3) {
		bn += gen_ser(x, k, body + bn, sizeof body - bn < cap / 2 ? sizeof body - bn : cap / 2, d + 1, nested);
		(*nested)++;
	}
	*x = *x * 1103515245u + 12345u;
	size_t len = ser_decoded(k, body, bn) + ((*x >> 5) % 6 == 0);
	size_t n = (size_t)sprintf(v, "s:%zu:%s", len, q);
	memcpy(v + n, body, bn);
	n += bn;
	n += (size_t)sprintf(v + n, "%s;", q);
	return n;
}

static bool has_sub(const char *v, size_t n, const char *sub)
{
	size_t m = strlen(sub);
	for (size_t i = 0; i + m <= n; i++)
		if (memcmp(v + i, sub, m) == 0) return true;
	return false;
}

struct ser_oracle {
	struct value vp;
	struct value_opts o;   /* the value's, without the serialized walk */
	uint64_t base;
};

static void oracle_run(void *ctx, const unsigned char *p, size_t n, size_t off, bool in_string, struct buf *out)
{
	(void)in_string;
	struct ser_oracle *c = ctx;
	struct slice r;
	if (value_rewrite(&c->vp, p, n, c->base + off, &c->o, &r)) buf_put(out, r.p, r.n);
	else buf_put(out, p, n);
}

START_TEST(value_serialized_plan_equals_buffered)
{
	struct report_options ro = { 0 };
	struct value_sides a, b, c;   /* a: value_write copying, b: deferring, c: value_rewrite */
	sides_init(&a, &ro, false);
	sides_init(&b, &ro, true);
	sides_init(&c, &ro, false);
	struct ser_oracle orc;
	value_init(&orc.vp, &tpt, NULL);
	struct buf want = { .limit = SIZE_MAX };
	static char v[16384];
	uint32_t x = 5150u + (uint32_t)_i;
	size_t repaired = 0, nested = 0, merged = 0, escaped = 0, grew = 0;
	for (int round = 0; round < 6000; round++) {
		enum ser_kind k = (enum ser_kind)(round % 3);
		size_t start = k == SK_JSON, n = start, nest = 0;
		if (k == SK_JSON) v[0] = '"';
		n += gen_ser(&x, k, v + n, sizeof v / 2, 0, &nest);
		if (k == SK_JSON) v[n++] = '"';
		const unsigned char *p = (const unsigned char *)v;
		struct value_opts o = { .mode = MATCH_VALUE, .spellings = SER_SET_DEFAULT };
		if (k == SK_LIT) {
			o.mode = MATCH_PROSE;
			o.surface = SURFACE_TEXT;
		} else if (k == SK_JSON) {
			o.surface = SURFACE_JSON_STRING;
			o.json = true;
			o.entities = memchr(p, '&', n) != NULL;
		} else {
			o.surface = SURFACE_HTML_ATTR;
			o.entities = true;
		}
		/* the oracle */
		orc.o = o;
		orc.o.spellings = 0;
		orc.base = 0;
		enum ser_result r = serialized_walk(p, n, o.spellings, oracle_run, &orc, &want);
		if (r == SER_DECLINED) {
			/* rules.md §7.5: a value that cannot be repaired is untouched */
			want.len = 0;
			buf_put(&want, p, n);
		} else if (r != SER_REPAIRED) {
			struct slice w;
			want.len = 0;
			if (value_rewrite(&orc.vp, p, n, 0, &orc.o, &w)) buf_put(&want, w.p, w.n);
			else buf_put(&want, p, n);
		}
		size_t a0 = a.c.n, b0 = b.c.n;
		value_write(&a.vp, p, n, 0, &o, &a.w, false);
		value_write(&b.vp, p, n, 0, &o, &b.w, true);
		window_flush(&b.w);
		struct slice out = { p, n };
		bool changed = value_rewrite(&c.vp, p, n, 0, &o, &out);
		ck_assert_msg(a.c.n - a0 == want.len && memcmp(a.c.p + a0, want.p, want.len) == 0,
		              "round %d (%s): value_write differs:\n in   %.*s\n want %.*s\n got  %.*s", round,
		              r == SER_REPAIRED ? "repaired" : "not repaired", (int)n, v, (int)want.len, (char *)want.p,
		              (int)(a.c.n - a0), (char *)a.c.p + a0);
		ck_assert_msg(b.c.n - b0 == want.len && memcmp(b.c.p + b0, want.p, want.len) == 0,
		              "round %d: deferred value_write differs", round);
		ck_assert_msg(out.n == want.len && memcmp(out.p, want.p, want.len) == 0, "round %d: value_rewrite differs",
		              round);
		if (r == SER_REPAIRED && changed) {
			repaired++;
			nested += nest > 0;
			grew += want.len > n;
			merged += k != SK_LIT && (has_sub(v, n, "&#47;&#47;www") || has_sub(v, n, "&colon;//www")) &&
			          has_sub(v, n, "://www.example.fi");
			escaped += k == SK_JSON && has_sub(v, n, "&#47;&#47;www") && has_sub(v, n, "\\/");
		}
	}
	ck_assert_uint_gt(repaired, 1500);
	ck_assert_uint_gt(nested, 300);
	ck_assert_uint_gt(grew, 1000);
	ck_assert_uint_gt(merged, 100);    /* both matchers' splices in one value */
	ck_assert_uint_gt(escaped, 20);    /* re-match replacements written `\/` */
	free(want.p);
	value_free(&orc.vp);
	sides_free(&a);
	sides_free(&b);
	sides_free(&c);
}
END_TEST

/* §6.3: window_replace_marked pushes a replacement's marks
 * before the bytes they map, a group at a time: the next stage, at every
 * write it gets, already has every mark at or before the bytes it has
 * received, and not many more; in the end the same marks in the same
 * order as all pushed first, and the bytes as they were. */
struct mark_sink {
	struct capture c;
	const struct offmap *m;
	const struct offmap_mark *want;   /* every mark, in order */
	size_t nwant, most_ahead;
};

static void mark_sink_write(void *ctx, const unsigned char *p, size_t n)
{
	struct mark_sink *k = ctx;
	cap_write(&k->c, p, n);
	size_t have = k->m->len - k->m->head, due = 0;
	while (due < k->nwant && k->want[due].out <= k->c.n) due++;
	ck_assert_msg(have >= due, "after %zu bytes: %zu marks pushed, %zu due", k->c.n, have, due);
	if (have - due > k->most_ahead) k->most_ahead = have - due;
}

START_TEST(window_marks_before_bytes)
{
	static const size_t counts[] = { 0, 1, 63, 64, 65, 128, 129, 1000 };
	for (size_t t = 0; t < sizeof counts / sizeof *counts; t++) {
		size_t nm = counts[t], n = 10 * nm + 7;
		unsigned char *p = malloc(n);
		struct offmap_rel *rel = malloc((nm ? nm : 1) * sizeof *rel);
		struct offmap_mark *want = malloc((nm + 1) * sizeof *want);
		ck_assert(p && rel && want);
		for (size_t i = 0; i < n; i++) p[i] = (unsigned char)('a' + i % 26);
		uint64_t at = 1000;   /* output bytes written before */
		for (size_t i = 0; i < nm; i++) {
			rel[i] = (struct offmap_rel){ 10 * i + 3 + (i % 3 == 0 ? 7 : 0), 12 * i + 5 };
			want[i] = (struct offmap_mark){ at + rel[i].out, 500 + rel[i].in };
		}
		size_t in_len = 12 * nm + 9;
		want[nm] = (struct offmap_mark){ at + n, 500 + in_len };
		struct offmap m;
		offmap_init(&m);
		struct mark_sink k = { .m = &m, .want = want, .nwant = nm + 1 };
		struct window w;
		window_init(&w, &tpt, SURFACE_TEXT, (struct sink){ mark_sink_write, &k, NULL }, NULL);
		window_set_out(&w, (struct sink){ mark_sink_write, &k, NULL }, &m);
		w.out_off = at;
		k.c.n = 0;
		/* the sink counts from 0: shift what it is due by the bytes before */
		for (size_t i = 0; i <= nm; i++) want[i].out -= at;
		window_replace_marked(&w, p, n, 500 + in_len, in_len, rel, nm);
		for (size_t i = 0; i <= nm; i++) want[i].out += at;
		ck_assert_uint_eq(k.c.n, n);
		ck_assert(memcmp(k.c.p, p, n) == 0);
		ck_assert_uint_eq(m.len - m.head, nm + 1);
		ck_assert(memcmp(m.marks + m.head, want, (nm + 1) * sizeof *want) == 0);
		ck_assert_uint_le(k.most_ahead, 65);   /* a group, not all of them */
		window_free(&w);
		offmap_free(&m);
		free(k.c.p);
		free(p);
		free(rel);
		free(want);
	}
}
END_TEST

/* Run the whole pipeline (text → sweep → output) over a file with a read
 * size; capture output, stats, explain and check output. */
struct run_result {
	struct capture out;
	char *explain, *check;
	size_t explain_len, check_len;
	uint64_t candidates[SURFACE_COUNT], rewrites[SURFACE_COUNT], skips[REASON_COUNT];
};

static void run_pipeline(const char *path, size_t read_size, bool check, struct run_result *res)
{
	memset(res, 0, sizeof *res);
	FILE *ex = open_memstream(&res->explain, &res->explain_len);
	FILE *ck = open_memstream(&res->check, &res->check_len);
	struct report_options ro = { .explain = true, .check = check, .out = ex, .check_out = ck };
	struct report rep;
	report_init(&rep, &ro);
	struct pipeline_config cfg = { .pt = &tpt, .type = FILETYPE_TEXT, .read_size = read_size, .quiet = true };
	struct pipeline pl;
	pipeline_init(&pl, &cfg, &rep);
	int pfd[2];
	char tmpl[] = "/tmp/hs-out-XXXXXX";
	int ofd = mkstemp(tmpl);
	ck_assert_int_ge(ofd, 0);
	unlink(tmpl);
	(void)pfd;
	struct io_writer w;
	io_writer_init(&w, ofd);
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(pipeline_run(&pl, fileno(f), "dense.txt", NULL, check ? NULL : &w), 0);
	fclose(f);
	report_end(&rep);
	memcpy(res->candidates, rep.candidates, sizeof res->candidates);
	memcpy(res->rewrites, rep.rewrites, sizeof res->rewrites);
	memcpy(res->skips, rep.skips, sizeof res->skips);
	fclose(ex);
	fclose(ck);
	off_t end = lseek(ofd, 0, SEEK_END);
	res->out.n = res->out.cap = (size_t)end;
	res->out.p = malloc(res->out.n + 1);
	ck_assert_int_eq(pread(ofd, res->out.p, res->out.n, 0), (ssize_t)res->out.n);
	close(ofd);
	io_writer_free(&w);
	pipeline_free(&pl);
	report_free(&rep);
}

static void free_result(struct run_result *r)
{
	free(r->out.p);
	free(r->explain);
	free(r->check);
}

static char *write_temp(const unsigned char *p, size_t n)
{
	static char path[64];
	strcpy(path, "/tmp/hs-dense-XXXXXX");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, p, n), (ssize_t)n);
	close(fd);
	return path;
}

/* Acceptance 4: same output and counters for read sizes 1, 7, 4096, 65536
 * and 1 MiB; the explain trace (offsets included) and the check findings
 * (line:column) are the same too. */
START_TEST(pipeline_chunk_independent)
{
	static const size_t sizes[] = { 1, 7, 4096, 65536, 1 << 20 };
	size_t len;
	unsigned char *in = make_dense(1050000, &len);
	char *path = write_temp(in, len);
	struct run_result base, chk0;
	run_pipeline(path, 65536, false, &base);
	run_pipeline(path, 65536, true, &chk0);
	ck_assert_uint_gt(chk0.check_len, 0);
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		struct run_result r, c;
		run_pipeline(path, sizes[s], false, &r);
		ck_assert_uint_eq(r.out.n, base.out.n);
		ck_assert_msg(memcmp(r.out.p, base.out.p, base.out.n) == 0, "read size %zu: output differs", sizes[s]);
		ck_assert(memcmp(r.candidates, base.candidates, sizeof r.candidates) == 0);
		ck_assert(memcmp(r.rewrites, base.rewrites, sizeof r.rewrites) == 0);
		ck_assert(memcmp(r.skips, base.skips, sizeof r.skips) == 0);
		ck_assert_uint_eq(r.explain_len, base.explain_len);
		ck_assert(memcmp(r.explain, base.explain, base.explain_len) == 0);
		run_pipeline(path, sizes[s], true, &c);
		ck_assert_uint_eq(c.check_len, chk0.check_len);
		ck_assert_msg(memcmp(c.check, chk0.check, chk0.check_len) == 0, "read size %zu: check output differs", sizes[s]);
		free_result(&r);
		free_result(&c);
	}
	free_result(&base);
	free_result(&chk0);
	unlink(path);
	free(in);
}
END_TEST

/* §11.3 invariant 4 on the dense text: a second pass changes nothing. */
START_TEST(pipeline_idempotent)
{
	size_t len;
	unsigned char *in = make_dense(200000, &len);
	char *path = write_temp(in, len);
	struct run_result once, twice;
	run_pipeline(path, 4096, false, &once);
	unlink(path);
	path = write_temp(once.out.p, once.out.n);
	run_pipeline(path, 4096, false, &twice);
	ck_assert_uint_eq(twice.out.n, once.out.n);
	ck_assert(memcmp(twice.out.p, once.out.p, once.out.n) == 0);
	ck_assert_uint_eq(twice.rewrites[SURFACE_TEXT], 0);
	ck_assert_uint_eq(twice.rewrites[SURFACE_STRAGGLER], 0);
	free_result(&once);
	free_result(&twice);
	unlink(path);
	free(in);
}
END_TEST

/* The sweep keeps what it has matched, and the protected bytes it passes,
 * in its buffer until it is half used (window_init_kept): the same bytes as
 * a window that hands each segment on as it ends, whatever the mix of
 * pieces — protected runs long and short, up to past the buffer, and
 * pieces fed across batches. */
START_TEST(sweep_kept_equals_handed_on)
{
	size_t len;
	unsigned char *in = make_dense(4000000, &len);
	uint32_t x = 777u + (uint32_t)_i;
	struct capture ca = { 0 }, cb = { 0 };
	struct sweep sw;
	sweep_init(&sw, &tpt, (struct sink){ cap_write, &ca, NULL }, NULL);
	sweep_reset(&sw);
	struct sink in_sink = sweep_sink(&sw);
	struct window b;   /* the sweep as it was: each segment handed on at its end */
	window_init(&b, &tpt, SURFACE_STRAGGLER, (struct sink){ cap_write, &cb, NULL }, NULL);
	window_begin(&b, SURFACE_STRAGGLER, 0);
	size_t i = 0, protected_runs = 0, long_runs = 0, step = 0;
	while (i < len) {
		x = x * 1103515245u + 12345u;
		uint32_t r = x >> 16;
		/* every 90th piece a protected run longer than the buffer */
		bool past = ++step % 90 == 45;
		size_t k = past ? 150000 + r : 1 + (x >> 8) % (r % 40 == 0 ? 200000 : r % 3 ? 300 : 9000);
		if (k > len - i) k = len - i;
		if (past || (r >> 6) % 3 == 0) {
			sink_write_protected(&in_sink, in + i, k);
			if (!(b.open && !b.len)) window_end(&b);
			window_skip(&b, in + i, k);
			window_begin(&b, SURFACE_STRAGGLER, b.base);
			protected_runs++;
			long_runs += k > WINDOW_BATCH;
		} else {
			sink_write(&in_sink, in + i, k);
			window_feed(&b, in + i, k);
		}
		i += k;
	}
	sweep_finish(&sw);
	window_end(&b);
	ck_assert_msg(protected_runs > 100 && long_runs > 1, "%zu protected runs, %zu long, %zu pieces", protected_runs, long_runs, step);
	ck_assert_uint_eq(ca.n, cb.n);
	ck_assert(memcmp(ca.p, cb.p, ca.n) == 0);
	sweep_free(&sw);
	window_free(&b);
	free(ca.p);
	free(cb.p);
	free(in);
}
END_TEST

/* §6.3: a candidate the text pass skipped is seen again by the sweep, and
 * reported at the same input offset although the output moved. */
START_TEST(sweep_offsets_are_input_offsets)
{
	static const char in[] = "https://www.example.fi/a path//www.example.fi/b https://www.example.fi/c https://www.example.fi:8080/";
	char *path = write_temp((const unsigned char *)in, strlen(in));
	struct run_result r;
	run_pipeline(path, 5, false, &r);
	/* the type line, then each event with its input LINE:COLUMN */
	const char *expect =
		"type: text (option)\n"
		"explain (6 events):\n"
		"         0 1:1       rewrote  -                      text                                     https://www.example.fi\n"
		"        29 1:30      skipped  unanchored             text                                     //www.example.fi\n"
		"        29 1:30      skipped  unanchored             straggler                                //www.example.fi\n"
		"        48 1:49      rewrote  -                      text                                     https://www.example.fi\n"
		"        73 1:74      skipped  host-not-in-map        text                                     https://www.example.fi:8080\n"
		"        73 1:74      skipped  host-not-in-map        straggler                                https://www.example.fi:8080\n";
	ck_assert_uint_eq(r.explain_len, strlen(expect));
	ck_assert_str_eq(r.explain, expect);
	free_result(&r);
	unlink(path);
}
END_TEST

/* §10.6: line and column (1-based, bytes of the input) in check mode,
 * after a rewrite that changed the length of an earlier part of the line. */
START_TEST(check_positions)
{
	static const char in[] = "x https://www.example.fi/a https://www.example.fi/b\n\nab //www.example.fi\n";
	char *path = write_temp((const unsigned char *)in, strlen(in));
	struct run_result r;
	run_pipeline(path, 3, true, &r);
	ck_assert_str_eq(r.check,
		"dense.txt:1:3: https://www.example.fi (text)\n"
		"dense.txt:1:28: https://www.example.fi (text)\n"
		"dense.txt:3:4: //www.example.fi (text)\n");
	free_result(&r);
	unlink(path);
}
END_TEST

/* §7 on the text type (§13.1): a line that holds serialized data is repaired
 * (a value starts at the start of a line or after an opener and ends at its
 * closer or the end of the line); the same at every read size. A stale
 * length cannot be repaired: its line is the value's unit and passes
 * through byte-identical, the origin before the broken value included
 * (rules.md §7.5), so it is reported: one untouched skip and a --check
 * finding at the line's start naming the origin left (§10.6). */
START_TEST(text_serialized_lines)
{
	static const char in[] =
		"x https://www.example.fi/\n"
		"a:2:{s:3:\"url\";s:22:\"https://www.example.fi\";s:1:\"b\";s:0:\"\";}\n"
		"https://www.example.fi/ s:5:\"https://www.example.fi\";\n"
		"opt=s:26:\"http://old.example.fi/feed\";&y=1\n"
		"tail https://www.example.fi";
	static const char want[] =
		"x https://wt-a--example.ddev.site/\n"
		"a:2:{s:3:\"url\";s:31:\"https://wt-a--example.ddev.site\";s:1:\"b\";s:0:\"\";}\n"
		"https://www.example.fi/ s:5:\"https://www.example.fi\";\n"
		"opt=s:36:\"https://wt-a--example.ddev.site/feed\";&y=1\n"
		"tail https://wt-a--example.ddev.site";
	char *path = write_temp((const unsigned char *)in, strlen(in));
	static const size_t sizes[] = { 1, 2, 7, 4096, 65536 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct run_result r;
		run_pipeline(path, sizes[i], false, &r);
		ck_assert_uint_eq(r.out.n, strlen(want));
		ck_assert_msg(memcmp(r.out.p, want, r.out.n) == 0, "read size %zu: %.*s", sizes[i], (int)r.out.n, (char *)r.out.p);
		ck_assert_uint_eq(r.rewrites[SURFACE_TEXT], 4);
		ck_assert_uint_eq(r.skips[REASON_SERIALIZED_UNTOUCHED], 1);
		ck_assert_uint_eq(r.rewrites[SURFACE_STRAGGLER], 0);
		free_result(&r);
	}
	struct run_result r;
	run_pipeline(path, 7, true, &r);
	ck_assert_msg(strstr(r.check, ":3:1: https://www.example.fi/ s:5:\"https://www.example.fi\"; (serialized-untouched)\n") != NULL,
	              "%s", r.check);
	free_result(&r);
	unlink(path);
}
END_TEST

Suite *window_suite(void)
{
	Suite *s = suite_create("window");
	TCase *tc = tcase_create("streaming");
	tcase_add_checked_fixture(tc, build, teardown_map);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, window_equals_whole_buffer);
	tcase_add_test(tc, window_random_chunks);
	tcase_add_loop_test(tc, window_deferred_equals_copied, 0, 4);
	tcase_add_loop_test(tc, value_write_equals_copy, 0, 3);
	tcase_add_loop_test(tc, value_rematch_gate_exact, 0, 3);
	tcase_add_loop_test(tc, value_candidate_gate_exact, 0, 3);
	tcase_add_loop_test(tc, value_rematch_windowed, 0, 3);
	tcase_add_test(tc, value_rematch_begins_value);
	tcase_add_test(tc, value_interleaved_splices);
	tcase_add_loop_test(tc, value_serialized_plan_equals_buffered, 0, 3);
	tcase_add_test(tc, value_long_span);
	tcase_add_test(tc, window_marks_before_bytes);
	tcase_add_test(tc, pipeline_chunk_independent);
	tcase_add_test(tc, pipeline_idempotent);
	tcase_add_test(tc, sweep_offsets_are_input_offsets);
	tcase_add_loop_test(tc, sweep_kept_equals_handed_on, 0, 4);
	tcase_add_test(tc, check_positions);
	tcase_add_test(tc, text_serialized_lines);
	suite_add_tcase(s, tc);
	return s;
}
