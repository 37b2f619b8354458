/* matcher.c — the byte matcher (§3.1–§3.8).
 *
 * One pass over the buffer finds separator occurrences (`//`, `\/`, `%2F`,
 * §3.2), looks for the longest canonical host after a complete relative
 * separator, and emits up to two candidates per separator: the scheme form
 * (`https:` / `http:` right before it) and the relative form. Each
 * candidate is then checked: left anchor (relative only, §3.3), root dot
 * (§3.4), port and right anchor (§3.5), pair choice (§3.6). */
#include "matcher.h"

#include "css.h"
#include "jsesc.h"
#include "entity.h"

#include "ascii.h"
#include "bytescan.h"

#include <string.h>

/* §3.5: host bytes are A–Z a–z 0–9 - . _ and every byte >= 0x80. */
bool matcher_is_host_byte(unsigned char c)
{
	return ascii_host(c);
}

struct scan {
	const struct patterns *pt;
	const unsigned char *b;
	size_t len, limit;
	int prev;
	bool value;
	bool esc_js;
	int *joins;   /* §3.8 joining of the buffer: -1 until first asked (most buffers never ask) */
	bool sql;
	bool refs;    /* a page's parser decodes references here: `&#58;` is a colon after a host (§3.5) */
	bool css;     /* a style sheet reads CSS escapes here: `\3a ` is a colon after a host (§3.5) */
	bool pct2;    /* the candidate is spelled percent twice: `%25` after its host ends it (§3.5) */
	const struct match_params *mp;   /* the rest of the scan's parameters, seldom read */
	enum surface surface;
	match_event_fn fn;
	void *ctx;
};

/* ---- escapes (escJS alphabet, §3.5) ---------------------------------- */

enum esc_kind {
	ESC_NONE,        /* not an escape here (incomplete at the buffer end) */
	ESC_CHAR,        /* decodes to cp */
	ESC_CONTROL,     /* \n \r \t \b \f: cp is the control */
	ESC_UNREADABLE   /* a \u{...} that cannot be read: continues the host */
};

struct esc { enum esc_kind kind; unsigned long cp; size_t len; };

static struct esc decode_escape(const struct scan *s, size_t i)
{
	struct esc e = { ESC_NONE, 0, 0 };
	const unsigned char *b = s->b;
	size_t len = s->len;
	if (i + 1 >= len) return e;
	unsigned char c = b[i + 1];
	switch (c) {
	case 'u':
		if (i + 2 < len && b[i + 2] == '{') {
			unsigned long v = 0;
			size_t k = i + 3, end = i + MATCH_BRACE_SCAN_MAX;
			size_t ndig = 0;
			for (;; k++) {
				if (k >= len) return e;           /* incomplete */
				if (k >= end) { e.kind = ESC_UNREADABLE; e.len = k - i; return e; }
				if (b[k] == '}') break;
				int h = ascii_hex(b[k]);
				if (h < 0) { e.kind = ESC_UNREADABLE; e.len = k - i; return e; }
				if (v <= 0x10FFFF) v = v * 16 + (unsigned long)h;
				ndig++;
			}
			if (ndig == 0 || v > 0x10FFFF) { e.kind = ESC_UNREADABLE; e.len = k + 1 - i; return e; }
			e.kind = ESC_CHAR; e.cp = v; e.len = k + 1 - i;
			return e;
		}
		if (i + 5 >= len) {
			/* Fewer than four bytes left: incomplete unless a non-hex byte
			 * already shows it is no \u escape. */
			for (size_t k = i + 2; k < len; k++)
				if (ascii_hex(b[k]) < 0) { e.kind = ESC_CHAR; e.cp = 'u'; e.len = 2; return e; }
			return e;
		}
		{
			int h0 = ascii_hex(b[i + 2]), h1 = ascii_hex(b[i + 3]), h2 = ascii_hex(b[i + 4]), h3 = ascii_hex(b[i + 5]);
			if (h0 < 0 || h1 < 0 || h2 < 0 || h3 < 0) { e.kind = ESC_CHAR; e.cp = 'u'; e.len = 2; return e; }
			e.kind = ESC_CHAR; e.cp = (unsigned long)(h0 << 12 | h1 << 8 | h2 << 4 | h3); e.len = 6;
			return e;
		}
	case 'x':
		if (i + 3 >= len) {
			for (size_t k = i + 2; k < len; k++)
				if (ascii_hex(b[k]) < 0) { e.kind = ESC_CHAR; e.cp = 'x'; e.len = 2; return e; }
			return e;
		}
		{
			int h0 = ascii_hex(b[i + 2]), h1 = ascii_hex(b[i + 3]);
			if (h0 < 0 || h1 < 0) { e.kind = ESC_CHAR; e.cp = 'x'; e.len = 2; return e; }
			e.kind = ESC_CHAR; e.cp = (unsigned long)(h0 << 4 | h1); e.len = 4;
			return e;
		}
	case 'n': e.kind = ESC_CONTROL; e.cp = '\n'; e.len = 2; return e;
	case 'r': e.kind = ESC_CONTROL; e.cp = '\r'; e.len = 2; return e;
	case 't': e.kind = ESC_CONTROL; e.cp = '\t'; e.len = 2; return e;
	case 'b': e.kind = ESC_CONTROL; e.cp = '\b'; e.len = 2; return e;
	case 'f': e.kind = ESC_CONTROL; e.cp = '\f'; e.len = 2; return e;
	default:
		if (c >= '0' && c <= '7') {
			/* Legacy octal: up to three digits, at most \377. */
			unsigned long v = 0;
			size_t k = i + 1;
			while (k < len && k < i + 4 && b[k] >= '0' && b[k] <= '7' && v * 8 + (unsigned long)(b[k] - '0') <= 0377) {
				v = v * 8 + (unsigned long)(b[k] - '0');
				k++;
			}
			/* A digit run cut by the buffer end could be longer. */
			if (k == len && k < i + 4 && v * 8 <= 0377) return e;
			e.kind = ESC_CHAR; e.cp = v; e.len = k - i;
			return e;
		}
		/* An unrecognised escape \A stands for A. */
		e.kind = ESC_CHAR; e.cp = c; e.len = 2;
		return e;
	}
}

