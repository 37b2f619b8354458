/* test_hostcol.c — --host-column and --wordpress-multisite (rules.md §8.5)
 * through the whole pipeline, in each dialect (MySQL extended and
 * complete inserts, PostgreSQL COPY and INSERT, SQLite .dump): which
 * values become the variant's host[:port], which are left and reported
 * (not-a-host, host-not-in-map, identity-map), how the column is found
 * (CREATE TABLE, a column list), the WordPress tables told by name and
 * columns whatever their prefix, --reverse, international hosts, and the
 * warnings. Every case runs at several read sizes, plainly and behind a
 * 512-byte comment (so the read size applies from the first byte), and
 * a second pass over its output changes nothing.
 *
 * Every expected output below is written by hand. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline_fixture.h"
#include "sql.h"
#include "suites.h"

#define MAPH                                                        \
	"https://www.example.fi        https://wt-a--example.ddev.site\n" \
	"https://example.staging.net   https://wt-a--example.ddev.site\n" \
	"https://shop.example.fi       http://shop.test:8080\n"
#define V "wt-a--example.ddev.site"
#define SV "shop.test:8080"

static const size_t sizes[] = { 1, 2, 3, 7, 64, 4096, 65536 };

#define PAD_LEN 512

/* One case: the options, the input, the output written by hand, and the
 * events on surface sql-host, with the rewrites on sql-string (origins
 * the usual rules rewrite, in any column). */
struct hc_case {
	const char *what;
	const char *map;
	bool reverse;
	const struct sql_hostcol *hosts;
	size_t nhosts;
	bool wordpress;
	const struct sql_skip *skips;
	size_t nskips;
	enum sql_dialect dialect;
	const char *in, *want;
	unsigned host_rw, not_host, no_pair, identity, sql_rw;
};

static struct pf_options options(const struct hc_case *c, size_t rs)
{
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = rs, .reverse = c->reverse, .dialect = c->dialect,
	                        .hosts = c->hosts, .nhosts = c->nhosts, .wordpress = c->wordpress,
	                        .skips = c->skips, .nskips = c->nskips };
	return o;
}

static void expect_counts(const struct hc_case *c, const struct pf_result *r, const char *how, size_t rs)
{
	for (int k = 0; k < SURFACE_COUNT; k++) {
		uint64_t w = k == SURFACE_SQL_HOST ? c->host_rw : k == SURFACE_SQL_STRING ? c->sql_rw : 0;
		ck_assert_msg(r->rewrites[k] == w, "%s (%s, read size %zu): %llu rewrites on %s, want %llu\n%s", c->what, how,
		              rs, (unsigned long long)r->rewrites[k], surface_name((enum surface)k), (unsigned long long)w,
		              r->explain);
	}
	unsigned want[REASON_COUNT] = { 0 };
	want[REASON_NOT_A_HOST] = c->not_host;
	want[REASON_HOST_NOT_IN_MAP] = c->no_pair;
	want[REASON_IDENTITY_MAP] = c->identity;
	for (int k = 1; k < REASON_COUNT; k++)
		ck_assert_msg(r->skips[k] == want[k], "%s (%s, read size %zu): %llu skips %s, want %u\n%s", c->what, how, rs,
		              (unsigned long long)r->skips[k], reason_name((enum reason)k), want[k], r->explain);
}

static void expect_out(const struct hc_case *c, const struct pf_result *r, const char *want, size_t want_len,
                       const char *how, size_t rs)
{
	size_t d = 0;
	while (d < r->out_len && d < want_len && r->out[d] == (unsigned char)want[d]) d++;
	ck_assert_msg(r->out_len == want_len && d == want_len, "%s (%s, read size %zu): output differs at %zu:\n got  %.300s\n want %.300s",
	              c->what, how, rs, d, (const char *)r->out + (d > 60 ? d - 60 : 0), want + (d > 60 ? d - 60 : 0));
}

