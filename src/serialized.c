/* serialized.c — PHP serialize() length repair (§7; the sql, sqlraw and
 * sqljson spellings of §7.3, for the string literals of the sql type,
 * §8.1, the csv spelling, for quoted CSV fields of the text type, §13.1,
 * and the sqlstd, copy and pgesc spellings of §7.3, for PostgreSQL's and
 * SQLite's literals, COPY fields and E'' literals).
 *
 * The walk runs twice over the same bytes. The first pass parses and
 * decides (NONE, DECLINED, or which top-level values to repair) without
 * calling back or writing. The second pass makes the same decisions again
 * and emits: structure is copied verbatim, every run outside structure goes
 * through the caller's rewrite exactly once, in order, and every string
 * (and C: payload) whose data came back different gets its length digits
 * replaced in place. Nothing else is re-emitted: delimiters, hex case,
 * `&#34;` spellings and leading zeros of unchanged lengths stay as they
 * were (§11.3 item 2, splice-only), so the only new bytes the walk itself
 * ever writes are decimal digits. serialized_plan's second pass writes nothing:
 * the same calls go to the caller, with where each string's digits are,
 * a question at its end (how much its changes move its measure) and its
 * new length (the caller writes the value from its splices).
 *
 * The first pass also records, in a fixed array on the stack of
 * serialized_walk, the second pass's steps in order: copy these source
 * bytes, send this run through the rewrite, a string's data begins, a
 * string's data ends (repair its length). A step taken inside an attempt
 * that fails (a spelling that does not parse, a lookalike that does not
 * commit) is taken back with it. The second pass then replays the steps
 * without parsing anything again (re-parsing to emit would cost a large
 * share of the walk). Past SER_OPS_CAP steps it parses a second time
 * instead: it keeps where the top-level values were found and in
 * which spelling (up to TOP_HITS_CAP of them; past it it finds them again)
 * and, knowing the first pass succeeded, parses each value once, emitting.
 * So the walk allocates nothing but the growth of the caller's ser_buf;
 * the reading search of the ambiguous spellings uses two fixed arrays on
 * the stack of serialized_walk too.
 *
 * Buffer protocol for rewrite callbacks: the walk reserves n bytes before
 * each call, so a callback that appends at most what it was given never
 * needs to grow the buffer. One that grows it must keep to the doubling /
 * `limit` rule; if it cannot append, it sets out->len past out->cap (e.g.
 * SIZE_MAX) and the walk returns SER_DECLINED. out->limit == 0 means no
 * limit. */
#include "serialized.h"

#include "ascii.h"
#include "bytescan.h"
#include "testhook.h"

#include <stdint.h>
#include <stdio.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>

#define READINGS_CAP 2048 /* live readings of one ambiguous span (§7.3) */
#define LEN_DIGITS_MAX 18 /* §7.2: lengths are 1–18 digits */
#define TOP_HITS_CAP 64   /* top-level values the first pass hands to the second */
#define SER_OPS_CAP 2048  /* steps the first pass records for the second */

/* One step of the second pass. COPY and RUN: the source bytes [a, e)
 * (RUN: s says whether they are a string's data). STR_BEGIN: a string's
 * data starts at e, its length digits at a. STR_END: the data [a, e) of
 * the string whose length `old` is written in dlen digits, in spelling s,
 * has been emitted: repair the length. Offsets fit 32 bits (the walk does
 * not record in a larger buffer). */
enum ser_op_kind { OP_COPY, OP_RUN, OP_STR_BEGIN, OP_STR_END };
struct ser_op {
	unsigned char kind, s, dlen;
	uint32_t a, e, old;
};

/* Where the recording stood, to take back the steps of a failed attempt
 * (the last step's end too: a COPY may have been extended since). */
struct op_mark {
	size_t n;
	uint32_t last_e;
};

struct top_hit {
	size_t start, end;
	unsigned char spelling;
};

#define SPAN_MEMO_SIZE 512 /* span ends kept from the first pass for a second that parses again */

/* One span_end answer: where the span of len decoded bytes at `at`, below
 * hi, in spelling s, before closer cl, ends. */
struct span_memo {
	size_t at, hi, len, end;
	unsigned char s, cl;
	bool plain;   /* a string's data that the first pass found no nested payload in */
};

struct walk {
	const unsigned char *b; /* the walked buffer; every offset is into it */
	size_t n;
	ser_rewrite_fn rw;
	const struct ser_plan_calls *plan; /* serialized_plan: calls instead of out */
	void *ctx;
	struct buf *out;
	bool emit;   /* second pass: write out */
	bool failed; /* second pass: out could not grow, or a length went negative */
	size_t *live, *next; /* READINGS_CAP * 2 each, for span_end */
	struct top_hit *hits; /* first pass: the top-level values found, TOP_HITS_CAP */
	size_t nhits;         /* how many were found (may pass the cap: then not kept) */
	struct span_memo *memo;   /* SPAN_MEMO_SIZE: span ends the first pass found */
	/* per entry: 0 empty, 1 ended at `end`, 2 no end; apart from memo so
	 * that a walk clears 512 bytes, not the whole memo */
	unsigned char *memo_state;
	struct ser_op *ops;   /* SER_OPS_CAP: the second pass's steps */
	size_t nops;
	/* a step did not fit (or replay is off): nothing more is recorded and
	 * the second pass parses again; while false, the first pass records
	 * (the second pass then replays, recording nothing) */
	bool ops_full;
	bool too_deep; /* a committed header past SERIALIZED_MAX_DEPTH was met */
	bool ambiguous;     /* a span was closed by more than one reading, or had too many (§7.3) */
	/* serialized_cut: note values that the buffer's end cuts (need: the
	 * least buffer length that could hold the longest of them) */
	bool want_need;
	size_t need;
	size_t progress_at;  /* where plan->progress is next told; SIZE_MAX: never */
};

/* The pass has read to about i: tell the caller (serialized_plan's
 * progress), every SER_PROGRESS_STEP bytes. */
static __attribute__((noinline)) void progress(struct walk *w, size_t i)
{
	w->plan->progress(w->ctx, i);
	w->progress_at = i + SER_PROGRESS_STEP;
}

/* A value whose data the buffer's end cut may go on past it: the buffer
 * would need at least `need` bytes (only past the walked buffer's end
 * counts: a nested payload's end is a string's, not the buffer's). need
 * is never more than the value could take: the caller walks again when
 * that much is there, and a value that ends sooner must not be passed. */
static void cut_at(struct walk *w, size_t need)
{
	if (w->want_need && need > w->n && need > w->need) w->need = need;
}

/* ------------------------------------------------------------ bytes */


/* The decoded byte of a percent escape at i (3 bytes before hi), or -1. */
static int pct_at(const unsigned char *b, size_t i, size_t hi)
{
	if (i + 2 >= hi || b[i] != '%') return -1;
	int h = ascii_hex(b[i + 1]), l = ascii_hex(b[i + 2]);
	return (h < 0 || l < 0) ? -1 : (h << 4 | l);
}

static bool pct_is(const unsigned char *b, size_t i, size_t hi, unsigned char c) { return pct_at(b, i, hi) == c; }

static bool type_letter(unsigned char c)
{
	switch (c) {
	case 'b': case 'i': case 'd': case 's': case 'a': case 'O': case 'R': case 'r': case 'E': case 'C':
		return true;
	}
	return false;
}

/* §7.1: what may stand right before a value. */
static bool separator(int c)
{
	switch (c) {
	case '{': case ';': case '"': case '=': case '&': case ':': case ',': case '\'': case '>': case '[': case '+':
	case ' ': case '\t': case '\r': case '\n':
		return true;
	}
	return false;
}


/* ------------------------------------------------------------ gate (§7.1) */

static bool value_start(const unsigned char *b, size_t i, size_t lo, size_t hi);

/* The bytes a value can start with (§7.1 shape). */
static const unsigned char start_byte[256] = {
	['b'] = 1, ['i'] = 1, ['d'] = 1, ['s'] = 1, ['a'] = 1, ['O'] = 1, ['R'] = 1, ['r'] = 1, ['E'] = 1, ['C'] = 1, ['N'] = 1,
};

/* The first i >= from where a value might start: a start byte followed by
 * `:` or `;`, raw or percent-escaped (value_start accepts nothing else).
 * Found by the delimiter, which is rare in text, and not by the
 * start byte, which is a common letter (a, s, i, d, r). */
static size_t next_start_byte(const unsigned char *b, size_t from, size_t hi)
{
	size_t i = from;
	while (i + 1 < hi) {
		size_t j = bytescan_any3(b, i + 1, hi, ':', ';', '%');
		if (j >= hi) break;
		if (start_byte[b[j - 1]]) return j - 1;
		i = j;
	}
	return hi;
}

/* The three cases of §7.1, each also held to the start-position rule: every
 * value the walk can parse starts at such a position (a nested one inside
 * the string of a value that does), so this stays a superset, and CSS such
 * as `grid:1` or `x-basis:2` does not send a buffer through the walk. */
bool serialized_gate(const unsigned char *b, size_t n)
{
	if (n < 2) return false;
	/* the three cases found by their byte pairs (`:` and a digit,
	 * `N` and `;` or `%`, `%3`) in one vector scan, not by a memchr per `:`
	 * of the CSS and script text that most tokens passing here are */
	for (size_t i = bytescan_serialized_pairs(b, 0, n); i < n; i = bytescan_serialized_pairs(b, i + 1, n)) {
		switch (b[i]) {
		case ':':
			if (i > 0 && type_letter(b[i - 1]) && value_start(b, i - 1, 0, n)) return true;
			break;
		case 'N':
			if ((b[i + 1] == ';' || pct_is(b, i + 1, n, ';')) && value_start(b, i, 0, n)) return true;
			break;
		default:   /* '%' */
			if (i > 0 && i + 3 < n && pct_is(b, i, n, ':') && ascii_digit(b[i + 3]) && type_letter(b[i - 1]) &&
			    value_start(b, i - 1, 0, n))
				return true;
			break;
		}
	}
	return false;
}

/* ------------------------------------------------------------ start positions (§7.1) */

/* A value may start at i of the buffer [lo, hi). */
static bool value_start(const unsigned char *b, size_t i, size_t lo, size_t hi)
{
	unsigned char c = b[i];
	if (c == 'N') {
		if (!(i + 1 < hi && (b[i + 1] == ';' || pct_is(b, i + 1, hi, ';')))) return false;
	} else if (type_letter(c)) {
		if (!(i + 1 < hi && (b[i + 1] == ':' || pct_is(b, i + 1, hi, ':')))) return false;
	} else {
		return false;
	}
	if (i == lo) return true;
	if (separator(b[i - 1])) return true;
	if (i - lo >= 3 && separator(pct_at(b, i - 3, hi))) return true;
	if (i - lo >= 6 && memcmp(b + i - 6, "&quot;", 6) == 0) return true;
	if (i - lo >= 2 && b[i - 2] == '\\' &&
	    (b[i - 1] == '"' || b[i - 1] == 'n' || b[i - 1] == 't' || b[i - 1] == 'r'))
		return true;
	return false;
}

