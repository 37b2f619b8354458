/* bench/copies.c — an LD_PRELOAD shim that counts the bytes a run copies:
 * through memcpy and memmove (the calls that reach the C library; copies
 * the compiler makes inline are not seen), and through read(2), write(2)
 * and writev(2) (the writer sends a held piece and the bytes after it in
 * one writev). At exit it writes "copied=N read=N written=N" to the file
 * COPIES_OUT names (else stderr). Bytes copied per input byte is
 * copied / read; with the read and the write, the copies a byte takes
 * from the input to the output. Used by bench/copies.sh. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static unsigned long long copied, nread, nwritten;
static void *(*real_memcpy)(void *, const void *, size_t);
static void *(*real_memmove)(void *, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);

static void bytewise(unsigned char *d, const unsigned char *s, size_t n)
{
	if (d < s) for (size_t i = 0; i < n; i++) d[i] = s[i];
	else for (size_t i = n; i--;) d[i] = s[i];
}

static void resolve(void)
{
	if (!real_memcpy) real_memcpy = (void *(*)(void *, const void *, size_t))dlsym(RTLD_NEXT, "memcpy");
	if (!real_memmove) real_memmove = (void *(*)(void *, const void *, size_t))dlsym(RTLD_NEXT, "memmove");
	if (!real_read) real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	if (!real_write) real_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	if (!real_writev) real_writev = (ssize_t(*)(int, const struct iovec *, int))dlsym(RTLD_NEXT, "writev");
}

void *memcpy(void *d, const void *s, size_t n)
{
	copied += n;
	if (!real_memcpy) { bytewise(d, s, n); return d; }   /* while dlsym itself runs */
	return real_memcpy(d, s, n);
}

void *memmove(void *d, const void *s, size_t n)
{
	copied += n;
	if (!real_memmove) { bytewise(d, s, n); return d; }
	return real_memmove(d, s, n);
}

ssize_t read(int fd, void *b, size_t n)
{
	if (!real_read) resolve();
	ssize_t k = real_read(fd, b, n);
	if (k > 0) nread += (unsigned long long)k;
	return k;
}

ssize_t write(int fd, const void *b, size_t n)
{
	if (!real_write) resolve();
	ssize_t k = real_write(fd, b, n);
	if (k > 0 && fd == 1) nwritten += (unsigned long long)k;
	return k;
}

ssize_t writev(int fd, const struct iovec *iov, int n)
{
	if (!real_writev) resolve();
	ssize_t k = real_writev(fd, iov, n);
	if (k > 0 && fd == 1) nwritten += (unsigned long long)k;
	return k;
}

__attribute__((constructor)) static void init(void) { resolve(); }

__attribute__((destructor)) static void report(void)
{
	char line[128];
	int len = snprintf(line, sizeof line, "copied=%llu read=%llu written=%llu\n", copied, nread, nwritten);
	const char *f = getenv("COPIES_OUT");
	int fd = f ? open(f, O_WRONLY | O_CREAT | O_TRUNC, 0644) : 2;
	if (fd >= 0 && len > 0) real_write(fd, line, (size_t)len);
	if (f && fd >= 0) close(fd);
}
