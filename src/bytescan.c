/* bytescan.c — fast byte searches (see bytescan.h). */
#include "bytescan.h"

#include "testhook.h"

#include <stdio.h>
#include <string.h>

#if defined(BYTESCAN_AVX2)
#define BUILT_AVX2 true
#else
#define BUILT_AVX2 false
#endif
#if defined(__SSE2__)
#define BUILT_SSE2 true
#define BUILT_BEST BYTESCAN_LEVEL_SSE2
#else
#define BUILT_SSE2 false
#define BUILT_BEST BYTESCAN_LEVEL_PORTABLE
#endif

int bytescan_level_in_use = BUILT_BEST;
size_t bytescan_sse2_from = BUILT_SSE2 ? 16 : (size_t)-1;
bool testhook_no_avx2;

static void use_level(enum bytescan_level l)
{
	bytescan_level_in_use = (int)l;
	bytescan_sse2_from = l >= BYTESCAN_LEVEL_SSE2 ? 16 : (size_t)-1;
}

enum bytescan_level bytescan_best_level(void)
{
#if defined(BYTESCAN_AVX2)
	__builtin_cpu_init();   /* may run before the constructors that would */
	if (!testhook_no_avx2 && __builtin_cpu_supports("avx2")) return BYTESCAN_LEVEL_AVX2;
#endif
	return BUILT_BEST;
}

#if defined(BYTESCAN_AVX2)
/* The CPU asked once, before main and before any test: every scan then
 * reads the level as it is, with nothing left to decide. */
__attribute__((constructor)) static void decide_level(void)
{
	use_level(bytescan_best_level());
}
#endif

bool bytescan_set_level(enum bytescan_level l)
{
	if (l > bytescan_best_level()) return false;
	use_level(l);
	return true;
}

static const char *const level_names[] = {
	[BYTESCAN_LEVEL_PORTABLE] = "portable", [BYTESCAN_LEVEL_SSE2] = "sse2", [BYTESCAN_LEVEL_AVX2] = "avx2"
};

const char *bytescan_level_name(enum bytescan_level l)
{
	return level_names[l];
}

bool bytescan_select(const char *what, const char *value, char *err, size_t cap)
{
	if (!value || !*value) {
		use_level(bytescan_best_level());
		return true;
	}
	for (size_t l = 0; l < sizeof level_names / sizeof level_names[0]; l++) {
		if (strcmp(value, level_names[l]) != 0) continue;
		if (bytescan_set_level((enum bytescan_level)l)) return true;
		/* a build with SSE2 code runs where SSE2 is: only AVX2 can be
		 * missing from the CPU */
		bool built = l == BYTESCAN_LEVEL_AVX2 ? BUILT_AVX2 : BUILT_SSE2;
		snprintf(err, cap, "%s=%s: %s (the best here is %s)", what, value,
		         built ? "this CPU has no AVX2" : "this build has no code for it", level_names[bytescan_best_level()]);
		return false;
	}
	snprintf(err, cap, "%s: unknown value '%s' (avx2, sse2, portable)", what, value);
	return false;
}

#if defined(__SSE2__)
#include <emmintrin.h>

static __m128i load16(const unsigned char *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }

/* The last step of a pair scan over b[.. len) whose vector steps stopped
 * at i with 2..16 bytes left: one more step at len - 17 (back over bytes
 * already seen, which the mask drops) instead of a byte loop (the
 * values and tokens scanned are short, so the tail would be much of the
 * work).
 * Needs len - 17 >= 0; the positions it covers are len - 17 .. len - 2. */
static unsigned tail_mask(size_t i, size_t len, unsigned mask)
{
	return mask & (~0u << (i - (len - 17)));
}
#endif

#if defined(BYTESCAN_AVX2)
/* The pair scans over long buffers (the sweep's batches, whole
 * text tokens) 32 bytes a step where the CPU has AVX2; the 16-byte steps
 * take the rest. */

__attribute__((target("avx2"))) static size_t pair_avx2(const unsigned char *b, size_t i, size_t len, unsigned char c,
                                                        unsigned char n1, unsigned char n2, bool *found)
{
	const __m256i vc = _mm256_set1_epi8((char)c), v1 = _mm256_set1_epi8((char)n1), v2 = _mm256_set1_epi8((char)n2);
	for (; len - i > 32; i += 32) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 1));
		__m256i m = _mm256_and_si256(_mm256_cmpeq_epi8(x, vc), _mm256_or_si256(_mm256_cmpeq_epi8(y, v1), _mm256_cmpeq_epi8(y, v2)));
		unsigned mask = (unsigned)_mm256_movemask_epi8(m);
		if (mask) { *found = true; return i + (size_t)__builtin_ctz(mask); }
	}
	return i;
}

__attribute__((target("avx2"), always_inline)) static inline size_t
pair2_avx2_body(const unsigned char *b, size_t i, size_t len, unsigned char c, unsigned char n1, unsigned char n2,
                unsigned char d, unsigned char mm, bool *found)
{
	const __m256i vc = _mm256_set1_epi8((char)c), v1 = _mm256_set1_epi8((char)n1), v2 = _mm256_set1_epi8((char)n2);
	const __m256i vd = _mm256_set1_epi8((char)d), vm = _mm256_set1_epi8((char)mm);
	for (; len - i > 32; i += 32) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 1));
		__m256i a = _mm256_and_si256(_mm256_cmpeq_epi8(x, vc), _mm256_or_si256(_mm256_cmpeq_epi8(y, v1), _mm256_cmpeq_epi8(y, v2)));
		__m256i e = _mm256_and_si256(_mm256_cmpeq_epi8(x, vd), _mm256_cmpeq_epi8(y, vm));
		unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(a, e));
		if (mask) { *found = true; return i + (size_t)__builtin_ctz(mask); }
	}
	return i;
}

