#!/usr/bin/env python3
"""gen_pages.py — write the project's WordPress-like test pages.

    python3 tools/gen_pages.py [OUTDIR]      # default: corpus/pages

Writes, deterministically (a fixed seed; the same bytes on every run and
every Python 3):

  OUTDIR/NAME.html          the pages (the project corpus's pages/)
  OUTDIR/reverse/NAME.html  what `hostshift -R` gives back for the page's
                            forward output with the page's own map: the
                            page with every normalising spelling (upper-case
                            host or scheme, a default port, lower-case
                            percent hex, http:// for an https canonical)
                            written as the map's canonical spells it

The pages hold what a WordPress site serves: Gutenberg block comments with
JSON (`https:\\/\\/`), srcset lists, inline scripts with escaped slashes,
JSON-LD, PHP serialized data in attributes (lengths counted in decoded
bytes), <style> with url(), scheme-relative `//host`, percent-encoded share
links, ports, upper-case hosts, and third-party and look-alike hosts that
must not change. Their canonicals are those of corpus/maps/main.map, and for
kumppani.html those of corpus/maps/partner.map (see corpus/MAPS).

`make check` does not run this: the pages are committed. tests/e2e.sh
re-runs it into a temp dir, when python3 is present, and compares.
Standard library only.
"""
import os
import random
import sys

SEED = 20240611


class Site:
    def __init__(self, www, shop, cdn, media):
        self.www, self.shop, self.cdn, self.media = www, shop, cdn, media


# main.map: www + shop (https), cdn with port 8443 (https), media (http)
MAIN = Site("www.example.fi", "shop.example.fi", "cdn.example.fi:8443", "media.example.fi")
# partner.map
PARTNER = Site("www.kumppani.example", "kauppa.kumppani.example", "static.kumppani.example:8443",
               "kuvat.kumppani.example")

THIRD = ["https://fonts.googleapis.com", "https://www.facebook.com/example", "https://twitter.com/example",
         "https://www.youtube.com/embed/x1", "https://example.fi", "https://www.example.com",
         "https://secure.gravatar.com/avatar/0f3", "https://s.w.org/images/core/emoji/15.0.3"]
# hosts that look like the canonicals and must stay as they are
LOOKALIKE = ["https://www.example.fi.evil.example", "https://awww.example.fi", "https://www.example.fish",
             "https://shop.example.fi-cdn.example", "https://sub.www.example.fi", "https://www.example.fi:8444",
             "https://cdn.example.fi", "https://www.kumppani.example.evil.example"]

WORDS = ("ja on se ei että hän mutta tai kun niin kuin myös jo vain sekä tämä sivu palvelu tuote asiakas "
         "yritys tieto uutinen kesä talvi koti työ päivä aika vuosi hinta tilaus toimitus kuva artikkeli "
         "kirjoittaja luokka avainsana kommentti vastaus haku valikko sisältö lisää lue näytä").split()


class Page:
    """A page being written, with its normalised twin (what -R gives)."""

    def __init__(self, rnd, site):
        self.rnd, self.site = rnd, site
        self.a, self.b = [], []          # page parts, reverse parts

    def raw(self, s):
        self.a.append(s)
        self.b.append(s)

    def pair(self, s, n):
        self.a.append(s)
        self.b.append(n)

    def text(self):
        return "".join(self.a), "".join(self.b)

    def words(self, lo, hi):
        return " ".join(self.rnd.choice(WORDS) for _ in range(self.rnd.randint(lo, hi)))

    def slug(self):
        return "-".join(self.rnd.choice(WORDS) for _ in range(self.rnd.randint(1, 3)))


def host_of(site, which):
    return {"www": site.www, "shop": site.shop, "cdn": site.cdn, "media": site.media}[which]


