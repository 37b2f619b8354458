/*
 * gen_dump.c — deterministic WordPress-like mysqldump generator for the
 * sql benchmark (bench/README.md).  libc only.
 *
 * Build:  cc -O2 -o bench/out/gen_dump bench/gen_dump.c
 * Use:    gen_dump [-v] dump BYTES   > wp.sql   a whole dump
 *         gen_dump [-v] line BYTES   > one.sql  ONE extended INSERT line
 *         gen_dump check             < wp.sql   serialized-length check
 *
 * BYTES is a decimal count with an optional suffix k, M or G (powers of
 * 1000: 200M = 200,000,000).  Output is the same for the same arguments on
 * every run and machine (fixed-seed xorshift64*).
 *
 * `dump` writes a mysqldump-style file of at least BYTES bytes (it stops at
 * the first row boundary past BYTES, then closes the statement and writes
 * the trailer): the usual header, then wp_options (10% of the bytes),
 * wp_posts (60%) and wp_postmeta (30%), each as DROP/CREATE TABLE, LOCK
 * TABLES and extended INSERT lines of about 1 MB (mysqldump's default
 * net_buffer_length of 1,046,528 bytes), UNLOCK TABLES, and the trailer.
 *
 * `line` writes a single `INSERT INTO `wp_postmeta` VALUES (...),(...),...;`
 * statement of at least BYTES bytes with no newline until its final byte.
 *
 * Values are built decoded and written with mysqldump's escaping (\0 \n \r
 * \\ \' \" \Z), so the dump holds what a real one does:
 *   - PHP serialize() output with correct byte lengths: widget arrays with
 *     HTML, theme_mods with a stdClass object, an object with protected and
 *     private properties (NUL bytes, dumped as \0), double-serialized
 *     strings, multibyte UTF-8 — origins inside appear as
 *     s:22:\"https://www.example.fi\";
 *   - JSON with escaped slashes stored in a column, double-escaped in the
 *     dump: https:\\/\\/www.example.fi\\/x;
 *   - Gutenberg post content (block comments with JSON attributes, links,
 *     images, scheme-relative //www.example.fi URLs, a percent-encoded
 *     redirect_to), guid URLs;
 *   - plenty of text without any origin, and near misses that must not be
 *     rewritten (https://www.example.fin/, https://www.example.fi.cdn.example.net/,
 *     https://www.example.fi:8443/).
 *
 * With -v, counts of what was planted are written to stderr:
 *
 *     bytes=B lines=L rows=R origins=O literal=A http=H relative=S json=J percent=P near_miss=N
 *
 * where origins = literal + http + relative + json + percent, the number of
 * www.example.fi origins a map for https://www.example.fi must rewrite.
 *
 * `check` reads a dump on stdin, decodes every single-quoted literal
 * (backslash escapes and doubled quotes) and checks every serialized string
 * token s:N:"…"; in it (one starting at the literal's start or after ; { }
 * or a "…" opener) — the N bytes after the opening quote must be followed
 * by "; — and prints
 *
 *     literals=L serialized_strings=S bad=B
 *
 * exiting 1 if B > 0.  It validates that a rewrite repaired every length.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GEN_NAME "gen_dump"
#include "gen_buf.h"

/* ---- output -------------------------------------------------------------- */

static uint64_t out_total;

static void write_all(const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(1, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            perror("gen_dump: write");
            exit(3);
        }
        p += w;
        n -= (size_t)w;
    }
}

static struct buf out;

static void emit(const char *p, size_t n)
{
    out_total += n;
    if (out.len + n > (1u << 20) && out.len > 0) {
        write_all(out.p, out.len);
        out.len = 0;
    }
    if (n >= (1u << 20)) {
        write_all(p, n);
        return;
    }
    put(&out, p, n);
}

static void emits(const char *s) { emit(s, strlen(s)); }

static void flush_out(void)
{
    write_all(out.p, out.len);
    out.len = 0;
}

/* ---- deterministic randomness -------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545F4914F6CDD1Dull;
}

static unsigned rn(unsigned n) { return (unsigned)((rnd() >> 33) % n); }

#define PICK(arr) (arr[rn(sizeof arr / sizeof arr[0])])

/* ---- planted counts ------------------------------------------------------- */

static uint64_t n_literal, n_http, n_rel, n_json, n_pct, n_near, n_rows, n_lines;

#define HOST "www.example.fi"
#define ORIGIN "https://" HOST

/* ---- vocabulary ---------------------------------------------------------- */

