/* entity.c — character-reference decoding in attribute values
 * (§5.1–§5.3). See entity.h for the contract.
 *
 * One left-to-right pass over the value. Only `&` starts anything; every
 * other byte is copied with its own offset in the source map. At each `&`
 * one reference is tried (named, then numeric); if it is not one this
 * decoder accepts, the `&` is copied like any other byte and the scan goes
 * on at the next byte, so a later `&` inside the same run is still tried.
 * The fusing guard runs before each decoded reference is appended; if it
 * fires, the whole value is declined and the output is reset to the input.
 * No allocation. */
#include "entity.h"
#include "utf8.h"

#include "ascii.h"

#include <string.h>

#include "bytescan.h"
#include "entity_names.h"

/* §5.1: the name's `;` must be among the first 15 bytes after the `&`, so a
 * name is at most 14 bytes. */
#define NAMED_LOOKAHEAD 15

/* Largest code point; a numeric scan that passes it aborts (§5.1). */
#define MAX_CP 0x10FFFFu

_Static_assert(sizeof entity_names / sizeof entity_names[0] == ENTITY_NAMES_COUNT, "entity_names count");

/* §5.1: the ten URL-structure names. They are ASCII, so the generated table
 * (one non-ASCII code point) never holds them; nor does it hold any other
 * ASCII name (amp, lt, quot, Tab, NewLine, ...), which are never decoded. */
static const struct {
	const char *name;
	unsigned char len;
	unsigned char byte;
} url_names[] = {
	{ "sol", 3, '/' },    { "bsol", 4, '\\' },   { "colon", 5, ':' },    { "period", 6, '.' },
	{ "quest", 5, '?' },  { "num", 3, '#' },     { "percnt", 6, '%' },   { "lowbar", 6, '_' },
	{ "UnderBar", 8, '_' }, { "commat", 6, '@' },
};


/* Bytewise order of (a, alen) against the NUL-terminated table name b: the
 * order tools/gen_entity_names.py sorts by. */
/* Byte order of a (alen bytes) against the NUL-terminated b, in one pass. */
static int name_cmp(const char *a, size_t alen, const char *b)
{
	for (size_t i = 0; i < alen; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (!y) return 1;
		if (x != y) return x < y ? -1 : 1;
	}
	return b[alen] ? -1 : 0;
}

uint32_t entity_single_codepoint(const char *name, size_t len)
{
	if (name == NULL || len == 0 || len > ENTITY_NAMES_LONGEST || (unsigned char)name[0] >= 128) return 0;
	/* only the names with its first byte, a fortieth of the table */
	size_t lo = entity_names_first[(unsigned char)name[0]], hi = entity_names_first[(unsigned char)name[0] + 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = name_cmp(name, len, entity_names[mid].name);
		if (c == 0) return entity_names[mid].cp;
		if (c < 0) hi = mid;
		else lo = mid + 1;
	}
	return 0;
}


/* A named reference at p[0] == '&' (p[1] != '#'), m bytes available. On
 * success writes the decoding to b, sets *blen and returns the bytes
 * consumed (name plus `&` and `;`); 0 when not a reference decoded here. */
static size_t parse_named(const unsigned char *p, size_t m, unsigned char b[4], size_t *blen)
{
	size_t lim = m < 1 + NAMED_LOOKAHEAD ? m : 1 + NAMED_LOOKAHEAD;
	/* the ';' a few bytes on, by a loop (a memchr call per
	 * reference would cost more than the search) */
	size_t len = 0;
	while (1 + len < lim && p[1 + len] != ';') len++;
	if (1 + len == lim || len == 0) return 0;
	const char *name = (const char *)(p + 1);
	/* `&amp;` and its kin are most references in URLs: ASCII, not decoded
	 * (none of them is a url_names entry) */
	if ((len == 3 && !memcmp(name, "amp", 3)) || (len == 2 && (!memcmp(name, "lt", 2) || !memcmp(name, "gt", 2))) ||
	    (len == 4 && (!memcmp(name, "quot", 4) || !memcmp(name, "apos", 4))))
		return 0;
	for (size_t k = 0; k < sizeof url_names / sizeof url_names[0]; k++) {
		/* the first byte before a call (most names of a length are no URL name) */
		if (url_names[k].len == len && url_names[k].name[0] == name[0] && memcmp(url_names[k].name, name, len) == 0) {
			b[0] = url_names[k].byte;
			*blen = 1;
			return len + 2;
		}
	}
	uint32_t cp = entity_single_codepoint(name, len);
	if (cp < 0x80) return 0; /* 0: not in the table; the table is non-ASCII only */
	*blen = utf8_put(cp, b);
	return len + 2;
}