/* ---- removable characters (§3.5 right anchor, step 1) ----------------- */

static bool scan_joins(const struct scan *s)
{
	if (*s->joins < 0) *s->joins = matcher_surface_joins(s->surface, s->b, s->len);
	return *s->joins != 0;
}

/* The byte a reference at b[i] decodes to where references are read
 * (entity_ref_byte), with its length; -1 elsewhere. */
static int ref_byte(const struct scan *s, size_t i, size_t *len)
{
	return s->refs && s->b[i] == '&' ? entity_ref_byte(s->b + i, s->len - i, len) : -1;
}

/* Where a style sheet is read: the character of the CSS escape at b[i]
 * (a backslash, or a reference to one), its length in *len; else -1. */
static __attribute__((noinline, cold)) int css_at(const struct scan *s, size_t i, size_t *len)
{
	return css_escape_at(s->b, s->len, i, s->refs, len);
}

/* The cold paths of a '&' after a host (the callers test for the '&'
 * first): removable_len's, delimiter's and port_sep_len's answers where
 * references are read. */
static __attribute__((noinline, cold)) size_t removable_ref_len(const struct scan *s, size_t i)
{
	size_t len;
	int r = ref_byte(s, i, &len);
	return (r == '\t' || r == '\n' || r == '\r') && scan_joins(s) ? len : 0;
}

static bool delimiter_byte(const struct scan *s, size_t cand, unsigned char c);

/* -1: not a reference read here (the '&' is judged as itself); else
 * whether the reference ends the host. */
static __attribute__((noinline, cold)) int ref_delimiter(const struct scan *s, size_t cand, size_t i)
{
	size_t len;
	int r = ref_byte(s, i, &len);
	/* a non-ASCII code point continues the host; in prose it ends the
	 * word (`https://C&nbsp;now`) */
	if (r >= 0x80) return !s->value && !s->css;
	if (r < 0 || r == '&') return -1;
	return r == '%' || delimiter_byte(s, cand, (unsigned char)r);
}

static __attribute__((noinline, cold)) size_t port_ref_len(const struct scan *s, size_t i)
{
	size_t len;
	return ref_byte(s, i, &len) == ':' ? len : 0;
}

static inline __attribute__((always_inline)) size_t removable_len(const struct scan *s, size_t i)
{
	if (i >= s->len) return 0;
	unsigned char c = s->b[i];
	if (c == '\t' || c == '\n' || c == '\r') return scan_joins(s) ? 1 : 0;
	/* `&#9;`, `&Tab;`, `&NewLine;`: the page's parser gives the URL
	 * parser a TAB or LF, which it removes (§5.2) */
	if (s->css && (c == '\\' || (c == '&' && s->refs))) {
		size_t l = css_continuation_at(s->b, s->len, i, s->refs);
		if (l) return l;   /* a string's line continuation: the style sheet drops it */
		int d = css_at(s, i, &l);
		if (d >= 0) return (d == '\t' || d == '\n' || d == '\r') && scan_joins(s) ? l : 0;
	}
	if (c == '&') return s->refs ? removable_ref_len(s, i) : 0;
	if (c != '\\' || !s->esc_js) return 0;
	/* `\/`, `\"`, `\\` (most escapes after a host in JSON) remove nothing */
	if (i + 1 < s->len && (s->b[i + 1] == '/' || s->b[i + 1] == '"' || s->b[i + 1] == '\\')) return 0;
	/* a line continuation: a script's string drops it (`C\<LF>.evil.test`
	 * is the host C.evil.test) */
	if (i + 1 < s->len && (s->b[i + 1] == '\n' || s->b[i + 1] == '\r' || s->b[i + 1] == 0xE2)) {
		size_t l;
		return js_escape_at(s->b, s->len, i, &l) == JS_CONTINUATION ? l : 0;
	}
	struct esc e = decode_escape(s, i);
	if (e.kind == ESC_CONTROL) {
		/* Two-byte \t \n \r: only where the surface joins. */
		return (scan_joins(s) && (e.cp == '\t' || e.cp == '\n' || e.cp == '\r')) ? e.len : 0;
	}
	/* \u0009, \u{...}, \x09, \011 forms: any escJS surface, even prose
	 * (an asymmetry kept on purpose, §3.5). */
	if (e.kind == ESC_CHAR && (e.cp == '\t' || e.cp == '\n' || e.cp == '\r') && e.len > 2) return e.len;
	return 0;
}