static const char *const words[] = {
    "the", "and", "of", "to", "in", "for", "with", "on", "our", "your", "we",
    "service", "customer", "solutions", "product", "quality", "team", "support",
    "information", "contact", "company", "design", "development", "project",
    "price", "delivery", "order", "news", "article", "update", "release",
    "palvelu", "asiakas", "yritys", "tuote", "hinta", "toimitus", "uutiset",
    "käyttäjä", "yhteystiedot", "työpaikat", "ympäristö", "sähköposti",
    "päivitys", "tietosuoja", "evästeet", "Helsingissä", "Tampereella",
    "Åbo", "naïve", "café", "résumé", "Straße", "€", "£", "—", "…",
    "日本語", "中文", "Ελληνικά", "русский", "😀", "🚀", "✓",
    "it's", "don't", "\"quoted\"", "50%", "C:\\path\\file", "a;b", "x\"y",
    "tab\there", "2024", "12:30", "#hashtag", "@mention", "&amp;",
};

static const char *const paths[] = {
    "/", "/yhteystiedot/", "/tuotteet/", "/blog/", "/en/about-us/",
    "/wp-content/uploads/2023/05/kuva-1024x768.jpg",
    "/wp-content/uploads/2024/01/logo.png", "/wp-content/themes/acme/style.css",
    "/?p=123", "/blog/2024/03/uutiset-ja-tiedotteet/", "/feed/",
    "/wp-json/wp/v2/posts", "/tuote/kahvinkeitin-x200/?variant=blue",
    "/en/contact/#form", "/wp-admin/admin-ajax.php",
};

static const char *const near_misses[] = {
    "https://www.example.fin/",
    "https://www.example.fi.cdn.example.net/assets/app.js",
    "https://www.example.fi:8443/status",
    "https://www.example.fiction.org/",
};

static void text(struct buf *b, unsigned nwords)
{
    for (unsigned i = 0; i < nwords; i++) {
        const char *w = PICK(words);
        if (i == 0 && w[0] >= 'a' && w[0] <= 'z') {
            putc_(b, (char)(w[0] - 'a' + 'A'));
            puts_(b, w + 1);
        } else {
            if (i)
                putc_(b, ' ');
            puts_(b, w);
        }
    }
    putc_(b, '.');
}

/* an origin in the literal spelling, optionally with a path */
static void url(struct buf *b, int with_path)
{
    puts_(b, ORIGIN);
    n_literal++;
    if (with_path)
        puts_(b, PICK(paths));
}

/* the same, JSON-escaped slashes (https:\/\/www.example.fi\/x) */
static void json_url(struct buf *b)
{
    puts_(b, "https:\\/\\/" HOST);
    n_json++;
    const char *p = PICK(paths);
    for (; *p; p++) {
        if (*p == '/')
            putc_(b, '\\');
        putc_(b, *p);
    }
}

static void near_miss(struct buf *b)
{
    puts_(b, PICK(near_misses));
    n_near++;
}

/* PHP json_encode() of a string body: \" \\ \/ and \n escaped */
static void json_escape(struct buf *b, const struct buf *v)
{
    for (size_t i = 0; i < v->len; i++) {
        char c = v->p[i];
        if (c == '"' || c == '\\' || c == '/') {
            putc_(b, '\\');
            putc_(b, c);
        } else if (c == '\n') {
            puts_(b, "\\n");
        } else if (c == '\t') {
            puts_(b, "\\t");
        } else {
            putc_(b, c);
        }
    }
}

/* ---- PHP serialize() helpers (decoded bytes) ------------------------------ */

static void ser_str(struct buf *b, const char *s, size_t n)
{
    putf(b, "s:%zu:\"", n);
    put(b, s, n);
    puts_(b, "\";");
}

static void ser_cstr(struct buf *b, const char *s) { ser_str(b, s, strlen(s)); }

static void ser_buf(struct buf *b, const struct buf *v) { ser_str(b, v->p, v->len); }

static struct buf tmp1, tmp2, tmp3;

static void ser_url(struct buf *b, int with_path)
{
    tmp3.len = 0;
    url(&tmp3, with_path);
    ser_buf(b, &tmp3);
}

/* ---- HTML ----------------------------------------------------------------- */

static void html_paragraph(struct buf *b, int with_link)
{
    puts_(b, "<!-- wp:paragraph -->\n<p>");
    text(b, 8 + rn(60));
    if (with_link) {
        puts_(b, " <a href=\"");
        url(b, 1);
        puts_(b, "\">");
        text(b, 2 + rn(4));
        puts_(b, "</a> ");
        text(b, 4 + rn(12));
    }
    puts_(b, "</p>\n<!-- /wp:paragraph -->\n\n");
}

