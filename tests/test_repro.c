/* test_repro.c — the serialized reproducers, each with its exact output
 * bytes (map https://www.example.fi → https://wt-a--example.ddev.site),
 * every output checked with PHP's unserialize() when it was written here
 * (rules.md §7): a string is nested data only when its whole content is one
 * value (§7.4), C: payloads are walked as grammar, and a value that does
 * not parse by its own lengths passes through byte-identical and is
 * reported (§7.5, §10.2, §10.6). The same at read sizes 1, 7 and 64 KiB. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

#include "pipeline_fixture.h"
#include "testhook.h"

#define RP_MAP "https://www.example.fi https://wt-a--example.ddev.site\n"

/* in → want as type; untouched: values left untouched (each one warning
 * with its input offset, and a --check finding); no straggler ever. */
static void repro(enum filetype type, const char *in, const char *want, unsigned untouched, long untouched_at)
{
	static const size_t sizes[] = { 1, 7, 65536 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct pf_options o = { .type = type, .read_size = sizes[i], .loud = true };
		struct pf_result r;
		pf_run(RP_MAP, in, strlen(in), &o, &r);
		ck_assert_int_eq(r.rc, 0);
		ck_assert_msg(r.out_len == strlen(want) && memcmp(r.out, want, r.out_len) == 0,
		              "read size %zu:\n  got  %.*s\n  want %s", sizes[i], (int)r.out_len, (char *)r.out, want);
		ck_assert_uint_eq(r.skips[REASON_SERIALIZED_UNTOUCHED], untouched);
		ck_assert_uint_eq(r.candidates[SURFACE_STRAGGLER], 0);
		if (untouched) {
			char w[128];
			snprintf(w, sizeof w, "hostshift: in: serialized value left untouched at offset %ld: ", untouched_at);
			ck_assert_msg(r.err && strncmp(r.err, w, strlen(w)) == 0, "want \"%s\", stderr: %s", w, r.err ? r.err : "");
		} else {
			ck_assert_msg(r.err_len == 0, "no warning expected, stderr: %.*s", (int)r.err_len, r.err);
		}
		pf_free(&r);
	}
	if (untouched) {
		struct pf_options o = { .type = type, .check = true };
		struct pf_result r;
		pf_run(RP_MAP, in, strlen(in), &o, &r);
		ck_assert_msg(r.check && strstr(r.check, " (serialized-untouched)\n"), "check: %s", r.check ? r.check : "");
		pf_free(&r);
	}
}

/* rules.md §11.2: with events listed, html prepares every attribute of a
 * tag and then each changed one again before writing it. An attribute that
 * is not walked, after one whose serialized plan dropped its changes (a
 * value walked again when written), is written from its own plan: it once
 * inherited the other's "walk again", and hostshift stopped with exit 3
 * and no output. At the least budget (every repaired value walked twice)
 * and at the default, with and without events listed. */
START_TEST(html_attr_after_a_dropped_plan)
{
	static const char in[] = "<a href=\"https://www.example.fi/x\" title=\"s:24:&quot;https://www.example.fi/c&quot;;\" "
	                         "alt=\"https://www.example.fi/y\">\n";
	static const char want[] = "<a href=\"https://wt-a--example.ddev.site/x\" "
	                           "title=\"s:33:&quot;https://wt-a--example.ddev.site/c&quot;;\" "
	                           "alt=\"https://wt-a--example.ddev.site/y\">\n";
	for (size_t budget = 0; budget < 2; budget++)
		for (int explain = 0; explain < 2; explain++) {
			testhook_plan_budget = budget;
			struct pf_options o = { .type = FILETYPE_HTML, .no_explain = !explain };
			struct pf_result r;
			pf_run(RP_MAP, in, sizeof in - 1, &o, &r);
			testhook_plan_budget = 0;
			ck_assert_int_eq(r.rc, 0);
			ck_assert_msg(r.out_len == sizeof want - 1 && memcmp(r.out, want, r.out_len) == 0,
			              "budget %zu, explain %d:\n  got  %.*s\n  want %s", budget, explain, (int)r.out_len,
			              (char *)r.out, want);
			pf_free(&r);
		}
}
END_TEST

/* R6: an origin spelled with references inside serialized data in an
 * attribute: PHP's string holds `https://C` (22 bytes), so the new length
 * counts the decoded bytes of the new data (§7.3, §5.3). */
/* A serialized value in html text holding a '<' that opens no tag (`<}`,
 * `< `, `<1`) is one text token, one value, whether or not skips are
 * observed: with none observed, the text before such a '<' (no host in
 * it) was once written as a token of its own, and the rest rewritten
 * without its length (§3.1, §4.5). At every read size, with and without
 * the explain trace. */
