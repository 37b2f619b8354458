/* test_ser_diff.c — the serialized repair against an independent
 * serializer (rules.md §7.2–§7.5): random PHP value trees (strings full of
 * quotes, `";`, braces, `a:1:{` text, NUL, multibyte UTF-8, newlines and
 * origins in several spellings; arrays, objects with `\0`-named
 * properties, C: ArrayObject, r:/R:, double and triple serialization) are
 * serialized here, by code that shares nothing with src/serialized.c, run
 * through the whole pipeline at several read sizes, in the text type (one
 * value a line) and as mysqldump-escaped SQL literals, and the output must
 * be the same tree with its origins replaced, serialized and escaped the
 * same way. HOSTSHIFT_SER_TREES sets how many trees (default 3000). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline_fixture.h"

#define SD_MAP "https://www.example.fi https://wt-a--example.ddev.site\n"

struct sd_buf {
	unsigned char *p;
	size_t n, cap;
};

static void sd_put(struct sd_buf *b, const void *p, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t c = b->cap ? b->cap : 256;
		while (c < b->n + n + 1) c *= 2;
		b->p = realloc(b->p, c);
		ck_assert_ptr_nonnull(b->p);
		b->cap = c;
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void sd_puts(struct sd_buf *b, const char *s) { sd_put(b, s, strlen(s)); }

static void sd_putf(struct sd_buf *b, const char *fmt, unsigned long long v)
{
	char t[32];
	int k = snprintf(t, sizeof t, fmt, v);
	sd_put(b, t, (size_t)k);
}

static uint64_t sd_rng;
static unsigned sd_rand(unsigned n)
{
	sd_rng ^= sd_rng << 13;
	sd_rng ^= sd_rng >> 7;
	sd_rng ^= sd_rng << 17;
	return (unsigned)(sd_rng % n);
}

/* ------------------------------------------------------------ trees */

enum sd_kind { K_NULL, K_BOOL, K_INT, K_DOUBLE, K_STR, K_SER, K_ARRAY, K_OBJECT, K_AO, K_REF, K_ENUM };

struct sd_node {
	enum sd_kind kind;
	long long num;
	struct sd_buf str[2];      /* K_STR: [0] before, [1] with origins replaced */
	struct sd_node *child;     /* K_SER: the value serialized into the string; K_AO: its storage */
	struct sd_node **kids;     /* K_ARRAY, K_OBJECT: key, value, key, value... */
	size_t nkids;
	const char *cls;
};

/* Origins as written and as the map rewrites them (the spellings of
 * rules.md §2.1), and near misses that stay. */
static const char *const sd_origins[][2] = {
	{ "https://www.example.fi", "https://wt-a--example.ddev.site" },
	{ "http://www.example.fi", "https://wt-a--example.ddev.site" },
	{ "//www.example.fi", "//wt-a--example.ddev.site" },
	{ "HTTPS://WWW.EXAMPLE.FI", "https://wt-a--example.ddev.site" },
	{ "https:\\/\\/www.example.fi", "https:\\/\\/wt-a--example.ddev.site" },
	{ "https%3A%2F%2Fwww.example.fi", "https%3A%2F%2Fwt-a--example.ddev.site" },
	{ "https://example.fi", "https://example.fi" },
	{ "https://www.example.fi.evil.com", "https://www.example.fi.evil.com" },
	{ "https://www.example.fix", "https://www.example.fix" },
};
#define SD_NORIGINS (sizeof sd_origins / sizeof *sd_origins)

static const char *const sd_fillers[] = {
	"\"", "\";", "{", "}", "a:1:{", "s:3:\"x\";", "\";}", "x", "hello", ";", ":", "'", "\\", "%", "&", "<b>",
	"i:1;", "N;", "\xc3\xa9", "\xf0\x9f\x98\x80", "\xe2\x82\xac", "0", "s:", "\";}s:3:\"bad\";", "=",
};
#define SD_NFILLERS (sizeof sd_fillers / sizeof *sd_fillers)

static bool sd_text_ctx; /* text type: no line ends inside a value */

static void sd_both(struct sd_node *n, const char *a, size_t an, const char *b, size_t bn)
{
	sd_put(&n->str[0], a, an);
	sd_put(&n->str[1], b, bn);
}

static void sd_gen_string(struct sd_node *n)
{
	n->kind = K_STR;
	unsigned parts = sd_rand(7);
	for (unsigned k = 0; k < parts; k++) {
		unsigned r = sd_rand(10);
		if (r < 3) {
			/* an origin, anchored (start or a space before it) and
			 * delimited (a path after it) */
			const char *const *o = sd_origins[sd_rand(SD_NORIGINS)];
			if (n->str[0].n) sd_both(n, " ", 1, " ", 1);
			sd_both(n, o[0], strlen(o[0]), o[1], strlen(o[1]));
			const char *path = strchr(o[0], '%') ? "%2Fp" : strchr(o[0], '\\') ? "\\/p" : "/p";
			sd_both(n, path, strlen(path), path, strlen(path));
		} else if (r == 3 && !sd_text_ctx) {
			const char *nl = sd_rand(2) ? "\n" : "\r\n";
			sd_both(n, nl, strlen(nl), nl, strlen(nl));
		} else if (r == 4) {
			sd_both(n, "\0", 1, "\0", 1);
		} else {
			const char *f = sd_fillers[sd_rand(SD_NFILLERS)];
			sd_both(n, f, strlen(f), f, strlen(f));
		}
	}
}

