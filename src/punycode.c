/* punycode.c — RFC 3492 with the parameters of IDNA (section 5). */
#include "punycode.h"

enum { BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700, INITIAL_BIAS = 72, INITIAL_N = 0x80 };

static uint32_t adapt(uint32_t delta, uint32_t numpoints, bool first)
{
	delta = first ? delta / DAMP : delta / 2;
	delta += delta / numpoints;
	uint32_t k = 0;
	while (delta > ((BASE - TMIN) * TMAX) / 2) {
		delta /= BASE - TMIN;
		k += BASE;
	}
	return k + (BASE - TMIN + 1) * delta / (delta + SKEW);
}

static char digit_char(uint32_t d) { return (char)(d < 26 ? 'a' + d : '0' + (d - 26)); }

/* The value of a digit, either case; BASE where it is none. */
static uint32_t digit_value(unsigned char c)
{
	if (c >= '0' && c <= '9') return (uint32_t)(c - '0' + 26);
	if (c >= 'A' && c <= 'Z') return (uint32_t)(c - 'A');
	if (c >= 'a' && c <= 'z') return (uint32_t)(c - 'a');
	return BASE;
}

static uint32_t threshold(uint32_t k, uint32_t bias)
{
	return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

bool punycode_encode(const uint32_t *cp, size_t n, char *out, size_t cap, size_t *len)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (cp[i] > 0x10FFFF) return false;
		if (cp[i] < 0x80) {
			if (o == cap) return false;
			out[o++] = (char)cp[i];
		}
	}
	size_t basic = o;
	if (basic) {
		if (o == cap) return false;
		out[o++] = '-';
	}
	uint32_t m_n = INITIAL_N, delta = 0, bias = INITIAL_BIAS;
	for (size_t h = basic; h < n;) {
		uint32_t m = 0x110000;
		for (size_t i = 0; i < n; i++)
			if (cp[i] >= m_n && cp[i] < m) m = cp[i];
		/* (n is at most a label's length: no overflow below for any
		 * buffer a caller gives, checked all the same) */
		if ((uint64_t)(m - m_n) * (h + 1) + delta > UINT32_MAX) return false;
		delta += (m - m_n) * (uint32_t)(h + 1);
		m_n = m;
		for (size_t i = 0; i < n; i++) {
			if (cp[i] < m_n && ++delta == 0) return false;
			if (cp[i] != m_n) continue;
			uint32_t q = delta;
			for (uint32_t k = BASE;; k += BASE) {
				uint32_t t = threshold(k, bias);
				if (q < t) break;
				if (o == cap) return false;
				out[o++] = digit_char(t + (q - t) % (BASE - t));
				q = (q - t) / (BASE - t);
			}
			if (o == cap) return false;
			out[o++] = digit_char(q);
			bias = adapt(delta, (uint32_t)(h + 1), h == basic);
			delta = 0;
			h++;
		}
		delta++;
		m_n++;
	}
	*len = o;
	return true;
}

bool punycode_decode(const char *in, size_t n, uint32_t *cp, size_t cap, size_t *len)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t b = 0;   /* the basic code points: before the last '-' */
	for (size_t j = 0; j < n; j++)
		if (s[j] == '-') b = j;
	size_t o = 0;
	for (size_t j = 0; j < b; j++) {
		if (s[j] >= 0x80 || o == cap) return false;
		cp[o++] = s[j];
	}
	uint32_t m_n = INITIAL_N, i = 0, bias = INITIAL_BIAS;
	for (size_t in_at = b > 0 ? b + 1 : 0; in_at < n;) {
		uint32_t oldi = i, w = 1;
		for (uint32_t k = BASE;; k += BASE) {
			if (in_at >= n) return false;
			uint32_t d = digit_value(s[in_at++]);
			if (d >= BASE) return false;
			if (d > (UINT32_MAX - i) / w) return false;
			i += d * w;
			uint32_t t = threshold(k, bias);
			if (d < t) break;
			if (w > UINT32_MAX / (BASE - t)) return false;
			w *= BASE - t;
		}
		bias = adapt(i - oldi, (uint32_t)(o + 1), oldi == 0);
		if (i / (o + 1) > UINT32_MAX - m_n) return false;
		m_n += i / (uint32_t)(o + 1);
		i %= (uint32_t)(o + 1);
		if (m_n > 0x10FFFF || o == cap) return false;
		for (size_t k = o; k > i; k--) cp[k] = cp[k - 1];
		cp[i++] = m_n;
		o++;
	}
	*len = o;
	return true;
}
