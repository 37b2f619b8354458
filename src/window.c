/* window.c — carry-over window streaming of the matcher (§6.2, §11.1). */
#include "window.h"

#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void init(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep, bool kept)
{
	memset(w, 0, sizeof *w);
	w->pt = pt;
	w->surface = s;
	w->out = out;
	w->report = rep;
	w->cap = pt->window + WINDOW_BATCH;
	w->kept = kept;
	/* kept: a batch always fits after what is kept, up to half the buffer */
	w->room = kept ? 2 * w->cap : w->cap;
	w->buf = xmalloc(w->room);
	/* what is kept is a deferred run of the window's own buffer, whose
	 * order against the events the matching finds does not change: the
	 * last stage's events are reported as they are matched, so the rule
	 * of window_defer (no deferring where events are listed, for the
	 * order of a framer's events against the sweep's) is not needed */
	w->defer = kept;
	window_reset(w);
}

void window_init(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep)
{
	init(w, pt, s, out, rep, false);
}

void window_init_kept(struct window *w, const struct patterns *pt, enum surface s, struct sink out, struct report *rep)
{
	init(w, pt, s, out, rep, true);
}

void window_free(struct window *w)
{
	free(w->buf);
	w->buf = NULL;
}

void window_defer(struct window *w)
{
	/* Not when events are listed: structured and sweep events would
	 * interleave in another order. */
	if (!report_lists_events(w->report)) w->defer = true;
}

static void put_ref(struct window *w);

void window_flush(struct window *w)
{
	if (w->ref_len) put_ref(w);
}

void window_flush_kept(struct window *w)
{
	window_flush(w);
	if (w->kept && w->len) memmove(w->buf, w->buf + w->hold, w->len);
	w->hold = 0;
}

void window_reset(struct window *w)
{
	w->len = 0;
	w->hold = 0;
	w->ref_len = 0;
	w->open = false;
	w->prev = MATCH_NO_PREV;
	w->base = 0;
	w->out_off = 0;
	w->lines = 0;
	w->line_start_in = 0;
	w->track_lines = w->report && report_wants_positions(w->report);
}

void window_set_out(struct window *w, struct sink out, struct offmap *marks)
{
	w->out = out;
	w->out_marks = marks;
}

void window_set_in_map(struct window *w, const struct offmap *in_map) { w->in_map = in_map; }

void window_set_spellings(struct window *w, bool sql, bool json, bool refs, bool separators_only)
{
	w->sql = sql;
	w->json = json;
	w->refs = refs;
	w->separators_only = separators_only;
}

void window_set_path(struct window *w, const char *path, size_t len)
{
	w->path = path;
	w->path_len = len;
}

void window_begin(struct window *w, enum surface s, uint64_t off)
{
	w->surface = s;
	w->open = true;
	w->joins = -1;
	w->prev = MATCH_NO_PREV;  /* §11.1: a token has no left context */
	w->len = 0;
	w->base = off;
}

void window_decide_joins(struct window *w, const unsigned char *p, size_t n)
{
	if (w->joins < 0) w->joins = matcher_surface_joins(w->surface, p, n);
}

void window_set_lines(struct window *w, size_t lines, uint64_t line_start_in)
{
	w->lines = lines;
	w->line_start_in = line_start_in;
}

static uint64_t to_input(const struct window *w, uint64_t off)
{
	return w->in_map ? offmap_map(w->in_map, off) : off;
}

/* The verbatim bytes window_verbatim_ref deferred, before anything after them. */
static void put_ref(struct window *w)
{
	size_t n = w->ref_len;
	w->ref_len = 0;
	sink_write(&w->out, w->ref, n);
}

static void emit_out(struct window *w, const unsigned char *p, size_t n)
{
	w->out_off += n;
	if (w->ref_len) put_ref(w);
	sink_write(&w->out, p, n);
}

void window_verbatim(struct window *w, const unsigned char *p, size_t n)
{
	emit_out(w, p, n);
}

void window_verbatim_ref_new(struct window *w, const unsigned char *p, size_t n)
{
	if (!w->defer) { emit_out(w, p, n); return; }   /* events are listed: in order */
	if (!n) return;
	w->out_off += n;
	if (w->ref_len) put_ref(w);
	w->ref = p;
	w->ref_len = n;
}

void window_protected(struct window *w, const unsigned char *p, size_t n)
{
	window_flush(w);
	sink_write_protected(&w->out, p, n);
	w->out_off += n;
}

void window_protected_replace(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len)
{
	window_flush(w);
	if (w->out_marks && n != in_len) offmap_push(w->out_marks, w->out_off + n, in_end);
	sink_write_protected(&w->out, p, n);
	w->out_off += n;
}