__attribute__((target("avx2"))) static size_t pair2_avx2(const unsigned char *b, size_t i, size_t len, unsigned char c,
                                                         unsigned char n1, unsigned char n2, unsigned char d,
                                                         unsigned char mm, bool *found)
{
	return pair2_avx2_body(b, i, len, c, n1, n2, d, mm, found);
}

/* The same with the separators' bytes (bytescan_separators). */
__attribute__((target("avx2"))) static size_t separators_avx2(const unsigned char *b, size_t i, size_t len, bool *found)
{
	return pair2_avx2_body(b, i, len, '/', '/', '\\', '%', '2', found);
}

/* The JSON matcher's separator candidates (bytescan_json_separators), 32
 * bytes a step: a step reads b[i .. i + 36). The pairs alone (`/` with `/`
 * or `\`, `%2`, `\` with `2` four on) are tested first; a step with one
 * of those, about one in five, is tested again with the third byte
 * (testing it in every step would cost more than the false starts it
 * drops). */
__attribute__((target("avx2"))) static size_t json_separators_avx2(const unsigned char *b, size_t i, size_t len,
                                                                   bool *found)
{
	const __m256i sl = _mm256_set1_epi8('/'), bs = _mm256_set1_epi8('\\'), pc = _mm256_set1_epi8('%');
	const __m256i two = _mm256_set1_epi8('2'), zero = _mm256_set1_epi8('0');
	for (; len - i > 35; i += 32) {
		const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		const __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 1));
		const __m256i w = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 4));
		const __m256i x_sl = _mm256_cmpeq_epi8(x, sl), x_bs = _mm256_cmpeq_epi8(x, bs);
		const __m256i y_sl = _mm256_cmpeq_epi8(y, sl), y_bs = _mm256_cmpeq_epi8(y, bs);
		const __m256i p = _mm256_and_si256(_mm256_cmpeq_epi8(x, pc), _mm256_cmpeq_epi8(y, two));
		const __m256i f = _mm256_and_si256(x_bs, _mm256_cmpeq_epi8(w, two));
		const __m256i pairs = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(x_sl, _mm256_or_si256(y_sl, y_bs)), p), f);
		if (!_mm256_movemask_epi8(pairs)) continue;
		const __m256i z = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 2));
		const __m256i z_sep = _mm256_or_si256(_mm256_cmpeq_epi8(z, sl), _mm256_cmpeq_epi8(z, bs));
		const __m256i a = _mm256_and_si256(x_sl, _mm256_or_si256(y_sl, _mm256_and_si256(y_bs, z_sep)));
		const __m256i u = _mm256_and_si256(f, _mm256_cmpeq_epi8(z, zero));
		unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(a, p), u));
		if (mask) { *found = true; return i + (size_t)__builtin_ctz(mask); }
	}
	return i;
}
#endif

#if defined(BYTESCAN_AVX2)
/* The AVX2 form first, where the CPU has it and more than `slack` bytes
 * are left: its answer where it found one, else the scan goes on from
 * where it stopped (`call` sets `found`). */
#define AVX2_FIRST(slack, call)                                                \
	do {                                                                   \
		if (i < len && len - i > (slack) && bytescan_have_avx2()) {    \
			bool found = false;                                    \
			i = (call);                                            \
			if (found) return i;                                   \
		}                                                              \
	} while (0)
#else
#define AVX2_FIRST(slack, call) ((void)0)
#endif

#if defined(__SSE2__)
/* The 16-byte steps from i while more than `reach` bytes are left (a step
 * reads b[i .. i + reach]): the first position `mask_of_i` finds is the
 * answer. */
#define SSE2_STEPS(reach, mask_of_i)                                           \
	for (; i < len && len - i > (reach); i += 16) {                        \
		unsigned mask_ = (mask_of_i);                                  \
		if (mask_) return i + (size_t)__builtin_ctz(mask_);            \
	}
/* After the steps, where a pair can still start: one step at len - 17,
 * back over the bytes seen (`mask_at_tail` reads b[len - 17 .. len)). */
#define SSE2_TAIL17(mask_at_tail)                                              \
	if (i < len && len - i >= 2 && len >= 17) {                            \
		unsigned mask_ = tail_mask(i, len, (mask_at_tail));            \
		return mask_ ? len - 17 + (size_t)__builtin_ctz(mask_) : len;  \
	}

/* c followed by n1 or n2, at b[0 .. 16). */
static inline __attribute__((always_inline)) unsigned pair_mask16(const unsigned char *b, __m128i vc, __m128i v1,
                                                                   __m128i v2)
{
	__m128i x = load16(b), y = load16(b + 1);
	return (unsigned)_mm_movemask_epi8(
		_mm_and_si128(_mm_cmpeq_epi8(x, vc), _mm_or_si128(_mm_cmpeq_epi8(y, v1), _mm_cmpeq_epi8(y, v2))));
}

/* The same, or d followed by m. */
static inline __attribute__((always_inline)) unsigned pair2_mask16(const unsigned char *b, __m128i vc, __m128i v1,
                                                                    __m128i v2, __m128i vd, __m128i vm)
{
	__m128i x = load16(b), y = load16(b + 1);
	__m128i a = _mm_and_si128(_mm_cmpeq_epi8(x, vc), _mm_or_si128(_mm_cmpeq_epi8(y, v1), _mm_cmpeq_epi8(y, v2)));
	__m128i e = _mm_and_si128(_mm_cmpeq_epi8(x, vd), _mm_cmpeq_epi8(y, vm));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(a, e));
}
#endif

