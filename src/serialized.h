/* serialized.h — owns PHP serialize() length repair (§7): the gate, the
 * start positions, the grammar in its spellings (literal, percent, html,
 * json, jsonHTML, and this project's sql, sqlraw, sqljson, csv, sqlstd,
 * copy and pgesc spellings),
 * byte lengths as each spelling measures them, nesting to depth 32,
 * committed-header declines, the "occupies its field" check, and keeping
 * unchanged data byte-identical.
 *
 * The walk is pure: it works on one complete value buffer and calls back
 * for every run of bytes that is not serialized structure (string data,
 * and the text around values), so the caller's byte matcher rewrites those
 * runs; the walk then re-measures each changed string and gives its new
 * length. serialized_plan writes nothing: the caller keeps its changes and
 * the new lengths and writes the value out itself, in pieces (no buffer
 * of the value's size). serialized_walk builds the new value in a
 * buffer instead; it is the plan's differential oracle in the tests. */
#ifndef HOSTSHIFT_SERIALIZED_H
#define HOSTSHIFT_SERIALIZED_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

#define SERIALIZED_MAX_DEPTH 32

/* Which spellings the walk may try at a start (§7.2; tried in this order).
 * SER_SQL is for string literals of the sql type: the quote is `\"` and
 * every MySQL escape (\0 \' \" \b \n \r \t \Z \\) counts as the one byte it
 * stands for, while `\%` and `\_` count as two bytes (MySQL keeps the
 * backslash). SER_SQLRAW is for single-quoted literals whose serialized
 * quote is a raw `"` (SQLite `.dump`, `pg_dump --inserts`, fixtures written
 * by hand): the same escapes, a doubled `''` counts one byte, and a `"` is
 * one byte of data or the quote (§7.3). SER_SQLJSON is for a JSON string
 * inside a MySQL string literal (a JSON column as mysqldump writes it): the
 * quote is `\\\"` (the JSON-escaped quote, SQL-escaped) and a length
 * counts the bytes left once both layers are undone, the MySQL escapes
 * first, then the JSON escapes of what they leave (§7.3). SER_CSV is for
 * a quoted CSV field of the text type (§13.1): the quote is `""`, a `""`
 * in data is one byte, a lone `"` is no data (that reading fails) and a
 * backslash is one plain byte; the value fills the field, from right
 * after its opening `"` to right before its closing one (§7.2).
 * SER_SQLSTD is for a single-quoted literal with standard strings
 * (PostgreSQL's with standard_conforming_strings on, SQLite's; §7.3):
 * the quote is a raw `"`, a `''` in data is one byte, a lone `'` is no
 * data (that reading fails) and a backslash is one plain byte. SER_COPY
 * is for one field of a PostgreSQL COPY text-format row, between its
 * TABs (§7.3): the quote is a raw `"`, a `'` is a plain byte, and a
 * backslash escape counts as the one byte it stands for (`\\`, `\b`
 * `\f` `\n` `\r` `\t` `\v`, `\` and 1 to 3 octal digits, `\x` and 1 or
 * 2 hex digits, `\x` with no hex digit the byte `x`, `\` and any other
 * byte that byte); a lone backslash at the end cannot be measured.
 * SER_PGESC is for the body of a PostgreSQL escape string, E'...'
 * (§7.3): the quote is a raw `"`, copy's escapes count as in copy, `''`
 * and `\'` one `'` each, and `\uXXXX` and `\UXXXXXXXX` the UTF-8 bytes of
 * their code point (a surrogate pair `\uXXXX\uXXXX` 4); a lone `'`, and a
 * code point PostgreSQL refuses, cannot be measured. */
enum ser_spelling {
	SER_LITERAL, SER_PERCENT, SER_HTML, SER_JSON, SER_JSONHTML, SER_SQL, SER_SQLRAW, SER_SQLJSON, SER_CSV,
	SER_SQLSTD, SER_COPY, SER_PGESC,
	SER_SPELLING_COUNT
};

