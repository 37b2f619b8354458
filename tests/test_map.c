/* test_map.c — the map (docs/rules.md §1): map text format, --pair
 * arguments, sites (§1.2) and the validation rules V1–V7 (§1.3), through the
 * whole flow map_load_text → map_validate → patterns_build forward →
 * patterns_build reverse. Written from the rules, not from src/. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "map.h"
#include "origin.h"
#include "patterns.h"
#include "suites.h"

#define ERRCAP 1024

/* The stage at which a map is refused. */
enum stage { ST_OK, ST_LOAD, ST_VALIDATE, ST_FORWARD, ST_REVERSE };

static const char *stage_name(enum stage s)
{
	static const char *const names[] = { "accepted", "map_load_text", "map_validate",
	                                     "patterns_build forward", "patterns_build reverse" };
	return names[s];
}

/* Run the whole flow over `text` loaded as "site.map"; returns the stage that
 * refused it (or ST_OK), with its message in err. */
static enum stage run_map(const char *text, char *err, size_t errcap)
{
	struct map m;
	struct patterns pt, pt2;
	enum stage st = ST_OK;
	err[0] = '\0';
	map_init(&m);
	if (!map_load_text(&m, "site.map", text, strlen(text), err, errcap)) {
		st = ST_LOAD;
	} else if (!map_validate(&m, err, errcap)) {
		st = ST_VALIDATE;
	} else {
		memset(&pt, 0, sizeof pt);
		if (!patterns_build(&pt, &m, DIR_FORWARD, err, errcap)) {
			st = ST_FORWARD;
		} else {
			memset(&pt2, 0, sizeof pt2);
			if (!patterns_build(&pt2, &m, DIR_REVERSE, err, errcap))
				st = ST_REVERSE;
			else
				patterns_free(&pt2);
			patterns_free(&pt);
		}
	}
	map_free(&m);
	return st;
}

static void expect_accepted(const char *text)
{
	char err[ERRCAP];
	enum stage st = run_map(text, err, sizeof err);
	ck_assert_msg(st == ST_OK, "map refused by %s: %s\n--- map ---\n%s", stage_name(st), err, text);
}

static void expect_refused_at(const char *text, enum stage want, char *err, size_t errcap)
{
	enum stage st = run_map(text, err, errcap);
	ck_assert_msg(st == want, "expected refusal by %s, got %s (%s)\n--- map ---\n%s",
	              stage_name(want), stage_name(st), err, text);
	ck_assert_msg(err[0] != '\0', "refused by %s with an empty message", stage_name(st));
}

/* err must start with "SOURCE:L:" for L one of line1 / line2 (line2 = 0: only
 * line1), followed by a non-empty message. */
static void assert_err_at(const char *err, const char *source, size_t line1, size_t line2)
{
	char p1[256], p2[256];
	snprintf(p1, sizeof p1, "%s:%zu:", source, line1);
	snprintf(p2, sizeof p2, "%s:%zu:", source, line2 ? line2 : line1);
	bool at1 = strncmp(err, p1, strlen(p1)) == 0;
	bool at2 = strncmp(err, p2, strlen(p2)) == 0;
	ck_assert_msg(at1 || at2, "message \"%s\" does not start with \"%s\"%s%s", err, p1,
	              line2 ? " or " : "", line2 ? p2 : "");
	size_t plen = at1 ? strlen(p1) : strlen(p2);
	ck_assert_msg(strlen(err) > plen + 1, "message \"%s\" says nothing after its location", err);
}

static void render(const struct origin *o, char *buf, size_t cap)
{
	origin_render(o, buf, cap);
}