size_t bytescan_pair(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                     unsigned char n2)
{
	size_t i = from;
	AVX2_FIRST(64, pair_avx2(b, i, len, c, n1, n2, &found));
#if defined(__SSE2__)
	if (bytescan_sse2()) {
		const __m128i vc = _mm_set1_epi8((char)c), v1 = _mm_set1_epi8((char)n1), v2 = _mm_set1_epi8((char)n2);
		SSE2_STEPS(16, pair_mask16(b + i, vc, v1, v2));
		SSE2_TAIL17(pair_mask16(b + len - 17, vc, v1, v2));
	}
#endif
	for (; i + 1 < len; i++)
		if (b[i] == c && (b[i + 1] == n1 || b[i + 1] == n2)) return i;
	return len;
}

#if defined(__SSE2__)
struct serialized_pairs_v { __m128i colon, zero, nine, n, semi, pct, three; };

static inline unsigned serialized_pairs_mask(const struct serialized_pairs_v *v, const unsigned char *b)
{
	__m128i x = load16(b), y = load16(b + 1);
	__m128i d = _mm_sub_epi8(y, v->zero);   /* a digit's value when it is at most 9 (unsigned) */
	__m128i colon = _mm_and_si128(_mm_cmpeq_epi8(x, v->colon), _mm_cmpeq_epi8(_mm_min_epu8(d, v->nine), d));
	__m128i n = _mm_and_si128(_mm_cmpeq_epi8(x, v->n), _mm_or_si128(_mm_cmpeq_epi8(y, v->semi), _mm_cmpeq_epi8(y, v->pct)));
	__m128i pct = _mm_and_si128(_mm_cmpeq_epi8(x, v->pct), _mm_cmpeq_epi8(y, v->three));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(colon, _mm_or_si128(n, pct)));
}
#endif

#if defined(BYTESCAN_AVX2)
/* serialized_pairs_mask 32 bytes a step. */
__attribute__((target("avx2"))) static size_t serialized_pairs_avx2(const unsigned char *b, size_t i, size_t len,
                                                                    bool *found)
{
	const __m256i colon = _mm256_set1_epi8(':'), zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
	const __m256i vn = _mm256_set1_epi8('N'), semi = _mm256_set1_epi8(';'), pct = _mm256_set1_epi8('%');
	const __m256i three = _mm256_set1_epi8('3');
	for (; len - i > 32; i += 32) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		__m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i + 1));
		__m256i d = _mm256_sub_epi8(y, zero);
		__m256i c = _mm256_and_si256(_mm256_cmpeq_epi8(x, colon), _mm256_cmpeq_epi8(_mm256_min_epu8(d, nine), d));
		__m256i n = _mm256_and_si256(_mm256_cmpeq_epi8(x, vn), _mm256_or_si256(_mm256_cmpeq_epi8(y, semi), _mm256_cmpeq_epi8(y, pct)));
		__m256i p3 = _mm256_and_si256(_mm256_cmpeq_epi8(x, pct), _mm256_cmpeq_epi8(y, three));
		unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(c, _mm256_or_si256(n, p3)));
		if (mask) { *found = true; return i + (size_t)__builtin_ctz(mask); }
	}
	return i;
}
#endif

size_t bytescan_serialized_pairs(const unsigned char *b, size_t from, size_t len)
{
	size_t i = from;
	AVX2_FIRST(64, serialized_pairs_avx2(b, i, len, &found));
#if defined(__SSE2__)
	if (bytescan_sse2()) {
		const struct serialized_pairs_v v = {
			_mm_set1_epi8(':'), _mm_set1_epi8('0'), _mm_set1_epi8(9), _mm_set1_epi8('N'),
			_mm_set1_epi8(';'), _mm_set1_epi8('%'), _mm_set1_epi8('3'),
		};
		SSE2_STEPS(16, serialized_pairs_mask(&v, b + i));
		SSE2_TAIL17(serialized_pairs_mask(&v, b + len - 17));
	}
#endif
	for (; i + 1 < len; i++) {
		unsigned char c = b[i], n = b[i + 1];
		if ((c == ':' && n >= '0' && n <= '9') || (c == 'N' && (n == ';' || n == '%')) || (c == '%' && n == '3')) return i;
	}
	return len;
}

/* bytescan_pair2, inlined into its two callers: sep is true for the
 * separators' constant bytes, whose compares the compiler then knows
 * (the arguments would be much of a short scan). */
static inline __attribute__((always_inline)) size_t pair2(const unsigned char *b, size_t from, size_t len, unsigned char c,
                                                          unsigned char n1, unsigned char n2, unsigned char d,
                                                          unsigned char m, bool sep)
{
	size_t i = from;
	(void)sep;   /* without AVX2: the same bytes either way */
	AVX2_FIRST(64, sep ? separators_avx2(b, i, len, &found) : pair2_avx2(b, i, len, c, n1, n2, d, m, &found));
#if defined(__SSE2__)
	if (bytescan_sse2()) {
		const __m128i vc = _mm_set1_epi8((char)c), v1 = _mm_set1_epi8((char)n1), v2 = _mm_set1_epi8((char)n2);
		const __m128i vd = _mm_set1_epi8((char)d), vm = _mm_set1_epi8((char)m);
		SSE2_STEPS(16, pair2_mask16(b + i, vc, v1, v2, vd, vm));
		SSE2_TAIL17(pair2_mask16(b + len - 17, vc, v1, v2, vd, vm));
	}
#endif
	for (; i + 1 < len; i++)
		if ((b[i] == c && (b[i + 1] == n1 || b[i + 1] == n2)) || (b[i] == d && b[i + 1] == m)) return i;
	return len;
}

