#!/usr/bin/env python3
"""gen_json_corpus.py — writes the WordPress REST fixtures of corpus/json/.

    python3 tools/gen_json_corpus.py [OUTDIR]        (default: corpus/json)

Each fixture is ONE data model (a small Finnish WordPress site) rendered
twice:

  NAME.json / NAME.ndjson             the model with the canonical origins,
                                      spelled as WordPress writes them;
  NAME.expected.json / .ndjson        the same model with the variant origin
                                      in each of those places, in the
                                      spelling hostshift writes (variant
                                      scheme, the matched separator spelling,
                                      default port dropped);
  site.map                            https://www.example.fi → https://wt-a--example.ddev.site.

The replacement happens in the MODEL, before anything is encoded: every
string is built from templates in which an origin is a placeholder
(@@S@@, @@H@@, ... see SPELLINGS); the model is rendered once per
spelling table, and only then are PHP-serialized values built (lengths in
UTF-8 bytes, this file's own serializer) and the whole response JSON-encoded
the way WordPress does it. hostshift is never run. Near misses are plain
text in the templates, so they are identical in both renderings. A
placeholder is put only where the matcher's rules (docs/rules.md
§3.3–§3.6) say the origin ends (a `/`, `?`, `#`, a quote, white space, `.`
followed by `<`, end of the string) and, for the scheme-relative `@@R@@`,
where the byte before it anchors it (`"` or `=`).

Encodings (what WordPress emits):
  * REST responses: wp_json_encode($data) with no flags — `/` written `\\/`,
    non-ASCII as lower-case `\\uXXXX` (astral characters as surrogate
    pairs), `"` and controls escaped, `<` `>` `&` `'` as they are, no
    trailing newline; `?_pretty` adds JSON_PRETTY_PRINT (4 spaces, `": "`);
  * the NDJSON export: `curl …/wp/v2/posts | jq -c '.[]'` — one compact
    value per line, `/` and non-ASCII unescaped, each line ending in LF.

Python 3 standard library only; deterministic.
"""

import json
import os
import sys

CANON = "https://www.example.fi"
VARIANT = "https://wt-a--example.ddev.site"

# Placeholder -> (text in the input, text hostshift writes).
SPELLINGS = {
    "S": ("https://www.example.fi", "https://wt-a--example.ddev.site"),
    "H": ("http://www.example.fi", "https://wt-a--example.ddev.site"),       # the variant's scheme is written
    "P": ("https://www.example.fi:443", "https://wt-a--example.ddev.site"),  # default port: in the span, dropped
    "U": ("HTTPS://WWW.EXAMPLE.FI", "https://wt-a--example.ddev.site"),      # ASCII case-insensitive
    "R": ("//www.example.fi", "//wt-a--example.ddev.site"),                  # scheme-relative
    "Q": ("https%3A%2F%2Fwww.example.fi", "https%3A%2F%2Fwt-a--example.ddev.site"),  # percent-encoded
}

# Near misses: never replaced (identical in both renderings).
#   https://www.example.fi.cdn.example.net/…   the host goes on (not-a-url)
#   https://www.example.fi:8080/…              a port not in the map (host-not-in-map)
#   https://example.fi/, https://shop.example.fi/   other hosts
#   www.example.fi, info@example.fi            no scheme, no `//`


def render(v, side):
    """The model with every placeholder spelled for one side (0 in, 1 out)."""
    if isinstance(v, str):
        for k, pair in SPELLINGS.items():
            v = v.replace("@@" + k + "@@", pair[side])
        assert "@@" not in v, v
        return v
    if isinstance(v, list):
        return [render(x, side) for x in v]
    if isinstance(v, dict):
        return {render(k, side): render(x, side) for k, x in v.items()}
    if isinstance(v, Ser):
        return php(render(v.v, side)).decode("utf-8")
    return v


class Ser:
    """A string holding PHP serialize() output of a (rendered) value."""
    def __init__(self, v):
        self.v = v