void window_replace(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len)
{
	/* The mark goes first, so the next stage can map every byte it
	 * receives (§6.3). */
	if (w->out_marks && n != in_len) offmap_push(w->out_marks, w->out_off + n, in_end);
	emit_out(w, p, n);
}

/* The marks of one replacement are pushed this many at a time, each group
 * before the bytes it maps. */
#define WINDOW_MARKS_AHEAD 64

void window_replace_marked(struct window *w, const unsigned char *p, size_t n, uint64_t in_end, size_t in_len,
                           const struct offmap_rel *marks, size_t nmarks)
{
	if (!w->out_marks) { emit_out(w, p, n); return; }
	uint64_t in_start = in_end - in_len;
	/* The marks go before the bytes they map, a group at a time, not all
	 * before the first byte (the next stage drops the marks it
	 * has passed, so the map holds a few groups, not a mark for every
	 * change of a value dense with them); the same marks in the same
	 * order (§6.3). Up to a group's worth, one write. */
	size_t pos = 0, i = 0;
	for (; i + WINDOW_MARKS_AHEAD < nmarks; i += WINDOW_MARKS_AHEAD) {
		for (size_t k = i; k < i + WINDOW_MARKS_AHEAD; k++)
			offmap_push(w->out_marks, w->out_off + (marks[k].out - pos), in_start + marks[k].in);
		size_t to = marks[i + WINDOW_MARKS_AHEAD - 1].out;
		emit_out(w, p + pos, to - pos);
		pos = to;
	}
	for (; i < nmarks; i++)   /* the last group, with the bytes to the end */
		offmap_push(w->out_marks, w->out_off + (marks[i].out - pos), in_start + marks[i].in);
	if (n != in_len) offmap_push(w->out_marks, w->out_off + (n - pos), in_end);
	emit_out(w, p + pos, n - pos);
}

void window_mark(struct window *w, size_t ahead, uint64_t in)
{
	if (w->out_marks) offmap_push(w->out_marks, w->out_off + ahead, in);
}

/* Verbatim bytes of the batch being matched: deferred when they stay
 * where they are (a segment matched in place), else copied now. */
static void emit_scanned(struct window *w, const unsigned char *p, size_t n)
{
	if (w->scan_stable) window_verbatim_ref(w, p, n);
	else emit_out(w, p, n);
}

/* Whether p[0..n) starts with a replacement text of the table that holds
 * a canonical host: a variant origin the run writes. The one found last
 * is tried first (a page's skips in its variants are mostly in one). */
static bool starts_replacement(struct window *w, const unsigned char *p, size_t n)
{
	struct slice r = w->seen_repl;
	if (r.n && r.n <= n && memcmp(p, r.p, r.n) == 0) return true;
	const struct patterns *pt = w->pt;
	for (size_t i = 0; i < pt->nhost_repls; i++) {
		r = pt->host_repls[i];
		if (r.n <= n && r.p[0] == p[0] && memcmp(p, r.p, r.n) == 0) {
			w->seen_repl = r;
			return true;
		}
	}
	return false;
}

static void on_event(void *ctx, const struct match_event *ev)
{
	struct window *w = ctx;
	if (ev->action == ACTION_REWROTE) {
		emit_scanned(w, w->scan + w->last, ev->start - w->last);
		window_replace(w, ev->repl.p, ev->repl.n, to_input(w, w->base + ev->end), ev->end - ev->start);
		w->last = ev->end;
	}
	if (!w->report) return;
	/* §6.1: a variant that holds a canonical host (`www.example.fi.ddev.site`)
	 * is what the run wrote, not a candidate left over: the sweep does not
	 * count what it skips there. */
	if (ev->surface == SURFACE_STRAGGLER && ev->action == ACTION_SKIPPED && w->pt->nhost_repls &&
	    starts_replacement(w, w->scan + ev->start, w->scan_len - ev->start))
		return;
	struct report_event re = {
		.offset = to_input(w, w->base + ev->start),
		.action = ev->action, .reason = ev->reason, .surface = ev->surface,
		.text = w->scan + ev->start, .text_len = ev->end - ev->start,
		.path = w->path, .path_len = w->path_len,
	};
	/* §6.1: the context of a swept origin, 48 bytes before to 64 after. */
	size_t cs = ev->start > 48 ? ev->start - 48 : 0, ce = ev->end + 64 < w->scan_len ? ev->end + 64 : w->scan_len;
	re.context = w->scan + cs;
	re.context_len = ce - cs;
	if (w->track_lines) {
		/* Newlines between buf[0] and the event give its line; the input
		 * offset of that line's start gives its column (§10.6). */
		size_t count = 0, lastnl = 0;
		const unsigned char *p = w->scan, *end = w->scan + ev->start, *q;
		while (p < end && (q = memchr(p, '\n', (size_t)(end - p)))) { count++; lastnl = (size_t)(q - w->scan); p = q + 1; }
		uint64_t ls = count ? to_input(w, w->base + lastnl + 1) : w->line_start_in;
		re.line = w->lines + count + 1;
		re.column = (size_t)(re.offset - ls) + 1;
	}
	report_add(w->report, &re);
}