size_t bytescan_pair2(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                      unsigned char n2, unsigned char d, unsigned char m)
{
	return pair2(b, from, len, c, n1, n2, d, m, false);
}

size_t bytescan_separators(const unsigned char *b, size_t from, size_t len)
{
	return pair2(b, from, len, '/', '/', '\\', '%', '2', true);
}

#if defined(__SSE2__)
/* bytescan_json_separators' candidates among b[0 .. 16), reading b[0 .. 20). */
static inline __attribute__((always_inline)) unsigned json_separators_mask16(const unsigned char *b)
{
	const __m128i sl = _mm_set1_epi8('/'), bs = _mm_set1_epi8('\\'), pc = _mm_set1_epi8('%');
	const __m128i two = _mm_set1_epi8('2'), zero = _mm_set1_epi8('0');
	const __m128i x = load16(b), y = load16(b + 1);
	const __m128i x_sl = _mm_cmpeq_epi8(x, sl), x_bs = _mm_cmpeq_epi8(x, bs);
	const __m128i y_sl = _mm_cmpeq_epi8(y, sl), y_bs = _mm_cmpeq_epi8(y, bs);
	const __m128i p = _mm_and_si128(_mm_cmpeq_epi8(x, pc), _mm_cmpeq_epi8(y, two));
	const __m128i f = _mm_and_si128(x_bs, _mm_cmpeq_epi8(load16(b + 4), two));
	const __m128i pairs = _mm_or_si128(_mm_or_si128(_mm_and_si128(x_sl, _mm_or_si128(y_sl, y_bs)), p), f);
	if (!_mm_movemask_epi8(pairs)) return 0;
	const __m128i z = load16(b + 2);
	const __m128i z_sep = _mm_or_si128(_mm_cmpeq_epi8(z, sl), _mm_cmpeq_epi8(z, bs));
	const __m128i a = _mm_and_si128(x_sl, _mm_or_si128(y_sl, _mm_and_si128(y_bs, z_sep)));
	const __m128i u = _mm_and_si128(f, _mm_cmpeq_epi8(z, zero));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, p), u));
}
#endif

/* One position of bytescan_json_separators, where b[i + 4] may be past the
 * buffer. */
static bool json_separator_at(const unsigned char *b, size_t i, size_t len)
{
	if (len - i < 2) return false;
	unsigned char c = b[i], d = b[i + 1];
	if (c == '/') return d == '/' || (d == '\\' && len - i > 2 && (b[i + 2] == '/' || b[i + 2] == '\\'));
	if (c == '%') return d == '2';
	return c == '\\' && len - i > 4 && b[i + 2] == '0' && b[i + 4] == '2';
}

size_t bytescan_json_separators(const unsigned char *b, size_t from, size_t len)
{
	size_t i = from;
	AVX2_FIRST(68, json_separators_avx2(b, i, len, &found));
#if defined(__SSE2__)
	if (bytescan_sse2()) {
		/* a step reads b[at .. at + 20); the third byte as in the AVX2 steps */
		SSE2_STEPS(19, json_separators_mask16(b + i));
		/* the positions a whole step still covers, by one step at len - 20
		 * back over bytes seen; after them only the pairs can start */
		if (i < len && len >= 20 && i - (len - 20) < 16) {
			size_t j = len - 20;
			unsigned mask = json_separators_mask16(b + j) & (~0u << (i - j));
			if (mask) return j + (size_t)__builtin_ctz(mask);
			i = j + 16;
		}
	}
#endif
	for (; i < len; i++)
		if (json_separator_at(b, i, len)) return i;
	return len;
}

size_t bytescan_json_special(const unsigned char *b, size_t from, size_t len)
{
	size_t i = from;
#if defined(__SSE2__)
	if (bytescan_sse2_steps(len - i)) {
		/* as signed bytes, 0x80..0xFF are negative: one compare finds them
		 * and the control bytes */
		const __m128i vlow = _mm_set1_epi8(0x20), vq = _mm_set1_epi8('"'), vb = _mm_set1_epi8('\\');
		for (; i < len && len - i >= 16; i += 16) {
			__m128i x = load16(b + i);
			__m128i m = _mm_or_si128(_mm_cmplt_epi8(x, vlow), _mm_or_si128(_mm_cmpeq_epi8(x, vq), _mm_cmpeq_epi8(x, vb)));
			unsigned mask = (unsigned)_mm_movemask_epi8(m);
			if (mask) return i + (size_t)__builtin_ctz(mask);
		}
	}
#endif
	for (; i < len; i++)
		if (b[i] < 0x20 || b[i] >= 0x80 || b[i] == '"' || b[i] == '\\') return i;
	return len;
}

bool bytescan_escaped_slash(const unsigned char *b, size_t len)
{
	for (size_t i = bytescan_pair(b, 0, len, '\\', '/', '/'); i < len; i = bytescan_pair(b, i + 1, len, '\\', '/', '/')) {
		/* the backslashes before b[i], from the first of their run: the
		 * escapes pair them from there, so b[i] opens one when it is an
		 * even number of bytes after that first */
		size_t j = i;
		while (j > 0 && b[j - 1] == '\\') j--;
		if ((i - j) % 2 == 0) return true;
	}
	return false;
}

