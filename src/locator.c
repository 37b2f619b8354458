/* locator.c — the URL-parser locator (rules.md §3.9). */
#include "locator.h"

#include "idna.h"

#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "buf.h"
#include "bytescan.h"
#include "css.h"
#include "entity.h"
#include "jsesc.h"
#include "utf8.h"

void locator_free(struct locator *L)
{
	free(L->v);
	free(L->s);
	free(L->e);
	memset(L, 0, sizeof *L);
}

/* Byte classes of the locator's gates and scan. */
/* HIDE: may hide a host (the gate of a value with none in its bytes);
 * TAB, CTL, AMP: removed or decoded in the view (TAB always, LF and CR
 * where the surface joins, references where they are read); CAND: may
 * end a scheme or begin a slash run. */
enum { LC_HIDE = 1, LC_AMP = 2, LC_TAB = 4, LC_CTL = 8, LC_CAND = 16, LC_BSL = 32, LC_HIGH = 64 };
#define LC_H8 LC_HIGH, LC_HIGH, LC_HIGH, LC_HIGH, LC_HIGH, LC_HIGH, LC_HIGH, LC_HIGH
#define LC_H64 LC_H8, LC_H8, LC_H8, LC_H8, LC_H8, LC_H8, LC_H8, LC_H8
static const unsigned char lc[256] = {
	['%'] = LC_HIDE, ['\t'] = LC_HIDE | LC_TAB, ['\n'] = LC_HIDE | LC_CTL, ['\r'] = LC_HIDE | LC_CTL, ['&'] = LC_AMP,
	[':'] = LC_CAND, ['/'] = LC_CAND, ['\\'] = LC_CAND | LC_BSL,
	[0xC0] = LC_H64,   /* HIGH: a UTF-8 lead byte (the fold, rules.md §1.4) */
};

/* The classes of lc the view of o removes or decodes. */
static inline unsigned view_mask(const struct locate_opts *o)
{
	return (o->joins || o->value || o->css || o->js ? LC_TAB : 0) | (o->joins ? LC_CTL : 0) | (o->refs ? LC_AMP : 0) |
	       (o->css || o->js ? LC_BSL : 0);
}
/* Values up to this long are read a byte at a time (most attribute
 * values): one pass, no call per byte class. */
#define LOCATOR_SHORT 256

static inline bool percent_colon(const unsigned char *v) { return v[0] == '%' && v[1] == '3' && (v[2] | 0x20) == 'a'; }

/* Whether `http` or `https` (any case) ends before p[i]. */
static inline bool scheme_before(const unsigned char *p, size_t i)
{
	return (i >= 4 && ascii_ci_eq(p + i - 4, "http", 4)) || (i >= 5 && ascii_ci_eq(p + i - 5, "https", 5));
}


/* Whether the character past ASCII at p[i] (a byte from 0x80, a `%XX` of
 * one, a reference to one) may stand in an authority a browser folds
 * (rules.md §1.4): the bytes before it, back to a slash (written or
 * `%2F`), a quote, white space or a bracket, begin after two slashes, after
 * a slash after a colon (`https:/ｗ`, `%3A%2F`), or hold a scheme's colon
 * (`https:ｗ`); a superset. */
static inline bool encoded_slash(const unsigned char *p, size_t j)
{
	return j >= 3 && p[j - 3] == '%' && p[j - 2] == '2' && (p[j - 1] | 0x20) == 'f';
}

/* The bytes that end fold_at's walk back: `/ \ ? " ' ( ) < >` and up to
 * a space. */
static const bool fold_stop[256] = {
	['/'] = true, ['\\'] = true, ['?'] = true, ['"'] = true, ['\''] = true, ['('] = true, [')'] = true, ['<'] = true, ['>'] = true,
};

/* What a walk back found, for the next walk of the same buffer: the walk
 * from `at` stopped at `j` (the run p[j..at) holds no byte that ends a
 * walk); `flags` what the run holds. A later walk that reaches `at` takes
 * the rest from here, so the walks of one buffer read each byte once. */
enum { FOLD_SCHEME = 1, FOLD_AT = 2, FOLD_REF = 4 };
struct fold_walk { size_t at, j; unsigned flags; bool refs; };
#define FOLD_WALK(refs) { (size_t)-1, 0, 0, (refs) }

static bool fold_at(const unsigned char *p, size_t i, struct fold_walk *w)
{
	const bool *stop = fold_stop;
	size_t j = i, floor = w->at <= i ? w->at : 0;
	unsigned flags = 0;
	while (j > floor) {
		unsigned char c = p[j - 1];
		if (c <= ' ' || stop[c] || ((c | 0x20) == 'f' && encoded_slash(p, j))) break;
		if (c == ':' && scheme_before(p, j - 1)) flags |= FOLD_SCHEME;
		if (c == '@') flags |= FOLD_AT;
		if ((c == '&' || c == ';') && w->refs) flags |= FOLD_REF;
		j--;
	}
	if (j == floor && w->at <= i && w->at != (size_t)-1) {
		j = w->j;
		flags |= w->flags;
	}
	w->at = i;
	w->j = j;
	w->flags = flags;
	/* a scheme's colon before it (`https:ｗ`), userinfo (the authority
	 * began before an encoded slash in it), a reference (a page's parser
	 * may make a slash or a colon of it: `&sol;&sol;ｗ`): a superset */
	if (flags) return true;
	if (j > 0 && (p[j - 1] == '/' || p[j - 1] == '\\')) {
		/* after two slashes, or a slash after a colon (written, `%3A`,
		 * or where references are read a reference's `;`: `http&colon;/`) */
		return j > 1 && (p[j - 2] == '/' || p[j - 2] == '\\' || p[j - 2] == ':' || (j >= 4 && percent_colon(p + j - 4)) ||
		                 (w->refs && p[j - 2] == ';'));
	}
	if (encoded_slash(p, j)) {
		j -= 3;
		return encoded_slash(p, j) || (j >= 3 && percent_colon(p + j - 3));
	}
	return false;
}


