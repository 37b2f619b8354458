/* sweep.c — the straggler sweep (§6.1). */
#include "sweep.h"

#include "testhook.h"

/* The longest relative separator: 2 * ENC_BS_MAX + 2 bytes. */
#define SWEEP_SEP_MAX (2 * ENC_BS_MAX + 2)
/* A gap shorter than this is not worth its turn of the scan. */
#define SWEEP_GAP_MIN 8

/* Gaps kept at once: a batch and the window hold a few thousand values at
 * most; a gap left out only costs a scan. */
#define SWEEP_GAPS 4096

void sweep_init(struct sweep *s, const struct patterns *pt, struct sink out, struct report *rep)
{
	offmap_init(&s->marks);
	window_init(&s->w, pt, SURFACE_STRAGGLER, out, rep);
	window_set_in_map(&s->w, &s->marks);
	window_keep_gaps(&s->w, SWEEP_GAPS);
}

bool testhook_sweep_full;

void sweep_free(struct sweep *s)
{
	window_free(&s->w);
	offmap_free(&s->marks);
}

void sweep_reset(struct sweep *s)
{
	offmap_reset(&s->marks);
	window_reset(&s->w);
	window_begin(&s->w, SURFACE_STRAGGLER, 0);
}

static void sweep_write(void *ctx, const unsigned char *p, size_t n)
{
	struct sweep *s = ctx;
	window_feed(&s->w, p, n);
	/* Marks behind the window are never needed again. */
	offmap_drop_before(&s->marks, s->w.base);
}

/* Protected bytes: the stream before them ends, they pass unmatched, and
 * a new segment starts after them. */
static void sweep_protected(void *ctx, const unsigned char *p, size_t n)
{
	struct sweep *s = ctx;
	enum surface surface = s->w.surface;
	/* Protected pieces come in runs (a serialized value written from its
	 * splices): the segment begun after the last one holds nothing yet,
	 * so ending it would match nothing; the bytes pass on. */
	if (s->w.open && !s->w.len) {
		window_skip(&s->w, p, n);
		window_begin(&s->w, surface, s->w.base);
		offmap_drop_before(&s->marks, s->w.base);
		return;
	}
	window_end(&s->w);
	window_skip(&s->w, p, n);
	window_begin(&s->w, surface, s->w.base);
	offmap_drop_before(&s->marks, s->w.base);
}

/* Bytes with no whole canonical host in them (rules.md §6.2): a
 * separator whose host would begin among them has none, so the scan
 * looks for none there. Not the last bytes: a host that begins in them
 * may end past them, and a separator of up to 16 bytes (a slash escaped
 * by seven backslashes, twice) reads its host that far on; nor the first
 * bytes' left context, which the scan before reads as it would. */
static void sweep_note_hostless(void *ctx, size_t ahead, size_t n)
{
	struct sweep *s = ctx;
	size_t tail = s->w.pt->max_host + SWEEP_SEP_MAX;
	if (testhook_sweep_full || n <= tail + SWEEP_GAP_MIN) return;
	uint64_t from = s->w.base + s->w.len + ahead;
	window_gap(&s->w, from, from + (n - tail));
}

struct sink sweep_sink(struct sweep *s)
{
	return (struct sink){ sweep_write, s, sweep_protected, sweep_note_hostless };
}

void sweep_finish(struct sweep *s)
{
	window_end(&s->w);
	offmap_drop_before(&s->marks, s->w.base);
}
