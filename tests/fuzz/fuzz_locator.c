/* fuzz_locator.c — libFuzzer target: the URL-parser locator of
 * docs/rules.md §3.9 (src/locator.c), on its own and through the whole
 * html pipeline (src/value.c's locate_run), with four maps whose
 * canonical host C is www.example.fi.
 *
 * Input layout:
 *   byte 0   map (bits 0–1: one of maps[] below), the view of the direct
 *            checks (bit 7 clear: bit 2 0 an html attribute value's, refs
 *            on, 1 a URL header's, refs off; bit 7 set: bit 2 0 a style
 *            sheet's, CSS escapes read over references, the document a
 *            style attribute's, 1 a script's, JavaScript's escapes read,
 *            the document a script), the derived read size (bits 3–6,
 *            with the input's length)
 *   byte 1   the padding of the windowed check (5) below: filler (bits
 *            0–1: none, spaces, a TAB then spaces, `&#32;` repeated),
 *            where the value lands (bits 2–6, with the input's length)
 *            against the first window's limit or (bit 7) its end
 *   the rest the value: an attribute value's bytes.
 *
 * Properties:
 *   (1) chunking: the documents `<a href="` value `">` (`<b style="` for a
 *       style sheet, `<script>` value `</script>` for a script) and the value
 *       alone, run through the pipeline (type html) at read sizes 1, 2,
 *       3, 7, 4096 and one derived from the input, give the same output
 *       and the same rewrites per surface;
 *   (2) idempotence: each output run again changes nothing and counts no
 *       rewrite (rules.md §11.3);
 *   (3) identity: with the identity map of the map's canonicals the
 *       output equals the document byte for byte and counts no rewrite;
 *   (4) only host bytes: locator_scan on the value (the view of byte 0)
 *       reports hits in order, each within the value and after the one
 *       before; a hit's source bytes, read by the small decoder below
 *       (written from rules.md §3.9 and §5.1–§5.2, not from src/: TAB,
 *       LF and CR removed, references decoded, removable ones removed,
 *       `%XX` decoded in the host, lower case, a root dot dropped),
 *       spell its pair's canonical host, then at most a `:` and digits;
 *       a hit that writes the scheme begins with `http:` or `https:`
 *       (its colon at mid_start where the slashes are kept), has its
 *       userinfo (if any) end with `@` at mid_end, and the variant's
 *       scheme is not the one written;
 *   (5) windows: the value behind a filler that puts it across the first
 *       view window's limit (LOCATOR_WINDOW − LOCATOR_LOOK view bytes) or
 *       its end (LOCATOR_WINDOW), with spaces after it, gives the same
 *       hits, shifted; release() is told offsets that never go back and
 *       stay within the buffer;
 *   (6) the gates are supersets: where locator_may_find and
 *       locator_may_fold are false, every hit lies inside a span the byte
 *       matcher rewrote (matcher_scan_ex, value mode, html-attr or header)
 *       on the same bytes; where locator_may_hide and locator_may_fold are
 *       false and hostfind_any finds no canonical host, there is no hit;
 *       nor, in a style sheet or a script, where locator_may_hide_script
 *       is false instead of locator_may_hide.
 *   A hit whose host is spelled past ASCII (the fold, rules.md §1.4) is
 *   checked in (4) for a character past ASCII among its bytes and, where
 *   they are UTF-8 alone, for folding to the canonical host.
 * A value the pipeline takes for compressed input is refused (exit 3,
 * nothing written) and checked for that only.
 * At exit it prints the cases, how many the locator found anything in
 * (and with a scheme), how many the pipeline rewrote, and how many the
 * gates said no to; with at least 2000 cases, a share of locator finds
 * under 5% fails the run (exit 70). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "filetype.h"
#include "fuzz_common.h"
#include "hostfind.h"
#include "idna.h"
#include "locator.h"
#include "map.h"
#include "matcher.h"
#include "patterns.h"
#include "pipeline.h"

#define MIN_SHARE_CASES 2000
#define MIN_SHARE_PERCENT 5
#define MAX_HITS 4096

static const char *const maps[4] = {
	/* containment (the variant holds C), many→one, a port; served at https */
	"https://www.example.fi https://wt-a--www.example.fi\n"
	"http://example.fi https://wt-a--www.example.fi\n"
	"https://shop.example.fi:8443 https://wt-a--shop.example.ddev.site\n",
	/* an http variant: a page served at http (`https:C/x` is a URL) */
	"https://www.example.fi http://v.test\n"
	"http://example.fi http://v.test\n",
	/* two ports of C, an IPv6 variant with a port, an identity pair */
	"https://www.example.fi:8443 http://[::1]:8080\n"
	"https://www.example.fi https://v.example\n"
	"https://example.fi https://example.fi\n",
	/* a scheme-only change; a dotless host (its root dot spelled past
	 * ASCII, `localhost。`, is the host) */
	"http://www.example.fi https://www.example.fi\n"
	"http://localhost:8080 https://v.localhost.test\n",
};