/* The case at every read size, plain and padded; then its output again. */
static void run_case(const struct hc_case *c)
{
	struct map m;
	struct patterns pt;
	pf_build(&m, &pt, c->map, c->reverse);
	size_t in_len = strlen(c->in), want_len = strlen(c->want);
	char *padded = malloc(PAD_LEN + in_len + 1), *padwant = malloc(PAD_LEN + want_len + 1);
	ck_assert_ptr_nonnull(padded);
	ck_assert_ptr_nonnull(padwant);
	memset(padded, 'p', PAD_LEN);
	memcpy(padded, "-- ", 3);
	padded[PAD_LEN - 1] = '\n';
	memcpy(padwant, padded, PAD_LEN);
	memcpy(padded + PAD_LEN, c->in, in_len + 1);
	memcpy(padwant + PAD_LEN, c->want, want_len + 1);
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = options(c, sizes[i]);
		struct pf_result r;
		pf_run_pt(&pt, c->in, in_len, &o, &r);
		ck_assert_int_eq(r.rc, 0);
		expect_out(c, &r, c->want, want_len, "plain", sizes[i]);
		expect_counts(c, &r, "plain", sizes[i]);
		pf_free(&r);
		pf_run_pt(&pt, padded, PAD_LEN + in_len, &o, &r);
		expect_out(c, &r, padwant, PAD_LEN + want_len, "padded", sizes[i]);
		expect_counts(c, &r, "padded", sizes[i]);
		pf_free(&r);
	}
	/* §11.3 item 4: the output rewritten again does not change */
	struct pf_options o = options(c, 7);
	struct pf_result r;
	pf_run_pt(&pt, c->want, want_len, &o, &r);
	expect_out(c, &r, c->want, want_len, "second pass", 7);
	ck_assert_msg(pf_total(r.rewrites, SURFACE_COUNT) == 0, "%s: the second pass rewrote", c->what);
	pf_free(&r);
	free(padded);
	free(padwant);
	patterns_free(&pt);
	map_free(&m);
}

/* ------------------------------------------------------------ MySQL */

static const struct sql_hostcol blogs_domain[] = { { "wp_blogs", "domain" } };

#define MY_BLOGS                                                                         \
	"CREATE TABLE `wp_blogs` (\n"                                                        \
	"  `blog_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n"                         \
	"  `site_id` bigint(20) unsigned NOT NULL DEFAULT 0,\n"                              \
	"  `domain` varchar(200) NOT NULL DEFAULT '',\n"                                     \
	"  `path` varchar(100) NOT NULL DEFAULT '',\n"                                       \
	"  PRIMARY KEY (`blog_id`),\n"                                                       \
	"  KEY `domain` (`domain`(50),`path`(5))\n"                                          \
	") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;\n"

/* --host-column=wp_blogs.domain over a mysqldump with extended inserts:
 * the column found through CREATE TABLE; exact hosts in any case, with a
 * root dot, a default port, a MySQL escape, become the variant's; the
 * rest stays, reported where a canonical host stands in it. The same
 * bytes in another column or table do not change. */
START_TEST(hc_mysql_named)
{
	static const struct hc_case c = {
		"mysql --host-column", MAPH, false, blogs_domain, 1, false, NULL, 0, DIALECT_MYSQL,
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'WWW.Example.FI.','/a/'),"
		"(3,1,'shop.example.fi','/'),(4,1,'example.staging.net:443','/'),(5,1,'shop.example.fi:0443','/'),"
		"(6,1,'www\\.example.fi','/'),(7,1,'www.example.fi:8443','/'),(8,1,'admin@www.example.fi','/'),"
		"(9,1,'https://www.example.fi/x','/'),(10,1,'www.example.fin','/'),(11,1,'other.example.fi','/'),"
		"(12,1,'','/'),(13,1,NULL,'/'),(14,1,'www.example.fi\\n','/'),(15,1,'www.example.fi','www.example.fi'),"
		"(16,1,'www.example.fi.evil.test','/'),(17,1,'www.example.fi:','/');\n"
		"INSERT INTO `wp_users` VALUES (1,'www.example.fi','admin@www.example.fi','https://www.example.fi/');\n",
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'" V "','/'),(2,1,'" V "','/a/'),"
		"(3,1,'" SV "','/'),(4,1,'" V "','/'),(5,1,'" SV "','/'),"
		"(6,1,'" V "','/'),(7,1,'www.example.fi:8443','/'),(8,1,'admin@www.example.fi','/'),"
		"(9,1,'https://" V "/x','/'),(10,1,'www.example.fin','/'),(11,1,'other.example.fi','/'),"
		"(12,1,'','/'),(13,1,NULL,'/'),(14,1,'www.example.fi\\n','/'),(15,1,'" V "','www.example.fi'),"
		"(16,1,'www.example.fi.evil.test','/'),(17,1,'www.example.fi:','/');\n"
		"INSERT INTO `wp_users` VALUES (1,'www.example.fi','admin@www.example.fi','https://" V "/');\n",
		.host_rw = 7, .not_host = 4, .no_pair = 1, .sql_rw = 2,
	};
	run_case(&c);
}
END_TEST

