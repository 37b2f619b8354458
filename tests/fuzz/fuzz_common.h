/* fuzz_common.h — what the pipeline-level fuzz targets share: their maps
 * (a map built from its text, a refused map being a bug of the target:
 * abort; the identity map of its canonical origins, one line per host,
 * under which the output must equal the input), the memory files a
 * pipeline run reads and writes, and the dump of bytes a failure prints. */
#ifndef HOSTSHIFT_FUZZ_COMMON_H
#define HOSTSHIFT_FUZZ_COMMON_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#include "map.h"
#include "origin.h"
#include "patterns.h"

static void fuzz_build_map(const char *who, struct map *m, struct patterns *pt, const char *text)
{
	char err[512];
	map_init(m);
	if (!map_load_text(m, "fuzz.map", text, strlen(text), err, sizeof err) || !map_validate(m, err, sizeof err) ||
	    !patterns_build(pt, m, DIR_FORWARD, err, sizeof err)) {
		fprintf(stderr, "%s: map refused: %s\n%s", who, err, text);
		abort();
	}
}

static void fuzz_identity_map(const char *who, const struct map *real, struct map *m, struct patterns *pt)
{
	char text[2048];
	size_t n = 0;
	for (size_t k = 0; k < real->npairs; k++) {
		const struct origin *c = &real->pairs[k].canonical;
		bool seen = false;
		for (size_t j = 0; j < k && !seen; j++) seen = strcmp(real->pairs[j].canonical.host, c->host) == 0;
		if (seen) continue;
		char r[300];
		origin_render(c, r, sizeof r);
		n += (size_t)snprintf(text + n, sizeof text - n, "%s %s\n", r, r);
	}
	fuzz_build_map(who, m, pt, text);
}

/* The input and output of a pipeline run, memory files made once. */
struct fuzz_io {
	int in_fd, out_fd;
	FILE *devnull;
};

static void fuzz_io_open(struct fuzz_io *io)
{
	io->in_fd = memfd_create("fuzz-in", 0);
	io->out_fd = memfd_create("fuzz-out", 0);
	io->devnull = fopen("/dev/null", "w");
	if (io->in_fd < 0 || io->out_fd < 0 || !io->devnull) abort();
}

/* in[0..n) is the next run's input; its output file emptied. */
static void fuzz_io_put(const struct fuzz_io *io, const unsigned char *in, size_t n)
{
	if (ftruncate(io->in_fd, 0) != 0 || (n && pwrite(io->in_fd, in, n, 0) != (ssize_t)n) || lseek(io->in_fd, 0, SEEK_SET) != 0)
		abort();
	if (ftruncate(io->out_fd, 0) != 0 || lseek(io->out_fd, 0, SEEK_SET) != 0) abort();
}

/* The run's output into *out (grown as needed), its length in *len. */
static void fuzz_io_take(const struct fuzz_io *io, unsigned char **out, size_t *len, size_t *cap)
{
	off_t end = lseek(io->out_fd, 0, SEEK_END);
	if (end < 0) abort();
	*len = (size_t)end;
	if (*len + 1 > *cap) {
		*cap = *len + 1;
		*out = realloc(*out, *cap);
		if (!*out) abort();
	}
	if (*len && pread(io->out_fd, *out, *len, 0) != (ssize_t)*len) abort();
}

static void fuzz_dump(const char *what, const unsigned char *p, size_t n)
{
	fprintf(stderr, "%s (%zu bytes): \"", what, n);
	for (size_t i = 0; i < n && i < 4096; i++) {
		if (p[i] == '\\') fputs("\\\\", stderr);
		else if (p[i] == '"') fputs("\\\"", stderr);
		else if (p[i] == '\n') fputs("\\n", stderr);
		else if (p[i] == '\t') fputs("\\t", stderr);
		else if (p[i] >= 0x20 && p[i] < 0x7f) fputc(p[i], stderr);
		else fprintf(stderr, "\\x%02x", p[i]);
	}
	fputs(n > 4096 ? "\"...\n" : "\"\n", stderr);
}

#endif