static void assert_origin_is(const struct origin *o, const char *want)
{
	char buf[512];
	render(o, buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

/* ---------------------------------------------------------------- format */

/* rules.md §1.2: the example map — pairs, sites, primaries, sources and lines. */
START_TEST(spec3_example_map)
{
	const char *text =
		"# site.map\n"
		"https://www.example.fi        https://wt-a--example.ddev.site\n"
		"https://example.staging.net   https://wt-a--example.ddev.site\n"
		"https://shop.example.fi       https://wt-a--shop.example.ddev.site\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 3);
	ck_assert_uint_eq(m.nsites, 2);
	assert_origin_is(&m.pairs[0].canonical, "https://www.example.fi");
	assert_origin_is(&m.pairs[0].variant, "https://wt-a--example.ddev.site");
	assert_origin_is(&m.pairs[1].canonical, "https://example.staging.net");
	assert_origin_is(&m.pairs[1].variant, "https://wt-a--example.ddev.site");
	assert_origin_is(&m.pairs[2].canonical, "https://shop.example.fi");
	assert_origin_is(&m.pairs[2].variant, "https://wt-a--shop.example.ddev.site");
	for (size_t i = 0; i < 3; i++) {
		ck_assert_str_eq(m.pairs[i].source, "site.map");
		ck_assert_uint_eq(m.pairs[i].line, i + 2);
	}
	ck_assert_uint_eq(m.pairs[0].site, 0);
	ck_assert_uint_eq(m.pairs[1].site, 0);
	ck_assert_uint_eq(m.pairs[2].site, 1);
	ck_assert_uint_eq(m.sites[0].primary, 0);
	ck_assert_uint_eq(m.sites[1].primary, 2);
	assert_origin_is(&m.sites[0].variant, "https://wt-a--example.ddev.site");
	assert_origin_is(&m.sites[1].variant, "https://wt-a--shop.example.ddev.site");
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	struct patterns pt, pt2;
	memset(&pt, 0, sizeof pt);
	memset(&pt2, 0, sizeof pt2);
	ck_assert_msg(patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err), "%s", err);
	ck_assert_msg(patterns_build(&pt2, &m, DIR_REVERSE, err, sizeof err), "%s", err);
	patterns_free(&pt2);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* rules.md §1.2: `#` starts a comment, blank lines are ignored; fields are
 * separated by any white space; the last line needs no newline. Line numbers
 * count every physical line. */
START_TEST(spec3_comments_blank_lines_whitespace)
{
	const char *text =
		"\n"                                                       /* 1 */
		"# leading comment\n"                                      /* 2 */
		"   # indented comment\n"                                  /* 3 */
		"   \t  \n"                                                /* 4 */
		"https://a.example https://va.example\n"                   /* 5 */
		"\thttps://b.example\t\thttps://vb.example\t\n"            /* 6 */
		"https://c.example   https://vc.example   # trailing\n"    /* 7 */
		"\n"                                                       /* 8 */
		"  https://d.example https://vd.example";                  /* 9, no newline */
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 4);
	ck_assert_uint_eq(m.nsites, 4);
	ck_assert_uint_eq(m.pairs[0].line, 5);
	ck_assert_uint_eq(m.pairs[1].line, 6);
	ck_assert_uint_eq(m.pairs[2].line, 7);
	ck_assert_uint_eq(m.pairs[3].line, 9);
	assert_origin_is(&m.pairs[0].canonical, "https://a.example");
	assert_origin_is(&m.pairs[1].canonical, "https://b.example");
	assert_origin_is(&m.pairs[1].variant, "https://vb.example");
	assert_origin_is(&m.pairs[2].canonical, "https://c.example");
	assert_origin_is(&m.pairs[2].variant, "https://vc.example");
	assert_origin_is(&m.pairs[3].canonical, "https://d.example");
	assert_origin_is(&m.pairs[3].variant, "https://vd.example");
	for (size_t i = 0; i < 4; i++) {
		ck_assert_uint_eq(m.pairs[i].site, i);
		ck_assert_uint_eq(m.sites[i].primary, i);
	}
	map_free(&m);
}
END_TEST

/* rules.md §1.2: a file with only comments and blank lines loads (and is then
 * refused by V1, see below). */
START_TEST(spec3_comment_only_file_loads)
{
	const char *text = "# nothing here\n\n   \n# still nothing\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 0);
	ck_assert_uint_eq(m.nsites, 0);
	map_free(&m);
}
END_TEST

/* rules.md §1.1: origins in a map are normalised (case, default port,
 * leading zeros, root dot, trailing slash). */
START_TEST(spec3_origins_normalised)
{
	const char *text = "HTTPS://WWW.Example.FI:0443/  Https://WT-A--Example.ddev.site.\n"
	                   "http://Shop.Example.fi:80    https://localhost:08443/\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 2);
	assert_origin_is(&m.pairs[0].canonical, "https://www.example.fi");
	assert_origin_is(&m.pairs[0].variant, "https://wt-a--example.ddev.site");
	assert_origin_is(&m.pairs[1].canonical, "http://shop.example.fi");
	assert_origin_is(&m.pairs[1].variant, "https://localhost:8443");
	map_free(&m);
}
END_TEST

/* rules.md §1.2, §1.3: one field is a wrong field count, refused as "SOURCE:LINE:". */
START_TEST(spec3_one_field_refused_with_line)
{
	const char *text = "# map\n"
	                   "https://a.example https://va.example\n"
	                   "\n"
	                   "https://b.example\n"
	                   "https://c.example https://vc.example\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert(!map_load_text(&m, "site.map", text, strlen(text), err, sizeof err));
	assert_err_at(err, "site.map", 4, 0);
	map_free(&m);
}
END_TEST

/* rules.md §1.2, §1.3: three fields is a wrong field count, refused as "SOURCE:LINE:". */
START_TEST(spec3_three_fields_refused_with_line)
{
	const char *text = "https://a.example https://va.example\n"
	                   "https://b.example https://vb.example https://vc.example\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert(!map_load_text(&m, "prod.map", text, strlen(text), err, sizeof err));
	assert_err_at(err, "prod.map", 2, 0);
	map_free(&m);
}
END_TEST

/* rules.md §1.3: an invalid origin (§1.1) on line 3 is refused as "site.map:3:". */
START_TEST(spec3_bad_origin_refused_with_line)
{
	const char *cases[] = {
		"https://a.example https://va.example\n\nftp://b.example https://vb.example\n",
		"https://a.example https://va.example\n# c\nhttps://b.example/wp https://vb.example\n",
		"https://a.example https://va.example\n# c\nhttps://b.example b.example\n",
		"https://a.example https://va.example\n# c\nhttps://b.example https://vb.example?x=1\n",
		"https://a.example https://va.example\n# c\nhttps://u@b.example https://vb.example",
		"https://a.example https://va.example\n# c\n//b.example https://vb.example\n",
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char err[ERRCAP] = "";
		struct map m;
		map_init(&m);
		ck_assert_msg(!map_load_text(&m, "site.map", cases[i], strlen(cases[i]), err, sizeof err),
		              "accepted: %s", cases[i]);
		assert_err_at(err, "site.map", 3, 0);
		map_free(&m);
	}
}
END_TEST

/* map.h contract: map_load_text reads exactly n bytes. */
START_TEST(spec3_load_text_respects_length)
{
	const char *text = "https://a.example https://va.example\nthis line is not part of the map";
	size_t n = strlen("https://a.example https://va.example\n");
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, n, err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 1);
	map_free(&m);
}
END_TEST

