/* progress.h — how far an input has got, on stderr (docs/cli.md,
 * "Progress"). Where someone watches (stderr a terminal): one updating
 * line, bytes, rate and, for a file of known size, the percentage and time
 * left; on a pipe, bytes, rate and the time so far. Where nobody watches
 * (a log file) and --progress asked for it: a plain line every few
 * seconds, no control codes; with --json, an object per line. */
#ifndef HOSTSHIFT_PROGRESS_H
#define HOSTSHIFT_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

enum progress_want { PROGRESS_AUTO, PROGRESS_ON, PROGRESS_OFF };

/* AUTO shows progress only on a terminal (stderr) that is not also the
 * output, for a file over this size or a pipe that runs longer than
 * PROGRESS_PIPE_DELAY seconds. */
#define PROGRESS_AUTO_BYTES (64ull << 20)
#define PROGRESS_PIPE_DELAY 2.0
#define PROGRESS_TTY_EVERY 0.5     /* seconds between updates of the line */
#define PROGRESS_LOG_EVERY 5.0     /* and between the lines of a log */

struct progress {
	enum { PR_OFF, PR_TTY, PR_LOG } how;
	double start, last, delay;   /* delay: nothing is shown before it */
	uint64_t size;               /* 0: unknown (a pipe) */
	const char *name;
	bool shown;                  /* a line is open on the terminal */
};

/* in_fd: the input, to learn its size. */
void progress_start(struct progress *pr, enum progress_want want, bool quiet, int in_fd, const char *name);
/* bytes read so far; shown at the rate the kind of output allows. */
void progress_tick(struct progress *pr, uint64_t bytes);
/* The input's end: a last figure where anything was shown. */
void progress_end(struct progress *pr, uint64_t bytes);
/* Before a message: end the terminal line, so the message starts its own. */
void progress_break(struct progress *pr);

#endif
