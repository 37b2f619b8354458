/* idna.c — UTS #46 processing as a browser's URL parser runs it (see
 * idna.h and docs/rules.md §1.4). */
#include "idna.h"

#include "idna_data.h"
#include "punycode.h"
#include "utf8.h"

#include <string.h>

/* ---- the tables ------------------------------------------------------- */

static const struct idna_range *range_of(uint32_t c)
{
	size_t lo = 0, hi = IDNA_RANGES;   /* the last range starting at or before c */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (idna_ranges[mid].start <= c) lo = mid;
		else hi = mid;
	}
	return &idna_ranges[lo];
}

static int status_of(const struct idna_range *r) { return r->status_map & 7; }
static bool has_map(const struct idna_range *r) { return (r->status_map & 8) != 0; }

/* The value of c in ranges sorted by first, each {first, last, value}; dflt
 * outside them. One search for the three kinds of table. */
#define RANGE_LOOKUP(table, count, c, field, dflt)                                  \
	do {                                                                          \
		size_t lo_ = 0, hi_ = (count);                                        \
		while (lo_ < hi_) {                                                   \
			size_t mid_ = lo_ + (hi_ - lo_) / 2;                          \
			if ((table)[mid_].last < (c)) lo_ = mid_ + 1;                 \
			else hi_ = mid_;                                              \
		}                                                                     \
		return lo_ < (count) && (table)[lo_].first <= (c) ? (table)[lo_].field : (dflt); \
	} while (0)

static unsigned ccc_of(uint32_t c)
{
	if (c < 0x300) return 0;
	RANGE_LOOKUP(idna_ccc_ranges, IDNA_CCC, c, ccc, 0);
}

static bool in_marks(uint32_t c) { RANGE_LOOKUP(idna_marks, IDNA_MARKS, c, first <= c, false); }
static bool is_mark(uint32_t c) { return c >= 0x300 && in_marks(c); }

static unsigned bidi_of(uint32_t c) { RANGE_LOOKUP(idna_bidi_ranges, IDNA_BIDIS, c, cls, IDNA_BIDI_L); }
static unsigned join_of(uint32_t c) { RANGE_LOOKUP(idna_join_ranges, IDNA_JOINS, c, cls, IDNA_JT_U); }

static const struct idna_decomp *decomp_of(uint32_t c)
{
	size_t lo = 0, hi = IDNA_DECOMPS;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (idna_decomps[mid].cp < c) lo = mid + 1;
		else hi = mid;
	}
	return lo < IDNA_DECOMPS && idna_decomps[lo].cp == c ? &idna_decomps[lo] : NULL;
}

/* ---- NFC (UAX #15) -------------------------------------------------------- */

enum { S_BASE = 0xAC00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11A7, L_COUNT = 19, V_COUNT = 21, T_COUNT = 28,
       N_COUNT = V_COUNT * T_COUNT, S_COUNT = L_COUNT * N_COUNT };

static bool decompose(uint32_t c, uint32_t *out, size_t cap, size_t *o)
{
	if (c >= S_BASE && c < S_BASE + S_COUNT) {
		uint32_t s = c - S_BASE;
		if (cap - *o < 3) return false;
		out[(*o)++] = L_BASE + s / N_COUNT;
		out[(*o)++] = V_BASE + (s % N_COUNT) / T_COUNT;
		if (s % T_COUNT) out[(*o)++] = T_BASE + s % T_COUNT;
		return true;
	}
	const struct idna_decomp *d = c >= 0xC0 ? decomp_of(c) : NULL;
	if (!d) {
		if (*o == cap) return false;
		out[(*o)++] = c;
		return true;
	}
	return decompose(d->a, out, cap, o) && (!d->b || decompose(d->b, out, cap, o));
}

static uint32_t compose(uint32_t a, uint32_t b)
{
	if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT)
		return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
	if (a >= S_BASE && a < S_BASE + S_COUNT && (a - S_BASE) % T_COUNT == 0 && b > T_BASE && b < T_BASE + T_COUNT)
		return a + (b - T_BASE);
	size_t lo = 0, hi = IDNA_COMPS;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct idna_comp *p = &idna_comps[mid];
		if (p->a < a || (p->a == a && p->b < b)) lo = mid + 1;
		else hi = mid;
	}
	return lo < IDNA_COMPS && idna_comps[lo].a == a && idna_comps[lo].b == b ? idna_comps[lo].c : 0;
}

