/* json.c — the json type: a streaming RFC 8259 lexer (§9.1, §9.2).
 * Every byte is routed once: verbatim (punctuation, white space, numbers,
 * literals), into a held string token (rewritten as a value at its closing
 * quote), into a window segment (a string over the cap), or, after
 * malformed input, into a prose text segment to the end. */
#include "json.h"

#include "ascii.h"
#include "buf.h"
#include "bytescan.h"
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void tok_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct json *j = ctx;
	/* A JSON string holds no raw newline. */
	*line = j->tok.lines + 1;
	*column = (size_t)(off - j->tok.line_start) + 1;
}

void json_init(struct json *j, const struct framer_env *env)
{
	memset(j, 0, sizeof *j);
	framer_core_init(&j->c, env, SURFACE_JSON_STRING, false, true, SER_SET_DEFAULT, tok_position, j);
	spill_init(&j->spill);
}

void json_free(struct json *j)
{
	framer_core_free(&j->c);
	spill_free(&j->spill);
	hold_free(&j->tok);
	memset(j, 0, sizeof *j);
}

static void json_reset(void *self, const struct framer_start *st)
{
	struct json *j = self;
	framer_core_reset(&j->c, st);
	spill_end(&j->spill);   /* a string the last input left in the file */
	j->spilling = false;
	j->state = JSON_BETWEEN;
	j->expect = EXPECT_VALUE;
	j->depth = 0;
	j->path_len = 0;
	j->path_at[0] = 0;
	j->paths = j->c.report && j->c.report->opt.explain;
}

/* ---- the RFC 6901 path (explain) -------------------------------------- */

static void path_put(struct json *j, const char *s, size_t n)
{
	if (j->path_len + n > JSON_PATH_MAX) n = JSON_PATH_MAX - j->path_len;
	memcpy(j->path + j->path_len, s, n);
	j->path_len += n;
}

/* This level's segment: "/" and an array index. */
static void path_index(struct json *j)
{
	if (!j->paths) return;
	char b[32];
	int k = snprintf(b, sizeof b, "/%zu", j->index[j->depth - 1]);
	j->path_len = j->path_at[j->depth];
	path_put(j, b, (size_t)k);
}


static void path_char(struct json *j, unsigned long cp)
{
	char b[4];
	size_t n;
	if (cp == '~') { path_put(j, "~0", 2); return; }
	if (cp == '/') { path_put(j, "~1", 2); return; }
	if (cp < 0x80) { b[0] = (char)cp; n = 1; }
	else if (cp < 0x800) { b[0] = (char)(0xC0 | cp >> 6); b[1] = (char)(0x80 | (cp & 0x3F)); n = 2; }
	else if (cp < 0x10000) {
		b[0] = (char)(0xE0 | cp >> 12); b[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); b[2] = (char)(0x80 | (cp & 0x3F)); n = 3;
	} else {
		b[0] = (char)(0xF0 | cp >> 18); b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); b[3] = (char)(0x80 | (cp & 0x3F)); n = 4;
	}
	path_put(j, b, n);
}

static bool read_u(const unsigned char *k, size_t n, size_t i, unsigned long *v)
{
	if (i + 6 > n || k[i] != '\\' || k[i + 1] != 'u') return false;
	unsigned long x = 0;
	for (size_t m = i + 2; m < i + 6; m++) {
		int h = ascii_hex(k[m]);
		if (h < 0) return false;
		x = x * 16 + (unsigned long)h;
	}
	*v = x;
	return true;
}

/* This level's segment: "/" and the key, its JSON escapes decoded, then
 * `~` and `/` escaped (RFC 6901 section 3). */