/* ------------------------------------------------------------ spellings (§7.2, §7.3) */

/* Width of an html quote reference at i, or 0. */
static size_t quote_ref(const unsigned char *b, size_t i, size_t hi)
{
	if (i >= hi || b[i] != '&') return 0;
	if (hi - i >= 6 && memcmp(b + i, "&quot;", 6) == 0) return 6;
	if (hi - i >= 5 && memcmp(b + i, "&#34;", 5) == 0) return 5;
	if (hi - i >= 6 && memcmp(b + i, "&#034;", 6) == 0) return 6;
	return 0;
}

/* Width of a character reference `&[A-Za-z0-9#]{1,11};` at i, or 0. */
static size_t ref_run(const unsigned char *b, size_t i, size_t hi)
{
	if (i >= hi || b[i] != '&') return 0;
	for (size_t j = i + 1; j < hi && j - i <= 12; j++) {
		unsigned char c = b[j];
		if (c == ';') return j == i + 1 ? 0 : j - i + 1;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || ascii_digit(c) || c == '#')) return 0;
	}
	return 0;
}

/* Delimiter c at i in spelling s: its width, or 0. Inlined: it is
 * asked for every delimiter of every value, mostly with a constant c. */
static inline __attribute__((always_inline)) size_t match(const unsigned char *b, enum ser_spelling s, size_t i,
                                                          size_t hi, unsigned char c)
{
	if (i >= hi) return 0;
	switch (s) {
	case SER_PERCENT:
		return pct_is(b, i, hi, c) ? 3 : 0;
	case SER_HTML:
		if (c == '"') return quote_ref(b, i, hi);
		break;
	case SER_JSON:
	case SER_SQL:
		if (c == '"') return (i + 1 < hi && b[i] == '\\' && b[i + 1] == '"') ? 2 : 0;
		break;
	case SER_JSONHTML:
		if (c == '"') return (hi - i >= 7 && b[i] == '\\' && memcmp(b + i + 1, "&quot;", 6) == 0) ? 7 : 0;
		break;
	case SER_SQLJSON:   /* `\\\"`: JSON's `\"`, each byte escaped for MySQL */
		if (c == '"') return (hi - i >= 4 && memcmp(b + i, "\\\\\\\"", 4) == 0) ? 4 : 0;
		break;
	case SER_CSV:   /* `""`: a quote doubled in a quoted CSV field */
		if (c == '"') return (i + 1 < hi && b[i] == '"' && b[i + 1] == '"') ? 2 : 0;
		break;
	default:
		break;
	}
	return b[i] == c ? 1 : 0;
}

/* Four hex digits at i (below hi): their value. */
static inline __attribute__((always_inline)) bool hex4_digits(const unsigned char *b, size_t i, size_t hi,
                                                             unsigned *v)
{
	if (hi < 4 || i > hi - 4) return false;
	unsigned r = 0;
	for (size_t k = i; k < i + 4; k++) {
		int h = ascii_hex(b[k]);
		if (h < 0) return false;
		r = r << 4 | (unsigned)h;
	}
	*v = r;
	return true;
}

/* A `\uXXXX` at i: its code unit. */
static bool hex4(const unsigned char *b, size_t i, size_t hi, unsigned *v)
{
	if (hi < 6 || i > hi - 6 || b[i] != '\\' || b[i + 1] != 'u') return false;
	return hex4_digits(b, i + 2, hi, v);
}

/* A `\uXXXX` escape at i: source width and UTF-8 length; false for bad hex
 * and lone surrogates. */
static bool json_u(const unsigned char *b, size_t i, size_t hi, size_t *src, size_t *dec)
{
	unsigned r, lo;
	if (!hex4(b, i, hi, &r)) return false;
	if (r >= 0xD800 && r <= 0xDBFF) {
		if (!hex4(b, i + 6, hi, &lo) || lo < 0xDC00 || lo > 0xDFFF) return false;
		*src = 12;
		*dec = 4;
		return true;
	}
	if (r >= 0xDC00 && r <= 0xDFFF) return false;
	*src = 6;
	*dec = r < 0x80 ? 1 : r < 0x800 ? 2 : 3;
	return true;
}

/* The byte a MySQL escape `\x` stands for; -1 for `\%` and `\_`, which
 * stand for two bytes (MySQL keeps the backslash, §7.3). */
static int sql_unescaped(unsigned char x)
{
	switch (x) {
	case '0': return 0;
	case 'b': return '\b';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'Z': return 0x1a;
	case '%': case '_': return -1;
	default: return x;   /* `\\` `\'` `\"`, and any other: the byte itself */
	}
}

/* The longest sqljson escape: a surrogate pair, `\\uXXXX\\uXXXX`. */
#define SQLJSON_ESC_MAX 14

/* A sqljson escape at b[i] == '\\' (§7.3): its source width and the bytes
 * it stands for once the MySQL escapes are undone and then the JSON
 * escapes of what they leave. A MySQL escape of a byte other than a
 * backslash is that one byte; `\\` is the backslash that opens a JSON
 * escape, whose letter is the MySQL unit after it (`\\n`, `\\/`,
 * `\\\"`, `\\\\`, `\\uXXXX`: one byte each but `\\u`, its UTF-8 length, a
 * surrogate pair `\\uXXXX\\uXXXX` 4). false where it cannot be measured:
 * `\%` or `\_` (a backslash JSON would read as an escape of `%`), a JSON
 * escape of no byte (`\\x`; `\\\n`, a LF after the backslash; `\\\u`), a
 * letter spelled `''` or `""` (one quote or two, not told), a lone
 * surrogate, or the end inside it. It looks at no byte past
 * b[i + SQLJSON_ESC_MAX - 1]. */
static bool sqljson_esc(const unsigned char *b, size_t i, size_t hi, size_t *src, size_t *dec)
{
	if (i + 1 >= hi) return false;
	if (b[i + 1] != '\\') {
		if (sql_unescaped(b[i + 1]) < 0) return false;
		*src = 2;
		*dec = 1;
		return true;
	}
	size_t j = i + 2;   /* the JSON escape's letter */
	if (j >= hi) return false;
	if (b[j] == '\\') {   /* a letter MySQL-escaped: `\\\"`, `\\\\`, `\\\/` */
		if (j + 1 >= hi) return false;
		int c = sql_unescaped(b[j + 1]);
		*src = 4;
		*dec = 1;
		if (c < 0) *dec = 2;   /* JSON's `\\` (the `\` of `\%`), then the `%` */
		else if (c != '"' && c != '\\' && c != '/' && c != 'f') return false;
		return true;
	}
	if ((b[j] == '\'' || b[j] == '"') && j + 1 < hi && b[j + 1] == b[j]) return false;
	switch (b[j]) {
	case '"': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
		*src = 3;
		*dec = 1;
		return true;
	case 'u': {
		unsigned r, lo;
		if (!hex4_digits(b, j + 1, hi, &r)) return false;
		if (r >= 0xD800 && r <= 0xDBFF) {
			/* the low half, `\\uXXXX` too */
			if (hi - i < SQLJSON_ESC_MAX || b[i + 7] != '\\' || b[i + 8] != '\\' || b[i + 9] != 'u' ||
			    !hex4_digits(b, i + 10, hi, &lo) || lo < 0xDC00 || lo > 0xDFFF)
				return false;
			*src = SQLJSON_ESC_MAX;
			*dec = 4;
			return true;
		}
		if (r >= 0xDC00 && r <= 0xDFFF) return false;
		*src = 7;
		*dec = r < 0x80 ? 1 : r < 0x800 ? 2 : 3;
		return true;
	}
	}
	return false;
}

/* A pgesc `\u` + 4 or `\U` + 8 hex digits at b[i]: its source width, the
 * UTF-8 length of its code point in *dec; 0 where PostgreSQL refuses it
 * (fewer digits, zero, past U+10FFFF, a lone surrogate). A surrogate pair
 * is taken in the `\uXXXX\uXXXX` form only (12 bytes, the longest unit
 * measure_scan waits for); one with a `\U` half is not measured. */
static size_t pg_uni(const unsigned char *b, size_t i, size_t hi, size_t *dec)
{
	size_t nd = b[i + 1] == 'u' ? 4 : 8;
	if (hi - i < 2 + nd) return 0;
	unsigned long r = 0;
	for (size_t k = i + 2; k < i + 2 + nd; k++) {
		int h = ascii_hex(b[k]);
		if (h < 0) return 0;
		r = r << 4 | (unsigned)h;
	}
	if (r >= 0xD800 && r <= 0xDBFF) {
		unsigned lo;
		if (nd != 4 || !hex4(b, i + 6, hi, &lo) || lo < 0xDC00 || lo > 0xDFFF) return 0;
		*dec = 4;
		return 12;
	}
	if ((r >= 0xDC00 && r <= 0xDFFF) || r == 0 || r > 0x10FFFF) return 0;
	*dec = r < 0x80 ? 1 : r < 0x800 ? 2 : r < 0x10000 ? 3 : 4;
	return 2 + nd;
}

/* A unit of the PostgreSQL spellings (sqlstd, copy, pgesc, §7.3) at b[i],
 * a `'` (sqlstd, pgesc) or a backslash (copy, pgesc): its source width,
 * the bytes it counts in *dec; 0 where it cannot be measured (a lone `'`;
 * a backslash at the end; pg_uni's). It looks at no byte past b[i + 11]
 * (b[i + 3] but for pgesc's `\u`). */
static __attribute__((noinline)) size_t pg_unit(enum ser_spelling s, const unsigned char *b, size_t i, size_t hi,
                                                 size_t *dec)
{
	*dec = 1;
	if (i + 1 >= hi) return 0;
	unsigned char c = b[i + 1];
	if (b[i] == '\'') return c == '\'' ? 2 : 0;   /* `''` is one quote */
	if (s == SER_PGESC && (c == 'u' || c == 'U')) return pg_uni(b, i, hi, dec);
	size_t k = i + 2;
	if (c >= '0' && c <= '7') {   /* 1 to 3 octal digits */
		while (k < hi && k < i + 4 && b[k] >= '0' && b[k] <= '7') k++;
	} else if (c == 'x') {   /* 1 or 2 hex digits; none: the byte `x` */
		while (k < hi && k < i + 4 && ascii_hex(b[k]) >= 0) k++;
	}
	return k - i;   /* `\\`, `\n`..., and `\` with any other byte: one byte */
}

/* One unit of string data at i: returns its source width (0: cannot be
 * measured, the reading stops), the decoded bytes it counts, and in *alt a
 * second count where the spelling is ambiguous (0 where it is not). */
