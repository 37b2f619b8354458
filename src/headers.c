/* headers.c — the response head(s) of `--headers` (§13.3). */
#include "headers.h"

#include "ascii.h"
#include "diag.h"
#include "html.h"
#include "idna.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ci_prefix(const unsigned char *p, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	return n >= k && ascii_ci_eq(p, lit, k);
}

static bool ci_equal(const unsigned char *p, size_t n, const char *lit)
{
	return strlen(lit) == n && ci_prefix(p, n, lit);
}

static bool is_token_byte(unsigned char c)
{
	return c > ' ' && c < 0x7f && !strchr("()<>@,;:\\\"/[]?={}", c);
}

/* White space inside a header value: SP and HTAB, and the CR LF of a
 * folded line. */
static bool value_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* ---- telling lines apart, from their first bytes ---- */

/* Is b[0..n) the start of a status line, `HTTP/` DIGIT [`.` DIGIT] SP
 * 3DIGIT, then SP or the line's end? 1 yes, -1 no, 0 not yet known. */
static int status_match(const unsigned char *b, size_t n)
{
	size_t i = 0;
	for (; i < 5; i++) {
		if (i == n) return 0;
		if (b[i] != (unsigned char)"HTTP/"[i]) return -1;
	}
	if (i == n) return 0;
	if (!ascii_digit(b[i++])) return -1;
	if (i == n) return 0;
	if (b[i] == '.') {
		if (++i == n) return 0;
		if (!ascii_digit(b[i++])) return -1;
		if (i == n) return 0;
	}
	if (b[i++] != ' ') return -1;
	for (int k = 0; k < 3; k++, i++) {
		if (i == n) return 0;
		if (!ascii_digit(b[i])) return -1;
	}
	if (i == n) return 0;
	return b[i] == ' ' || b[i] == '\r' || b[i] == '\n' ? 1 : -1;
}

/* Is b[0..n) the start of a header line, a token then ':'? 1 yes, -1 no,
 * 0 not yet known (all token bytes so far). */
static int header_match(const unsigned char *b, size_t n)
{
	size_t k = 0;
	while (k < n && is_token_byte(b[k])) k++;
	if (k == n) return 0;
	return k > 0 && b[k] == ':' ? 1 : -1;
}

static bool is_header_line(const unsigned char *b, size_t n) { return header_match(b, n) == 1; }

static bool is_fold(const unsigned char *b, size_t n) { return n && (b[0] == ' ' || b[0] == '\t'); }

static bool is_blank(const unsigned char *b, size_t n) { return n == 1 || (n == 2 && b[0] == '\r'); }

/* A status line (as status_match says 1) that another head may follow in
 * what `curl -si` prints: 1xx; a proxy's answer to CONNECT (a 2xx
 * `Connection established`); a redirect (followed with -L); an
 * authentication challenge (401, 407) answered by a second request. */
static bool interim_status(const unsigned char *b, size_t n)
{
	const unsigned char *sp = memchr(b, ' ', n);
	size_t i = (size_t)(sp - b) + 1;
	int code = (b[i] - '0') * 100 + (b[i + 1] - '0') * 10 + (b[i + 2] - '0');
	if (code / 100 == 1 || code / 100 == 3 || code == 401 || code == 407) return true;
	if (code / 100 != 2) return false;
	size_t r = i + 3;
	while (r < n && (b[r] == ' ' || b[r] == '\t')) r++;
	size_t e = n;
	while (e > r && value_space(b[e - 1])) e--;
	return ci_equal(b + r, e - r, "connection established");
}

/* ---- the scanner ---- */

enum { PH_FIRST, PH_IN, PH_PEEK };

void headers_scan_init(struct headers_scan *s)
{
	memset(s, 0, sizeof *s);
	s->state = HEADERS_MORE;
	s->phase = PH_FIRST;
}

static void scan_done(struct headers_scan *s, uint64_t end)
{
	s->state = HEADERS_DONE;
	s->end = end;
}

/* The kept prefix of a line not yet ended: give up as soon as it cannot
 * begin what it must. */