def origin(p, which, form="abs", plain=False):
    """One spelling of a canonical origin: (as written, as -R writes it)."""
    h = host_of(p.site, which)
    scheme = "http" if which == "media" else "https"
    canon_abs = scheme + "://" + h
    if form == "rel":
        return "//" + h, "//" + h
    if form == "esc":
        return scheme + ":\\/\\/" + h, scheme + ":\\/\\/" + h
    if form == "relesc":
        return "\\/\\/" + h, "\\/\\/" + h
    if form == "pct":
        return scheme + "%3A%2F%2F" + h, scheme + "%3A%2F%2F" + h
    if plain or which in ("cdn", "media"):
        return canon_abs, canon_abs
    r = p.rnd.random()
    if r < 0.06:      # upper-case host
        return "https://" + h.upper(), canon_abs
    if r < 0.09:      # upper-case scheme
        return "HTTPS://" + h, canon_abs
    if r < 0.12:      # default port
        return "https://" + h + ":443", canon_abs
    if r < 0.16:      # http:// for an https canonical
        return "http://" + h, canon_abs
    return canon_abs, canon_abs


def url(p, which="www", form="abs", path=None, plain=False):
    o, n = origin(p, which, form, plain)
    if path is None:
        path = "/" + p.slug() + "/"
    if form in ("esc", "relesc"):
        path = path.replace("/", "\\/")
    elif form == "pct":
        path = path.replace("/", "%2F")
    return o + path, n + path


def put_url(p, before, which="www", form="abs", path=None, after="", plain=False):
    s, n = url(p, which, form, path, plain)
    p.pair(before + s + after, before + n + after)


def php_str(s):
    return 's:%d:"%s";' % (len(s.encode("utf-8")), s)


def serialized_attr(p):
    """a:N:{...} with plain-origin URLs, as an attribute value (&quot;)."""
    items = []
    items_n = []
    k = p.rnd.randint(1, 3)
    for i in range(k):
        s, n = url(p, p.rnd.choice(["www", "shop"]), "abs", "/wp-content/uploads/%d/%02d/%s.jpg" % (
            2019 + p.rnd.randint(0, 5), p.rnd.randint(1, 12), p.slug()), plain=True)
        items.append("i:%d;%s" % (i, php_str(s)))
        items_n.append("i:%d;%s" % (i, php_str(n)))
    title = p.words(1, 4) + " ä"
    a = 'a:2:{s:3:"url";a:%d:{%s}s:5:"title";%s}' % (k, "".join(items), php_str(title))
    b = 'a:2:{s:3:"url";a:%d:{%s}s:5:"title";%s}' % (k, "".join(items_n), php_str(title))
    return a.replace('"', "&quot;"), b.replace('"', "&quot;")


