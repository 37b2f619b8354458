#!/usr/bin/env python3
"""make_seeds.py — (re)generate the seed corpora of the fuzz targets under
corpus/fuzz/<target>/ from the project's corpus (corpus/) and hand-written
seeds; nothing outside the repository. Run from the repository root:

    python3 tests/fuzz/make_seeds.py

Not run by make: the seeds are committed. Every seed is small (a fuzz input
of at most a few KiB), so SQL dumps and pages are cut into slices that still
hold canonical origins of the target's maps. The input layouts are those
described at the top of each tests/fuzz/fuzz_*.c.
"""
import os
import random
import re
import shutil

ROOT = os.getcwd()
CORPUS = os.path.join(ROOT, "corpus")
OUT = os.path.join(ROOT, "corpus", "fuzz")
MAX = 3800


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def reset(target):
    d = os.path.join(OUT, target)
    if os.path.isdir(d):
        shutil.rmtree(d)
    os.makedirs(d)


# ---- fuzz_map: map files ---------------------------------------------------
reset("map")
for f in sorted(os.listdir(os.path.join(CORPUS, "maps"))):
    put("map", "corpus-" + f, read(os.path.join(CORPUS, "maps", f)))
for sub in ("sql", "json"):
    p = os.path.join(ROOT, "corpus", sub, "site.map")
    if os.path.exists(p):
        put("map", sub + "-site.map", read(p))
HAND_MAPS = {
    "ports.map": "https://c.example:0443/ https://v.example:8443\nhttp://c.example:8080 http://v.example:8080\n",
    "ipv6.map": "https://[::1]:8080 https://local.test\nhttp://127.0.0.1 http://[fe80::1]\n",
    "identity.map": "https://a.example https://a.example\nhttp://b.example:81 http://b.example:81\n",
    "scheme-only.map": "http://www.example.fi https://www.example.fi\n",
    "containment.map": "https://acmecorp.ddev.site https://wt-a--acmecorp.ddev.site\n"
                       "https://nat.acmecorp.ddev.site https://nat.wt-a--acmecorp.ddev.site\n",
    "many-to-one.map": "# site\nhttps://www.example.fi https://wt-a--example.ddev.site  # primary\n"
                       "https://example.staging.net\thttps://wt-a--example.ddev.site\r\n"
                       "\n   \nhttps://shop.example.fi https://wt-a--shop.example.ddev.site\n",
    "root-dot.map": "https://Example.COM. https://x.test.\n",
    "refused-loop.map": "https://c.example https://c.example:8081\nhttps://c.example:8081 https://v.example\n",
    "refused-shared-variant.map": "https://a.example https://v.example\nhttps://b.example http://v.example:81\n",
    "refused-two-ways.map": "http://h.example https://one.example\nhttps://h.example https://two.example\n",
    "refused-syntax.map": "https://a.example/path https://v\nftp://x y\nhttps://u@h https://v\nhttps://h:99999 https://v\n",
    "long-port.map": "https://h.example:000000000080 https://v.example\n",
    "no-newline.map": "https://a.example https://b.example",
}
for k, v in HAND_MAPS.items():
    put("map", "hand-" + k, v)

# ---- fuzz_matcher: token-coded buffers ---------------------------------------
# Token indices are read from fuzz_matcher.c so the seeds follow its table.
reset("matcher")
src = open(os.path.join(ROOT, "tests", "fuzz", "fuzz_matcher.c"), encoding="utf-8").read()
body = re.search(r"static const char \*const multi\[\] = \{(.*?)\n\};", src, re.S).group(1)
multi = [bytes(s, "utf-8").decode("unicode_escape").encode("latin-1") for s in re.findall(r'"((?:[^"\\]|\\.)*)"', body)]
singles_src = re.search(r'static const char singles\[\] = "((?:[^"\\]|\\.)*)";', src).group(1)
singles = bytes(singles_src, "utf-8").decode("unicode_escape").encode("latin-1")
ntok = len(multi) + len(singles)


def tok_index(t):
    if t in multi:
        return multi.index(t)
    assert len(t) == 1 and t in singles, t
    return len(multi) + singles.index(t)


def tokens(*ts):
    return bytes(tok_index(t.encode("latin-1") if isinstance(t, str) else t) for t in ts)


