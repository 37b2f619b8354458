/* diag.h — what hostshift says to the user on stderr while it runs:
 * warnings and errors, as text lines (`hostshift: FILE: message`) or, with
 * --json, as one JSON object per line ({"kind":"warning",...}), so that
 * every line of stderr parses (docs/cli.md, "Reports as JSON lines").
 * The choice is made once, before the first input. */
#ifndef HOSTSHIFT_DIAG_H
#define HOSTSHIFT_DIAG_H

#include <stdbool.h>

void diag_set_json(bool json);
bool diag_json(void);
/* A progress line drawn on a terminal and not ended (progress.c): the
 * next message clears it first, so it starts a line of its own. */
void diag_set_open_line(bool open);
bool diag_open_line(void);
/* file: the input the message is about, or NULL. */
void diag_warn(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_error(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