static void html_image(struct buf *b, unsigned id)
{
    putf(b, "<!-- wp:image {\"id\":%u,\"sizeSlug\":\"large\",\"url\":\"", id);
    url(b, 1);
    puts_(b, "\"} -->\n<figure class=\"wp-block-image size-large\"><img src=\"");
    url(b, 1);
    putf(b, "\" alt=\"\" class=\"wp-image-%u\" srcset=\"", id);
    url(b, 1);
    puts_(b, " 1024w, ");
    url(b, 1);
    puts_(b, " 300w\"/><figcaption>");
    text(b, 3 + rn(8));
    puts_(b, "</figcaption></figure>\n<!-- /wp:image -->\n\n");
}

static void html_misc(struct buf *b)
{
    switch (rn(5)) {
    case 0:
        puts_(b, "<!-- wp:html -->\n<script src=\"//" HOST "/wp-includes/js/jquery.js\"></script>\n<!-- /wp:html -->\n\n");
        n_rel++;
        break;
    case 1:
        puts_(b, "<!-- wp:paragraph -->\n<p><a href=\"");
        url(b, 0);
        puts_(b, "/wp-login.php?redirect_to=https%3A%2F%2F" HOST "%2Fwp-admin%2F\">Kirjaudu</a></p>\n<!-- /wp:paragraph -->\n\n");
        n_pct++;
        break;
    case 2:
        puts_(b, "<!-- wp:paragraph -->\n<p>Old link: <a href=\"http://" HOST "/vanha-sivu/\">vanha</a>; not ours: <a href=\"");
        n_http++;
        near_miss(b);
        puts_(b, "\">x</a></p>\n<!-- /wp:paragraph -->\n\n");
        break;
    case 3:
        puts_(b, "<!-- wp:embed {\"url\":\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\",\"type\":\"video\"} -->\n"
                 "<figure class=\"wp-block-embed\"><div class=\"wp-block-embed__wrapper\">\n"
                 "https://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure>\n<!-- /wp:embed -->\n\n");
        break;
    default:
        puts_(b, "<!-- wp:list -->\n<ul><li>");
        text(b, 5 + rn(10));
        puts_(b, "</li><li>");
        text(b, 5 + rn(10));
        puts_(b, "</li></ul>\n<!-- /wp:list -->\n\n");
        break;
    }
}

static void post_content(struct buf *b, unsigned id)
{
    unsigned blocks = 2 + rn(30);
    for (unsigned i = 0; i < blocks; i++) {
        unsigned k = rn(20);
        if (k < 15)
            html_paragraph(b, 0); /* text without origins */
        else if (k < 17)
            html_paragraph(b, 1);
        else if (k < 18)
            html_image(b, id * 10 + i);
        else
            html_misc(b);
    }
}

/* ---- SQL row assembly ----------------------------------------------------- */

/* mysqldump's escaping of a string literal body */
static void sql_lit(struct buf *row, const char *s, size_t n)
{
    reserve(row, 2 * n + 2);
    char *d = row->p + row->len;
    *d++ = '\'';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case 0: *d++ = '\\'; *d++ = '0'; break;
        case '\n': *d++ = '\\'; *d++ = 'n'; break;
        case '\r': *d++ = '\\'; *d++ = 'r'; break;
        case '\\': *d++ = '\\'; *d++ = '\\'; break;
        case '\'': *d++ = '\\'; *d++ = '\''; break;
        case '"': *d++ = '\\'; *d++ = '"'; break;
        case 0x1a: *d++ = '\\'; *d++ = 'Z'; break;
        default: *d++ = (char)c; break;
        }
    }
    *d++ = '\'';
    row->len = (size_t)(d - row->p);
}

static void sql_litb(struct buf *row, const struct buf *v) { sql_lit(row, v->p, v->len); }

static void sql_lits(struct buf *row, const char *s) { sql_lit(row, s, strlen(s)); }

static struct buf val;

static void date(struct buf *row, unsigned id)
{
    putf(row, "'20%02u-%02u-%02u %02u:%02u:%02u'", 18 + id % 7, 1 + id % 12, 1 + id % 28,
         id % 24, id % 60, (id * 7) % 60);
}

