/* framer.c — what every framer holds (framer.h). */
#include "framer.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "serialized.h"

void framer_core_init(struct framer_core *c, const struct framer_env *env, enum surface s, bool sql, bool json,
                      unsigned spellings, value_pos_fn pos, void *ctx)
{
	*c = (struct framer_core){ .pt = env->pt, .report = env->report, .quiet = env->quiet,
	                           .spellings = env->serialized ? spellings : 0 };
	window_init(&c->w, env->pt, s, env->out, env->report);
	window_defer(&c->w);
	window_set_spellings(&c->w, sql, json, false, false);
	value_init(&c->vp, env->pt, env->report);
	value_set_position(&c->vp, pos, ctx);
}

void framer_core_free(struct framer_core *c)
{
	window_free(&c->w);
	value_free(&c->vp);
}

enum framer_over framer_core_over_cap(struct framer_core *c, struct hold *t, struct spill *sp, bool may_spill,
                                      const char *what, enum surface s, unsigned cap, const char *path,
                                      size_t path_len, const char *prose_note)
{
	const char *file = c->report ? c->report->file : "-";
	if (c->spellings && serialized_gate(hold_data(t), t->len)) {
		if (may_spill && spill_begin(sp)) {
			if (!spill_put(sp, hold_data(t), t->len)) spill_fail(sp, file, what, t->start);
			/* the held copy goes back while the file holds the token (a
			 * rare value: the next held token allocates again) */
			hold_drop_copy(t);
			t->src = NULL;
			return FRAMER_OVER_SPILLED;
		}
		if (!c->quiet && c->report)
			diag_warn(file, "cannot make a temporary file for the %s at offset %llu (%s); it passes untouched", what, (unsigned long long)t->start, strerror(sp->err));
		hold_report(t, c->report, c->lp.on, REASON_SERIALIZED_UNTOUCHED, s, 64, path, path_len);
		window_protected(&c->w, hold_data(t), t->len);
		t->src = NULL;
		return FRAMER_OVER_UNTOUCHED;
	}
	hold_report(t, c->report, c->lp.on, REASON_SIZE_CAP_EXCEEDED, s, 0, path, path_len);
	if (c->report && !c->quiet)
		diag_warn(file, "the %s at offset %llu is over the %u-byte cap; matched as prose%s",
		        what, (unsigned long long)t->start, cap, prose_note);
	window_set_path(&c->w, path, path_len);
	hold_to_window(t, &c->w, s, c->lp.on, false);
	return FRAMER_OVER_PROSE;
}

void framer_core_over_bytes(struct framer_core *c, bool spilling, bool untouched, struct spill *sp,
                            const struct hold *t, const char *what, const unsigned char *p, size_t n)
{
	if (spilling) {
		if (!spill_put(sp, p, n)) spill_fail(sp, c->report ? c->report->file : "-", what, t->start);
	} else if (untouched) {
		window_protected(&c->w, p, n);
	} else {
		window_feed(&c->w, p, n);
	}
}

void framer_core_chunk_end(struct framer_core *c, size_t n)
{
	c->in_off += n;
	window_flush(&c->w);
	linepos_upto(&c->lp, c->in_off);
}

void framer_core_reset(struct framer_core *c, const struct framer_start *st)
{
	window_reset(&c->w);
	window_set_out(&c->w, st->out, st->marks);
	c->in_off = 0;
	linepos_reset(&c->lp, c->report && report_wants_positions(c->report));
}
