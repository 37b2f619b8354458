/* text.c — the text type: a prose window on surface `text` (§13.1), with
 * lines that pass the serialized gate held whole and rewritten through the
 * value pipeline (§7). A line is a unit of its own either
 * way: on the text surface a newline ends every candidate and anchors the
 * next, so cutting the stream at a line break changes no decision. */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void text_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct text_stage *t = ctx;
	*line = t->w.lines + 1;
	*column = (size_t)(off - t->line_at) + 1;
}

void text_init(struct text_stage *t, const struct patterns *pt, struct sink out, struct report *rep, unsigned spellings)
{
	memset(t, 0, sizeof *t);
	window_init(&t->w, pt, SURFACE_TEXT, out, rep);
	value_init(&t->vp, pt, rep);
	t->vp.pos = text_position;
	t->vp.pos_ctx = t;
	t->spellings = spellings;
}

void text_free(struct text_stage *t)
{
	window_free(&t->w);
	value_free(&t->vp);
	free(t->line);
	t->line = NULL;
}

void text_reset(struct text_stage *t, struct sink out, struct offmap *marks)
{
	window_reset(&t->w);
	window_begin(&t->w, SURFACE_TEXT, 0);
	t->w.out = out;
	t->w.out_marks = marks;
	t->line_len = 0;
	t->line_streams = t->line_untouched = false;
	t->in_off = 0;
}

/* One whole line l[0..len) (with its newline, if any) at input offset off. */
static void line_done(struct text_stage *t, const unsigned char *l, size_t len, uint64_t off)
{
	size_t body = len;
	bool nl = body && l[body - 1] == '\n';
	if (nl) body--;
	if (!serialized_gate(l, body)) { window_feed(&t->w, l, len); return; }
	/* A unit of its own: the stream before it ends at its newline. */
	window_end(&t->w);
	t->line_at = off;
	struct value_opts o = { .mode = MATCH_PROSE, .surface = SURFACE_TEXT, .spellings = t->spellings };
	value_write(&t->vp, l, body, off, &o, &t->w, false);
	if (nl) window_verbatim(&t->w, l + body, 1);
	window_begin(&t->w, SURFACE_TEXT, off + len);
	if (t->w.track_lines && nl) window_set_lines(&t->w, t->w.lines + 1, off + len);
}

static void hold(struct text_stage *t, const unsigned char *p, size_t n)
{
	if (t->line_len + n > t->line_cap) {
		/* the cap at once, on the first line held, as json and sql do:
		 * neither the count nor the size of allocations follows the lines
		 * a chunk happened to cut */
		size_t nc = TEXT_LINE_CAP;
		unsigned char *q = realloc(t->line, nc);
		if (!q) { fputs("hostshift: out of memory\n", stderr); exit(3); }
		t->line = q;
		t->line_cap = nc;
	}
	memcpy(t->line + t->line_len, p, n);
	t->line_len += n;
}

/* A line over the cap whose first bytes p[0..n) (at input offset off) are
 * all there is of it so far: it streams as prose, unless it may hold
 * serialized data (§7.1), whose lengths cannot be repaired here; then the
 * stream before it ends, and the line passes through untouched, kept from
 * the sweep, and is reported (§7.5, §11.2). */
static void line_over_cap(struct text_stage *t, const unsigned char *p, size_t n, uint64_t off)
{
	t->line_streams = true;
	t->line_untouched = serialized_gate(p, n);
	if (!t->line_untouched) {
		window_feed(&t->w, p, n);
		return;
	}
	window_end(&t->w);
	if (t->vp.report) {
		struct report_event re = { .offset = off, .action = ACTION_SKIPPED, .reason = REASON_SERIALIZED_UNTOUCHED,
		                           .surface = SURFACE_TEXT, .text = p, .text_len = n < 64 ? n : 64 };
		if (t->w.track_lines) {
			re.line = t->w.lines + 1;
			re.column = (size_t)(off - t->w.line_start_in) + 1;
		}
		report_add(t->vp.report, &re);
	}
	window_protected(&t->w, p, n);
}

/* More of a line over the cap, to its newline (nl) or the chunk's end;
 * the next line starts at input offset next. */
static void line_more(struct text_stage *t, const unsigned char *p, size_t n, bool nl, uint64_t next)
{
	if (!t->line_untouched) {
		window_feed(&t->w, p, n);
	} else {
		window_protected(&t->w, p, n);
		if (nl) {
			window_begin(&t->w, SURFACE_TEXT, next);
			if (t->w.track_lines) window_set_lines(&t->w, t->w.lines + 1, next);
		}
	}
	if (nl) t->line_streams = t->line_untouched = false;
}

static size_t last_newline_end(const unsigned char *p, size_t n)
{
	while (n && p[n - 1] != '\n') n--;
	return n;
}

void text_feed(struct text_stage *t, const unsigned char *p, size_t n)
{
	if (!t->spellings) { window_feed(&t->w, p, n); t->in_off += n; return; }
	uint64_t base = t->in_off;
	size_t i = 0;
	bool per_line = false;
	while (i < n) {
		const unsigned char *nl = memchr(p + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - p) + 1 : n;
		if (t->line_streams) {
			line_more(t, p + i, end - i, nl != NULL, base + end);
			i = end;
			continue;
		}
		if (t->line_len) {
			/* The rest of a line cut by the previous chunk. */
			if (t->line_len + (end - i) > TEXT_LINE_CAP) {
				line_over_cap(t, t->line, t->line_len, t->line_at_hold);
				t->line_len = 0;
				continue;
			}
			hold(t, p + i, end - i);
			i = end;
			if (nl) {
				line_done(t, t->line, t->line_len, t->line_at_hold);
				t->line_len = 0;
			}
			continue;
		}
		if (!nl) {
			/* A line cut by the end of this chunk waits for its end. */
			if (n - i > TEXT_LINE_CAP) line_over_cap(t, p + i, n - i, base + i);
			else { t->line_at_hold = base + i; hold(t, p + i, n - i); }
			break;
		}
		if (!per_line) {
			/* Most text holds no serialized data: all complete lines at once. */
			size_t run = last_newline_end(p + i, n - i);
			if (!serialized_gate(p + i, run)) { window_feed(&t->w, p + i, run); i += run; continue; }
			per_line = true;
		}
		line_done(t, p + i, end - i, base + i);
		i = end;
	}
	t->in_off += n;
}

void text_finish(struct text_stage *t)
{
	if (t->line_len) {
		line_done(t, t->line, t->line_len, t->line_at_hold);
		t->line_len = 0;
	}
	window_end(&t->w);
}
