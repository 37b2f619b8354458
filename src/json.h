/* json.h — owns the json type (§9.1, §9.2): a streaming RFC 8259
 * lexer that frames strings, numbers, literals and punctuation across any
 * chunk boundary. Every string token (quotes included) is a value: keys on
 * surface `json-key`, values on `json-string`, through the value pipeline
 * (byte matcher with the `\/` and `\u002F` spellings, reference decoding for
 * HTML inside strings, the serialized walk). A sequence of values (NDJSON)
 * is fine; anything malformed sends the rest of the stream through as text,
 * with one warning. Strings over the value cap stream through as prose. */
#ifndef HOSTSHIFT_JSON_H
#define HOSTSHIFT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "framer.h"
#include "hold.h"
#include "linepos.h"
#include "offmap.h"
#include "report.h"
#include "spill.h"
#include "value.h"
#include "window.h"

#define JSON_VALUE_CAP (1u << 20)
#define JSON_DEPTH_MAX 512
#define JSON_PATH_MAX 512

enum json_state {
	JSON_BETWEEN,      /* between tokens */
	JSON_STRING,       /* inside a string */
	JSON_STRING_ESC,   /* after a backslash in a string */
	JSON_STRING_U,     /* inside the four hex digits of \u */
	JSON_SCALAR,       /* a number, true, false or null */
	JSON_TEXT          /* malformed: the rest is prose */
};

/* What the grammar allows next between tokens. */
enum json_expect {
	EXPECT_VALUE,         /* a value (top level: any number of them) */
	EXPECT_KEY_OR_CLOSE,  /* after '{' */
	EXPECT_KEY,           /* after ',' in an object */
	EXPECT_COLON,         /* after a key */
	EXPECT_VALUE_OR_CLOSE,/* after '[' */
	EXPECT_COMMA_OR_CLOSE /* after a value in a container */
};

struct json {
	struct framer_core c;         /* configuration, window (the one writer), value pipeline, line position */

	enum json_state state;
	enum json_expect expect;
	size_t depth;
	unsigned char in_object[JSON_DEPTH_MAX];   /* per level: object (1) or array (0) */
	size_t index[JSON_DEPTH_MAX];              /* per array level: the current element */
	bool is_key;
	bool oversize;
	bool over_untouched;   /* ... and may hold serialized data: it passes untouched (§7.5) */
	bool spilling;         /* ... or is held in the temporary file, to be repaired (§11.2) */
	struct spill spill;
	bool tok_amp;      /* the string may hold a '&' (without one there is no reference to decode) */
	unsigned utf8_need;                        /* continuation bytes still due in a string */
	unsigned char utf8_lo, utf8_hi;            /* the range of the next one (RFC 3629 section 4) */
	unsigned u_digits;                         /* hex digits of \u seen */
	int num;                                   /* number grammar state (RFC 8259 section 6); -1: a keyword */
	const char *keyword;                       /* true / false / null being read */
	size_t scalar_len;
	struct hold tok;              /* the string token, from its opening quote (and that quote's line) */

	/* RFC 6901 path of the current position (explain only) */
	bool paths;
	char path[JSON_PATH_MAX];
	size_t path_len;
	size_t path_at[JSON_DEPTH_MAX + 1];        /* path length at each level's start */

};

void json_init(struct json *j, const struct framer_env *env);
void json_free(struct json *j);
/* Its reset, feed and finish, as the pipeline calls every framer (framer.h). */
extern const struct framer json_framer;

#endif
