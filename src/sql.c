/* sql.c — the sql type: a streaming lexer over dump output (§8.1–§8.4, §7).
 * Every input byte is routed once: verbatim (statements, comments,
 * identifiers, `_binary` literals), into a held literal body (rewritten as a
 * value when its closing quote arrives), or into a window segment (a body
 * over the cap). State survives any chunk boundary. */
#include "sql.h"

#include "bytescan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void body_position(void *ctx, uint64_t off, size_t *line, size_t *column);

void sql_init(struct sql *q, const struct patterns *pt, struct sink out, struct report *rep, bool quiet,
              unsigned spellings)
{
	memset(q, 0, sizeof *q);
	q->pt = pt;
	q->report = rep;
	q->quiet = quiet;
	q->spellings = spellings;
	window_init(&q->w, pt, SURFACE_SQL_STRING, out, rep);
	window_defer(&q->w);   /* the sweep sees contiguous runs whole */
	q->w.sql = true;
	value_init(&q->vp, pt, rep);
	spill_init(&q->spill);
	q->vp.pos = body_position;
	q->vp.pos_ctx = q;
}

void sql_set_skips(struct sql *q, const struct sql_skip *skips, size_t n)
{
	q->skips = skips;
	q->nskips = n;
	free(q->tables);
	q->tables = calloc(n ? n : 1, sizeof *q->tables);
	if (!q->tables) { fputs("hostshift: out of memory\n", stderr); exit(3); }
	q->ntables = 0;
	for (size_t i = 0; i < n; i++) {
		size_t t = 0;
		while (t < q->ntables && strcmp(q->tables[t].name, skips[i].table)) t++;
		if (t == q->ntables) memcpy(q->tables[q->ntables++].name, skips[i].table, sizeof q->tables[0].name);
	}
}

void sql_free(struct sql *q)
{
	free(q->tables);
	window_free(&q->w);
	value_free(&q->vp);
	spill_free(&q->spill);
	free(q->body);
	memset(q, 0, sizeof *q);
}

void sql_reset(struct sql *q, struct sink out, struct offmap *marks)
{
	window_reset(&q->w);
	q->w.out = out;
	q->w.out_marks = marks;
	q->state = SQL_NORMAL;
	q->in_off = 0;
	q->spilling = false;
	spill_end(&q->spill);
	q->word_len = 0;
	q->after_binary = false;
	q->stmt = STMT_NONE;
	q->ident_len = 0;
	for (size_t t = 0; t < q->ntables; t++) q->tables[t].ncols = 0;
	linepos_reset(&q->lp, q->report && report_wants_positions(q->report));
}

/* ---- positions (check mode) ------------------------------------------- */

/* The literal body's bytes: in the chunk being fed while the whole body
 * lies in it (not copied), else in q->body. */
static const unsigned char *body_data(const struct sql *q) { return q->body_src ? q->body_src : q->body; }

/* The count goes on from the last asked (events come in order), so a long
 * body is read through once. */
static void body_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct sql *q = ctx;
	size_t pos = (size_t)(off - q->body_start), i = q->pos_at, count = q->pos_count, lastnl = q->pos_lastnl;
	if (pos < i) i = count = lastnl = 0;
	const unsigned char *b = q->spilled ? q->spilled : body_data(q);   /* a body in the file: where it is mapped */
	for (; i < pos && i < q->body_len; i++)
		if (b[i] == '\n') { count++; lastnl = i; }
	q->pos_at = i;
	q->pos_count = count;
	q->pos_lastnl = lastnl;
	uint64_t ls = count ? q->body_start + lastnl + 1 : q->body_line_start;
	*line = q->body_lines + count + 1;
	*column = (size_t)(off - ls) + 1;
}

/* ---- literals ---------------------------------------------------------- */

static bool is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* ---- --skip-column: which column a literal belongs to ----------------- */

static bool word_is(const char *w, const char *lit) { return strcasecmp(w, lit) == 0; }