bool idna_nfc(const uint32_t *in, size_t n, uint32_t *out, size_t cap, size_t *len)
{
	/* below U+0300 nothing decomposes into or composes with a mark (the
	 * Latin letters of most international hosts): already NFC */
	size_t k = 0;
	while (k < n && in[k] < 0x300) k++;
	if (k == n) {
		if (n > cap) return false;
		memmove(out, in, n * sizeof *in);
		*len = n;
		return true;
	}
	/* decompose, in out */
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		if (!decompose(in[i], out, cap, &o)) return false;
	/* canonical order: each run of non-starters sorted by class, stably */
	for (size_t i = 1; i < o; i++) {
		unsigned cc = ccc_of(out[i]);
		if (!cc) continue;
		uint32_t c = out[i];
		size_t j = i;
		while (j > 0 && ccc_of(out[j - 1]) > cc) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = c;
	}
	/* compose in place: a character joins the last starter when nothing
	 * between them blocks it (a class 0, or one not below its own) */
	size_t w = 0, starter = (size_t)-1;
	unsigned last = 0;
	for (size_t i = 0; i < o; i++) {
		uint32_t c = out[i];
		unsigned cc = ccc_of(c);
		if (starter != (size_t)-1 && (w - 1 == starter || (last != 0 && last < cc))) {
			uint32_t k = compose(out[starter], c);
			if (k) {
				out[starter] = k;
				continue;
			}
		}
		if (!cc) starter = w;
		last = cc;
		out[w++] = c;
	}
	*len = w;
	return true;
}

/* ---- UTF-8 -------------------------------------------------------------- */

static bool utf8_decode(const unsigned char *s, size_t n, uint32_t *out, size_t cap, size_t *len)
{
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		uint32_t c;
		size_t k = utf8_take(s + i, n - i, &c);
		if (!k || o == cap) return false;
		out[o++] = c;
		i += k;
	}
	*len = o;
	return true;
}

/* c's UTF-8 at out[*o], where it fits in cap. */
static bool put_utf8(uint32_t c, unsigned char *out, size_t cap, size_t *o)
{
	unsigned char b[4];
	size_t k = utf8_put(c, b);
	if (cap - *o < k) return false;
	memcpy(out + *o, b, k);
	*o += k;
	return true;
}

/* ---- validity (UTS #46 section 4.1, RFC 5892 appendix A, RFC 5893) -------- */

static bool is_valid_status(uint32_t c)
{
	if (c < 0x80) return !(c >= 'A' && c <= 'Z');   /* (ASCII: valid, or STD3-valid; upper case is mapped) */
	const struct idna_range *r = range_of(c);
	int s = status_of(r);
	return s == IDNA_V || s == IDNA_D || (s == IDNA_3 && !has_map(r));
}

/* CONTEXTJ (RFC 5892 appendix A) as the URL parser of the test oracle
 * reads it: a ZWNJ or ZWJ right after a virama passes, and ends the
 * label's checks (its bidi check too); a ZWJ elsewhere fails; a ZWNJ
 * elsewhere passes where a joining letter (L or D) is somewhere before it
 * and one (R or D) somewhere after it, and ends the checks. *done: the
 * label's checks end here. */
static bool joiners_ok(const uint32_t *l, size_t n, bool *done)
{
	*done = false;
	for (size_t i = 0; i < n; i++) {
		if (l[i] != 0x200C && l[i] != 0x200D) continue;
		*done = true;
		if (i > 0 && ccc_of(l[i - 1]) == 9) return true;
		if (l[i] == 0x200D || i == 0 || i + 1 >= n) return false;
		bool before = false, after = false;
		for (size_t j = 0; j < i; j++) {
			unsigned t = join_of(l[j]);
			before |= t == IDNA_JT_L || t == IDNA_JT_D;
		}
		for (size_t j = i + 1; j < n; j++) {
			unsigned t = join_of(l[j]);
			after |= t == IDNA_JT_R || t == IDNA_JT_D;
		}
		return before && after;
	}
	return true;
}

static bool rtl_class(unsigned b) { return b == IDNA_BIDI_R || b == IDNA_BIDI_AL || b == IDNA_BIDI_AN; }

/* The bidi rule (RFC 5893 section 2) as the URL parser of the test
 * oracle reads it: only a label holding a right-to-left character (R, AL,
 * AN) is checked. One that begins with an L character is read as
 * left-to-right, and every character but its last non-NSM one must be L,
 * EN, ES, CS, ET, ON, BN or NSM; any other is read as right-to-left: R,
 * AL, AN, EN, ES, CS, ET, ON, BN or NSM, not both EN and AN, the last
 * non-NSM one R, AL, AN or EN. */
