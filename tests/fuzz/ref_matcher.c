/* ref_matcher.c — the reference matcher of ref_matcher.h: docs/rules.md
 * §3.2–§3.6 read as literally as possible, brute force, for the fuzz
 * differential only. Speed is no concern: at every position every pattern
 * text of the table is tried. Nothing here is shared with src/. */
#include "ref_matcher.h"

#include <stdio.h>
#include <string.h>

/* ---- origins ------------------------------------------------------------ */

static char lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c; }

/* §1.1 port: strip leading zeros (all zeros is "0"), then drop the
 * scheme's default. `digits` are n ASCII digits. */
static void normalise_port(bool https, const char *digits, size_t n, char *out, size_t cap)
{
	while (n > 1 && digits[0] == '0') { digits++; n--; }
	if (n >= cap) n = cap - 1;   /* longer than any real port: compares unequal anyway */
	memcpy(out, digits, n);
	out[n] = 0;
	if ((https && strcmp(out, "443") == 0) || (!https && strcmp(out, "80") == 0)) out[0] = 0;
}

bool ref_origin_parse(const char *t, struct ref_origin *o)
{
	memset(o, 0, sizeof *o);
	size_t i;
	if (strncmp(t, "https://", 8) == 0) { o->https = true; i = 8; }
	else if (strncmp(t, "http://", 7) == 0) { o->https = false; i = 7; }
	else return false;
	size_t h = i;
	if (t[i] == '[') {
		while (t[i] && t[i] != ']') i++;
		if (t[i] != ']') return false;
		i++;
	} else {
		while (t[i] && t[i] != ':') i++;
	}
	if (i == h || i - h >= sizeof o->host) return false;
	for (size_t k = h; k < i; k++) o->host[k - h] = lower(t[k]);
	if (t[i] == ':') {
		size_t d = ++i;
		while (t[i] >= '0' && t[i] <= '9') i++;
		if (i == d) return false;
		normalise_port(o->https, t + d, i - d, o->port, sizeof o->port);
	}
	return t[i] == 0;
}

static bool origin_eq(const struct ref_origin *a, const struct ref_origin *b)
{
	return a->https == b->https && strcmp(a->host, b->host) == 0 && strcmp(a->port, b->port) == 0;
}

/* ---- spellings (§2.1) ---------------------------------------------------- */

/* raw, percent, percent of a JSON escape, percent twice, and a slash
 * escaped by one to seven backslashes (the same run twice); a percent
 * colon before raw slashes (a scheme form only) */
enum { E_RAW, E_PCT, E_PCTJSON, E_PCT2, E_BS1, E_BS2, E_BS3, E_BS4, E_BS5, E_BS6, E_BS7, E_PCTRAW, E_N };
static const char *const scheme_sep[E_N] = {
	"://", "%3A%2F%2F", "%3A%5C%2F%5C%2F", "%253A%252F%252F",
	":\\/\\/", ":\\\\/\\\\/", ":\\\\\\/\\\\\\/", ":\\\\\\\\/\\\\\\\\/",
	":\\\\\\\\\\/\\\\\\\\\\/", ":\\\\\\\\\\\\/\\\\\\\\\\\\/",
	":\\\\\\\\\\\\\\/\\\\\\\\\\\\\\/", "%3A//",
};
static const char *const port_sep_of[E_N] = { ":", "%3A", "%3A", "%253A", ":", ":", ":", ":", ":", ":", ":", ":" };
/* the relative separator: the scheme one without its colon */
static const char *rel_sep_of(int enc)
{
	const char *t = scheme_sep[enc];
	return t + (t[0] == ':' ? 1 : enc == E_PCT2 ? 5 : 3);
}

/* §2.3: ASCII-only case-insensitive comparison of the buffer at i with a
 * pattern text. */
static bool ci_at(const unsigned char *b, size_t len, size_t i, const char *pat)
{
	size_t n = strlen(pat);
	if (i > len || n > len - i) return false;
	for (size_t k = 0; k < n; k++)
		if (lower((char)b[i + k]) != lower(pat[k])) return false;
	return true;
}

/* §2.2: the replacement text of a (form, encoding) for a variant. */
static size_t replacement(const struct ref_origin *v, int enc, bool scheme_form, char *buf, size_t cap)
{
	const char *port_sep = port_sep_of[enc];
	int n;
	if (scheme_form)
		n = snprintf(buf, cap, "%s%s%s%s%s", v->https ? "https" : "http", scheme_sep[enc], v->host,
		             v->port[0] ? port_sep : "", v->port);
	else
		n = snprintf(buf, cap, "%s%s%s%s", rel_sep_of(enc), v->host, v->port[0] ? port_sep : "", v->port);
	return n < 0 ? 0 : (size_t)n;
}

