/* sql.c — the sql type: a streaming lexer over dump output (§8.1–§8.4, §7).
 * Every input byte is routed once: verbatim (statements, comments,
 * identifiers, `_binary` literals), into a held literal body (rewritten as a
 * value when its closing quote arrives), or into a window segment (a body
 * over the cap). State survives any chunk boundary. */
#include "sql.h"

#include "ascii.h"
#include "buf.h"
#include "bytescan.h"
#include "diag.h"
#include "hostvalue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void body_position(void *ctx, uint64_t off, size_t *line, size_t *column);

void sql_init(struct sql *q, const struct framer_env *env)
{
	memset(q, 0, sizeof *q);
	framer_core_init(&q->c, env, SURFACE_SQL_STRING, true, false, SER_SET(SER_SQL), body_position, q);
	spill_init(&q->spill);
	window_init(&q->cw, env->pt, SURFACE_SQL_STRING, buf_sink(&q->cap), env->report);
	window_set_spellings(&q->cw, true, false, false, false);
}

/* One table for each name a --skip-column or --host-column gives. */
static void tables_build(struct sql *q)
{
	free(q->tables);
	q->tables = xcalloc(q->nskips + q->nhosts + 1, sizeof *q->tables);
	q->ntables = 0;
	for (size_t i = 0; i < q->nskips + q->nhosts; i++) {
		bool host = i >= q->nskips;
		const char *name = host ? q->hosts[i - q->nskips].table : q->skips[i].table;
		size_t t = 0;
		while (t < q->ntables && strcmp(q->tables[t].name, name)) t++;
		if (t == q->ntables) memcpy(q->tables[q->ntables++].name, name, sizeof q->tables[0].name);
		q->tables[t].host |= host;
	}
}

void sql_set_skips(struct sql *q, const struct sql_skip *skips, size_t n)
{
	q->skips = skips;
	q->nskips = n;
	free(q->skip_met);
	q->skip_met = xcalloc(n ? n : 1, sizeof *q->skip_met);
	tables_build(q);
}

void sql_set_hosts(struct sql *q, const struct sql_hostcol *hosts, size_t n, bool wordpress)
{
	q->hosts = hosts;
	q->nhosts = n;
	q->wordpress = wordpress;
	free(q->host_met);
	q->host_met = xcalloc(n + 2, sizeof *q->host_met);
	free(q->wptables);
	q->wptables = wordpress ? xcalloc(SQL_WP_TABLES, sizeof *q->wptables) : NULL;
	tables_build(q);
}

void sql_free(struct sql *q)
{
	free(q->tables);
	free(q->skip_met);
	free(q->host_met);
	free(q->wptables);
	framer_core_free(&q->c);
	window_free(&q->cw);
	free(q->cap.p);
	free(q->dec.p);
	free(q->enc.p);
	spill_free(&q->spill);
	hold_free(&q->body);
	memset(q, 0, sizeof *q);
}

bool sql_skip_met(const struct sql *q, size_t k) { return q->skip_met && k < q->nskips && q->skip_met[k]; }
bool sql_host_met(const struct sql *q, size_t k) { return q->host_met && k < q->nhosts && q->host_met[k]; }

/* The host rule of --wordpress-multisite's column in a table of kind t. */
static size_t wp_rule(const struct sql *q, enum wp_table t) { return q->nhosts + (t == WP_BLOGS ? 0 : 1); }

bool sql_wordpress_met(const struct sql *q, enum wp_table t)
{
	return q->host_met && q->wordpress && t != WP_NONE && q->host_met[wp_rule(q, t)];
}

static void sql_reset(void *self, const struct framer_start *st)
{
	struct sql *q = self;
	enum sql_dialect dialect = st->dialect;
	q->dialect = dialect == DIALECT_AUTO ? DIALECT_MYSQL : dialect;
	q->track = q->nskips || q->nhosts || q->wordpress || q->dialect == DIALECT_POSTGRES;
	q->comment_depth = 0;
	q->copy_stdin = q->copy_rows = false;
	q->tail_len = 0;
	q->wrap_depth = 0;
	q->wrap_len = 0;
	q->dot = false;
	framer_core_reset(&q->c, st);
	q->state = SQL_NORMAL;
	q->spilling = false;
	spill_end(&q->spill);
	q->word_len = 0;
	q->after_binary = false;
	q->stmt = STMT_NONE;
	q->ident_len = 0;
	for (size_t t = 0; t < q->ntables; t++) { q->tables[t].ncols = 0; q->tables[t].warned = false; }
	q->table = NULL;
	q->nwptables = q->wpt_next = 0;
	q->wpt = NULL;
	q->host_rule = 0;
	q->host_warnings = 0;
}

/* ---- positions (check mode) ------------------------------------------- */

/* The literal body's bytes: in the chunk being fed while the whole body
 * lies in it (not copied), else in q->body; a body in the file where it
 * is mapped. */
static void body_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct sql *q = ctx;
	hold_position(&q->body, q->spilled ? q->spilled : hold_data(&q->body), off, line, column);
}

/* ---- literals ---------------------------------------------------------- */

static bool is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}


/* ---- --skip-column, --host-column: which column a literal belongs to --- */

static bool word_is(const char *w, const char *lit) { return strcasecmp(w, lit) == 0; }

static struct sql_table *table_named(struct sql *q, const char *name)
{
	for (size_t t = 0; t < q->ntables; t++)
		if (strcmp(q->tables[t].name, name) == 0) return &q->tables[t];
	return NULL;
}

/* --wordpress-multisite: the table named so, if its name may be a
 * WordPress network's (§8.5); one met first in this input takes a slot,
 * the oldest one when all are taken. */
static struct sql_wptable *wp_named(struct sql *q, const char *name)
{
	enum wp_table kind = wordpress_table(name);
	if (kind == WP_NONE) return NULL;
	for (size_t t = 0; t < q->nwptables; t++)
		if (strcmp(q->wptables[t].name, name) == 0) return &q->wptables[t];
	struct sql_wptable *t = &q->wptables[q->wpt_next];
	q->wpt_next = (q->wpt_next + 1) % SQL_WP_TABLES;
	if (q->nwptables < SQL_WP_TABLES) q->nwptables++;
	memset(t, 0, sizeof *t);
	strcpy(t->name, name);
	t->wp = kind;
	return t;
}

/* The statement names its table (or, after a dot, the last part of its
 * name): one a column option names, one that may be a WordPress
 * network's, or both. A CREATE TABLE learns its columns anew. */
static void stmt_table(struct sql *q, const char *name, bool create)
{
	q->table = table_named(q, name);
	q->wpt = q->wordpress ? wp_named(q, name) : NULL;
	if (!create) return;
	if (q->table) q->table->ncols = 0;
	if (q->wpt) {
		q->wpt->ncols = 0;
		q->wpt->cols = 0;
		q->wpt->has_domain = false;
	}
}

/* Column c of the statement, named `name`, of one of our tables: skipped,
 * or a host column, or neither. */
