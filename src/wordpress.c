/* wordpress.c — a WordPress multisite network's tables (§8.5). */
#include "wordpress.h"

#include <string.h>
#include <strings.h>

static const char *const endings[] = { [WP_BLOGS] = "blogs", [WP_SITE] = "site" };

enum wp_table wordpress_table(const char *name)
{
	size_t n = strlen(name);
	for (int t = WP_BLOGS; t <= WP_SITE; t++) {
		size_t k = strlen(endings[t]);
		if (n > k && strcasecmp(name + n - k, endings[t]) == 0) return (enum wp_table)t;
	}
	return WP_NONE;
}

const char *wordpress_table_ending(enum wp_table t) { return t == WP_NONE ? "" : endings[t]; }

unsigned wordpress_column(const char *name)
{
	static const struct { const char *name; unsigned bit; } cols[] = {
		{ WORDPRESS_HOST_COLUMN, WP_COL_DOMAIN }, { "path", WP_COL_PATH }, { "blog_id", WP_COL_BLOG_ID },
		{ "site_id", WP_COL_SITE_ID }, { "id", WP_COL_ID },
	};
	for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
		if (strcasecmp(name, cols[i].name) == 0) return cols[i].bit;
	return 0;
}

bool wordpress_shape(enum wp_table t, unsigned columns)
{
	unsigned need = t == WP_BLOGS ? WP_COL_BLOG_ID | WP_COL_SITE_ID | WP_COL_DOMAIN | WP_COL_PATH
	              : t == WP_SITE  ? WP_COL_ID | WP_COL_DOMAIN | WP_COL_PATH
	                              : ~0u;
	return (columns & need) == need;
}
