/* entity.h — owns character-reference decoding in attribute values
 * (§5.1–§5.2): the narrow decode (numeric references, the
 * ten URL-structure names, and named references that decode to exactly one
 * non-ASCII code point), the fusing guard, and the map from decoded bytes
 * back to their source bytes (a record per reference), so a rewrite found
 * in the decoded text can be spliced over the source (§5.3). */
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

/* One decoded reference: out[out .. out + out_len) came from the reference
 * in[in .. in + in_len) (packed in `lens`). Between references every byte is copied through,
 * so these records are the whole map from decoded bytes to source bytes
 * (a record per reference, not an offset per byte). */
struct entity_ref {
	uint32_t out, in;
	uint32_t lens;   /* in_len << 3 | out_len (out_len is 1..4; in_len has no bound: leading zeros) */
};

/* Decode in[0..n) in one step (below; the value pipeline decodes in steps,
 * this is the whole-value form the tests hold the steps to) into out
 * (capacity >= n: decoding never grows the text;
 * out must not overlap in) and list the decoded references in refs, in
 * order (capacity >= n / 3 + 1: a reference is at least 3 bytes), their
 * count in *nrefs. For ENTITY_DECLINED, out is a copy of in; for
 * ENTITY_NONE it is not written; for both *out_len == n and
 * *nrefs == 0. Offsets are uint32_t and a reference's
 * length has 29 bits: n must be below 2^29. Removable references (`&Tab;`, `&NewLine;`, numeric 9/10/13,
 * §5.2) are not decoded. No allocation. */
enum entity_result entity_decode_url_refs(const unsigned char *in, size_t n, unsigned char *out, size_t *out_len,
                                          struct entity_ref *refs, size_t *nrefs);

/* A decoding in steps (a long value's decoding is re-matched a
 * window at a time, so no decoded copy of the whole value is kept). The
 * source is whole in memory; only the output is cut, between tokens (a
 * plain byte or a whole reference), and a step may begin at any token of
 * the decoding above. */
struct entity_decoder {
	size_t i;               /* source offset of the next token */
	bool guard;             /* apply the fusing guard: from offset 0 only, where its state is known */
	unsigned char tail;     /* the guard's state (entity.c), 0 at offset 0 */
};

/* Decode in[d->i .. n) on, as entity_decode_url_refs does, writing at most
 * cap bytes to out and at most refs_cap references, and stop before the
 * first token that does not fit; d->i is then where the next step begins
 * (n at the end). The records are relative to the step: out offsets into
 * out, in offsets from its first source byte. ENTITY_DECLINED: the guard
 * fired (out and refs hold nothing of use); ENTITY_NONE: no reference
 * decoded, out is not written (the step's output is its source bytes);
 * else ENTITY_DECODED. No allocation. */
enum entity_result entity_decode_step(struct entity_decoder *d, const unsigned char *in, size_t n,
                                      unsigned char *out, size_t cap, size_t *out_len, struct entity_ref *refs,
                                      size_t refs_cap, size_t *nrefs);

/* Where the token that produced out[o] begins in out: o, unless o falls
 * inside a reference's decoded bytes. O(log nrefs). */
size_t entity_token_start(const struct entity_ref *refs, size_t nrefs, size_t o);

/* The offset in `in` of the start of the source token (a plain byte, or a
 * whole reference such as `&#47;`) that produced out[o]; all bytes of one
 * multi-byte UTF-8 decoding share their reference's start, and o ==
 * out_len gives n. So a decoded span [a, b) that starts and ends on token
 * boundaries came from in[src(a) .. src(b)) (§5.3). O(log nrefs). */
size_t entity_src(const struct entity_ref *refs, size_t nrefs, size_t o);

/* Whether some reference in in[0..n), decoded by the rules above, would
 * give a byte of `alphabet` (a value whose references cannot spell
 * a host byte holds a host only if its source bytes do): in the buffer
 * decoded whole, and with `cuts` also in any piece of it (the serialized
 * walk's runs may end inside a reference's digits). A superset: the fusing
 * guard is not applied. */
bool entity_may_decode_into(const unsigned char *in, size_t n, const bool alphabet[256], bool cuts);

/* Whether every reference of a decoding step (its records, its output
 * out, its source from in) decodes to non-ASCII bytes only (`&#8217;`,
 * `&nbsp;`) and ends with its ';' (the text around such
 * references reads the same to the byte matcher decoded or not; see
 * value.c). True when there is none. */
bool entity_refs_inert(const struct entity_ref *refs, size_t nrefs, const unsigned char *out, const unsigned char *in);

/* The reference at p[0] == '&' (m bytes readable) as a page's parser
 * reads it in an attribute value, for the right anchor (§3.5): the byte
 * it decodes to, 0x80 for any non-ASCII code point (U+0000 included: it
 * reads as U+FFFD), and its length in *len; -1 where none is read here
 * (`&amp;`, `&Tab;`, `&NewLine;`, numeric references of any value and the
 * names of §5.1 are). */
int entity_ref_byte(const unsigned char *p, size_t m, size_t *len);
/* The reference at p[0] == '&' (m bytes) as UTF-8 into out: its length,
 * 0 where it is none (what entity_ref_byte gives as 0x80, written out). */
size_t entity_ref_utf8(const unsigned char *p, size_t m, unsigned char out[4]);

/* The named-reference table of the one-non-ASCII rule (src/entity_names.h,
 * generated from the HTML5 table by tools/gen_entity_names.py): returns the
 * code point a name (without '&' and ';', exactly `len` bytes,
 * case-sensitive) decodes to when it decodes to exactly one NON-ASCII code
 * point, else 0. ASCII names (`amp`, `sol`, `Tab`, ...) and names of two
 * code points return 0; the ten URL-structure names are not looked up here.
 * No length limit here: the 15-byte limit of §5.1 belongs to the decoder. */
uint32_t entity_single_codepoint(const char *name, size_t len);

#endif
