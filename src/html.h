/* html.h — owns the html type (§4.1–§4.5, §5): a
 * streaming WHATWG-framing tokenizer (text, tags, comments, doctype, bogus
 * comments, the ten raw-text elements with the script escape states), the
 * attribute value pipeline (byte matcher in value mode, then reference
 * decoding and re-match, spliced over the source bytes, §5.3), and the
 * surfaces of §4.2. Text, raw text and comments stream through a window
 * segment; only a start tag is held, up to HTML_TAG_CAP bytes. */
#ifndef HOSTSHIFT_HTML_H
#define HOSTSHIFT_HTML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "framer.h"
#include "hold.h"
#include "hostfind.h"
#include "linepos.h"
#include "offmap.h"
#include "report.h"
#include "value.h"
#include "window.h"

#define HTML_TAG_CAP (1u << 20)   /* a start tag held for its attributes (the value cap) */
#define HTML_PEND_MAX 16          /* bytes held while a token's kind is undecided */
#define HTML_NAME_MAX 16          /* tag names longer than this are not special */
#define HTML_ATTRS_MAX 8192       /* attributes of one held start tag */

enum html_state {
	HS_DATA,
	HS_TAG_OPEN,              /* after '<' */
	HS_END_TAG_OPEN,          /* after "</" */
	HS_MARKUP_DECL,           /* after "<!", deciding comment / doctype / CDATA / bogus */
	/* tag body (start tags held, end tags verbatim, over-cap start tags streamed) */
	HS_TAG_NAME,
	HS_BEFORE_ATTR_NAME,
	HS_ATTR_NAME,
	HS_AFTER_ATTR_NAME,
	HS_BEFORE_ATTR_VALUE,
	HS_ATTR_VALUE_DQ,
	HS_ATTR_VALUE_SQ,
	HS_ATTR_VALUE_UNQ,
	HS_AFTER_ATTR_VALUE_QUOTED,
	HS_SELF_CLOSING,
	/* comments */
	HS_COMMENT_START,
	HS_COMMENT_START_DASH,
	HS_COMMENT,
	HS_COMMENT_END_DASH,
	HS_COMMENT_END,
	HS_COMMENT_END_BANG,
	HS_BOGUS_COMMENT,
	HS_DOCTYPE,
	/* RCDATA / RAWTEXT elements: content up to the appropriate end tag */
	HS_RAWTEXT,
	HS_RAWTEXT_LT,
	HS_RAWTEXT_END_OPEN,
	HS_RAWTEXT_END_NAME,
	/* script data (WHATWG 13.2.5.4 ff.) */
	HS_SCRIPT,
	HS_SCRIPT_LT,
	HS_SCRIPT_END_OPEN,
	HS_SCRIPT_END_NAME,
	HS_SCRIPT_ESCAPE_START,
	HS_SCRIPT_ESCAPE_START_DASH,
	HS_SCRIPT_ESCAPED,
	HS_SCRIPT_ESCAPED_DASH,
	HS_SCRIPT_ESCAPED_DASH_DASH,
	HS_SCRIPT_ESCAPED_LT,
	HS_SCRIPT_ESCAPED_END_OPEN,
	HS_SCRIPT_ESCAPED_END_NAME,
	HS_SCRIPT_DOUBLE_ESCAPE_START,
	HS_SCRIPT_DOUBLE_ESCAPED,
	HS_SCRIPT_DOUBLE_ESCAPED_DASH,
	HS_SCRIPT_DOUBLE_ESCAPED_DASH_DASH,
	HS_SCRIPT_DOUBLE_ESCAPED_LT,
	HS_SCRIPT_DOUBLE_ESCAPE_END,
	HS_PLAINTEXT
};

enum html_tag_kind { TAG_START, TAG_END, TAG_OVERSIZE };

struct html_attr {
	size_t name_start, name_end;
	size_t value_start, value_end;
	bool has_value;
	bool plain;     /* the value is known to hold none of `& % TAB LF CR`: no reference to
	                   decode, nothing a URL parser removes or decodes (rules.md §3.9) */
	bool wide;      /* the value may hold a byte from 0x80 (a host a browser folds, §1.4) */
	bool changed;   /* its value is rewritten (start_tag_done, when events are listed) */
};

struct html {
	struct framer_core c;         /* configuration, window (the one writer), value pipeline, line position */

	enum html_state state;
	uint64_t tok_start;           /* input offset where the current token began */

	unsigned char pend[HTML_PEND_MAX];
	size_t npend;

	/* the current tag */
	enum html_tag_kind tag_kind;
	char name[HTML_NAME_MAX + 1]; /* lowercase tag name */
	size_t name_len;              /* > HTML_NAME_MAX: too long to be special */
	struct hold tag;              /* the start tag from its '<' (len counts any tag's bytes so far) */
	struct html_attr *attrs;
	size_t nattrs, attrs_cap;

	/* the value pipeline of attribute values */
	struct hold *pos_token;       /* check mode: the token the value pipeline (c.vp) has, tag or seg */
	/* the open text, raw-text or comment token: held whole where it may
	 * hold serialized data (§7.4), else streamed into the window */
	enum html_seg { SEG_NONE, SEG_HELD, SEG_STREAMED, SEG_UNTOUCHED } seg_mode;
	enum surface seg_surface;
	struct hold seg;

	bool seg_refs;                /* a page's parser decodes the open token's references */

	/* the raw-text element we are in */
	char raw_name[HTML_NAME_MAX + 1];
	size_t raw_len;
	enum surface raw_surface;
	bool raw_refs;                /* its references are decoded: title, textarea, a style sheet in SVG */
	bool self_closing;            /* the tag just ended with `/>` */
	unsigned foreign;             /* open svg and math elements (foreign content), as far as a
	                                 tokenizer can tell without a tree */
	unsigned integration;         /* open html integration points inside it (foreignObject, desc,
	                                 title; MathML's text integration points), where html rules hold */
	char tmp[8];                  /* script double-escape name buffer */
	size_t tmp_len;

	struct hostfind_cursor hosts; /* over the chunk being fed (§3.1) */
};

void html_init(struct html *h, const struct framer_env *env);
void html_free(struct html *h);
/* Its reset, feed and finish, as the pipeline calls every framer (framer.h). */
extern const struct framer html_framer;

/* §4.2 and §12.4: whether a <script> type attribute value names
 * JavaScript (absent, empty, `module`, or a WHATWG JavaScript MIME type). */
bool html_script_type_is_js(const unsigned char *v, size_t n);

#endif
