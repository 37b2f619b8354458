/* origin.h — owns the origin model of §1.1: parsing a
 * declared origin (scheme://host[:port]), normalising it (an
 * international host to its ASCII form, §1.4), comparing and rendering
 * it. */
#ifndef HOSTSHIFT_ORIGIN_H
#define HOSTSHIFT_ORIGIN_H

#include <stdbool.h>
#include <stddef.h>

enum scheme { SCHEME_HTTP, SCHEME_HTTPS };

#define ORIGIN_HOST_MAX 253  /* DNS name limit */
#define ORIGIN_PORT_MAX 5    /* digits, leading zeros stripped */
#define ORIGIN_DISPLAY_MAX 255   /* a longer Unicode form is not kept: the ASCII form is written */

struct origin {
	enum scheme scheme;
	bool ipv6;                           /* host is an IPv6 literal, stored without brackets */
	char host[ORIGIN_HOST_MAX + 1];      /* the ASCII form (§1.4), lowercase, no root dot */
	char port[ORIGIN_PORT_MAX + 1];      /* "" when default/absent */
	/* where the host was written with a non-ASCII character: its Unicode
	 * form (the ASCII form's labels decoded: lower case, NFC, no root
	 * dot), written in replacement text; "" otherwise, or where it is the
	 * ASCII form itself. Never compared. */
	char display[ORIGIN_DISPLAY_MAX + 1];
};

/* Parse and normalise `text` (n bytes). On failure returns false and points
 * *err at a static message. */
bool origin_parse(const char *text, size_t n, struct origin *o, const char **err);

bool origin_equal(const struct origin *a, const struct origin *b);
/* Host and port only (scheme ignored): the host:port of V6c (§1.3). */
bool origin_same_hostport(const struct origin *a, const struct origin *b);

const char *scheme_name(enum scheme s);
/* Normalise a written port for scheme s (strip leading zeros, drop the
 * default): writes at most ORIGIN_PORT_MAX+1 bytes to out; returns false if
 * the port is out of range (more than 5 significant digits or > 65535). */
bool origin_normalise_port(enum scheme s, const char *digits, size_t n, char out[ORIGIN_PORT_MAX + 1]);

/* The strings parts[0..n) one after another into buf, NUL-terminated and
 * cut to cap - 1 bytes as snprintf would; returns the whole length
 * (without snprintf's format parsing, which would be most of building a
 * map's replacement strings). */
size_t origin_concat(char *buf, size_t cap, const char *const *parts, size_t n);
/* Render "scheme://host[:port]" into buf (NUL-terminated); returns length. */
size_t origin_render(const struct origin *o, char *buf, size_t cap);
/* The host as written in a URL: brackets around an IPv6 literal. */
size_t origin_host_form(const struct origin *o, char *buf, size_t cap);
/* The host as replacement text writes it: the display form where there is
 * one, else origin_host_form. */
size_t origin_host_written(const struct origin *o, char *buf, size_t cap);

#endif