static size_t unit(const unsigned char *b, enum ser_spelling s, size_t i, size_t hi, size_t *dec, size_t *alt)
{
	size_t w;
	*dec = 1;
	*alt = 0;
	switch (s) {
	case SER_LITERAL:
		return 1;
	case SER_PERCENT:
		if (b[i] != '%') return 1;
		return pct_at(b, i, hi) >= 0 ? 3 : 0;
	case SER_HTML:
		if ((w = quote_ref(b, i, hi)) > 0) return w;
		if ((w = ref_run(b, i, hi)) > 0) {
			*alt = w;
			return w;
		}
		return 1;
	case SER_JSON:
		if (b[i] != '\\') return 1;
		if (i + 1 >= hi) return 0;
		if (b[i + 1] == 'u') return json_u(b, i, hi, &w, dec) ? w : 0;
		return 2;
	case SER_JSONHTML:
		if (b[i] == '\\') {
			if (hi - i >= 7 && memcmp(b + i + 1, "&quot;", 6) == 0) return 7;
			if (i + 1 >= hi) return 0;
			if (b[i + 1] == 'u') return json_u(b, i, hi, &w, dec) ? w : 0;
			return 2;
		}
		if ((w = ref_run(b, i, hi)) > 0) {
			*alt = w;
			return w;
		}
		return 1;
	case SER_SQL:
		if (b[i] == '\\') {
			if (i + 1 >= hi) return 0;
			if (b[i + 1] == '%' || b[i + 1] == '_') *dec = 2; /* MySQL keeps the backslash */
			return 2;
		}
		/* `''` or `""`: one quote in a literal quoted with it, two in the
		 * other kind; the walk is not told which, so both readings. */
		if ((b[i] == '\'' || b[i] == '"') && i + 1 < hi && b[i + 1] == b[i]) {
			*alt = 2;
			return 2;
		}
		return 1;
	case SER_SQLRAW:
		/* a single-quoted literal (§7.3): `''` is one quote, a `"` one
		 * byte; a lone `'` is no body the lexer reads, not measured */
		if (b[i] == '\\') {
			if (i + 1 >= hi) return 0;
			if (b[i + 1] == '%' || b[i + 1] == '_') *dec = 2;
			return 2;
		}
		if (b[i] == '\'') return i + 1 < hi && b[i + 1] == '\'' ? 2 : 0;
		return 1;
	case SER_SQLJSON:
		if (b[i] == '\\') return sqljson_esc(b, i, hi, &w, dec) ? w : 0;
		/* `''` or `""`, as in the sql spelling: both readings */
		if ((b[i] == '\'' || b[i] == '"') && i + 1 < hi && b[i + 1] == b[i]) {
			*alt = 2;
			return 2;
		}
		return 1;
	case SER_CSV:
		/* a quoted CSV field (§7.3): `""` is one quote; a lone `"`
		 * ends the field, no data: not measured */
		if (b[i] == '"') return i + 1 < hi && b[i + 1] == '"' ? 2 : 0;
		return 1;
	case SER_SQLSTD:
		/* a standard-strings literal (§7.3): `''` is one quote, a lone
		 * `'` no body the lexer reads; a backslash is a plain byte */
		if (b[i] != '\'') return 1;
		return pg_unit(s, b, i, hi, dec);
	case SER_COPY:
		/* a COPY text field (§7.3): every backslash escape one byte */
		if (b[i] != '\\') return 1;
		return pg_unit(s, b, i, hi, dec);
	case SER_PGESC:
		/* an E'' literal (§7.3): copy's escapes, `''` and `\'` one
		 * quote, `\u` and `\U` their code point's UTF-8 bytes */
		if (b[i] != '\\' && b[i] != '\'') return 1;
		return pg_unit(s, b, i, hi, dec);
	default:
		return 0;
	}
}

/* The escape of a measured spelling (json, percent, sql, sqlraw, sqljson,
 * csv) at p[i], its lead byte, below n: its source width; *saved grows by
 * the source bytes it takes beyond the bytes it counts, and *bad is set
 * where it cannot be measured (sqljson; csv's lone `"`; it then counts its
 * lead as one byte). It looks at no byte past p[i + esc_max(s) - 1] (a surrogate pair is the
 * longest: MEASURE_ESC_MAX bytes in json, SQLJSON_ESC_MAX in sqljson), so
 * with that many bytes before n it decides as it would over any longer
 * buffer. */
#define MEASURE_ESC_MAX 12
static inline size_t esc_max(enum ser_spelling s) { return s == SER_SQLJSON ? SQLJSON_ESC_MAX : MEASURE_ESC_MAX; }
static inline __attribute__((always_inline)) size_t measured_escape(enum ser_spelling s, const unsigned char *p,
                                                                    size_t i, size_t n, size_t *saved, bool *bad)
{
	size_t src = 1, dec = 1;
	if (s == SER_PERCENT) {
		if (pct_at(p, i, n) >= 0) src = 3;
	} else if (p[i] == '\'') {   /* SER_SQLRAW: `''` counts one */
		if (i + 1 < n && p[i + 1] == '\'') src = 2;
	} else if (s == SER_SQLJSON) {
		if (!sqljson_esc(p, i, n, &src, &dec)) {
			src = dec = 1;
			*bad = true;
		}
	} else if (s == SER_CSV) {   /* `""` counts one; a lone `"` no byte of data */
		if (i + 1 < n && p[i + 1] == '"') src = 2;
		else *bad = true;
	} else if (i + 1 < n) {
		src = 2;
		if (s == SER_JSON) {
			if (p[i + 1] == 'u' && !json_u(p, i, n, &src, &dec)) src = 2, dec = 1;
		} else if (p[i + 1] == '%' || p[i + 1] == '_') {
			dec = 2;
		}
	}
	*saved += src - dec;
	return src;
}

static bool measures_bytes(enum ser_spelling s) { return s == SER_LITERAL || s == SER_HTML || s == SER_JSONHTML; }

/* measure_scan of the PostgreSQL spellings (sqlstd: the lead `'`; copy:
 * the backslash; pgesc: both), apart and not inlined: the other
 * spellings' scan stays as it was. */
static __attribute__((noinline)) size_t pg_scan(enum ser_spelling s, const unsigned char *p, size_t n, bool final,
                                                size_t *saved, bool *bad)
{
	const unsigned char l0 = s == SER_SQLSTD ? '\'' : '\\', l1 = s == SER_COPY ? '\\' : '\'';
	for (size_t i = 0; i < n;) {
		i = bytescan_any3(p, i, n, l0, l1, l1);
		if (i >= n) break;
		if (!final && n - i < MEASURE_ESC_MAX) return i;
		size_t dec, src = pg_unit(s, p, i, n, &dec);
		if (!src) {   /* a lone `'`, a backslash at the end */
			src = dec = 1;
			*bad = true;
		}
		*saved += src - dec;
		i += src;
	}
	return n;
}

/* The escapes of p[0..n) in spelling s taken into a count (*saved, *bad
 * as measured_escape): returns where it stopped, n, or (unless final) at a
 * lead byte with fewer than esc_max bytes after it, which the next bytes
 * may decide otherwise. */
static inline __attribute__((always_inline)) size_t measure_scan(enum ser_spelling s, const unsigned char *p,
                                                                 size_t n, bool final, size_t *saved, bool *bad)
{
	if (s >= SER_SQLSTD) return pg_scan(s, p, n, final, saved, bad);
	const unsigned char lead = s == SER_PERCENT ? '%' : s == SER_CSV ? '"' : '\\';
	const size_t reach = esc_max(s);
	for (size_t i = 0; i < n;) {
		if (s == SER_SQLRAW) {   /* two leads: `\\` and `'` */
			i = bytescan_any3(p, i, n, '\\', '\'', '\'');
			if (i >= n) break;
		} else {
			const unsigned char *q = memchr(p + i, lead, n - i);
			if (!q) break;
			i = (size_t)(q - p);
		}
		if (!final && n - i < reach) return i;
		i += measured_escape(s, p, i, n, saved, bad);
	}
	return n;
}

/* How a spelling measures data it has written (the new data of a string):
 * the length re-emitted is old LEN + measure(new) − measure(old). Where the
 * spelling has one reading, measure(old) == old LEN and this is the measured
 * decoded length of the new data (literal, percent, json, sql, sqlraw,
 * csv); for html and jsonHTML measure is the source length, the delta rule
 * of §7.3.
 * For sql and sqljson a `''` counts 2 here (the delta does not depend on
 * that convention); for sqlraw, whose literal is single-quoted, it counts
 * 1. *bad is set where an escape cannot be measured (sqljson, csv). */
static inline __attribute__((always_inline)) size_t measure_bad(enum ser_spelling s, const unsigned char *p,
                                                                 size_t n, bool *bad)
{
	if (measures_bytes(s)) return n;
	/* Every byte counts one but an escape, which counts its decoded bytes:
	 * start from n and take off what each escape saves (the escapes
	 * found by memchr, not a unit per byte). */
	size_t saved = 0;
	measure_scan(s, p, n, true, &saved, bad);
	return n - saved;
}

static size_t measure(enum ser_spelling s, const unsigned char *p, size_t n)
{
	bool bad = false;   /* not asked: the other spellings measure any bytes */
	return measure_bad(s, p, n, &bad);
}

size_t serialized_measure(enum ser_spelling s, const unsigned char *p, size_t n) { return measure(s, p, n); }

bool serialized_measure_ok(enum ser_spelling s, const unsigned char *p, size_t n, size_t *len)
{
	bool bad = false;
	*len = measure_bad(s, p, n, &bad);
	return !bad;
}

/* A reference b[i, i + w) (from ref_run) that stands for one ASCII byte:
 * a numeric one below 0x80 (not 0), or a name for one. */
static bool ascii_ref(const unsigned char *b, size_t i, size_t w)
{
	static const char *const names[] = { "amp", "AMP", "lt", "LT", "gt", "GT", "quot", "QUOT", "apos", "sol",
	                                     "bsol", "colon", "period", "quest", "num", "percnt", "lowbar",
	                                     "UnderBar", "commat", "comma", "semi", "equals", "plus", "excl",
	                                     "dollar", "ast", "midast", "lpar", "rpar", "lsqb", "rsqb", "lcub",
	                                     "rcub", "Hat", "grave", "verbar", "vert", "Tab", "NewLine" };
	const unsigned char *p = b + i + 1;
	size_t n = w - 2;   /* between '&' and ';' */
	if (n >= 2 && p[0] == '#') {
		unsigned long v = 0;
		bool hex = p[1] == 'x' || p[1] == 'X';
		size_t k = hex ? 2 : 1;
		if (k == n) return false;
		for (; k < n; k++) {
			int d = hex ? ascii_hex(p[k]) : ascii_digit(p[k]) ? p[k] - '0' : -1;
			if (d < 0) return false;
			v = v * (hex ? 16 : 10) + (unsigned long)d;
			if (v >= 0x80) return false;
		}
		return v > 0;
	}
	for (size_t k = 0; k < sizeof names / sizeof *names; k++)
		if (strlen(names[k]) == n && memcmp(names[k], p, n) == 0) return true;
	return false;
}