/* The code point a `%XX` run spells from p[i] (a `%` with a first digit
 * 8 or more), into *cp: the bytes it takes, 0 where they are no UTF-8. */
static size_t percent_cp(const unsigned char *p, size_t i, size_t n, uint32_t *cp)
{
	unsigned char u[4];
	size_t k = 0;
	for (; k < 4 && n - i > 2 && p[i] == '%' && ascii_hex(p[i + 1]) >= 0 && ascii_hex(p[i + 2]) >= 0; i += 3)
		u[k++] = (unsigned char)(ascii_hex(p[i + 1]) << 4 | ascii_hex(p[i + 2]));
	return k ? utf8_take(u, k, cp) : 0;
}

/* Whether the character past ASCII at p[i] (written, `%XX`, with refs a
 * reference) may stand in a host a browser folds into one of the table's
 * (patterns_may_fold); bytes that are no UTF-8 may (a superset). *len:
 * the bytes of a written or percent-encoded character. */
static bool cp_may_fold(const struct patterns *pt, const unsigned char *p, size_t i, size_t n, size_t *len)
{
	uint32_t cp;
	*len = 1;
	if (pt->fold_any) return true;
	if (p[i] >= 0x80) {
		size_t k = utf8_take(p + i, n - i, &cp);
		if (!k) return true;
		*len = k;
		return patterns_may_fold(pt, cp);
	}
	if (p[i] == '%') {
		size_t k = percent_cp(p, i, n, &cp);
		if (!k) return true;
		*len = 3 * k;
		return patterns_may_fold(pt, cp);
	}
	unsigned char u[4];
	size_t k = entity_ref_utf8(p + i, n - i, u);
	return !k || !utf8_take(u, k, &cp) || patterns_may_fold(pt, cp);
}

bool locator_may_fold(const struct patterns *pt, const unsigned char *p, size_t n, bool refs)
{
	struct fold_walk w = FOLD_WALK(refs);
	for (size_t i = 0; i < n; i++) {
		/* (a byte that is no UTF-8 lead, and with ASCII hosts a lead of
		 * Latin-1's letters, starts no character a host is folded from:
		 * passed over) */
		i = bytescan_lead_or(p, i, n, pt->fold_skip_lead, '%', refs ? '&' : '%');
		if (i == n) break;
		unsigned char c = p[i];
		if (c >= 0x80) {
			/* (a character no host of the table is folded from, `ä` where
			 * the hosts are ASCII, is passed over) */
			size_t len;
			if (!cp_may_fold(pt, p, i, n, &len)) {
				i += len - 1;
				continue;
			}
			if (fold_at(p, i, &w)) return true;
			/* where fold_at, false at i, may next be true: at or after the
			 * next `/`, `\\`, `:` or `%`. A walk back from a byte before
			 * that one stops where the one from i stopped, or at a byte
			 * that ends a walk after it (a space, a quote …), and is true
			 * only where a slash, a scheme's colon or an encoded slash
			 * stands between (one check for a path segment's characters,
			 * and for a word's in prose) */
			i = bytescan_slash_colon_pct(p, i, n) - 1;
		} else if (c == '%' && n - i > 2 && ascii_hex(p[i + 1]) >= 8 && ascii_hex(p[i + 2]) >= 0) {
			size_t len;
			if (!cp_may_fold(pt, p, i, n, &len)) i += len - 1;
			else if (fold_at(p, i, &w)) return true;
		} else if (c == '&' && refs) {
			size_t len;
			if (entity_ref_byte(p + i, n - i, &len) == 0x80 && cp_may_fold(pt, p, i, n, &len) && fold_at(p, i, &w))
				return true;
		}
	}
	return false;
}

/* The next byte at or after i that locator_may_hide looks at: `%`, TAB,
 * LF, CR, with refs `&`, with css `\\`, with fold a UTF-8 lead byte
 * other than skip (a character a host may be folded from starts with
 * one; skip starts none, rules.md §1.4). */
static inline size_t next_hide_mark(const unsigned char *p, size_t i, size_t n, unsigned m, bool fold, unsigned char skip)
{
	if (n - i < 16) {
		if (fold) m |= LC_HIGH;
		while (i < n && (!(lc[p[i]] & m) || p[i] == skip)) i++;
		return i;
	}
	/* (it may stop at another byte up to CR, which the caller passes
	 * over) */
	return bytescan_hide_marks(p, i, n, m & LC_AMP ? '&' : '%', m & LC_BSL ? '\\' : '%', fold, skip);
}

/* locator_may_hide, and with fold locator_may_fold too, in one pass:
 * the references and `%XX` both look at are read once. */
static bool may_hide(const struct patterns *pt, const unsigned char *p, size_t n, bool refs, bool css, bool fold)
{
	const bool *alpha = pt->find.alphabet;
	unsigned m = LC_HIDE | (refs ? LC_AMP : 0) | (css ? LC_BSL : 0);
	struct fold_walk w = FOLD_WALK(refs);
	unsigned char sl = pt->fold_skip_lead;
	for (size_t i = next_hide_mark(p, 0, n, m, fold, sl); i < n; i = next_hide_mark(p, i + 1, n, m, fold, sl)) {
		unsigned char c = p[i];
		size_t len;
		if (c < '\t' || c == 0x0B || c == 0x0C) continue;   /* (the long scan's superset) */
		if (c >= 0x80) {
			/* (only with fold: a character a host may be folded from, in
			 * what may be an authority) */
			if (!cp_may_fold(pt, p, i, n, &len)) i += len - 1;
			else if (fold_at(p, i, &w)) return true;
			continue;
		}
		if (c == '%') {
			/* a `%XX` of a host byte; one whose digits may be references */
			if (n - i > 2 && ascii_hex(p[i + 1]) >= 0 && ascii_hex(p[i + 2]) >= 0) {
				int x = ascii_hex(p[i + 1]) << 4 | ascii_hex(p[i + 2]);
				if (alpha[x]) return true;
				/* (with fold: a `%XX` run of a character past ASCII) */
				if (fold && x >= 0x80) {
					if (!cp_may_fold(pt, p, i, n, &len)) i += len - 1;
					else if (fold_at(p, i, &w)) return true;
				}
			} else if (refs && ((n - i > 1 && p[i + 1] == '&') || (n - i > 2 && p[i + 2] == '&'))) {
				return true;
			}
			continue;
		}
		if (c != '&' || css) return true;   /* TAB, LF, CR; a backslash or a reference to one in a style sheet */
		/* a reference to a host byte, or to a TAB, LF or CR (removed);
		 * with fold, to a character past ASCII */
		int b = entity_ref_byte(p + i, n - i, &len);
		if (b == '\t' || b == '\n' || b == '\r' || (b >= 0 && b < 0x80 && alpha[b])) return true;
		if (fold && b == 0x80 && cp_may_fold(pt, p, i, n, &len) && fold_at(p, i, &w)) return true;
	}
	return false;
}

