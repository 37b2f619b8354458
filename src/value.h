/* value.h — owns the one value pipeline (docs/architecture.md, §4.5) for a complete value buffer: the serialized walk (§7)
 * around everything, the byte matcher (§3) on each run, and for attribute
 * values reference decoding with a re-match spliced over source bytes
 * (§5.3). Framers call it for attribute values, SQL literals, and the
 * held lines or segments that may carry serialized data; events go to the
 * report at input offsets. Scratch buffers are allocated once and grow. */
#ifndef HOSTSHIFT_VALUE_H
#define HOSTSHIFT_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "locator.h"
#include "matcher.h"
#include "offmap.h"
#include "report.h"
#include "serialized.h"
#include "window.h"

/* Reference decoding's scratch: the re-match of §5.3 decodes a window of
 * this many bytes at a time (so the memory bound of §11.2 holds for a
 * value of any length, up to the 1 MiB caps, dense with references), with
 * a record for every fourth byte at most. */
#define VALUE_DEC_WINDOW (64u << 10)

struct value_opts {
	enum match_mode mode;
	enum surface surface;
	bool entities;            /* attribute values: decode references and re-match (§5.3) */
	bool css;                 /* a style attribute or sheet: the locator decodes CSS escapes (§3.9) */
	bool js;                  /* a script or a JSON string: the locator decodes its escapes (§3.9) */
	bool text_refs;           /* prose whose references a page's parser decodes (html text, a title, a
	                             style sheet in SVG): the locator reads it, and the byte matcher reads
	                             references after a host (§3.5, §3.9) */
	bool sql;                 /* match ENC_SQLJSON too */
	bool json;                /* match ENC_JSONU too */
	unsigned spellings;       /* serialized spellings to try; 0: no serialized walk */
	bool unreported;          /* found again to be written: its events were reported the first time */
};

/* Line and column of an input offset (check mode), supplied by the framer
 * that holds the value. */
typedef void (*value_pos_fn)(void *ctx, uint64_t offset, size_t *line, size_t *column);

/* A change of the value: its bytes [start, start + len) replaced (values
 * are held up to the 1 MiB caps plus a window, far below 2^32; a longer
 * span takes several splices) by repl_n bytes at repl in the pattern
 * table's arena, or with VALUE_REPL_ESC in value.esc, or with
 * VALUE_REPL_NUM by the decimal digits (repl_n of them) of the number repl:
 * a serialized string's new length written over its old digits (§7.2).
 * 12 bytes, as a value dense with origins holds one for each. A
 * replacement is a variant origin (a host of at most 253 bytes), escaped
 * at most twice over: far below VALUE_REPL_MAX. */
#define VALUE_REPL_ESC 0x8000u
#define VALUE_REPL_NUM 0x4000u
#define VALUE_REPL_FLAGS (VALUE_REPL_ESC | VALUE_REPL_NUM)
#define VALUE_REPL_MAX 0x3FFFu
#define VALUE_SPLICE_LEN_MAX 0xFFFFu
struct value_splice { uint32_t start, repl; uint16_t len, repl_n; };
static inline size_t value_splice_end(const struct value_splice *s) { return (size_t)s->start + s->len; }

/* Strings open at once in a serialized value: one a level, to its depth
 * limit, the top level included. */
#define VALUE_OPEN_MAX (SERIALIZED_MAX_DEPTH + 1)

struct value {
	const struct patterns *pt;
	struct report *report;
	value_pos_fn pos;
	void *pos_ctx;
	const char *path;         /* RFC 6901 path of the value (json, explain); may be NULL */
	size_t path_len;

	/* scratch */
	unsigned char *dec;       /* VALUE_DEC_WINDOW bytes, allocated once */
	struct entity_ref *refs;  /* VALUE_DEC_WINDOW / 4 + 1 of them */
	size_t nrefs;
	const unsigned char *win; /* the window being re-matched: dec, or the run where it decoded nothing */
	size_t win_src;           /* run offset of win[0], a token's start */
	size_t win_skip;          /* where the scan begins in win (inside a reference's bytes) */
	/* the value's changes in source order: the byte matcher's, the
	 * re-match's and a repaired serialized value's new lengths */
	struct value_splice *splices;
	size_t nsplices, splices_cap;
	struct value_splice *merge; /* a run's re-match or locator splices, while merged into the rest */
	size_t merge_cap, nmerge;
	struct locator loc;         /* the URL-parser locator's view (rules.md §3.9) */
	size_t loc0;                /* the run's splices before the locator's, in order */
	struct buf out;
	struct buf esc;       /* replacements re-escaped in a JSON string's \/ style */
	struct offmap_rel *marks;  /* where the output's length changed, relative to the value */
	size_t nmarks, marks_cap;

