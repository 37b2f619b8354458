/* map.h — owns the map: map files (-m) and --pair arguments, the pairs they
 * declare, the sites those pairs form (lines sharing a variant; the first is
 * the primary canonical), and the site-level validation rules V1–V5 of
 * §1.3. The matcher-level rules V6/V7 live in patterns.c. */
#ifndef HOSTSHIFT_MAP_H
#define HOSTSHIFT_MAP_H

#include <stdbool.h>
#include <stddef.h>

#include "origin.h"

struct map_pair {
	struct origin canonical, variant;
	size_t site;           /* index into map.sites */
	const char *source;    /* file name, or "--pair" */
	size_t line;           /* 1-based line in the file, or the --pair ordinal */
};

struct map_site {
	size_t primary;        /* index of its first pair (the primary canonical) */
	struct origin variant;
};

struct map {
	struct map_pair *pairs;
	size_t npairs, cap_pairs;
	struct map_site *sites;
	size_t nsites, cap_sites;
	char **sources;        /* owned copies of source names */
	size_t nsources;
};

void map_init(struct map *m);
void map_free(struct map *m);

/* Each returns false and writes "SOURCE:LINE: message" to err on failure. */
bool map_load_file(struct map *m, const char *path, char *err, size_t errcap);
bool map_load_text(struct map *m, const char *source, const char *text, size_t n, char *err, size_t errcap);
bool map_add_pair_arg(struct map *m, const char *arg, char *err, size_t errcap);

/* "FILE:LINE" (or "--pair:N"): where a pair was declared, for messages. */
void map_pair_where(const struct map_pair *p, char *buf, size_t cap);

/* V1–V5 (§1.3). */
bool map_validate(const struct map *m, char *err, size_t errcap);

#endif
