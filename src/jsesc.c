/* jsesc.c — JavaScript string escapes (jsesc.h). */
#include "jsesc.h"

#include "ascii.h"

/* The value of the k hex digits at p[i..], or -1 where one is not. */
static long hex_run(const unsigned char *p, size_t n, size_t i, size_t k)
{
	long v = 0;
	if (n - i < k) return -1;
	for (size_t d = 0; d < k; d++) {
		int x = ascii_hex(p[i + d]);
		if (x < 0) return -1;
		v = v * 16 + x;
	}
	return v;
}

static inline int octal(unsigned char c) { return c >= '0' && c <= '7' ? c - '0' : -1; }

int js_escape_at(const unsigned char *p, size_t n, size_t i, size_t *len)
{
	int c = js_escape_cp(p, n, i, len);
	return c >= 0x80 ? 0x80 : c;
}

int js_escape_cp(const unsigned char *p, size_t n, size_t i, size_t *len)
{
	if (i + 1 >= n || p[i] != '\\') return -1;
	unsigned char c = p[i + 1];
	*len = 2;
	switch (c) {
	case '\r':
		if (i + 2 < n && p[i + 2] == '\n') *len = 3;
		return JS_CONTINUATION;
	case '\n':
		return JS_CONTINUATION;
	case 0xE2:   /* U+2028, U+2029 in UTF-8 */
		if (n - i >= 4 && p[i + 2] == 0x80 && (p[i + 3] == 0xA8 || p[i + 3] == 0xA9)) { *len = 4; return JS_CONTINUATION; }
		return 0x80;
	case 'b': return '\b';
	case 'f': return '\f';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'v': return '\v';
	case 'x': {
		long v = hex_run(p, n, i + 2, 2);
		if (v < 0) return -1;
		*len = 4;
		return (int)v;
	}
	case 'u': {
		if (i + 2 < n && p[i + 2] == '{') {
			unsigned long v = 0;
			size_t k = i + 3;
			while (k < n && ascii_hex(p[k]) >= 0 && v <= 0x10FFFF) v = v * 16 + (unsigned long)ascii_hex(p[k++]);
			if (k == i + 3 || k >= n || p[k] != '}' || v > 0x10FFFF) return -1;
			*len = k + 1 - i;
			return (int)v;
		}
		long v = hex_run(p, n, i + 2, 4);
		if (v < 0) return -1;
		*len = 6;
		return (int)v;
	}
	default:
		break;
	}
	int d = octal(c);
	if (d < 0) return c >= 0x80 ? 0x80 : c;   /* (`\8`, `\9` and the rest stand for themselves) */
	/* a legacy octal escape: up to three digits from 0–3, two from 4–7
	 * (`\0` alone is U+0000) */
	unsigned v = (unsigned)d;
	size_t k = i + 2, max = d <= 3 ? 3 : 2;
	while (k < n && k - (i + 1) < max && octal(p[k]) >= 0) v = v * 8 + (unsigned)octal(p[k++]);
	*len = k - i;
	return (int)v;
}
