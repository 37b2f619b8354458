/* test_origin.c — the origin model of docs/rules.md §1.1 (origins in a map,
 * §1): parsing, normalisation, equality and rendering of a declared origin.
 * Written from the rules, not from src/origin.c. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "origin.h"
#include "suites.h"

/* Parse a NUL-terminated string; fail the test with the message if refused. */
static struct origin parse_ok(const char *text)
{
	struct origin o;
	const char *err = NULL;
	memset(&o, 0x5a, sizeof o);
	bool ok = origin_parse(text, strlen(text), &o, &err);
	ck_assert_msg(ok, "origin_parse(\"%s\") refused: %s", text, err ? err : "(null)");
	return o;
}

/* Parse a NUL-terminated string that must be refused; returns the message. */
static const char *parse_err(const char *text)
{
	struct origin o;
	const char *err = NULL;
	bool ok = origin_parse(text, strlen(text), &o, &err);
	ck_assert_msg(!ok, "origin_parse(\"%s\") accepted, expected an error", text);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(err[0] != '\0', "origin_parse(\"%s\"): empty error message", text);
	return err;
}

/* Check every field of a parsed origin and its rendering, byte for byte. */
static void check_origin(const struct origin *o, enum scheme scheme, bool ipv6,
                         const char *host, const char *port, const char *rendered)
{
	char buf[512];
	ck_assert_int_eq(o->scheme, scheme);
	ck_assert_int_eq(o->ipv6, ipv6);
	ck_assert_str_eq(o->host, host);
	ck_assert_str_eq(o->port, port);
	memset(buf, 0x5a, sizeof buf);
	size_t n = origin_render(o, buf, sizeof buf);
	ck_assert_uint_eq(n, strlen(rendered));
	ck_assert_str_eq(buf, rendered);
}

/* Parse `text` and check fields and rendering. */
static void expect(const char *text, enum scheme scheme, bool ipv6,
                   const char *host, const char *port, const char *rendered)
{
	struct origin o = parse_ok(text);
	check_origin(&o, scheme, ipv6, host, port, rendered);
}