static struct sd_node *sd_gen(unsigned depth);

static struct sd_node *sd_new(enum sd_kind k)
{
	struct sd_node *n = calloc(1, sizeof *n);
	ck_assert_ptr_nonnull(n);
	n->kind = k;
	return n;
}

static struct sd_node *sd_key(bool str)
{
	struct sd_node *k = sd_new(K_INT);
	if (!str) {
		k->num = sd_rand(100);
		return k;
	}
	static const char *const names[] = { "url", "siteurl", "\0*\0home", "\0Foo\0bar", "a:1:{", "\";}", "k" };
	const char *nm = names[sd_rand(sizeof names / sizeof *names)];
	size_t nl = nm[0] ? strlen(nm) : nm[1] == '*' ? 7 : 8;
	k->kind = K_STR;
	sd_both(k, nm, nl, nm, nl);
	return k;
}

static struct sd_node *sd_container(enum sd_kind kind, unsigned depth)
{
	struct sd_node *n = sd_new(kind);
	n->nkids = 2 * sd_rand(4);
	n->kids = calloc(n->nkids + 1, sizeof *n->kids);
	for (size_t i = 0; i < n->nkids; i += 2) {
		n->kids[i] = sd_key(kind == K_OBJECT || sd_rand(2));
		n->kids[i + 1] = sd_gen(depth + 1);
	}
	n->cls = kind == K_OBJECT ? (sd_rand(2) ? "stdClass" : "WP_Post") : NULL;
	return n;
}

static struct sd_node *sd_gen(unsigned depth)
{
	unsigned r = sd_rand(depth >= 4 ? 6 : 12);
	struct sd_node *n;
	switch (r) {
	case 0: return sd_new(K_NULL);
	case 1: n = sd_new(K_BOOL); n->num = sd_rand(2); return n;
	case 2: n = sd_new(K_INT); n->num = (long long)sd_rand(100000) - 500; return n;
	case 3: return sd_new(K_DOUBLE);
	case 4: case 5: n = sd_new(K_STR); sd_gen_string(n); return n;
	case 6: n = sd_new(K_SER); n->child = sd_gen(depth + 1); return n;
	case 7: n = sd_new(K_REF); n->num = 1 + sd_rand(2); n->cls = sd_rand(2) ? "r" : "R"; return n;
	case 8: return sd_new(K_ENUM);
	case 9: return sd_container(K_OBJECT, depth);
	case 10: n = sd_new(K_AO); n->child = sd_container(K_ARRAY, depth + 1); return n;
	default: return sd_container(K_ARRAY, depth);
	}
}

static void sd_free(struct sd_node *n)
{
	if (!n) return;
	free(n->str[0].p);
	free(n->str[1].p);
	sd_free(n->child);
	for (size_t i = 0; i < n->nkids; i++) sd_free(n->kids[i]);
	free(n->kids);
	free(n);
}

/* ------------------------------------------------------------ the serializer (PHP's format) */

static void sd_ser(struct sd_buf *o, const struct sd_node *n, int which);

static void sd_ser_string(struct sd_buf *o, const unsigned char *p, size_t len)
{
	sd_putf(o, "s:%llu:\"", len);
	sd_put(o, p, len);
	sd_puts(o, "\";");
}

static void sd_ser(struct sd_buf *o, const struct sd_node *n, int which)
{
	switch (n->kind) {
	case K_NULL: sd_puts(o, "N;"); break;
	case K_BOOL: sd_putf(o, "b:%llu;", (unsigned long long)n->num); break;
	case K_INT: {
		char t[32];
		int k = snprintf(t, sizeof t, "i:%lld;", n->num);
		sd_put(o, t, (size_t)k);
		break;
	}
	case K_DOUBLE: sd_puts(o, "d:0.5;"); break;
	case K_STR: sd_ser_string(o, n->str[which].p ? n->str[which].p : (const unsigned char *)"", n->str[which].n); break;
	case K_SER: {
		struct sd_buf in = { 0 };
		sd_ser(&in, n->child, which);
		sd_ser_string(o, in.p, in.n);
		free(in.p);
		break;
	}
	case K_REF: sd_puts(o, n->cls); sd_putf(o, ":%llu;", (unsigned long long)n->num); break;
	case K_ENUM: sd_puts(o, "E:11:\"Suit:Hearts\";"); break;
	case K_ARRAY:
	case K_OBJECT:
		if (n->kind == K_OBJECT) {
			sd_putf(o, "O:%llu:\"", strlen(n->cls));
			sd_puts(o, n->cls);
			sd_puts(o, "\"");
		} else {
			sd_puts(o, "a");
		}
		sd_putf(o, ":%llu:{", n->nkids / 2);
		for (size_t i = 0; i < n->nkids; i++) sd_ser(o, n->kids[i], which);
		sd_puts(o, "}");
		break;
	case K_AO: {
		struct sd_buf in = { 0 };
		sd_puts(&in, "x:i:0;");
		sd_ser(&in, n->child, which);
		sd_puts(&in, ";m:a:0:{}");
		sd_putf(o, "C:11:\"ArrayObject\":%llu:{", in.n);
		sd_put(o, in.p, in.n);
		sd_puts(o, "}");
		free(in.p);
		break;
	}
	}
}