START_TEST(html_text_lt_no_tag_one_value)
{
	static const char in[] = "<p>a:3:{i:0;s:26:\"<}//www.example.fi/abcdefg\";i:1;s:24:\"< https://www.example.fi\";"
	                         "i:2;s:26:\"1<2 https://www.example.fi\";}</p>";
	static const char want[] = "<p>a:3:{i:0;s:35:\"<}//wt-a--example.ddev.site/abcdefg\";i:1;s:33:\"< https://wt-a--example.ddev.site\";"
	                           "i:2;s:35:\"1<2 https://wt-a--example.ddev.site\";}</p>";
	static const size_t sizes[] = { 1, 2, 3, 7, 19, 4096, 65536 };
	for (int explain = 0; explain < 2; explain++)
		for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
			struct pf_options o = { .type = FILETYPE_HTML, .read_size = sizes[i], .no_explain = !explain };
			struct pf_result r;
			pf_run(RP_MAP, in, sizeof in - 1, &o, &r);
			ck_assert_msg(r.out_len == sizeof want - 1 && memcmp(r.out, want, r.out_len) == 0,
			              "read size %zu, explain %d:\n  got  %.*s\n  want %s", sizes[i], explain, (int)r.out_len,
			              (char *)r.out, want);
			pf_free(&r);
		}
}
END_TEST

START_TEST(r6_html_refs_in_serialized_string)
{
	repro(FILETYPE_HTML,
	      "<input value=\"a:1:{s:1:&quot;u&quot;;s:22:&quot;https:&#47;&#47;www.example.fi&quot;;}\">",
	      "<input value=\"a:1:{s:1:&quot;u&quot;;s:31:&quot;https://wt-a--example.ddev.site&quot;;}\">", 0, 0);
}
END_TEST

/* R6: the same data declared with its source length (references counted
 * as written) is not an origin PHP holds; its change could not be measured
 * in one reading, so the value is left untouched and reported (§7.5). */
START_TEST(r6_html_refs_source_length_untouched)
{
	const char *in = "<input value=\"a:1:{s:1:&quot;u&quot;;s:30:&quot;https:&#47;&#47;www.example.fi&quot;;}\">";
	repro(FILETYPE_HTML, in, in, 1, 14);
}
END_TEST

/* In an attribute `&lt;` counts one byte or four (§7.3). Data that looks
 * like a value but parses in neither reading taken, with such a reference
 * in it, may be a value in the other: its inner lengths cannot be told, so
 * the value is left untouched (§7.5) rather than repaired outside only.
 * PHP reads the C: payload below as a string s:28 whose data holds the
 * origin; rewriting it with the outer length alone broke the value. */
START_TEST(ambiguous_nested_string_untouched)
{
	const char *in = "<input value=\"s:36:&quot;s:28:&quot;&lt;https://www.example.fi/p&quot;;x&quot;;&quot;;\">";
	repro(FILETYPE_HTML, in, in, 1, 14);
}
END_TEST

START_TEST(ambiguous_custom_payload_untouched)
{
	const char *in = "<input value=\"C:11:&quot;ArrayObject&quot;:61:{x:i:0;a:1:{i:0;s:28:&quot;&lt;https://www.example.fi/p"
	                 "&quot;;x&quot;;};m:a:0:{}}\">";
	repro(FILETYPE_HTML, in, in, 1, 14);
}
END_TEST

/* R1: text in a string that looks like serialized data is plain text */
START_TEST(r1_nested_looking_text)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (1,'a:2:{s:4:\\\"text\\\";s:52:\\\"See a:1:{s:3:\\\"foo\\\";i:1;} at https://www.example.fi/x\\\";i:1;i:2;}');",
	      "INSERT INTO t VALUES (1,'a:2:{s:4:\\\"text\\\";s:61:\\\"See a:1:{s:3:\\\"foo\\\";i:1;} at https://wt-a--example.ddev.site/x\\\";i:1;i:2;}');",
	      0, 0);
}
END_TEST

START_TEST(r1_string_header_text)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (2,'a:1:{i:0;s:37:\\\"x s:3:\\\"abc\\\"; https://www.example.fi/x\\\";}');",
	      "INSERT INTO t VALUES (2,'a:1:{i:0;s:46:\\\"x s:3:\\\"abc\\\"; https://wt-a--example.ddev.site/x\\\";}');", 0, 0);
}
END_TEST

START_TEST(r1_closer_text)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (3,'a:1:{i:0;s:38:\\\"\\\";}s:3:\\\"bad\\\"; https://www.example.fi/x\\\";}');",
	      "INSERT INTO t VALUES (3,'a:1:{i:0;s:47:\\\"\\\";}s:3:\\\"bad\\\"; https://wt-a--example.ddev.site/x\\\";}');", 0, 0);
}
END_TEST

START_TEST(r1_closer_text_beside_origin)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (4,'a:2:{i:0;s:38:\\\"\\\";}s:3:\\\"bad\\\"; https://www.example.fi/x\\\";i:1;s:24:\\\"https://www.example.fi/y\\\";}');",
	      "INSERT INTO t VALUES (4,'a:2:{i:0;s:47:\\\"\\\";}s:3:\\\"bad\\\"; https://wt-a--example.ddev.site/x\\\";i:1;s:33:\\\"https://wt-a--example.ddev.site/y\\\";}');",
	      0, 0);
}
END_TEST