	/* the value being rewritten */
	const struct value_opts *o;
	uint64_t base;            /* input offset of the value */
	size_t run_off;           /* offset of the current run in the value */
	size_t run_len, win_len;  /* bytes of run and of win */
	const unsigned char *run;
	size_t run0;              /* the run's first splice */
	size_t splice0;           /* the run's first re-match splice (after its byte matcher's) */
	/* a serialized value being planned (serialized_plan) */
	const unsigned char *val;
	/* each open string: where its splices begin, and its length digits */
	struct value_open {
		size_t first, at;     /* its first splice; its data's start */
		uint32_t digits, ndigits;
		unsigned char s;      /* its spelling */
	} open[VALUE_OPEN_MAX];
	size_t nopen;
	bool open_overflow;       /* more strings open than the walk allows: not repaired */
	/* rules.md §6.4: the value's bytes go to the sweep protected (it holds
	 * serialized data, or the matcher declined a candidate in it) */
	bool protect;
	/* a value read where a temporary file is mapped (held over the caps,
	 * §11.2): release is told how far the pipeline has read it, so its
	 * owner can give back the pages behind, and its long runs are matched
	 * and written `piece` bytes at a time (as a window streams a
	 * segment). NULL for a value in memory: then nothing is cut. */
	void (*release)(void *ctx, const unsigned char *upto);
	void *release_ctx;
	size_t piece;             /* VALUE_PIECE (testhook_value_piece lowers it) */
	/* A serialized value dense with origins (rules.md §11.2's bound): at
	 * a point of its plan where no string is open, the splices so far are
	 * final; once there are plan_budget of them they are dropped, and
	 * value_put walks the value again, writing them at the same points. */
	size_t plan_budget;       /* VALUE_PLAN_BUDGET (tests lower it) */
	bool planning;            /* a serialized value's walk is calling */
	bool replan;              /* the plan dropped splices: value_put walks again */
	uint64_t planned;         /* splices dropped (the plan) or written (the replay) so far */
	struct value_opts replan_o; /* the options of a value to walk again */
	/* The outermost open string, once it holds plan_budget splices: its
	 * change measured as they settle (no string inside it open), and
	 * they dropped; its new length kept in leadlens for the walk again,
	 * which writes it before the data. */
	struct value_lead {
		bool on;
		bool html;            /* measured with references read too (refs_delta) */
		bool quote, refs, refs_bad;
		unsigned char s;
		size_t at, pos;       /* its data's start; bytes before pos are measured */
		size_t refs_old, refs_new;
		struct ser_delta d;
		struct ser_measure m; /* its new data */
	} lead;
	size_t *leadlens;         /* each streamed string's new length, in order (SER_KEEP_LENGTH: kept) */
	size_t nleads, leads_cap, lead_next;
	bool replay_bad;          /* the walk again met another length */
	struct window *put_w;     /* the replay's window, NULL while planning */
	bool put_in_place;
	size_t put_last, put_out_len;
};
#define VALUE_PLAN_BUDGET ((size_t)8192)
#define VALUE_PIECE ((size_t)64 << 10)

void value_init(struct value *vp, const struct patterns *pt, struct report *rep);
void value_free(struct value *vp);
/* Where events get their line and column (check mode): the framer holding
 * the values. */
void value_set_position(struct value *vp, value_pos_fn fn, void *ctx);
/* The RFC 6901 path the next values' events are reported at (json,
 * explain); NULL: none. */
static inline void value_set_path(struct value *vp, const char *path, size_t len)
{
	vp->path = path;
	vp->path_len = len;
}
/* The next values are read where a temporary file maps them (§11.2):
 * fn(ctx, upto) is told how far they have been read, so pages behind go
 * back. fn NULL: values in memory. */
static inline void value_set_release(struct value *vp, void (*fn)(void *ctx, const unsigned char *upto), void *ctx)
{
	vp->release = fn;
	vp->release_ctx = ctx;
}

/* Rewrite v[0..n), a complete value at input offset base. Returns true if
 * anything changed; then *out holds the new bytes and vp->marks the places
 * where lengths changed (both valid until the next call). Every event is
 * reported, skips too. */
bool value_rewrite(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                   struct slice *out);
/* What the caller knows of a canonical host in a value's bytes (§3.1):
 * nothing (the pipeline asks); none is there (html's cursor), so only
 * references, escapes and controls are asked whether they may spell one;
 * or one may be there (html's cursor: a host's anchor in the value), so
 * the value is read whole with no test first, as it would be after one
 * that found a host. Either answer only skips a test whose answer is
 * already known, or one whose false answer would only skip reading: the
 * new value is the same. */
enum value_host { VALUE_HOST_ASK, VALUE_HOST_NONE, VALUE_HOST_MAY };
/* The same without building the new value: true if v changes, and then
 * value_put (before the next call) writes it. */
bool value_prepare(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                   enum value_host host);
/* Write the changed value v[0..n) into w outside a segment: in pieces (its
 * unchanged bytes and its replacements, with their marks), not copied
 * whole first (no buffer of the value's size, §11.2). in_place: v stays
 * where it is until the next window_flush. */
void value_put(struct value *vp, const unsigned char *v, size_t n, struct window *w, bool in_place);
/* value_prepare and value_put, or v as it is when it does not change. */
void value_write_any(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                     struct window *w, bool in_place);
/* value_write_any, inline where it has nothing to do (most JSON
 * strings are keys and short values): a value shorter than every canonical
 * host holds none, in its bytes or spelled by references (a decoding is
 * never longer than its source), so where the skips are not observed
 * (may_hold_candidate's rule) it is written as it is. */
static inline void value_write(struct value *vp, const unsigned char *v, size_t n, uint64_t base,
                               const struct value_opts *o, struct window *w, bool in_place)
{
	const struct hostfind *f = &vp->pt->find;
	if (n < f->min_len && !f->all && !report_wants_skips(vp->report)) window_verbatim_at(w, v, n, in_place);
	else value_write_any(vp, v, n, base, o, w, in_place);
}

#endif