def php(v):
    """PHP serialize(): bytes; string lengths in UTF-8 bytes."""
    if v is None:
        return b"N;"
    if isinstance(v, bool):
        return b"b:1;" if v else b"b:0;"
    if isinstance(v, int):
        return b"i:%d;" % v
    if isinstance(v, str):
        b = v.encode("utf-8")
        return b's:%d:"' % len(b) + b + b'";'
    if isinstance(v, list):
        v = dict(enumerate(v))
    if isinstance(v, dict):
        out = [b"a:%d:{" % len(v)]
        for k, x in v.items():
            out.append(php(k))
            out.append(php(x))
        out.append(b"}")
        return b"".join(out)
    raise TypeError(type(v))


def wp_json(v, pretty=False):
    """wp_json_encode($v[, JSON_PRETTY_PRINT]): `\\/`, `\\u00e4`."""
    if pretty:
        s = json.dumps(v, ensure_ascii=True, indent=4, separators=(",", ": "))
    else:
        s = json.dumps(v, ensure_ascii=True, separators=(",", ":"))
    return s.replace("/", "\\/")


def jq_c(v):
    """jq -c: compact, `/` and UTF-8 as they are."""
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


S, R = "@@S@@", "@@R@@"
API = S + "/wp-json"

# ---------------------------------------------------------------- posts


def links_post(pid, media, cats):
    return {
        "self": [{"href": f"{API}/wp/v2/posts/{pid}", "targetHints": {"allow": ["GET"]}}],
        "collection": [{"href": f"{API}/wp/v2/posts"}],
        "about": [{"href": f"{API}/wp/v2/types/post"}],
        "author": [{"embeddable": True, "href": f"{API}/wp/v2/users/1"}],
        "replies": [{"embeddable": True, "href": f"{API}/wp/v2/comments?post={pid}"}],
        "version-history": [{"count": 2, "href": f"{API}/wp/v2/posts/{pid}/revisions"}],
        "predecessor-version": [{"id": pid + 7, "href": f"{API}/wp/v2/posts/{pid}/revisions/{pid + 7}"}],
        "wp:featuredmedia": [{"embeddable": True, "href": f"{API}/wp/v2/media/{media}"}],
        "wp:attachment": [{"href": f"{API}/wp/v2/media?parent={pid}"}],
        "wp:term": [
            {"taxonomy": "category", "embeddable": True, "href": f"{API}/wp/v2/categories?post={pid}"},
            {"taxonomy": "post_tag", "embeddable": True, "href": f"{API}/wp/v2/tags?post={pid}"},
        ],
        "curies": [{"name": "wp", "href": "https://api.w.org/{rel}", "templated": True}],
    }


def yoast(slug, title, img):
    url = f"{S}/{slug}/"
    schema = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebPage", "@id": url, "url": url, "name": title + " - Esimerkki",
             "isPartOf": {"@id": f"{S}/#website"}, "primaryImageOfPage": {"@id": url + "#primaryimage"},
             "image": {"@id": url + "#primaryimage"}, "thumbnailUrl": img,
             "breadcrumb": {"@id": url + "#breadcrumb"}, "inLanguage": "fi"},
            {"@type": "ImageObject", "inLanguage": "fi", "@id": url + "#primaryimage", "url": img,
             "contentUrl": img, "width": 1200, "height": 800},
            {"@type": "WebSite", "@id": f"{S}/#website", "url": f"{S}/", "name": "Esimerkki",
             "potentialAction": [{"@type": "SearchAction",
                                  "target": {"@type": "EntryPoint", "urlTemplate": f"{S}/?s={{search_term_string}}"},
                                  "query-input": {"@type": "PropertyValueSpecification", "valueRequired": True,
                                                  "valueName": "search_term_string"}}],
             "inLanguage": "fi"},
        ],
    }
    # Yoast prints its graph with unescaped slashes and Unicode inside the
    # head HTML; the REST encoding then escapes the whole string once.
    graph = json.dumps(schema, ensure_ascii=False, separators=(",", ":"))
    head = (
        "<!-- This site is optimized with the Yoast SEO plugin v22.6 - https://yoast.com/wordpress/plugins/seo/ -->\n"
        f"<title>{title} - Esimerkki</title>\n"
        '<meta name="robots" content="index, follow, max-image-preview:large" />\n'
        f'<link rel="canonical" href="{url}" />\n'
        '<meta property="og:locale" content="fi_FI" />\n'
        f'<meta property="og:url" content="{url}" />\n'
        f'<meta property="og:image" content="{img}" />\n'
        '<meta name="twitter:card" content="summary_large_image" />\n'
        f'<script type="application/ld+json" class="yoast-schema-graph">{graph}</script>\n'
        "<!-- / Yoast SEO plugin. -->"
    )
    head_json = {
        "title": title + " - Esimerkki",
        "robots": {"index": "index", "follow": "follow", "max-image-preview": "max-image-preview:large"},
        "canonical": url,
        "og_locale": "fi_FI",
        "og_type": "article",
        "og_url": url,
        "og_site_name": "Esimerkki",
        "og_image": [{"width": 1200, "height": 800, "url": img, "type": "image/jpeg"}],
        "schema": schema,
    }
    return head, head_json