/* ---- the right anchor ------------------------------------------------- */

size_t matcher_value_lead(enum surface surface, const unsigned char *b, size_t len)
{
	size_t i = 0;
	/* a JSON string token is matched with its quotes: its value starts
	 * after the opening one */
	if ((surface == SURFACE_JSON_STRING || surface == SURFACE_JSON_KEY) && len && b[0] == '"') i = 1;
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == '\f')) i++;
	return i;
}

static bool begins_value(const struct scan *s, size_t c)
{
	if (!s->value) return false;
	return s->mp->lead_given ? c < s->mp->lead_end : c <= matcher_value_lead(s->surface, s->b, s->len);
}

/* The sweep sees attribute values without their tag: a candidate right
 * after `=`, `"` or `'` is taken to begin a value, so the sweep keeps the
 * structured pass's decline of §12.1 instead of undoing it (§6.4). One byte of
 * left context, so the decision does not depend on read boundaries. */
static bool sweep_value_start(const struct scan *s, size_t cand)
{
	if (s->surface != SURFACE_STRAGGLER) return false;
	int before = cand > 0 ? s->b[cand - 1] : s->prev;
	return before == '=' || before == '"' || before == '\'';
}

/* delimiter(i) of §3.5 for a byte value (not an escape). */
static bool delimiter_byte(const struct scan *s, size_t cand, unsigned char c)
{
	if (c == '@') return false;          /* userinfo */
	if (c == '&')                        /* §12.1: & ends a host, except where it begins the value */
		return !begins_value(s, cand) && !sweep_value_start(s, cand);
	return !matcher_is_host_byte(c);
}

/* The byte `%25XY` at b[i] gives decoded twice, or -1. */
static __attribute__((noinline, cold)) int pct2_byte(const struct scan *s, size_t i)
{
	if (i + 4 >= s->len) return -1;
	int x = ascii_hex(s->b[i + 3]), y = ascii_hex(s->b[i + 4]);
	return x >= 0 && y >= 0 ? x * 16 + y : -1;
}

/* Whether `%25` at b[i] ends a host spelled percent twice. */
static __attribute__((noinline, cold)) bool pct2_ends(const struct scan *s, size_t i)
{
	int v = pct2_byte(s, i);
	return v != '%' && (v < 0 || !matcher_is_host_byte((unsigned char)v));
}

static bool delimiter(const struct scan *s, size_t cand, size_t i)
{
	if (i >= s->len) return true;
	unsigned char c = s->b[i];
	if (c == '%') {
		if (i + 2 < s->len) {
			int h1 = ascii_hex(s->b[i + 1]), h2 = ascii_hex(s->b[i + 2]);
			/* `%25` in a host spelled percent twice is judged by what the
			 * second decoding gives (`%252F` ends it, `%252E` goes on);
			 * elsewhere a URL parser reads a `%` into the host, which no
			 * host holds */
			if (h1 == 2 && h2 == 5) return s->pct2 && pct2_ends(s, i);
			if (h1 >= 0 && h2 >= 0) return !matcher_is_host_byte((unsigned char)(h1 * 16 + h2));
		}
		/* in a style sheet its hex digits may be escapes (`%\32 E`): the
		 * host is not read as ended */
		if (s->css && ((i + 1 < s->len && s->b[i + 1] == '\\') || (i + 2 < s->len && s->b[i + 2] == '\\'))) return false;
		/* and where references are read, references (`%2&#x45;`) */
		if (s->refs && ((i + 1 < s->len && s->b[i + 1] == '&') || (i + 2 < s->len && s->b[i + 2] == '&'))) return false;
		return true;                 /* a stray % */
	}
	if (s->css && (c == '\\' || (c == '&' && s->refs))) {
		/* a CSS escape is judged as the character it stands for */
		size_t l;
		int d = css_at(s, i, &l);
		if (d >= 0x80) return false;
		if (d == '%') return false;   /* a percent escape follows, not read here: the host goes on */
		if (d >= 0) return delimiter_byte(s, cand, (unsigned char)d);
	}
	if (c == '&' && s->refs) {
		/* a reference is judged as the byte it decodes to (a host byte,
		 * or any non-ASCII one, continues the host) */
		int r = ref_delimiter(s, cand, i);
		if (r >= 0) return r;
	}
	if (c == '\\' && s->esc_js) {
		struct esc e = decode_escape(s, i);
		switch (e.kind) {
		case ESC_NONE: return true;          /* incomplete: a plain backslash */
		case ESC_UNREADABLE: return false;   /* continues the host: declines */
		case ESC_CONTROL: return !scan_joins(s);  /* \n \r \t \b \f end it only on prose */
		case ESC_CHAR:
			if (e.cp == '/' || e.cp == '\\' || e.cp == '?' || e.cp == '#' || e.cp == ':') return true;
			if (e.cp >= 0x80) return false;
			if (e.cp == '%') return true;
			return delimiter_byte(s, cand, (unsigned char)e.cp);
		}
	}
	return delimiter_byte(s, cand, c);
}

