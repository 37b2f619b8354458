/* spill.c — a value held in a temporary file (rules.md §11.2).
 *
 * Pages are given back by mapping the same file range again over them
 * (MAP_FIXED): the old pages leave the process, and a later read faults
 * them in again from the file, byte for byte the same. This needs nothing
 * beyond POSIX mmap. */
#include "spill.h"

#include "diag.h"
#include "io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void spill_init(struct spill *s)
{
	memset(s, 0, sizeof *s);
	s->fd = -1;
	long pg = sysconf(_SC_PAGESIZE);
	s->page = pg > 0 ? (size_t)pg : 4096;
}

void spill_free(struct spill *s)
{
	spill_end(s);
	if (s->fd >= 0) close(s->fd);
	s->fd = -1;
}

bool spill_begin(struct spill *s)
{
	spill_end(s);
	s->err = 0;
	if (s->fd >= 0) return true;
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir) dir = "/tmp";
	size_t n = strlen(dir) + sizeof "/hostshift.XXXXXX";
	char *path = malloc(n);
	if (!path) { s->err = ENOMEM; return false; }
	snprintf(path, n, "%s/hostshift.XXXXXX", dir);
	s->fd = mkstemp(path);
	if (s->fd < 0) s->err = errno;
	else unlink(path);   /* nothing to clean up, whatever happens next */
	free(path);
	return s->fd >= 0;
}

bool spill_put(struct spill *s, const unsigned char *p, size_t n)
{
	if (s->err) return false;
	if (s->len + n > SPILL_MAX) { s->err = EFBIG; return false; }
	int e = io_write_all(s->fd, p, n);
	if (e) { s->err = e; return false; }
	s->len += n;
	return true;
}

const unsigned char *spill_map(struct spill *s)
{
	if (s->err || !s->len) return NULL;
	s->map_len = (size_t)((s->len + s->page - 1) / s->page * s->page);
	void *m = mmap(NULL, s->map_len, PROT_READ, MAP_PRIVATE, s->fd, 0);
	if (m == MAP_FAILED) { s->err = errno; s->map_len = 0; return NULL; }
	s->map = m;
	s->released = 0;
	return s->map;
}

void spill_release(struct spill *s, const unsigned char *upto)
{
	if (!s->map || upto <= s->map) return;
	size_t to = (size_t)(upto - s->map) / s->page * s->page;
	if (to > s->map_len) to = s->map_len;
	/* a read from further back (the walk's second pass starts over)
	 * may have brought back pages given back before */
	if (to + 4 * s->page < s->released) s->released = 0;
	if (to <= s->released) return;
	/* the range [released, to) mapped afresh: its pages are not ours now */
	void *m = mmap(s->map + s->released, to - s->released, PROT_READ, MAP_PRIVATE | MAP_FIXED, s->fd,
	               (off_t)s->released);
	if (m == MAP_FAILED) return;   /* best effort: the old pages stay, as readable */
	s->released = to;
}

void spill_end(struct spill *s)
{
	if (s->map) munmap(s->map, s->map_len);
	s->map = NULL;
	s->map_len = 0;
	s->released = 0;
	if (s->fd >= 0 && s->len) {
		if (ftruncate(s->fd, 0) != 0 || lseek(s->fd, 0, SEEK_SET) != 0) {
			/* a file that cannot be emptied is not reused */
			close(s->fd);
			s->fd = -1;
		}
	}
	s->len = 0;
}

void spill_release_cb(void *ctx, const unsigned char *upto) { spill_release(ctx, upto); }

_Noreturn void spill_fail(const struct spill *s, const char *file, const char *what, uint64_t off)
{
	diag_error(file, "cannot hold the %s at offset %llu in a temporary file: %s; set TMPDIR to a directory with room for it", what, (unsigned long long)off, strerror(s->err));
	exit(3);
}