static int digit_val(unsigned char c, bool hex)
{
	if (hex) return ascii_hex(c);
	return ascii_digit(c) ? c - '0' : -1;
}

/* Whether a numeric reference's value is decoded (§5.1): scalar values
 * >= 0x80, and 0x21–0x7F except the characters structural in markup. */
static inline __attribute__((always_inline)) bool numeric_allowed(uint32_t v)
{
	if (v >= 0x80) return v <= MAX_CP && (v < 0xD800 || v > 0xDFFF);
	if (v < 0x21) return false; /* controls, TAB, LF, CR, space (§5.2) */
	switch (v) {
	case '&': case '"': case '\'': case '<': case '>': case '=': case '`':
		return false;
	default:
		return true;
	}
}

/* The digits of a numeric reference at p[0..1] == "&#", m bytes
 * available, and its `;` if present: its length, and its value in *vp;
 * 0 where no digit follows or the value passes U+10FFFF (§5.1). */
static inline __attribute__((always_inline)) size_t scan_numeric(const unsigned char *p, size_t m, uint32_t *vp)
{
	size_t j = 2;
	bool hex = false;
	if (j < m && (p[j] == 'x' || p[j] == 'X')) {
		hex = true;
		j++;
	}
	size_t start = j;
	uint32_t v = 0;
	if (!hex) {
		/* decimal, most references: no hex digit to weigh */
		for (; j < m && p[j] >= '0' && p[j] <= '9'; j++) {
			v = v * 10u + (uint32_t)(p[j] - '0');
			if (v > MAX_CP) return 0; /* out of range: leave it alone */
		}
	} else {
		for (; j < m; j++) {
			int d = digit_val(p[j], true);
			if (d < 0) break;
			v = v * 16u + (uint32_t)d;
			if (v > MAX_CP) return 0;
		}
	}
	if (j == start) return 0; /* `&#;`, `&#x;`, `&#` at the end */
	if (j < m && p[j] == ';') j++; /* optional, consumed if present */
	*vp = v;
	return j;
}

/* A numeric reference at p[0..1] == "&#", m bytes available; as
 * parse_named. */
static inline __attribute__((always_inline)) size_t parse_numeric(const unsigned char *p, size_t m, unsigned char b[4],
                                                                   size_t *blen)
{
	uint32_t v = 0;
	size_t j = scan_numeric(p, m, &v);
	if (!j || !numeric_allowed(v)) return 0;
	*blen = utf8_put(v, b);
	return j;
}

/* Fusing guard (§5.1): appending byte c to the output would complete a
 * reference out of a fragment left undecoded, i.e. c is `;`, `#` or an ASCII
 * alphanumeric and the output ends with `&` [`#` [`x`|`X`]]
 * [alphanumerics]. The `x`/`X` is itself alphanumeric, so the alphanumeric
 * run covers it. How the output ends is a state (a decoding in
 * steps cannot look back before its step), worked out only where a
 * reference could fuse, from where it was last known: */
enum tail {
	TAIL_NONE,        /* no such ending */
	TAIL_AMP,         /* `&` */
	TAIL_AMP_ALNUM,   /* `&` and alphanumerics */
	TAIL_AMP_HASH     /* `&#` and alphanumerics, perhaps none */
};

/* The state after p[0..n) follows output ending in state t: only the last
 * run of alphanumerics and the one or two bytes before it matter, so the
 * bytes are read from the end, each at most once over a step. */
static unsigned char tail_of(unsigned char t, const unsigned char *p, size_t n)
{
	size_t k = n;
	while (k > 0 && ascii_alnum(p[k - 1])) k--;
	if (k == 0) return n && t == TAIL_AMP ? TAIL_AMP_ALNUM : t;
	if (p[k - 1] == '&') return k < n ? TAIL_AMP_ALNUM : TAIL_AMP;
	if (p[k - 1] != '#') return TAIL_NONE;
	if (k == 1) return t == TAIL_AMP ? TAIL_AMP_HASH : TAIL_NONE;
	return p[k - 2] == '&' ? TAIL_AMP_HASH : TAIL_NONE;
}