static void path_key(struct json *j, const unsigned char *k, size_t n)
{
	if (!j->paths) return;
	j->path_len = j->path_at[j->depth];
	path_put(j, "/", 1);
	for (size_t i = 0; i < n; i++) {
		if (k[i] != '\\' || i + 1 >= n) { path_char(j, k[i]); continue; }
		unsigned char e = k[i + 1];
		unsigned long cp, lo;
		if (e == 'u' && read_u(k, n, i, &cp)) {
			i += 5;
			if (cp >= 0xD800 && cp <= 0xDBFF && read_u(k, n, i + 1, &lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				i += 6;
			}
			path_char(j, cp);
			continue;
		}
		i++;
		switch (e) {
		case 'b': path_char(j, '\b'); break;
		case 'f': path_char(j, '\f'); break;
		case 'n': path_char(j, '\n'); break;
		case 'r': path_char(j, '\r'); break;
		case 't': path_char(j, '\t'); break;
		default: path_char(j, e); break;   /* \" \\ \/ */
		}
	}
}

/* ---- malformed input ---------------------------------------------------- */

/* The string token's bytes: in the chunk being fed while the whole token
 * lies in it (not copied), else in j->tok. */


/* The temporary file failed under a string already given to it. */
static _Noreturn void spill_failed(const struct json *j)
{
	spill_fail(&j->spill, j->c.report ? j->c.report->file : "-", "JSON string", j->tok.start);
}

/* A string held in the file that malformed input cut: its bytes pass as
 * they were, kept from the sweep, and it is reported (§7.5). */
static void spilled_untouched(struct json *j)
{
	j->spilling = false;
	const unsigned char *b = spill_map(&j->spill);
	if (!b) spill_failed(j);
	size_t n = (size_t)j->spill.len;
	if (j->c.report) {
		struct report_event re = { .offset = j->tok.start, .action = ACTION_SKIPPED,
		                           .reason = REASON_SERIALIZED_UNTOUCHED,
		                           .surface = j->is_key ? SURFACE_JSON_KEY : SURFACE_JSON_STRING, .text = b,
		                           .text_len = 64 };
		if (j->c.lp.on) { re.line = j->tok.lines + 1; re.column = (size_t)(j->tok.start - j->tok.line_start) + 1; }
		report_add(j->c.report, &re);
	}
	for (size_t a = 0; a < n; a += VALUE_PIECE) {
		window_protected(&j->c.w, b + a, n - a < VALUE_PIECE ? n - a : VALUE_PIECE);
		spill_release(&j->spill, b + a);
	}
	spill_end(&j->spill);
}

/* Everything already written stays as it is; the rest of the stream is
 * prose on surface text, with one warning. */
static void malformed(struct json *j, uint64_t off, const char *why)
{
	if (j->c.report && !j->c.quiet)
		diag_warn(j->c.report->file, "malformed JSON at offset %llu (%s); the rest is processed as text", (unsigned long long)off, why);
	bool in_string = j->state == JSON_STRING || j->state == JSON_STRING_ESC || j->state == JSON_STRING_U;
	if (in_string && j->spilling) {
		/* the string so far, held in the file, cannot be a value now:
		 * it passes as it was, reported; the rest is text */
		spilled_untouched(j);
		linepos_upto(&j->c.lp, off);
		window_begin(&j->c.w, SURFACE_TEXT, off);
		if (j->c.lp.on) window_set_lines(&j->c.w, j->c.lp.lines, j->c.lp.line_start);
	} else if (in_string && j->oversize) {
		/* the string so far was matched as itself (or passed untouched);
		 * the rest is text */
		j->over_untouched = false;
		window_end(&j->c.w);
		window_set_path(&j->c.w, NULL, 0);
		linepos_upto(&j->c.lp, off);
		window_begin(&j->c.w, SURFACE_TEXT, off);
		if (j->c.lp.on) window_set_lines(&j->c.w, j->c.lp.lines, j->c.lp.line_start);
	} else if (in_string) {
		window_begin(&j->c.w, SURFACE_TEXT, j->tok.start);
		if (j->c.lp.on) window_set_lines(&j->c.w, j->tok.lines, j->tok.line_start);
		window_feed(&j->c.w, hold_data(&j->tok), j->tok.len);
		j->tok.src = NULL;
	} else {
		linepos_upto(&j->c.lp, off);
		window_begin(&j->c.w, SURFACE_TEXT, off);
		if (j->c.lp.on) window_set_lines(&j->c.w, j->c.lp.lines, j->c.lp.line_start);
	}
	j->state = JSON_TEXT;
}

/* ---- strings -------------------------------------------------------------- */

static void string_begin(struct json *j, uint64_t off, bool key)
{
	j->is_key = key;
	j->oversize = false;
	j->tok_amp = false;
	j->utf8_need = 0;
	hold_start(&j->tok, off, &j->c.lp);
	j->state = JSON_STRING;
}

/* A string over the cap streams through as prose, counted once (§9.1,
 * §11.2); one that may hold serialized data (§7.1) is held in a temporary
 * file to its closing quote and goes through the value pipeline from
 * there, so its lengths are repaired (§11.2); where no temporary file can
 * be made it passes untouched, kept from the sweep too, and is reported
 * (§7.5). */
static void go_oversize(struct json *j)
{
	j->oversize = true;
	enum surface s = j->is_key ? SURFACE_JSON_KEY : SURFACE_JSON_STRING;
	const char *path = j->paths ? j->path : NULL;
	size_t path_len = j->paths ? j->path_len : 0;
	enum framer_over r = framer_core_over_cap(&j->c, &j->tok, &j->spill, true, "JSON string", s, JSON_VALUE_CAP, path,
	                                          path_len, "");
	j->spilling = r == FRAMER_OVER_SPILLED;
	j->over_untouched = r == FRAMER_OVER_UNTOUCHED;
}

/* Bytes of the string token, which follow the ones before. */
static void tok_put(struct json *j, const unsigned char *p, size_t n)
{
	if (!n) return;
	if (j->tok.src && j->tok.len + n <= JSON_VALUE_CAP) { j->tok.len += n; return; }   /* read in place */
	if (!j->oversize && j->tok.len + n > JSON_VALUE_CAP) go_oversize(j);
	if (j->oversize) {
		framer_core_over_bytes(&j->c, j->spilling, j->over_untouched, &j->spill, &j->tok, "JSON string", p, n);
		return;
	}
	hold_copy(&j->tok, p, n, JSON_VALUE_CAP);
}

static void after_value(struct json *j)
{
	j->expect = j->depth ? EXPECT_COMMA_OR_CLOSE : EXPECT_VALUE;
}

/* The closing quote has been put: rewrite the whole token as a value. */
/* A string held in the file is complete: rewritten where the file is
 * mapped, its pages given back as the pipeline reads on (§11.2). Apart
 * from string_done, which the lexer's loop takes inline. */
static __attribute__((noinline)) void spilled_done(struct json *j, bool key)
{
	j->spilling = false;
	const unsigned char *t = spill_map(&j->spill);
	if (!t) spill_failed(j);
	size_t len = (size_t)j->spill.len;
	if (key) path_key(j, t + 1, len - 2);
	struct value_opts o = { .mode = MATCH_VALUE, .surface = key ? SURFACE_JSON_KEY : SURFACE_JSON_STRING,
	                        .entities = j->tok_amp, .json = true, .spellings = j->c.spellings };
	value_set_path(&j->c.vp, j->paths ? j->path : NULL, j->paths ? j->path_len : 0);
	value_set_release(&j->c.vp, spill_release_cb, &j->spill);
	value_write(&j->c.vp, t, len, j->tok.start, &o, &j->c.w, false);
	value_set_release(&j->c.vp, NULL, NULL);
	spill_end(&j->spill);
}

static void string_done(struct json *j)
{
	bool key = j->is_key;
	const unsigned char *t = hold_data(&j->tok);
	if (j->spilling) {
		spilled_done(j, key);
	} else {
		if (key) path_key(j, t + 1, j->tok.len - 2);
		if (j->oversize) {
			if (!j->over_untouched) window_end(&j->c.w);
			window_set_path(&j->c.w, NULL, 0);
		} else {
			struct value_opts o = { .mode = MATCH_VALUE, .surface = key ? SURFACE_JSON_KEY : SURFACE_JSON_STRING,
			                        .entities = j->tok_amp, .json = true, .spellings = j->c.spellings };
			value_set_path(&j->c.vp, j->paths ? j->path : NULL, j->paths ? j->path_len : 0);
			value_write(&j->c.vp, t, j->tok.len, j->tok.start, &o, &j->c.w, j->tok.src != NULL);
		}
	}
	j->state = JSON_BETWEEN;
	if (key) j->expect = EXPECT_COLON;
	else after_value(j);
}

/* ---- the main loop ---------------------------------------------------- */


static bool scalar_byte(unsigned char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' ||
	       (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* RFC 8259 section 6 number states; the accepting ones are ZERO, INT, FRAC, EXP. */
enum { N_START, N_MINUS, N_ZERO, N_INT, N_DOT, N_FRAC, N_E, N_ESIGN, N_EXP, N_BAD };

static void scalar_begin(struct json *j, unsigned char c)
{
	j->scalar_len = 0;
	j->keyword = c == 't' ? "true" : c == 'f' ? "false" : c == 'n' ? "null" : NULL;
	j->num = j->keyword ? -1 : N_START;
}

static void scalar_step(struct json *j, unsigned char c)
{
	size_t k = j->scalar_len++;
	if (j->num < 0) {
		/* past its end the keyword's NUL differs from any scalar byte
		 * (no strlen per byte) */
		if (j->keyword[k] != (char)c) j->num = N_BAD, j->keyword = NULL;
		return;
	}
	bool d = c >= '0' && c <= '9';
	switch (j->num) {
	case N_START: j->num = c == '-' ? N_MINUS : c == '0' ? N_ZERO : d ? N_INT : N_BAD; break;
	case N_MINUS: j->num = c == '0' ? N_ZERO : d ? N_INT : N_BAD; break;
	case N_ZERO: j->num = c == '.' ? N_DOT : (c == 'e' || c == 'E') ? N_E : N_BAD; break;
	case N_INT: j->num = d ? N_INT : c == '.' ? N_DOT : (c == 'e' || c == 'E') ? N_E : N_BAD; break;
	case N_DOT: j->num = d ? N_FRAC : N_BAD; break;
	case N_FRAC: j->num = d ? N_FRAC : (c == 'e' || c == 'E') ? N_E : N_BAD; break;
	case N_E: j->num = (c == '+' || c == '-') ? N_ESIGN : d ? N_EXP : N_BAD; break;
	case N_ESIGN: case N_EXP: j->num = d ? N_EXP : N_BAD; break;
	default: break;
	}
}

static bool scalar_ok(const struct json *j)
{
	if (j->num < 0) return j->keyword && j->keyword[j->scalar_len] == '\0';   /* every byte matched it, and all of it */
	return j->num == N_ZERO || j->num == N_INT || j->num == N_FRAC || j->num == N_EXP;
}

/* A value is starting: in an array it is the next element (path).
 * Inlined at its three callers, once a token. */
static inline __attribute__((always_inline)) bool value_start_ok(struct json *j)
{
	if (j->expect != EXPECT_VALUE && j->expect != EXPECT_VALUE_OR_CLOSE) return false;
	if (j->paths && j->depth && !j->in_object[j->depth - 1]) path_index(j);
	return true;
}


/* The length of the escape (RFC 8259 section 7) or well-formed UTF-8
 * sequence (RFC 3629 section 4) at p[0], a byte other than printable ASCII inside
 * a string, when it lies whole in p[0..avail); else 0. Accepts exactly
 * what the byte states of json_feed accept, in fewer steps. */
static size_t whole_sequence(const unsigned char *p, size_t avail)
{
	unsigned char b = p[0];
	if (b == '\\') {
		if (avail < 2) return 0;
		switch (p[1]) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't': return 2;
		case 'u': return avail >= 6 && ascii_is(p[2], ASCII_HEX) && ascii_is(p[3], ASCII_HEX) && ascii_is(p[4], ASCII_HEX) && ascii_is(p[5], ASCII_HEX) ? 6 : 0;
		default: return 0;
		}
	}
	if (b < 0xC2 || b > 0xF4) return 0;
	size_t need = b <= 0xDF ? 1 : b <= 0xEF ? 2 : 3;
	if (avail <= need) return 0;
	unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
	if (p[1] < lo || p[1] > hi) return 0;
	for (size_t m = 2; m <= need; m++)
		if (p[m] < 0x80 || p[m] > 0xBF) return 0;
	return need + 1;
}

#if defined(__SSE2__)
#include <emmintrin.h>

enum block_result { BLOCK_SLOW, BLOCK_TAKEN, BLOCK_CLOSED };

/* W string bytes at p, from a character boundary (not after a
 * backslash, not inside a UTF-8 sequence); p[0..W+4) must be readable
 * (the bytes an escape near p[W-1] takes). The text of Finnish or Japanese
 * WordPress posts, full of `\"`, `\u00e4`, `\n` and UTF-8, stops a scan
 * for the next special byte every few bytes; here a block is checked at
 * once, by the rules of the byte states (RFC 8259 section 7, RFC 3629 section 4):
 *   BLOCK_TAKEN   every byte up to *adv (W-5..W) is a whole character of
 *                 the string, and *adv is a character boundary;
 *   BLOCK_CLOSED  the same up to p[*adv], the string's closing quote;
 *   BLOCK_SLOW    something the byte states must decide (an error, an
 *                 escaped backslash): nothing is taken. In doubt the
 *                 answer is BLOCK_SLOW.
 * One definition for two widths: 16 bytes (SSE2) and 32 (AVX2, where the
 * CPU has it). V names the width's byte tests, each one bit a byte:
 * V##_high (0x80 and up), V##_below (below 0x20 or 0x80 and up: signed),
 * V##_eq, V##_ge (unsigned), V##_escape (a letter that may follow a
 * backslash but `\\`: `"` `/` b f n r t u) and V##_hex (a hex digit). */
#define STRING_BLOCK(NAME, ATTR, V, W)                                                                          \
	ATTR static enum block_result NAME(const unsigned char *p, size_t *adv, bool *amp)                      \
	{                                                                                                       \
		const uint64_t all = (W) == 64 ? ~0ull : (1ull << ((W) & 63)) - 1;                            \
		const V##_vec x = V##_load(p);                                                                  \
		const uint64_t high = V##_high(x), low_or_high = V##_below(x, 0x20);                           \
		const uint64_t bs = V##_eq(x, '\\'), q = V##_eq(x, '"');                                        \
		const uint64_t amps = V##_eq(x, '&');                                                           \
		const uint64_t special = low_or_high | bs | q;                                                  \
		if (!special) {                                                                                 \
			if (amps) *amp = true;                                                                  \
			*adv = (W);                                                                             \
			return BLOCK_TAKEN;                                                                     \
		}                                                                                               \
		if (q & special & -special) {                                                                   \
			/* the first byte that is not printable ASCII is a quote: the                           \
			 * closing one, after plain bytes (most keys and short values;                          \
			 * what follows it is the next token's) */                                              \
			const unsigned s = (unsigned)__builtin_ctzll(special);                                  \
			if (amps & ((1ull << s) - 1)) *amp = true;                                              \
			*adv = s;                                                                               \
			return BLOCK_CLOSED;                                                                    \
		}                                                                                               \
		uint64_t taken = bs << 1; /* the byte each escape takes */                                      \
		uint64_t u = 0;           /* the escapes that are `\uXXXX` */                                   \
		if (bs) {                                                                                       \
			const V##_vec y = V##_load(p + 1);                                                      \
			u = bs & V##_eq(y, 'u');                                                                \
			/* `\\` is not among them: an escaped backslash is left to the                          \
			 * byte states, so every backslash here opens an escape */                              \
			if (bs & ~V##_escape(y)) return BLOCK_SLOW; /* a bad escape, or `\\` */                  \
			if (u) {                                                                                \
				/* the four hex digits, read p[2..W+4) wide: bit i of hex is p[i] */            \
				const uint64_t hex = V##_hex(x) | V##_hex(V##_load(p + 4)) << 4;                \
				/* one at p[W-1] has digits past p[W+3]: the block stops at it */               \
				const uint64_t within = u & (all >> 1);                                         \
				const uint64_t digits = within << 2 | within << 3 | within << 4 | within << 5; \
				if (digits & ~hex) return BLOCK_SLOW; /* a bad \u escape */                     \
				taken |= digits;                                                                \
			}                                                                                       \
		}                                                                                               \
		/* the closing quote, if the block has it: the string's bytes are `in` */                       \
		const uint64_t closing = q & ~taken & all;                                                      \
		uint64_t in = all, upto = all; /* the string's bytes; those and the quote */                   \
		unsigned s = (W);                                                                               \
		if (closing) {                                                                                  \
			s = (unsigned)__builtin_ctzll(closing);                                                 \
			in = (1ull << s) - 1;                                                                   \
			upto = in | 1ull << s;                                                                  \
		}                                                                                               \
		if (low_or_high & ~high & in) return BLOCK_SLOW; /* a control byte */                          \
		unsigned end = s;                                                                               \
		if (high & upto) {                                                                              \
			const uint64_t lead = V##_ge(x, 0xC0), lead3 = V##_ge(x, 0xE0), lead4 = V##_ge(x, 0xF0); \
			const uint64_t cont = high & ~lead;                                                     \
			/* every continuation byte belongs to the lead before it, and                           \
			 * every lead has its continuation bytes (those past the block                          \
			 * aside) */                                                                            \
			const uint64_t claimed = lead << 1 | lead3 << 2 | lead4 << 3;                           \
			if ((cont ^ claimed) & upto) return BLOCK_SLOW;                                         \
			uint64_t err = lead & ~V##_ge(x, 0xC2); /* C0, C1 */                                    \
			if (lead3 & upto) {                                                                     \
				/* the rules of the longer forms, where one starts                             \
				 * (two-byte text, Finnish say, has none) */                                   \
				const uint64_t ge_a0 = V##_ge(x, 0xA0), ge_90 = V##_ge(x, 0x90);                \
				err |= V##_ge(x, 0xF5);                /* F5..FF */                             \
				err |= V##_eq(x, 0xE0) << 1 & ~ge_a0; /* no overlong three-byte form */        \
				err |= V##_eq(x, 0xED) << 1 & ge_a0;  /* no surrogate */                       \
				err |= V##_eq(x, 0xF0) << 1 & ~ge_90; /* no overlong four-byte form */         \
				err |= V##_eq(x, 0xF4) << 1 & ge_90;  /* nothing past U+10FFFF */              \
			}                                                                                       \
			if (err & in) return BLOCK_SLOW;                                                        \
			if (!closing) {                                                                         \
				/* a sequence running past the block: stop at its lead */                       \
				const uint64_t top = 1ull << ((W) - 1);                                         \
				uint64_t past = (lead & top) | (lead3 & top >> 1) | (lead4 & top >> 2);         \
				if (past) end = (unsigned)__builtin_ctzll(past);                                \
			}                                                                                       \
		}                                                                                               \
		if (!closing) {                                                                                 \
			/* an escape taking bytes past the block: stop at it */                                 \
			uint64_t past = (bs & 1ull << ((W) - 1)) | (u & 0x1Full << ((W) - 5));                   \
			if (past && end > (unsigned)__builtin_ctzll(past)) end = (unsigned)__builtin_ctzll(past); \
		}                                                                                               \
		if (amps & upto) *amp = true; /* a '&' past `end` is read again by the next block */           \
		*adv = end;                                                                                     \
		return closing ? BLOCK_CLOSED : BLOCK_TAKEN;                                                    \
	}

typedef __m128i v16_vec;
static v16_vec v16_load(const unsigned char *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static uint64_t v16_high(v16_vec x) { return (unsigned)_mm_movemask_epi8(x); }
static uint64_t v16_below(v16_vec x, char c) { return (unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(x, _mm_set1_epi8(c))); }
static uint64_t v16_eq(v16_vec x, unsigned char c) { return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)c))); }
/* bytes >= c, unsigned: max(x, c) == x */
static uint64_t v16_ge(v16_vec x, unsigned char c)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8((char)c)), x));
}
static uint64_t v16_escape(v16_vec y)
{
	return v16_eq(y, '"') | v16_eq(y, '/') | v16_eq(y, 'b') | v16_eq(y, 'f') | v16_eq(y, 'n') | v16_eq(y, 'r') |
	       v16_eq(y, 't') | v16_eq(y, 'u');
}
static uint64_t v16_hex(v16_vec x)
{
	const v16_vec xl = _mm_or_si128(x, _mm_set1_epi8(0x20));
	return (v16_ge(x, '0') & ~v16_ge(x, ':')) | (v16_ge(xl, 'a') & ~v16_ge(xl, 'g'));
}
STRING_BLOCK(string_block, , v16, 16)