bool locator_may_hide(const struct patterns *pt, const unsigned char *p, size_t n, bool refs, bool css)
{
	return may_hide(pt, p, n, refs, css, false);
}

bool locator_may_hide_or_fold(const struct patterns *pt, const unsigned char *p, size_t n, bool refs, bool css)
{
	return may_hide(pt, p, n, refs, css, true);
}

/* Bytes a URL's authority is read over (§3.9): host bytes (§3.5) and
 * `~ % + @ : [ ]`. */
static bool authority_byte(unsigned char c)
{
	return ascii_host(c) || c == '~' || c == '%' || c == '+' || c == '@' || c == ':' || c == '[' || c == ']';
}

static inline bool slash(unsigned char c) { return c == '/' || c == '\\'; }

/* Where a URL parser ends an authority, or a value goes on past a URL
 * in it. */
static inline bool authority_stop(unsigned char c)
{
	return slash(c) || c == '?' || c == '#' || c <= ' ' || c == '"' || c == '\'' || c == '(' || c == ')' || c == '<' ||
	       c == '>';
}

/* authority_stop at v[k], and where the URL ends in the value around it:
 * in a script at a template literal's backtick or `${` (what follows is
 * not the literal's), in a query parameter's value (param) at `&`. */
static inline bool url_ends(const unsigned char *v, size_t k, size_t lim, const struct locate_opts *o, bool param)
{
	unsigned char c = v[k];
	return authority_stop(c) || (param && c == '&') || (o->js && (c == '`' || (c == '$' && k + 1 < lim && v[k + 1] == '{')));
}

/* Whether source bytes [s, e) hold a written line terminator (LF, CR,
 * U+2028, U+2029). */
static bool holds_newline(const unsigned char *p, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (p[i] == '\n' || p[i] == '\r' || (p[i] == 0xE2 && i + 2 < e && p[i + 1] == 0x80 && (p[i + 2] & 0xFE) == 0xA8))
			return true;
	return false;
}

/* The source range of view byte k: an identity view (nothing removed or
 * decoded) is the source itself. */
static inline size_t src_s(const struct locator *L, size_t k) { return L->ident ? k : L->s[k]; }
static inline size_t src_e(const struct locator *L, size_t k) { return L->ident ? k + 1 : L->e[k]; }

/* The references to markup characters a page's parser decodes in an
 * attribute value (`&quot;` ends a host in a CSS `url("…")` or a JSON
 * string there): the byte, and the reference's length in *len; else -1.
 * `&quot`, `&lt` and `&gt` are read without their `;` too, where no
 * letter, digit or `=` follows. */
static int markup_ref(const unsigned char *p, size_t m, size_t *len)
{
	static const struct { const char *name; unsigned char len, byte, legacy; } refs[] = {
		{ "quot", 4, '"', 1 }, { "apos", 4, '\'', 0 }, { "lt", 2, '<', 1 }, { "gt", 2, '>', 1 },
	};
	for (size_t r = 0; r < sizeof refs / sizeof *refs; r++) {
		size_t l = refs[r].len;
		if (m < l + 1 || memcmp(p + 1, refs[r].name, l)) continue;
		if (m > l + 1 && p[l + 1] == ';') { *len = l + 2; return refs[r].byte; }
		if (refs[r].legacy && !(m > l + 1 && (ascii_alnum(p[l + 1]) || p[l + 1] == '='))) { *len = l + 1; return refs[r].byte; }
	}
	return -1;
}

/* Whether the reference at p[0] == '&' stands for white space past ASCII
 * (no-break and the other Unicode spaces). */
static bool ref_is_space(const unsigned char *p, size_t m)
{
	unsigned char u[4];
	uint32_t c;
	size_t k = entity_ref_utf8(p, m, u);
	if (!k || !utf8_take(u, k, &c)) return true;
	return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
	       c == 0x202F || c == 0x205F || c == 0x3000;
}

/* The character at p[i] of p[0..n) as the page's parser gives it (with
 * refs, a reference decoded): its byte, its source length in *len. */
static inline int page_char(const unsigned char *p, size_t i, size_t n, const struct locate_opts *o, size_t *len)
{
	*len = 1;
	if (p[i] != '&' || !o->refs) return p[i];
	int b = entity_ref_byte(p + i, n - i, len);
	if (b < 0) b = markup_ref(p + i, n - i, len);
	if (b < 0) { *len = 1; return '&'; }
	/* in prose a reference to white space past ASCII ends a URL as a
	 * word's end does (`https://C&nbsp;now`); one to another character
	 * is that character, as in a value (`&uuml;`, the fold) */
	if (b >= 0x80 && !o->value && !o->css && ref_is_space(p + i, n - i)) return ' ';
	return b;   /* (TAB, LF, CR: removed as the bytes are, §5.2) */
}