/* wp_options: (option_id, option_name, option_value, autoload) */
static void row_option(struct buf *row, unsigned id)
{
    char name[64];
    val.len = 0;
    const char *autoload = "yes";
    switch (id % 10) {
    case 0: /* siteurl-like */
        snprintf(name, sizeof name, "siteurl_%u", id);
        url(&val, 0);
        break;
    case 1: { /* text widget: serialized array with HTML */
        snprintf(name, sizeof name, "widget_text_%u", id);
        puts_(&val, "a:3:{i:2;a:4:{s:5:\"title\";");
        tmp1.len = 0;
        text(&tmp1, 3);
        ser_buf(&val, &tmp1);
        puts_(&val, "s:4:\"text\";");
        tmp1.len = 0;
        puts_(&tmp1, "<p>");
        text(&tmp1, 10 + rn(30));
        puts_(&tmp1, " <a href=\"");
        url(&tmp1, 1);
        puts_(&tmp1, "\">");
        text(&tmp1, 2);
        puts_(&tmp1, "</a></p>\n<img src=\"");
        url(&tmp1, 1);
        puts_(&tmp1, "\" />");
        ser_buf(&val, &tmp1);
        puts_(&val, "s:6:\"filter\";b:1;s:6:\"visual\";b:1;}i:3;a:2:{s:5:\"title\";");
        tmp1.len = 0;
        text(&tmp1, 4);
        ser_buf(&val, &tmp1);
        puts_(&val, "s:4:\"text\";");
        tmp1.len = 0;
        text(&tmp1, 20 + rn(60));
        ser_buf(&val, &tmp1);
        puts_(&val, "}s:12:\"_multiwidget\";i:1;}");
        break;
    }
    case 2: /* theme_mods with a stdClass object */
        snprintf(name, sizeof name, "theme_mods_acme_%u", id);
        puts_(&val, "a:5:{i:0;b:0;s:18:\"nav_menu_locations\";a:2:{s:7:\"primary\";i:2;s:6:\"footer\";i:3;}"
                    "s:12:\"header_image\";");
        ser_url(&val, 1);
        puts_(&val, "s:17:\"header_image_data\";O:8:\"stdClass\":5:{s:13:\"attachment_id\";i:45;s:3:\"url\";");
        ser_url(&val, 1);
        puts_(&val, "s:13:\"thumbnail_url\";");
        ser_url(&val, 1);
        puts_(&val, "s:6:\"height\";i:400;s:5:\"width\";i:1600;}s:16:\"background_color\";s:6:\"ffffff\";}");
        break;
    case 3: /* object with protected and private properties (NUL bytes) */
        snprintf(name, sizeof name, "acme_settings_%u", id);
        puts_(&val, "O:12:\"Acme_Setting\":3:{");
        ser_str(&val, "\0*\0url", 6);
        ser_url(&val, 0);
        ser_str(&val, "\0Acme_Setting\0label", 19);
        tmp1.len = 0;
        text(&tmp1, 3 + rn(5));
        ser_buf(&val, &tmp1);
        ser_cstr(&val, "links");
        puts_(&val, "a:2:{i:0;");
        ser_url(&val, 1);
        puts_(&val, "i:1;");
        tmp1.len = 0;
        near_miss(&tmp1);
        ser_buf(&val, &tmp1);
        puts_(&val, "}}");
        break;
    case 4: { /* double-serialized */
        snprintf(name, sizeof name, "acme_cache_%u", id);
        tmp2.len = 0;
        puts_(&tmp2, "a:2:{s:3:\"url\";");
        ser_url(&tmp2, 1);
        puts_(&tmp2, "s:5:\"title\";");
        tmp1.len = 0;
        text(&tmp1, 5);
        ser_buf(&tmp2, &tmp1);
        puts_(&tmp2, "}");
        ser_buf(&val, &tmp2);
        break;
    }
    case 5: /* JSON with escaped slashes */
        snprintf(name, sizeof name, "acme_json_%u", id);
        puts_(&val, "{\"logo\":\"");
        json_url(&val);
        puts_(&val, "\",\"home\":\"");
        json_url(&val);
        puts_(&val, "\",\"tagline\":\"");
        tmp1.len = 0;
        text(&tmp1, 6 + rn(10));
        json_escape(&val, &tmp1);
        puts_(&val, "\",\"footer\":\"");
        tmp1.len = 0;
        puts_(&tmp1, "<p>");
        text(&tmp1, 6 + rn(10));
        puts_(&tmp1, " <a href=\"");
        url(&tmp1, 1); /* counted as json below, not literal */
        n_literal--;
        n_json++;
        puts_(&tmp1, "\">");
        text(&tmp1, 2);
        puts_(&tmp1, "</a></p>");
        json_escape(&val, &tmp1);
        puts_(&val, "\"}");
        break;
    case 6: /* transient: long text, no origins */
        snprintf(name, sizeof name, "_transient_acme_feed_%u", id);
        autoload = "no";
        for (unsigned i = 0, n = 2 + rn(6); i < n; i++) {
            text(&val, 20 + rn(60));
            putc_(&val, '\n');
        }
        break;
    case 7: /* cron-like serialized, no origins */
        snprintf(name, sizeof name, "cron_%u", id);
        putf(&val, "a:3:{i:%u;a:1:{s:16:\"wp_version_check\";a:1:{s:32:\"40cd750bba9870f18aada2478b24840a\";"
                   "a:3:{s:8:\"schedule\";s:10:\"twicedaily\";s:4:\"args\";a:0:{}s:8:\"interval\";i:43200;}}}"
                   "i:%u;a:1:{s:19:\"wp_scheduled_delete\";a:0:{}}s:7:\"version\";i:2;}",
             1700000000u + id, 1700003600u + id);
        break;
    case 8: /* plain text with a near miss */
        snprintf(name, sizeof name, "blogdescription_%u", id);
        text(&val, 8 + rn(20));
        putc_(&val, ' ');
        near_miss(&val);
        break;
    default: /* home with path, multibyte */
        snprintf(name, sizeof name, "acme_home_%u", id);
        tmp1.len = 0;
        url(&tmp1, 1);
        put(&val, tmp1.p, tmp1.len);
        break;
    }
    putf(row, "(%u,", id);
    sql_lits(row, name);
    putc_(row, ',');
    sql_litb(row, &val);
    putc_(row, ',');
    sql_lits(row, autoload);
    putc_(row, ')');
}

