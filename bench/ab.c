/*
 * ab.c — interleaved A/B CPU-time comparison of two commands on one input.
 *
 * Build:  cc -O2 -o bench/out/ab bench/ab.c
 * Use:    ab [-u] [-n ROUNDS] FILE -- A_COMMAND [ARG...] -- B_COMMAND [ARG...]
 *
 * Each round runs A and B once each (the order alternates from round to
 * round, so drift and cache state fall on both alike), stdin read from
 * FILE, stdout to /dev/null, and takes the child's user + system time from
 * wait4() (-u: user time alone).  Prints the median CPU time of each, B's change against A, and
 * how many rounds B was the faster (a sign test: with no real difference
 * it is near half), and the fastest run of each.  CPU time, not wall time: the other core's load and the
 * pipe's bimodal speed (bench/RESULTS.md) move it much less.
 * Exits 1 if any run exits non-zero.  libc only, like bench/rss.c.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define ROUNDS_MAX 1001

static int user_only;   /* -u: user time alone (the kernel's reads and writes left out) */

static double cpu_of(char **argv, const char *file, int *failed)
{
	pid_t pid = fork();
	if (pid < 0) { perror("ab: fork"); exit(2); }
	if (pid == 0) {
		int in = open(file, O_RDONLY), out = open("/dev/null", O_WRONLY);
		if (in < 0 || out < 0) { perror("ab: open"); _exit(126); }
		dup2(in, 0);
		dup2(out, 1);
		execvp(argv[0], argv);
		perror("ab: exec");
		_exit(127);
	}
	int st;
	struct rusage ru;
	while (wait4(pid, &st, 0, &ru) < 0) {}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) *failed = 1;
	double user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	return user_only ? user : user + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int rounds = 31, i = 1;
	for (;;) {
		if (i + 1 < argc && strcmp(argv[i], "-n") == 0) { rounds = atoi(argv[i + 1]); i += 2; }
		else if (i < argc && strcmp(argv[i], "-u") == 0) { user_only = 1; i++; }
		else break;
	}
	if (rounds < 1 || rounds > ROUNDS_MAX || i + 1 >= argc || strcmp(argv[i + 1], "--") != 0) {
		fprintf(stderr, "usage: ab [-u] [-n ROUNDS] FILE -- A_COMMAND [ARG...] -- B_COMMAND [ARG...]\n");
		return 2;
	}
	const char *file = argv[i];
	char **a = argv + i + 2, **b = NULL;
	for (int k = i + 2; k < argc; k++)
		if (strcmp(argv[k], "--") == 0) { argv[k] = NULL; b = argv + k + 1; break; }
	if (!b || !*a || !*b) { fprintf(stderr, "ab: two commands are needed, each after --\n"); return 2; }

	static double ta[ROUNDS_MAX], tb[ROUNDS_MAX];
	int failed = 0, b_faster = 0;
	for (int r = 0; r < rounds; r++) {
		if (r % 2) { tb[r] = cpu_of(b, file, &failed); ta[r] = cpu_of(a, file, &failed); }
		else { ta[r] = cpu_of(a, file, &failed); tb[r] = cpu_of(b, file, &failed); }
		if (tb[r] < ta[r]) b_faster++;
	}
	qsort(ta, (size_t)rounds, sizeof *ta, cmp);
	qsort(tb, (size_t)rounds, sizeof *tb, cmp);
	double ma = ta[rounds / 2], mb = tb[rounds / 2];
	printf("A %.2f ms  B %.2f ms  (medians of %d, CPU %s)  B-A %+.1f%%  B faster in %d of %d;"
	       "  fastest A %.2f B %.2f (%+.1f%%)\n", ma * 1e3, mb * 1e3, rounds, user_only ? "user" : "user+sys",
	       (mb - ma) / ma * 100, b_faster, rounds, ta[0] * 1e3, tb[0] * 1e3, (tb[0] - ta[0]) / ta[0] * 100);
	if (failed) fprintf(stderr, "ab: a run exited non-zero\n");
	return failed;
}