/* Code point c, decoded from source bytes [s, e), at view offset k: one
 * byte, or past ASCII its UTF-8, each byte from [s, e) (a JavaScript or
 * CSS escape: `\u00fc`, `\fc `), where it fits. Returns the offset after. */
static size_t put_char(struct locator *L, size_t k, size_t cap, uint32_t c, size_t s, size_t e)
{
	/* (a lone surrogate, or past U+10FFFF: U+FFFD, as a script reads it) */
	if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) c = 0xFFFD;
	unsigned char u[4];
	size_t ul = utf8_put(c, u);
	if (ul > cap - k) ul = 1, u[0] = 0x80;
	for (size_t t = 0; t < ul; t++) {
		L->v[k + t] = u[t];
		L->s[k + t] = (uint32_t)s;
		L->e[k + t] = (uint32_t)e;
	}
	return k + ul;
}

/* The source ranges of n view bytes from k that are the source bytes
 * from i as they are: [i + t, i + t + 1). */
static void fill_offsets(struct locator *L, size_t k, size_t i, size_t n)
{
	size_t t = 0;
#if defined(__SSE2__)
	__m128i s = _mm_add_epi32(_mm_set1_epi32((int)(uint32_t)i), _mm_set_epi32(3, 2, 1, 0)), four = _mm_set1_epi32(4),
	        one = _mm_set1_epi32(1);
	for (; n - t >= 4; t += 4, s = _mm_add_epi32(s, four)) {
		_mm_storeu_si128((__m128i *)(void *)(L->s + k + t), s);
		_mm_storeu_si128((__m128i *)(void *)(L->e + k + t), _mm_add_epi32(s, one));
	}
#endif
	for (; t < n; t++) {
		L->s[k + t] = (uint32_t)(i + t);
		L->e[k + t] = (uint32_t)(i + t + 1);
	}
}

/* The view of p[a..n) from a token start a, at most cap bytes: each byte
 * with its source range; returns the source offset after the last token
 * read. References are decoded first (the page's parser), CSS escapes
 * over what they give (the style sheet's), then TAB, LF and CR removed
 * (the URL parser). */
static size_t build_view(struct locator *L, const unsigned char *p, size_t a, size_t n, size_t cap,
                         const struct locate_opts *o)
{
	size_t k = 0, i = a;
	unsigned m = view_mask(o);
	while (i < n && k < cap) {
		/* the bytes up to the next one removed or decoded, as they are */
		size_t j = i, lim = n - i > cap - k ? i + (cap - k) : n;
		if (lim - j >= 16) {
			/* (a superset of the bytes of m: `%` and bytes below TAB
			 * too, passed over) */
			while ((j = bytescan_hide_marks(p, j, lim, m & LC_AMP ? '&' : '%', m & LC_BSL ? '\\' : '%', false, 0)) < lim &&
			       !(lc[p[j]] & m))
				j++;
		} else {
			while (j < lim && !(lc[p[j]] & m)) j++;
		}
		if (j > i) {
			memcpy(L->v + k, p + i, j - i);
			fill_offsets(L, k, i, j - i);
			k += j - i;
			i = j;
			continue;
		}
		size_t len;
		if (o->css && (len = css_continuation_at(p, n, i, o->refs))) { i += len; continue; }   /* a string's line continuation */
		if (o->js && p[i] == '\\') {
			int d = js_escape_cp(p, n, i, &len);
			/* a line continuation, an escaped control: removed (a written
			 * newline ends the string: kept) */
			if (d == JS_CONTINUATION || d == '\t' || d == '\n' || d == '\r') { i += len; continue; }
			if (d < 0) d = '\\', len = 1;
			/* a surrogate pair written as two escapes is one character */
			if (d >= 0xD800 && d <= 0xDBFF) {
				size_t l2;
				int lo = js_escape_cp(p, n, i + len, &l2);
				if (lo >= 0xDC00 && lo <= 0xDFFF) {
					d = 0x10000 + ((d - 0xD800) << 10) + (lo - 0xDC00);
					len += l2;
				}
			}
			/* (a backslash before a character past ASCII stands for it:
			 * its first byte here, the rest as they are) */
			if (len == 2 && p[i + 1] >= 0x80) k = put_char(L, k, cap, 0, i, i + len), L->v[k - 1] = p[i + 1];
			else k = put_char(L, k, cap, (uint32_t)d, i, i + len);
			i += len;
			continue;
		}
		int c = page_char(p, i, n, o, &len);
		if (c == 0x80 && len > 1) {
			/* a reference past ASCII: its UTF-8, each byte from the
			 * whole reference (the fold reads it, rules.md §1.4) */
			unsigned char u[4];
			size_t ul = entity_ref_utf8(p + i, n - i, u);
			if (ul > 1 && ul <= cap - k) {
				for (size_t t = 0; t < ul; t++) {
					L->v[k + t] = u[t];
					L->s[k + t] = (uint32_t)i;
					L->e[k + t] = (uint32_t)(i + len);
				}
				k += ul;
				i += len;
				continue;
			}
		}
		if (c == '\\' && o->css) {
			size_t end;
			int d = css_escape_cp(p, n, i + len, o->refs, &end);
			if (d >= 0) {
				/* (a backslash before a character past ASCII stands for it:
				 * its first byte here, the rest as they are) */
				if (end == i + len + 1 && p[i + len] >= 0x80) {
					k = put_char(L, k, cap, 0, i, end);
					L->v[k - 1] = p[i + len];
					i = end;
					continue;
				}
				c = d;
				len = end - i;
				/* an escaped control is the URL parser's to remove (a
				 * written newline ends the style sheet's string or url()) */
				if (c == '\t' || c == '\n' || c == '\r') { i += len; continue; }
			}
		}
		if ((c == '\t' && (o->joins || o->value || o->css || o->js)) || ((c == '\n' || c == '\r') && o->joins)) { i += len; continue; }
		k = put_char(L, k, cap, (uint32_t)c, i, i + len);
		i += len;
	}
	L->len = k;
	return i;
}

