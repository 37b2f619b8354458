/* html.c — the html type: a streaming tokenizer with WHATWG framing
 * (§4.1), the attribute value pipeline (§4.3–§4.5, and §5.3's splice
 * over source bytes), and the surfaces of §4.2.
 *
 * Every input byte is routed exactly once: into an open window segment
 * (text, raw text, comments: matched as prose), into the held start tag
 * (matched value by value when the tag ends), or verbatim (doctype, end
 * tags, a tag cut by end of input). So the output is the input with only
 * origin spans replaced, and nothing depends on where a chunk ends
 * (§11.3). */
#include "html.h"

#include "ascii.h"
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytescan.h"
#include "diag.h"
#include "entity.h"
#include "matcher.h"

static bool is_alpha(unsigned char c) { return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }
/* memchr(p + i, c, n - i), the short searches inline (bytescan_byte) */
static const unsigned char *find(const unsigned char *p, size_t i, size_t n, unsigned char c)
{
	size_t k = bytescan_byte(p, i, n, c);
	return k < n ? p + k : NULL;
}

static void token_position(void *ctx, uint64_t off, size_t *line, size_t *column);

void html_init(struct html *h, const struct framer_env *env)
{
	memset(h, 0, sizeof *h);
	framer_core_init(&h->c, env, SURFACE_TEXT, false, false, SER_SET_DEFAULT, token_position, h);
	h->attrs = xgrow(NULL, &h->attrs_cap, 1, sizeof *h->attrs, 32);
}

static void html_reset(void *self, const struct framer_start *st)
{
	struct html *h = self;
	framer_core_reset(&h->c, st);
	h->seg_mode = SEG_NONE;
	h->state = HS_DATA;
	h->npend = 0;
	h->foreign = 0;
	h->integration = 0;
	h->raw_refs = false;
}

void html_free(struct html *h)
{
	framer_core_free(&h->c);
	hold_free(&h->tag);
	hold_free(&h->seg);
	free(h->attrs);
	memset(h, 0, sizeof *h);
}

/* ---- segments and verbatim output ------------------------------------ */

/* §7.4: text, raw text and comments are wrapped in the serialized walk as
 * whole tokens, held up to the value cap and the window's carry (a token
 * of that size is one the window would match whole). */
static size_t seg_cap(const struct html *h) { return HTML_TAG_CAP + h->c.pt->window; }

/* A script's text: JavaScript, or another type's (JSON, a template);
 * JavaScript and JSON are read with JavaScript's escapes, a template as
 * text (seg_refs, rules.md §3.9). */
static inline bool seg_script(enum surface s) { return s == SURFACE_INLINE_SCRIPT || s == SURFACE_JSON_STRING; }

/* A text, raw-text or comment token opens at input offset off. Held whole
 * where serialized data is looked for, else it streams into the window. */
static void seg_begin(struct html *h, enum surface s, uint64_t off)
{
	h->seg_surface = s;
	h->seg_refs = s == SURFACE_TEXT || ((s == SURFACE_RAW_TEXT || s == SURFACE_INLINE_STYLE || s == SURFACE_JSON_STRING) && h->raw_refs);
	/* (and where the locator may read it, serialized data looked for
	 * or not: a style sheet, a script, text whose references are
	 * decoded) */
	if (h->c.spellings || h->seg_refs || s == SURFACE_INLINE_STYLE || seg_script(s)) {
		h->seg_mode = SEG_HELD;
		hold_start(&h->seg, off, &h->c.lp);
		return;
	}
	h->seg_mode = SEG_STREAMED;
	window_begin(&h->c.w, s, off);
	if (h->c.lp.on) {
		linepos_upto(&h->c.lp, off);
		window_set_lines(&h->c.w, h->c.lp.lines, h->c.lp.line_start);
	}
}

static void seg_outgrown(struct html *h, const unsigned char *p, size_t n);

/* The held token, read where it lies so far, is copied (it goes on
 * elsewhere, or the chunk ends). */
static void seg_copy(struct html *h)
{
	struct hold *g = &h->seg;
	const unsigned char *src = g->src;
	size_t k = g->len;
	g->src = NULL;
	g->len = 0;
	hold_copy(g, src, k, seg_cap(h));
}

/* The chunk ends: a held token read where it lies is copied. */
static void seg_chunk_end(struct html *h)
{
	if (h->seg_mode == SEG_HELD && h->seg.src) seg_copy(h);
}

/* Bytes of the open token: in_chunk when they lie in the chunk being fed
 * (held, they are read there while the token goes on in it). */
static inline void seg_bytes(struct html *h, const unsigned char *p, size_t n, bool in_chunk)
{
	switch (h->seg_mode) {
	case SEG_HELD: break;
	case SEG_STREAMED: window_feed(&h->c.w, p, n); return;
	case SEG_UNTOUCHED: window_protected(&h->c.w, p, n); return;
	case SEG_NONE: return;
	}
	struct hold *g = &h->seg;
	if (g->len + n > seg_cap(h)) { seg_outgrown(h, p, n); return; }
	if (in_chunk && (!g->len || (g->src && g->src + g->len == p))) {
		if (!g->len) g->src = p;
		g->len += n;
		return;
	}
	if (g->src) seg_copy(h);
	hold_copy(g, p, n, seg_cap(h));
}

/* A held token outgrows the cap with p[0..n): asked of its first seg_cap
 * bytes, one that may hold serialized data (§7.1) cannot have its lengths
 * repaired: it passes untouched, kept from the sweep, and is reported
 * (§7.5); any other streams on as prose. */
static void seg_outgrown(struct html *h, const unsigned char *p, size_t n)
{
	struct hold *g = &h->seg;
	size_t k = seg_cap(h) - g->len;   /* of p, to the cap */
	if (g->src && g->src + g->len == p) g->len += k;
	else seg_bytes(h, p, k, false);
	if (h->c.spellings && serialized_gate(hold_data(g), g->len)) {
		hold_report(g, h->c.report, h->c.lp.on, REASON_SERIALIZED_UNTOUCHED, h->seg_surface, 64, NULL, 0);
		h->seg_mode = SEG_UNTOUCHED;
		window_protected(&h->c.w, hold_data(g), g->len);
		g->src = NULL;
	} else {
		h->seg_mode = SEG_STREAMED;
		hold_to_window(g, &h->c.w, h->seg_surface, h->c.lp.on, true);
	}
	seg_bytes(h, p + k, n - k, false);
}

/* Where p[i] (a `%` or `&`) may spell a byte of a canonical host in
 * text whose references are decoded: a `%XX` or a reference that decodes
 * to one (in prose nothing else is removed or decoded in a URL). */
static inline bool hides_at(const bool *alpha, const unsigned char *p, size_t i, size_t n)
{
	if (p[i] == '%')
		return n - i > 2 && ascii_hex(p[i + 1]) >= 0 && ascii_hex(p[i + 2]) >= 0 &&
		       alpha[ascii_hex(p[i + 1]) << 4 | ascii_hex(p[i + 2])];
	size_t len;
	int b = entity_ref_byte(p + i, n - i, &len);
	return b >= 0 && b < 0x80 && alpha[b];
}

/* The first byte of p[i..n) that hides_at, else n. */
static __attribute__((noinline)) size_t next_hide(const struct html *h, const unsigned char *p, size_t i, size_t n)
{
	const bool *alpha = h->c.pt->find.alphabet;
	for (; (i = bytescan_any3(p, i, n, '%', '&', '%')) < n; i++)
		if (hides_at(alpha, p, i, n)) return i;
	return n;
}

/* Whether text whose references are decoded may spell a canonical host
 * its bytes do not show: it holds a byte hides_at. */
static bool text_hides(const struct html *h, const unsigned char *p, size_t n)
{
	/* (a host spelled otherwise is no shorter than it is, and a URL
	 * has its slashes too: white space between tags has none) */
	return n >= h->c.pt->find.min_len + 2 && next_hide(h, p, 0, n) < n;
}