def header(npairs, prev=0, value=False, surface=0, pairs=()):
    b0 = (npairs - 1) | (prev << 2) | (int(value) << 5) | (surface << 6)
    out = bytes([b0])
    for c, v in pairs:
        out += bytes([c, v])
    return out


# canonical byte: bit0 https, bits1-3 host, bits4-6 port, bit7 identity
def canon(https, host, port=0, ident=False):
    return int(https) | (host << 1) | (port << 4) | (int(ident) << 7)


def var(https, host, port=0):
    return int(https) | (host << 1) | (port << 4)


MATCHER_SEEDS = {
    "basic": (header(1, pairs=[(canon(1, 0), var(1, 0))]),
              ["https://a.b", "/", " ", "//a.b", "/x", " ", "http:\\/\\/", "a.b", "\"", "https%3A%2F%2F", "a.b", "%2F"]),
    "ports": (header(2, surface=1, pairs=[(canon(1, 0, 1), var(1, 3, 1)), (canon(0, 0), var(0, 0, 2))]),
              ["https://", "a.b", ":8080", "/", " ", "//a.b", ":", "0", "8080", "?", " ", "http://", "a.b", ":80", "#"]),
    "longest": (header(3, value=True, pairs=[(canon(1, 0), var(1, 0)), (canon(1, 1), var(1, 4)), (canon(1, 3), var(0, 1))]),
                ["https://", "a.bc", "/", "https://", "a.b", "c", " ", "//", "x.a.b", ".", "/", "&", "https://", "a.b", "&"]),
    "anchors": (header(2, prev=3, pairs=[(canon(1, 6), var(1, 6)), (canon(0, 5, 0, True), 0)]),
                ["//", "a.b.c", " ", "x", "//", "a.b.c", " ", "%2F%2F", "a.b.c", ".", "%3F", " ", "@", "//", "a", ".", "\t", "x"]),
    "value-amp": (header(1, value=True, surface=1, pairs=[(canon(1, 0), var(1, 0))]),
                  [" ", "https://", "a.b", "&", "x", "=", "0"]),
}
for name, (h, ts) in MATCHER_SEEDS.items():
    put("matcher", name, h + tokens(*ts))
rng = random.Random(7)
for i in range(12):
    n = 1 + rng.randrange(4)
    put("matcher", "random-%02d" % i, bytes(rng.randrange(256) for _ in range(1 + 2 * n + rng.randrange(20, 120))))

# ---- fuzz_pipeline: [type|map<<2][read A][read B] + document ----------------
reset("pipeline")
HTML, SQL, JSON, TEXT = 0, 1, 2, 3


def pipe(name, typ, mapi, doc, a=12, b=3):
    put("pipeline", name, bytes([typ | (mapi << 2), a, b]) + doc[:MAX])


# the project's adversarial fixtures and pages (www.example.fi: map 1)
adv = [f for f in sorted(os.listdir(os.path.join(CORPUS, "adv"))) if f.endswith(".html")]
for i, f in enumerate(adv):
    data = read(os.path.join(CORPUS, "adv", f))
    pipe("adv-" + f, HTML, 1, data, a=(i % 16), b=((i * 7 + 3) % 16))
# slices of a generated page that hold its canonicals
page = read(os.path.join(CORPUS, "pages", "etusivu.html"))
k = 0
for m in re.finditer(rb"www\.example\.fi", page):
    if k >= 8:
        break
    start = max(0, m.start() - 1500 - k * 200)
    pipe("page-slice-%d" % k, HTML, 1, page[start:start + 3000], a=k + 4, b=12)
    k += 1
# the project's text corpus (www.example.fi: map 1)
for f in sorted(os.listdir(os.path.join(ROOT, "corpus", "text"))):
    pipe("text-" + f, TEXT, 1, read(os.path.join(ROOT, "corpus", "text", f)), a=1, b=13)
# the json corpus, small files only
jd = os.path.join(ROOT, "corpus", "json")
if os.path.isdir(jd):
    for f in sorted(os.listdir(jd)):
        if f.endswith(".json") and ".expected." not in f and os.path.getsize(os.path.join(jd, f)) <= MAX:
            pipe("json-" + f, JSON, 1, read(os.path.join(jd, f)), a=6, b=12)
