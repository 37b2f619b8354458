/* hostvalue.c — is a value one canonical host[:port], and what replaces
 * it (§8.5). */
#include "hostvalue.h"

#include <string.h>

#include "ascii.h"

/* A byte of a host as a --host-column value may hold it: the host bytes
 * of §3.5 (so no percent or JSON-escaped form of an international host,
 * which name no host in a column of hosts). */
static bool name_byte(unsigned char c) { return ascii_host(c); }

/* An IPv6 literal in brackets, as the table keeps it. */
static bool v6_byte(unsigned char c) { return ascii_hex(c) >= 0 || c == ':' || c == '.'; }

enum hostvalue_result hostvalue_match(const struct patterns *pt, const unsigned char *v, size_t n, struct slice *repl)
{
	if (n == 0 || n > HOSTVALUE_MAX) return HOSTVALUE_NONE;
	/* the host: to the closing bracket of an IPv6 literal, else to the
	 * first colon */
	size_t he;
	if (v[0] == '[') {
		const unsigned char *close = memchr(v, ']', n);
		if (!close) return HOSTVALUE_NONE;
		he = (size_t)(close - v) + 1;
		for (size_t i = 1; i + 1 < he; i++)
			if (!v6_byte(v[i])) return HOSTVALUE_NONE;
	} else {
		const unsigned char *colon = memchr(v, ':', n);
		he = colon ? (size_t)(colon - v) : n;
		for (size_t i = 0; i < he; i++)
			if (!name_byte(v[i])) return HOSTVALUE_NONE;
	}
	/* a root dot (§3.4): the variant is written without one */
	size_t hl = he;
	if (v[0] != '[' && hl > 1 && v[hl - 1] == '.') hl--;
	/* the port: a colon and its digits, to the end */
	const char *port = NULL;
	size_t port_len = 0;
	if (he < n) {
		if (v[he] != ':') return HOSTVALUE_NONE;
		port = (const char *)v + he + 1;
		port_len = n - he - 1;
		if (port_len == 0 || port_len > HOSTVALUE_PORT_DIGITS) return HOSTVALUE_NONE;
		for (size_t i = 0; i < port_len; i++)
			if (!ascii_digit((unsigned char)port[i])) return HOSTVALUE_NONE;
	}
	/* the table keeps its host forms with ASCII letters in lower case (§2.3) */
	unsigned char key[HOSTVALUE_MAX];
	for (size_t i = 0; i < hl; i++) key[i] = ascii_lower(v[i]);
	const struct pattern_host *g = patterns_host(pt, key, hl);
	if (!g) return HOSTVALUE_NONE;
	/* the pair of that port; with no scheme written, each pair's
	 * canonical scheme names the default port (§3.6) */
	const struct pattern_pair *p = patterns_pair_for(g, false, SCHEME_HTTPS, port, port_len);
	if (!p) return HOSTVALUE_NO_PAIR;
	/* the relative form's replacement is `//` and the host[:port] */
	struct slice r = p->repl[ENC_RAW][FORM_RELATIVE];
	*repl = (struct slice){ r.p + 2, r.n - 2 };
	if (p->identity || (repl->n == n && memcmp(repl->p, v, n) == 0)) return HOSTVALUE_IDENTITY;
	return HOSTVALUE_REWRITE;
}

/* A host form g at b[j..) that stands as a host: no host byte before it,
 * and none after it but a root dot that ends there too. */
static bool host_at(const struct pattern_host *g, const unsigned char *b, size_t j, size_t n)
{
	if (g->len > n - j) return false;
	for (size_t k = 0; k < g->len; k++)
		if (ascii_lower(b[j + k]) != g->host[k]) return false;
	if (j > 0 && name_byte(b[j - 1])) return false;
	size_t e = j + g->len;
	if (e < n && b[e] == '.') e++;
	return e == n || !name_byte(b[e]);
}

bool hostvalue_contains(const struct patterns *pt, const unsigned char *b, size_t n)
{
	const struct hostfind *f = &pt->find;
	/* from each place the prefilter names (each place when it gave up),
	 * the hosts that begin with its byte */
	for (size_t j = hostfind_next(f, b, 0, n); j < n; j = hostfind_next(f, b, j + 1, n)) {
		const short *list = pt->by_first[ascii_lower(b[j])];
		for (; list && *list >= 0; list++)
			if (host_at(&pt->hosts[*list], b, j, n)) return true;
	}
	return false;
}