/* Past the removable characters at e, as many as the budget of 64 bytes
 * in all leaves (an item that would pass it is not skipped, §3.5). */
static inline __attribute__((always_inline)) size_t skip_removable(const struct scan *s, size_t e, size_t *removed)
{
	size_t n;
	while ((n = removable_len(s, e)) > 0 && *removed + n <= MATCH_REMOVED_RUN_MAX) {
		e += n;
		*removed += n;
	}
	return e;
}

/* A dot at i: `.`, or where references are read one that decodes to it
 * (`&period;`, `&#46;`); its length, else 0. */
static inline size_t dot_len(const struct scan *s, size_t i)
{
	size_t len;
	if (i >= s->len) return 0;
	if (s->b[i] == '.') return 1;
	return s->b[i] == '&' && ref_byte(s, i, &len) == '.' ? len : 0;
}

static bool terminated(const struct scan *s, size_t cand, size_t e)
{
	size_t removed = 0;
	e = skip_removable(s, e, &removed);
	if (delimiter(s, cand, e)) return true;
	/* a dot, then a delimiter; where the surface joins, a TAB after the
	 * dot does not end the host (`C.<TAB>evil.test` is the host
	 * C.evil.test to a URL parser) */
	size_t l = dot_len(s, e);
	return l && delimiter(s, cand, skip_removable(s, e + l, &removed));
}

/* Port separator at i (§3.5): `:`, `%3A`, `%253A`, in a style sheet a CSS
 * escape of a colon, and on escJS surfaces `\:`,
 * `\u003a`, `\u{…3a}`, `\x3a`, `\072`. Returns its length or 0. */
static size_t port_sep_len(const struct scan *s, size_t i)
{
	if (i >= s->len) return 0;
	unsigned char c = s->b[i];
	if (c == ':') return 1;
	if (c == '%' && i + 2 < s->len && s->b[i + 1] == '3' && ascii_lower(s->b[i + 2]) == 'a') return 3;
	if (c == '%' && i + 4 < s->len && ascii_ci_eq(s->b + i + 1, "253a", 4)) return 5;   /* percent twice */
	if (s->css && (c == '\\' || (c == '&' && s->refs))) {   /* `\:`, `\3a ` */
		size_t l;
		if (css_at(s, i, &l) == ':') return l;
	}
	if (c == '&' && s->refs) return port_ref_len(s, i);   /* `&#58;`, `&colon;` */
	if (c == '\\' && s->esc_js) {
		struct esc e = decode_escape(s, i);
		if (e.kind == ESC_CHAR && e.cp == ':') return e.len;
	}
	return 0;
}

/* §3.4: the byte after the dot is / : ? # or a percent escape of one. */
static bool root_dot_follower(const struct scan *s, size_t i)
{
	unsigned char c = s->b[i];
	if (c == '/' || c == ':' || c == '?' || c == '#') return true;
	if (s->css) {
		/* in a style sheet: a CSS escape of one of them (a backslash
		 * too, a slash to a URL parser), and the end of a url() or of
		 * its string */
		if (c == ')' || c == '"' || c == '\'') return true;
		size_t l;
		int d = (c == '\\' || (c == '&' && s->refs)) ? css_at(s, i, &l) : -1;
		if (d >= 0) return d == '/' || d == '\\' || d == ':' || d == '?' || d == '#';
	}
	/* where a page's parser reads references, a backslash is a URL
	 * parser's slash (not on escJS surfaces, where it opens an escape) */
	if (c == '\\') return s->refs && !s->esc_js;
	if (c == '&') {   /* a reference to one of them, where references are read */
		size_t len;
		int r = ref_byte(s, i, &len);
		return r == '/' || r == '\\' || r == ':' || r == '?' || r == '#';
	}
	if (c == '%' && i + 2 < s->len) {
		int h1 = ascii_hex(s->b[i + 1]), h2 = ascii_hex(s->b[i + 2]);
		if (h1 >= 0 && h2 >= 0) {
			int d = h1 * 16 + h2;
			if (d == '%' && s->pct2) d = pct2_byte(s, i);   /* `%252F` in a host spelled percent twice */
			return d == '/' || d == ':' || d == '?' || d == '#';
		}
	}
	return false;
}

/* Where references are read: whether b[c] follows a reference that
 * decodes to ':' (`&colon;`, `&#58;`, `&#x3A;`, at most 12 bytes back). */
static bool colon_ref_before(const struct scan *s, size_t c)
{
	for (size_t k = 2; k <= 12 && k <= c; k++) {
		if (s->b[c - k] != '&') continue;
		size_t len;
		return ref_byte(s, c - k, &len) == ':' && len == k;
	}
	return false;
}

/* Where references are read: the scheme `http` or `https` (any case,
 * a word of its own) written before a reference that decodes to ':' just
 * before b[c], in *scheme; false where there is none. */
