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

/* A Set-Cookie Domain naming a canonical host is dropped; others stay. */
START_TEST(cookie_domain)
{
	expect("HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/; Domain=." C "; Secure\r\nSet-Cookie: b=2; domain=" C "\r\n"
	       "Set-Cookie: c=3; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n",
	       "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/; Secure\r\nSet-Cookie: b=2\r\n"
	       "Set-Cookie: c=3; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n", 2);
}
END_TEST

/* When the body may change, Content-Length, ETag, Last-Modified and
 * Transfer-Encoding go; when it passes through, they stay. */
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

/* Content-Type picks the body type: html, json (and +json), text. */
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

START_TEST(head_length)
{
	ck_assert_uint_eq(headers_length((const unsigned char *)"HTTP/1.1 200 OK\r\n", 17, false), 0);
	ck_assert_uint_eq(headers_length((const unsigned char *)"HTTP/1.1 200 OK\r\n\r\nbody", 23, false), 19);
	ck_assert_uint_eq(headers_length((const unsigned char *)"<html>", 6, false), (size_t)-1);
	ck_assert_uint_eq(headers_length((const unsigned char *)"HTTP/1.1 200 OK\r\nbad line\r\n\r\n", 29, false), (size_t)-1);
	ck_assert_uint_eq(headers_length((const unsigned char *)"HTTP/1.1 100 Continue\r\n\r\nHTT", 28, false), 0);
}
END_TEST

Suite *headers_suite(void)
{
	Suite *s = suite_create("headers");
	TCase *tc = tcase_create("headers");
	tcase_add_test(tc, url_headers);
	tcase_add_test(tc, cookie_domain);
	tcase_add_test(tc, validators);
	tcase_add_test(tc, body_types);
	tcase_add_test(tc, heads_and_cgi);
	tcase_add_test(tc, body_offsets);
	tcase_add_test(tc, head_length);
	suite_add_tcase(s, tc);
	return s;
}
