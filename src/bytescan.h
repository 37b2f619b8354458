/* bytescan.h — owns the fast byte searches that memchr does not offer
 * (for the matcher's prefilter, §3.1–§3.2): a byte followed by one of two bytes.
 * 16 bytes at a time with SSE2 where the compiler has it (32 with AVX2 where
 * the CPU has it), else bytewise; all give the same answer. No call per
 * uninteresting byte, which is what a memchr loop over a frequent byte ('/'
 * in HTML) costs.
 *
 * Which of the three runs is chosen at run time, one level for the whole
 * program (HOSTSHIFT_SIMD, docs/cli.md): the best the CPU has unless the
 * wiring asks for less, so that every path can be run and compared in one
 * binary. Each vector block asks with one load and a branch that always
 * goes the same way. */
#ifndef HOSTSHIFT_BYTESCAN_H
#define HOSTSHIFT_BYTESCAN_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The levels, each using the ones below it for what it lacks: the byte
 * loops alone, the 16-byte SSE2 steps, the 32-byte AVX2 steps. */
enum bytescan_level { BYTESCAN_LEVEL_PORTABLE, BYTESCAN_LEVEL_SSE2, BYTESCAN_LEVEL_AVX2 };

/* The level in use: the best the CPU has from the start (bytescan.c
 * decides it before main runs where the compiler can ask the CPU, else it
 * is the best the build has). Read it here; set it only through
 * bytescan_set_level or bytescan_select. */
extern int bytescan_level_in_use;

/* The best level this CPU and build have. */
enum bytescan_level bytescan_best_level(void);
/* Use level l from now on; false (and nothing changed) if this CPU or
 * build does not have it. */
bool bytescan_set_level(enum bytescan_level l);
/* The level named by value ("avx2", "sse2", "portable"; NULL or empty:
 * the best), set: false with a message in err[0..cap) for a name that is
 * none of them or a level this CPU or build does not have. `what` names
 * where value came from, for the message. */
bool bytescan_select(const char *what, const char *value, char *err, size_t cap);
/* "portable", "sse2" or "avx2". */
const char *bytescan_level_name(enum bytescan_level l);

/* Whether the SSE2 steps run: at every level but BYTESCAN_LEVEL_PORTABLE. */
static inline bool bytescan_sse2(void)
{
	return bytescan_level_in_use != BYTESCAN_LEVEL_PORTABLE;
}

/* 16 where the SSE2 steps run, else more than any buffer (kept with the
 * level by bytescan.c). */
extern size_t bytescan_sse2_from;

/* Whether the SSE2 steps run over `left` bytes: at least 16 of them, and
 * not at BYTESCAN_LEVEL_PORTABLE. The scans made for every tag, attribute
 * and value begin their steps with this one test in place of the
 * `left >= 16` they make anyway (against a variable, not a constant; the
 * compiler is told that `left >= 16` holds after it, and drops the first
 * step's own test), so the level costs them a load, not a branch. */
static inline bool bytescan_sse2_steps(size_t left)
{
	if (left < bytescan_sse2_from) return false;
#if defined(__GNUC__)
	if (left < 16) __builtin_unreachable();
#endif
	return true;
}

#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define BYTESCAN_AVX2 1
/* Whether the AVX2 steps run, for this module and the JSON string blocks. */
static inline bool bytescan_have_avx2(void)
{
	return bytescan_level_in_use == BYTESCAN_LEVEL_AVX2;
}
#endif

/* The first i in [from, len) with b[i] == c and i + 1 < len and b[i + 1]
 * == n1 or n2; len if there is none. */
size_t bytescan_pair(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                     unsigned char n2);

/* The first i in [from, len) where one of the serialized gate's byte pairs
 * starts: ':' and a digit, 'N' and ';' or '%', '%' and '3'; len if none. */
size_t bytescan_serialized_pairs(const unsigned char *b, size_t from, size_t len);

/* The same for two leads: b[i] == c and b[i + 1] == n1 or n2, or b[i] ==
 * d and b[i + 1] == m; the first i where either holds, else len. */
size_t bytescan_pair2(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                      unsigned char n2, unsigned char d, unsigned char m);
/* bytescan_pair2(b, from, len, '/', '/', '\\', '%', '2'): the matcher's
 * separators, with their bytes known to the compiler. */
size_t bytescan_separators(const unsigned char *b, size_t from, size_t len);