def head(p, title):
    p.raw("<!DOCTYPE html>\n<html lang=\"fi\">\n<head>\n<meta charset=\"UTF-8\">\n")
    p.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    p.raw("<title>%s &#8211; Esimerkki Oy</title>\n" % title)
    put_url(p, "<link rel=\"canonical\" href=\"", "www", plain=True, after="\">\n")
    put_url(p, "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Syöte\" href=\"", "www",
            path="/feed/", after="\">\n")
    put_url(p, "<link rel=\"stylesheet\" id=\"theme-css\" href=\"", "cdn", path="/wp-content/themes/t/style.css?ver=6.4.2",
            after="\" media=\"all\">\n")
    p.raw("<link rel=\"preconnect\" href=\"https://fonts.googleapis.com\">\n")
    p.raw("<link rel=\"dns-prefetch\" href=\"//s.w.org\">\n")
    put_url(p, "<link rel=\"https://api.w.org/\" href=\"", "www", path="/wp-json/", after="\">\n")
    s, n = url(p, "www", "pct", path="/" + p.slug() + "/")
    o1, o2 = origin(p, "www", plain=True)
    p.pair("<link rel=\"alternate\" type=\"application/json+oembed\" href=\"%s/wp-json/oembed/1.0/embed?url=%s\">\n"
           % (o1, s), "<link rel=\"alternate\" type=\"application/json+oembed\" href=\"%s/wp-json/oembed/1.0/embed?url=%s\">\n"
           % (o2, n))
    # inline settings with escaped slashes
    p.raw("<script id=\"wp-emoji-settings\">\nwindow._wpemojiSettings = {\"baseUrl\":\"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/15.0.3\\/72x72\\/\",")
    put_url(p, "\"source\":{\"concatemoji\":\"", "www", "esc", path="/wp-includes/js/wp-emoji-release.min.js?ver=6.4.2",
            after="\"}};\n")
    p.raw("</script>\n")
    p.raw("<style id=\"global-styles-inline-css\">\n")
    for _ in range(p.rnd.randint(3, 6)):
        which = p.rnd.choice(["www", "cdn", "media"])
        form = p.rnd.choice(["abs", "abs", "rel"])
        put_url(p, ".has-bg-%d{background-image:url(" % p.rnd.randint(1, 999), which, form,
                path="/wp-content/uploads/bg-%d.webp" % p.rnd.randint(1, 99), after=")}\n")
    p.raw("@font-face{font-family:Inter;src:url(\"https://fonts.gstatic.com/s/inter/v13/x.woff2\") format(\"woff2\")}\n")
    p.raw("</style>\n")
    # JSON-LD
    o, n = origin(p, "www", plain=True)
    ld = ('{"@context":"https://schema.org","@graph":[{"@type":"Organization","@id":"%s/#organization",'
          '"name":"Esimerkki Oy","url":"%s/","logo":{"@type":"ImageObject","url":"%s/wp-content/uploads/logo.png"},'
          '"sameAs":["https://www.facebook.com/example","https://twitter.com/example"]},'
          '{"@type":"WebSite","@id":"%s/#website","url":"%s/","potentialAction":{"@type":"SearchAction",'
          '"target":"%s/?s={search_term_string}"}}]}')
    p.pair("<script type=\"application/ld+json\" class=\"yoast-schema-graph\">" + ld % ((o,) * 6) + "</script>\n",
           "<script type=\"application/ld+json\" class=\"yoast-schema-graph\">" + ld % ((n,) * 6) + "</script>\n")
    p.raw("</head>\n")


def nav(p):
    p.raw("<body class=\"home page-template-default wp-embed-responsive\">\n")
    p.raw("<a class=\"skip-link screen-reader-text\" href=\"#content\">Siirry sisältöön</a>\n")
    p.raw("<header class=\"site-header\">\n<nav class=\"main-navigation\" aria-label=\"Päävalikko\">\n<ul id=\"menu-main\" class=\"menu\">\n")
    for i in range(p.rnd.randint(6, 10)):
        which = p.rnd.choice(["www", "www", "www", "shop"])
        put_url(p, "<li id=\"menu-item-%d\" class=\"menu-item menu-item-type-post_type\"><a href=\"" % (100 + i),
                which, after="\">%s</a></li>\n" % p.words(1, 2).capitalize())
    p.raw("</ul>\n</nav>\n</header>\n")


