/* filetype.h — owns the document types and how one is chosen: -t, the
 * file extension, or a sniff of the first bytes (§13.2). */
#ifndef HOSTSHIFT_FILETYPE_H
#define HOSTSHIFT_FILETYPE_H

#include <stdbool.h>
#include <stddef.h>

enum filetype { FILETYPE_AUTO, FILETYPE_HTML, FILETYPE_SQL, FILETYPE_JSON, FILETYPE_TEXT };

/* The dump dialects of the sql type (§8.3): how its literals are quoted
 * and escaped. */
enum sql_dialect { DIALECT_AUTO, DIALECT_MYSQL, DIALECT_POSTGRES, DIALECT_SQLITE };

/* "html", "sql", "json", "text"; false for anything else. */
bool filetype_parse(const char *name, enum filetype *t);
const char *filetype_name(enum filetype t);
/* By extension (.html .htm .xhtml, .sql, .json); FILETYPE_AUTO if none. */
enum filetype filetype_from_path(const char *path);
/* From the first bytes of a stream. */
enum filetype filetype_sniff(const unsigned char *p, size_t n);
/* "mysql", "postgres", "sqlite"; false for anything else. */
bool filetype_parse_dialect(const char *name, enum sql_dialect *d);
const char *filetype_dialect_name(enum sql_dialect d);
/* The dialect of a dump from its first bytes: PostgreSQL by pg_dump's
 * header or its statements, SQLite by `.dump`'s opening lines, else
 * MySQL / MariaDB. */
enum sql_dialect filetype_sniff_dialect(const unsigned char *p, size_t n);
/* "gzip", "xz", "zstd" or "bzip2" where the first bytes are that
 * format's magic, else NULL: such input is refused, never passed through
 * unexamined (§13.2). */
const char *filetype_compressed(const unsigned char *p, size_t n);
/* Whether this build has the type (text only, for now). */
bool filetype_implemented(enum filetype t);

#endif
