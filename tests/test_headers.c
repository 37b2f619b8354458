/* test_headers.c — `--headers` (docs/rules.md §13.3): the URL-bearing headers
 * rewritten on surface `header`, Set-Cookie Domain dropped, validators and
 * framing removed when the body may change, several heads, CGI blocks, and
 * bodies passed through by type or encoding. */
#include <check.h>
#include <string.h>

#include "headers.h"
#include "pipeline_fixture.h"
#include "suites.h"

#define MAP1 "https://www.example.fi https://wt-a--example.ddev.site\n"
#define C "www.example.fi"
#define V "wt-a--example.ddev.site"

static void expect(const char *in, const char *want, size_t header_rewrites)
{
	static const size_t sizes[] = { 1, 3, 7, 4096 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = { .type = FILETYPE_AUTO, .headers = true, .read_size = sizes[i] };
		struct pf_result r;
		pf_run(MAP1, in, strlen(in), &o, &r);
		ck_assert_msg(strcmp((char *)r.out, want) == 0, "read size %zu:\n got  %s\n want %s", sizes[i], r.out, want);
		ck_assert_uint_eq(r.rewrites[SURFACE_HEADER], header_rewrites);
		pf_free(&r);
	}
}

/* Every URL-bearing header named by rules.md §13.3; others are kept. */
START_TEST(url_headers)
{
	expect("HTTP/1.1 302 Found\r\nLocation: https://" C "/x\r\nX-Other: https://" C "/\r\n\r\n",
	       "HTTP/1.1 302 Found\r\nLocation: https://" V "/x\r\nX-Other: https://" C "/\r\n\r\n", 1);
	expect("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-location: //" C "/a\r\n"
	       "Refresh: 5; url=https://" C "/b\r\nLINK: <https://" C "/wp-json/>; rel=\"https://api.w.org/\"\r\n"
	       "Content-Security-Policy: default-src 'self' https://" C "; img-src *\r\n"
	       "Content-Security-Policy-Report-Only: script-src https://" C "\r\n"
	       "Access-Control-Allow-Origin: https://" C "\r\n\r\nbody https://" C "/\n",
	       "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-location: //" V "/a\r\n"
	       "Refresh: 5; url=https://" V "/b\r\nLINK: <https://" V "/wp-json/>; rel=\"https://api.w.org/\"\r\n"
	       "Content-Security-Policy: default-src 'self' https://" V "; img-src *\r\n"
	       "Content-Security-Policy-Report-Only: script-src https://" V "\r\n"
	       "Access-Control-Allow-Origin: https://" V "\r\n\r\nbody https://" V "/\n", 6);
}
END_TEST

/* A canonical origin in a header hostshift does not rewrite is kept, and
 * said: counted `header-kept`, a finding in check mode at its line and
 * column, one warning naming the header; a header with none says
 * nothing. */
START_TEST(kept_headers_reported)
{
	const char *in = "HTTP/1.1 200 OK\r\nX-Pingback: https://" C "/xmlrpc.php\r\nX-Powered-By: PHP\r\n"
	                 "Report-To: {\"url\":\"https://" C "/r\"}, {\"url\":\"https://" C "/s\"}\r\n"
	                 "Content-Type: text/plain\r\n\r\nx\n";
	expect(in, in, 0);
	static const size_t sizes[] = { 1, 7, 4096 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = { .type = FILETYPE_AUTO, .headers = true, .read_size = sizes[i], .loud = true };
		struct pf_result r;
		pf_run(MAP1, in, strlen(in), &o, &r);
		ck_assert_uint_eq(r.skips[REASON_HEADER_KEPT], 3);
		ck_assert_uint_eq(r.candidates[SURFACE_HEADER], 3);
		ck_assert_ptr_nonnull(r.err);
		ck_assert_ptr_nonnull(strstr(r.err, "the X-Pingback header at offset 17 holds the canonical origin https://" C));
		ck_assert_ptr_nonnull(strstr(r.err, "the Report-To header at offset"));
		ck_assert_ptr_null(strstr(r.err, "X-Powered-By"));
		/* (one warning a header) */
		ck_assert_ptr_null(strstr(strstr(r.err, "Report-To") + 1, "Report-To"));
		pf_free(&r);
		o.check = true;
		pf_run(MAP1, in, strlen(in), &o, &r);
		ck_assert_msg(r.check && strstr(r.check, "in:2:13: https://" C " (header-kept)"), "check: %s", r.check ? r.check : "");
		ck_assert_ptr_nonnull(strstr(r.check, "in:4:20: https://" C " (header-kept)"));
		ck_assert_ptr_nonnull(strstr(r.check, "in:4:56: https://" C " (header-kept)"));
		pf_free(&r);
	}
}
END_TEST