# the sql dump, cut into statements of a few rows each
dump = read(os.path.join(ROOT, "corpus", "sql", "wp.sql"))
k = 0
for line in dump.split(b"\n"):
    m = re.match(rb"(INSERT INTO `[a-z_]+` VALUES )(.*);$", line)
    if not m:
        continue
    rows = m.group(2).split(b"),(")
    for j in range(0, len(rows), 3):
        chunk = rows[j:j + 3]
        if not any(b"example.fi" in r for r in chunk):
            continue
        stmt = m.group(1) + b"(" + b"),(".join(chunk).strip(b"()") + b");\n"
        if len(stmt) > MAX:
            continue
        pipe("sql-%02d" % k, SQL, 1, stmt, a=k % 16, b=(k * 5 + 1) % 16)
        k += 1
        if k >= 16:
            break
    if k >= 16:
        break
HAND_PIPE = [
    ("hand-html-attrs", HTML, 2,
     b'<a href="https://a.b/x" data-u=\'//a.b:443/\' srcset="http://x.a.b/1.png 1x, https://a.b./2.png 2x">'
     b'<img src=https:&#47;&#47;a.b/p.png><p>see https://a.b/ and //c.d</p><!-- http://c.d/ -->'
     b'<script>var u="https:\\/\\/a.b\\/x";</script><style>a{background:url(//a.b/i.png)}</style>'
     b'<a href="https://a.b&amp;x=1">x</a><textarea>https://b.c/</textarea>'),
    ("hand-html-serialized", HTML, 1,
     b'<input value=\'a:1:{s:3:"url";s:26:"https://www.example.fi/abc";}\'>'
     b'<p>s:22:"https://www.example.fi";</p>'),
    ("hand-sql", SQL, 3,
     b"INSERT INTO `wp_options` VALUES (1,'siteurl','https://www.example.com','yes'),"
     b"(2,'x','a:2:{s:4:\\\"home\\\";s:23:\\\"https://www.example.com\\\";s:1:\\\"j\\\";s:40:\\\"{\\\\\\\"u\\\\\\\":\\\\\\\"https:\\\\\\\\/\\\\\\\\/www.example.com\\\\\\\"}\\\";}','no');\n"
     b"-- http://example.com in a comment\n/* https://cdn.example.com:443/x */ SELECT \"https://www.example.com/\";\n"),
    ("hand-json", JSON, 3,
     b'{"home":"https:\\/\\/www.example.com","u":"https:\\u002F\\u002Fcdn.example.com\\/x",'
     b'"https://example.com/key":["//www.example.com/a",{"html":"<a href=\\"http://example.com/\\">"}],'
     b'"s":"a:1:{s:1:\\"u\\";s:23:\\"https://www.example.com\\";}","n":1.5e3,"t":true}\n{"ndjson":"http://example.com"}\n'),
    ("hand-text", TEXT, 2,
     b"https://a.b/x http://x.a.b:80/ //a.b.\thttps%3A%2F%2Fa.b%2F https:\\/\\/a.b\\/ mailto:u@a.b https://a.b@evil\n"
     b"s:14:\"https://a.b/xy\";\r\nhttp://c.d https://b.c/ https://a.b:8443/ https://a.b.?q\n"),
    ("hand-json-malformed", JSON, 1, b'{"u": "https://www.example.fi/x", bad https://www.example.fi [1,2'),
    ("hand-html-unterminated", HTML, 0, b'<a href="https://www.acmecorp.fi/<script>https://www.acmecorp.fi'),
    ("hand-sql-unterminated", SQL, 1, b"INSERT INTO t VALUES ('https://www.example.fi\\'),('http://example.fi"),
]
for name, typ, mapi, doc in HAND_PIPE:
    pipe(name, typ, mapi, doc, a=4, b=12)

# the dump dialects (§8.5): byte 0 bits 4-5 pick the dialect (0 sniffed,
# 1 mysql, 2 postgres, 3 sqlite), bit 6 the harness's --skip-column list,
# bit 7 its --host-column list and --wordpress-multisite
MYSQL_D, PG_D, SQLITE_D = 1, 2, 3


