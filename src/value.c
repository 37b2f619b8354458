/* value.c — the value pipeline: serialized walk → byte matcher → reference
 * decoding and re-match (§4.5, §5.3, §7). */
#include "value.h"

#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytescan.h"
#include "diag.h"
#include "entity.h"
#include "testhook.h"

void value_init(struct value *vp, const struct patterns *pt, struct report *rep)
{
	memset(vp, 0, sizeof *vp);
	vp->pt = pt;
	vp->report = rep;
	vp->splices = xgrow(NULL, &vp->splices_cap, 1024, sizeof *vp->splices, 1024);
	vp->out.limit = (size_t)-1;
	vp->piece = testhook_value_piece ? testhook_value_piece : VALUE_PIECE;
	vp->plan_budget = testhook_plan_budget ? testhook_plan_budget : VALUE_PLAN_BUDGET;
}

size_t testhook_plan_budget;
bool testhook_rematch_always;
size_t testhook_dec_window;
size_t testhook_value_piece;

void value_set_position(struct value *vp, value_pos_fn fn, void *ctx)
{
	vp->pos = fn;
	vp->pos_ctx = ctx;
}

void value_free(struct value *vp)
{
	free(vp->dec);
	free(vp->refs);
	free(vp->splices);
	free(vp->merge);
	free(vp->out.p);
	free(vp->esc.p);
	free(vp->marks);
	free(vp->leadlens);
	locator_free(&vp->loc);
	memset(vp, 0, sizeof *vp);
}

/* The report a value's events go to: none for a value found again to be
 * written (value_opts.unreported). */
static inline struct report *report_of(const struct value *vp, const struct value_opts *o)
{
	return o->unreported ? NULL : vp->report;
}

static void report_ev(struct value *vp, const struct match_event *ev, uint64_t off, const unsigned char *text,
                      size_t text_len)
{
	if (!report_of(vp, vp->o) || vp->put_w) return;   /* walking again: reported by the plan */
	if (report_rewrite_counted(vp->report, ev->action, ev->surface)) return;
	struct report_event re = { .offset = off, .action = ev->action, .reason = ev->reason, .surface = ev->surface,
	                           .text = text, .text_len = text_len, .path = vp->path, .path_len = vp->path_len };
	if (vp->pos && report_wants_positions(vp->report)) vp->pos(vp->pos_ctx, off, &re.line, &re.column);
	report_add(vp->report, &re);
}

/* Room for one more splice. */
static inline __attribute__((always_inline)) struct value_splice *new_splice(struct value *vp)
{
	if (vp->nsplices == vp->splices_cap)
		vp->splices = xgrow(vp->splices, &vp->splices_cap, vp->nsplices + 1, sizeof *vp->splices, 256);
	return &vp->splices[vp->nsplices++];
}

/* A span longer than one splice holds: the replacement with its first
 * bytes, the rest replaced by nothing (the same output and lengths). */
static __attribute__((noinline)) void add_long_splice(struct value *vp, size_t start, size_t end, uint32_t repl,
                                                      uint16_t repl_n)
{
	for (; start < end; start += VALUE_SPLICE_LEN_MAX, repl_n = 0) {
		size_t l = end - start < VALUE_SPLICE_LEN_MAX ? end - start : VALUE_SPLICE_LEN_MAX;
		*new_splice(vp) = (struct value_splice){ (uint32_t)start, repl, (uint16_t)l, repl_n };
	}
}

static inline __attribute__((always_inline)) void add_splice(struct value *vp, size_t start, size_t end,
                                                             struct slice repl)
{
	/* the replacement named by its place in the pattern table's
	 * arena (every one the matcher gives lies there) */
	uint32_t r = (uint32_t)(repl.p - vp->pt->arena);
	if (end - start > VALUE_SPLICE_LEN_MAX) {
		add_long_splice(vp, start, end, r, (uint16_t)repl.n);
		return;
	}
	*new_splice(vp) = (struct value_splice){ (uint32_t)start, r, (uint16_t)(end - start), (uint16_t)repl.n };
}

/* A splice's new bytes; a new length's digits are written into dig. */
#define VALUE_DIGITS_MAX 10
static inline struct slice repl_of(const struct value *vp, const struct value_splice *s,
                                   unsigned char dig[VALUE_DIGITS_MAX])
{
	if (!(s->repl_n & VALUE_REPL_FLAGS)) return (struct slice){ vp->pt->arena + s->repl, s->repl_n };
	if (s->repl_n & VALUE_REPL_ESC) return (struct slice){ vp->esc.p + s->repl, s->repl_n & VALUE_REPL_MAX };
	size_t nd = s->repl_n & VALUE_REPL_MAX;
	uint32_t v = s->repl;
	for (size_t k = nd; k-- > 0; v /= 10) dig[k] = (unsigned char)('0' + v % 10);
	return (struct slice){ dig, nd };
}

/* A declined candidate ending at e is followed by `&` (the value-start
 * decline of rules.md §12.1), raw or as `&amp;`. */
/* A mapped value (§11.2): the bytes before upto are read. */
static inline void release(const struct value *vp, const unsigned char *upto)
{
	if (vp->release) vp->release(vp->release_ctx, upto);
}

static bool amp_after(const unsigned char *p, size_t n, size_t e) { return e < n && p[e] == '&'; }

/* Byte matcher events on the run (§4.5 step 1). */
static void matcher_event(void *ctx, const struct match_event *ev)
{
	struct value *vp = ctx;
	/* rules.md §6.4: a candidate the structured pass declined in a value
	 * (the value-start `&` of §12.1 among them) is not the sweep's to
	 * rewrite: the value goes to it protected */
	if (ev->action == ACTION_SKIPPED && vp->o->mode == MATCH_VALUE && amp_after(vp->run, vp->run_len, ev->end))
		vp->protect = true;
	if (ev->action == ACTION_REWROTE) add_splice(vp, vp->run_off + ev->start, vp->run_off + ev->end, ev->repl);
	report_ev(vp, ev, vp->base + vp->run_off + ev->start, vp->run + ev->start, ev->end - ev->start);
}

/* Re-match events over the decoded run (§5.3): a rewrite is spliced
 * over the origin's source bytes; one over bytes the byte
 * matcher already rewrote is the same origin seen again. */
static void entity_event(void *ctx, const struct match_event *ev)
{
	struct value *vp = ctx;
	if (ev->action == ACTION_SKIPPED && vp->o->mode == MATCH_VALUE && amp_after(vp->win + vp->win_skip, vp->win_len - vp->win_skip, ev->end))
		vp->protect = true;   /* §6.4 */
	size_t sa = vp->win_src + entity_src(vp->refs, vp->nrefs, vp->win_skip + ev->start),
	       sb = vp->win_src + entity_src(vp->refs, vp->nrefs, vp->win_skip + ev->end);
	if (ev->action == ACTION_REWROTE) {
		/* the run's byte matcher splices are in order and apart: the
		 * first one ending after sa is the only one that may overlap
		 * (a search, not a pass over all of them for every
		 * event); splices are at value offsets */
		size_t lo = vp->run0, hi = vp->splice0, va = vp->run_off + sa, vb = vp->run_off + sb;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (value_splice_end(&vp->splices[mid]) <= va) lo = mid + 1;
			else hi = mid;
		}
		if (lo < vp->splice0 && vp->splices[lo].start < vb) return;
		add_splice(vp, va, vb, ev->repl);
	}
	report_ev(vp, ev, vp->base + vp->run_off + sa, vp->win + vp->win_skip + ev->start, ev->end - ev->start);
}