def gmt(local):
    """Europe/Helsinki in summer time is UTC+3 (the fixture's dates are all
    in one day's working hours)."""
    d, t = local.split("T")
    return f"{d}T{int(t[:2]) - 3:02d}{t[2:]}"


def post(pid, slug, title, content, excerpt, media, img, date, meta=None):
    head, head_json = yoast(slug, title, img)
    return {
        "id": pid,
        "date": date,
        "date_gmt": gmt(date),
        "guid": {"rendered": f"{S}/?p={pid}"},
        "modified": date,
        "modified_gmt": gmt(date),
        "slug": slug.rsplit("/", 1)[-1],
        "status": "publish",
        "type": "post",
        "link": f"{S}/{slug}/",
        "title": {"rendered": title},
        "content": {"rendered": content, "protected": False},
        "excerpt": {"rendered": excerpt, "protected": False},
        "author": 1,
        "featured_media": media,
        "comment_status": "open",
        "ping_status": "open",
        "sticky": False,
        "template": "",
        "format": "standard",
        "meta": meta if meta is not None else {"footnotes": ""},
        "categories": [3],
        "tags": [5, 8],
        "class_list": [f"post-{pid}", "post", "type-post", "status-publish", "format-standard",
                       "has-post-thumbnail", "hentry", "category-uutiset", "tag-sauna"],
        "yoast_head": head,
        "yoast_head_json": head_json,
        "_links": links_post(pid, media, [3]),
    }


UP = S + "/wp-content/uploads/2024/05"

CONTENT_1 = (
    '<p>Tervetuloa! Lue <a href="@@S@@/blogi/">blogi</a> ja '
    '<a href="@@H@@/vanha-linkki/">vanha linkki</a>. Osoitteemme on www.example.fi &#8211; '
    'kirjoita <a href="mailto:info@example.fi">info@example.fi</a>.</p>\n\n\n\n'
    '<figure class="wp-block-image size-large"><img fetchpriority="high" decoding="async" width="1024" '
    f'height="683" src="{UP}/sauna-1024x683.jpg" alt="Sauna &#8211; l\u00f6yly\u00e4" class="wp-image-45" '
    f'srcset="{UP}/sauna-1024x683.jpg 1024w, {UP}/sauna-300x200.jpg 300w, '
    f'{UP}/sauna-768x512.jpg 768w, {UP}/sauna.jpg 1200w" '
    'sizes="(max-width: 1024px) 100vw, 1024px" /><figcaption class="wp-element-caption">'
    'Rantasauna \U0001F525 <a href="@@S@@/sauna/">lis\u00e4\u00e4</a></figcaption></figure>\n\n\n\n'
    '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube">'
    '<div class="wp-block-embed__wrapper">\n<iframe loading="lazy" title="Sauna" width="640" height="360" '
    'src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" '
    'allow="accelerometer; autoplay; clipboard-write; encrypted-media" allowfullscreen></iframe>\n'
    '</div></figure>\n\n\n\n'
    '<p>Jaa: <a href="https://www.facebook.com/sharer/sharer.php?u=@@Q@@%2F2024%2F05%2Fhei-maailma%2F&amp;t=Hei">'
    'Facebook</a> | <a href="@@S@@/?s=sauna&amp;lang=fi">haku</a> | '
    '<a href="https://example.fi/">vanha domain</a> | <a href="https://shop.example.fi/">kauppa</a></p>\n\n\n\n'
    '<p>CDN: <img src="https://www.example.fi.cdn.example.net/x.png" alt="" /> ja esikatselu '
    'https://www.example.fi:8080/preview (ei muutu). Lue lis\u00e4\u00e4: @@S@@.</p>\n'
    '<script src="@@R@@/wp-includes/js/wp-embed.min.js?ver=6.5.3" id="wp-embed-js"></script>\n'
)