/* ---- byte classes ------------------------------------------------------- */

static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(int c) { return c >= '0' && c <= '9'; }

/* §3.5: host bytes are A–Z a–z 0–9 - . _ and every byte >= 0x80. */
static bool host_byte(int c) { return is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c >= 0x80; }

static int hex(int c)
{
	if (is_digit(c)) return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

/* ---- the scan ---------------------------------------------------------- */

struct run {
	const struct ref_pair *pairs;
	size_t npairs;
	const unsigned char *b;
	size_t len;
	const struct ref_params *rp;
	struct ref_event *ev;
	size_t evcap, nev;
	/* the rewrites, as splices */
	size_t rs[4096], re[4096];
	const struct ref_pair *rpair[4096];
	int renc[4096];
	bool rscheme[4096];
	size_t nrw;
	bool overflow;
	int enc;            /* the encoding of the candidate being evaluated */
};

static void event(struct run *r, size_t start, size_t end, enum ref_reason what)
{
	if (r->nev < r->evcap) r->ev[r->nev] = (struct ref_event){ start, end, what };
	r->nev++;
}

/* rules.md §12.1: in value mode, a candidate that begins the value (after
 * optional white space) is where a URL parser reads `&` into the host. */
static bool begins_value(const struct run *r, size_t cand)
{
	if (!r->rp->value) return false;
	for (size_t i = 0; i < cand; i++) {
		unsigned char c = r->b[i];
		if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) return false;
	}
	return true;
}

/* §3.5 with §5.1, where references are read: the reference at b[i]
 * (`&`), the byte it decodes to (0x80 for any non-ASCII code point, U+0000
 * included) and its length; -1 where none is read. */
static int ref_at(const struct run *r, size_t i, size_t *len)
{
	const unsigned char *b = r->b;
	size_t n = r->len;
	if (!r->rp->refs || i >= n || b[i] != '&') return -1;
	if (i + 1 < n && b[i + 1] == '#') {
		size_t j = i + 2;
		bool x = j < n && (b[j] == 'x' || b[j] == 'X');
		if (x) j++;
		size_t first = j;
		unsigned long v = 0;
		for (; j < n && (x ? hex(b[j]) >= 0 : is_digit(b[j])); j++) {
			v = v * (x ? 16 : 10) + (unsigned long)(x ? hex(b[j]) : b[j] - '0');
			if (v > 0x10FFFF) return -1;
		}
		if (j == first) return -1;
		if (j < n && b[j] == ';') j++;
		*len = j - i;
		return v && v < 0x80 ? (int)v : 0x80;
	}
	static const struct { const char *name; int byte; } names[] = {
		{ "amp", '&' }, { "Tab", '\t' }, { "NewLine", '\n' }, { "sol", '/' }, { "bsol", '\\' }, { "colon", ':' },
		{ "period", '.' }, { "quest", '?' }, { "num", '#' }, { "percnt", '%' }, { "lowbar", '_' },
		{ "UnderBar", '_' }, { "commat", '@' },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		size_t l = strlen(names[k].name);
		if (i + 1 + l < n && memcmp(b + i + 1, names[k].name, l) == 0 && b[i + 1 + l] == ';') {
			*len = l + 2;
			return names[k].byte;
		}
	}
	return -1;
}

/* A CSS escape at b[i] (a backslash; css.h of the project, read from the
 * CSS syntax: one to six hex digits and one optional white space, or any
 * other character but a newline or form feed): the character (0x80 past
 * ASCII or for U+0000), its length; -1 where none. */
static int css_char(const struct run *r, size_t i, size_t *len)
{
	const unsigned char *b = r->b;
	size_t n = r->len;
	if (!r->rp->css || i >= n || b[i] != '\\' || i + 1 >= n) return -1;
	int c = b[i + 1];
	if (c == '\n' || c == '\r' || c == '\f') return -1;
	if (hex(c) < 0) { *len = 2; return c; }
	size_t k = i + 1;
	unsigned long v = 0;
	while (k < n && k - i <= 6 && hex(b[k]) >= 0) v = v * 16 + (unsigned long)hex(b[k++]);
	if (k < n && (b[k] == ' ' || b[k] == '\t' || b[k] == '\n' || b[k] == '\f')) k++;
	else if (k < n && b[k] == '\r') k += (k + 1 < n && b[k + 1] == '\n') ? 2 : 1;
	*len = k - i;
	return v > 0 && v < 0x80 ? (int)v : 0x80;
}