static void column_rules(struct sql *q, size_t c, const char *name)
{
	q->skipcol[c] = 0;
	q->hostcol[c] = 0;
	for (size_t k = 0; k < q->nskips; k++)
		if (!strcmp(q->skips[k].table, q->table->name) && word_is(name, q->skips[k].column)) {
			q->skipcol[c] = 1;
			q->skip_met[k] = true;
		}
	for (size_t k = 0; k < q->nhosts && !q->hostcol[c]; k++)
		if (!strcmp(q->hosts[k].table, q->table->name) && word_is(name, q->hosts[k].column)) {
			q->hostcol[c] = (uint32_t)k + 1;
			q->host_met[k] = true;
		}
}

/* The statement's columns are the table's own, from its CREATE TABLE (an
 * INSERT or COPY without a column list): mark the skipped ones and the
 * host ones. */
static void mark_table(struct sql *q)
{
	memset(q->skipcol, 0, sizeof q->skipcol);
	memset(q->hostcol, 0, sizeof q->hostcol);
	q->ncols = 0;
	q->listed = false;
	q->list_wpcols = 0;
	if (q->table) {
		q->ncols = q->table->ncols;
		for (size_t c = 0; c < q->ncols; c++) column_rules(q, c, q->table->cols[c]);
	}
	if (q->wpt) {
		/* a column the options name keeps their rule */
		const struct sql_wptable *t = q->wpt;
		if (!q->table) q->ncols = t->ncols;
		if (t->has_domain && wordpress_shape(t->wp, t->cols) && t->domain < q->ncols) {
			q->host_met[wp_rule(q, t->wp)] = true;
			if (!q->hostcol[t->domain] && !q->skipcol[t->domain])
				q->hostcol[t->domain] = (uint32_t)wp_rule(q, t->wp) + 1;
		}
	}
}

/* A column list (INSERT's or COPY's) opens: it, not the table's order,
 * counts. */
static void list_begin(struct sql *q)
{
	q->ncols = 0;
	q->listed = true;
	q->list_wpcols = 0;
	memset(q->skipcol, 0, sizeof q->skipcol);
	memset(q->hostcol, 0, sizeof q->hostcol);
}

/* A column named in the list. */
static void list_column(struct sql *q, const char *w)
{
	if ((!q->table && !q->wpt) || q->ncols >= SQL_COLS_MAX) return;
	size_t c = q->ncols++;
	q->skipcol[c] = 0;
	q->hostcol[c] = 0;
	if (q->table) column_rules(q, c, w);
	if (q->wpt) {
		unsigned bit = wordpress_column(w);
		q->list_wpcols |= bit;
		/* a host column if the table proves WordPress's (list_end),
		 * unless the options name it */
		if (bit == WP_COL_DOMAIN && !q->hostcol[c] && !q->skipcol[c])
			q->hostcol[c] = (uint32_t)wp_rule(q, q->wpt->wp) + 1;
	}
}

/* The column list is complete: a table that may be a WordPress network's
 * is one if the list's columns, or its CREATE TABLE's, are WordPress's. */
static void list_end(struct sql *q)
{
	if (!q->wpt) return;
	size_t rule = wp_rule(q, q->wpt->wp);
	bool wp = wordpress_shape(q->wpt->wp, q->wpt->cols | q->list_wpcols);
	if (wp) q->host_met[rule] = true;
	for (size_t c = 0; c < q->ncols; c++)
		if (q->hostcol[c] == rule + 1 && !wp) q->hostcol[c] = 0;
}

/* Rows of a table a host rule may name, and no column names for them:
 * a warning naming the table, once an input; nothing is guessed (§8.5). */
static void warn_unnamed(struct sql *q)
{
	if (q->listed || (q->table && q->table->ncols) || (q->wpt && q->wpt->ncols)) return;
	bool *warned;
	char opt[2 * SQL_NAME_MAX + 32];
	if (q->table && q->table->host) {
		warned = &q->table->warned;
		size_t k = 0;
		while (strcmp(q->hosts[k].table, q->table->name)) k++;
		snprintf(opt, sizeof opt, "--host-column=%s.%s", q->hosts[k].table, q->hosts[k].column);
	} else if (q->wpt) {
		warned = &q->wpt->warned;
		snprintf(opt, sizeof opt, "--wordpress-multisite");
	} else {
		return;
	}
	if (*warned) return;
	*warned = true;
	if (!q->c.quiet)
		diag_warn(q->c.report ? q->c.report->file : "-",
		          "table %s: no column names (no CREATE TABLE before its rows, no column list in them); %s finds no column in it",
		          q->table ? q->table->name : q->wpt->name, opt);
}

static void stmt_word(struct sql *q, const char *w)
{
	bool dot = q->dot;   /* `schema.table`: the name goes on */
	q->dot = false;
	switch (q->stmt) {
	case STMT_NONE:
		if (word_is(w, "create")) q->stmt = STMT_CREATE;
		else if (word_is(w, "insert") || word_is(w, "replace")) q->stmt = STMT_INSERT;
		else if (word_is(w, "copy") && q->dialect == DIALECT_POSTGRES) { q->stmt = STMT_COPY; q->copy_stdin = false; }
		break;
	case STMT_CREATE_NAME:
		if (dot) stmt_table(q, w, true);
		break;
	case STMT_COPY:
		stmt_table(q, w, false);
		mark_table(q);
		q->stmt = STMT_COPY_NAME;
		break;
	case STMT_COPY_NAME:
		/* after FROM (or TO) a parenthesis holds options, no columns */
		if (dot) {
			stmt_table(q, w, false);
			mark_table(q);
		} else if (word_is(w, "from") || word_is(w, "to")) {
			q->stmt = STMT_COPY_FROM;
		}
		break;
	case STMT_COPY_FROM:
		if (word_is(w, "stdin")) q->copy_stdin = true;
		break;
	case STMT_COPY_COLS:
		list_column(q, w);
		break;
	case STMT_CREATE:
		if (word_is(w, "table")) q->stmt = STMT_CREATE_TABLE;
		else if (!word_is(w, "temporary")) q->stmt = STMT_NONE;
		break;
	case STMT_CREATE_TABLE:
		if (word_is(w, "if") || word_is(w, "not") || word_is(w, "exists")) break;
		stmt_table(q, w, true);
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
			if (!key && q->wpt && q->wpt->ncols < SQL_COLS_MAX) {
				unsigned bit = wordpress_column(w);
				if (bit == WP_COL_DOMAIN) {
					q->wpt->domain = q->wpt->ncols;
					q->wpt->has_domain = true;
				}
				q->wpt->cols |= bit;
				q->wpt->ncols++;
			}
			q->item_start = false;
		}
		break;
	case STMT_INSERT:
		if (word_is(w, "into") || word_is(w, "ignore") || word_is(w, "low_priority") || word_is(w, "delayed") ||
		    word_is(w, "high_priority"))
			break;
		stmt_table(q, w, false);
		mark_table(q);
		q->stmt = STMT_INSERT_NAME;
		break;
	case STMT_INSERT_NAME:
		if (dot) {
			stmt_table(q, w, false);
			mark_table(q);
		} else if (word_is(w, "values") || word_is(w, "value")) {
			warn_unnamed(q);
			q->stmt = STMT_VALUES;
			q->depth = 0;
		}
		break;
	case STMT_INSERT_COLS:
		list_column(q, w);
		break;
	default:
		break;
	}
}

