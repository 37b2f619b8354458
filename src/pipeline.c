/* pipeline.c — one input through framer → sweep → output. */
#include "pipeline.h"

#include "buf.h"
#include "diag.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Enough of the stream to sniff its type from. */
#define SNIFF_BYTES 512

static void out_write(void *ctx, const unsigned char *p, size_t n)
{
	struct pipeline *pl = ctx;
	pl->out_bytes += n;
	if (pl->out) io_writer_write(pl->out, p, n);
}

static void discard(void *ctx, const unsigned char *p, size_t n) { (void)ctx; (void)p; (void)n; }

bool pipeline_sweeps(const struct pipeline_config *cfg) { return !cfg->dry_run && !cfg->no_sweep; }

void pipeline_init(struct pipeline *p, const struct pipeline_config *cfg, struct report *rep)
{
	memset(p, 0, sizeof *p);
	p->cfg = *cfg;
	if (!p->cfg.read_size) p->cfg.read_size = IO_READ_SIZE;
	p->report = rep;
	p->inbuf_cap = p->cfg.read_size > SNIFF_BYTES ? p->cfg.read_size : SNIFF_BYTES;
	p->inbuf = xmalloc(p->inbuf_cap);
	struct sink out = { out_write, p, NULL };
	const struct framer_env env = { cfg->pt, out, rep, cfg->quiet, !cfg->no_serialized };
	text_init(&p->text, &env);
	html_init(&p->html, &env);
	sql_init(&p->sql, &env);
	if (cfg->nskips) sql_set_skips(&p->sql, cfg->skips, cfg->nskips);
	if (cfg->nhosts || cfg->wordpress) sql_set_hosts(&p->sql, cfg->hosts, cfg->nhosts, cfg->wordpress);
	json_init(&p->json, &env);
	sweep_init(&p->sweep, cfg->pt, out, rep);
	value_init(&p->head_vp, cfg->pt, rep);
	spill_init(&p->head_spill);
}

void pipeline_free(struct pipeline *p)
{
	text_free(&p->text);
	html_free(&p->html);
	sql_free(&p->sql);
	json_free(&p->json);
	sweep_free(&p->sweep);
	value_free(&p->head_vp);
	free(p->head.p);
	spill_free(&p->head_spill);
	free(p->inbuf);
	p->inbuf = NULL;
}

/* One input's run: what its steps share. */
struct run {
	struct pipeline *p;
	int fd;
	const char *name, *path;
	struct io_writer *out;
	size_t have;          /* bytes read into p->inbuf, not yet fed */
	bool eof;             /* the input has no more: have is the last of it */
	/* bytes read before the body was known to start (--headers), to be
	 * read again as the body's first: in p->head, or mapped from
	 * p->head_spill (spilled) */
	const unsigned char *pre;
	size_t pre_len;
	bool spilled;
	bool fd_eof;          /* the descriptor is at its end */
	uint64_t in_bytes;
	struct progress pr;
};

/* The next bytes of the input into b (at most n): first those read
 * before, then the descriptor's. 0 at the end. */
static ssize_t run_read(struct run *r, unsigned char *b, size_t n)
{
	if (r->pre_len) {
		size_t k = r->pre_len < n ? r->pre_len : n;
		memcpy(b, r->pre, k);
		r->pre += k;
		r->pre_len -= k;
		if (r->spilled) {
			if (r->pre_len) spill_release(&r->p->head_spill, r->pre);
			else spill_end(&r->p->head_spill);
		}
		return (ssize_t)k;
	}
	if (r->fd_eof) return 0;
	ssize_t k = io_read(r->fd, b, n);
	if (k == 0) r->fd_eof = true;
	return k;
}

static int read_failed(struct run *r)
{
	progress_break(&r->pr);
	diag_error(r->name, "%s", strerror(errno));
	return 3;
}

/* The end of every run: the output flushed, the byte counts, and a write
 * error said (not a broken pipe: the reader has gone). */
static int run_end(struct run *r)
{
	struct pipeline *p = r->p;
	if (r->out) io_writer_flush(r->out);
	p->report->bytes_in = r->in_bytes;
	p->report->bytes_out = p->out_bytes;
	if (r->out && r->out->err) {
		if (r->out->err != EPIPE) diag_error(NULL, "write error: %s", strerror(r->out->err));
		return 3;
	}
	return 0;
}