/* Whether a style sheet, a script or text may spell a canonical host its
 * bytes do not show (rules.md §3.9): a style sheet or a script holds a
 * backslash, a `%` or, where references are decoded, a `&`; text as
 * text_hides. */
static bool seg_may_hide(const struct html *h, const unsigned char *p, size_t n)
{
	if (h->seg_surface != SURFACE_INLINE_STYLE && !seg_script(h->seg_surface)) return h->seg_refs && text_hides(h, p, n);
	return locator_may_hide_script(p, n, h->seg_refs);
}

/* A whole held token: written unchanged where it can hold nothing, through
 * the value pipeline where it passes the serialized gate (§4.5 step 0),
 * else matched as prose in the window. */
static void seg_whole(struct html *h)
{
	const unsigned char *p = hold_data(&h->seg);
	size_t n = h->seg.len;
	uint64_t off = h->seg.start;
	bool in_place = h->seg.src != NULL;
	/* §3.1: with no host in it and no skip observed, neither the walk
	 * nor prose matching can change or report anything (a token where it
	 * lies in the chunk asks the chunk's cursor first). The host is
	 * confirmed where the cursor says it may be: a style sheet with one
	 * is written protected from the sweep below, and one the cursor only
	 * guessed would be too, which moves where the sweep's segments end. */
	const struct hostfind *f = &h->c.pt->find;
	uintptr_t c = (uintptr_t)h->hosts.b, q = (uintptr_t)p;
	bool host = !(in_place && q >= c && q - c <= h->hosts.len && n <= h->hosts.len - (q - c) &&
	              !hostfind_cursor_may(f, &h->hosts, q - c, q - c + n)) &&
	            hostfind_any(f, p, n);
	bool style = h->seg_surface == SURFACE_INLINE_STYLE, script = seg_script(h->seg_surface) && !h->seg_refs,
	     hide = !host && seg_may_hide(h, p, n);
	/* (or a host a browser folds, written past ASCII, rules.md §1.4:
	 * asked where a byte it reads first is there) */
	hide = hide || (!host && bytescan_has_lead_or(p, n, h->c.pt->fold_skip_lead, '%', h->seg_refs ? '&' : '%') &&
	                locator_may_fold(h->c.pt, p, n, h->seg_refs));
	if (!report_wants_skips(h->c.report) && !host && !hide) {
		window_verbatim_at(&h->c.w, p, n, in_place);
		return;
	}
	/* a style sheet with a backslash, a slash run or a scheme a URL
	 * parser reads where the byte matcher does not: the locator reads it
	 * through its CSS escapes (rules.md §3.9); text whose references a
	 * page's parser decodes, with such a mark or a reference, and a
	 * canonical host in its bytes whether skips are observed or not: the
	 * locator reads it too */
	bool css = style && (host || hide) && locator_may_find(h->c.pt, p, n, &(struct locate_opts){ .css = true, .refs = h->seg_refs });
	bool js = script && (host || hide) && locator_may_find(h->c.pt, p, n, &(struct locate_opts){ .js = true });
	bool text_refs = h->seg_refs && (css || (!style && (host || hide) && locator_may_find(h->c.pt, p, n, &(struct locate_opts){ .refs = true })));
	if (css || js || text_refs || (h->c.spellings && serialized_gate(p, n))) {
		struct value_opts o = { .mode = MATCH_PROSE, .surface = h->seg_surface, .spellings = h->c.spellings, .css = css,
		                        .js = js, .text_refs = text_refs };
		h->pos_token = &h->seg;
		if (value_prepare(&h->c.vp, p, n, off, &o, host ? VALUE_HOST_MAY : VALUE_HOST_NONE)) value_put(&h->c.vp, p, n, &h->c.w, in_place);
		else if (css) window_protected(&h->c.w, p, n);   /* (as protect_value) */
		else window_verbatim_at(&h->c.w, p, n, in_place);
		return;
	}
	window_begin(&h->c.w, h->seg_surface, off);
	if (h->c.lp.on) window_set_lines(&h->c.w, h->seg.lines, h->seg.line_start);
	window_end_whole(&h->c.w, p, n, in_place);
}

/* Bytes of a text or raw-text run, in the chunk being fed: the segment
 * opens on its first byte (an empty run is no token, §4.1). */
static void run_bytes(struct html *h, enum surface s, const unsigned char *p, size_t n, uint64_t off)
{
	if (!n) return;
	if (h->seg_mode == SEG_NONE) seg_begin(h, s, off);
	seg_bytes(h, p, n, true);
}

static void seg_close(struct html *h)
{
	enum html_seg m = h->seg_mode;
	h->seg_mode = SEG_NONE;
	if (m == SEG_STREAMED) window_end(&h->c.w);
	else if (m == SEG_HELD && h->seg.len) seg_whole(h);
}

static void verbatim(struct html *h, const unsigned char *p, size_t n) { window_verbatim(&h->c.w, p, n); }
/* Bytes of the chunk being fed, valid until html_feed returns. */
static void verbatim_in(struct html *h, const unsigned char *p, size_t n) { window_verbatim_ref(&h->c.w, p, n); }

/* The held bytes of an undecided token, as they are: where they lie in the
 * chunk being fed if they do, else from the copy. */
static void pend_verbatim(struct html *h)
{
	if (h->tok_start >= h->c.lp.chunk_off) verbatim_in(h, h->c.lp.chunk + (h->tok_start - h->c.lp.chunk_off), h->npend);
	else verbatim(h, h->pend, h->npend);
}

/* The same into the open segment: read where they lie in the chunk if
 * they do (the segment stays in place, and its token can ask the chunk's
 * host cursor), else copied. Only while a chunk is fed: once html_feed
 * has returned, the chunk is the reader's again. */
static void pend_to_seg(struct html *h)
{
	if (h->tok_start >= h->c.lp.chunk_off) seg_bytes(h, h->c.lp.chunk + (h->tok_start - h->c.lp.chunk_off), h->npend, true);
	else seg_bytes(h, h->pend, h->npend, false);
}

/* The held bytes as the bytes of a segment on surface s; fed: a chunk is
 * being fed (pend_to_seg), else (at the end of input) from the copy. */
static void flush_pend_as(struct html *h, enum surface s, bool fed)
{
	if (h->npend) {
		if (h->seg_mode == SEG_NONE) seg_begin(h, s, h->tok_start);
		if (fed) pend_to_seg(h);
		else seg_bytes(h, h->pend, h->npend, false);
	}
	h->npend = 0;
}

/* ---- start tags --------------------------------------------------------- */


static void tag_begin(struct html *h, enum html_tag_kind kind)
{
	h->tag_kind = kind;
	hold_start(&h->tag, h->tok_start, kind == TAG_START ? &h->c.lp : NULL);
	h->name_len = 0;
	h->nattrs = 0;
}

/* Line and column of an input offset inside the token the value pipeline
 * was given, a start tag or a text token (check mode). */
static void token_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct html *h = ctx;
	hold_position(h->pos_token, hold_data(h->pos_token), off, line, column);
}

/* p[0..n) is lit (k bytes, lowercase), ASCII case-insensitively. */
static bool name_is_n(const unsigned char *p, size_t n, const char *lit, size_t k)
{
	if (n != k) return false;
	for (size_t i = 0; i < n; i++) if (ascii_lower(p[i]) != (unsigned char)lit[i]) return false;
	return true;
}

static bool name_is(const unsigned char *p, size_t n, const char *lit) { return name_is_n(p, n, lit, strlen(lit)); }

static void count_structured(struct html *h, const struct html_attr *a)
{
	/* §4.4: counted, not parsed. The names by length, and the two of six
	 * letters by their fifth; then one compare. */
	if (!h->c.report) return;
	const unsigned char *n = hold_data(&h->tag) + a->name_start;
	size_t nl = a->name_end - a->name_start;
	const char *name;
	enum structured_attr id;
	switch (nl) {
	case 4: name = "ping", id = ATTR_PING; break;
	case 6:
		if ((n[4] | 0x20) == 'e') name = "srcset", id = ATTR_SRCSET;
		else name = "srcdoc", id = ATTR_SRCDOC;
		break;
	case 7: name = "content", id = ATTR_CONTENT; break;
	case 11: name = "imagesrcset", id = ATTR_IMAGESRCSET; break;
	default: return;
	}
	if (name_is_n(n, nl, name, nl)) h->c.report->structured[id]++;
}