#if defined(BYTESCAN_AVX2)
#define AVX2 __attribute__((target("avx2")))
typedef __m256i v32_vec;
AVX2 static v32_vec v32_load(const unsigned char *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
AVX2 static uint64_t v32_high(v32_vec x) { return (uint32_t)_mm256_movemask_epi8(x); }
AVX2 static uint64_t v32_below(v32_vec x, char c) { return (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(c), x)); }
AVX2 static uint64_t v32_eq(v32_vec x, unsigned char c) { return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)c))); }
AVX2 static uint64_t v32_ge(v32_vec x, unsigned char c)
{
	return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(x, _mm256_set1_epi8((char)c)), x));
}
/* Membership in a byte set by two nibble tables (one lookup in place
 * of a compare per member): bit k of lo[c & 15] and of hi[c >> 4]
 * both set for the members of group k, none for any other byte (a byte of
 * 0x80 and up has a high nibble no group uses). Each 16-byte table is
 * given twice, as vpshufb looks up within each 128-bit lane. */
AVX2 static uint64_t v32_in_set(v32_vec x, __m256i lo, __m256i hi)
{
	const __m256i nib = _mm256_set1_epi8(0x0F);
	const __m256i l = _mm256_shuffle_epi8(lo, _mm256_and_si256(x, nib));
	const __m256i h = _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib));
	const __m256i none = _mm256_cmpeq_epi8(_mm256_and_si256(l, h), _mm256_setzero_si256());
	return ~(uint32_t)_mm256_movemask_epi8(none) & 0xFFFFFFFFu;
}
#define NIBBLES(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, aA, aB, aC, aD, aE, aF)                                   \
	_mm256_setr_epi8(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, aA, aB, aC, aD, aE, aF, a0, a1, a2, a3, a4, a5, a6, a7, \
	                 a8, a9, aA, aB, aC, aD, aE, aF)