/* §13.3: the response head(s) first, rewritten and written before the
 * body; body events are then counted from its end. The head may name the
 * body's type, or say it passes through. The head section is held as it
 * is read (past HEADERS_CAP in a temporary file), so no stale length can
 * go out with a body that changes: a head is rewritten whole or not at
 * all, and what was read past it (or all of it, when it is no head) is
 * read again as the body. */
static int run_head(struct run *r, enum filetype *type, bool *passthrough)
{
	struct pipeline *p = r->p;
	const struct pipeline_config *cfg = &p->cfg;
	struct spill *sp = &p->head_spill;
	struct headers_scan sc;
	headers_scan_init(&sc);
	p->head.len = 0;
	enum headers_state st;
	do {
		unsigned char *b;
		if (r->spilled) {
			b = p->inbuf;
		} else {
			p->head.p = xgrow(p->head.p, &p->head.cap, p->head.len + cfg->read_size, 1, 2 * cfg->read_size);
			b = p->head.p + p->head.len;
		}
		ssize_t k = io_read(r->fd, b, cfg->read_size);
		if (k < 0) return read_failed(r);
		if (k == 0) r->fd_eof = true;
		st = headers_scan(&sc, b, (size_t)k, r->fd_eof);
		if (r->spilled) {
			if (!spill_put(sp, b, (size_t)k)) spill_fail(sp, r->name, "HTTP response head", 0);
		} else {
			p->head.len += (size_t)k;
			if (st == HEADERS_MORE && p->head.len > HEADERS_CAP) {
				/* longer than a head is held in memory: on in a temporary file */
				if (!spill_begin(sp) || !spill_put(sp, p->head.p, p->head.len))
					spill_fail(sp, r->name, "HTTP response head", 0);
				r->spilled = true;
			}
		}
	} while (st == HEADERS_MORE);
	const unsigned char *held = p->head.p;
	size_t held_len = p->head.len;
	if (r->spilled) {
		held = spill_map(sp);
		if (!held) spill_fail(sp, r->name, "HTTP response head", 0);
		held_len = (size_t)sp->len;
	}
	size_t hl = 0;
	if (st == HEADERS_NONE) {
		if (!cfg->quiet) diag_warn(r->name, "no HTTP response head at the start; all of it is the body");
	} else {
		hl = (size_t)sc.end;
		struct headers_result res;
		struct headers_io io = { .out = { out_write, p, NULL } };
		if (cfg->dry_run) io.out.write = discard;
		if (r->spilled) {
			io.release = spill_release_cb;
			io.release_ctx = sp;
		}
		headers_rewrite(held, hl, &p->head_vp, &io, &res);
		if (cfg->dry_run) out_write(p, held, hl);
		p->report->offset_base = hl;
		p->report->line_base = (size_t)res.lines;
		if (res.passthrough) {
			*passthrough = true;
			if (!cfg->quiet) diag_warn(r->name, "the body passes through unchanged: %s", res.why);
		} else if (res.body != FILETYPE_AUTO) {
			*type = res.body;
		}
	}
	r->in_bytes = hl;
	r->pre = held + hl;
	r->pre_len = held_len - hl;
	if (r->spilled && !r->pre_len) spill_end(sp);
	r->have = 0;
	r->eof = false;
	return 0;
}

/* A compressed input is refused, with the command that reads it (§13.2). */
static bool refused_compressed(struct run *r)
{
	const char *packed = filetype_compressed(r->p->inbuf, r->have);
	if (!packed) return false;
	static const char *const tool[] = { "gzip", "zcat", "xz", "xzcat", "zstd", "zstdcat", "bzip2", "bzcat" };
	const char *how = "";
	for (size_t i = 0; i < sizeof tool / sizeof *tool; i += 2)
		if (!strcmp(tool[i], packed)) how = tool[i + 1];
	diag_error(r->name, "input is %s-compressed; decompress it first (%s %s | hostshift ...)", packed,
	        how, r->path ? r->name : "FILE");
	return true;
}

