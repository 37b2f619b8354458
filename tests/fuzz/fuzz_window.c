/* fuzz_window.c — libFuzzer target: the streamed window must give the same
 * bytes as one whole-buffer matcher call, for any input and any chunking
 * (docs/rules.md §6.2, §11.1), and never read out of bounds. The first input
 * byte picks the largest chunk and the surface; the chunks are fed at
 * pseudo-random split points (1..largest bytes each, seeded by the input),
 * and then again split at every byte. Build and run: `make fuzz`. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "matcher.h"
#include "window.h"

static const char map_text[] =
	"https://www.example.fi https://wt-a--example.ddev.site\n"
	"http://old.example.fi https://wt-a--example.ddev.site\n"
	"https://shop.example.fi:8443 https://wt-a--shop.example.ddev.site\n"
	"https://x.fi https://x.fi\n";

static struct map m;
static struct patterns pt;

struct cap { unsigned char *p; size_t n, cap; };
static void put(void *ctx, const unsigned char *p, size_t n)
{
	struct cap *c = ctx;
	if (c->n + n > c->cap) { c->cap = (c->n + n) * 2; c->p = realloc(c->p, c->cap); }
	memcpy(c->p + c->n, p, n);
	c->n += n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	char err[256];
	if (!ready) {
		map_init(&m);
		if (!map_load_text(&m, "fuzz.map", map_text, strlen(map_text), err, sizeof err) ||
		    !map_validate(&m, err, sizeof err) || !patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err))
			abort();
		ready = 1;
	}
	if (size < 1) return 0;
	static const enum surface surfaces[] = { SURFACE_TEXT, SURFACE_STRAGGLER, SURFACE_INLINE_SCRIPT, SURFACE_HTML_ATTR };
	size_t chunk = 1 + (data[0] & 0x3f);
	enum surface s = surfaces[(data[0] >> 6) & 3];
	data++, size--;

	size_t cap = size * 4 + 64, wlen;
	unsigned char *whole = malloc(cap);
	if (!matcher_rewrite(&pt, data, size, MATCH_PROSE, s, whole, cap, &wlen, NULL)) abort();
	/* value mode too: only checked for not crashing */
	size_t vlen;
	matcher_rewrite(&pt, data, size, MATCH_VALUE, s, whole + 0, 0, &vlen, NULL);

	/* random split points: an xorshift seeded from the input */
	uint32_t rng = 2166136261u;
	for (size_t i = 0; i < size && i < 64; i++) rng = (rng ^ data[i]) * 16777619u;
	for (int pass = 0; pass < 2; pass++) {
		struct cap c = { 0 };
		struct window w;
		window_init(&w, &pt, s, (struct sink){ put, &c, NULL }, NULL);
		window_begin(&w, s, 0);
		for (size_t i = 0; i < size;) {
			size_t k = 1;
			if (pass == 0) {
				rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
				k = 1 + rng % chunk;
			}
			if (k > size - i) k = size - i;
			window_feed(&w, data + i, k);
			i += k;
		}
		window_end(&w);
		if (c.n != wlen || (wlen && memcmp(c.p, whole, wlen) != 0)) abort();
		window_free(&w);
		free(c.p);
	}
	free(whole);
	return 0;
}