static struct sql_table *table_named(struct sql *q, const char *name)
{
	for (size_t t = 0; t < q->ntables; t++)
		if (strcmp(q->tables[t].name, name) == 0) return &q->tables[t];
	return NULL;
}

/* The INSERT's columns are the table's own (or its column list): mark the
 * skipped ones. */
static void mark_skips(struct sql *q, const struct sql_table *t, char (*cols)[SQL_NAME_MAX + 1], size_t ncols)
{
	memset(q->skipcol, 0, sizeof q->skipcol);
	q->ncols = ncols;
	if (!t) return;
	for (size_t c = 0; c < ncols; c++)
		for (size_t k = 0; k < q->nskips; k++)
			if (!strcmp(q->skips[k].table, t->name) && word_is(cols[c], q->skips[k].column)) q->skipcol[c] = 1;
}

static void stmt_word(struct sql *q, const char *w)
{
	switch (q->stmt) {
	case STMT_NONE:
		if (word_is(w, "create")) q->stmt = STMT_CREATE;
		else if (word_is(w, "insert") || word_is(w, "replace")) q->stmt = STMT_INSERT;
		break;
	case STMT_CREATE:
		if (word_is(w, "table")) q->stmt = STMT_CREATE_TABLE;
		else if (!word_is(w, "temporary")) q->stmt = STMT_NONE;
		break;
	case STMT_CREATE_TABLE:
		if (word_is(w, "if") || word_is(w, "not") || word_is(w, "exists")) break;
		q->table = table_named(q, w);
		if (q->table) q->table->ncols = 0;
		q->stmt = STMT_CREATE_NAME;
		break;
	case STMT_CREATE_COLS:
		if (q->depth == 1 && q->item_start) {
			static const char *const keys[] = { "primary", "key", "unique", "constraint", "index", "fulltext",
			                                    "spatial", "foreign", "check", "period" };
			bool key = false;
			for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) key |= word_is(w, keys[k]);
			if (!key && q->table && q->table->ncols < SQL_COLS_MAX)
				strcpy(q->table->cols[q->table->ncols++], w);
			q->item_start = false;
		}
		break;
	case STMT_INSERT:
		if (word_is(w, "into") || word_is(w, "ignore") || word_is(w, "low_priority") || word_is(w, "delayed") ||
		    word_is(w, "high_priority"))
			break;
		q->table = table_named(q, w);
		if (q->table) mark_skips(q, q->table, q->table->cols, q->table->ncols);
		else q->ncols = 0;
		q->stmt = STMT_INSERT_NAME;
		break;
	case STMT_INSERT_NAME:
		if (word_is(w, "values") || word_is(w, "value")) { q->stmt = STMT_VALUES; q->depth = 0; }
		break;
	case STMT_INSERT_COLS:
		/* an explicit column list: it, not the table's order, counts */
		if (q->table && q->ncols < SQL_COLS_MAX) {
			q->skipcol[q->ncols] = 0;
			for (size_t k = 0; k < q->nskips; k++)
				if (!strcmp(q->skips[k].table, q->table->name) && word_is(w, q->skips[k].column)) q->skipcol[q->ncols] = 1;
			q->ncols++;
		}
		break;
	default:
		break;
	}
}

static void stmt_punct(struct sql *q, unsigned char c)
{
	if (c == ';') { q->stmt = STMT_NONE; return; }
	switch (q->stmt) {
	case STMT_CREATE_NAME:
		if (c == '(') { q->stmt = STMT_CREATE_COLS; q->depth = 1; q->item_start = true; }
		break;
	case STMT_CREATE_COLS:
		if (c == '(') q->depth++;
		else if (c == ')' && --q->depth == 0) q->stmt = STMT_NONE;
		else if (c == ',' && q->depth == 1) q->item_start = true;
		break;
	case STMT_INSERT_NAME:
		if (c == '(') { q->stmt = STMT_INSERT_COLS; q->ncols = 0; memset(q->skipcol, 0, sizeof q->skipcol); }
		break;
	case STMT_INSERT_COLS:
		if (c == ')') q->stmt = STMT_INSERT_NAME;
		break;
	case STMT_VALUES:
		if (c == '(' && ++q->depth == 1) q->col = 0;
		else if (c == ')') q->depth--;
		else if (c == ',' && q->depth == 1) q->col++;
		break;
	default:
		break;
	}
}

