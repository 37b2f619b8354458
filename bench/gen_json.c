/*
 * gen_json.c — deterministic WordPress REST API JSON generator for the json
 * benchmark (bench/README.md).  libc only.
 *
 * Build:  cc -O2 -std=c11 -o bench/out/gen_json bench/gen_json.c
 * Use:    gen_json [-v] array BYTES    > posts.json   a JSON array of posts
 *         gen_json [-v] ndjson BYTES   > posts.ndjson the same objects, NDJSON
 *         gen_json [-v] string BYTES   > one.json     ONE string value of BYTES
 *         gen_json check [-c NEEDLE]... < FILE        validate, check lengths
 *
 * BYTES is a decimal count with an optional suffix k, M or G (powers of
 * 1000: 100M = 100,000,000).  Output is the same for the same arguments on
 * every run and machine (fixed-seed xorshift64*).
 *
 * `array` writes `[`, then one post object per line (`{...},`), then `]`:
 * an RFC 8259 array that is also line-oriented like NDJSON inside the
 * brackets.  It stops at the first object boundary at or past BYTES; when
 * fewer than 8 KB remain it writes compact posts (one paragraph, three
 * _links), so `array 1k` is a single post of about 1.2 KB.  `ndjson` writes
 * the same objects one per line with no brackets or commas.
 *
 * Each post is what /wp-json/wp/v2/posts returns: id, date/date_gmt, guid,
 * modified, slug, status, type, link, title, content (rendered HTML:
 * paragraphs, links, images with srcset, a percent-encoded redirect_to, a
 * scheme-relative script, an old http:// link, embeds, lists), excerpt,
 * author, featured_media, meta (serialized PHP in the JSON spelling, e.g.
 * s:22:\"https://www.example.fi\";, with correct byte lengths of the
 * decoded value, multibyte text and a stdClass object), categories, tags,
 * jetpack_featured_media_url, yoast_head / yoast_head_json on some posts,
 * a redirects map whose KEYS are URLs on a few, and _links (self,
 * collection, about, author, replies, wp:featuredmedia, wp:attachment,
 * wp:term, curies).  Most of the bytes are text without origins.
 *
 * Each object picks its encoder: 70% escape every "/" as "\/" (PHP
 * json_encode, WordPress' default), 25% leave it plain (JSON_UNESCAPED_SLASHES)
 * and 5% write "\u002F" (JavaScript serializers); half escape non-ASCII as
 * \uXXXX (surrogate pairs above U+FFFF), half write raw UTF-8.  Within
 * content, some links are spelled with character references
 * (https:&#47;&#47;www.example.fi&#47;…).  Near misses that must stay:
 * https://www.example.fin/, https://www.example.fi.cdn.example.net/…,
 * https://www.example.fi:8443/…, https://www.example.fiction.org/.
 *
 * `string` writes {"id":1,"content":{"rendered":"…"}} whose one string
 * value is at least BYTES bytes of post HTML (\/ and \uXXXX escapes, links,
 * images, references), emitted as it is built.
 *
 * With -v, counts of what was planted go to stderr:
 *
 *     bytes=B lines=L objects=N origins=O escaped=E plain=P u002f=U reference=R
 *     percent=C keys=K serialized=S near_miss=M
 *
 * origins = escaped + plain + u002f + reference + percent (by the spelling
 * of the separators: "https:\/\/", "https://", "https:\u002F\u002F",
 * "https:&#47;&#47;", "https%3A%2F%2F"; scheme-relative and http:// origins
 * are counted under their object's spelling) is the number of
 * www.example.fi origins a map for https://www.example.fi must rewrite;
 * keys and serialized say how many of them are in object keys and inside
 * serialized strings.  Every occurrence of "www.example.fi" in the output
 * is one of the origins or one of the near_miss near misses.
 *
 * `check` reads JSON text on stdin — one value or a sequence of values
 * separated by whitespace (NDJSON) — and validates it strictly (RFC 8259
 * grammar, string escapes, surrogate pairs, UTF-8); every string, keys
 * included, is decoded and each serialized string token s:N:"…"; in it (at
 * the start or after ; { } or ") is checked: the N decoded bytes after the
 * opening quote must be followed by ";.  Each -c NEEDLE (up to 8, at most
 * 63 bytes) is counted in the raw input bytes.  It prints one line
 *
 *     json=ok values=V strings=S serialized_strings=N bad=B [NEEDLE=K]...
 *
 * (or json=error at byte X: REASON) and exits 1 on a JSON error or B > 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GEN_NAME "gen_json"
#include "gen_buf.h"

/* ---- output -------------------------------------------------------------- */