/* rules.md §1.3: error messages name the right source when several are loaded. */
START_TEST(spec3_error_names_its_source)
{
	const char *a = "https://a.example https://va.example\n";
	const char *b = "# b\nhttps://b.example\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "a.map", a, strlen(a), err, sizeof err), "%s", err);
	ck_assert(!map_load_text(&m, "b.map", b, strlen(b), err, sizeof err));
	assert_err_at(err, "b.map", 2, 0);
	map_free(&m);
}
END_TEST

/* rules.md §1.2: pairs of several sources keep their own source and line. */
START_TEST(spec3_two_sources)
{
	const char *a = "https://a.example https://va.example\n";
	const char *b = "\n\nhttps://b.example https://vb.example\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "a.map", a, strlen(a), err, sizeof err), "%s", err);
	ck_assert_msg(map_load_text(&m, "b.map", b, strlen(b), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 2);
	ck_assert_str_eq(m.pairs[0].source, "a.map");
	ck_assert_uint_eq(m.pairs[0].line, 1);
	ck_assert_str_eq(m.pairs[1].source, "b.map");
	ck_assert_uint_eq(m.pairs[1].line, 3);
	ck_assert_uint_eq(m.nsites, 2);
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	map_free(&m);
}
END_TEST

/* --------------------------------------------------------------- --pair */

/* cli.md -p C=V: source "--pair", line = ordinal; pairs sharing a variant
 * form one site, as in map files (rules.md §1.2). */
START_TEST(cli_pair_args)
{
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_add_pair_arg(&m, "https://a.example=https://v.example", err, sizeof err), "%s", err);
	ck_assert_msg(map_add_pair_arg(&m, "https://w.example=https://x.example", err, sizeof err), "%s", err);
	ck_assert_msg(map_add_pair_arg(&m, "HTTPS://B.example:443=https://v.example/", err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 3);
	ck_assert_uint_eq(m.nsites, 2);
	for (size_t i = 0; i < 3; i++) {
		ck_assert_str_eq(m.pairs[i].source, "--pair");
		ck_assert_uint_eq(m.pairs[i].line, i + 1);
	}
	assert_origin_is(&m.pairs[0].canonical, "https://a.example");
	assert_origin_is(&m.pairs[0].variant, "https://v.example");
	assert_origin_is(&m.pairs[2].canonical, "https://b.example");
	assert_origin_is(&m.pairs[2].variant, "https://v.example");
	ck_assert_uint_eq(m.pairs[0].site, 0);
	ck_assert_uint_eq(m.pairs[1].site, 1);
	ck_assert_uint_eq(m.pairs[2].site, 0);
	ck_assert_uint_eq(m.sites[0].primary, 0);
	ck_assert_uint_eq(m.sites[1].primary, 1);
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	map_free(&m);
}
END_TEST

/* cli.md -p C=V: a malformed pair is refused as "--pair:N:". */
START_TEST(cli_pair_arg_refused)
{
	const char *bad[] = {
		"https://a.example",                         /* no '=' */
		"https://a.example=",                        /* empty variant */
		"=https://v.example",                        /* empty canonical */
		"https://a.example=ftp://v.example",         /* bad variant */
		"https://a.example/x=https://v.example",     /* path */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char err[ERRCAP] = "";
		struct map m;
		map_init(&m);
		ck_assert_msg(!map_add_pair_arg(&m, bad[i], err, sizeof err), "accepted --pair %s", bad[i]);
		assert_err_at(err, "--pair", 1, 0);
		map_free(&m);
	}
	/* the ordinal counts --pair arguments: the second one is "--pair:2:" */
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_add_pair_arg(&m, "https://a.example=https://v.example", err, sizeof err), "%s", err);
	ck_assert(!map_add_pair_arg(&m, "https://b.example=v.example", err, sizeof err));
	assert_err_at(err, "--pair", 2, 0);
	map_free(&m);
}
END_TEST