bool serialized_measure_refs_one(enum ser_spelling s, const unsigned char *p, size_t n, size_t *len)
{
	if (s != SER_HTML && s != SER_JSONHTML) {
		*len = measure(s, p, n);
		return true;
	}
	size_t count = 0;
	for (size_t i = 0; i < n;) {
		size_t dec, alt, w = unit(p, s, i, n, &dec, &alt);
		if (w == 0 || (alt && !ascii_ref(p, i, w))) return false;
		count += dec;
		i += w;
	}
	*len = count;
	return true;
}

void ser_measure_init(struct ser_measure *m, enum ser_spelling s)
{
	*m = (struct ser_measure){ .spelling = (unsigned char)s };
}

/* Bytes as they come: an escape cut by the end of a piece is kept (fewer
 * than MEASURE_ESC_MAX bytes) and decided with the next piece's first
 * bytes, so the count is measure()'s over the bytes joined. */
void ser_measure_feed(struct ser_measure *m, const unsigned char *p, size_t n)
{
	const enum ser_spelling s = (enum ser_spelling)m->spelling;
	m->bytes += n;
	if (measures_bytes(s) || !n) return;
	size_t i = 0;
	if (m->pend_len) {
		/* the kept bytes and enough of these to decide every escape
		 * that begins among the kept ones */
		unsigned char t[2 * SQLJSON_ESC_MAX];
		size_t pl = m->pend_len, k = n < sizeof t - pl ? n : sizeof t - pl;
		memcpy(t, m->pend, pl);
		memcpy(t + pl, p, k);
		size_t c = measure_scan(s, t, pl + k, false, &m->saved, &m->bad);
		if (k == n) {   /* all of p is in t: keep what is undecided */
			m->pend_len = (unsigned char)(pl + k - c);
			memmove(m->pend, t + c, m->pend_len);
			return;
		}
		/* t is full: it stopped past the kept bytes, in p */
		i = c - pl;
		m->pend_len = 0;
	}
	size_t c = i + measure_scan(s, p + i, n - i, false, &m->saved, &m->bad);
	m->pend_len = (unsigned char)(n - c);
	memcpy(m->pend, p + c, n - c);
}

size_t ser_measure_end(struct ser_measure *m)
{
	if (m->pend_len) measure_scan((enum ser_spelling)m->spelling, m->pend, m->pend_len, true, &m->saved, &m->bad);
	m->pend_len = 0;
	return m->bytes - m->saved;
}

/* An escape decides from at most its lead and the `reach` bytes after it
 * (measured_escape): 11 for a JSON `\\u` (a surrogate pair), 1 for any
 * other JSON or a MySQL escape, 2 for a percent escape, 13 for a sqljson
 * `\\u` (a surrogate pair) and 3 for any other (`\\\"`), 1 for csv's `""`
 * and sqlstd's `''`, 3 for a copy escape (`\377`, `\xff`), 11 for a pgesc
 * `\u` (a surrogate pair).
 * Where no escape reads across an edge, in the old data or the new, the bytes on each side
 * measure as they would alone. A byte taken for a lead that is the second
 * byte of an escape only makes an edge look reached that is not. */
void ser_delta_init(struct ser_delta *d, enum ser_spelling s)
{
	*d = (struct ser_delta){ .spelling = (unsigned char)s, .clean = true, .measured = !measures_bytes(s) };
}

/* sqljson: how many bytes past p[n) the escapes of p[0..n) may read. A
 * backslash among the last 13 bytes reads 3 on where the two bytes after
 * it are seen and neither is the `u` of a `\\u` (its lead or the
 * backslash before), else 13. Apart, not inlined: the other spellings'
 * reads_past stays as small as it was. */
static __attribute__((noinline)) size_t sqljson_reads_past(const unsigned char *p, size_t n)
{
	size_t k = 0, from = n > SQLJSON_ESC_MAX - 1 ? n - (SQLJSON_ESC_MAX - 1) : 0;
	for (const unsigned char *q = p + from; q < p + n && (q = memchr(q, '\\', (size_t)(p + n - q))) != NULL; q++) {
		size_t j = (size_t)(q - p), on = SQLJSON_ESC_MAX - 1;
		if (j + 2 < n && p[j + 1] != 'u' && p[j + 2] != 'u') on = 3;
		if (j + on + 1 > n + k) k = j + on + 1 - n;
	}
	return k;
}

/* sqljson, sqlstd, copy: p[0..n) measures alone (every escape in it can
 * be measured). */
static __attribute__((noinline)) bool measures_alone(enum ser_spelling s, const unsigned char *p, size_t n)
{
	size_t m;
	return serialized_measure_ok(s, p, n, &m);
}

/* copy, pgesc: how many bytes past p[n) the escapes of p[0..n) may read:
 * a backslash among the last bytes reads on where its escape may go on
 * (its byte after not seen, 1 or 2 of 3 octal digits, `\x` and 0 or 1 of
 * 2 hex digits; pgesc's `\u` its 4 digits and, a high surrogate, the low
 * half's `\uXXXX`, `\U` its 8), and pgesc's last `'` (the first of `''`)
 * one on. Apart, not inlined, as sqljson's. */
static __attribute__((noinline)) size_t pg_reads_past(enum ser_spelling s, const unsigned char *p, size_t n)
{
	const bool esc = s == SER_PGESC;
	size_t k = esc && p[n - 1] == '\'', reach = esc ? MEASURE_ESC_MAX - 1 : 3;
	size_t from = n > reach ? n - reach : 0;
	for (const unsigned char *q = p + from; q < p + n && (q = memchr(q, '\\', (size_t)(p + n - q))) != NULL; q++) {
		size_t j = (size_t)(q - p), on = 0;
		unsigned v;
		if (j + 1 >= n) {
			on = reach;
		} else if (esc && p[j + 1] == 'u') {   /* reads on unless whole and no high surrogate */
			if (!(hex4(p, j, n, &v) && (v < 0xD800 || v > 0xDBFF)) && j + 12 > n) on = j + 12 - n;
		} else if (esc && p[j + 1] == 'U') {
			if (j + 10 > n) on = j + 10 - n;
		} else if (p[j + 1] >= '0' && p[j + 1] <= '7') {
			size_t d = 1;
			while (j + 1 + d < n && d < 3 && p[j + 1 + d] >= '0' && p[j + 1 + d] <= '7') d++;
			if (j + 1 + d == n) on = 3 - d;
		} else if (p[j + 1] == 'x') {
			size_t d = 0;
			while (j + 2 + d < n && d < 2 && ascii_hex(p[j + 2 + d]) >= 0) d++;
			if (j + 2 + d == n) on = 2 - d;
		}
		if (on > k) k = on;
	}
	return k;
}

/* How many bytes past p[n) the escapes read, once p[0..n) (n > 0) follows
 * bytes whose escapes read `reads` bytes on: a lead among the last bytes
 * reads its reach on, all of it where the byte after it is not seen. */
static inline __attribute__((always_inline)) size_t reads_past(enum ser_spelling s, const unsigned char *p, size_t n,
                                                               size_t reads)
{
	size_t r = reads > n ? reads - n : 0, k = 0;
	/* tests in this order, not a switch: the common spellings' first */
	if (s == SER_SQL) {
		k = p[n - 1] == '\\';
	} else if (s == SER_SQLRAW) {   /* `\\` and the first `'` of `''` read one on */
		k = p[n - 1] == '\\' || p[n - 1] == '\'';
	} else if (s == SER_PERCENT) {
		k = p[n - 1] == '%' ? 2 : n >= 2 && p[n - 2] == '%';
	} else if (s == SER_SQLJSON) {
		k = sqljson_reads_past(p, n);
	} else if (s == SER_CSV) {   /* the first `"` of `""` reads one on */
		k = p[n - 1] == '"';
	} else if (s >= SER_SQLSTD) {   /* sqlstd: the first `'` of `''` reads one on */
		k = s == SER_SQLSTD ? p[n - 1] == '\'' : pg_reads_past(s, p, n);
	} else if (p[n - 1] == '\\') {   /* SER_JSON: `\\u` reads 11 on, any other escape 1 */
		k = MEASURE_ESC_MAX - 1;
	} else {
		size_t from = n > MEASURE_ESC_MAX - 1 ? n - (MEASURE_ESC_MAX - 1) : 0;
		/* the last `\\u` reads furthest (from its lead at q - 1) */
		for (const unsigned char *q = p + from; q < p + n && (q = memchr(q, 'u', (size_t)(p + n - q))) != NULL; q++)
			if (q > p && q[-1] == '\\') k = (size_t)(q - p) + MEASURE_ESC_MAX - 1 - n;
	}
	return k > r ? k : r;
}

void ser_delta_keep(struct ser_delta *d, const unsigned char *p, size_t n)
{
	if (!n || !d->measured) return;
	if (d->edge) d->clean &= !d->reads_old && !d->reads_new;
	d->edge = false;
	enum ser_spelling s = (enum ser_spelling)d->spelling;
	d->reads_old = reads_past(s, p, n, d->reads_old);
	d->reads_new = reads_past(s, p, n, d->reads_new);
}

void ser_delta_change(struct ser_delta *d, const unsigned char *old, size_t old_n, const unsigned char *now,
                      size_t now_n)
{
	enum ser_spelling s = (enum ser_spelling)d->spelling;
	if (!d->measured) {
		d->delta += (ptrdiff_t)now_n - (ptrdiff_t)old_n;
		return;
	}
	d->delta += (ptrdiff_t)measure(s, now, now_n) - (ptrdiff_t)measure(s, old, old_n);
	d->clean &= !d->reads_old && !d->reads_new;   /* the edge before it */
	/* a change that does not measure alone (sqljson; sqlstd's and
	 * pgesc's lone `'`, a backslash at its end, pgesc's lone surrogate)
	 * is measured whole */
	if (s == SER_SQLJSON || s >= SER_SQLSTD) d->clean &= measures_alone(s, old, old_n) && measures_alone(s, now, now_n);
	/* either side may be empty (an insertion; a long span's later pieces) */
	if (old_n) d->reads_old = reads_past(s, old, old_n, d->reads_old);
	if (now_n) d->reads_new = reads_past(s, now, now_n, d->reads_new);
	d->edge = true;   /* and the one after it, unless the data ends there */
}

bool ser_delta_end(const struct ser_delta *d, ptrdiff_t *delta)
{
	*delta = d->delta;
	return d->clean;
}

/* ------------------------------------------------------------ spans */

enum closer { CL_STRING, CL_QUOTE, CL_BRACE };

/* The fewest bytes a closer takes (`";`, `"`, `}` in the literal spelling). */
static size_t closer_min(enum closer cl) { return cl == CL_STRING ? 2 : 1; }

static bool closes(const unsigned char *b, enum ser_spelling s, size_t e, size_t hi, enum closer cl)
{
	size_t q;
	switch (cl) {
	case CL_STRING:
		q = match(b, s, e, hi, '"');
		return q && match(b, s, e + q, hi, ';');
	case CL_QUOTE:
		return match(b, s, e, hi, '"') != 0;
	case CL_BRACE:
		return match(b, s, e, hi, '}') != 0;
	}
	return false;
}