/* wp_posts: the 23 columns of WordPress 6 */
static void row_post(struct buf *row, unsigned id)
{
    static const char *const types[] = { "post", "page", "post", "post", "attachment", "revision" };
    const char *type = PICK(types);
    putf(row, "(%u,%u,", id, 1 + rn(5));
    date(row, id);
    putc_(row, ',');
    date(row, id + 3);
    putc_(row, ',');
    val.len = 0;
    post_content(&val, id);
    sql_litb(row, &val);
    putc_(row, ',');
    tmp1.len = 0;
    text(&tmp1, 3 + rn(6));
    sql_litb(row, &tmp1);
    putc_(row, ',');
    tmp1.len = 0;
    if (rn(3) == 0)
        text(&tmp1, 10 + rn(20));
    sql_litb(row, &tmp1);
    putf(row, ",'publish','open','open','','post-%u','','',", id);
    date(row, id + 5);
    putc_(row, ',');
    date(row, id + 6);
    puts_(row, ",'',0,");
    tmp1.len = 0;
    url(&tmp1, 0);
    putf(&tmp1, "/?p=%u", id);
    sql_litb(row, &tmp1);
    putf(row, ",0,'%s','%s',%u)", type, strcmp(type, "attachment") ? "" : "image/jpeg", rn(20));
}