static bool colon_ref_scheme(const struct scan *s, size_t c, enum scheme *scheme)
{
	for (size_t k = 2; k <= 12 && k <= c; k++) {
		if (s->b[c - k] != '&') continue;
		size_t len, a = c - k;
		if (ref_byte(s, a, &len) != ':' || len != k) return false;
		size_t w = a >= 5 && ascii_ci_eq(s->b + a - 5, "https", 5) ? 5 : a >= 4 && ascii_ci_eq(s->b + a - 4, "http", 4) ? 4 : 0;
		if (!w) return false;
		int before = a - w > 0 ? s->b[a - w - 1] : s->prev;
		if (before != MATCH_NO_PREV && (ascii_alnum((unsigned char)before) || before == '+' || before == '-' || before == '.'))
			return false;
		*scheme = w == 5 ? SCHEME_HTTPS : SCHEME_HTTP;
		return true;
	}
	return false;
}

/* §3.3: bytes that make a relative candidate part of something longer. */
static bool blocks_left(int c)
{
	if (c == MATCH_NO_PREV) return false;
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '/' || c == '.' || c == '-' || c == '_' || c == '%' || c == '\\';
}

static void emit(const struct scan *s, size_t start, size_t end, enum action a, enum reason r, struct slice repl)
{
	struct match_event ev = { start, end, a, r, s->surface, repl };
	s->fn(s->ctx, &ev);
}

static void skip(const struct scan *s, size_t start, size_t end, enum reason r)
{
	struct slice none = { NULL, 0 };
	emit(s, start, end, ACTION_SKIPPED, r, none);
}

/* Evaluate one candidate; returns the end of the examined span. */
static size_t evaluate(const struct scan *s, size_t c, enum form form, enum encoding enc, enum scheme written,
                       const struct pattern_host *g, size_t sep, size_t host_end)
{
	const unsigned char *b = s->b;
	bool ref_scheme = false;   /* a relative form after `http&colon;`: its scheme is written */
	if (form == FORM_RELATIVE) {
		int before = c > 0 ? b[c - 1] : s->prev;
		/* In a SQL literal `\n` `\t` `\r` `\0` `\b` `\Z` stand for control
		 * bytes, which anchor (§3.3 on the data, not on its escaping). */
		if (s->sql && c >= 2 && strchr("ntr0bZ", before) && before) {
			size_t k = c - 1, slashes = 0;
			while (k > 0 && b[k - 1] == '\\') { slashes++; k--; }
			if (slashes % 2 == 1) before = '\n';
		}
		if (blocks_left(before)) { skip(s, c, host_end, REASON_UNANCHORED); return host_end; }
		/* `http&colon;//C`: a scheme this pass cannot read (its colon a
		 * reference) decides the port's default and the scheme of the
		 * URL; the match over the decoded value reads it (§5.3), in an
		 * attribute value and the sweep after it (in text, where none
		 * runs, `wss&#58;//C` is read as `wss://C` is) */
		if (s->refs && before == ';' && s->surface != SURFACE_TEXT && s->surface != SURFACE_RAW_TEXT &&
		    s->surface != SURFACE_INLINE_STYLE && colon_ref_before(s, c)) {
			skip(s, c, host_end, REASON_NOT_A_URL);
			return host_end;
		}
		/* (in text, `http&colon;//C:443` is the http scheme's, whose
		 * port 443 no https pair has: the pair is chosen by it) */
		if (s->refs && before == ';' && colon_ref_scheme(s, c, &written)) ref_scheme = true;
	}
	(void)sep;
	size_t e = host_end;
	/* §3.4 root dot and §3.5 port, after removable characters where the
	 * surface joins (a URL parser reads `C<TAB>.:8443` as `C.:8443`) */
	size_t removed = 0, d = skip_removable(s, e, &removed), pe = d, dl = dot_len(s, d);
	if (dl) {
		size_t f = skip_removable(s, d + dl, &removed);
		if (f < s->len ? root_dot_follower(s, f) : s->value) {
			e = d + dl;
			pe = f;   /* (the removable characters read once, 64 bytes in all) */
		}
	}
	const char *port = NULL;
	size_t port_len = 0;
	size_t ps = port_sep_len(s, pe);
	if (ps) {
		size_t d = pe + ps, k = d;
		while (k < s->len && k - d <= MATCH_PORT_DIGITS_MAX && b[k] >= '0' && b[k] <= '9') k++;
		if (k - d > MATCH_PORT_DIGITS_MAX) {
			skip(s, c, k, REASON_NOT_A_URL);   /* too long to be a port */
			return k;
		}
		if (k > d) {
			port = (const char *)b + d;
			port_len = k - d;
			e = k;
		} else if (!terminated(s, c, d)) {   /* (an empty port: the colon kept) */
			skip(s, c, d, REASON_NOT_A_URL);
			return d;
		}
	}
	if (!terminated(s, c, e)) { skip(s, c, e, REASON_NOT_A_URL); return e; }

	/* §3.6 pair choice, by declaration order */
	const struct pattern_pair *pp = patterns_pair_for(g, form == FORM_SCHEME || ref_scheme, written, port, port_len);
	if (!pp) { skip(s, c, e, REASON_HOST_NOT_IN_MAP); return e; }
	if (pp->identity) { skip(s, c, e, REASON_IDENTITY_MAP); return e; }
	/* an empty port's colon, where the variant writes a port of its own,
	 * goes with the span (`C:/x` is not `V:8080:/x`) */
	if (ps && !port && pp->variant_port) e = pe + ps;
	struct slice r = pp->repl[enc][form];
	if (r.n == e - c && memcmp(r.p, b + c, r.n) == 0) { skip(s, c, e, REASON_IDENTITY_MAP); return e; }
	emit(s, c, e, ACTION_REWROTE, REASON_NONE, r);
	return e;
}