/* --wordpress-multisite over mysqldump --no-create-info --complete-insert
 * of a network whose prefix is `mysite_`: the column lists name the
 * columns; only the blogs and site tables of WordPress's columns are
 * host tables (not sitemeta, signups, or a plugin's table whose name ends
 * in `site`). */
START_TEST(hc_mysql_wordpress_lists)
{
	static const struct hc_case c = {
		"mysql --wordpress-multisite, column lists", MAPH, false, NULL, 0, true, NULL, 0, DIALECT_MYSQL,
		"INSERT INTO `mysite_blogs` (`blog_id`, `site_id`, `domain`, `path`, `registered`, `public`) VALUES "
		"(1,1,'www.example.fi','/','2024-05-01 10:00:00',1),(2,1,'shop.example.fi','/','2024-05-01 10:00:00',1);\n"
		"INSERT INTO `mysite_site` (`id`, `domain`, `path`) VALUES (1,'www.example.fi','/');\n"
		"INSERT INTO `mysite_sitemeta` (`meta_id`, `site_id`, `meta_key`, `meta_value`) VALUES "
		"(1,1,'siteurl','https://www.example.fi/'),(2,1,'domain','www.example.fi');\n"
		"INSERT INTO `mysite_signups` (`signup_id`, `domain`, `path`) VALUES (1,'www.example.fi','/');\n"
		"INSERT INTO `mysite_yoast_site` (`id`, `domain`) VALUES (1,'www.example.fi');\n"
		"INSERT INTO `mysite_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES "
		"(1,'siteurl','https://www.example.fi','yes'),(2,'admin_email','admin@www.example.fi','yes');\n",
		"INSERT INTO `mysite_blogs` (`blog_id`, `site_id`, `domain`, `path`, `registered`, `public`) VALUES "
		"(1,1,'" V "','/','2024-05-01 10:00:00',1),(2,1,'" SV "','/','2024-05-01 10:00:00',1);\n"
		"INSERT INTO `mysite_site` (`id`, `domain`, `path`) VALUES (1,'" V "','/');\n"
		"INSERT INTO `mysite_sitemeta` (`meta_id`, `site_id`, `meta_key`, `meta_value`) VALUES "
		"(1,1,'siteurl','https://" V "/'),(2,1,'domain','www.example.fi');\n"
		"INSERT INTO `mysite_signups` (`signup_id`, `domain`, `path`) VALUES (1,'www.example.fi','/');\n"
		"INSERT INTO `mysite_yoast_site` (`id`, `domain`) VALUES (1,'www.example.fi');\n"
		"INSERT INTO `mysite_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES "
		"(1,'siteurl','https://" V "','yes'),(2,'admin_email','admin@www.example.fi','yes');\n",
		.host_rw = 3, .sql_rw = 2,
	};
	run_case(&c);
}
END_TEST

/* --wordpress-multisite over mysqldump's CREATE TABLE and positional rows,
 * --skip-extended-insert; a table whose CREATE TABLE lacks WordPress's
 * columns is no host table, and a column list in an INSERT counts over
 * the CREATE TABLE's order. */