static void stmt_punct(struct sql *q, unsigned char c)
{
	if (c == ';') {
		/* COPY … FROM stdin: its rows start on the next line */
		q->copy_rows = q->stmt == STMT_COPY_FROM && q->copy_stdin;
		if (q->copy_rows) warn_unnamed(q);
		q->stmt = STMT_NONE;
		return;
	}
	switch (q->stmt) {
	case STMT_COPY_NAME:
	case STMT_INSERT_NAME:   /* a column list may follow the table's name */
		if (c == '(') {
			q->stmt = q->stmt == STMT_COPY_NAME ? STMT_COPY_COLS : STMT_INSERT_COLS;
			list_begin(q);
		}
		break;
	case STMT_COPY_COLS:
	case STMT_INSERT_COLS:
		if (c == ')') {
			list_end(q);
			q->stmt = q->stmt == STMT_COPY_COLS ? STMT_COPY_NAME : STMT_INSERT_NAME;
		}
		break;
	case STMT_CREATE_NAME:
		if (c == '(') { q->stmt = STMT_CREATE_COLS; q->depth = 1; q->item_start = true; }
		break;
	case STMT_CREATE_COLS:
		if (c == '(') q->depth++;
		else if (c == ')' && --q->depth == 0) q->stmt = STMT_NONE;
		else if (c == ',' && q->depth == 1) q->item_start = true;
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
/* SQLite: the last bytes of normal text, where a literal's replace( or
 * unistr( wrapper is read from. */
static __attribute__((noinline)) void note_tail(struct sql *q, const unsigned char *p, size_t n)
{
	if (n >= sizeof q->tail) {
		memcpy(q->tail, p + n - sizeof q->tail, sizeof q->tail);
		q->tail_len = sizeof q->tail;
	} else {
		size_t keep = q->tail_len + n > sizeof q->tail ? sizeof q->tail - n : q->tail_len;
		memmove(q->tail, q->tail + q->tail_len - keep, keep);
		memcpy(q->tail + keep, p, n);
		q->tail_len = keep + n;
	}
}

static void note_normal(struct sql *q, const unsigned char *p, size_t n)
{
	if (!q->track) {
		/* without --skip-column only the word before a quote is
		 * followed, and a byte that is neither a word byte nor white space
		 * ends it whatever came before (word_len 0, after_binary false):
		 * the bytes up to the last such byte need no look */
		size_t m = n;
		while (m > 0 && (is_word_byte(p[m - 1]) || ascii_space_c(p[m - 1]))) m--;
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
			if (q->track) ident_put(q, c);
		} else {
			if (q->word_len) {
				q->after_binary = q->word_len == 7 && memcmp(q->word, "_binary", 7) == 0;
				q->word_len = 0;
			}
			if (!ascii_space_c(c)) q->after_binary = false;
			if (q->track) {
				ident_done(q);
				if (c == '(' || c == ')' || c == ',' || c == ';') stmt_punct(q, c);
				/* `schema`.`name`: the quote opening the name keeps the dot */
				if (!ascii_space_c(c) && c != '"' && c != '`') q->dot = c == '.';
			}
		}
	}
}

static bool tail_ends(const struct sql *q, const char *lit)
{
	size_t k = strlen(lit);
	return q->tail_len >= k && strncasecmp((const char *)q->tail + q->tail_len - k, lit, k) == 0;
}

static inline __attribute__((always_inline)) void body_begin(struct sql *q, unsigned char quote, uint64_t body_off, bool binary)
{
	q->word_len = 0;
	q->after_binary = false;
	q->quote = quote;
	q->binary = binary;
	q->oversize = false;
	hold_start(&q->body, body_off, &q->c.lp);
}

/* How a literal of PostgreSQL or SQLite is escaped, and SQLite's wrapper
 * around it (§8.3). */
static __attribute__((noinline)) void literal_dialect(struct sql *q, bool word1)
{
	q->lit = q->dialect == DIALECT_POSTGRES && word1 && q->word[0] == 'e' ? LIT_ESCAPE : LIT_STD;
	if (q->dialect == DIALECT_SQLITE) {
		/* sqlite3 writes a string holding CR or LF as
		 * replace('…','\n',char(10)), nested for both (§8.3) */
		if (tail_ends(q, "replace(replace(")) q->wrap_depth = 2;
		else if (tail_ends(q, "replace(")) q->wrap_depth = 1;
		else if (tail_ends(q, "unistr(")) q->wrap_depth = -1;
		q->tail_len = 0;
	}
}

static inline __attribute__((always_inline)) void literal_begin(struct sql *q, unsigned char quote, uint64_t body_off)
{
	/* `_binary'x'` has no space: the word ends at the quote itself; so
	 * do X'…' and B'…' (hex and bit strings: SQLite blobs) and E'…'. */
	bool word1 = q->word_len == 1 && !q->after_binary;
	bool binary = q->after_binary || (q->word_len == 7 && memcmp(q->word, "_binary", 7) == 0) ||
	              (word1 && (q->word[0] == 'x' || q->word[0] == 'b'));
	/* --check searches a binary literal as any other: a file is not
	 * clean while an origin is left in one (§10.6) */
	if (binary && q->c.report && q->c.report->opt.check) binary = false;
	q->lit = LIT_MYSQL;
	q->wrap_depth = 0;
	if (q->dialect != DIALECT_MYSQL) literal_dialect(q, word1);
	if (q->track) {
		ident_done(q);
		/* a value of a --skip-column column passes through like binary
		 * data; a value of the row is in its parentheses, and in those of
		 * sqlite3's replace( or unistr( around it (§8.3) */
		int around = q->wrap_depth > 0 ? q->wrap_depth : q->wrap_depth < 0 ? 1 : 0;
		q->host_rule = 0;
		if (q->stmt == STMT_VALUES && q->depth == 1 + around && q->col < q->ncols) {
			if (q->skipcol[q->col]) binary = true;
			else q->host_rule = q->hostcol[q->col];   /* a --host-column value (§8.5) */
		}
	}
	body_begin(q, quote, body_off, binary);
	q->state = SQL_LITERAL;
}

/* A field of a COPY row starts (§8.3), read in place from src where
 * it lies in the chunk being fed (else NULL). */
static void field_begin(struct sql *q, uint64_t body_off, const unsigned char *src)
{
	q->lit = LIT_COPY;
	q->wrap_depth = 0;
	bool binary = q->col < q->ncols && q->skipcol[q->col];
	q->host_rule = !binary && q->col < q->ncols ? q->hostcol[q->col] : 0;
	body_begin(q, 0, body_off, binary);
	if (!binary) q->body.src = src;
}

/* The temporary file failed under a body already given to it. */
static _Noreturn void spill_failed(const struct sql *q)
{
	spill_fail(&q->spill, q->c.report ? q->c.report->file : "-", "string literal", q->body.start);
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
	/* a body inside sqlite3's replace( is decoded whole (§8.3): not
	 * from the file */
	enum framer_over r = framer_core_over_cap(&q->c, &q->body, &q->spill, q->wrap_depth == 0, "string literal",
	                                          SURFACE_SQL_STRING, SQL_VALUE_CAP, NULL, 0,
	                                          ", serialized lengths not repaired");
	q->spilling = r == FRAMER_OVER_SPILLED;
	q->over_untouched = r == FRAMER_OVER_UNTOUCHED;
}

static void body_put_held(struct sql *q, const unsigned char *p, size_t n);

/* The body read in place so far goes on past the chunk: held in q->body. */
static void body_hold(struct sql *q)
{
	const unsigned char *src = q->body.src;
	size_t n = q->body.len;
	q->body.src = NULL;
	q->body.len = 0;
	if (n) body_put_held(q, src, n);
}

/* Bytes of the literal body, which follow the ones before. */
static void body_put(struct sql *q, const unsigned char *p, size_t n)
{
	if (!n) return;
	if (q->body.src) {
		if (p == q->body.src + q->body.len && q->body.len + n <= SQL_VALUE_CAP) { q->body.len += n; return; }
		body_hold(q);
	}
	body_put_held(q, p, n);
}

static void body_put_held(struct sql *q, const unsigned char *p, size_t n)
{
	if (q->binary) { window_protected(&q->c.w, p, n); return; }
	if (!q->oversize && q->body.len + n > SQL_VALUE_CAP) go_oversize(q);
	if (q->oversize) {
		framer_core_over_bytes(&q->c, q->spilling, q->over_untouched, &q->spill, &q->body, "string literal", p, n);
		q->body.len += n;
		return;
	}
	hold_copy(&q->body, p, n, SQL_VALUE_CAP);
}

/* A body held in the temporary file is complete: rewritten where the file
 * is mapped, its pages given back as the pipeline reads on (§11.2). */
static __attribute__((noinline)) void spilled_done(struct sql *q, const struct value_opts *o)
{
	q->spilling = false;
	const unsigned char *b = spill_map(&q->spill);
	if (!b) spill_failed(q);
	q->spilled = b;
	value_set_release(&q->c.vp, spill_release_cb, &q->spill);
	value_write(&q->c.vp, b, (size_t)q->spill.len, q->body.start, o, &q->c.w, false);
	value_set_release(&q->c.vp, NULL, NULL);
	q->spilled = NULL;
	spill_end(&q->spill);
}

/* The serialized spellings of the literal's escaping (§7.3, §8.3). */
static unsigned lit_spellings(const struct sql *q)
{
	if (!q->c.spellings) return 0;
	switch (q->lit) {
	case LIT_STD: return SER_SET(SER_SQLSTD);
	case LIT_COPY: return SER_SET(SER_COPY);
	case LIT_ESCAPE: return SER_SET(SER_PGESC);
	default:
		/* serialized quotes written `\"` (mysqldump), or raw `"` inside a
		 * single-quoted literal, or `\\\"` in a JSON string in the
		 * literal (a JSON column, §7.3) */
		return SER_SET(SER_SQL) | (q->quote == '\'' ? SER_SET(SER_SQLRAW) : 0) | SER_SET(SER_SQLJSON);
	}
}

/* A held body that passes untouched (no origin in it rewritten, by this
 * pass or the sweep) and is reported, with why (§7.5). */
static void body_untouched(struct sql *q, const unsigned char *b, size_t n, const char *why)
{
	if (q->c.report) {
		if (!q->c.quiet)
			diag_warn(q->c.report->file, "the string literal at offset %llu %s; it passes untouched", (unsigned long long)q->body.start, why);
		struct report_event re = { .offset = q->body.start, .action = ACTION_SKIPPED,
		                           .reason = REASON_SERIALIZED_UNTOUCHED, .surface = SURFACE_SQL_STRING,
		                           .text = b, .text_len = n < 64 ? n : 64 };
		if (q->c.lp.on) { re.line = q->body.lines + 1; re.column = (size_t)(q->body.start - q->body.line_start) + 1; }
		report_add(q->c.report, &re);
	}
	window_protected(&q->c.w, b, n);
}

/* ---- --host-column (§8.5) ---------------------------------------------- */

/* The rule's option and the value's table and column, for a message. */
static void host_rule_name(const struct sql *q, char *buf, size_t cap)
{
	size_t k = q->host_rule - 1;
	if (k < q->nhosts)
		snprintf(buf, cap, "--host-column=%s.%s", q->hosts[k].table, q->hosts[k].column);
	else
		snprintf(buf, cap, "--wordpress-multisite (%s.%s)", q->wpt ? q->wpt->name : "?", WORDPRESS_HOST_COLUMN);
}

/* An event of a host column's value, on surface sql-host. */
static void host_event(struct sql *q, const unsigned char *b, size_t n, enum action a, enum reason why)
{
	if (!q->c.report) return;
	struct report_event re = { .offset = q->body.start, .action = a, .reason = why, .surface = SURFACE_SQL_HOST,
	                           .text = b, .text_len = n < REPORT_TEXT_MAX ? n : REPORT_TEXT_MAX };
	if (q->c.lp.on) { re.line = q->body.lines + 1; re.column = (size_t)(q->body.start - q->body.line_start) + 1; }
	report_add(q->c.report, &re);
}

/* Values of host columns warned about, an input: more are counted (-s) */
#define SQL_HOST_WARNINGS 20

/* A host column's value that holds a canonical host is not rewritten as
 * one: said, with its first bytes. */
static void host_warn(struct sql *q, const unsigned char *b, size_t n, const char *why)
{
	if (q->c.quiet || !q->c.report) return;
	const char *file = q->c.report->file;
	if (++q->host_warnings > SQL_HOST_WARNINGS) {
		if (q->host_warnings == SQL_HOST_WARNINGS + 1)
			diag_warn(file, "more host-column values are not rewritten; -s counts them (not-a-host, host-not-in-map)");
		return;
	}
	char rule[2 * SQL_NAME_MAX + 48], shown[4 * 64 + 1];
	host_rule_name(q, rule, sizeof rule);
	size_t k = 0;
	for (size_t i = 0; i < n && i < 64; i++) {
		if (b[i] < 0x20 || b[i] == 0x7f) k += (size_t)snprintf(shown + k, sizeof shown - k, "\\x%02x", b[i]);
		else shown[k++] = (char)b[i];
	}
	shown[k] = 0;
	diag_warn(file, "%s: the value at offset %llu %s; it is not rewritten as a host: %s", rule,
	          (unsigned long long)q->body.start, why, shown);
}

/* A host column's value that is no host: reported if a canonical host is
 * in it. */
static void host_other(struct sql *q, const unsigned char *b, size_t n)
{
	if (!hostvalue_contains(q->c.pt, b, n)) return;
	host_event(q, b, n, ACTION_SKIPPED, REASON_NOT_A_HOST);
	host_warn(q, b, n, "holds a canonical host but is not one host[:port]");
}

/* The value's bytes as the database reads them, each one a host[:port]
 * may hold, into out: the literal's escapes undone (§8.3). (size_t)-1
 * where an escape stands for another byte, or a byte is one no host holds,
 * or the value is longer than cap. */
static size_t host_decode(const struct sql *q, const unsigned char *b, size_t n, unsigned char *out, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = b[i];
		if (c == '\\' && q->lit != LIT_STD) {
			if (++i == n) return (size_t)-1;
			c = b[i];
			if (q->lit == LIT_MYSQL) {
				/* \0 \b \n \r \t \Z are controls; MySQL keeps the backslash
				 * of \% and \_; any other byte stands for itself */
				if (!c || strchr("0bnrtZ%_", c)) return (size_t)-1;
			} else if (c >= '0' && c <= '7') {
				/* COPY's and E'…''s octal and hex escapes */
				unsigned v = 0;
				size_t k = 0;
				for (; k < 3 && i + k < n && b[i + k] >= '0' && b[i + k] <= '7'; k++) v = v * 8 + (unsigned)(b[i + k] - '0');
				i += k - 1;
				c = (unsigned char)v;
			} else if (c == 'x' && i + 1 < n && ascii_hex(b[i + 1]) >= 0) {
				unsigned v = (unsigned)ascii_hex(b[++i]);
				if (i + 1 < n && ascii_hex(b[i + 1]) >= 0) v = v * 16 + (unsigned)ascii_hex(b[++i]);
				c = (unsigned char)v;
			} else if (!c || strchr("bfnrtvN", c)) {
				return (size_t)-1;   /* controls, and COPY's NULL */
			}
		}
		if (!ascii_host(c) && c != ':' && c != '[' && c != ']') return (size_t)-1;
		if (o == cap) return (size_t)-1;
		out[o++] = c;
	}
	return o;
}

