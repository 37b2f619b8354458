/* pipeline_fixture.h — runs the whole pipeline (framer → sweep → output)
 * over an in-memory input, with any read size, and captures the output, the
 * counters, the explain trace and the check findings. For tests only. */
#ifndef HOSTSHIFT_TEST_PIPELINE_FIXTURE_H
#define HOSTSHIFT_TEST_PIPELINE_FIXTURE_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "map.h"
#include "patterns.h"
#include "pipeline.h"

struct pf_result {
	unsigned char *out;
	size_t out_len;
	char *explain;            /* "explain (N events):\n..." (stats too with .stats) */
	size_t explain_len;
	char *check;              /* check findings */
	size_t check_len;
	char *err;                /* what went to stderr (with .loud), else NULL */
	size_t err_len;
	uint64_t candidates[SURFACE_COUNT], rewrites[SURFACE_COUNT], skips[REASON_COUNT], structured[ATTR_COUNT];
	int rc;
};

struct pf_options {
	enum filetype type;       /* default FILETYPE_HTML when 0 is given? no: set it */
	size_t read_size;         /* 0: 64 KiB */
	bool check, dry_run, no_sweep, stats, reverse, headers;
	bool no_explain;          /* report without the explain trace (skips then unobserved unless stats) */
	bool keep_positions;      /* explain lines as printed, LINE:COLUMN and type line kept */
	bool no_serialized;       /* --no-serialized */
	bool loud;                /* not quiet: warnings go to stderr, captured into err */
	const struct sql_skip *skips;  /* --skip-column */
	size_t nskips;
	const struct sql_hostcol *hosts;  /* --host-column */
	size_t nhosts;
	bool wordpress;                /* --wordpress-multisite */
	enum sql_dialect dialect;      /* --dialect (0: sniffed) */
};

/* Build a table from map text (validated V1–V7); aborts the test on error. */
static inline void pf_build(struct map *m, struct patterns *pt, const char *map_text, bool reverse)
{
	char err[512];
	map_init(m);
	ck_assert_msg(map_load_text(m, "test.map", map_text, strlen(map_text), err, sizeof err), "%s", err);
	ck_assert_msg(map_validate(m, err, sizeof err), "%s", err);
	ck_assert_msg(patterns_build(pt, m, reverse ? DIR_REVERSE : DIR_FORWARD, err, sizeof err), "%s", err);
}

/* The explain lines as the tests were written for them: without the
 * LINE:COLUMN column (`  OFFSET LINE:COL  action ...` back to
 * `  OFFSET  action ...`) and, where stats were not asked for, without the
 * type line. The positions are checked where they are asked for
 * (.keep_positions) and by the e2e tier against --check's. */
static inline void pf_explain_without_positions(struct pf_result *r, bool stats)
{
	if (!r->explain) return;
	char *in = r->explain, *out = r->explain;
	if (!stats && strncmp(in, "type: ", 6) == 0) {
		char *nl = strchr(in, '\n');
		in = nl ? nl + 1 : in + strlen(in);
	}
	bool events = false;
	while (*in) {
		char *nl = strchr(in, '\n');
		size_t len = nl ? (size_t)(nl - in) + 1 : strlen(in);
		if (events && len > 12 && in[0] == ' ' && in[1] == ' ' && in[10] == ' ' && in[11] != ' ') {
			/* "  %8llu " then the position padded to 9, then a space */
			size_t k = 11;
			while (k < len && in[k] != ' ') k++;
			size_t end = 11 + 9 > k ? 11 + 9 : k;
			end++;
			memmove(out, in, 10);
			out[10] = out[11] = ' ';
			memmove(out + 12, in + end, len - end);
			out += 12 + (len - end);
		} else {
			if (strncmp(in, "explain (", 9) == 0) events = true;
			memmove(out, in, len);
			out += len;
		}
		in += len;
	}
	*out = 0;
	r->explain_len = (size_t)(out - r->explain);
}