START_TEST(hc_mysql_wordpress_create)
{
	static const struct hc_case c = {
		"mysql --wordpress-multisite, CREATE TABLE", MAPH, false, NULL, 0, true, NULL, 0, DIALECT_MYSQL,
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/');\n"
		"INSERT INTO `wp_blogs` VALUES (2,1,'shop.example.fi','/');\n"
		"INSERT INTO `wp_blogs` (`domain`, `blog_id`, `site_id`, `path`) VALUES ('example.staging.net',3,1,'/x/');\n"
		"CREATE TABLE `wp_site` (\n  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n"
		"  `domain` varchar(200) NOT NULL DEFAULT '',\n  `path` varchar(100) NOT NULL DEFAULT '',\n"
		"  PRIMARY KEY (`id`)\n);\n"
		"INSERT INTO `wp_site` VALUES (1,'www.example.fi','/');\n"
		"CREATE TABLE `wp_plugin_site` (\n  `id` int,\n  `domain` varchar(200)\n);\n"
		"INSERT INTO `wp_plugin_site` VALUES (1,'www.example.fi');\n",
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'" V "','/');\n"
		"INSERT INTO `wp_blogs` VALUES (2,1,'" SV "','/');\n"
		"INSERT INTO `wp_blogs` (`domain`, `blog_id`, `site_id`, `path`) VALUES ('" V "',3,1,'/x/');\n"
		"CREATE TABLE `wp_site` (\n  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n"
		"  `domain` varchar(200) NOT NULL DEFAULT '',\n  `path` varchar(100) NOT NULL DEFAULT '',\n"
		"  PRIMARY KEY (`id`)\n);\n"
		"INSERT INTO `wp_site` VALUES (1,'" V "','/');\n"
		"CREATE TABLE `wp_plugin_site` (\n  `id` int,\n  `domain` varchar(200)\n);\n"
		"INSERT INTO `wp_plugin_site` VALUES (1,'www.example.fi');\n",
		.host_rw = 4,
	};
	run_case(&c);
}
END_TEST

/* ------------------------------------------------------------ PostgreSQL */

#define PG_TABLES                                                                 \
	"CREATE TABLE public.wp_blogs (\n"                                            \
	"    blog_id bigint NOT NULL,\n"                                              \
	"    site_id bigint DEFAULT '0'::bigint NOT NULL,\n"                          \
	"    domain character varying(200) DEFAULT ''::character varying NOT NULL,\n" \
	"    path character varying(100) DEFAULT ''::character varying NOT NULL\n"    \
	");\n"                                                                        \
	"CREATE TABLE public.wp_site (\n"                                             \
	"    id bigint NOT NULL,\n"                                                   \
	"    domain character varying(200) DEFAULT ''::character varying NOT NULL,\n" \
	"    path character varying(100) DEFAULT ''::character varying NOT NULL\n"    \
	");\n"

/* pg_dump's COPY rows with --wordpress-multisite: the COPY's column list;
 * COPY's escapes (an octal dot) undone before the value is compared; \N
 * is a NULL. */
START_TEST(hc_pg_copy)
{
	static const struct hc_case c = {
		"pg COPY --wordpress-multisite", MAPH, false, NULL, 0, true, NULL, 0, DIALECT_POSTGRES,
		PG_TABLES
		"COPY public.wp_blogs (blog_id, site_id, domain, path) FROM stdin;\n"
		"1\t1\twww.example.fi\t/\n"
		"2\t1\tShop.Example.Fi\t/shop/\n"
		"3\t1\twww\\056example.fi\t/\n"
		"4\t1\t\\N\t/\n"
		"5\t1\tadmin@www.example.fi\twww.example.fi\n"
		"\\.\n"
		"COPY public.wp_site (id, domain, path) FROM stdin;\n"
		"1\twww.example.fi\t/\n"
		"\\.\n",
		PG_TABLES
		"COPY public.wp_blogs (blog_id, site_id, domain, path) FROM stdin;\n"
		"1\t1\t" V "\t/\n"
		"2\t1\t" SV "\t/shop/\n"
		"3\t1\t" V "\t/\n"
		"4\t1\t\\N\t/\n"
		"5\t1\tadmin@www.example.fi\twww.example.fi\n"
		"\\.\n"
		"COPY public.wp_site (id, domain, path) FROM stdin;\n"
		"1\t" V "\t/\n"
		"\\.\n",
		.host_rw = 4, .not_host = 1,
	};
	run_case(&c);
}
END_TEST