static void scan_partial(struct headers_scan *s)
{
	bool full = s->line_len == HEADERS_PREFIX;
	if (s->phase == PH_FIRST) {
		int st = status_match(s->line, s->line_len), hd = header_match(s->line, s->line_len);
		if (st < 0 && (hd < 0 || (hd == 0 && full))) s->state = HEADERS_NONE;
	} else if (s->phase == PH_PEEK) {
		if (status_match(s->line, s->line_len) < 0) scan_done(s, s->head_end);
	}
}

/* A whole line (s->line_total bytes, the first of them kept). */
static void scan_line(struct headers_scan *s)
{
	const unsigned char *b = s->line;
	size_t n = s->line_len;
	switch (s->phase) {
	case PH_FIRST:
	case PH_PEEK:
		if (status_match(b, n) == 1) {
			s->cgi = false;
			s->interim = interim_status(b, n);
			s->phase = PH_IN;
		} else if (s->phase == PH_FIRST && is_header_line(b, n)) {
			s->cgi = true;
			s->interim = false;
			s->phase = PH_IN;
		} else if (s->phase == PH_FIRST) {
			s->state = HEADERS_NONE;
		} else {
			scan_done(s, s->head_end);
		}
		break;
	default:
		if (s->line_total <= 2 && is_blank(b, (size_t)s->line_total)) {
			s->head_end = s->pos;
			if (s->interim) s->phase = PH_PEEK;
			else scan_done(s, s->pos);
		} else if (s->cgi && !is_header_line(b, n) && !is_fold(b, n)) {
			/* a CGI block is header lines only; after a status line
			 * every line up to the blank one is the head's */
			s->state = HEADERS_NONE;
		}
		break;
	}
	s->line_len = 0;
	s->line_total = 0;
}

enum headers_state headers_scan(struct headers_scan *s, const unsigned char *p, size_t n, bool eof)
{
	size_t i = 0;
	while (s->state == HEADERS_MORE && i < n) {
		const unsigned char *nl = memchr(p + i, '\n', n - i);
		size_t e = nl ? (size_t)(nl - p) + 1 : n;
		size_t room = HEADERS_PREFIX - s->line_len, take = e - i < room ? e - i : room;
		memcpy(s->line + s->line_len, p + i, take);
		s->line_len += take;
		s->line_total += e - i;
		s->pos += e - i;
		i = e;
		if (nl) scan_line(s);
		else scan_partial(s);
	}
	if (eof && s->state == HEADERS_MORE) {
		if (s->phase == PH_PEEK) scan_done(s, s->head_end);
		else s->state = HEADERS_NONE;
	}
	return s->state;
}

/* ---- the rewrite ---- */

/* The end of the line at i (after its LF), or n. */
static size_t line_end(const unsigned char *b, size_t i, size_t n)
{
	const unsigned char *nl = memchr(b + i, '\n', n - i);
	return nl ? (size_t)(nl - b) + 1 : n;
}

/* The end of the header whose first line starts at i: its folded lines
 * (obs-fold: a line that begins with SP or HTAB) are its own. */
static size_t header_end(const unsigned char *b, size_t i, size_t n)
{
	size_t e = line_end(b, i, n);
	while (e < n && is_fold(b + e, n - e)) e = line_end(b, e, n);
	return e;
}

/* Content-Type → the body's type (§13.3). */
static void body_type(const unsigned char *v, size_t n, struct headers_result *res)
{
	while (n && value_space(*v)) { v++; n--; }
	const unsigned char *semi = memchr(v, ';', n);
	if (semi) n = (size_t)(semi - v);
	while (n && value_space(v[n - 1])) n--;
	if (ci_equal(v, n, "text/html") || ci_equal(v, n, "application/xhtml+xml")) res->body = FILETYPE_HTML;
	else if (ci_equal(v, n, "application/json") || ci_equal(v, n, "text/json") ||
	         (n > 5 && ci_equal(v + n - 5, 5, "+json")))
		res->body = FILETYPE_JSON;
	/* style sheets, scripts (every JavaScript MIME type, §12.4) and XML
	 * (SVG, feeds) are read as text (§13.1) */
	else if (ci_equal(v, n, "text/plain") || ci_equal(v, n, "text/css") || (n && html_script_type_is_js(v, n)) ||
	         ci_equal(v, n, "text/xml") || ci_equal(v, n, "application/xml") ||
	         (n > 4 && ci_equal(v + n - 4, 4, "+xml")))
		res->body = FILETYPE_TEXT;
	else { res->passthrough = true; res->why = "its Content-Type is not html, json, text, CSS, JavaScript or XML"; }
}