/* The JSON matcher's separator candidates (matcher.c, §3.2 step 1): the
 * first i >= from where a `/` is followed by `/`, or by `\` and then `/`
 * or `\` (the first slash of `//`, `\/\/`, `\\/\\/`); a `%` by `2`
 * (`%2F`); a `\` has `0` two bytes on and `2` four (`\u002F`); len if
 * there is none. Each is a superset of what the matcher's step 3 accepts
 * there, and the false starts of WordPress JSON (`\/\"` closing a URL,
 * `\u4e2d`) are not among them (each would cost a call and a turn of
 * the matcher's loop, in the stage, its reference re-match and the
 * sweep). */
size_t bytescan_json_separators(const unsigned char *b, size_t from, size_t len);

/* The first i in [from, len) whose byte a JSON string cannot hold as
 * itself (RFC 8259 section 7: `"`, `\`, a control byte below 0x20) or that
 * starts or continues UTF-8 (0x80 and up); len if there is none. */
size_t bytescan_json_special(const unsigned char *b, size_t from, size_t len);

/* Whether b[0..len), read as JSON string bytes from b[0] (every backslash
 * escapes the byte after it), holds the escape `\/`: a backslash and '/'
 * found as a pair (bytescan_pair), then the backslashes before it counted
 * (not a byte loop, which would read every byte of long strings full of
 * escapes). */
bool bytescan_escaped_slash(const unsigned char *b, size_t len);
/* The first i in [from, len) where b[i] is a UTF-8 lead byte (from 0xC0)
 * other than skip, or c1 or c2; len if none (skip 0: any lead byte). */
size_t bytescan_lead_or(const unsigned char *b, size_t from, size_t len, unsigned char skip, unsigned char c1,
                        unsigned char c2);
/* The first i in [from, len) where b[i] is `%`, c1, c2, a byte up to CR
 * (TAB, LF, CR among them: a superset the caller passes over) or, with
 * lead, a UTF-8 lead byte (from 0xC0) other than skip; len if none. The
 * marks of the locator's gate for a value with no canonical host in its
 * bytes (docs/rules.md §3.9). */
size_t bytescan_hide_marks(const unsigned char *b, size_t from, size_t len, unsigned char c1, unsigned char c2, bool lead,
                           unsigned char skip);
/* The first i in [from, len) with b[i] one of `/ \ : %`; len if none. */
size_t bytescan_slash_colon_pct(const unsigned char *b, size_t from, size_t len);
/* Ends a step of bytescan_text_end over b[j ..): its masks of '<', of
 * '&' and '%', and of lead bytes, from bit `from` (below it, bytes already
 * looked at), taken up to its '<' if it has one; true there, with *end. */
static inline __attribute__((always_inline)) bool bytescan_text_end_take(size_t j, unsigned from, uint32_t lt, uint32_t am,
                                                                uint32_t hi, size_t *mark, bool *high, size_t *end)
{
	uint32_t keep = ~0u << from;
	lt &= keep;
	uint32_t before = lt ? (1u << __builtin_ctz(lt)) - 1 : ~0u;
	am &= keep & before;
	if (am && *mark == SIZE_MAX) *mark = j + (size_t)__builtin_ctz(am);
	if (hi & keep & before) *high = true;
	if (!lt) return false;
	*end = j + (size_t)__builtin_ctz(lt);
	if (*mark == SIZE_MAX) *mark = *end;
	return true;
}

#if defined(__SSE2__)
/* 0xFF where x holds a UTF-8 lead byte (from 0xC0) other than skip: the
 * lead bytes every scan here that looks for a folded character reads. */
static inline __m128i bytescan_leads16(__m128i x, __m128i skip)
{
	return _mm_andnot_si128(_mm_cmpeq_epi8(x, skip), _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8((char)0xC0)), x));
}

/* One 16-byte step of bytescan_text_end at b[j], its bytes below bit
 * `from` already looked at: true where it holds the '<'. */
static inline __attribute__((always_inline)) bool bytescan_text_end16(const unsigned char *b, size_t j, unsigned from,
                                                             unsigned char skip, size_t *mark, bool *high, size_t *end)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + j));
	__m128i lt = _mm_cmpeq_epi8(x, _mm_set1_epi8('<'));
	__m128i am = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('&')), _mm_cmpeq_epi8(x, _mm_set1_epi8('%')));
	__m128i hi = bytescan_leads16(x, _mm_set1_epi8((char)skip));
	uint32_t all = (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(lt, am), hi)) & (~0u << from);
	if (!all) return false;
	/* (the first byte met the '<': most text tokens, the white space
	 * between tags among them, have neither a mark nor a lead byte) */
	if (all & -all & (uint32_t)_mm_movemask_epi8(lt)) {
		*end = j + (size_t)__builtin_ctz(all);
		if (*mark == SIZE_MAX) *mark = *end;
		return true;
	}
	return bytescan_text_end_take(j, from, (uint32_t)_mm_movemask_epi8(lt), (uint32_t)_mm_movemask_epi8(am),
	                     (uint32_t)_mm_movemask_epi8(hi), mark, high, end);
}
#endif

