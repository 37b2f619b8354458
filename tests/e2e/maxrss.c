/* maxrss.c — maxrss FILE COMMAND [ARG...]: runs COMMAND (stdin, stdout and
 * stderr its own) and writes its peak resident set size in KiB to FILE;
 * exits with COMMAND's status (125 if it could not run). The e2e tests'
 * measure of bounded memory. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: maxrss FILE COMMAND [ARG...]\n", stderr);
		return 125;
	}
	pid_t pid = fork();
	if (pid < 0) return 125;
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		_exit(125);
	}
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) != pid) return 125;
	FILE *f = fopen(argv[1], "w");
	if (!f) return 125;
	fprintf(f, "%ld\n", ru.ru_maxrss);
	fclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 125;
}