static bool trimmed_is(const unsigned char *v, size_t n, const char *lit)
{
	while (n && value_space(*v)) { v++; n--; }
	while (n && value_space(v[n - 1])) n--;
	return ci_equal(v, n, lit);
}

/* One header of the head section: name h[i..colon), value h[vs..ve)
 * (without the last line ending), the whole of it h[i..e). */
struct header {
	size_t i, colon, vs, ve, e;
};

static bool header_at(const unsigned char *h, size_t i, size_t n, struct header *hd)
{
	size_t le = line_end(h, i, n);
	if (!is_header_line(h + i, le - i)) return false;
	hd->i = i;
	hd->colon = (size_t)((const unsigned char *)memchr(h + i, ':', le - i) - h);
	hd->vs = hd->colon + 1;
	hd->e = header_end(h, i, n);
	hd->ve = hd->e;
	while (hd->ve > hd->vs && (h[hd->ve - 1] == '\n' || h[hd->ve - 1] == '\r')) hd->ve--;
	return true;
}

static bool named(const unsigned char *h, const struct header *hd, const char *lit)
{
	return ci_equal(h + hd->i, hd->colon - hd->i, lit);
}

static void release(const struct headers_io *io, const unsigned char *upto)
{
	if (io->release) io->release(io->release_ctx, upto);
}

/* What the last head says of the body: its Content-Type and
 * Content-Encoding; and whether it has a Transfer-Encoding. */
static void decide(const unsigned char *h, size_t start, size_t n, const struct headers_io *io,
                   struct headers_result *res, bool *chunked)
{
	res->body = FILETYPE_AUTO;
	res->passthrough = false;
	res->why = NULL;
	*chunked = false;
	struct header hd;
	for (size_t i = start, e; i < n; i = e) {
		if (!header_at(h, i, n, &hd)) { e = line_end(h, i, n); continue; }
		e = hd.e;
		if (named(h, &hd, "content-type")) body_type(h + hd.vs, hd.ve - hd.vs, res);
		else if (named(h, &hd, "content-encoding") && !trimmed_is(h + hd.vs, hd.ve - hd.vs, "identity")) {
			res->passthrough = true;
			res->why = "it has a Content-Encoding";
		} else if (named(h, &hd, "transfer-encoding")) {
			*chunked = true;
		}
		release(io, h + e);
	}
	if (res->passthrough) res->body = FILETYPE_AUTO;
}

/* Line and column of an offset in the head (check mode): counted on from
 * the last one asked for (events come in order), or from the start. */
struct head_pos {
	const unsigned char *h;
	uint64_t at, line_start;
	size_t line;
};

static void head_position(void *ctx, uint64_t off, size_t *line, size_t *column)
{
	struct head_pos *hp = ctx;
	if (off < hp->at) {
		hp->at = hp->line_start = 0;
		hp->line = 1;
	}
	for (; hp->at < off; hp->at++)
		if (hp->h[hp->at] == '\n') {
			hp->line++;
			hp->line_start = hp->at + 1;
		}
	*line = hp->line;
	*column = (size_t)(off - hp->line_start) + 1;
}

/* The canonical origins of a header hostshift does not rewrite: each
 * reported where it is (`header-kept`, a finding in check mode), and the
 * header named in one warning; its bytes are kept. */
struct kept {
	struct value *vp;
	const unsigned char *h;
	const struct header *hd;
	struct head_pos *hp;
	size_t n;
};

static void kept_event(void *ctx, const struct match_event *ev)
{
	struct kept *k = ctx;
	if (ev->action != ACTION_REWROTE) return;
	size_t at = k->hd->vs + ev->start;
	struct report_event re = { .offset = at, .action = ACTION_SKIPPED, .reason = REASON_HEADER_KEPT, .surface = SURFACE_HEADER,
	                           .text = k->h + at, .text_len = ev->end - ev->start };
	if (report_wants_positions(k->vp->report)) head_position(k->hp, at, &re.line, &re.column);
	report_add(k->vp->report, &re);
	if (!k->n++ && !k->vp->report->opt.quiet)
		diag_warn(k->vp->report->file,
		          "the %.*s header at offset %zu holds the canonical origin %.*s and is left as it is: --headers "
		          "rewrites origins only in Location, Content-Location, Refresh, Link, Content-Security-Policy "
		          "and Access-Control-Allow-Origin",
		          (int)(k->hd->colon - k->hd->i), (const char *)k->h + k->hd->i, k->hd->i, (int)(ev->end - ev->start),
		          (const char *)k->h + at);
}