/* R2: double serialization; the inner length gains a digit (93 → 102), so
 * the outer grows by 9 + 1 (144 → 154) */
START_TEST(r2_double_serialization)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (5,'a:2:{s:5:\\\"inner\\\";s:144:\\\"a:2:{s:1:\\\"u\\\";s:93:\\\"https://www.example.fi/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\";s:1:\\\"t\\\";s:13:\\\"\\\";}s:3:\\\"bad\\\";\\\";}\\\";s:1:\\\"n\\\";i:1;}');",
	      "INSERT INTO t VALUES (5,'a:2:{s:5:\\\"inner\\\";s:154:\\\"a:2:{s:1:\\\"u\\\";s:102:\\\"https://wt-a--example.ddev.site/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\";s:1:\\\"t\\\";s:13:\\\"\\\";}s:3:\\\"bad\\\";\\\";}\\\";s:1:\\\"n\\\";i:1;}');",
	      0, 0);
}
END_TEST

/* R4: a candidate that begins a string and is followed by `&` is declined
 * (rules.md §12.1): the string is unchanged, so is its length, and the
 * sweep keeps the decline (§6.4) */
START_TEST(r4_sql_amp_after_host)
{
	const char *in = "INSERT INTO t VALUES (1,'a:1:{s:1:\\\"u\\\";s:27:\\\" https://www.example.fi&x=1\\\";}');";
	repro(FILETYPE_SQL, in, in, 0, 0);
}
END_TEST

START_TEST(r4_html_amp_after_host)
{
	const char *in = "<input value=\"a:1:{s:1:&quot;k&quot;;s:26:&quot;https://www.example.fi&amp;a=1&quot;;}\">";
	repro(FILETYPE_HTML, in, in, 0, 0);
}
END_TEST

START_TEST(r4_html_plain_amp_no_straggler)
{
	const char *in = "<a href=\" https://www.example.fi&amp;b=1\">";
	repro(FILETYPE_HTML, in, in, 0, 0);
}
END_TEST

/* R7: the C: payload's length and the string inside it both repaired */
START_TEST(r7_arrayobject_text)
{
	repro(FILETYPE_TEXT, "C:11:\"ArrayObject\":55:{x:i:0;a:1:{i:0;s:22:\"https://www.example.fi\";};m:a:0:{}}",
	      "C:11:\"ArrayObject\":64:{x:i:0;a:1:{i:0;s:31:\"https://wt-a--example.ddev.site\";};m:a:0:{}}", 0, 0);
}
END_TEST

START_TEST(r7_arrayobject_sql)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES (1,'C:11:\\\"ArrayObject\\\":55:{x:i:0;a:1:{i:0;s:22:\\\"https://www.example.fi\\\";};m:a:0:{}}');",
	      "INSERT INTO t VALUES (1,'C:11:\\\"ArrayObject\\\":64:{x:i:0;a:1:{i:0;s:31:\\\"https://wt-a--example.ddev.site\\\";};m:a:0:{}}');",
	      0, 0);
}
END_TEST

/* a value broken before hostshift (s:5 holds 22 bytes): byte-identical,
 * counted, warned with its offset, a --check finding (rules.md §7.5) */
START_TEST(broken_value_untouched_text)
{
	const char *in = "a:1:{s:5:\"https://www.example.fi\";}";
	repro(FILETYPE_TEXT, in, in, 1, 0);
}
END_TEST

START_TEST(broken_value_untouched_sql)
{
	const char *in = "INSERT INTO t VALUES (1,'a:1:{s:5:\\\"https://www.example.fi\\\";}');";
	repro(FILETYPE_SQL, in, in, 1, 25);
}
END_TEST

/* Serialized data in a single-quoted SQL literal with its quotes raw, as
 * SQLite `.dump`, `pg_dump --inserts` and fixtures write it: the sqlraw
 * spelling (§7.2, §7.3). Every output was checked with PHP's unserialize()
 * after the literal's escapes were undone. */
START_TEST(sqlraw_plain)
{
	repro(FILETYPE_SQL, "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}');",
	      "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:31:\"https://wt-a--example.ddev.site\";}');", 0, 0);
}
END_TEST

/* `''` is one byte: `it's` + space + origin = 27 (§7.3); kept as written. */
START_TEST(sqlraw_doubled_quote)
{
	repro(FILETYPE_SQL, "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:27:\"it''s https://www.example.fi\";}');",
	      "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:36:\"it''s https://wt-a--example.ddev.site\";}');", 0, 0);
}
END_TEST

/* A double-serialized value with raw quotes: the inner value is repaired
 * and the outer string's length around it (§7.4). */