/* cli.md -p: a --pair sharing a map line's variant joins that line's site. */
START_TEST(cli_pair_joins_map_site)
{
	const char *text = "https://a.example https://v.example\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_msg(map_add_pair_arg(&m, "https://b.example=https://v.example", err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 2);
	ck_assert_uint_eq(m.nsites, 1);
	ck_assert_uint_eq(m.pairs[1].site, 0);
	ck_assert_uint_eq(m.sites[0].primary, 0);
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	map_free(&m);
}
END_TEST

/* ---------------------------------------------------------------- sites */

/* rules.md §1.2: lines sharing a variant form one site; the
 * first is its primary canonical; sites are numbered in order of first line. */
START_TEST(ref_1_2_sites_interleaved)
{
	const char *text =
		"https://c1.example https://v1.example\n"
		"https://c2.example https://v2.example\n"
		"https://c3.example https://v1.example\n"
		"http://c4.example  https://v2.example\n"
		"https://c5.example https://V1.example:443/\n"
		"https://c6.example http://v3.example:8080\n";
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.npairs, 6);
	ck_assert_uint_eq(m.nsites, 3);
	ck_assert_uint_eq(m.sites[0].primary, 0);
	ck_assert_uint_eq(m.sites[1].primary, 1);
	ck_assert_uint_eq(m.sites[2].primary, 5);
	ck_assert_uint_eq(m.pairs[0].site, 0);
	ck_assert_uint_eq(m.pairs[1].site, 1);
	ck_assert_uint_eq(m.pairs[2].site, 0);
	ck_assert_uint_eq(m.pairs[3].site, 1);
	ck_assert_uint_eq(m.pairs[4].site, 0);
	ck_assert_uint_eq(m.pairs[5].site, 2);
	assert_origin_is(&m.sites[0].variant, "https://v1.example");
	assert_origin_is(&m.sites[1].variant, "https://v2.example");
	assert_origin_is(&m.sites[2].variant, "http://v3.example:8080");
	map_free(&m);
	expect_accepted(text);
}
END_TEST

/* ------------------------------------------------------------ V1 .. V5 */

/* rules.md §1.3 V1: no sites — refused by map_validate. */
START_TEST(ref_1_3_v1_empty_map_refused)
{
	char err[ERRCAP] = "";
	struct map m;
	map_init(&m);
	ck_assert(!map_validate(&m, err, sizeof err));
	ck_assert_msg(err[0] != '\0', "empty message");
	map_free(&m);

	expect_refused_at("", ST_VALIDATE, err, sizeof err);
	expect_refused_at("# only a comment\n\n", ST_VALIDATE, err, sizeof err);
}
END_TEST

/* rules.md §1.3 V1: an empty pair list is also refused when the pattern
 * table is built. */
