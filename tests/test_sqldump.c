/* test_sqldump.c — the WordPress dump fixture of corpus/sql/ (docs/rules.md
 * §7, §8, §11.3).
 *
 * corpus/sql/wp.sql, wp.expected.sql and wp.reverse.sql are three renderings
 * of one data model by tools/gen_wp_dump.py (committed output; python is not
 * needed here): the canonical origins, the variant origin, and the primary
 * canonical, substituted in the model before JSON, percent and PHP
 * serialization and MySQL escaping. hostshift never produced them.
 *
 *   (a) wp.sql rewrites to wp.expected.sql byte for byte at read sizes 1, 7,
 *       4096, 65536 and 1 MiB, with one rewrite per variant origin in the
 *       expected dump, no straggler, no declined serialized value, and the
 *       same counters at every read size;
 *   (b) an identity map leaves it byte-identical;
 *   (c) rewriting wp.expected.sql again changes nothing;
 *   (d) --reverse of wp.expected.sql gives wp.reverse.sql, and the round trip
 *       of rules.md §11.3 item 5 holds on wp.reverse.sql (one canonical per site);
 *   (e) every serialized value of every SQL literal is valid: a checker
 *       written here, independent of src/serialized.c, unescapes each
 *       literal, parses PHP serialize() output with the declared lengths
 *       (strings nested in strings too) and requires each s:LEN: to be the
 *       byte length of its data; it passes on the three files and on
 *       hostshift's output, and fails on broken copies. */
#include <stdarg.h>
#include <stdint.h>
#include <time.h>

#include "pipeline_fixture.h"
#include "suites.h"

#define DUMP_DIR "corpus/sql"
#define DUMP_IN DUMP_DIR "/wp.sql"
#define DUMP_EXPECTED DUMP_DIR "/wp.expected.sql"
#define DUMP_REVERSE DUMP_DIR "/wp.reverse.sql"
#define DUMP_MAP DUMP_DIR "/site.map"

#define VARIANT_HOST "wt-a--example.ddev.site"

static const char IDENTITY_MAP[] = "https://www.example.fi https://www.example.fi\n"
                                   "http://example.fi http://example.fi\n";
static const char PRIMARY_ONLY_MAP[] = "https://www.example.fi https://wt-a--example.ddev.site\n";

static unsigned char *load(const char *path, size_t *n)
{
	unsigned char *b = pf_slurp(path, n);
	ck_assert_msg(b != NULL, "cannot read %s (tests run from the repository root)", path);
	return b;
}

static char *load_map(void)
{
	size_t n;
	return (char *)load(DUMP_MAP, &n);
}

static size_t count_of(const unsigned char *b, size_t n, const char *needle)
{
	size_t k = strlen(needle), c = 0;
	for (size_t i = 0; i + k <= n; i++)
		if (b[i] == (unsigned char)needle[0] && memcmp(b + i, needle, k) == 0) c++;
	return c;
}

static size_t count_lines(const unsigned char *b, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++) c += b[i] == '\n';
	return c;
}

/* Printable context of b[from..to) for failure messages. */
static void show(char *dst, size_t cap, const unsigned char *b, size_t n, size_t from, size_t to)
{
	size_t k = 0;
	if (to > n) to = n;
	for (size_t i = from; i < to && k + 5 < cap; i++) {
		unsigned char c = b[i];
		if (c >= 0x20 && c < 0x7f) dst[k++] = (char)c;
		else k += (size_t)snprintf(dst + k, cap - k, "\\x%02x", c);
	}
	dst[k] = 0;
}

/* Byte-for-byte equality, naming the first difference. */
static void assert_same(const char *what, const unsigned char *got, size_t got_n, const unsigned char *want,
                        size_t want_n)
{
	if (got_n == want_n && memcmp(got, want, got_n) == 0) return;
	size_t i = 0;
	while (i < got_n && i < want_n && got[i] == want[i]) i++;
	size_t from = i > 80 ? i - 80 : 0;
	char g[1024], w[1024];
	show(g, sizeof g, got, got_n, from, i + 80);
	show(w, sizeof w, want, want_n, from, i + 80);
	ck_abort_msg("%s: output differs at byte %zu (line %zu; lengths %zu vs %zu expected)\n got: %s\nwant: %s", what,
	             i, count_lines(want, i) + 1, got_n, want_n, g, w);
}