/* A style attribute: a CSS declaration list. */
static inline bool attr_is_style(const struct html *h, const struct html_attr *a)
{
	if (a->name_end - a->name_start != 5) return false;
	const unsigned char *n = hold_data(&h->tag) + a->name_start;
	return (n[0] | 0x20) == 's' && ascii_ci_eq(n, "style", 5);
}

/* The value pipeline of one attribute (§4.5, §5.3, §7): whether its value
 * changes (value_put writes it then). */
static inline __attribute__((always_inline)) bool attr_value(struct html *h, const struct html_attr *a,
                                                               enum value_host host, bool unreported)
{
	size_t vs = a->value_start, n = a->value_end - a->value_start;
	if (!n) return false;
	/* without a '&' there is no reference to decode (§5.3 needs one) */
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_HTML_ATTR, .entities = !a->plain, .spellings = h->c.spellings,
	                        .unreported = unreported,
	                        /* a declaration list: CSS escapes over the references (rules.md §3.9) */
	                        .css = attr_is_style(h, a) };
	return value_prepare(&h->c.vp, hold_data(&h->tag) + vs, n, h->tok_start + vs, &o, host);
}

bool html_script_type_is_js(const unsigned char *v, size_t n)
{
	/* §4.2: trim, drop from ';', trim; §12.4: the WHATWG list. */
	static const char *const js[] = {
		"module", "application/ecmascript", "application/javascript", "application/x-ecmascript",
		"application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
		"text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
		"text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript", "text/x-javascript",
	};
	const unsigned char *semi = memchr(v, ';', n);
	if (semi) n = (size_t)(semi - v);
	while (n && ascii_space_html(v[0])) { v++; n--; }
	while (n && ascii_space_html(v[n - 1])) n--;
	if (!n) return true;
	for (size_t i = 0; i < sizeof js / sizeof *js; i++)
		if (name_is(v, n, js[i])) return true;
	return false;
}

/* Whether a <script>'s type names JSON (`application/json`, `*+json`,
 * `importmap`, `speculationrules`): a data block read through
 * JavaScript's escapes as a script is; any other type not JavaScript (an
 * html template) is read as text. */
static bool script_type_is_json(const unsigned char *v, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++)
		if (ascii_ci_eq(v + i, "json", 4)) return true;
	while (n && ascii_space_html(v[0])) { v++; n--; }
	while (n && ascii_space_html(v[n - 1])) n--;
	return name_is(v, n, "importmap") || name_is(v, n, "speculationrules");
}

static void enter_raw(struct html *h, enum html_state st, enum surface s)
{
	memcpy(h->raw_name, h->name, h->name_len + 1);
	h->raw_len = h->name_len;
	h->raw_surface = s;
	h->state = st;
}

/* After a start tag: the ten raw-text elements (§4.1), entered after a
 * start or self-closing tag alike. */
static void after_start_tag(struct html *h, bool js, bool tmpl)
{
	const char *n = h->name;
	size_t l = h->name_len;
#define IS(lit) (l == sizeof(lit) - 1 && memcmp(n, lit, sizeof(lit) - 1) == 0)
	/* references are decoded in a title and a textarea (RCDATA), and in
	 * foreign content, where a style element holds text, not raw text
	 * (its raw-text framing is kept: it ends at its end tag all the same) */
	h->raw_refs = false;
	if (l < 3 || l > 9) h->state = HS_DATA;  /* none of the ten is shorter or longer */
	else if (IS("script")) {
		/* a data block of another type than JSON (an html template) is
		 * read as text, its references decoded (rules.md §3.9) */
		enter_raw(h, HS_SCRIPT, js ? SURFACE_INLINE_SCRIPT : SURFACE_JSON_STRING);
		h->raw_refs = !js && tmpl;
	}
	else if (IS("style")) { enter_raw(h, HS_RAWTEXT, SURFACE_INLINE_STYLE); h->raw_refs = h->foreign && !h->integration; }
	else if (IS("plaintext")) enter_raw(h, HS_PLAINTEXT, SURFACE_RAW_TEXT);
	else if (IS("textarea") || IS("title")) { enter_raw(h, HS_RAWTEXT, SURFACE_RAW_TEXT); h->raw_refs = true; }
	else if (IS("iframe") || IS("noembed") || IS("noframes") || IS("noscript") || IS("xmp"))
		enter_raw(h, HS_RAWTEXT, SURFACE_RAW_TEXT);
	else h->state = HS_DATA;
#undef IS
}

/* Bytes of the held tag, as they are. */
static void tag_verbatim(struct html *h, const unsigned char *p, size_t n)
{
	window_verbatim_at(&h->c.w, p, n, h->tag.src != NULL);
}

/* A changed value of the tag, after the tag's bytes before it. */
static void put_value(struct html *h, const struct html_attr *a, size_t *last)
{
	const unsigned char *t = hold_data(&h->tag);
	tag_verbatim(h, t + *last, a->value_start - *last);
	value_put(&h->c.vp, t + a->value_start, a->value_end - a->value_start, &h->c.w, h->tag.src != NULL);
	*last = a->value_end;
}

/* An unchanged value its style sheet's reading decided (a style attribute
 * with a backslash, read through its CSS escapes): written so that the
 * sweep, which reads no CSS, cannot undo the decision (rules.md §6.4). */
static __attribute__((noinline, cold)) void protect_value(struct html *h, const struct html_attr *a, size_t *last)
{
	const unsigned char *t = hold_data(&h->tag);
	tag_verbatim(h, t + *last, a->value_start - *last);
	window_protected(&h->c.w, t + a->value_start, a->value_end - a->value_start);
	*last = a->value_end;
}

static __attribute__((noinline)) bool css_read_style(const struct html *h, const struct html_attr *a)
{
	/* a backslash, or a reference that may be one (not a->plain: a hint
	 * whose answer depends on where the reads were cut) */
	const unsigned char *v = hold_data(&h->tag) + a->value_start;
	size_t n = a->value_end - a->value_start;
	return attr_is_style(h, a) && (memchr(v, '\\', n) || memchr(v, '&', n));
}

static inline bool css_read(const struct html *h, const struct html_attr *a)
{
	/* (five letters from an `s`: not the `class` most are) */
	return a->name_end - a->name_start == 5 && (hold_data(&h->tag)[a->name_start] | 0x20) == 's' && css_read_style(h, a);
}

/* A complete start tag: every value of every attribute, the tag
 * re-emitted with only changed value bytes replaced (§4.3). Each changed
 * value is written as soon as it is known, from the tag and the pattern
 * table (no copy of the new values held until the tag is
 * written). Where events are listed as they are found (check, explain,
 * json), the next stage must not see the tag before the events of all its
 * values: they are all found first, and the changed values found again,
 * unreported, to be written. */