/* bytescan_lead_or(b, 0, len, skip, c1, c2) < len, with a buffer of 16
 * to 32 bytes (a comment such as `<!-- wp:paragraph -->`) looked at
 * inline in two loads that overlap, not by a call. */
static inline bool bytescan_has_lead_or(const unsigned char *b, size_t len, unsigned char skip, unsigned char c1,
                                        unsigned char c2)
{
#if defined(__SSE2__)
	if (len < 16 || len > 32 || !bytescan_sse2_steps(len)) return bytescan_lead_or(b, 0, len, skip, c1, c2) < len;
	const __m128i v1 = _mm_set1_epi8((char)c1), v2 = _mm_set1_epi8((char)c2), vs = _mm_set1_epi8((char)skip);
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)b),
	        y = _mm_loadu_si128((const __m128i *)(const void *)(b + len - 16));
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_cmpeq_epi8(x, v2)),
	                         _mm_or_si128(_mm_cmpeq_epi8(y, v1), _mm_cmpeq_epi8(y, v2)));
	m = _mm_or_si128(m, _mm_or_si128(bytescan_leads16(x, vs), bytescan_leads16(y, vs)));
	return _mm_movemask_epi8(m) != 0;
#else
	return bytescan_lead_or(b, 0, len, skip, c1, c2) < len;
#endif
}

/* dst[0, 16) = src[0, 16) in ASCII lower case (a tag name's first 16
 * bytes, in one step). */
static inline void bytescan_lower16(unsigned char *dst, const unsigned char *src)
{
#if defined(__SSE2__)
	if (bytescan_sse2_steps(16)) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)src);
		__m128i up = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('A' - 1)), _mm_cmplt_epi8(x, _mm_set1_epi8('Z' + 1)));
		_mm_storeu_si128((__m128i *)(void *)dst, _mm_or_si128(x, _mm_and_si128(up, _mm_set1_epi8(0x20))));
		return;
	}
#endif
	for (int k = 0; k < 16; k++) dst[k] = src[k] >= 'A' && src[k] <= 'Z' ? (unsigned char)(src[k] | 0x20) : src[k];
}

/* bytescan_text_end past its first step. */
size_t bytescan_text_end_long(const unsigned char *b, size_t from, size_t len, unsigned char skip, size_t *mark,
                              bool *high);

/* The first '<' in b[from, len), len if none: an html text token's end.
 * *mark: the first '&' or '%' before it (the end if none); *high set
 * where a UTF-8 lead byte (from 0xC0) other than skip lies before it (a
 * host a browser folds may be there, docs/rules.md §1.4). One pass for
 * the three questions the tokenizer asks of every text token. */
static inline size_t bytescan_text_end(const unsigned char *b, size_t from, size_t len, unsigned char skip, size_t *mark,
                                       bool *high)
{
	*mark = SIZE_MAX;
#if defined(__SSE2__)
	/* (most text tokens, the white space between tags, end within 16
	 * bytes: their one step inline) */
	if (bytescan_sse2_steps(len - from)) {
		size_t end;
		if (bytescan_text_end16(b, from, 0, skip, mark, high, &end)) return end;
		from += 16;
	}
#endif
	return bytescan_text_end_long(b, from, len, skip, mark, high);
}
/* The first i in [from, len) with b[i] == c1, c2 or c3; len if none. */
size_t bytescan_any3(const unsigned char *b, size_t from, size_t len, unsigned char c1, unsigned char c2,
                     unsigned char c3);

/* The vector scan of the marks (struct bytescan_marks) tells the bytes apart by class,
 * a bit each: a byte's classes are bytescan_uc_lo[c & 0x0F] AND
 * bytescan_uc_hi[c >> 4] for c below 0x80 (none from 0x80: the lookup of
 * such a byte gives 0), and BYTESCAN_UC_LEAD is bytescan_uc_hi[c >> 4]'s
 * alone (c from 0xC0). Each class is one high nibble and a set of low
 * ones, so the AND holds no other byte (the unit test checks all 256). */
