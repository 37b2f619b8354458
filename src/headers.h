/* headers.h — owns `--headers` (§13.3): the HTTP/1.x response head(s)
 * at the start of the input (as `curl -si` prints them: interim heads —
 * 1xx, a proxy's `Connection established`, redirects and authentication
 * challenges followed — before the final one) or a CGI header block.
 * Origins are rewritten in the URL-bearing headers (surface `header`), a
 * Set-Cookie `Domain` that domain-matches a canonical host is dropped,
 * Transfer-Encoding is removed from every head (the client that printed
 * it has decoded the chunks), validators are removed when the body may
 * change, and Content-Type / Content-Encoding pick what the body is
 * (html, json, or text: plain text, CSS, JavaScript, XML and SVG).
 * Every other header line is kept byte for byte.
 *
 * The head section is found by a scanner fed the input as it is read, a
 * read at a time, with a fixed state (however long the head); the caller
 * holds what it was fed (in memory up to HEADERS_CAP, then in a temporary
 * file) and hands the complete section to headers_rewrite. */
#ifndef HOSTSHIFT_HEADERS_H
#define HOSTSHIFT_HEADERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filetype.h"
#include "patterns.h"
#include "report.h"
#include "sink.h"
#include "value.h"

#define HEADERS_CAP (64 * 1024)        /* held in memory; a longer head section goes to a temporary file */
#define HEADERS_VALUE_CAP (1u << 20)   /* a URL header longer than this (the value cap) is left as it is */
#define HEADERS_PREFIX 256             /* bytes of a line the scanner keeps to tell what it is */

enum headers_state {
	HEADERS_MORE,   /* feed more bytes */
	HEADERS_DONE,   /* a head section: its length is headers_scan.end */
	HEADERS_NONE    /* the input does not start with a head section: all of it is the body */
};

struct headers_scan {
	enum headers_state state;
	int phase;                 /* what the current line is (headers.c) */
	bool cgi;                  /* the current head is a CGI block: every line a header or a fold */
	bool interim;              /* the current head may be followed by another */
	uint64_t pos;              /* bytes fed so far */
	uint64_t head_end;         /* where the last complete head ends */
	uint64_t end;              /* HEADERS_DONE: the head section's length */
	unsigned char line[HEADERS_PREFIX];
	size_t line_len;           /* bytes of the current line kept (its first HEADERS_PREFIX) */
	uint64_t line_total;       /* bytes of the current line so far */
};

void headers_scan_init(struct headers_scan *s);
/* Feed the next n bytes of the input (eof: there are no more after them).
 * Returns the state; once it is DONE or NONE it stays so and further
 * bytes are not looked at. A head ends at its blank line, or, where it
 * may be followed by another, as soon as what follows cannot begin a
 * status line: the scanner never waits for a line of the body. At eof an
 * unfinished head is not one. */
enum headers_state headers_scan(struct headers_scan *s, const unsigned char *p, size_t n, bool eof);

struct headers_result {
	enum filetype body;       /* the body's type */
	bool passthrough;         /* the body is not ours to change (type or encoding) */
	const char *why;          /* for the passthrough warning */
	uint64_t lines;           /* line ends in the head section */
};

/* Where headers_rewrite writes the new head, and (for a head held in a
 * temporary file) whom to tell how far it has read, so its pages can be
 * given back (NULL: nobody). */
struct headers_io {
	struct sink out;
	void (*release)(void *ctx, const unsigned char *upto);
	void *release_ctx;
};

/* Rewrite the head section h[0..n) (as the scanner found it) into io->out,
 * line by line, reporting events at offsets from 0 (with their line and
 * column in check mode), and decide the body. The head is not swept. */
void headers_rewrite(const unsigned char *h, size_t n, struct value *vp, const struct headers_io *io,
                     struct headers_result *res);

#endif