START_TEST(ref_1_3_v1_empty_pattern_table_refused)
{
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt;
	map_init(&m);
	memset(&pt, 0, sizeof pt);
	ck_assert(!patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err));
	ck_assert_msg(err[0] != '\0', "empty message");
	map_free(&m);
}
END_TEST

/* rules.md §1.3 V1 accepted side: one pair is a map. */
START_TEST(ref_1_3_v1_single_pair_accepted)
{
	expect_accepted("https://www.example.fi https://wt-a--example.ddev.site\n");
}
END_TEST

/* rules.md §1.3 V3: two sites (different variant origins) with the
 * same variant host — different port — refused by map_validate. */
START_TEST(ref_1_3_v3_same_variant_host_other_port_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://a.example https://v.example\n"
	                  "https://b.example https://v.example:8443\n",
	                  ST_VALIDATE, err, sizeof err);
	assert_err_at(err, "site.map", 2, 1);
}
END_TEST

/* rules.md §1.3 V3: same variant host, different scheme — refused. */
START_TEST(ref_1_3_v3_same_variant_host_other_scheme_refused)
{
	char err[ERRCAP];
	expect_refused_at("# two sites\n"
	                  "https://a.example https://v.example\n"
	                  "https://b.example http://v.example\n",
	                  ST_VALIDATE, err, sizeof err);
	assert_err_at(err, "site.map", 3, 2);
}
END_TEST

/* rules.md §1.3 V3 accepted side: variant hosts that merely contain
 * one another are different hosts. */
START_TEST(ref_1_3_v3_distinct_variant_hosts_accepted)
{
	expect_accepted("https://a.example https://v.example\n"
	                "https://b.example https://v.example.net\n"
	                "https://c.example https://x-v.example\n");
}
END_TEST

/* rules.md §1.3 V4 / V6a: a canonical declared twice (same site) is
 * refused ([test]); at whichever stage — V4 or V6a. */
START_TEST(ref_1_3_v4_canonical_declared_twice_refused)
{
	char err[ERRCAP];
	enum stage st = run_map("https://c.example https://v.example\n"
	                        "https://c.example https://v.example\n", err, sizeof err);
	ck_assert_msg(st == ST_VALIDATE || st == ST_FORWARD, "got %s", stage_name(st));
	assert_err_at(err, "site.map", 2, 1);

	/* the same origin spelled differently (§1.1 normalisation) */
	st = run_map("https://c.example https://v.example\n"
	             "HTTPS://C.Example:443/ https://v.example\n", err, sizeof err);
	ck_assert_msg(st == ST_VALIDATE || st == ST_FORWARD, "got %s", stage_name(st));
	assert_err_at(err, "site.map", 2, 1);
}
END_TEST

/* rules.md §1.3 V4: a canonical in two sites is refused by map_validate. */
START_TEST(ref_1_3_v4_canonical_in_two_sites_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://c.example https://v1.example\n"
	                  "# second site\n"
	                  "https://c.example https://v2.example\n",
	                  ST_VALIDATE, err, sizeof err);
	assert_err_at(err, "site.map", 3, 1);
}
END_TEST

/* rules.md §1.3 V4 accepted side: http://c and https://c are different
 * origins; both in one site is legal (V6c: same host:port, same variant). */
START_TEST(ref_1_3_v4_scheme_variants_same_site_accepted)
{
	expect_accepted("http://c.example https://v.example\n"
	                "https://c.example https://v.example\n");
}
END_TEST

/* rules.md §1.3 V5: a variant equal to another site's canonical is
 * refused by map_validate. */
START_TEST(ref_1_3_v5_variant_is_other_canonical_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://a.example https://b.example\n"
	                  "https://b.example https://c.example\n",
	                  ST_VALIDATE, err, sizeof err);
	assert_err_at(err, "site.map", 1, 2);
}
END_TEST

/* rules.md §1.3, the examples after the list: c.example → c.example:8081
 * with c.example:8081 → v.example is refused; the variant of the first site
 * equals the canonical of the second exactly, so V5 (site-level, checked
 * before V6d) already refuses it. */
START_TEST(ref_1_3_v5_port_chain_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://c.example https://c.example:8081\n"
	                  "https://c.example:8081 https://v.example\n",
	                  ST_VALIDATE, err, sizeof err);
	assert_err_at(err, "site.map", 1, 2);
}
END_TEST

/* rules.md §1.3 V5: equal to its own canonical is the identity map, and
 * legal (an identity pair, §1.2). */