def dpipe(name, dialect, doc, skip=False, mapi=1, a=4, b=12, hosts=False):
    put("pipeline", name, bytes([SQL | (mapi << 2) | (dialect << 4) | (int(skip) << 6) | (int(hosts) << 7), a, b]) + doc[:MAX])


def cut_lines(data, limit):
    """whole lines from the start of data, at most limit bytes"""
    out = b""
    for line in data.splitlines(keepends=True):
        if len(out) + len(line) > limit:
            break
        out += line
    return out


dd = os.path.join(CORPUS, "dumps")
k = 0
for f, dialect in (("pg-copy.src.sql", PG_D), ("pg-inserts.src.sql", PG_D), ("pg-column-inserts.src.sql", PG_D),
                   ("sqlite-dump.src.sql", SQLITE_D), ("mariadb-extended.src.sql", MYSQL_D)):
    p = os.path.join(dd, f)
    if not os.path.exists(p):
        continue
    data = read(p)
    stem = f[:-len(".src.sql")]
    # the dump's head, sniffed (no --dialect)
    dpipe("dump-%s-head" % stem, 0, cut_lines(data, 2000), a=k % 16, b=(k * 5 + 3) % 16)
    k += 1
    # COPY blocks: the COPY line, the first rows, the end marker
    for j, m in enumerate(re.finditer(rb"^COPY [^\n]*FROM stdin;\n(.*?)^\\\.\n", data, re.S | re.M)):
        head = data[m.start():data.index(b"\n", m.start()) + 1]
        rows = cut_lines(m.group(1), MAX - len(head) - 10)
        dpipe("dump-%s-copy-%d" % (stem, j), dialect, head + rows + b"\\.\n", skip=(j == 0), a=k % 16, b=(k * 3 + 1) % 16)
        k += 1
    # statements holding the site's origins, a few lines each
    lines = [l for l in data.splitlines(keepends=True)
             if (l.startswith(b"INSERT") or l.startswith(b"CREATE")) and len(l) < MAX]
    picked = [l for l in lines if b"example.fi" in l][:4]
    creates = [l for l in data.split(b";\n") if l.lstrip().startswith(b"CREATE TABLE")][:1]
    for j, l in enumerate(picked):
        pre = (creates[0] + b";\n") if creates and j == 0 else b""
        dpipe("dump-%s-stmt-%d" % (stem, j), dialect if j % 2 == 0 else 0, pre + l, skip=(j == 0),
              a=(k * 7) % 16, b=(k + 9) % 16)
        k += 1
HAND_DIALECT = [
    ("hand-pg-copy", PG_D,
     b"COPY public.wp_options (option_id, option_name, option_value) FROM stdin;\n"
     b"1\tsiteurl\thttps://www.example.fi\n2\tx\ta:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}\n"
     b"3\t\\N\thttp://example.fi/a\\tb\\\\c\\nd\n\\.\nSELECT 'https://www.example.fi';\n"),
    ("hand-pg-strings", PG_D,
     b"SET standard_conforming_strings = on;\nINSERT INTO \"t\" (\"a\", b) VALUES ('it''s https://www.example.fi\\', "
     b"E'a:1:{s:1:\"u\";s:22:\"https://www.example.fi\";}\\n\\'x'), (U&'\\0041 http://example.fi', B'0101');\n"
     b"/* outer /* https://www.example.fi */ still */ SELECT \"https://www.example.fi\";\n"),
    ("hand-pg-dollar", PG_D,
     b"CREATE FUNCTION f() RETURNS text AS $$ SELECT 'https://www.example.fi' $$;\n"
     b"CREATE FUNCTION g() RETURNS text AS $a$ x $ $b$ https://www.example.fi $a$ LANGUAGE sql;\n"
     b"SELECT $1, $x_1$https://www.example.fi/p$x_1$;\n"),
    ("hand-sqlite-wrap", SQLITE_D,
     b"PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE t(a,b);\n"
     b"INSERT INTO t VALUES(1,replace(replace('s:24:\"https://www.example.fi\\n\";\\r\\nx','\\r',char(13)),'\\n',char(10)));\n"
     b"INSERT INTO t VALUES(2,replace('a:1:{s:1:\"u\";s:23:\"https://www.example.fi\\n\";}','\\n',char(10)));\n"
     b"INSERT INTO t VALUES(3,unistr('https://www.example.fi\\000a'),X'68747470733a2f2f',replace('x','\\n',char(10),3));\n"
     b"COMMIT;\n"),
    ("hand-sqlite-unterminated", SQLITE_D,
     b"INSERT INTO t VALUES(1,replace('https://www.example.fi\\n','\\n',char(1"),
    ("hand-pg-copy-unterminated", PG_D,
     b"COPY t (a, b) FROM stdin;\nhttps://www.example.fi\t\\"),
]
for name, dialect, doc in HAND_DIALECT:
    dpipe(name, dialect, doc, skip=name.endswith("copy"))