static void start_tag_done(struct html *h)
{
	h->pos_token = &h->tag;
	const unsigned char *t = hold_data(&h->tag);
	bool js = true, tmpl = false;
	bool seen_type = false;
	bool listed = !h->c.w.defer;   /* the window defers exactly when events are not listed */
	size_t last = 0;
	/* a tag read in place asks the chunk's cursor; a held one its own */
	struct hostfind_cursor held, *hc = &h->hosts;
	size_t at = 0;
	if (h->tag.src) at = (size_t)(h->tag.src - h->hosts.b);
	else hostfind_cursor_init(hc = &held, t, h->tag.len);
	for (size_t i = 0; i < h->nattrs; i++) {
		struct html_attr *a = &h->attrs[i];
		if (!a->has_value) continue;
		if (!seen_type && name_is_n(t + a->name_start, a->name_end - a->name_start, "type", 4)) {
			seen_type = true;
			js = html_script_type_is_js(t + a->value_start, a->value_end - a->value_start);
			tmpl = !js && !script_type_is_json(t + a->value_start, a->value_end - a->value_start);
		}
		count_structured(h, a);
		bool changed, css = css_read(h, a);
		if (report_wants_skips(h->c.report)) {
			changed = attr_value(h, a, VALUE_HOST_ASK, false);
		} else {
			/* §3.1: the value pipeline leaves a value unchanged, and
			 * reports nothing, where its bytes hold no whole canonical
			 * host (may_hold_candidate's first test, value.c, answered
			 * here by the cursor) and, holding none of `& % TAB LF CR`,
			 * no reference, percent escape or control can hide one
			 * (its second) */
			bool host = hostfind_cursor_may(&h->c.pt->find, hc, at + a->value_start, at + a->value_end);
			/* (in a style attribute a CSS escape can hide one too) */
			/* (and a byte past ASCII where a host a browser folds may
			 * be, rules.md §1.4) */
			changed = (host || !a->plain || css ||
			           (a->wide && locator_may_fold(h->c.pt, t + a->value_start, a->value_end - a->value_start, false))) &&
			          attr_value(h, a, host ? VALUE_HOST_MAY : VALUE_HOST_NONE, false);
		}
		if (listed) a->changed = changed;
		else if (changed) put_value(h, a, &last);
		else if (css) protect_value(h, a, &last);
	}
	if (listed) {
		for (size_t i = 0; i < h->nattrs; i++) {
			const struct html_attr *a = &h->attrs[i];
			if (!a->has_value) continue;
			if (a->changed && attr_value(h, a, VALUE_HOST_MAY, true)) put_value(h, a, &last);
			else if (css_read(h, a)) protect_value(h, a, &last);
		}
	}
	tag_verbatim(h, t + last, h->tag.len - last);
	after_start_tag(h, js, tmpl);
}

/* A start tag over the cap streams through as prose on html-attr, counted
 * once (§4.1, §11.2), and tokenizing goes on after it. One that may hold
 * serialized data (§7.1) cannot have its lengths repaired: it passes
 * through untouched, kept from the sweep too, and is reported (§7.5). */
static void tag_oversize(struct html *h)
{
	h->tag_kind = TAG_OVERSIZE;
	if (h->c.spellings && serialized_gate(hold_data(&h->tag), h->tag.len)) {
		hold_report(&h->tag, h->c.report, h->c.lp.on, REASON_SERIALIZED_UNTOUCHED, SURFACE_HTML_ATTR,
		            h->tag.len < 64 ? h->tag.len : 64, NULL, 0);
		window_protected(&h->c.w, hold_data(&h->tag), h->tag.len);
		h->tag.src = NULL;
		h->seg_mode = SEG_UNTOUCHED;
		return;
	}
	hold_report(&h->tag, h->c.report, h->c.lp.on, REASON_SIZE_CAP_EXCEEDED, SURFACE_HTML_ATTR, 0, NULL, 0);
	if (h->c.report && !h->c.quiet)
		diag_warn(h->c.report->file, "the start tag at offset %llu is over the %u-byte cap; matched as prose", (unsigned long long)h->tok_start, HTML_TAG_CAP);
	/* The held bytes may hold newlines the line count has passed: the
	 * segment starts at the tag's own line position, and streams (it is
	 * already over the cap). */
	hold_to_window(&h->tag, &h->c.w, SURFACE_HTML_ATTR, h->c.lp.on, false);
	h->seg_mode = SEG_STREAMED;
}

/* Bytes of the current tag, routed by its kind. */
static void tag_bytes_held(struct html *h, const unsigned char *p, size_t n)
{
	switch (h->tag_kind) {
	case TAG_END:
		verbatim_in(h, p, n);
		break;
	case TAG_OVERSIZE:
		seg_bytes(h, p, n, false);   /* matched as prose, or passed untouched */
		break;
	case TAG_START:
		if (h->tag.len + n > HTML_TAG_CAP) {
			tag_oversize(h);
			seg_bytes(h, p, n, false);
			break;
		}
		if (h->tag.src) break;   /* p continues the tag in the chunk */
		hold_copy(&h->tag, p, n, HTML_TAG_CAP);
		return;
	}
	h->tag.len += n;
}

static inline void tag_bytes(struct html *h, const unsigned char *p, size_t n)
{
	/* the usual case first: a start tag read in place goes on in the chunk */
	if (h->tag.src && h->tag_kind == TAG_START && h->tag.len + n <= HTML_TAG_CAP) { h->tag.len += n; return; }
	if (n) tag_bytes_held(h, p, n);
}

/* A start tag opens at its '<' (the tag open state, an ASCII letter next):
 * lt is that '<' where it lies in the chunk, and the tag is read in place
 * from it; NULL when the '<' ended the chunk before and was held. Inlined:
 * every start tag comes through here. */
static inline __attribute__((always_inline)) void start_tag_open(struct html *h, const unsigned char *lt)
{
	seg_close(h);
	tag_begin(h, TAG_START);
	if (lt) {
		h->tag.src = lt;
		h->tag.len = 1;
	} else {
		tag_bytes(h, (const unsigned char *)"<", 1);
	}
	h->state = HS_TAG_NAME;
}

/* A start tag read in place goes on past the chunk: its bytes so far are
 * copied into h->tag's buffer, where the rest will follow. */
static void tag_hold(struct html *h)
{
	const unsigned char *src = h->tag.src;
	size_t n = h->tag.len;
	h->tag.src = NULL;
	h->tag.len = 0;
	tag_bytes(h, src, n);
}

static inline __attribute__((always_inline)) struct html_attr *new_attr(struct html *h, size_t pos)
{
	static struct html_attr none;
	if (h->tag_kind != TAG_START) return &none;
	if (h->nattrs == HTML_ATTRS_MAX) {
		/* So many attributes are no page's: the tag is treated as over the
		 * cap, which bounds the attribute list as the cap bounds the bytes. */
		tag_oversize(h);
		return &none;
	}
	if (h->nattrs == h->attrs_cap) h->attrs = xgrow(h->attrs, &h->attrs_cap, h->nattrs + 1, sizeof *h->attrs, 32);
	struct html_attr *a = &h->attrs[h->nattrs++];
	*a = (struct html_attr){ pos, pos, 0, 0, false, false, true, false };
	return a;
}

static struct html_attr *cur_attr(struct html *h)
{
	static struct html_attr none;
	return (h->tag_kind == TAG_START && h->nattrs) ? &h->attrs[h->nattrs - 1] : &none;
}

/* The start tags that end foreign content where a tree builder meets
 * them inside it (WHATWG HTML, "parsing main inforeign"), sorted. */
static bool breaks_out_of_foreign(const char *n, size_t l)
{
	static const char *const names[] = {
		"b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
		"h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
		"ruby", "s", "small", "span", "strike", "strong", "sub", "sup", "table", "tt", "u", "ul", "var",
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == l && !memcmp(names[i], n, l)) return true;
	return false;
}

/* Foreign content (svg, math) as a tokenizer can follow it: an svg or
 * math start tag not self-closing opens one, its end tag closes one, and
 * an html element that breaks out of foreign content closes them all. */
static bool integration_point(const char *n, size_t l)
{
	static const char *const names[] = { "foreignobject", "desc", "title", "mi", "mo", "mn", "ms", "mtext", "annotation-xml" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == l && !memcmp(names[i], n, l)) return true;
	return false;
}

static __attribute__((noinline)) void follow_foreign_tag(struct html *h, bool start)
{
	const char *n = h->name;
	size_t l = h->name_len;
	bool root = (l == 3 && !memcmp(n, "svg", 3)) || (l == 4 && !memcmp(n, "math", 4));
	if (!start) {
		if (h->integration && integration_point(n, l)) h->integration--;
		else if (root && h->foreign && !--h->foreign) h->integration = 0;
		return;
	}
	if (root && !h->self_closing && h->foreign < 1000) h->foreign++;
	else if (h->foreign && !h->self_closing && integration_point(n, l) && h->integration < 1000) h->integration++;
	/* (inside an integration point html rules hold: nothing breaks out) */
	else if (h->foreign && !h->integration && breaks_out_of_foreign(n, l)) h->foreign = 0;
}

