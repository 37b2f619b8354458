/* surface.c — the surface table of §3.8, kept as data. */
#include "surface.h"

/* Path alphabet vs escJS, and joins vs prose, per §3.8. sql-string is this
 * project's own surface: a backslash or a control byte after a host ends
 * it, as on `text` (§8.1). json-key behaves as json-string (§9.1).
 * sql-host is its own too: a --host-column value that is one host (§8.5),
 * decided whole, never matched. */
static const struct surface_axes axes[SURFACE_COUNT] = {
	[SURFACE_HTML_ATTR]       = { "html-attr",       false, JOIN_JOINS },
	[SURFACE_HTML_ENTITY]     = { "html-entity",     false, JOIN_JOINS },
	[SURFACE_HTML_OBFUSCATED] = { "html-obfuscated", false, JOIN_JOINS },
	[SURFACE_INLINE_SCRIPT]   = { "inline-script",   true,  JOIN_JOINS },
	[SURFACE_INLINE_STYLE]    = { "inline-style",    false, JOIN_JOINS },
	[SURFACE_RAW_TEXT]        = { "raw-text",        false, JOIN_PROSE },
	[SURFACE_TEXT]            = { "text",            false, JOIN_PROSE },
	[SURFACE_COMMENT]         = { "comment",         false, JOIN_PROSE },
	[SURFACE_JSON_STRING]     = { "json-string",     true,  JOIN_PER_BUFFER },
	[SURFACE_JSON_KEY]        = { "json-key",        true,  JOIN_PER_BUFFER },
	[SURFACE_JSON_ESCAPE]     = { "json-escape",     false, JOIN_PER_BUFFER },
	[SURFACE_SQL_STRING]      = { "sql-string",      false, JOIN_PROSE },
	[SURFACE_STRAGGLER]       = { "straggler",       true,  JOIN_JOINS },
	[SURFACE_SWEEP]           = { "sweep",           true,  JOIN_PROSE },
	[SURFACE_XML_TEXT]        = { "xml-text",        false, JOIN_PROSE },
	[SURFACE_HEADER]          = { "header",          false, JOIN_JOINS },
	[SURFACE_SQL_HOST]        = { "sql-host",        false, JOIN_PROSE },
};

static const char *const reason_names[REASON_COUNT] = {
	[REASON_NONE]                = "-",
	[REASON_NOT_A_URL]           = "not-a-url",
	[REASON_HOST_NOT_IN_MAP]     = "host-not-in-map",
	[REASON_IDENTITY_MAP]        = "identity-map",
	[REASON_UNANCHORED]          = "unanchored",
	[REASON_SIZE_CAP_EXCEEDED]   = "size-cap-exceeded",
	[REASON_SERIALIZED_UNTOUCHED] = "serialized-untouched",
	[REASON_NOT_A_HOST]          = "not-a-host",
	[REASON_HEADER_KEPT]         = "header-kept",
	[REASON_LINE_CONTINUATION]   = "line-continuation",
};

const struct surface_axes *surface_axes(enum surface s) { return &axes[s]; }
const char *surface_name(enum surface s) { return axes[s].name; }
const char *reason_name(enum reason r) { return reason_names[r]; }
const char *action_name(enum action a) { return a == ACTION_REWROTE ? "rewrote" : "skipped"; }