/* groups: 1 the 0x2_ row (`"` 0x22, `/` 0x2F), 2 the 0x6_ row (b f n),
 * 4 the 0x7_ row (r t u) */
AVX2 static uint64_t v32_escape(v32_vec y)
{
	return v32_in_set(y, NIBBLES(0, 0, 1 | 2 | 4, 0, 4, 4, 2, 0, 0, 0, 0, 0, 0, 0, 2, 1),
	                  NIBBLES(0, 0, 1, 0, 0, 0, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0));
}
/* groups: 1 the digits (0x30-0x39), 2 the letters a-f and A-F (0x41-0x46,
 * 0x61-0x66) */
AVX2 static uint64_t v32_hex(v32_vec x)
{
	return v32_in_set(x, NIBBLES(1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0),
	                  NIBBLES(0, 0, 0, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0));
}
#undef NIBBLES
STRING_BLOCK(string_block32, AVX2, v32, 32)
/* 64 bytes as two AVX2 vectors, each test's two masks joined: the mask
 * logic and the branches of a block are spent once per 64 bytes, not per
 * 32. Bits an escape or a sequence would take past bit 63 are
 * shifted out; the block stops at such an escape or lead (its `past`), so
 * they are never needed. */
typedef struct { __m256i a, b; } v64_vec;
AVX2 static v64_vec v64_load(const unsigned char *p) { return (v64_vec){ v32_load(p), v32_load(p + 32) }; }
AVX2 static uint64_t v64_high(v64_vec x) { return v32_high(x.a) | v32_high(x.b) << 32; }
AVX2 static uint64_t v64_below(v64_vec x, char c) { return v32_below(x.a, c) | v32_below(x.b, c) << 32; }
AVX2 static uint64_t v64_eq(v64_vec x, unsigned char c) { return v32_eq(x.a, c) | v32_eq(x.b, c) << 32; }
AVX2 static uint64_t v64_ge(v64_vec x, unsigned char c) { return v32_ge(x.a, c) | v32_ge(x.b, c) << 32; }
AVX2 static uint64_t v64_escape(v64_vec y) { return v32_escape(y.a) | v32_escape(y.b) << 32; }
AVX2 static uint64_t v64_hex(v64_vec x) { return v32_hex(x.a) | v32_hex(x.b) << 32; }
STRING_BLOCK(string_block64, AVX2, v64, 64)
/* Blocks of p[*k..n) while they are taken, in one call (the block test is
 * inlined here, where AVX2 may be used): 64 bytes a step while 68 lie in
 * the chunk, 32 where 36 do or where a 64-byte block was refused; the last
 * block's answer. */