/* ====================================================================
 * The serialized checker ((e) above). Written from PHP's format, not
 * from src/serialized.c: it reads each SQL string literal the way MySQL
 * does, then walks serialize() output strictly by the declared lengths.
 * ==================================================================== */

struct sc {
	/* statistics over a whole dump */
	size_t literals, values, strings, nested, objects, nul_names, customs, multibyte;
	/* the literal being checked */
	size_t lit_off;
	const unsigned char *lit;
	size_t lit_len, lit_strings;
	bool failed;
	char err[512];
};

static void sc_fail(struct sc *c, const char *fmt, ...)
{
	if (c->failed) return;
	c->failed = true;
	char m[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	char ctx[200];
	show(ctx, sizeof ctx, c->lit, c->lit_len, 0, 60);
	snprintf(c->err, sizeof c->err, "literal at dump offset %zu: %s (literal starts: %s)", c->lit_off, m, ctx);
}

static bool sc_digits(const unsigned char *b, size_t n, size_t *pos, size_t *v)
{
	size_t p = *pos, r = 0;
	while (p < n && b[p] >= '0' && b[p] <= '9' && p - *pos < 18) r = r * 10 + (size_t)(b[p++] - '0');
	if (p == *pos) return false;
	*pos = p;
	*v = r;
	return true;
}

static bool sc_lit(const unsigned char *b, size_t n, size_t *pos, const char *s)
{
	size_t k = strlen(s);
	if (*pos + k > n || memcmp(b + *pos, s, k) != 0) return false;
	*pos += k;
	return true;
}

/* a:, O:, s: or C: then a digit: the shape serialize() output starts with. */
static bool sc_looks_serialized(const unsigned char *b, size_t n)
{
	return n >= 3 && (b[0] == 'a' || b[0] == 'O' || b[0] == 's' || b[0] == 'C') && b[1] == ':' && b[2] >= '0' &&
	       b[2] <= '9';
}

static bool sc_value(struct sc *c, const unsigned char *b, size_t n, size_t *pos, int depth);

/* The data of one s: string: counted, and if it holds serialize() output
 * itself, that must parse to its end (a wrong inner length cannot). */
static bool sc_string_data(struct sc *c, const unsigned char *d, size_t len, int depth)
{
	c->strings++;
	c->lit_strings++;
	for (size_t i = 0; i < len; i++)
		if (d[i] >= 0x80) { c->multibyte++; break; }
	if (!sc_looks_serialized(d, len)) return true;
	c->nested++;
	size_t p = 0;
	if (!sc_value(c, d, len, &p, depth + 1)) return false;
	if (p != len) {
		sc_fail(c, "a serialized string's data holds a serialized value that ends at %zu of %zu bytes", p, len);
		return false;
	}
	return true;
}

/* `s:LEN:"DATA";` from the `s`; also used for array keys and property names. */
static bool sc_string(struct sc *c, const unsigned char *b, size_t n, size_t *pos, int depth, bool *nul_name)
{
	size_t p = *pos, len;
	if (!sc_lit(b, n, &p, "s:") || !sc_digits(b, n, &p, &len) || !sc_lit(b, n, &p, ":\"")) {
		sc_fail(c, "bad string header at %zu", *pos);
		return false;
	}
	if (len > n - p || n - p - len < 2 || b[p + len] != '"' || b[p + len + 1] != ';') {
		sc_fail(c, "s:%zu: at %zu is not the byte length of its data (no \"; at %zu)", len, *pos, p + len);
		return false;
	}
	if (nul_name) *nul_name = memchr(b + p, 0, len) != NULL;
	if (!sc_string_data(c, b + p, len, depth)) return false;
	*pos = p + len + 2;
	return true;
}

/* N pairs of key and value, then `}`. */
static bool sc_pairs(struct sc *c, const unsigned char *b, size_t n, size_t *pos, size_t count, int depth, bool object)
{
	for (size_t k = 0; k < count; k++) {
		if (*pos >= n) { sc_fail(c, "truncated after %zu of %zu elements", k, count); return false; }
		if (b[*pos] == 's') {
			bool nul = false;
			if (!sc_string(c, b, n, pos, depth, &nul)) return false;
			if (object && nul) c->nul_names++;
		} else if (b[*pos] == 'i' && !object) {
			if (!sc_value(c, b, n, pos, depth)) return false;
		} else {
			sc_fail(c, "bad key at %zu", *pos);
			return false;
		}
		if (!sc_value(c, b, n, pos, depth)) return false;
	}
	if (!sc_lit(b, n, pos, "}")) { sc_fail(c, "no } after %zu elements at %zu", count, *pos); return false; }
	return true;
}

static bool sc_value(struct sc *c, const unsigned char *b, size_t n, size_t *pos, int depth)
{
	if (depth > 64) { sc_fail(c, "nesting over 64"); return false; }
	if (*pos >= n) { sc_fail(c, "truncated value"); return false; }
	size_t p = *pos, v, m;
	switch (b[p]) {
	case 'N':
		if (!sc_lit(b, n, &p, "N;")) break;
		*pos = p;
		return true;
	case 'b':
		if (!sc_lit(b, n, &p, "b:") || p + 1 >= n || (b[p] != '0' && b[p] != '1') || b[p + 1] != ';') break;
		*pos = p + 2;
		return true;
	case 'i':
		if (!sc_lit(b, n, &p, "i:")) break;
		if (p < n && (b[p] == '-' || b[p] == '+')) p++;
		if (!sc_digits(b, n, &p, &v) || !sc_lit(b, n, &p, ";")) break;
		*pos = p;
		return true;
	case 'd': {
		if (!sc_lit(b, n, &p, "d:")) break;
		size_t s = p;
		while (p < n && p - s < 40 && b[p] != ';' && strchr("0123456789.eE+-INFA", b[p])) p++;
		if (p == s || !sc_lit(b, n, &p, ";")) break;
		*pos = p;
		return true;
	}
	case 'r':
	case 'R':
		p++;
		if (!sc_lit(b, n, &p, ":") || !sc_digits(b, n, &p, &v) || !sc_lit(b, n, &p, ";")) break;
		*pos = p;
		return true;
	case 's':
		return sc_string(c, b, n, pos, depth, NULL);
	case 'a':
		if (!sc_lit(b, n, &p, "a:") || !sc_digits(b, n, &p, &m) || !sc_lit(b, n, &p, ":{")) break;
		*pos = p;
		return sc_pairs(c, b, n, pos, m, depth + 1, false);
	case 'O':
	case 'C':
	case 'E': {
		unsigned char kind = b[p];
		p++;
		if (!sc_lit(b, n, &p, ":") || !sc_digits(b, n, &p, &v) || !sc_lit(b, n, &p, ":\"")) break;
		if (v > n - p || n - p - v < 2 || b[p + v] != '"') {
			sc_fail(c, "%c:%zu: at %zu is not the length of its class name", kind, v, *pos);
			return false;
		}
		const unsigned char *cls = b + p;
		size_t cls_len = v;
		p += v + 1;
		if (kind == 'E') {
			if (!sc_lit(b, n, &p, ";") || !memchr(cls, ':', cls_len)) break;
			*pos = p;
			return true;
		}
		if (!sc_lit(b, n, &p, ":") || !sc_digits(b, n, &p, &m) || !sc_lit(b, n, &p, ":{")) break;
		if (kind == 'O') {
			c->objects++;
			*pos = p;
			return sc_pairs(c, b, n, pos, m, depth + 1, true);
		}
		/* C: m bytes of payload then `}`; ArrayObject's payload is
		 * `x:i:FLAGS;STORAGE;m:MEMBERS`, checked as serialize() output. */
		c->customs++;
		if (m > n - p || n - p - m < 1 || b[p + m] != '}') {
			sc_fail(c, "C: payload length %zu at %zu is wrong", m, *pos);
			return false;
		}
		if (cls_len == 11 && memcmp(cls, "ArrayObject", 11) == 0) {
			const unsigned char *d = b + p;
			size_t q = 0;
			if (!sc_lit(d, m, &q, "x:") || !sc_value(c, d, m, &q, depth + 1) || !sc_value(c, d, m, &q, depth + 1) ||
			    !sc_lit(d, m, &q, ";m:") || !sc_value(c, d, m, &q, depth + 1) || q != m) {
				sc_fail(c, "ArrayObject payload at %zu does not parse", p);
				return false;
			}
		}
		*pos = p + m + 1;
		return true;
	}
	default:
		break;
	}
	sc_fail(c, "bad value at %zu", *pos);
	return false;
}

/* `s:DIGITS:"` occurrences: every one must have been walked. */
static size_t sc_count_headers(const unsigned char *b, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i + 3 < n; i++) {
		if (b[i] != 's' || b[i + 1] != ':') continue;
		size_t p = i + 2, v;
		if (sc_digits(b, n, &p, &v) && p + 1 < n && b[p] == ':' && b[p + 1] == '"') k++;
	}
	return k;
}