/* The lookup key of the host v[h..e): lower case, percent-decoded, where
 * it holds a character past ASCII folded as a browser folds it (rules.md
 * §1.4: `ｗｗｗ.example.fi`, `www。example.fi`, `bu` U+0308 `cher` are the
 * hosts they fold to), without its root dot. Returns its length, 0 if it
 * is none (a host the fold refuses is one no browser reaches). *folded:
 * the fold gave a key the bytes alone do not spell (the byte matcher's
 * forms, §2.1, cannot have read it). */
static size_t host_key(const struct patterns *pt, const unsigned char *v, size_t h, size_t e,
                       unsigned char key[LOCATOR_AUTHORITY_MAX], bool *folded)
{
	size_t k = 0;
	bool wide = false;
	*folded = false;
	for (size_t i = h; i < e; i++) {
		unsigned char c = v[i];
		int x, y;
		if (c == '%' && i + 2 < e && (x = ascii_hex(v[i + 1])) >= 0 && (y = ascii_hex(v[i + 2])) >= 0) {
			c = (unsigned char)(x << 4 | y);
			i += 2;
		}
		wide |= c >= 0x80;
		key[k++] = ascii_lower(c);
	}
	if (wide) {
		char ascii[ORIGIN_HOST_MAX + 2];
		size_t an;
		if (idna_to_ascii(key, k, ascii, sizeof ascii, &an) != IDNA_OK) return 0;
		size_t rn = k && key[k - 1] == '.' ? k - 1 : k;
		*folded = !patterns_host(pt, key, rn);
		memcpy(key, ascii, an);
		k = an;
	}
	if (k && key[k - 1] == '.') k--;
	return k;
}

/* Where a dot ends the host v[h..he) (`.` or `%2E`): its start, else he. */
static size_t dot_end(const unsigned char *v, size_t h, size_t he)
{
	if (v[he - 1] == '.') return he - 1;
	if (he - h >= 3 && v[he - 3] == '%' && v[he - 2] == '2' && (v[he - 1] | 0x20) == 'e') return he - 3;
	return he;
}

struct cand {
	size_t start;              /* view offset of the URL's start */
	bool written;              /* a scheme is written */
	enum scheme scheme;
	size_t colon;              /* view offset of the scheme's colon */
	size_t slashes;            /* view offset of the slash run */
	size_t run;                /* its length */
};


/* Whether c's written scheme is the source's own bytes, the scheme name
 * in another case (`HTTPS`). Where the variant's host is a canonical one
 * too (a map that changes only the scheme), the locator writes such a
 * scheme as the byte matcher does, in lower case: a second run's byte
 * matcher would read the kept `HTTPS://C` and change it (idempotence).
 * A scheme spelled otherwise (a reference, a TAB) is no scheme to the
 * byte matcher, and with any other map the host it is kept before is no
 * canonical one. */
static bool scheme_in_capitals(const struct locator *L, const struct cand *c, const char *name)
{
	size_t n = c->colon - c->start, s = src_s(L, c->start);
	return n == strlen(name) && src_e(L, c->colon - 1) - s == n && memcmp(L->src + s, name, n) != 0;
}

/* Whether the pair's variant host (its relative form `//host[:port]`)
 * is a canonical host of the table. */
static bool variant_is_canonical(const struct patterns *pt, const struct pattern_pair *pp)
{
	struct slice r = pp->repl[ENC_RAW][FORM_RELATIVE];
	size_t n = 2;
	while (n < r.n && r.p[n] != ':') n++;
	return r.n > 2 && patterns_host(pt, r.p + 2, n - 2) != NULL;
}

/* A URL start at view offset i (a token boundary): `http:`, `https:` (the
 * colon written `%3A` too), or a slash run. */
static bool cand_at(const unsigned char *v, size_t i, size_t lim, struct cand *c)
{
	size_t j = i;
	c->start = i;
	c->written = false;
	c->slashes = i;
	c->run = 0;
	if ((v[i] | 0x20) == 'h') {
		if (lim - i < 5 || (v[i + 1] | 0x20) != 't' || (v[i + 2] | 0x20) != 't' || (v[i + 3] | 0x20) != 'p') return false;
		size_t t = (v[i + 4] | 0x20) == 's' ? i + 5 : i + 4;
		if (!(t < lim && (v[t] == ':' || (lim - t >= 3 && percent_colon(v + t))))) return false;
		c->scheme = t == i + 5 ? SCHEME_HTTPS : SCHEME_HTTP;
		j = t;
		c->written = true;
		c->colon = j++;
		/* a percent colon (`https%3A//C`: a redirect parameter half
		 * encoded, as the byte matcher reads it, §2.1) */
		if (v[c->colon] == '%') j += 2;
	} else if (!slash(v[i])) {
		return false;
	}
	size_t r = j;
	while (r < lim && r - j <= LOCATOR_SLASHES_MAX && slash(v[r])) r++;
	c->slashes = j;
	c->run = r - j;
	if (r - j > LOCATOR_SLASHES_MAX) return false;
	return c->written || c->run >= 2;
}

/* Whether the variant's host, its first byte v0, written after view byte
 * k would be read into the escape k came from: a hex digit after CSS's
 * `\2f` or `&#x2F`, a digit after `&#47`, a letter or digit after a
 * reference with no `;` (a page's parser then reads none). Returns the
 * byte that closes the escape (a white space, a `;`), or 0. */