size_t bytescan_slash_colon_pct(const unsigned char *b, size_t from, size_t len)
{
	size_t i = from;
#if defined(__SSE2__)
	if (bytescan_sse2_steps(len - i)) {
		const __m128i v1 = _mm_set1_epi8('/'), v2 = _mm_set1_epi8('\\'), v3 = _mm_set1_epi8(':'), v4 = _mm_set1_epi8('%');
		for (; i < len && len - i >= 16; i += 16) {
			__m128i x = load16(b + i);
			__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_cmpeq_epi8(x, v2)),
			                         _mm_or_si128(_mm_cmpeq_epi8(x, v3), _mm_cmpeq_epi8(x, v4)));
			unsigned mask = (unsigned)_mm_movemask_epi8(m);
			if (mask) return i + (size_t)__builtin_ctz(mask);
		}
	}
#endif
	for (; i < len; i++)
		if (b[i] == '/' || b[i] == '\\' || b[i] == ':' || b[i] == '%') return i;
	return len;
}

size_t bytescan_hide_marks(const unsigned char *b, size_t from, size_t len, unsigned char c1, unsigned char c2, bool lead,
                           unsigned char skip)
{
	size_t i = from;
#if defined(__SSE2__)
	if (i < len && bytescan_sse2_steps(len)) {
		const __m128i vp = _mm_set1_epi8('%'), v1 = _mm_set1_epi8((char)c1), v2 = _mm_set1_epi8((char)c2),
		              v13 = _mm_set1_epi8('\r'), vs = _mm_set1_epi8((char)skip), on = _mm_set1_epi8(lead ? (char)0xFF : 0);
		for (;;) {
			/* the last block overlaps the one before, its bytes seen
			 * again masked off */
			size_t j = len - i >= 16 ? i : len - 16;
			__m128i x = load16(b + j);
			__m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, vp), _mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_cmpeq_epi8(x, v2)));
			m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(x, v13), x));
			/* with lead, a byte from 0xC0 but skip */
			m = _mm_or_si128(m, _mm_and_si128(on, bytescan_leads16(x, vs)));
			unsigned mask = (unsigned)_mm_movemask_epi8(m) & (~0u << (i - j));
			if (mask) return j + (size_t)__builtin_ctz(mask);
			if (j + 16 >= len) return len;
			i = j + 16;
		}
	}
#endif
	for (; i < len; i++) {
		unsigned char c = b[i];
		if (c == '%' || c == c1 || c == c2 || c <= '\r' || (lead && c >= 0xC0 && c != skip)) return i;
	}
	return len;
}

size_t bytescan_lead_or(const unsigned char *b, size_t from, size_t len, unsigned char skip, unsigned char c1,
                        unsigned char c2)
{
	size_t i = from;
#if defined(__SSE2__)
	if (i < len && bytescan_sse2_steps(len)) {
		const __m128i v1 = _mm_set1_epi8((char)c1), v2 = _mm_set1_epi8((char)c2), vs = _mm_set1_epi8((char)skip);
		for (;;) {
			/* the last block overlaps the one before, its bytes seen
			 * again masked off */
			size_t j = len - i >= 16 ? i : len - 16;
			__m128i x = load16(b + j);
			/* a byte from 0xC0 but skip, c1, c2 */
			__m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_cmpeq_epi8(x, v2));
			if (_mm_movemask_epi8(x))
				m = _mm_or_si128(m, bytescan_leads16(x, vs));
			unsigned mask = (unsigned)_mm_movemask_epi8(m) & (~0u << (i - j));
			if (mask) return j + (size_t)__builtin_ctz(mask);
			if (j + 16 >= len) return len;
			i = j + 16;
		}
	}
#endif
	for (; i < len; i++)
		if ((b[i] >= 0xC0 && b[i] != skip) || b[i] == c1 || b[i] == c2) return i;
	return len;
}

size_t bytescan_any3(const unsigned char *b, size_t from, size_t len, unsigned char c1, unsigned char c2,
                     unsigned char c3)
{
	size_t i = from;
#if defined(__SSE2__)
	if (bytescan_sse2_steps(len)) {
		const __m128i v1 = _mm_set1_epi8((char)c1), v2 = _mm_set1_epi8((char)c2), v3 = _mm_set1_epi8((char)c3);
		for (; i < len && len - i >= 16; i += 16) {
			__m128i x = load16(b + i);
			__m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_or_si128(_mm_cmpeq_epi8(x, v2), _mm_cmpeq_epi8(x, v3)));
			unsigned mask = (unsigned)_mm_movemask_epi8(m);
			if (mask) return i + (size_t)__builtin_ctz(mask);
		}
		if (i < len && len >= 16) {
			/* the last bytes in one step, back over some already seen */
			size_t j = len - 16;
			__m128i x = load16(b + j);
			__m128i m = _mm_or_si128(_mm_cmpeq_epi8(x, v1), _mm_or_si128(_mm_cmpeq_epi8(x, v2), _mm_cmpeq_epi8(x, v3)));
			unsigned mask = (unsigned)_mm_movemask_epi8(m) & (~0u << (i - j));
			return mask ? j + (size_t)__builtin_ctz(mask) : len;
		}
	}
#endif
	for (; i < len; i++)
		if (b[i] == c1 || b[i] == c2 || b[i] == c3) return i;
	return len;
}

#if defined(BYTESCAN_AVX2)
/* The 32-byte steps, for text longer than a step. */
__attribute__((target("avx2"))) static size_t text_end_avx2(const unsigned char *b, size_t i, size_t len, unsigned char skip,
                                                            size_t *mark, bool *high, bool *found)
{
	const __m256i vlt = _mm256_set1_epi8('<'), vam = _mm256_set1_epi8('&'), vpc = _mm256_set1_epi8('%'),
	              vs = _mm256_set1_epi8((char)skip), lead = _mm256_set1_epi8((char)0xC0);
	for (; len - i >= 32; i += 32) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
		__m256i lt = _mm256_cmpeq_epi8(x, vlt), am = _mm256_or_si256(_mm256_cmpeq_epi8(x, vam), _mm256_cmpeq_epi8(x, vpc));
		__m256i hi = _mm256_andnot_si256(_mm256_cmpeq_epi8(x, vs), _mm256_cmpeq_epi8(_mm256_max_epu8(x, lead), x));
		if (!_mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(lt, am), hi))) continue;
		size_t end;
		if (bytescan_text_end_take(i, 0, (uint32_t)_mm256_movemask_epi8(lt), (uint32_t)_mm256_movemask_epi8(am),
		                  (uint32_t)_mm256_movemask_epi8(hi), mark, high, &end)) {
			*found = true;
			return end;
		}
	}
	return i;
}
#endif