static void sc_literal(struct sc *c, const unsigned char *d, size_t n, size_t off)
{
	c->literals++;
	c->lit = d;
	c->lit_len = n;
	c->lit_off = off;
	c->lit_strings = 0;
	if (sc_looks_serialized(d, n)) {
		c->values++;
		size_t p = 0;
		if (!sc_value(c, d, n, &p, 0)) return;
		if (p != n) { sc_fail(c, "the serialized value ends at %zu of %zu bytes", p, n); return; }
	}
	size_t h = sc_count_headers(d, n);
	if (h != c->lit_strings)
		sc_fail(c, "%zu s:LEN:\" headers in the literal, %zu walked as strings", h, c->lit_strings);
}

/* Reads every quoted literal of a dump as MySQL does (backslash escapes,
 * doubled quotes; `--`, `#` and block comments and backtick identifiers
 * skipped) and checks it. Returns true when everything checks. */
static bool sc_check_dump(struct sc *c, const unsigned char *b, size_t n)
{
	memset(c, 0, sizeof *c);
	unsigned char *d = malloc(n + 1);
	ck_assert_ptr_nonnull(d);
	size_t i = 0;
	while (i < n && !c->failed) {
		unsigned char ch = b[i];
		if (ch == '\'' || ch == '"') {
			size_t start = i++, k = 0;
			bool closed = false;
			while (i < n) {
				unsigned char x = b[i];
				if (x == '\\' && i + 1 < n) {
					unsigned char e = b[i + 1];
					switch (e) {
					case '0': d[k++] = 0; break;
					case 'b': d[k++] = 8; break;
					case 'n': d[k++] = '\n'; break;
					case 'r': d[k++] = '\r'; break;
					case 't': d[k++] = '\t'; break;
					case 'Z': d[k++] = 26; break;
					case '%': case '_': d[k++] = '\\'; d[k++] = e; break;
					default: d[k++] = e; break;
					}
					i += 2;
				} else if (x == ch) {
					if (i + 1 < n && b[i + 1] == ch) { d[k++] = ch; i += 2; continue; }
					i++;
					closed = true;
					break;
				} else {
					d[k++] = x;
					i++;
				}
			}
			if (!closed) {
				c->lit = b + start;
				c->lit_len = n - start;
				c->lit_off = start;
				sc_fail(c, "unterminated literal");
				break;
			}
			sc_literal(c, d, k, start);
		} else if (ch == '`') {
			const unsigned char *e = memchr(b + i + 1, '`', n - i - 1);
			i = e ? (size_t)(e - b) + 1 : n;
		} else if (ch == '#' || (ch == '-' && i + 2 < n && b[i + 1] == '-' && b[i + 2] <= ' ')) {
			const unsigned char *e = memchr(b + i, '\n', n - i);
			i = e ? (size_t)(e - b) + 1 : n;
		} else if (ch == '/' && i + 1 < n && b[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < n && !(b[j] == '*' && b[j + 1] == '/')) j++;
			i = j + 2;
		} else {
			i++;
		}
	}
	free(d);
	return !c->failed;
}

