/* framer.h — the one interface every framer gives the pipeline
 * (docs/architecture.md): reset for a new input, feed with its bytes in
 * pieces of any size, finish at its end. A new type, or a new dialect's
 * framer, is one more of these; the pipeline names none of them but in
 * choosing one by type. */
#ifndef HOSTSHIFT_FRAMER_H
#define HOSTSHIFT_FRAMER_H

#include <stdbool.h>
#include <stddef.h>

#include "filetype.h"
#include "hold.h"
#include "linepos.h"
#include "offmap.h"
#include "report.h"
#include "sink.h"
#include "spill.h"
#include "value.h"
#include "window.h"

/* What a framer starts an input with: where its output goes, the sweep's
 * offset marks (NULL without a sweep), and the dialect (the sql type's). */
struct framer_start {
	struct sink out;
	struct offmap *marks;
	enum sql_dialect dialect;
};

struct framer {
	void (*reset)(void *self, const struct framer_start *st);
	void (*feed)(void *self, const unsigned char *p, size_t n);
	void (*finish)(void *self);
};

/* What every framer is made with: its pattern table, its output, the
 * report, and whether serialized data is looked for (not
 * --no-serialized). */
struct framer_env {
	const struct patterns *pt;
	struct sink out;
	struct report *report;
	bool quiet;
	bool serialized;
};

/* What every framer holds (framer.c): how it was set up, the window that
 * writes its output, the value pipeline of its held tokens, and check
 * mode's line position in its input. */
struct framer_core {
	const struct patterns *pt;
	struct report *report;
	bool quiet;
	unsigned spellings;           /* serialized spellings tried (0: --no-serialized) */
	struct window w;              /* the one writer of the framer's output */
	struct value vp;
	struct linepos lp;            /* check mode: input line positions */
	uint64_t in_off;              /* input offset of the next byte fed */
};

/* The window writes on surface s, deferring its output (the sweep sees
 * contiguous runs whole), and matches sql's or json's spellings too
 * (window_set_spellings); `spellings` are the serialized spellings the
 * framer tries where env looks for serialized data; the value pipeline
 * asks pos (with ctx) for line positions. */
void framer_core_init(struct framer_core *c, const struct framer_env *env, enum surface s, bool sql, bool json,
                      unsigned spellings, value_pos_fn pos, void *ctx);
void framer_core_free(struct framer_core *c);
/* A new input: the window starts a new output stream into st's sink and
 * marks, and lines are counted from the first where positions are wanted. */
void framer_core_reset(struct framer_core *c, const struct framer_start *st);
/* A held token t (`what`, on surface s, with the RFC 6901 path of json)
 * has reached the cap of `cap` bytes (§11.2). One that may hold serialized
 * data (§7.1) goes on into the temporary file sp, where may_spill
 * (FRAMER_OVER_SPILLED); where no file can be made it passes untouched,
 * kept from the sweep, with a warning, and is reported (§7.5;
 * FRAMER_OVER_UNTOUCHED). Any other is reported and streams on as prose
 * in the window (FRAMER_OVER_PROSE), with a warning ending in
 * `prose_note`. */
enum framer_over { FRAMER_OVER_SPILLED, FRAMER_OVER_UNTOUCHED, FRAMER_OVER_PROSE };
enum framer_over framer_core_over_cap(struct framer_core *c, struct hold *t, struct spill *sp, bool may_spill,
                                      const char *what, enum surface s, unsigned cap, const char *path,
                                      size_t path_len, const char *prose_note);

/* Bytes of a token over the cap, as framer_core_over_cap decided: into the
 * temporary file (spilling), passed untouched, or streamed as prose. */
void framer_core_over_bytes(struct framer_core *c, bool spilling, bool untouched, struct spill *sp,
                            const struct hold *t, const char *what, const unsigned char *p, size_t n);

/* A chunk p is about to be fed, from input offset c->in_off. */
static inline void framer_core_chunk_begin(struct framer_core *c, const unsigned char *p)
{
	linepos_chunk(&c->lp, p, c->in_off);
}
/* The chunk fed, n bytes, ends: output deferred from it goes on, and
 * lines are counted to its end. */
void framer_core_chunk_end(struct framer_core *c, size_t n);

#endif
