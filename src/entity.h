/* entity.h — owns character-reference decoding in attribute values
 * (engine-reference §5.1–§5.2): the narrow decode (numeric references, the
 * ten URL-structure names, and named references that decode to exactly one
 * non-ASCII code point), the fusing guard, and a map from every decoded
 * byte back to its source bytes, so a rewrite found in the decoded text can
 * be spliced over the source (SPEC §12). */
#ifndef HOSTSHIFT_ENTITY_H
#define HOSTSHIFT_ENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum entity_result {
	ENTITY_NONE,       /* nothing decoded: out is a copy of in */
	ENTITY_DECODED,    /* at least one reference decoded */
	ENTITY_DECLINED    /* the fusing guard refused the value: out is a copy of in */
};

/* Decode in[0..n) into out (capacity >= n: decoding never grows the text;
 * out must not overlap in). src must hold n + 1 entries: src[i] is the
 * offset in `in` of the start of the source token (a plain byte, or a whole
 * reference such as `&#47;`) that produced out[i], and src[*out_len] == n.
 * All bytes of one multi-byte UTF-8 decoding share their reference's start
 * offset. So a decoded span [a, b) that starts and ends on token boundaries
 * came from in[src[a] .. src[b]). For ENTITY_NONE and ENTITY_DECLINED, out
 * is a copy of in, *out_len == n and src is the identity (src[i] == i).
 * Offsets are uint32_t: n must be below 2^32.
 * Removable references (`&Tab;`, `&NewLine;`, numeric 9/10/13, §5.2) are
 * not decoded. No allocation. */
enum entity_result entity_decode_url_refs(const unsigned char *in, size_t n, unsigned char *out, size_t *out_len,
                                          uint32_t *src);

/* Whether some reference in in[0..n), decoded by the rules above, would
 * give a byte of `alphabet`, in the whole buffer or in any piece of it the
 * serialized walk may cut (issue 6: a value whose references cannot spell a
 * host byte holds a host only if its source bytes do). A superset: the
 * fusing guard is not applied. */
bool entity_may_decode_into(const unsigned char *in, size_t n, const bool alphabet[256]);

/* The named-reference table of the one-non-ASCII rule (src/entity_names.h,
 * generated from the HTML5 table by tools/gen_entity_names.py): returns the
 * code point a name (without '&' and ';', exactly `len` bytes,
 * case-sensitive) decodes to when it decodes to exactly one NON-ASCII code
 * point, else 0. ASCII names (`amp`, `sol`, `Tab`, ...) and names of two
 * code points return 0; the ten URL-structure names are not looked up here.
 * No length limit here: the 15-byte limit of §5.1 belongs to the decoder. */
uint32_t entity_single_codepoint(const char *name, size_t len);

#endif