/* ---- checker unit tests -------------------------------------------------- */

static bool sc_check_str(const char *dump, struct sc *c)
{
	return sc_check_dump(c, (const unsigned char *)dump, strlen(dump));
}

START_TEST(checker_accepts_valid)
{
	struct sc c;
	static const char *ok[] = {
		"INSERT INTO t VALUES (1,'a:1:{s:3:\\\"url\\\";s:22:\\\"https://www.example.fi\\\";}','yes');",
		"INSERT INTO t VALUES ('s:2:\\\"\xc3\xa4\\\";'),('s:4:\\\"\xf0\x9f\x98\x80\\\";'),('s:3:\\\"\xe2\x82\xac\\\";');",
		/* every MySQL escape counts as one byte */
		"INSERT INTO t VALUES ('s:9:\\\"\\0\\'\\\"\\b\\n\\r\\t\\Z\\\\\\\";');",
		/* protected and private property names with NUL bytes */
		"INSERT INTO t VALUES ('O:1:\\\"A\\\":2:{s:4:\\\"\\0*\\0x\\\";i:1;s:4:\\\"\\0A\\0y\\\";N;}');",
		/* a serialized string inside a serialized string, both lengths right */
		"INSERT INTO t VALUES ('s:26:\\\"a:1:{i:0;s:9:\\\"https://x\\\";}\\\";');",
		("INSERT INTO t VALUES ('a:6:{i:0;b:1;i:1;d:0.5;i:2;d:-INF;i:3;E:7:\\\"E:Case1\\\";i:4;r:1;i:5;"
		 "C:11:\\\"ArrayObject\\\":21:{x:i:0;a:0:{};m:a:0:{}}}');"),
		"-- a comment with 's:9:\"broken\";'\n/* and 's:1:\"xx\";' here */ INSERT INTO `t's` VALUES ('plain text', \"dq \"\"quoted\"\" text\");",
		/* mydumper-style double-quoted literal with a doubled quote */
		"INSERT INTO t VALUES (\"s:3:\"\"a'b\"\";\");",
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		ck_assert_msg(sc_check_str(ok[i], &c), "case %zu: %s", i, c.err);
	ck_assert(sc_check_str(ok[3], &c));
	ck_assert_uint_eq(c.nul_names, 2);
	ck_assert_uint_eq(c.objects, 1);
	ck_assert(sc_check_str(ok[4], &c));
	ck_assert_uint_eq(c.nested, 1);
	ck_assert_uint_eq(c.strings, 2);
}
END_TEST

START_TEST(checker_rejects_wrong_lengths)
{
	struct sc c;
	static const char *bad[] = {
		"INSERT INTO t VALUES ('a:1:{s:3:\\\"url\\\";s:21:\\\"https://www.example.fi\\\";}');",
		"INSERT INTO t VALUES ('a:1:{s:3:\\\"url\\\";s:23:\\\"https://www.example.fi\\\";}');",
		/* characters are not bytes */
		"INSERT INTO t VALUES ('s:1:\\\"\xc3\xa4\\\";');",
		"INSERT INTO t VALUES ('s:1:\\\"\xf0\x9f\x98\x80\\\";');",
		/* an escape is one byte, not two */
		"INSERT INTO t VALUES ('s:2:\\\"\\n\\\";');",
		/* a NUL property name counted with its escape */
		"INSERT INTO t VALUES ('O:1:\\\"A\\\":1:{s:6:\\\"\\0*\\0x\\\";i:1;}');",
		/* inner length wrong, outer right */
		"INSERT INTO t VALUES ('s:26:\\\"a:1:{i:0;s:8:\\\"https://x\\\";}\\\";');",
		/* inner right, outer wrong */
		"INSERT INTO t VALUES ('s:27:\\\"a:1:{i:0;s:9:\\\"https://x\\\";}\\\";');",
		/* arity */
		"INSERT INTO t VALUES ('a:2:{i:0;i:1;}');",
		/* a data string whose `\";` tempts a short length */
		"INSERT INTO t VALUES ('a:1:{i:0;s:2:\\\"ab\\\";cd\\\";}');",
		/* an s:LEN: header outside any walked value */
		"INSERT INTO t VALUES ('see s:5:\\\"hello\\\"; here');",
		"INSERT INTO t VALUES ('C:11:\\\"ArrayObject\\\":21:{x:i:0;a:1:{i:0;s:1:\\\"ab\\\";};m:a:0:{}}');",
		"INSERT INTO t VALUES ('s:3:\\\"abc\\\";",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(!sc_check_str(bad[i], &c), "case %zu passed: %s", i, bad[i]);
}
END_TEST

/* Find the first `s:DIGITS:\"` (dump spelling) at or after from whose data
 * starts with `prefix`; returns the offset of its last digit. */
static size_t find_len_digit(const unsigned char *b, size_t n, size_t from, const char *prefix)
{
	size_t pl = strlen(prefix);
	for (size_t i = from; i + 4 < n; i++) {
		if (b[i] != 's' || b[i + 1] != ':' || i == 0) continue;
		size_t p = i + 2, v;
		if (!sc_digits(b, n, &p, &v) || p + 3 + pl > n || memcmp(b + p, ":\\\"", 3) != 0) continue;
		if (memcmp(b + p + 3, prefix, pl) == 0) return p - 1;
	}
	return n;
}

START_TEST(checker_rejects_broken_fixture)
{
	size_t n;
	unsigned char *b = load(DUMP_IN, &n);
	struct sc c;
	ck_assert_msg(sc_check_dump(&c, b, n), "%s", c.err);

	/* 1: one length of a plain string off by one */
	size_t at = find_len_digit(b, n, 0, "https://www.example.fi");
	ck_assert_uint_lt(at, n);
	b[at] = b[at] == '9' ? '8' : (unsigned char)(b[at] + 1);
	ck_assert_msg(!sc_check_dump(&c, b, n), "a broken s:LEN: at %zu passed", at);
	b[at] = b[at] == '8' ? '9' : (unsigned char)(b[at] - 1);
	ck_assert(sc_check_dump(&c, b, n));

	/* 2: the middle length of the triple-serialized string (a string in a
	 * string in a string); the outer lengths stay right */
	size_t outer = find_len_digit(b, n, 0, "s:");
	ck_assert_uint_lt(outer, n);
	size_t inner = find_len_digit(b, n, outer + 1, "s:");
	ck_assert_uint_lt(inner, n);
	ck_assert_uint_lt(inner - outer, 16);
	b[inner] = b[inner] == '9' ? '8' : (unsigned char)(b[inner] + 1);
	ck_assert_msg(!sc_check_dump(&c, b, n), "a broken nested s:LEN: at %zu passed", inner);
	ck_assert_msg(strstr(c.err, "not the byte length") != NULL, "%s", c.err);
	b[inner] = b[inner] == '8' ? '9' : (unsigned char)(b[inner] - 1);

	/* 3: one byte more in the data of a protected property name */
	const char *nul = "\\0*\\0";
	size_t k = 0;
	while (k + 5 < n && memcmp(b + k, nul, 5) != 0) k++;
	ck_assert_uint_lt(k + 5, n);
	unsigned char *b2 = malloc(n + 1);
	memcpy(b2, b, k);
	b2[k] = 'x';
	memcpy(b2 + k + 1, b + k, n - k);
	ck_assert_msg(!sc_check_dump(&c, b2, n + 1), "an extra byte in a NUL property name passed");
	free(b2);
	free(b);
}
END_TEST

/* ---- the fixture --------------------------------------------------------- */

static void check_counters_clean(const struct pf_result *r, size_t want_rewrites, const char *what)
{
	ck_assert_msg(r->rewrites[SURFACE_SQL_STRING] == want_rewrites, "%s: %llu sql-string rewrites, want %zu", what,
	              (unsigned long long)r->rewrites[SURFACE_SQL_STRING], want_rewrites);
	ck_assert_msg(r->rewrites[SURFACE_STRAGGLER] == 0, "%s: %llu stragglers", what,
	              (unsigned long long)r->rewrites[SURFACE_STRAGGLER]);
	ck_assert_msg(r->skips[REASON_SERIALIZED_UNTOUCHED] == 0, "%s: %llu serialized values declined", what,
	              (unsigned long long)r->skips[REASON_SERIALIZED_UNTOUCHED]);
	ck_assert_msg(r->skips[REASON_SIZE_CAP_EXCEEDED] == 0, "%s: a literal over the cap", what);
}

START_TEST(fixture_shape)
{
	size_t n, e, v;
	unsigned char *in = load(DUMP_IN, &n), *exp = load(DUMP_EXPECTED, &e), *rev = load(DUMP_REVERSE, &v);
	ck_assert_uint_eq(count_lines(in, n), count_lines(exp, e));
	ck_assert_uint_eq(count_lines(in, n), count_lines(rev, v));
	ck_assert_uint_eq(count_of(in, n, VARIANT_HOST), 0);        /* §11.3 item 5: no variant origins in the input */
	ck_assert_uint_eq(count_of(rev, v, VARIANT_HOST), 0);
	ck_assert_uint_ge(count_of(exp, e, VARIANT_HOST), 5000);
	ck_assert(memcmp(in, "-- MySQL dump 10.13", 19) == 0);
	/* extended INSERT lines of about 1 MB */
	size_t longest = 0, start = 0;
	for (size_t i = 0; i < n; i++)
		if (in[i] == '\n') { if (i - start > longest) longest = i - start; start = i + 1; }
	ck_assert_uint_gt(longest, 700000);
	ck_assert_uint_le(longest, 1046528);
	ck_assert_uint_ge(count_of(in, n, "INSERT INTO `wp_options` VALUES ("), 2);
	free(in);
	free(exp);
	free(rev);
}
END_TEST

static const size_t read_sizes[] = { 1, 7, 4096, 65536, 1u << 20 };

START_TEST(fixture_rewrites_at_read_size)
{
	size_t n, e;
	unsigned char *in = load(DUMP_IN, &n), *exp = load(DUMP_EXPECTED, &e);
	char *map = load_map();
	size_t rs = read_sizes[_i];
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = rs };
	struct pf_result r;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pf_run(map, in, n, &o, &r);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (secs > 1.0) fprintf(stderr, "sqldump: %zu bytes at read size %zu: %.2f s\n", n, rs, secs);
	ck_assert_int_eq(r.rc, 0);
	char what[64];
	snprintf(what, sizeof what, "wp.sql at read size %zu", rs);
	assert_same(what, r.out, r.out_len, exp, e);
	check_counters_clean(&r, count_of(exp, e, VARIANT_HOST), what);
	pf_free(&r);
	free(map);
	free(in);
	free(exp);
}
END_TEST

START_TEST(fixture_counters_do_not_depend_on_read_size)
{
	size_t n;
	unsigned char *in = load(DUMP_IN, &n);
	char *map = load_map();
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 65536 };
	struct pf_result base, r;
	pf_run(map, in, n, &o, &base);
	static const size_t others[] = { 7, 4096, 1u << 20, 333, 9973 };
	for (size_t k = 0; k < sizeof others / sizeof others[0]; k++) {
		o.read_size = others[k];
		pf_run(map, in, n, &o, &r);
		ck_assert_msg(memcmp(r.rewrites, base.rewrites, sizeof r.rewrites) == 0, "rewrites at read size %zu", others[k]);
		ck_assert_msg(memcmp(r.candidates, base.candidates, sizeof r.candidates) == 0, "candidates at read size %zu",
		              others[k]);
		ck_assert_msg(memcmp(r.skips, base.skips, sizeof r.skips) == 0, "skips at read size %zu", others[k]);
		ck_assert_msg(r.explain_len == base.explain_len && memcmp(r.explain, base.explain, r.explain_len) == 0,
		              "explain trace at read size %zu", others[k]);
		pf_free(&r);
	}
	pf_free(&base);
	free(map);
	free(in);
}
END_TEST