size_t bytescan_text_end_long(const unsigned char *b, size_t from, size_t len, unsigned char skip, size_t *mark,
                              bool *high)
{
	size_t i = from;
	AVX2_FIRST(31, text_end_avx2(b, i, len, skip, mark, high, &found));
#if defined(__SSE2__)
	if (i < len && bytescan_sse2_steps(len)) {
		size_t end;
		for (;;) {
			/* the last block overlaps the one before, its bytes seen
			 * again masked off */
			size_t j = len - i >= 16 ? i : len - 16;
			if (bytescan_text_end16(b, j, (unsigned)(i - j), skip, mark, high, &end)) return end;
			if (j + 16 >= len) {
				if (*mark == SIZE_MAX) *mark = len;
				return len;
			}
			i = j + 16;
		}
	}
#endif
	for (; i < len && b[i] != '<'; i++) {
		if ((b[i] == '&' || b[i] == '%') && *mark == SIZE_MAX) *mark = i;
		if (b[i] >= 0xC0 && b[i] != skip) *high = true;
	}
	if (*mark == SIZE_MAX) *mark = i;
	return i;
}

/* The marks of struct bytescan_marks (bytescan.h): `\ @ % TAB LF CR :`, and `&`. */
static const unsigned char url_mark[256] = {
	['\\'] = 1, ['@'] = 1, ['%'] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [':'] = 1, ['&'] = 2,
};

/* The nibble lookups of url_marks32 (bytescan.h), the same in both lanes. */
#define UC_LO16                                                                                                      \
	BYTESCAN_UC_CTL | BYTESCAN_UC_AT, BYTESCAN_UC_CTL, BYTESCAN_UC_CTL, BYTESCAN_UC_CTL, BYTESCAN_UC_CTL,          \
		BYTESCAN_UC_CTL | BYTESCAN_UC_PCT, BYTESCAN_UC_CTL | BYTESCAN_UC_AMP, BYTESCAN_UC_CTL, BYTESCAN_UC_CTL,    \
		BYTESCAN_UC_CTL, BYTESCAN_UC_CTL | BYTESCAN_UC_COLON, BYTESCAN_UC_CTL, BYTESCAN_UC_CTL | BYTESCAN_UC_BSL, \
		BYTESCAN_UC_CTL, 0, BYTESCAN_UC_SLASH
#define UC_HI16                                                                                                     \
	BYTESCAN_UC_CTL, 0, BYTESCAN_UC_PCT | BYTESCAN_UC_AMP | BYTESCAN_UC_SLASH, BYTESCAN_UC_COLON, BYTESCAN_UC_AT, \
		BYTESCAN_UC_BSL, 0, 0, 0, 0, 0, 0, BYTESCAN_UC_LEAD, BYTESCAN_UC_LEAD, BYTESCAN_UC_LEAD, BYTESCAN_UC_LEAD
_Alignas(32) const unsigned char bytescan_uc_lo[32] = { UC_LO16, UC_LO16 };
_Alignas(32) const unsigned char bytescan_uc_hi[32] = { UC_HI16, UC_HI16 };

/* The bytewise rule at b[i] (exact: no byte below CR but TAB, LF, CR). */
static inline bool url_mark_at(const unsigned char *b, size_t i, size_t len, bool amp, bool ps_only)
{
	unsigned char c = b[i];
	if (url_mark[c] & (amp ? 3 : 1)) {
		if (c != ':') return true;
		return !(len - i >= 3 && b[i + 1] == '/' && b[i + 2] == '/') &&
		       !(ps_only && (!i || ((b[i - 1] | 0x20) != 'p' && (b[i - 1] | 0x20) != 's')));
	}
	return c == '/' && len - i >= 3 && b[i + 1] == '/' && b[i + 2] == '/';
}

/* The rule at one byte, m->b[i], as a mask of one bit (its lead byte
 * seen). */
static inline uint32_t url_mark_one(struct bytescan_marks *m, size_t i, bool ps_only)
{
	if (m->b[i] >= 0xC0 && m->b[i] != m->skip_lead) m->high = true;
	return url_mark_at(m->b, i, m->len, m->amp, ps_only);
}

/* The marks among b[j .. j + 16), reading b[j - 1 .. j + 18) (b[j - 1]
 * only with ps_only and j > 0), or with last, where the buffer ends at
 * j + 16, b[j - 1 .. j + 16) (the two bytes after it read as zero: no
 * `/`): a byte <= CR (TAB, LF, CR among them: a superset), `\ @ %` and
 * amp's byte, a colon without `//` after it (with ps_only, after `p` or
 * `s`: the byte before each, none before b[0]), the first of `///`; the
 * block's lead bytes (from 0xC0) but skip or-ed into *lead. */