static uint64_t out_total, n_lines;

static void write_all(const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(1, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            perror("gen_json: write");
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
    for (size_t i = 0; i < n; i++)
        n_lines += p[i] == '\n';
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

/* ---- encoder style and planted counts ------------------------------------ */

enum { ST_ESCAPED, ST_PLAIN, ST_U002F, N_ST };

static int style;       /* how the current object spells "/" */
static int uni_escape;  /* the current object writes non-ASCII as \uXXXX */

static uint64_t n_sp[N_ST], n_ref, n_pct, n_key, n_ser, n_near, n_objects;

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
    "it&#8217;s", "don&#8217;t", "&#8220;quoted&#8221;", "\"raw\"", "50%",
    "C:\\path\\file", "a;b", "x/y", "tab\there", "2024", "12:30", "#hashtag",
    "@mention", "&amp;", "&nbsp;", "1/2",
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

/* an origin, decoded (its slashes get the object's spelling when the value
 * is JSON-escaped), optionally with a path */
static void url(struct buf *b, int with_path)
{
    puts_(b, ORIGIN);
    n_sp[style]++;
    if (with_path)
        puts_(b, PICK(paths));
}

/* an origin with every slash as the character reference &#47; */
static void ref_url(struct buf *b)
{
    puts_(b, "https:&#47;&#47;" HOST);
    n_ref++;
    for (const char *p = PICK(paths); *p; p++) {
        if (*p == '/')
            puts_(b, "&#47;");
        else if (*p == '&')
            puts_(b, "&amp;");
        else
            putc_(b, *p);
    }
}

static void near_miss(struct buf *b)
{
    puts_(b, PICK(near_misses));
    n_near++;
}

/* ---- JSON string encoding ------------------------------------------------- */

static void put_u(struct buf *b, unsigned cp)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = { '\\', 'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15] };
    put(b, e, 6);
}

/* "…" of the decoded bytes s[0..n), in the current object's style */
static void jstr(struct buf *b, const char *s, size_t n)
{
    reserve(b, 6 * n + 2);
    putc_(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            putc_(b, '\\');
            putc_(b, (char)c);
        } else if (c == '/') {
            if (style == ST_ESCAPED)
                puts_(b, "\\/");
            else if (style == ST_U002F)
                puts_(b, "\\u002F");
            else
                putc_(b, '/');
        } else if (c < 0x20) {
            switch (c) {
            case '\n': puts_(b, "\\n"); break;
            case '\t': puts_(b, "\\t"); break;
            case '\r': puts_(b, "\\r"); break;
            default: put_u(b, c); break;
            }
        } else if (c >= 0x80 && uni_escape) {
            /* the generator only holds valid UTF-8 */
            unsigned cp, k;
            if (c >= 0xF0)
                cp = c & 7u, k = 3;
            else if (c >= 0xE0)
                cp = c & 15u, k = 2;
            else
                cp = c & 31u, k = 1;
            for (; k > 0 && i + 1 < n; k--)
                cp = (cp << 6) | ((unsigned char)s[++i] & 63u);
            if (cp >= 0x10000) {
                cp -= 0x10000;
                put_u(b, 0xD800 + (cp >> 10));
                put_u(b, 0xDC00 + (cp & 0x3FF));
            } else {
                put_u(b, cp);
            }
        } else {
            putc_(b, (char)c);
        }
    }
    putc_(b, '"');
}

static void jstrb(struct buf *b, const struct buf *v) { jstr(b, v->p, v->len); }

static void jstrs(struct buf *b, const char *s) { jstr(b, s, strlen(s)); }

/* "key": */
static void jkey(struct buf *b, const char *k)
{
    jstrs(b, k);
    putc_(b, ':');
}

/* ---- PHP serialize() helpers (decoded bytes) ------------------------------ */

static void ser_str(struct buf *b, const char *s, size_t n)
{
    putf(b, "s:%zu:\"", n);
    put(b, s, n);
    puts_(b, "\";");
}

static void ser_buf(struct buf *b, const struct buf *v) { ser_str(b, v->p, v->len); }

static struct buf tmp1, tmp2, tmp3;

static void ser_url(struct buf *b, int with_path)
{
    tmp3.len = 0;
    url(&tmp3, with_path);
    n_ser++;
    ser_buf(b, &tmp3);
}

/* ---- rendered HTML -------------------------------------------------------- */

static void html_paragraph(struct buf *b, int link)
{
    puts_(b, "<p>");
    text(b, 8 + rn(60));
    if (link) {
        puts_(b, " <a href=\"");
        if (link == 2)
            ref_url(b);
        else
            url(b, 1);
        puts_(b, "\">");
        text(b, 2 + rn(4));
        puts_(b, "</a> ");
        text(b, 4 + rn(12));
    }
    puts_(b, "</p>\n");
}

static void html_image(struct buf *b, unsigned id)
{
    putf(b, "<figure class=\"wp-block-image size-large\"><img decoding=\"async\" width=\"1024\" "
            "height=\"768\" src=\"");
    url(b, 0);
    putf(b, "/wp-content/uploads/2024/%02u/kuva-%u-1024x768.jpg\" alt=\"\" class=\"wp-image-%u\" srcset=\"",
         1 + id % 12, id, id);
    url(b, 0);
    putf(b, "/wp-content/uploads/2024/%02u/kuva-%u-1024x768.jpg 1024w, ", 1 + id % 12, id);
    url(b, 0);
    putf(b, "/wp-content/uploads/2024/%02u/kuva-%u-300x225.jpg 300w\" "
            "sizes=\"(max-width: 1024px) 100vw, 1024px\" /><figcaption class=\"wp-element-caption\">",
         1 + id % 12, id);
    text(b, 3 + rn(8));
    puts_(b, "</figcaption></figure>\n");
}

static void html_misc(struct buf *b)
{
    switch (rn(6)) {
    case 0:
        puts_(b, "<script src=\"//" HOST "/wp-includes/js/jquery/jquery.min.js\"></script>\n");
        n_sp[style]++;
        break;
    case 1:
        puts_(b, "<p><a href=\"");
        url(b, 0);
        puts_(b, "/wp-login.php?redirect_to=https%3A%2F%2F" HOST "%2Fwp-admin%2F\">Kirjaudu</a></p>\n");
        n_pct++;
        break;
    case 2:
        puts_(b, "<p>Old link: <a href=\"http://" HOST "/vanha-sivu/\">vanha</a>; not ours: <a href=\"");
        n_sp[style]++;
        near_miss(b);
        puts_(b, "\">x</a></p>\n");
        break;
    case 3:
        puts_(b, "<figure class=\"wp-block-embed is-type-video is-provider-youtube\"><div "
                 "class=\"wp-block-embed__wrapper\">\n<iframe title=\"Video\" width=\"500\" height=\"281\" "
                 "src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed\" frameborder=\"0\" "
                 "allowfullscreen></iframe>\n</div></figure>\n");
        break;
    case 4:
        puts_(b, "<p><img src=\"");
        ref_url(b);
        puts_(b, "\" alt=\"logo\" /> ");
        text(b, 4 + rn(8));
        puts_(b, "</p>\n");
        break;
    default:
        puts_(b, "<ul class=\"wp-block-list\"><li>");
        text(b, 5 + rn(10));
        puts_(b, "</li><li>");
        text(b, 5 + rn(10));
        puts_(b, "</li></ul>\n");
        break;
    }
}

/* one block of content.rendered */
static void html_block(struct buf *b, unsigned id)
{
    unsigned k = rn(40);
    if (k < 29)
        html_paragraph(b, 0); /* text without origins */
    else if (k < 33)
        html_paragraph(b, 1);
    else if (k < 34)
        html_paragraph(b, 2);
    else if (k < 36)
        html_image(b, id);
    else
        html_misc(b);
}

/* ---- one post object ------------------------------------------------------- */

static void date(struct buf *b, unsigned id, unsigned d)
{
    putf(b, "\"20%02u-%02u-%02uT%02u:%02u:%02u\"", 18 + id % 7, 1 + id % 12, 1 + (id + d) % 28,
         (id + d) % 24, id % 60, (id * 7 + d) % 60);
}

/* "key":"ORIGIN<fmt…>" */
static void url_field(struct buf *o, const char *key, const char *fmt, ...)
{
    va_list ap;
    tmp1.len = 0;
    url(&tmp1, 0);
    char path[256];
    va_start(ap, fmt);
    vsnprintf(path, sizeof path, fmt, ap);
    va_end(ap);
    puts_(&tmp1, path);
    if (key)
        jkey(o, key);
    jstrb(o, &tmp1);
}

/* "rel":[{"href":"ORIGIN<fmt, a>"}] (fmt may ignore a), after a comma
 * unless first */
static void link_rel(struct buf *o, int first, const char *rel, int embeddable, const char *fmt, unsigned a)
{
    if (!first)
        putc_(o, ',');
    jkey(o, rel);
    puts_(o, "[{");
    if (embeddable)
        puts_(o, "\"embeddable\":true,");
    char path[128];
    snprintf(path, sizeof path, fmt, a);
    url_field(o, "href", "%s", path);
    puts_(o, "}]");
}

static void post_meta(struct buf *o, unsigned id)
{
    puts_(o, "\"meta\":{\"footnotes\":\"\",\"_acme_links\":");
    /* serialized PHP: decoded bytes with correct lengths, then JSON-escaped */
    tmp2.len = 0;
    puts_(&tmp2, "a:5:{s:4:\"home\";");
    tmp3.len = 0;
    url(&tmp3, 0);
    n_ser++;
    ser_buf(&tmp2, &tmp3); /* s:22:"https://www.example.fi"; */
    puts_(&tmp2, "s:3:\"url\";");
    ser_url(&tmp2, 1);
    puts_(&tmp2, "s:5:\"title\";");
    tmp3.len = 0;
    text(&tmp3, 3 + rn(6));
    ser_buf(&tmp2, &tmp3);
    puts_(&tmp2, "s:4:\"html\";");
    tmp3.len = 0;
    puts_(&tmp3, "<p>");
    text(&tmp3, 4 + rn(10));
    puts_(&tmp3, " <a href=\"");
    url(&tmp3, 1);
    n_ser++;
    puts_(&tmp3, "\">");
    text(&tmp3, 2);
    puts_(&tmp3, "</a></p>");
    ser_buf(&tmp2, &tmp3);
    puts_(&tmp2, "s:5:\"image\";O:8:\"stdClass\":3:{s:2:\"id\";");
    putf(&tmp2, "i:%u;s:3:\"url\";", id * 10);
    ser_url(&tmp2, 1);
    puts_(&tmp2, "s:3:\"cdn\";");
    tmp3.len = 0;
    if (rn(4) == 0)
        near_miss(&tmp3);
    ser_buf(&tmp2, &tmp3);
    puts_(&tmp2, "}}");
    jstrb(o, &tmp2);
    puts_(o, ",\"_yoast_wpseo_canonical\":");
    tmp1.len = 0;
    if (rn(3) == 0) {
        url(&tmp1, 0);
        putf(&tmp1, "/blog/post-%u/", id);
    }
    jstrb(o, &tmp1);
    if (id % 16 == 5) { /* a redirects map: URLs as keys */
        puts_(o, ",\"_acme_redirects\":{");
        for (unsigned i = 0; i < 2; i++) {
            if (i)
                putc_(o, ',');
            tmp1.len = 0;
            url(&tmp1, 0);
            n_key++;
            putf(&tmp1, "/old/%u-%u/", id, i);
            jstrb(o, &tmp1);
            putc_(o, ':');
            url_field(o, NULL, "/new/%u-%u/", id, i);
        }
        putc_(o, '}');
    }
    putc_(o, '}');
}

static void yoast(struct buf *o, unsigned id)
{
    puts_(o, ",\"yoast_head\":");
    tmp1.len = 0;
    puts_(&tmp1, "<!-- This site is optimized with the Yoast SEO plugin v22.1 - https://yoast.com/wordpress/plugins/seo/ -->\n"
                 "<title>");
    text(&tmp1, 3 + rn(4));
    puts_(&tmp1, "</title>\n<link rel=\"canonical\" href=\"");
    url(&tmp1, 0);
    putf(&tmp1, "/blog/post-%u/\" />\n<meta property=\"og:locale\" content=\"fi_FI\" />\n"
                "<meta property=\"og:url\" content=\"", id);
    url(&tmp1, 0);
    putf(&tmp1, "/blog/post-%u/\" />\n<meta property=\"og:image\" content=\"", id);
    url(&tmp1, 0);
    putf(&tmp1, "/wp-content/uploads/2024/%02u/kuva-%u.jpg\" />\n"
                "<script type=\"application/ld+json\" class=\"yoast-schema-graph\">"
                "{\"@context\":\"https://schema.org\",\"@graph\":[{\"@type\":\"WebPage\",\"@id\":\"",
         1 + id % 12, id);
    url(&tmp1, 0);
    putf(&tmp1, "/blog/post-%u/\",\"url\":\"", id);
    url(&tmp1, 0);
    putf(&tmp1, "/blog/post-%u/\"}]}</script>\n<!-- / Yoast SEO plugin. -->\n\n", id);
    jstrb(o, &tmp1);
    puts_(o, ",\"yoast_head_json\":{\"title\":");
    tmp1.len = 0;
    text(&tmp1, 3 + rn(4));
    jstrb(o, &tmp1);
    putf(o, ",\"robots\":{\"index\":\"index\",\"follow\":\"follow\"},");
    url_field(o, "canonical", "/blog/post-%u/", id);
    puts_(o, ",\"og_locale\":\"fi_FI\",");
    url_field(o, "og_url", "/blog/post-%u/", id);
    putf(o, ",\"og_image\":[{\"width\":1200,\"height\":675,");
    url_field(o, "url", "/wp-content/uploads/2024/%02u/kuva-%u.jpg", 1 + id % 12, id);
    puts_(o, ",\"type\":");
    jstrs(o, "image/jpeg");
    puts_(o, "}],\"twitter_card\":\"summary_large_image\"}");
}

static void post(struct buf *o, unsigned id, int compact)
{
    unsigned s = rn(20);
    style = s < 14 ? ST_ESCAPED : s < 19 ? ST_PLAIN : ST_U002F;
    uni_escape = rn(2);
    unsigned author = 1 + rn(9), media = 1000 + rn(90000);
    n_objects++;

    putf(o, "{\"id\":%u,\"date\":", id);
    date(o, id, 0);
    puts_(o, ",\"date_gmt\":");
    date(o, id, 1);
    puts_(o, ",\"guid\":{\"rendered\":");
    url_field(o, NULL, "/?p=%u", id);
    puts_(o, "},\"modified\":");
    date(o, id, 2);
    puts_(o, ",\"modified_gmt\":");
    date(o, id, 3);
    putf(o, ",\"slug\":\"uutiset-%u\",\"status\":\"publish\",\"type\":\"post\",", id);
    url_field(o, "link", "/blog/20%02u/%02u/uutiset-%u/", 18 + id % 7, 1 + id % 12, id);
    puts_(o, ",\"title\":{\"rendered\":");
    tmp1.len = 0;
    text(&tmp1, 3 + rn(6));
    jstrb(o, &tmp1);
    puts_(o, "},\"content\":{\"rendered\":");
    tmp1.len = 0;
    if (compact) {
        puts_(&tmp1, "<p>");
        text(&tmp1, 6);
        puts_(&tmp1, " <a href=\"");
        url(&tmp1, 1);
        puts_(&tmp1, "\">");
        text(&tmp1, 2);
        puts_(&tmp1, "</a></p>\n");
    } else {
        for (unsigned i = 0, n = 2 + rn(30); i < n; i++)
            html_block(&tmp1, id * 40 + i);
    }
    jstrb(o, &tmp1);
    puts_(o, ",\"protected\":false},\"excerpt\":{\"rendered\":");
    tmp1.len = 0;
    puts_(&tmp1, "<p>");
    text(&tmp1, compact ? 4 : 20 + rn(30));
    puts_(&tmp1, "&nbsp;[&hellip;]</p>\n");
    jstrb(o, &tmp1);
    putf(o, ",\"protected\":false},\"author\":%u,\"featured_media\":%u,\"comment_status\":\"open\","
            "\"ping_status\":\"open\",\"sticky\":%s,\"template\":\"\",\"format\":\"standard\",",
         author, media, rn(10) ? "false" : "true");
    if (compact) {
        puts_(o, "\"meta\":{\"footnotes\":\"\"}");
    } else {
        post_meta(o, id);
    }
    putf(o, ",\"categories\":[%u,%u],\"tags\":[%u],", 1 + rn(12), 13 + rn(12), 30 + rn(40));
    url_field(o, "jetpack_featured_media_url", "/wp-content/uploads/2024/%02u/kuva-%u.jpg", 1 + id % 12, media);
    if (!compact && id % 3 == 0)
        yoast(o, id);
    puts_(o, ",\"_links\":{");
    link_rel(o, 1, "self", 0, "/wp-json/wp/v2/posts/%u", id);
    link_rel(o, 0, "collection", 0, "/wp-json/wp/v2/posts", 0);
    link_rel(o, 0, "author", 1, "/wp-json/wp/v2/users/%u", author);
    if (!compact) {
        link_rel(o, 0, "about", 0, "/wp-json/wp/v2/types/post", 0);
        link_rel(o, 0, "replies", 1, "/wp-json/wp/v2/comments?post=%u", id);
        link_rel(o, 0, "version-history", 0, "/wp-json/wp/v2/posts/%u/revisions", id);
        link_rel(o, 0, "wp:featuredmedia", 1, "/wp-json/wp/v2/media/%u", media);
        link_rel(o, 0, "wp:attachment", 0, "/wp-json/wp/v2/media?parent=%u", id);
        putc_(o, ',');
        jkey(o, "wp:term");
        puts_(o, "[{\"taxonomy\":\"category\",\"embeddable\":true,");
        url_field(o, "href", "/wp-json/wp/v2/categories?post=%u", id);
        puts_(o, "},{\"taxonomy\":\"post_tag\",\"embeddable\":true,");
        url_field(o, "href", "/wp-json/wp/v2/tags?post=%u", id);
        puts_(o, "}]");
    }
    puts_(o, ",\"curies\":[{\"name\":\"wp\",\"href\":");
    jstrs(o, "https://api.w.org/{rel}");
    puts_(o, ",\"templated\":true}]}}");
}

/* ---- modes ------------------------------------------------------------------ */

#define COMPACT_BELOW 8000u

static void posts(uint64_t bytes, int ndjson)
{
    static struct buf o;
    unsigned id = 1;
    if (!ndjson)
        emits("[\n");
    int first = 1;
    do {
        o.len = 0;
        if (!first && !ndjson)
            putc_(&o, ',');
        if (!first)
            putc_(&o, '\n');
        post(&o, id, bytes < out_total + COMPACT_BELOW);
        id++;
        emit(o.p, o.len);
        first = 0;
    } while (out_total + (ndjson ? 1 : 2) < bytes);
    emits(ndjson ? "\n" : "\n]\n");
}

static void one_string(uint64_t bytes)
{
    static struct buf o;
    style = ST_ESCAPED;
    uni_escape = 1;
    n_objects = 1;
    emits("{\"id\":1,\"content\":{\"rendered\":\"");
    uint64_t start = out_total;
    unsigned i = 0;
    while (out_total - start < bytes) {
        tmp1.len = 0;
        for (unsigned k = 0; k < 64; k++)
            html_block(&tmp1, i++);
        o.len = 0;
        jstrb(&o, &tmp1); /* "…": drop the quotes, the string goes on */
        emit(o.p + 1, o.len - 2);
    }
    emits("\",\"protected\":false}}\n");
}

/* ---- check mode ------------------------------------------------------------ */

static uint64_t c_values, c_strings, c_ser, c_bad;

static int is_digit(int c) { return c >= '0' && c <= '9'; }

/* every serialized string token s:N:"…"; of a decoded string */
static void check_serialized(const char *s, size_t n)
{
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
        c_ser++;
        size_t q = j + 2 + len;
        if (q + 1 >= n || s[q] != '"' || s[q + 1] != ';') {
            if (c_bad < 5)
                fprintf(stderr, "gen_json check: bad length in string %llu: %.60s\n",
                        (unsigned long long)c_strings, s + i);
            c_bad++;
        }
    }
}