/* Whether the re-match of §5.3 over the decoded run can only find
 * what the byte matcher found in the run, provided its references are
 * inert, so it need not be scanned (rematch reads their inertness off the
 * decoding). Yes when the skips are not observed (the re-match's rewrites
 * over bytes already rewritten are dropped unseen) and every decoded
 * reference is inert (entity_refs_inert: `&#8217;`, `&nbsp;`, `&hellip;`, most of the
 * references of WordPress text). Then each separator and host of the
 * decoded run are the same bytes in the run, and the decoded run differs
 * around them only where a reference was:
 *   - a decoded byte is >= 0x80: a host byte (§3.5), never in a host of
 *     the map (hosts are ASCII), a separator, a digit or a removable
 *     character, and no left context that blocks (§3.3), as the reference's
 *     ';' is not;
 *   - where the run has the reference's '&' (a delimiter but where the
 *     candidate begins the value) the decoded run has a host byte, which
 *     is none: the decoded candidate ends there only if the run's does;
 *   - the decoded run is matched on the html-entity surface, which always
 *     joins (§3.8): its removable runs are longer and its `\n` is no
 *     delimiter, so it is terminated only where the run's would be;
 *   - on that surface a JSON string's opening quote means no candidate
 *     begins the value, where the run's may: a '&' after such a candidate
 *     would end it in the decoded run only. There is none when no
 *     candidate can begin the value or no '&' lies within a window of
 *     where it would.
 * So a rewrite of the re-match is one of the byte matcher's, and the
 * candidates it passes over lie where the byte matcher's do. The same
 * mode, escape alphabet and SQL rules are required of both scans. */
static bool rematch_adds_nothing_if_inert(const struct value *vp, const unsigned char *p, size_t n,
                                          const struct value_opts *o)
{
	if (report_wants_skips(report_of(vp, o)) || o->mode != MATCH_VALUE || o->sql) return false;
	bool esc_run = surface_axes(o->surface)->esc_js, esc_decoded = o->json || surface_axes(SURFACE_HTML_ENTITY)->esc_js;
	if (esc_run != esc_decoded) return false;
	size_t f = matcher_value_lead(o->surface, p, n);
	/* a candidate starts with its scheme or separator */
	bool may_begin = f < n && (p[f] == 'h' || p[f] == 'H' || p[f] == '/' || p[f] == '\\' || p[f] == '%');
	size_t lead_end = n - f > vp->pt->window + 1 ? f + vp->pt->window + 1 : n;
	return !may_begin || bytescan_byte(p, f, lead_end, '&') == lead_end;
}

/* The splices in source order: the byte matcher's [run0, splice0) and the
 * re-match's after them are each in order and apart from each other, and
 * are merged as they are walked (no second array of them, and no
 * insertion sort, which would be quadratic in a value dense with both). */
struct splice_walk { size_t a, b; };

/* The next splice in source order, a re-match's before a byte matcher's
 * further on; only where the re-match added any (the walkers loop over
 * [0, nsplices) where it added none: most values, at no cost). */
static inline __attribute__((always_inline)) const struct value_splice *next_merged(const struct value *vp,
                                                                                   struct splice_walk *it)
{
	if (it->b == vp->nsplices) return it->a < vp->splice0 ? &vp->splices[it->a++] : NULL;
	if (it->a < vp->splice0 && vp->splices[it->a].start < vp->splices[it->b].start) return &vp->splices[it->a++];
	return &vp->splices[it->b++];
}

/* The re-match of §5.3 over the decoded run p[0..n), a window of decoded
 * bytes at a time (memory bounded whatever the run's length, §11.2). Each
 * window is decoded from a token of the run on and scanned up to a look-
 * ahead window from its end, as the stream framers scan (§6.2); the next one
 * begins at the token holding the first byte the scan left, so the scans
 * see the bytes the scan of the whole decoding would, with the byte before
 * as their left context and the value's lead given (the '&' rule of §12.1).
 * The fusing guard (§5.1) declines the whole run, so a run longer than a
 * window is decoded through once for it before anything is re-matched. */
static __attribute__((noinline)) void rematch(struct value *vp, const unsigned char *p, size_t n, bool skip_if_inert)
{
	const struct value_opts *o = vp->o;
	size_t look = vp->pt->window;
	/* a window holds more than the look-ahead and a reference's bytes */
	size_t cap = testhook_dec_window && testhook_dec_window < VALUE_DEC_WINDOW ? testhook_dec_window : VALUE_DEC_WINDOW;
	if (cap < 4 * look + 16) cap = 4 * look + 16;
	if (!vp->dec) {
		size_t c = VALUE_DEC_WINDOW > cap ? VALUE_DEC_WINDOW : cap;
		vp->dec = xrealloc(NULL, c);
		vp->refs = xrealloc(NULL, (c / 4 + 1) * sizeof *vp->refs);
	}
	size_t refs_cap = cap / 4 + 1, dlen;
	struct entity_decoder d = { .i = 0, .guard = true };
	enum entity_result r = entity_decode_step(&d, p, n, vp->dec, cap, &dlen, vp->refs, refs_cap, &vp->nrefs);
	if (r == ENTITY_DECLINED) return;
	/* nothing to re-match where nothing decodes, or (the gate above) where
	 * every reference decoded is inert */
	bool inert = skip_if_inert && entity_refs_inert(vp->refs, vp->nrefs, vp->dec, p);
	if (d.i < n) {
		bool any = r == ENTITY_DECODED;
		size_t gl, gn;
		while (d.i < n) {
			size_t i0 = d.i;
			enum entity_result g = entity_decode_step(&d, p, n, vp->dec, cap, &gl, vp->refs, refs_cap, &gn);
			if (g == ENTITY_DECLINED) return;
			any |= g == ENTITY_DECODED;
			inert = inert && entity_refs_inert(vp->refs, gn, vp->dec, p + i0);
			release(vp, p + i0);
		}
		if (!any || inert) return;
		d = (struct entity_decoder){ .i = 0, .guard = false };
		r = entity_decode_step(&d, p, n, vp->dec, cap, &dlen, vp->refs, refs_cap, &vp->nrefs);
	} else if (r != ENTITY_DECODED || inert) {
		return;
	}
	/* Inside a JSON string the decoded text is still JSON: its backslashes
	 * open escapes (`\u00e4` after a host continues it, §3.5). References
	 * decode to no white space, so the decoding's lead is the run's. The
	 * matcher looks back past a window's start only for SQL escapes, and
	 * references are decoded in html attributes and JSON strings only. */
	size_t lead_end = matcher_value_lead(SURFACE_HTML_ENTITY, p, n) + 1, at = 0;
	struct match_params me = { .prev = MATCH_NO_PREV, .mode = MATCH_VALUE, .surface = SURFACE_HTML_ENTITY, .joins = 1,
	                           .sql = o->sql, .json = o->json, .esc = o->json ? ESC_FORCE_JS : ESC_FROM_SURFACE,
	                           .lead_given = true, .css = o->css };
	vp->win_src = 0;
	vp->win_skip = 0;
	for (;;) {
		const unsigned char *w = r == ENTITY_NONE ? p + vp->win_src : vp->dec;
		bool last = d.i == n;
		size_t skip = vp->win_skip, limit = last ? dlen : dlen - look;
		vp->win = w;
		vp->win_len = dlen;
		me.lead_end = lead_end > at ? lead_end - at : 0;
		size_t used = matcher_scan_ex(vp->pt, w + skip, dlen - skip, limit - skip, &me, entity_event, vp);
		if (last) return;
		size_t c = skip + used, t = entity_token_start(vp->refs, vp->nrefs, c);
		me.prev = w[c - 1];
		at += used;
		release(vp, p + vp->win_src);
		vp->win_src += entity_src(vp->refs, vp->nrefs, t);
		vp->win_skip = c - t;
		d.i = vp->win_src;
		r = entity_decode_step(&d, p, n, vp->dec, cap, &dlen, vp->refs, refs_cap, &vp->nrefs);
	}
}