/* Bytes that may start a unit other than one plain byte in some spelling
 * (see unit): escapes, references, percent-escapes, doubled quotes. */
static const bool unit_special[256] = { ['\\'] = true, ['&'] = true, ['%'] = true, ['\''] = true, ['"'] = true };

/* How many of p[0..lim) are one plain unit before the first byte that may
 * start another. 16 bytes a step, the strings of serialized
 * options being tens of bytes long, against spelling s's own lead bytes
 * (unit reads every other byte as one plain byte); the last bytes against
 * unit_special, all spellings' leads, one table lookup a byte: stopping at
 * a byte that is plain in s only ends the run early, and the walk's next
 * unit takes that byte as one plain byte. */
/* Each spelling's lead bytes (unit's), three a spelling, repeated where
 * it has fewer: a table, not a test per spelling, on every call. */
#if defined(__SSE2__)
static const unsigned char plain_leads[SER_SPELLING_COUNT][3] = {
	[SER_LITERAL] = { '\\', '\\', '\\' }, [SER_PERCENT] = { '%', '%', '%' },  [SER_HTML] = { '&', '&', '&' },
	[SER_JSON] = { '\\', '\\', '\\' },    [SER_JSONHTML] = { '\\', '&', '&' }, [SER_SQL] = { '\\', '\'', '"' },
	[SER_SQLRAW] = { '\\', '\'', '\'' },   [SER_SQLJSON] = { '\\', '\'', '"' }, [SER_CSV] = { '"', '"', '"' },
	[SER_SQLSTD] = { '\'', '\'', '\'' },   [SER_COPY] = { '\\', '\\', '\\' },  [SER_PGESC] = { '\\', '\'', '\'' },
};
#endif

static size_t plain_run(const unsigned char *p, size_t lim, enum ser_spelling s)
{
	size_t run = 0;
#if defined(__SSE2__)
	if (bytescan_sse2_steps(lim)) {
		const unsigned char *l = plain_leads[s];
		const __m128i v0 = _mm_set1_epi8((char)l[0]), v1 = _mm_set1_epi8((char)l[1]), v2 = _mm_set1_epi8((char)l[2]);
		for (; lim - run >= 16; run += 16) {
			const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + run));
			unsigned m = (unsigned)_mm_movemask_epi8(
			    _mm_or_si128(_mm_cmpeq_epi8(x, v0), _mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_cmpeq_epi8(x, v2))));
			if (m) return run + (size_t)__builtin_ctz(m);
		}
	}
#else
	(void)s;
#endif
	while (run < lim && !unit_special[p[run]]) run++;
	return run;
}

/* Where a span of len decoded bytes starting at `at` ends, given what must
 * follow it. Every reading of the bytes is explored (they only diverge at an
 * ambiguous unit; between two of those one walk and a shared counter serve
 * them all); a reading that would end inside a unit is dropped; more than
 * READINGS_CAP live readings, or a closer found by more than one reading,
 * or by none, fails. */
static bool span_walk(struct walk *w, enum ser_spelling s, size_t at, size_t hi, size_t len, enum closer cl,
                      size_t *end)
{
	const unsigned char *b = w->b;
	size_t *live = w->live, *next = w->next;
	size_t nlive = 1, head = 0, spent = 0, i = at, found = 0, e = 0;
	live[0] = len;
	/* the loop stops at the buffer's end, or where the caller is next
	 * told of progress (one compare for both) */
	size_t stop = hi < w->progress_at ? hi : w->progress_at;
	for (;;) {
		while (head < nlive && live[head] <= spent) {
			if (live[head] == spent && closes(b, s, i, hi, cl)) {
				if (++found > 1) {
					w->ambiguous = true;
					return false;
				}
				e = i;
			}
			head++;
		}
		if (head == nlive) break;
		if (i >= stop) {
			if (i >= hi) {
				/* readings still short of their length: the data goes
				 * on past the buffer, if the buffer is all there is */
				if (hi == w->n) cut_at(w, hi + (live[head] - spent) + closer_min(cl));
				break;
			}
			progress(w, i);
			stop = hi < w->progress_at ? hi : w->progress_at;
		}
		/* a run of bytes that are one plain unit in every spelling
		 * (one source byte, one decoded byte, one reading) moves every
		 * reading alike, up to the nearest one's end. */
		size_t gap = live[head] - spent, lim = stop - i < gap ? stop - i : gap, run = 0;
		run = plain_run(b + i, lim, s);
		if (run) {
			spent += run;
			i += run;
			continue;
		}
		size_t dec, alt, src = unit(b, s, i, hi, &dec, &alt);
		if (src == 0) {
			if (hi == w->n && hi - i < 16) cut_at(w, hi + 1);   /* an escape the end cut */
			break;
		}
		if (alt == 0 || alt == dec) {
			spent += dec;
			i += src;
			continue;
		}
		/* Branch: every live reading takes dec or alt. Both shifted
		 * sequences are ascending; merge them without duplicates. */
		size_t lo_d = dec < alt ? dec : alt, hi_d = dec < alt ? alt : dec;
		size_t x = head, y = head, k = 0;
		for (;;) {
			while (x < nlive && live[x] < spent + lo_d) x++;
			while (y < nlive && live[y] < spent + hi_d) y++;
			if (x == nlive && y == nlive) break;
			size_t vx = x < nlive ? live[x] - spent - lo_d : SIZE_MAX;
			size_t vy = y < nlive ? live[y] - spent - hi_d : SIZE_MAX;
			size_t v = vx < vy ? vx : vy;
			if (vx == v) x++;
			if (vy == v) y++;
			if (k == 0 || next[k - 1] != v) next[k++] = v;
		}
		if (k > READINGS_CAP) {
			w->ambiguous = true;
			return false;
		}
		size_t *t = live;
		live = next;
		next = t;
		nlive = k;
		head = 0;
		spent = 0;
		i += src;
	}
	if (found != 1) {
		/* a reading spent at the end, its closer not all there */
		if (!found && hi == w->n && hi - i < 16) cut_at(w, hi + 1);
		return false;
	}
	*end = e;
	return true;
}

/* span_walk, the answer of each non-literal span kept in the first pass and
 * taken in the second, which asks for the same spans again (the walk of
 * a span is the walk's largest cost). The answer depends on the
 * arguments only, all of which are the key. */
/* The memo slot of a span, and whether it holds that span's answer (0:
 * no; else its memo_state). */
static size_t memo_slot(size_t at, size_t len) { return (at * 0x9E3779B1u + len) % SPAN_MEMO_SIZE; }

static unsigned char memo_holds(const struct walk *w, size_t k, enum ser_spelling s, size_t at, size_t hi, size_t len,
                                enum closer cl)
{
	const struct span_memo *m = &w->memo[k];
	/* the state first: an entry no span has written is not read */
	if (!w->memo_state[k]) return 0;
	return (m->at == at && m->hi == hi && m->len == len && m->s == s && m->cl == cl) ? w->memo_state[k] : 0;
}

static bool span_end(struct walk *w, enum ser_spelling s, size_t at, size_t hi, size_t len, enum closer cl,
                     size_t *end)
{
	if (s == SER_LITERAL) {
		if (len > hi - at || !closes(w->b, s, at + len, hi, cl)) {
			if (hi == w->n && (len > hi - at || hi - (at + len) < 2)) cut_at(w, at + len + closer_min(cl));
			return false;
		}
		*end = at + len;
		return true;
	}
	/* the memo serves a second pass that parses again: not kept while the
	 * steps are recorded for a replay */
	if (!w->ops_full) return span_walk(w, s, at, hi, len, cl, end);
	size_t k = memo_slot(at, len);
	struct span_memo *m = &w->memo[k];
	if (w->emit && memo_holds(w, k, s, at, hi, len, cl)) {
		*end = m->end;
		return w->memo_state[k] == 1;
	}
	bool ok = span_walk(w, s, at, hi, len, cl, end);
	if (!w->emit) {
		*m = (struct span_memo){ .at = at, .hi = hi, .len = len, .end = ok ? *end : 0, .s = (unsigned char)s,
		                         .cl = (unsigned char)cl };
		w->memo_state[k] = ok ? 1 : 2;
	}
	return ok;
}

/* The memo entry of the string span at `at` (CL_STRING), if the first
 * pass left it there; NULL else (another span took its slot, or the
 * spelling is literal, whose spans are not kept). */
static struct span_memo *string_memo(struct walk *w, enum ser_spelling s, size_t at, size_t hi, size_t len)
{
	if (s == SER_LITERAL || !w->ops_full) return NULL;
	size_t k = memo_slot(at, len);
	return memo_holds(w, k, s, at, hi, len, CL_STRING) == 1 ? &w->memo[k] : NULL;
}

/* `:<1–18 digits>:` at i, the number at most the buffer length. Inlined:
 * every value with a length reads it. */
static inline __attribute__((always_inline)) bool read_len(const unsigned char *b, enum ser_spelling s, size_t i,
                                                           size_t lo, size_t hi, size_t *val, size_t *dstart,
                                                           size_t *dend, size_t *next)
{
	size_t c = match(b, s, i, hi, ':');
	if (!c) return false;
	size_t j = i + c, st = j;
	while (j < hi && ascii_digit(b[j]) && j - st <= LEN_DIGITS_MAX) j++;
	if (j == st || j - st > LEN_DIGITS_MAX) return false;
	uint64_t v = 0;
	for (size_t k = st; k < j; k++) v = v * 10 + (uint64_t)(b[k] - '0');
	if (v > (uint64_t)(hi - lo)) return false;
	c = match(b, s, j, hi, ':');
	if (!c) return false;
	*val = (size_t)v;
	*dstart = st;
	*dend = j;
	*next = j + c;
	return true;
}

/* read_len refused `:<digits>:` at i for a number past the buffer's end:
 * the value may go on past it, each unit of the number taking at least
 * `per` bytes (serialized_cut). */
static void cut_len(struct walk *w, enum ser_spelling s, size_t i, size_t hi, size_t per)
{
	if (!w->want_need || hi != w->n) return;
	const unsigned char *b = w->b;
	size_t c = match(b, s, i, hi, ':');
	if (!c) return;
	size_t j = i + c, st = j;
	while (j < hi && ascii_digit(b[j]) && j - st <= LEN_DIGITS_MAX) j++;
	if (j == st || j - st > LEN_DIGITS_MAX) return;
	uint64_t v = 0;
	for (size_t k = st; k < j; k++) v = v * 10 + (uint64_t)(b[k] - '0');
	if (v > (uint64_t)SIZE_MAX / 8) v = (uint64_t)SIZE_MAX / 8;
	cut_at(w, j + 1 + (size_t)v * per);
}

/* ------------------------------------------------------------ output */

/* ------------------------------------------------------------ the second pass's steps */