static inline void pf_run_pt(const struct patterns *pt, const void *in, size_t len, const struct pf_options *o,
                             struct pf_result *r)
{
	memset(r, 0, sizeof *r);
	char ipath[] = "/tmp/hs-pf-in-XXXXXX", opath[] = "/tmp/hs-pf-out-XXXXXX";
	int ifd = mkstemp(ipath), ofd = mkstemp(opath);
	ck_assert_int_ge(ifd, 0);
	ck_assert_int_ge(ofd, 0);
	unlink(ipath);
	unlink(opath);
	ck_assert_int_eq(write(ifd, in, len), (ssize_t)len);
	lseek(ifd, 0, SEEK_SET);
	int efd = -1;
	if (o->loud) {
		char epath[] = "/tmp/hs-pf-err-XXXXXX";
		efd = mkstemp(epath);
		ck_assert_int_ge(efd, 0);
		unlink(epath);
	}
	FILE *ex = open_memstream(&r->explain, &r->explain_len);
	FILE *ck = open_memstream(&r->check, &r->check_len);
	struct report_options ro = { .explain = !o->no_explain, .stats = o->stats, .check = o->check, .quiet = !o->loud,
	                             .out = ex, .check_out = ck };
	struct report rep;
	report_init(&rep, &ro);
	struct pipeline_config cfg = { .pt = pt, .type = o->type, .read_size = o->read_size, .quiet = !o->loud,
	                               .no_serialized = o->no_serialized, .progress = PROGRESS_OFF, .dry_run = o->dry_run, .no_sweep = o->no_sweep, .headers = o->headers,
	                               .skips = o->skips, .nskips = o->nskips, .dialect = o->dialect,
	                               .hosts = o->hosts, .nhosts = o->nhosts, .wordpress = o->wordpress };
	struct pipeline pl;
	pipeline_init(&pl, &cfg, &rep);
	struct io_writer w;
	io_writer_init(&w, ofd);
	int saved = -1;
	if (o->loud) {
		fflush(stderr);
		saved = dup(2);
		ck_assert_int_ge(saved, 0);
		ck_assert_int_ge(dup2(efd, 2), 0);
	}
	r->rc = pipeline_run(&pl, ifd, "in", NULL, o->check ? NULL : &w);
	report_end(&rep);
	if (o->loud) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
		off_t elen = lseek(efd, 0, SEEK_END);
		r->err_len = (size_t)elen;
		r->err = malloc(r->err_len + 1);
		ck_assert_ptr_nonnull(r->err);
		ck_assert_int_eq(pread(efd, r->err, r->err_len, 0), (ssize_t)r->err_len);
		r->err[r->err_len] = 0;
		close(efd);
	}
	memcpy(r->candidates, rep.candidates, sizeof r->candidates);
	memcpy(r->rewrites, rep.rewrites, sizeof r->rewrites);
	memcpy(r->skips, rep.skips, sizeof r->skips);
	memcpy(r->structured, rep.structured, sizeof r->structured);
	fclose(ex);
	fclose(ck);
	if (!o->keep_positions) pf_explain_without_positions(r, o->stats);
	off_t end = lseek(ofd, 0, SEEK_END);
	r->out_len = (size_t)end;
	r->out = malloc(r->out_len + 1);
	ck_assert_ptr_nonnull(r->out);
	ck_assert_int_eq(pread(ofd, r->out, r->out_len, 0), (ssize_t)r->out_len);
	r->out[r->out_len] = 0;
	close(ifd);
	close(ofd);
	io_writer_free(&w);
	pipeline_free(&pl);
	report_free(&rep);
}

/* One-shot: build the map, run, free the map. */
static inline void pf_run(const char *map_text, const void *in, size_t len, const struct pf_options *o,
                          struct pf_result *r)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, map_text, o->reverse);
	pf_run_pt(&pt, in, len, o, r);
	patterns_free(&pt);
	map_free(&m);
}

static inline void pf_free(struct pf_result *r)
{
	free(r->out);
	free(r->explain);
	free(r->check);
	free(r->err);
	memset(r, 0, sizeof *r);
}

/* The sum of a counter array (candidates, rewrites, skips). */
static inline uint64_t pf_total(const uint64_t *v, int n)
{
	uint64_t s = 0;
	for (int i = 0; i < n; i++) s += v[i];
	return s;
}

/* Whether two runs counted the same events. */
static inline bool pf_same_counters(const struct pf_result *a, const struct pf_result *b)
{
	return memcmp(a->candidates, b->candidates, sizeof a->candidates) == 0 &&
	       memcmp(a->rewrites, b->rewrites, sizeof a->rewrites) == 0 &&
	       memcmp(a->skips, b->skips, sizeof a->skips) == 0 &&
	       memcmp(a->structured, b->structured, sizeof a->structured) == 0;
}

/* Read a whole file (tests only). */
static inline unsigned char *pf_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) { free(b); b = NULL; }
	fclose(f);
	if (b) { b[n] = 0; *len = (size_t)n; }
	return b;
}

/* The corpus root of the corpus-driven tests: $HOSTSHIFT_CORPUS, else the
 * project's own `corpus` (relative to the repository root, where the unit
 * binary runs). A root holds pages/ and adv/ (.html files), maps/main.map,
 * identity.map, shorter.map, none.map (and any per-page maps) and MAPS:
 * see corpus/README.md. */
static inline const char *pf_corpus(void)
{
	const char *e = getenv("HOSTSHIFT_CORPUS");
	return e && *e ? e : "corpus";
}

/* The project's own corpus, whatever HOSTSHIFT_CORPUS says. */
#define PF_OWN_CORPUS "corpus"

/* ROOT/MAPS: the map of one page (MAPNAME, without .map) into map (cap
 * bytes): "main" unless a line `PAGE.html MAPNAME` names another one. `#`
 * starts a comment. Returns false if MAPS names the page with an empty or
 * over-long name. */
static inline bool pf_page_map(const char *root, const char *page, char *map, size_t cap)
{
	snprintf(map, cap, "main");
	char path[1024];
	snprintf(path, sizeof path, "%s/MAPS", root);
	FILE *f = fopen(path, "r");
	if (!f) return true;
	char line[512];
	bool ok = true;
	while (fgets(line, sizeof line, f)) {
		char *h = strchr(line, '#');
		if (h) *h = 0;
		char a[256], b[256];
		if (sscanf(line, "%255s %255s", a, b) != 2) continue;
		if (strcmp(a, page)) continue;
		if (strlen(b) + 1 > cap) ok = false;
		else memcpy(map, b, strlen(b) + 1);   /* fits: checked above */
	}
	fclose(f);
	return ok;
}

/* ROOT/MAPS: the `main-page PAGE.html` line's page into page (cap bytes);
 * false if there is none. */
static inline bool pf_main_page_line(const char *root, char *page, size_t cap)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/MAPS", root);
	FILE *f = fopen(path, "r");
	if (!f) return false;
	char line[512];
	bool found = false;
	while (fgets(line, sizeof line, f)) {
		char *h = strchr(line, '#');
		if (h) *h = 0;
		char a[256], b[256];
		if (sscanf(line, "%255s %255s", a, b) == 2 && !strcmp(a, "main-page") && strlen(b) < cap) {
			snprintf(page, cap, "%s", b);
			found = true;
		}
	}
	fclose(f);
	return found;
}

#endif
