/* headers.c — the response head(s) of `--headers` (§13.3). */
#include "headers.h"

#include "ascii.h"

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

/* The end of the line at i (after its LF), or 0 if there is none. */
static size_t line_end(const unsigned char *b, size_t i, size_t n)
{
	const unsigned char *nl = memchr(b + i, '\n', n - i);
	return nl ? (size_t)(nl - b) + 1 : 0;
}

static bool blank_line(const unsigned char *b, size_t i, size_t e)
{
	return e - i == 1 || (e - i == 2 && b[i] == '\r');
}

static bool http_status_line(const unsigned char *b, size_t n)
{
	return n >= 5 && memcmp(b, "HTTP/", 5) == 0;
}

/* A header line: a token, then ':'. */
static bool header_line(const unsigned char *b, size_t i, size_t e)
{
	size_t k = i;
	while (k < e && is_token_byte(b[k])) k++;
	return k > i && k < e && b[k] == ':';
}

/* The three-digit status of an HTTP status line, or 0. */
static int status_of(const unsigned char *b, size_t i, size_t e)
{
	const unsigned char *sp = memchr(b + i, ' ', e - i);
	if (!sp || (size_t)(sp - b) + 4 > e) return 0;
	const unsigned char *d = sp + 1;
	if (d[0] < '1' || d[0] > '5' || d[1] < '0' || d[1] > '9' || d[2] < '0' || d[2] > '9') return 0;
	return (d[0] - '0') * 100 + (d[1] - '0') * 10 + (d[2] - '0');
}

/* Could b[0..n), a first line not yet ended, still begin a head? */
static bool may_begin_head(const unsigned char *b, size_t n)
{
	if (n < 5 ? memcmp(b, "HTTP/", n) == 0 : memcmp(b, "HTTP/", 5) == 0) return true;
	size_t k = 0;
	while (k < n && is_token_byte(b[k])) k++;
	return k == n || (k > 0 && b[k] == ':');
}

size_t headers_length(const unsigned char *b, size_t n, bool eof)
{
	if (!eof && !memchr(b, '\n', n < HEADERS_CAP ? n : HEADERS_CAP) && !may_begin_head(b, n)) return (size_t)-1;
	size_t i = 0;
	for (;;) {
		size_t e = line_end(b, i, n > HEADERS_CAP ? HEADERS_CAP : n);
		if (!e) return (eof || n >= HEADERS_CAP) ? (size_t)-1 : 0;
		bool http = http_status_line(b + i, e - i);
		if (!http && !header_line(b, i, e)) return (size_t)-1;
		int status = http ? status_of(b, i, e) : 0;
		/* the rest of this head, to its blank line */
		size_t k = http ? e : i;
		for (;;) {
			size_t le = line_end(b, k, n > HEADERS_CAP ? HEADERS_CAP : n);
			if (!le) return (eof || n >= HEADERS_CAP) ? (size_t)-1 : 0;
			if (blank_line(b, k, le)) { k = le; break; }
			if (!header_line(b, k, le)) return (size_t)-1;
			k = le;
		}
		/* `100 Continue` always, and a redirect followed with -L, has
		 * another head after it. */
		if (http && (status / 100 == 1 || status / 100 == 3)) {
			if (n - k < 5) {
				if (!eof) return 0;
				return k;
			}
			if (http_status_line(b + k, n - k)) { i = k; continue; }
		}
		return k;
	}
}

/* Content-Type → the body's type (§13.3). */
static void body_type(const unsigned char *v, size_t n, struct headers_result *res)
{
	while (n && (*v == ' ' || *v == '\t')) { v++; n--; }
	const unsigned char *semi = memchr(v, ';', n);
	if (semi) n = (size_t)(semi - v);
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\r' || v[n - 1] == '\n')) n--;
	if (ci_equal(v, n, "text/html") || ci_equal(v, n, "application/xhtml+xml")) res->body = FILETYPE_HTML;
	else if (ci_equal(v, n, "application/json") || ci_equal(v, n, "text/json") ||
	         (n > 5 && ci_equal(v + n - 5, 5, "+json")))
		res->body = FILETYPE_JSON;
	else if (ci_equal(v, n, "text/plain")) res->body = FILETYPE_TEXT;
	else { res->passthrough = true; res->why = "its Content-Type is not html, json or text"; }
}

static bool trimmed_is(const unsigned char *v, size_t n, const char *lit)
{
	while (n && (*v == ' ' || *v == '\t')) { v++; n--; }
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t' || v[n - 1] == '\r' || v[n - 1] == '\n')) n--;
	return ci_equal(v, n, lit);
}

/* The last head decides the body: look at its Content-Type and
 * Content-Encoding. */