/* rules.md §1.1, normalisation table row 1: host case. */
START_TEST(ref_1_1_host_lowercased)
{
	expect("https://Example.COM", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("http://WWW.EXAMPLE.FI", SCHEME_HTTP, false, "www.example.fi", "", "http://www.example.fi");
}
END_TEST

/* rules.md §1.1 Scheme: any case, stored lower case. */
START_TEST(ref_1_1_scheme_lowercased)
{
	expect("HTTPS://example.com", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("Http://example.com", SCHEME_HTTP, false, "example.com", "", "http://example.com");
	expect("hTtPs://ExAmPlE.cOm", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
}
END_TEST

/* rules.md §1.1 table row 2: https default port 443 dropped. */
START_TEST(ref_1_1_https_default_port_dropped)
{
	expect("https://example.com:443", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
}
END_TEST

/* rules.md §1.1 table row 3: http default port 80 dropped. */
START_TEST(ref_1_1_http_default_port_dropped)
{
	expect("http://example.com:80", SCHEME_HTTP, false, "example.com", "", "http://example.com");
}
END_TEST

/* rules.md §1.1 Port: the default is per scheme; 443 under http and
 * 80 under https are real ports. */
START_TEST(ref_1_1_other_schemes_default_port_kept)
{
	expect("http://example.com:443", SCHEME_HTTP, false, "example.com", "443", "http://example.com:443");
	expect("https://example.com:80", SCHEME_HTTPS, false, "example.com", "80", "https://example.com:80");
}
END_TEST

/* rules.md §1.1 Port: leading zeros are stripped, so https://h:0443 equals
 * https://h. */
START_TEST(ref_1_1_leading_zero_default_port)
{
	struct origin a = parse_ok("https://example.com:0443");
	struct origin b = parse_ok("https://example.com");
	check_origin(&a, SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	ck_assert(origin_equal(&a, &b));
	struct origin c = parse_ok("http://example.com:00080");
	check_origin(&c, SCHEME_HTTP, false, "example.com", "", "http://example.com");
	expect("https://example.com:08080", SCHEME_HTTPS, false, "example.com", "8080", "https://example.com:8080");
}
END_TEST

/* rules.md §1.1 Port: an all-zero port is port 0, a real port, so
 * https://h:0 does not equal https://h. */
START_TEST(ref_1_1_port_zero_kept_and_distinct)
{
	struct origin z = parse_ok("https://example.com:0");
	struct origin d = parse_ok("https://example.com");
	check_origin(&z, SCHEME_HTTPS, false, "example.com", "0", "https://example.com:0");
	ck_assert(!origin_equal(&z, &d));
	expect("https://example.com:000", SCHEME_HTTPS, false, "example.com", "0", "https://example.com:0");
	expect("http://example.com:0", SCHEME_HTTP, false, "example.com", "0", "http://example.com:0");
}
END_TEST

/* rules.md §1.1 table row 4: https://example.com:8080 unchanged. */
START_TEST(ref_1_1_port_8080_kept)
{
	expect("https://example.com:8080", SCHEME_HTTPS, false, "example.com", "8080", "https://example.com:8080");
	expect("http://127.0.0.1:8080", SCHEME_HTTP, false, "127.0.0.1", "8080", "http://127.0.0.1:8080");
}
END_TEST

/* rules.md §1.1 table row 5 and Host: one trailing root dot is dropped. */
START_TEST(ref_1_1_root_dot_stripped)
{
	expect("https://example.com.", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("https://Example.COM.:8443", SCHEME_HTTPS, false, "example.com", "8443", "https://example.com:8443");
	expect("https://example.com./", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	struct origin a = parse_ok("https://example.com.");
	struct origin b = parse_ok("https://example.com");
	ck_assert(origin_equal(&a, &b));
}
END_TEST

/* rules.md §1.1 Rest: a trailing / is accepted and ignored. */
START_TEST(ref_1_1_trailing_slash_accepted)
{
	expect("https://example.com/", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("https://example.com:8080/", SCHEME_HTTPS, false, "example.com", "8080", "https://example.com:8080");
	expect("http://example.com:80/", SCHEME_HTTP, false, "example.com", "", "http://example.com");
}
END_TEST

/* rules.md §1.1 Rest: any other path is an error (an origin is scheme,
 * host and port, with no path), `https://h/a` of the table included. */
START_TEST(ref_1_1_path_refused)
{
	const char *e = parse_err("https://example.com/a");
	ck_assert_msg(strstr(e, "path") != NULL, "message does not mention the path: %s", e);
	parse_err("https://example.com/a/");
	parse_err("https://example.com:8080/wp-admin");
	parse_err("https://example.com/a/b?c#d");
}
END_TEST

/* rules.md §1.1 Rest: a query is an error. */
START_TEST(ref_1_1_query_refused)
{
	parse_err("https://example.com?x=1");
	parse_err("https://example.com/?x=1");
}
END_TEST

/* rules.md §1.1 Rest: a fragment is an error. */
START_TEST(ref_1_1_fragment_refused)
{
	parse_err("https://example.com#top");
	parse_err("https://example.com/#top");
}
END_TEST

/* rules.md §1.1 Rest: userinfo is an error. */
START_TEST(ref_1_1_userinfo_refused)
{
	parse_err("https://user@example.com");
	parse_err("https://user:secret@example.com");
	parse_err("https://@example.com");
}
END_TEST

/* rules.md §1.1 table last row and Scheme: "//example.com" (protocol-
 * relative) is not a valid declared origin (a missing scheme is an error). */
START_TEST(ref_1_1_protocol_relative_refused)
{
	const char *e = parse_err("//example.com");
	ck_assert_msg(strstr(e, "scheme") != NULL, "message does not mention the scheme: %s", e);
}
END_TEST

/* rules.md §1.1 Scheme: a bare host is refused (a missing scheme is an error). */
START_TEST(ref_1_1_bare_host_refused)
{
	const char *e = parse_err("example.com");
	ck_assert_msg(strstr(e, "scheme") != NULL, "message does not mention the scheme: %s", e);
	parse_err("example.com:8080");
}
END_TEST

/* rules.md §1.1 table last row and Scheme: only http and https
 * (any other scheme is an error). */
START_TEST(ref_1_1_unsupported_scheme_refused)
{
	const char *e = parse_err("ftp://example.com");
	ck_assert_msg(strstr(e, "scheme") != NULL, "message does not mention the scheme: %s", e);
	parse_err("ws://example.com");
	parse_err("httpss://example.com");
	parse_err("http:example.com");
}
END_TEST

/* rules.md §1.1 table last row (`https://`): the host must not be empty. */
START_TEST(ref_1_1_empty_host_refused)
{
	parse_err("https://");
	parse_err("https:///");
	parse_err("https://:8080");
	parse_err("http://");
}
END_TEST

/* rules.md §1.1: an empty (or all-white-space) declaration is no origin. */
START_TEST(ref_1_1_empty_input_refused)
{
	parse_err("");
	parse_err("   \t ");
}
END_TEST

/* rules.md §1.1: surrounding white space is trimmed before parsing. */
START_TEST(ref_1_1_whitespace_trimmed)
{
	expect("  https://example.com", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("https://example.com  ", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect(" \t https://Example.com:443/ \t\n", SCHEME_HTTPS, false, "example.com", "", "https://example.com");
	expect("\thttp://example.com:8080\r\n", SCHEME_HTTP, false, "example.com", "8080", "http://example.com:8080");
}
END_TEST

/* rules.md §1.1 Host: an IPv6 literal is stored without its brackets, and
 * rendered with them (§2.2). */
START_TEST(ref_1_1_ipv6_brackets)
{
	struct origin o = parse_ok("https://[::1]:8080");
	check_origin(&o, SCHEME_HTTPS, true, "::1", "8080", "https://[::1]:8080");
	char buf[64];
	size_t n = origin_host_form(&o, buf, sizeof buf);
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(buf, "[::1]");

	expect("http://[::1]", SCHEME_HTTP, true, "::1", "", "http://[::1]");
	expect("https://[::1]:443/", SCHEME_HTTPS, true, "::1", "", "https://[::1]");
}
END_TEST

/* rules.md §1.1 Host: the host is stored lower case, IPv6 literals too. */
START_TEST(ref_1_1_ipv6_lowercased)
{
	expect("https://[2001:DB8::1]", SCHEME_HTTPS, true, "2001:db8::1", "", "https://[2001:db8::1]");
}
END_TEST

/* rules.md §1.1, §1.4: an international host is stored in its ASCII form
 * (lower case, then UTS #46 ToASCII, then one root dot dropped), with its
 * Unicode form kept for replacement text where it was written with a
 * non-ASCII character; one that is no valid host name is refused, and the
 * message says why. */
static void expect_display(const char *text, const char *host, const char *display)
{
	struct origin o;
	const char *err = NULL;
	ck_assert_msg(origin_parse(text, strlen(text), &o, &err), "%s: %s", text, err ? err : "?");
	ck_assert_str_eq(o.host, host);
	ck_assert_str_eq(o.display, display);
}

START_TEST(ref_1_1_international_host)
{
	const char *u = "www.b\xc3\xbc" "cher.example";
	expect_display("https://www.b\xc3\xbc" "cher.example", "www.xn--bcher-kva.example", u);
	expect_display("https://WWW.B\xc3\x9c" "CHER.EXAMPLE/", "www.xn--bcher-kva.example", u);
	expect_display("https://www.bu\xcc\x88" "cher.example", "www.xn--bcher-kva.example", u);     /* NFD */
	/* U+3002 makes a root dot: dropped after the fold */
	expect_display("https://www\xe3\x80\x82" "b\xc3\xbc" "cher\xe3\x80\x82" "example\xe3\x80\x82", "www.xn--bcher-kva.example", u);
	/* written in ASCII: no display form */
	expect_display("https://www.xn--bcher-kva.example", "www.xn--bcher-kva.example", "");
	expect_display("https://XN--HMEEN-GRA.fi:8443", "xn--hmeen-gra.fi", "");
	/* fullwidth letters fold to an ASCII host: its display is itself, none */
	expect_display("https://\xef\xbd\x97\xef\xbd\x97\xef\xbd\x97.example.fi", "www.example.fi", "");
	struct origin o;
	const char *err = NULL;
	const char *hp = "https://h\xc3\xa4meen.fi:8443";
	ck_assert(origin_parse(hp, strlen(hp), &o, &err));
	ck_assert_str_eq(o.port, "8443");
	const char *e = parse_err("https://xn--zz.example");
	ck_assert_msg(strstr(e, "xn--") != NULL, "%s", e);
	e = parse_err("https://a\xe2\x80\x8c" "b.example");
	ck_assert_msg(strstr(e, "label") != NULL, "%s", e);
	e = parse_err("https://\xff.example");
	ck_assert_msg(strstr(e, "UTF-8") != NULL, "%s", e);
	e = parse_err("https://\xe2\x91\xb5.example");   /* (2): a character no host has */
	ck_assert_msg(strstr(e, "invalid character") != NULL, "%s", e);
}
END_TEST

/* rules.md §1.1 Host: only the byte set and label rules apply, no hyphen
 * checks — "wt--acme" is accepted. */
START_TEST(ref_1_1_double_hyphen_label_accepted)
{
	expect("https://wt--acme.ddev.site", SCHEME_HTTPS, false, "wt--acme.ddev.site", "",
	       "https://wt--acme.ddev.site");
	expect("https://wt-a--Example.ddev.site", SCHEME_HTTPS, false, "wt-a--example.ddev.site", "",
	       "https://wt-a--example.ddev.site");
}
END_TEST

/* rules.md §1.1: a port must be digits (what a URL parser expects). */
START_TEST(ref_1_1_non_digit_port_refused)
{
	parse_err("https://example.com:http");
	parse_err("https://example.com:80a");
	parse_err("https://example.com:-1");
}
END_TEST

/* origin.h contract: origin_parse reads exactly n bytes. */
START_TEST(ref_1_1_parse_respects_length)
{
	const char *text = "https://example.com:8080/path-not-read";
	struct origin o;
	const char *err = NULL;
	ck_assert(origin_parse(text, strlen("https://example.com:8080"), &o, &err));
	check_origin(&o, SCHEME_HTTPS, false, "example.com", "8080", "https://example.com:8080");
}
END_TEST

/* rules.md §1.1: two origins are equal when scheme, host and port are all
 * equal; HostPort ignores the scheme. */
START_TEST(ref_1_1_equality)
{
	struct origin a = parse_ok("https://example.com");
	struct origin b = parse_ok("HTTPS://EXAMPLE.COM:443/");
	struct origin c = parse_ok("http://example.com");
	struct origin d = parse_ok("https://example.com:8443");
	struct origin e = parse_ok("http://example.com:8443");
	struct origin f = parse_ok("https://www.example.com");
	ck_assert(origin_equal(&a, &b));
	ck_assert(!origin_equal(&a, &c));
	ck_assert(!origin_equal(&a, &d));
	ck_assert(!origin_equal(&d, &e));
	ck_assert(!origin_equal(&a, &f));
	ck_assert(origin_same_hostport(&a, &c));
	ck_assert(origin_same_hostport(&d, &e));
	ck_assert(!origin_same_hostport(&a, &d));
	ck_assert(!origin_same_hostport(&a, &f));
}
END_TEST

/* rules.md §1.1 Port, step by step, via origin_normalise_port (origin.h). */
START_TEST(ref_1_1_normalise_port)
{
	char out[ORIGIN_PORT_MAX + 1];
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "443", 3, out));
	ck_assert_str_eq(out, "");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "0443", 4, out));
	ck_assert_str_eq(out, "");
	ck_assert(origin_normalise_port(SCHEME_HTTP, "80", 2, out));
	ck_assert_str_eq(out, "");
	ck_assert(origin_normalise_port(SCHEME_HTTP, "443", 3, out));
	ck_assert_str_eq(out, "443");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "80", 2, out));
	ck_assert_str_eq(out, "80");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "000", 3, out));
	ck_assert_str_eq(out, "0");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "0", 1, out));
	ck_assert_str_eq(out, "0");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "008080", 6, out));
	ck_assert_str_eq(out, "8080");
	ck_assert(origin_normalise_port(SCHEME_HTTPS, "65535", 5, out));
	ck_assert_str_eq(out, "65535");
	ck_assert(!origin_normalise_port(SCHEME_HTTPS, "65536", 5, out));
	ck_assert(!origin_normalise_port(SCHEME_HTTPS, "123456", 6, out));
}
END_TEST

