/* test_hostfind.c — the matcher's prefilter (docs/rules.md §3.1,
 * src/hostfind.h): the first position at or after `from` where a whole
 * canonical host occurs, ASCII case-insensitively; the give-up limits
 * (`all`); the alphabet of host bytes. Unit cases with exact positions,
 * then a differential against a naive O(n*k) search written here over many
 * generated host sets and buffers. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostfind.h"
#include "suites.h"

typedef unsigned char uc;

/* Build a finder from NUL-terminated lowercase hosts. */
static void build(struct hostfind *f, const char *const *hosts, size_t n)
{
	const uc *hs[64];
	size_t hl[64];
	ck_assert_uint_le(n, 64);
	for (size_t i = 0; i < n; i++) {
		hs[i] = (const uc *)hosts[i];
		hl[i] = strlen(hosts[i]);
	}
	hostfind_build(f, hs, hl, n);
}

static size_t next_s(const struct hostfind *f, const char *b, size_t from)
{
	return hostfind_next(f, (const uc *)b, from, strlen(b));
}

/* ------------------------------------------------------------ unit cases */

/* A host at the start, in the middle, at the very end. */
START_TEST(finds_start_middle_end)
{
	static const char *const h[] = { "example.com" };
	struct hostfind f;
	build(&f, h, 1);
	ck_assert(!f.all);
	ck_assert_uint_eq(next_s(&f, "example.com/path", 0), 0);
	ck_assert_uint_eq(next_s(&f, "see https://example.com/ now", 0), 12);
	ck_assert_uint_eq(next_s(&f, "at the end example.com", 0), 11);
	ck_assert(hostfind_any(&f, (const uc *)"xexample.comx", 13));
}
END_TEST

/* A host cut by the buffer's end is not there; bytes past len are never
 * looked at (the same bytes, one shorter, hold no host). */
START_TEST(cut_by_end_not_found)
{
	static const char *const h[] = { "example.com" };
	struct hostfind f;
	build(&f, h, 1);
	ck_assert_uint_eq(next_s(&f, "see example.co", 0), 14);
	const char *b = "see example.com";
	ck_assert_uint_eq(hostfind_next(&f, (const uc *)b, 0, 14), 14);
	ck_assert_uint_eq(hostfind_next(&f, (const uc *)b, 0, 15), 4);
	ck_assert(!hostfind_any(&f, (const uc *)b, 14));
	ck_assert(!hostfind_any(&f, (const uc *)"", 0));
	ck_assert_uint_eq(next_s(&f, "", 0), 0);
}
END_TEST

/* ASCII case-insensitive: upper and mixed case are found (§3.2). */
START_TEST(case_insensitive)
{
	static const char *const h[] = { "www.example.com" };
	struct hostfind f;
	build(&f, h, 1);
	ck_assert_uint_eq(next_s(&f, "//WWW.EXAMPLE.COM/", 0), 2);
	ck_assert_uint_eq(next_s(&f, "//wWw.ExAmPlE.cOm/", 0), 2);
	ck_assert_uint_eq(next_s(&f, "//www.exampleXcom/", 0), 18);   /* X is not '.' */
	/* the anchor in either case: a host with an 'x' (its rarest byte) */
	static const char *const hx[] = { "box.fi" };
	build(&f, hx, 1);
	ck_assert_uint_eq(next_s(&f, "a BOX.FI b", 0), 2);
	ck_assert_uint_eq(next_s(&f, "a box.fi b", 0), 2);
	ck_assert_uint_eq(next_s(&f, "a BOx.fi b", 0), 2);
	ck_assert_uint_eq(next_s(&f, "bOX.fI", 0), 0);
}
END_TEST

/* `from` past an occurrence finds the next one; past the last, none. */
START_TEST(from_past_occurrence)
{
	static const char *const h[] = { "example.com" };
	struct hostfind f;
	build(&f, h, 1);
	const char *b = "a.example.com b.example.com";
	ck_assert_uint_eq(next_s(&f, b, 0), 2);
	ck_assert_uint_eq(next_s(&f, b, 2), 2);
	ck_assert_uint_eq(next_s(&f, b, 3), 16);
	ck_assert_uint_eq(next_s(&f, b, 16), 16);
	ck_assert_uint_eq(next_s(&f, b, 17), 27);
	ck_assert_uint_eq(next_s(&f, b, 27), 27);
	/* an occurrence starting before from whose anchor is after from */
	static const char *const hq[] = { "abq" };   /* anchor 'q' at offset 2 */
	build(&f, hq, 1);
	ck_assert_uint_eq(next_s(&f, "abq abq", 1), 4);
	ck_assert_uint_eq(next_s(&f, "abq abq", 0), 0);
}
END_TEST