/* wp_postmeta: (meta_id, post_id, meta_key, meta_value) */
static void row_postmeta(struct buf *row, unsigned id)
{
    const char *key;
    val.len = 0;
    switch (id % 8) {
    case 0: /* attachment metadata: nested serialized, no origin */
        key = "_wp_attachment_metadata";
        putf(&val, "a:5:{s:5:\"width\";i:%u;s:6:\"height\";i:%u;s:4:\"file\";", 800 + rn(2000), 600 + rn(1000));
        tmp1.len = 0;
        putf(&tmp1, "2024/%02u/kuva-%u.jpg", 1 + id % 12, id);
        ser_buf(&val, &tmp1);
        puts_(&val, "s:5:\"sizes\";a:3:{");
        static const char *const sizes[] = { "thumbnail", "medium", "large" };
        for (unsigned i = 0; i < 3; i++) {
            ser_cstr(&val, sizes[i]);
            puts_(&val, "a:4:{s:4:\"file\";");
            tmp1.len = 0;
            putf(&tmp1, "kuva-%u-%ux%u.jpg", id, 150 * (i + 1), 150 * (i + 1));
            ser_buf(&val, &tmp1);
            putf(&val, "s:5:\"width\";i:%u;s:6:\"height\";i:%u;s:9:\"mime-type\";s:10:\"image/jpeg\";}",
                 150 * (i + 1), 150 * (i + 1));
        }
        puts_(&val, "}s:10:\"image_meta\";a:3:{s:8:\"aperture\";s:1:\"0\";s:7:\"caption\";");
        tmp1.len = 0;
        text(&tmp1, 4 + rn(8));
        ser_buf(&val, &tmp1);
        puts_(&val, "s:9:\"copyright\";s:0:\"\";}}");
        break;
    case 1: /* page builder JSON with escaped slashes */
        key = "_elementor_data";
        putc_(&val, '[');
        for (unsigned i = 0, n = 1 + rn(3); i < n; i++) {
            if (i)
                putc_(&val, ',');
            putf(&val, "{\"id\":\"%08x\",\"elType\":\"widget\",\"settings\":{\"image\":{\"url\":\"", (unsigned)rnd());
            json_url(&val);
            puts_(&val, "\",\"id\":12},\"link\":{\"url\":\"");
            json_url(&val);
            puts_(&val, "\"},\"editor\":\"");
            tmp1.len = 0;
            puts_(&tmp1, "<p>");
            text(&tmp1, 10 + rn(60));
            puts_(&tmp1, "</p>");
            json_escape(&val, &tmp1);
            puts_(&val, "\"},\"widgetType\":\"image\"}");
        }
        putc_(&val, ']');
        break;
    case 2:
        key = "_menu_item_url";
        url(&val, 1);
        break;
    case 3:
        key = "_edit_lock";
        putf(&val, "%u:1", 1700000000u + id);
        break;
    case 4: /* SEO plugin: plain URL + serialized with a near miss */
        key = "_yoast_wpseo_meta";
        puts_(&val, "a:3:{s:9:\"canonical\";");
        ser_url(&val, 1);
        puts_(&val, "s:5:\"title\";");
        tmp1.len = 0;
        text(&tmp1, 6 + rn(8));
        ser_buf(&val, &tmp1);
        puts_(&val, "s:3:\"cdn\";");
        tmp1.len = 0;
        near_miss(&tmp1);
        ser_buf(&val, &tmp1);
        putc_(&val, '}');
        break;
    case 5: /* custom HTML field */
        key = "_acme_custom_html";
        html_paragraph(&val, 1);
        html_misc(&val);
        break;
    case 6: /* plain text, no origin */
        key = "_acme_description";
        text(&val, 30 + rn(120));
        break;
    default:
        key = "_thumbnail_id";
        putf(&val, "%u", 1 + rn(100000));
        break;
    }
    putf(row, "(%u,%u,", id, 1 + id / 8);
    sql_lits(row, key);
    putc_(row, ',');
    sql_litb(row, &val);
    putc_(row, ')');
}

/* ---- tables ---------------------------------------------------------------- */

typedef void (*row_fn)(struct buf *, unsigned);

struct table {
    const char *name;
    const char *create;
    row_fn row;
};

static const struct table tables[] = {
    { "wp_options",
      "CREATE TABLE `wp_options` (\n"
      "  `option_id` bigint unsigned NOT NULL AUTO_INCREMENT,\n"
      "  `option_name` varchar(191) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT '',\n"
      "  `option_value` longtext COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `autoload` varchar(20) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT 'yes',\n"
      "  PRIMARY KEY (`option_id`),\n"
      "  UNIQUE KEY `option_name` (`option_name`),\n"
      "  KEY `autoload` (`autoload`)\n"
      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;\n",
      row_option },
    { "wp_posts",
      "CREATE TABLE `wp_posts` (\n"
      "  `ID` bigint unsigned NOT NULL AUTO_INCREMENT,\n"
      "  `post_author` bigint unsigned NOT NULL DEFAULT '0',\n"
      "  `post_date` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n"
      "  `post_date_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n"
      "  `post_content` longtext COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `post_title` text COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `post_excerpt` text COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `post_status` varchar(20) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT 'publish',\n"
      "  `comment_status` varchar(20) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT 'open',\n"
      "  `ping_status` varchar(20) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT 'open',\n"
      "  `post_password` varchar(255) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT '',\n"
      "  `post_name` varchar(200) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT '',\n"
      "  `to_ping` text COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `pinged` text COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `post_modified` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n"
      "  `post_modified_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n"
      "  `post_content_filtered` longtext COLLATE utf8mb4_unicode_520_ci NOT NULL,\n"
      "  `post_parent` bigint unsigned NOT NULL DEFAULT '0',\n"
      "  `guid` varchar(255) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT '',\n"
      "  `menu_order` int NOT NULL DEFAULT '0',\n"
      "  `post_type` varchar(20) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT 'post',\n"
      "  `post_mime_type` varchar(100) COLLATE utf8mb4_unicode_520_ci NOT NULL DEFAULT '',\n"
      "  `comment_count` bigint NOT NULL DEFAULT '0',\n"
      "  PRIMARY KEY (`ID`),\n"
      "  KEY `post_name` (`post_name`(191)),\n"
      "  KEY `type_status_date` (`post_type`,`post_status`,`post_date`,`ID`),\n"
      "  KEY `post_parent` (`post_parent`),\n"
      "  KEY `post_author` (`post_author`)\n"
      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;\n",
      row_post },
    { "wp_postmeta",
      "CREATE TABLE `wp_postmeta` (\n"
      "  `meta_id` bigint unsigned NOT NULL AUTO_INCREMENT,\n"
      "  `post_id` bigint unsigned NOT NULL DEFAULT '0',\n"
      "  `meta_key` varchar(255) COLLATE utf8mb4_unicode_520_ci DEFAULT NULL,\n"
      "  `meta_value` longtext COLLATE utf8mb4_unicode_520_ci,\n"
      "  PRIMARY KEY (`meta_id`),\n"
      "  KEY `post_id` (`post_id`),\n"
      "  KEY `meta_key` (`meta_key`(191))\n"
      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;\n",
      row_postmeta },
};