static inline __attribute__((always_inline)) void record(struct walk *w, enum ser_op_kind kind, size_t a, size_t e,
                                                         unsigned s, size_t dlen, size_t old)
{
	if (w->ops_full) return;
	if (kind == OP_COPY && w->nops && w->ops[w->nops - 1].kind == OP_COPY && w->ops[w->nops - 1].e == a) {
		w->ops[w->nops - 1].e = (uint32_t)e;   /* adjacent structure: one copy */
		return;
	}
	if (w->nops == SER_OPS_CAP) {
		w->ops_full = true;
		memset(w->memo_state, 0, SPAN_MEMO_SIZE);   /* the memo is kept from here on */
		return;
	}
	w->ops[w->nops++] = (struct ser_op){ (unsigned char)kind, (unsigned char)s, (unsigned char)dlen, (uint32_t)a,
	                                     (uint32_t)e, (uint32_t)old };
}

static struct op_mark mark(const struct walk *w)
{
	return (struct op_mark){ w->nops, w->nops ? w->ops[w->nops - 1].e : 0 };
}

static void take_back(struct walk *w, struct op_mark m)
{
	w->nops = m.n;
	if (m.n) w->ops[m.n - 1].e = m.last_e;
}

static inline __attribute__((always_inline)) void emit_copy(struct walk *w, size_t a, size_t e)
{
	if (e <= a) return;
	if (!w->emit) {
		record(w, OP_COPY, a, e, 0, 0, 0);
		return;
	}
	if (w->failed || w->plan) return;
	struct buf *o = w->out;
	if (!buf_reserve(o, o->len + (e - a))) {
		w->failed = true;
		return;
	}
	memcpy(o->p + o->len, w->b + a, e - a);
	o->len += e - a;
}

/* One run outside structure through the caller's rewrite. */
static void emit_run(struct walk *w, size_t a, size_t e, bool in_string)
{
	if (e <= a) return;
	if (!w->emit) {
		record(w, OP_RUN, a, e, in_string, 0, 0);
		return;
	}
	if (w->failed) return;
	if (w->plan) {
		w->plan->run(w->ctx, w->b + a, e - a, a, in_string);
		return;
	}
	struct buf *o = w->out;
	if (!w->rw) {
		emit_copy(w, a, e);
		return;
	}
	if (!buf_reserve(o, o->len + (e - a))) {
		w->failed = true;
		return;
	}
	w->rw(w->ctx, w->b + a, e - a, a, in_string, o);
	if (o->len > o->cap) w->failed = true;
}

/* §7.3: the new length old + mnew − mold, where mnew measures the new data
 * and mold the old; false if it would go below zero. */
static bool new_length(size_t old, size_t mnew, size_t mold, size_t *len)
{
	if (mnew >= mold) {
		*len = old + (mnew - mold);
		return true;
	}
	if (mold - mnew > old) return false;
	*len = old - (mold - mnew);
	return true;
}

static size_t count_byte(const unsigned char *p, size_t n, unsigned char c)
{
	size_t k = 0;
	for (const unsigned char *q; n && (q = memchr(p, c, n)); n -= (size_t)(q + 1 - p), p = q + 1) k++;
	return k;
}

/* After the data [at, e) of a string (or C: payload) declared `old` was
 * emitted from out offset data_out: if it changed, replace the digits at
 * out[dpos, dpos + dlen) with the new length (serialized_plan: the caller
 * measures its new data and is given the length). */
static void finish_len(struct walk *w, enum ser_spelling s, size_t dpos, size_t dlen, size_t old, size_t data_out,
                       size_t at, size_t e)
{
	struct buf *o = w->out;
	if (w->failed) return;
	size_t mnew, mold, len;
	if (w->plan) {
		/* the caller gives measure(new) − measure(old data), by which
		 * the length moves (§7.3) */
		ptrdiff_t delta;
		int c = w->plan->close(w->ctx, s, at, e, old, &delta);
		if (c == 0) return;
		if (c < 0) {
			w->failed = true;
			return;
		}
		mnew = delta >= 0 ? (size_t)delta : 0;
		mold = delta >= 0 ? 0 : (size_t)-delta;
	} else {
		size_t nd = o->len - data_out;
		if (nd == e - at && memcmp(o->p + data_out, w->b + at, nd) == 0) return; /* unchanged: original bytes */
		/* new data that cannot be measured (sqljson) is not repaired (§7.5) */
		if (!serialized_measure_ok(s, o->p + data_out, nd, &mnew)) {
			w->failed = true;
			return;
		}
		/* a rewrite over references (fewer `&` than before: a
		 * replacement holds none) is measured with each read as its
		 * byte, as value.c's refs_delta does (§7.3) */
		if ((s == SER_HTML || s == SER_JSONHTML) &&
		    count_byte(o->p + data_out, nd, '&') < count_byte(w->b + at, e - at, '&')) {
			if (!serialized_measure_refs_one(s, w->b + at, e - at, &mold) || mold != old ||
			    !serialized_measure_refs_one(s, o->p + data_out, nd, &mnew)) {
				w->failed = true;
				return;
			}
			goto measured;
		}
		/* one reading (json, percent, csv, sqlstd, copy, pgesc): the old data
		 * measures its declared length, as the span walk found it (not
		 * measured again) */
		mold = s == SER_JSON || s == SER_PERCENT || s >= SER_CSV ? old : measure(s, w->b + at, e - at);
	}
measured:
	if (!new_length(old, mnew, mold, &len)) {
		w->failed = true;
		return;
	}
	if (w->plan) {
		w->plan->length(w->ctx, len == old ? SER_KEEP_LENGTH : len);
		return;
	}
	if (len == old) return; /* same number: keep its digits as written */
	char dig[24];
	size_t k = sizeof dig;
	do dig[--k] = (char)('0' + len % 10);
	while ((len /= 10) > 0);
	size_t nk = sizeof dig - k;
	if (nk > dlen && !buf_reserve(o, o->len + (nk - dlen))) {
		w->failed = true;
		return;
	}
	memmove(o->p + dpos + nk, o->p + dpos + dlen, o->len - dpos - dlen);
	memcpy(o->p + dpos, dig + k, nk);
	o->len = o->len - dlen + nk;
}

/* Where a string's (or a C: payload's) length digits and data start in
 * the output. */
struct data_open {
	size_t dpos, data_out;
};

/* The same, once the header up to the data at `at` (dlen digits at ds)
 * has gone out as it is: the digits lie as far before the output's end as
 * before the data (serialized_plan: the caller is told where they are). */
static struct data_open data_opened(const struct walk *w, enum ser_spelling s, size_t ds, size_t dlen, size_t at)
{
	if (w->plan) {
		w->plan->open(w->ctx, s, ds, dlen, at);
		return (struct data_open){ 0, 0 };
	}
	return (struct data_open){ w->out->len - (at - ds), w->out->len };
}

/* A string's header [i, at) copied, its data about to start (first pass:
 * both recorded). */
static inline __attribute__((always_inline)) struct data_open data_begin(struct walk *w, enum ser_spelling s, size_t i,
                                                                         size_t ds, size_t dlen, size_t at)
{
	emit_copy(w, i, at);
	if (!w->emit) {
		record(w, OP_STR_BEGIN, ds, at, s, dlen, 0);
		return (struct data_open){ 0, 0 };
	}
	return data_opened(w, s, ds, dlen, at);
}

/* Its data [at, e) emitted: the length `old`, written in dlen digits,
 * repaired (first pass: recorded), then its tail [e, end) copied. */
static inline __attribute__((always_inline)) void data_end(struct walk *w, struct data_open o, enum ser_spelling s,
                                                           size_t dlen, size_t old, size_t at, size_t e, size_t end)
{
	if (w->emit) finish_len(w, s, o.dpos, dlen, old, o.data_out, at, e);
	else record(w, OP_STR_END, at, e, s, dlen, old);
	emit_copy(w, e, end);
}

/* ------------------------------------------------------------ grammar (§7.2) */

static bool parse_value(struct walk *w, enum ser_spelling s, size_t i, size_t lo, size_t hi, unsigned depth,
                        size_t *end, bool *committed);

/* Whitespace, raw or as a 2-byte escape (in sqljson also the 3-byte
 * `\\\\n`: JSON's `\\n` escaped for MySQL), from e to hi (§7.4). */
static bool runs_to_end(const unsigned char *b, enum ser_spelling s, size_t e, size_t hi)
{
	for (size_t i = e; i < hi; i++) {
		if (ascii_space_json(b[i])) continue;
		if (b[i] == '\\' && s == SER_SQLJSON && i + 2 < hi && b[i + 1] == '\\' &&
		    (b[i + 2] == 'n' || b[i + 2] == 't' || b[i + 2] == 'r')) {
			i += 2;
			continue;
		}
		if (b[i] == '\\' && i + 1 < hi && (b[i + 1] == 'n' || b[i + 1] == 't' || b[i + 1] == 'r')) {
			i++;
			continue;
		}
		return false;
	}
	return true;
}

/* Whether the value at i commits (§7.2): a type with a length, a readable
 * length, and its opening delimiter — what parse_value reports as
 * committed, without parsing the rest. */
static bool commits(const unsigned char *b, enum ser_spelling s, size_t i, size_t lo, size_t hi)
{
	unsigned char t = b[i];
	if (t != 's' && t != 'E' && t != 'a' && t != 'O' && t != 'C') return false;
	size_t len, ds, de, j;
	if (!read_len(b, s, i + 1, lo, hi, &len, &ds, &de, &j)) return false;
	return match(b, s, j, hi, t == 'a' ? '{' : '"') != 0;
}

enum nested { NESTED_NONE, NESTED_FOUND, NESTED_DECLINE };

/* Whether the data [lo, hi) of a string is, whole, one serialized value
 * (§7.4): a value with a length starting at lo that parses by its own
 * lengths and leaves nothing but whitespace after it. Parsed without
 * emitting or recording (the steps are taken back). */
static bool whole_payload(struct walk *w, enum ser_spelling s, size_t lo, size_t hi, unsigned depth)
{
	if (!commits(w->b, s, lo, lo, hi)) return false;
	bool emit = w->emit, c;
	struct op_mark m = mark(w);
	size_t e;
	w->emit = false;
	bool ok = parse_value(w, s, lo, lo, hi, depth, &e, &c) && c && runs_to_end(w->b, s, e, hi);
	w->emit = emit;
	take_back(w, m);
	return ok;
}

/* The data [lo, hi) of a string at depth-1. §7.4: it is a nested payload
 * only where the WHOLE data parses as one value (same spelling); text that
 * merely contains `a:1:{...}`, `s:3:"x";` or `";}` is string data, and a
 * string never makes its value decline. In the second pass this emits the
 * data: the payload repaired and the whitespace after it as string data,
 * or the data as one run. */
