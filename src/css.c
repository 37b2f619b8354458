/* css.c — CSS escapes (css.h). */
#include "css.h"

#include "ascii.h"
#include "entity.h"

/* The character at p[i] as the style sheet is given it, and its length. */
static inline int sheet_char(const unsigned char *p, size_t n, size_t i, bool refs, size_t *len)
{
	*len = 1;
	if (refs && p[i] == '&') {
		int b = entity_ref_byte(p + i, n - i, len);
		if (b >= 0) return b;
		*len = 1;
	}
	return p[i];
}

static inline bool css_space(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

int css_escape(const unsigned char *p, size_t n, size_t i, bool refs, size_t *end)
{
	int c = css_escape_cp(p, n, i, refs, end);
	return c >= 0x80 ? 0x80 : c;
}

int css_escape_cp(const unsigned char *p, size_t n, size_t i, bool refs, size_t *end)
{
	size_t len;
	if (i >= n) return -1;
	int c = sheet_char(p, n, i, refs, &len);
	if (c == '\n' || c == '\r' || c == '\f') return -1;
	if (c >= 0x80 || ascii_hex((unsigned char)c) < 0) {
		*end = i + len;
		return c;
	}
	unsigned long cp = 0;
	for (int d = 0; d < 6 && i < n && (c = sheet_char(p, n, i, refs, &len)) < 0x80 && ascii_hex((unsigned char)c) >= 0; d++) {
		cp = cp * 16 + (unsigned long)ascii_hex((unsigned char)c);
		i += len;
	}
	if (i < n && css_space(c = sheet_char(p, n, i, refs, &len))) {
		i += len;
		/* CR LF is one newline: a page's parser joins a written CR and
		 * LF before it decodes references (a written CR alone is a
		 * newline of its own then), the style sheet those it is given */
		size_t k;
		if (c == '\r' && i < n && (len == 1 ? p[i] == '\n' : sheet_char(p, n, i, refs, &k) == '\n')) i += len == 1 ? 1 : k;
	}
	*end = i;
	/* (U+0000, a surrogate and past U+10FFFF: U+FFFD, as a style sheet reads them) */
	return cp && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF) ? (int)cp : 0xFFFD;
}

int css_escape_at(const unsigned char *p, size_t n, size_t i, bool refs, size_t *len)
{
	size_t l, end;
	if (i >= n || sheet_char(p, n, i, refs, &l) != '\\') return -1;
	int c = css_escape(p, n, i + l, refs, &end);
	if (c >= 0) *len = end - i;
	return c;
}

size_t css_continuation_at(const unsigned char *p, size_t n, size_t i, bool refs)
{
	size_t l, m;
	if (i >= n || sheet_char(p, n, i, refs, &l) != '\\' || i + l >= n) return 0;
	int c = sheet_char(p, n, i + l, refs, &m);
	if (c != '\n' && c != '\r' && c != '\f') return 0;
	size_t end = i + l + m, k;
	if (c == '\r' && end < n && (m == 1 ? p[end] == '\n' : sheet_char(p, n, end, refs, &k) == '\n')) end += m == 1 ? 1 : k;
	return end - i;
}

bool css_escape_open(const unsigned char *p, size_t s, size_t e, bool refs)
{
	size_t l;
	if (s >= e || sheet_char(p, e, s, refs, &l) != '\\') return false;
	int digits = 0, c = 0;
	for (size_t i = s + l; i < e; i += l) {
		c = sheet_char(p, e, i, refs, &l);
		if (c >= 0x80 || ascii_hex((unsigned char)c) < 0) return false;   /* white space, or not a hex escape */
		digits++;
	}
	return digits > 0 && digits < 6;
}