START_TEST(ref_1_3_v5_identity_accepted)
{
	expect_accepted("https://www.example.fi https://www.example.fi\n");
	expect_accepted("https://a.example https://a.example\n"
	                "https://b.example https://v.example\n");
	/* a site's variant equal to one of its own alias canonicals */
	expect_accepted("https://a.example https://v.example\n"
	                "https://v.example https://v.example\n");
}
END_TEST

/* rules.md §1.3 V5 and the examples after the list: containment is legal. */
START_TEST(ref_1_3_v5_containment_accepted)
{
	expect_accepted("https://acmecorp.ddev.site https://wt-a--acmecorp.ddev.site\n"
	                "https://nat.acmecorp.ddev.site https://nat.wt-a--acmecorp.ddev.site\n");
}
END_TEST

/* ------------------------------------------------------------------ V6 */

/* rules.md §1.3 V6c: http://h → one plus https://h → two is refused
 * by the forward matcher ("the scan does not distinguish schemes"). */
START_TEST(ref_1_3_v6c_scheme_split_refused)
{
	const char *text = "http://h.example https://one.example\n"
	                   "https://h.example https://two.example\n";
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.nsites, 2);
	ck_assert_msg(map_validate(&m, err, sizeof err), "V1-V5 refused: %s", err);
	memset(&pt, 0, sizeof pt);
	ck_assert(!patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err));
	ck_assert_msg(strstr(err, "request direction") == NULL, "forward message has the reverse prefix: %s", err);
	assert_err_at(err, "site.map", 2, 1);
	map_free(&m);

	/* the same with an explicit shared port */
	expect_refused_at("http://h.example:8080 https://one.example\n"
	                  "https://h.example:8080 https://two.example\n",
	                  ST_FORWARD, err, sizeof err);
	assert_err_at(err, "site.map", 2, 1);
}
END_TEST

/* rules.md §1.3 V6c accepted side: a different port is a different
 * host:port. */
START_TEST(ref_1_3_v6c_other_port_accepted)
{
	expect_accepted("http://h.example:8080 https://one.example\n"
	                "https://h.example https://two.example\n");
	expect_accepted("https://h.example https://one.example\n"
	                "https://h.example:8443 https://two.example\n");
}
END_TEST

/* rules.md §1.3 V6d, derived from §3.6 (scheme is not compared, only
 * host and normalised port): a variant that differs from another site's
 * canonical only by scheme passes V5 (exact equality) but its probe
 * "http://c.example" is rewritten by the forward matcher — refused by the
 * fixed-point probe only. */
START_TEST(ref_1_3_v6d_probe_only_scheme_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://a.example http://c.example\n"
	                  "https://c.example https://v.example\n",
	                  ST_FORWARD, err, sizeof err);
	ck_assert_msg(strstr(err, "request direction") == NULL, "forward message has the reverse prefix: %s", err);
	assert_err_at(err, "site.map", 1, 2);
}
END_TEST

/* rules.md §1.3 V6d / §3.6: the same with a non-default port: the
 * probe "https://c.example:8081" has port 8081, which equals the canonical
 * http://c.example:8081's port; scheme is not compared. */
START_TEST(ref_1_3_v6d_probe_only_port_refused)
{
	char err[ERRCAP];
	expect_refused_at("https://a.example https://c.example:8081\n"
	                  "http://c.example:8081 https://v.example\n",
	                  ST_FORWARD, err, sizeof err);
	assert_err_at(err, "site.map", 1, 2);
}
END_TEST

/* rules.md §1.3 V6d / §1.2: the probe also runs against alias
 * canonicals: site B's variant https://w.example is hit by site A's alias
 * http://w.example. The reverse table (variant → primary only) does not see
 * the alias, so only the forward direction refuses. */
START_TEST(ref_1_3_v6d_alias_hit_forward_only)
{
	const char *text = "https://p.example https://v.example\n"
	                   "http://w.example  https://v.example\n"
	                   "https://b.example https://w.example\n";
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt, pt2;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.nsites, 2);
	ck_assert_msg(map_validate(&m, err, sizeof err), "V1-V5 refused: %s", err);
	memset(&pt, 0, sizeof pt);
	ck_assert(!patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err));
	ck_assert_msg(strstr(err, "request direction") == NULL, "forward message has the reverse prefix: %s", err);
	memset(&pt2, 0, sizeof pt2);
	ck_assert_msg(patterns_build(&pt2, &m, DIR_REVERSE, err, sizeof err), "reverse refused: %s", err);
	patterns_free(&pt2);
	map_free(&m);
}
END_TEST

