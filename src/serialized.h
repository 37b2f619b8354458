/* serialized.h — owns PHP serialize() length repair (engine-reference §7,
 * SPEC §7): the gate, the start positions, the grammar in its spellings
 * (literal, percent, html, json, jsonHTML, and this project's sql
 * spelling), byte lengths as each spelling measures them, nesting to depth
 * 32, committed-header declines, the "occupies its field" check, and
 * keeping unchanged data byte-identical.
 *
 * The walk is pure: it works on one complete value buffer and calls back
 * for every run of bytes that is not serialized structure (string data,
 * and the text around values), so the caller's byte matcher rewrites those
 * runs; the walk then re-measures each changed string and writes its new
 * length. No I/O; the output buffer is the caller's, allocated once. */
#ifndef HOSTSHIFT_SERIALIZED_H
#define HOSTSHIFT_SERIALIZED_H

#include <stdbool.h>
#include <stddef.h>

#define SERIALIZED_MAX_DEPTH 32

/* Which spellings the walk may try at a start (§7.2; tried in this order).
 * SER_SQL is for string literals of the sql type: the quote is `\"` and
 * every MySQL escape (\0 \' \" \b \n \r \t \Z \\) counts as the one byte it
 * stands for, while `\%` and `\_` count as two bytes (MySQL keeps the
 * backslash). */
enum ser_spelling { SER_LITERAL, SER_PERCENT, SER_HTML, SER_JSON, SER_JSONHTML, SER_SQL, SER_SPELLING_COUNT };

#define SER_SET(s) (1u << (s))
#define SER_SET_DEFAULT (SER_SET(SER_LITERAL) | SER_SET(SER_PERCENT) | SER_SET(SER_HTML) | SER_SET(SER_JSON) | SER_SET(SER_JSONHTML))

/* A growable output buffer owned by the caller (allocated once per stream;
 * grows at most to `limit`, after which the walk gives up as DECLINED). */
struct ser_buf {
	unsigned char *p;
	size_t len, cap, limit;
};

/* Append n bytes, growing the buffer (doubling, up to its limit; 0: none).
 * Past the limit it marks the buffer failed (len > cap) and returns false;
 * a walk whose output failed so ends SER_DECLINED. */
bool ser_buf_put(struct ser_buf *o, const void *p, size_t n);

/* Rewrite one run of source bytes (string data, or text outside any value)
 * by appending the rewritten bytes to out. `offset` is where the run starts
 * in the walked buffer (for event offsets); `in_string` says whether the
 * run is the data of a serialized string (whose length will be repaired).
 * Must append exactly the input bytes when nothing changes. */
typedef void (*ser_rewrite_fn)(void *ctx, const unsigned char *p, size_t n, size_t offset, bool in_string,
                               struct ser_buf *out);

enum ser_result {
	SER_NONE,      /* no serialized value here: the caller rewrites the buffer as usual */
	SER_REPAIRED,  /* out holds the whole rewritten buffer, lengths repaired */
	SER_DECLINED   /* a committed header failed to parse: rewrite as usual, lengths
	                  untouched, and count `serialized-declined` (§7.2) */
};

/* §7.1: cheap superset check; false means no value can start anywhere. */
bool serialized_gate(const unsigned char *b, size_t n);

/* Walk b[0..n) (a complete value: attribute value, text segment, SQL
 * literal body, JSON string body), trying the spellings in `spellings`.
 * The structure is parsed first, on the original bytes; `rewrite` is called
 * only when the result is SER_REPAIRED, exactly once for each run of bytes
 * outside serialized structure, in order, so the caller may record events
 * from it. out (reset by the walk) then holds the whole output. On SER_NONE
 * and SER_DECLINED, `rewrite` is never called and out is unspecified. */
enum ser_result serialized_walk(const unsigned char *b, size_t n, unsigned spellings,
                                ser_rewrite_fn rewrite, void *ctx, struct ser_buf *out);

/* The same walk with its second pass parsing the values again instead of
 * replaying the steps the first pass recorded (the way a walk of more
 * steps than fit the record goes): the same results, output and calls.
 * For the differential tests. */
enum ser_result serialized_walk_reparsed(const unsigned char *b, size_t n, unsigned spellings,
                                         ser_rewrite_fn rewrite, void *ctx, struct ser_buf *out);

#endif