/* pg_dump --inserts and --column-inserts with --host-column: a standard
 * string, an E'' string with a hex escape, a schema-qualified quoted name,
 * a doubled quote. */
START_TEST(hc_pg_inserts)
{
	static const struct hc_case c = {
		"pg INSERT --host-column", MAPH, false, blogs_domain, 1, false, NULL, 0, DIALECT_POSTGRES,
		PG_TABLES
		"INSERT INTO public.wp_blogs VALUES (1, 1, 'www.example.fi', '/');\n"
		"INSERT INTO \"public\".\"wp_blogs\" VALUES (2, 1, E'shop\\x2Eexample.fi', '/');\n"
		"INSERT INTO public.wp_blogs (blog_id, site_id, domain, path) VALUES (3, 1, 'it''s www.example.fi', '/');\n"
		"INSERT INTO public.wp_site VALUES (1, 'www.example.fi', '/');\n",
		PG_TABLES
		"INSERT INTO public.wp_blogs VALUES (1, 1, '" V "', '/');\n"
		"INSERT INTO \"public\".\"wp_blogs\" VALUES (2, 1, E'" SV "', '/');\n"
		"INSERT INTO public.wp_blogs (blog_id, site_id, domain, path) VALUES (3, 1, 'it''s www.example.fi', '/');\n"
		"INSERT INTO public.wp_site VALUES (1, 'www.example.fi', '/');\n",
		.host_rw = 2, .not_host = 1,
	};
	run_case(&c);
}
END_TEST

/* ------------------------------------------------------------ SQLite */

/* sqlite3 .dump with --wordpress-multisite: a quoted table name, and a
 * value with a newline in replace(…), which is no host and is reported. */
START_TEST(hc_sqlite)
{
	static const struct hc_case c = {
		"sqlite --wordpress-multisite", MAPH, false, NULL, 0, true, NULL, 0, DIALECT_SQLITE,
		"PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"
		"CREATE TABLE wp_blogs (blog_id integer NOT NULL PRIMARY KEY AUTOINCREMENT, site_id integer NOT NULL DEFAULT 0, "
		"domain text NOT NULL DEFAULT '', path text NOT NULL DEFAULT '');\n"
		"INSERT INTO wp_blogs VALUES(1,1,'www.example.fi','/');\n"
		"INSERT INTO wp_blogs VALUES(2,1,'shop.example.fi','/');\n"
		"INSERT INTO wp_blogs VALUES(3,1,replace('www.example.fi\\n','\\n',char(10)),'/');\n"
		"CREATE TABLE IF NOT EXISTS \"wp_site\" (id integer, domain text, path text);\n"
		"INSERT INTO \"wp_site\" VALUES(1,'www.example.fi','/');\n"
		"CREATE TABLE wp_users (ID integer, user_login text, user_email text);\n"
		"INSERT INTO wp_users VALUES(1,'www.example.fi','admin@www.example.fi');\n"
		"DELETE FROM sqlite_sequence;\nINSERT INTO sqlite_sequence VALUES('wp_blogs',3);\nCOMMIT;\n",
		"PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"
		"CREATE TABLE wp_blogs (blog_id integer NOT NULL PRIMARY KEY AUTOINCREMENT, site_id integer NOT NULL DEFAULT 0, "
		"domain text NOT NULL DEFAULT '', path text NOT NULL DEFAULT '');\n"
		"INSERT INTO wp_blogs VALUES(1,1,'" V "','/');\n"
		"INSERT INTO wp_blogs VALUES(2,1,'" SV "','/');\n"
		"INSERT INTO wp_blogs VALUES(3,1,replace('www.example.fi\\n','\\n',char(10)),'/');\n"
		"CREATE TABLE IF NOT EXISTS \"wp_site\" (id integer, domain text, path text);\n"
		"INSERT INTO \"wp_site\" VALUES(1,'" V "','/');\n"
		"CREATE TABLE wp_users (ID integer, user_login text, user_email text);\n"
		"INSERT INTO wp_users VALUES(1,'www.example.fi','admin@www.example.fi');\n"
		"DELETE FROM sqlite_sequence;\nINSERT INTO sqlite_sequence VALUES('wp_blogs',3);\nCOMMIT;\n",
		.host_rw = 3, .not_host = 1,
	};
	run_case(&c);
}
END_TEST