#define MAX_NEEDLES 8
static const char *needle[MAX_NEEDLES];
static size_t needle_len[MAX_NEEDLES];
static uint64_t needle_count[MAX_NEEDLES];
static int n_needles;

static unsigned char ibuf[64 + (1 << 16)]; /* [0, 64): tail of the previous block */
static size_t ipos, ilen, tail;             /* parse position, end, tail bytes kept */
static uint64_t ibase;                      /* input offset of ibuf[64] */
static int ieof;

static void fill(void)
{
    if (ieof)
        return;
    /* keep the last (up to 63) bytes in front, for needles across reads */
    size_t keep = ilen > 64 + 63 ? 63 : ilen > 64 ? ilen - 64 : 0;
    if (keep > 0)
        memmove(ibuf + 64 - keep, ibuf + ilen - keep, keep);
    ibase += ilen > 64 ? ilen - 64 : 0;
    tail = keep;
    ssize_t r;
    do
        r = read(0, ibuf + 64, sizeof ibuf - 64);
    while (r < 0 && errno == EINTR);
    if (r < 0) {
        perror("gen_json check: read");
        exit(3);
    }
    if (r == 0) {
        ieof = 1;
        ipos = ilen = 64;
        return;
    }
    ipos = 64;
    ilen = 64 + (size_t)r;
    /* needles ending in the new bytes */
    for (int k = 0; k < n_needles; k++) {
        const unsigned char *p = ibuf + 64 - tail, *end = ibuf + ilen;
        size_t nl = needle_len[k];
        while ((size_t)(end - p) >= nl) {
            const unsigned char *f = memmem(p, (size_t)(end - p), needle[k], nl);
            if (!f)
                break;
            if (f + nl > ibuf + 64)
                needle_count[k]++;
            p = f + 1;
        }
    }
}

