/* map.c — map files, --pair, sites, and validation rules V1–V5 (§1.3). */
#include "map.h"

#include "ascii.h"
#include "buf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void map_init(struct map *m) { memset(m, 0, sizeof *m); }

void map_free(struct map *m)
{
	for (size_t i = 0; i < m->nsources; i++) free(m->sources[i]);
	free(m->sources);
	free(m->pairs);
	free(m->sites);
	map_init(m);
}

static void *grow(void *p, size_t *cap, size_t need, size_t elem) { return xgrow(p, cap, need, elem, 16); }

static const char *intern_source(struct map *m, const char *name)
{
	for (size_t i = 0; i < m->nsources; i++)
		if (strcmp(m->sources[i], name) == 0) return m->sources[i];
	m->sources = xrealloc(m->sources, (m->nsources + 1) * sizeof *m->sources);
	char *copy = strdup(name);
	if (!copy) die_oom();
	m->sources[m->nsources++] = copy;
	return copy;
}

/* Lines sharing a variant origin form one site (§1.2); the first line of
 * a site is its primary canonical. */
static void add_pair(struct map *m, const struct origin *c, const struct origin *v, const char *source, size_t line)
{
	size_t site = m->nsites;
	for (size_t s = 0; s < m->nsites; s++)
		if (origin_equal(&m->sites[s].variant, v)) { site = s; break; }
	if (site == m->nsites) {
		m->sites = grow(m->sites, &m->cap_sites, m->nsites + 1, sizeof *m->sites);
		m->sites[site].primary = m->npairs;
		m->sites[site].variant = *v;
		m->nsites++;
	}
	m->pairs = grow(m->pairs, &m->cap_pairs, m->npairs + 1, sizeof *m->pairs);
	struct map_pair *p = &m->pairs[m->npairs++];
	p->canonical = *c;
	p->variant = *v;
	p->site = site;
	p->source = source;
	p->line = line;
}

static bool parse_line(struct map *m, const char *src, size_t lineno, const char *s, size_t n, char *err, size_t errcap)
{
	/* '#' starts a comment anywhere on the line. */
	const char *hash = memchr(s, '#', n);
	if (hash) n = (size_t)(hash - s);
	const char *field[3];
	size_t flen[3], nf = 0, i = 0;
	while (i < n) {
		while (i < n && ascii_space_c((unsigned char)s[i])) i++;
		if (i == n) break;
		size_t b = i;
		while (i < n && !ascii_space_c((unsigned char)s[i])) i++;
		if (nf < 3) { field[nf] = s + b; flen[nf] = i - b; }
		nf++;
	}
	if (nf == 0) return true;
	if (nf != 2) {
		snprintf(err, errcap, "%s:%zu: expected two origins, CANONICAL VARIANT (found %zu field%s)", src, lineno, nf, nf == 1 ? "" : "s");
		return false;
	}
	struct origin c, v;
	const char *why;
	if (!origin_parse(field[0], flen[0], &c, &why)) {
		snprintf(err, errcap, "%s:%zu: canonical '%.*s': %s", src, lineno, (int)flen[0], field[0], why);
		return false;
	}
	if (!origin_parse(field[1], flen[1], &v, &why)) {
		snprintf(err, errcap, "%s:%zu: variant '%.*s': %s", src, lineno, (int)flen[1], field[1], why);
		return false;
	}
	add_pair(m, &c, &v, src, lineno);
	return true;
}

bool map_load_text(struct map *m, const char *source, const char *text, size_t n, char *err, size_t errcap)
{
	const char *src = intern_source(m, source);
	size_t lineno = 0, i = 0;
	/* A byte order mark, as some editors write one, starts no field. */
	if (n >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) i = 3;
	while (i < n) {
		const char *nl = memchr(text + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - text) : n;
		lineno++;
		if (memchr(text + i, '\0', end - i)) {
			snprintf(err, errcap, "%s:%zu: NUL byte in the map", src, lineno);
			return false;
		}
		if (!parse_line(m, src, lineno, text + i, end - i, err, errcap)) return false;
		i = end + 1;
	}
	return true;
}

#define MAP_FILE_MAX (16u << 20)

bool map_load_file(struct map *m, const char *path, char *err, size_t errcap)
{
	FILE *f = fopen(path, "rb");
	if (!f) { snprintf(err, errcap, "%s: %s", path, strerror(errno)); return false; }
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		snprintf(err, errcap, "%s: is a directory; -m names a map file", path);
		return false;
	}
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	if (!buf) { fclose(f); snprintf(err, errcap, "%s: out of memory", path); return false; }
	for (;;) {
		if (n == cap) {
			if (cap >= MAP_FILE_MAX) { free(buf); fclose(f); snprintf(err, errcap, "%s: map file larger than 16 MiB", path); return false; }
			char *nb = realloc(buf, cap * 2);
			if (!nb) { free(buf); fclose(f); snprintf(err, errcap, "%s: out of memory", path); return false; }
			buf = nb; cap *= 2;
		}
		size_t r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0) break;
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad) { int e = errno; free(buf); snprintf(err, errcap, "%s: read error: %s", path, strerror(e)); return false; }
	bool ok = map_load_text(m, path, buf, n, err, errcap);
	free(buf);
	return ok;
}