/* The earliest start wins across hosts whose anchors sit at different
 * offsets. "aakaaj" is found through 'j' (offset 5), "ka" through 'k'
 * (offset 0): in "--aakaaj--" the anchor 'k' comes first and gives 4, the
 * later anchor 'j' gives the earlier start 2. */
START_TEST(earliest_start_across_streams)
{
	static const char *const h1[] = { "ka", "aakaaj" };
	static const char *const h2[] = { "aakaaj", "ka" };
	struct hostfind f;
	build(&f, h1, 2);
	ck_assert(!f.all);
	ck_assert_uint_eq(f.nstreams, 2);
	ck_assert_uint_eq(next_s(&f, "--aakaaj--", 0), 2);
	ck_assert_uint_eq(next_s(&f, "--aakaaj--", 3), 4);
	ck_assert_uint_eq(next_s(&f, "--aakaaj--", 5), 10);
	build(&f, h2, 2);
	ck_assert_uint_eq(f.nstreams, 2);
	ck_assert_uint_eq(next_s(&f, "--aakaaj--", 0), 2);
	ck_assert_uint_eq(next_s(&f, "--aakaaj--", 3), 4);
}
END_TEST

/* One anchor, two hosts of one stream at different offsets: at the 'q' of
 * "xxabqz", "qz" (offset 0) starts at 4 and "abq" (offset 2) at 2; the
 * earlier wins whatever the order the hosts were given in. */
START_TEST(earliest_start_one_stream)
{
	static const char *const h1[] = { "qz", "abq" };
	static const char *const h2[] = { "abq", "qz" };
	struct hostfind f;
	build(&f, h1, 2);
	ck_assert_uint_eq(f.nstreams, 1);
	ck_assert_uint_eq(f.s[0].lo, 'q');
	ck_assert_uint_eq(f.s[0].up, 'Q');
	ck_assert_uint_eq(next_s(&f, "xxabqz", 0), 2);
	ck_assert_uint_eq(next_s(&f, "xxABQZ", 0), 2);
	ck_assert_uint_eq(next_s(&f, "xxabqz", 3), 4);
	build(&f, h2, 2);
	ck_assert_uint_eq(next_s(&f, "xxabqz", 0), 2);
	/* the first anchor confirms nothing ("qy", and "abq" would start
	 * before 0); the next one gives "abq" at 5 */
	ck_assert_uint_eq(next_s(&f, "-qy--abq", 0), 5);
}
END_TEST

/* No host: nothing is ever found, and the finder did not give up. */
START_TEST(no_hosts)
{
	struct hostfind f;
	hostfind_build(&f, NULL, NULL, 0);
	ck_assert(!f.all);
	ck_assert_uint_eq(f.nstreams, 0);
	const char *b = "https://www.example.com/ anything at all";
	size_t n = strlen(b);
	for (size_t from = 0; from <= n; from++) ck_assert_uint_eq(hostfind_next(&f, (const uc *)b, from, n), n);
	ck_assert(!hostfind_any(&f, (const uc *)b, n));
	for (int c = 0; c < 256; c++) ck_assert(!f.alphabet[c]);
}
END_TEST

/* HOSTFIND_STREAMS_MAX (8) anchors are scanned; a ninth gives up: `all`,
 * and next returns from (any position may hold a host). */
START_TEST(too_many_streams_gives_up)
{
	/* single-byte hosts: each its own anchor */
	static const char *const h[] = { "j", "q", "z", "x", "k", "v", "y", "w", "b" };
	struct hostfind f;
	build(&f, h, 8);
	ck_assert(!f.all);
	ck_assert_uint_eq(f.nstreams, 8);
	ck_assert_uint_eq(next_s(&f, "aaaa", 0), 4);
	ck_assert_uint_eq(next_s(&f, "aaWa", 0), 2);
	build(&f, h, 9);
	ck_assert(f.all);
	ck_assert_uint_eq(next_s(&f, "aaaa", 0), 0);
	ck_assert_uint_eq(next_s(&f, "aaaa", 3), 3);
	ck_assert_uint_eq(next_s(&f, "aaaa", 4), 4);
	ck_assert(hostfind_any(&f, (const uc *)"aaaa", 4));
}
END_TEST

