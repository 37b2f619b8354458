#!/usr/bin/env python3
"""gen_wp_dump.py — writes the WordPress-like dump fixture of corpus/sql/.

    python3 tools/gen_wp_dump.py [OUTDIR]        (default: corpus/sql)

Writes three dumps of ONE data model (a small WordPress site: wp_options,
wp_posts, wp_postmeta) and the map they belong to:

  wp.sql           the model rendered with the canonical origins, spelled in
                   every way a WordPress dump holds them (https, http, upper
                   case, the alias http://example.fi, default ports, a root
                   dot, scheme-relative, JSON `\\/`, percent-encoded);
  wp.expected.sql  the same model rendered with the variant origin in place
                   of each canonical, in the spelling hostshift writes
                   (variant scheme, canonical separators, upper-case percent
                   hex, default port and root dot dropped);
  wp.reverse.sql   the model rendered with the site's primary canonical
                   (https://www.example.fi) in each of those places: what
                   `hostshift -R` must make of wp.expected.sql;
  site.map         https://www.example.fi and its alias http://example.fi,
                   both to https://wt-a--example.ddev.site.

The replacement happens in the MODEL, before anything is encoded: every
value is built from templates in which an origin is a placeholder key (see
SPELLINGS); the builder runs three times with the same seed, once per
rendering, and only then are the values JSON-encoded, percent-encoded,
PHP-serialized (this file's own serializer: lengths in UTF-8 bytes) and
MySQL-escaped. hostshift is never run. Near misses are plain text in the
templates, so they are identical in all three dumps.

Python 3 standard library only; deterministic (fixed seed, no clock).
"""

import json
import os
import random
import sys
import urllib.parse

SEED = 20240514
NET_BUFFER_LENGTH = 1046528          # mysqldump's default: extended INSERTs of about 1 MB

PRIMARY = "https://www.example.fi"
ALIAS = "http://example.fi"
VARIANT = "https://wt-a--example.ddev.site"
VHOST = "wt-a--example.ddev.site"

# Placeholder keys. kind "scheme": an origin with its scheme; "rel": a
# scheme-relative `//host`; "pct": already percent-encoded text. The model
# puts each key only where the matcher's rules say the origin ends (a `/`,
# a quote, white space, end of the string, ...) and, for "rel", where the
# byte before it anchors it (docs/rules.md §3.3–§3.6).
SPELLINGS = {
    "S":    ("scheme", "https://www.example.fi"),
    "H":    ("scheme", "http://www.example.fi"),           # http: the variant's https is written
    "U":    ("scheme", "HTTPS://WWW.EXAMPLE.FI"),           # ASCII case-insensitive
    "M":    ("scheme", "Https://Www.Example.Fi"),
    "A":    ("scheme", "http://example.fi"),                # the alias canonical
    "AS":   ("scheme", "https://example.fi"),               # alias host, other scheme (scheme not compared)
    "P":    ("scheme", "https://www.example.fi:443"),       # default port: in the span, dropped
    "PZ":   ("scheme", "https://www.example.fi:0443"),      # leading zeros
    "P80":  ("scheme", "http://example.fi:80"),
    "D":    ("scheme", "https://www.example.fi."),          # root dot (only before `/` or `%2F`)
    "R":    ("rel",    "//www.example.fi"),
    "RA":   ("rel",    "//example.fi"),
    "RP":   ("rel",    "//www.example.fi:443"),             # relative: port checked against the pair's scheme
    "RA80": ("rel",    "//example.fi:80"),
    "PL":   ("pct",    "https%3a%2f%2fwww.example.fi"),     # lower-case percent hex; written upper case
}

SCHEME_KEYS = ["S"] * 8 + ["H", "H", "U", "M", "A", "A", "AS", "P", "PZ", "P80"]
REL_KEYS = ["R", "R", "R", "RA", "RP", "RA80"]

# Near misses: never replaced, identical in the three renderings.
NEAR_MISSES = [
    "https://www.example.fi.evil.test/login",        # the host goes on
    "https://awww.example.fi/",                      # another host
    "https://www.example.fi:8080/admin/",            # a port not in the map
    "http://www.example.fi:443/",                    # 443 is not http's default
    "https://example.fi:8443/",
    "https://www.example.fin/",
    "https://www.example.fi-staging.test/",
    "https://www.example.fi_old/",
    "https://www.example.fi@evil.test/",             # userinfo
    "https://www.example.fi\u00e4/",                 # a non-ASCII byte continues the host
    "https://shop.example.fi/tuote/",                # hosts of other sites
    "https://cdn.example.net/lib.js",
    "https://example.com/",
    "https://wordpress.org/plugins/",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https:/www.example.fi/one-slash",
    "www.example.fi",
    "mailto:info@example.fi",
]
# Near misses that need their left context (relative forms after a byte
# that blocks the left anchor), written whole.
NEAR_MISS_TEXT = [
    "path//www.example.fi/x",
    "a.//www.example.fi/x",
    "x-//www.example.fi/",
    "v1_//www.example.fi/",
    "q=a%2F%2Fwww.example.fi%2F",
]