/* hostfind_any over v[0..n); a mapped value a piece at a time, each with
 * the look-ahead of a window (no host is longer), the pages behind given
 * back. */
static __attribute__((noinline)) bool any_host_pieces(const struct value *vp, const unsigned char *v, size_t n)
{
	const struct hostfind *f = &vp->pt->find;
	size_t look = vp->pt->window;
	for (size_t a = 0; a < n; a += vp->piece) {
		size_t len = n - a > vp->piece + look ? vp->piece + look : n - a;
		if (hostfind_any(f, v + a, len)) return true;
		release(vp, v + a);
	}
	return false;
}

static inline bool any_host(const struct value *vp, const unsigned char *v, size_t n)
{
	if (vp->release && n > vp->piece) return any_host_pieces(vp, v, n);
	return hostfind_any(&vp->pt->find, v, n);
}

/* Whether p[0..n) holds a `&`; a mapped value's a piece at a time. */
static bool has_amp(const struct value *vp, const unsigned char *p, size_t n)
{
	if (!vp->release) return bytescan_byte(p, 0, n, '&') != n;
	for (size_t a = 0; a < n; a += vp->piece) {
		size_t e = n - a > vp->piece ? a + vp->piece : n;
		if (bytescan_byte(p, a, e, '&') != e) return true;
		release(vp, p + a);
	}
	return false;
}

static inline void plan_bound(struct value *vp);

/* The byte matcher over a mapped value's long run p[0..n) at value offset
 * off: a piece at a time, each seen with the look-ahead of a window, the
 * byte before as its left context and the run's lead given, as a window
 * streams a segment; the pages behind given back. */
static void scan_pieces(struct value *vp, const unsigned char *p, size_t n, size_t off, struct match_params *mp)
{
	size_t look = vp->pt->window, a = 0;
	size_t lead_end = matcher_value_lead(mp->surface, p, n) + 1;
	if (mp->joins < 0) mp->joins = matcher_surface_joins_pieces(mp->surface, p, n, vp->piece, vp->release, vp->release_ctx);
	mp->lead_given = true;
	/* a serialized value's string data: its splices held to the budget
	 * as the run goes, where no re-match adds to them after */
	bool bound = vp->planning && (!vp->o->entities || !has_amp(vp, p, n));
	for (;;) {
		size_t len = n - a > vp->piece + look ? vp->piece + look : n - a;
		bool last = a + len == n;
		size_t limit = last ? len : len - look;
		mp->lead_end = lead_end > a ? lead_end - a : 0;
		vp->run = p + a;
		vp->run_len = len;
		vp->run_off = off + a;
		size_t used = matcher_scan_ex(vp->pt, p + a, len, limit, mp, matcher_event, vp);
		if (last) break;
		if (bound) plan_bound(vp);
		if (!used) used = limit;   /* (a scan always moves on; never loop) */
		mp->prev = p[a + used - 1];
		a += used;
		release(vp, p + (a > look ? a - look : 0));
	}
	vp->run = p;
	vp->run_len = n;
	vp->run_off = off;
}

/* ------------------------------------------------------------ the locator (rules.md §3.9) */

static void order_run(struct value *vp);

/* A splice the locator's took the place of (a scheme form over the byte
 * matcher's relative one): left out when the run's splices are merged. */
#define VALUE_REPL_DROPPED 0xFFFFu

/* A canonical origin the locator found in the run: taken where it
 * overlaps none of the run's splices, or where it holds every one it
 * overlaps and changes the scheme they kept (`https:&#9;//C` on a map to
 * http: the byte matcher rewrote `//C`, the URL is read from `https`). */
static bool locate_event(void *ctx, const struct locate_hit *h)
{
	struct value *vp = ctx;
	size_t va = vp->run_off + h->start, vb = vp->run_off + h->end;
	if (h->kept) {
		/* (a host a line continuation splits: left as it is, reported) */
		struct match_event ev = { h->start, h->end, ACTION_SKIPPED, REASON_LINE_CONTINUATION, vp->o->surface, { NULL, 0 } };
		report_ev(vp, &ev, vp->base + va, vp->run + h->start, h->end - h->start);
		return false;
	}
	size_t lo = vp->run0, hi = vp->loc0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (value_splice_end(&vp->splices[mid]) <= va) lo = mid + 1;
		else hi = mid;
	}
	size_t k = lo;
	for (; k < vp->loc0 && (vp->splices[k].start < vb || (!vp->splices[k].len && vp->splices[k].start == va)); k++)
		if (!h->scheme || vp->splices[k].start <= va || value_splice_end(&vp->splices[k]) > vb ||
		    vp->splices[k].repl_n & VALUE_REPL_NUM)
			return false;
	/* a scheme the byte matcher's relative rewrite kept: the origin is
	 * reported once, by the byte matcher */
	bool reported = k > lo;
	struct value_splice sp = { (uint32_t)va, 0, (uint16_t)(vb - va), 0 };
	if (vb - va > VALUE_SPLICE_LEN_MAX) return false;   /* (an authority is far shorter) */
	struct slice hp = h->pair->repl[ENC_RAW][FORM_RELATIVE];   /* `//` host and port */
	hp.p += 2;
	hp.n -= 2;
	if (!h->scheme && !h->lead) {
		sp.repl = (uint32_t)(hp.p - vp->pt->arena);
		sp.repl_n = (uint16_t)hp.n;
	} else {
		/* the scheme: the variant's, the bytes to the host as written;
		 * a byte that closes an escape before the host */
		const char *name = h->scheme ? scheme_name(h->pair->variant_scheme) : "";
		size_t nl = strlen(name), ml = h->scheme ? h->mid_end - h->mid_start : 0, need = nl + 3 + ml + 1 + hp.n;
		if (need > VALUE_REPL_MAX) return false;
		vp->esc.p = xgrow(vp->esc.p, &vp->esc.cap, vp->esc.len + need, 1, 4096);
		unsigned char *q = vp->esc.p + vp->esc.len;
		size_t w = 0;
		memcpy(q, name, nl), w += nl;
		if (h->scheme && !h->slashes_written) memcpy(q + w, "://", 3), w += 3;
		if (ml) memcpy(q + w, vp->run + h->mid_start, ml), w += ml;
		/* (where the bytes before the host are the source's: not after a
		 * `://` written in place of them) */
		if (h->lead && (!h->scheme || ml)) q[w++] = (unsigned char)h->lead;
		memcpy(q + w, hp.p, hp.n), w += hp.n;
		sp.repl = (uint32_t)vp->esc.len;
		sp.repl_n = (uint16_t)(w | VALUE_REPL_ESC);
		vp->esc.len += w;
	}
	/* a replacement equal to the bytes it replaces changes nothing
	 * (a map that changes only the scheme, `///C`): no rewrite */
	{
		struct slice r = repl_of(vp, &sp, NULL);
		if (r.n == vb - va && !memcmp(r.p, vp->run + h->start, r.n)) {
			if (h->scheme || h->lead) vp->esc.len -= r.n;
			return false;
		}
	}
	for (size_t i = lo; i < k; i++) vp->splices[i].repl_n = VALUE_REPL_DROPPED;
	vp->merge = xgrow(vp->merge, &vp->merge_cap, vp->nmerge + 1, sizeof *vp->merge, 64);
	vp->merge[vp->nmerge++] = sp;
	struct match_event ev = { h->start, h->end, ACTION_REWROTE, REASON_NONE,
	                          vp->o->surface == SURFACE_HTML_ATTR ? SURFACE_HTML_OBFUSCATED : vp->o->surface, { NULL, 0 } };
	if (!reported) report_ev(vp, &ev, vp->base + va, vp->run + h->start, h->end - h->start);
	return true;
}