/* mysqldump's escaping of a string literal's body. */
static void sd_sql_escape(struct sd_buf *o, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (p[i]) {
		case 0: sd_puts(o, "\\0"); break;
		case '\n': sd_puts(o, "\\n"); break;
		case '\r': sd_puts(o, "\\r"); break;
		case '\\': sd_puts(o, "\\\\"); break;
		case '\'': sd_puts(o, "\\'"); break;
		case '"': sd_puts(o, "\\\""); break;
		case 0x1a: sd_puts(o, "\\Z"); break;
		default: sd_put(o, p + i, 1);
		}
	}
}

static size_t sd_trees(void)
{
	const char *e = getenv("HOSTSHIFT_SER_TREES");
	long v = e ? strtol(e, NULL, 10) : 0;
	return v > 0 ? (size_t)v : 3000;
}

/* One batch of trees in one context: the input, the expected output, and
 * the pipeline at the given read sizes. */
static void sd_batch(const struct patterns *pt, bool sql, size_t ntrees, const size_t *sizes, size_t nsizes, uint64_t seed)
{
	struct sd_buf in = { 0 }, want = { 0 };
	sd_text_ctx = !sql;
	for (size_t t = 0; t < ntrees; t++) {
		struct sd_node *root;
		switch (sd_rand(5)) {
		case 0: root = sd_new(K_SER); root->child = sd_gen(1); break;
		case 1: root = sd_container(K_OBJECT, 0); break;
		case 2: root = sd_new(K_AO); root->child = sd_container(K_ARRAY, 1); break;
		default: root = sd_container(K_ARRAY, 0); break;
		}
		for (int which = 0; which < 2; which++) {
			struct sd_buf v = { 0 }, *o = which ? &want : &in;
			sd_ser(&v, root, which);
			if (sql) {
				sd_putf(o, "INSERT INTO `t` VALUES (%llu,'", t);
				sd_sql_escape(o, v.p, v.n);
				sd_puts(o, "');\n");
			} else {
				sd_put(o, v.p, v.n);
				sd_puts(o, "\n");
			}
			free(v.p);
		}
		sd_free(root);
	}
	for (size_t k = 0; k < nsizes; k++) {
		struct pf_options po = { .type = sql ? FILETYPE_SQL : FILETYPE_TEXT, .read_size = sizes[k], .no_explain = true };
		struct pf_result r;
		pf_run_pt(pt, in.p, in.n, &po, &r);
		if (r.out_len != want.n || memcmp(r.out, want.p, want.n) != 0) {
			size_t i = 0;
			while (i < r.out_len && i < want.n && r.out[i] == want.p[i]) i++;
			size_t ls = i;
			while (ls > 0 && want.p[ls - 1] != '\n') ls--;
			const unsigned char *ie = memchr(want.p + ls, '\n', want.n - ls), *oe = memchr(r.out + ls, '\n', r.out_len - ls);
			ck_abort_msg("seed %llu %s read %zu: differs at %zu\nwant: %.*s\ngot:  %.*s", (unsigned long long)seed,
			             sql ? "sql" : "text", sizes[k], i, (int)(ie ? (size_t)(ie - want.p) - ls : want.n - ls),
			             (const char *)want.p + ls, (int)(oe ? (size_t)(oe - r.out) - ls : r.out_len - ls),
			             (const char *)r.out + ls);
		}
		pf_free(&r);
	}
	free(in.p);
	free(want.p);
}

/* rules.md §7.2–§7.5: every generated tree comes out as the same tree with
 * its origins replaced and every length repaired, in both contexts. */
START_TEST(random_trees_match_the_independent_serializer)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, SD_MAP, false);
	size_t total = sd_trees(), per = 100, done = 0;
	for (uint64_t b = 0; done < total; b++) {
		uint64_t seed = 0x9E3779B97F4A7C15ull * (b + 1) + (uint64_t)_i;
		sd_rng = seed;
		size_t n = total - done < per ? total - done : per;
		size_t sizes[4] = { 4096, 1 + sd_rand(700), 7, 1 };
		/* every read size on the first batches, the fast ones on all */
		size_t nsizes = b < 3 ? 4 : 2;
		sd_batch(&pt, _i == 1, n, sizes, nsizes, seed);
		done += n;
	}
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

Suite *ser_diff_suite(void)
{
	Suite *s = suite_create("ser_diff");
	TCase *tc = tcase_create("differential");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, random_trees_match_the_independent_serializer, 0, 2);
	suite_add_tcase(s, tc);
	return s;
}
