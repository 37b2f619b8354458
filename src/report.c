/* report.c — counters, explain trace, check findings, and the report
 * formats of §10.3–§10.5, and check findings (§10.6). */
#include "report.h"

#include "buf.h"
#include "diag.h"
#include "jsonout.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const attr_names[ATTR_COUNT] = {
	[ATTR_CONTENT] = "content", [ATTR_IMAGESRCSET] = "imagesrcset", [ATTR_PING] = "ping",
	[ATTR_SRCDOC] = "srcdoc", [ATTR_SRCSET] = "srcset",
};

void report_init(struct report *r, const struct report_options *opt)
{
	memset(r, 0, sizeof *r);
	r->opt = *opt;
	if (!r->opt.out) r->opt.out = stderr;
	if (!r->opt.check_out) r->opt.check_out = stdout;
	r->file = "-";
	if (r->opt.check) setvbuf(r->opt.check_out, NULL, _IOFBF, 1 << 16);
}

void report_free(struct report *r)
{
	free(r->trace);
	r->trace = NULL;
}

void report_begin(struct report *r, const char *file, bool sweep_ran)
{
	r->file = file;
	memset(r->rewrites, 0, sizeof r->rewrites);
	memset(r->candidates, 0, sizeof r->candidates);
	memset(r->skips, 0, sizeof r->skips);
	memset(r->structured, 0, sizeof r->structured);
	r->bytes_in = r->bytes_out = 0;
	r->sweep_ran = sweep_ran;
	r->warn_stragglers = false;
	r->type = r->dialect = r->chosen_by = r->dialect_by = NULL;
	r->offset_base = 0;
	r->line_base = 0;
	r->ntrace = r->dropped = 0;
}

/* Bytes of an origin as printed on one line, into msg[*at..cap): controls
 * are escaped so a finding stays one line, LF as a space where lf_space
 * (the context of a straggler). Returns how many of p's bytes it took. */
static size_t plain_into(char *msg, size_t cap, size_t *at, const unsigned char *p, size_t n, bool lf_space)
{
	size_t i = 0;
	for (; i < n && *at + 5 < cap; i++) {
		unsigned char c = p[i];
		if (c == '\n' && lf_space) msg[(*at)++] = ' ';
		else if (c < 0x20 || c == 0x7f) *at += (size_t)snprintf(msg + *at, cap - *at, "\\x%02x", c);
		else msg[(*at)++] = (char)c;
	}
	msg[*at] = 0;
	return i;
}

/* The same to a stream, a buffer at a time. */
static void plain_text(FILE *f, const unsigned char *p, size_t n)
{
	while (n) {
		char buf[256];
		size_t at = 0, took = plain_into(buf, sizeof buf, &at, p, n, false);
		fwrite(buf, 1, at, f);
		p += took;
		n -= took;
	}
}

/* One --check finding: `FILE:LINE:COLUMN: TEXT (what)`, or its JSON object,
 * where what is the surface, or the reason for a value left untouched
 * (then the JSON object names the reason too). */
static void check_finding(struct report *r, const struct report_event *ev, const char *what, bool reason)
{
	r->findings++;
	FILE *f = r->opt.check_out;
	if (r->opt.json) {
		fputs("{\"kind\":\"finding\",\"file\":", f);
		json_put_string(f, (const unsigned char *)r->file, strlen(r->file));
		fprintf(f, ",\"line\":%zu,\"column\":%zu,\"origin\":", ev->line, ev->column);
		json_put_string(f, ev->text, ev->text_len);
		fprintf(f, ",\"surface\":\"%s\"", surface_name(ev->surface));
		if (reason) fprintf(f, ",\"reason\":\"%s\"", what);
		fputs("}\n", f);
	} else {
		fprintf(f, "%s:%zu:%zu: ", r->file, ev->line, ev->column);
		plain_text(f, ev->text, ev->text_len);
		fprintf(f, " (%s)\n", what);
	}
	/* One write(2) per finding, so lines from runs that share the output
	 * (xargs -P) never tear: the stream is fully buffered (report_init)
	 * and emptied after each whole line. */
	if (fflush(f) != 0 && !r->check_errno) r->check_errno = errno ? errno : EIO;
}