# a WordPress network's tables (corpus/multisite/), with --wordpress-multisite
md = os.path.join(CORPUS, "multisite")
for j, (f, dialect) in enumerate((("mariadb-multisite.src.sql", MYSQL_D), ("mariadb-multisite-complete.src.sql", 0),
                                  ("pg-hand-prefix.src.sql", PG_D), ("pg-multisite-inserts.src.sql", PG_D), ("sqlite-multisite.src.sql", SQLITE_D))):
    p = os.path.join(md, f)
    if not os.path.exists(p):
        continue
    data = read(p)
    # from the blogs table's CREATE TABLE (or its first row) on
    at = data.find(b"blogs` (") if b"blogs` (" in data else data.find(b"blogs")
    at = data.rfind(b"\n", 0, at) + 1
    dpipe("multisite-" + f[:-len(".src.sql")], dialect, cut_lines(data[at:], MAX), hosts=True, a=(j * 5 + 1) % 16,
          b=(j * 3 + 10) % 16)
dpipe("hand-host-column", MYSQL_D,
      b"CREATE TABLE t (a text, b text);\nINSERT INTO t VALUES ('www.example.fi','www.example.fi'),"
      b"('WWW.EXAMPLE.FI.:443','x'),('shop.example.fi:8443',''),('a@www.example.fi','https://www.example.fi'),"
      b"('www\\.example.fi',NULL),(_binary 'www.example.fi','y');\n", hosts=True)

# ---- fuzz_window: [chunk|surface] + text (its own map: www.example.fi ...) ----
reset("window")
for i, f in enumerate(sorted(os.listdir(os.path.join(ROOT, "corpus", "text")))):
    put("window", "text-" + f, bytes([(i * 37 + 5) & 0xFF]) + read(os.path.join(ROOT, "corpus", "text", f))[:MAX])
put("window", "hand-script", bytes([0x80 | 3]) +
    b'var a="https:\\/\\/www.example.fi\\/x",b="//shop.example.fi:8443\\u002fy",c="http://old.example.fi\\x3a80/";')
put("window", "hand-attr", bytes([0xC0 | 1]) + b'https://www.example.fi\t/x https://x.fi/ //www.example.fi:443/')

# ---- fuzz_serialized: serialize() output in its spellings --------------------
reset("serialized")
SER = {
    "literal": b'a:2:{s:4:"home";s:22:"https://www.example.fi";i:0;a:1:{s:1:"x";b:1;}}',
    "object": b'O:8:"stdClass":1:{s:3:"url";s:24:"http://example.fi/a&b=1x";}',
    "percent": b'a%3A1%3A%7Bs%3A1%3A%22u%22%3Bs%3A22%3A%22https%3A%2F%2Fwww.example.fi%22%3B%7D',
    "html": b'a:1:{s:1:&quot;u&quot;;s:22:&quot;https://www.example.fi&quot;;}',
    "json": b'a:1:{s:1:\\"u\\";s:22:\\"https://www.example.fi\\";}',
    "sql": b"a:1:{s:1:\\\"u\\\";s:25:\\\"it\\'s https://x.fi\\n\\\\\\\";}",
    "nested-text": b'x s:5:"hello"; d:1.5; N; a:0:{} i:-3; b:0; s:0:"";',
    "bad-length": b'a:1:{s:1:"u";s:999999999999999999:"x";}',
}
for k, v in SER.items():
    put("serialized", k, v)
