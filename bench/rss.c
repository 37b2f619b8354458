/*
 * rss.c — run a command, report its wall time and peak resident set size.
 *
 * Build:  cc -O2 -o bench/out/rss bench/rss.c
 * Use:    rss [-o FILE] COMMAND [ARG...]
 *
 * Forks, execs COMMAND (PATH search) with stdin/stdout/stderr inherited,
 * waits for it with wait4() and writes one line
 *
 *     wall_s=S maxrss_kib=K status=X
 *
 * to FILE (appended), or to stderr without -o.  S is the wall time from
 * just before fork to the return of wait4 (CLOCK_MONOTONIC, microsecond
 * resolution), K is ru_maxrss of the child (KiB on Linux) and X is the
 * child's exit status (128+N if killed by signal N).  rss exits with X.
 * A replacement for GNU `/usr/bin/time -f %M` that needs only libc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-o") == 0) {
        out = argv[i + 1];
        i += 2;
    }
    if (i < argc && strcmp(argv[i], "--") == 0)
        i++;
    if (i >= argc) {
        fprintf(stderr, "usage: rss [-o FILE] COMMAND [ARG...]\n");
        return 2;
    }

    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("rss: fork");
        return 126;
    }
    if (pid == 0) {
        execvp(argv[i], argv + i);
        fprintf(stderr, "rss: %s: %s\n", argv[i], strerror(errno));
        _exit(errno == ENOENT ? 127 : 126);
    }

    int st;
    struct rusage ru;
    pid_t w;
    do
        w = wait4(pid, &st, 0, &ru);
    while (w < 0 && errno == EINTR);
    double t1 = now();
    if (w < 0) {
        perror("rss: wait4");
        return 126;
    }
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 126;

    char line[128];
    int n = snprintf(line, sizeof line, "wall_s=%.6f maxrss_kib=%ld status=%d\n",
                     t1 - t0, (long)ru.ru_maxrss, code);
    if (out) {
        int fd = open(out, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (fd < 0) {
            fprintf(stderr, "rss: %s: %s\n", out, strerror(errno));
            return 126;
        }
        if (write(fd, line, (size_t)n) != n)
            perror("rss: write");
        close(fd);
    } else {
        fputs(line, stderr);
    }
    return code;
}