static int peekc(void)
{
    if (ipos == ilen)
        fill();
    return ieof ? -1 : ibuf[ipos];
}

static int getc_(void)
{
    int c = peekc();
    if (c >= 0)
        ipos++;
    return c;
}

static void fail(const char *why)
{
    printf("json=error at byte %llu: %s\n", (unsigned long long)(ibase + ipos - 64), why);
    exit(1);
}

static void ws(void)
{
    for (;;) {
        int c = peekc();
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            return;
        ipos++;
    }
}

static void expect(int want, const char *why)
{
    if (getc_() != want)
        fail(why);
}

static void put_utf8(struct buf *b, unsigned cp)
{
    if (cp < 0x80) {
        putc_(b, (char)cp);
    } else if (cp < 0x800) {
        putc_(b, (char)(0xC0 | (cp >> 6)));
        putc_(b, (char)(0x80 | (cp & 63)));
    } else if (cp < 0x10000) {
        putc_(b, (char)(0xE0 | (cp >> 12)));
        putc_(b, (char)(0x80 | ((cp >> 6) & 63)));
        putc_(b, (char)(0x80 | (cp & 63)));
    } else {
        putc_(b, (char)(0xF0 | (cp >> 18)));
        putc_(b, (char)(0x80 | ((cp >> 12) & 63)));
        putc_(b, (char)(0x80 | ((cp >> 6) & 63)));
        putc_(b, (char)(0x80 | (cp & 63)));
    }
}

