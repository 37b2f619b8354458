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

/* The escape at p[i] (a backslash, or with refs a reference to one): its
 * character as css_escape gives it and its length in *len; -1 where none
 * begins there. */
int css_escape_at(const unsigned char *p, size_t n, size_t i, bool refs, size_t *len);

#endif
