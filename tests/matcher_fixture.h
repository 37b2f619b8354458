/* matcher_fixture.h — shared by test_matcher.c and test_rows.c only: builds
 * a forward pattern table from map text (map_load_text + map_validate +
 * patterns_build) and checks matcher output bytes and events exactly.
 * Everything here is written from docs/rules.md §2–§3 and §12, not from
 * the implementation. */
#ifndef HOSTSHIFT_TEST_MATCHER_FIXTURE_H
#define HOSTSHIFT_TEST_MATCHER_FIXTURE_H

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "map.h"
#include "matcher.h"
#include "patterns.h"
#include "surface.h"

/* C and V of the example map of docs/rules.md. */
#define CH "www.example.fi"
#define VH "wt-a--example.ddev.site"
#define MAP_MAIN "https://www.example.fi https://wt-a--example.ddev.site\n"

#define FX_OUT_CAP 8192
#define FX_MAX_EVENTS 32

struct fixture {
	struct map m;
	struct patterns pt;
};

static inline void fx_build(struct fixture *f, const char *map_text)
{
	char err[512] = "";
	map_init(&f->m);
	memset(&f->pt, 0, sizeof f->pt);
	ck_assert_msg(map_load_text(&f->m, "test.map", map_text, strlen(map_text), err, sizeof err),
	              "map_load_text refused the fixture map: %s", err);
	ck_assert_msg(map_validate(&f->m, err, sizeof err), "map_validate refused the fixture map: %s", err);
	ck_assert_msg(patterns_build(&f->pt, &f->m, DIR_FORWARD, err, sizeof err),
	              "patterns_build refused the fixture map: %s", err);
}

static inline void fx_free(struct fixture *f)
{
	patterns_free(&f->pt);
	map_free(&f->m);
}

/* Printable rendering of bytes for failure messages (static buffer: one
 * per slot so two can appear in one message). */
static inline const char *fx_show(int slot, const unsigned char *p, size_t n)
{
	static char buf[4][2048];
	char *o = buf[slot & 3];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 8 < sizeof buf[0]; i++) {
		unsigned char c = p[i];
		if (c >= 0x20 && c < 0x7f && c != '\\') o[k++] = (char)c;
		else if (c == '\\') { o[k++] = '\\'; o[k++] = '\\'; }
		else k += (size_t)snprintf(o + k, sizeof buf[0] - k, "\\x%02x", c);
	}
	o[k] = '\0';
	return o;
}

/* Rewrite `in` (n bytes) with the map; compare with `want` (wn bytes) and
 * the number of rewrote events with `want_rw` (SIZE_MAX: don't care). */
static inline bool fx_check(const char *map_text, const char *in, size_t n, enum match_mode mode,
                            enum surface s, const char *want, size_t wn, size_t want_rw,
                            char *msg, size_t msgcap)
{
	struct fixture f;
	fx_build(&f, map_text);
	static unsigned char out[FX_OUT_CAP];
	size_t outlen = (size_t)-1, rw = (size_t)-1;
	bool ok = matcher_rewrite(&f.pt, (const unsigned char *)in, n, mode, s, out, sizeof out, &outlen, &rw);
	bool good = ok && outlen == wn && memcmp(out, want, wn) == 0 && (want_rw == (size_t)-1 || rw == want_rw);
	if (!good)
		snprintf(msg, msgcap, "%s/%s input \"%.1200s\": expected \"%.1200s\" (%zu rewrites), got \"%.1200s\" (%zu rewrites, ok=%d)",
		         mode == MATCH_VALUE ? "value" : "prose", surface_name(s),
		         fx_show(0, (const unsigned char *)in, n), fx_show(1, (const unsigned char *)want, wn),
		         want_rw, ok ? fx_show(2, out, outlen) : "(matcher_rewrite returned false)", rw, ok);
	fx_free(&f);
	return good;
}