static unsigned hex4(void)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = getc_();
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            fail("bad \\u escape");
    }
    return v;
}

static struct buf str;

static void string(void)
{
    expect('"', "expected a string");
    str.len = 0;
    for (;;) {
        /* fast path: a run of plain bytes */
        if (ipos == ilen)
            fill();
        if (ieof)
            fail("unterminated string");
        size_t i = ipos;
        while (i < ilen && ibuf[i] >= 0x20 && ibuf[i] < 0x80 && ibuf[i] != '"' && ibuf[i] != '\\')
            i++;
        if (i > ipos) {
            put(&str, ibuf + ipos, i - ipos);
            ipos = i;
            continue;
        }
        int c = getc_();
        if (c == '"')
            break;
        if (c < 0x20)
            fail("control character in string");
        if (c == '\\') {
            int e = getc_();
            switch (e) {
            case '"': case '\\': case '/': putc_(&str, (char)e); break;
            case 'b': putc_(&str, '\b'); break;
            case 'f': putc_(&str, '\f'); break;
            case 'n': putc_(&str, '\n'); break;
            case 'r': putc_(&str, '\r'); break;
            case 't': putc_(&str, '\t'); break;
            case 'u': {
                unsigned cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00) {
                    if (getc_() != '\\' || getc_() != 'u')
                        fail("high surrogate without a low one");
                    unsigned lo = hex4();
                    if (lo < 0xDC00 || lo >= 0xE000)
                        fail("high surrogate without a low one");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                } else if (cp >= 0xDC00 && cp < 0xE000) {
                    fail("lone low surrogate");
                }
                put_utf8(&str, cp);
                break;
            }
            default: fail("bad escape");
            }
            continue;
        }
        /* UTF-8 sequence, strictly */
        unsigned cp, k, min;
        if (c >= 0xC2 && c <= 0xDF)
            cp = (unsigned)c & 31u, k = 1, min = 0x80;
        else if (c >= 0xE0 && c <= 0xEF)
            cp = (unsigned)c & 15u, k = 2, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4)
            cp = (unsigned)c & 7u, k = 3, min = 0x10000;
        else
            fail("invalid UTF-8");
        putc_(&str, (char)c);
        for (; k > 0; k--) {
            int d = getc_();
            if (d < 0x80 || d > 0xBF)
                fail("invalid UTF-8");
            cp = (cp << 6) | ((unsigned)d & 63u);
            putc_(&str, (char)d);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
            fail("invalid UTF-8");
    }
    c_strings++;
    check_serialized(str.p, str.len);
}