/* ------------------------------------------------------------ directions, maps */

/* --reverse: a variant host becomes its site's primary canonical's (not
 * the alias); a variant host:port with another port has no pair. */
START_TEST(hc_reverse)
{
	static const struct hc_case c = {
		"mysql --reverse", MAPH, true, NULL, 0, true, NULL, 0, DIALECT_MYSQL,
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'" V "','/'),(2,1,'WT-A--EXAMPLE.DDEV.SITE.','/'),(3,1,'" SV "','/'),"
		"(4,1,'shop.test','/'),(5,1,'www.example.fi','/');\n",
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'www.example.fi','/'),(3,1,'shop.example.fi','/'),"
		"(4,1,'shop.test','/'),(5,1,'www.example.fi','/');\n",
		.host_rw = 3, .no_pair = 1,
	};
	run_case(&c);
}
END_TEST

/* An identity map changes nothing, a case difference included (§11.3
 * item 1); each host is an identity-map skip. */
START_TEST(hc_identity)
{
	static const struct hc_case c = {
		"identity map", "https://www.example.fi https://www.example.fi\n", false, NULL, 0, true, NULL, 0, DIALECT_MYSQL,
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'WWW.EXAMPLE.FI','/');\n",
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'WWW.EXAMPLE.FI','/');\n",
		.identity = 2,
	};
	run_case(&c);
}
END_TEST

/* International hosts: the canonical in its xn--, Unicode and upper-case
 * Unicode forms is one host; the variant is written as the map writes it
 * (its Unicode form, or the xn-- form where the map gives that). A
 * percent-encoded form names no host in a column of hosts. */
START_TEST(hc_idn)
{
	static const struct hc_case unicode = {
		"IDN, Unicode variant", "https://xn--hmeen-gra.fi https://h\xc3\xa4meen.test\n", false, NULL, 0, true, NULL, 0,
		DIALECT_MYSQL,
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'h\xc3\xa4meen.fi','/'),(2,1,'H\xc3\x84MEEN.FI','/'),"
		"(3,1,'XN--hmeen-gra.fi','/'),(4,1,'h%c3%a4meen.fi','/');\n",
		MY_BLOGS
		"INSERT INTO `wp_blogs` VALUES (1,1,'h\xc3\xa4meen.test','/'),(2,1,'h\xc3\xa4meen.test','/'),"
		"(3,1,'h\xc3\xa4meen.test','/'),(4,1,'h%c3%a4meen.fi','/');\n",
		.host_rw = 3, .not_host = 1,
	};
	run_case(&unicode);
	static const struct hc_case ascii = {
		"IDN, xn-- variant", "https://h\xc3\xa4meen.fi https://xn--hmeen-gra.test\n", false, NULL, 0, true, NULL, 0,
		DIALECT_MYSQL,
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'h\xc3\xa4meen.fi','/'),(2,1,'xn--hmeen-gra.fi','/');\n",
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'xn--hmeen-gra.test','/'),(2,1,'xn--hmeen-gra.test','/');\n",
		.host_rw = 2,
	};
	run_case(&ascii);
}
END_TEST