/* The longest canonical host at h (§3.2 step 3), or NULL. */
static inline __attribute__((always_inline)) const struct pattern_host *host_at(const struct scan *s, size_t h)
{
	if (h >= s->len) return NULL;
	unsigned char c = ascii_lower(s->b[h]);
	const short *list = s->pt->by_first[c];
	if (!list) return NULL;
	if (h + 1 < s->len) {
		unsigned char c2 = ascii_lower(s->b[h + 1]);
		if (!(s->pt->by_second[c][c2 >> 3] >> (c2 & 7) & 1)) return NULL;
	}
	for (; *list >= 0; list++) {
		const struct pattern_host *g = &s->pt->hosts[*list];
		if (g->len > s->len - h) continue;
		size_t k = 1;
		while (k < g->len && ascii_lower(s->b[h + k]) == g->host[k]) k++;
		if (k == g->len) return g;
	}
	return NULL;
}

static bool json_joins(const unsigned char *b, size_t len, size_t piece, void (*release)(void *, const unsigned char *),
                       void *ctx)
{
	/* §3.8: strip quotes, prose if it has a space or "http" twice, else
	 * joins only if it begins with http or //. Read `piece` bytes at a
	 * time, `release` told of each read (a mapped value, rules.md §11.2). */
	size_t i = 0, n = len;
	while (i < n && b[i] == '"') i++;
	while (n > i && b[n - 1] == '"') n--;
	size_t https = 0;
	for (size_t a = i; a < n; a += piece) {
		size_t e = n - a > piece ? a + piece : n;
		if (memchr(b + a, ' ', e - a)) return false;
		for (size_t k = a; k < e && k + 4 <= n; k++)
			if (ascii_lower(b[k]) == 'h' && ascii_ci_eq(b + k, "http", 4)) https++;
		if (https > 1) return false;
		if (release) release(ctx, b + a);
	}
	return (n - i >= 4 && ascii_ci_eq(b + i, "http", 4)) || (n - i >= 2 && b[i] == '/' && b[i + 1] == '/');
}

bool matcher_surface_joins(enum surface surface, const unsigned char *b, size_t len)
{
	const struct surface_axes *ax = surface_axes(surface);
	return ax->joining == JOIN_JOINS || (ax->joining == JOIN_PER_BUFFER && json_joins(b, len, len ? len : 1, NULL, NULL));
}

bool matcher_surface_joins_pieces(enum surface surface, const unsigned char *b, size_t len, size_t piece,
                                  void (*release)(void *ctx, const unsigned char *upto), void *ctx)
{
	const struct surface_axes *ax = surface_axes(surface);
	return ax->joining == JOIN_JOINS || (ax->joining == JOIN_PER_BUFFER && json_joins(b, len, piece, release, ctx));
}

size_t matcher_scan(const struct patterns *pt, const unsigned char *b, size_t len, size_t limit,
                    int prev, enum match_mode mode, enum surface surface,
                    match_event_fn fn, void *ctx)
{
	struct match_params mp = { .prev = prev, .mode = mode, .surface = surface, .joins = -1 };
	return matcher_scan_ex(pt, b, len, limit, &mp, fn, ctx);
}

/* The length of a run of backslashes: forward from b[i] (at most max),
 * or backward from b[i - 1] down to b[from] (at most max). */
static inline size_t backslashes_from(const unsigned char *b, size_t i, size_t len, size_t max)
{
	size_t k = 0;
	while (k < max && i + k < len && b[i + k] == '\\') k++;
	return k;
}

static inline size_t backslashes_before(const unsigned char *b, size_t i, size_t from, size_t max)
{
	size_t k = 0;
	while (k < max && i > from + k && b[i - 1 - k] == '\\') k++;
	return k;
}

/* matcher_scan_ex, made twice: with the host-first skip below
 * (JSON and SQL) and without it, where it would cost a test a separator. */