/* rules.md §1.3 V6d (derived): example.fi → example.fi:8443 is
 * accepted (each probe is host-not-in-map by port). */
START_TEST(ref_1_3_v6d_port_only_variant_accepted)
{
	expect_accepted("https://example.fi https://example.fi:8443\n");
}
END_TEST

/* rules.md §1.3, the examples after the list: a scheme-only change is accepted
 * (the probe's replacement equals the matched text: identity-map skip). */
START_TEST(ref_1_3_v6d_scheme_only_variant_accepted)
{
	expect_accepted("http://www.example.fi https://www.example.fi\n");
	expect_accepted("https://www.example.fi http://www.example.fi\n");
}
END_TEST

/* ------------------------------------------------------------------ V7 */

/* rules.md §1.3 V7: the reverse pairs (variant → primary canonical)
 * are validated the same way, with "request direction: " in front. Reverse
 * pairs here: http://c.example → https://a.example and https://v.example →
 * https://c.example; the reverse probe "https://c.example" (site 2's primary)
 * is rewritten by the first reverse pair (scheme not compared, §3.6). The map
 * passes V1–V5; patterns_build reverse must refuse it on its own. */
START_TEST(ref_1_3_v7_reverse_probe_refused)
{
	const char *text = "https://a.example http://c.example\n"
	                   "https://c.example https://v.example\n";
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_msg(map_validate(&m, err, sizeof err), "V1-V5 refused: %s", err);
	memset(&pt, 0, sizeof pt);
	ck_assert(!patterns_build(&pt, &m, DIR_REVERSE, err, sizeof err));
	/* cli.md: every map error is "MAPFILE:LINE: ..."; V7: the message
	 * itself is prefixed "request direction: ". */
	assert_err_at(err, "site.map", 2, 1);
	const char *msg = strchr(strchr(err, ':') + 1, ':') + 1;
	ck_assert_msg(strncmp(msg, " request direction: ", 20) == 0,
	              "reverse message lacks the \"request direction: \" prefix after its location: %s", err);
	map_free(&m);
}
END_TEST

/* rules.md §1.3 V7 accepted side: the reverse of a scheme-only change
 * (https://www.example.fi → http://www.example.fi) probes itself: identity
 * skip; and the reverse of a many→one site only holds the primary. */