START_TEST(sqlraw_nested)
{
	repro(FILETYPE_SQL, "INSERT INTO t VALUES ('s:44:\"a:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}\";');",
	      "INSERT INTO t VALUES ('s:53:\"a:1:{s:1:\"u\";s:31:\"https://wt-a--example.ddev.site\";}\";');", 0, 0);
}
END_TEST

/* `\\` and `\n` count one byte each, raw `"` in the data one each, `''`
 * one: a\b<LF>"q" + space + origin = 30; x'y = 3 (§7.3). */
START_TEST(sqlraw_escapes_and_raw_quotes)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('a:2:{s:1:\"u\";s:30:\"a\\\\b\\n\"q\" https://www.example.fi\";s:1:\"v\";s:3:\"x''y\";}');",
	      "INSERT INTO t VALUES ('a:2:{s:1:\"u\";s:39:\"a\\\\b\\n\"q\" https://wt-a--example.ddev.site\";s:1:\"v\";s:3:\"x''y\";}');",
	      0, 0);
}
END_TEST

/* `\%` and `\_` count two bytes (MySQL keeps the backslash, §7.3). */
START_TEST(sqlraw_percent_underscore)
{
	repro(FILETYPE_SQL, "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:27:\"\\%\\_ https://www.example.fi\";}');",
	      "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:36:\"\\%\\_ https://wt-a--example.ddev.site\";}');", 0, 0);
}
END_TEST

/* A wrong length with raw quotes: left untouched and reported (§7.5). */
START_TEST(sqlraw_broken_untouched)
{
	const char *in = "INSERT INTO t VALUES ('a:1:{s:1:\"u\";s:23:\"https://www.example.fi\";}');";
	repro(FILETYPE_SQL, in, in, 1, 23);
}
END_TEST

/* A JSON column holding serialized data, as mysqldump writes it: the JSON
 * string's quotes are `\"` in the literal, the serialized quotes `\\\"`
 * (the sqljson spelling, §7.2); the length counts the bytes left once the
 * MySQL escapes and then the JSON escapes are undone (§7.3). Every output
 * below was checked with PHP: the literal's escapes undone, json_decode,
 * then unserialize() of the string. */
START_TEST(sqljson_plain)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:22:\\\\\\\"https://www.example.fi\\\\\\\";}\\\"}');",
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:31:\\\\\\\"https://wt-a--example.ddev.site\\\\\\\";}\\\"}');",
	      0, 0);
}
END_TEST

/* json_encode's `https:\/\/` written by mysqldump, `https:\\/\\/` (the
 * `\\/` separator of §8.2): 22 bytes to PHP, rewritten in its spelling. */
START_TEST(sqljson_escaped_slashes)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:22:\\\\\\\"https:\\\\/\\\\/www.example.fi\\\\\\\";}\\\"}');",
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:31:\\\\\\\"https:\\\\/\\\\/wt-a--example.ddev.site\\\\\\\";}\\\"}');",
	      0, 0);
}
END_TEST

/* Nested arrays and a double-serialized string: each length repaired, the
 * inner value's and its string's around it (§7.4). */
START_TEST(sqljson_nested)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:3:{s:1:\\\\\\\"a\\\\\\\";a:2:{i:0;s:24:\\\\\\\"https:\\\\/\\\\/www.example.fi\\\\/x\\\\\\\";i:1;a:1:{s:1:\\\\\\\"k\\\\\\\";s:24:\\\\\\\"https:\\\\/\\\\/www.example.fi\\\\/y\\\\\\\";}}s:1:\\\\\\\"b\\\\\\\";i:1;s:1:\\\\\\\"c\\\\\\\";s:44:\\\\\\\"a:1:{s:1:\\\\\\\"u\\\\\\\";s:22:\\\\\\\"https:\\\\/\\\\/www.example.fi\\\\\\\";}\\\\\\\";}\\\"}');",
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:3:{s:1:\\\\\\\"a\\\\\\\";a:2:{i:0;s:33:\\\\\\\"https:\\\\/\\\\/wt-a--example.ddev.site\\\\/x\\\\\\\";i:1;a:1:{s:1:\\\\\\\"k\\\\\\\";s:33:\\\\\\\"https:\\\\/\\\\/wt-a--example.ddev.site\\\\/y\\\\\\\";}}s:1:\\\\\\\"b\\\\\\\";i:1;s:1:\\\\\\\"c\\\\\\\";s:53:\\\\\\\"a:1:{s:1:\\\\\\\"u\\\\\\\";s:31:\\\\\\\"https:\\\\/\\\\/wt-a--example.ddev.site\\\\\\\";}\\\\\\\";}\\\"}');",
	      0, 0);
}
END_TEST

/* Data holding quotes (`\\\"`, one byte each), a backslash and `n`
 * (`\\\\n`, two bytes) and a LF (`\\n`, one byte). */