#define SER_SET(s) (1u << (s))
#define SER_SET_DEFAULT (SER_SET(SER_LITERAL) | SER_SET(SER_PERCENT) | SER_SET(SER_HTML) | SER_SET(SER_JSON) | SER_SET(SER_JSONHTML))


/* Rewrite one run of source bytes (string data, or text outside any value)
 * by appending the rewritten bytes to out. `offset` is where the run starts
 * in the walked buffer (for event offsets); `in_string` says whether the
 * run is the data of a serialized string (whose length will be repaired).
 * Must append exactly the input bytes when nothing changes. */
typedef void (*ser_rewrite_fn)(void *ctx, const unsigned char *p, size_t n, size_t offset, bool in_string,
                               struct buf *out);

enum ser_result {
	SER_NONE,      /* no serialized value here: the caller rewrites the buffer as usual */
	SER_REPAIRED,  /* out holds the whole rewritten buffer, lengths repaired */
	SER_DECLINED   /* a committed header failed to parse (§7.2): the caller
	                  leaves the value untouched and counts
	                  `serialized-untouched` (§7.5) */
};

/* §7.1: cheap superset check; false means no value can start anywhere. */
bool serialized_gate(const unsigned char *b, size_t n);

/* Walk b[0..n) (a complete value: attribute value, text segment, SQL
 * literal body, JSON string body), trying the spellings in `spellings`.
 * The structure is parsed first, on the original bytes; `rewrite` is called
 * only when the result is SER_REPAIRED, exactly once for each run of bytes
 * outside serialized structure, in order, so the caller may record events
 * from it. out (reset by the walk) then holds the whole output. On SER_NONE
 * and SER_DECLINED, out is unspecified and `rewrite` is not called, but
 * where the second pass finds the failure (a length that would go below
 * zero, or new data that cannot be measured: sqljson, csv, sqlstd, copy,
 * pgesc) at a string's close, after the runs before it went through
 * `rewrite`. */
enum ser_result serialized_walk(const unsigned char *b, size_t n, unsigned spellings,
                                ser_rewrite_fn rewrite, void *ctx, struct buf *out);

/* What serialized_plan asks of its caller, in the order of the value's
 * bytes (the runs exactly as serialized_walk would hand them to its
 * rewrite, and only when the result is SER_REPAIRED):
 *   run     rewrite the run b[offset, offset + n) (the caller keeps its
 *           changes);
 *   open    a string's (or C: payload's) length digits are b[digits,
 *           digits + ndigits); its data follows from `at`, read in
 *           spelling s (close names the same two), and strings inside it
 *           (a nested payload, §7.4) open and close before it closes;
 *   close   its data b[at, e), declared `old` bytes long, has gone
 *           through run: 0 if none of it changed (the caller forgets the
 *           string), 1 with *delta how much more the data as the caller
 *           will write it measures in spelling s than b[at, e) does
 *           (struct ser_delta, or struct ser_measure and
 *           serialized_measure), or -1 where the caller cannot measure
 *           its change: the walk then fails and the value is left
 *           untouched (§7.5);
 *   length  after close said true: the string's new length, or
 *           SER_KEEP_LENGTH where the number is the same and its digits
 *           stay as written (§7.2).
 * On SER_NONE no call is made; on SER_DECLINED calls may have been made
 * (a length that would go below zero is found at close) and their changes
 * are to be dropped. */
#define SER_KEEP_LENGTH ((size_t)-1)
struct ser_plan_calls {
	void (*run)(void *ctx, const unsigned char *p, size_t n, size_t offset, bool in_string);
	void (*open)(void *ctx, enum ser_spelling s, size_t digits, size_t ndigits, size_t at);
	int (*close)(void *ctx, enum ser_spelling s, size_t at, size_t e, size_t old, ptrdiff_t *delta);
	void (*length)(void *ctx, size_t len);
	/* may be NULL: told, every SER_PROGRESS_STEP bytes or so, how far
	 * each pass has read (a caller walking a mapped file gives back the
	 * pages behind it); a pass may still read a little before `at` */
	void (*progress)(void *ctx, size_t at);
};
#define SER_PROGRESS_STEP ((size_t)64 << 10)