static inline __attribute__((always_inline)) size_t scan_buffer(const struct patterns *pt, const unsigned char *b, size_t len,
                                                         size_t limit, const struct match_params *mp, match_event_fn fn,
                                                         void *ctx, bool may_host_first)
{
	const struct surface_axes *ax = surface_axes(mp->surface);
	struct scan s = {
		.pt = pt, .b = b, .len = len, .limit = limit, .prev = mp->prev,
		.value = mp->mode == MATCH_VALUE, .esc_js = mp->esc == ESC_FROM_SURFACE ? ax->esc_js : mp->esc == ESC_FORCE_JS, .sql = mp->sql,
		.refs = mp->refs || mp->surface == SURFACE_HTML_ATTR || mp->surface == SURFACE_HTML_ENTITY,
		.css = mp->css || mp->surface == SURFACE_INLINE_STYLE,
		.mp = mp, .surface = mp->surface, .fn = fn, .ctx = ctx,
	};
	int joins = mp->joins >= 0 ? mp->joins != 0 : -1;
	s.joins = &joins;
	if (pt->nhosts == 0) return limit;

	size_t scanned = 0;
	size_t pos = 0;
	/* Scheme prefixes reach at most 10 bytes before a separator
	 * ("https%253A"), so a separator this far past the limit can start no
	 * candidate < limit. */
	size_t sep_stop = limit + 10 < len ? limit + 10 : len;
	/* next '/' or '%' pair at or after pos, and in json mode the next
	 * `\u002F`, whichever comes first */
	size_t cand = 0;
	bool cand_done = false, cand_known = false;
	/* Host first, where separators come without hosts (§3.1). A
	 * candidate has a whole canonical host right after its relative
	 * separator (§3.2 step 3), at most SEP_TO_HOST_MAX bytes on. No host starts
	 * between the pos hostfind_bound was asked from and host_next, so a
	 * separator from that pos to host_next - SEP_TO_HOST_MAX starts no
	 * candidate and is not looked for. The finder's scan costs more than
	 * the separators' where they are about as frequent as hosts (html and
	 * text), so it is taken in JSON and SQL only (a `\` stops their separator scan: `\/`, `\n`,
	 * `\"`), once HOST_FIRST_AFTER separators of the scan had no host (a
	 * value with an origin has its host near its separators). Where the
	 * finder gave up (`all`) it is never taken. */
	enum { SEP_TO_HOST_MAX = 2 * ENC_BS_MAX + 2, HOST_FIRST_AFTER = 4 };   /* the longest relative separator */
	size_t host_next = 0;
	/* separators to go without a host before host first; never outside
	 * JSON and SQL */
	size_t misses_left = HOST_FIRST_AFTER;
	bool host_first = false;
	struct hostfind_memo memo;   /* the anchors found over b */
	hostfind_memo_init(&memo);

	while (pos < sep_stop) {
		if (may_host_first && host_first) {
			if (host_next < pos + 2) {
				/* no separator at pos or later reaches the host known */
				host_next = hostfind_bound(&pt->find, &memo, b, pos, len);
				if (host_next >= len) break;
			}
			if (host_next > pos + SEP_TO_HOST_MAX) pos = host_next - SEP_TO_HOST_MAX;
		}
		/* §3.2 step 1: the earliest of //, \/, %2F, %2f at or after pos
		 * (and, by mode, \\/ and \u002F). */
		/* Only a '/' followed by '/' or '\\' can be part of a relative
		 * separator (`//`, `\/\/`, `\\/\\/`), only a '%' followed by '2'
		 * (`%2F`), only a '\\' followed by 'u' (`\u002F`): the others are
		 * skipped by the scan itself, as step 2 of §3.2 would reject them. */
		if (!cand_done && (!cand_known || cand < pos)) {
			cand_known = true;
			/* one scan for all kinds: whichever comes first decides the
			 * order, the others lie beyond it */
			if (!mp->json) {
				cand = bytescan_separators(b, pos, len);
			} else {
				/* `\` and the `2` of `\u002F` together: the other `\uXXXX`
				 * escapes of a JSON string (`\u00e4`) are passed by the
				 * scan, the few left here */
				size_t r = pos;
				while ((r = bytescan_json_separators(b, r, len)) < len &&
				       b[r] == '\\' &&
				       !(len - r >= 6 && b[r + 1] == 'u' && b[r + 2] == '0' && b[r + 3] == '0' && ascii_lower(b[r + 5]) == 'f'))
					r++;
				cand = r;
			}
			if (cand >= len) cand_done = true;
		}
		size_t q = !cand_done && b[cand] == '/' ? cand : len;
		size_t p = !cand_done && b[cand] == '%' ? cand : len;
		size_t uu = !cand_done && b[cand] == '\\' ? cand : len;
		if (q == len && p == len && uu == len) break;
		/* steps 2 and 3: the whole doubled relative separator (sep, its
		 * start, and rel, its length) in the encoding the bytes spell */
		size_t sep, rel = 0;
		enum encoding enc;
		if (uu < len) {
			sep = uu; enc = ENC_JSONU;
			if (sep + 11 < len && b[sep + 6] == '\\' && b[sep + 7] == 'u' && b[sep + 8] == '0' && b[sep + 9] == '0' &&
			    b[sep + 10] == '2' && ascii_lower(b[sep + 11]) == 'f')
				rel = 12;
		} else if (p < len) {
			/* `%2F%2F`, `%5C%2F%5C%2F` (found at its `%2F`), `%252F%252F` */
			if (!(p + 2 < len && b[p + 1] == '2')) { pos = p + 1; continue; }
			if (ascii_lower(b[p + 2]) == 'f') {
				if (p >= pos + 3 && ascii_ci_eq(b + p - 3, "%5c", 3)) {
					sep = p - 3; enc = ENC_PCTJSON;
					if (p + 8 < len && ascii_ci_eq(b + p + 3, "%5c%2f", 6)) rel = 12;
				} else {
					sep = p; enc = ENC_PCT;
					if (p + 5 < len && ascii_ci_eq(b + p + 3, "%2f", 3)) rel = 6;
				}
			} else if (b[p + 2] == '5' && p + 9 < len && ascii_ci_eq(b + p + 3, "2f%252f", 7)) {
				sep = p; enc = ENC_PCT2; rel = 10;
			} else {
				pos = p + 1; continue;
			}
		} else {
			/* `//`, or k backslashes and a slash twice (the same k,
			 * 1 … ENC_BS_MAX; the first run no further back than pos) */
			size_t k = backslashes_from(b, q + 1, len, ENC_BS_MAX + 1);
			if (q + 1 + k >= len || b[q + 1 + k] != '/' || k > ENC_BS_MAX ||
			    backslashes_before(b, q, pos, k) < k) {
				pos = q + 1; continue;
			}
			sep = q - k; enc = k ? ENC_BS(k) : ENC_RAW; rel = 2 * k + 2;
		}
		if (sep >= sep_stop) break;
		pos = sep + 1;  /* step 2 */
		if (!rel) continue;
		/* step 4: the longest host */
		const struct pattern_host *g = host_at(&s, sep + rel);
		if (!g) {
			if (may_host_first && --misses_left == 0) host_first = true;
			continue;
		}
		size_t host_end = sep + rel + g->len;

		s.pct2 = enc == ENC_PCT2;
		/* step 5a: scheme form (raw slashes after a percent colon,
		 * `https%3A//C`: a redirect parameter half encoded) */
		size_t colon = enc == ENC_PCT || enc == ENC_PCTJSON ? 3 : enc == ENC_PCT2 ? 5 : 1;
		enum encoding senc = enc;
		if (enc == ENC_RAW && sep >= 3 && b[sep - 1] != ':' && ascii_ci_eq(b + sep - 3, "%3a", 3)) colon = 3, senc = ENC_PCTRAW;
		if (sep >= colon && (colon == 3   ? ascii_ci_eq(b + sep - 3, "%3a", 3)
		                     : colon == 5 ? ascii_ci_eq(b + sep - 5, "%253a", 5)
		                                  : b[sep - 1] == ':')) {
			size_t sc = sep - colon;
			enum scheme written;
			size_t c = 0;
			bool have = false;
			if (sc >= 5 && ascii_ci_eq(b + sc - 5, "https", 5)) { c = sc - 5; written = SCHEME_HTTPS; have = true; }
			else if (sc >= 4 && ascii_ci_eq(b + sc - 4, "http", 4)) { c = sc - 4; written = SCHEME_HTTP; have = true; }
			if (have) {
				if (c >= limit) return scanned > limit ? scanned : limit;   /* step 7 */
				if (c >= scanned) scanned = evaluate(&s, c, FORM_SCHEME, senc, written, g, sep, host_end);
			}
		}
		/* step 5b: relative form */
		if (sep >= limit) return scanned > limit ? scanned : limit;
		if (sep >= scanned) scanned = evaluate(&s, sep, FORM_RELATIVE, enc, SCHEME_HTTPS, g, sep, host_end);
	}
	return scanned > limit ? scanned : limit;
}