static inline void follow_foreign(struct html *h, bool start)
{
	/* (outside foreign content only `svg` and `math` matter: most tags
	 * are neither; integration points are counted only inside) */
	if (h->foreign || (h->name_len == 3 && h->name[0] == 's') || (h->name_len == 4 && h->name[0] == 'm'))
		follow_foreign_tag(h, start);
}

/* The tag has ended (its '>' already routed). */
static void tag_end(struct html *h)
{
	follow_foreign(h, h->tag_kind != TAG_END);
	switch (h->tag_kind) {
	case TAG_START: start_tag_done(h); break;
	case TAG_OVERSIZE:
		seg_close(h);
		after_start_tag(h, true, false);
		break;
	case TAG_END: h->state = HS_DATA; break;
	}
}

/* Bytes that end an attribute name (white space, '/', '>', '=') and an
 * unquoted value (white space, '>'). */
static const unsigned char ends_name[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['/'] = 1, ['>'] = 1, ['='] = 1,
};
static const unsigned char ends_tag_name[256] = {
	[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['/'] = 1, ['>'] = 1,
};
static const unsigned char ends_unquoted[256] = { [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\f'] = 1, ['>'] = 1 };

/* Run the tag-body states over p[i..n); returns the new index. The attribute
 * positions are tag offsets (tag_pos + distance into the run). */
/* The tag name from p[i] to the byte that ends it, in lower case and kept
 * up to HTML_NAME_MAX bytes; returns where it ends. */
static inline __attribute__((always_inline)) size_t read_tag_name(struct html *h, const unsigned char *p, size_t i,
                                                                   size_t n)
{
	size_t k = bytescan_name_end(p, i, n, ends_tag_name);
	_Static_assert(HTML_NAME_MAX == 16, "a name's first 16 bytes are lowered in one step");
	if (!h->name_len && n - i >= 16) {
		/* (the bytes past the name's end too: name_len says where it
		 * ends, and the 0 below) */
		bytescan_lower16((unsigned char *)h->name, p + i);
	} else {
		for (size_t m = i; m < k && h->name_len + (m - i) < HTML_NAME_MAX; m++)
			h->name[h->name_len + (m - i)] = (char)ascii_lower(p[m]);
	}
	h->name_len += k - i;
	h->name[h->name_len < HTML_NAME_MAX ? h->name_len : HTML_NAME_MAX] = 0;
	return k;
}

/* The current attribute has a value, starting at tag offset pos. */
static inline void value_begins(struct html *h, size_t pos)
{
	struct html_attr *a = cur_attr(h);
	a->has_value = true;
	a->value_start = a->value_end = pos;
}

static size_t tag_body(struct html *h, const unsigned char *p, size_t i, size_t n)
{
	size_t run = i;
	while (i < n) {
		unsigned char c = p[i];
		size_t pos = h->tag.len + (i - run);
		switch (h->state) {
		case HS_TAG_NAME:
			if (ascii_space_html(c)) h->state = HS_BEFORE_ATTR_NAME;
			else if (c == '/') h->state = HS_SELF_CLOSING;
			else if (c == '>') goto done;
			else {
				size_t k = read_tag_name(h, p, i, n);   /* the rest of the name in one step */
				i = k;
				/* the byte after the name decided here, as the
				 * next turn of this state would: '>' ends the tag, white
				 * space goes to the attributes */
				if (k < n && p[k] == '>') goto done;
				if (k < n && ascii_space_html(p[k])) {
					/* white space to the first attribute, and
					 * straight into the state that reads it, without the
					 * state dispatch (an indirect jump that mispredicts) */
					h->state = HS_BEFORE_ATTR_NAME;
					i = k + 1;
					while (i < n && ascii_space_html(p[i])) i++;
					if (i < n) { c = p[i]; goto before_attr_name; }
				}
				continue;
			}
			break;
		case HS_BEFORE_ATTR_NAME:
		before_attr_name:
			if (ascii_space_html(c)) break;
			if (c == '/' || c == '>') { h->state = HS_AFTER_ATTR_NAME; continue; }
			for (;;) {
				/* `name="value"` whole in the chunk, in one step, as
				 * the attribute name, before-value and quoted-value states
				 * would take it byte by byte (p[i], the name's first byte,
				 * is any byte but white space, '/' and '>'); then the white
				 * space after it and the next such attribute, or the '>' */
				size_t base = h->tag.len - run;   /* a tag offset is base + chunk index */
				struct html_attr *a = new_attr(h, base + i);
				size_t k = bytescan_name_end(p, i + 1, n, ends_name);
				const unsigned char *q = NULL;
				bool plain = false, wide = true;
				if (n - k > 2 && p[k] == '=' && (p[k + 1] == '"' || p[k + 1] == '\'')) {
					size_t e = bytescan_attr_value_end(p, k + 2, n, p[k + 1], &plain, &wide);
					q = e < n ? p + e : NULL;
				}
				if (!q) {
					i = k - 1;   /* the name so far: the attribute name state goes on */
					h->state = HS_ATTR_NAME;
					break;
				}
				a->name_end = base + k;
				a->has_value = true;
				a->plain = plain;
				a->wide = wide;
				a->value_start = base + k + 2;
				i = (size_t)(q - p);
				a->value_end = base + i;
				size_t j = i + 1;   /* after the closing quote */
				if (j < n && p[j] == '>') { i = j; goto done; }
				if (j < n && ascii_space_html(p[j])) {
					while (j < n && ascii_space_html(p[j])) j++;
					if (j < n && p[j] != '/' && p[j] != '>') { i = j; continue; }
					i = j - 1;   /* before-attribute-name decides p[j] */
					h->state = HS_BEFORE_ATTR_NAME;
					break;
				}
				h->state = HS_AFTER_ATTR_VALUE_QUOTED;
				break;
			}
			break;
		case HS_ATTR_NAME:
			if (!ends_name[c]) {
				/* the rest of the name in one step */
				while (i + 1 < n && !ends_name[p[i + 1]]) i++;
				break;
			}
			if (ascii_space_html(c) || c == '/' || c == '>') { cur_attr(h)->name_end = pos; h->state = HS_AFTER_ATTR_NAME; continue; }
			if (c == '=') { cur_attr(h)->name_end = pos; h->state = HS_BEFORE_ATTR_VALUE; }
			break;
		case HS_AFTER_ATTR_NAME:
			if (ascii_space_html(c)) break;
			if (c == '/') { h->state = HS_SELF_CLOSING; break; }
			if (c == '=') { h->state = HS_BEFORE_ATTR_VALUE; break; }
			if (c == '>') goto done;
			new_attr(h, pos);
			h->state = HS_ATTR_NAME;
			break;
		case HS_BEFORE_ATTR_VALUE:
			if (ascii_space_html(c)) break;
			if (c == '"' || c == '\'') {
				value_begins(h, pos + 1);
				h->state = c == '"' ? HS_ATTR_VALUE_DQ : HS_ATTR_VALUE_SQ;
				break;
			}
			if (c == '>') goto done;
			value_begins(h, pos);
			h->state = HS_ATTR_VALUE_UNQ;
			continue;
		case HS_ATTR_VALUE_DQ:
		case HS_ATTR_VALUE_SQ: {
			/* Skip to the closing quote in one step. */
			const unsigned char *q = find(p, i, n, h->state == HS_ATTR_VALUE_DQ ? '"' : '\'');
			if (!q) { i = n; continue; }
			i = (size_t)(q - p);
			cur_attr(h)->value_end = h->tag.len + (i - run);
			h->state = HS_AFTER_ATTR_VALUE_QUOTED;
			break;
		}
		case HS_ATTR_VALUE_UNQ:
			if (!ends_unquoted[c]) {
				while (i + 1 < n && !ends_unquoted[p[i + 1]]) i++;
				break;
			}
			if (ascii_space_html(c)) { cur_attr(h)->value_end = pos; h->state = HS_BEFORE_ATTR_NAME; }
			else if (c == '>') { cur_attr(h)->value_end = pos; goto done; }
			break;
		case HS_AFTER_ATTR_VALUE_QUOTED:
			if (ascii_space_html(c)) h->state = HS_BEFORE_ATTR_NAME;
			else if (c == '/') h->state = HS_SELF_CLOSING;
			else if (c == '>') goto done;
			else { h->state = HS_BEFORE_ATTR_NAME; continue; }
			break;
		case HS_SELF_CLOSING:
			if (c == '>') goto done;
			h->state = HS_BEFORE_ATTR_NAME;
			continue;
		default:
			return i;
		}
		i++;
		continue;
	done:
		h->self_closing = h->state == HS_SELF_CLOSING;
		tag_bytes(h, p + run, i + 1 - run);
		tag_end(h);
		return i + 1;
	}
	tag_bytes(h, p + run, n - run);
	return n;
}

/* ---- raw text: the appropriate end tag -------------------------------- */

/* In a held "</name" candidate, c decides: returns true when the end tag
 * is confirmed (c is reconsumed as the tag name's terminator). */
static bool end_name_step(struct html *h, unsigned char c, bool *keep)
{
	size_t have = h->npend - 2;  /* letters after "</" */
	if (is_alpha(c)) {
		*keep = have < h->raw_len && ascii_lower(c) == (unsigned char)h->raw_name[have] && h->npend < HTML_PEND_MAX;
		return false;
	}
	*keep = false;
	return (ascii_space_html(c) || c == '/' || c == '>') && have == h->raw_len;
}

/* The raw element's end tag: close the content, emit "</name" verbatim and
 * read the rest of the tag as an end tag. */
static void raw_end_tag(struct html *h)
{
	seg_close(h);
	pend_verbatim(h);
	h->npend = 0;
	tag_begin(h, TAG_END);
	h->state = HS_TAG_NAME;
}

/* ---- the main loop ---------------------------------------------------- */

static bool decl_viable(const unsigned char *pend, size_t n, const char *lit, bool ci)
{
	size_t k = strlen(lit);
	if (n > k) return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char a = ci ? ascii_lower(pend[i]) : pend[i];
		if (a != (unsigned char)lit[i]) return false;
	}
	return true;
}

static void comment_begin(struct html *h)
{
	seg_close(h);
	seg_begin(h, SURFACE_COMMENT, h->tok_start);
	pend_to_seg(h);
	h->npend = 0;
}

static void comment_end(struct html *h, const unsigned char *p, size_t n)
{
	seg_bytes(h, p, n, true);
	seg_close(h);
	h->state = HS_DATA;
}

/* The '<' at p[lt] ends a text token: a start or end tag, a comment,
 * a declaration or a bogus comment follows, as the bytes after it in the
 * chunk show (where they are not in it: unknown, false). */
static inline bool text_ends_at(const unsigned char *p, size_t lt, size_t n)
{
	if (lt + 1 >= n) return false;
	unsigned char c = p[lt + 1];
	if (is_alpha(c) || c == '!' || c == '?') return true;
	return c == '/' && lt + 2 < n && is_alpha(p[lt + 2]);
}


/* Raw text or script data from i to the next '<', which may open the end
 * tag (state lt_state next). Returns where the run (or the chunk) ends.
 * Inlined: out of line it costs html +0.04% (callgrind). */
static inline __attribute__((always_inline)) size_t raw_to_lt(struct html *h, const unsigned char *p, size_t i, size_t n,
                                                               enum html_state lt_state)
{
	const unsigned char *lt = find(p, i, n, '<');
	size_t end = lt ? (size_t)(lt - p) : n;
	run_bytes(h, h->raw_surface, p + i, end - i, h->c.lp.chunk_off + i);
	if (!lt) return end;
	h->tok_start = h->c.lp.chunk_off + end;
	h->pend[0] = '<';
	h->npend = 1;
	h->state = lt_state;
	return end + 1;
}

/* The input offset of p[k], k in the chunk being fed. */
static inline uint64_t in_at(const struct html *h, size_t k) { return h->c.lp.chunk_off + k; }

/* After a '<' the data state's shortcut did not take (its next byte in a
 * later chunk, or not a letter): a start or end tag, a comment, a doctype
 * or text, as the tag open, end tag open and markup declaration open
 * states decide (WHATWG 13.2.5.6 ff.). Returns where the step ends. */
static size_t read_markup(struct html *h, const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];
	switch (h->state) {
	case HS_TAG_OPEN:
		if (is_alpha(c)) {
			h->npend = 0;
			/* the '<' is p[i - 1] when it is in this chunk */
			start_tag_open(h, h->tok_start >= h->c.lp.chunk_off ? p + i - 1 : NULL);
		} else if (c == '/') {
			h->pend[h->npend++] = c;
			h->state = HS_END_TAG_OPEN;
			i++;
		} else if (c == '!') {
			h->pend[h->npend++] = c;
			i++;
			if (n - i >= 2 && p[i] == '-' && p[i + 1] == '-') {
				/* `<!--` in the chunk: a comment, as the markup
				 * declaration state decides it a byte at a time */
				h->pend[h->npend++] = '-';
				h->pend[h->npend++] = '-';
				comment_begin(h);
				h->state = HS_COMMENT_START;
				return i + 2;
			}
			h->state = HS_MARKUP_DECL;
		} else if (c == '?') {
			comment_begin(h);   /* `<?…>` is a bogus comment */
			h->state = HS_BOGUS_COMMENT;
		} else {
			flush_pend_as(h, SURFACE_TEXT, true);  /* a '<' that starts nothing is text */
			h->state = HS_DATA;
		}
		return i;
	case HS_END_TAG_OPEN:
		if (is_alpha(c)) {
			/* (the data state's shortcut repeats these steps) */
			seg_close(h);
			pend_verbatim(h);
			h->npend = 0;
			tag_begin(h, TAG_END);
			h->state = HS_TAG_NAME;
		} else if (c == '>') {
			h->pend[h->npend++] = c;   /* `</>`: an empty comment token */
			comment_begin(h);
			seg_close(h);
			h->state = HS_DATA;
			i++;
		} else {
			comment_begin(h);          /* `</` + non-letter: bogus comment */
			h->state = HS_BOGUS_COMMENT;
		}
		return i;
	default: {   /* HS_MARKUP_DECL */
		if (h->npend >= 9) { comment_begin(h); h->state = HS_BOGUS_COMMENT; return i; }  /* not reached: 9 decides */
		unsigned char t[HTML_PEND_MAX];
		memcpy(t, h->pend, h->npend);
		t[h->npend] = c;
		size_t tn = h->npend + 1;
		bool com = decl_viable(t, tn, "<!--", false);
		bool doc = decl_viable(t, tn, "<!doctype", true);
		bool cdata = decl_viable(t, tn, "<![CDATA[", false);
		if (!com && !doc && !cdata) {
			comment_begin(h);   /* anything else after "<!" is a bogus comment */
			h->state = HS_BOGUS_COMMENT;
			return i;
		}
		h->pend[h->npend++] = c;
		i++;
		if (com && tn == 4) { comment_begin(h); h->state = HS_COMMENT_START; }
		else if (doc && tn == 9) { seg_close(h); pend_verbatim(h); h->npend = 0; h->state = HS_DOCTYPE; }
		else if (cdata && tn == 9) { comment_begin(h); h->state = HS_BOGUS_COMMENT; }  /* CDATA is not enabled */
		return i;
	}
	}
}

/* A comment's bytes to its end (WHATWG 13.2.5.43 ff.; the less-than
 * states only report nesting errors and do not move the end), and a
 * bogus comment's to its '>'. Returns where the step ends. */
static size_t read_comment(struct html *h, const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];
	switch (h->state) {
	case HS_COMMENT_START:
		if (c == '-') { seg_bytes(h, p + i, 1, true); h->state = HS_COMMENT_START_DASH; i++; }
		else if (c == '>') { comment_end(h, p + i, 1); i++; }   /* `<!-->` */
		else h->state = HS_COMMENT;
		return i;
	case HS_COMMENT_START_DASH:
		if (c == '-') { seg_bytes(h, p + i, 1, true); h->state = HS_COMMENT_END; i++; }
		else if (c == '>') { comment_end(h, p + i, 1); i++; }   /* `<!--->` */
		else h->state = HS_COMMENT;
		return i;
	case HS_COMMENT: {
		const unsigned char *d = memchr(p + i, '-', n - i);
		size_t end = d ? (size_t)(d - p) + 1 : n;
		seg_bytes(h, p + i, end - i, true);
		if (d) h->state = HS_COMMENT_END_DASH;
		return end;
	}
	case HS_COMMENT_END_DASH:
		seg_bytes(h, p + i, 1, true);
		h->state = c == '-' ? HS_COMMENT_END : HS_COMMENT;
		return i + 1;
	case HS_COMMENT_END:
		if (c == '>') { comment_end(h, p + i, 1); return i + 1; }
		seg_bytes(h, p + i, 1, true);
		h->state = c == '!' ? HS_COMMENT_END_BANG : c == '-' ? HS_COMMENT_END : HS_COMMENT;
		return i + 1;
	case HS_COMMENT_END_BANG:
		if (c == '>') { comment_end(h, p + i, 1); return i + 1; }   /* `--!>` */
		seg_bytes(h, p + i, 1, true);
		h->state = c == '-' ? HS_COMMENT_END_DASH : HS_COMMENT;
		return i + 1;
	default: {   /* HS_BOGUS_COMMENT */
		const unsigned char *gt = memchr(p + i, '>', n - i);
		if (!gt) { seg_bytes(h, p + i, n - i, true); return n; }
		size_t end = (size_t)(gt - p) + 1;
		comment_end(h, p + i, end - i);
		return end;
	}
	}
}