/* rules.md §1.1 Scheme: scheme_name gives the stored, lower-case scheme. */
START_TEST(ref_1_1_scheme_name)
{
	ck_assert_str_eq(scheme_name(SCHEME_HTTP), "http");
	ck_assert_str_eq(scheme_name(SCHEME_HTTPS), "https");
}
END_TEST

/* origin_concat is snprintf("%s%s%s") without the format: the
 * same bytes, the same cut at every capacity, the same length returned;
 * and the renderings built on it. */
START_TEST(concat_as_snprintf)
{
	const char *parts[] = { "https", "://", "", "www.example.fi", ":8443" };
	for (size_t np = 0; np <= 5; np++)
		for (size_t cap = 0; cap <= 32; cap++) {
			char got[40], want[40];
			memset(got, '#', sizeof got);
			memset(want, '#', sizeof want);
			char fmt[16] = "";
			for (size_t i = 0; i < np; i++) strcat(fmt, "%s");
			/* the format is built from "%s" only */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
			int wn = snprintf(cap ? want : NULL, cap, fmt, parts[0], parts[1], parts[2], parts[3], parts[4]);
#pragma GCC diagnostic pop
			size_t gn = origin_concat(cap ? got : NULL, cap, parts, np);
			ck_assert_uint_eq(gn, (size_t)wn);
			ck_assert_msg(memcmp(got, want, sizeof got) == 0, "%zu parts, cap %zu", np, cap);
		}
	struct origin o;
	const char *err;
	char buf[64];
	ck_assert(origin_parse("http://[2001:DB8::1]:8080", 25, &o, &err));
	ck_assert_uint_eq(origin_render(&o, buf, sizeof buf), strlen("http://[2001:db8::1]:8080"));
	ck_assert_str_eq(buf, "http://[2001:db8::1]:8080");
	ck_assert_uint_eq(origin_host_form(&o, buf, 6), strlen("[2001:db8::1]"));
	ck_assert_str_eq(buf, "[2001");
	ck_assert(origin_parse("https://www.example.fi", 22, &o, &err));
	ck_assert_uint_eq(origin_render(&o, buf, sizeof buf), 22);
	ck_assert_str_eq(buf, "https://www.example.fi");
}
END_TEST

