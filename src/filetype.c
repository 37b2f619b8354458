/* filetype.c — type names, extensions, and sniffing (§13.2). */
#include "filetype.h"

#include "ascii.h"

#include <string.h>
#include <strings.h>

static const char *const names[] = {
	[FILETYPE_AUTO] = "auto", [FILETYPE_HTML] = "html", [FILETYPE_SQL] = "sql",
	[FILETYPE_JSON] = "json", [FILETYPE_TEXT] = "text",
};

bool filetype_parse(const char *name, enum filetype *t)
{
	for (int i = FILETYPE_HTML; i <= FILETYPE_TEXT; i++)
		if (strcmp(name, names[i]) == 0) { *t = (enum filetype)i; return true; }
	return false;
}

const char *filetype_name(enum filetype t) { return names[t]; }

static const char *const dialects[] = {
	[DIALECT_AUTO] = "auto", [DIALECT_MYSQL] = "mysql", [DIALECT_POSTGRES] = "postgres", [DIALECT_SQLITE] = "sqlite",
};

bool filetype_parse_dialect(const char *name, enum sql_dialect *d)
{
	for (int i = DIALECT_MYSQL; i <= DIALECT_SQLITE; i++)
		if (strcmp(name, dialects[i]) == 0) { *d = (enum sql_dialect)i; return true; }
	return false;
}

const char *filetype_dialect_name(enum sql_dialect d) { return dialects[d]; }

enum filetype filetype_from_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash : path, '.');
	if (!dot) return FILETYPE_AUTO;
	if (!strcasecmp(dot, ".html") || !strcasecmp(dot, ".htm") || !strcasecmp(dot, ".xhtml")) return FILETYPE_HTML;
	if (!strcasecmp(dot, ".sql")) return FILETYPE_SQL;
	if (!strcasecmp(dot, ".json")) return FILETYPE_JSON;
	/* XML (a WordPress WXR export) is text: its CDATA sections hold `>`
	 * and serialized data that html's tokenizer would cut (§13.1) */
	if (!strcasecmp(dot, ".xml")) return FILETYPE_TEXT;
	return FILETYPE_AUTO;
}

static bool starts_ci(const unsigned char *p, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	return n >= k && strncasecmp((const char *)p, lit, k) == 0;
}


/* Past white space and `--` comment lines (pg_dump opens with a block of
 * them): where the first statement starts, or n. */
static size_t first_statement(const unsigned char *p, size_t n)
{
	size_t i = 0;
	for (;;) {
		while (i < n && ascii_space_html(p[i])) i++;
		if (n - i < 2 || p[i] != '-' || p[i + 1] != '-') return i;
		const unsigned char *nl = memchr(p + i, '\n', n - i);
		if (!nl) return n;
		i = (size_t)(nl - p) + 1;
	}
}

static bool contains(const unsigned char *p, size_t n, const char *lit)
{
	size_t k = strlen(lit);
	for (size_t i = 0; i + k <= n; i++)
		if (p[i] == (unsigned char)lit[0] && memcmp(p + i, lit, k) == 0) return true;
	return false;
}

/* The first word of a statement that dumps open with (§13.2). */
static bool dump_statement(const unsigned char *p, size_t n)
{
	static const char *const words[] = { "INSERT INTO", "CREATE TABLE", "SET ", "PRAGMA ", "BEGIN TRANSACTION;",
	                                     "COPY ", "DROP TABLE", "LOCK TABLES", "SELECT pg_catalog." };
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (starts_ci(p, n, words[i])) return true;
	return false;
}

/* The dump's first lines: what a dialect is told by. */
#define DIALECT_SNIFF_BYTES 4096

enum sql_dialect filetype_sniff_dialect(const unsigned char *p, size_t n)
{
	if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) { p += 3; n -= 3; }
	if (n > DIALECT_SNIFF_BYTES) n = DIALECT_SNIFF_BYTES;
	if (contains(p, n, "-- PostgreSQL database dump") || contains(p, n, "SET standard_conforming_strings") ||
	    contains(p, n, "SELECT pg_catalog.") || contains(p, n, "FROM stdin;"))
		return DIALECT_POSTGRES;
	size_t i = first_statement(p, n);
	if (starts_ci(p + i, n - i, "PRAGMA ") || starts_ci(p + i, n - i, "BEGIN TRANSACTION;"))
		return DIALECT_SQLITE;
	return DIALECT_MYSQL;
}

enum filetype filetype_sniff(const unsigned char *p, size_t n)
{
	if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) { p += 3; n -= 3; }
	/* Dump headers (§8.3) come before white space is skipped: they are comments. */
	/* current MariaDB dumps open with a sandbox-mode comment (`/ *M!999999...`, no space) */
	if (starts_ci(p, n, "-- MySQL dump") || starts_ci(p, n, "-- MariaDB dump") || starts_ci(p, n, "/*!") ||
	    starts_ci(p, n, "/*M!"))
		return FILETYPE_SQL;
	/* pg_dump's header, after a `--` line (a `\restrict` line, which
	 * newer pg_dump versions write, may come before the first statement) */
	if (starts_ci(p, n, "--") && contains(p, n < 256 ? n : 256, "\n-- PostgreSQL database dump")) return FILETYPE_SQL;
	/* a statement dumps open with, after `--` comment lines (pg_dump) */
	size_t st = first_statement(p, n);
	if (st < n && dump_statement(p + st, n - st)) return FILETYPE_SQL;
	while (n && ascii_space_html(*p)) { p++; n--; }
	if (!n) return FILETYPE_TEXT;
	if (p[0] == '{' || p[0] == '[') return FILETYPE_JSON;
	if (starts_ci(p, n, "<?xml")) return FILETYPE_TEXT;
	if (p[0] == '<' && n > 1 && (p[1] == '!' || p[1] == '?' || ((p[1] | 0x20) >= 'a' && (p[1] | 0x20) <= 'z')))
		return FILETYPE_HTML;
	return FILETYPE_TEXT;
}

const char *filetype_compressed(const unsigned char *p, size_t n)
{
	if (n >= 3 && p[0] == 0x1F && p[1] == 0x8B && p[2] == 0x08) return "gzip";
	if (n >= 6 && memcmp(p, "\xFD" "7zXZ\0", 6) == 0) return "xz";
	if (n >= 4 && memcmp(p, "\x28\xB5\x2F\xFD", 4) == 0) return "zstd";
	/* `BZh`, the block size digit, then the block magic (pi's digits) */
	if (n >= 10 && memcmp(p, "BZh", 3) == 0 && p[3] >= '1' && p[3] <= '9' && memcmp(p + 4, "\x31\x41\x59\x26\x53\x59", 6) == 0)
		return "bzip2";
	return NULL;
}

bool filetype_implemented(enum filetype t) { return t != FILETYPE_AUTO; }