static struct map real_map[4], ident_map[4];
static struct patterns real_pt[4], ident_pt[4];
static struct fuzz_io io;
static struct locator loc;

static struct {
	unsigned long cases, found, scheme, rewrote, no_find, no_hide, padded, windowed, folded;
} stats;

static void report_stats(void)
{
	if (!stats.cases) return;
	double share = 100.0 * (double)stats.found / (double)stats.cases;
	fprintf(stderr,
	        "fuzz_locator: %lu cases, %lu found by the locator (%.1f%%), %lu with the scheme, %lu rewrote in the "
	        "pipeline; gates false: may_find %lu, may_hide+hostfind %lu; %lu padded, %lu across windows; %lu hits "
	        "folded\n",
	        stats.cases, stats.found, share, stats.scheme, stats.rewrote, stats.no_find, stats.no_hide, stats.padded,
	        stats.windowed, stats.folded);
	if (stats.cases >= MIN_SHARE_CASES && share < MIN_SHARE_PERCENT) {
		fprintf(stderr, "fuzz_locator: FAIL: only %.1f%% of cases found anything (want >= %d%%)\n", share,
		        MIN_SHARE_PERCENT);
		fflush(stderr);
		_Exit(70);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	for (int i = 0; i < 4; i++) {
		fuzz_build_map("fuzz_locator", &real_map[i], &real_pt[i], maps[i]);
		fuzz_identity_map("fuzz_locator", &real_map[i], &ident_map[i], &ident_pt[i]);
	}
	fuzz_io_open(&io);
	atexit(report_stats);
	return 0;
}

/* ------------------------------------------------------------ failure */

static const uint8_t *cur_in;
static size_t cur_n;
static int cur_map;
static bool cur_header, cur_css, cur_js;

static void head(const char *what)
{
	fprintf(stderr, "\n=== fuzz_locator: %s\nmap %d (view: %s):\n%s", what, cur_map,
	        cur_js ? "a script, refs off" : cur_css ? "a style sheet, refs on" : cur_header ? "header, refs off" : "html attribute, refs on",
	        maps[cur_map]);
	fuzz_dump("value", cur_in, cur_n);
}

/* ------------------------------------------------------------ the pipeline */

struct result {
	unsigned char *out;
	size_t len, cap;
	uint64_t rewrites[SURFACE_COUNT], total;
	int rc;
};

static void run(const struct patterns *pt, size_t read_size, const unsigned char *in, size_t n, struct result *r)
{
	fuzz_io_put(&io, in, n);
	struct report_options ro = { .quiet = true, .out = io.devnull, .check_out = io.devnull };
	struct report rep;
	report_init(&rep, &ro);
	struct pipeline_config cfg = { .pt = pt, .type = FILETYPE_HTML, .read_size = read_size, .quiet = true,
	                               .progress = PROGRESS_OFF };
	struct pipeline pl;
	pipeline_init(&pl, &cfg, &rep);
	struct io_writer w;
	io_writer_init(&w, io.out_fd);
	r->rc = pipeline_run(&pl, io.in_fd, "in", NULL, &w);
	report_end(&rep);
	memcpy(r->rewrites, rep.rewrites, sizeof r->rewrites);
	r->total = 0;
	for (int s = 0; s < SURFACE_COUNT; s++) r->total += r->rewrites[s];
	io_writer_free(&w);
	pipeline_free(&pl);
	report_free(&rep);
	fuzz_io_take(&io, &r->out, &r->len, &r->cap);
}

static void fail_runs(const char *what, const unsigned char *doc, size_t n, size_t ra, const struct result *x,
                      size_t rb, const struct result *y)
{
	head(what);
	fuzz_dump("document", doc, n);
	if (x) fprintf(stderr, "read size %zu: rc %d, %llu rewrites\n", ra, x->rc, (unsigned long long)x->total);
	if (x) fuzz_dump("output 1", x->out, x->len);
	if (y) fprintf(stderr, "read size %zu: rc %d, %llu rewrites\n", rb, y->rc, (unsigned long long)y->total);
	if (y) fuzz_dump("output 2", y->out, y->len);
	if (x && y) {
		size_t i = 0;
		while (i < x->len && i < y->len && x->out[i] == y->out[i]) i++;
		fprintf(stderr, "first difference at byte %zu\n", i);
		for (int s = 0; s < SURFACE_COUNT; s++)
			if (x->rewrites[s] || y->rewrites[s])
				fprintf(stderr, "  rewrites on %s: %llu | %llu\n", surface_name(s), (unsigned long long)x->rewrites[s],
				        (unsigned long long)y->rewrites[s]);
	}
	abort();
}

static struct result rbase, rother, ragain, rid;

/* (1)–(3) on one document; returns whether it rewrote. */
static bool check_document(const unsigned char *doc, size_t n, size_t derived)
{
	const size_t sizes[] = { 4096, 1, 2, 3, 7, derived };
	const struct patterns *pt = &real_pt[cur_map];

	/* compressed input is refused: exit 3, nothing written (rules.md §13.2) */
	if (filetype_compressed(doc, n)) {
		run(pt, derived, doc, n, &rid);
		if (rid.rc != 3 || rid.len != 0) fail_runs("compressed input: not refused", doc, n, derived, &rid, 0, NULL);
		return false;
	}

	/* (3) identity */
	run(&ident_pt[cur_map], derived, doc, n, &rid);
	if (rid.rc != 0) fail_runs("identity map: pipeline_run failed", doc, n, derived, &rid, 0, NULL);
	if (rid.len != n || (n && memcmp(rid.out, doc, n) != 0))
		fail_runs("identity map: the output differs from the document", doc, n, derived, &rid, 0, NULL);
	if (rid.total) fail_runs("identity map: rewrites were counted", doc, n, derived, &rid, 0, NULL);

	/* (1) chunking */
	run(pt, sizes[0], doc, n, &rbase);
	if (rbase.rc != 0) fail_runs("pipeline_run failed", doc, n, sizes[0], &rbase, 0, NULL);
	for (size_t k = 1; k < sizeof sizes / sizeof sizes[0]; k++) {
		run(pt, sizes[k], doc, n, &rother);
		if (rother.rc != 0) fail_runs("pipeline_run failed", doc, n, sizes[k], &rother, 0, NULL);
		if (rother.len != rbase.len || memcmp(rother.out, rbase.out, rbase.len) != 0)
			fail_runs("chunking: the outputs differ", doc, n, sizes[0], &rbase, sizes[k], &rother);
		if (memcmp(rother.rewrites, rbase.rewrites, sizeof rbase.rewrites) != 0)
			fail_runs("chunking: the rewrites differ", doc, n, sizes[0], &rbase, sizes[k], &rother);
	}

	/* (2) idempotence */
	run(pt, derived, rbase.out, rbase.len, &ragain);
	if (ragain.rc != 0) fail_runs("second pass: pipeline_run failed", doc, n, sizes[0], &rbase, derived, &ragain);
	if (ragain.len != rbase.len || memcmp(ragain.out, rbase.out, rbase.len) != 0)
		fail_runs("idempotence: the second pass changed the output", doc, n, sizes[0], &rbase, derived, &ragain);
	if (ragain.total)
		fail_runs("idempotence: the second pass counted rewrites", doc, n, sizes[0], &rbase, derived, &ragain);
	return rbase.total != 0;
}

/* ------------------------------------------------------------ the direct checks */

struct hits {
	struct locate_hit h[MAX_HITS];
	size_t n;
	bool overflow;
	/* release(): the furthest offset told, and the buffer */
	const unsigned char *buf;
	size_t buf_n, released;
	bool released_bad;
};

static bool record(void *ctx, const struct locate_hit *h)
{
	struct hits *c = ctx;
	if (h->kept) return false;   /* (kept and said by the value pipeline, not replaced) */
	if (c->n < MAX_HITS) c->h[c->n++] = *h;
	else c->overflow = true;
	return true;
}

static void on_release(void *ctx, const unsigned char *upto)
{
	struct hits *c = ctx;
	if (upto < c->buf || upto > c->buf + c->buf_n) { c->released_bad = true; return; }
	size_t at = (size_t)(upto - c->buf);
	if (at < c->released) c->released_bad = true;
	c->released = at;
}

static void dump_hit(const struct locate_hit *h, const unsigned char *p)
{
	fprintf(stderr, "hit [%zu, %zu) scheme %d slashes_written %d mid [%zu, %zu) pair %s -> ", h->start, h->end,
	        h->scheme, h->slashes_written, h->mid_start, h->mid_end, h->pair ? h->pair->source->canonical.host : "?");
	if (h->pair) {
		char r[300];
		origin_render(&h->pair->source->variant, r, sizeof r);
		fputs(r, stderr);
	}
	fputc('\n', stderr);
	if (h->start <= h->end && h->end <= cur_n) fuzz_dump("  its bytes", p + h->start, h->end - h->start);
}

static void fail_hits(const char *what, const struct hits *c, size_t bad)
{
	head(what);
	for (size_t i = 0; i < c->n; i++) {
		fputs(i == bad ? "> " : "  ", stderr);
		dump_hit(&c->h[i], cur_in);
	}
	abort();
}

/* The small decoder of (4), rules.md §3.9 and §5.1–§5.2, independent of
 * src/entity.c: p[from, to) of the buffer p[0..n), TAB, LF and CR
 * removed, references (refs) read as a page's parser reads them in an
 * attribute value, into out (room for to - from bytes). A reference
 * that does not end by `to` is an error (-1): a hit's bounds are those of
 * whole references. Any byte a host cannot hold is written as 0x80. */
static const struct { const char *name; unsigned char byte; } url_refs[] = {
	{ "sol", '/' }, { "bsol", '\\' }, { "colon", ':' }, { "period", '.' }, { "quest", '?' }, { "num", '#' },
	{ "percnt", '%' }, { "lowbar", '_' }, { "UnderBar", '_' }, { "commat", '@' }, { "amp", '&' },
};

static int hexval(unsigned char c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

static long decode_refs(const unsigned char *p, size_t n, size_t from, size_t to, bool refs, bool controls,
                        unsigned char *out);

/* The same for a style sheet (CSS Syntax Level 3 §4.3.7, written here
 * again): references decoded first, TAB, LF and CR kept; then a backslash
 * and one to six hex digits and at most one white space (CR LF one) stand
 * for the code point (0x80 past ASCII or for 0), a backslash and a newline
 * for nothing, a backslash and another byte for that byte; a TAB, LF or CR
 * an escape stands for is removed, and a TAB written. */
static unsigned char *css_tmp;
static size_t css_tmp_cap;

static long decode_view_css(const unsigned char *p, size_t n, size_t from, size_t to, bool refs, unsigned char *out)
{
	if (to - from + 1 > css_tmp_cap) {
		css_tmp_cap = to - from + 1;
		css_tmp = realloc(css_tmp, css_tmp_cap);
		if (!css_tmp) abort();
	}
	long m = decode_refs(p, n, from, to, refs, true, css_tmp);
	if (m < 0) return m;
	const unsigned char *t = css_tmp;
	size_t k = 0;
	for (size_t i = 0; i < (size_t)m;) {
		unsigned char c = t[i];
		if (c == '\t') { i++; continue; }
		if (c != '\\' || i + 1 == (size_t)m) { out[k++] = c; i++; continue; }
		unsigned char d = t[i + 1];
		if (d == '\n' || d == '\r' || d == '\f') {   /* a line continuation */
			i += 2 + (d == '\r' && i + 2 < (size_t)m && t[i + 2] == '\n');
			continue;
		}
		if (hexval(d) < 0) { out[k++] = d; i += 2; continue; }
		size_t j = i + 1;
		unsigned long v = 0;
		while (j < (size_t)m && j - i <= 6 && hexval(t[j]) >= 0) v = v * 16 + (unsigned long)hexval(t[j++]);
		if (j < (size_t)m && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n' || t[j] == '\f')) j++;
		else if (j < (size_t)m && t[j] == '\r') j += (j + 1 < (size_t)m && t[j + 1] == '\n') ? 2 : 1;
		i = j;
		if (v == 9 || v == 10 || v == 13) continue;
		out[k++] = v && v < 0x80 ? (unsigned char)v : 0x80;
	}
	return (long)k;
}

/* The same for a script (ECMAScript's string escapes, with the legacy
 * octal ones of Annex B, written here again): `\x` and two hex digits,
 * `\u` and four or `\u{…}` stand for the code point (0x80 past ASCII),
 * the octal digits (three from 0–3, two from 4–7) for their value, `\b
 * \f \n \r \t \v` for their controls, a backslash and a line terminator
 * for nothing, a backslash and any other byte for that byte; a TAB, LF or
 * CR an escape stands for is removed, and a TAB written (a written LF or
 * CR is kept). An escape that does not end by `to` is an error (-1). */
static long decode_view_js(const unsigned char *p, size_t n, size_t from, size_t to, unsigned char *out)
{
	size_t k = 0;
	for (size_t i = from; i < to;) {
		unsigned char c = p[i];
		if (c == '\t') { i++; continue; }
		if (c != '\\' || i + 1 >= n) { out[k++] = c; i++; continue; }
		unsigned char d = p[i + 1];
		size_t j = i + 2;
		long v = d;
		if (d == '\n' || d == '\r') {
			if (d == '\r' && j < n && p[j] == '\n') j++;
			v = -2;
		} else if (d == 0xE2 && j + 1 < n && p[j] == 0x80 && (p[j + 1] == 0xA8 || p[j + 1] == 0xA9)) {
			j += 2, v = -2;
		} else if (d == 'x' || d == 'u') {
			size_t want = d == 'x' ? 2 : 4;
			unsigned long cp = 0;
			if (d == 'u' && j < n && p[j] == '{') {
				size_t t = j + 1;
				while (t < n && hexval(p[t]) >= 0 && cp <= 0x10FFFF) cp = cp * 16 + (unsigned long)hexval(p[t++]);
				if (t == j + 1 || t >= n || p[t] != '}' || cp > 0x10FFFF) { out[k++] = '\\'; i++; continue; }
				j = t + 1;
			} else {
				size_t t = 0;
				while (t < want && j + t < n && hexval(p[j + t]) >= 0) cp = cp * 16 + (unsigned long)hexval(p[j + t++]);
				if (t < want) { out[k++] = '\\'; i++; continue; }   /* no escape: the backslash as it is */
				j += want;
			}
			v = cp < 0x80 ? (long)cp : 0x80;
		} else if (d >= '0' && d <= '7') {
			unsigned long o = d - '0';
			size_t most = d <= '3' ? 3 : 2, got = 1;
			while (got < most && j < n && p[j] >= '0' && p[j] <= '7') o = o * 8 + (p[j++] - '0'), got++;
			v = o < 0x80 ? (long)o : 0x80;
		} else if (d == 'b' || d == 'f' || d == 'n' || d == 'r' || d == 't' || d == 'v') {
			v = d == 'b' ? 8 : d == 'f' ? 12 : d == 'n' ? 10 : d == 'r' ? 13 : d == 't' ? 9 : 11;
		} else if (d >= 0x80) {
			v = 0x80;
		}
		if (j > to) return -1;
		i = j;
		if (v == -2 || v == 9 || v == 10 || v == 13) continue;
		out[k++] = (unsigned char)v;
	}
	return (long)k;
}

static long decode_view(const unsigned char *p, size_t n, size_t from, size_t to, bool refs, unsigned char *out)
{
	if (cur_js) return decode_view_js(p, n, from, to, out);
	if (cur_css) return decode_view_css(p, n, from, to, refs, out);
	return decode_refs(p, n, from, to, refs, false, out);
}

/* decode_view without CSS; controls: TAB, LF and CR (and the references
 * to them) kept, not removed */
static long decode_refs(const unsigned char *p, size_t n, size_t from, size_t to, bool refs, bool controls,
                        unsigned char *out)
{
	size_t k = 0;
	for (size_t i = from; i < to;) {
		unsigned char c = p[i];
		if (!controls && (c == '\t' || c == '\n' || c == '\r')) { i++; continue; }
		if (c != '&' || !refs) { out[k++] = c; i++; continue; }
		size_t len = 0;
		long b = -1;   /* -1: not a reference; -2: removed */
		if (i + 1 < n && p[i + 1] == '#') {
			size_t j = i + 2;
			bool hex = j < n && (p[j] == 'x' || p[j] == 'X');
			if (hex) j++;
			size_t d0 = j;
			unsigned long v = 0;
			bool big = false;
			for (; j < n && (hex ? hexval(p[j]) >= 0 : (p[j] >= '0' && p[j] <= '9')); j++) {
				v = v * (hex ? 16 : 10) + (unsigned long)(hex ? hexval(p[j]) : p[j] - '0');
				if (v > 0x10FFFF) { big = true; break; }
			}
			if (j > d0 && !big) {
				if (j < n && p[j] == ';') j++;
				len = j - i;
				b = (v == 9 || v == 10 || v == 13) && !controls ? -2 : (v >= 1 && v < 0x80 ? (long)v : 0x80);
			}
		} else if (n - i >= 5 && !memcmp(p + i + 1, "Tab;", 4)) {
			len = 5, b = controls ? '\t' : -2;
		} else if (n - i >= 9 && !memcmp(p + i + 1, "NewLine;", 8)) {
			len = 9, b = controls ? '\n' : -2;
		} else {
			for (size_t r = 0; r < sizeof url_refs / sizeof url_refs[0]; r++) {
				size_t l = strlen(url_refs[r].name);
				if (n - i >= l + 2 && !memcmp(p + i + 1, url_refs[r].name, l) && p[i + 1 + l] == ';') {
					len = l + 2, b = url_refs[r].byte;
					break;
				}
			}
			/* any other name: a non-ASCII character or the `&` itself,
			 * neither a host byte */
		}
		if (b == -1) { out[k++] = 0x80; i++; continue; }
		if (i + len > to) return -1;
		if (b != -2) out[k++] = (unsigned char)b;
		i += len;
	}
	return (long)k;
}

static unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c; }

/* Whether v[0..k) (a decoded view) is `%XX`-decoded, lower-cased, the
 * host `host` with at most a root dot, then at most `:` and digits. */
static unsigned char *scratch, *decoded;
static size_t scratch_cap;

static bool spells_host(const unsigned char *v, size_t k, const char *host)
{
	unsigned char *d = decoded;
	size_t m = 0;
	for (size_t i = 0; i < k; i++) {
		unsigned char c = v[i];
		if (c == '%' && i + 2 < k && hexval(v[i + 1]) >= 0 && hexval(v[i + 2]) >= 0) {
			c = (unsigned char)(hexval(v[i + 1]) << 4 | hexval(v[i + 2]));
			i += 2;
		}
		d[m++] = lower(c);
	}
	size_t hl = strlen(host), colon = m;
	for (size_t i = 0; i < m; i++)
		if (d[i] == ':') { colon = i; break; }
	size_t he = colon;
	if (he && d[he - 1] == '.') he--;
	if (he != hl || memcmp(d, host, hl) != 0) return false;
	if (colon == m) return true;
	if (colon + 1 == m) return false;   /* an empty port is not the hit's */
	for (size_t i = colon + 1; i < m; i++)
		if (d[i] < '0' || d[i] > '9') return false;
	return true;
}

/* (4) for the hits of p[0..n) */
static void check_hits(const struct hits *c, const unsigned char *p, size_t n, bool refs)
{
	if (c->overflow) return;
	if (n + 1 > scratch_cap) {
		scratch_cap = n + 1;
		scratch = realloc(scratch, scratch_cap);
		decoded = realloc(decoded, scratch_cap);
		if (!scratch || !decoded) abort();
	}
	size_t last = 0;
	for (size_t i = 0; i < c->n; i++) {
		const struct locate_hit *h = &c->h[i];
		if (!(h->start < h->end && h->end <= n)) fail_hits("a hit out of the value, or empty", c, i);
		if (h->start < last) fail_hits("hits out of order or overlapping", c, i);
		last = h->end;
		if (!h->pair || h->pair->identity) fail_hits("a hit of no pair, or of an identity pair", c, i);
		const char *host = h->pair->source->canonical.host;
		size_t hs = h->start;
		if (h->scheme) {
			if (!(h->start <= h->mid_start && h->mid_start <= h->mid_end && h->mid_end < h->end))
				fail_hits("a scheme hit's mid range is not inside it", c, i);
			/* the scheme as written: its name (and colon, and a slash, where
			 * the slashes are not kept) */
			long k = decode_view(p, n, h->start, h->mid_start, refs, scratch);
			if (k < 0) fail_hits("a scheme hit cuts a reference", c, i);
			size_t sl = k >= 5 && lower(scratch[4]) == 's' ? 5 : 4;
			if ((size_t)k < 4 || lower(scratch[0]) != 'h' || lower(scratch[1]) != 't' || lower(scratch[2]) != 't' ||
			    lower(scratch[3]) != 'p')
				fail_hits("a scheme hit does not begin with `http`", c, i);
			enum scheme written = sl == 5 ? SCHEME_HTTPS : SCHEME_HTTP;
			if (h->slashes_written) {
				if ((size_t)k != sl) fail_hits("a scheme hit's colon is not at mid_start", c, i);
			} else {
				/* (the colon `:`, or `%3A`) */
				size_t cl = (size_t)k > sl && scratch[sl] == ':' ? 1
				            : (size_t)k >= sl + 3 && scratch[sl] == '%' && scratch[sl + 1] == '3' && lower(scratch[sl + 2]) == 'a' ? 3 : 0;
				if (!cl || (size_t)k > sl + cl + 1 ||
				    ((size_t)k == sl + cl + 1 && scratch[sl + cl] != '/' && scratch[sl + cl] != '\\'))
					fail_hits("a scheme hit without its slashes: not `http:` and at most one slash", c, i);
			}
			if (h->pair->variant_scheme == written) fail_hits("a scheme hit where the scheme is the variant's", c, i);
			/* from the colon (slashes kept) or the authority, to the host */
			k = decode_view(p, n, h->mid_start, h->mid_end, refs, scratch);
			if (k < 0) fail_hits("a scheme hit's mid range cuts a reference", c, i);
			size_t a = 0;
			if (h->slashes_written) {
				/* (the colon `:`, or `%3A` before a slash run) */
				a = k >= 5 && scratch[0] == '%' && scratch[1] == '3' && lower(scratch[2]) == 'a' ? 3 : 1;
				if (k < 3 || (scratch[0] != ':' && a == 1)) fail_hits("a scheme hit's kept slashes do not begin with `:` or `%3A`", c, i);
				size_t colon = a;
				while (a < (size_t)k && (scratch[a] == '/' || scratch[a] == '\\')) a++;
				if (a - colon < 2) fail_hits("a scheme hit's kept slashes: fewer than two", c, i);
			}
			/* the userinfo, if any, ends with its `@` */
			if ((size_t)k > a && scratch[k - 1] != '@') fail_hits("a scheme hit's userinfo does not end with `@`", c, i);
			for (size_t t = a; t < (size_t)k; t++)
				if (scratch[t] == '/' || scratch[t] == '\\') fail_hits("a slash in a scheme hit's userinfo", c, i);
			hs = h->mid_end;
		}
		long k = decode_view(p, n, hs, h->end, refs, scratch);
		if (k < 0) fail_hits("a hit cuts a reference", c, i);
		if (spells_host(scratch, (size_t)k, host)) continue;
		/* a host spelled past ASCII, which the fold reads (rules.md §1.4):
		 * a character past ASCII among its bytes; written in UTF-8 alone,
		 * its ASCII form (src/idna.c, judged against node's URL parser by
		 * the idna tier) spells the canonical host */
		bool wide = false;
		for (long t = 0; t < k; t++) wide |= scratch[t] >= 0x80;
		for (size_t t = hs; t < h->end; t++)
			wide |= p[t] >= 0x80 || (p[t] == '%' && t + 1 < h->end && hexval(p[t + 1]) >= 8);   /* (UTF-8, or a `%XX` of it) */
		if (!wide) fail_hits("a hit's bytes do not spell its canonical host", c, i);
		stats.folded++;
		bool escaped = false;
		for (size_t t = hs; t < h->end; t++) escaped |= p[t] == '&' || p[t] == '\\' || p[t] == '%' || p[t] < 0x20;
		if (!escaped) {
			char a[1024];
			size_t an;
			if (idna_to_ascii(p + hs, h->end - hs, a, sizeof a, &an) != IDNA_OK || !spells_host((const unsigned char *)a, an, host))
				fail_hits("a folded hit's UTF-8 does not fold to its canonical host", c, i);
		}
	}
}

/* matcher events: the spans rewritten */
struct spans { size_t s[MAX_HITS], e[MAX_HITS], n; bool overflow; };
static void on_match(void *ctx, const struct match_event *ev)
{
	struct spans *sp = ctx;
	if (ev->action != ACTION_REWROTE) return;
	if (sp->n == MAX_HITS) { sp->overflow = true; return; }
	sp->s[sp->n] = ev->start;
	sp->e[sp->n] = ev->end;
	sp->n++;
}

static struct hits h0, h1;
static struct spans spans;
static unsigned char *padbuf;
static size_t padcap;

static void scan(const struct patterns *pt, const unsigned char *p, size_t n, const struct locate_opts *o, struct hits *c)
{
	c->n = 0;
	c->overflow = false;
	c->buf = p;
	c->buf_n = n;
	c->released = 0;
	c->released_bad = false;
	struct locate_opts lo = *o;
	lo.release = on_release;
	lo.release_ctx = c;
	locator_scan(&loc, pt, p, n, &lo, record, c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2) return 0;
	cur_map = data[0] & 3;
	cur_css = data[0] >> 7 && !((data[0] >> 2) & 1);
	cur_js = data[0] >> 7 && ((data[0] >> 2) & 1);
	cur_header = !(data[0] >> 7) && ((data[0] >> 2) & 1);
	cur_in = data + 2;
	cur_n = size - 2;
	const struct patterns *pt = &real_pt[cur_map];
	bool refs = !cur_header && !cur_js;
	stats.cases++;

	/* (4) the hits of the value, in the view of byte 0 */
	/* (a style sheet's written newline ends its string: not removed) */
	/* (a script is prose in the pipeline: read here as it is there) */
	struct locate_opts lo = { .refs = refs, .joins = !cur_css && !cur_js, .value = !cur_js, .css = cur_css, .js = cur_js };
	scan(pt, cur_in, cur_n, &lo, &h0);
	if (h0.released_bad) fail_hits("release() told a bad offset", &h0, SIZE_MAX);
	check_hits(&h0, cur_in, cur_n, refs);
	if (h0.n) stats.found++;
	for (size_t i = 0; i < h0.n; i++)
		if (h0.h[i].scheme) { stats.scheme++; break; }

	/* (6) the gates */
	if (!locator_may_find(pt, cur_in, cur_n, &lo) && !locator_may_fold(pt, cur_in, cur_n, refs)) {
		stats.no_find++;
		spans.n = 0;
		spans.overflow = false;
		struct match_params mp = { .prev = MATCH_NO_PREV, .mode = cur_js ? MATCH_PROSE : MATCH_VALUE,
		                           .surface = cur_js ? SURFACE_INLINE_SCRIPT : cur_header ? SURFACE_HEADER : SURFACE_HTML_ATTR,
		                           .joins = -1, .css = cur_css };
		matcher_scan_ex(pt, cur_in, cur_n, cur_n, &mp, on_match, &spans);
		if (!spans.overflow && !h0.overflow)
			for (size_t i = 0, j = 0; i < h0.n; i++) {
				while (j < spans.n && spans.e[j] <= h0.h[i].start) j++;
				if (j == spans.n || spans.s[j] > h0.h[i].start || spans.e[j] < h0.h[i].end) {
					for (size_t t = 0; t < spans.n; t++) fprintf(stderr, "matcher rewrote [%zu, %zu)\n", spans.s[t], spans.e[t]);
					fail_hits("locator_may_find is false, but the locator found what the byte matcher did not", &h0, i);
				}
			}
	}
	if (!locator_may_hide(pt, cur_in, cur_n, refs, cur_css || cur_js) && !hostfind_any(&pt->find, cur_in, cur_n) &&
	    !locator_may_fold(pt, cur_in, cur_n, refs)) {
		stats.no_hide++;
		if (h0.n) fail_hits("locator_may_hide is false and no canonical host is in the bytes, but the locator found one", &h0, 0);
	}
	/* (a style sheet's or a script's, html.c's seg_may_hide) */
	if ((cur_css || cur_js) && !locator_may_hide_script(cur_in, cur_n, refs) && !hostfind_any(&pt->find, cur_in, cur_n) &&
	    !locator_may_fold(pt, cur_in, cur_n, refs) && h0.n)
		fail_hits("locator_may_hide_script is false and no canonical host is in the bytes, but the locator found one", &h0, 0);
	/* (the one pass the value pipeline asks, value.c's may_hold_candidate) */
	if (!locator_may_hide_or_fold(pt, cur_in, cur_n, refs, cur_css || cur_js) && !hostfind_any(&pt->find, cur_in, cur_n) &&
	    h0.n)
		fail_hits("locator_may_hide_or_fold is false and no canonical host is in the bytes, but the locator found one", &h0, 0);

	/* (5) across the first window's limit */
	int filler = data[1] & 3;
	if (filler && cur_n <= 8192) {
		/* the value lands across the first window's limit, or its end
		 * (where no candidate may be read: the look-ahead is cut) */
		const size_t base = data[1] & 0x80 ? LOCATOR_WINDOW : LOCATOR_WINDOW - LOCATOR_LOOK;
		size_t back = ((size_t)((data[1] >> 2) & 31) * 977u + cur_n * 31u) % (cur_n + 80);
		size_t pview = base + 40 - back;   /* the filler's view bytes */
		size_t unit = filler == 3 ? 5 : 1;
		size_t pre = pview * unit + (filler == 2), post = LOCATOR_LOOK + 64;
		size_t total = pre + cur_n + post;
		if (total > padcap) {
			padcap = total;
			padbuf = realloc(padbuf, padcap);
			if (!padbuf) abort();
		}
		size_t k = 0;
		if (filler == 2) padbuf[k++] = '\t';
		for (size_t i = 0; i < pview; i++) {
			if (filler == 3) memcpy(padbuf + k, "&#32;", 5), k += 5;
			else padbuf[k++] = ' ';
		}
		memcpy(padbuf + k, cur_in, cur_n);
		k += cur_n;
		memset(padbuf + k, ' ', post);
		k += post;
		scan(pt, padbuf, k, &lo, &h1);
		stats.padded++;
		if (h1.released) stats.windowed++;
		if (h1.released_bad) fail_hits("release() told a bad offset (padded)", &h1, SIZE_MAX);
		bool same = h1.n == h0.n && h1.overflow == h0.overflow;
		for (size_t i = 0; same && i < h0.n; i++) {
			const struct locate_hit *a = &h0.h[i], *b = &h1.h[i];
			same = b->start == a->start + pre && b->end == a->end + pre && a->scheme == b->scheme && a->pair == b->pair &&
			       (!a->scheme || (a->slashes_written == b->slashes_written && b->mid_start == a->mid_start + pre &&
			                       b->mid_end == a->mid_end + pre));
		}
		if (!same) {
			fprintf(stderr, "padded: filler %d, %zu bytes before the value (%zu view bytes), %zu after\n", filler, pre,
			        pview, post);
			for (size_t i = 0; i < h1.n; i++) {
				struct locate_hit x = h1.h[i];
				x.start -= x.start >= pre ? pre : 0, x.end -= x.end >= pre ? pre : 0;
				x.mid_start -= x.mid_start >= pre ? pre : 0, x.mid_end -= x.mid_end >= pre ? pre : 0;
				fputs("padded (shifted back): ", stderr);
				dump_hit(&x, cur_in);
			}
			fail_hits("windows: the value behind a filler gives other hits", &h0, SIZE_MAX);
		}
	}

	/* (1)–(3) through the pipeline */
	size_t derived = 5 + (size_t)((data[0] >> 3) & 15) * 13u + cur_n % 11u;
	static unsigned char *doc;
	static size_t doc_cap;
	const char *open = cur_js ? "<script>" : cur_css ? "<b style=\"" : "<a href=\"", *close = cur_js ? "</script>" : "\">";
	size_t ol = strlen(open), cl = strlen(close), dn = cur_n + ol + cl;
	if (dn > doc_cap) {
		doc_cap = dn;
		doc = realloc(doc, doc_cap);
		if (!doc) abort();
	}
	memcpy(doc, open, ol);
	memcpy(doc + ol, cur_in, cur_n);
	memcpy(doc + ol + cur_n, close, cl);
	bool rewrote = check_document(doc, dn, derived);
	rewrote |= check_document(cur_in, cur_n, derived);
	if (rewrote) stats.rewrote++;
	return 0;
}