void report_add(struct report *r, const struct report_event *in)
{
	struct report_event shifted = *in;
	shifted.offset += r->offset_base;
	if (shifted.line) shifted.line += r->line_base;
	const struct report_event *ev = &shifted;
	/* §10.3: every event is a candidate; rewrites by surface, skips by reason. */
	r->candidates[ev->surface]++;
	if (ev->action == ACTION_REWROTE) r->rewrites[ev->surface]++;
	else r->skips[ev->reason]++;

	if (ev->surface == SURFACE_STRAGGLER && ev->action == ACTION_REWROTE && r->warn_stragglers && !r->opt.quiet) {
		/* §6.1: an origin that survived the structured pass is a bug there;
		 * say where, with the swept bytes around it (LF as space). */
		char msg[2048];
		size_t at = 0;
		plain_into(msg, sizeof msg, &at, ev->text, ev->text_len, false);
		at += (size_t)snprintf(msg + at, sizeof msg - at, " (context: ");
		if (at < sizeof msg) plain_into(msg, sizeof msg, &at, ev->context, ev->context_len, true);
		diag_warn(r->file, "straggler swept at offset %" PRIu64 ": %s)", ev->offset, msg);
	}
	if (ev->action == ACTION_SKIPPED) {
		/* rules.md §7.5: a serialized value that could not be repaired
		 * was left as it is; §3.9: a canonical origin in a script that a
		 * line continuation splits is kept. Each said where, with its
		 * first bytes. */
		bool untouched = ev->reason == REASON_SERIALIZED_UNTOUCHED, split = ev->reason == REASON_LINE_CONTINUATION;
		if ((untouched || split) && !r->opt.quiet) {
			char msg[1024];
			size_t at = 0;
			plain_into(msg, sizeof msg, &at, ev->text, ev->text_len, false);
			diag_warn(r->file, "%s at offset %" PRIu64 ": %s",
			          untouched ? "serialized value left untouched" : "canonical origin split by a line continuation kept",
			          ev->offset, msg);
		}
		/* §10.6: none of them checks clean, nor a canonical origin in a
		 * header left as it is (§13.3) */
		if (r->opt.check && (untouched || split || ev->reason == REASON_HEADER_KEPT))
			check_finding(r, ev, reason_name(ev->reason), true);
	} else if (r->opt.check) {
		check_finding(r, ev, surface_name(ev->surface), false);
	}
	if (r->opt.explain) {
		if (r->ntrace == REPORT_EXPLAIN_MAX) { r->dropped++; return; }
		if (!r->trace) {
			r->trace = xmalloc(REPORT_EXPLAIN_MAX * sizeof *r->trace);
		}
		struct report_trace *t = &r->trace[r->ntrace++];
		t->offset = ev->offset;
		t->line = ev->line;
		t->column = ev->column;
		t->action = ev->action;
		t->reason = ev->reason;
		t->surface = ev->surface;
		t->text_len = (unsigned short)(ev->text_len < REPORT_TEXT_MAX ? ev->text_len : REPORT_TEXT_MAX);
		if (t->text_len) memcpy(t->text, ev->text, t->text_len);
		t->path_len = (unsigned short)(!ev->path ? 0 : ev->path_len < REPORT_PATH_MAX ? ev->path_len : REPORT_PATH_MAX);
		if (t->path_len) memcpy(t->path, ev->path, t->path_len);
	}
}

/* Keys sorted bytewise (§10.4): surface and reason names in byte order. */
static void sorted_surfaces(enum surface out[SURFACE_COUNT])
{
	for (int i = 0; i < SURFACE_COUNT; i++) out[i] = (enum surface)i;
	for (int i = 1; i < SURFACE_COUNT; i++)
		for (int j = i; j > 0 && strcmp(surface_name(out[j - 1]), surface_name(out[j])) > 0; j--) {
			enum surface t = out[j]; out[j] = out[j - 1]; out[j - 1] = t;
		}
}

static void sorted_reasons(enum reason out[REASON_COUNT])
{
	int n = 0;
	for (int i = 1; i < REASON_COUNT; i++) out[n++] = (enum reason)i;
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && strcmp(reason_name(out[j - 1]), reason_name(out[j])) > 0; j--) {
			enum reason t = out[j]; out[j] = out[j - 1]; out[j - 1] = t;
		}
}

static bool any(const uint64_t *v, int n, int from)
{
	for (int i = from; i < n; i++) if (v[i]) return true;
	return false;
}

/* Explain lines in offset order; the sort is stable, so events at one
 * offset keep the order they happened in. */
static int trace_cmp(const void *a, const void *b)
{
	const struct report_trace *x = *(const struct report_trace *const *)a, *y = *(const struct report_trace *const *)b;
	if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
	return x < y ? -1 : (x > y);
}

static const struct report_trace **sorted_trace(const struct report *r)
{
	const struct report_trace **v = xmalloc((r->ntrace ? r->ntrace : 1) * sizeof *v);
	for (size_t i = 0; i < r->ntrace; i++) v[i] = &r->trace[i];
	qsort(v, r->ntrace, sizeof *v, trace_cmp);
	return v;
}