/* The values the locator reads (rules.md §3.9): those a URL parser is
 * given as they are, where a backslash is a path separator (an html
 * attribute value, a URL header); style sheets through their CSS escapes,
 * scripts through JavaScript's, html text through its references. Not a
 * JSON string's or a SQL literal's escaped spelling of a URL in the json
 * and sql types (a locator over them, its gate reading every such string,
 * cost json +42% and sql +190%: bench/RESULTS.md). */
static inline bool locates(const struct value_opts *o)
{
	return o->css || o->js || o->text_refs || (o->mode == MATCH_VALUE && !o->sql && !o->json && !surface_axes(o->surface)->esc_js);
}

/* The locator over the run p[0..n) at value offset off, after the byte
 * matcher and the re-match: its finds merged into the run's splices, in
 * source order, which it leaves as one ordered list (splice0 ==
 * nsplices). */
/* How the locator reads the run p[0..n) of this value: its gate and its
 * scan read the same view. */
static inline void locate_opts_of(const struct value *vp, const unsigned char *p, size_t n, struct locate_opts *lo)
{
	const struct value_opts *o = vp->o;
	const struct surface_axes *ax = surface_axes(o->surface);
	*lo = (struct locate_opts){ .refs = o->entities || o->text_refs, .value = o->mode == MATCH_VALUE, .css = o->css, .js = o->js,
	                             /* (a newline in a style sheet ends its string or url():
	                              * no URL parser is given one to remove) */
	                             .joins = !o->css && !o->js && (ax->joining == JOIN_JOINS ||
	                                                  (ax->joining == JOIN_PER_BUFFER && matcher_surface_joins(o->surface, p, n))),
	                             .release = vp->release, .release_ctx = vp->release_ctx };
}

static __attribute__((noinline)) void locate_run(struct value *vp, const unsigned char *p, size_t n, size_t off,
                                                 const struct locate_opts *lo)
{
	if (vp->splice0 != vp->nsplices) order_run(vp);
	vp->loc0 = vp->nsplices;
	vp->nmerge = 0;
	vp->run = p;
	vp->run_len = n;
	vp->run_off = off;
	locator_scan(&vp->loc, vp->pt, p, n, lo, locate_event, vp);
	if (!vp->nmerge) return;
	/* merged after the hits in merge[], then back over the run's */
	size_t k = vp->nmerge, total = k + (vp->loc0 - vp->run0);
	vp->merge = xgrow(vp->merge, &vp->merge_cap, k + total, sizeof *vp->merge, 64);
	struct value_splice *out = vp->merge + k;
	size_t m = 0, i = vp->run0, j = 0;
	while (i < vp->loc0 || j < k) {
		if (i < vp->loc0 && vp->splices[i].repl_n == VALUE_REPL_DROPPED) { i++; continue; }
		if (j == k || (i < vp->loc0 && vp->splices[i].start <= vp->merge[j].start)) out[m++] = vp->splices[i++];
		else out[m++] = vp->merge[j++];
	}
	vp->nsplices = vp->run0;
	if (vp->nsplices + m > vp->splices_cap)
		vp->splices = xgrow(vp->splices, &vp->splices_cap, vp->nsplices + m, sizeof *vp->splices, 256);
	memcpy(vp->splices + vp->nsplices, out, m * sizeof *out);
	vp->nsplices += m;
	vp->splice0 = vp->nsplices;
}

/* §9.1: where the string escapes '/' as `\/`, so does what the re-match
 * splices in (after the escaped replacements of the value's runs before). */
static void escape_rematch(struct value *vp, const unsigned char *p, size_t n)
{
	if (vp->o->json && vp->nsplices > vp->splice0 && bytescan_escaped_slash(p, n)) {
		size_t need = vp->esc.len;
		for (size_t i = vp->splice0; i < vp->nsplices; i++) need += 2 * (size_t)vp->splices[i].repl_n;
		vp->esc.p = xgrow(vp->esc.p, &vp->esc.cap, need, 1, 4096);
		for (size_t i = vp->splice0; i < vp->nsplices; i++) {
			struct value_splice *sp = &vp->splices[i];
			struct slice r = repl_of(vp, sp, NULL);   /* the pattern table's */
			unsigned char *q = vp->esc.p + vp->esc.len;
			size_t k = 0;
			for (size_t m = 0; m < r.n; m++) {
				if (r.p[m] == '/') q[k++] = '\\';
				q[k++] = r.p[m];
			}
			sp->repl = (uint32_t)vp->esc.len;
			sp->repl_n = (uint16_t)(k | VALUE_REPL_ESC);
			vp->esc.len += k;
		}
	}
}

/* The splices of one run p[0..n) at value offset off, after those of the
 * runs before it: the byte matcher's [run0, splice0) and the re-match's
 * [splice0, nsplices), each in source order; or, where the locator found
 * any, all of them in one order [run0, nsplices). Returns nsplices. */
static size_t run_splices(struct value *vp, const unsigned char *p, size_t n, size_t off)
{
	const struct value_opts *o = vp->o;
	vp->run = p;
	vp->run_len = n;
	vp->run_off = off;
	/* a candidate is a separator (2 bytes or more) and a whole
	 * host, in the run or in its decoding, which is no longer: a shorter
	 * run (a key or a number of the serialized walk) has none */
	vp->run0 = vp->splice0 = vp->nsplices;
	if (n < vp->pt->find.min_len + 2) return vp->nsplices;
	uint64_t planned = vp->planned;
	/* (references after a host are read where a page's parser decodes
	 * them: `<p>https://C&#58;8443</p>` is port 8443) */
	struct match_params mp = { .prev = MATCH_NO_PREV, .mode = o->mode, .surface = o->surface, .joins = -1, .sql = o->sql, .json = o->json,
	                           .css = o->css, .refs = o->text_refs };
	/* a mapped value's long run a piece at a time; a serialized value's
	 * too, its splices held to the budget as it goes (plan_bound) */
	if (n > vp->piece && (vp->release || vp->planning)) scan_pieces(vp, p, n, off, &mp);
	else matcher_scan_ex(vp->pt, p, n, n, &mp, matcher_event, vp);
	vp->splice0 = vp->nsplices;
	if (o->entities && has_amp(vp, p, n)) {
		rematch(vp, p, n, !testhook_rematch_always && rematch_adds_nothing_if_inert(vp, p, n, o));
		escape_rematch(vp, p, n);
	}
	/* (a serialized value's run whose splices went to the plan as it was
	 * matched has none here to be merged with) */
	if (planned == vp->planned && locates(o)) {
		struct locate_opts lo;
		locate_opts_of(vp, p, n, &lo);
		if (locator_may_find(vp->pt, p, n, &lo)) locate_run(vp, p, n, off, &lo);
	}
	return vp->nsplices;
}

