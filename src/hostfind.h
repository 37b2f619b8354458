/* hostfind.h — owns the cheap superset test of the matcher (§3.1): where
 * the next canonical host of the map occurs, ASCII case-insensitively, in a
 * buffer. Every candidate of §3.2 has a whole canonical host right after
 * its relative separator (step 3), so bytes before the next occurrence hold
 * no candidate and a buffer without one holds none at all.
 *
 * Each host is found through one anchor: the rarest pair of a non-letter
 * and the byte after it (".f" of "www.example.fi", by a fixed table of
 * web-text frequencies), scanned as a byte pair, or for a host with no
 * such pair its rarest byte, scanned with memchr in both cases; then
 * confirmed by comparing the whole host around it. Hosts that share an
 * anchor share a stream. With more streams or hosts than the limits
 * below the finder gives up (`all`): every position may then hold a host,
 * which only costs the skip, never a match. Built once per map; no
 * allocation when scanning. */
#ifndef HOSTSHIFT_HOSTFIND_H
#define HOSTSHIFT_HOSTFIND_H

#include <stdbool.h>
#include <stddef.h>

#define HOSTFIND_STREAMS_MAX 8
#define HOSTFIND_PER_STREAM_MAX 8

struct hostfind_stream {
	unsigned char lo, up;                        /* the anchor byte, both ASCII cases */
	bool pair;                                   /* the anchor is lo followed by next (a byte pair) */
	unsigned char next_lo, next_up;             /* the byte after a pair anchor, both cases */
	size_t n;                                    /* hosts found through it */
	const unsigned char *host[HOSTFIND_PER_STREAM_MAX];   /* lowercase host forms */
	size_t len[HOSTFIND_PER_STREAM_MAX];
	size_t off[HOSTFIND_PER_STREAM_MAX];         /* where the anchor is in the host */
	size_t min_off, max_off;
};

struct hostfind {
	bool all;                                    /* gave up: any position may hold a host */
	size_t nstreams;
	struct hostfind_stream s[HOSTFIND_STREAMS_MAX];
	bool alphabet[256];                          /* bytes that occur in a host, both cases */
	size_t min_len;                              /* the shortest host: a shorter buffer holds none */
};

/* What the anchor scans over one buffer found, stream by stream: no
 * anchor of stream s starts in b[start[s], at[s]), and at[s] is one or
 * the buffer's end. A later search whose start falls in that range takes
 * at[s] without a scan. Without it, each search scanned every stream
 * from its own start: where one stream's anchor is rare and another's
 * frequent, the frequent one asks again and again and the rare one's
 * scan went to the buffer's end each time, which made a chunk's cost
 * grow with its square. One memo per buffer; init sets it empty. */
struct hostfind_memo {
	unsigned known;                              /* bit s: start[s], at[s] hold */
	size_t start[HOSTFIND_STREAMS_MAX], at[HOSTFIND_STREAMS_MAX];
};
static inline void hostfind_memo_init(struct hostfind_memo *m) { m->known = 0; }

/* hosts[i][0..len[i]) are lowercase host forms. */
void hostfind_build(struct hostfind *f, const unsigned char *const *hosts, const size_t *lens, size_t n);

/* The first position j >= from where a whole host occurs in b[0..len), or
 * len if there is none. When the finder gave up, returns from. */
size_t hostfind_next(const struct hostfind *f, const unsigned char *b, size_t from, size_t len);

/* Whether b[0..len) holds a whole host (always true when the finder gave
 * up): hostfind_next(f, b, 0, len) < len, without finding which is first. */
bool hostfind_has(const struct hostfind *f, const unsigned char *b, size_t len);
/* A position at or after from before which no whole host starts in
 * b[from..len): at most hostfind_next(f, b, from, len), worked out from
 * each stream's next anchor alone, no host confirmed (for the
 * matcher's host-first skip, which checks the host itself); len if no
 * anchor follows; from when the finder gave up. */
size_t hostfind_bound(const struct hostfind *f, struct hostfind_memo *m, const unsigned char *b, size_t from,
                      size_t len);
static inline bool hostfind_any(const struct hostfind *f, const unsigned char *b, size_t len)
{
	return f->all || (len >= f->min_len && hostfind_has(f, b, len));
}

/* A search that the short ranges of one buffer ask in turn, left to
 * right for the most part (the tokens and values of an html
 * chunk): no whole host starts in b[from, bound). One hostfind_bound
 * stands for the searches of every range it passes, where each range
 * searched alone cost a call and a scan of its own. */
struct hostfind_cursor {
	const unsigned char *b;
	size_t len, from, bound;
	struct hostfind_memo memo;   /* the anchors the bounds found */
};

static inline void hostfind_cursor_init(struct hostfind_cursor *c, const unsigned char *b, size_t len)
{
	c->b = b;
	c->len = len;
	c->from = (size_t)-1;   /* nothing known yet */
	c->bound = 0;
	hostfind_memo_init(&c->memo);
}

/* Whether b[s, e) may hold a whole host: false only where it holds none.
 * A host there starts at or after s, so (s >= from) at or after bound,
 * and ends by e; hosts are min_len bytes or longer. */
static inline bool hostfind_cursor_may(const struct hostfind *f, struct hostfind_cursor *c, size_t s, size_t e)
{
	if (f->all) return true;
	if (e - s < f->min_len) return false;
	if (s < c->from || s > c->bound) {
		c->from = s;
		c->bound = hostfind_bound(f, &c->memo, c->b, s, c->len);
	}
	return e >= c->bound + f->min_len;
}

#endif
