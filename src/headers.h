/* headers.h — owns `--headers` (§13.3): the HTTP/1.x response head(s)
 * at the start of the input (as `curl -si` prints them, 1xx and redirect
 * heads included) or a CGI header block. Origins are rewritten in the
 * URL-bearing headers (surface `header`), a Set-Cookie `Domain=` naming a
 * canonical host is dropped, validators and framing headers are removed
 * when the body may change, and Content-Type / Content-Encoding pick what
 * the body is. Every other header line is kept byte for byte. */
#ifndef HOSTSHIFT_HEADERS_H
#define HOSTSHIFT_HEADERS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "filetype.h"
#include "patterns.h"
#include "report.h"
#include "value.h"

#define HEADERS_CAP (64 * 1024)   /* a head section larger than this is not one */

/* The length of the complete head section at the start of b[0..n): every
 * head up to and including its blank line. 0: more bytes are needed;
 * (size_t)-1: b does not start with a head section (or it is over the
 * cap). At eof, an unfinished head is not one. */
size_t headers_length(const unsigned char *b, size_t n, bool eof);

struct headers_result {
	enum filetype body;       /* the body's type */
	bool passthrough;         /* the body is not ours to change (type or encoding) */
	const char *why;          /* for the passthrough warning */
};

/* Rewrite the head section h[0..n) into out (a growable buffer the caller
 * owns; reset first), reporting events at offsets from 0, and decide the
 * body. The head is not swept: it is written as it comes out of here. */
void headers_rewrite(const unsigned char *h, size_t n, struct value *vp, struct buf *out,
                     struct headers_result *res);

#endif