AVX2 static enum block_result string_blocks32(const unsigned char *p, size_t *k, size_t n, size_t *adv, bool *amp)
{
	enum block_result r = BLOCK_SLOW;
	size_t i = *k;
	while (n - i > 36) {
		r = n - i > 68 ? string_block64(p + i, adv, amp) : BLOCK_SLOW;
		if (r == BLOCK_SLOW) r = string_block32(p + i, adv, amp);   /* the first half may still be taken */
		if (r != BLOCK_TAKEN) break;
		i += *adv;
	}
	*k = i;
	return r;
}
#undef AVX2
#endif
#endif

/* Where the JSON white space from p[i] ends (n if it reaches the end). */
static inline size_t skip_space(const unsigned char *p, size_t i, size_t n)
{
	while (i < n && ascii_space_json(p[i])) i++;
	return i;
}

/* Between tokens: white space, then a string's opening quote, a
 * bracket, a comma, a colon or a scalar's first byte (RFC 8259 §2),
 * checked against what may come next. Returns where the step ends. */
static inline __attribute__((always_inline)) size_t read_between(struct json *j, const unsigned char *p, size_t i,
                                                                  size_t n)
{
	size_t k = skip_space(p, i, n);
	window_verbatim_ref(&j->c.w, p + i, k - i);
	i = k;
	if (i == n) return i;
	unsigned char c = p[i];
	if (c == '"') {
		bool key = j->expect == EXPECT_KEY_OR_CLOSE || j->expect == EXPECT_KEY;
		if (!key && !value_start_ok(j)) { malformed(j, j->c.lp.chunk_off + i, "unexpected string"); return i; }
		string_begin(j, j->c.lp.chunk_off + i, key);
		j->tok.src = p + i;   /* the opening quote: read in place */
		j->tok.len = 1;
		i++;
	} else if (c == '{' || c == '[') {
		if (!value_start_ok(j)) { malformed(j, j->c.lp.chunk_off + i, "unexpected bracket"); return i; }
		if (j->depth == JSON_DEPTH_MAX) { malformed(j, j->c.lp.chunk_off + i, "nested too deep"); return i; }
		window_verbatim_ref(&j->c.w, p + i, 1);
		j->in_object[j->depth] = c == '{';
		j->index[j->depth] = 0;
		j->depth++;
		j->path_at[j->depth] = j->path_len;
		j->expect = c == '{' ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE;
		i++;
	} else if (c == '}' || c == ']') {
		bool obj = c == '}';
		bool ok = j->depth && j->in_object[j->depth - 1] == obj &&
		          (j->expect == EXPECT_COMMA_OR_CLOSE ||
		           j->expect == (obj ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE));
		if (!ok) { malformed(j, j->c.lp.chunk_off + i, "unexpected close"); return i; }
		window_verbatim_ref(&j->c.w, p + i, 1);
		j->depth--;
		j->path_len = j->path_at[j->depth + 1];  /* the container's own path */
		after_value(j);
		i++;
	} else if (c == ',') {
		if (j->expect != EXPECT_COMMA_OR_CLOSE) { malformed(j, j->c.lp.chunk_off + i, "unexpected comma"); return i; }
		window_verbatim_ref(&j->c.w, p + i, 1);
		if (j->in_object[j->depth - 1]) j->expect = EXPECT_KEY;
		else { j->index[j->depth - 1]++; j->expect = EXPECT_VALUE; }
		i++;
	} else if (c == ':') {
		if (j->expect != EXPECT_COLON) { malformed(j, j->c.lp.chunk_off + i, "unexpected colon"); return i; }
		window_verbatim_ref(&j->c.w, p + i, 1);
		j->expect = EXPECT_VALUE;
		i++;
	} else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n') {
		if (!value_start_ok(j)) { malformed(j, j->c.lp.chunk_off + i, "unexpected value"); return i; }
		scalar_begin(j, c);
		j->state = JSON_SCALAR;
	} else {
		malformed(j, j->c.lp.chunk_off + i, "not JSON");
	}
	return i;
}

