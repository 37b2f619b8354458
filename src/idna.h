/* idna.h — international host names as a browser's URL parser reads them
 * (docs/rules.md §1.4): UTS #46 processing with the settings of the WHATWG
 * URL standard's "domain to ASCII" (non-transitional, CheckHyphens off,
 * CheckBidi and CheckJoiners on, UseSTD3ASCIIRules off, VerifyDnsLength
 * off), its mapping table, NFC and Punycode. The tables are generated
 * (src/idna_data.h, tools/gen_idna.py). No allocation; a host longer than
 * IDNA_MAX code points is refused. */
#ifndef HOSTSHIFT_IDNA_H
#define HOSTSHIFT_IDNA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IDNA_MAX 512   /* code points of a host, before and after each step */

enum idna_result {
	IDNA_OK,
	IDNA_BAD_UTF8,      /* the bytes are not UTF-8 */
	IDNA_DISALLOWED,    /* a code point UTS #46 disallows */
	IDNA_BAD_PUNYCODE,  /* an `xn--` label that does not decode, or decodes to ASCII only */
	IDNA_INVALID_LABEL, /* a label fails the validity criteria (NFC, a leading mark, joiners, bidi, `xn--`) */
	IDNA_TOO_LONG,      /* past IDNA_MAX, or past the output buffer */
};

/* in[0..n), UTF-8, to its ASCII form into out[0..cap): every label
 * mapped, normalised and checked, non-ASCII labels written `xn--` and
 * Punycode; *len its length. */
enum idna_result idna_to_ascii(const unsigned char *in, size_t n, char *out, size_t cap, size_t *len);

/* The same, then each `xn--` label decoded: the Unicode form as UTF-8
 * (lower case, NFC). */
enum idna_result idna_to_unicode(const unsigned char *in, size_t n, unsigned char *out, size_t cap, size_t *len);

/* UTF-8 in[0..n) upper-cased with the full Unicode case mapping (`ß` to
 * `SS`), into out[0..cap); false where in is no UTF-8 or out too small. */
bool idna_upper(const unsigned char *in, size_t n, unsigned char *out, size_t cap, size_t *len);

/* The code points of in[0..n) in NFC, into out[0..cap); false past cap. */
bool idna_nfc(const uint32_t *in, size_t n, uint32_t *out, size_t cap, size_t *len);

/* The code points past ASCII that a spelling of a host written in the
 * bytes of ascii_host (lower-case ASCII: a-z, 0-9, `-`, `.`) may hold:
 * those UTS #46 ignores, and those it maps to ASCII bytes all in
 * ascii_host (fullwidth letters, U+3002, letter-like symbols). A host
 * folded to such an ASCII name holds no other: NFC joins no characters
 * into ASCII, and any other code point past ASCII stays in the name or
 * refuses it. Sets a bit of bmp per code point up to U+FFFF (bit c & 7
 * of byte c >> 3) and *astral when one past U+FFFF is such. */
#define IDNA_FOLD_BMP_BYTES 8192
void idna_ascii_fold_set(const bool ascii_host[128], unsigned char bmp[IDNA_FOLD_BMP_BYTES], bool *astral);

/* What a result means, in words. */
const char *idna_result_text(enum idna_result r);

#endif
