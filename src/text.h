/* text.h — owns the text type (§13.1): the whole stream is prose on
 * surface `text`, matched through a window. A line that may hold PHP
 * serialized data (the gate of §7.1) is held whole, up to
 * the value cap, and goes through the value pipeline, so its lengths are
 * repaired; a serialized value in text starts at the start of a line or
 * after an opener and ends at its closer or the end of the line. A
 * serialized string that holds newlines holds the lines after it, up to
 * the cap, until its value is all there. */
#ifndef HOSTSHIFT_TEXT_H
#define HOSTSHIFT_TEXT_H

#include "framer.h"
#include "hold.h"
#include "value.h"
#include "window.h"

#define TEXT_LINE_CAP (1u << 20)   /* the value cap, for one held line */

struct text_stage {
	struct framer_core c;         /* configuration, window (the one writer), value pipeline, line position */
	struct hold line;              /* a line cut by the end of a chunk, from its input offset */
	bool line_streams;             /* the current line is over the cap: it streams */
	bool line_untouched;           /* ... and may hold serialized data: it passes untouched (§7.5) */
	uint64_t untouched_to;         /* ... to the end of the line holding this input offset */
	size_t need;                   /* the held lines: a serialized value the last one cut needs this many */
	const unsigned char *unit;     /* check mode: the unit being rewritten, for line positions */
	size_t unit_len;
	uint64_t line_at;              /* check mode: input offset of the line being rewritten */
};

void text_init(struct text_stage *t, const struct framer_env *env);
void text_free(struct text_stage *t);
/* Its reset, feed and finish, as the pipeline calls every framer (framer.h). */
extern const struct framer text_framer;

#endif
