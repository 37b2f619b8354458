/* utf8.h — the UTF-8 of a code point, for every module that writes one
 * (reference decoding, the fold's view, the host forms), and the one
 * reader of a UTF-8 sequence (idna, the JSON strings of reports). */
#ifndef HOSTSHIFT_UTF8_H
#define HOSTSHIFT_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* UTF-8 of a scalar value (not a surrogate, <= 0x10FFFF) into b; returns
 * its length, 1 to 4. */
static inline __attribute__((always_inline)) size_t utf8_put(uint32_t cp, unsigned char b[4])
{
	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (unsigned char)(0xC0 | (cp >> 6));
		b[1] = (unsigned char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		b[0] = (unsigned char)(0xE0 | (cp >> 12));
		b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (unsigned char)(0x80 | (cp & 0x3F));
		return 3;
	}
	b[0] = (unsigned char)(0xF0 | (cp >> 18));
	b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
	b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
	b[3] = (unsigned char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The scalar value whose UTF-8 starts s[0..n) into *cp; returns its
 * length, 1 to 4, or 0 where the bytes are no UTF-8 (a stray or missing
 * continuation byte, an overlong form, a surrogate, past U+10FFFF). */
static inline size_t utf8_take(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned char b = s[0];
	uint32_t c;
	size_t k;
	if (b < 0x80) { *cp = b; return 1; }
	if (b >= 0xC2 && b <= 0xDF) c = b & 0x1F, k = 2;
	else if (b >= 0xE0 && b <= 0xEF) c = b & 0x0F, k = 3;
	else if (b >= 0xF0 && b <= 0xF4) c = b & 0x07, k = 4;
	else return 0;
	if (n < k) return 0;
	for (size_t j = 1; j < k; j++) {
		if ((s[j] & 0xC0) != 0x80) return 0;
		c = c << 6 | (s[j] & 0x3F);
	}
	if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return k;
}

#endif
