/* origin.c — origin parsing and normalisation (§1.1). */
#include "origin.h"

#include "idna.h"

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

/* Why an international host was refused (§1.4). */
static const char *idna_message(enum idna_result r)
{
	switch (r) {
	case IDNA_BAD_UTF8: return "the host is not UTF-8";
	case IDNA_DISALLOWED: return "the host holds a character host names do not allow (UTS #46)";
	case IDNA_BAD_PUNYCODE: return "the host has an xn-- label that is not the Punycode of a Unicode label";
	case IDNA_INVALID_LABEL:
		return "the host has a label a browser refuses (not NFC, a leading combining mark, a joiner out of place, or mixed directions)";
	default: return "the host is not a valid host name";
	}
}

/* §1.1 display form: the ASCII form's Unicode form where it differs from
 * it and folds back to it. */
static void set_display(struct origin *o)
{
	size_t hl = strlen(o->host), dn, back;
	char again[ORIGIN_HOST_MAX + 2];
	/* (a form longer than the field, which a real host does not have, is
	 * not kept: the ASCII form is written, which a browser reads as the
	 * same host) */
	if (idna_to_unicode((const unsigned char *)o->host, hl, (unsigned char *)o->display, ORIGIN_DISPLAY_MAX, &dn) != IDNA_OK ||
	    (dn == hl && !memcmp(o->display, o->host, hl)) ||
	    idna_to_ascii((const unsigned char *)o->display, dn, again, sizeof again, &back) != IDNA_OK || back != hl ||
	    memcmp(again, o->host, hl)) {
		o->display[0] = 0;
		return;
	}
	o->display[dn] = 0;
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
	for (size_t k = 0; k < alen; k++)
		if (auth[k] == '@') { *err = "an origin has no userinfo"; return false; }

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
		hlen = colon ? (size_t)(colon - auth) : alen;
		if (colon) {
			port = colon + 1; plen = alen - hlen - 1;
			if (plen == 0) { *err = "empty port"; return false; }
		}
		/* §1.1, §1.4: lower case and the ASCII form (which may make a
		 * root dot of U+3002), then one root dot dropped */
		char ascii[ORIGIN_HOST_MAX + 2];
		size_t an;
		enum idna_result r = idna_to_ascii((const unsigned char *)auth, hlen, ascii, sizeof ascii, &an);
		if (r == IDNA_TOO_LONG) { *err = "the host is longer than 253 bytes"; return false; }
		if (r != IDNA_OK) { *err = idna_message(r); return false; }
		bool wide = false;
		for (size_t k = 0; k < hlen; k++) wide |= (unsigned char)auth[k] >= 0x80;
		host = ascii;
		hlen = an;
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
		if (wide) set_display(o);
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

size_t origin_host_written(const struct origin *o, char *buf, size_t cap)
{
	if (!o->display[0]) return origin_host_form(o, buf, cap);
	const char *parts[] = { o->display };
	return origin_concat(buf, cap, parts, 1);
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
