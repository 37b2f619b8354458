/* wordpress.h — owns what --wordpress-multisite knows of WordPress
 * (§8.5): the two tables by whose `domain` a multisite network routes
 * requests, `PREFIXblogs` (a site of the network each) and `PREFIXsite`
 * (the network), told apart from other tables by the ending of their
 * name and by the columns WordPress creates them with, whatever the table
 * prefix the installation chose. */
#ifndef HOSTSHIFT_WORDPRESS_H
#define HOSTSHIFT_WORDPRESS_H

#include <stdbool.h>

enum wp_table { WP_NONE, WP_BLOGS, WP_SITE };

/* The columns of the two tables that tell them, as bits. */
enum { WP_COL_DOMAIN = 1, WP_COL_PATH = 2, WP_COL_BLOG_ID = 4, WP_COL_SITE_ID = 8, WP_COL_ID = 16 };

/* The column of both that holds the host. */
#define WORDPRESS_HOST_COLUMN "domain"

/* Which of the two a table's name may be: a prefix of at least one byte
 * and `blogs` or `site` (ASCII case ignored); WP_NONE for any other. */
enum wp_table wordpress_table(const char *name);
/* The ending of that kind's name: "blogs", "site". */
const char *wordpress_table_ending(enum wp_table t);
/* The WP_COL_ bit of a column name (ASCII case ignored), 0 for others. */
unsigned wordpress_column(const char *name);
/* Whether columns (WP_COL_ bits) are those WordPress creates a table of
 * kind t with: blog_id, site_id, domain and path for blogs; id, domain
 * and path for site. */
bool wordpress_shape(enum wp_table t, unsigned columns);

#endif