/* Script data after "<!--": the escaped and double-escaped states
 * (WHATWG 13.2.5.20 ff.), whose bytes are all script data. Returns where
 * the step ends. */
static size_t read_script_escaped(struct html *h, const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];
	switch (h->state) {
	case HS_SCRIPT_ESCAPE_START:
		if (c == '-') { run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i)); h->state = HS_SCRIPT_ESCAPE_START_DASH; i++; }
		else h->state = HS_SCRIPT;
		return i;
	case HS_SCRIPT_ESCAPE_START_DASH:
		if (c == '-') { run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i)); h->state = HS_SCRIPT_ESCAPED_DASH_DASH; i++; }
		else h->state = HS_SCRIPT;
		return i;
	case HS_SCRIPT_ESCAPED:
	case HS_SCRIPT_DOUBLE_ESCAPED: {
		/* Only '-' and '<' move these states. */
		size_t k = i;
		while (k < n && p[k] != '-' && p[k] != '<') k++;
		run_bytes(h, h->raw_surface, p + i, k - i, in_at(h, i));
		i = k;
		if (i == n) return i;
		bool dbl = h->state == HS_SCRIPT_DOUBLE_ESCAPED;
		if (p[i] == '-') {
			run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
			h->state = dbl ? HS_SCRIPT_DOUBLE_ESCAPED_DASH : HS_SCRIPT_ESCAPED_DASH;
		} else if (dbl) {
			run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
			h->state = HS_SCRIPT_DOUBLE_ESCAPED_LT;
		} else {
			h->tok_start = in_at(h, i); h->pend[0] = '<'; h->npend = 1;
			h->state = HS_SCRIPT_ESCAPED_LT;
		}
		return i + 1;
	}
	case HS_SCRIPT_ESCAPED_DASH:
	case HS_SCRIPT_ESCAPED_DASH_DASH:
		if (c == '<') { h->tok_start = in_at(h, i); h->pend[0] = '<'; h->npend = 1; h->state = HS_SCRIPT_ESCAPED_LT; return i + 1; }
		run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
		if (c == '-') h->state = HS_SCRIPT_ESCAPED_DASH_DASH;
		else if (c == '>' && h->state == HS_SCRIPT_ESCAPED_DASH_DASH) h->state = HS_SCRIPT;
		else h->state = HS_SCRIPT_ESCAPED;
		return i + 1;
	case HS_SCRIPT_ESCAPED_LT:
		if (c == '/') { h->pend[h->npend++] = c; h->state = HS_SCRIPT_ESCAPED_END_NAME; i++; }
		else if (is_alpha(c)) { flush_pend_as(h, h->raw_surface, true); h->tmp_len = 0; h->state = HS_SCRIPT_DOUBLE_ESCAPE_START; }
		else { flush_pend_as(h, h->raw_surface, true); h->state = HS_SCRIPT_ESCAPED; }
		return i;
	case HS_SCRIPT_DOUBLE_ESCAPE_START:
	case HS_SCRIPT_DOUBLE_ESCAPE_END: {
		bool start = h->state == HS_SCRIPT_DOUBLE_ESCAPE_START;
		if (ascii_space_html(c) || c == '/' || c == '>') {
			bool script = h->tmp_len == 6 && !memcmp(h->tmp, "script", 6);
			if (start) h->state = script ? HS_SCRIPT_DOUBLE_ESCAPED : HS_SCRIPT_ESCAPED;
			else h->state = script ? HS_SCRIPT_ESCAPED : HS_SCRIPT_DOUBLE_ESCAPED;
			run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
			i++;
		} else if (is_alpha(c)) {
			if (h->tmp_len < sizeof h->tmp) h->tmp[h->tmp_len] = (char)ascii_lower(c);
			h->tmp_len++;
			run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
			i++;
		} else {
			h->state = start ? HS_SCRIPT_ESCAPED : HS_SCRIPT_DOUBLE_ESCAPED;
		}
		return i;
	}
	case HS_SCRIPT_DOUBLE_ESCAPED_DASH:
	case HS_SCRIPT_DOUBLE_ESCAPED_DASH_DASH:
		run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
		if (c == '<') h->state = HS_SCRIPT_DOUBLE_ESCAPED_LT;
		else if (c == '-') h->state = HS_SCRIPT_DOUBLE_ESCAPED_DASH_DASH;
		else if (c == '>' && h->state == HS_SCRIPT_DOUBLE_ESCAPED_DASH_DASH) h->state = HS_SCRIPT;
		else h->state = HS_SCRIPT_DOUBLE_ESCAPED;
		return i + 1;
	default:   /* HS_SCRIPT_DOUBLE_ESCAPED_LT */
		if (c == '/') {
			run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
			h->tmp_len = 0;
			h->state = HS_SCRIPT_DOUBLE_ESCAPE_END;
			i++;
		} else h->state = HS_SCRIPT_DOUBLE_ESCAPED;
		return i;
	}
}

