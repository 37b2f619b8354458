/* structidx.h — owns the html tokenizer's structural index: one vector
 * pass over a window of the chunk (4 KiB at a time, indexed where the
 * tokenizer first asks) gives, for each 64 bytes, a bitmask per class of
 * the bytes the tokenizer stops at; the tokenizer then goes from stop to
 * stop by the masks instead of setting up a new scan for each (a tag's
 * name, attribute name, value end). The classes are bytes, not grammar:
 * what a stop means is html.c's to decide. AVX2 where the CPU has it, else
 * SSE2, else bytewise; all three give the same masks.
 *
 * A chunk is indexed in windows, so any chunk size needs only the one
 * buffer, allocated at init for the stream; nothing carries from one
 * chunk to the next (the classes are of single bytes). Positions are
 * offsets into the chunk; the bytes of the last block past the chunk's
 * end are read as 'z', of no class. */
#ifndef HOSTSHIFT_STRUCTIDX_H
#define HOSTSHIFT_STRUCTIDX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The classes: a byte may be in several. */
enum structidx_class {
	SX_QUOTE,  /* `"`, `'` */
	SX_NAME,   /* up to 0x20, `/`, `>`, `=`: a superset of what ends a tag or attribute name */
	SX_TEXT,   /* `<`, `&`, `%`: what the data state stops at */
	SX_PLAIN,  /* `&`, `%`, up to CR: what makes a value not plain (html.c) */
	SX_LEAD,   /* a UTF-8 lead byte (from 0xC0) other than the skip_lead given */
	SX_CLASSES
};

/* The masks of one 64-byte block: bit k of m[c] is byte 64 * block + k. */
struct structidx_block { uint64_t m[SX_CLASSES]; };

#define STRUCTIDX_WINDOW 64   /* blocks indexed at a time */

struct structidx {
	const unsigned char *p;         /* the chunk */
	size_t n;
	size_t base;                    /* chunk offset of blk[0], a multiple of 64 */
	size_t nblk;                    /* blocks indexed from base (0: none) */
	unsigned char skip_lead;        /* a lead byte SX_LEAD leaves out (0: none) */
	struct structidx_block *blk;    /* STRUCTIDX_WINDOW of them */
};

void structidx_init(struct structidx *x);
void structidx_free(struct structidx *x);
/* A new chunk p[0..n); skip_lead as SX_LEAD says. */
static inline void structidx_chunk(struct structidx *x, const unsigned char *p, size_t n, unsigned char skip_lead)
{
	x->p = p;
	x->n = n;
	x->base = 0;
	x->nblk = 0;
	x->skip_lead = skip_lead;
}
/* Index the window that begins with the block of chunk offset i (< n). */
void structidx_fill(struct structidx *x, size_t i);

/* The block of chunk offset i (< n), its window indexed first where it is
 * not. */
static inline size_t structidx_block_of(struct structidx *x, size_t i)
{
	size_t b = (i - x->base) >> 6;   /* (wraps where i < base) */
	if (i < x->base || b >= x->nblk) {
		structidx_fill(x, i);
		b = 0;
	}
	return b;
}

/* The block after b, its window indexed where it is the next; false at the
 * chunk's end. */
static inline bool structidx_step(struct structidx *x, size_t *b)
{
	if (++*b < x->nblk) return true;
	size_t at = x->base + (x->nblk << 6);
	if (at >= x->n) return false;
	structidx_fill(x, at);
	*b = 0;
	return true;
}

/* The first j in [i, n) whose byte is in class c; n if none. */
static inline size_t structidx_next(struct structidx *x, enum structidx_class c, size_t i)
{
	if (i >= x->n) return x->n;
	size_t b = structidx_block_of(x, i);
	uint64_t m = x->blk[b].m[c] & (~(uint64_t)0 << (i & 63));
	while (!m) {
		if (!structidx_step(x, &b)) return x->n;
		m = x->blk[b].m[c];
	}
	return x->base + (b << 6) + (size_t)__builtin_ctzll(m);
}

/* The first j in [i, n) with p[j] == q (a quote), or n; and whether p[i,
 * j) holds a byte of SX_PLAIN (*unplain) and of SX_LEAD (*lead). One walk
 * over the blocks. */
static inline size_t structidx_value_end(struct structidx *x, unsigned char q, size_t i, bool *unplain, bool *lead)
{
	bool up = false, ld = false;
	size_t r = x->n;
	if (i < x->n) {
		size_t b = structidx_block_of(x, i);
		uint64_t from = ~(uint64_t)0 << (i & 63);
		for (;;) {
			const struct structidx_block *k = &x->blk[b];
			uint64_t m = k->m[SX_QUOTE] & from;
			/* (the other quote is passed over) */
			while (m && x->p[x->base + (b << 6) + (size_t)__builtin_ctzll(m)] != q) m &= m - 1;
			uint64_t range = m ? from & ((m & -m) - 1) : from;
			up = up || (k->m[SX_PLAIN] & range);
			ld = ld || (k->m[SX_LEAD] & range);
			if (m) {
				r = x->base + (b << 6) + (size_t)__builtin_ctzll(m);
				break;
			}
			from = ~(uint64_t)0;
			if (!structidx_step(x, &b)) break;
		}
	}
	*unplain = up;
	*lead = ld;
	return r;
}

/* The first `<` in [i, n), or n; *mark the first `&` or `%` in [i, that),
 * or that; *lead whether p[i, that) holds a byte of SX_LEAD. */
static inline size_t structidx_text_end(struct structidx *x, size_t i, size_t *mark, bool *lead)
{
	*lead = false;
	*mark = x->n;
	if (i >= x->n) return x->n;
	size_t b = structidx_block_of(x, i);
	uint64_t from = ~(uint64_t)0 << (i & 63);
	bool ld = false;
	size_t mk = (size_t)-1;
	for (;;) {
		const struct structidx_block *k = &x->blk[b];
		uint64_t t = k->m[SX_TEXT] & from, lt = t & ~k->m[SX_PLAIN], l = k->m[SX_LEAD] & from;
		size_t at = x->base + (b << 6);
		if (lt) {
			uint64_t before = (lt & -lt) - 1;
			size_t r = at + (size_t)__builtin_ctzll(lt);
			if (mk == (size_t)-1 && (t & before)) mk = at + (size_t)__builtin_ctzll(t & before);
			*mark = mk == (size_t)-1 ? r : mk;
			*lead = ld || (l & before);
			return r;
		}
		if (mk == (size_t)-1 && t) mk = at + (size_t)__builtin_ctzll(t);
		ld = ld || l;
		from = ~(uint64_t)0;
		if (!structidx_step(x, &b)) {
			*mark = mk == (size_t)-1 ? x->n : mk;
			*lead = ld;
			return x->n;
		}
	}
}

#endif
