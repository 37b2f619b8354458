/* spill.h — owns holding one value over the in-memory caps in a temporary
 * file (rules.md §11.2): appended as it streams in, then mapped read-only
 * so the value pipeline walks it as one buffer, its pages released behind
 * the walk as it goes, so memory stays bounded for a value of any length
 * (up to SPILL_MAX). One file per stream, created on the first value that
 * needs it in $TMPDIR (else /tmp), unlinked at once, reused for every
 * value after. */
#ifndef HOSTSHIFT_SPILL_H
#define HOSTSHIFT_SPILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest value held so: the value pipeline's offsets are 32 bits. */
#define SPILL_MAX ((uint64_t)0x7FFFFFFF)

struct spill {
	int fd;                   /* -1 until the first value needs it */
	uint64_t len;             /* bytes of the value appended */
	unsigned char *map;       /* the value, while mapped */
	size_t map_len;           /* bytes mapped (len rounded to pages) */
	size_t released;          /* map[0..released) was given back */
	size_t page;
	int err;                  /* the errno of the first failure, or 0 */
};

void spill_init(struct spill *s);
void spill_free(struct spill *s);
/* A new value: opens the file the first time. False (s->err set) if no
 * temporary file can be made. */
bool spill_begin(struct spill *s);
/* Append n bytes; false (s->err set) if the write failed. */
bool spill_put(struct spill *s, const unsigned char *p, size_t n);
/* The value's bytes, s->len of them, readable until spill_end; NULL (s->err
 * set) if they cannot be mapped. */
const unsigned char *spill_map(struct spill *s);
/* The mapped bytes before upto will not be read again soon: their pages
 * are given back (read again, they come back from the file, unchanged). */
void spill_release(struct spill *s, const unsigned char *upto);
/* The value is done: unmapped, the file emptied for the next. */
void spill_end(struct spill *s);
/* spill_release as the value pipeline's release callback (ctx: the spill). */
void spill_release_cb(void *ctx, const unsigned char *upto);
/* The file failed under a value it already holds (s->err): its bytes cannot
 * be written out as they were, so the run stops: says so, naming the input,
 * what the value is and its offset, and how to go on, and exits 3. */
_Noreturn void spill_fail(const struct spill *s, const char *file, const char *what, uint64_t off);

#endif