START_TEST(sqljson_quotes_and_backslashes)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:2:{s:1:\\\\\\\"t\\\\\\\";s:40:\\\\\\\"say \\\\\\\"hi\\\\\\\" \\\\\\\\n https://www.example.fi/p \\\\\\\"q\\\\\\\"\\\\\\\";s:1:\\\\\\\"n\\\\\\\";s:3:\\\\\\\"x\\\\ny\\\\\\\";}\\\"}');",
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:2:{s:1:\\\\\\\"t\\\\\\\";s:49:\\\\\\\"say \\\\\\\"hi\\\\\\\" \\\\\\\\n https://wt-a--example.ddev.site/p \\\\\\\"q\\\\\\\"\\\\\\\";s:1:\\\\\\\"n\\\\\\\";s:3:\\\\\\\"x\\\\ny\\\\\\\";}\\\"}');",
	      0, 0);
}
END_TEST

/* `\\uXXXX` counts its UTF-8 length (ä 2, € 3), a surrogate pair 4. */
START_TEST(sqljson_unicode)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:2:{s:1:\\\\\\\"t\\\\\\\";s:38:\\\\\\\"\\\\u00e4\\\\u00f6 \\\\u20ac \\\\ud83d\\\\ude00 https:\\\\/\\\\/www.example.fi\\\\/p\\\\\\\";s:1:\\\\\\\"e\\\\\\\";s:1:\\\\\\\"x\\\\\\\";}\\\"}');",
	      "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:2:{s:1:\\\\\\\"t\\\\\\\";s:47:\\\\\\\"\\\\u00e4\\\\u00f6 \\\\u20ac \\\\ud83d\\\\ude00 https:\\\\/\\\\/wt-a--example.ddev.site\\\\/p\\\\\\\";s:1:\\\\\\\"e\\\\\\\";s:1:\\\\\\\"x\\\\\\\";}\\\"}');",
	      0, 0);
}
END_TEST

/* Values in the strings of a JSON array: each fills its field, `\"…\"`
 * (§7.2); the origin in the plain string after them is rewritten too. */
START_TEST(sqljson_values_in_a_json_array)
{
	repro(FILETYPE_SQL,
	      "INSERT INTO t VALUES ('[\\\"a:0:{}\\\",\\\"s:22:\\\\\\\"https://www.example.fi\\\\\\\";\\\", \\\"https://www.example.fi/z\\\"]');",
	      "INSERT INTO t VALUES ('[\\\"a:0:{}\\\",\\\"s:31:\\\\\\\"https://wt-a--example.ddev.site\\\\\\\";\\\", \\\"https://wt-a--example.ddev.site/z\\\"]');",
	      0, 0);
}
END_TEST

/* A stale length (s:21 holding 22 bytes) and a lone surrogate (which no
 * count of bytes fits): left untouched and reported (§7.5). */
START_TEST(sqljson_stale_length_untouched)
{
	const char *in = "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:21:\\\\\\\"https://www.example.fi\\\\\\\";}\\\"}');";
	repro(FILETYPE_SQL, in, in, 1, 23);
}
END_TEST

START_TEST(sqljson_lone_surrogate_untouched)
{
	const char *in = "INSERT INTO t VALUES ('{\\\"o\\\":\\\"a:1:{s:3:\\\\\\\"url\\\\\\\";s:29:\\\\\\\"\\\\ud83d https://www.example.fi\\\\\\\";}\\\"}');";
	repro(FILETYPE_SQL, in, in, 1, 23);
}
END_TEST

/* R9, text: a serialized string that holds a newline holds the lines
 * after it until its value is all there; the unit is walked whole and its
 * lengths repaired (§7.5, §13.1). */
START_TEST(r9_text_string_holds_newline)
{
	repro(FILETYPE_TEXT,
	      "pre https://www.example.fi\na:1:{s:1:\"u\";s:24:\"x\nhttps://www.example.fi\";}\nnext https://www.example.fi\n",
	      "pre https://wt-a--example.ddev.site\na:1:{s:1:\"u\";s:33:\"x\nhttps://wt-a--example.ddev.site\";}\n"
	      "next https://wt-a--example.ddev.site\n",
	      0, 0);
}
END_TEST

/* The same with CR LF and two newlines inside a C: payload. */
START_TEST(r9_text_payload_holds_newlines)
{
	repro(FILETYPE_TEXT,
	      "C:11:\"ArrayObject\":57:{x:i:0;a:1:{i:0;s:24:\"\r\nhttps://www.example.fi\";};m:a:0:{}}\n",
	      "C:11:\"ArrayObject\":66:{x:i:0;a:1:{i:0;s:33:\"\r\nhttps://wt-a--example.ddev.site\";};m:a:0:{}}\n", 0, 0);
}
END_TEST

/* A value that the end of the stream cuts passes untouched, the lines it
 * would hold with it, and is reported; so does one whose string's length
 * ends inside the next line where no `";` follows. */
START_TEST(r9_text_cut_by_end_untouched)
{
	const char *in = "pre https://www.example.fi\na:1:{s:1:\"u\";s:90:\"x\nhttps://www.example.fi\";}\nnext https://www.example.fi\n";
	repro(FILETYPE_TEXT, in,
	      "pre https://wt-a--example.ddev.site\na:1:{s:1:\"u\";s:90:\"x\nhttps://www.example.fi\";}\nnext https://www.example.fi\n",
	      1, 27);
}
END_TEST