# ---- fuzz_locator: [map|view<<2|derived<<3][filler|at<<2] + attribute value ---
# (maps of fuzz_locator.c, C = www.example.fi: 0 https variant holding C,
# 1 an http variant, 2 two ports of C and an identity pair, 3 scheme only)
reset("locator")
C = "www.example.fi"
LOCATOR_SEEDS = [
    # the shapes a URL parser resolves and the byte matcher does not read (rules.md §3.9)
    ("backslashes", 0, "https:\\\\C/x"),
    ("mixed-slashes", 1, "https:/\\C/x"),
    ("three-slashes", 0, "///C/x"),
    ("four-backslashes", 2, "\\\\\\\\C/x"),
    ("userinfo", 0, "https://user@C/x"),
    ("userinfo-two-at", 1, "https://a@b:c@C:443/x"),
    ("userinfo-no-slashes", 0, "http:u@C/x"),
    ("scheme-no-slashes", 0, "http:C/x"),
    ("scheme-no-slashes-same", 0, "https:C/x"),
    ("scheme-no-slashes-http-page", 1, "https:C/x"),
    ("scheme-one-slash", 3, "HTTP:/C/x"),
    ("scheme-upper", 1, "HtTpS:\\\\WWW.Example.FI/"),
    ("percent", 0, "https://www.ex%61mple.fi/x"),
    ("percent-upper", 2, "//%57WW%2eexample%2EFI:8443/x"),
    ("percent-root-dot", 0, "https://C%2E/x"),
    ("percent-root-dot-port", 2, "https://C%2e:8443/x"),
    ("tab", 0, "https://www.example\t.fi/x"),
    ("lf-cr", 1, "ht\ntp\rs://www.exa\r\nmple.fi/x"),
    ("refs-slashes", 0, "https:&#47;&#47;&#47;C/x"),
    ("refs-sol", 0, "&sol;&sol;&sol;C"),
    ("refs-tab", 1, "https:&#9;//C/x"),
    ("refs-tab-in-host", 0, "https://www.example&Tab;.fi/x"),
    ("refs-newline-scheme", 3, "http&NewLine;:C/x"),
    ("refs-host", 0, "//www&period;example&#x2E;fi&colon;8443/"),
    ("refs-commat", 0, "https://user&commat;C/x"),
    ("refs-bsol", 2, "https:&bsol;&bsol;C/"),
    ("refs-percnt", 0, "https://www.ex&percnt;61mple.fi/"),
    ("refs-amp", 0, "https://C&amp;x=1 //C&quot;"),
    ("port", 0, "https:\\\\shop.example.fi:8443/x"),
    ("port-zeros", 2, "///C:0008443/x"),
    ("port-empty", 0, "///C:/x"),
    ("port-default", 1, "https:\\\\C:443/x http:\\\\example.fi:80/"),
    ("port-long", 2, "///C:00000000000008443/"),
    ("root-dot", 0, "///C./x"),
    ("root-dot-end", 2, "https:\\\\C."),
    # near misses: left alone
    ("near-longer-host", 0, "///C.evil.test/ https:\\\\C.\tevil.test/"),
    ("near-prefix", 0, "///aC/x https:\\\\xC"),
    ("near-port-letters", 0, "///C:84x3/ https://C:/"),
    ("near-path", 0, "/a//b https:\\\\cdn.other.example/x"),
    ("near-srcset", 0, "a.png\t1x,\tb.png 2x"),
    ("near-ipv6", 2, "///[::1]/ https://[C]/"),
    # several in one value, and the byte matcher's own spellings beside them
    ("several", 0, "https://C/a ///C/b https:\\\\C/c //C http:C https://u@C"),
    ("matcher-and-locator", 1, "https://C/x?u=https:\\\\C/y&v=//C"),
    ("identity-pair", 2, "///example.fi/ https://u@example.fi/"),
    ("scheme-only", 3, "https:\\\\C/x http:\\\\C/y ///C"),
    ("quote-inside", 0, "///C/\"><a href=///C/x>"),
]
for i, (name, mapi, val) in enumerate(LOCATOR_SEEDS):
    v = val.replace("C", C) if "C" in val and "WWW" not in val else val
    v = v.encode()
    view = 1 if i % 7 == 5 else 0           # a few read as a URL header's view (refs off)
    b0 = mapi | (view << 2) | ((i * 5 % 32) << 3)
    b1 = (i % 4) | ((i * 11 % 64) << 2)     # filler and where the value lands
    put("locator", name, bytes([b0, b1]) + v)
