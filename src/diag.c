/* diag.c — warnings and errors on stderr, as text or JSON lines (diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jsonout.h"

static bool as_json, open_line;

void diag_set_json(bool json) { as_json = json; }
bool diag_json(void) { return as_json; }
void diag_set_open_line(bool open) { open_line = open; }
bool diag_open_line(void) { return open_line; }

static void say(const char *kind, const char *file, const char *fmt, va_list ap)
{
	char msg[4096];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (open_line) {
		fputs("\r\033[K", stderr);   /* (the progress line, drawn again at its next tick) */
		open_line = false;
	}
	if (as_json) {
		fprintf(stderr, "{\"kind\":\"%s\"", kind);
		if (file) {
			fputs(",\"file\":", stderr);
			json_put_string(stderr, (const unsigned char *)file, strlen(file));
		}
		fputs(",\"message\":", stderr);
		json_put_string(stderr, (const unsigned char *)msg, strlen(msg));
		fputs("}\n", stderr);
	} else if (file) {
		fprintf(stderr, "hostshift: %s: %s\n", file, msg);
	} else {
		fprintf(stderr, "hostshift: %s\n", msg);
	}
}

void diag_warn(const char *file, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("warning", file, fmt, ap);
	va_end(ap);
}

void diag_error(const char *file, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	say("error", file, fmt, ap);
	va_end(ap);
}