START_TEST(r9_text_stale_length_across_lines_untouched)
{
	const char *in = "a:1:{s:1:\"u\";s:5:\"x\nhttps://www.example.fi\";}\nnext https://www.example.fi\n";
	repro(FILETYPE_TEXT, in, "a:1:{s:1:\"u\";s:5:\"x\nhttps://www.example.fi\";}\nnext https://wt-a--example.ddev.site\n", 1, 0);
}
END_TEST

/* R9, text: a value in a TSV column, after `key: ` and in a CSV column
 * fills its field (§7.2) and is repaired; one with text after it in its
 * column is a stale length's prefix and passes untouched. */
START_TEST(r9_text_fields)
{
	repro(FILETYPE_TEXT, "1\ta:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}\tz\n",
	      "1\ta:1:{s:1:\"u\";s:31:\"https://wt-a--example.ddev.site\";}\tz\n", 0, 0);
	repro(FILETYPE_TEXT, "key: a:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}\n",
	      "key: a:1:{s:1:\"u\";s:31:\"https://wt-a--example.ddev.site\";}\n", 0, 0);
	repro(FILETYPE_TEXT, "1,a:1:{s:1:\"u\";s:22:\"https://www.example.fi\";},2\n",
	      "1,a:1:{s:1:\"u\";s:31:\"https://wt-a--example.ddev.site\";},2\n", 0, 0);
	const char *stale = "1\ts:5:\"hello\";world\thttps://www.example.fi\n";
	repro(FILETYPE_TEXT, stale, stale, 1, 0);
}
END_TEST

/* R3: a serialized string over the 1 MiB value cap, a 1,049,055-byte
 * gallery block in an INSERT, is held in a temporary file and repaired
 * (§11.2): every origin in it replaced, its length and the array's
 * counted anew. */
static void gallery(bool rewritten, char **out, size_t *out_len)
{
	const char *host = rewritten ? "https://wt-a--example.ddev.site" : "https://www.example.fi";
	size_t data_len = 1049055, cap = data_len + data_len / 4 + 4096;
	char *data = malloc(cap), *b = malloc(cap + 256);
	ck_assert_ptr_nonnull(data);
	ck_assert_ptr_nonnull(b);
	size_t n = 0, k = 0, orig_n = 0;
	/* the data as PHP holds it: images until the original length is
	 * reached, the rest filled with spaces */
	while (orig_n + 80 < data_len) {
		n += (size_t)sprintf(data + n, "<img src=\\\"%s/up/%05zu.jpg\\\">", host, k);
		orig_n += (size_t)snprintf(NULL, 0, "<img src=\"https://www.example.fi/up/%05zu.jpg\">", k);
		k++;
	}
	size_t pad = data_len - orig_n;
	memset(data + n, ' ', pad);
	n += pad;
	size_t len = data_len + (rewritten ? k * 9 : 0);
	int h = sprintf(b, "INSERT INTO `wp_postmeta` VALUES (7,'a:1:{s:7:\\\"gallery\\\";s:%zu:\\\"", len);
	memcpy(b + h, data, n);
	strcpy(b + h + n, "\\\";}');\n");
	*out = b;
	*out_len = h + n + strlen(b + h + n);
	free(data);
}

START_TEST(r3_sql_string_over_the_cap_repaired)
{
	char *in, *want;
	size_t in_len, want_len;
	gallery(false, &in, &in_len);
	gallery(true, &want, &want_len);
	ck_assert_uint_gt(in_len, 1049055);
	repro(FILETYPE_SQL, in, want, 0, 0);
	free(in);
	free(want);
}
END_TEST

/* A text segment of html holding serialized data: held and repaired up
 * to the hold cap; past it, its lengths cannot be repaired, so the whole
 * segment passes untouched, kept from the sweep, and is reported (§7.5);
 * the markup after it is rewritten as usual. */
static void html_segment_case(size_t fill, bool over)
{
	const char *pre = "<p>a:1:{s:1:\"u\";s:", *mid = " https://www.example.fi\";}</p><a href=\"https://www.example.fi/\">x</a>\n";
	const char *wmid = " https://wt-a--example.ddev.site\";}</p><a href=\"https://wt-a--example.ddev.site/\">x</a>\n";
	size_t cap = strlen(pre) + 64 + fill + strlen(wmid) + 1;
	char *in = malloc(cap), *want = malloc(cap);
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(want);
	int n = sprintf(in, "%s%zu:\"", pre, fill + 23);
	memset(in + n, 'x', fill);
	strcpy(in + n + fill, mid);
	if (over) {
		int m = sprintf(want, "%s%zu:\"", pre, fill + 23);
		memset(want + m, 'x', fill);
		sprintf(want + m + fill, "%s", " https://www.example.fi\";}</p><a href=\"https://wt-a--example.ddev.site/\">x</a>\n");
	} else {
		int m = sprintf(want, "%s%zu:\"", pre, fill + 32);
		memset(want + m, 'x', fill);
		strcpy(want + m + fill, wmid);
	}
	repro(FILETYPE_HTML, in, want, over ? 1 : 0, 3);
	free(in);
	free(want);
}