START_TEST(fixture_identity_map)
{
	size_t n;
	unsigned char *in = load(DUMP_IN, &n);
	static const size_t sizes[] = { 7, 65536 };
	for (size_t k = 0; k < 2; k++) {
		struct pf_options o = { .type = FILETYPE_SQL, .read_size = sizes[k] };
		struct pf_result r;
		pf_run(IDENTITY_MAP, in, n, &o, &r);
		ck_assert_int_eq(r.rc, 0);
		assert_same("identity map", r.out, r.out_len, in, n);
		ck_assert_uint_eq(r.rewrites[SURFACE_SQL_STRING] + r.rewrites[SURFACE_STRAGGLER], 0);
		ck_assert_uint_gt(r.skips[REASON_IDENTITY_MAP], 5000);
		pf_free(&r);
	}
	free(in);
}
END_TEST

START_TEST(fixture_idempotent)
{
	size_t e;
	unsigned char *exp = load(DUMP_EXPECTED, &e);
	char *map = load_map();
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 4096 };
	struct pf_result r;
	pf_run(map, exp, e, &o, &r);
	ck_assert_int_eq(r.rc, 0);
	assert_same("wp.expected.sql rewritten again", r.out, r.out_len, exp, e);
	ck_assert_uint_eq(r.rewrites[SURFACE_SQL_STRING] + r.rewrites[SURFACE_STRAGGLER], 0);
	pf_free(&r);
	free(map);
	free(exp);
}
END_TEST

