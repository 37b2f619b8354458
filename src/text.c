/* text.c — the text type: a prose window on surface `text` (§13.1), with
 * lines that pass the serialized gate held whole and rewritten through the
 * value pipeline (§7). A line is a unit of its own either
 * way: on the text surface a newline ends every candidate and anchors the
 * next, so cutting the stream at a line break changes no decision. */
#include "text.h"

#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void text_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct text_stage *t = ctx;
	/* a unit of several lines (a serialized string holding newlines)
	 * counts the ones before off */
	size_t k = 0, upto = (size_t)(off - t->line_at);
	uint64_t ls = t->line_at;
	const unsigned char *q = t->unit, *end = t->unit + (upto < t->unit_len ? upto : t->unit_len), *r;
	while (q < end && (r = memchr(q, '\n', (size_t)(end - q)))) { k++; ls = t->line_at + (uint64_t)(r - t->unit) + 1; q = r + 1; }
	*line = t->c.w.lines + 1 + k;
	*column = (size_t)(off - ls) + 1;
}

/* Check mode: the newlines of p[0..n), at input offset off, counted into
 * the window's line position. */
static void count_lines(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off)
{
	if (!t->c.w.track_lines) return;
	const unsigned char *q = p, *end = p + n, *r, *lastq = NULL;
	size_t k = 0;
	while (q < end && (r = memchr(q, '\n', (size_t)(end - q)))) { k++; lastq = r; q = r + 1; }
	if (lastq) window_set_lines(&t->c.w, t->c.w.lines + k, off + (uint64_t)(lastq - p) + 1);
}

/* n bytes p at input offset off passed as they are, protected from the
 * sweep, the line count kept. */
static void passed(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off)
{
	window_protected(&t->c.w, p, n);
	count_lines(t, p, n, off);
}

/* A serialized value left untouched from input offset off on (§7.5): the
 * warning and the --check finding, at its first bytes. */
static void report_untouched(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off)
{
	if (!t->c.vp.report) return;
	struct report_event re = { .offset = off, .action = ACTION_SKIPPED, .reason = REASON_SERIALIZED_UNTOUCHED,
	                           .surface = SURFACE_TEXT, .text = p, .text_len = n < 64 ? n : 64 };
	if (t->c.w.track_lines) {
		re.line = t->c.w.lines + 1;
		re.column = (size_t)(off - t->c.w.line_start_in) + 1;
	}
	report_add(t->c.vp.report, &re);
}

void text_init(struct text_stage *t, const struct framer_env *env)
{
	memset(t, 0, sizeof *t);
	/* and a quoted CSV field's spelling (§13.1), after the others */
	framer_core_init(&t->c, env, SURFACE_TEXT, false, false, SER_SET_DEFAULT | SER_SET(SER_CSV), text_position, t);
}

void text_free(struct text_stage *t)
{
	framer_core_free(&t->c);
	hold_free(&t->line);
}

static void text_reset(void *self, const struct framer_start *st)
{
	struct text_stage *t = self;
	framer_core_reset(&t->c, st);
	window_begin(&t->c.w, SURFACE_TEXT, 0);
	t->line.len = 0;
	t->line_streams = t->line_untouched = false;
	t->need = 0;
	t->untouched_to = 0;
}

/* A unit (a line, or lines a serialized string holds together) whose
 * values are all there: l[0..len), with its last newline, if any, at
 * input offset off. */
static void unit_done(struct text_stage *t, const unsigned char *l, size_t len, uint64_t off)
{
	size_t body = len;
	bool nl = body && l[body - 1] == '\n';
	if (nl) body--;
	/* A unit of its own: the stream before it ends at its newline. */
	window_end(&t->c.w);
	t->line_at = off;
	t->unit = l;
	t->unit_len = body;
	struct value_opts o = { .mode = MATCH_PROSE, .surface = SURFACE_TEXT, .spellings = t->c.spellings };
	value_write(&t->c.vp, l, body, off, &o, &t->c.w, false);
	t->unit_len = 0;
	count_lines(t, l, body, off);   /* the newlines inside a unit of several lines */
	if (nl) window_verbatim(&t->c.w, l + body, 1);
	window_begin(&t->c.w, SURFACE_TEXT, off + len);
	if (t->c.w.track_lines && nl) window_set_lines(&t->c.w, t->c.w.lines + 1, off + len);
}


/* Bytes from input offset off pass untouched, kept from the sweep (§7.5),
 * to the end of the line that holds input offset `to` (0: this line):
 * a serialized value whose end is not held goes on to there. */
static void untouched_from(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off, uint64_t to)
{
	window_end(&t->c.w);
	report_untouched(t, p, n, off);
	passed(t, p, n, off);
	bool nl = n && p[n - 1] == '\n';
	if (nl && off + n > to) {
		window_begin(&t->c.w, SURFACE_TEXT, off + n);
		return;
	}
	t->line_streams = t->line_untouched = true;
	t->untouched_to = to;
}