def block_image(p):
    n_id = p.rnd.randint(10, 9999)
    path = "/wp-content/uploads/%d/%02d/%s" % (2020 + p.rnd.randint(0, 4), p.rnd.randint(1, 12), p.slug())
    which = p.rnd.choice(["www", "www", "cdn"])
    put_url(p, "<!-- wp:image {\"id\":%d,\"sizeDefault\":\"large\",\"url\":\"" % n_id, which, "esc",
            path=path + ".jpg", after="\"} -->\n")
    p.raw("<figure class=\"wp-block-image size-large\"><img loading=\"lazy\" decoding=\"async\" width=\"1024\" height=\"683\" ")
    put_url(p, "src=\"", which, path=path + "-1024x683.jpg", after="\" ")
    p.raw("srcset=\"")
    widths = [300, 768, 1024, 1536, 2048]
    for k, w in enumerate(widths):
        form = "rel" if p.rnd.random() < 0.15 else "abs"
        put_url(p, "", which, form, path="%s-%dx%d.jpg %dw" % (path, w, w * 2 // 3, w),
                after=", " if k + 1 < len(widths) else "")
    p.raw("\" sizes=\"(max-width: 1024px) 100vw, 1024px\" class=\"wp-image-%d\" alt=\"%s\"></figure>\n" % (n_id, p.words(2, 5)))
    p.raw("<!-- /wp:image -->\n")


def block_paragraph(p):
    p.raw("<!-- wp:paragraph -->\n<p>%s " % p.words(8, 30).capitalize())
    r = p.rnd.random()
    if r < 0.5:
        put_url(p, "<a href=\"", p.rnd.choice(["www", "shop"]), after="\">%s</a>" % p.words(1, 3))
    elif r < 0.65:
        p.raw("<a href=\"%s/%s\" rel=\"noopener\">%s</a>" % (p.rnd.choice(THIRD), p.slug(), p.words(1, 3)))
    elif r < 0.75:
        p.raw("<a href=\"%s/%s/\">%s</a>" % (p.rnd.choice(LOOKALIKE), p.slug(), p.words(1, 2)))
    else:
        put_url(p, "osoitteessa ", "www", after=" ")
    p.raw(" %s.</p>\n<!-- /wp:paragraph -->\n" % p.words(4, 20))


def block_buttons(p):
    p.raw("<!-- wp:buttons -->\n<div class=\"wp-block-buttons\"><!-- wp:button {\"className\":\"is-style-fill\"} -->\n")
    put_url(p, "<div class=\"wp-block-button is-style-fill\"><a class=\"wp-block-button__link wp-element-button\" href=\"",
            p.rnd.choice(["shop", "www"]), after="\">%s</a></div>\n" % p.words(1, 3).capitalize())
    p.raw("<!-- /wp:button --></div>\n<!-- /wp:buttons -->\n")


def block_gallery_data(p):
    a, b = serialized_attr(p)
    cnt = p.rnd.randint(1, 9)
    p.pair("<div class=\"acf-gallery\" data-x=\"%s\" data-count=\"%d\"></div>\n" % (a, cnt),
           "<div class=\"acf-gallery\" data-x=\"%s\" data-count=\"%d\"></div>\n" % (b, cnt))


def share_links(p):
    s, n = url(p, "www", "pct")
    if p.rnd.random() < 0.3:   # lower-case percent hex: -R writes it upper-case
        s = s.replace("%3A%2F%2F", "%3a%2f%2f", 1)
    p.pair("<div class=\"share\"><a href=\"https://www.facebook.com/sharer/sharer.php?u=%s\">Jaa</a> " % s,
           "<div class=\"share\"><a href=\"https://www.facebook.com/sharer/sharer.php?u=%s\">Jaa</a> " % n)
    s, n = url(p, "www", "pct")
    t = p.slug()
    p.pair("<a href=\"https://twitter.com/intent/tweet?url=%s&amp;text=%s\">Twiittaa</a></div>\n" % (s, t),
           "<a href=\"https://twitter.com/intent/tweet?url=%s&amp;text=%s\">Twiittaa</a></div>\n" % (n, t))


def post_card(p, i):
    p.raw("<article id=\"post-%d\" class=\"post-%d post type-post status-publish\">\n" % (i, i))
    put_url(p, "<h2 class=\"entry-title\"><a href=\"", "www",
            after="\" rel=\"bookmark\">%s</a></h2>\n" % p.words(2, 6).capitalize())
    p.raw("<div class=\"entry-meta\"><time datetime=\"2024-%02d-%02dT10:00:00+03:00\">%d.%d.2024</time> " % (
        p.rnd.randint(1, 12), p.rnd.randint(1, 28), p.rnd.randint(1, 28), p.rnd.randint(1, 12)))
    put_url(p, "<a class=\"author\" href=\"", "www", path="/author/" + p.slug() + "/", after="\">%s</a>" % p.words(1, 2))
    p.raw(" <img alt=\"\" src=\"https://secure.gravatar.com/avatar/%032x?s=48&amp;d=mm\" class=\"avatar\" height=\"48\" width=\"48\"></div>\n"
          % p.rnd.getrandbits(128))
    block_image(p)
    block_paragraph(p)
    if p.rnd.random() < 0.4:
        block_gallery_data(p)
    if p.rnd.random() < 0.5:
        share_links(p)
    p.raw("</article>\n")


def product_card(p, i):
    price = "%d,%02d" % (p.rnd.randint(5, 300), p.rnd.randint(0, 99))
    s, n = url(p, "shop", path="/tuote/" + p.slug() + "/")
    p.pair("<li class=\"product type-product post-%d\"><a href=\"%s\" class=\"woocommerce-LoopProduct-link\">" % (i, s),
           "<li class=\"product type-product post-%d\"><a href=\"%s\" class=\"woocommerce-LoopProduct-link\">" % (i, n))
    img = "/wp-content/uploads/2024/0%d/%s" % (p.rnd.randint(1, 9), p.slug())
    put_url(p, "<img width=\"300\" height=\"300\" src=\"", "cdn", path=img + "-300x300.jpg", after="\" ")
    p.raw("srcset=\"")
    put_url(p, "", "cdn", path=img + "-300x300.jpg 300w, ")
    put_url(p, "", "cdn", "rel", path=img + "-600x600.jpg 600w")
    p.raw("\" alt=\"\"><h2 class=\"woocommerce-loop-product__title\">%s</h2>" % p.words(1, 4).capitalize())
    p.raw("<span class=\"price\"><bdi>%s&nbsp;<span class=\"woocommerce-Price-currencySymbol\">&euro;</span></bdi></span></a>" % price)
    s, n = url(p, "shop", path="/?add-to-cart=%d" % i)
    p.pair("<a href=\"%s\" data-quantity=\"1\" data-product_id=\"%d\" class=\"button add_to_cart_button\">Lisää ostoskoriin</a></li>\n" % (s, i),
           "<a href=\"%s\" data-quantity=\"1\" data-product_id=\"%d\" class=\"button add_to_cart_button\">Lisää ostoskoriin</a></li>\n" % (n, i))


def footer(p, nscript):
    p.raw("<footer class=\"site-footer\">\n<div class=\"widget\"><h3>Yhteystiedot</h3><p>Esimerkki Oy, Esimerkkikatu 1, 00100 Helsinki")
    put_url(p, "<br><a href=\"", "www", path="/yhteystiedot/", after="\">Ota yhteyttä</a>")
    p.raw("<br>Sähköposti: <a href=\"mailto:info@example.fi\">info@example.fi</a></p></div>\n")
    p.raw("<div class=\"widget\"><ul class=\"social\">")
    for t in THIRD[:4]:
        p.raw("<li><a href=\"%s\">%s</a></li>" % (t, t.split("//")[1].split("/")[0]))
    p.raw("</ul></div>\n")
    p.raw("<!-- Välimuistin tila: %s, osoite " % p.words(1, 2))
    put_url(p, "", "www", path="/", after=" -->\n")
    p.raw("</footer>\n")
    # localized script data, escaped slashes
    p.raw("<script id=\"theme-js-extra\">\nvar themeData = {")
    fields = []
    for k in range(nscript):
        form = p.rnd.choice(["esc", "esc", "relesc"])
        which = p.rnd.choice(["www", "shop", "cdn"])
        fields.append(("\"u%d\":\"" % k, which, form))
    for k, (pre, which, form) in enumerate(fields):
        put_url(p, pre, which, form, after="\"," if k + 1 < len(fields) else "\"")
    p.raw(",\"nonce\":\"%010x\",\"i18n\":{\"close\":\"Sulje\",\"open\":\"Avaa valikko\"}};\n</script>\n" % p.rnd.getrandbits(40))
    p.raw("<script>\n(function(){ var a = document.querySelectorAll('a'); for (var i = 0; i < a.length && i < 9; i++) {")
    put_url(p, " if (a[i].href.indexOf('", "www", path="", after="') === 0) a[i].classList.add('local'); ")
    p.raw("} })();\n</script>\n")
    put_url(p, "<script src=\"", "www", path="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1", after="\" id=\"jquery-core-js\"></script>\n")
    put_url(p, "<script src=\"", "cdn", "rel", path="/wp-content/themes/t/app.js?ver=2", after="\" id=\"app-js\" defer></script>\n")
    p.raw("<!-- Lookalikes that must stay: ")
    p.raw(" ".join(LOOKALIKE[:5]))
    p.raw(" -->\n</body>\n</html>\n")


def page_blog(rnd, site, posts, title):
    p = Page(rnd, site)
    head(p, title)
    nav(p)
    p.raw("<main id=\"content\" class=\"site-main\">\n")
    for i in range(posts):
        post_card(p, 1000 + i * 7)
    p.raw("<nav class=\"pagination\">")
    for k in range(2, 6):
        put_url(p, "<a class=\"page-numbers\" href=\"", "www", path="/blogi/page/%d/" % k, after="\">%d</a> " % k)
    p.raw("</nav>\n</main>\n")
    footer(p, 12)
    return p


def page_shop(rnd, site, products, title):
    p = Page(rnd, site)
    head(p, title)
    nav(p)
    p.raw("<main id=\"content\" class=\"site-main\">\n<!-- wp:woocommerce/product-collection {\"queryId\":0} -->\n<ul class=\"products columns-4\">\n")
    for i in range(products):
        product_card(p, 2000 + i)
    p.raw("</ul>\n<!-- /wp:woocommerce/product-collection -->\n")
    p.raw("<script type=\"text/template\" id=\"tmpl-cart\">")
    put_url(p, "<a href=\"", "shop", path="/kori/", after="\">{{ data.count }}</a>")
    p.raw("</script>\n")
    for i in range(products // 6):
        block_paragraph(p)
    p.raw("</main>\n")
    footer(p, 20)
    return p


def page_contact(rnd, site, people, title):
    p = Page(rnd, site)
    head(p, title)
    nav(p)
    p.raw("<main id=\"content\" class=\"site-main\">\n<h1>%s</h1>\n" % title)
    p.raw("<form class=\"wpcf7-form\" method=\"post\" ")
    put_url(p, "action=\"", "www", path="/yhteystiedot/#wpcf7-f12-p34-o1", after="\" ")
    p.raw("novalidate><input type=\"hidden\" name=\"_wpcf7\" value=\"12\">")
    put_url(p, "<input type=\"hidden\" name=\"_wp_http_referer\" value=\"", "www", path="/yhteystiedot/", after="\">")
    p.raw("<textarea name=\"viesti\" placeholder=\"Kirjoita viesti\"></textarea></form>\n")
    for i in range(people):
        p.raw("<div class=\"person\" data-id=\"%d\">" % i)
        put_url(p, "<img src=\"", "media", path="/henkilot/%s.jpg" % p.slug(), after="\" ")
        p.raw("alt=\"%s\">" % p.words(2, 2).title())
        a, b = serialized_attr(p)
        w = p.words(2, 5)
        p.pair("<span data-x=\"%s\">%s</span>" % (a, w), "<span data-x=\"%s\">%s</span>" % (b, w))
        p.raw("<a href=\"tel:+358401234%03d\">+358 40 1234 %03d</a></div>\n" % (i, i))
        if i % 4 == 0:
            block_paragraph(p)
    p.raw("<iframe src=\"https://www.google.com/maps/embed?pb=%s\" width=\"600\" height=\"450\" loading=\"lazy\"></iframe>\n"
          % p.slug())
    p.raw("</main>\n")
    footer(p, 6)
    return p


PAGES = [
    # name, maker, site, count, title
    ("blogi.html", page_blog, MAIN, 60, "Blogi"),
    ("etusivu.html", page_blog, MAIN, 95, "Etusivu"),
    ("kauppa.html", page_shop, MAIN, 160, "Kauppa"),
    ("kumppani.html", page_blog, PARTNER, 40, "Kumppani"),
    ("yhteystiedot.html", page_contact, MAIN, 70, "Yhteystiedot"),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("corpus", "pages")
    os.makedirs(os.path.join(out, "reverse"), exist_ok=True)
    for k, (name, maker, site, count, title) in enumerate(PAGES):
        rnd = random.Random(SEED * 31 + k)
        p = maker(rnd, site, count, title)
        a, b = p.text()
        with open(os.path.join(out, name), "wb") as f:
            f.write(a.encode("utf-8"))
        with open(os.path.join(out, "reverse", name), "wb") as f:
            f.write(b.encode("utf-8"))


if __name__ == "__main__":
    main()