/* §3.5 delimiter(i): the six clauses of "a position is a delimiter by the
 * first rule that applies", numbered 1–6 in order (5 is for the escJS
 * alphabet, which this reference does not cover). */
static bool delimiter(const struct run *r, size_t cand, size_t i)
{
	const unsigned char *b = r->b;
	if (i >= r->len) return true;                               /* 1 */
	if (b[i] == '@') return false;                              /* 2 */
	if (b[i] == '%') {                                          /* 3 */
		if (i + 2 < r->len && hex(b[i + 1]) >= 0 && hex(b[i + 2]) >= 0) {
			int v = hex(b[i + 1]) * 16 + hex(b[i + 2]);
			if (v == '%') {                                     /* `%25`: percent twice, decoded again */
				if (r->enc != E_PCT2) return false;
				if (!(i + 4 < r->len && hex(b[i + 3]) >= 0 && hex(b[i + 4]) >= 0)) return true;
				int w = hex(b[i + 3]) * 16 + hex(b[i + 4]);
				return w != '%' && !host_byte(w);
			}
			return !host_byte(v);
		}
		/* a style sheet's escaped hex digit after it, a reference */
		if (r->rp->css && ((i + 1 < r->len && b[i + 1] == '\\') || (i + 2 < r->len && b[i + 2] == '\\'))) return false;
		if (r->rp->refs && ((i + 1 < r->len && b[i + 1] == '&') || (i + 2 < r->len && b[i + 2] == '&'))) return false;
		return true;
	}
	size_t len;
	int e = css_char(r, i, &len);                               /* a CSS escape: as its character */
	if (e >= 0x80 || e == '@' || e == '%') return false;
	if (e == '&') return !begins_value(r, cand);
	if (e >= 0) return !host_byte(e);
	int d = ref_at(r, i, &len);                                 /* a reference: as its byte */
	if (d >= 0x80 && !r->rp->value && !r->rp->css) return true;  /* (a word's end in prose) */
	if (d == '@') return false;
	if (d == '%') return true;
	if (d >= 0 && d != '&') return !host_byte(d);
	if (b[i] == '&') return !begins_value(r, cand);             /* 4, with §12.1 */
	return !host_byte(b[i]);                                    /* 6 */
}

/* §3.5 right anchor at e: skip removable characters (literal TAB LF CR
 * where the surface joins), at most 64 bytes in all, then delimiter(e), or
 * a dot followed by a delimiter. */
static size_t skip_removed(const struct run *r, size_t e, size_t *removed)
{
	for (;;) {
		size_t len = 1;
		int d = e < r->len ? r->b[e] : -1;
		if (d == '\\' && r->rp->css && e + 1 < r->len && (r->b[e + 1] == '\n' || r->b[e + 1] == '\r' || r->b[e + 1] == '\f')) {
			/* a line continuation: the style sheet drops it */
			len = (r->b[e + 1] == '\r' && e + 2 < r->len && r->b[e + 2] == '\n') ? 3 : 2;
			if (*removed + len > 64) return e;
			e += len;
			*removed += len;
			continue;
		}
		if (d == '&') d = ref_at(r, e, &len);
		else if (d == '\\' && css_char(r, e, &len) < 0) len = 1;
		else if (d == '\\') d = css_char(r, e, &len);
		if (!r->rp->joins || !(d == '\t' || d == '\n' || d == '\r') || *removed + len > 64) return e;
		e += len;
		*removed += len;
	}
}

/* A dot at i, `.` or a reference to one where references are read: its
 * length, else 0. */
static size_t ref_dot(const struct run *r, size_t i)
{
	size_t len;
	if (i < r->len && r->b[i] == '.') return 1;
	return i < r->len && ref_at(r, i, &len) == '.' ? len : 0;
}

static bool terminated(const struct run *r, size_t cand, size_t e)
{
	size_t removed = 0;
	e = skip_removed(r, e, &removed);
	if (delimiter(r, cand, e)) return true;
	/* a dot (or a reference to one), then a delimiter after removable
	 * characters again */
	size_t len = ref_dot(r, e);
	return len && delimiter(r, cand, skip_removed(r, e + len, &removed));
}