#if defined(__SSE2__)
static inline __attribute__((always_inline)) unsigned url_marks16(const unsigned char *b, size_t j, bool ps_only, bool last,
                                                                   __m128i am, __m128i skip, __m128i *lead)
{
	const __m128i sl = _mm_set1_epi8('/');
	__m128i x = load16(b + j);
	__m128i x1 = last ? _mm_srli_si128(x, 1) : load16(b + j + 1), x2 = last ? _mm_srli_si128(x, 2) : load16(b + j + 2);
	__m128i s0 = _mm_cmpeq_epi8(x, sl), s12 = _mm_and_si128(_mm_cmpeq_epi8(x1, sl), _mm_cmpeq_epi8(x2, sl));
	__m128i c0 = _mm_cmpeq_epi8(x, _mm_set1_epi8(':'));
	if (ps_only) {
		__m128i lp = _mm_or_si128(j ? load16(b + j - 1) : _mm_slli_si128(x, 1), _mm_set1_epi8(0x20));
		c0 = _mm_and_si128(c0, _mm_or_si128(_mm_cmpeq_epi8(lp, _mm_set1_epi8('p')), _mm_cmpeq_epi8(lp, _mm_set1_epi8('s'))));
	}
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\\')), _mm_cmpeq_epi8(x, _mm_set1_epi8('@'))),
	                         _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('%')), _mm_cmpeq_epi8(x, am)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8('\r')), x));
	m = _mm_or_si128(m, _mm_andnot_si128(s12, c0));
	m = _mm_or_si128(m, _mm_and_si128(s0, s12));
	/* (without a branch: whether a block holds a byte past ASCII is as
	 * the text goes, which no predictor foresees) */
	*lead = _mm_or_si128(*lead, bytescan_leads16(x, skip));
	return (unsigned)_mm_movemask_epi8(m);
}
#endif

#if defined(BYTESCAN_AVX2)
/* x moved down n bytes across its lanes, zero in at the top. */
#define SHIFT_DOWN256(x, n) _mm256_alignr_epi8(_mm256_permute2x128_si256((x), (x), 0x81), (x), (n))

/* The classes that make a mark (bytescan.h, BYTESCAN_UC_*), without amp
 * and with, where no `//` follows and where it does. (In memory, as the
 * lookups are, read where they are used: built in registers, each
 * constant was built again on each path, some kept on the stack.) */
#define X32(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
static _Alignas(32) const unsigned char uc_sel[2][2][32] = {
	{ { X32(BYTESCAN_UC_DIRECT | BYTESCAN_UC_COLON) }, { X32(BYTESCAN_UC_DIRECT | BYTESCAN_UC_SLASH) } },
	{ { X32(BYTESCAN_UC_DIRECT | BYTESCAN_UC_AMP | BYTESCAN_UC_COLON) },
	  { X32(BYTESCAN_UC_DIRECT | BYTESCAN_UC_AMP | BYTESCAN_UC_SLASH) } },
};
#undef X32
#define UC_LOAD(t) _mm256_load_si256((const __m256i *)(const void *)(t))

/* The same over b[j .. j + 32), reading b[j - 1 .. j + 34), or with
 * last b[j - 1 .. j + 32); sel: uc_sel[amp]. The bytes' classes come from
 * two nibble lookups (bytescan.h: bytescan_uc_lo, bytescan_uc_hi), their
 * AND: five instructions for all the classes, where a compare each took
 * eight and more. The low lookup is on the byte itself, so a byte from
 * 0x80 finds 0, no class (no mark is past ASCII); the lead bytes are the
 * high lookup's alone. A byte is a mark where its classes meet sel's:
 * the direct marks, and where `//` follows `/`, else `:`. */
__attribute__((target("avx2"), always_inline)) static inline uint32_t url_marks32(const unsigned char *b, size_t j,
                                                                                 bool ps_only, bool last,
                                                                                 const unsigned char (*sel)[32],
                                                                                 __m256i skip, __m256i *lead)
{
	const __m256i sl = _mm256_set1_epi8('/');
	__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(b + j));
	__m256i x1 = last ? SHIFT_DOWN256(x, 1) : _mm256_loadu_si256((const __m256i *)(const void *)(b + j + 1)),
	        x2 = last ? SHIFT_DOWN256(x, 2) : _mm256_loadu_si256((const __m256i *)(const void *)(b + j + 2));
	__m256i s12 = _mm256_and_si256(_mm256_cmpeq_epi8(x1, sl), _mm256_cmpeq_epi8(x2, sl));
	__m256i hc = _mm256_shuffle_epi8(UC_LOAD(bytescan_uc_hi),
	                                 _mm256_and_si256(_mm256_srli_epi16(x, 4), _mm256_set1_epi8(0x0F)));
	__m256i c = _mm256_and_si256(_mm256_shuffle_epi8(UC_LOAD(bytescan_uc_lo), x), hc);
	if (ps_only) {
		/* the byte before each: b[j - 1 ..], or x moved up a byte (zero
		 * in, across the lanes) where j is 0; a colon after neither `p`
		 * nor `s` loses its class */
		__m256i lp = j ? _mm256_loadu_si256((const __m256i *)(const void *)(b + j - 1))
		               : _mm256_alignr_epi8(x, _mm256_permute2x128_si256(x, x, 0x08), 15);
		lp = _mm256_or_si256(lp, _mm256_set1_epi8(0x20));
		__m256i ps = _mm256_or_si256(_mm256_cmpeq_epi8(lp, _mm256_set1_epi8('p')),
		                             _mm256_cmpeq_epi8(lp, _mm256_set1_epi8('s')));
		c = _mm256_andnot_si256(_mm256_andnot_si256(ps, _mm256_set1_epi8(BYTESCAN_UC_COLON)), c);
	}
	/* (the classes of a mark are below 0x80: a byte that meets them is
	 * above 0 as a signed byte) */
	__m256i ms = _mm256_blendv_epi8(UC_LOAD(sel[0]), UC_LOAD(sel[1]), s12);
	__m256i m = _mm256_cmpgt_epi8(_mm256_and_si256(c, ms), _mm256_setzero_si256());
	/* (without a branch: whether a block holds a byte past ASCII is as
	 * the text goes) */
	*lead = _mm256_or_si256(*lead, _mm256_andnot_si256(_mm256_cmpeq_epi8(x, skip), hc));
	return (uint32_t)_mm256_movemask_epi8(m);
}

