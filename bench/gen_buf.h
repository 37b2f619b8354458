/* gen_buf.h — the growable byte buffer the bench generators share
 * (gen_dump.c, gen_json.c). Define GEN_NAME before including it. */
#ifndef GEN_BUF_H
#define GEN_BUF_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growable byte buffer ------------------------------------------------ */

struct buf {
    char *p;
    size_t len, cap;
};

static void die(const char *msg)
{
    fprintf(stderr, "%s: %s\n", GEN_NAME, msg);
    exit(2);
}

static void reserve(struct buf *b, size_t n)
{
    if (b->len + n <= b->cap)
        return;
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < b->len + n)
        nc *= 2;
    char *np = realloc(b->p, nc);
    if (!np)
        die("out of memory");
    b->p = np;
    b->cap = nc;
}

static void put(struct buf *b, const void *s, size_t n)
{
    reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void puts_(struct buf *b, const char *s) { put(b, s, strlen(s)); }

static void putc_(struct buf *b, char c)
{
    reserve(b, 1);
    b->p[b->len++] = c;
}

static void putf(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0)
            die("vsnprintf failed");
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        reserve(b, (size_t)n + 1);
    }
}

#endif
