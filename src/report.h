/* report.h — owns counters (fixed arrays indexed by surface and reason),
 * the explain trace, check-mode findings, and the text and JSON report
 * formats of §10.4/§10.5 (plus bytes in/out).
 * Nothing on the hot path formats a string: events are counted, and only
 * kept (explain) or printed (check) when those modes are on. */
#ifndef HOSTSHIFT_REPORT_H
#define HOSTSHIFT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "surface.h"

#define REPORT_EXPLAIN_MAX 10000   /* §10.3: the trace keeps at most this many */
#define REPORT_TEXT_MAX 256        /* bytes of an event's text kept for explain */
#define REPORT_PATH_MAX 128        /* bytes of an event's JSON path kept for explain */

/* Structured attributes counted by the html type (§4.4). */
enum structured_attr { ATTR_CONTENT, ATTR_IMAGESRCSET, ATTR_PING, ATTR_SRCDOC, ATTR_SRCSET, ATTR_COUNT };

struct report_event {
	uint64_t offset;             /* input offset */
	size_t line, column;         /* 1-based; 0 when positions are not tracked */
	enum action action;
	enum reason reason;
	enum surface surface;
	const unsigned char *text;
	size_t text_len;
	const unsigned char *context;  /* bytes around the event (sweep), for its warning */
	size_t context_len;
	const char *path;              /* RFC 6901 path (json); may be NULL */
	size_t path_len;
};

struct report_options {
	bool stats, explain, json, check, quiet;
	FILE *out;                   /* reports: stderr */
	FILE *check_out;             /* findings: stdout */
};

struct report_trace {
	uint64_t offset;
	size_t line, column;
	enum action action;
	enum reason reason;
	enum surface surface;
	unsigned short text_len, path_len;
	char text[REPORT_TEXT_MAX];
	char path[REPORT_PATH_MAX];
};

struct report {
	struct report_options opt;
	const char *file;            /* display name of the current input */
	bool name_files;             /* several FILEs: each report names its file */
	uint64_t rewrites[SURFACE_COUNT], candidates[SURFACE_COUNT], skips[REASON_COUNT];
	uint64_t structured[ATTR_COUNT];
	uint64_t bytes_in, bytes_out;
	bool sweep_ran;
	const char *type, *dialect;  /* the type used and, for sql, the dialect (NULL: none) */
	const char *chosen_by;       /* how the type was chosen: "option", "extension", "sniffed", "headers" */
	const char *dialect_by;      /* and the dialect: "option", "sniffed" */
	bool warn_stragglers;        /* this input's type has a structured pass (html) */
	uint64_t offset_base;        /* added to every event's offset (the body after --headers) */
	size_t line_base;            /* and to its line */
	struct report_trace *trace;  /* explain only; allocated once */
	size_t ntrace, dropped;
	uint64_t findings;           /* check mode, all files */
	int check_errno;             /* why a finding could not be written; 0 if all were */
	/* the whole run, for the summary of --json */
	uint64_t inputs, all_rewrites[SURFACE_COUNT], all_candidates[SURFACE_COUNT], all_skips[REASON_COUNT];
	uint64_t all_bytes_in, all_bytes_out;
};

void report_init(struct report *r, const struct report_options *opt);
void report_free(struct report *r);
/* Start counting a new input; counters and the trace restart. */
void report_begin(struct report *r, const char *file, bool sweep_ran);
void report_add(struct report *r, const struct report_event *ev);
/* Whether events need line/column (--check, --explain). */
static inline bool report_wants_positions(const struct report *r) { return r->opt.check || r->opt.explain; }
/* report_add of a rewrite that only the counters read (no --check, no
 * --explain; not the sweep's, whose rewrite is a warning): counted, and
 * true, without the event built; else false, and the caller builds it
 * for report_add. The structured pass's rewrites, most events of a run,
 * are counted so. */
static inline bool report_rewrite_counted(struct report *r, enum action a, enum surface s)
{
	if (a != ACTION_REWROTE || s == SURFACE_STRAGGLER || r->opt.check || r->opt.explain) return false;
	r->candidates[s]++;
	r->rewrites[s]++;
	return true;
}
/* Whether skipped events are seen (--stats, --explain, --json): when not,
 * a value that can hold no candidate needs no walk (§3.1). */
static inline bool report_wants_skips(const struct report *r)
{
	return r && (r->opt.stats || r->opt.explain || r->opt.json);
}
/* Whether events are listed one by one (--explain, --check, --json), so
 * the order in which the stages find them shows. */
static inline bool report_lists_events(const struct report *r)
{
	return r && (r->opt.explain || r->opt.check || r->opt.json);
}
/* Whether this input had any rewrite (its output differs from its input). */
bool report_rewrote_any(const struct report *r);
/* Print this input's report (stats/explain) if asked for. */
void report_end(struct report *r);

/* The end of the run: with --json, one summary object on the reports'
 * stream (every input's counters added up, the findings of --check, the
 * files --in-place changed when changed >= 0, and the exit status). */
void report_finish(struct report *r, int status, int changed);

/* The text report of one input, for tests. */
void report_print_text(const struct report *r, FILE *f);
void report_print_json(const struct report *r, FILE *f);

#endif
