/* io.h — owns the read and write loops (EINTR, short writes, EPIPE), the
 * output buffer, and in-place rewriting through a temp file in the same
 * directory (fsync + rename; the original untouched on any error). */
#ifndef HOSTSHIFT_IO_H
#define HOSTSHIFT_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sink.h"

#define IO_BUF_SIZE (64 * 1024)

/* read(2) retrying on EINTR; returns bytes read, 0 at EOF, -1 on error. */
ssize_t io_read(int fd, void *buf, size_t n);
/* Write all n bytes; returns 0 or an errno value. */
int io_write_all(int fd, const void *buf, size_t n);

struct io_writer {
	int fd;
	unsigned char *buf;
	size_t len;
	int err;                 /* first errno of a failed write; 0 if none */
	uint64_t total;          /* bytes accepted */
};

void io_writer_init(struct io_writer *w, int fd);   /* allocates the buffer once */
void io_writer_free(struct io_writer *w);
void io_writer_retarget(struct io_writer *w, int fd);
/* sink-compatible: ctx is the io_writer */
void io_writer_write(void *ctx, const unsigned char *p, size_t n);
/* Returns 0 or the errno of the first failure. */
int io_writer_flush(struct io_writer *w);
struct sink io_writer_sink(struct io_writer *w);

struct io_inplace {
	char *path;              /* the file being rewritten */
	char *tmp;               /* the temp file beside it */
	int fd;
};

/* Create the temp file beside path, with path's permissions. */
bool io_inplace_open(struct io_inplace *ip, const char *path, char *err, size_t errcap);
/* fsync, keep a backup (path+suffix) if suffix is non-empty, rename over path. */
bool io_inplace_commit(struct io_inplace *ip, const char *suffix, char *err, size_t errcap);
/* Remove the temp file; the original is untouched. */
void io_inplace_abort(struct io_inplace *ip);

#endif