/* EXPECT_RW_MAP(map, mode, surface, in, want, nrewrites): exact bytes. */
#define EXPECT_RW_MAP(map_text, mode, surf, in, want, nrw) do { \
	char fx_msg_[6144]; \
	ck_assert_msg(fx_check((map_text), (in), strlen(in), (mode), (surf), (want), strlen(want), (nrw), \
	                       fx_msg_, sizeof fx_msg_), "%s", fx_msg_); \
} while (0)
#define EXPECT_RW(mode, surf, in, want, nrw) EXPECT_RW_MAP(MAP_MAIN, mode, surf, in, want, nrw)
/* Unchanged output and zero rewrites. */
#define EXPECT_SAME(mode, surf, in) EXPECT_RW_MAP(MAP_MAIN, mode, surf, in, in, 0)
#define EXPECT_SAME_MAP(map_text, mode, surf, in) EXPECT_RW_MAP(map_text, mode, surf, in, in, 0)

/* Event log filled by matcher_scan's callback. */
struct ev_log {
	size_t n;
	struct match_event ev[FX_MAX_EVENTS];
};

static inline void fx_record(void *ctx, const struct match_event *e)
{
	struct ev_log *l = ctx;
	if (l->n < FX_MAX_EVENTS) l->ev[l->n] = *e;
	l->n++;
}

/* Scan with an explicit limit and prev; returns consumed. */
static inline size_t fx_scan_map(const char *map_text, const char *in, size_t n, size_t limit, int prev,
                                 enum match_mode mode, enum surface s, struct ev_log *log)
{
	struct fixture f;
	fx_build(&f, map_text);
	memset(log, 0, sizeof *log);
	size_t consumed = matcher_scan(&f.pt, (const unsigned char *)in, n, limit, prev, mode, s, fx_record, log);
	/* The repl slice points into the table: keep a copy valid after free. */
	static unsigned char keep[FX_MAX_EVENTS][512];
	for (size_t i = 0; i < log->n && i < FX_MAX_EVENTS; i++) {
		struct slice *r = &log->ev[i].repl;
		if (log->ev[i].action == ACTION_REWROTE && r->p && r->n <= sizeof keep[i]) {
			memcpy(keep[i], r->p, r->n);
			r->p = keep[i];
		}
	}
	fx_free(&f);
	return consumed;
}

/* Whole buffer (limit = len, no prev). */
#define SCAN(mode, surf, in, log) \
	fx_scan_map(MAP_MAIN, (in), strlen(in), strlen(in), MATCH_NO_PREV, (mode), (surf), (log))
#define SCAN_MAP(map_text, mode, surf, in, log) \
	fx_scan_map((map_text), (in), strlen(in), strlen(in), MATCH_NO_PREV, (mode), (surf), (log))

#define EXPECT_NEVENTS(log, k) \
	ck_assert_msg((log).n == (size_t)(k), "expected %zu events, got %zu", (size_t)(k), (log).n)

/* Event i has exactly this span, action, reason and surface. */
#define EXPECT_EVENT(log, i, st, en, act, rsn, surf) do { \
	ck_assert_msg((log).n > (size_t)(i), "no event %d (only %zu)", (int)(i), (log).n); \
	const struct match_event *e_ = &(log).ev[(i)]; \
	ck_assert_msg(e_->start == (size_t)(st) && e_->end == (size_t)(en), \
	              "event %d: expected span [%zu,%zu), got [%zu,%zu)", (int)(i), \
	              (size_t)(st), (size_t)(en), e_->start, e_->end); \
	ck_assert_msg(e_->action == (act), "event %d: expected action %s, got %s", (int)(i), \
	              action_name(act), action_name(e_->action)); \
	ck_assert_msg(e_->reason == (rsn), "event %d: expected reason %s, got %s", (int)(i), \
	              reason_name(rsn), reason_name(e_->reason)); \
	ck_assert_msg(e_->surface == (surf), "event %d: expected surface %s, got %s", (int)(i), \
	              surface_name(surf), surface_name(e_->surface)); \
} while (0)

/* A rewrote event's replacement bytes. */
#define EXPECT_REPL(log, i, want) do { \
	const struct match_event *e_ = &(log).ev[(i)]; \
	ck_assert_msg(e_->repl.n == strlen(want) && memcmp(e_->repl.p, (want), strlen(want)) == 0, \
	              "event %d: expected replacement \"%s\", got \"%s\"", (int)(i), (want), \
	              fx_show(0, e_->repl.p, e_->repl.n)); \
} while (0)

#endif