/* The type (as given, by the headers, the extension, or sniffed) and the
 * sql type's dialect, told to the report; options that do nothing for it
 * said. */
static enum filetype choose_type(struct run *r, enum filetype type, bool passthrough, enum sql_dialect *dialect)
{
	struct pipeline *p = r->p;
	const struct pipeline_config *cfg = &p->cfg;
	const char *by = type != FILETYPE_AUTO ? (cfg->headers && cfg->type == FILETYPE_AUTO ? "headers" : "option") : NULL;
	if (type == FILETYPE_AUTO && r->path && !cfg->headers) {
		type = filetype_from_path(r->path);
		if (type != FILETYPE_AUTO) by = "extension";
	}
	/* both sniffs see the first SNIFF_BYTES, however many a read brought:
	 * the choice may not follow the read size (§8.3, §13.2) */
	size_t sniff_n = r->have < SNIFF_BYTES ? r->have : SNIFF_BYTES;
	if (type == FILETYPE_AUTO) {
		type = filetype_sniff(p->inbuf, sniff_n);
		by = "sniffed";
	}
	*dialect = cfg->dialect;
	if (type == FILETYPE_SQL && *dialect == DIALECT_AUTO) *dialect = filetype_sniff_dialect(p->inbuf, sniff_n);
	p->report->type = filetype_name(type);
	p->report->dialect = type == FILETYPE_SQL ? filetype_dialect_name(*dialect) : NULL;
	p->report->chosen_by = by;
	p->report->dialect_by = cfg->dialect == DIALECT_AUTO ? "sniffed" : "option";
	if (type == FILETYPE_SQL) p->sql_inputs++;
	else if (!cfg->quiet && !passthrough) {
		/* options of the sql type do nothing here: said, not ignored silently */
		if (cfg->nskips)
			diag_warn(r->name, "--skip-column applies to the sql type only; this input is read as %s", filetype_name(type));
		if (cfg->nhosts)
			diag_warn(r->name, "--host-column applies to the sql type only; this input is read as %s", filetype_name(type));
		if (cfg->wordpress)
			diag_warn(r->name, "--wordpress-multisite applies to the sql type only; this input is read as %s",
			          filetype_name(type));
		if (cfg->dialect != DIALECT_AUTO)
			diag_warn(r->name, "--dialect applies to the sql type only; this input is read as %s",
			        filetype_name(type));
	}
	return type;
}

/* A body not ours to change: byte for byte, no sweep. */
static int run_passthrough(struct run *r)
{
	struct pipeline *p = r->p;
	for (;;) {
		r->in_bytes += r->have;
		out_write(p, p->inbuf, r->have);
		if ((r->out && r->out->err) || r->eof) break;
		if (r->have) progress_tick(&r->pr, r->in_bytes);
		ssize_t k = run_read(r, p->inbuf, p->cfg.read_size);
		if (k < 0) return read_failed(r);
		if (k == 0) r->eof = true;
		r->have = (size_t)(k > 0 ? k : 0);
	}
	progress_end(&r->pr, r->in_bytes);
	return run_end(r);
}

/* The framer of a type, and its state (framer.h). */
static void *framer_of(struct pipeline *p, enum filetype type, const struct framer **f)
{
	switch (type) {
	case FILETYPE_HTML: *f = &html_framer; return &p->html;
	case FILETYPE_SQL: *f = &sql_framer; return &p->sql;
	case FILETYPE_JSON: *f = &json_framer; return &p->json;
	default: *f = &text_framer; return &p->text;
	}
}