static void decide(const unsigned char *h, size_t start, size_t n, struct headers_result *res)
{
	res->body = FILETYPE_AUTO;
	res->passthrough = false;
	res->why = NULL;
	for (size_t i = start, e; i < n && (e = line_end(h, i, n)); i = e) {
		if (!header_line(h, i, e)) continue;
		const unsigned char *colon = memchr(h + i, ':', e - i);
		size_t nl = (size_t)(colon - (h + i));
		const unsigned char *v = colon + 1;
		size_t vn = e - (size_t)(v - h);
		if (ci_equal(h + i, nl, "content-type")) body_type(v, vn, res);
		else if (ci_equal(h + i, nl, "content-encoding") && !trimmed_is(v, vn, "identity")) {
			res->passthrough = true;
			res->why = "it has a Content-Encoding";
		}
	}
	if (res->passthrough) res->body = FILETYPE_AUTO;
}

static bool canonical_host(const struct patterns *pt, const unsigned char *d, size_t n)
{
	if (n && d[0] == '.') { d++; n--; }
	for (size_t g = 0; g < pt->nhosts; g++) {
		if (pt->hosts[g].len != n) continue;
		size_t k = 0;
		while (k < n && ascii_lower(d[k]) == pt->hosts[g].host[k]) k++;
		if (k == n) return true;
	}
	return false;
}

/* Set-Cookie: drop a `Domain=` attribute that names a canonical host; the
 * cookie becomes host-only, which is always safe. */
static bool cookie_domain(struct value *vp, const unsigned char *v, size_t n, uint64_t off, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		if (v[i] != ';') continue;
		size_t a = i + 1;
		while (a < n && (v[a] == ' ' || v[a] == '\t')) a++;
		if (!ci_prefix(v + a, n - a, "domain=")) continue;
		size_t d = a + 7, e = d;
		while (e < n && v[e] != ';' && v[e] != '\r' && v[e] != '\n') e++;
		size_t de = e;
		while (de > d && (v[de - 1] == ' ' || v[de - 1] == '\t')) de--;
		if (!canonical_host(vp->pt, v + d, de - d)) continue;
		buf_put(out, v, i);
		buf_put(out, v + e, n - e);
		if (vp->report) {
			struct report_event re = { .offset = off + i, .action = ACTION_REWROTE, .surface = SURFACE_HEADER,
			                           .text = v + a, .text_len = de - a };
			report_add(vp->report, &re);
		}
		return true;
	}
	return false;
}

void headers_rewrite(const unsigned char *h, size_t n, struct value *vp, struct buf *out,
                     struct headers_result *res)
{
	static const char *const url_headers[] = {
		"location", "content-location", "refresh", "link", "content-security-policy",
		"content-security-policy-report-only", "access-control-allow-origin",
	};
	static const char *const body_headers[] = { "content-length", "etag", "last-modified", "transfer-encoding" };
	out->len = 0;
	/* where the last head starts */
	size_t last = 0;
	for (size_t i = 0, e; i < n && (e = line_end(h, i, n)); i = e)
		if (http_status_line(h + i, e - i)) last = i;
	decide(h, last, n, res);
	bool changes = !res->passthrough;

	struct value_opts o = { .mode = MATCH_VALUE, .surface = SURFACE_HEADER };
	for (size_t i = 0, e; i < n && (e = line_end(h, i, n)); i = e) {
		if (!header_line(h, i, e)) { buf_put(out, h + i, e - i); continue; }
		const unsigned char *colon = memchr(h + i, ':', e - i);
		size_t nl = (size_t)(colon - (h + i));
		size_t vs = (size_t)(colon + 1 - h);
		/* the value without its line ending and surrounding blanks */
		size_t ve = e;
		while (ve > vs && (h[ve - 1] == '\n' || h[ve - 1] == '\r')) ve--;
		bool drop = false;
		if (i >= last && changes)
			for (size_t k = 0; k < sizeof body_headers / sizeof *body_headers; k++)
				if (ci_equal(h + i, nl, body_headers[k])) drop = true;
		if (drop) continue;   /* the body may change: these would lie about it */
		bool url = false;
		for (size_t k = 0; k < sizeof url_headers / sizeof *url_headers; k++)
			if (ci_equal(h + i, nl, url_headers[k])) url = true;
		struct slice nv;
		if (url && value_rewrite(vp, h + vs, ve - vs, vs, &o, &nv)) {
			buf_put(out, h + i, vs - i);
			buf_put(out, nv.p, nv.n);
			buf_put(out, h + ve, e - ve);
			continue;
		}
		if (ci_equal(h + i, nl, "set-cookie")) {
			size_t before = out->len;
			buf_put(out, h + i, vs - i);
			if (cookie_domain(vp, h + vs, ve - vs, vs, out)) { buf_put(out, h + ve, e - ve); continue; }
			out->len = before;
		}
		buf_put(out, h + i, e - i);
	}
}