static inline __attribute__((always_inline)) void add_mark(struct value *vp, size_t out, size_t in)
{
	if (vp->nmarks == vp->marks_cap)
		vp->marks = xgrow(vp->marks, &vp->marks_cap, vp->nmarks + 1, sizeof *vp->marks, 4096);
	vp->marks[vp->nmarks++] = (struct offmap_rel){ out, in };
}

/* The run with its splices, into dst; dst0 is where the value's output
 * starts in dst, for the marks. */
static inline __attribute__((always_inline)) void emit_splice(struct value *vp, const unsigned char *p,
                                                             const struct value_splice *s, struct buf *dst,
                                                             size_t dst0, size_t *last)
{
	unsigned char dig[VALUE_DIGITS_MAX];
	buf_put(dst, p + *last, s->start - *last);
	struct slice r = repl_of(vp, s, dig);
	buf_put(dst, r.p, r.n);
	if (r.n != s->len) add_mark(vp, dst->len - dst0, value_splice_end(s));
	*last = value_splice_end(s);
}

/* emit_run where the re-match added splices: the two lists merged. */
static __attribute__((noinline)) void emit_run_merged(struct value *vp, const unsigned char *p, size_t n,
                                                      struct buf *dst, size_t dst0)
{
	size_t last = 0;
	struct splice_walk it = { vp->run0, vp->splice0 };
	for (const struct value_splice *s; (s = next_merged(vp, &it));) emit_splice(vp, p, s, dst, dst0, &last);
	buf_put(dst, p + last, n - last);
}

static void emit_run(struct value *vp, const unsigned char *p, size_t n, struct buf *dst, size_t dst0)
{
	if (vp->splice0 != vp->nsplices) {
		emit_run_merged(vp, p, n, dst, dst0);
		return;
	}
	size_t last = 0;
	for (size_t i = 0; i < vp->nsplices; i++) emit_splice(vp, p, &vp->splices[i], dst, dst0, &last);
	buf_put(dst, p + last, n - last);
}

/* Unchanged bytes of the value, protected from the sweep where the value
 * is (rules.md §6.4); a mapped value's a piece at a time, the pages behind
 * given back. */
static inline __attribute__((always_inline)) void put_bytes(struct value *vp, const unsigned char *p, size_t n,
                                                           struct window *w, bool in_place)
{
	if (vp->release) {
		while (n) {
			size_t k = n > vp->piece ? vp->piece : n;
			if (vp->protect) window_protected(w, p, k);
			else window_verbatim(w, p, k);
			p += k;
			n -= k;
			release(vp, p);
		}
		return;
	}
	if (vp->protect) window_protected(w, p, n);
	else window_verbatim_at(w, p, n, in_place);
}

static inline __attribute__((always_inline)) void put_splice(struct value *vp, const unsigned char *v,
                                                            const struct value_splice *s, struct window *w,
                                                            bool in_place, size_t *last, size_t *out_len)
{
	unsigned char dig[VALUE_DIGITS_MAX];
	struct slice r = repl_of(vp, s, dig);
	size_t end = value_splice_end(s);
	put_bytes(vp, v + *last, s->start - *last, w, in_place);
	if (vp->protect) window_protected_replace(w, r.p, r.n, vp->base + end, s->len);   /* rules.md §6.4 */
	else window_replace(w, r.p, r.n, vp->base + end, s->len);
	*out_len = *out_len - s->len + r.n;
	*last = end;
}

/* ------------------------------------------------------------ serialized values (§7) */

/* A run's re-match splices merged into its byte matcher's, in place from
 * the back (a copy of the re-match's aside): a serialized value's splices
 * are kept in source order over all its runs. */
static void order_run(struct value *vp)
{
	size_t a0 = vp->run0, b0 = vp->splice0, k = vp->nsplices - b0;
	if (k && b0 > a0) {
		vp->merge = xgrow(vp->merge, &vp->merge_cap, k, sizeof *vp->merge, 64);
		memcpy(vp->merge, vp->splices + b0, k * sizeof *vp->merge);
		/* next_merged's order: of two at one start the re-match's first */
		for (size_t i = b0, j = k, o = vp->nsplices; j > 0;) {
			if (i > a0 && vp->splices[i - 1].start >= vp->merge[j - 1].start) vp->splices[--o] = vp->splices[--i];
			else vp->splices[--o] = vp->merge[--j];
		}
	}
	vp->splice0 = vp->nsplices;
}

static void merge_run(struct value *vp)
{
	order_run(vp);
	vp->run0 = vp->nsplices;
}

/* Splices [a, b) of the serialized value are final: counted, and written
 * when it is walked again (value_put). While planning they are dropped,
 * and the value will be walked again. */
static void splices_final(struct value *vp, size_t a, size_t b)
{
	vp->planned += b - a;
	if (vp->put_w) {
		for (size_t i = a; i < b; i++)
			put_splice(vp, vp->val, &vp->splices[i], vp->put_w, vp->put_in_place, &vp->put_last, &vp->put_out_len);
	} else if (!vp->replan) {
		vp->replan = true;
		vp->replan_o = *vp->o;   /* the caller's may be gone by value_put */
	}
}

/* No string of the serialized value is open: its splices so far are final
 * (a string's new length goes before its own data's splices only), and
 * go, so that a value dense with origins holds about plan_budget of them
 * at most (rules.md §11.2). */
static void settle(struct value *vp)
{
	splices_final(vp, 0, vp->nsplices);
	vp->nsplices = vp->run0 = vp->splice0 = 0;
	vp->esc.len = 0;
}

/* A quoted spelling's quote: written into the data by a replacement, it
 * would pair with its neighbour or end the literal or field (§7.3). */
static bool quoted_spelling(enum ser_spelling s, unsigned char *q)
{
	*q = s == SER_CSV ? '"' : '\'';
	return s == SER_SQLRAW || s == SER_CSV || s == SER_SQLSTD || s == SER_PGESC;
}

/* ---- the outermost open string, streamed (value.lead) */

/* Its bytes [pos, to), kept as they are, measured (a mapped value's a
 * piece at a time, the pages behind given back). */
static void lead_keep(struct value *vp, size_t to)
{
	struct value_lead *L = &vp->lead;
	const unsigned char *v = vp->val;
	if (L->html) {
		size_t m = 0;
		if (!serialized_measure_refs_one((enum ser_spelling)L->s, v + L->pos, to - L->pos, &m)) L->refs_bad = true;
		L->refs_old += m;
		L->refs_new += m;
	}
	while (L->pos < to) {
		size_t k = vp->release && to - L->pos > vp->piece ? vp->piece : to - L->pos;
		ser_delta_keep(&L->d, v + L->pos, k);
		ser_measure_feed(&L->m, v + L->pos, k);
		L->pos += k;
		release(vp, v + L->pos);
	}
}