EXCERPT_1 = (
    '<p>Tervetuloa! Lue blogi ja vanha linkki. Osoitteemme on www.example.fi &#8211; kirjoita '
    'info@example.fi. Rantasauna \U0001F525 lis\u00e4\u00e4 &hellip; '
    '<a href="@@S@@/2024/05/hei-maailma/" class="more-link">Lue lis\u00e4\u00e4'
    '<span class="screen-reader-text"> &#8220;Hei maailma&#8221;</span></a></p>\n'
)

CONTENT_2 = (
    '<!-- wp:paragraph -->\n<p>K\u00e4ytimme <a href="@@U@@/hinnasto/">hinnastoa</a> ja '
    '<a href="@@P@@/yhteystiedot/">yhteystietoja</a>.</p>\n\n\n\n'
    '<div class="wp-block-file"><a id="wp-block-file--media-46" href="@@S@@/wp-content/uploads/2024/05/hinnasto.pdf">'
    'hinnasto.pdf</a><a href="@@S@@/wp-content/uploads/2024/05/hinnasto.pdf" class="wp-block-file__button '
    'wp-element-button" download aria-describedby="wp-block-file--media-46">Lataa</a></div>\n\n\n\n'
    '<p style="background-image:url(@@S@@/wp-content/uploads/2024/05/tausta.jpg)">'
    'Tausta &amp; &#8220;lainaus&#8221;</p>\n'
)

EXCERPT_2 = '<p>K\u00e4ytimme hinnastoa ja yhteystietoja. Lataa Tausta &amp; &#8220;lainaus&#8221;</p>\n'

CONTENT_3 = (
    '<p>Galleria:</p>\n<ul class="blocks-gallery-grid">'
    f'<li><a href="{UP}/a.jpg"><img src="{UP}/a-150x150.jpg" data-full-url="{UP}/a.jpg" '
    f'data-link="@@S@@/?attachment_id=51" alt="" /></a></li>'
    f'<li><a href="{UP}/b.jpg"><img src="{UP}/b-150x150.jpg" data-full-url="{UP}/b.jpg" '
    f'data-link="@@S@@/?attachment_id=52" alt="" /></a></li></ul>\n'
    '<p>Tarjoukset: https://shop.example.fi/tarjoukset/ ja @@S@@/tarjoukset/#kesa</p>\n'
)


def posts_model():
    return [
        post(123, "2024/05/hei-maailma", "Hyv\u00e4\u00e4 p\u00e4iv\u00e4\u00e4 &#8211; Let&#8217;s sauna",
             CONTENT_1, EXCERPT_1, 45, f"{UP}/sauna.jpg", "2024-05-14T10:30:00"),
        post(118, "2024/04/hinnasto", "Hinnasto 2024", CONTENT_2, EXCERPT_2, 46,
             f"{UP}/tausta.jpg", "2024-04-02T12:00:00"),
        post(101, "2024/04/galleria", "Galleria", CONTENT_3, "<p>Galleria:</p>\n", 51, f"{UP}/a.jpg",
             "2024-04-22T09:15:00",
             meta={"footnotes": "",
                   # a plugin's legacy meta, exposed in REST as its stored serialized string
                   "_legacy_gallery": Ser({"ids": [51, 52],
                                           "urls": [f"{UP}/a.jpg", f"{UP}/b.jpg"],
                                           "link": "@@S@@/galleria/",
                                           "title": "Kes\u00e4 \u00e4\u00e4"})}),
    ]

# ---------------------------------------------------------------- media


def size(file, w, h, mime, fs):
    return {"file": file, "width": w, "height": h, "filesize": fs, "mime_type": mime,
            "source_url": f"{UP}/{file}"}