void report_print_text(const struct report *r, FILE *f)
{
	enum surface ss[SURFACE_COUNT];
	enum reason rs[REASON_COUNT];
	sorted_surfaces(ss);
	sorted_reasons(rs);
	if ((r->opt.stats || r->opt.explain) && r->type) {
		fprintf(f, "type: %s (%s)", r->type, r->chosen_by ? r->chosen_by : "option");
		if (r->dialect) fprintf(f, ", dialect: %s (%s)", r->dialect, r->dialect_by ? r->dialect_by : "option");
		fputc('\n', f);
	}
	if (r->opt.stats) {
		if (any(r->rewrites, SURFACE_COUNT, 0)) {
			fputs("rewrites by surface:\n", f);
			for (int i = 0; i < SURFACE_COUNT; i++)
				if (r->rewrites[ss[i]]) fprintf(f, "  %-24s %" PRIu64 "\n", surface_name(ss[i]), r->rewrites[ss[i]]);
		}
		if (any(r->candidates, SURFACE_COUNT, 0)) {
			fputs("candidates by surface:\n", f);
			for (int i = 0; i < SURFACE_COUNT; i++)
				if (r->candidates[ss[i]]) fprintf(f, "  %-24s %" PRIu64 "\n", surface_name(ss[i]), r->candidates[ss[i]]);
		}
		if (any(r->skips, REASON_COUNT, 1)) {
			fputs("skipped, by reason:\n", f);
			for (int i = 0; i < REASON_COUNT - 1; i++)
				if (r->skips[rs[i]]) fprintf(f, "  %-24s %" PRIu64 "\n", reason_name(rs[i]), r->skips[rs[i]]);
		}
		if (any(r->structured, ATTR_COUNT, 0)) {
			fputs("structured attributes seen:\n", f);
			for (int i = 0; i < ATTR_COUNT; i++)
				if (r->structured[i]) fprintf(f, "  %-24s %" PRIu64 "\n", attr_names[i], r->structured[i]);
		}
		fputs("bytes:\n", f);
		fprintf(f, "  %-24s %" PRIu64 "\n", "in", r->bytes_in);
		fprintf(f, "  %-24s %" PRIu64 "\n", "out", r->bytes_out);
		if (!r->sweep_ran) fputs("sweep for leftover origins: not run (--no-sweep or --dry-run)\n", f);
	}
	if (r->opt.explain && r->ntrace) {
		const struct report_trace **v = sorted_trace(r);
		fprintf(f, "explain (%zu events):\n", r->ntrace);
		for (size_t i = 0; i < r->ntrace; i++) {
			const struct report_trace *t = v[i];
			/* §10.4: the surface, then a space and the JSON path if there is one */
			char where[64 + REPORT_PATH_MAX];
			snprintf(where, sizeof where, "%s%s%.*s", surface_name(t->surface), t->path_len ? " " : "", (int)t->path_len, t->path);
			char pos[48];
			if (t->line) snprintf(pos, sizeof pos, "%zu:%zu", t->line, t->column);
			else snprintf(pos, sizeof pos, "-");
			fprintf(f, "  %8" PRIu64 " %-9s %-8s %-22s %-40s ", t->offset, pos, action_name(t->action),
			        t->action == ACTION_REWROTE ? "-" : reason_name(t->reason), where);
			plain_text(f, (const unsigned char *)t->text, t->text_len);
			fputc('\n', f);
		}
		if (r->dropped) fprintf(f, "  (%zu more events not listed)\n", r->dropped);
		free(v);
	}
}

static void json_counts(FILE *f, const char *key, const uint64_t *v, const char *(*name)(int), const int *order, int n)
{
	fprintf(f, ",\"%s\":{", key);
	bool first = true;
	for (int i = 0; i < n; i++) {
		if (!v[order[i]]) continue;
		fprintf(f, "%s\"%s\":%" PRIu64, first ? "" : ",", name(order[i]), v[order[i]]);
		first = false;
	}
	fputc('}', f);
}

static const char *surface_name_i(int i) { return surface_name((enum surface)i); }
static const char *reason_name_i(int i) { return reason_name((enum reason)i); }
static const char *attr_name_i(int i) { return attr_names[i]; }

/* The bytewise orders of the counters' keys (§10.4). */
struct key_orders { int so[SURFACE_COUNT], ro[REASON_COUNT - 1], ao[ATTR_COUNT]; };

static void key_orders(struct key_orders *k)
{
	enum surface ss[SURFACE_COUNT];
	enum reason rs[REASON_COUNT];
	sorted_surfaces(ss);
	sorted_reasons(rs);
	for (int i = 0; i < SURFACE_COUNT; i++) k->so[i] = (int)ss[i];
	for (int i = 0; i < REASON_COUNT - 1; i++) k->ro[i] = (int)rs[i];
	for (int i = 0; i < ATTR_COUNT; i++) k->ao[i] = i;
}