/* An identifier or keyword has ended. */
static void ident_done(struct sql *q)
{
	if (q->ident_len && q->ident_len <= SQL_NAME_MAX) {
		q->ident[q->ident_len] = 0;
		stmt_word(q, q->ident);
	}
	q->ident_len = 0;
}

static void ident_put(struct sql *q, unsigned char c)
{
	if (q->ident_len < SQL_NAME_MAX) q->ident[q->ident_len] = (char)c;
	q->ident_len++;
}

/* Track the word before a quote: a `_binary` introducer (then only white
 * space) makes the literal binary data, passed through untouched; and,
 * with --skip-column, the statement's words and punctuation. */
static void note_normal(struct sql *q, const unsigned char *p, size_t n)
{
	if (!q->nskips) {
		/* without --skip-column only the word before a quote is
		 * followed, and a byte that is neither a word byte nor white space
		 * ends it whatever came before (word_len 0, after_binary false):
		 * the bytes up to the last such byte need no look */
		size_t m = n;
		while (m > 0 && (is_word_byte(p[m - 1]) || is_space(p[m - 1]))) m--;
		if (m > 0) {
			q->word_len = 0;
			q->after_binary = false;
			p += m;
			n -= m;
		}
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (is_word_byte(c)) {
			if (q->word_len < sizeof q->word - 1) q->word[q->word_len] = (char)((c >= 'A' && c <= 'Z') ? c + 32 : c);
			q->word_len++;
			q->after_binary = false;
			if (q->nskips) ident_put(q, c);
		} else {
			if (q->word_len) {
				q->after_binary = q->word_len == 7 && memcmp(q->word, "_binary", 7) == 0;
				q->word_len = 0;
			}
			if (!is_space(c)) q->after_binary = false;
			if (q->nskips) {
				ident_done(q);
				if (c == '(' || c == ')' || c == ',' || c == ';') stmt_punct(q, c);
			}
		}
	}
}

static void literal_begin(struct sql *q, unsigned char quote, uint64_t body_off)
{
	/* `_binary'x'` has no space: the word ends at the quote itself. */
	bool binary = q->after_binary || (q->word_len == 7 && memcmp(q->word, "_binary", 7) == 0);
	if (q->nskips) {
		ident_done(q);
		/* a value of a --skip-column column passes through like binary data */
		if (q->stmt == STMT_VALUES && q->depth == 1 && q->col < q->ncols && q->skipcol[q->col]) binary = true;
	}
	q->word_len = 0;
	q->after_binary = false;
	q->quote = quote;
	q->binary = binary;
	q->oversize = false;
	q->body_len = 0;
	q->pos_at = q->pos_count = q->pos_lastnl = 0;
	q->body_start = body_off;
	if (q->lp.on) {
		linepos_upto(&q->lp, body_off);
		q->body_lines = q->lp.lines;
		q->body_line_start = q->lp.line_start;
	}
	q->state = SQL_LITERAL;
}

/* The temporary file failed under a body already given to it. */
static _Noreturn void spill_failed(const struct sql *q)
{
	spill_fail(&q->spill, q->report ? q->report->file : "-", "string literal", q->body_start);
}

/* A body over the cap streams through as prose, counted once (§8.1, §11.2).
 * One that may hold serialized data (its first bytes pass the gate, §7.1)
 * is held in a temporary file to its end and goes through the value
 * pipeline from there, so its lengths are repaired (§11.2); where no
 * temporary file can be made, it passes through untouched, kept from the
 * sweep too, and is reported (§7.5). */