bool map_add_pair_arg(struct map *m, const char *arg, char *err, size_t errcap)
{
	static const char src_name[] = "--pair";
	const char *src = intern_source(m, src_name);
	size_t ordinal = 1;
	for (size_t i = 0; i < m->npairs; i++) if (m->pairs[i].source == src) ordinal++;
	/* The variant starts at the '=' that precedes its scheme, so a '=' is
	 * never looked for inside an origin. */
	const char *eq = strchr(arg, '=');
	if (!eq) {
		snprintf(err, errcap, "%s:%zu: expected CANONICAL=VARIANT, got '%s'", src, ordinal, arg);
		return false;
	}
	struct origin c, v;
	const char *why;
	if (!origin_parse(arg, (size_t)(eq - arg), &c, &why)) {
		snprintf(err, errcap, "%s:%zu: canonical '%.*s': %s", src, ordinal, (int)(eq - arg), arg, why);
		return false;
	}
	if (!origin_parse(eq + 1, strlen(eq + 1), &v, &why)) {
		snprintf(err, errcap, "%s:%zu: variant '%s': %s", src, ordinal, eq + 1, why);
		return false;
	}
	add_pair(m, &c, &v, src, ordinal);
	return true;
}

void map_pair_where(const struct map_pair *p, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s:%zu", p->source, p->line);
}

bool map_validate(const struct map *m, char *err, size_t errcap)
{
	char o1[300], o2[300], w1[300], w2[300];
	/* V1 */
	if (m->nsites == 0) {
		/* name the maps read, so an empty or all-comment file shows */
		if (m->nsources == 1)
			snprintf(err, errcap, "%s: no pairs in the map; each line names two origins, CANONICAL VARIANT", m->sources[0]);
		else if (m->nsources > 1)
			snprintf(err, errcap, "%s and %zu other map%s: no pairs in any; each line names two origins, CANONICAL VARIANT",
			         m->sources[0], m->nsources - 1, m->nsources == 2 ? "" : "s");
		else
			snprintf(err, errcap, "no sites in the map (give -m FILE or -p CANONICAL=VARIANT)");
		return false;
	}
	/* V2 holds by construction: a site is named by its variant. */
	/* V3: no two sites derive the same variant host (scheme and port ignored). */
	for (size_t a = 0; a < m->nsites; a++)
		for (size_t b = a + 1; b < m->nsites; b++)
			if (strcmp(m->sites[a].variant.host, m->sites[b].variant.host) == 0) {
				const struct map_pair *pb = &m->pairs[m->sites[b].primary], *pa = &m->pairs[m->sites[a].primary];
				map_pair_where(pb, w1, sizeof w1); map_pair_where(pa, w2, sizeof w2);
				origin_render(&pb->variant, o1, sizeof o1); origin_render(&pa->variant, o2, sizeof o2);
				snprintf(err, errcap, "%s: variant %s shares its host with variant %s of another site (%s)", w1, o1, o2, w2);
				return false;
			}
	/* V4: a canonical origin belongs to at most one site (and, V6a, is declared once). */
	for (size_t b = 0; b < m->npairs; b++)
		for (size_t a = 0; a < b; a++)
			if (origin_equal(&m->pairs[a].canonical, &m->pairs[b].canonical)) {
				map_pair_where(&m->pairs[b], w1, sizeof w1); map_pair_where(&m->pairs[a], w2, sizeof w2);
				origin_render(&m->pairs[b].canonical, o1, sizeof o1);
				if (m->pairs[a].site != m->pairs[b].site)
					snprintf(err, errcap, "%s: canonical %s is declared by two sites (first at %s)", w1, o1, w2);
				else
					snprintf(err, errcap, "%s: canonical %s is declared twice (first at %s)", w1, o1, w2);
				return false;
			}
	/* V5: a variant may not equal a canonical of a different site. */
	for (size_t s = 0; s < m->nsites; s++)
		for (size_t p = 0; p < m->npairs; p++)
			if (m->pairs[p].site != s && origin_equal(&m->sites[s].variant, &m->pairs[p].canonical)) {
				const struct map_pair *ps = &m->pairs[m->sites[s].primary], *pp = &m->pairs[p];
				const struct map_pair *later = ps > pp ? ps : pp;  /* pairs are in declaration order */
				map_pair_where(later, w1, sizeof w1);
				map_pair_where(later == ps ? pp : ps, w2, sizeof w2);
				origin_render(&m->sites[s].variant, o1, sizeof o1);
				/* Name the later line, and say what stands on it. */
				if (later == ps)
					snprintf(err, errcap, "%s: variant %s is the canonical of another site (%s)", w1, o1, w2);
				else
					snprintf(err, errcap, "%s: canonical %s is the variant of another site (%s)", w1, o1, w2);
				return false;
			}
	return true;
}
