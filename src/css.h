/* css.h — owns CSS escapes as a style sheet reads them (rules.md §3.9):
 * a backslash and one to six hex digits, then at most one white-space
 * character, stand for a code point; a backslash and any other character
 * but a newline stand for that character. In a style attribute, or a
 * style sheet in SVG, the page's parser has decoded references before the
 * style sheet is read, so the characters may be references too. */
#ifndef HOSTSHIFT_CSS_H
#define HOSTSHIFT_CSS_H

#include <stdbool.h>
#include <stddef.h>

/* The escape whose backslash ends before p[i] (p[0..n) readable; refs:
 * references are decoded first): the character it stands for as a byte
 * (0x80 for a code point past ASCII, U+0000 or one no style sheet reads),
 * and in *end the offset after it; -1 where the backslash begins no escape
 * (a newline, a form feed or the end follows). */
int css_escape(const unsigned char *p, size_t n, size_t i, bool refs, size_t *end);
/* The same, with the code point itself past ASCII. */
int css_escape_cp(const unsigned char *p, size_t n, size_t i, bool refs, size_t *end);

/* The escape at p[i] (a backslash, or with refs a reference to one): its
 * character as css_escape gives it and its length in *len; -1 where none
 * begins there. */
int css_escape_at(const unsigned char *p, size_t n, size_t i, bool refs, size_t *len);

/* A backslash and a newline (LF, CR LF, CR or form feed) at p[i]: a line
 * continuation, which a quoted string of a style sheet drops; its length,
 * else 0. */
size_t css_continuation_at(const unsigned char *p, size_t n, size_t i, bool refs);

/* Whether the escape read over p[s..e) (as css_escape_at reads it) ends
 * in a hex digit with fewer than six and no white space after it: a hex
 * digit written right after it would be read into it. */
bool css_escape_open(const unsigned char *p, size_t s, size_t e, bool refs);

#endif