static void go_oversize(struct sql *q)
{
	q->oversize = true;
	q->over_untouched = q->spellings && serialized_gate(body_data(q), q->body_len);
	if (q->over_untouched && spill_begin(&q->spill)) {
		/* held in the temporary file instead, and repaired at its end */
		if (!spill_put(&q->spill, body_data(q), q->body_len)) spill_failed(q);
		q->spilling = true;
		q->over_untouched = false;
		if (!q->body_src) {
			/* the held copy goes back too while the file holds the
			 * body (a rare value: the next held body allocates again) */
			free(q->body);
			q->body = NULL;
			q->body_cap = 0;
		}
		q->body_src = NULL;
		return;
	}
	if (q->over_untouched) {
		if (!q->quiet && q->report)
			fprintf(stderr, "hostshift: %s: cannot make a temporary file for the string literal at offset %llu (%s); it passes untouched\n",
			        q->report->file, (unsigned long long)q->body_start, strerror(q->spill.err));
		if (q->report) {
			struct report_event re = { .offset = q->body_start, .action = ACTION_SKIPPED,
			                           .reason = REASON_SERIALIZED_UNTOUCHED, .surface = SURFACE_SQL_STRING,
			                           .text = body_data(q), .text_len = 64 };
			if (q->lp.on) { re.line = q->body_lines + 1; re.column = (size_t)(q->body_start - q->body_line_start) + 1; }
			report_add(q->report, &re);
		}
		window_protected(&q->w, body_data(q), q->body_len);
		q->body_src = NULL;
		return;
	}
	if (q->report) {
		struct report_event re = { .offset = q->body_start, .action = ACTION_SKIPPED, .reason = REASON_SIZE_CAP_EXCEEDED,
		                           .surface = SURFACE_SQL_STRING, .text = body_data(q), .text_len = 0 };
		if (q->lp.on) { re.line = q->body_lines + 1; re.column = (size_t)(q->body_start - q->body_line_start) + 1; }
		report_add(q->report, &re);
		if (!q->quiet)
			fprintf(stderr, "hostshift: %s: the string literal at offset %llu is over the %u-byte cap; matched as prose, serialized lengths not repaired\n",
			        q->report->file, (unsigned long long)q->body_start, SQL_VALUE_CAP);
	}
	window_begin(&q->w, SURFACE_SQL_STRING, q->body_start);
	if (q->lp.on) window_set_lines(&q->w, q->body_lines, q->body_line_start);
	window_feed(&q->w, body_data(q), q->body_len);
	q->body_src = NULL;
}

static void body_put_held(struct sql *q, const unsigned char *p, size_t n);

/* The body read in place so far goes on past the chunk: held in q->body. */
static void body_hold(struct sql *q)
{
	const unsigned char *src = q->body_src;
	size_t n = q->body_len;
	q->body_src = NULL;
	q->body_len = 0;
	if (n) body_put_held(q, src, n);
}

/* Bytes of the literal body, which follow the ones before. */
static void body_put(struct sql *q, const unsigned char *p, size_t n)
{
	if (!n) return;
	if (q->body_src) {
		if (p == q->body_src + q->body_len && q->body_len + n <= SQL_VALUE_CAP) { q->body_len += n; return; }
		body_hold(q);
	}
	body_put_held(q, p, n);
}

static void body_put_held(struct sql *q, const unsigned char *p, size_t n)
{
	if (q->binary) { window_protected(&q->w, p, n); return; }
	if (!q->oversize && q->body_len + n > SQL_VALUE_CAP) go_oversize(q);
	if (q->oversize) {
		if (q->spilling) {
			if (!spill_put(&q->spill, p, n)) spill_failed(q);
		} else if (q->over_untouched) window_protected(&q->w, p, n);
		else window_feed(&q->w, p, n);
		q->body_len += n;
		return;
	}
	if (q->body_len + n > q->body_cap) {
		/* the cap at once, on the first literal held: neither the count
		 * nor the size of allocations follows the literals a chunk happened
		 * to cut; pages never written stay out of RSS */
		size_t nc = SQL_VALUE_CAP;
		unsigned char *b = realloc(q->body, nc);
		if (!b) { fputs("hostshift: out of memory\n", stderr); exit(3); }
		q->body = b;
		q->body_cap = nc;
	}
	memcpy(q->body + q->body_len, p, n);
	q->body_len += n;
}