#define NET_BUFFER_LENGTH 1046528u

/* Rows of table t until out_total reaches `until`, as INSERT statements of
 * at most `line_max` bytes each (0: one statement, however long). */
static void inserts(const struct table *t, uint64_t until, size_t line_max)
{
    static struct buf row;
    char head[64];
    int hn = snprintf(head, sizeof head, "INSERT INTO `%s` VALUES ", t->name);
    size_t line_len = 0; /* 0: no statement open */
    unsigned id = 1;
    while (out_total < until) {
        row.len = 0;
        t->row(&row, id++);
        n_rows++;
        if (line_len && line_max && line_len + 1 + row.len + 2 > line_max) {
            emit(";\n", 2);
            n_lines++;
            line_len = 0;
        }
        if (!line_len) {
            emit(head, (size_t)hn);
            line_len = (size_t)hn;
        } else {
            emit(",", 1);
            line_len++;
        }
        emit(row.p, row.len);
        line_len += row.len;
    }
    if (line_len) {
        emit(";\n", 2);
        n_lines++;
    }
}

static void dump(uint64_t bytes)
{
    emits("-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n"
          "--\n"
          "-- Host: localhost    Database: wordpress\n"
          "-- ------------------------------------------------------\n"
          "-- Server version\t8.0.36\n"
          "\n"
          "/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n"
          "/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;\n"
          "/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;\n"
          "/*!50503 SET NAMES utf8mb4 */;\n"
          "/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;\n"
          "/*!40103 SET TIME_ZONE='+00:00' */;\n"
          "/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n"
          "/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n"
          "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n"
          "/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;\n");
    n_lines += 16;
    static const unsigned share[] = { 10, 60, 30 }; /* percent of the bytes */
    uint64_t start = out_total, cum = 0;
    char b[256];
    for (unsigned i = 0; i < 3; i++) {
        const struct table *t = &tables[i];
        cum += share[i];
        snprintf(b, sizeof b,
                 "\n--\n-- Table structure for table `%s`\n--\n\n"
                 "DROP TABLE IF EXISTS `%s`;\n"
                 "/*!40101 SET @saved_cs_client     = @@character_set_client */;\n"
                 "/*!50503 SET character_set_client = utf8mb4 */;\n",
                 t->name, t->name);
        emits(b);
        emits(t->create);
        snprintf(b, sizeof b,
                 "/*!40101 SET character_set_client = @saved_cs_client */;\n\n"
                 "--\n-- Dumping data for table `%s`\n--\n\n"
                 "LOCK TABLES `%s` WRITE;\n"
                 "/*!40000 ALTER TABLE `%s` DISABLE KEYS */;\n",
                 t->name, t->name, t->name);
        emits(b);
        inserts(t, start + (bytes - start) * cum / 100, NET_BUFFER_LENGTH);
        snprintf(b, sizeof b, "/*!40000 ALTER TABLE `%s` ENABLE KEYS */;\nUNLOCK TABLES;\n", t->name);
        emits(b);
    }
    emits("/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;\n\n"
          "/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\n"
          "/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;\n"
          "/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;\n"
          "/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;\n"
          "/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;\n"
          "/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;\n"
          "/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;\n\n"
          "-- Dump completed on 2026-01-01  0:00:00\n");
}

/* ---- check mode ------------------------------------------------------------ */