enum {
	BYTESCAN_UC_CTL = 0x01,   /* 0x00 .. 0x0D (TAB LF CR, a superset) */
	BYTESCAN_UC_PCT = 0x02,   /* % */
	BYTESCAN_UC_AMP = 0x04,   /* & */
	BYTESCAN_UC_AT = 0x08,    /* @ */
	BYTESCAN_UC_BSL = 0x10,   /* \ */
	BYTESCAN_UC_COLON = 0x20, /* : */
	BYTESCAN_UC_SLASH = 0x40, /* / */
	BYTESCAN_UC_LEAD = 0x80,  /* 0xC0 .. 0xFF */
	/* the marks whatever follows (and AMP with amp) */
	BYTESCAN_UC_DIRECT = BYTESCAN_UC_CTL | BYTESCAN_UC_PCT | BYTESCAN_UC_AT | BYTESCAN_UC_BSL,
};
/* (32 bytes: the 16 twice, one for each lane of a 256-bit lookup) */
extern const unsigned char bytescan_uc_lo[32], bytescan_uc_hi[32];

/* The marks of the locator's gate (docs/rules.md §3.9) in b[0, len), one
 * after another, a block at a time: `\ @ % TAB LF CR` (and `&` with amp),
 * a `:` without `//` after it (with ps_only one after `p` or `s` in any
 * case, the end of `http` or `https`: for buffers dense in other colons,
 * style sheets and scripts), the first of `///`; and maybe other bytes
 * below CR (a superset the gate passes over). The vector steps' mask is
 * kept between marks, so a caller that reads each mark does not scan its
 * block again. bytescan_marks_next gives the marks in order, then len;
 * bytescan_marks_from drops the marks before pos (pos at or past the last
 * mark given; the bytes stepped over are not looked at for a lead byte,
 * so they must hold none). high is set where a UTF-8 lead byte (from
 * 0xC0) other than skip_lead was in a block looked at so far (maybe past
 * the last mark given, never left out; a host a browser folds may be
 * there, §1.4: skip_lead is a lead byte none of whose characters it may
 * be spelled with, 0 for none). */
struct bytescan_marks {
	const unsigned char *b;
	size_t len;
	size_t base;    /* the position of the mask's bit 0 */
	size_t next;    /* the first position no block has looked at */
	uint64_t mask;  /* the marks of the last block not yet given */
	bool amp, ps_only, high;
	unsigned char skip_lead;
};

/* The next block from m->next with a mark, into m (mask 0 and next len
 * where there is none). */
void bytescan_marks_block(struct bytescan_marks *m);

static inline void bytescan_marks_init(struct bytescan_marks *m, const unsigned char *b, size_t len, bool amp,
                                       bool ps_only, unsigned char skip_lead)
{
	*m = (struct bytescan_marks){ .b = b, .len = len, .amp = amp, .ps_only = ps_only, .skip_lead = skip_lead };
}

static inline size_t bytescan_marks_next(struct bytescan_marks *m)
{
	while (!m->mask) {
		if (m->next >= m->len) return m->len;
		bytescan_marks_block(m);
	}
	size_t k = m->base + (size_t)__builtin_ctzll(m->mask);
	m->mask &= m->mask - 1;
	return k;
}

static inline void bytescan_marks_from(struct bytescan_marks *m, size_t pos)
{
	if (pos >= m->next) {
		m->mask = 0;
		m->next = pos;
	} else if (pos > m->base) {
		m->mask &= ~0ull << (pos - m->base);
	}
}

/* The first `quote` in b[from, len) that is not escaped, where `esc`
 * escapes the one byte after it whatever it is (a SQL literal's
 * backslash); len if there is none. *escaped says on entry whether b[from]
 * is escaped (an escape ended the previous piece), and on return, when len
 * is returned, whether the byte after b[len - 1] is. */
size_t bytescan_unescaped(const unsigned char *b, size_t from, size_t len, unsigned char quote, unsigned char esc,
                          bool *escaped);

/* The first i in [from, len) with b[i] == c, or len: memchr, with the
 * first 64 bytes looked at inline (most of the searches of the
 * html tokenizer end within a few dozen bytes, where memchr's call and
 * set-up cost more than the search). */
