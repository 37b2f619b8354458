/* hostvalue.h — owns the rule of §8.5 for one value of a --host-column
 * column: whether the value is exactly a canonical host of the pattern
 * table (ASCII case ignored, a trailing root dot allowed), with an optional
 * port, and the text that replaces it: the host and port of the pair's
 * replacement (§2.2), as every other replacement writes them. The values
 * here are decoded bytes: the framer undoes its dialect's escaping first. */
#ifndef HOSTSHIFT_HOSTVALUE_H
#define HOSTSHIFT_HOSTVALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "patterns.h"

/* The longest value that can be one host and a port: a host form (an
 * international host's upper case among them), a root dot, and a colon
 * with the 12 port digits the matcher reads (§3.5). */
#define HOSTVALUE_PORT_DIGITS 12
#define HOSTVALUE_MAX (8 * ORIGIN_HOST_MAX + 3 + 2 + HOSTVALUE_PORT_DIGITS)

enum hostvalue_result {
	HOSTVALUE_NONE,      /* not one host[:port] of the map */
	HOSTVALUE_REWRITE,   /* one: *repl replaces it */
	HOSTVALUE_IDENTITY,  /* one, of an identity pair, or written as its replacement is: unchanged */
	HOSTVALUE_NO_PAIR,   /* a canonical host with a port no pair of it has (§3.6) */
};

/* v[0..n): the decoded value. On HOSTVALUE_REWRITE, *repl is the
 * variant's host[:port] in the table's arena. */
enum hostvalue_result hostvalue_match(const struct patterns *pt, const unsigned char *v, size_t n, struct slice *repl);

/* Whether a canonical host (any of its forms, ASCII case ignored) stands
 * in b[0..n) as a host: with no host byte (§3.5) right before it, and none
 * after it but a root dot (`admin@C`, `https://C/x`, `C.`; not `C.evil`,
 * `xC`, `Cn`). A value that holds one without being one is reported. */
bool hostvalue_contains(const struct patterns *pt, const unsigned char *b, size_t n);

#endif