/* A Set-Cookie Domain that domain-matches a canonical host is dropped
 * (RFC 6265: any case, white space around '=', a leading dot, a parent
 * domain of the host); one of an unrelated domain stays, and so does a
 * cookie named Domain. */
START_TEST(cookie_domain)
{
	expect("HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/; Domain=." C "; Secure\r\nSet-Cookie: b=2; domain=" C "\r\n"
	       "Set-Cookie: c=3; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n",
	       "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/; Secure\r\nSet-Cookie: b=2\r\n"
	       "Set-Cookie: c=3; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n", 2);
	expect("HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain = " C "\r\nSet-Cookie: b=2; DOMAIN\t=\t.EXAMPLE.fi ;Path=/\r\n"
	       "Set-Cookie: c=3;domain=example.fi;HttpOnly\r\nSet-Cookie: d=4; Domain=ample.fi\r\n"
	       "Set-Cookie: e=5; Domain=www.example.fi.evil\r\nSet-Cookie: Domain=" C "; Path=/\r\n"
	       "Set-Cookie: f=6; Domain=\r\nContent-Type: text/plain\r\n\r\nx\n",
	       "HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2;Path=/\r\n"
	       "Set-Cookie: c=3;HttpOnly\r\nSet-Cookie: d=4; Domain=ample.fi\r\n"
	       "Set-Cookie: e=5; Domain=www.example.fi.evil\r\nSet-Cookie: Domain=" C "; Path=/\r\n"
	       "Set-Cookie: f=6; Domain=\r\nContent-Type: text/plain\r\n\r\nx\n", 3);
}
END_TEST

/* An international canonical: a cookie Domain is read in its ASCII form,
 * as a browser reads it, whatever the case or form it is written in. */
START_TEST(cookie_domain_idn)
{
	const char *map = "https://www.b\xc3\xbc" "cher.example https://v.test\n";
	static const char *const domains[] = { "www.b\xc3\xbc" "cher.example", "B\xc3\x9c" "CHER.example", "B\xc3\xbc" "cher.Example",
		                               "xn--bcher-kva.example", ".XN--BCHER-KVA.example",
		                               /* (decomposed, and fullwidth: only their ASCII form matches) */
		                               "bu\xcc\x88" "cher.example", "\xef\xbd\x82\xc3\xbc" "cher.example" };
	for (size_t i = 0; i < sizeof domains / sizeof *domains; i++) {
		char in[256];
		snprintf(in, sizeof in, "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain=%s; Path=/\r\nContent-Type: text/plain\r\n\r\nx\n", domains[i]);
		const char *want = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/\r\nContent-Type: text/plain\r\n\r\nx\n";
		struct pf_options o = { .type = FILETYPE_AUTO, .headers = true, .read_size = 7 };
		struct pf_result r;
		pf_run(map, in, strlen(in), &o, &r);
		ck_assert_msg(strcmp((char *)r.out, want) == 0, "domain %zu: %s", i, r.out);
		pf_free(&r);
	}
	/* (another domain past ASCII is kept) */
	const char *other = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain=b\xc3\xa4" "cher.example\r\nContent-Type: text/plain\r\n\r\nx\n";
	struct pf_options o = { .type = FILETYPE_AUTO, .headers = true };
	struct pf_result r;
	pf_run(map, other, strlen(other), &o, &r);
	ck_assert_str_eq((char *)r.out, other);
	pf_free(&r);
}
END_TEST