static char escape_open(const struct locator *L, const struct locate_opts *o, size_t k, unsigned char v0)
{
	size_t s = src_s(L, k), e = src_e(L, k);
	if (e - s < 2) return 0;
	if (o->css && ascii_hex(v0) >= 0 && css_escape_open(L->src, s, e, o->refs)) return ' ';
	/* a reference with no `;` that ends the bytes (alone, or the last
	 * character of a CSS escape): a numeric one reads on over digits (hex
	 * digits after `&#x`), a named one is read no more where a letter or
	 * digit follows */
	if (!o->refs || L->src[e - 1] == ';' || !ascii_alnum(v0)) return 0;
	size_t a = e - 1;
	while (a > s && L->src[a] != '&') a--;
	const unsigned char *r = L->src + a;
	size_t len, n = e - a;
	if (r[0] != '&') return 0;
	if (n > 2 && r[1] == '#') {
		bool hex = (r[2] | 0x20) == 'x';
		return entity_ref_byte(r, n, &len) >= 0 && len == n && (hex ? ascii_hex(v0) >= 0 : ascii_digit(v0)) ? ';' : 0;
	}
	return (entity_ref_byte(r, n, &len) >= 0 || markup_ref(r, n, &len) >= 0) && len == n ? ';' : 0;
}

/* Whether the URL of c (userinfo up to at, host v[h..he), authority
 * ending at e) is one the byte matcher's spellings do not cover, the only
 * ones the locator reports (rules.md §3.9): a byte of it removed or
 * decoded in the view, userinfo, `%` in the host, a scheme with fewer than
 * two separators; a slash run that is not `//`. The gate, locator_may_find,
 * looks for exactly these. */
static bool unmatched(const struct locator *L, const unsigned char *v, const struct cand *c, size_t at, size_t h,
                      size_t he, size_t e)
{
	if (!L->ident && src_e(L, e - 1) - src_s(L, c->start) != e - c->start) return true;
	/* a slash run whose source byte before it is one the byte matcher's
	 * left anchor refuses (§3.3), though the URL parser is given a
	 * boundary there (the byte is part of what the view removed or
	 * decoded: `\9//C` in CSS) */
	if (!L->ident && !c->written && src_s(L, c->start) > 0) {
		unsigned char b = L->src[src_s(L, c->start) - 1];
		if (ascii_alnum(b) || b == '/' || b == '.' || b == '-' || b == '_' || b == '%' || b == '\\') return true;
	}
	if (at != SIZE_MAX || memchr(v + h, '%', he - h) || (c->written && c->run < 2)) return true;
	const unsigned char *r = v + c->slashes;
	return !(c->run == 2 && r[0] == '/' && r[1] == '/');
}

/* §3.9 steps 3–9 for the candidate c, reading the view up to lim. */
static bool locate(const struct locator *L, const unsigned char *v, const struct patterns *pt, const struct cand *c,
                   size_t lim, const struct locate_opts *o, struct locate_hit *hit)
{
	/* userinfo: up to the last `@` before the authority ends as a URL
	 * parser ends it (`/ \ ? #`), or where the value goes on past the
	 * URL (white space, a quote, a bracket of CSS's `url()`) */
	/* (a URL whose colon is `%3A` is a query parameter's value, which
	 * ends at `&`) */
	bool param = c->written && v[c->colon] == '%';
	size_t a = c->slashes + c->run, k = a, at = SIZE_MAX;
	while (k < lim && k - a <= LOCATOR_AUTHORITY_MAX && !url_ends(v, k, lim, o, param)) {
		if (v[k] == '@') at = k;
		k++;
	}
	if (k - a > LOCATOR_AUTHORITY_MAX) return false;
	size_t h = at == SIZE_MAX ? a : at + 1, e = h;
	while (e < lim && v[e] != '[' && v[e] != ']' && (authority_byte(v[e]) || (v[e] == '&' && !param))) e++;
	/* a byte a URL parser keeps in the host (`!`, `,`, `;`, `=` …) makes
	 * it another host */
	if (e < k && !url_ends(v, e, lim, o, param)) return false;
	size_t p = h;
	while (p < e && v[p] != ':') p++;
	size_t he = p;
	/* prose: a dot that ends the authority is a full stop, unless a
	 * path, query or fragment follows */
	if (!o->value && !o->css && p == e && he > h && !(e < lim && (slash(v[e]) || v[e] == '?' || v[e] == '#'))) {
		size_t d = dot_end(v, h, he);
		if (d < he) e = p = he = d;
	}
	if (he == h) return false;
	unsigned char key[LOCATOR_AUTHORITY_MAX];
	bool folded;
	size_t kn = host_key(pt, v, h, he, key, &folded);
	if (!kn) return false;
	if (!folded && !unmatched(L, v, c, at, h, he, e)) return false;
	const struct pattern_host *g = patterns_host(pt, key, kn);
	if (!g) return false;
	const char *port = NULL;
	size_t port_len = 0;
	if (p < e) {
		for (size_t k = p + 1; k < e; k++)
			if (v[k] < '0' || v[k] > '9') return false;   /* no URL parser reads it */
		if (e - p - 1 > 0) {
			port = (const char *)v + p + 1;
			port_len = e - p - 1;
		}
	}
	/* the port is read for the written scheme, else the page's */
	enum scheme ref = c->written ? c->scheme : pt->page_scheme;
	const struct pattern_pair *pp = patterns_pair_for(g, true, ref, port, port_len);
	if (!pp || pp->identity) return false;
	/* `https:C/x` read on a page served at https is a path */
	if (c->written && c->run < 2 && ref == pp->variant_scheme) return false;
	/* the host's bytes, through the port where one is written (the
	 * variant's host and port replace them); a root dot spelled `%2E`
	 * is kept (the variant's with it is the same host) */
	size_t hr = he;
	if (!port && !pp->variant_port && hr - h > 3 && v[hr - 1] != '.' && dot_end(v, h, hr) < hr) hr -= 3;
	/* a variant's port goes where a written one was, an empty one's `:`
	 * with it */
	if (!port && pp->variant_port && p < e) port = (const char *)v + p;
	*hit = (struct locate_hit){ .pair = pp, .end = port ? src_e(L, e - 1) : src_e(L, hr - 1) };
	/* (where bytes the view removed stand between, a line continuation,
	 * the escape has ended before them) */
	if (!L->ident && h > 0 && src_e(L, h - 1) == src_s(L, h))
		hit->lead = escape_open(L, o, h - 1, pp->repl[ENC_RAW][FORM_RELATIVE].p[2]);
	if (c->written && (ref != pp->variant_scheme ||
	                   (scheme_in_capitals(L, c, scheme_name(pp->variant_scheme)) && variant_is_canonical(pt, pp)))) {
		/* the scheme too: from it, with the bytes from its colon to the
		 * host kept where they hold the slashes, else `://` and the
		 * userinfo as written */
		hit->scheme = true;
		hit->start = src_s(L, c->start);
		hit->slashes_written = c->run >= 2;
		hit->mid_start = hit->slashes_written ? src_s(L, c->colon) : src_s(L, a);
		hit->mid_end = src_s(L, h);
	} else {
		hit->start = src_s(L, h);
	}
	/* a script's line continuation is dropped in a string, not in a
	 * comment or a regular expression: a replacement never takes out a
	 * written newline (it would join the next line to a comment); the
	 * origin is kept, and said */
	hit->kept = o->js && (hit->scheme ? holds_newline(L->src, hit->start, hit->mid_start) ||
	                                        holds_newline(L->src, hit->mid_end, hit->end)
	                                  : holds_newline(L->src, hit->start, hit->end));
	return true;
}

