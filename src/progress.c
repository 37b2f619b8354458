/* progress.c — progress of an input on stderr (progress.h). */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "jsonout.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_start(struct progress *pr, enum progress_want want, bool quiet, int in_fd, const char *name)
{
	memset(pr, 0, sizeof *pr);
	pr->name = name;
	pr->start = pr->last = now();
	struct stat st;
	if (fstat(in_fd, &st) == 0 && S_ISREG(st.st_mode)) pr->size = (uint64_t)st.st_size;
	bool tty = isatty(STDERR_FILENO);
	if (want == PROGRESS_ON) {
		pr->how = tty && !diag_json() ? PR_TTY : PR_LOG;
	} else if (want == PROGRESS_AUTO && !quiet && tty && !diag_json() && !isatty(STDOUT_FILENO)) {
		/* someone watches a long run: a big file, or a pipe that lasts */
		if (pr->size > PROGRESS_AUTO_BYTES) pr->how = PR_TTY;
		else if (!pr->size) { pr->how = PR_TTY; pr->delay = PROGRESS_PIPE_DELAY; }
	}
}

static void show(struct progress *pr, uint64_t bytes, double t, bool final)
{
	double secs = t - pr->start;
	double rate = secs > 0 ? (double)bytes / secs : 0;
	double mib = (double)bytes / 1048576.0;
	if (diag_json()) {
		fputs("{\"kind\":\"progress\",\"file\":", stderr);
		json_put_string(stderr, (const unsigned char *)pr->name, strlen(pr->name));
		fprintf(stderr, ",\"bytes\":%llu,\"seconds\":%.1f,\"bytes_per_second\":%.0f", (unsigned long long)bytes, secs, rate);
		if (pr->size) fprintf(stderr, ",\"size\":%llu", (unsigned long long)pr->size);
		fprintf(stderr, ",\"done\":%s}\n", final ? "true" : "false");
		return;
	}
	if (pr->how == PR_TTY) fputc('\r', stderr);
	fprintf(stderr, "hostshift: %s: %.1f MiB, %.1f MiB/s", pr->name, mib, rate / 1048576.0);
	if (pr->size) {
		fprintf(stderr, ", %3.0f%%", 100.0 * (double)bytes / (double)pr->size);
		if (!final && rate > 0 && pr->size > bytes) fprintf(stderr, ", %.0f s left", (double)(pr->size - bytes) / rate);
	} else {
		fprintf(stderr, ", %.0f s", secs);
	}
	if (pr->how == PR_TTY && !final) {
		fputs("\033[K", stderr);
		pr->shown = true;
		diag_set_open_line(true);
	} else {
		fputc('\n', stderr);
		pr->shown = false;
		diag_set_open_line(false);
	}
}

void progress_tick(struct progress *pr, uint64_t bytes)
{
	if (pr->how == PR_OFF) return;
	double t = now();
	if (t - pr->start < pr->delay) return;
	if (t - pr->last < (pr->how == PR_TTY ? PROGRESS_TTY_EVERY : PROGRESS_LOG_EVERY)) return;
	pr->last = t;
	show(pr, bytes, t, false);
}

void progress_end(struct progress *pr, uint64_t bytes)
{
	if (pr->how == PR_OFF) return;
	double t = now();
	/* a run shorter than the delay showed nothing and says nothing */
	if (pr->how == PR_TTY && !pr->shown && pr->delay > 0) return;
	show(pr, bytes, t, true);
}

void progress_break(struct progress *pr)
{
	if (pr->shown && diag_open_line()) fputc('\n', stderr);
	pr->shown = false;
	diag_set_open_line(false);
}