/* HOSTFIND_PER_STREAM_MAX (8) hosts per anchor; a ninth gives up too. */
START_TEST(too_many_per_stream_gives_up)
{
	static const char *const h[] = { "qa", "qb", "qc", "qd", "qe", "qf", "qg", "qh", "qi" };
	struct hostfind f;
	build(&f, h, 8);
	ck_assert(!f.all);
	ck_assert_uint_eq(f.nstreams, 1);
	ck_assert_uint_eq(f.s[0].n, 8);
	ck_assert_uint_eq(next_s(&f, "qqi QH", 0), 4);
	build(&f, h, 9);
	ck_assert(f.all);
	ck_assert_uint_eq(next_s(&f, "zzzz", 2), 2);
}
END_TEST

/* The alphabet: every byte of a host, both ASCII cases, and nothing else. */
START_TEST(alphabet_contents)
{
	static const char *const h[] = { "ab.x1", "b-a" };
	struct hostfind f;
	build(&f, h, 2);
	const char *want = "aAbB.xX1-";
	int count = 0;
	for (int c = 0; c < 256; c++) {
		bool in = c != 0 && strchr(want, c) != NULL;
		ck_assert_msg(f.alphabet[c] == in, "alphabet[0x%02x] is %d", c, f.alphabet[c]);
		count += f.alphabet[c];
	}
	ck_assert_int_eq(count, 9);
	/* a non-ASCII byte has one case */
	static const char *const hu[] = { "\xc3\xa4.fi" };
	build(&f, hu, 1);
	ck_assert(f.alphabet[0xc3] && f.alphabet[0xa4] && f.alphabet['.'] && f.alphabet['F'] && f.alphabet['i']);
	ck_assert(!f.alphabet[0xe3] && !f.alphabet[0x84] && !f.alphabet['a']);
}
END_TEST

/* ------------------------------------------------------------ differential */

static uint64_t rng_state;
static uint64_t rng(void)
{
	/* xorshift64 */
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}
static size_t rnd(size_t n) { return (size_t)(rng() % n); }

static uc ref_lower(uc c) { return c >= 'A' && c <= 'Z' ? (uc)(c + 32) : c; }

/* The naive search the finder must agree with (hostfind.h): at[j] says
 * whether some host occurs whole at j (O(n*k) comparisons); next[from] is
 * then the first such j >= from, or len. */
static void ref_positions(const uc *const *hosts, const size_t *lens, size_t nh, const uc *b, size_t len, size_t *next)
{
	next[len] = len;
	for (size_t j = len; j-- > 0;) {
		bool here = false;
		for (size_t h = 0; h < nh && !here; h++) {
			if (lens[h] > len - j) continue;
			size_t k = 0;
			while (k < lens[h] && ref_lower(b[j + k]) == hosts[h][k]) k++;
			here = k == lens[h];
		}
		next[j] = here ? j : next[j + 1];
	}
}

static void show(char *dst, size_t dn, const uc *b, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n && k + 5 < dn; i++)
		if (b[i] >= 0x20 && b[i] < 0x7f) dst[k++] = (char)b[i];
		else k += (size_t)snprintf(dst + k, dn - k, "\\x%02x", b[i]);
	dst[k] = 0;
}

/* hostfind_next equals the naive search for every `from` over
 * thousands of random host sets and buffers (hosts from "ab.-x1", buffers
 * of 0-300 bytes from the same bytes in both cases plus a few others, so
 * both memchr scans — lower and upper anchor — run over long buffers);
 * hostfind_bound lies between `from` and it. */