START_TEST(html_segment_under_cap_repaired) { html_segment_case(HTML_TAG_CAP - 4096, false); }
END_TEST

START_TEST(html_segment_over_cap_untouched) { html_segment_case(HTML_TAG_CAP + 100000, true); }
END_TEST

/* §13.1, §7.3: a quoted CSV field of the text type (the csv spelling):
 * its quotes doubled, `""` counts one byte of data, a backslash one. */
START_TEST(csv_field_plain)
{
	repro(FILETYPE_TEXT, "1,\"a:1:{s:1:\"\"u\"\";s:22:\"\"https://www.example.fi\"\";}\"\n",
	      "1,\"a:1:{s:1:\"\"u\"\";s:31:\"\"https://wt-a--example.ddev.site\"\";}\"\n", 0, 0);
}
END_TEST

/* §7.4: nested arrays, and serialized data in a string of a CSV field. */
START_TEST(csv_field_nested)
{
	repro(FILETYPE_TEXT,
	      "1,\"a:2:{s:4:\"\"home\"\";s:22:\"\"https://www.example.fi\"\";s:4:\"\"list\"\";a:2:{i:0;s:26:\"\"https://www.example.fi/a/b\"\";i:1;a:1:{s:4:\"\"deep\"\";s:26:\"\"x https://www.example.fi y\"\";}}}\"\n"
	      "1,\"s:40:\"\"a:1:{i:0;s:22:\"\"https://www.example.fi\"\";}\"\";\"\n",
	      "1,\"a:2:{s:4:\"\"home\"\";s:31:\"\"https://wt-a--example.ddev.site\"\";s:4:\"\"list\"\";a:2:{i:0;s:35:\"\"https://wt-a--example.ddev.site/a/b\"\";i:1;a:1:{s:4:\"\"deep\"\";s:35:\"\"x https://wt-a--example.ddev.site y\"\";}}}\"\n"
	      "1,\"s:49:\"\"a:1:{i:0;s:31:\"\"https://wt-a--example.ddev.site\"\";}\"\";\"\n",
	      0, 0);
}
END_TEST

/* Data holding quotes (`""` one byte each), `";}` text and backslashes. */
START_TEST(csv_field_quotes_and_backslashes)
{
	repro(FILETYPE_TEXT,
	      "1,\"a:2:{s:1:\"\"t\"\";s:47:\"\"say \"\"hi\"\";} and \"\"\"\" to https://www.example.fi/\"\";}\"\";s:1:\"\"q\"\";s:1:\"\"\"\"\"\";}\"\n"
	      "1,\"a:1:{s:1:\"\"p\"\";s:33:\"\"C:\\dir\\\"\"x\"\" https://www.example.fi\"\";}\"\n",
	      "1,\"a:2:{s:1:\"\"t\"\";s:56:\"\"say \"\"hi\"\";} and \"\"\"\" to https://wt-a--example.ddev.site/\"\";}\"\";s:1:\"\"q\"\";s:1:\"\"\"\"\"\";}\"\n"
	      "1,\"a:1:{s:1:\"\"p\"\";s:42:\"\"C:\\dir\\\"\"x\"\" https://wt-a--example.ddev.site\"\";}\"\n",
	      0, 0);
}
END_TEST

/* A field followed by more fields, CRLF line ends, a TAB-separated
 * record: the field ends at its lone closing `"` (§7.2); the prose field
 * beside it is rewritten as text. */
START_TEST(csv_field_among_fields_crlf)
{
	repro(FILETYPE_TEXT,
	      "7,\"a:1:{s:1:\"\"u\"\";s:22:\"\"https://www.example.fi\"\";}\",next,\"plain \"\"q\"\" https://www.example.fi\"\r\n"
	      "8\t\"s:22:\"\"https://www.example.fi\"\";\"\tz\r\n",
	      "7,\"a:1:{s:1:\"\"u\"\";s:31:\"\"https://wt-a--example.ddev.site\"\";}\",next,\"plain \"\"q\"\" https://wt-a--example.ddev.site\"\r\n"
	      "8\t\"s:31:\"\"https://wt-a--example.ddev.site\"\";\"\tz\r\n",
	      0, 0);
}
END_TEST

/* §7.2: a CSV field's data that also parses in the literal spelling, read
 * from the wrong quotes: the string of 23 quotes, `";`, `"` and the origin
 * reads in the literal spelling as s:48 closed inside the data, before a
 * `""`, which would leave the origin after it outside any string. That
 * reading does not fill the field; the csv reading does. */