def make_o(mode):
    """The spelling function of one rendering: key -> text."""
    def o(key):
        kind, canon = SPELLINGS[key]
        if mode == "in":
            return canon
        target = VARIANT if mode == "out" else PRIMARY
        if kind == "scheme":
            return target
        if kind == "rel":
            return "//" + target.split("://", 1)[1]
        return target.replace("://", "%3A%2F%2F")
    return o


# ---------------------------------------------------------------- encoders

def jenc(v, ascii_only=True):
    """wp_json_encode: escaped slashes, \\uXXXX for non-ASCII by default."""
    return json.dumps(v, ensure_ascii=ascii_only, separators=(",", ":")).replace("/", "\\/")


def jblock(v):
    """Block-comment attributes (serialize_block_attributes): unescaped slashes
    and Unicode, `<` `>` `&` as \\u escapes. WordPress also writes `--` as
    \\u002d\\u002d; that step is left out because it is not transparent to the
    origin (the variant host has `--`), and hostshift does not re-encode."""
    s = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def pct(s):
    return urllib.parse.quote(s, safe="")


class Obj:
    """A PHP object: props are (visibility, name, value)."""
    def __init__(self, cls, props):
        self.cls = cls
        self.props = props


class Raw(bytes):
    """Serialized bytes written as they are (forms this serializer does not make)."""


class Ser:
    """A PHP string that holds the serialization of a value (double serialization)."""
    def __init__(self, v):
        self.v = v


def php(v):
    """PHP serialize(): bytes; string lengths in UTF-8 bytes."""
    if isinstance(v, Raw):
        return bytes(v)
    if v is None:
        return b"N;"
    if isinstance(v, bool):
        return b"b:1;" if v else b"b:0;"
    if isinstance(v, int):
        return b"i:%d;" % v
    if isinstance(v, float):
        return b"d:" + repr(v).encode() + b";"
    if isinstance(v, Ser):
        v = php(v.v)
    if isinstance(v, str):
        v = v.encode("utf-8")
    if isinstance(v, bytes):
        return b's:%d:"' % len(v) + v + b'";'
    if isinstance(v, list):
        v = dict(enumerate(v))
    if isinstance(v, dict):
        out = [b"a:%d:{" % len(v)]
        for k, x in v.items():
            out.append(php(k))
            out.append(php(x))
        out.append(b"}")
        return b"".join(out)
    if isinstance(v, Obj):
        out = [b'O:%d:"' % len(v.cls.encode()) + v.cls.encode() + b'":%d:{' % len(v.props)]
        for vis, name, x in v.props:
            if vis == "protected":
                key = b"\0*\0" + name.encode()
            elif vis == "private":
                key = b"\0" + v.cls.encode() + b"\0" + name.encode()
            else:
                key = name.encode()
            out.append(php(key))
            out.append(php(x))
        out.append(b"}")
        return b"".join(out)
    raise TypeError(type(v))


MYSQL_ESC = {0: b"\\0", 0x27: b"\\'", 0x22: b'\\"', 8: b"\\b", 10: b"\\n", 13: b"\\r", 9: b"\\t",
             26: b"\\Z", 0x5C: b"\\\\"}


def sql_lit(v):
    if v is None:
        return b"NULL"
    if isinstance(v, int):
        return b"%d" % v
    if isinstance(v, str):
        v = v.encode("utf-8")
    out = bytearray(b"'")
    for c in v:
        e = MYSQL_ESC.get(c)
        if e:
            out += e
        else:
            out.append(c)
    out += b"'"
    return bytes(out)


# ---------------------------------------------------------------- text pools

WORDS = ("yritys palvelut hinnasto yhteystiedot kauppa tietosuoja ajankohtaista uutiset asiakas tuote "
         "laatu toimitus kesä talvi sää öljy äänekoski jyväskylä mökki järvi sauna kahvi pulla "
         "welcome service pricing contact café naïve crème brûlée über straße Ωmega "
         "日本語 東京 €uro “lainaus” — … 😀 🚀 💶 𝄞 ✓ ©").split()
PATHS = ["/", "/palvelut/", "/yhteystiedot/", "/hinnasto/", "/ajankohtaista/uutinen-ä/", "/tuote/öljy-5l/",
         "/sää/€-😀/", "/en/services/", "/?p=42", "/?page_id=7#ota-yhteytta", "/wp-admin/",
         "/wp-content/themes/example/style.css?ver=6.4.3", "/feed/", "/wp-json/wp/v2/posts"]