/* The 32-byte steps from m->next to the first with a mark, the last one
 * at len - 32, back over bytes already looked at (masked off): the mark
 * in m, or mask 0 with m->next at len. Needs len >= 32 and m->next < len. */
__attribute__((target("avx2"), always_inline)) static inline void marks_avx2_body(struct bytescan_marks *m, bool ps_only)
{
	const __m256i skip = _mm256_set1_epi8((char)m->skip_lead);
	const unsigned char(*sel)[32] = uc_sel[m->amp];
	const unsigned char *b = m->b;
	size_t len = m->len, i = m->next, j;
	__m256i lead = _mm256_setzero_si256();
	uint32_t k;
	if (len - i >= 34) {
		/* (a pointer to the block: one compare a step) */
		const unsigned char *p = b + i, *stop = b + len - 34;
		do {
			k = url_marks32(b, (size_t)(p - b), ps_only, false, sel, skip, &lead);
			p += 32;
			if (k) {
				i = (size_t)(p - b);
				j = i - 32;
				goto found;
			}
		} while (p <= stop);
		i = (size_t)(p - b);
	}
	if (len - i == 33) {
		/* (one byte before the last block) */
		j = i++;
		k = url_mark_one(m, j, ps_only);
		if (k) goto found;
	}
	j = len - 32;
	k = url_marks32(b, j, ps_only, true, sel, skip, &lead) & (~0u << (i - j));
	i = len;
found:
	m->next = i;
	m->base = j;
	m->mask = k;
	/* (LEAD is the classes' bit 7) */
	m->high |= _mm256_movemask_epi8(lead) != 0;
}

/* (two functions: the one without ps_only needs fewer registers, none
 * kept on the stack) */
__attribute__((target("avx2"))) static void marks_avx2_ps(struct bytescan_marks *m)
{
	marks_avx2_body(m, true);
}

__attribute__((target("avx2"))) static void marks_avx2(struct bytescan_marks *m)
{
	marks_avx2_body(m, false);
}
#endif

/* The 16-byte steps to the first with a mark, the last at len - 16 (as
 * marks_avx2_body's); below 16 bytes, the bytes one by one. */
/* (out of line: the runs under 32 bytes, and the other levels; inlined
 * into bytescan_marks_block it cost the AVX2 path 0.2% of the html run) */
static __attribute__((noinline)) void marks_rest(struct bytescan_marks *m)
{
	bool ps_only = m->ps_only;
	const unsigned char *b = m->b;
	size_t len = m->len, i = m->next;
#if defined(__SSE2__)
	if (bytescan_sse2() && len >= 16) {
		const __m128i am = _mm_set1_epi8(m->amp ? '&' : '\\'), skip = _mm_set1_epi8((char)m->skip_lead);
		__m128i lead = _mm_setzero_si128();
		unsigned k;
		size_t j;
		for (;;) {
			if (len - i >= 18) {
				j = i;
				k = url_marks16(b, j, ps_only, false, am, skip, &lead);
				i = j + 16;
			} else if (len - i == 17) {
				j = i;
				k = url_mark_one(m, i, ps_only);
				i = j + 1;
			} else {
				j = len - 16;
				k = url_marks16(b, j, ps_only, true, am, skip, &lead) & (~0u << (i - j));
				i = len;
			}
			if (k || i >= len) break;
		}
		m->next = i;
		m->base = j;
		m->mask = k;
		m->high |= _mm_movemask_epi8(lead) != 0;
		return;
	}
#endif
	size_t end = len - i > 32 ? i + 32 : len;
	uint64_t k = 0;
	for (size_t q = i; q < end; q++) {
		if (b[q] >= 0xC0 && b[q] != m->skip_lead) m->high = true;
		if (url_mark_at(b, q, len, m->amp, ps_only)) k |= 1ull << (q - i);
	}
	m->base = i;
	m->next = end;
	m->mask = k;
}

void bytescan_marks_block(struct bytescan_marks *m)
{
#if defined(BYTESCAN_AVX2)
	if (m->len >= 32 && bytescan_have_avx2()) {
		if (m->ps_only)
			marks_avx2_ps(m);
		else
			marks_avx2(m);
		return;
	}
#endif
	marks_rest(m);
}

size_t bytescan_unescaped(const unsigned char *b, size_t from, size_t len, unsigned char quote, unsigned char esc,
                          bool *escaped)
{
	/* in dump text escapes are many (`\"`, `\n`) and quotes few,
	 * so each quote is found with memchr and taken or not by the run of
	 * escapes right before it: an odd run leaves its last escape open, and
	 * that takes the quote. A run reaching `from` counts the escape left
	 * open by the previous piece. */
	size_t i = from;
	for (;;) {
		const unsigned char *q = i < len ? memchr(b + i, quote, len - i) : NULL;
		size_t end = q ? (size_t)(q - b) : len;
		size_t run = 0;
		while (end - run > from && b[end - run - 1] == esc) run++;
		bool open = (run & 1) != (end - run == from && *escaped);
		if (!q) { *escaped = open; return len; }
		if (!open) { *escaped = false; return end; }
		i = end + 1;
	}
}