/* §3.4: the byte after the dot is / : ? # or a percent escape of one. */
static bool dot_follower(const struct run *r, size_t i)
{
	int c = r->b[i];
	size_t len;
	if (r->rp->css && (c == ')' || c == '"' || c == '\'')) return true;
	if (c == '\\' && r->rp->css) {
		int d = css_char(r, i, &len);
		return d == '/' || d == '\\' || d == ':' || d == '?' || d == '#';
	}
	if (c == '\\') return r->rp->refs;   /* a URL parser's slash where references are read */
	if (c == '&' && ref_at(r, i, &len) == '\\') return true;
	if (c == '&') c = ref_at(r, i, &len);
	if (c == '/' || c == ':' || c == '?' || c == '#') return true;
	if (c == '%' && i + 2 < r->len && hex(r->b[i + 1]) >= 0 && hex(r->b[i + 2]) >= 0) {
		int d = hex(r->b[i + 1]) * 16 + hex(r->b[i + 2]);
		if (d == '%' && r->enc == E_PCT2)
			d = i + 4 < r->len && hex(r->b[i + 3]) >= 0 && hex(r->b[i + 4]) >= 0 ? hex(r->b[i + 3]) * 16 + hex(r->b[i + 4]) : -1;
		return d == '/' || d == ':' || d == '?' || d == '#';
	}
	return false;
}

/* Evaluate one candidate (§3.3–§3.6); returns the end of the examined span. */
static size_t evaluate(struct run *r, size_t c, bool scheme_form, bool written_https, int enc, const char *host,
                       size_t host_end)
{
	r->enc = enc;
	const unsigned char *b = r->b;
	/* §3.3 left anchor, relative forms only */
	if (!scheme_form) {
		int before = c > 0 ? b[c - 1] : r->rp->prev;
		bool blocks = before != REF_NO_PREV &&
		              (is_alpha(before) || is_digit(before) || before == '/' || before == '.' || before == '-' ||
		               before == '_' || before == '%' || before == '\\');
		if (blocks) { event(r, c, host_end, REF_UNANCHORED); return host_end; }
		/* §3.3: after a reference colon, the match over the decoded value
		 * decides */
		for (size_t k = 2; r->rp->refs && before == ';' && k <= 12 && k <= c; k++) {
			if (b[c - k] != '&') continue;
			size_t len;
			if (ref_at(r, c - k, &len) == ':' && len == k) { event(r, c, host_end, REF_NOT_A_URL); return host_end; }
			break;
		}
	}
	size_t e = host_end;
	/* §3.4 root dot, §3.5 port: after removable characters */
	size_t removed = 0, dt = skip_removed(r, e, &removed), pe = dt;
	size_t dl = ref_dot(r, dt);
	if (dl) {
		size_t f = skip_removed(r, dt + dl, &removed);
		bool absorb = f < r->len ? dot_follower(r, f) : r->rp->value;
		if (absorb) { e = dt + dl; pe = f; }
	}
	const unsigned char *port = NULL;
	size_t port_len = 0;
	size_t ps = 0;
	size_t rl;
	if (pe < r->len && b[pe] == ':') ps = 1;
	else if (ci_at(b, r->len, pe, "%3A")) ps = 3;
	else if (ci_at(b, r->len, pe, "%253A")) ps = 5;
	else if (css_char(r, pe, &rl) == ':') ps = rl;
	else if (ref_at(r, pe, &rl) == ':') ps = rl;
	if (ps) {
		size_t d = pe + ps, k = d;
		while (k < r->len && is_digit(b[k])) k++;
		if (k - d > 12) {                                       /* §12.2 */
			event(r, c, d + 13, REF_NOT_A_URL);
			return d + 13;
		}
		if (k > d) {
			port = b + d;
			port_len = k - d;
			e = k;
		} else if (!terminated(r, c, d)) {
			event(r, c, d, REF_NOT_A_URL);
			return d;
		}
	}
	if (!terminated(r, c, e)) { event(r, c, e, REF_NOT_A_URL); return e; }

	/* §3.6 pair choice: pairs of this host in declaration order */
	const struct ref_pair *chosen = NULL;
	for (size_t i = 0; i < r->npairs && !chosen; i++) {
		const struct ref_pair *p = &r->pairs[i];
		if (strcmp(p->canon.host, host) != 0) continue;
		bool s = scheme_form ? written_https : p->canon.https;
		char norm[32] = "";
		if (port) normalise_port(s, (const char *)port, port_len, norm, sizeof norm);
		if (strcmp(norm, p->canon.port) == 0) chosen = p;
	}
	if (!chosen) { event(r, c, e, REF_HOST_NOT_IN_MAP); return e; }
	if (origin_eq(&chosen->canon, &chosen->variant)) { event(r, c, e, REF_IDENTITY_MAP); return e; }
	if (ps && !port && chosen->variant.port[0]) e = pe + ps;   /* an empty port's colon, a variant's port */
	char repl[256];
	size_t rn = replacement(&chosen->variant, enc, scheme_form, repl, sizeof repl);
	if (rn == e - c && memcmp(repl, b + c, rn) == 0) { event(r, c, e, REF_IDENTITY_MAP); return e; }
	event(r, c, e, REF_REWROTE);
	if (r->nrw < sizeof r->rs / sizeof r->rs[0]) {
		r->rs[r->nrw] = c;
		r->re[r->nrw] = e;
		r->rpair[r->nrw] = chosen;
		r->renc[r->nrw] = enc;
		r->rscheme[r->nrw] = scheme_form;
		r->nrw++;
	} else {
		r->overflow = true;
	}
	return e;
}