static void number(void)
{
    int c = peekc();
    if (c == '-')
        ipos++, c = peekc();
    if (c == '0') {
        ipos++;
    } else if (c >= '1' && c <= '9') {
        while (is_digit(peekc()))
            ipos++;
    } else {
        fail("bad number");
    }
    if (peekc() == '.') {
        ipos++;
        if (!is_digit(peekc()))
            fail("bad number");
        while (is_digit(peekc()))
            ipos++;
    }
    c = peekc();
    if (c == 'e' || c == 'E') {
        ipos++;
        c = peekc();
        if (c == '+' || c == '-')
            ipos++;
        if (!is_digit(peekc()))
            fail("bad number");
        while (is_digit(peekc()))
            ipos++;
    }
}

static void literal(const char *w)
{
    for (; *w; w++)
        if (getc_() != *w)
            fail("bad literal");
}

static void value(int depth)
{
    if (depth > 512)
        fail("nesting too deep");
    ws();
    int c = peekc();
    switch (c) {
    case '{':
        ipos++;
        ws();
        if (peekc() == '}') {
            ipos++;
            return;
        }
        for (;;) {
            ws();
            string();
            ws();
            expect(':', "expected ':'");
            value(depth + 1);
            ws();
            c = getc_();
            if (c == '}')
                return;
            if (c != ',')
                fail("expected ',' or '}'");
        }
    case '[':
        ipos++;
        ws();
        if (peekc() == ']') {
            ipos++;
            return;
        }
        for (;;) {
            value(depth + 1);
            ws();
            c = getc_();
            if (c == ']')
                return;
            if (c != ',')
                fail("expected ',' or ']'");
        }
    case '"':
        string();
        return;
    case 't': literal("true"); return;
    case 'f': literal("false"); return;
    case 'n': literal("null"); return;
    default:
        if (c == '-' || is_digit(c)) {
            number();
            return;
        }
        fail(c < 0 ? "unexpected end of input" : "unexpected character");
    }
}