static uint64_t n_lits, n_ser, n_bad;

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static void check_literal(const char *s, size_t n)
{
    n_lits++;
    for (size_t i = 0; i + 4 < n; i++) {
        if (s[i] != 's' || s[i + 1] != ':' || !is_digit(s[i + 2]))
            continue;
        if (i > 0 && s[i - 1] != ';' && s[i - 1] != '{' && s[i - 1] != '}' && s[i - 1] != '"')
            continue;
        size_t j = i + 2, len = 0;
        while (j < n && is_digit(s[j]) && len < ((size_t)1 << 40))
            len = len * 10 + (size_t)(s[j++] - '0');
        if (j + 1 >= n || s[j] != ':' || s[j + 1] != '"')
            continue;
        n_ser++;
        size_t q = j + 2 + len;
        if (q + 1 >= n || s[q] != '"' || s[q + 1] != ';') {
            if (n_bad < 5)
                fprintf(stderr, "gen_dump check: bad length in literal %llu: %.60s\n",
                        (unsigned long long)n_lits, s + i);
            n_bad++;
        }
    }
}

static int check(void)
{
    static char in[1 << 16];
    struct buf lit = { 0 };
    int state = 0; /* 0 outside, 1 in literal, 2 backslash, 3 quote seen in literal */
    ssize_t r;
    for (;;) {
        r = read(0, in, sizeof in);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            perror("gen_dump check: read");
            return 3;
        }
        if (r == 0)
            break;
        for (ssize_t i = 0; i < r; i++) {
            char c = in[i];
            switch (state) {
            case 0:
                if (c == '\'') {
                    state = 1;
                    lit.len = 0;
                }
                break;
            case 1:
                if (c == '\\')
                    state = 2;
                else if (c == '\'')
                    state = 3;
                else
                    putc_(&lit, c);
                break;
            case 2:
                switch (c) {
                case '0': c = 0; break;
                case 'n': c = '\n'; break;
                case 'r': c = '\r'; break;
                case 't': c = '\t'; break;
                case 'b': c = '\b'; break;
                case 'Z': c = 0x1a; break;
                default: break;
                }
                putc_(&lit, c);
                state = 1;
                break;
            case 3:
                if (c == '\'') { /* doubled quote */
                    putc_(&lit, '\'');
                    state = 1;
                } else {
                    check_literal(lit.p, lit.len);
                    state = 0;
                }
                break;
            }
        }
    }
    if (state == 3)
        check_literal(lit.p, lit.len);
    printf("literals=%llu serialized_strings=%llu bad=%llu\n", (unsigned long long)n_lits,
           (unsigned long long)n_ser, (unsigned long long)n_bad);
    return n_bad ? 1 : 0;
}

/* ---- main -------------------------------------------------------------------- */

static uint64_t parse_bytes(const char *s)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        die("BYTES must be a number (suffix k, M or G allowed)");
    uint64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1000, end++;
    else if (*end == 'M')
        mul = 1000000, end++;
    else if (*end == 'G')
        mul = 1000000000, end++;
    if (*end)
        die("BYTES must be a number (suffix k, M or G allowed)");
    return (uint64_t)v * mul;
}

static void usage(void)
{
    fprintf(stderr, "usage: gen_dump [-v] dump BYTES\n"
                    "       gen_dump [-v] line BYTES\n"
                    "       gen_dump check < DUMP\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int verbose = 0, i = 1;
    if (i < argc && strcmp(argv[i], "-v") == 0) {
        verbose = 1;
        i++;
    }
    if (i >= argc)
        usage();
    if (strcmp(argv[i], "check") == 0) {
        if (i + 1 != argc)
            usage();
        return check();
    }
    if (i + 2 != argc)
        usage();
    uint64_t bytes = parse_bytes(argv[i + 1]);
    if (strcmp(argv[i], "dump") == 0) {
        dump(bytes);
    } else if (strcmp(argv[i], "line") == 0) {
        inserts(&tables[2], bytes, 0);
    } else {
        usage();
    }
    flush_out();
    if (verbose)
        fprintf(stderr,
                "bytes=%llu lines=%llu rows=%llu origins=%llu literal=%llu http=%llu relative=%llu json=%llu "
                "percent=%llu near_miss=%llu\n",
                (unsigned long long)out_total, (unsigned long long)n_lines, (unsigned long long)n_rows,
                (unsigned long long)(n_literal + n_http + n_rel + n_json + n_pct), (unsigned long long)n_literal,
                (unsigned long long)n_http, (unsigned long long)n_rel, (unsigned long long)n_json,
                (unsigned long long)n_pct, (unsigned long long)n_near);
    return 0;
}