/* A host column's complete value: exactly a canonical host[:port] in the
 * literal's escaping, it is written as the variant's (true); any other
 * goes on as every value does (false), and is reported if it holds a
 * canonical host. */
static bool host_value(struct sql *q, const unsigned char *b, size_t n)
{
	unsigned char dec[HOSTVALUE_MAX];
	size_t dn = host_decode(q, b, n, dec, sizeof dec);
	struct slice repl = { NULL, 0 };
	enum hostvalue_result r = dn == (size_t)-1 ? HOSTVALUE_NONE : hostvalue_match(q->c.pt, dec, dn, &repl);
	switch (r) {
	case HOSTVALUE_REWRITE:
		host_event(q, b, n, ACTION_REWROTE, REASON_NONE);
		/* (the structured pass decided it: the sweep leaves it, §6.4) */
		window_protected_replace(&q->c.w, repl.p, repl.n, q->body.start + n, n);
		return true;
	case HOSTVALUE_IDENTITY:
		host_event(q, b, n, ACTION_SKIPPED, REASON_IDENTITY_MAP);
		return false;
	case HOSTVALUE_NO_PAIR:
		host_event(q, b, n, ACTION_SKIPPED, REASON_HOST_NOT_IN_MAP);
		host_warn(q, b, n, "names a canonical host with a port no pair of the map has");
		return false;
	default:
		host_other(q, b, n);
		return false;
	}
}