/* read → framer → sweep → output, a read at a time. */
static int run_framed(struct run *r, enum filetype type, enum sql_dialect dialect)
{
	struct pipeline *p = r->p;
	const struct pipeline_config *cfg = &p->cfg;
	bool sweeps = pipeline_sweeps(cfg);
	struct sink final = { out_write, p, NULL };
	struct sink none = { discard, NULL, NULL };
	struct framer_start st = { cfg->dry_run ? none : final, NULL, dialect };
	if (sweeps) {
		sweep_reset(&p->sweep);
		window_set_out(&p->sweep.w, final, NULL);
		st.out = sweep_sink(&p->sweep);
		st.marks = &p->sweep.marks;
	}
	p->report->warn_stragglers = type == FILETYPE_HTML;
	/* the sweep knows the other types' spellings too, so that what
	 * --check finds is rewritten (§6.1); in html, where it would cost a
	 * scan that stops at every backslash, not json's `\u002F`, which
	 * --check looks for all the same (§10.6). Its host-first skip pays in
	 * sql and json only (matcher.c). */
	window_set_spellings(&p->sweep.w, true, type != FILETYPE_HTML || p->report->opt.check, type == FILETYPE_HTML,
	                     type == FILETYPE_HTML || type == FILETYPE_TEXT);
	const struct framer *f;
	void *self = framer_of(p, type, &f);
	f->reset(self, &st);
	for (;;) {
		if (r->have) {
			r->in_bytes += r->have;
			if (cfg->dry_run) out_write(p, p->inbuf, r->have);  /* output equals input */
			/* the framer sees read-size pieces, the sniffed start too */
			for (size_t at = 0; at < r->have; at += cfg->read_size)
				f->feed(self, p->inbuf + at, r->have - at < cfg->read_size ? r->have - at : cfg->read_size);
			if (r->out && r->out->err) break;
			progress_tick(&r->pr, r->in_bytes);
		}
		if (r->eof) break;
		ssize_t k = run_read(r, p->inbuf, cfg->read_size);
		if (k < 0) {
			if (sweeps) sweep_hand_on(&p->sweep);
			return read_failed(r);
		}
		r->eof = k == 0;
		r->have = (size_t)(k > 0 ? k : 0);
	}
	if (!(r->out && r->out->err)) {
		f->finish(self);
		if (sweeps) sweep_finish(&p->sweep);
	}
	progress_end(&r->pr, r->in_bytes);
	return run_end(r);
}

int pipeline_run(struct pipeline *p, int fd, const char *name, const char *path, struct io_writer *out)
{
	const struct pipeline_config *cfg = &p->cfg;
	report_begin(p->report, name, pipeline_sweeps(cfg));
	p->out = out;
	p->out_bytes = 0;
	struct run r = { .p = p, .fd = fd, .name = name, .path = path, .out = out };
	progress_start(&r.pr, cfg->progress, cfg->quiet, fd, name);
	io_grow_pipe(fd);   /* fewer, larger reads from a pipe */

	enum filetype type = cfg->type;
	bool passthrough = false;
	if (cfg->headers && run_head(&r, &type, &passthrough)) return 3;
	/* enough to sniff the type before choosing the chain */
	while (r.have < SNIFF_BYTES && !r.eof) {
		ssize_t k = run_read(&r, p->inbuf + r.have, p->inbuf_cap - r.have);
		if (k < 0) return read_failed(&r);
		if (k == 0) r.eof = true;
		else r.have += (size_t)k;
	}
	if (!passthrough && refused_compressed(&r)) return 3;
	enum sql_dialect dialect;
	type = choose_type(&r, type, passthrough, &dialect);
	return passthrough ? run_passthrough(&r) : run_framed(&r, type, dialect);
}

void pipeline_warn_unmet(const struct pipeline *p)
{
	if (p->cfg.quiet || !p->sql_inputs) return;
	for (size_t k = 0; k < p->cfg.nskips; k++)
		if (!sql_skip_met(&p->sql, k))
			diag_warn(NULL, "--skip-column=%s.%s: no input had that table and column; nothing was skipped for it",
			        p->cfg.skips[k].table, p->cfg.skips[k].column);
	for (size_t k = 0; k < p->cfg.nhosts; k++)
		if (!sql_host_met(&p->sql, k))
			diag_warn(NULL, "--host-column=%s.%s: no input had that table and column; no host was rewritten for it",
			          p->cfg.hosts[k].table, p->cfg.hosts[k].column);
	if (p->cfg.wordpress)
		for (enum wp_table t = WP_BLOGS; t <= WP_SITE; t++)
			if (!sql_wordpress_met(&p->sql, t))
				diag_warn(NULL, "--wordpress-multisite: no input had a WordPress network's %s table (PREFIX%s with the "
				          "columns WordPress gives it); no host was rewritten there",
				          wordpress_table_ending(t), wordpress_table_ending(t));
}