static enum nested nested(struct walk *w, enum ser_spelling s, size_t lo, size_t hi, unsigned depth)
{
	if (!w->emit && lo < hi && commits(w->b, s, lo, lo, hi)) {
		/* first pass: one parse, recorded, taken back where it is none */
		struct op_mark m = mark(w);
		size_t e;
		bool c;
		bool deep = w->too_deep, amb = w->ambiguous;
		w->too_deep = w->ambiguous = false;
		if (parse_value(w, s, lo, lo, hi, depth, &e, &c) && c && runs_to_end(w->b, s, e, hi)) {
			w->too_deep = deep;
			w->ambiguous = amb;
			emit_run(w, e, hi, true);
			return NESTED_FOUND;
		}
		/* §7.5: a payload deeper than the walk holds cannot be repaired;
		 * nor data that did not parse because a string in it was closed
		 * by two readings (§7.3): it may be a value in the other, and
		 * its inner lengths cannot be told */
		if (w->too_deep || w->ambiguous) return NESTED_DECLINE;
		w->too_deep = deep;
		w->ambiguous = amb;
		take_back(w, m);
	} else if (w->emit && lo < hi && whole_payload(w, s, lo, hi, depth)) {
		size_t e;
		bool c;
		if (!parse_value(w, s, lo, lo, hi, depth, &e, &c)) {
			w->failed = true;
			return NESTED_DECLINE;
		}
		if (w->failed) return NESTED_DECLINE;
		emit_run(w, e, hi, true);
		return NESTED_FOUND;
	}
	emit_run(w, lo, hi, true);
	return NESTED_NONE;
}

/* The members of a C: payload [lo, hi) as serialize grammar (§7.2): values
 * with `;` or `,` between them and the `x:` and `m:` labels ArrayObject
 * and its kin write (`x:i:0;a:1:{...};m:a:0:{}`), at least one value, to
 * the payload's end. Structure is copied, the values parsed at depth. */
static bool payload_members(struct walk *w, enum ser_spelling s, size_t lo, size_t hi, unsigned depth)
{
	const unsigned char *b = w->b;
	size_t i = lo, c;
	bool any = false;
	while (i < hi) {
		if ((b[i] == 'x' || b[i] == 'm') && (c = match(b, s, i + 1, hi, ':')) != 0) {
			emit_copy(w, i, i + 1 + c);
			i += 1 + c;
			continue;
		}
		if ((c = match(b, s, i, hi, ';')) != 0 || (c = match(b, s, i, hi, ',')) != 0) {
			emit_copy(w, i, i + c);
			i += c;
			continue;
		}
		size_t e;
		bool com;
		if (!parse_value(w, s, i, lo, hi, depth, &e, &com) || e <= i) return false;
		any = true;
		i = e;
	}
	return any;
}

/* A C: payload [lo, hi): walked as serialize grammar where the whole of it
 * parses so (its strings' lengths repaired as well as the payload's, §7.3),
 * else one run of data whose length alone is repaired, as a string's.
 * false where it did not parse because a string in it was closed by two
 * readings (§7.3): its inner lengths could not be told (§7.5). */
static bool custom_payload(struct walk *w, enum ser_spelling s, size_t lo, size_t hi, unsigned depth)
{
	bool emit = w->emit, amb = w->ambiguous;
	struct op_mark m = mark(w);
	w->emit = false;
	w->ambiguous = false;
	bool ok = payload_members(w, s, lo, hi, depth);
	bool two = w->ambiguous;
	w->emit = emit;
	w->ambiguous = amb;
	if (!emit) {
		if (ok) return true;
		take_back(w, m);
	} else if (ok) {
		if (!payload_members(w, s, lo, hi, depth)) w->failed = true;
		return true;
	} else {
		take_back(w, m);
	}
	if (two) {   /* and so for the data around it, if it is nested */
		w->ambiguous = true;
		return false;
	}
	emit_run(w, lo, hi, true);
	return true;
}

/* `b:` `i:` `d:` `R:` `r:` at i. */
static bool parse_scalar(struct walk *w, enum ser_spelling s, size_t i, size_t hi, size_t *end)
{
	const unsigned char *b = w->b;
	unsigned char t = b[i];
	size_t c = match(b, s, i + 1, hi, ':');
	if (!c) return false;
	size_t j = i + 1 + c, st = j;
	if (t == 'b') {
		if (j < hi && (b[j] == '0' || b[j] == '1')) j++;
	} else if (t == 'd') {
		if (hi - j >= 3 && (memcmp(b + j, "INF", 3) == 0 || memcmp(b + j, "NAN", 3) == 0)) {
			j += 3;
		} else {
			if (j < hi && (b[j] == '-' || b[j] == '+')) j++;
			if (hi - j >= 3 && memcmp(b + j, "INF", 3) == 0) {
				j += 3;
			} else {
				while (j < hi && (ascii_digit(b[j]) || b[j] == '.' || b[j] == 'e' || b[j] == 'E' || b[j] == '-' ||
				                  b[j] == '+'))
					j++;
			}
		}
	} else { /* i R r */
		if (j < hi && (b[j] == '-' || b[j] == '+')) j++;
		size_t ds = j;
		while (j < hi && ascii_digit(b[j])) j++;
		if (j == ds) return false;
	}
	if (j == st) return false;
	size_t sc = match(b, s, j, hi, ';');
	if (!sc) return false;
	*end = j + sc;
	emit_copy(w, i, *end);
	return true;
}

/* `:N:{` 2N values `}` from j (the count's colon); the array and object tail. */
static bool parse_body(struct walk *w, enum ser_spelling s, size_t i, size_t j, size_t lo, size_t hi, unsigned depth,
                       size_t *end)
{
	const unsigned char *b = w->b;
	size_t cnt, ds, de, k;
	if (!read_len(b, s, j, lo, hi, &cnt, &ds, &de, &k)) {
		cut_len(w, s, j, hi, 4);   /* 2N values of at least `N;` */
		return false;
	}
	size_t ob = match(b, s, k, hi, '{');
	if (!ob) return false;
	size_t at = k + ob;
	emit_copy(w, i, at);
	for (size_t m = 0; m < 2 * cnt; m++) {
		size_t e;
		bool c;
		if (!parse_value(w, s, at, lo, hi, depth + 1, &e, &c)) return false;
		at = e;
	}
	size_t cb = match(b, s, at, hi, '}');
	if (!cb) return false;
	emit_copy(w, at, at + cb);
	*end = at + cb;
	return true;
}

static bool parse_value(struct walk *w, enum ser_spelling s, size_t i, size_t lo, size_t hi, unsigned depth,
                        size_t *end, bool *committed)
{
	const unsigned char *b = w->b;
	*committed = false;
	if (i >= w->progress_at) progress(w, i);
	if (i >= hi) return false;
	unsigned char t = b[i];
	size_t len, ds, de, j, q, at, e;

	if (t == 'N') {
		if (depth > SERIALIZED_MAX_DEPTH) return false;
		size_t c = match(b, s, i + 1, hi, ';');
		if (!c) return false;
		*end = i + 1 + c;
		emit_copy(w, i, *end);
		return true;
	}
	if (t == 'b' || t == 'i' || t == 'd' || t == 'R' || t == 'r') {
		if (depth > SERIALIZED_MAX_DEPTH) return false;
		return parse_scalar(w, s, i, hi, end);
	}
	if (t != 's' && t != 'E' && t != 'a' && t != 'O' && t != 'C') return false;

	/* Committed: a readable length and the opening delimiter (§7.2). The
	 * depth limit comes after, so a too-deep header declines its field. */
	if (!read_len(b, s, i + 1, lo, hi, &len, &ds, &de, &j)) {
		cut_len(w, s, i + 1, hi, 1);
		return false;
	}
	if (t == 'a') {
		if (!match(b, s, j, hi, '{')) return false;
		*committed = true;
		if (depth > SERIALIZED_MAX_DEPTH) { w->too_deep = true; return false; }
		return parse_body(w, s, i, i + 1, lo, hi, depth, end);
	}
	if (!(q = match(b, s, j, hi, '"'))) return false;
	*committed = true;
	if (depth > SERIALIZED_MAX_DEPTH) { w->too_deep = true; return false; }
	at = j + q;

	if (t == 's' || t == 'E') {
		if (!span_end(w, s, at, hi, len, CL_STRING, &e)) return false;
		size_t cq = match(b, s, e, hi, '"');
		*end = e + cq + match(b, s, e + cq, hi, ';');
		if (t == 'E') { /* verbatim */
			emit_copy(w, i, *end);
			return true;
		}
		struct data_open o = data_begin(w, s, i, ds, de - ds, at);
		if (!w->emit) {
			enum nested r = nested(w, s, at, e, depth + 1);
			if (r == NESTED_DECLINE) return false;
			if (r == NESTED_NONE) {
				struct span_memo *m = string_memo(w, s, at, hi, len);
				if (m) m->plain = true;
			}
		} else {
			/* data the first pass found no payload in is one run
			 * (no position of it commits, so nested would find none again) */
			const struct span_memo *m = string_memo(w, s, at, hi, len);
			if (m && m->plain) emit_run(w, at, e, true);
			else nested(w, s, at, e, depth + 1);
		}
		data_end(w, o, s, de - ds, len, at, e, *end);
		return true;
	}

	/* O and C: the class name is copied verbatim. */
	size_t ne;
	if (!span_end(w, s, at, hi, len, CL_QUOTE, &ne)) return false;
	size_t cq = match(b, s, ne, hi, '"');
	if (t == 'O') return parse_body(w, s, i, ne + cq, lo, hi, depth, end);

	size_t dlen, dds, dde, k;
	if (!read_len(b, s, ne + cq, lo, hi, &dlen, &dds, &dde, &k)) {
		cut_len(w, s, ne + cq, hi, 1);
		return false;
	}
	size_t ob = match(b, s, k, hi, '{');
	if (!ob) return false;
	size_t pat = k + ob, pe;
	if (!span_end(w, s, pat, hi, dlen, CL_BRACE, &pe)) return false;
	*end = pe + match(b, s, pe, hi, '}');
	struct data_open o = data_begin(w, s, i, dds, dde - dds, pat);
	if (!custom_payload(w, s, pat, pe, depth + 1)) return false;
	data_end(w, o, s, dde - dds, dlen, pat, pe, *end);
	return true;
}

/* ------------------------------------------------------------ top level (§7.4) */

/* A top-level value [start, end) fills its field: the opener on its left
 * (past white space) chooses the closer on its right (past white space).
 * The fields of text: a TSV column (a TAB right before the value: a TAB
 * or the line's end after it), a CSV column (`,`: a `,` or the end), a
 * quoted CSV field (below) and `key: value` or `key=value` (the end, or
 * `&`). In a SQL literal (the sql and sqljson spellings) a `\"` is the
 * quote it stands for: a JSON string in the literal, `\"…\"`, is a
 * field. */
/* b[i] follows an odd run of backslashes: MySQL reads it escaped. */
static bool escaped(const unsigned char *b, size_t i)
{
	size_t k = i;
	while (k > 0 && b[k - 1] == '\\') k--;
	return (i - k) % 2 == 1;
}