Suite *origin_suite(void)
{
	Suite *s = suite_create("origin");
	TCase *tc = tcase_create("rules.md §1.1");
	tcase_add_test(tc, ref_1_1_host_lowercased);
	tcase_add_test(tc, ref_1_1_scheme_lowercased);
	tcase_add_test(tc, ref_1_1_https_default_port_dropped);
	tcase_add_test(tc, ref_1_1_http_default_port_dropped);
	tcase_add_test(tc, ref_1_1_other_schemes_default_port_kept);
	tcase_add_test(tc, ref_1_1_leading_zero_default_port);
	tcase_add_test(tc, ref_1_1_port_zero_kept_and_distinct);
	tcase_add_test(tc, ref_1_1_port_8080_kept);
	tcase_add_test(tc, ref_1_1_root_dot_stripped);
	tcase_add_test(tc, ref_1_1_trailing_slash_accepted);
	tcase_add_test(tc, ref_1_1_path_refused);
	tcase_add_test(tc, ref_1_1_query_refused);
	tcase_add_test(tc, ref_1_1_fragment_refused);
	tcase_add_test(tc, ref_1_1_userinfo_refused);
	tcase_add_test(tc, ref_1_1_protocol_relative_refused);
	tcase_add_test(tc, ref_1_1_bare_host_refused);
	tcase_add_test(tc, ref_1_1_unsupported_scheme_refused);
	tcase_add_test(tc, ref_1_1_empty_host_refused);
	tcase_add_test(tc, ref_1_1_empty_input_refused);
	tcase_add_test(tc, ref_1_1_whitespace_trimmed);
	tcase_add_test(tc, ref_1_1_ipv6_brackets);
	tcase_add_test(tc, ref_1_1_ipv6_lowercased);
	tcase_add_test(tc, ref_1_1_international_host);
	tcase_add_test(tc, ref_1_1_double_hyphen_label_accepted);
	tcase_add_test(tc, ref_1_1_non_digit_port_refused);
	tcase_add_test(tc, ref_1_1_parse_respects_length);
	tcase_add_test(tc, ref_1_1_equality);
	tcase_add_test(tc, ref_1_1_normalise_port);
	tcase_add_test(tc, ref_1_1_scheme_name);
	tcase_add_test(tc, concat_as_snprintf);
	suite_add_tcase(s, tc);
	return s;
}