/* Its splices from open[0].first on, measured as ser_close measures a
 * string's, then final. Only while no string inside it is open: then
 * every one of them is in place. */
static void lead_take(struct value *vp)
{
	struct value_lead *L = &vp->lead;
	const enum ser_spelling s = (enum ser_spelling)L->s;
	const unsigned char *v = vp->val;
	unsigned char dig[VALUE_DIGITS_MAX], q;
	bool quoted = quoted_spelling(s, &q);
	size_t k = vp->open[0].first;
	for (size_t i = k; i < vp->nsplices; i++) {
		const struct value_splice *sp = &vp->splices[i];
		lead_keep(vp, sp->start);
		struct slice r = repl_of(vp, sp, dig);
		const unsigned char *old = v + sp->start;
		if (quoted && memchr(r.p, q, r.n)) L->quote = true;
		if (L->html) {
			size_t m = 0;
			if (sp->len && memchr(old, '&', sp->len)) L->refs = true;
			if (!serialized_measure_refs_one(s, old, sp->len, &m)) L->refs_bad = true;
			L->refs_old += m;
			if (!serialized_measure_refs_one(s, r.p, r.n, &m)) L->refs_bad = true;
			L->refs_new += m;
		}
		ser_delta_change(&L->d, old, sp->len, r.p, r.n);
		ser_measure_feed(&L->m, r.p, r.n);
		L->pos = value_splice_end(sp);
	}
	splices_final(vp, k, vp->nsplices);
	vp->nsplices = vp->run0 = vp->splice0 = k;
	if (!k) vp->esc.len = 0;
}

/* The splice of a new length over an open string's digits. */
static struct value_splice length_splice(const struct value_open *op, size_t len)
{
	uint32_t nd = 1;
	for (size_t v = len; v >= 10; v /= 10) nd++;
	return (struct value_splice){ op->digits, (uint32_t)len, (uint16_t)op->ndigits, (uint16_t)(VALUE_REPL_NUM | nd) };
}

/* The outermost open string holds plan_budget splices: the splices
 * before it are final; its own are measured from here on as they settle
 * and go (walking again, after its new length, known from the plan). */
static void lead_on(struct value *vp)
{
	struct value_open *op = &vp->open[0];
	struct value_lead *L = &vp->lead;
	splices_final(vp, 0, op->first);
	memmove(vp->splices, vp->splices + op->first, (vp->nsplices - op->first) * sizeof *vp->splices);
	vp->nsplices -= op->first;
	vp->run0 = vp->splice0 = vp->nsplices;
	op->first = 0;
	const enum ser_spelling s = (enum ser_spelling)op->s;
	*L = (struct value_lead){ .on = true, .html = s == SER_HTML || s == SER_JSONHTML, .s = op->s, .at = op->at,
	                          .pos = op->at };
	ser_delta_init(&L->d, s);
	ser_measure_init(&L->m, s);
	if (vp->put_w) {
		size_t len = vp->lead_next < vp->nleads ? vp->leadlens[vp->lead_next] : SER_KEEP_LENGTH;
		if (len != SER_KEEP_LENGTH) {
			struct value_splice h = length_splice(op, len);
			vp->planned++;
			put_splice(vp, vp->val, &h, vp->put_w, vp->put_in_place, &vp->put_last, &vp->put_out_len);
		}
	}
	lead_take(vp);
}

/* The plan's splices held to about plan_budget (rules.md §11.2): at a
 * point where no string is open, or only the outermost. */
static __attribute__((noinline)) void plan_bound_slow(struct value *vp)
{
	if (vp->open_overflow) return;
	if (!vp->nopen) {
		if (vp->nsplices >= vp->plan_budget) settle(vp);
	} else if (vp->nopen == 1 && vp->nsplices - vp->open[0].first >= vp->plan_budget) {
		if (vp->lead.on) lead_take(vp);
		else lead_on(vp);
	}
}

static inline void plan_bound(struct value *vp)
{
	if (__builtin_expect(vp->nsplices >= vp->plan_budget, 0)) plan_bound_slow(vp);
}

/* A run of the serialized walk: string data or the text around values, each
 * matched as a buffer of its own (§4.5 step 0). */
static void ser_run(void *ctx, const unsigned char *p, size_t n, size_t offset, bool in_string)
{
	(void)in_string;
	struct value *vp = ctx;
	run_splices(vp, p, n, offset);
	if (vp->splice0 != vp->nsplices) merge_run(vp);
	plan_bound(vp);
}

/* A string opens: the splices of its data follow; a new length goes
 * before them when it is known (the new value is written in
 * source order from the splices, no copy of it built). */
static void ser_open(void *ctx, enum ser_spelling s, size_t digits, size_t ndigits, size_t at)
{
	struct value *vp = ctx;
	/* (the splices grow only in run and length, which bound them) */
	if (vp->nopen == VALUE_OPEN_MAX) {   /* the walk opens no more */
		vp->open_overflow = true;
		return;
	}
	vp->open[vp->nopen++] = (struct value_open){ vp->nsplices, at, (uint32_t)digits, (uint32_t)ndigits, (unsigned char)s };
}

/* A splice of the data [at, e) from k on whose source holds a reference:
 * an origin the re-match found through references (§5.3). */
static bool splices_over_refs(const struct value *vp, size_t k)
{
	for (size_t i = k; i < vp->nsplices; i++) {
		const struct value_splice *sp = &vp->splices[i];
		if (sp->len && memchr(vp->val + sp->start, '&', sp->len)) return true;
	}
	return false;
}

/* The change of data [at, e), declared `old` long, where a splice replaced
 * source bytes spelled with references: the html delta rule (measure =
 * source bytes) does not hold there, since PHP's string holds each
 * reference as the byte it stands for. The data must measure its declared
 * length with every reference read as one byte, piece by piece as whole
 * (no reference across a splice's edge); then the delta is measured in
 * that reading. Else -1: the value cannot be repaired (§7.3, §7.5). */
static int refs_delta(struct value *vp, enum ser_spelling s, size_t at, size_t e, size_t old, size_t k,
                      ptrdiff_t *delta)
{
	const unsigned char *v = vp->val;
	unsigned char dig[VALUE_DIGITS_MAX];
	size_t whole, m, mold = 0, mnew = 0, pos = at;
	if (!serialized_measure_refs_one(s, v + at, e - at, &whole) || whole != old) return -1;
	for (size_t i = k; i < vp->nsplices; i++) {
		const struct value_splice *sp = &vp->splices[i];
		struct slice r = repl_of(vp, sp, dig);
		if (!serialized_measure_refs_one(s, v + pos, sp->start - pos, &m)) return -1;
		mold += m;
		mnew += m;
		if (!serialized_measure_refs_one(s, v + sp->start, sp->len, &m)) return -1;
		mold += m;
		if (!serialized_measure_refs_one(s, r.p, r.n, &m)) return -1;
		mnew += m;
		pos = value_splice_end(sp);
	}
	if (!serialized_measure_refs_one(s, v + pos, e - pos, &m)) return -1;
	mold += m;
	mnew += m;
	if (mold != whole) return -1;
	*delta = (ptrdiff_t)mnew - (ptrdiff_t)mold;
	return 1;
}