static bool bidi_ok(const uint32_t *l, size_t n)
{
	bool rtl_char = false;
	for (size_t i = 0; i < n; i++) rtl_char |= rtl_class(bidi_of(l[i]));
	if (!rtl_char) return true;
	size_t last = n;
	while (last > 0 && bidi_of(l[last - 1]) == IDNA_BIDI_NSM) last--;
	if (last == 0) return false;
	last--;
	if (bidi_of(l[0]) == IDNA_BIDI_L) {
		for (size_t i = 0; i < last; i++) {
			unsigned b = bidi_of(l[i]);
			if (!(b == IDNA_BIDI_L || b == IDNA_BIDI_EN || b == IDNA_BIDI_ES || b == IDNA_BIDI_CS ||
			      b == IDNA_BIDI_ET || b == IDNA_BIDI_ON || b == IDNA_BIDI_BN || b == IDNA_BIDI_NSM))
				return false;
		}
		return true;
	}
	bool en = false, an = false;
	for (size_t i = 0; i <= last; i++) {
		unsigned b = bidi_of(l[i]);
		en |= b == IDNA_BIDI_EN;
		an |= b == IDNA_BIDI_AN;
		if (en && an) return false;
		if (!(rtl_class(b) || b == IDNA_BIDI_EN || b == IDNA_BIDI_ES || b == IDNA_BIDI_CS || b == IDNA_BIDI_ET ||
		      b == IDNA_BIDI_ON || b == IDNA_BIDI_BN || b == IDNA_BIDI_NSM))
			return false;
	}
	unsigned e = bidi_of(l[last]);
	return rtl_class(e) || e == IDNA_BIDI_EN;
}

static bool starts_xn(const uint32_t *l, size_t n)
{
	return n >= 4 && l[0] == 'x' && l[1] == 'n' && l[2] == '-' && l[3] == '-';
}

/* Section 4.1 for a label: NFC, no `xn--` (CheckHyphens off), no
 * U+002E, no leading mark, each status valid or deviation, the joiners'
 * contexts, the bidi rule. */
static bool label_valid(const uint32_t *l, size_t n)
{
	if (!n) return true;
	uint32_t norm[IDNA_MAX];
	size_t k;
	if (!idna_nfc(l, n, norm, IDNA_MAX, &k) || k != n || memcmp(norm, l, n * sizeof *l)) return false;
	if (starts_xn(l, n) || is_mark(l[0])) return false;
	for (size_t i = 0; i < n; i++)
		if (l[i] == '.' || !is_valid_status(l[i])) return false;
	bool done;
	if (!joiners_ok(l, n, &done)) return false;
	return done || bidi_ok(l, n);
}

/* ---- processing (section 4) ---------------------------------------------- */

/* in[0..n) mapped, normalised, its `xn--` labels decoded and every label
 * checked, into out (the labels joined by '.'). */
static enum idna_result process(const unsigned char *in, size_t n, uint32_t *out, size_t *len)
{
	uint32_t a[IDNA_MAX], b[IDNA_MAX];
	size_t na, nb = 0;
	if (!utf8_decode(in, n, a, IDNA_MAX, &na)) return n > IDNA_MAX ? IDNA_TOO_LONG : IDNA_BAD_UTF8;
	/* 1. map */
	for (size_t i = 0; i < na; i++) {
		if (a[i] < 0x80) {   /* ASCII: upper case mapped to lower, the rest kept (§1.4) */
			if (nb == IDNA_MAX) return IDNA_TOO_LONG;
			b[nb++] = a[i] >= 'A' && a[i] <= 'Z' ? a[i] + 32 : a[i];
			continue;
		}
		const struct idna_range *r = range_of(a[i]);
		int s = status_of(r);
		if (s == IDNA_X) return IDNA_DISALLOWED;
		if (s == IDNA_I) continue;
		if ((s == IDNA_M || s == IDNA_3) && has_map(r)) {
			if (IDNA_MAX - nb < r->len) return IDNA_TOO_LONG;
			memcpy(b + nb, idna_map_pool + r->off, r->len * sizeof *b);
			nb += r->len;
			continue;
		}
		if (s == IDNA_M) return IDNA_DISALLOWED;   /* (a mapped range always has its mapping) */
		if (nb == IDNA_MAX) return IDNA_TOO_LONG;
		b[nb++] = a[i];
	}
	/* 2. normalise */
	if (!idna_nfc(b, nb, a, IDNA_MAX, &na)) return IDNA_TOO_LONG;
	/* 3., 4. break into labels; decode and check each */
	size_t o = 0;
	for (size_t s = 0; s <= na;) {
		size_t e = s;
		while (e < na && a[e] != '.') e++;
		const uint32_t *l = a + s;
		size_t ln = e - s;
		if (starts_xn(l, ln)) {
			char ascii[IDNA_MAX];
			for (size_t i = 4; i < ln; i++) {
				if (l[i] >= 0x80) return IDNA_BAD_PUNYCODE;
				ascii[i - 4] = (char)l[i];
			}
			size_t dn;
			if (!punycode_decode(ascii, ln - 4, out + o, IDNA_MAX - o, &dn)) return IDNA_BAD_PUNYCODE;
			bool wide = false;
			for (size_t i = 0; i < dn; i++) wide |= out[o + i] >= 0x80;
			if (!wide) return IDNA_BAD_PUNYCODE;   /* empty, or ASCII only */
			if (!label_valid(out + o, dn)) return IDNA_INVALID_LABEL;
			o += dn;
		} else {
			if (!label_valid(l, ln)) return IDNA_INVALID_LABEL;
			if (IDNA_MAX - o < ln) return IDNA_TOO_LONG;
			memcpy(out + o, l, ln * sizeof *l);
			o += ln;
		}
		if (e < na) {
			if (o == IDNA_MAX) return IDNA_TOO_LONG;
			out[o++] = '.';
		}
		s = e + 1;
	}
	*len = o;
	return IDNA_OK;
}