START_TEST(differential_random)
{
	static const char host_bytes[] = "ab.-x1";
	static const char buf_bytes[] = "ab.-x1AB.-X1abxABX.z/\xc3\x00";
	rng_state = 0x9e3779b97f4a7c15ull;
	uc hostbuf[12][12];
	const uc *hosts[12];
	size_t lens[12];
	uc b[300];
	size_t ref[301];
	unsigned long cases = 0, all_cases = 0, long_found = 0, found = 0, multi_stream = 0, bounded = 0;
	for (int iter = 0; iter < 6000; iter++) {
		size_t nh = 1 + rnd(12);
		for (size_t h = 0; h < nh; h++) {
			lens[h] = 1 + rnd(12);
			for (size_t k = 0; k < lens[h]; k++) hostbuf[h][k] = (uc)host_bytes[rnd(sizeof host_bytes - 1)];
			hosts[h] = hostbuf[h];
		}
		struct hostfind f;
		hostfind_build(&f, hosts, lens, nh);
		/* the alphabet: both cases of exactly the host bytes */
		for (int c = 0; c < 256; c++) {
			bool in = false;
			for (size_t h = 0; h < nh && !in; h++)
				for (size_t k = 0; k < lens[h] && !in; k++) in = ref_lower((uc)c) == hostbuf[h][k];
			ck_assert_msg(f.alphabet[c] == in, "iter %d: alphabet[0x%02x]", iter, c);
		}
		if (f.all) all_cases++;
		if (f.nstreams > 1) multi_stream++;
		for (int rep = 0; rep < 4; rep++) {
			size_t len = rnd(301);
			/* mostly host-like bytes; sometimes plant a host, in random case */
			for (size_t i = 0; i < len; i++) b[i] = (uc)buf_bytes[rnd(sizeof buf_bytes - 1)];
			if (len && rnd(2)) {
				size_t h = rnd(nh);
				if (lens[h] <= len) {
					size_t at = rnd(len - lens[h] + 1);
					for (size_t k = 0; k < lens[h]; k++)
						b[at + k] = rnd(2) ? hostbuf[h][k] : (uc)(hostbuf[h][k] >= 'a' && hostbuf[h][k] <= 'z'
						                                            ? hostbuf[h][k] - 32 : hostbuf[h][k]);
				}
			}
			ref_positions(hosts, lens, nh, b, len, ref);
			struct hostfind_memo memo, memo2;
			hostfind_memo_init(&memo);
			hostfind_memo_init(&memo2);
			for (size_t from = 0; from <= len; from++) {
				size_t want = f.all ? from : ref[from];
				size_t got = hostfind_next(&f, b, from, len);
				if (got != want) {
					char hs[400] = "", bs[1400];
					size_t k = 0;
					for (size_t h = 0; h < nh; h++) {
						show(hs + k, sizeof hs - k, hosts[h], lens[h]);
						k = strlen(hs);
						if (k + 2 < sizeof hs) { hs[k++] = ' '; hs[k] = 0; }
					}
					show(bs, sizeof bs, b, len);
					ck_abort_msg("iter %d: hosts [%s] buffer \"%s\" (%zu bytes) from %zu: got %zu, want %zu", iter,
					             hs, bs, len, from, got, want);
				}
				/* the bound: never past the first host, never before from */
				size_t bound = hostfind_bound(&f, NULL, b, from, len);
				/* with a memo: the same bound, whatever was asked before
				 * (here every earlier from, in order, and a random one) */
				ck_assert_uint_eq(hostfind_bound(&f, &memo, b, from, len), bound);
				size_t r = rnd(len + 1);
				ck_assert_uint_eq(hostfind_bound(&f, &memo2, b, r, len), hostfind_bound(&f, NULL, b, r, len));
				ck_assert_msg(bound >= (from < len ? from : len) && bound <= want,
				              "iter %d from %zu: bound %zu, first host %zu", iter, from, bound, want);
				if (bound > from + 8) bounded++;
				if (from == 0 && !f.all && want < len) {
					found++;
					if (want > 64) long_found++;
				}
				cases++;
			}
			/* any: always when the finder gave up, else whether a host is there */
			ck_assert(hostfind_any(&f, b, len) == (f.all || ref[0] < len));
		}
	}
	/* the generator reached what it is meant to */
	ck_assert_uint_gt(cases, 1000000);
	ck_assert_uint_gt(all_cases, 20);
	ck_assert_uint_gt(multi_stream, 3000);
	ck_assert_uint_gt(found, 5000);
	ck_assert_uint_gt(long_found, 1000);
	ck_assert_uint_gt(bounded, 100000);   /* the bound skips something */
}
END_TEST

Suite *hostfind_suite(void)
{
	Suite *s = suite_create("hostfind");
	TCase *tc = tcase_create("find");
	tcase_add_test(tc, finds_start_middle_end);
	tcase_add_test(tc, cut_by_end_not_found);
	tcase_add_test(tc, case_insensitive);
	tcase_add_test(tc, from_past_occurrence);
	tcase_add_test(tc, earliest_start_across_streams);
	tcase_add_test(tc, earliest_start_one_stream);
	tcase_add_test(tc, no_hosts);
	tcase_add_test(tc, too_many_streams_gives_up);
	tcase_add_test(tc, too_many_per_stream_gives_up);
	tcase_add_test(tc, alphabet_contents);
	suite_add_tcase(s, tc);
	tc = tcase_create("differential");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, differential_random);
	suite_add_tcase(s, tc);
	return s;
}