/* The old data [at, e) measured, a mapped value's a piece at a time. */
static size_t measure_old(struct value *vp, enum ser_spelling s, size_t at, size_t e)
{
	if (!vp->release) return serialized_measure(s, vp->val + at, e - at);
	struct ser_measure m;
	ser_measure_init(&m, s);
	for (size_t k; at < e; at += k) {
		k = e - at > vp->piece ? vp->piece : e - at;
		ser_measure_feed(&m, vp->val + at, k);
		release(vp, vp->val + at + k);
	}
	return ser_measure_end(&m);
}

/* ser_close of the streamed outermost string: the same answer from what
 * was measured as its splices went (the same pieces, in the same order). */
static __attribute__((noinline)) int lead_close(struct value *vp, enum ser_spelling s, size_t at, size_t e, size_t old, ptrdiff_t *delta)
{
	struct value_lead *L = &vp->lead;
	lead_take(vp);
	lead_keep(vp, e);
	if (L->html && L->refs) {
		size_t whole;
		if (!serialized_measure_refs_one(s, vp->val + at, e - at, &whole) || whole != old || L->refs_bad ||
		    L->refs_old != whole)
			return -1;
		*delta = (ptrdiff_t)L->refs_new - (ptrdiff_t)L->refs_old;
		return 1;
	}
	if (L->quote) return -1;
	if (ser_delta_end(&L->d, delta)) return 1;
	size_t mnew = ser_measure_end(&L->m);
	if (L->m.bad) return -1;
	*delta = (ptrdiff_t)mnew - (ptrdiff_t)measure_old(vp, s, at, e);
	return 1;
}

/* Its data [at, e) is done: unchanged (0) when nothing was spliced since it
 * opened; else (1) how much more its new data measures in decoded bytes
 * (§7.3), from the splices alone where no escape reaches across their
 * edges, else measured whole; -1 where that cannot be told. The splices'
 * bytes are measured as they will be written (repl_of: the pattern
 * table's replacement, a `\/`-escaped one, or new digits). */
static int ser_close(void *ctx, enum ser_spelling s, size_t at, size_t e, size_t old, ptrdiff_t *delta)
{
	struct value *vp = ctx;
	if (vp->open_overflow || !vp->nopen) return 0;
	if (vp->lead.on && vp->nopen == 1) return lead_close(vp, s, at, e, old, delta);
	size_t k = vp->open[vp->nopen - 1].first;
	if (vp->nsplices == k) {
		vp->nopen--;
		return 0;
	}
	if ((s == SER_HTML || s == SER_JSONHTML) && splices_over_refs(vp, k)) return refs_delta(vp, s, at, e, old, k, delta);
	const unsigned char *v = vp->val;
	unsigned char dig[VALUE_DIGITS_MAX], q;
	if (quoted_spelling(s, &q)) {
		/* a `'` written into a single-quoted literal, or a `"` into a
		 * quoted CSV field, would pair with its neighbour or end the
		 * literal or field: not measured (§7.3, §7.5) */
		for (size_t i = k; i < vp->nsplices; i++) {
			struct slice r = repl_of(vp, &vp->splices[i], dig);
			if (memchr(r.p, q, r.n)) return -1;
		}
	}
	struct ser_delta d;
	ser_delta_init(&d, s);
	size_t pos = at;
	for (size_t i = k; i < vp->nsplices; i++) {
		const struct value_splice *sp = &vp->splices[i];
		struct slice r = repl_of(vp, sp, dig);
		ser_delta_keep(&d, v + pos, sp->start - pos);
		ser_delta_change(&d, v + sp->start, sp->len, r.p, r.n);
		pos = value_splice_end(sp);
	}
	ser_delta_keep(&d, v + pos, e - pos);
	if (ser_delta_end(&d, delta)) return 1;
	struct ser_measure m;
	ser_measure_init(&m, s);
	pos = at;
	for (size_t i = k; i < vp->nsplices; i++) {
		const struct value_splice *sp = &vp->splices[i];
		struct slice r = repl_of(vp, sp, dig);
		ser_measure_feed(&m, v + pos, sp->start - pos);
		ser_measure_feed(&m, r.p, r.n);
		pos = value_splice_end(sp);
	}
	ser_measure_feed(&m, v + pos, e - pos);
	size_t mnew = ser_measure_end(&m);
	/* new data with an escape that cannot be measured (sqljson: a
	 * replacement that would make one with the bytes beside it) is not
	 * given a length (§7.3, §7.5) */
	if (m.bad) return -1;
	*delta = (ptrdiff_t)mnew - (ptrdiff_t)serialized_measure(s, v + at, e - at);
	return 1;
}

/* Its new length, a splice over its digits before those of its data; the
 * same number keeps its digits as written (§7.2). */
static void ser_length(void *ctx, size_t len)
{
	struct value *vp = ctx;
	if (vp->open_overflow || !vp->nopen) return;
	struct value_open op = vp->open[--vp->nopen];
	if (len > UINT32_MAX) len = SER_KEEP_LENGTH;   /* a value is far below 2^32 bytes */
	if (!vp->nopen && vp->lead.on) {
		/* streamed: planning, its length is kept for the walk again,
		 * which wrote it before the data (lead_on) */
		vp->lead.on = false;
		if (vp->put_w) {
			if (vp->lead_next >= vp->nleads || vp->leadlens[vp->lead_next++] != len) vp->replay_bad = true;
			return;
		}
		if (vp->nleads == vp->leads_cap)
			vp->leadlens = xgrow(vp->leadlens, &vp->leads_cap, vp->nleads + 1, sizeof *vp->leadlens, 16);
		vp->leadlens[vp->nleads++] = len;
		if (len != SER_KEEP_LENGTH) vp->planned++;
		return;
	}
	if (len != SER_KEEP_LENGTH) {
		new_splice(vp);
		struct value_splice *sp = &vp->splices[op.first];
		memmove(sp + 1, sp, (vp->nsplices - 1 - op.first) * sizeof *sp);
		*sp = length_splice(&op, len);
	}
	plan_bound(vp);
}

/* A mapped value's walk has read to at: the pages well behind it go back
 * (a pass may look back a little, at a string's opening). */
static void ser_progress(void *ctx, size_t at)
{
	struct value *vp = ctx;
	size_t keep = 16u << 10;
	release(vp, vp->val + (at > keep ? at - keep : 0));
}

static const struct ser_plan_calls ser_calls = { ser_run, ser_open, ser_close, ser_length, NULL };
static const struct ser_plan_calls ser_calls_mapped = { ser_run, ser_open, ser_close, ser_length, ser_progress };

/* Every event of the pipeline but the serialized walk's decline
 * needs a canonical host in the value: in its source bytes, or spelled
 * with references, `%XX` or TAB/LF/CR between its bytes (each needs its
 * `&`, `%` or control in the value). When the decline is not observed
 * either, a value with none is unchanged and needs no walk, match or
 * decoding. */