/* A whole line l[0..len) (with its newline; at the end of the stream,
 * maybe without) at input offset off; held: it is the start of t->line.
 * A serialized value that its end cuts (a string holding a newline)
 * holds the lines after it until the value can be all there; one that
 * cannot be held, or that the stream's end cuts, passes untouched. */
static void line_end(struct text_stage *t, const unsigned char *l, size_t len, uint64_t off, bool held, bool eof)
{
	size_t body = len;
	bool nl = body && l[body - 1] == '\n';
	if (nl) body--;
	size_t need = 0;
	if (!serialized_gate(l, body)) {
		window_feed(&t->c.w, l, len);
	} else if ((need = serialized_cut(l, body, t->c.spellings)) <= body) {
		unit_done(t, l, len, off);
	} else if (!eof && need < TEXT_LINE_CAP) {
		if (!held) {
			t->line.start = off;
			hold_copy(&t->line, l, len, TEXT_LINE_CAP);
		}
		t->need = need;
		return;
	} else {
		untouched_from(t, l, len, off, eof ? 0 : off + need);
	}
	if (held) t->line.len = 0;
	t->need = 0;
}

/* A line over the cap whose first bytes p[0..n) (at input offset off) are
 * all there is of it so far: it streams as prose, unless it may hold
 * serialized data (§7.1), whose lengths cannot be repaired here; then the
 * stream before it ends, and the line passes through untouched, kept from
 * the sweep, and is reported (§7.5, §11.2). */
static void line_over_cap(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off)
{
	if (!serialized_gate(p, n)) {
		t->line_streams = true;
		t->line_untouched = false;
		window_feed(&t->c.w, p, n);
		return;
	}
	untouched_from(t, p, n, off, 0);
}

/* More of a line that streams, to its newline (nl) or the chunk's end, at
 * input offset off. */
static void line_more(struct text_stage *t, const unsigned char *p, size_t n, bool nl, uint64_t off)
{
	uint64_t next = off + n;
	if (!t->line_untouched) {
		window_feed(&t->c.w, p, n);
		if (nl) t->line_streams = false;
		return;
	}
	passed(t, p, n, off);
	if (nl && next > t->untouched_to) {
		window_begin(&t->c.w, SURFACE_TEXT, next);
		t->line_streams = t->line_untouched = false;
	}
}

static size_t last_newline_end(const unsigned char *p, size_t n)
{
	while (n && p[n - 1] != '\n') n--;
	return n;
}

static void text_feed(void *self, const unsigned char *p, size_t n)
{
	struct text_stage *t = self;
	if (!t->c.spellings) { window_feed(&t->c.w, p, n); t->c.in_off += n; return; }
	uint64_t base = t->c.in_off;
	size_t i = 0;
	bool per_line = false;
	while (i < n) {
		const unsigned char *nl = memchr(p + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - p) + 1 : n;
		if (t->line_streams) {
			line_more(t, p + i, end - i, nl != NULL, base + i);
			i = end;
			continue;
		}
		if (t->line.len) {
			/* The rest of a line cut by the previous chunk, or the lines
			 * a cut serialized value holds. */
			if (t->line.len + (end - i) > TEXT_LINE_CAP) {
				if (t->need) untouched_from(t, t->line.buf, t->line.len, t->line.start, t->line.start + t->need);
				else line_over_cap(t, t->line.buf, t->line.len, t->line.start);
				t->line.len = 0;
				t->need = 0;
				continue;
			}
			hold_copy(&t->line, p + i, end - i, TEXT_LINE_CAP);
			i = end;
			/* a held value is walked again when enough of it is there */
			if (nl && t->line.len - 1 >= t->need) line_end(t, t->line.buf, t->line.len, t->line.start, true, false);
			continue;
		}
		if (!nl) {
			/* A line cut by the end of this chunk waits for its end. */
			if (n - i > TEXT_LINE_CAP) line_over_cap(t, p + i, n - i, base + i);
			else { t->line.start = base + i; hold_copy(&t->line, p + i, n - i, TEXT_LINE_CAP); }
			break;
		}
		if (!per_line) {
			/* Most text holds no serialized data: all complete lines at once. */
			size_t run = last_newline_end(p + i, n - i);
			if (!serialized_gate(p + i, run)) { window_feed(&t->c.w, p + i, run); i += run; continue; }
			per_line = true;
		}
		line_end(t, p + i, end - i, base + i, false, false);
		i = end;
	}
	t->c.in_off += n;
}

static void text_finish(void *self)
{
	struct text_stage *t = self;
	if (t->line.len) line_end(t, t->line.buf, t->line.len, t->line.start, true, true);
	t->line.len = 0;
	t->need = 0;
	t->line_streams = t->line_untouched = false;
	window_end(&t->c.w);   /* (none is open after untouched bytes) */
}

const struct framer text_framer = { text_reset, text_feed, text_finish };
