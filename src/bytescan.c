/* bytescan.c — fast byte searches (see bytescan.h). */
#include "bytescan.h"

#if defined(__SSE2__)
#include <emmintrin.h>

static __m128i load16(const unsigned char *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
#endif

size_t bytescan_pair(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                     unsigned char n2)
{
	size_t i = from;
#if defined(__SSE2__)
	const __m128i vc = _mm_set1_epi8((char)c), v1 = _mm_set1_epi8((char)n1), v2 = _mm_set1_epi8((char)n2);
	for (; i < len && len - i > 16; i += 16) {   /* b[i .. i + 16] are all in the buffer */
		__m128i x = load16(b + i), y = load16(b + i + 1);
		__m128i m = _mm_and_si128(_mm_cmpeq_epi8(x, vc), _mm_or_si128(_mm_cmpeq_epi8(y, v1), _mm_cmpeq_epi8(y, v2)));
		unsigned mask = (unsigned)_mm_movemask_epi8(m);
		if (mask) return i + (size_t)__builtin_ctz(mask);
	}
#endif
	for (; i + 1 < len; i++)
		if (b[i] == c && (b[i + 1] == n1 || b[i + 1] == n2)) return i;
	return len;
}

size_t bytescan_pair2(const unsigned char *b, size_t from, size_t len, unsigned char c, unsigned char n1,
                      unsigned char n2, unsigned char d, unsigned char m)
{
	size_t i = from;
#if defined(__SSE2__)
	const __m128i vc = _mm_set1_epi8((char)c), v1 = _mm_set1_epi8((char)n1), v2 = _mm_set1_epi8((char)n2);
	const __m128i vd = _mm_set1_epi8((char)d), vm = _mm_set1_epi8((char)m);
	for (; i < len && len - i > 16; i += 16) {
		__m128i x = load16(b + i), y = load16(b + i + 1);
		__m128i a = _mm_and_si128(_mm_cmpeq_epi8(x, vc), _mm_or_si128(_mm_cmpeq_epi8(y, v1), _mm_cmpeq_epi8(y, v2)));
		__m128i e = _mm_and_si128(_mm_cmpeq_epi8(x, vd), _mm_cmpeq_epi8(y, vm));
		unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(a, e));
		if (mask) return i + (size_t)__builtin_ctz(mask);
	}
#endif
	for (; i + 1 < len; i++)
		if ((b[i] == c && (b[i + 1] == n1 || b[i + 1] == n2)) || (b[i] == d && b[i + 1] == m)) return i;
	return len;
}