/* An IP address matches only itself; a host mapped to itself keeps its
 * cookies' Domain. */
START_TEST(cookie_domain_ip_identity)
{
	struct pf_options o = { .headers = true };
	struct pf_result r;
	const char *ip = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain=0.0.1\r\nSet-Cookie: b=1; Domain=127.0.0.1\r\n\r\n";
	pf_run("http://127.0.0.1:8000 http://127.0.0.1:9000\n", ip, strlen(ip), &o, &r);
	ck_assert_str_eq((char *)r.out, "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain=0.0.1\r\nSet-Cookie: b=1\r\n\r\n");
	pf_free(&r);
	const char *id = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain=example.fi\r\n\r\n";
	pf_run("https://www.example.fi https://www.example.fi\n", id, strlen(id), &o, &r);
	ck_assert_str_eq((char *)r.out, id);
	pf_free(&r);
}
END_TEST

/* When the body may change, Content-Length, ETag and Last-Modified go
 * (Transfer-Encoding always goes: transfer_encoding below); when it passes
 * through, they stay. */
START_TEST(validators)
{
	expect("HTTP/1.1 200 OK\nContent-Length: 12\nETag: \"a\"\nLast-Modified: x\nTransfer-Encoding: chunked\n"
	       "Content-Type: application/json\n\n{\"u\":\"https://" C "/\"}",
	       "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"u\":\"https://" V "/\"}", 0);
	expect("HTTP/1.1 200 OK\nContent-Length: 3\nETag: \"a\"\nContent-Type: image/png\n\nhttps://" C "/",
	       "HTTP/1.1 200 OK\nContent-Length: 3\nETag: \"a\"\nContent-Type: image/png\n\nhttps://" C "/", 0);
	expect("HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: 3\nContent-Type: text/html\n\nhttps://" C "/",
	       "HTTP/1.1 200 OK\nContent-Encoding: gzip\nContent-Length: 3\nContent-Type: text/html\n\nhttps://" C "/", 0);
	expect("HTTP/1.1 200 OK\nContent-Encoding: identity\nContent-Length: 3\nContent-Type: text/html\n\n<a href=//" C "/>",
	       "HTTP/1.1 200 OK\nContent-Encoding: identity\nContent-Type: text/html\n\n<a href=//" V "/>", 0);
}
END_TEST

/* Content-Type picks the body type: html, json (and +json), text (and
 * text_bodies below). */
START_TEST(body_types)
{
	struct pf_options o = { .headers = true };
	struct pf_result r;
	const char *html = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=\"https://" C "/\">";
	pf_run(MAP1, html, strlen(html), &o, &r);
	ck_assert_uint_eq(r.rewrites[SURFACE_HTML_ATTR], 1);
	pf_free(&r);
	const char *json = "HTTP/1.1 200 OK\r\nContent-Type: application/ld+json\r\n\r\n{\"u\":\"https:\\/\\/" C "\"}";
	pf_run(MAP1, json, strlen(json), &o, &r);
	ck_assert_uint_eq(r.rewrites[SURFACE_JSON_STRING], 1);
	pf_free(&r);
}
END_TEST

/* Several heads (100 Continue, a redirect followed) and a CGI block. */
START_TEST(heads_and_cgi)
{
	expect("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 301 Moved\r\nLocation: https://" C "/a\r\n\r\n"
	       "HTTP/2 200\r\ncontent-type: text/html\r\ncontent-length: 9\r\n\r\n<p>https://" C "/</p>",
	       "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 301 Moved\r\nLocation: https://" V "/a\r\n\r\n"
	       "HTTP/2 200\r\ncontent-type: text/html\r\n\r\n<p>https://" V "/</p>", 1);
	expect("Status: 302 Found\nLocation: https://" C "/login\nContent-Type: text/html\n\n<a href=\"//" C "/\">",
	       "Status: 302 Found\nLocation: https://" V "/login\nContent-Type: text/html\n\n<a href=\"//" V "/\">", 1);
	/* no head at all: everything is the body */
	expect("just text https://" C "/\n", "just text https://" V "/\n", 0);
}
END_TEST

