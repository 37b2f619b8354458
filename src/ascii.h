/* ascii.h — the byte classes the rules read, in one table: letters and
 * digits, hex digits, the three white-space sets the formats define, and
 * the host bytes of rules.md §3.5; with lowercasing and the hex value of
 * a digit. The tables are computed from these definitions (ascii.c). */
#ifndef HOSTSHIFT_ASCII_H
#define HOSTSHIFT_ASCII_H

#include <stdbool.h>
#include <stddef.h>

enum {
	ASCII_UPPER = 1,         /* A–Z */
	ASCII_LOWER = 2,         /* a–z */
	ASCII_DIGIT = 4,         /* 0–9 */
	ASCII_HEX = 8,           /* 0–9 A–F a–f */
	ASCII_SPACE_JSON = 16,   /* SP HT LF CR: JSON's white space, and the serialized walk's */
	ASCII_SPACE_HTML = 32,   /* those and FF: HTML's ASCII white space */
	ASCII_SPACE_C = 64,      /* those and VT: isspace in the C locale (SQL, origins, the map) */
	ASCII_HOST = 128,        /* A–Z a–z 0–9 - . _ and every byte from 0x80 (rules.md §3.5) */
};

extern const unsigned char ascii_class[256];
extern const unsigned char ascii_lower_tab[256];

static inline bool ascii_is(unsigned char c, unsigned cls) { return (ascii_class[c] & cls) != 0; }
static inline unsigned char ascii_lower(unsigned char c) { return ascii_lower_tab[c]; }
static inline bool ascii_digit(unsigned char c) { return ascii_is(c, ASCII_DIGIT); }
static inline bool ascii_alnum(unsigned char c) { return ascii_is(c, ASCII_UPPER | ASCII_LOWER | ASCII_DIGIT); }
/* The white-space sets as bit masks of the bytes up to SP (what the
 * table says, in a form the compiler tests without a load: these run in
 * the tokenizers' loops). */
#define ASCII_MASK_JSON ((1ull << ' ') | (1ull << '\t') | (1ull << '\n') | (1ull << '\r'))
#define ASCII_MASK_HTML (ASCII_MASK_JSON | (1ull << '\f'))
#define ASCII_MASK_C (ASCII_MASK_HTML | (1ull << '\v'))
static inline bool ascii_space_json(unsigned char c) { return c <= ' ' && (ASCII_MASK_JSON >> c & 1); }
static inline bool ascii_space_html(unsigned char c) { return c <= ' ' && (ASCII_MASK_HTML >> c & 1); }
static inline bool ascii_space_c(unsigned char c) { return c <= ' ' && (ASCII_MASK_C >> c & 1); }
static inline bool ascii_host(unsigned char c) { return ascii_is(c, ASCII_HOST); }

extern const signed char ascii_hex_tab[256];

/* The value of a hex digit, or -1. */
static inline int ascii_hex(unsigned char c) { return ascii_hex_tab[c]; }

/* p[0..n) equals the lowercase literal lit, ASCII case ignored. */
static inline bool ascii_ci_eq(const unsigned char *p, const char *lit, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (ascii_lower(p[i]) != (unsigned char)lit[i]) return false;
	return true;
}

#endif