static inline size_t bytescan_byte(const unsigned char *b, size_t from, size_t len, unsigned char c)
{
	size_t i = from;
#if defined(__SSE2__)
	if (bytescan_sse2_steps(len - i)) {
		const __m128i vc = _mm_set1_epi8((char)c);
		for (int k = 0; k < 4 && len - i >= 16; k++, i += 16) {
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(b + i)), vc));
			if (m) return i + (size_t)__builtin_ctz(m);
		}
		if (len - i >= 16) {
			const unsigned char *q = memchr(b + i, c, len - i);
			return q ? (size_t)(q - b) : len;
		}
		if (i == len) return len;
		/* the last 16 bytes, back over some already seen */
		size_t j = len - 16;
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(b + j)), vc));
		m &= ~0u << (i - j);
		return m ? j + (size_t)__builtin_ctz(m) : len;
	}
#endif
	for (; i < len; i++)
		if (b[i] == c) return i;
	return len;
}

/* The first i in [from, len) with stop[b[i]] set, or len, for the html
 * tokenizer's names: every byte stop holds must be at most 0x20,
 * '/', '>' or '=' (the names end at white space, '/', '>' and, for an
 * attribute, '='). 16 bytes a step test that superset at once, and stop
 * decides each byte it finds; a name's few bytes cost no byte loop, whose
 * exit mispredicts. */
static inline size_t bytescan_name_end(const unsigned char *b, size_t from, size_t len, const unsigned char stop[256])
{
	size_t i = from;
#if defined(__SSE2__)
	const __m128i sp = _mm_set1_epi8(0x20), sl = _mm_set1_epi8('/'), gt = _mm_set1_epi8('>'), eq = _mm_set1_epi8('=');
	if (bytescan_sse2_steps(len - i)) {
		do {
			const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
			const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(x, sp), x);
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(low, _mm_cmpeq_epi8(x, sl)),
			                                                      _mm_or_si128(_mm_cmpeq_epi8(x, gt), _mm_cmpeq_epi8(x, eq))));
			for (; m; m &= m - 1) {
				size_t j = i + (size_t)__builtin_ctz(m);
				if (stop[b[j]]) return j;
			}
			i += 16;
		} while (len - i >= 16);
	}
#endif
	while (i < len && !stop[b[i]]) i++;
	return i;
}

/* bytescan_byte for the closing quote c of an html attribute value, and
 * whether b[from, the result) is plain (*plain): holds no '&' (its
 * reference decoding needs one), no '%' and no control byte up to CR (a
 * URL parser decodes or removes them, docs/rules.md §3.9); and whether it
 * holds a byte from 0x80 (*wide: a browser folds hosts spelled past ASCII,
 * §1.4); in doubt not plain, and wide (past the first 64 bytes neither is
 * looked for). One scan of the short values most are. */
static inline size_t bytescan_attr_value_end(const unsigned char *b, size_t from, size_t len, unsigned char c,
                                             bool *plain, bool *wide)
{
	size_t i = from;
	*plain = true;
	*wide = false;
#if defined(__SSE2__)
	const __m128i vc = _mm_set1_epi8((char)c), va = _mm_set1_epi8('&'), vp = _mm_set1_epi8('%'),
	              v13 = _mm_set1_epi8('\r');
	if (bytescan_sse2_steps(len - i)) {
		for (int k = 0; k < 4 && len - i >= 16; k++, i += 16) {
			const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + i));
			unsigned mc = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, vc));
			/* '&', '%', or a byte <= CR (TAB, LF, CR among them) */
			__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vp)),
			                         _mm_cmpeq_epi8(_mm_min_epu8(x, v13), x));
			/* (one mask for both, most values having neither) */
			unsigned mb = (unsigned)_mm_movemask_epi8(_mm_or_si128(m, x));
			if (mc) {
				unsigned at = (unsigned)__builtin_ctz(mc);
				if (mb & ((1u << at) - 1)) {
					if ((unsigned)_mm_movemask_epi8(m) & ((1u << at) - 1)) *plain = false;
					if ((unsigned)_mm_movemask_epi8(x) & ((1u << at) - 1)) *wide = true;
				}
				return i + at;
			}
			if (mb) {
				if (_mm_movemask_epi8(m)) *plain = false;
				if (_mm_movemask_epi8(x)) *wide = true;
			}
		}
		if (len - i >= 16) {
			*plain = false;
			*wide = true;
			return bytescan_byte(b, i, len, c);
		}
	}
#endif
	for (; i < len; i++) {
		if (b[i] == c) return i;
		if (b[i] == '&' || b[i] == '%' || b[i] <= '\r') *plain = false;
		if (b[i] >= 0x80) *wide = true;
	}
	return len;
}

#endif
