/* ascii.c — the tables of ascii.h, each entry worked out at compile time
 * from the classes' definitions (no entry is typed by hand). */
#include "ascii.h"

#define IN(c, a, b) ((c) >= (a) && (c) <= (b))
#define SPACE_JSON(c) ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')
#define SPACE_HTML(c) (SPACE_JSON(c) || (c) == '\f')
#define SPACE_C(c) (SPACE_HTML(c) || (c) == '\v')
#define CLASS(c)                                                                                                  \
	((IN(c, 'A', 'Z') ? ASCII_UPPER : 0) | (IN(c, 'a', 'z') ? ASCII_LOWER : 0) | (IN(c, '0', '9') ? ASCII_DIGIT : 0) | \
	 (IN(c, '0', '9') || IN(c, 'A', 'F') || IN(c, 'a', 'f') ? ASCII_HEX : 0) |                                    \
	 (SPACE_JSON(c) ? ASCII_SPACE_JSON : 0) | (SPACE_HTML(c) ? ASCII_SPACE_HTML : 0) |                            \
	 (SPACE_C(c) ? ASCII_SPACE_C : 0) |                                                                            \
	 (IN(c, 'A', 'Z') || IN(c, 'a', 'z') || IN(c, '0', '9') || (c) == '-' || (c) == '.' || (c) == '_' ||           \
	          (c) >= 0x80                                                                                          \
	      ? ASCII_HOST                                                                                             \
	      : 0))
#define LOWER(c) ((unsigned char)(IN(c, 'A', 'Z') ? (c) + 32 : (c)))

#define R4(F, c) F(c), F((c) + 1), F((c) + 2), F((c) + 3)
#define R16(F, c) R4(F, c), R4(F, (c) + 4), R4(F, (c) + 8), R4(F, (c) + 12)
#define R64(F, c) R16(F, c), R16(F, (c) + 16), R16(F, (c) + 32), R16(F, (c) + 48)
#define R256(F) R64(F, 0), R64(F, 64), R64(F, 128), R64(F, 192)

#define HEX(c) (IN(c, '0', '9') ? (c) - '0' : IN(c, 'a', 'f') ? (c) - 'a' + 10 : IN(c, 'A', 'F') ? (c) - 'A' + 10 : -1)

const unsigned char ascii_class[256] = { R256(CLASS) };
const unsigned char ascii_lower_tab[256] = { R256(LOWER) };
const signed char ascii_hex_tab[256] = { R256(HEX) };