enum ser_result serialized_plan(const unsigned char *b, size_t n, unsigned spellings, const struct ser_plan_calls *calls,
                                void *ctx);

/* A value in b[0..n) that the buffer's end cuts (a string's data, or a
 * length, running past it: a serialized string that holds a newline, in
 * the text type, §7.5): the least buffer length that could hold it, the
 * largest such; 0 where none is cut. The buffer may then be walked again
 * when that much more of the stream is there. */
size_t serialized_cut(const unsigned char *b, size_t n, unsigned spellings);

/* How a spelling measures the bytes of a string's data it writes (the
 * count the new length is worked out from), over bytes given in pieces of
 * any size: the same count for any split. Literal, html and jsonHTML count
 * bytes; json, percent, sql and sqljson count an escape as the bytes it
 * decodes to (MySQL's `\%` and `\_` as two; sqlraw's, sqlstd's `''` and
 * csv's `""` as one; copy's and pgesc's escapes as their bytes). sqljson
 * data may hold an escape that cannot be measured (a lone surrogate, a
 * JSON escape of no byte), csv data a lone `"`, sqlstd data a lone `'`,
 * copy data a lone backslash at its end, pgesc data any of those two or
 * a `\u` PostgreSQL refuses: `bad` is then set, and the count is not to
 * be used (§7.5). */
struct ser_measure {
	unsigned char spelling;
	unsigned char pend_len;    /* pend holds the start of an escape not yet decided */
	bool bad;                  /* an escape that cannot be measured was met */
	unsigned char pend[14];
	size_t bytes, saved;       /* bytes fed; source bytes escapes take beyond what they count */
};
void ser_measure_init(struct ser_measure *m, enum ser_spelling s);
void ser_measure_feed(struct ser_measure *m, const unsigned char *p, size_t n);
size_t ser_measure_end(struct ser_measure *m);
/* The same count in one call, over a whole buffer. */
size_t serialized_measure(enum ser_spelling s, const unsigned char *p, size_t n);
/* The same, false where p[0..n) holds an escape that cannot be measured. */
bool serialized_measure_ok(enum ser_spelling s, const unsigned char *p, size_t n, size_t *len);

/* p[0..n) measured with every character reference read as the byte it
 * stands for (html, json inside html; other spellings as
 * serialized_measure): the reading in which an origin spelled with
 * references (`https:&#47;&#47;C`) is what PHP's string holds (§7.3).
 * false where a unit cannot be measured, or a reference stands for
 * anything but one ASCII byte (`&#8217;`, `&auml;`: their byte counts are
 * not the walk's, so such data is not measured here). */
bool serialized_measure_refs_one(enum ser_spelling s, const unsigned char *p, size_t n, size_t *len);

/* The difference a string's changes make to its measure, from the changes
 * alone (the unchanged bytes not measured): data given as pieces
 * kept as they are and changes (old bytes → new bytes), in order. It holds
 * where no escape reads across the edge of a change, in the old data or
 * the new, and each change measures alone; ser_delta_end says false
 * where that may not hold, and the data must be measured whole. */
struct ser_delta {
	unsigned char spelling;
	bool measured;                   /* escapes count as their bytes decoded (all but literal, html, jsonHTML) */
	bool edge;                       /* a change ended with the last piece */
	bool clean;                      /* no edge so far may be read across */
	size_t reads_old, reads_new;     /* bytes past the last piece the escapes read */
	ptrdiff_t delta;
};
void ser_delta_init(struct ser_delta *d, enum ser_spelling s);
void ser_delta_keep(struct ser_delta *d, const unsigned char *p, size_t n);
void ser_delta_change(struct ser_delta *d, const unsigned char *old, size_t old_n, const unsigned char *now,
                      size_t now_n);
bool ser_delta_end(const struct ser_delta *d, ptrdiff_t *delta);

#endif