class Site:
    """The data model, built for one rendering (o) from a fixed seed."""

    def __init__(self, o):
        self.o = o
        self.rng = random.Random(SEED)

    # -- small pieces (every call consumes the rng the same way whatever o is)
    def words(self, n):
        return " ".join(self.rng.choice(WORDS) for _ in range(n))

    def scheme(self, allow_dot=False):
        k = self.rng.choice(SCHEME_KEYS + (["D"] if allow_dot else []))
        return self.o(k)

    def rel(self):
        return self.o(self.rng.choice(REL_KEYS))

    def path(self):
        return self.rng.choice(PATHS)

    def url(self, allow_dot=True):
        """An absolute URL with a path (so a root dot is allowed)."""
        return self.scheme(allow_dot) + self.path()

    def upload(self, n):
        y, m = 2019 + n % 5, 1 + n % 12
        return "/wp-content/uploads/%d/%02d/kuva-%d-ä.jpg" % (y, m, n)

    def near(self, json=False):
        m = self.rng.choice(NEAR_MISSES)
        # In \\uXXXX-escaped JSON a non-ASCII byte after the host becomes a
        # backslash, which ends a host on sql-string (rules.md §3.8): not a near miss there.
        return "https://www.example.fi.evil.test/" if json and "\u00e4" in m else m

    def near_text(self):
        return self.rng.choice(NEAR_MISS_TEXT)

    def para(self, n_links=2, json=False):
        """An HTML paragraph with links in several spellings and near misses.
        json: it will be JSON-encoded (escaped slashes, \\uXXXX escapes), where
        a root dot is not followed by `/` but by `\\/` and so stays (§3.4), and
        a relative form right after an escaped non-ASCII character is not
        anchored (the byte before it is a hex digit, §3.3)."""
        o = self.o
        parts = ["<p>" + self.words(self.rng.randint(5, 14))]
        for _ in range(n_links):
            r = self.rng.randrange(9)
            if r == 0:
                parts.append('<a href="%s">%s</a>' % (self.url(not json), self.words(2)))
            elif r == 1:
                parts.append('<a href="%s%s">%s</a>' % (self.rel(), self.path(), self.words(2)))
            elif r == 2:
                parts.append("(%s)" % (self.scheme()))
            elif r == 3:
                parts.append("%s." % self.scheme())                  # sentence-final dot, not a root dot
            elif r == 4:
                parts.append('<a href="%s">%s</a>' % (self.near(json), self.words(1)))
            elif r == 5:
                parts.append(self.near_text())
            elif r == 6:
                parts.append('<img src="%s%s" srcset="%s%s 300w, %s%s 1024w" alt="ä €"/>'
                             % (self.scheme(), self.upload(self.rng.randrange(500)), self.rel(),
                                self.upload(7), self.scheme(not json), self.upload(8)))
            elif r == 7:
                parts.append('<a href="%s/wp-login.php?redirect_to=%s&amp;reauth=1">kirjaudu</a>'
                             % (self.scheme(), pct(self.url())))
            else:
                parts.append(("ä%s%s € 😀 %s/😀" if json else "ä%s%s € 😀%s/😀") % (self.scheme(), self.path(), self.rel()))
        parts.append(self.words(3) + "</p>")
        return " ".join(parts)

    # ------------------------------------------------------------ wp_options
    def options(self):
        o = self.o
        S = o("S")
        rows = []

        def add(name, value, autoload="yes"):
            rows.append((name, value, autoload))

        add("siteurl", S)
        add("home", S)
        add("blogname", "Esimerkki Oy – Äänekoski 😀")
        add("blogdescription", "Laatua vuodesta 1987 — “paras” hinta € ja 日本語")
        add("users_can_register", "0")
        add("admin_email", "webmaster@example.fi")
        add("start_of_week", "1")
        add("date_format", "j.n.Y")
        add("permalink_structure", "/%postname%/")
        add("upload_url_path", o("H") + "/wp-content/uploads")
        add("legacy_home_rootdot", o("D"))                      # a value ending in a root dot
        add("legacy_home_upper", o("U"))
        add("legacy_alias", o("A"))
        add("legacy_alias_port", o("P80") + "/")
        add("near_miss_amp", "https://www.example.fi&x=1")      # `&` where the value begins (rules.md §12.1)
        add("near_miss_list", "\n".join(NEAR_MISSES + NEAR_MISS_TEXT))
        add("active_plugins", php(["akismet/akismet.php", "elementor/elementor.php",
                                   "wordpress-seo/wp-seo.php", "example-store/example-store.php"]))
        add("WPLANG", "fi")

        # widgets
        add("widget_text", php({
            2: {"title": "Yhteystiedot – ä€😀",
                "text": '<p><a href="%s/yhteystiedot/">Ota yhteyttä</a> — puh. 010 123 4567</p>\n'
                        '<p>Sähköposti: info@example.fi, ' % S
                        + '<img src="%s/wp-content/uploads/2023/01/kartta.png" alt="kartta"/></p>' % o("R"),
                "filter": True, "visual": True},
            3: {"title": "Linkit", "text": "\n".join('<a href="%s">%s</a>' % (self.url(), self.words(2))
                                                      for _ in range(6)) + "\n" + self.near(),
                "filter": False, "visual": False},
            "_multiwidget": 1}))
        add("widget_media_image", php({
            2: {"attachment_id": 31, "url": S + "/wp-content/uploads/2023/02/logo-😀.png", "title": "",
                "size": "full", "width": 300, "height": 120, "caption": "Logo ä", "alt": "Esimerkki",
                "link_type": "custom", "link_url": o("H") + "/etusivu/", "image_classes": "",
                "link_classes": "", "link_rel": "", "link_target_blank": False, "image_title": ""},
            "_multiwidget": 1}))
        add("widget_block", php({
            2: {"content": '<!-- wp:image {"id":31,"url":"%s/wp-content/uploads/2023/02/banneri.jpg"} -->\n'
                           '<figure class="wp-block-image"><img src="%s/wp-content/uploads/2023/02/banneri.jpg" '
                           'alt="" class="wp-image-31"/></figure>\n<!-- /wp:image -->' % (S, S)},
            3: {"content": "<!-- wp:paragraph -->\n%s\n<!-- /wp:paragraph -->" % self.para(3)},
            "_multiwidget": 1}))
        add("widget_custom_html", php({
            2: {"title": "Kartta", "content": '<iframe src="https://www.google.com/maps/embed?pb=!1m18" '
                                              'width="600"></iframe><script src="%s/wp-content/js/a.js"></script>'
                                              % o("RA")},
            "_multiwidget": 1}))
        add("sidebars_widgets", php({"wp_inactive_widgets": [], "sidebar-1": ["block-2", "block-3", "text-2"],
                                     "sidebar-2": ["media_image-2", "custom_html-2"], "array_version": 3}))

        # theme mods: nested arrays and a stdClass object
        add("theme_mods_twentytwentyfour", php({
            0: False,
            "nav_menu_locations": {"primary": 2, "footer": 3},
            "custom_logo": 42,
            "header_image": S + "/wp-content/uploads/2023/03/header-ääkköset.jpg",
            "header_image_data": Obj("stdClass", [
                ("public", "attachment_id", 77), ("public", "url", o("U") + "/wp-content/uploads/2023/03/h.jpg"),
                ("public", "thumbnail_url", o("R") + "/wp-content/uploads/2023/03/h-150x150.jpg"),
                ("public", "height", 600), ("public", "width", 1920), ("public", "ratio", 0.3125)]),
            "background_image": o("M") + "/wp-content/uploads/tausta.png",
            "background_color": "f3f3f3",
            "custom_css_post_id": -1,
            "sidebars_widgets": {"time": 1700000000, "data": {"wp_inactive_widgets": [],
                                                              "sidebar-1": ["text-3", "block-2"]}},
            "external_header_video": "https://www.youtube.com/watch?v=abc123",
            "deep": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"url": o("P") + "/syva/",
                                                                      "none": None, "t": True}}}}}}}}},
        }))

        # an object of a class with protected and private properties (NUL bytes in names)
        store = Obj("Example_Settings_Store", [
            ("protected", "urls", {"home": S + "/", "shop": o("AS") + "/kauppa/", "rel": o("RP") + "/x",
                                   "api": S + "/wp-json/example/v1"}),
            ("private", "secret", 'p@ss";w\\rd\'ä'),
            ("public", "name", "Kauppa – Ääni € 😀"),
            ("protected", "inner", Obj("Example_Endpoint", [
                ("private", "endpoint", o("PZ") + "/api/"),
                ("protected", "timeout", 2.5),
                ("public", "enabled", True),
                ("private", "headers", {"Origin": S, "Referer": S + "/ä/"})])),
            ("private", "cache", Ser({"url": S + "/cache/", "n": 3})),
        ])
        add("example_settings_store", php(store))
        add("example_store_plain_obj", php(Obj("Example_Endpoint", [
            ("private", "endpoint", S), ("protected", "timeout", 30), ("public", "enabled", False),
            ("private", "headers", [])])))

        # double- and triple-serialized strings
        add("_transient_example_double", php(Ser({"url": S + "/double/", "list": [o("H") + "/a/", o("R") + "/b/"]})))
        add("_transient_example_triple", php(Ser(Ser(S + "/triple/ä€😀"))))
        add("example_nested_in_array", php({"version": 2, "payload": Ser({"home": S, "obj": store}),
                                            "payload2": Ser(Ser([S + "/x", "ä"]))}))

        # strings holding `";`, backslashes and every MySQL escape
        add("example_quotes_backslashes", php({
            "quote": 'He said "hi"; then left',
            "path": "C:\\Users\\ääni\\site\\",
            "regex": "^https?:\\/\\/(www\\.)?example\\.fi",
            "mixed": '";}"; \\"; \\\\',
            "url_after_quote": '";' + S + '/x";',
            "url_before_quote": S + '";\\',
            "ctrl": "rivi1\r\nrivi2\ttab\x08bs\x1actrlz\x00nul " + S + "\n" + S + "\t" + S + "\x00",
            "apostrophe": "Don't ' stop " + S + "'s",
            "emoji_edges": "😀" + S + "/😀 €" + o("H") + "/€ ä" + o("R") + "/ä",
        }))
        add("example_json_in_ser", php({
            "config": jenc({"siteUrl": S, "rest": S + "/wp-json/", "cdn": "https://cdn.example.net/",
                            "rel": o("R") + "/x", "title": "Ääni €"}),
            "config_unicode": jenc({"u": o("H") + "/ä/", "t": "😀"}, ascii_only=False),
        }))
        add("example_origin_keys", php({S + "/": 1, o("H"): "x", o("R") + "/k": [o("U") + "/v"], "ä€😀": S}))
        # A Serializable payload (ArrayObject) without origins: hostshift keeps
        # C: payloads opaque (the `C:` value of rules.md §7.2), so none is put inside.
        ao = b'x:i:0;a:1:{s:1:"k";' + php("ä€😀") + b'};m:a:0:{}'
        add("example_value_kinds", php({
            "null": None, "t": True, "f": False, "neg": -42, "big": Raw(b"d:1.0E+25;"), "inf": Raw(b"d:INF;"),
            "ninf": Raw(b"d:-INF;"), "nan": Raw(b"d:NAN;"), "small": Raw(b"d:-1.5E-7;"),
            "enum": Raw(b'E:11:"Suit:Hearts";'),
            "obj": Obj("stdClass", [("public", "u", S + "/obj/")]),
            "ref": Raw(b"r:10;"), "Ref": Raw(b"R:2;"),
            "custom": Raw(b'C:11:"ArrayObject":%d:{%s}' % (len(ao), ao)),
            "after": S + "/after-custom/",
        }))
        deep = {"url": o("P") + "/syvä/", "rel": o("R") + "/r"}
        for d in range(29):
            deep = {"level%d" % d: deep, "u%d" % d: S + "/%d/" % d}
        add("example_deep_30", php(deep))
        add("example_css", "body{background:url(%s/wp-content/uploads/bg.png)}\n"
                           ".logo{background-image:url('%s/logo.svg')}\n"
                           "@import url(\"%s/fonts.css\");" % (self.rel(), S, o("A")))
        add("example_pct_redirect", S + "/wp-login.php?redirect_to=" + pct(S + "/wp-admin/") + "&reauth=1"
            + "&u=" + pct(o("R") + "/x") + "&lc=" + o("PL") + "%2fpolku%2f" + "&d=" + pct(o("D") + "/y/"))

        # bulk: plugin settings and feed transients with origins in every spelling
        for i in range(660):
            r = i % 5
            if r == 0:
                name = "_transient_feed_%032x" % self.rng.getrandbits(128)
                items = []
                for k in range(self.rng.randint(3, 7)):
                    items.append({"title": self.words(5), "link": self.url(),
                                  "guid": S + "/?p=%d" % (1000 + i * 10 + k),
                                  "description": self.para(2),
                                  "enclosure": {"url": self.scheme() + self.upload(i + k), "length": 12345 + k,
                                                "type": "image/jpeg"},
                                  "other": self.near(), "date": 1700000000 + i * 3600 + k})
                channel = {"data": "", "child": {"": {"title": [{"data": self.words(3)}], "link": [{"data": S}],
                                                      "item": items}}}
                rss = {"data": "", "child": {"": {"channel": [channel]}}}
                val = php({"child": {"": {"rss": [rss]}}, "url": S + "/feed/", "build": 1700000000 + i})
            elif r == 1:
                name = "example_plugin_%d_settings" % i
                val = php({"enabled": bool(i % 2), "endpoint": self.url(), "relative": self.rel() + self.path(),
                           "json": jenc({"u": self.url(allow_dot=False), "i": i, "t": self.words(3)}),
                           "redirect": "redirect_to=" + pct(self.url()),
                           "html": self.para(1), "ratio": 0.5 + i, "null": None,
                           "list": [self.url() for _ in range(3)], "near": self.near(),
                           # control bytes (\Z \b \t \0 \r in the dump) right before and after origins;
                           # only scheme forms: the byte before a relative form would be the escape's letter
                           "ctrl": "\x1a" + self.scheme() + "\x08" + self.scheme() + "\t" + self.url() + "\x00\r"})
            elif r == 2:
                name = "widget_example_%d" % i
                val = php({self.rng.randint(2, 9): {"title": self.words(2), "text": self.para(2),
                                                     "image": self.scheme() + self.upload(i)},
                           "_multiwidget": 1})
            elif r == 3:
                name = "_transient_example_cache_%d" % i
                val = php(Ser({"home": S, "items": [self.url() for _ in range(2)], "note": self.words(4)}))
            else:
                name = "example_obj_%d" % i
                val = php(Obj("Example_Settings_Store", [
                    ("protected", "urls", {"a": self.url(), "b": self.rel() + "/b"}),
                    ("private", "secret", 'x";\\' + self.words(2)),
                    ("public", "name", self.words(3)),
                    ("protected", "inner", Obj("Example_Endpoint", [("private", "endpoint", self.url())])),
                    ("private", "cache", Ser([self.url(), i]))]))
            add(name, val, "no")
        # one big value (about 250 KB), well under the 1 MiB literal cap
        big = {}
        for k in range(900):
            big["row-%d" % k] = {"u": self.url(), "r": self.rel() + self.path(), "t": self.words(3),
                                 "j": jenc({"u": self.url(False)}), "n": k}
        add("_site_transient_example_big", php(big), "no")
        add("rewrite_rules", php({"^wp-json/?$": "index.php?rest_route=/",
                                  "^wp-json/(.*)?": "index.php?rest_route=/$matches[1]",
                                  "(.+?)/page/?([0-9]{1,})/?$": "index.php?pagename=$matches[1]&paged=$matches[2]",
                                  "[^/]+/attachment/([^/]+)/?$": "index.php?attachment=$matches[1]"}))
        return [(i + 1, n, v, a) for i, (n, v, a) in enumerate(rows)]

    # ------------------------------------------------------------ wp_posts
    def block_image(self, pid):
        S = self.o("S")
        src = S + self.upload(pid)
        return ('<!-- wp:image %s -->\n<figure class="wp-block-image size-large"><a href="%s">'
                '<img src="%s" alt="ä" class="wp-image-%d"/></a></figure>\n<!-- /wp:image -->'
                % (jblock({"id": pid, "sizeSlug": "large", "linkDestination": "custom", "url": src,
                           "href": self.url(allow_dot=False)}), self.url(), src, pid))

    def post_content(self, pid):
        o = self.o
        blocks = []
        for _ in range(self.rng.randint(2, 6)):
            r = self.rng.randrange(7)
            if r in (0, 1):
                blocks.append("<!-- wp:paragraph -->\n%s\n<!-- /wp:paragraph -->" % self.para(2))
            elif r == 2:
                blocks.append(self.block_image(self.rng.randrange(1, 900)))
            elif r == 3:
                blocks.append('<!-- wp:cover %s -->\n<div class="wp-block-cover"><img src="%s"/></div>\n'
                              '<!-- /wp:cover -->' % (jblock({"url": self.rel() + "/wp-content/uploads/c.jpg",
                                                             "dimRatio": 50}), self.url()))
            elif r == 4:
                blocks.append('<!-- wp:embed %s /-->' % jblock({"url": self.near(), "type": "video"}))
            elif r == 5:
                blocks.append('<!-- wp:html -->\n<script type="application/ld+json">%s</script>\n'
                              '<!-- /wp:html -->' % jenc({"@context": "https://schema.org", "@type": "WebPage",
                                                        "url": self.url(allow_dot=False),
                                                        "image": self.rel() + "/kuva.jpg",
                                                        "name": self.words(3)}))
            else:
                blocks.append('<!-- wp:buttons -->\n<div class="wp-block-buttons"><a class="wp-block-button__link" '
                              'href="%s/wp-login.php?redirect_to=%s">Kirjaudu</a> '
                              '<a href="%s%s">%s</a></div>\n<!-- /wp:buttons -->'
                              % (o("S"), pct(self.url()), self.rel(), self.path(), self.words(2)))
        sep = "\r\n\r\n" if pid % 7 == 0 else "\n\n"
        return sep.join(blocks)

    def posts(self):
        o = self.o
        S = o("S")
        rows = []
        pid = 0

        def add(ptype, title, content, excerpt="", guid=None, mime="", status="publish", parent=0, name=None):
            nonlocal pid
            pid += 1
            d = "2023-%02d-%02d %02d:%02d:%02d" % (1 + pid % 12, 1 + pid % 28, pid % 24, pid % 60, (pid * 7) % 60)
            rows.append((pid, 1, d, d, content, title, excerpt, status, "open" if ptype == "post" else "closed",
                         "open", "", name or "post-%d" % pid, "", "", d, d, "", parent,
                         guid or (S + "/?p=%d" % pid), 0, ptype, mime, 0))

        add("page", "Etusivu – Äänekoski 😀", "<!-- wp:paragraph -->\n<p>Tervetuloa! <a href=\"%s/\">%s</a> ja "
            "<a href=\"%s/hinnasto/\">hinnasto</a>, vanha: %s/ ja %s/.</p>\n<!-- /wp:paragraph -->"
            % (S, S, o("R"), o("H"), o("A")), name="etusivu")
        add("wp_global_styles", "Custom Styles", jenc({
            "version": 2, "isGlobalStylesUserThemeJSON": True,
            "styles": {"blocks": {"core/cover": {"background": {"backgroundImage": {
                "url": S + "/wp-content/uploads/2023/bg.jpg", "id": 12}}}},
                "typography": {"fontFamily": "var(--wp--preset--font-family--inter)"},
                "elements": {"link": {"color": {"text": "#0a0"}}}},
            "settings": {"custom": {"logo": o("R") + "/logo.svg", "alt": o("H") + "/alt/", "name": "Ääni 😀"}}}),
            name="wp-global-styles-twentytwentyfour")
        add("wp_navigation", "Navigaatio", "<!-- wp:navigation-link %s /-->\n<!-- wp:navigation-link %s /-->"
            % (jblock({"label": "Etusivu", "url": S + "/", "kind": "custom"}),
               jblock({"label": "Muu", "url": "https://www.example.fi.evil.test/", "kind": "custom"})))
        for i in range(280):
            r = i % 6
            if r == 5:
                n = 100 + i
                add("attachment", "kuva-%d-ä" % n, "", guid=S + self.upload(n), mime="image/jpeg", status="inherit",
                    parent=4 + i // 6, name="kuva-%d" % n)
            elif r == 4:
                add("nav_menu_item", "", "", name=str(pid + 1))
            else:
                add("post" if r < 3 else "page", self.words(4).capitalize(), self.post_content(pid + 1),
                    excerpt=self.words(8) + " " + self.url())
        return rows

    # ------------------------------------------------------------ wp_postmeta
    def postmeta(self, nposts):
        o = self.o
        S = o("S")
        rows = []

        def add(post, key, value):
            rows.append((len(rows) + 1, post, key, value))

        for p in range(1, nposts + 1):
            r = p % 6
            if r == 5:
                f = self.upload(100 + p)[len("/wp-content/uploads/"):]
                add(p, "_wp_attached_file", f)
                add(p, "_wp_attachment_metadata", php({
                    "width": 1200, "height": 800, "file": f, "filesize": 123456 + p,
                    "sizes": {s: {"file": f.replace(".jpg", "-%dx%d.jpg" % (w, w)), "width": w, "height": w,
                                  "mime-type": "image/jpeg", "filesize": 4000 + w}
                              for s, w in (("thumbnail", 150), ("medium", 300), ("large", 1024))},
                    "image_meta": {"aperture": "0", "credit": "", "camera": "", "caption": "Kuvateksti ä€😀",
                                   "created_timestamp": "0", "copyright": "", "focal_length": "0", "iso": "0",
                                   "shutter_speed": "0", "title": "", "orientation": "0", "keywords": []}}))
            elif r == 4:
                add(p, "_menu_item_type", "custom")
                add(p, "_menu_item_url", self.url())
                add(p, "_menu_item_classes", php([""]))
            elif r in (0, 1):
                add(p, "_elementor_data", jenc([{"id": "%07x" % (p * 7919), "elType": "section", "settings": {
                    "background_image": {"url": S + self.upload(p), "id": p},
                    "link": {"url": self.url(allow_dot=False), "is_external": ""}},
                    "elements": [{"id": "w%d" % p, "elType": "widget", "widgetType": "text-editor",
                                  "settings": {"editor": self.para(2, json=True)}}]}]))
                add(p, "_elementor_page_settings", php({"background_image": {"url": self.url(), "id": p, "size": ""},
                                                        "custom_css": "a{color:red}"}))
                add(p, "_yoast_wpseo_canonical", self.url())
                add(p, "_yoast_wpseo_opengraph-image", S + self.upload(p))
            elif r == 2:
                add(p, "enclosure", S + "/wp-content/uploads/podcast-%d.mp3\n5219467\naudio/mpeg\n" % p)
                add(p, "_oembed_%032x" % self.rng.getrandbits(128),
                    '<iframe title="ä" src="https://www.youtube.com/embed/xyz?feature=oembed"></iframe>')
                add(p, "_links_to", self.url())
                add(p, "_example_redirect", "redirect_to=" + pct(self.url()) + "&u=" + pct(self.rel() + "/x"))
            else:
                add(p, "_example_meta_obj", php(Obj("Example_Settings_Store", [
                    ("protected", "urls", {"self": self.url(), "rel": self.rel() + "/r"}),
                    ("private", "secret", '";\\' + self.words(1)),
                    ("public", "name", self.words(2))])))
                add(p, "_example_meta_double", php(Ser({"u": self.url(), "j": jenc({"u": self.url(False)})})))
                add(p, "_example_meta_json", jenc({"u": self.url(False), "list": [self.url(False), self.near(True)],
                                                   "r": self.rel() + "/x"}, ascii_only=bool(p % 2)))
        return rows


# ---------------------------------------------------------------- the dump

HEADER = b"""-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
--
-- Host: localhost    Database: wordpress
-- ------------------------------------------------------
-- Server version\t8.0.36-0ubuntu0.22.04.1

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!50503 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
"""

FOOTER = b"""/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

-- Dump completed on 2024-05-14 10:22:33
"""

COLL = "COLLATE utf8mb4_unicode_520_ci"
TABLES = {
    "wp_options": """  `option_id` bigint unsigned NOT NULL AUTO_INCREMENT,
  `option_name` varchar(191) %(c)s NOT NULL DEFAULT '',
  `option_value` longtext %(c)s NOT NULL,
  `autoload` varchar(20) %(c)s NOT NULL DEFAULT 'yes',
  PRIMARY KEY (`option_id`),
  UNIQUE KEY `option_name` (`option_name`),
  KEY `autoload` (`autoload`)""",
    "wp_posts": """  `ID` bigint unsigned NOT NULL AUTO_INCREMENT,
  `post_author` bigint unsigned NOT NULL DEFAULT '0',
  `post_date` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_date_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_content` longtext %(c)s NOT NULL,
  `post_title` text %(c)s NOT NULL,
  `post_excerpt` text %(c)s NOT NULL,
  `post_status` varchar(20) %(c)s NOT NULL DEFAULT 'publish',
  `comment_status` varchar(20) %(c)s NOT NULL DEFAULT 'open',
  `ping_status` varchar(20) %(c)s NOT NULL DEFAULT 'open',
  `post_password` varchar(255) %(c)s NOT NULL DEFAULT '',
  `post_name` varchar(200) %(c)s NOT NULL DEFAULT '',
  `to_ping` text %(c)s NOT NULL,
  `pinged` text %(c)s NOT NULL,
  `post_modified` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_modified_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  `post_content_filtered` longtext %(c)s NOT NULL,
  `post_parent` bigint unsigned NOT NULL DEFAULT '0',
  `guid` varchar(255) %(c)s NOT NULL DEFAULT '',
  `menu_order` int NOT NULL DEFAULT '0',
  `post_type` varchar(20) %(c)s NOT NULL DEFAULT 'post',
  `post_mime_type` varchar(100) %(c)s NOT NULL DEFAULT '',
  `comment_count` bigint NOT NULL DEFAULT '0',
  PRIMARY KEY (`ID`),
  KEY `post_name` (`post_name`(191)),
  KEY `type_status_date` (`post_type`,`post_status`,`post_date`,`ID`),
  KEY `post_parent` (`post_parent`),
  KEY `post_author` (`post_author`)""",
    "wp_postmeta": """  `meta_id` bigint unsigned NOT NULL AUTO_INCREMENT,
  `post_id` bigint unsigned NOT NULL DEFAULT '0',
  `meta_key` varchar(255) %(c)s DEFAULT NULL,
  `meta_value` longtext %(c)s,
  PRIMARY KEY (`meta_id`),
  KEY `post_id` (`post_id`),
  KEY `meta_key` (`meta_key`(191))""",
}


def row_sql(row):
    return b"(" + b",".join(sql_lit(v) for v in row) + b")"


def split_rows(rows):
    """mysqldump's extended INSERT: a new statement when the next row would
    take the line past net_buffer_length. Decided on the input rendering and
    reused for the others, so the three dumps keep the same line structure."""
    groups, cur, size = [], [], 0
    head = len(b"INSERT INTO `wp_postmeta` VALUES ")
    for i, r in enumerate(rows):
        n = len(row_sql(r)) + 1
        if cur and head + size + n > NET_BUFFER_LENGTH:
            groups.append(cur)
            cur, size = [], 0
        cur.append(i)
        size += n
    if cur:
        groups.append(cur)
    return groups


def dump(tables, splits):
    out = [HEADER]
    for name, rows in tables:
        ddl = TABLES[name] % {"c": COLL}
        out.append(b"\n--\n-- Table structure for table `%s`\n--\n\n" % name.encode())
        out.append(b"DROP TABLE IF EXISTS `%s`;\n" % name.encode())
        out.append(b"/*!40101 SET @saved_cs_client     = @@character_set_client */;\n")
        out.append(b"/*!50503 SET character_set_client = utf8mb4 */;\n")
        out.append(b"CREATE TABLE `%s` (\n%s\n) ENGINE=InnoDB AUTO_INCREMENT=%d DEFAULT CHARSET=utf8mb4 %s;\n"
                   % (name.encode(), ddl.encode(), len(rows) + 1, COLL.replace("COLLATE ", "COLLATE=").encode()))
        out.append(b"/*!40101 SET character_set_client = @saved_cs_client */;\n")
        out.append(b"\n--\n-- Dumping data for table `%s`\n--\n\n" % name.encode())
        out.append(b"LOCK TABLES `%s` WRITE;\n" % name.encode())
        out.append(b"/*!40000 ALTER TABLE `%s` DISABLE KEYS */;\n" % name.encode())
        for g in splits[name]:
            out.append(b"INSERT INTO `%s` VALUES " % name.encode())
            out.append(b",".join(row_sql(rows[i]) for i in g))
            out.append(b";\n")
        out.append(b"/*!40000 ALTER TABLE `%s` ENABLE KEYS */;\n" % name.encode())
        out.append(b"UNLOCK TABLES;\n")
    out.append(FOOTER)
    return b"".join(out)


def build(mode):
    site = Site(make_o(mode))
    options = site.options()
    posts = site.posts()
    meta = site.postmeta(len(posts))
    return [("wp_options", options), ("wp_posts", posts), ("wp_postmeta", meta)]


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = argv[1] if len(argv) > 1 else os.path.join(here, "..", "corpus", "sql")
    os.makedirs(outdir, exist_ok=True)
    models = {m: build(m) for m in ("in", "out", "rev")}
    # The three models must have the same shape: same tables, same row count.
    for m in ("out", "rev"):
        assert [(n, len(r)) for n, r in models[m]] == [(n, len(r)) for n, r in models["in"]]
    splits = {name: split_rows(rows) for name, rows in models["in"]}
    files = {"in": "wp.sql", "out": "wp.expected.sql", "rev": "wp.reverse.sql"}
    for m, fn in files.items():
        data = dump(models[m], splits)
        # rules.md §11.3 item 5 needs an input without variant origins
        assert (VHOST.encode() in data) == (m == "out"), fn
        for nm in NEAR_MISSES + NEAR_MISS_TEXT:                # near misses kept in every rendering
            assert nm.encode() in data, (fn, nm)
        with open(os.path.join(outdir, fn), "wb") as f:
            f.write(data)
        print("%s: %d bytes, %d lines" % (fn, len(data), data.count(b"\n")))
    with open(os.path.join(outdir, "site.map"), "w") as f:
        f.write("# corpus/sql/site.map — the map of the dump fixture (tools/gen_wp_dump.py)\n"
                "%s %s\n%s %s\n" % (PRIMARY, VARIANT, ALIAS, VARIANT))


if __name__ == "__main__":
    main(sys.argv)
