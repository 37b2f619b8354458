/* hostfind.c — where the next canonical host can begin (see hostfind.h). */
#include "hostfind.h"

#include "ascii.h"
#include "bytescan.h"

#include <string.h>

static unsigned char upper(unsigned char c) { return (c >= 'a' && c <= 'z') ? (unsigned char)(c - 32) : c; }

/* How often a byte occurs in web text, per mille, case folded: counted over
 * a set of WordPress pages and rounded. Only the
 * order matters: the anchor of a host is its rarest byte. Bytes not listed
 * (non-ASCII, '[' and ']' of an IPv6 host) are rarer than any. */
static unsigned frequency(unsigned char c)
{
	static const unsigned char letters[26] = {
		46, 15, 35, 23, 52, 11, 18, 15, 39, 3, 12, 34, 20, 34, 46, 27, 2, 37, 41, 47, 17, 10, 15, 5, 8, 3,
	};
	static const unsigned char digits[10] = { 18, 16, 15, 10, 9, 9, 9, 7, 7, 6 };
	c = ascii_lower(c);
	if (c >= 'a' && c <= 'z') return letters[c - 'a'];
	if (c >= '0' && c <= '9') return digits[c - '0'];
	switch (c) {
	case '.': return 23;
	case '-': return 54;
	case '_': return 5;
	case ':': return 13;
	default: return 1;
	}
}

void hostfind_build(struct hostfind *f, const unsigned char *const *hosts, const size_t *lens, size_t n)
{
	memset(f, 0, sizeof *f);
	for (size_t h = 0; h < n; h++) {
		if (!lens[h]) { f->all = true; continue; }
		if (!f->min_len || lens[h] < f->min_len) f->min_len = lens[h];
		const unsigned char *hs = hosts[h];
		size_t at = 0, pat = 0;
		unsigned long pscore = (unsigned long)-1;
		for (size_t k = 0; k < lens[h]; k++) {
			f->alphabet[ascii_lower(hs[k])] = f->alphabet[upper(hs[k])] = true;
			if (frequency(hs[k]) < frequency(hs[at])) at = k;
			/* a pair led by a caseless byte: one scan finds both cases */
			if (k + 1 < lens[h] && ascii_lower(hs[k]) == upper(hs[k])) {
				unsigned long sc = (unsigned long)frequency(hs[k]) * frequency(hs[k + 1]);
				if (sc < pscore) { pscore = sc; pat = k; }
			}
		}
		bool pair = pscore != (unsigned long)-1;
		if (pair) at = pat;
		unsigned char a = ascii_lower(hs[at]), nx = pair ? ascii_lower(hs[at + 1]) : 0;
		size_t s = 0;
		while (s < f->nstreams && !(f->s[s].lo == a && f->s[s].pair == pair && f->s[s].next_lo == nx)) s++;
		if (s == HOSTFIND_STREAMS_MAX) { f->all = true; continue; }
		struct hostfind_stream *st = &f->s[s];
		if (s == f->nstreams) {
			f->nstreams++;
			st->lo = a;
			st->up = upper(a);
			st->pair = pair;
			st->next_lo = nx;
			st->next_up = upper(nx);
			st->min_off = (size_t)-1;
		}
		if (st->n == HOSTFIND_PER_STREAM_MAX) { f->all = true; continue; }
		st->host[st->n] = hosts[h];
		st->len[st->n] = lens[h];
		st->off[st->n] = at;
		st->n++;
		if (at < st->min_off) st->min_off = at;
		if (at > st->max_off) st->max_off = at;
	}
}

static bool host_here(const unsigned char *b, const unsigned char *host, size_t len)
{
	for (size_t k = 0; k < len; k++)
		if (ascii_lower(b[k]) != host[k]) return false;
	return true;
}

/* The next occurrence of byte c at or after i in b[0..len), or len. */
static size_t find_byte(const unsigned char *b, size_t i, size_t len, unsigned char c)
{
	if (i >= len) return len;
	const unsigned char *q = memchr(b + i, c, len - i);
	return q ? (size_t)(q - b) : len;
}