def media_model():
    img = {
        "id": 45,
        "date": "2024-05-14T10:20:00",
        "date_gmt": "2024-05-14T07:20:00",
        "guid": {"rendered": f"{UP}/sauna.jpg"},
        "modified": "2024-05-14T10:20:00",
        "modified_gmt": "2024-05-14T07:20:00",
        "slug": "sauna",
        "status": "inherit",
        "type": "attachment",
        "link": f"{S}/2024/05/hei-maailma/sauna/",
        "title": {"rendered": "Sauna"},
        "author": 1,
        "featured_media": 0,
        "comment_status": "open",
        "ping_status": "closed",
        "template": "",
        "meta": {"footnotes": ""},
        "class_list": ["post-45", "attachment", "type-attachment", "status-inherit", "hentry"],
        "description": {"rendered": (
            f"<p class=\"attachment\"><a href='{UP}/sauna.jpg'><img loading=\"lazy\" decoding=\"async\" "
            f"width=\"300\" height=\"200\" src=\"{UP}/sauna-300x200.jpg\" class=\"attachment-medium size-medium\" "
            f"alt=\"Sauna &#8211; l\u00f6yly\u00e4\" srcset=\"{UP}/sauna-300x200.jpg 300w, "
            f"{UP}/sauna-1024x683.jpg 1024w, {UP}/sauna-768x512.jpg 768w, {UP}/sauna.jpg 1200w\" "
            "sizes=\"(max-width: 300px) 100vw, 300px\" /></a></p>\n")},
        "caption": {"rendered": "<p>Rantasauna, kuva: <a href=\"@@S@@/kuvaajat/\">kuvaaja</a></p>\n"},
        "alt_text": "Sauna \u2013 l\u00f6yly\u00e4",
        "media_type": "image",
        "mime_type": "image/jpeg",
        "media_details": {
            "width": 1200,
            "height": 800,
            "file": "2024/05/sauna.jpg",
            "filesize": 184211,
            "sizes": {
                "medium": size("sauna-300x200.jpg", 300, 200, "image/jpeg", 14302),
                "large": size("sauna-1024x683.jpg", 1024, 683, "image/jpeg", 98117),
                "thumbnail": size("sauna-150x150.jpg", 150, 150, "image/jpeg", 6211),
                "medium_large": size("sauna-768x512.jpg", 768, 512, "image/jpeg", 61220),
                "full": {"file": "sauna.jpg", "width": 1200, "height": 800, "mime_type": "image/jpeg",
                         "source_url": f"{UP}/sauna.jpg"},
            },
            "image_meta": {"aperture": "2.8", "credit": "", "camera": "iPhone 15", "caption": "",
                           "created_timestamp": "1715670000", "copyright": "", "focal_length": "6",
                           "iso": "100", "shutter_speed": "0.004", "title": "", "orientation": "1",
                           "keywords": []},
        },
        "post": 123,
        "source_url": f"{UP}/sauna.jpg",
        "_links": {
            "self": [{"href": f"{API}/wp/v2/media/45", "targetHints": {"allow": ["GET"]}}],
            "collection": [{"href": f"{API}/wp/v2/media"}],
            "about": [{"href": f"{API}/wp/v2/types/attachment"}],
            "author": [{"embeddable": True, "href": f"{API}/wp/v2/users/1"}],
            "replies": [{"embeddable": True, "href": f"{API}/wp/v2/comments?post=45"}],
        },
    }
    pdf = {
        "id": 46,
        "date": "2024-04-02T11:58:00",
        "date_gmt": "2024-04-02T08:58:00",
        "guid": {"rendered": f"{UP}/hinnasto.pdf"},
        "slug": "hinnasto",
        "status": "inherit",
        "type": "attachment",
        "link": f"{S}/2024/04/hinnasto/hinnasto-2/",
        "title": {"rendered": "hinnasto"},
        "author": 1,
        "description": {"rendered": f"<p class=\"attachment\"><a href='{UP}/hinnasto.pdf'>hinnasto</a></p>\n"},
        "caption": {"rendered": ""},
        "alt_text": "",
        "media_type": "file",
        "mime_type": "application/pdf",
        "media_details": {"filesize": 48213, "sizes": {}},
        "post": 118,
        "source_url": f"{UP}/hinnasto.pdf",
        "_links": {
            "self": [{"href": f"{API}/wp/v2/media/46", "targetHints": {"allow": ["GET"]}}],
            "collection": [{"href": f"{API}/wp/v2/media"}],
        },
    }
    return [img, pdf]