START_TEST(fixture_reverse)
{
	size_t e, v;
	unsigned char *exp = load(DUMP_EXPECTED, &e), *rev = load(DUMP_REVERSE, &v);
	char *map = load_map();
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 4096, .reverse = true };
	struct pf_result r;
	/* -R writes the primary canonical for every variant origin */
	pf_run(map, exp, e, &o, &r);
	ck_assert_int_eq(r.rc, 0);
	assert_same("-R of wp.expected.sql", r.out, r.out_len, rev, v);
	check_counters_clean(&r, count_of(exp, e, VARIANT_HOST), "-R of wp.expected.sql");
	pf_free(&r);
	free(map);
	free(exp);
	free(rev);
}
END_TEST

/* rules.md §11.3 item 5 as stated: wp.reverse.sql has no variant origin
 * and one canonical spelling per site; forward then reverse restores it,
 * with the site map and with a map holding only the primary pair. */
START_TEST(fixture_round_trip)
{
	size_t e, v;
	unsigned char *exp = load(DUMP_EXPECTED, &e), *rev = load(DUMP_REVERSE, &v);
	char *site = load_map();
	const char *maps[] = { site, PRIMARY_ONLY_MAP };
	for (size_t k = 0; k < 2; k++) {
		struct pf_options o = { .type = FILETYPE_SQL, .read_size = 7 };
		struct pf_result fwd, back;
		pf_run(maps[k], rev, v, &o, &fwd);
		assert_same("forward of wp.reverse.sql", fwd.out, fwd.out_len, exp, e);
		o.reverse = true;
		o.read_size = 65536;
		pf_run(maps[k], fwd.out, fwd.out_len, &o, &back);
		assert_same("round trip of wp.reverse.sql", back.out, back.out_len, rev, v);
		pf_free(&fwd);
		pf_free(&back);
	}
	free(site);
	free(exp);
	free(rev);
}
END_TEST