/* At p[i], a `:` or `/` of p[0..n): true where it ends a scheme
 * that has fewer than two slashes after it, or begins a run of three
 * slashes; *skip: a `//` to step over. */

static inline bool scheme_or_run(const unsigned char *p, size_t n, size_t i, size_t *skip)
{
	bool two = i + 2 < n && p[i + 1] == '/' && p[i + 2] == '/';
	*skip = 0;
	if (p[i] == '/') {
		*skip = i + 1 < n && p[i + 1] == '/';
		return two;
	}
	return !two && scheme_before(p, i);
}

/* A character of a URL from its scheme to its authority's end: a
 * scheme's, a host's or a port's, a separator, `%` or `@` (what a
 * reference may decode to and still stand there). */
static bool url_char(unsigned char c)
{
	return ascii_alnum(c) || (c && strchr(".-+_:/\\%@[]", c));
}

/* Whether a byte may stand on either side of a TAB, LF or CR inside what
 * the locator reports: a url_char, a byte of a reference or an escape
 * (`& ; #`), or one past ASCII. */
static bool url_byte(unsigned char c)
{
	return url_char(c) || c >= 0x80 || c == '&' || c == ';' || c == '#';
}

/* Whether removing the run of the view's removable bytes (in mask) that
 * holds p[i] joins two bytes that may both lie in a reported URL; *end:
 * where the run ends. A run at the start or the end of the buffer joins
 * nothing (what follows or precedes it is read as the byte matcher reads
 * it). */
static bool removal_joins(const unsigned char *p, size_t n, size_t i, unsigned mask, size_t *end)
{
	size_t a = i, b = i + 1;
	while (a > 0 && (lc[p[a - 1]] & mask)) a--;
	while (b < n && (lc[p[b]] & mask)) b++;
	*end = b;
	return a > 0 && b < n && url_byte(p[a - 1]) && url_byte(p[b]);
}

bool locator_may_hide_script(const unsigned char *p, size_t n, bool refs)
{
	if (bytescan_any3(p, 0, n, '\\', '%', refs ? '&' : '%') < n) return true;
	/* a run of TABs the view removes, between two bytes a URL may hold */
	size_t end;
	for (const unsigned char *t = memchr(p, '\t', n); t; t = end < n ? memchr(p + end, '\t', n - end) : NULL)
		if (removal_joins(p, n, (size_t)(t - p), LC_TAB, &end)) return true;
	return false;
}

bool locator_may_find(const struct patterns *pt, const unsigned char *p, size_t n, const struct locate_opts *o)
{
	const struct hostfind *f = &pt->find;
	bool refs = o->refs;
	size_t skip;
	struct fold_walk walk = FOLD_WALK(refs);
	unsigned char sl = pt->fold_skip_lead;
	/* (a colon counts only where it may end `http` or `https`: scheme_or_run;
	 * told to the scan where other colons are many) */
	struct bytescan_marks mk;
	bytescan_marks_init(&mk, p, n, refs, o->css || o->js, sl);
	for (size_t i; (i = bytescan_marks_next(&mk)) < n;) {
		unsigned char c = p[i];
		switch (c) {
		case '&': {
			/* a reference, read as the view reads it: one to a byte a
			 * URL's scheme or authority may hold, to TAB, LF or CR, or
			 * to a character a host may be folded from (`&amp;`,
			 * `&#038;`, `&quot;`, `&lt;` decode to bytes none holds) */
			size_t len;
			int b = entity_ref_byte(p + i, n - i, &len);
			if (b < 0) b = markup_ref(p + i, n - i, &len);
			if (b < 0) continue;
			if (b >= 0x80) {
				if (cp_may_fold(pt, p, i, n, &skip) && fold_at(p, i, &walk)) return true;
				continue;
			}
			if (b == '\t' || b == '\n' || b == '\r' || url_char((unsigned char)b)) return true;
			continue;
		}
		case '%':
			/* a `%XX` in a canonical host decodes to one of its bytes */
			if (n - i > 2 && ascii_hex(p[i + 1]) >= 0 && ascii_hex(p[i + 2]) >= 0 &&
			    f->alphabet[(unsigned char)(ascii_hex(p[i + 1]) << 4 | ascii_hex(p[i + 2]))])
				return true;
			/* a scheme's percent colon with fewer than two slashes after
			 * it (cand_at reads `http%3A` as a scheme; where a `%XX`
			 * follows, the host holds it: a canonical one only through
			 * a `%XX` of its bytes, a mark of its own) */
			if (n - i > 3 && percent_colon(p + i) && p[i + 3] != '%' && !(n - i > 4 && p[i + 3] == '/' && p[i + 4] == '/') &&
			    scheme_before(p, i))
				return true;
			/* a `%XX` past ASCII in what may be an authority (the fold) */
			if (n - i > 2 && ascii_hex(p[i + 1]) >= 8 && ascii_hex(p[i + 2]) >= 0 && cp_may_fold(pt, p, i, n, &skip) &&
			    fold_at(p, i, &walk))
				return true;
			continue;
		case '@':
			/* userinfo before a canonical host (one spelled otherwise has
			 * marks of its own) */
			if (hostfind_has(f, p + i + 1, n - i - 1 < pt->max_host + 1 ? n - i - 1 : pt->max_host + 1)) return true;
			continue;
		case '\\':
			return true;
		case ':':
			if (scheme_or_run(p, n, i, &skip)) return true;
			continue;
		case '/':
			if (scheme_or_run(p, n, i, &skip)) return true;
			bytescan_marks_from(&mk, i + 1 + skip);
			continue;
		case '\t':
		case '\n':
		case '\r': {
			/* the bytes the view removes: TAB (where the surface joins,
			 * in a value, a style sheet and a script), LF and CR where
			 * it joins */
			unsigned removed = view_mask(o) & (LC_TAB | LC_CTL);
			if (!(lc[c] & removed)) continue;   /* (kept in the view) */
			if (removal_joins(p, n, i, removed, &skip)) return true;
			bytescan_marks_from(&mk, skip);
			continue;
		}
		default:
			continue;
		}
	}
	/* a character past ASCII in what may be an authority: a host a
	 * browser folds (rules.md §1.4); the scan saw whether there is one
	 * (a reference to one is a mark of its own above, a `%XX` of one
	 * decided there) */
	return mk.high && locator_may_fold(pt, p, n, false);
}