static bool may_fuse(unsigned char c)
{
	return c == ';' || c == '#' || ascii_alnum(c);
}

/* The reference at p[0] == '&' (m bytes readable), as the decode takes
 * it: its length, its bytes in b[0..*blen); 0 if it decodes to nothing.
 * Inlined into both callers, like parse_numeric. */
static inline __attribute__((always_inline)) size_t parse_ref(const unsigned char *p, size_t m, unsigned char b[4], size_t *blen)
{
	if (m < 3) return 0;
	return p[1] == '#' ? parse_numeric(p, m, b, blen) : parse_named(p, m, b, blen);
}

enum entity_result entity_decode_step(struct entity_decoder *d, const unsigned char *in, size_t n,
                                      unsigned char *out, size_t cap, size_t *out_len, struct entity_ref *refs,
                                      size_t refs_cap, size_t *nrefs)
{
	size_t i0 = d->i, i = i0, o = 0, nr = 0;
	bool guard = d->guard;
	unsigned char t = d->tail;   /* the guard's state after the output's first `known` bytes */
	size_t known = 0;
	/* plain bytes up to lim fit in out (the output is never longer than
	 * its source); once there, it is moved on by the room left */
	size_t lim = cap < n - i ? i + cap : n;
	for (;;) {
		if (i >= lim) {
			lim = cap - o < n - i ? i + (cap - o) : n;
			if (i >= lim) break;
		}
		/* the bytes up to the next '&' are copied through in bulk,
		 * and only once a reference is decoded (until then out would be a
		 * copy of in, which no caller needs: a value's worth of memory
		 * written for nothing) */
		if (in[i] != '&') {
			const unsigned char *amp = memchr(in + i, '&', lim - i);
			size_t e = amp ? (size_t)(amp - in) : lim;
			if (nr) memcpy(out + o, in + i, e - i);
			o += e - i;
			i = e;
			continue;
		}
		unsigned char b[4];
		size_t blen = 0, used = parse_ref(in + i, n - i, b, &blen);
		if (used == 0) {
			if (nr) out[o] = in[i];
			o++;
			i++;
			continue;
		}
		if (o + blen > cap || nr == refs_cap) break;   /* the next step begins with it */
		if (!nr) memcpy(out, in + i0, i - i0);   /* the first: out is in so far (o == i - i0) */
		if (guard && may_fuse(b[0])) {
			t = tail_of(t, out + known, o - known);
			known = o;
			if (t != TAIL_NONE) {
				*out_len = o;
				*nrefs = 0;
				return ENTITY_DECLINED;
			}
		}
		refs[nr++] = (struct entity_ref){ (uint32_t)o, (uint32_t)(i - i0), (uint32_t)(used << 3 | blen) };
		for (size_t k = 0; k < blen; k++) out[o + k] = b[k];   /* 1 to 4 bytes: no call */
		o += blen;
		i += used;
	}
	if (guard && i < n) d->tail = tail_of(t, (nr ? out : in + i0) + known, o - known);   /* for the next step */
	d->i = i;
	*out_len = o;
	*nrefs = nr;
	return nr ? ENTITY_DECODED : ENTITY_NONE;
}

enum entity_result entity_decode_url_refs(const unsigned char *in, size_t n, unsigned char *out, size_t *out_len,
                                          struct entity_ref *refs, size_t *nrefs)
{
	/* one step over all of it: decoding never grows the text (a reference
	 * is no shorter than its bytes) and a reference has 3 bytes or more */
	struct entity_decoder d = { .i = 0, .guard = true, .tail = TAIL_NONE };
	enum entity_result r = entity_decode_step(&d, in, n, out, n, out_len, refs, n / 3 + 1, nrefs);
	if (r == ENTITY_DECLINED) {
		if (n > 0) memcpy(out, in, n);
		*out_len = n;
	}
	return r;
}

/* The last reference whose decoding starts at or before out[o], or NULL. */
static const struct entity_ref *ref_at(const struct entity_ref *refs, size_t nrefs, size_t o)
{
	size_t lo = 0, hi = nrefs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (refs[mid].out <= o) lo = mid + 1;
		else hi = mid;
	}
	return lo ? &refs[lo - 1] : NULL;
}