bool ref_rewrite(const struct ref_pair *pairs, size_t npairs, const unsigned char *b, size_t len,
                 const struct ref_params *rp, unsigned char *out, size_t cap, size_t *out_len,
                 struct ref_event *ev, size_t evcap, size_t *nev)
{
	static struct run r;
	memset(&r, 0, sizeof r);
	r.pairs = pairs;
	r.npairs = npairs;
	r.b = b;
	r.len = len;
	r.rp = rp;
	r.ev = ev;
	r.evcap = evcap;

	size_t scanned = 0;
	/* §3.2: every separator position in order (one byte past each start). */
	for (size_t sep = 0; sep < len; sep++) {
		/* (the scheme forms of every encoding first: `//` is the raw
		 * encoding's separator and the percent colon's) */
		for (int pass = 0; pass < 2; pass++)
		for (int enc = 0; enc < E_N; enc++) {
			/* step 2: the doubled relative separator of this encoding */
			if (!ci_at(b, len, sep, rel_sep_of(enc))) continue;
			size_t hs = sep + strlen(rel_sep_of(enc));
			/* step 3: the longest canonical host that matches here */
			const char *host = NULL;
			for (size_t i = 0; i < npairs; i++) {
				const char *h = pairs[i].canon.host;
				if (ci_at(b, len, hs, h) && (!host || strlen(h) > strlen(host))) host = h;
			}
			if (!host) continue;
			size_t host_end = hs + strlen(host);
			/* step 4, first: the scheme form, https then http, ending at the host */
			for (int https = 1; pass == 0 && https >= 0; https--) {
				char pat[64];
				snprintf(pat, sizeof pat, "%s%s", https ? "https" : "http", scheme_sep[enc]);
				size_t pl = strlen(pat);
				if (hs < pl || !ci_at(b, len, hs - pl, pat)) continue;
				size_t c = hs - pl;
				if (c >= scanned) scanned = evaluate(&r, c, true, https, enc, host, host_end);  /* step 5 */
				break;
			}
			/* step 4, then: the relative form */
			if (pass == 1 && enc != E_PCTRAW && sep >= scanned) scanned = evaluate(&r, sep, false, false, enc, host, host_end);
		}
	}

	/* §3.6 output: b[0:start1] + repl1 + ... + rest */
	size_t n = 0, last = 0;
	bool ok = !r.overflow;
	for (size_t i = 0; i < r.nrw; i++) {
		char repl[256];
		size_t rn = replacement(&r.rpair[i]->variant, r.renc[i], r.rscheme[i], repl, sizeof repl);
		size_t keep = r.rs[i] - last;
		if (n + keep + rn > cap) { ok = false; break; }
		memcpy(out + n, b + last, keep);
		n += keep;
		memcpy(out + n, repl, rn);
		n += rn;
		last = r.re[i];
	}
	if (ok) {
		if (n + (len - last) > cap) ok = false;
		else { memcpy(out + n, b + last, len - last); n += len - last; }
	}
	*out_len = n;
	*nev = r.nev;
	return ok;
}

const char *ref_reason_name(enum ref_reason r)
{
	switch (r) {
	case REF_REWROTE: return "rewrote";
	case REF_NOT_A_URL: return "not-a-url";
	case REF_HOST_NOT_IN_MAP: return "host-not-in-map";
	case REF_IDENTITY_MAP: return "identity-map";
	case REF_UNANCHORED: return "unanchored";
	}
	return "?";
}