static void html_feed(void *self, const unsigned char *p, size_t n)
{
	struct html *h = self;
	framer_core_chunk_begin(&h->c, p);
	hostfind_cursor_init(&h->hosts, p, n);
	size_t i = 0;
	while (i < n) {
		unsigned char c = p[i];
		switch (h->state) {
		case HS_DATA: {
			/* the text's end, its first `&` or `%` (text_hides looks
			 * on from there: most text has neither) and whether a lead
			 * byte of a character a host may be folded from is in it
			 * (locator_may_fold reads only those, `%` and `&`), in one
			 * pass */
			size_t mark;
			bool high = false;
			size_t end = bytescan_text_end(p, i, n, h->c.pt->fold_skip_lead, &mark, &high);
			const unsigned char *lt = end < n ? p + end : NULL;
			/* §3.1: a whole text token without a canonical host (the
			 * whitespace between tags, most prose) can hold no candidate;
			 * with no skip observed it needs no segment. Whole: its '<'
			 * opens a tag, a comment or a bogus comment, as the byte
			 * after it (in this chunk) says; after any other '<' the
			 * text goes on, and its bytes before the '<' belong to the
			 * same segment (a serialized value holding `<}` is one
			 * value, §4.5). */
			if (lt && h->seg_mode == SEG_NONE && !report_wants_skips(h->c.report) && text_ends_at(p, end, n) &&
			    !(hostfind_cursor_may(&h->c.pt->find, &h->hosts, i, end) && hostfind_any(&h->c.pt->find, p + i, end - i)) &&
			    !(mark < end && end - i >= h->c.pt->find.min_len + 2 && next_hide(h, p, mark, end) < end) &&
			    !(end - i >= h->c.pt->find.min_len + 2 && (high || mark < end) && locator_may_fold(h->c.pt, p + i, end - i, true)))
				verbatim_in(h, p + i, end - i);
			else run_bytes(h, SURFACE_TEXT, p + i, end - i, in_at(h, i));
			i = end;
			if (lt) {
				h->tok_start = in_at(h, i);
				if (i + 1 < n && is_alpha(p[i + 1])) {
					/* a start tag, as the tag open state would take
					 * it (its '<' in the chunk: read in place), straight
					 * into its name without another turn of the loop */
					start_tag_open(h, p + i);
					i = tag_body(h, p, i + 1, n);
					break;
				}
				if (i + 2 < n && p[i + 1] == '/' && is_alpha(p[i + 2])) {
					/* an end tag, as the tag open and end tag
					 * open states would take its "</" (in the chunk), in
					 * one step into its name. The steps are those of
					 * HS_END_TAG_OPEN below, with the "</" where it lies;
					 * kept apart from the start tag's steps, as one inlined
					 * helper for both is slower. */
					seg_close(h);
					verbatim_in(h, p + i, 2);
					h->npend = 0;
					tag_begin(h, TAG_END);
					h->state = HS_TAG_NAME;
					i = tag_body(h, p, i + 2, n);
					break;
				}
				h->pend[0] = '<';
				h->npend = 1;
				h->state = HS_TAG_OPEN;
				i++;
			}
			break;
		}
		case HS_TAG_NAME: case HS_BEFORE_ATTR_NAME: case HS_ATTR_NAME: case HS_AFTER_ATTR_NAME:
		case HS_BEFORE_ATTR_VALUE: case HS_ATTR_VALUE_DQ: case HS_ATTR_VALUE_SQ: case HS_ATTR_VALUE_UNQ:
		case HS_AFTER_ATTR_VALUE_QUOTED: case HS_SELF_CLOSING:
			i = tag_body(h, p, i, n);
			break;
		case HS_DOCTYPE: {
			const unsigned char *gt = memchr(p + i, '>', n - i);
			size_t end = gt ? (size_t)(gt - p) + 1 : n;
			verbatim_in(h, p + i, end - i);
			i = end;
			if (gt) h->state = HS_DATA;
			break;
		}
		/* RCDATA and RAWTEXT: content to the appropriate end tag */
		case HS_RAWTEXT:
			i = raw_to_lt(h, p, i, n, HS_RAWTEXT_LT);
			break;
		/* script data, with the escape and double-escape states */
		case HS_SCRIPT:
			i = raw_to_lt(h, p, i, n, HS_SCRIPT_LT);
			break;
		/* a '<' in raw text or script data: "</" may begin the end tag */
		case HS_RAWTEXT_LT:
		case HS_SCRIPT_LT: {
			bool raw = h->state == HS_RAWTEXT_LT;
			if (c == '/') { h->pend[h->npend++] = c; h->state = raw ? HS_RAWTEXT_END_NAME : HS_SCRIPT_END_NAME; i++; }
			else if (c == '!' && !raw) {
				flush_pend_as(h, h->raw_surface, true);
				run_bytes(h, h->raw_surface, p + i, 1, in_at(h, i));
				h->state = HS_SCRIPT_ESCAPE_START;
				i++;
			} else { flush_pend_as(h, h->raw_surface, true); h->state = raw ? HS_RAWTEXT : HS_SCRIPT; }
			break;
		}
		case HS_RAWTEXT_END_OPEN:
		case HS_RAWTEXT_END_NAME:
		case HS_SCRIPT_END_OPEN:
		case HS_SCRIPT_END_NAME:
		case HS_SCRIPT_ESCAPED_END_OPEN:
		case HS_SCRIPT_ESCAPED_END_NAME: {
			bool keep;
			if (end_name_step(h, c, &keep)) { raw_end_tag(h); break; }
			if (keep) { h->pend[h->npend++] = c; i++; break; }
			flush_pend_as(h, h->raw_surface, true);
			/* not the end tag: back to the content it was read in */
			h->state = h->state == HS_RAWTEXT_END_OPEN || h->state == HS_RAWTEXT_END_NAME ? HS_RAWTEXT
			         : h->state == HS_SCRIPT_END_OPEN || h->state == HS_SCRIPT_END_NAME   ? HS_SCRIPT
			                                                                             : HS_SCRIPT_ESCAPED;
			break;
		}
		case HS_TAG_OPEN: case HS_END_TAG_OPEN: case HS_MARKUP_DECL:
			i = read_markup(h, p, i, n);
			break;
		case HS_COMMENT_START: case HS_COMMENT_START_DASH: case HS_COMMENT: case HS_COMMENT_END_DASH:
		case HS_COMMENT_END: case HS_COMMENT_END_BANG: case HS_BOGUS_COMMENT:
			i = read_comment(h, p, i, n);
			break;
		case HS_SCRIPT_ESCAPE_START: case HS_SCRIPT_ESCAPE_START_DASH: case HS_SCRIPT_ESCAPED:
		case HS_SCRIPT_DOUBLE_ESCAPED: case HS_SCRIPT_ESCAPED_DASH: case HS_SCRIPT_ESCAPED_DASH_DASH:
		case HS_SCRIPT_ESCAPED_LT: case HS_SCRIPT_DOUBLE_ESCAPE_START: case HS_SCRIPT_DOUBLE_ESCAPE_END:
		case HS_SCRIPT_DOUBLE_ESCAPED_DASH: case HS_SCRIPT_DOUBLE_ESCAPED_DASH_DASH: case HS_SCRIPT_DOUBLE_ESCAPED_LT:
			i = read_script_escaped(h, p, i, n);
			break;
		case HS_PLAINTEXT:
			run_bytes(h, h->raw_surface, p + i, n - i, in_at(h, i));
			i = n;
			break;
		}
	}
	if (h->tag.src && h->state >= HS_TAG_NAME && h->state <= HS_SELF_CLOSING) tag_hold(h);
	seg_chunk_end(h);
	framer_core_chunk_end(&h->c, n);
}

