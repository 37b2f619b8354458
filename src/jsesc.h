/* jsesc.h — owns JavaScript string escapes as a script reads them
 * (rules.md §3.9): `\x` and two hex digits, `\u` and four, `\u{…}`, the
 * legacy octal escapes of a page's scripts, `\b \f \n \r \t \v`, a
 * backslash and a line terminator (a line continuation, which the string
 * drops), and a backslash and any other character, which stands for that
 * character. A JSON string's escapes are a subset of these. */
#ifndef HOSTSHIFT_JSESC_H
#define HOSTSHIFT_JSESC_H

#include <stddef.h>

/* A backslash and a line terminator: the string drops both. */
#define JS_CONTINUATION (-2)

/* The escape whose backslash is at p[i] (p[0..n) readable): the
 * character it stands for as a byte (0x80 for a code point past ASCII),
 * its length in *len; JS_CONTINUATION (its length in *len); -1 where
 * none can be read there (no backslash, the end, a `\x` or `\u` without
 * its digits: a script that does not parse). */
int js_escape_at(const unsigned char *p, size_t n, size_t i, size_t *len);
/* The same, with the code point itself past ASCII (0x80 still for a
 * backslash before a character past ASCII, which stands for itself). */
int js_escape_cp(const unsigned char *p, size_t n, size_t i, size_t *len);

#endif