/* Offsets of body events count from the start of the input. */
START_TEST(body_offsets)
{
	const char *in = "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nx https://" C "/\n";
	struct pf_options o = { .headers = true, .check = true };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	ck_assert_str_eq(r.check, "in:4:3: https://" C " (text)\n");
	ck_assert_ptr_nonnull(strstr(r.explain, "        44  rewrote"));
	pf_free(&r);
}
END_TEST

/* The body hostshift reads was de-chunked by the client that printed the
 * head (curl -si): Transfer-Encoding goes from every head, whatever the
 * body, and a Content-Length sent beside it (never the body's length)
 * with it; a body passed through keeps its other headers. */
START_TEST(transfer_encoding)
{
	expect("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\nETag: \"a\"\r\n\r\n\x89PNG https://" C "/",
	       "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nETag: \"a\"\r\n\r\n\x89PNG https://" C "/", 0);
	expect("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 99\r\nContent-Encoding: gzip\r\n"
	       "Content-Type: text/html\r\n\r\nxx",
	       "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Type: text/html\r\n\r\nxx", 0);
	expect("HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Length: 2\n\nxx",
	       "HTTP/1.1 200 OK\nContent-Type: image/png\nContent-Length: 2\n\nxx", 0);
	/* an interim head's too; its own Content-Length is its own */
	expect("HTTP/1.1 301 Moved\r\nLocation: https://" C "/b\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n"
	       "HTTP/1.1 200 OK\r\ncontent-type: font/woff2\r\ntransfer-encoding: chunked\r\n\r\nwOF2",
	       "HTTP/1.1 301 Moved\r\nLocation: https://" V "/b\r\nContent-Length: 5\r\n\r\n"
	       "HTTP/1.1 200 OK\r\ncontent-type: font/woff2\r\n\r\nwOF2", 1);
	/* a CGI block the same */
	expect("Content-Type: image/gif\nTransfer-Encoding: chunked\n\nGIF89a", "Content-Type: image/gif\n\nGIF89a", 0);
}
END_TEST

/* Style sheets, scripts, XML and SVG are read as text: their origins are
 * rewritten and their length headers go. */
START_TEST(text_bodies)
{
	static const char *const types[] = {
		"text/css", "text/javascript", "application/javascript", "application/x-javascript", "text/ecmascript",
		"text/xml", "application/xml", "image/svg+xml", "application/rss+xml", "Text/CSS; charset=utf-8",
	};
	for (size_t k = 0; k < sizeof types / sizeof *types; k++) {
		char in[512], want[512];
		snprintf(in, sizeof in, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: 61\r\nETag: \"x\"\r\n\r\n"
		         "a{background:url(https://" C "/a.png)} var u=\"https:\\/\\/" C "\\/\";\n", types[k]);
		snprintf(want, sizeof want, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n"
		         "a{background:url(https://" V "/a.png)} var u=\"https:\\/\\/" V "\\/\";\n", types[k]);
		expect(in, want, 0);
	}
	/* not everything is text */
	expect("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 19\r\n\r\nhttps://" C "/",
	       "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 19\r\n\r\nhttps://" C "/", 0);
}
END_TEST

/* Heads as curl prints them through a proxy, folded, or over 64 KiB: the
 * head is found, so the body is rewritten and its stale length goes. */
