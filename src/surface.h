/* surface.h — owns the vocabulary every module shares: surfaces (where a
 * candidate was found), skip reasons, actions, and the two surface axes of
 * §3.8 (escape alphabet, control joining) as one table. */
#ifndef HOSTSHIFT_SURFACE_H
#define HOSTSHIFT_SURFACE_H

#include <stdbool.h>
#include <stddef.h>

/* Where a candidate was found (§10.1). */
enum surface {
	SURFACE_HTML_ATTR,
	SURFACE_HTML_ENTITY,
	SURFACE_HTML_OBFUSCATED,
	SURFACE_INLINE_SCRIPT,
	SURFACE_INLINE_STYLE,
	SURFACE_RAW_TEXT,
	SURFACE_TEXT,
	SURFACE_COMMENT,
	SURFACE_JSON_STRING,
	SURFACE_JSON_KEY,
	SURFACE_JSON_ESCAPE,
	SURFACE_SQL_STRING,
	SURFACE_STRAGGLER,
	SURFACE_SWEEP,
	SURFACE_XML_TEXT,
	SURFACE_HEADER,
	SURFACE_SQL_HOST,        /* a bare host in a --host-column column (§8.5) */
	SURFACE_COUNT
};

/* Why a candidate was skipped (§10.2). */
enum reason {
	REASON_NONE,
	REASON_NOT_A_URL,
	REASON_HOST_NOT_IN_MAP,
	REASON_IDENTITY_MAP,
	REASON_UNANCHORED,
	REASON_SIZE_CAP_EXCEEDED,
	REASON_SERIALIZED_UNTOUCHED,
	REASON_NOT_A_HOST,       /* a --host-column value holding a canonical host, not one (§8.5) */
	REASON_HEADER_KEPT,      /* a canonical origin in a header --headers does not rewrite (§13.3) */
	REASON_LINE_CONTINUATION, /* a canonical host a script's line continuation splits, kept (§3.9) */
	REASON_COUNT
};

enum action { ACTION_REWROTE, ACTION_SKIPPED };

/* How a surface treats what follows a host (§3.8). */
enum joining {
	JOIN_PROSE,      /* TAB/LF/CR after a host end it */
	JOIN_JOINS,      /* a URL parser removes TAB/LF/CR: the host goes on */
	JOIN_PER_BUFFER  /* json-string/json-escape: decided per buffer */
};

struct surface_axes {
	const char *name;
	bool esc_js;          /* backslash opens a JS/JSON escape (else: path separator) */
	enum joining joining;
};

const struct surface_axes *surface_axes(enum surface s);
const char *surface_name(enum surface s);
const char *reason_name(enum reason r);
const char *action_name(enum action a);

#endif
