/* gen: write a deterministic text dense with origins, for the end-to-end
 * chunk-independence test (docs/rules.md §11.1, §11.3 item 3).
 *
 *   gen BYTES [SEED]
 *
 * Writes at least BYTES bytes to stdout. The text is built for the map
 *
 *   https://www.example.fi        https://wt-a--example.ddev.site
 *   https://shop.example.fi:8443  https://wt-a--shop.example.ddev.site
 *
 * and holds those origins in every spelling the matcher knows (https, http,
 * scheme-relative x `//`, `\/\/`, `%2F%2F` in mixed case), with ports,
 * root dots, escapes and controls after the host, and near misses
 * (`www.example.fi.evil`, `awww.example.fi`, `path//www.example.fi`, ...),
 * all glued together with short fillers so that candidates often sit close
 * to each other. Same BYTES and SEED, same bytes, on every platform.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long state;

static unsigned long rnd(unsigned long n)
{
	/* 32-bit LCG (Numerical Recipes), upper bits; exact on every C11 host. */
	state = (state * 1664525UL + 1013904223UL) & 0xffffffffUL;
	return (state >> 8) % n;
}

#define PICK(a) (a[rnd(sizeof a / sizeof a[0])])

/* Byte before the candidate: anchors, non-anchors, UTF-8. */
static const char *const left[] = {
	"", " ", " ", " ", "\n", "\t", "=", "\"", "'", "(", "&", "@", "?", "#",
	",", ";", ">", "path", "a", "9", "/", ".", "-", "_", "%", "\\",
	"\xc3\xa4", "x=", "url(", "href=\"", "\\\"", "<",
};

static const char *const schemes[] = {
	"https", "http", "HTTPS", "Http", "hTtPs", "xhttps", "git+https",
};

/* [0] = scheme separator, [1] = relative separator. */
static const char *const seps[][2] = {
	{ "://", "//" },
	{ "://", "//" },
	{ ":\\/\\/", "\\/\\/" },
	{ "%3A%2F%2F", "%2F%2F" },
	{ "%3a%2f%2f", "%2f%2f" },
	{ "%3A%2f%2F", "%2F%2f" },
	/* not patterns: near misses */
	{ ":\\u002F\\u002F", "\\u002F\\u002F" },
	{ ":\\\\/\\\\/", "\\\\/\\\\/" },
	{ "%253A%252F%252F", "%252F%252F" },
	{ ":/", "/" },
	{ ":///", "///" },
};

static const char *const hosts[] = {
	"www.example.fi", "www.example.fi", "www.example.fi", "WWW.Example.FI",
	"shop.example.fi", "shop.example.fi", "SHOP.example.FI",
	"www.example.fi.", "shop.example.fi.",
	"www.example.fi.evil", "www.example.fi.evil.example", "awww.example.fi",
	"www.example.fix", "example.fi", "wt-a--example.ddev.site",
	"wt-a--shop.example.ddev.site", "www.example.fi%2Eevil",
	"www.example.fi%2D", "www.example.fi\xc3\xa4", "www.example.fi..",
};

static const char *const ports[] = {
	"", "", "", "", ":443", ":0443", ":8443", ":08443", ":8080", ":0",
	":80", ":", "%3A8443", "%3a443", "\\u003a8443", "\\:8443", ":00000443",
};

static const char *const right[] = {
	"/", "/", "/path?x=1", "?q=1", "#frag", "&x=1", "&amp;y", "@evil",
	"\t", "\tx", "\n", "\r\n", "\\", "\\u002F", "\\/", "\\\"", "\"", "'",
	".", ". ", ").", "", " ", "%2F", "%2e", "%2Fx", "\\n", "\\t",
	"\\u0009x", ":", ":x", "./", ".:8443", "%3F", "\\x3a", "\\u{3a}",
	"\\072", "\r", "\x01", "\xc3\xa4", "\\A",
};

static const char *const filler[] = {
	" ", " ", "  ", "\n", " and ", "; ", ",", "\t", "", "", "x", "lorem ",
	"ipsum\n", "{\"u\":\"", "\"}", "<a href=\"", "\">", "=", "&",
};

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: gen BYTES [SEED]\n");
		return 2;
	}
	unsigned long want = strtoul(argv[1], NULL, 10);
	state = argc == 3 ? strtoul(argv[2], NULL, 10) & 0xffffffffUL : 1;
	unsigned long out = 0;
	char buf[512];
	while (out < want) {
		size_t n = 0;
		buf[0] = '\0';
		strcat(buf, PICK(left));
		int kind = (int)rnd(3); /* 0,1: scheme form; 2: relative form */
		int e = (int)rnd(sizeof seps / sizeof seps[0]);
		if (kind < 2) {
			strcat(buf, PICK(schemes));
			strcat(buf, seps[e][0]);
		} else {
			strcat(buf, seps[e][1]);
		}
		strcat(buf, PICK(hosts));
		strcat(buf, PICK(ports));
		strcat(buf, PICK(right));
		int k = (int)rnd(3);
		for (int i = 0; i < k; i++)
			strcat(buf, PICK(filler));
		n = strlen(buf);
		if (fwrite(buf, 1, n, stdout) != n)
			return 1;
		out += n;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