/* --skip-column on the same column wins: its values pass untouched. */
START_TEST(hc_skip_wins)
{
	static const struct sql_skip skip[] = { { "wp_blogs", "domain" } };
	static const struct hc_case c = {
		"--skip-column and a host column", MAPH, false, blogs_domain, 1, true, skip, 1, DIALECT_MYSQL,
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'https://www.example.fi','/');\n",
		MY_BLOGS "INSERT INTO `wp_blogs` VALUES (1,1,'www.example.fi','/'),(2,1,'https://www.example.fi','/');\n",
		.host_rw = 0,
	};
	run_case(&c);
}
END_TEST

/* ------------------------------------------------------------ reports */

/* --check lists a host the rewrite would change (surface sql-host) with
 * its line and column; a value left (not-a-host) is no finding. --dry-run
 * writes the input and counts the same. */
START_TEST(hc_check_and_dry_run)
{
	static const char in[] = "CREATE TABLE wp_blogs (blog_id int, site_id int, domain text, path text);\n"
	                         "INSERT INTO wp_blogs VALUES (1,1,'www.example.fi','/'),\n"
	                         "(2,1,'admin@www.example.fi','/'),(3,1,'SHOP.example.fi.','/');\n";
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 3, .check = true, .wordpress = true };
	struct pf_result r;
	pf_run(MAPH, in, sizeof in - 1, &o, &r);
	ck_assert_str_eq(r.check, "in:2:35: www.example.fi (sql-host)\n"
	                          "in:3:40: SHOP.example.fi. (sql-host)\n");
	ck_assert_uint_eq(r.skips[REASON_NOT_A_HOST], 1);
	pf_free(&r);
	struct pf_options d = { .type = FILETYPE_SQL, .read_size = 3, .dry_run = true, .wordpress = true, .stats = true };
	pf_run(MAPH, in, sizeof in - 1, &d, &r);
	ck_assert(r.out_len == sizeof in - 1 && memcmp(r.out, in, r.out_len) == 0);
	ck_assert_uint_eq(r.rewrites[SURFACE_SQL_HOST], 2);
	ck_assert_msg(strstr(r.explain, "  sql-host                 2\n") != NULL, "%s", r.explain);
	pf_free(&r);
}
END_TEST

/* Warnings (not with -q): a value that holds a canonical host and is not
 * one, or names a port of no pair, with its offset; rows of a host
 * table with no column names, once a table an input, naming the table;
 * nothing is guessed there. */
START_TEST(hc_warnings)
{
	static const char in[] =
		"INSERT INTO wp_blogs VALUES (1,1,'www.example.fi','/');\n"
		"INSERT INTO wp_blogs VALUES (2,1,'www.example.fi','/');\n"
		"INSERT INTO t VALUES ('www.example.fi');\n"
		"CREATE TABLE wp_site (id int, domain text, path text);\n"
		"INSERT INTO wp_site VALUES (1,'info@www.example.fi','/'),(2,'www.example.fi:81','/');\n";
	static const struct sql_hostcol t_d[] = { { "t", "d" } };
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 5, .loud = true, .wordpress = true, .hosts = t_d,
	                        .nhosts = 1 };
	struct pf_result r;
	pf_run(MAPH, in, sizeof in - 1, &o, &r);
	ck_assert(r.out_len == sizeof in - 1 && memcmp(r.out, in, r.out_len) == 0);
	ck_assert_str_eq(r.err,
	                 "hostshift: in: table wp_blogs: no column names (no CREATE TABLE before its rows, no column list in "
	                 "them); --wordpress-multisite finds no column in it\n"
	                 "hostshift: in: table t: no column names (no CREATE TABLE before its rows, no column list in them); "
	                 "--host-column=t.d finds no column in it\n"
	                 "hostshift: in: --wordpress-multisite (wp_site.domain): the value at offset 239 holds a canonical "
	                 "host but is not one host[:port]; it is not rewritten as a host: info@www.example.fi\n"
	                 "hostshift: in: --wordpress-multisite (wp_site.domain): the value at offset 269 names a canonical "
	                 "host with a port no pair of the map has; it is not rewritten as a host: www.example.fi:81\n");
	ck_assert_uint_eq(r.skips[REASON_NOT_A_HOST], 1);
	ck_assert_uint_eq(r.skips[REASON_HOST_NOT_IN_MAP], 1);
	pf_free(&r);
}
END_TEST