START_TEST(heads_found)
{
	expect("HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 24\r\n\r\n"
	       "<a href=\"https://" C "/\">",
	       "HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
	       "<a href=\"https://" V "/\">", 0);
	/* a folded header is kept as it is, or rewritten in place */
	expect("HTTP/1.1 200 OK\r\nX-F: a\r\n b\r\nLink: <https://" C "/a>,\r\n\t<https://" C "/b>\r\nContent-Length: 24\r\n"
	       "Content-Type: text/html\r\n\r\n<a href=\"https://" C "/\">",
	       "HTTP/1.1 200 OK\r\nX-F: a\r\n b\r\nLink: <https://" V "/a>,\r\n\t<https://" V "/b>\r\n"
	       "Content-Type: text/html\r\n\r\n<a href=\"https://" V "/\">", 2);
	/* a Content-Length folded onto a second line goes whole */
	expect("HTTP/1.1 200 OK\r\nContent-Length:\r\n 24\r\nContent-Type: text/plain\r\n\r\nhttps://" C "/",
	       "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhttps://" V "/", 0);
	/* a line that is no header, after a status line, is the head's */
	expect("HTTP/1.1 200 OK\r\nno colon here\r\nContent-Length: 24\r\nContent-Type: text/plain\r\n\r\nhttps://" C "/",
	       "HTTP/1.1 200 OK\r\nno colon here\r\nContent-Type: text/plain\r\n\r\nhttps://" V "/", 0);
}
END_TEST

/* A head over HEADERS_CAP is held in a temporary file: found and
 * rewritten as any other, at every read size. */
START_TEST(head_over_cap)
{
	size_t cap = 3 * HEADERS_CAP;
	char *in = malloc(cap), *want = malloc(cap);
	size_t n = 0, w = 0;
	n += (size_t)snprintf(in + n, cap - n, "HTTP/1.1 200 OK\r\nContent-Length: 24\r\n");
	w += (size_t)snprintf(want + w, cap - w, "HTTP/1.1 200 OK\r\n");
	for (int k = 0; n < HEADERS_CAP + 4096; k++) {
		int m = snprintf(in + n, cap - n, "X-Pad-%d: %0100d\r\n", k, k);
		memcpy(want + w, in + n, (size_t)m + 1);
		n += (size_t)m;
		w += (size_t)m;
	}
	n += (size_t)snprintf(in + n, cap - n, "Location: https://" C "/z\r\nContent-Type: text/html\r\n\r\n<a href=\"https://" C "/\">");
	w += (size_t)snprintf(want + w, cap - w, "Location: https://" V "/z\r\nContent-Type: text/html\r\n\r\n<a href=\"https://" V "/\">");
	static const size_t sizes[] = { 7, 4096, 65536 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = { .headers = true, .read_size = sizes[i] };
		struct pf_result r;
		pf_run(MAP1, in, n, &o, &r);
		ck_assert_uint_eq(r.out_len, w);
		ck_assert_msg(memcmp(r.out, want, w) == 0, "read size %zu", sizes[i]);
		ck_assert_uint_eq(r.rewrites[SURFACE_HEADER], 1);
		pf_free(&r);
	}
	free(in);
	free(want);
}
END_TEST

/* A URL header over the value cap (1 MiB) is left as it is, counted
 * size-cap-exceeded and said; the rest of the head and the body are
 * rewritten as ever. */
START_TEST(url_header_over_cap)
{
	size_t pad = HEADERS_VALUE_CAP + 10;
	const char *pre = "HTTP/1.1 200 OK\r\nLink: <https://" C "/", *mid = ">\r\nLocation: https://" C "/\r\n"
	                  "Content-Type: text/plain\r\n\r\nx https://" C "/\n";
	size_t n = strlen(pre) + pad + strlen(mid);
	char *in = malloc(n + 1);
	memcpy(in, pre, strlen(pre));
	memset(in + strlen(pre), 'a', pad);
	memcpy(in + strlen(pre) + pad, mid, strlen(mid) + 1);
	struct pf_options o = { .headers = true, .loud = true, .stats = true };
	struct pf_result r;
	pf_run(MAP1, in, n, &o, &r);
	const char *link_end = strstr(in, "\r\nLocation");
	size_t head1 = (size_t)(link_end - in) + 2;
	ck_assert_uint_eq(r.out_len, n + 2 * (strlen(V) - strlen(C)));
	ck_assert(memcmp(r.out, in, head1) == 0);   /* the Link header as it was */
	ck_assert_ptr_nonnull(strstr((char *)r.out + head1, "Location: https://" V "/\r\n"));
	ck_assert_ptr_nonnull(strstr((char *)r.out + head1, "x https://" V "/\n"));
	ck_assert_uint_eq(r.skips[REASON_SIZE_CAP_EXCEEDED], 1);
	ck_assert_uint_eq(r.rewrites[SURFACE_HEADER], 1);
	ck_assert_ptr_nonnull(strstr(r.err, "a Link header over 1 MiB at offset 17 is left as it is"));
	pf_free(&r);
	free(in);
}
END_TEST