START_TEST(ref_1_3_v7_reverse_accepted)
{
	const char *text = "https://www.example.fi       https://wt-a--example.ddev.site\n"
	                   "https://example.staging.net  https://wt-a--example.ddev.site\n"
	                   "http://shop.example.fi       https://shop.example.fi\n";
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	memset(&pt, 0, sizeof pt);
	ck_assert_msg(patterns_build(&pt, &m, DIR_REVERSE, err, sizeof err), "reverse refused: %s", err);
	ck_assert(!pt.all_identity);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* rules.md §1.3 V6d: the probe is skipped when every pair is identity, both
 * directions. */
START_TEST(ref_1_3_all_identity_accepted)
{
	const char *text = "https://a.example https://a.example\n"
	                   "http://b.example:8080 http://b.example:8080\n";
	char err[ERRCAP] = "";
	struct map m;
	struct patterns pt, pt2;
	map_init(&m);
	ck_assert_msg(map_load_text(&m, "site.map", text, strlen(text), err, sizeof err), "%s", err);
	ck_assert_uint_eq(m.nsites, 2);
	ck_assert_msg(map_validate(&m, err, sizeof err), "%s", err);
	memset(&pt, 0, sizeof pt);
	memset(&pt2, 0, sizeof pt2);
	ck_assert_msg(patterns_build(&pt, &m, DIR_FORWARD, err, sizeof err), "%s", err);
	ck_assert(pt.all_identity);
	ck_assert_msg(patterns_build(&pt2, &m, DIR_REVERSE, err, sizeof err), "%s", err);
	ck_assert(pt2.all_identity);
	patterns_free(&pt2);
	patterns_free(&pt);
	map_free(&m);
}
END_TEST

/* Found by fuzz_map (corpus/fuzz/regressions/map/): §1.3 V6d probes every
 * form the rewrite writes. The relative form of the variant `http://h:443`
 * is `//h:443`, which takes the canonical's scheme (§3.6) and so matches
 * `https://h`: refused. */
START_TEST(fuzz_relative_variant_rewritten_again)
{
	char err[ERRCAP];
	expect_refused_at("https://h https://z\nhttps://q http://h:443\n", ST_FORWARD, err, sizeof err);
	assert_err_at(err, "site.map", 2, 1);
}
END_TEST

/* Found by fuzz_map: one root dot is stripped (§1.1); a second is an empty
 * label, refused (§1.1), so `https://a..` is no alias of
 * `https://a`, and a variant `https://m..` cannot grow in prose. */
START_TEST(fuzz_trailing_empty_label)
{
	char err[ERRCAP];
	expect_refused_at("https://a.. https://b\n", ST_LOAD, err, sizeof err);
	assert_err_at(err, "site.map", 1, 0);
	expect_refused_at("https://a https://b\nhttps://a.. https://c\n", ST_LOAD, err, sizeof err);
	expect_refused_at("https://m https://m..\n", ST_LOAD, err, sizeof err);
	expect_accepted("https://a. https://b.\n");
}
END_TEST

Suite *map_suite(void)
{
	Suite *s = suite_create("map");

	TCase *fz = tcase_create("fuzz findings");
	tcase_add_test(fz, fuzz_relative_variant_rewritten_again);
	tcase_add_test(fz, fuzz_trailing_empty_label);
	suite_add_tcase(s, fz);

	TCase *fmt = tcase_create("rules.md §1 map format and --pair");
	tcase_add_test(fmt, spec3_example_map);
	tcase_add_test(fmt, spec3_comments_blank_lines_whitespace);
	tcase_add_test(fmt, spec3_comment_only_file_loads);
	tcase_add_test(fmt, spec3_origins_normalised);
	tcase_add_test(fmt, spec3_one_field_refused_with_line);
	tcase_add_test(fmt, spec3_three_fields_refused_with_line);
	tcase_add_test(fmt, spec3_bad_origin_refused_with_line);
	tcase_add_test(fmt, spec3_load_text_respects_length);
	tcase_add_test(fmt, spec3_error_names_its_source);
	tcase_add_test(fmt, spec3_two_sources);
	tcase_add_test(fmt, cli_pair_args);
	tcase_add_test(fmt, cli_pair_arg_refused);
	tcase_add_test(fmt, cli_pair_joins_map_site);
	suite_add_tcase(s, fmt);

	TCase *val = tcase_create("rules.md §1.2-§1.3 sites and V1-V7");
	tcase_add_test(val, ref_1_2_sites_interleaved);
	tcase_add_test(val, ref_1_3_v1_empty_map_refused);
	tcase_add_test(val, ref_1_3_v1_empty_pattern_table_refused);
	tcase_add_test(val, ref_1_3_v1_single_pair_accepted);
	tcase_add_test(val, ref_1_3_v3_same_variant_host_other_port_refused);
	tcase_add_test(val, ref_1_3_v3_same_variant_host_other_scheme_refused);
	tcase_add_test(val, ref_1_3_v3_distinct_variant_hosts_accepted);
	tcase_add_test(val, ref_1_3_v4_canonical_declared_twice_refused);
	tcase_add_test(val, ref_1_3_v4_canonical_in_two_sites_refused);
	tcase_add_test(val, ref_1_3_v4_scheme_variants_same_site_accepted);
	tcase_add_test(val, ref_1_3_v5_variant_is_other_canonical_refused);
	tcase_add_test(val, ref_1_3_v5_port_chain_refused);
	tcase_add_test(val, ref_1_3_v5_identity_accepted);
	tcase_add_test(val, ref_1_3_v5_containment_accepted);
	tcase_add_test(val, ref_1_3_v6c_scheme_split_refused);
	tcase_add_test(val, ref_1_3_v6c_other_port_accepted);
	tcase_add_test(val, ref_1_3_v6d_probe_only_scheme_refused);
	tcase_add_test(val, ref_1_3_v6d_probe_only_port_refused);
	tcase_add_test(val, ref_1_3_v6d_alias_hit_forward_only);
	tcase_add_test(val, ref_1_3_v6d_port_only_variant_accepted);
	tcase_add_test(val, ref_1_3_v6d_scheme_only_variant_accepted);
	tcase_add_test(val, ref_1_3_v7_reverse_probe_refused);
	tcase_add_test(val, ref_1_3_v7_reverse_accepted);
	tcase_add_test(val, ref_1_3_all_identity_accepted);
	suite_add_tcase(s, val);
	return s;
}