/* The next byte at or after i that may end a scheme or begin a slash
 * run. */
static inline size_t next_cand(const unsigned char *v, size_t i, size_t len)
{
	if (len - i >= 16) return bytescan_any3(v, i, len, '/', '\\', ':');
	while (i < len && !(lc[v[i]] & LC_CAND)) i++;
	return i;
}

/* The candidates of the view v[0..len) beginning before limit, prev the
 * view byte before it (-1: none); resume_src: source offset before which
 * a change was made. */
static void scan_view(const struct locator *L, const unsigned char *v, size_t len, size_t limit, int prev,
                      const struct patterns *pt, const struct locate_opts *o, locate_fn fn, void *ctx,
                      size_t *resume_src)
{
	/* a scheme's colon up to 5 bytes past the limit (its `http` before
	 * it), a slash run's start up to 8 (`https%3A` before it) */
	size_t end = len - limit > 9 ? limit + 9 : len;
	for (size_t i = next_cand(v, 0, end); i < end; i = next_cand(v, i + 1, end)) {
		unsigned char c = v[i];
		size_t st = i;
		if (c == ':') {
			if (i >= 5 && ascii_ci_eq(v + i - 5, "https", 5)) st = i - 5;
			else if (i >= 4 && ascii_ci_eq(v + i - 4, "http", 4)) st = i - 4;
			else continue;
		} else if (i >= 7 && percent_colon(v + i - 3) && slash(c)) {
			/* a slash run after a percent colon: its scheme */
			if (i >= 8 && ascii_ci_eq(v + i - 8, "https", 5)) st = i - 8;
			else if (ascii_ci_eq(v + i - 7, "http", 4)) st = i - 7;
		}
		if (st >= limit) continue;
		int b = st ? v[st - 1] : prev;
		/* a token boundary, and not inside a slash run */
		if (b >= 0 && ((b != '[' && b != ']' && authority_byte((unsigned char)b)) || (slash(c) && slash((unsigned char)b))))
			continue;
		if (src_s(L, st) < *resume_src) continue;
		struct cand cd;
		bool ok = cand_at(v, st, len, &cd);
		/* the rest of its slash run begins no other URL */
		if (cd.run) i = cd.slashes + cd.run - 1;
		if (!ok) continue;
		struct locate_hit hit;
		if (locate(L, v, pt, &cd, len, o, &hit) && fn(ctx, &hit)) *resume_src = hit.end;
	}
}

void locator_scan(struct locator *L, const struct patterns *pt, const unsigned char *p, size_t n,
                  const struct locate_opts *o, locate_fn fn, void *ctx)
{
	size_t resume_src = 0;
	/* nothing to remove or decode: the view is the source */
	if (n <= LOCATOR_SHORT) {
		unsigned m = view_mask(o);
		size_t i = 0;
		while (i < n && !(lc[p[i]] & m)) i++;
		L->ident = i == n;
	} else {
		L->ident = (!(o->joins || o->value || o->css || o->js) || bytescan_any3(p, 0, n, '\t', o->joins ? '\n' : '\t', o->joins ? '\r' : '\t') == n) &&
		           (!o->refs || bytescan_byte(p, 0, n, '&') == n) && (!(o->css || o->js) || bytescan_byte(p, 0, n, '\\') == n);
	}
	L->src = p;
	if (L->ident) {
		scan_view(L, p, n, n, -1, pt, o, fn, ctx, &resume_src);
		return;
	}
	if (!L->v) {
		L->v = xrealloc(NULL, LOCATOR_WINDOW);
		L->s = xrealloc(NULL, LOCATOR_WINDOW * sizeof *L->s);
		L->e = xrealloc(NULL, LOCATOR_WINDOW * sizeof *L->e);
	}
	size_t a = 0;
	int prev = -1;   /* the view byte before the window: none */
	for (;;) {
		size_t next = build_view(L, p, a, n, LOCATOR_WINDOW, o);
		bool last = next == n;
		size_t len = L->len, limit = last ? len : len - LOCATOR_LOOK;
		scan_view(L, L->v, len, limit, prev, pt, o, fn, ctx, &resume_src);
		if (last) return;
		a = L->s[limit];
		prev = L->v[limit - 1];
		if (o->release) o->release(o->release_ctx, p + a);
	}
}