static void report_kept(struct value *vp, const unsigned char *h, const struct header *hd, struct head_pos *hp)
{
	if (!vp->report || hd->ve - hd->vs > HEADERS_VALUE_CAP || !hostfind_any(&vp->pt->find, h + hd->vs, hd->ve - hd->vs)) return;
	struct kept k = { vp, h, hd, hp, 0 };
	struct match_params mp = { .prev = MATCH_NO_PREV, .mode = MATCH_VALUE, .surface = SURFACE_HEADER, .joins = -1 };
	matcher_scan_ex(vp->pt, h + hd->vs, hd->ve - hd->vs, hd->ve - hd->vs, &mp, kept_event, &k);
}

/* A canonical host whose pairs all map it to itself does not change. */
static bool host_changes(const struct pattern_host *ph)
{
	for (size_t k = 0; k < ph->npairs; k++)
		if (!ph->pairs[k].identity) return true;
	return false;
}

static bool ip_host(const unsigned char *h, size_t n)
{
	if (n && h[0] == '[') return true;
	for (size_t k = 0; k < n; k++)
		if (!ascii_digit(h[k]) && h[k] != '.') return false;
	return true;
}

/* Does the cookie domain d[0..n) domain-match a canonical host (RFC 6265
 * §5.1.3, with §5.2.3's leading dot ignored): the host is the domain, or
 * ends with "." and the domain (not for an IP address)? */
static bool domain_matches_canonical(const struct patterns *pt, const unsigned char *d, size_t n)
{
	if (n && d[0] == '.') { d++; n--; }
	if (!n) return false;
	/* a domain past ASCII as a browser reads it: its ASCII form (UTS #46,
	 * `Bücher.example` is `xn--bcher-kva.example`), which the table's
	 * A-label form of an international canonical is */
	char a[256];
	size_t al, k = 0;
	while (k < n && d[k] < 0x80) k++;
	if (k < n && idna_to_ascii(d, n, a, sizeof a, &al) == IDNA_OK) {
		d = (const unsigned char *)a;
		n = al;
	}
	for (size_t g = 0; g < pt->nhosts; g++) {
		const struct pattern_host *ph = &pt->hosts[g];
		size_t hl = ph->len;
		if (hl < n || !host_changes(ph)) continue;
		if (hl > n && (ph->host[hl - n - 1] != '.' || ip_host(ph->host, hl))) continue;
		size_t k = 0;
		while (k < n && ascii_lower(d[k]) == ph->host[hl - n + k]) k++;
		if (k == n) return true;
	}
	return false;
}

/* A Set-Cookie value v[0..n) at input offset off, written to out with
 * every `Domain` attribute left out that domain-matches a canonical host:
 * a browser on the variant host would reject the cookie; without it the
 * cookie is host-only, which is always safe. Attributes are read as RFC
 * 6265 §5.2 reads them: split at ';', the name before the first '=',
 * white space around both trimmed, the name in any case. */
static void cookie_write(struct value *vp, const unsigned char *v, size_t n, uint64_t off, const struct sink *out,
                         struct head_pos *hp)
{
	size_t i = 0, w = 0;
	while (i < n && v[i] != ';') i++;   /* the cookie's name=value: not an attribute */
	while (i < n) {
		size_t a = i + 1, e = a;
		while (e < n && v[e] != ';') e++;
		size_t s = a, t = e;
		while (s < t && value_space(v[s])) s++;
		while (t > s && value_space(v[t - 1])) t--;
		const unsigned char *eq = memchr(v + s, '=', t - s);
		if (eq) {
			size_t ne = (size_t)(eq - v), ds = ne + 1;
			while (ne > s && value_space(v[ne - 1])) ne--;
			while (ds < t && value_space(v[ds])) ds++;
			if (ci_equal(v + s, ne - s, "domain") && domain_matches_canonical(vp->pt, v + ds, t - ds)) {
				sink_write(out, v + w, i - w);   /* up to the ';' before it */
				w = e;
				if (vp->report) {
					struct report_event re = { .offset = off + s, .action = ACTION_REWROTE, .surface = SURFACE_HEADER,
					                           .text = v + s, .text_len = t - s };
					if (report_wants_positions(vp->report)) head_position(hp, off + s, &re.line, &re.column);
					report_add(vp->report, &re);
				}
			}
		}
		i = e;
	}
	sink_write(out, v + w, n - w);
}