/* The body is complete (its closing quote, or the end of input). */
static void literal_done(struct sql *q)
{
	if (q->binary) return;
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_SQL_STRING, .sql = true,
	                        .spellings = lit_spellings(q) };
	if (q->oversize) {
		if (q->spilling) spilled_done(q, &o);
		else if (!q->over_untouched) window_end(&q->c.w);
		return;
	}
	const unsigned char *b = hold_data(&q->body);
	if (q->host_rule && host_value(q, b, q->body.len)) return;
	if (q->wrap_depth < 0 && o.spellings && serialized_gate(b, q->body.len)) {
		body_untouched(q, b, q->body.len, "may hold serialized data inside unistr(), whose escapes are not measured");
		return;
	}
	if (q->body.len) value_write(&q->c.vp, b, q->body.len, q->body.start, &o, &q->c.w, q->body.src != NULL);
}

/* ---- SQLite's replace('…','\n',char(10)) (§8.3) ------------------------ */

/* The first tok[0..tl) in b[0..n), or NULL (tl > 0). */
static const unsigned char *find(const unsigned char *b, size_t n, const unsigned char *tok, size_t tl)
{
	for (size_t i = 0; tl <= n && i <= n - tl; i++) {
		const unsigned char *f = memchr(b + i, tok[0], n - tl + 1 - i);
		if (!f) return NULL;
		i = (size_t)(f - b);
		if (memcmp(f, tok, tl) == 0) return f;
	}
	return NULL;
}

/* Every `tok` in b[0..n) replaced by the byte c, as replace() reads it:
 * left to right, the occurrences not overlapping. */
static void replace_all(struct buf *out, const unsigned char *b, size_t n, const unsigned char *tok, size_t tl,
                        const unsigned char *with, size_t wl)
{
	out->len = 0;
	size_t i = 0;
	while (i < n) {
		const unsigned char *f = find(b + i, n - i, tok, tl);
		size_t e = f ? (size_t)(f - b) : n;
		buf_put_or_die(out, b + i, e - i);
		if (!f) break;
		buf_put_or_die(out, with, wl);
		i = e + tl;
	}
}

/* Where a byte of the decoded body lies in the body as written (check
 * mode's positions): the decoded bytes before it, each token counted as
 * its source. */
static void wrapped_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct sql *q = ctx;
	size_t d = (size_t)(off - q->body.start), src = 0;
	const unsigned char *b = q->dec.p;
	for (size_t i = 0; i < d && i < q->dec.len; i++) {
		src++;
		for (int k = 0; k < q->wrap_depth; k++)
			if (b[i] == q->wrap_char[k]) src += q->wrap_toklen[k] - 1;
	}
	*line = q->body.lines + 1;
	*column = (size_t)(q->body.start + src - q->body.line_start) + 1;
}

/* The body and its wrapper are complete: the body decoded (each token the
 * byte it stands for), rewritten as a value, and the tokens put back. */