/* --check on the input lists one finding per origin the rewrite changes; the
 * rewritten dump checks clean (rules.md §10.6). */
START_TEST(fixture_check_mode)
{
	size_t n, e;
	unsigned char *in = load(DUMP_IN, &n), *exp = load(DUMP_EXPECTED, &e);
	char *map = load_map();
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 65536, .check = true };
	struct pf_result r;
	pf_run(map, in, n, &o, &r);
	ck_assert_int_eq(r.rc, 0);
	ck_assert_uint_eq(count_lines((unsigned char *)r.check, r.check_len), count_of(exp, e, VARIANT_HOST));
	pf_free(&r);
	pf_run(map, exp, e, &o, &r);
	ck_assert_msg(r.check_len == 0, "wp.expected.sql does not check clean: %.200s", r.check ? r.check : "");
	pf_free(&r);
	free(map);
	free(in);
	free(exp);
}
END_TEST

/* (e) of the header: every serialized value of the rewritten dump is valid. */
START_TEST(fixture_serialized_valid)
{
	static const char *files[] = { DUMP_IN, DUMP_EXPECTED, DUMP_REVERSE };
	struct sc c, c0;
	for (size_t k = 0; k < 3; k++) {
		size_t n;
		unsigned char *b = load(files[k], &n);
		ck_assert_msg(sc_check_dump(&c, b, n), "%s: %s", files[k], c.err);
		if (k == 0) c0 = c;
		/* the same structure in every rendering */
		ck_assert_uint_eq(c.values, c0.values);
		ck_assert_uint_eq(c.strings, c0.strings);
		ck_assert_uint_eq(c.nested, c0.nested);
		free(b);
	}
	ck_assert_uint_ge(c0.values, 900);
	ck_assert_uint_ge(c0.strings, 30000);
	ck_assert_uint_ge(c0.nested, 300);
	ck_assert_uint_ge(c0.objects, 300);
	ck_assert_uint_ge(c0.nul_names, 500);
	ck_assert_uint_ge(c0.customs, 1);
	ck_assert_uint_ge(c0.multibyte, 1000);

	/* and hostshift's own output, at an odd read size */
	size_t n;
	unsigned char *in = load(DUMP_IN, &n);
	char *map = load_map();
	struct pf_options o = { .type = FILETYPE_SQL, .read_size = 4093 };
	struct pf_result r;
	pf_run(map, in, n, &o, &r);
	ck_assert_msg(sc_check_dump(&c, r.out, r.out_len), "hostshift output: %s", c.err);
	ck_assert_uint_eq(c.strings, c0.strings);
	ck_assert_uint_eq(c.nested, c0.nested);
	pf_free(&r);
	free(map);
	free(in);
}
END_TEST

Suite *sqldump_suite(void)
{
	Suite *s = suite_create("sqldump");
	TCase *tc = tcase_create("checker");
	tcase_add_test(tc, checker_accepts_valid);
	tcase_add_test(tc, checker_rejects_wrong_lengths);
	tcase_add_test(tc, checker_rejects_broken_fixture);
	suite_add_tcase(s, tc);

	tc = tcase_create("fixture");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, fixture_shape);
	tcase_add_loop_test(tc, fixture_rewrites_at_read_size, 0, (int)(sizeof read_sizes / sizeof read_sizes[0]));
	tcase_add_test(tc, fixture_counters_do_not_depend_on_read_size);
	tcase_add_test(tc, fixture_identity_map);
	tcase_add_test(tc, fixture_idempotent);
	tcase_add_test(tc, fixture_reverse);
	tcase_add_test(tc, fixture_round_trip);
	tcase_add_test(tc, fixture_check_mode);
	tcase_add_test(tc, fixture_serialized_valid);
	suite_add_tcase(s, tc);
	return s;
}