/* A start that turns out to be no head, after more than a read (or
 * HEADERS_CAP) of it was held, is all read again as the body, byte for
 * byte. */
START_TEST(no_head_read_again)
{
	size_t cap = 3 * HEADERS_CAP;
	char *in = malloc(cap);
	size_t n = (size_t)snprintf(in, cap, "HTTP/1.1 200 OK\r\n");
	for (int k = 0; n < HEADERS_CAP + 4096; k++) n += (size_t)snprintf(in + n, cap - n, "X-Pad-%d: https://" C "/%d\r\n", k, k);
	/* no blank line before the end: no head */
	char *want = malloc(2 * cap);
	size_t w = 0;
	for (size_t i = 0; i < n;) {
		if (i + strlen(C) <= n && memcmp(in + i, C, strlen(C)) == 0) {
			memcpy(want + w, V, strlen(V));
			w += strlen(V);
			i += strlen(C);
		} else {
			want[w++] = in[i++];
		}
	}
	static const size_t sizes[] = { 7, 4096, 65536 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = { .headers = true, .read_size = sizes[i], .type = FILETYPE_TEXT, .loud = true };
		struct pf_result r;
		pf_run(MAP1, in, n, &o, &r);
		ck_assert_uint_eq(r.out_len, w);
		ck_assert_msg(memcmp(r.out, want, w) == 0, "read size %zu", sizes[i]);
		ck_assert_ptr_nonnull(strstr(r.err, "no HTTP response head at the start"));
		pf_free(&r);
	}
	free(in);
	free(want);
}
END_TEST

/* Findings in the head have their line and column (check mode), and a
 * dropped cookie attribute is reported where its name begins. */
START_TEST(head_positions)
{
	const char *in = "HTTP/1.1 302 Found\r\nLocation: https://" C "/x\r\nSet-Cookie: a=1; Domain=" C "\r\n"
	                 "Link: <https://a.example/>,\r\n <https://" C "/b>\r\nContent-Type: text/plain\r\n\r\nx https://" C "/\n";
	struct pf_options o = { .headers = true, .check = true };
	struct pf_result r;
	pf_run(MAP1, in, strlen(in), &o, &r);
	ck_assert_str_eq(r.check, "in:2:11: https://" C " (header)\n"
	                          "in:3:18: Domain=" C " (header)\n"
	                          "in:5:3: https://" C " (header)\n"
	                          "in:8:3: https://" C " (text)\n");
	pf_free(&r);
	struct pf_options e = { .headers = true };
	pf_run(MAP1, in, strlen(in), &e, &r);
	size_t dom = (size_t)(strstr(in, "Domain=") - in);
	char want[64];
	snprintf(want, sizeof want, "%10zu  rewrote", dom);
	ck_assert_msg(strstr(r.explain, want), "no '%s' in\n%s", want, r.explain);
	pf_free(&r);
}
END_TEST

/* The scanner, fed in pieces of every size: the state it ends in and
 * the head section's length. */
