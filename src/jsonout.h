/* jsonout.h — JSON text written by the reports and messages: a string's
 * escaping. Report lines are JSON whatever bytes an input or a file name
 * holds. */
#ifndef HOSTSHIFT_JSONOUT_H
#define HOSTSHIFT_JSONOUT_H

#include <stddef.h>
#include <stdio.h>

/* p[0..n) as a JSON string, quotes included. UTF-8 is written as it is;
 * a quote, a backslash and the controls are escaped; a byte that is not
 * part of UTF-8 (a file name in another encoding) is written as
 * \udc80-\udcff, the lone-surrogate convention (Python's surrogateescape)
 * that keeps the line parseable and the byte recoverable. */
void json_put_string(FILE *f, const unsigned char *p, size_t n);

#endif
