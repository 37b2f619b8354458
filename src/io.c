/* io.c — read/write loops and in-place temp files. */
#define _GNU_SOURCE 1   /* F_GETPIPE_SZ, F_SETPIPE_SZ (Linux) in <fcntl.h> */
#include "io.h"

#include "buf.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

void io_grow_pipe(int fd)
{
#if defined(F_GETPIPE_SZ) && defined(F_SETPIPE_SZ)
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode)) return;
	int have = fcntl(fd, F_GETPIPE_SZ);
	if (have >= 0 && have < IO_PIPE_SIZE) (void)fcntl(fd, F_SETPIPE_SZ, IO_PIPE_SIZE);
#else
	(void)fd;
#endif
}

ssize_t io_read(int fd, void *buf, size_t n)
{
	for (;;) {
		ssize_t r = read(fd, buf, n);
		if (r >= 0 || errno != EINTR) return r;
	}
}

int io_write_all(int fd, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR) continue;
			return errno;
		}
		if (w == 0) return EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* a[0..an) then b[0..bn) in one writev(2), what is left of them as
 * io_write_all writes it; returns 0 or an errno value. */
static int write2_all(int fd, const unsigned char *a, size_t an, const unsigned char *b, size_t bn)
{
	while (an) {
		struct iovec iov[2] = { { (void *)a, an }, { (void *)b, bn } };
		ssize_t w = writev(fd, iov, 2);
		if (w < 0) {
			if (errno == EINTR) continue;
			return errno;
		}
		if (w == 0) return EIO;
		size_t done = (size_t)w;
		if (done < an) {
			a += done;
			an -= done;
			continue;
		}
		b += done - an;
		bn -= done - an;
		an = 0;
	}
	return io_write_all(fd, b, bn);
}

void io_writer_init(struct io_writer *w, int fd)
{
	memset(w, 0, sizeof *w);
	w->fd = fd;
	w->buf = xmalloc(IO_BUF_SIZE);
}

void io_writer_free(struct io_writer *w)
{
	free(w->buf);
	w->buf = NULL;
}

void io_writer_retarget(struct io_writer *w, int fd)
{
	w->fd = fd;
	w->len = 0;
	w->err = 0;
	w->total = 0;
}

int io_writer_flush(struct io_writer *w)
{
	if (!w->err && w->len) w->err = io_write_all(w->fd, w->buf, w->len);
	w->len = 0;
	return w->err;
}