/* A string's bytes, escapes and UTF-8 checked on the way, up to its
 * closing quote, an error or the end of the chunk: held in one step.
 * Returns where the step ends. */
static inline __attribute__((always_inline)) size_t read_string(struct json *j, const unsigned char *p, size_t i,
                                                                 size_t n)
{
	size_t k = i;
	enum json_state st = j->state;
	const char *bad = NULL;
	bool closed = false;
#if defined(__SSE2__)
	size_t slow_until = 0;   /* the byte states decide the bytes before this */
#endif
	while (k < n) {
		/* printable ASCII is most of a string; skip it 32
		 * (AVX2) or 16 bytes a step, at the level bytescan
		 * runs (HOSTSHIFT_SIMD, docs/cli.md) */
		if (st == JSON_STRING && !j->utf8_need) {
#if defined(__SSE2__)
			if (k >= slow_until && bytescan_sse2()) {
				enum block_result r = BLOCK_SLOW;
				size_t adv = 0;
#if defined(BYTESCAN_AVX2)
				if (bytescan_have_avx2()) r = string_blocks32(p, &k, n, &adv, &j->tok_amp);
				if (r != BLOCK_CLOSED)
#endif
				while (n - k > 20 && (r = string_block(p + k, &adv, &j->tok_amp)) == BLOCK_TAKEN) k += adv;
				if (r == BLOCK_CLOSED) {
					/* at the closing quote, as the byte states take it */
					k += adv + 1;
					closed = true;
					break;
				}
				if (n - k > 20) slow_until = k + 16;
			}
#endif
			/* the bytes this skips are not looked at for a '&' */
			size_t from = k;
			k = bytescan_json_special(p, k, n);
			if (k > from) j->tok_amp = true;
			if (k == n) break;
			/* a whole escape or UTF-8 sequence within the chunk
			 * is taken in one step; what it does not take (an
			 * error, a sequence cut by the chunk's end) goes
			 * through the byte states below */
			size_t w = whole_sequence(p + k, n - k);
			if (w) { k += w; continue; }
		}
		unsigned char b = p[k];
		if (b == '&') j->tok_amp = true;
		if (st == JSON_STRING) {
			if (j->utf8_need) {
				if (b < j->utf8_lo || b > j->utf8_hi) { bad = "invalid UTF-8"; break; }
				j->utf8_need--;
				j->utf8_lo = 0x80;
				j->utf8_hi = 0xBF;
			} else if (b >= 0x20 && b < 0x80) {
				if (b == '"') { closed = true; k++; break; }
				if (b == '\\') st = JSON_STRING_ESC;
			} else if (b >= 0xC2 && b <= 0xF4) {
				/* RFC 3629 section 4: no overlong forms, no surrogates, nothing past U+10FFFF */
				j->utf8_need = b <= 0xDF ? 1 : b <= 0xEF ? 2 : 3;
				j->utf8_lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
				j->utf8_hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
			} else {
				bad = b < 0x20 ? "control character in a string" : "invalid UTF-8";
				break;
			}
		} else if (st == JSON_STRING_ESC) {
			if (b == 'u') { j->u_digits = 0; st = JSON_STRING_U; }
			else if (b == '"' || b == '\\' || b == '/' || b == 'b' || b == 'f' || b == 'n' || b == 'r' || b == 't')
				st = JSON_STRING;
			else { bad = "bad escape"; break; }
		} else {
			if (!ascii_is(b, ASCII_HEX)) { bad = "bad \\u escape"; break; }
			if (++j->u_digits == 4) st = JSON_STRING;
		}
		k++;
	}
	j->state = st;
	tok_put(j, p + i, k - i);
	i = k;
	if (bad) malformed(j, j->c.lp.chunk_off + i, bad);
	else if (closed) string_done(j);
	return i;
}

