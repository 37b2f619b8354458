/* trickle: copy stdin to stdout in write(2) calls of a fixed size.
 *
 *   trickle N          every write is N bytes (the last one may be shorter)
 *   trickle -r SEED M  write sizes are pseudo-random in 1..M (fixed seed)
 *
 * Used by tests/e2e.sh to feed hostshift through a pipe in small pieces, so
 * that its reads see many different chunk boundaries. Exits 0 on success,
 * 1 on a read or write error. Plain C11 + POSIX; no dependencies.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long state = 1;

static unsigned long next_rand(void)
{
	/* 32-bit LCG (Numerical Recipes); deterministic everywhere. */
	state = (state * 1664525UL + 1013904223UL) & 0xffffffffUL;
	return state >> 8;
}

static int write_all(const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(1, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t fixed = 0, max = 0;
	if (argc == 2) {
		fixed = (size_t)strtoul(argv[1], NULL, 10);
	} else if (argc == 4 && strcmp(argv[1], "-r") == 0) {
		state = strtoul(argv[2], NULL, 10) & 0xffffffffUL;
		max = (size_t)strtoul(argv[3], NULL, 10);
	}
	if (fixed == 0 && max == 0) {
		fprintf(stderr, "usage: trickle N | trickle -r SEED MAX\n");
		return 2;
	}
	size_t cap = fixed ? fixed : max;
	unsigned char *buf = malloc(cap);
	if (!buf)
		return 1;
	for (;;) {
		size_t want = fixed ? fixed : 1 + next_rand() % max;
		size_t have = 0;
		/* Fill exactly `want` bytes (or up to EOF), then write them at once. */
		while (have < want) {
			ssize_t r = read(0, buf + have, want - have);
			if (r < 0) {
				if (errno == EINTR)
					continue;
				perror("trickle: read");
				return 1;
			}
			if (r == 0)
				break;
			have += (size_t)r;
		}
		if (have == 0)
			break;
		if (write_all(buf, have) != 0) {
			perror("trickle: write");
			return 1;
		}
		if (have < want)
			break;
	}
	free(buf);
	return 0;
}