# ---------------------------------------------------------------- /wp-json


def route(ns, methods, args, link=None):
    r = {"namespace": ns, "methods": methods,
         "endpoints": [{"methods": methods, "args": args}]}
    if link:
        r["_links"] = {"self": [{"href": link}]}
    return r


def index_model():
    ctx = {"context": {"description": "Scope under which the request is made; determines fields present in response.",
                       "type": "string", "enum": ["view", "embed", "edit"], "default": "view", "required": False}}
    return {
        "name": "Esimerkki",
        "description": "Saunoja ja l\u00f6ylyj\u00e4 \u2013 www.example.fi",
        "url": S,
        "home": S,
        "gmt_offset": "3",
        "timezone_string": "Europe/Helsinki",
        "page_for_posts": 0,
        "page_on_front": 2,
        "show_on_front": "page",
        "namespaces": ["oembed/1.0", "wp/v2", "wp-site-health/v1", "wp-block-editor/v1", "yoast/v1"],
        "authentication": {"application-passwords": {"endpoints": {
            "authorization": f"{S}/wp-admin/authorize-application.php"}}},
        "routes": {
            "/": route("", ["GET"], {"context": {"default": "view", "required": False}}, f"{API}/"),
            "/oembed/1.0/embed": route("oembed/1.0", ["GET"], {
                "url": {"description": "The URL of the resource for which to fetch oEmbed data.",
                        "type": "string", "format": "uri", "required": True},
                "format": {"default": "json", "required": False},
                "maxwidth": {"default": 600, "required": False}}, f"{API}/oembed/1.0/embed"),
            "/wp/v2/posts": route("wp/v2", ["GET", "POST"], ctx, f"{API}/wp/v2/posts"),
            "/wp/v2/posts/(?P<id>[\\d]+)": route("wp/v2", ["GET", "POST", "PUT", "PATCH", "DELETE"], {
                "id": {"description": "Unique identifier for the post.", "type": "integer", "required": False}}),
            "/wp/v2/media": route("wp/v2", ["GET", "POST"], ctx, f"{API}/wp/v2/media"),
            "/wp/v2/settings": route("wp/v2", ["GET", "POST", "PUT", "PATCH"], {
                "url": {"title": "", "description": "Site URL.", "type": "string", "format": "uri",
                        "required": False}}, f"{API}/wp/v2/settings"),
        },
        "site_logo": 44,
        "site_icon": 45,
        "site_icon_url": f"{UP}/cropped-icon.png",
        "_links": {
            "help": [{"href": "https://developer.wordpress.org/rest-api/"}],
            "wp:featuredmedia": [
                {"embeddable": True, "type": "site_logo", "href": f"{API}/wp/v2/media/44"},
                {"embeddable": True, "type": "site_icon", "href": f"{API}/wp/v2/media/45"},
            ],
            "curies": [{"name": "wp", "href": "https://api.w.org/{rel}", "templated": True}],
        },
    }

# ---------------------------------------------------------------- settings


def settings_model():
    return {
        "title": "Esimerkki",
        "description": "Saunoja ja l\u00f6ylyj\u00e4 \u2013 www.example.fi",
        "url": S,
        "email": "admin@example.fi",
        "timezone": "Europe/Helsinki",
        "date_format": "j.n.Y",
        "time_format": "H:i",
        "start_of_week": 1,
        "language": "fi",
        "use_smilies": True,
        "default_category": 1,
        "default_post_format": "0",
        "posts_per_page": 10,
        "show_on_front": "page",
        "page_on_front": 2,
        "page_for_posts": 0,
        "default_ping_status": "open",
        "default_comment_status": "open",
        "site_logo": 44,
        "site_icon": 45,
    }

# ---------------------------------------------------------------- oEmbed