static void json_feed(void *self, const unsigned char *p, size_t n)
{
	struct json *j = self;
	framer_core_chunk_begin(&j->c, p);
#define OFF(k) (j->c.lp.chunk_off + (k))   /* the input offset of p[k] */
	size_t i = 0;
	while (i < n) {
		switch (j->state) {
		case JSON_BETWEEN:
			i = read_between(j, p, i, n);
			break;
		case JSON_SCALAR: {
			size_t k = i;
			while (k < n && scalar_byte(p[k])) k++;
			for (size_t m = i; m < k; m++) scalar_step(j, p[m]);
			window_verbatim_ref(&j->c.w, p + i, k - i);
			i = k;
			if (i == n) break;
			if (!scalar_ok(j)) { malformed(j, OFF(i), "bad literal"); break; }
			j->state = JSON_BETWEEN;
			after_value(j);
			break;
		}
		case JSON_STRING: case JSON_STRING_ESC: case JSON_STRING_U:
			i = read_string(j, p, i, n);
			break;
		case JSON_TEXT:
			window_feed(&j->c.w, p + i, n - i);
			i = n;
			break;
		}
	}
#undef OFF
	if (j->tok.src && (j->state == JSON_STRING || j->state == JSON_STRING_ESC || j->state == JSON_STRING_U)) {
		/* the string goes on past the chunk: its bytes so far are held */
		const unsigned char *src = j->tok.src;
		size_t len = j->tok.len;
		j->tok.src = NULL;
		j->tok.len = 0;
		tok_put(j, src, len);
	}
	framer_core_chunk_end(&j->c, n);
}

static void json_finish(void *self)
{
	struct json *j = self;
	switch (j->state) {
	case JSON_STRING: case JSON_STRING_ESC: case JSON_STRING_U:
		malformed(j, j->c.in_off, "truncated string");
		break;
	case JSON_SCALAR:
		if (!scalar_ok(j) && j->c.report && !j->c.quiet)
			diag_warn(j->c.report->file, "malformed JSON at offset %llu (bad literal)",
			        (unsigned long long)j->c.in_off);
		break;
	case JSON_BETWEEN:
		if (j->depth && j->c.report && !j->c.quiet)
			diag_warn(j->c.report->file, "malformed JSON at offset %llu (truncated)",
			        (unsigned long long)j->c.in_off);
		break;
	default:
		break;
	}
	window_end(&j->c.w);
	j->state = JSON_BETWEEN;
	window_flush(&j->c.w);
}

const struct framer json_framer = { json_reset, json_feed, json_finish };