void io_writer_write(void *ctx, const unsigned char *p, size_t n)
{
	struct io_writer *w = ctx;
	w->total += n;
	if (w->err) return;
	/* a piece of half a buffer or more (the sweep's batches)
	 * goes out after the bytes before it in one writev, not copied in */
	if (n >= IO_BUF_SIZE / 2) {
		w->err = write2_all(w->fd, w->buf, w->len, p, n);
		w->len = 0;
		return;
	}
	if (w->len + n > IO_BUF_SIZE && io_writer_flush(w)) return;
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

struct sink io_writer_sink(struct io_writer *w)
{
	return (struct sink){ io_writer_write, w, NULL };
}

/* The temp file of the in-place rewrite under way, removed if the run
 * ends before it is renamed or dropped: an exit on an error that ends the
 * run (out of memory, no room for a spill), or a signal that ends it
 * (INT, TERM, HUP). The original is untouched either way. */
static char *volatile live_tmp;

static void remove_live_tmp(void)
{
	char *t = live_tmp;
	if (t) unlink(t);
}

static void on_fatal_signal(int sig)
{
	remove_live_tmp();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void watch_tmp(char *tmp)
{
	static bool installed;
	if (!installed) {
		installed = true;
		atexit(remove_live_tmp);
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
		for (size_t k = 0; k < sizeof sigs / sizeof *sigs; k++) {
			/* (a signal the caller ignores stays ignored) */
			void (*old)(int) = signal(sigs[k], on_fatal_signal);
			if (old == SIG_IGN) signal(sigs[k], SIG_IGN);
		}
	}
	live_tmp = tmp;
}

bool io_inplace_open(struct io_inplace *ip, const char *path, char *err, size_t errcap)
{
	memset(ip, 0, sizeof *ip);
	ip->fd = -1;
	struct stat st;
	if (stat(path, &st) != 0) { snprintf(err, errcap, "%s: %s", path, strerror(errno)); return false; }
	if (!S_ISREG(st.st_mode)) { snprintf(err, errcap, "%s: not a regular file (cannot rewrite in place)", path); return false; }
	ip->path = strdup(path);
	size_t n = strlen(path) + 32;
	ip->tmp = malloc(n);
	if (!ip->path || !ip->tmp) { snprintf(err, errcap, "out of memory"); io_inplace_abort(ip); return false; }
	/* The temp file lives in the same directory, so rename(2) is atomic. */
	char *dcopy = strdup(path), *bcopy = strdup(path);
	if (!dcopy || !bcopy) { free(dcopy); free(bcopy); snprintf(err, errcap, "out of memory"); io_inplace_abort(ip); return false; }
	snprintf(ip->tmp, n, "%s/.%s.hsXXXXXX", dirname(dcopy), basename(bcopy));
	free(dcopy);
	free(bcopy);
	ip->fd = mkstemp(ip->tmp);
	if (ip->fd >= 0) watch_tmp(ip->tmp);
	if (ip->fd < 0) {
		snprintf(err, errcap, "%s: cannot create a temp file: %s", path, strerror(errno));
		free(ip->tmp); ip->tmp = NULL;
		io_inplace_abort(ip);
		return false;
	}
	if (fchmod(ip->fd, st.st_mode & 07777) != 0) {
		snprintf(err, errcap, "%s: %s", ip->tmp, strerror(errno));
		io_inplace_abort(ip);
		return false;
	}
	return true;
}

bool io_inplace_same(struct io_inplace *ip, bool *same, char *err, size_t errcap)
{
	*same = false;
	int in = open(ip->path, O_RDONLY);
	if (in < 0) { snprintf(err, errcap, "%s: %s", ip->path, strerror(errno)); return false; }
	struct stat a, b;
	if (fstat(in, &a) != 0 || fstat(ip->fd, &b) != 0) {
		snprintf(err, errcap, "%s: %s", ip->path, strerror(errno));
		close(in);
		return false;
	}
	if (a.st_size != b.st_size) { close(in); return true; }
	unsigned char x[16384], y[16384];
	off_t at = 0;
	bool ok = true, differ = false;
	for (;;) {
		ssize_t r = io_read(in, x, sizeof x);
		if (r < 0) { snprintf(err, errcap, "%s: %s", ip->path, strerror(errno)); ok = false; break; }
		if (r == 0) break;
		ssize_t got = 0, k = 1;
		while (got < r && k > 0) {
			k = pread(ip->fd, y + got, (size_t)(r - got), at + got);
			if (k < 0 && errno == EINTR) k = 1;
			else if (k > 0) got += k;
		}
		if (k < 0) { snprintf(err, errcap, "%s: %s", ip->tmp, strerror(errno)); ok = false; break; }
		if (got != r || memcmp(x, y, (size_t)r) != 0) { differ = true; break; }
		at += r;
	}
	close(in);
	if (ok) *same = !differ;
	return ok;
}

static bool copy_file(const char *from, const char *to, char *err, size_t errcap)
{
	int in = open(from, O_RDONLY);
	if (in < 0) { snprintf(err, errcap, "%s: %s", from, strerror(errno)); return false; }
	struct stat st;
	if (fstat(in, &st) != 0) { snprintf(err, errcap, "%s: %s", from, strerror(errno)); close(in); return false; }
	int out = open(to, O_WRONLY | O_CREAT | O_TRUNC, st.st_mode & 07777);
	if (out < 0) { snprintf(err, errcap, "%s: %s", to, strerror(errno)); close(in); return false; }
	unsigned char buf[16384];
	ssize_t r;
	int e = 0;
	while ((r = io_read(in, buf, sizeof buf)) > 0)
		if ((e = io_write_all(out, buf, (size_t)r)) != 0) break;
	if (r < 0) e = errno;
	if (!e && fsync(out) != 0) e = errno;
	if (close(out) != 0 && !e) e = errno;
	close(in);
	if (e) { snprintf(err, errcap, "%s: %s", to, strerror(e)); unlink(to); return false; }
	return true;
}

bool io_inplace_commit(struct io_inplace *ip, const char *suffix, char *err, size_t errcap)
{
	if (fsync(ip->fd) != 0) { snprintf(err, errcap, "%s: %s", ip->tmp, strerror(errno)); io_inplace_abort(ip); return false; }
	if (close(ip->fd) != 0) { ip->fd = -1; snprintf(err, errcap, "%s: %s", ip->tmp, strerror(errno)); io_inplace_abort(ip); return false; }
	ip->fd = -1;
	if (suffix && *suffix) {
		size_t n = strlen(ip->path) + strlen(suffix) + 1;
		char *bak = malloc(n);
		if (!bak) { snprintf(err, errcap, "out of memory"); io_inplace_abort(ip); return false; }
		snprintf(bak, n, "%s%s", ip->path, suffix);
		/* A hard link keeps the original's inode as the backup; where links
		 * are not possible, copy it. */
		bool ok = true;
		if (unlink(bak) != 0 && errno != ENOENT) {
			snprintf(err, errcap, "%s: %s", bak, strerror(errno));
			ok = false;
		} else if (link(ip->path, bak) != 0) {
			ok = copy_file(ip->path, bak, err, errcap);
		}
		free(bak);
		if (!ok) { io_inplace_abort(ip); return false; }
	}
	if (rename(ip->tmp, ip->path) == 0) live_tmp = NULL;
	else {
		snprintf(err, errcap, "%s: %s", ip->path, strerror(errno));
		io_inplace_abort(ip);
		return false;
	}
	free(ip->tmp); ip->tmp = NULL;
	free(ip->path); ip->path = NULL;
	return true;
}

void io_inplace_abort(struct io_inplace *ip)
{
	if (ip->fd >= 0) close(ip->fd);
	ip->fd = -1;
	if (ip->tmp) unlink(ip->tmp);
	live_tmp = NULL;
	free(ip->tmp);
	free(ip->path);
	ip->tmp = ip->path = NULL;
}