static enum headers_state scan(const char *in, bool eof, uint64_t *end)
{
	size_t n = strlen(in);
	enum headers_state first = HEADERS_MORE;
	uint64_t first_end = 0;
	for (size_t piece = 1; piece <= n + 1; piece++) {
		struct headers_scan s;
		headers_scan_init(&s);
		enum headers_state st = HEADERS_MORE;
		for (size_t at = 0; at < n && st == HEADERS_MORE; at += piece) {
			size_t k = n - at < piece ? n - at : piece;
			st = headers_scan(&s, (const unsigned char *)in + at, k, eof && at + k == n);
		}
		if (!n) st = headers_scan(&s, NULL, 0, eof);
		if (piece == 1) { first = st; first_end = s.end; }
		ck_assert_msg(st == first && s.end == first_end, "piece %zu: state %d end %llu, not %d %llu", piece, (int)st,
		              (unsigned long long)s.end, (int)first, (unsigned long long)first_end);
	}
	*end = first_end;
	return first;
}

START_TEST(head_length)
{
	uint64_t end;
	ck_assert_int_eq(scan("HTTP/1.1 200 OK\r\n", false, &end), HEADERS_MORE);
	ck_assert_int_eq(scan("HTTP/1.1 200 OK\r\n\r\nbody", false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 19);
	ck_assert_int_eq(scan("<html>", false, &end), HEADERS_NONE);
	ck_assert_int_eq(scan("HTTP/1.1 100 Continue\r\n\r\nHTT", false, &end), HEADERS_MORE);
	ck_assert_int_eq(scan("HTTP/1.1 100 Continue\r\n\r\nHTT", true, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 25);
	/* unfinished at the end: no head */
	ck_assert_int_eq(scan("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", true, &end), HEADERS_NONE);
	ck_assert_int_eq(scan("", true, &end), HEADERS_NONE);
	/* a CGI block is header lines and folds only */
	ck_assert_int_eq(scan("Status: 200\r\nContent-Type: text/html\r\n\r\n", false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 40);
	ck_assert_int_eq(scan("Status: 200\r\nbad line\r\n\r\n", false, &end), HEADERS_NONE);
	/* the first line is judged before it ends: a long line of body is
	 * never waited for */
	ck_assert_int_eq(scan("{\"a\":1", false, &end), HEADERS_NONE);
	ck_assert_int_eq(scan("HTTP/1.1 2x", false, &end), HEADERS_NONE);
	ck_assert_int_eq(scan("HTTP/2 200", false, &end), HEADERS_MORE);
}
END_TEST

/* What is one head and what follows it: a head after a status line is
 * every line up to the blank one, folds and odd lines included; another
 * head follows only one that may have one after it (1xx, a proxy's
 * `Connection established`, a redirect, 401, 407), and is known by its
 * status line, before that line ends. */
START_TEST(head_sections)
{
	uint64_t end;
	const char *proxy = "HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc";
	ck_assert_int_eq(scan(proxy, false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, strlen(proxy) - 3);
	const char *est = "HTTP/1.0 200 connection Established \r\nProxy-Agent: x\r\n\r\nHTTP/2 200 \r\n\r\nabc";
	ck_assert_int_eq(scan(est, false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, strlen(est) - 3);
	const char *auth = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest x\r\n\r\nHTTP/1.1 200 OK\r\n\r\n";
	ck_assert_int_eq(scan(auth, false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, strlen(auth));
	/* a final 200's body that looks like a head is body */
	ck_assert_int_eq(scan("HTTP/1.1 200 OK\r\n\r\nHTTP/1.1 200 OK\r\n\r\n", false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 19);
	/* after an interim head, a body line is known at once, LF or not */
	ck_assert_int_eq(scan("HTTP/1.1 301 Moved\r\n\r\n<html>", false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 22);
	const char *fold = "HTTP/1.1 200 OK\r\nX-F: a\r\n b\r\n\tc\r\nContent-Length: 3\r\n\r\nabc";
	ck_assert_int_eq(scan(fold, false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, strlen(fold) - 3);
	const char *odd = "HTTP/1.1 200 OK\r\nnot a header\r\nX : y\r\n\r\nabc";
	ck_assert_int_eq(scan(odd, false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, strlen(odd) - 3);
	ck_assert_int_eq(scan("Status: 200\r\nX-F: a\r\n b\r\n\r\n", false, &end), HEADERS_DONE);
	ck_assert_uint_eq(end, 27);
}
END_TEST

/* Heads made at random from the pieces a head is made of: whatever the
 * read size, the same output and the same events (rules.md §11.3's
 * chunking invariant), and with a map that changes nothing, every byte
 * of the body is there. */
START_TEST(random_heads_chunking)
{
	static const char *const pieces[] = {
		"HTTP/1.1 200 OK\r\n", "HTTP/1.1 100 Continue\r\n", "HTTP/1.1 200 Connection established\r\n",
		"HTTP/1.1 301 Moved\r\n", "HTTP/2 200 \r\n", "HTTP/1.1 401 No\r\n", "Status: 302\r\n", "\r\n", "\n",
		"Location: https://" C "/a\r\n", "Set-Cookie: a=1; Domain = ." C "\r\n", "Content-Length: 10\r\n",
		"Transfer-Encoding: chunked\r\n", "Content-Type: text/html\r\n", "Content-Type: text/css\r\n",
		"Content-Type: image/png\r\n", "Content-Encoding: gzip\r\n", " folded\r\n", "\tfolded\r\n",
		"no colon\r\n", "X-A: b\r\n", "<a href=\"https://" C "/\">", "HTTP/1.1 2", "https://" C "/x\n", "Link: <//" C ">\n",
	};
	unsigned seed = 29;
	char in[2048];
	for (int c = 0; c < 300; c++) {
		size_t n = 0;
		int k = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 12;
		for (int i = 0; i < k; i++) {
			const char *pc = pieces[((seed = seed * 1103515245u + 12345u) >> 16) % (sizeof pieces / sizeof *pieces)];
			memcpy(in + n, pc, strlen(pc));
			n += strlen(pc);
		}
		in[n] = 0;
		struct pf_result first;
		static const size_t sizes[] = { 4096, 1, 2, 3, 5, 7, 64 };
		for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
			struct pf_options o = { .headers = true, .read_size = sizes[z], .stats = true };
			struct pf_result r;
			pf_run(MAP1, in, n, &o, &r);
			if (z == 0) {
				first = r;
				continue;
			}
			ck_assert_msg(r.out_len == first.out_len && memcmp(r.out, first.out, r.out_len) == 0,
			              "case %d, read size %zu: output differs for\n%s", c, sizes[z], in);
			ck_assert_msg(pf_same_counters(&r, &first), "case %d, read size %zu: counters differ for\n%s", c, sizes[z], in);
			pf_free(&r);
		}
		pf_free(&first);
	}
}
END_TEST

Suite *headers_suite(void)
{
	Suite *s = suite_create("headers");
	TCase *tc = tcase_create("headers");
	tcase_add_test(tc, url_headers);
	tcase_add_test(tc, kept_headers_reported);
	tcase_add_test(tc, cookie_domain);
	tcase_add_test(tc, cookie_domain_ip_identity);
	tcase_add_test(tc, cookie_domain_idn);
	tcase_add_test(tc, validators);
	tcase_add_test(tc, body_types);
	tcase_add_test(tc, heads_and_cgi);
	tcase_add_test(tc, body_offsets);
	tcase_add_test(tc, head_length);
	tcase_add_test(tc, head_sections);
	tcase_add_test(tc, transfer_encoding);
	tcase_add_test(tc, text_bodies);
	tcase_add_test(tc, heads_found);
	tcase_add_test(tc, head_over_cap);
	tcase_add_test(tc, url_header_over_cap);
	tcase_add_test(tc, no_head_read_again);
	tcase_add_test(tc, head_positions);
	tcase_add_test(tc, random_heads_chunking);
	suite_add_tcase(s, tc);
	return s;
}