static inline __attribute__((always_inline)) bool may_hold_candidate(const struct value *vp, const unsigned char *v, size_t n,
                                                                      const struct value_opts *o, enum value_host host)
{
	if (host == VALUE_HOST_MAY || report_wants_skips(report_of(vp, o)) || (host == VALUE_HOST_ASK && any_host(vp, v, n)))
		return true;
	/* a host spelled with `%XX`, TAB/LF/CR or references (the locator,
	 * rules.md §3.9, where it reads; the re-match, §5.3); a mapped value
	 * is long enough to be read through */
	const struct hostfind *f = &vp->pt->find;
	if (locates(o)) {
		if (vp->release || locator_may_hide_or_fold(vp->pt, v, n, o->entities || o->text_refs, o->css || o->js))
			return true;
		/* (locator_may_hide_or_fold has answered for a reference to a host byte;
		 * left, the serialized walk's runs cut inside one) */
		return o->entities && o->spellings && serialized_gate(v, n) && entity_may_decode_into(v, n, f->alphabet, true);
	}
	/* (the re-match's: a reference to a host byte; the answer with cuts
	 * is the wider one, and with most maps already no) */
	if (!o->entities || !entity_may_decode_into(v, n, f->alphabet, true)) return false;
	if (entity_may_decode_into(v, n, f->alphabet, false)) return true;
	return o->spellings && serialized_gate(v, n);
}

/* The work of every entry point: false if v is unchanged; else the new
 * value is v with vp->splices written over it, in source order (the
 * re-match's merged as they are walked where splice0 < nsplices). */
static inline __attribute__((always_inline)) bool prepare(struct value *vp, const unsigned char *v, size_t n,
                                                          uint64_t base, const struct value_opts *o, enum value_host host)
{
	vp->protect = false;
	vp->replan = false;   /* (a value not walked is never walked again by value_put) */
	if (!may_hold_candidate(vp, v, n, o, host)) return false;
	vp->o = o;
	vp->base = base;
	vp->nmarks = 0;
	vp->nsplices = vp->run0 = vp->splice0 = 0;
	vp->esc.len = 0;
	if (o->spellings && serialized_gate(v, n)) {
		vp->val = v;
		vp->nopen = 0;
		vp->open_overflow = false;
		vp->planned = 0;
		vp->lead.on = false;
		vp->nleads = 0;
		vp->planning = true;
		enum ser_result r = serialized_plan(v, n, o->spellings, vp->release ? &ser_calls_mapped : &ser_calls, vp);
		vp->planning = false;
		/* only a value where there was something to rewrite is protected
		 * or reported, so neither depends on whether skips are observed
		 * (the prefilter above): where there is none the sweep finds
		 * nothing to rewrite in it either */
		bool holds = vp->nsplices || vp->replan || any_host(vp, v, n) ||
		             (o->entities && entity_may_decode_into(v, n, vp->pt->find.alphabet, true));
		if (r == SER_REPAIRED && !vp->open_overflow) {
			vp->run0 = 0;
			vp->splice0 = vp->nsplices;
			/* §6.4: nothing inside serialized data is the sweep's */
			vp->protect = holds;
			return holds;
		}
		vp->nsplices = vp->run0 = vp->splice0 = 0;
		vp->esc.len = 0;
		vp->replan = false;
		if (r == SER_DECLINED || r == SER_REPAIRED) {
			/* §7.5: a value that does not parse by its own lengths, or
			 * deeper than the walk holds, cannot be repaired: its bytes
			 * are left as they are, by this pass and by the sweep (§6.4),
			 * and it is reported (§10.2). */
			struct match_event ev = { 0, 0, ACTION_SKIPPED, REASON_SERIALIZED_UNTOUCHED, o->surface, { NULL, 0 } };
			if (!holds) return false;
			report_ev(vp, &ev, base, v, n < 64 ? n : 64);
			vp->protect = true;
			return true;
		}
	}
	if (!run_splices(vp, v, n, 0) && !vp->protect) return false;
	/* a style sheet's changes are written so that the sweep, which reads
	 * no CSS, cannot undo what its reading declined (rules.md §3.9) */
	if (o->css) vp->protect = true;
	return true;
}

bool value_rewrite(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                   struct slice *out)
{
	/* the new value is built whole here (a header's, far below the
	 * caps): its plan keeps every splice */
	size_t budget = vp->plan_budget;
	vp->plan_budget = SIZE_MAX;
	bool changed = prepare(vp, v, n, base, o, VALUE_HOST_ASK);
	vp->plan_budget = budget;
	if (!changed) return false;
	vp->out.len = 0;
	emit_run(vp, v, n, &vp->out, 0);
	*out = (struct slice){ vp->out.p, vp->out.len };
	return true;
}

bool value_prepare(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                   enum value_host host)
{
	return prepare(vp, v, n, base, o, host);
}

/* put for a serialized value whose plan dropped its splices: the same
 * walk again, with the same report (so every choice is the plan's), each
 * batch of splices written as it is made (splices_final); the events
 * the plan reported are not reported twice (report_ev). */
static __attribute__((noinline)) void replay(struct value *vp, const unsigned char *v, size_t n, struct window *w,
                                             bool in_place)
{
	uint64_t planned = vp->planned + vp->nsplices;
	vp->o = &vp->replan_o;
	vp->val = v;
	vp->nopen = 0;
	vp->open_overflow = false;
	vp->planned = 0;
	vp->nsplices = vp->run0 = vp->splice0 = 0;
	vp->esc.len = 0;
	vp->put_w = w;
	vp->put_in_place = in_place;
	vp->put_last = 0;
	vp->put_out_len = n;
	vp->lead.on = false;
	vp->lead_next = 0;
	vp->replay_bad = false;
	vp->planning = true;
	enum ser_result r = serialized_plan(v, n, vp->o->spellings, vp->release ? &ser_calls_mapped : &ser_calls, vp);
	vp->planning = false;
	settle(vp);
	vp->put_w = NULL;
	vp->replan = false;
	if (r != SER_REPAIRED || vp->open_overflow || vp->planned != planned || vp->replay_bad ||
	    vp->lead_next != vp->nleads) {
		/* the walk is a function of the bytes: never met */
		diag_error(NULL, "internal error: a serialized value walked twice came out two ways");
		exit(3);
	}
	if (vp->put_out_len != n) window_mark(w, n - vp->put_last, vp->base + n);
	put_bytes(vp, v + vp->put_last, n - vp->put_last, w, in_place);
}

static inline __attribute__((always_inline)) void put(struct value *vp, const unsigned char *v, size_t n,
                                                      struct window *w, bool in_place)
{
	if (vp->replan) {
		replay(vp, v, n, w, in_place);
		return;
	}
	uint64_t base = vp->base;
	/* the unchanged bytes go from v, the replacements from the
	 * pattern table, with no copy of the whole value between; the marks
	 * are those window_replace_marked would push, each before its bytes */
	size_t last = 0, out_len = n;
	if (vp->splice0 == vp->nsplices) {
		for (size_t i = 0; i < vp->nsplices; i++) put_splice(vp, v, &vp->splices[i], w, in_place, &last, &out_len);
	} else {
		struct splice_walk it = { vp->run0, vp->splice0 };
		for (const struct value_splice *s; (s = next_merged(vp, &it));) put_splice(vp, v, s, w, in_place, &last, &out_len);
	}
	if (out_len != n) window_mark(w, n - last, base + n);
	put_bytes(vp, v + last, n - last, w, in_place);
}

void value_put(struct value *vp, const unsigned char *v, size_t n, struct window *w, bool in_place)
{
	put(vp, v, n, w, in_place);
}

void value_write_any(struct value *vp, const unsigned char *v, size_t n, uint64_t base, const struct value_opts *o,
                     struct window *w, bool in_place)
{
	if (prepare(vp, v, n, base, o, VALUE_HOST_ASK)) put(vp, v, n, w, in_place);
	else window_verbatim_at(w, v, n, in_place);
}