/* ASCII with no `xn--` label: UTS #46 maps its upper case letters to
 * lower case and changes nothing else (no ASCII character is disallowed
 * without UseSTD3ASCIIRules, and ASCII labels are not checked), so it is
 * lower-cased into out without the steps. False where that does not hold. */
static bool plain_ascii(const unsigned char *in, size_t n, unsigned char *out, size_t cap, size_t *len)
{
	if (n > cap) return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = in[i];
		if (c >= 0x80) return false;
		if ((i == 0 || in[i - 1] == '.') && n - i >= 4 && (c | 0x20) == 'x' && (in[i + 1] | 0x20) == 'n' &&
		    in[i + 2] == '-' && in[i + 3] == '-')
			return false;
		out[i] = c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
	}
	*len = n;
	return true;
}

enum idna_result idna_to_ascii(const unsigned char *in, size_t n, char *out, size_t cap, size_t *len)
{
	if (plain_ascii(in, n, (unsigned char *)out, cap, len)) return IDNA_OK;
	uint32_t u[IDNA_MAX];
	size_t un;
	enum idna_result r = process(in, n, u, &un);
	if (r != IDNA_OK) return r;
	size_t o = 0;
	for (size_t s = 0; s <= un;) {
		size_t e = s;
		bool wide = false;
		while (e < un && u[e] != '.') wide |= u[e++] >= 0x80;
		if (wide) {
			size_t pn;
			if (cap - o < 4) return IDNA_TOO_LONG;
			memcpy(out + o, "xn--", 4);
			o += 4;
			if (!punycode_encode(u + s, e - s, out + o, cap - o, &pn)) return IDNA_TOO_LONG;
			o += pn;
		} else {
			if (cap - o < e - s) return IDNA_TOO_LONG;
			for (size_t i = s; i < e; i++) out[o++] = (char)u[i];
		}
		if (e < un) {
			if (o == cap) return IDNA_TOO_LONG;
			out[o++] = '.';
		}
		s = e + 1;
	}
	*len = o;
	return IDNA_OK;
}

enum idna_result idna_to_unicode(const unsigned char *in, size_t n, unsigned char *out, size_t cap, size_t *len)
{
	if (plain_ascii(in, n, out, cap, len)) return IDNA_OK;
	uint32_t u[IDNA_MAX];
	size_t un, o = 0;
	enum idna_result r = process(in, n, u, &un);
	if (r != IDNA_OK) return r;
	for (size_t i = 0; i < un; i++)
		if (!put_utf8(u[i], out, cap, &o)) return IDNA_TOO_LONG;
	*len = o;
	return IDNA_OK;
}

bool idna_upper(const unsigned char *in, size_t n, unsigned char *out, size_t cap, size_t *len)
{
	uint32_t u[IDNA_MAX];
	size_t un, o = 0;
	if (!utf8_decode(in, n, u, IDNA_MAX, &un)) return false;
	for (size_t i = 0; i < un; i++) {
		size_t lo = 0, hi = IDNA_UPPERS;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (idna_uppers[mid].cp < u[i]) lo = mid + 1;
			else hi = mid;
		}
		if (lo < IDNA_UPPERS && idna_uppers[lo].cp == u[i]) {
			for (size_t k = 0; k < idna_uppers[lo].len; k++)
				if (!put_utf8(idna_upper_pool[idna_uppers[lo].off + k], out, cap, &o)) return false;
		} else if (!put_utf8(u[i], out, cap, &o)) {
			return false;
		}
	}
	*len = o;
	return true;
}

const char *idna_result_text(enum idna_result r)
{
	switch (r) {
	case IDNA_OK: return "ok";
	case IDNA_BAD_UTF8: return "not UTF-8";
	case IDNA_DISALLOWED: return "holds a character international host names do not allow";
	case IDNA_BAD_PUNYCODE: return "has an xn-- label that is not Punycode of a Unicode label";
	case IDNA_INVALID_LABEL: return "has a label that is not valid (not NFC, a leading combining mark, a joiner out of place, or mixed directions)";
	case IDNA_TOO_LONG: return "is too long";
	}
	return "?";
}
