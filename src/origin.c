/* origin.c — origin parsing and normalisation (§1.1). */
#include "origin.h"

#include "ascii.h"

#include <stdio.h>
#include <string.h>


const char *scheme_name(enum scheme s) { return s == SCHEME_HTTPS ? "https" : "http"; }

bool origin_normalise_port(enum scheme s, const char *d, size_t n, char out[ORIGIN_PORT_MAX + 1])
{
	/* §1.1: strip leading zeros (all zeros is port 0), then drop the default. */
	while (n > 1 && d[0] == '0') { d++; n--; }
	if (n > ORIGIN_PORT_MAX) return false;
	unsigned v = 0;
	for (size_t i = 0; i < n; i++) v = v * 10 + (unsigned)(d[i] - '0');
	if (v > 65535) return false;
	if ((s == SCHEME_HTTPS && v == 443) || (s == SCHEME_HTTP && v == 80)) { out[0] = 0; return true; }
	memcpy(out, d, n);
	out[n] = 0;
	return true;
}

static bool host_byte_ok(int c)
{
	return (c >= 'a' && c <= 'z') || ascii_digit((unsigned char)c) || c == '-' || c == '.' || c == '_';
}

bool origin_parse(const char *t, size_t n, struct origin *o, const char **err)
{
	memset(o, 0, sizeof *o);
	while (n && ascii_space_c((unsigned char)t[0])) { t++; n--; }
	while (n && ascii_space_c((unsigned char)t[n - 1])) n--;

	size_t i = 0;
	while (i < n && t[i] != ':' && t[i] != '/') i++;
	if (i == n || t[i] != ':' || i == 0) { *err = "scheme is required (an origin is scheme://host[:port])"; return false; }
	char scheme[8];
	if (i >= sizeof scheme) { *err = "unsupported scheme (only http and https)"; return false; }
	for (size_t k = 0; k < i; k++) scheme[k] = (char)ascii_lower((unsigned char)t[k]);
	scheme[i] = 0;
	if (strcmp(scheme, "https") == 0) o->scheme = SCHEME_HTTPS;
	else if (strcmp(scheme, "http") == 0) o->scheme = SCHEME_HTTP;
	else { *err = "unsupported scheme (only http and https)"; return false; }
	if (n - i < 3 || t[i + 1] != '/' || t[i + 2] != '/') { *err = "expected :// after the scheme"; return false; }
	i += 3;

	size_t a = i;   /* authority: up to '/', '?', '#' */
	while (i < n && t[i] != '/' && t[i] != '?' && t[i] != '#') i++;
	size_t alen = i - a;
	const char *auth = t + a;
	if (i < n) {
		if (t[i] == '?') { *err = "an origin has no query"; return false; }
		if (t[i] == '#') { *err = "an origin has no fragment"; return false; }
		if (i + 1 != n) { *err = "an origin is a scheme and a host, with no path"; return false; }
	}
	for (size_t k = 0; k < alen; k++) {
		unsigned char c = (unsigned char)auth[k];
		if (c == '@') { *err = "an origin has no userinfo"; return false; }
		if (c >= 0x80) { *err = "non-ASCII (IDN) hosts are not supported yet; write the host in punycode (xn--...)"; return false; }
	}

	size_t hlen, plen = 0;
	const char *host, *port = NULL;
	if (alen && auth[0] == '[') {
		const char *close = memchr(auth, ']', alen);
		if (!close) { *err = "unterminated IPv6 literal"; return false; }
		host = auth + 1;
		hlen = (size_t)(close - host);
		size_t rest = alen - (size_t)(close + 1 - auth);
		if (rest) {
			if (close[1] != ':') { *err = "unexpected bytes after the IPv6 literal"; return false; }
			port = close + 2; plen = rest - 1;
			if (plen == 0) { *err = "empty port"; return false; }
		}
		if (hlen == 0 || hlen > 45) { *err = "bad IPv6 literal"; return false; }
		for (size_t k = 0; k < hlen; k++) {
			int c = ascii_lower((unsigned char)host[k]);
			if (!(ascii_digit((unsigned char)c) || (c >= 'a' && c <= 'f') || c == ':' || c == '.')) { *err = "bad IPv6 literal"; return false; }
			o->host[k] = (char)c;
		}
		o->host[hlen] = 0;
		o->ipv6 = true;
	} else {
		const char *colon = memchr(auth, ':', alen);
		host = auth;
		hlen = colon ? (size_t)(colon - auth) : alen;
		if (colon) {
			port = colon + 1; plen = alen - hlen - 1;
			if (plen == 0) { *err = "empty port"; return false; }
		}
		if (hlen && host[hlen - 1] == '.') hlen--;  /* one trailing root dot (§1.1) */
		if (hlen == 0) { *err = "the host is empty"; return false; }
		if (host[hlen - 1] == '.') { *err = "empty label in the host"; return false; }  /* a second dot */
		if (hlen > ORIGIN_HOST_MAX) { *err = "the host is longer than 253 bytes"; return false; }
		for (size_t k = 0; k < hlen; k++) {
			int c = ascii_lower((unsigned char)host[k]);
			if (!host_byte_ok(c)) { *err = "invalid character in the host"; return false; }
			if (c == '.' && (k == 0 || host[k - 1] == '.')) { *err = "empty label in the host"; return false; }
			o->host[k] = (char)c;
		}
		o->host[hlen] = 0;
	}
	if (port) {
		for (size_t k = 0; k < plen; k++)
			if (!ascii_digit((unsigned char)port[k])) { *err = "the port is not a number"; return false; }
		if (!origin_normalise_port(o->scheme, port, plen, o->port)) { *err = "the port is out of range"; return false; }
	}
	return true;
}

bool origin_same_hostport(const struct origin *a, const struct origin *b)
{
	return strcmp(a->host, b->host) == 0 && strcmp(a->port, b->port) == 0;
}

bool origin_equal(const struct origin *a, const struct origin *b)
{
	return a->scheme == b->scheme && origin_same_hostport(a, b);
}

size_t origin_concat(char *buf, size_t cap, const char *const *parts, size_t n)
{
	size_t len = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(parts[i]);
		if (cap && len < cap - 1) memcpy(buf + len, parts[i], k < cap - 1 - len ? k : cap - 1 - len);
		len += k;
	}
	if (cap) buf[len < cap - 1 ? len : cap - 1] = 0;
	return len;
}

size_t origin_host_form(const struct origin *o, char *buf, size_t cap)
{
	const char *parts[] = { o->ipv6 ? "[" : "", o->host, o->ipv6 ? "]" : "" };
	return origin_concat(buf, cap, parts, 3);
}

size_t origin_render(const struct origin *o, char *buf, size_t cap)
{
	char h[ORIGIN_HOST_MAX + 3];
	origin_host_form(o, h, sizeof h);
	const char *parts[] = { scheme_name(o->scheme), "://", h, o->port[0] ? ":" : "", o->port };
	return origin_concat(buf, cap, parts, 5);
}
