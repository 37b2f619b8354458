/* punycode.h — Punycode (RFC 3492): the encoding of an IDN label's code
 * points as the ASCII after `xn--`. No allocation: the caller gives the
 * buffers. */
#ifndef HOSTSHIFT_PUNYCODE_H
#define HOSTSHIFT_PUNYCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* cp[0..n) as Punycode into out[0..cap) (without `xn--`), lower case
 * digits; *len its length. False where out is too small or a code point
 * is past U+10FFFF. */
bool punycode_encode(const uint32_t *cp, size_t n, char *out, size_t cap, size_t *len);

/* in[0..n) (without `xn--`) decoded into cp[0..cap); *len the count.
 * False where it is no Punycode: a byte past ASCII, a digit that is not
 * one, an overflow, a code point past U+10FFFF, or more than cap. Basic
 * code points keep their case. */
bool punycode_decode(const char *in, size_t n, uint32_t *cp, size_t cap, size_t *len);

#endif