/* Check mode: the newlines of p[0..n), at w->base, that pass outside the
 * buffer. */
static void count_lines(struct window *w, const unsigned char *p, size_t n)
{
	if (!w->track_lines) return;
	const unsigned char *q = p, *end = p + n, *r, *lastq = NULL;
	while (q < end && (r = memchr(q, '\n', (size_t)(end - q)))) { w->lines++; lastq = r; q = r + 1; }
	if (lastq) w->line_start_in = to_input(w, w->base + (uint64_t)(lastq - p) + 1);
}

/* A kept window's skipped bytes (outside a segment: none of one is in the
 * buffer): copied after what it keeps, to go out with it, as long as a
 * batch still fits after them (hold + cap <= room, always); else written
 * on at once. */
static void keep_skipped(struct window *w, const unsigned char *p, size_t n)
{
	if (w->hold + n + w->cap > w->room) window_flush_kept(w);
	if (n + w->cap > w->room) { emit_out(w, p, n); return; }
	unsigned char *at = w->buf + w->hold;
	memcpy(at, p, n);
	w->hold += n;
	window_verbatim_ref(w, at, n);
}

void window_skip(struct window *w, const unsigned char *p, size_t n)
{
	if (w->kept && !w->len) keep_skipped(w, p, n);
	else emit_out(w, p, n);
	count_lines(w, p, n);
	w->base += n;
	w->prev = n ? p[n - 1] : w->prev;
}

/* Match b[0..len) (the buffer, or a whole segment where it lies) up to the
 * carry, or all of it at eof, writing it with its rewrites; returns how
 * much was consumed. */
static size_t scan_batch(struct window *w, const unsigned char *b, size_t len, bool eof, bool stable)
{
	size_t limit = eof ? len : len - w->pt->window;
	/* §3.8: a per-buffer surface is decided on the segment's first batch,
	 * so the decision does not depend on read sizes. */
	if (w->joins < 0) w->joins = matcher_surface_joins(w->surface, b, len);
	w->last = 0;
	w->scan = b;
	w->scan_len = len;
	w->scan_stable = stable;
	struct match_params mp = { .prev = w->prev, .mode = MATCH_PROSE, .surface = w->surface, .joins = w->joins, .sql = w->sql, .json = w->json, .refs = w->refs,
	                          .separators_first = w->separators_only };
	size_t consumed = matcher_scan_ex(w->pt, b, len, limit, &mp, on_event, w);
	emit_scanned(w, b + w->last, consumed - w->last);
	w->scan_stable = false;
	return consumed;
}

static void process(struct window *w, bool eof)
{
	unsigned char *b = w->buf + w->hold;
	/* kept: the bytes it writes verbatim stay where they lie, after
	 * those kept before them */
	size_t consumed = scan_batch(w, b, w->len, eof, w->kept);
	count_lines(w, b, consumed);
	if (consumed) w->prev = b[consumed - 1];
	w->len -= consumed;
	w->base += consumed;
	if (!w->kept) {
		memmove(w->buf, w->buf + consumed, w->len);
		return;
	}
	w->hold += consumed;
	/* the next batch must fit after what is kept */
	if (w->hold + w->cap > w->room) window_flush_kept(w);
}

void window_feed(struct window *w, const unsigned char *p, size_t n)
{
	while (n) {
		if (w->len == w->cap) process(w, false);
		size_t take = w->cap - w->len < n ? w->cap - w->len : n;
		memcpy(w->buf + w->hold + w->len, p, take);
		w->len += take;
		p += take;
		n -= take;
	}
	if (w->len == w->cap) process(w, false);
}

void window_end(struct window *w)
{
	if (!w->open) return;
	w->open = false;
	process(w, true);
}

void window_end_whole(struct window *w, const unsigned char *p, size_t n, bool in_place)
{
	w->open = false;
	if (!n) return;
	/* as process(w, true) would match them in the buffer */
	scan_batch(w, p, n, true, in_place);
	count_lines(w, p, n);
	w->prev = p[n - 1];
	w->base += n;
}
