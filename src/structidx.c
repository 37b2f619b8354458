/* structidx.c — the structural index's one pass (see structidx.h). */
#include "structidx.h"

#include <string.h>

#include "buf.h"
#include "bytescan.h"
#include "testhook.h"

int testhook_structidx_kernel;

void structidx_init(struct structidx *x)
{
	memset(x, 0, sizeof *x);
	x->blk = xmalloc(STRUCTIDX_WINDOW * sizeof *x->blk);
}

void structidx_free(struct structidx *x)
{
	free(x->blk);
	memset(x, 0, sizeof *x);
}

/* The masks of one block, a byte at a time: the reference the vector
 * kernels are tested against. */
static void block_bytewise(const unsigned char *p, struct structidx_block *o, unsigned char skip)
{
	memset(o, 0, sizeof *o);
	for (unsigned k = 0; k < 64; k++) {
		unsigned char c = p[k];
		uint64_t bit = (uint64_t)1 << k;
		if (c == '"' || c == '\'') o->m[SX_QUOTE] |= bit;
		if (c <= 0x20 || c == '/' || c == '>' || c == '=') o->m[SX_NAME] |= bit;
		if (c == '<' || c == '&' || c == '%') o->m[SX_TEXT] |= bit;
		if (c == '&' || c == '%' || c <= '\r') o->m[SX_PLAIN] |= bit;
		if (c >= 0xC0 && c != skip) o->m[SX_LEAD] |= bit;
	}
}

/* One kernel for both widths: V the vector type, W its bytes, and the
 * intrinsics by their SSE2 or AVX2 names. */
#define KERNEL_STEP(V, LOAD, EQ, MIN, MAX, OR, ANDN, SET1, MOVE, p, vskip, q, nm, tx, pl, ld)                     \
	do {                                                                                                     \
		const V x = LOAD((const V *)(const void *)(p));                                                  \
		const V ref = OR(EQ(x, SET1('&')), EQ(x, SET1('%')));                                            \
		q = (uint32_t)MOVE(OR(EQ(x, SET1('"')), EQ(x, SET1('\''))));                                     \
		nm = (uint32_t)MOVE(OR(OR(EQ(MIN(x, SET1(0x20)), x), EQ(x, SET1('/'))),                          \
		                       OR(EQ(x, SET1('>')), EQ(x, SET1('=')))));                                  \
		tx = (uint32_t)MOVE(OR(ref, EQ(x, SET1('<'))));                                                  \
		pl = (uint32_t)MOVE(OR(ref, EQ(MIN(x, SET1('\r')), x)));                                         \
		ld = (uint32_t)MOVE(ANDN(EQ(x, vskip), EQ(MAX(x, SET1((char)0xC0)), x)));                        \
	} while (0)

#if defined(__SSE2__)
static void blocks_sse2(const unsigned char *p, size_t nb, struct structidx_block *o, unsigned char skip)
{
	const __m128i vskip = _mm_set1_epi8((char)skip);
	for (size_t b = 0; b < nb; b++, p += 64) {
		uint64_t q = 0, nm = 0, tx = 0, pl = 0, ld = 0;
		for (unsigned h = 0; h < 64; h += 16) {
			uint32_t q1, nm1, tx1, pl1, ld1;
			KERNEL_STEP(__m128i, _mm_loadu_si128, _mm_cmpeq_epi8, _mm_min_epu8, _mm_max_epu8, _mm_or_si128,
			            _mm_andnot_si128, _mm_set1_epi8, _mm_movemask_epi8, p + h, vskip, q1, nm1, tx1, pl1, ld1);
			q |= (uint64_t)q1 << h;
			nm |= (uint64_t)nm1 << h;
			tx |= (uint64_t)tx1 << h;
			pl |= (uint64_t)pl1 << h;
			ld |= (uint64_t)ld1 << h;
		}
		o[b] = (struct structidx_block){ { [SX_QUOTE] = q, [SX_NAME] = nm, [SX_TEXT] = tx, [SX_PLAIN] = pl, [SX_LEAD] = ld } };
	}
}
#endif

#if defined(BYTESCAN_AVX2)
__attribute__((target("avx2"))) static void blocks_avx2(const unsigned char *p, size_t nb, struct structidx_block *o,
                                                        unsigned char skip)
{
	const __m256i vskip = _mm256_set1_epi8((char)skip);
	for (size_t b = 0; b < nb; b++, p += 64) {
		uint32_t q0, nm0, tx0, pl0, ld0, q1, nm1, tx1, pl1, ld1;
		KERNEL_STEP(__m256i, _mm256_loadu_si256, _mm256_cmpeq_epi8, _mm256_min_epu8, _mm256_max_epu8, _mm256_or_si256,
		            _mm256_andnot_si256, _mm256_set1_epi8, _mm256_movemask_epi8, p, vskip, q0, nm0, tx0, pl0, ld0);
		KERNEL_STEP(__m256i, _mm256_loadu_si256, _mm256_cmpeq_epi8, _mm256_min_epu8, _mm256_max_epu8, _mm256_or_si256,
		            _mm256_andnot_si256, _mm256_set1_epi8, _mm256_movemask_epi8, p + 32, vskip, q1, nm1, tx1, pl1, ld1);
		o[b] = (struct structidx_block){ {
			[SX_QUOTE] = q0 | (uint64_t)q1 << 32, [SX_NAME] = nm0 | (uint64_t)nm1 << 32,
			[SX_TEXT] = tx0 | (uint64_t)tx1 << 32, [SX_PLAIN] = pl0 | (uint64_t)pl1 << 32,
			[SX_LEAD] = ld0 | (uint64_t)ld1 << 32,
		} };
	}
}
#endif

/* nb whole blocks from p, with the kernel the CPU (or a test) chooses. */
static void blocks(const unsigned char *p, size_t nb, struct structidx_block *o, unsigned char skip)
{
	int k = testhook_structidx_kernel;
#if defined(BYTESCAN_AVX2)
	if ((k == 0 || k == 3) && bytescan_have_avx2()) { blocks_avx2(p, nb, o, skip); return; }
#endif
#if defined(__SSE2__)
	if (k != 1) { blocks_sse2(p, nb, o, skip); return; }
#endif
	(void)k;
	for (size_t b = 0; b < nb; b++) block_bytewise(p + 64 * b, &o[b], skip);
}

void structidx_fill(struct structidx *x, size_t i)
{
	size_t base = i & ~(size_t)63, left = x->n - base;
	size_t nb = (left + 63) >> 6;
	if (nb > STRUCTIDX_WINDOW) nb = STRUCTIDX_WINDOW;
	size_t whole = left >> 6 < nb ? left >> 6 : nb;
	blocks(x->p + base, whole, x->blk, x->skip_lead);
	if (whole < nb) {
		/* the chunk's last bytes, in a block padded with a byte of no
		 * class */
		unsigned char t[64];
		memset(t, 'z', sizeof t);
		memcpy(t, x->p + base + 64 * whole, left - 64 * whole);
		blocks(t, 1, x->blk + whole, x->skip_lead);
	}
	x->base = base;
	x->nblk = nb;
}