static int check(void)
{
    ipos = ilen = 64;
    for (;;) {
        ws();
        if (peekc() < 0)
            break;
        value(0);
        c_values++;
    }
    if (c_values == 0)
        fail("no JSON value");
    printf("json=ok values=%llu strings=%llu serialized_strings=%llu bad=%llu", (unsigned long long)c_values,
           (unsigned long long)c_strings, (unsigned long long)c_ser, (unsigned long long)c_bad);
    for (int k = 0; k < n_needles; k++)
        printf(" %s=%llu", needle[k], (unsigned long long)needle_count[k]);
    putchar('\n');
    return c_bad ? 1 : 0;
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
    fprintf(stderr, "usage: gen_json [-v] array BYTES\n"
                    "       gen_json [-v] ndjson BYTES\n"
                    "       gen_json [-v] string BYTES\n"
                    "       gen_json check [-c NEEDLE]... < JSON\n");
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
        for (i++; i < argc; i += 2) {
            if (strcmp(argv[i], "-c") != 0 || i + 1 >= argc || n_needles == MAX_NEEDLES)
                usage();
            size_t nl = strlen(argv[i + 1]);
            if (nl == 0 || nl > 63)
                die("a NEEDLE is 1 to 63 bytes");
            needle[n_needles] = argv[i + 1];
            needle_len[n_needles++] = nl;
        }
        return check();
    }
    if (i + 2 != argc)
        usage();
    uint64_t bytes = parse_bytes(argv[i + 1]);
    if (strcmp(argv[i], "array") == 0)
        posts(bytes, 0);
    else if (strcmp(argv[i], "ndjson") == 0)
        posts(bytes, 1);
    else if (strcmp(argv[i], "string") == 0)
        one_string(bytes);
    else
        usage();
    flush_out();
    if (verbose)
        fprintf(stderr,
                "bytes=%llu lines=%llu objects=%llu origins=%llu escaped=%llu plain=%llu u002f=%llu "
                "reference=%llu percent=%llu keys=%llu serialized=%llu near_miss=%llu\n",
                (unsigned long long)out_total, (unsigned long long)n_lines, (unsigned long long)n_objects,
                (unsigned long long)(n_sp[ST_ESCAPED] + n_sp[ST_PLAIN] + n_sp[ST_U002F] + n_ref + n_pct),
                (unsigned long long)n_sp[ST_ESCAPED], (unsigned long long)n_sp[ST_PLAIN],
                (unsigned long long)n_sp[ST_U002F], (unsigned long long)n_ref, (unsigned long long)n_pct,
                (unsigned long long)n_key, (unsigned long long)n_ser, (unsigned long long)n_near);
    return 0;
}