static void wrapped_done(struct sql *q)
{
	const unsigned char *b = hold_data(&q->body);
	size_t n = q->body.len;
	if (q->host_rule) host_other(q, b, n);   /* a line end is in it: no host (§8.5) */
	const unsigned char *tok[2];
	size_t tl[2];
	for (int k = 0; k < q->wrap_depth; k++) { tok[k] = q->wrap + q->wrap_tokat[k]; tl[k] = q->wrap_toklen[k]; }
	/* decoded as the SQL reads it: the inner replace( first */
	replace_all(&q->dec, b, n, tok[0], tl[0], &q->wrap_char[0], 1);
	if (q->wrap_depth == 2) {
		replace_all(&q->enc, q->dec.p, q->dec.len, tok[1], tl[1], &q->wrap_char[1], 1);
		q->dec.len = 0;
		buf_put_or_die(&q->dec, q->enc.p, q->enc.len);
	}
	/* it must come back to the very bytes written (sqlite3 picks tokens
	 * the string does not hold), else it is not the wrapper we know */
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) ok = b[i] != q->wrap_char[0] && (q->wrap_depth < 2 || b[i] != q->wrap_char[1]);
	unsigned sp = lit_spellings(q);
	if (!ok) {
		if (sp && serialized_gate(b, n)) body_untouched(q, b, n, "holds the byte its replace() stands for");
		else window_verbatim(&q->c.w, b, n);
		return;
	}
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_SQL_STRING, .sql = true, .spellings = sp };
	q->cap.len = 0;
	window_reset(&q->cw);
	value_set_position(&q->c.vp, wrapped_position, q);
	value_write(&q->c.vp, q->dec.p, q->dec.len, q->body.start, &o, &q->cw, false);
	window_flush(&q->cw);
	value_set_position(&q->c.vp, body_position, q);
	if (q->cap.len == q->dec.len && memcmp(q->cap.p, q->dec.p, q->dec.len) == 0) {
		window_protected(&q->c.w, b, n);   /* unchanged: as written */
		return;
	}
	/* the tokens back; a token the rewrite made would read as a newline */
	for (int k = 0; k < q->wrap_depth; k++)
		if (find(q->cap.p, q->cap.len, tok[k], tl[k])) {
			body_untouched(q, b, n, "would hold its replace() token once rewritten");
			return;
		}
	const unsigned char *src = q->cap.p;
	size_t sn = q->cap.len;
	for (int k = q->wrap_depth - 1; k >= 0; k--) {
		struct buf *to = k == q->wrap_depth - 1 ? &q->enc : &q->dec;
		replace_all(to, src, sn, &q->wrap_char[k], 1, tok[k], tl[k]);
		src = to->p;
		sn = to->len;
	}
	window_protected_replace(&q->c.w, src, sn, q->body.start + n, n);
}

/* The bytes held after a body inside replace(: `,'TOK',char(N))` once
 * per replace(, parsed again as each byte comes (the last held byte is the
 * new one). Returns 1 when complete, 0 for more, -1 where they are not
 * sqlite3's wrapper, at the new byte; then *lit_at is where the body of a
 * literal the held bytes have opened starts (0: none, the new byte is
 * read again as normal text). */
static int wrap_parse(struct sql *q, size_t *lit_at)
{
	static const char shape[] = ",'?',char(#))";
	const unsigned char *w = q->wrap;
	size_t n = q->wrap_len, i = 1;   /* wrap[0] is the body's closing quote */
	*lit_at = 0;
	for (int level = 0; level < q->wrap_depth; level++) {
		for (const char *s = shape; *s; s++) {
			if (i >= n) return 0;
			if (*s == '?') {
				/* the token: a short literal with no quote in it */
				size_t st = i;
				while (i < n && w[i] != '\'' && i - st <= 24) i++;
				if (i - st > 24) { *lit_at = st; return -1; }
				if (i + 1 >= n) return 0;   /* a quote, doubled or not */
				if (w[i + 1] == '\'' || i == st) {
					*lit_at = st;   /* a doubled quote, or an empty literal */
					return i == st && w[i + 1] != '\'' ? (*lit_at = 0, -1) : -1;
				}
				q->wrap_tokat[level] = st;
				q->wrap_toklen[level] = i - st;   /* its closing quote is the shape's next */
			} else if (*s == '#') {
				size_t st = i;
				unsigned v = 0;
				while (i < n && w[i] >= '0' && w[i] <= '9' && i - st < 3) v = v * 10 + (unsigned)(w[i++] - '0');
				if (i >= n) return 0;
				if (i == st || (v != 10 && v != 13)) return -1;
				/* one byte for both replace( is no shape sqlite3
				 * writes: its tokens could not be put back apart */
				if (level == 1 && v == q->wrap_char[0]) return -1;
				q->wrap_char[level] = (unsigned char)v;
			} else {
				bool letter = *s >= 'a' && *s <= 'z';
				if (w[i] != (unsigned char)*s && !(letter && (w[i] | 0x20) == (unsigned char)*s)) return -1;
				i++;
			}
		}
	}
	return 1;
}

/* ---- the main loop ------------------------------------------------------ */

/* Bytes that end a verbatim run of normal text, by dialect: MySQL's
 * quotes, backticks and comments; PostgreSQL's (no `#` comments, `"` an
 * identifier), its dollar quotes and the `;` that may end a COPY
 * statement; SQLite's. */
static const unsigned char special_mysql[256] = { ['\''] = 1, ['"'] = 1, ['`'] = 1, ['#'] = 1, ['-'] = 1, ['/'] = 1 };
static const unsigned char special_pg[256] = { ['\''] = 1, ['"'] = 1, ['-'] = 1, ['/'] = 1, ['$'] = 1, [';'] = 1 };
static const unsigned char special_sqlite[256] = { ['\''] = 1, ['"'] = 1, ['`'] = 1, ['-'] = 1, ['/'] = 1 };

static bool tag_byte(unsigned char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80 || (!first && c >= '0' && c <= '9');
}

/* The wrapper's held bytes wrap[0..upto) go out after the body,
 * verbatim; the statement tracking is told of them but the tokens. */
static void wrap_flush(struct sql *q, size_t upto)
{
	window_verbatim(&q->c.w, q->wrap, upto);
	for (size_t j = 1; j < upto; j++) {
		bool tok = false;
		for (int k = 0; k < 2; k++)
			tok |= q->wrap_toklen[k] && j + 1 >= q->wrap_tokat[k] && j <= q->wrap_tokat[k] + q->wrap_toklen[k];
		if (!tok) {
			note_normal(q, q->wrap + j, 1);
			note_tail(q, q->wrap + j, 1);
		}
	}
}

/* The rest of the line at i goes out as it is; at its newline the state
 * becomes next. Returns where the line (or the chunk) ends. */
static size_t verbatim_line(struct sql *q, const unsigned char *p, size_t i, size_t n, enum sql_state next)
{
	const unsigned char *nl = memchr(p + i, '\n', n - i);
	size_t end = nl ? (size_t)(nl - p) + 1 : n;
	window_verbatim_ref(&q->c.w, p + i, end - i);
	if (nl) q->state = next;
	return end;
}

/* The byte at p[i] passes as it is; returns where the next one is. */
static inline size_t byte_out(struct sql *q, const unsigned char *p, size_t i)
{
	window_verbatim_ref(&q->c.w, p + i, 1);
	return i + 1;
}

/* `--` and `#` line comments, and block comments (PostgreSQL's nest):
 * passed through as they are. Returns where the step ends. */
