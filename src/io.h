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
/* The input's read size: 64 KiB reads from a pipe of 64 KiB
 * cost a wakeup of each side per 64 KiB; from a pipe grown to
 * IO_PIPE_SIZE (io_grow_pipe) a read takes up to this much of what the
 * writer ran ahead with. A read returns what is there, never waits for
 * more, so a slow writer's bytes are not held back. */
#define IO_READ_SIZE (256 * 1024)
#define IO_PIPE_SIZE (1024 * 1024)

/* read(2) retrying on EINTR; returns bytes read, 0 at EOF, -1 on error. */
ssize_t io_read(int fd, void *buf, size_t n);
/* If fd is a pipe of less than IO_PIPE_SIZE, ask the kernel to grow it to
 * that (Linux F_SETPIPE_SZ), so the writer can run further ahead: the
 * program before hostshift on the input, hostshift before the next on the
 * output. Best effort: where the kernel refuses (the user's pipe quota) or
 * has no such call, nothing changes. Never shrinks a pipe. */
void io_grow_pipe(int fd);
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
/* Whether the temp file's bytes equal the original's (*same); false with
 * err set when either cannot be read. Call after the writer's flush. */
bool io_inplace_same(struct io_inplace *ip, bool *same, char *err, size_t errcap);
/* fsync, keep a backup (path+suffix) if suffix is non-empty, rename over path. */
bool io_inplace_commit(struct io_inplace *ip, const char *suffix, char *err, size_t errcap);
/* Remove the temp file; the original is untouched. */
void io_inplace_abort(struct io_inplace *ip);

#endif