/* The first occurrence at or after from and before stop of a host of one
 * stream, or stop; with `any`, the first one confirmed, which need not be
 * the first (the first needs the scan to go on to the next
 * anchor, which in a long value or token may be far past the host, and
 * whether there is one needs no more). Inlined into both callers, so
 * `any` costs no test in the loop. */
static inline __attribute__((always_inline)) size_t stream_next(const struct hostfind_stream *st,
                                                                const unsigned char *b, size_t from, size_t len,
                                                                size_t stop, bool any)
{
	if (from + st->min_off >= len) return stop;
	size_t start = from + st->min_off;
	size_t best = stop;
	size_t lo_at, up_at;
	if (st->pair) lo_at = bytescan_pair(b, start, len, st->lo, st->next_lo, st->next_up), up_at = len;
	else lo_at = find_byte(b, start, len, st->lo), up_at = st->up == st->lo ? len : find_byte(b, start, len, st->up);
	for (;;) {
		size_t i = lo_at < up_at ? lo_at : up_at;
		if (i >= len) break;
		/* a later anchor gives a host starting at i - max_off or later */
		if (i > best + st->max_off) break;
		for (size_t k = 0; k < st->n; k++) {
			if (i < from + st->off[k]) continue;
			size_t j = i - st->off[k];
			if (j >= best || st->len[k] > len - j) continue;
			if (host_here(b + j, st->host[k], st->len[k])) {
				if (any) return j;
				best = j;
			}
		}
		if (st->pair) lo_at = bytescan_pair(b, i + 1, len, st->lo, st->next_lo, st->next_up);
		else if (i == lo_at) lo_at = find_byte(b, i + 1, len, st->lo);
		else up_at = find_byte(b, i + 1, len, st->up);
	}
	return best;
}

bool hostfind_has(const struct hostfind *f, const unsigned char *b, size_t len)
{
	if (f->all) return true;
	if (len < f->min_len) return false;
	for (size_t s = 0; s < f->nstreams; s++)
		if (stream_next(&f->s[s], b, 0, len, len, true) < len) return true;
	return false;
}

size_t hostfind_next(const struct hostfind *f, const unsigned char *b, size_t from, size_t len)
{
	if (f->all) return from < len ? from : len;
	if (from >= len || len - from < f->min_len) return len;
	size_t best = len;
	for (size_t s = 0; s < f->nstreams; s++) best = stream_next(&f->s[s], b, from, len, best, false);
	return best;
}

size_t hostfind_bound(const struct hostfind *f, struct hostfind_memo *m, const unsigned char *b, size_t from,
                      size_t len)
{
	if (f->all) return from < len ? from : len;
	if (from >= len || len - from < f->min_len) return len;
	size_t bound = len;
	for (size_t s = 0; s < f->nstreams; s++) {
		const struct hostfind_stream *st = &f->s[s];
		/* a host at j >= from has its anchor at j + off >= start, so at
		 * this stream's first anchor a or later: j >= a - max_off */
		size_t start = from + st->min_off;
		if (start >= len) continue;
		size_t a;
		if (m && (m->known >> s & 1u) && start >= m->start[s] && start <= m->at[s]) {
			a = m->at[s];   /* none in [start[s], at[s]) */
		} else {
			if (st->pair) {
				a = bytescan_pair(b, start, len, st->lo, st->next_lo, st->next_up);
			} else {
				a = find_byte(b, start, len, st->lo);
				if (st->up != st->lo) {
					size_t u = find_byte(b, start, a, st->up);
					if (u < a) a = u;
				}
			}
			if (m) {
				m->known |= 1u << s;
				m->start[s] = start;
				m->at[s] = a;
			}
		}
		if (a >= len) continue;
		size_t at = a - from < st->max_off ? from : a - st->max_off;
		if (at < bound) bound = at;
	}
	return bound;
}