static __attribute__((noinline)) size_t read_comment(struct sql *q, const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];
	switch (q->state) {
	case SQL_DASH:
		if (c == '-') { i = byte_out(q, p, i); q->state = SQL_DASH_DASH; }
		else q->state = SQL_NORMAL;
		return i;
	case SQL_DASH_DASH:
		/* MySQL: `--` starts a comment only before white space or a
		 * control; elsewhere always */
		q->state = (c <= ' ' || q->dialect != DIALECT_MYSQL) ? SQL_LINE_COMMENT : SQL_NORMAL;
		return i;
	case SQL_SLASH:
		if (c == '*') { i = byte_out(q, p, i); q->comment_depth = 1; q->state = SQL_BLOCK_COMMENT; }
		else q->state = SQL_NORMAL;
		return i;
	case SQL_LINE_COMMENT:
		return verbatim_line(q, p, i, n, SQL_NORMAL);
	case SQL_BLOCK_COMMENT: {
		/* PostgreSQL's block comments nest: a '/' may open one */
		size_t end;
		if (q->dialect == DIALECT_POSTGRES) {
			end = bytescan_any3(p, i, n, '*', '/', '*');
		} else {
			const unsigned char *st = memchr(p + i, '*', n - i);
			end = st ? (size_t)(st - p) : n;
		}
		if (end < n) {
			q->state = p[end] == '*' ? SQL_BLOCK_STAR : SQL_BLOCK_SLASH;
			end++;
		}
		window_verbatim_ref(&q->c.w, p + i, end - i);
		return end;
	}
	case SQL_BLOCK_STAR:
		i = byte_out(q, p, i);
		if (c == '/') q->state = --q->comment_depth > 0 ? SQL_BLOCK_COMMENT : SQL_NORMAL;
		else q->state = c == '*' ? SQL_BLOCK_STAR : SQL_BLOCK_COMMENT;
		return i;
	default:   /* SQL_BLOCK_SLASH */
		i = byte_out(q, p, i);
		if (c == '*') { q->comment_depth++; q->state = SQL_BLOCK_COMMENT; }
		else q->state = c == '/' ? SQL_BLOCK_SLASH : SQL_BLOCK_COMMENT;
		return i;
	}
}

/* A PostgreSQL dollar quote (§8.3): its $tag$, its body passed through
 * as it is, and its closing $tag$. Returns where the step ends. */
static __attribute__((noinline)) size_t read_dollar(struct sql *q, const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];
	switch (q->state) {
	case SQL_DOLLAR_OPEN:
		/* $tag$: a tag is a name (not starting with a digit: `$1` is
		 * a parameter) */
		if (c == '$') { i = byte_out(q, p, i); q->dmatch = 0; q->state = SQL_DOLLAR_BODY; }
		else if (tag_byte(c, q->dtag_len == 0) && q->dtag_len < SQL_NAME_MAX) {
			i = byte_out(q, p, i);
			q->dtag[q->dtag_len++] = (char)c;
		} else {
			q->word_len = 0;
			q->state = SQL_NORMAL;   /* not a dollar quote: read c again */
		}
		return i;
	case SQL_DOLLAR_BODY: {
		const unsigned char *d = memchr(p + i, '$', n - i);
		size_t end = d ? (size_t)(d - p) + 1 : n;
		window_verbatim_ref(&q->c.w, p + i, end - i);
		if (d) { q->dmatch = 0; q->state = SQL_DOLLAR_CLOSE; }
		return end;
	}
	default:   /* SQL_DOLLAR_CLOSE */
		if (q->dmatch == q->dtag_len && c == '$') {
			i = byte_out(q, p, i);
			q->word_len = 0;
			q->after_binary = false;
			q->state = SQL_NORMAL;
		} else if (q->dmatch < q->dtag_len && c == (unsigned char)q->dtag[q->dmatch]) {
			i = byte_out(q, p, i);
			q->dmatch++;
		} else if (c == '$') {
			i = byte_out(q, p, i);
			q->dmatch = 0;   /* this '$' may open the closing tag */
		} else {
			q->state = SQL_DOLLAR_BODY;
		}
		return i;
	}
}

/* A byte after a literal inside sqlite3's replace( (§8.3): held until the
 * wrapper is read whole, or shown not to be one. Returns where the step
 * ends. */
static __attribute__((noinline)) size_t read_wrap(struct sql *q, const unsigned char *p, size_t i)
{
	q->wrap[q->wrap_len++] = p[i];
	size_t lit_at;
	int r = wrap_parse(q, &lit_at);
	if (r == 0 && q->wrap_len < SQL_WRAP_MAX) return i + 1;
	if (r == 1) {
		wrapped_done(q);
		wrap_flush(q, q->wrap_len);
		q->state = SQL_NORMAL;
		return i + 1;
	}
	/* not the wrapper: the body is a plain literal, and the held
	 * bytes are read as they are */
	q->wrap_depth = 0;
	literal_done(q);
	if (lit_at) {
		/* they opened a literal: it goes on */
		wrap_flush(q, lit_at);
		uint64_t at = q->body.start + q->body.len + lit_at;
		size_t k = q->wrap_len - lit_at;
		literal_begin(q, '\'', at);
		body_put(q, q->wrap + lit_at, k);
		q->state = SQL_LITERAL;
		return i + 1;
	}
	wrap_flush(q, q->wrap_len - 1);
	q->state = SQL_NORMAL;   /* p[i] is read again */
	return i;
}

/* The rows of PostgreSQL's COPY ... FROM stdin (§8.3): tab-separated
 * fields with backslash escapes, each a literal body, to the `\.` line.
 * Returns where the step ends. */
static __attribute__((noinline)) size_t read_copy(struct sql *q, const unsigned char *p, size_t i,
                                                               size_t n)
{
	unsigned char c = p[i];
	switch (q->state) {
	case SQL_COPY_HEAD:
		return verbatim_line(q, p, i, n, SQL_COPY_BOL);
	case SQL_COPY_BOL:
		q->col = 0;
		if (c == '\\') {
			q->state = SQL_COPY_END1;   /* held: `\.` ends the rows */
			return i + 1;
		}
		field_begin(q, q->c.lp.chunk_off + i, p + i);
		q->state = SQL_COPY_FIELD;
		return i;
	case SQL_COPY_END1:
		if (c == '.') { q->state = SQL_COPY_END2; return i + 1; }
		field_begin(q, q->c.lp.chunk_off + i - 1, NULL);
		body_put(q, (const unsigned char *)"\\", 1);
		q->state = SQL_COPY_FIELD_ESC;
		return i;
	case SQL_COPY_END2:
		if (c == '\n') {
			window_verbatim(&q->c.w, (const unsigned char *)"\\.\n", 3);
			q->state = SQL_NORMAL;
			return i + 1;
		}
		field_begin(q, q->c.lp.chunk_off + i - 2, NULL);
		body_put(q, (const unsigned char *)"\\.", 2);
		q->state = SQL_COPY_FIELD;
		return i;
	default: {   /* SQL_COPY_FIELD: to a tab or a line end that no backslash escapes */
		size_t k = bytescan_any3(p, i, n, '\t', '\n', '\\');
		if (k > i) body_put(q, p + i, k - i);
		i = k;
		if (i == n) return i;
		c = p[i];
		if (c == '\\') {
			body_put(q, p + i, 1);
			q->state = SQL_COPY_FIELD_ESC;
			return i + 1;
		}
		literal_done(q);
		i = byte_out(q, p, i);
		if (c == '\t') {
			q->col++;
			field_begin(q, q->c.lp.chunk_off + i, p + i);
		} else {
			q->state = SQL_COPY_BOL;
		}
		return i;
	}
	}
}