/* At most 20 such warnings an input, then one line; -s counts them all. */
START_TEST(hc_warnings_capped)
{
	static const char head[] = "CREATE TABLE wp_site (id int, domain text, path text);\nINSERT INTO wp_site VALUES ";
	char in[4096];
	size_t n = strlen(head);
	memcpy(in, head, n);
	for (int i = 0; i < 25; i++) n += (size_t)sprintf(in + n, "%s(%d,'a@www.example.fi','/')", i ? "," : "", i);
	n += (size_t)sprintf(in + n, ";\n");
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 4096, .loud = true, .wordpress = true };
	struct pf_result r;
	pf_run(MAPH, in, n, &o, &r);
	size_t lines = 0;
	for (const char *p = r.err; *p; p++) lines += *p == '\n';
	ck_assert_uint_eq(lines, 21);
	ck_assert_msg(strstr(r.err, "hostshift: in: more host-column values are not rewritten; -s counts them "
	                            "(not-a-host, host-not-in-map)\n") != NULL, "%s", r.err);
	ck_assert_uint_eq(r.skips[REASON_NOT_A_HOST], 25);
	pf_free(&r);
}
END_TEST

/* The columns of the last 16 tables whose name ends in `blogs` or `site`
 * are kept (pg_dump writes every CREATE TABLE before any rows): with 15
 * such tables between wp_blogs's CREATE TABLE and its rows it is still
 * known; with 16 it is not, and that is the warning, nothing guessed. */
static void wp_slots(int between, const char *want_row, bool warned)
{
	char in[8192], want[8192];
	size_t n = (size_t)sprintf(in, "CREATE TABLE wp_blogs (blog_id int, site_id int, domain text, path text);\n");
	for (int i = 0; i < between; i++) n += (size_t)sprintf(in + n, "CREATE TABLE x%d_site (id int, domain text, path text);\n", i);
	memcpy(want, in, n);
	sprintf(in + n, "INSERT INTO wp_blogs VALUES (1, 1, 'www.example.fi', '/');\n");
	sprintf(want + n, "INSERT INTO wp_blogs VALUES (1, 1, '%s', '/');\n", want_row);
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 7, .loud = true, .wordpress = true,
	                        .dialect = DIALECT_POSTGRES };
	struct pf_result r;
	pf_run(MAPH, in, strlen(in), &o, &r);
	ck_assert_msg(strcmp((const char *)r.out, want) == 0, "%d tables between: %s", between, r.out);
	ck_assert_msg((strstr(r.err, "hostshift: in: table wp_blogs: no column names") != NULL) == warned, "%d tables between: %s",
	              between, r.err);
	pf_free(&r);
}

START_TEST(hc_wp_slots)
{
	wp_slots(15, V, false);
	wp_slots(16, "www.example.fi", true);
}
END_TEST

Suite *hostcol_suite(void)
{
	Suite *s = suite_create("hostcol_suite");
	TCase *tc = tcase_create("dialects");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, hc_mysql_named);
	tcase_add_test(tc, hc_mysql_wordpress_lists);
	tcase_add_test(tc, hc_mysql_wordpress_create);
	tcase_add_test(tc, hc_pg_copy);
	tcase_add_test(tc, hc_pg_inserts);
	tcase_add_test(tc, hc_sqlite);
	suite_add_tcase(s, tc);
	tc = tcase_create("rules");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, hc_reverse);
	tcase_add_test(tc, hc_identity);
	tcase_add_test(tc, hc_idn);
	tcase_add_test(tc, hc_skip_wins);
	tcase_add_test(tc, hc_check_and_dry_run);
	tcase_add_test(tc, hc_warnings);
	tcase_add_test(tc, hc_warnings_capped);
	tcase_add_test(tc, hc_wp_slots);
	suite_add_tcase(s, tc);
	return s;
}
