/* sql.h — owns the sql type (§8.1, §8.3, §7): a streaming lexer for
 * dumps in three dialects. MySQL / MariaDB (mysqldump, mariadb-dump,
 * mydumper): single- and double-quoted literals with backslash escapes and
 * doubled quotes. PostgreSQL (pg_dump): `'…'` standard strings (only `''`),
 * `E'…'` escape strings, `"…"` identifiers, dollar-quoted bodies, nested
 * block comments, and `COPY … FROM stdin` rows, whose tab-separated fields
 * are values in COPY's backslash escaping. SQLite (`.dump`): standard
 * strings, `X'…'` blobs, and the `replace('…','\n',char(10))` wrapper
 * sqlite3 writes around a string holding a newline. Each literal body (or
 * COPY field) is held, up to the value cap, and goes through the value
 * pipeline on surface `sql-string` with its dialect's serialized spelling.
 * Comments, identifiers, binary literals and the rest pass through
 * verbatim (the sweep still sees them). A literal over the cap streams
 * through as prose, counted once, or is held in the temporary file. */
#ifndef HOSTSHIFT_SQL_H
#define HOSTSHIFT_SQL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "filetype.h"
#include "framer.h"
#include "hold.h"
#include "linepos.h"
#include "offmap.h"
#include "report.h"
#include "spill.h"
#include "value.h"
#include "window.h"
#include "wordpress.h"

#define SQL_VALUE_CAP (1u << 20)
#define SQL_NAME_MAX 64          /* MySQL identifiers */
#define SQL_COLS_MAX 256

/* --skip-column=TABLE.COLUMN (§8.4): the values of that column pass
 * through untouched, as WP-CLI's --skip-columns does. */
struct sql_skip { char table[SQL_NAME_MAX + 1], column[SQL_NAME_MAX + 1]; };

/* --host-column=TABLE.COLUMN (§8.5): a value of that column that is
 * exactly a canonical host[:port] becomes the variant's host[:port]. */
struct sql_hostcol { char table[SQL_NAME_MAX + 1], column[SQL_NAME_MAX + 1]; };

/* Where a statement is, as far as --skip-column and --host-column need to know. */
enum sql_stmt { STMT_NONE, STMT_CREATE, STMT_CREATE_TABLE, STMT_CREATE_NAME, STMT_CREATE_COLS,
                STMT_INSERT, STMT_INSERT_NAME, STMT_INSERT_COLS, STMT_VALUES,
                STMT_COPY, STMT_COPY_NAME, STMT_COPY_COLS, STMT_COPY_FROM };

/* How a literal's body is escaped (§8.3). */
enum sql_lit { LIT_MYSQL, LIT_STD, LIT_ESCAPE, LIT_COPY };

/* The columns of a table named in a --skip-column or --host-column, from
 * its CREATE TABLE; whether a --host-column names it, and whether this
 * input's rows of it gave no column names (warned once). */
struct sql_table {
	char name[SQL_NAME_MAX + 1];
	size_t ncols;
	char cols[SQL_COLS_MAX][SQL_NAME_MAX + 1];
	bool host, warned;
};

/* A table whose name may make it a WordPress network's
 * (--wordpress-multisite, §8.5): its kind, the WordPress columns its
 * CREATE TABLE named and how many it named, where `domain` is among them,
 * and whether its rows gave no column names (warned once). Only these are
 * kept of it, for a few such tables an input. */
struct sql_wptable {
	char name[SQL_NAME_MAX + 1];
	enum wp_table wp;
	unsigned cols;
	size_t ncols, domain;
	bool has_domain, warned;
};
#define SQL_WP_TABLES 16

enum sql_state {
	SQL_NORMAL,
	SQL_DASH,             /* after '-': a comment if another '-' and white space follow */
	SQL_DASH_DASH,        /* after "--" */
	SQL_SLASH,            /* after '/': a comment if '*' follows */
	SQL_LINE_COMMENT,     /* `-- ` or `#` to the end of the line */
	SQL_BLOCK_COMMENT,    /* to the closing star-slash */
	SQL_BLOCK_STAR,       /* a '*' inside a block comment */
	SQL_BACKTICK,         /* a `quoted` identifier (or "quoted": PostgreSQL, SQLite) */
	SQL_LITERAL,          /* inside '…' or "…" */
	SQL_LITERAL_ESC,      /* after a backslash inside a literal */
	SQL_LITERAL_QUOTE,    /* a quote inside a literal: doubled, or the end */
	SQL_BLOCK_SLASH,      /* PostgreSQL: a '/' inside a block comment (a nested one if '*' follows) */
	SQL_DOLLAR_OPEN,      /* PostgreSQL: after '$': a dollar quote's tag, if '$' ends it */
	SQL_DOLLAR_BODY,      /* inside $tag$…$tag$ */
	SQL_DOLLAR_CLOSE,     /* a '$' inside it: the closing tag, if the tag and '$' follow */
	SQL_COPY_HEAD,        /* the rest of the `COPY … FROM stdin;` line */
	SQL_COPY_BOL,         /* the start of a COPY row */
	SQL_COPY_END1,        /* a row starting with a backslash: `\.` ends the rows */
	SQL_COPY_END2,        /* `\.`: the end if the line ends */
	SQL_COPY_FIELD,       /* inside a COPY field */
	SQL_COPY_FIELD_ESC,   /* after a backslash inside a COPY field */
	SQL_WRAP              /* SQLite: after a literal inside replace(: its arguments */
};