def oembed_model():
    url = f"{S}/2024/05/hei-maailma/"
    html = (
        f'<blockquote class="wp-embedded-content" data-secret="Zq3kT8xY2a"><a href="{url}">'
        'Hyv\u00e4\u00e4 p\u00e4iv\u00e4\u00e4 &#8211; Let&#8217;s sauna</a></blockquote>'
        '<iframe sandbox="allow-scripts" security="restricted" '
        'style="position: absolute; clip: rect(1px, 1px, 1px, 1px);" '
        'title="&#8220;Hyv\u00e4\u00e4 p\u00e4iv\u00e4\u00e4&#8221; &#8212; Esimerkki" '
        f'src="{url}embed/#?secret=Zq3kT8xY2a" data-secret="Zq3kT8xY2a" width="600" height="338" '
        'frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>'
        '<script>\n/*! This file is auto-generated */\n'
        '!function(d,l){"use strict";l.querySelector&&d.addEventListener&&"undefined"!=typeof URL&&'
        '(d.wp=d.wp||{},d.wp.receiveEmbedMessage||(d.wp.receiveEmbedMessage=function(e){var t=e.data;'
        'if((t||t.secret||t.message||t.value)&&!/[^a-zA-Z0-9]/.test(t.secret)){for(var s,r,n,a=l.'
        'querySelectorAll(\'iframe[data-secret="\'+t.secret+\'"]\'),o=l.querySelectorAll(\'blockquote'
        '[data-secret="\'+t.secret+\'"]\'),c=new RegExp("^https?:$","i"),i=0;i<o.length;i++)o[i].style.'
        'display="none";}}))}(window,document);\n</script>\n'
    )
    return {
        "version": "1.0",
        "provider_name": "Esimerkki",
        "provider_url": S,
        "author_name": "admin",
        "author_url": f"{S}/author/admin/",
        "title": "Hyv\u00e4\u00e4 p\u00e4iv\u00e4\u00e4 &#8211; Let&#8217;s sauna",
        "type": "rich",
        "width": 600,
        "height": 338,
        "html": html,
        "thumbnail_url": f"{UP}/sauna.jpg",
        "thumbnail_width": 1200,
        "thumbnail_height": 800,
    }

# ---------------------------------------------------------------- NDJSON


def ndjson_model():
    """`jq -c '.[] | {id, link, title: .title.rendered, content: .content.rendered, ...}'`,
    plus a redirect table whose keys are origins (keys are strings too)."""
    rows = []
    for p in posts_model():
        rows.append({"id": p["id"], "link": p["link"], "guid": p["guid"]["rendered"],
                     "title": p["title"]["rendered"], "content": p["content"]["rendered"],
                     "featured": p["_links"]["wp:featuredmedia"][0]["href"]})
    rows.append({"type": "redirects", "map": {
        f"{S}/vanha-linkki/": f"{S}/blogi/",
        "@@H@@/hinnat/": f"{S}/2024/04/hinnasto/",
        "/suhteellinen/": f"{R}/blogi/",
    }})
    rows.append([f"{S}/", "@@Q@@%2F", "https://example.fi/", 42, None, True])
    return rows


FIXTURES = [
    # name, model, encoder
    ("wp-v2-posts.json", posts_model, lambda m: wp_json(m)),
    ("wp-v2-media.json", media_model, lambda m: wp_json(m)),
    ("wp-json-index.json", index_model, lambda m: wp_json(m)),
    ("wp-v2-settings.json", settings_model, lambda m: wp_json(m, pretty=True)),
    ("oembed.json", oembed_model, lambda m: wp_json(m)),
    ("posts-export.ndjson", ndjson_model, lambda m: "".join(jq_c(v) + "\n" for v in m)),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("corpus", "json")
    os.makedirs(out, exist_ok=True)
    for name, model, enc in FIXTURES:
        stem, ext = name.rsplit(".", 1)
        m = model()
        for side, fname in ((0, name), (1, f"{stem}.expected.{ext}")):
            data = enc(render(m, side)).encode("utf-8")
            with open(os.path.join(out, fname), "wb") as f:
                f.write(data)
    with open(os.path.join(out, "site.map"), "w") as f:
        f.write(f"{CANON} {VARIANT}\n")


if __name__ == "__main__":
    main()