size_t matcher_scan_ex(const struct patterns *pt, const unsigned char *b, size_t len, size_t limit,
                       const struct match_params *mp, match_event_fn fn, void *ctx)
{
	if (limit > len) limit = len;
	if ((mp->json || mp->sql) && !pt->find.all && !mp->separators_first) return scan_buffer(pt, b, len, limit, mp, fn, ctx, true);
	return scan_buffer(pt, b, len, limit, mp, fn, ctx, false);
}

struct rewrite_ctx {
	const unsigned char *b;
	unsigned char *out;
	size_t cap, n, last;
	size_t rewrites;
	bool overflow;
};

static void put(struct rewrite_ctx *r, const unsigned char *p, size_t n)
{
	if (r->n + n > r->cap) { r->overflow = true; return; }
	memcpy(r->out + r->n, p, n);
	r->n += n;
}

static void rewrite_event(void *ctx, const struct match_event *ev)
{
	struct rewrite_ctx *r = ctx;
	if (ev->action != ACTION_REWROTE) return;
	put(r, r->b + r->last, ev->start - r->last);
	put(r, ev->repl.p, ev->repl.n);
	r->last = ev->end;
	r->rewrites++;
}

bool matcher_rewrite(const struct patterns *pt, const unsigned char *b, size_t len,
                     enum match_mode mode, enum surface surface,
                     unsigned char *out, size_t cap, size_t *out_len, size_t *rewrites)
{
	struct rewrite_ctx r = { .b = b, .out = out, .cap = cap };
	size_t consumed = matcher_scan(pt, b, len, len, MATCH_NO_PREV, mode, surface, rewrite_event, &r);
	put(&r, b + r.last, consumed - r.last);
	*out_len = r.n;
	if (rewrites) *rewrites = r.rewrites;
	return !r.overflow;
}