static void html_finish(void *self)
{
	struct html *h = self;
	/* End of input inside a token: its bytes pass through (§4.1). */
	switch (h->state) {
	case HS_TAG_OPEN: case HS_END_TAG_OPEN:
		flush_pend_as(h, SURFACE_TEXT, false);
		break;
	case HS_MARKUP_DECL:
		seg_close(h);
		verbatim(h, h->pend, h->npend);
		h->npend = 0;
		break;
	case HS_TAG_NAME: case HS_BEFORE_ATTR_NAME: case HS_ATTR_NAME: case HS_AFTER_ATTR_NAME:
	case HS_BEFORE_ATTR_VALUE: case HS_ATTR_VALUE_DQ: case HS_ATTR_VALUE_SQ: case HS_ATTR_VALUE_UNQ:
	case HS_AFTER_ATTR_VALUE_QUOTED: case HS_SELF_CLOSING:
		if (h->tag_kind == TAG_START) verbatim(h, hold_data(&h->tag), h->tag.len);  /* left to the sweep */
		break;
	case HS_RAWTEXT_LT: case HS_RAWTEXT_END_OPEN: case HS_RAWTEXT_END_NAME:
	case HS_SCRIPT_LT: case HS_SCRIPT_END_OPEN: case HS_SCRIPT_END_NAME:
	case HS_SCRIPT_ESCAPED_LT: case HS_SCRIPT_ESCAPED_END_OPEN: case HS_SCRIPT_ESCAPED_END_NAME:
		flush_pend_as(h, h->raw_surface, false);
		break;
	default:
		break;
	}
	seg_close(h);
	window_flush(&h->c.w);
	h->state = HS_DATA;
}

const struct framer html_framer = { html_reset, html_feed, html_finish };
