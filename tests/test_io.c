/* test_io.c — the output writer of src/io: pieces of every size,
 * buffered or written past the buffer (writev), reach the file in order;
 * a failed write is kept and later pieces are dropped. And the input pipe
 * grown by io_grow_pipe. */
#define _GNU_SOURCE 1   /* F_GETPIPE_SZ, F_SETPIPE_SZ */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"
#include "suites.h"

/* Sizes around the buffer, its half (the writev threshold) and 1. */
static const size_t piece_sizes[] = { 1, 100, IO_BUF_SIZE / 2 - 1, IO_BUF_SIZE / 2, 3, IO_BUF_SIZE, IO_BUF_SIZE - 1, 7,
                                      IO_BUF_SIZE + 1, 40000, 40000, 1, 2 * IO_BUF_SIZE + 5, 0, 30000, 30000, 30000 };

START_TEST(writer_pieces_in_order)
{
	char path[] = "/tmp/hs-io-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	size_t total = 0;
	for (size_t k = 0; k < sizeof piece_sizes / sizeof *piece_sizes; k++) total += piece_sizes[k];
	unsigned char *want = malloc(total), *got = malloc(total + 1);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(got);
	uint32_t x = 2463534242u;
	for (size_t i = 0; i < total; i++) {
		x ^= x << 13; x ^= x >> 17; x ^= x << 5;
		want[i] = (unsigned char)x;
	}
	/* the order of the sizes rotated by _i: each size meets a buffer
	 * holding the bytes of different pieces before it */
	struct io_writer w;
	io_writer_init(&w, fd);
	size_t n = sizeof piece_sizes / sizeof *piece_sizes, at = 0;
	for (size_t k = 0; k < n; k++) {
		size_t len = piece_sizes[(k + (size_t)_i) % n];
		io_writer_write(&w, want + at, len);
		at += len;
	}
	ck_assert_int_eq(io_writer_flush(&w), 0);
	ck_assert_uint_eq(w.total, total);
	io_writer_free(&w);
	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	size_t have = 0;
	ssize_t r;
	while ((r = read(fd, got + have, total + 1 - have)) > 0) have += (size_t)r;
	close(fd);
	unlink(path);
	ck_assert_uint_eq(have, total);
	ck_assert(memcmp(got, want, total) == 0);
	free(want);
	free(got);
}
END_TEST

START_TEST(writer_keeps_first_error)
{
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	close(p[0]);   /* no reader: EPIPE */
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	static unsigned char big[IO_BUF_SIZE];
	memset(big, 'a', sizeof big);
	struct io_writer w;
	io_writer_init(&w, p[1]);
	io_writer_write(&w, big, 10);
	io_writer_write(&w, big, sizeof big);   /* past the buffer: written with the 10 before it */
	ck_assert_int_eq(w.err, EPIPE);
	io_writer_write(&w, big, 5);             /* dropped, still counted */
	ck_assert_int_eq(io_writer_flush(&w), EPIPE);
	ck_assert_uint_eq(w.total, 10 + sizeof big + 5);
	io_writer_free(&w);
	close(p[1]);
	signal(SIGPIPE, old);
}
END_TEST

/* io_grow_pipe: a pipe takes IO_PIPE_SIZE bytes without a reader, the
 * bytes already in it stay, a larger pipe is not shrunk, and anything but
 * a pipe is left alone. */
START_TEST(grow_pipe)
{
#if defined(F_GETPIPE_SZ) && defined(F_SETPIPE_SZ)
	int p[2];
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(write(p[1], "abc", 3), 3);
	io_grow_pipe(p[0]);   /* either end: one pipe */
	ck_assert_int_ge(fcntl(p[1], F_GETPIPE_SZ), IO_PIPE_SIZE);
	/* the writer runs ahead by the whole size, without blocking */
	ck_assert_int_eq(fcntl(p[1], F_SETFL, O_NONBLOCK), 0);
	static unsigned char big[IO_PIPE_SIZE - 3];
	memset(big, 'x', sizeof big);
	size_t put = 0;
	while (put < sizeof big) {
		ssize_t w = write(p[1], big + put, sizeof big - put);
		ck_assert_msg(w > 0, "write blocked after %zu bytes", put);
		put += (size_t)w;
	}
	char head[3];
	ck_assert_int_eq(read(p[0], head, 3), 3);
	ck_assert(memcmp(head, "abc", 3) == 0);
	close(p[0]);
	close(p[1]);

	/* a pipe already larger keeps its size (growing one past the system's
	 * limit needs privilege: where it is refused, nothing to check) */
	ck_assert_int_eq(pipe(p), 0);
	if (fcntl(p[0], F_SETPIPE_SZ, 2 * IO_PIPE_SIZE) >= 0) {
		int was = fcntl(p[0], F_GETPIPE_SZ);
		io_grow_pipe(p[0]);
		ck_assert_int_eq(fcntl(p[0], F_GETPIPE_SZ), was);
	}
	close(p[0]);
	close(p[1]);
#endif
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	io_grow_pipe(fileno(f));   /* a regular file: no effect, no error */
	ck_assert_int_eq(fputc('y', f), 'y');
	fclose(f);
	io_grow_pipe(-1);
}
END_TEST

Suite *io_suite(void)
{
	Suite *s = suite_create("io");
	TCase *tc = tcase_create("writer");
	tcase_add_loop_test(tc, writer_pieces_in_order, 0, (int)(sizeof piece_sizes / sizeof *piece_sizes));
	tcase_add_test(tc, writer_keeps_first_error);
	suite_add_tcase(s, tc);
	TCase *tp = tcase_create("pipe");
	tcase_add_test(tp, grow_pipe);
	suite_add_tcase(s, tp);
	return s;
}