static void sql_feed(void *self, const unsigned char *p, size_t n)
{
	struct sql *q = self;
	framer_core_chunk_begin(&q->c, p);
	const unsigned char *special = q->dialect == DIALECT_POSTGRES ? special_pg
	                               : q->dialect == DIALECT_SQLITE ? special_sqlite : special_mysql;
	size_t i = 0;
	while (i < n) {
		unsigned char c = p[i];
		switch (q->state) {
		case SQL_NORMAL: {
			size_t k = i;
			while (k < n && !special[p[k]]) k++;
			window_verbatim_ref(&q->c.w, p + i, k - i);
			note_normal(q, p + i, k - i);
			if (q->dialect == DIALECT_SQLITE) note_tail(q, p + i, k - i);
			i = k;
			if (i == n) break;
			c = p[i];
			if (c == '\'' || (c == '"' && q->dialect == DIALECT_MYSQL)) {
				window_verbatim_ref(&q->c.w, p + i, 1);
				literal_begin(q, c, q->c.lp.chunk_off + i + 1);
				if (!q->binary) q->body.src = p + i + 1;   /* read in place */
			} else if (c == '$' && q->word_len) {
				/* `$` inside a name (`a$b`): part of it */
				window_verbatim_ref(&q->c.w, p + i, 1);
				note_normal(q, p + i, 1);
			} else {
				window_verbatim_ref(&q->c.w, p + i, 1);
				note_normal(q, p + i, 1);
				if (q->dialect == DIALECT_SQLITE) note_tail(q, p + i, 1);
				switch (c) {
				case '`': case '"': q->quote = c; q->state = SQL_BACKTICK; break;
				case '#': q->state = SQL_LINE_COMMENT; break;
				case '-': q->state = SQL_DASH; break;
				case '/': q->state = SQL_SLASH; break;
				case '$': q->dtag_len = 0; q->state = SQL_DOLLAR_OPEN; break;
				case ';':
					if (q->copy_rows) { q->copy_rows = false; q->state = SQL_COPY_HEAD; }
					break;
				default: break;
				}
			}
			i++;
			break;
		}
		case SQL_DASH: case SQL_DASH_DASH: case SQL_SLASH: case SQL_LINE_COMMENT:
		case SQL_BLOCK_COMMENT: case SQL_BLOCK_STAR: case SQL_BLOCK_SLASH:
			i = read_comment(q, p, i, n);
			break;
		case SQL_BACKTICK: {
			/* A doubled quote inside is two of these in a row: same result. */
			const unsigned char *bt = memchr(p + i, q->quote, n - i);
			size_t end = bt ? (size_t)(bt - p) + 1 : n;
			window_verbatim_ref(&q->c.w, p + i, end - i);
			if (q->track) for (size_t k = i; k < (bt ? end - 1 : end); k++) ident_put(q, p[k]);
			i = end;
			if (bt) {
				if (q->track) ident_done(q);   /* a `quoted` name is one word */
				q->state = SQL_NORMAL;
			}
			break;
		}
		case SQL_DOLLAR_OPEN: case SQL_DOLLAR_BODY: case SQL_DOLLAR_CLOSE:
			i = read_dollar(q, p, i, n);
			break;
		case SQL_LITERAL: {
			/* To the next unescaped quote, each backslash taking the byte
			 * after it, in one vector scan (a search per backslash would
			 * cost a call every few bytes of serialized data); a standard
			 * string has no escapes. */
			bool escaped = false;
			size_t k;
			if (q->lit == LIT_STD) {
				const unsigned char *e = memchr(p + i, q->quote, n - i);
				k = e ? (size_t)(e - p) : n;
			} else {
				k = bytescan_unescaped(p, i, n, q->quote, '\\', &escaped);
			}
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
		case SQL_COPY_FIELD_ESC:   /* the escaped byte, in a chunk after its backslash */
			body_put(q, p + i, 1);
			q->state = q->state == SQL_LITERAL_ESC ? SQL_LITERAL : SQL_COPY_FIELD;
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
			} else if (q->wrap_depth > 0 && !q->binary && !q->oversize) {
				/* inside sqlite3's replace(: its arguments first */
				q->wrap[0] = q->quote;
				q->wrap_len = 1;
				memset(q->wrap_toklen, 0, sizeof q->wrap_toklen);
				q->state = SQL_WRAP;
			} else {
				literal_done(q);
				if (i) window_verbatim_ref(&q->c.w, p + i - 1, 1);   /* the closing quote */
				else window_verbatim(&q->c.w, &q->quote, 1);
				q->state = SQL_NORMAL;
			}
			break;
		case SQL_WRAP:
			i = read_wrap(q, p, i);
			break;
		case SQL_COPY_HEAD: case SQL_COPY_BOL: case SQL_COPY_END1: case SQL_COPY_END2: case SQL_COPY_FIELD:
			i = read_copy(q, p, i, n);
			break;
		}
	}
	if (q->body.src && (q->state == SQL_LITERAL || q->state == SQL_LITERAL_ESC || q->state == SQL_LITERAL_QUOTE ||
	                    q->state == SQL_WRAP || q->state == SQL_COPY_FIELD || q->state == SQL_COPY_FIELD_ESC))
		body_hold(q);
	framer_core_chunk_end(&q->c, n);
}

static void sql_finish(void *self)
{
	struct sql *q = self;
	switch (q->state) {
	case SQL_LITERAL:
	case SQL_LITERAL_ESC:
	case SQL_COPY_FIELD:
	case SQL_COPY_FIELD_ESC:
		literal_done(q);   /* unterminated at the end of input: rewritten all the same */
		break;
	case SQL_LITERAL_QUOTE:
		literal_done(q);
		window_verbatim(&q->c.w, &q->quote, 1);
		break;
	case SQL_WRAP:
		/* the wrapper is cut by the end: the body as a plain literal */
		q->wrap_depth = 0;
		literal_done(q);
		wrap_flush(q, q->wrap_len);
		break;
	case SQL_COPY_END1:
		window_verbatim(&q->c.w, (const unsigned char *)"\\", 1);
		break;
	case SQL_COPY_END2:
		window_verbatim(&q->c.w, (const unsigned char *)"\\.", 2);
		break;
	default:
		break;
	}
	q->state = SQL_NORMAL;
	window_flush(&q->c.w);
}

const struct framer sql_framer = { sql_reset, sql_feed, sql_finish };