/* The `"` right before start opens a quoted CSV field: it starts the
 * buffer or a line, or follows a `,` or a TAB (§13.1). */
static inline __attribute__((always_inline)) bool csv_opens(const unsigned char *b, size_t start)
{
	if (start == 0 || b[start - 1] != '"') return false;
	if (start == 1) return true;
	unsigned char c = b[start - 2];
	return c == ',' || c == '\t' || c == '\n';
}

/* A quoted CSV field holds exactly [start, end): opened by csv_opens,
 * closed by a lone `"` right at end (a `""` there is a quote of the data)
 * that ends the field: `,`, TAB, CR, LF or the end after it. */
static bool csv_field(const unsigned char *b, size_t n, size_t start, size_t end)
{
	if (!csv_opens(b, start) || end >= n || b[end] != '"') return false;
	if (end + 1 == n) return true;
	unsigned char c = b[end + 1];
	return c == ',' || c == '\t' || c == '\r' || c == '\n';
}

static bool occupies(const unsigned char *b, size_t n, size_t start, size_t end, enum ser_spelling s)
{
	enum { OWN, DQ, SQ, TEXT, CDATA, QUOT, TAB, COMMA, ESC_DQ } open = OWN;
	/* the csv spelling's only field; a value in another spelling that a
	 * CSV field's `"` opens is closed by a lone `"`, not the first of a
	 * `""` (which is data of the field: the value would not fill it) */
	if (s == SER_CSV) return csv_field(b, n, start, end);
	bool csv = csv_opens(b, start);
	if (start > 0 && b[start - 1] == '\t') {
		size_t i = end;
		while (i < n && b[i] == ' ') i++;
		return i == n || b[i] == '\t' || b[i] == '\r' || b[i] == '\n';
	}
	while (start > 0 && ascii_space_json(b[start - 1])) start--;
	if (start > 0) {
		unsigned char c = b[start - 1];
		if (c == '&' || c == '=' || c == ':') open = OWN;
		else if (c == '"') open = (s == SER_SQL || s == SER_SQLJSON) && escaped(b, start - 1) ? ESC_DQ : DQ;
		else if (c == '\'') open = SQ;
		else if (c == '>') open = TEXT;
		else if (c == '[') open = CDATA;
		else if (c == ',') open = COMMA;
		else if (start >= 6 && memcmp(b + start - 6, "&quot;", 6) == 0) open = QUOT;
		else return false;
	}
	for (size_t i = end; i < n; i++) {
		if (ascii_space_json(b[i])) continue;
		switch (open) {
		case OWN: return b[i] == '&';
		case DQ: return b[i] == '"' && !(csv && i + 1 < n && b[i + 1] == '"');
		case ESC_DQ: return b[i] == '\\' && i + 1 < n && b[i + 1] == '"';
		case SQ: return b[i] == '\'';
		case TEXT: return b[i] == '<';
		case CDATA: return b[i] == ']';
		case COMMA: return b[i] == ',';
		case TAB: return false;
		case QUOT: return n - i >= 6 && memcmp(b + i, "&quot;", 6) == 0;
		}
	}
	return open == OWN || open == COMMA;
}

/* Second pass with the first pass's hits: each value parsed once, emitting. */
static enum ser_result emit_hits(struct walk *w)
{
	size_t prev = 0;
	for (size_t k = 0; k < w->nhits; k++) {
		const struct top_hit *h = &w->hits[k];
		size_t e;
		bool c;
		emit_run(w, prev, h->start, false);
		if (!parse_value(w, (enum ser_spelling)h->spelling, h->start, 0, w->n, 0, &e, &c) || e != h->end)
			w->failed = true;
		if (w->failed) return SER_DECLINED;
		prev = e;
	}
	emit_run(w, prev, w->n, false);
	return w->failed ? SER_DECLINED : SER_REPAIRED;
}

/* Second pass by the first pass's steps, parsing nothing. The data start
 * and output offset of each open string are kept on a stack: strings open
 * inside strings only through a nested payload, one level of depth each. */
static enum ser_result replay(struct walk *w)
{
	struct data_open open[SERIALIZED_MAX_DEPTH + 4];
	size_t nopen = 0;
	for (size_t k = 0; k < w->nops && !w->failed; k++) {
		const struct ser_op *op = &w->ops[k];
		switch ((enum ser_op_kind)op->kind) {
		case OP_COPY: emit_copy(w, op->a, op->e); break;
		case OP_RUN: emit_run(w, op->a, op->e, op->s != 0); break;
		case OP_STR_BEGIN:
			if (nopen == sizeof open / sizeof open[0]) { w->failed = true; break; }
			open[nopen++] = data_opened(w, (enum ser_spelling)op->s, op->a, op->dlen, op->e);
			break;
		case OP_STR_END:
			if (!nopen) { w->failed = true; break; }
			nopen--;
			finish_len(w, (enum ser_spelling)op->s, open[nopen].dpos, op->dlen, op->old, open[nopen].data_out, op->a,
			           op->e);
			break;
		}
	}
	return w->failed ? SER_DECLINED : SER_REPAIRED;
}

static enum ser_result top(struct walk *w, unsigned spellings)
{
	const unsigned char *b = w->b;
	size_t n = w->n, i = 0, prev = 0;
	bool found = false, emit = w->emit;
	if (emit && !w->ops_full) return replay(w);
	if (emit && w->nhits <= TOP_HITS_CAP) return emit_hits(w);
	while ((i = next_start_byte(b, i, n)) < n) {
		if (!value_start(b, i, 0, n)) {
			i++;
			continue;
		}
		bool ok = false, any_committed = false, c;
		enum ser_spelling win = SER_LITERAL;
		size_t e = 0;
		/* first pass: the text before the value, taken back if it is none */
		struct op_mark before = mark(w);
		if (!emit) emit_run(w, prev, i, false);
		struct op_mark attempt = mark(w);
		w->emit = false;
		for (int s = 0; s < SER_SPELLING_COUNT; s++) {
			if (!(spellings & SER_SET(s))) continue;
			if (parse_value(w, (enum ser_spelling)s, i, 0, n, 0, &e, &c)) {
				ok = true;
				win = (enum ser_spelling)s;
				break;
			}
			take_back(w, attempt);
			any_committed |= c;
		}
		/* A quoted CSV field's data may parse in an earlier spelling
		 * too, read from the wrong quotes (its `""` taken for a quote
		 * and a byte): a reading that does not fill its field gives
		 * way to the csv spelling's, where that fills it (§7.2). */
		if (ok && win < SER_CSV && i > 0 && b[i - 1] == '"' && (spellings & SER_SET(SER_CSV)) && csv_opens(b, i) &&
		    !occupies(b, n, i, e, win)) {
			size_t ce;
			take_back(w, attempt);
			if (parse_value(w, SER_CSV, i, 0, n, 0, &ce, &c) && csv_field(b, n, i, ce)) {
				win = SER_CSV;
				e = ce;
			} else {
				take_back(w, attempt);
				/* the other reading's steps are not kept: it is
				 * declined or passed over below */
			}
		}
		w->emit = emit;
		if (!ok) {
			take_back(w, before);
			/* serialized_cut looks on: a value after this one may be cut */
			if (any_committed && !w->want_need) return SER_DECLINED;
			i++;
			continue;
		}
		if (!occupies(b, n, i, e, win)) {
			/* A value with a length that does not fill its field may be a
			 * stale length's prefix: decline. A bare scalar has no length
			 * and nothing to repair: look on. */
			take_back(w, before);
			if (!w->want_need && (b[i] == 's' || b[i] == 'a' || b[i] == 'O' || b[i] == 'C' || b[i] == 'E'))
				return SER_DECLINED;
			i++;
			continue;
		}
		if (emit) {
			emit_run(w, prev, i, false);
			parse_value(w, win, i, 0, n, 0, &e, &c);
			if (w->failed) return SER_DECLINED;
		} else {
			if (w->nhits < TOP_HITS_CAP) w->hits[w->nhits] = (struct top_hit){ i, e, (unsigned char)win };
			w->nhits++;
		}
		prev = i = e;
		found = true;
	}
	if (!found) return SER_NONE;
	emit_run(w, prev, n, false);
	return w->failed ? SER_DECLINED : SER_REPAIRED;
}

static enum ser_result walk(const unsigned char *b, size_t n, unsigned spellings, ser_rewrite_fn rewrite,
                            const struct ser_plan_calls *plan, void *ctx, struct buf *out)
{
	size_t la[2 * READINGS_CAP], lb[2 * READINGS_CAP];
	struct top_hit hits[TOP_HITS_CAP];
	struct span_memo memo[SPAN_MEMO_SIZE];
	unsigned char memo_state[SPAN_MEMO_SIZE];
	struct ser_op ops[SER_OPS_CAP];
	struct walk w = { .b = b, .n = n, .rw = rewrite, .plan = plan, .ctx = ctx, .out = out, .live = la, .next = lb,
	                  .hits = hits, .memo = memo, .memo_state = memo_state, .ops = ops };
	if (!out && !plan) return SER_NONE;
	if (out) out->len = 0;
	if (n == 0) return SER_NONE;
	w.ops_full = testhook_walk_reparsed || n > UINT32_MAX;
	if (w.ops_full) memset(memo_state, 0, sizeof memo_state);
	bool told = plan && plan->progress;
	w.progress_at = told ? SER_PROGRESS_STEP : SIZE_MAX;
	enum ser_result r = top(&w, spellings);
	if (r != SER_REPAIRED) return r;
	w.emit = true;
	w.progress_at = told ? SER_PROGRESS_STEP : SIZE_MAX;
	if (out) out->len = 0;
	return top(&w, spellings);
}

enum ser_result serialized_walk(const unsigned char *b, size_t n, unsigned spellings, ser_rewrite_fn rewrite,
                                void *ctx, struct buf *out)
{
	return walk(b, n, spellings, rewrite, NULL, ctx, out);
}

size_t serialized_cut(const unsigned char *b, size_t n, unsigned spellings)
{
	size_t la[2 * READINGS_CAP], lb[2 * READINGS_CAP];
	struct top_hit hits[TOP_HITS_CAP];
	struct walk w = { .b = b, .n = n, .live = la, .next = lb, .hits = hits, .ops_full = true, .want_need = true,
	                  .progress_at = SIZE_MAX };
	if (n == 0) return 0;
	static const struct ser_plan_calls none = { 0 };
	w.plan = &none;
	/* the first pass alone: it decides, calling nothing; the memo is
	 * not used while nothing is emitted */
	unsigned char memo_state[SPAN_MEMO_SIZE] = { 0 };
	struct span_memo memo[SPAN_MEMO_SIZE];
	w.memo = memo;
	w.memo_state = memo_state;
	top(&w, spellings);
	return w.need;
}

enum ser_result serialized_plan(const unsigned char *b, size_t n, unsigned spellings, const struct ser_plan_calls *calls,
                                void *ctx)
{
	return walk(b, n, spellings, NULL, calls, ctx, NULL);
}

bool testhook_walk_reparsed;