void headers_rewrite(const unsigned char *h, size_t n, struct value *vp, const struct headers_io *io,
                     struct headers_result *res)
{
	static const char *const url_headers[] = {
		"location", "content-location", "refresh", "link", "content-security-policy",
		"content-security-policy-report-only", "access-control-allow-origin",
	};
	static const char *const validators[] = { "content-length", "etag", "last-modified" };
	const struct sink *out = &io->out;
	/* where the last head starts: after the last blank line but one */
	size_t last = 0;
	bool at_start = true;
	for (size_t i = 0, e; i < n; i = e) {
		e = line_end(h, i, n);
		if (at_start) last = i;
		at_start = is_blank(h + i, e - i);
		release(io, h + e);
	}
	bool chunked;
	decide(h, last, n, io, res, &chunked);
	bool changes = !res->passthrough;

	struct head_pos hp = { .h = h, .line = 1 };
	value_set_position(vp, head_position, &hp);
	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_HEADER };
	res->lines = 0;
	struct header hd;
	for (size_t i = 0, e; i < n; i = e) {
		if (!header_at(h, i, n, &hd)) {
			e = line_end(h, i, n);
			sink_write(out, h + i, e - i);
			res->lines++;
			continue;
		}
		e = hd.e;
		for (size_t k = hd.i; k < e; k++) res->lines += h[k] == '\n';
		bool drop = false;
		/* the body hostshift reads was de-chunked by the client that
		 * printed the head: no Transfer-Encoding describes it (and a
		 * Content-Length sent beside one was never its length) */
		if (named(h, &hd, "transfer-encoding")) drop = true;
		if (i >= last) {
			if (chunked && named(h, &hd, "content-length")) drop = true;
			/* the body may change: these would lie about it */
			for (size_t k = 0; changes && k < sizeof validators / sizeof *validators; k++)
				if (named(h, &hd, validators[k])) drop = true;
		}
		if (drop) { release(io, h + e); continue; }
		bool url = false;
		for (size_t k = 0; k < sizeof url_headers / sizeof *url_headers; k++)
			if (named(h, &hd, url_headers[k])) url = true;
		struct slice nv;
		if (url && hd.ve - hd.vs > HEADERS_VALUE_CAP) {
			if (vp->report) {
				struct report_event re = { .offset = hd.i, .action = ACTION_SKIPPED, .reason = REASON_SIZE_CAP_EXCEEDED,
				                           .surface = SURFACE_HEADER, .text = h + hd.i, .text_len = hd.colon - hd.i };
				if (report_wants_positions(vp->report)) head_position(&hp, hd.i, &re.line, &re.column);
				report_add(vp->report, &re);
				if (!vp->report->opt.quiet)
					diag_warn(vp->report->file, "a %.*s header over 1 MiB at offset %zu is left as it is; origins in it are not rewritten",
					          (int)(hd.colon - hd.i), (const char *)h + hd.i, hd.i);
			}
			sink_write(out, h + i, e - i);
		} else if (url && value_rewrite(vp, h + hd.vs, hd.ve - hd.vs, hd.vs, &o, &nv)) {
			sink_write(out, h + i, hd.vs - i);
			sink_write(out, nv.p, nv.n);
			sink_write(out, h + hd.ve, e - hd.ve);
		} else if (named(h, &hd, "set-cookie")) {
			sink_write(out, h + i, hd.vs - i);
			cookie_write(vp, h + hd.vs, hd.ve - hd.vs, hd.vs, out, &hp);
			sink_write(out, h + hd.ve, e - hd.ve);
		} else {
			if (!url) report_kept(vp, h, &hd, &hp);
			sink_write(out, h + i, e - i);
		}
		release(io, h + e);
	}
	value_set_position(vp, NULL, NULL);
}