#define SQL_WRAP_MAX 96   /* `,'(\n123)',char(10))` twice, with room */

struct sql {
	struct framer_core c;         /* configuration, window (the one writer), value pipeline, line position */

	enum sql_dialect dialect;
	bool track;                   /* statements are followed: --skip-column, --host-column, or PostgreSQL's COPY */
	enum sql_state state;
	enum sql_lit lit;             /* the literal's escaping */
	int comment_depth;            /* PostgreSQL block comments nest */
	char dtag[SQL_NAME_MAX + 1];  /* a dollar quote's tag */
	size_t dtag_len, dmatch;
	bool copy_stdin, copy_rows;   /* a COPY … FROM stdin statement; its rows follow its line */
	unsigned char tail[16];       /* SQLite: the last bytes of normal text (a literal's wrapper) */
	size_t tail_len;
	int wrap_depth;               /* the literal is inside this many replace( (or -1: unistr() */
	unsigned char wrap[SQL_WRAP_MAX];   /* the body's closing quote and the wrapper's arguments, held */
	size_t wrap_len;
	size_t wrap_tokat[2], wrap_toklen[2];   /* each replace('s token, in wrap */
	unsigned char wrap_char[2];   /* and the byte it stands for */
	struct window cw;             /* a wrapped body's rewrite, captured (cap) */
	struct buf cap, dec, enc; /* its output; the body decoded; a step between */
	bool *skip_met;               /* --skip-column: which ones met their table and column */
	unsigned char quote;          /* the literal's quote */
	bool binary;                  /* a `_binary` literal: passed through */
	bool oversize;                /* the literal went over the cap: it streams */
	bool over_untouched;          /* ... and may hold serialized data: it passes untouched (§7.5) */
	bool spilling;                /* ... or is held in the temporary file, to be repaired (§11.2) */
	struct spill spill;
	const unsigned char *spilled; /* the held body where the file is mapped, while it is rewritten */
	struct hold body;             /* the literal's body (its offset and line position) */

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
	bool dot;                     /* a '.' after the last name: a schema-qualified name goes on */

	/* --host-column and --wordpress-multisite (§8.5). The host rules are
	 * the --host-column list, then with wordpress two more: the domain of
	 * a network's blogs table, and of its site table. */
	const struct sql_hostcol *hosts;
	size_t nhosts;
	bool wordpress;
	bool *host_met;               /* each rule: it met its table and column */
	struct sql_wptable *wptables; /* SQL_WP_TABLES, the ones met in this input (with wordpress) */
	size_t nwptables, wpt_next;
	struct sql_wptable *wpt;      /* the statement's table, if it may be a WordPress network's */
	bool listed;                  /* the statement names its columns */
	unsigned list_wpcols;         /* the WordPress columns it names */
	uint32_t hostcol[SQL_COLS_MAX];   /* its columns' host rule: 0, or 1 + the rule */
	uint32_t host_rule;           /* the literal's */
	unsigned host_warnings;       /* values of host columns warned about in this input */

};

void sql_init(struct sql *q, const struct framer_env *env);
void sql_free(struct sql *q);
/* The --skip-column list (kept by the caller). */
void sql_set_skips(struct sql *q, const struct sql_skip *skips, size_t n);
/* Whether --skip-column k has met its table and column in any input so far. */
bool sql_skip_met(const struct sql *q, size_t k);
/* The --host-column list (kept by the caller), and whether
 * --wordpress-multisite names its two columns too (§8.5). */
void sql_set_hosts(struct sql *q, const struct sql_hostcol *hosts, size_t n, bool wordpress);
/* Whether --host-column k has met its table and column in any input so far. */
bool sql_host_met(const struct sql *q, size_t k);
/* Whether --wordpress-multisite has met a network's table of kind t
 * (its domain column) in any input so far. */
bool sql_wordpress_met(const struct sql *q, enum wp_table t);
/* Its reset, feed and finish, as the pipeline calls every framer (framer.h). */
extern const struct framer sql_framer;

#endif