size_t entity_token_start(const struct entity_ref *refs, size_t nrefs, size_t o)
{
	const struct entity_ref *r = ref_at(refs, nrefs, o);
	return r && o < r->out + (r->lens & 7u) ? r->out : o;
}

size_t entity_src(const struct entity_ref *refs, size_t nrefs, size_t o)
{
	const struct entity_ref *r = ref_at(refs, nrefs, o);
	if (!r) return o;
	size_t out_len = r->lens & 7u, in_len = r->lens >> 3;
	if (o < r->out + out_len) return r->in;
	return r->in + in_len + (o - r->out - out_len);
}

bool entity_refs_inert(const struct entity_ref *refs, size_t nrefs, const unsigned char *out, const unsigned char *in)
{
	for (size_t k = 0; k < nrefs; k++) {
		const struct entity_ref *r = &refs[k];
		/* one lead byte >= 0x80: all of its bytes are */
		if (out[r->out] < 0x80 || in[r->in + (r->lens >> 3) - 1] != ';') return false;
	}
	return true;
}

static bool any_in(const unsigned char *b, size_t n, const bool alphabet[256])
{
	for (size_t k = 0; k < n; k++)
		if (alphabet[b[k]]) return true;
	return false;
}

int entity_ref_byte(const unsigned char *p, size_t m, size_t *len)
{
	if (m < 3 || p[0] != '&') return -1;
	if (p[1] == '#') {
		uint32_t v = 0;
		size_t j = scan_numeric(p, m, &v);
		if (!j) return -1;
		*len = j;
		return v && v < 0x80 ? (int)v : 0x80;   /* U+0000 reads as U+FFFD */
	}
	if (m >= 5 && !memcmp(p + 1, "Tab;", 4)) { *len = 5; return '\t'; }
	if (m >= 9 && !memcmp(p + 1, "NewLine;", 8)) { *len = 9; return '\n'; }
	if (m >= 5 && !memcmp(p + 1, "amp;", 4)) { *len = 5; return '&'; }
	unsigned char b[4];
	size_t bl, k = parse_named(p, m, b, &bl);
	if (!k) return -1;
	*len = k;
	return b[0] < 0x80 ? b[0] : 0x80;
}

size_t entity_ref_utf8(const unsigned char *p, size_t m, unsigned char out[4])
{
	if (m < 3 || p[0] != '&') return 0;
	if (p[1] == '#') {
		uint32_t v = 0;
		if (!scan_numeric(p, m, &v)) return 0;
		if (!v || (v >= 0xD800 && v <= 0xDFFF)) v = 0xFFFD;   /* (as a page's parser reads them) */
		return utf8_put(v, out);
	}
	size_t bl = 0;
	return parse_named(p, m, out, &bl) ? bl : 0;
}

bool entity_may_decode_into(const unsigned char *in, size_t n, const bool alphabet[256], bool cuts)
{
	/* most values hold no '&': the search is inline (bytescan_byte) */
	for (size_t at = bytescan_byte(in, 0, n, '&'); at < n; at = bytescan_byte(in, at + 1, n, '&')) {
		const unsigned char *p = in + at;
		size_t m = n - at;
		unsigned char b[4];
		size_t blen = 0;
		if (cuts && m >= 3 && p[1] == '#') {
			/* Every cut of the digits: a run of the serialized walk may end
			 * inside them, and a prefix can decode where the whole does not
			 * (`&#119` of `&#1195;`). Each prefix's value is what
			 * parse_numeric would decode; once past MAX_CP no longer prefix
			 * decodes. Linear in the digits, leading zeros included. */
			size_t e = 2;
			bool hex = e < m && (p[e] == 'x' || p[e] == 'X');
			if (hex) e++;
			uint32_t v = 0;
			for (int d; e < m && (d = digit_val(p[e], hex)) >= 0; e++) {
				v = v * (hex ? 16u : 10u) + (uint32_t)d;
				if (v > MAX_CP) break;
				if (numeric_allowed(v) && any_in(b, utf8_put(v, b), alphabet)) return true;
			}
		} else if (m >= 3 && parse_ref(p, m, b, &blen) && any_in(b, blen, alphabet)) {
			/* uncut, a reference decodes as the decoder reads it from its
			 * '&' on, whatever came before (`&#8217;` is U+2019,
			 * not the 'R' of its cut `&#82`) */
			return true;
		}
	}
	return false;
}
