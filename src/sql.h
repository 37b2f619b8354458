/* sql.h — owns the sql type (§8.1, §7): a streaming lexer for
 * mysqldump / mariadb-dump / mydumper output. Single- and double-quoted
 * literals (backslash escapes, doubled quotes) are values: each body is
 * held, up to the value cap, and goes through the value pipeline on
 * surface `sql-string` (the byte matcher with the double-escaped JSON
 * separator of dumps, and the serialized walk in its sql spelling). `--`,
 * `#` and block comments, backtick identifiers, `_binary` literals and the
 * rest pass through verbatim (the sweep still sees them). A literal over the
 * cap streams through as prose, counted once. */
#ifndef HOSTSHIFT_SQL_H
#define HOSTSHIFT_SQL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "linepos.h"
#include "offmap.h"
#include "report.h"
#include "spill.h"
#include "value.h"
#include "window.h"

#define SQL_VALUE_CAP (1u << 20)
#define SQL_NAME_MAX 64          /* MySQL identifiers */
#define SQL_COLS_MAX 256

/* --skip-column=TABLE.COLUMN (§8.4): the values of that column pass
 * through untouched, as WP-CLI's --skip-columns does. */
struct sql_skip { char table[SQL_NAME_MAX + 1], column[SQL_NAME_MAX + 1]; };

/* Where a statement is, as far as --skip-column needs to know. */
enum sql_stmt { STMT_NONE, STMT_CREATE, STMT_CREATE_TABLE, STMT_CREATE_NAME, STMT_CREATE_COLS,
                STMT_INSERT, STMT_INSERT_NAME, STMT_INSERT_COLS, STMT_VALUES };

/* The columns of a table named in a --skip-column, from its CREATE TABLE. */
struct sql_table { char name[SQL_NAME_MAX + 1]; size_t ncols; char cols[SQL_COLS_MAX][SQL_NAME_MAX + 1]; };

enum sql_state {
	SQL_NORMAL,
	SQL_DASH,             /* after '-': a comment if another '-' and white space follow */
	SQL_DASH_DASH,        /* after "--" */
	SQL_SLASH,            /* after '/': a comment if '*' follows */
	SQL_LINE_COMMENT,     /* `-- ` or `#` to the end of the line */
	SQL_BLOCK_COMMENT,    /* to the closing star-slash */
	SQL_BLOCK_STAR,       /* a '*' inside a block comment */
	SQL_BACKTICK,         /* a `quoted` identifier */
	SQL_LITERAL,          /* inside '…' or "…" */
	SQL_LITERAL_ESC,      /* after a backslash inside a literal */
	SQL_LITERAL_QUOTE     /* a quote inside a literal: doubled, or the end */
};

struct sql {
	const struct patterns *pt;
	struct report *report;
	struct window w;
	struct value vp;
	bool quiet;
	unsigned spellings;           /* 0: --no-serialized */

	enum sql_state state;
	uint64_t in_off;              /* input offset of the next byte */
	unsigned char quote;          /* the literal's quote */
	bool binary;                  /* a `_binary` literal: passed through */
	bool oversize;                /* the literal went over the cap: it streams */
	bool over_untouched;          /* ... and may hold serialized data: it passes untouched (§7.5) */
	bool spilling;                /* ... or is held in the temporary file, to be repaired (§11.2) */
	struct spill spill;
	const unsigned char *spilled; /* the held body where the file is mapped, while it is rewritten */
	size_t pos_at, pos_count, pos_lastnl;   /* check mode: body_position's last count */
	uint64_t body_start;          /* input offset of the literal's body */
	const unsigned char *body_src;   /* the literal body in the chunk being fed (read in place), or NULL: in body */
	unsigned char *body;
	size_t body_len, body_cap;

	/* `_binary` introducer detection in normal text */
	char word[8];
	size_t word_len;              /* > 7: not a word we look for */
	bool after_binary;            /* `_binary` then only white space */

	/* --skip-column */
	const struct sql_skip *skips;
	size_t nskips;
	struct sql_table *tables;     /* one per distinct table in skips */
	size_t ntables;
	enum sql_stmt stmt;
	int depth;                    /* parentheses in the statement */
	bool item_start;              /* CREATE TABLE: at the start of a column definition */
	struct sql_table *table;      /* the statement's table, if it is one of ours */
	size_t col;                   /* VALUES: the column of the current value */
	size_t ncols;                 /* the INSERT's columns */
	unsigned char skipcol[SQL_COLS_MAX];
	char ident[SQL_NAME_MAX + 1];
	size_t ident_len;             /* > SQL_NAME_MAX: too long to be a name */

	struct linepos lp;            /* check mode: input line positions */
	size_t body_lines;            /* and those of the literal's body */
	uint64_t body_line_start;
};

void sql_init(struct sql *q, const struct patterns *pt, struct sink out, struct report *rep, bool quiet,
              unsigned spellings);
void sql_free(struct sql *q);
/* The --skip-column list (kept by the caller). */
void sql_set_skips(struct sql *q, const struct sql_skip *skips, size_t n);
void sql_reset(struct sql *q, struct sink out, struct offmap *marks);
void sql_feed(struct sql *q, const unsigned char *p, size_t n);
void sql_finish(struct sql *q);

#endif