START_TEST(csv_field_literal_lookalike)
{
	repro(FILETYPE_TEXT,
	      "1,\"s:48:\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\";\"\"https://www.example.fi\"\";\"\n",
	      "1,\"s:57:\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\";\"\"https://wt-a--example.ddev.site\"\";\"\n",
	      0, 0);
}
END_TEST

/* §7.5: a stale length in a CSV field: the line is left untouched. */
START_TEST(csv_field_stale_length_untouched)
{
	const char *in = "1,x\n2,\"a:1:{s:1:\"\"u\"\";s:23:\"\"https://www.example.fi\"\";}\"\n";
	repro(FILETYPE_TEXT, in, in, 1, 4);
}
END_TEST

/* §13.1: a string holding newlines (LF, CRLF) makes a CSV field of several
 * lines, held and repaired as one unit. */
START_TEST(csv_field_multiline)
{
	repro(FILETYPE_TEXT,
	      "1,\"a:1:{s:1:\"\"t\"\";s:31:\"\"x\nhttps://www.example.fi\r\ny \"\"q\"\"\"\";}\",z\n",
	      "1,\"a:1:{s:1:\"\"t\"\";s:40:\"\"x\nhttps://wt-a--example.ddev.site\r\ny \"\"q\"\"\"\";}\",z\n", 0, 0);
}
END_TEST

/* §7.5: a field of several lines that the end of the stream cuts. */
START_TEST(csv_field_cut_by_end_untouched)
{
	const char *in = "1,\"a:1:{s:1:\"\"t\"\";s:40:\"\"x\nhttps://www.example.fi\n";
	repro(FILETYPE_TEXT, in, in, 1, 0);
}
END_TEST

Suite *repro_suite(void)
{
	Suite *s = suite_create("repro");
	TCase *tc = tcase_create("serialized");
	tcase_add_test(tc, html_text_lt_no_tag_one_value);
	tcase_add_test(tc, html_attr_after_a_dropped_plan);
	tcase_add_test(tc, r1_nested_looking_text);
	tcase_add_test(tc, r1_string_header_text);
	tcase_add_test(tc, r1_closer_text);
	tcase_add_test(tc, r6_html_refs_in_serialized_string);
	tcase_add_test(tc, ambiguous_nested_string_untouched);
	tcase_add_test(tc, ambiguous_custom_payload_untouched);
	tcase_add_test(tc, r6_html_refs_source_length_untouched);
	tcase_add_test(tc, r1_closer_text_beside_origin);
	tcase_add_test(tc, r2_double_serialization);
	tcase_add_test(tc, r4_sql_amp_after_host);
	tcase_add_test(tc, r4_html_amp_after_host);
	tcase_add_test(tc, r4_html_plain_amp_no_straggler);
	tcase_add_test(tc, r7_arrayobject_text);
	tcase_add_test(tc, r7_arrayobject_sql);
	tcase_add_test(tc, broken_value_untouched_text);
	tcase_add_test(tc, broken_value_untouched_sql);
	tcase_add_test(tc, sqlraw_plain);
	tcase_add_test(tc, sqlraw_doubled_quote);
	tcase_add_test(tc, sqlraw_nested);
	tcase_add_test(tc, sqlraw_escapes_and_raw_quotes);
	tcase_add_test(tc, sqlraw_percent_underscore);
	tcase_add_test(tc, sqlraw_broken_untouched);
	tcase_add_test(tc, sqljson_plain);
	tcase_add_test(tc, sqljson_escaped_slashes);
	tcase_add_test(tc, sqljson_nested);
	tcase_add_test(tc, sqljson_quotes_and_backslashes);
	tcase_add_test(tc, sqljson_unicode);
	tcase_add_test(tc, sqljson_values_in_a_json_array);
	tcase_add_test(tc, sqljson_stale_length_untouched);
	tcase_add_test(tc, sqljson_lone_surrogate_untouched);
	tcase_add_test(tc, r9_text_string_holds_newline);
	tcase_add_test(tc, r9_text_payload_holds_newlines);
	tcase_add_test(tc, r9_text_cut_by_end_untouched);
	tcase_add_test(tc, r9_text_stale_length_across_lines_untouched);
	tcase_add_test(tc, r9_text_fields);
	tcase_add_test(tc, csv_field_plain);
	tcase_add_test(tc, csv_field_nested);
	tcase_add_test(tc, csv_field_quotes_and_backslashes);
	tcase_add_test(tc, csv_field_among_fields_crlf);
	tcase_add_test(tc, csv_field_literal_lookalike);
	tcase_add_test(tc, csv_field_stale_length_untouched);
	tcase_add_test(tc, csv_field_multiline);
	tcase_add_test(tc, csv_field_cut_by_end_untouched);
	tcase_add_test(tc, r3_sql_string_over_the_cap_repaired);
	tcase_add_test(tc, html_segment_under_cap_repaired);
	tcase_add_test(tc, html_segment_over_cap_untouched);
	suite_add_tcase(s, tc);
	return s;
}