# a value across a window of the locator's view: long, with a TAB
put("locator", "long-value", bytes([0x08, 0x02]) +
    (b"x " * 700 + b"https:\\\\www.example.fi/\t" + b"a" * 300 + b" ///www.ex%61mple.fi/")[:MAX])

# a style sheet's view (byte 0 bit 7, bit 2 clear): CSS escapes, over
# references in the second
CSS_SEEDS = "url(https\\3a \\2f \\2f C/x) url(//\\77ww.example.fi\\3a 8443/) url(\"\\2f\\2f\" \"\\2f\\2fwww.exa\\\nmple.fi\") url(http\\3a\\2f\\2f\\000077ww.example.fi)"
put("locator", "css-escapes", bytes([0x88, 0x00]) + CSS_SEEDS.replace("C/", C + "/").encode())
put("locator", "css-escapes-refs", bytes([0x91, 0x03]) +
    CSS_SEEDS.replace("C/", C + "/").replace("https\\3a \\2f \\2f ", "https&#92;3a &#92;2f &#92;2f ").encode())
# a script's view (byte 0 bits 7 and 2): JavaScript's escapes (rules.md §3.9)
JS_SEEDS = [
    ("js-backslashes", 0, r'u="https:\\\\C/x";'),
    ("js-hex-unicode", 1, r"u='https\u003A\/\x2fC/x';"),
    ("js-code-point", 0, r'u="https:\u{2f}\u{00002F}www\u{2e}example.fi";'),
    ("js-octal", 2, r'u="https:\057\57C:8443/" + "\0" + "\8";'),
    ("js-continuation", 0, 'u="//www.exa\\\nmple.fi/x"; v="//C\\\r\n.evil.test";'),
    ("js-controls", 3, 'u="ht\\ttps:/\\n/C/x"; v=`//www.exa\nmple.fi`;'),
    ("js-json-in-string", 0, r'u="https:\\/\\/C\\/x"; v=/https:\/\/www\.example\.fi/;'),
    ("js-near", 0, r'u="https:\\\\C\x2eevil.test"; v="https:\\\\C\u003a8443"; w="https:\\C";'),
    ("js-percent-colon", 1, r'u="/r?u=https%3A//ww\u0077.example.fi/x"; v="/r?u=http%3a/C"; w="x%3A//C";'),
]
for i, (name, mapi, val) in enumerate(JS_SEEDS):
    b0 = mapi | (1 << 2) | ((i * 3 % 16) << 3) | 0x80
    put("locator", name, bytes([b0, (i % 4) | ((i * 7 % 32) << 2)]) + val.replace("C", C).encode())

# a percent colon before raw slashes, in an attribute value's view
put("locator", "pct-colon", bytes([0x10, 0x05]) +
    b"/r?u=https%3A//www.ex%61mple.fi/x /r?u=http%3a/www.example.fi x%3A//www.example.fi")

# hosts spelled past ASCII, which a browser folds (rules.md §1.4): in an
# attribute value's view (references decoded), a style sheet's and a
# script's (their escapes); written as UTF-8
FOLD_SEEDS = [
    ("fold-fullwidth", 0x00, "https://\uff57\uff57\uff57.example.fi/x //www\u3002example\uff0efi/y"),
    ("fold-shy-nfd", 0x09, "https://www.exam\u00adple.fi/x https://www.exam&shy;ple.fi.evil.test/ //&#xFF57;ww.example.fi:8443/"),
    ("fold-percent", 0x12, "https://%EF%BD%97ww.example.fi/x?u=https%3A//www%E3%80%82example.fi/ http:\uff57ww.example.fi"),
    ("fold-css", 0x88, r"b:url(https://\ff57 ww.example.fi/x) c:url('//www" + "\u3002" + r"example.fi')"),
    ("fold-js", 0x84, r'u="https:\/\/\uff57ww.example.fi\/x"; v="//www\u3002example.fi";'),
]
for name, b0, val in FOLD_SEEDS:
    put("locator", name, bytes([b0, 0x04]) + val.encode("utf-8"))

print("seeds written under", OUT)
