/* fuzz_maps.h — the maps of the pipeline-level fuzz targets: a map built
 * from its text (a refused map is a bug of the target: abort), and the
 * identity map of its canonical origins (one line per host), under which
 * the output must equal the input. */
#ifndef HOSTSHIFT_FUZZ_MAPS_H
#define HOSTSHIFT_FUZZ_MAPS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#endif