/* A body held in the temporary file is complete: rewritten where the file
 * is mapped, its pages given back as the pipeline reads on (§11.2). */
static __attribute__((noinline)) void spilled_done(struct sql *q, const struct value_opts *o)
{
	q->spilling = false;
	const unsigned char *b = spill_map(&q->spill);
	if (!b) spill_failed(q);
	q->spilled = b;
	q->vp.release = spill_release_cb;
	q->vp.release_ctx = &q->spill;
	value_write(&q->vp, b, (size_t)q->spill.len, q->body_start, o, &q->w, false);
	q->vp.release = NULL;
	q->spilled = NULL;
	spill_end(&q->spill);
}

/* The body is complete (its closing quote, or the end of input). */
static void literal_done(struct sql *q)
{
	if (q->binary) return;
	/* serialized quotes written `\"` (mysqldump), or raw `"` inside a
	 * single-quoted literal, or `\\\"` in a JSON string in the literal
	 * (a JSON column, §7.3) */
	unsigned sp = SER_SET(SER_SQL) | (q->quote == '\'' ? SER_SET(SER_SQLRAW) : 0) | SER_SET(SER_SQLJSON);
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_SQL_STRING, .sql = true,
	                        .spellings = q->spellings ? sp : 0 };
	if (q->oversize) {
		if (q->spilling) spilled_done(q, &o);
		else if (!q->over_untouched) window_end(&q->w);
		return;
	}
	const unsigned char *b = body_data(q);
	if (q->body_len) value_write(&q->vp, b, q->body_len, q->body_start, &o, &q->w, q->body_src != NULL);
}

/* ---- the main loop ------------------------------------------------------ */

/* Bytes that end a verbatim run of normal text. */
static const unsigned char special_byte[256] = { ['\''] = 1, ['"'] = 1, ['`'] = 1, ['#'] = 1, ['-'] = 1, ['/'] = 1 };

