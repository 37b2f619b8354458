/* utf8.h — the UTF-8 of a code point, for every module that writes one
 * (reference decoding, the fold's view, the host forms). */
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

#endif
