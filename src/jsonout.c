/* jsonout.c — JSON strings for reports and messages (jsonout.h). */
#include "jsonout.h"

#include <stdint.h>

#include "utf8.h"

void json_put_string(FILE *f, const unsigned char *p, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			fputc('\\', f);
			fputc(c, f);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			fputc(c, f);
			i++;
		} else {
			uint32_t cp;
			size_t k = utf8_take(p + i, n - i, &cp);
			if (k) fwrite(p + i, 1, k, f);
			else fprintf(f, "\\udc%02x", c);
			i += k ? k : 1;
		}
	}
	fputc('"', f);
}