static void json_counters(FILE *f, const struct key_orders *k, const uint64_t *rewrites, const uint64_t *candidates,
                          const uint64_t *skips, uint64_t in, uint64_t out)
{
	json_counts(f, "rewrites", rewrites, surface_name_i, k->so, SURFACE_COUNT);
	json_counts(f, "candidates", candidates, surface_name_i, k->so, SURFACE_COUNT);
	json_counts(f, "skips", skips, reason_name_i, k->ro, REASON_COUNT - 1);
	fprintf(f, ",\"bytes\":{\"in\":%" PRIu64 ",\"out\":%" PRIu64 "}", in, out);
}

/* One input's report as one line (docs/cli.md, "Reports as JSON lines"). */
void report_print_json(const struct report *r, FILE *f)
{
	struct key_orders k;
	key_orders(&k);
	fputs("{\"kind\":\"input\",\"file\":", f);
	json_put_string(f, (const unsigned char *)r->file, strlen(r->file));
	if (r->type) {
		fprintf(f, ",\"type\":\"%s\",\"type_by\":\"%s\"", r->type, r->chosen_by ? r->chosen_by : "option");
		if (r->dialect)
			fprintf(f, ",\"dialect\":\"%s\",\"dialect_by\":\"%s\"", r->dialect, r->dialect_by ? r->dialect_by : "option");
	}
	json_counters(f, &k, r->rewrites, r->candidates, r->skips, r->bytes_in, r->bytes_out);
	if (any(r->structured, ATTR_COUNT, 0)) json_counts(f, "structured", r->structured, attr_name_i, k.ao, ATTR_COUNT);
	fprintf(f, ",\"sweep\":%s", r->sweep_ran ? "true" : "false");
	if (r->opt.explain && r->ntrace) {
		const struct report_trace **v = sorted_trace(r);
		fputs(",\"events\":[", f);
		for (size_t i = 0; i < r->ntrace; i++) {
			const struct report_trace *t = v[i];
			fprintf(f, "%s{\"offset\":%" PRIu64 ",\"line\":%zu,\"column\":%zu,\"surface\":\"%s\",\"text\":",
			        i ? "," : "", t->offset, t->line, t->column, surface_name(t->surface));
			json_put_string(f, (const unsigned char *)t->text, t->text_len);
			if (t->path_len) {
				fputs(",\"path\":", f);
				json_put_string(f, (const unsigned char *)t->path, t->path_len);
			}
			fprintf(f, ",\"action\":\"%s\"", action_name(t->action));
			if (t->action != ACTION_REWROTE) fprintf(f, ",\"reason\":\"%s\"", reason_name(t->reason));
			fputc('}', f);
		}
		fputc(']', f);
		if (r->dropped) fprintf(f, ",\"events_dropped\":%zu", r->dropped);
		free(v);
	}
	fputs("}\n", f);
}

bool report_rewrote_any(const struct report *r)
{
	return any(r->rewrites, SURFACE_COUNT, 0);
}

void report_end(struct report *r)
{
	r->inputs++;
	for (int i = 0; i < SURFACE_COUNT; i++) {
		r->all_rewrites[i] += r->rewrites[i];
		r->all_candidates[i] += r->candidates[i];
	}
	for (int i = 0; i < REASON_COUNT; i++) r->all_skips[i] += r->skips[i];
	r->all_bytes_in += r->bytes_in;
	r->all_bytes_out += r->bytes_out;
	if (!r->opt.stats && !r->opt.explain) return;
	FILE *f = r->opt.out;
	if (r->opt.json) {
		report_print_json(r, f);
	} else {
		if (r->name_files) fprintf(f, "==> %s <==\n", r->file);
		report_print_text(r, f);
	}
	fflush(f);
}

void report_finish(struct report *r, int status, int changed)
{
	if (!r->opt.json) return;
	struct key_orders k;
	key_orders(&k);
	FILE *f = r->opt.out;
	fprintf(f, "{\"kind\":\"summary\",\"inputs\":%" PRIu64, r->inputs);
	json_counters(f, &k, r->all_rewrites, r->all_candidates, r->all_skips, r->all_bytes_in, r->all_bytes_out);
	if (r->opt.check) fprintf(f, ",\"findings\":%" PRIu64, r->findings);
	if (changed >= 0) fprintf(f, ",\"changed\":%d", changed);
	fprintf(f, ",\"status\":%d}\n", status);
	fflush(f);
}