void sql_feed(struct sql *q, const unsigned char *p, size_t n)
{
	linepos_chunk(&q->lp, p, q->in_off);
	size_t i = 0;
	while (i < n) {
		unsigned char c = p[i];
		switch (q->state) {
		case SQL_NORMAL: {
			size_t k = i;
			while (k < n && !special_byte[p[k]]) k++;
			window_verbatim_ref(&q->w, p + i, k - i);
			note_normal(q, p + i, k - i);
			i = k;
			if (i == n) break;
			c = p[i];
			if (c == '\'' || c == '"') {
				window_verbatim_ref(&q->w, p + i, 1);
				literal_begin(q, c, q->lp.chunk_off + i + 1);
				if (!q->binary) q->body_src = p + i + 1;   /* read in place */
			} else {
				window_verbatim_ref(&q->w, p + i, 1);
				note_normal(q, p + i, 1);
				q->state = c == '`' ? SQL_BACKTICK : c == '#' ? SQL_LINE_COMMENT : c == '-' ? SQL_DASH : SQL_SLASH;
			}
			i++;
			break;
		}
		case SQL_DASH:
			if (c == '-') { window_verbatim_ref(&q->w, p + i, 1); q->state = SQL_DASH_DASH; i++; }
			else q->state = SQL_NORMAL;
			break;
		case SQL_DASH_DASH:
			/* MySQL: `--` starts a comment only before white space or a control. */
			q->state = (c <= ' ') ? SQL_LINE_COMMENT : SQL_NORMAL;
			break;
		case SQL_SLASH:
			if (c == '*') { window_verbatim_ref(&q->w, p + i, 1); q->state = SQL_BLOCK_COMMENT; i++; }
			else q->state = SQL_NORMAL;
			break;
		case SQL_LINE_COMMENT: {
			const unsigned char *nl = memchr(p + i, '\n', n - i);
			size_t end = nl ? (size_t)(nl - p) + 1 : n;
			window_verbatim_ref(&q->w, p + i, end - i);
			i = end;
			if (nl) q->state = SQL_NORMAL;
			break;
		}
		case SQL_BLOCK_COMMENT: {
			const unsigned char *st = memchr(p + i, '*', n - i);
			size_t end = st ? (size_t)(st - p) + 1 : n;
			window_verbatim_ref(&q->w, p + i, end - i);
			i = end;
			if (st) q->state = SQL_BLOCK_STAR;
			break;
		}
		case SQL_BLOCK_STAR:
			window_verbatim_ref(&q->w, p + i, 1);
			q->state = c == '/' ? SQL_NORMAL : c == '*' ? SQL_BLOCK_STAR : SQL_BLOCK_COMMENT;
			i++;
			break;
		case SQL_BACKTICK: {
			/* A doubled backtick inside is two of these in a row: same result. */
			const unsigned char *bt = memchr(p + i, '`', n - i);
			size_t end = bt ? (size_t)(bt - p) + 1 : n;
			window_verbatim_ref(&q->w, p + i, end - i);
			if (q->nskips) for (size_t k = i; k < (bt ? end - 1 : end); k++) ident_put(q, p[k]);
			i = end;
			if (bt) {
				if (q->nskips) ident_done(q);   /* a `quoted` name is one word */
				q->state = SQL_NORMAL;
			}
			break;
		}
		case SQL_LITERAL: {
			/* To the next unescaped quote, each backslash taking the byte
			 * after it, in one vector scan (a search per backslash would
			 * cost a call every few bytes of serialized data). */
			bool escaped = false;
			size_t k = bytescan_unescaped(p, i, n, q->quote, '\\', &escaped);
			body_put(q, p + i, k - i);
			i = k;
			if (i == n) {
				if (escaped) q->state = SQL_LITERAL_ESC;   /* the escaped byte is in the next chunk */
				break;
			}
			q->state = SQL_LITERAL_QUOTE;
			i++;
			break;
		}
		case SQL_LITERAL_ESC:
			body_put(q, p + i, 1);
			q->state = SQL_LITERAL;
			i++;
			break;
		case SQL_LITERAL_QUOTE:
			if (c == q->quote) {
				/* a doubled quote is part of the body (the first of the two
				 * is p[i - 1] unless the chunk began between them) */
				unsigned char two[2] = { c, c };
				body_put(q, i ? p + i - 1 : two, 2);
				q->state = SQL_LITERAL;
				i++;
			} else {
				literal_done(q);
				if (i) window_verbatim_ref(&q->w, p + i - 1, 1);   /* the closing quote */
				else window_verbatim(&q->w, &q->quote, 1);
				q->state = SQL_NORMAL;
			}
			break;
		}
	}
	if (q->body_src && (q->state == SQL_LITERAL || q->state == SQL_LITERAL_ESC || q->state == SQL_LITERAL_QUOTE))
		body_hold(q);
	q->in_off += n;
	linepos_upto(&q->lp, q->in_off);
	window_flush(&q->w);
}

void sql_finish(struct sql *q)
{
	switch (q->state) {
	case SQL_LITERAL:
	case SQL_LITERAL_ESC:
		literal_done(q);   /* unterminated at the end of input: rewritten all the same */
		break;
	case SQL_LITERAL_QUOTE:
		literal_done(q);
		window_verbatim(&q->w, &q->quote, 1);
		break;
	default:
		break;
	}
	q->state = SQL_NORMAL;
	window_flush(&q->w);
}
