#!/bin/sh
# e2e_http.sh — `--headers` end to end (docs/rules.md §13.3), in two parts.
#
# First, heads as `curl -si` prints them, fed to hostshift directly (these
# need only the binary): chunked bodies curl has already decoded, style
# sheets, scripts, XML and SVG, a proxy's `Connection established` head, a
# folded header, 100 Continue, a head over 64 KiB, cookie Domain
# attributes, and where --check and -e place what they find in the head.
#
# Then the socat recipe of examples/ (docs/rules.md §13.3): a local upstream
# (python3, loopback only) served through socat and
# examples/hostshift-proxy.sh; the page, a redirect with a cookie, JSON, a
# binary body, a chunked one, a style sheet, a script, XML, SVG, a 70 KB
# head and cookies are fetched with curl and checked, and curl's own
# output through a CONNECT proxy is rewritten. Needs socat, curl and
# python3 (.ci/run installs them); without them that part says so and is
# skipped.
set -u
H=${HOSTSHIFT:?set HOSTSHIFT to the hostshift binary}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
PASS=0 FAIL=0
pass() { PASS=$((PASS + 1)); }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-http.XXXXXX") || exit 2
UPID= SPID= XPID=
cleanup() {
	[ -n "$SPID" ] && kill "$SPID" 2>/dev/null
	[ -n "$UPID" ] && kill "$UPID" 2>/dev/null
	[ -n "$XPID" ] && kill "$XPID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

# ---- Part 1: heads as curl -si prints them, fed to hostshift directly.
printf 'https://www.example.fi https://wt-a--example.ddev.site\n' >"$T/ex.map"
C=www.example.fi V=wt-a--example.ddev.site
# hs [OPTION...] < input: hostshift --headers, output in $T/out, messages in $T/err
hs() { "$H" --headers -m "$T/ex.map" "$@" >"$T/out" 2>"$T/err"; }
# same NAME: $T/out is byte for byte $T/want
same() { if cmp -s "$T/out" "$T/want"; then pass; else fail "$1: got $(od -c "$T/out" | head -n 8 | tr -s ' \n' '  ')"; fi; }

# Transfer-Encoding: curl -si has removed the chunk framing, so no head
# may announce it, whatever the body; a Content-Length beside it goes too.
printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\nETag: "1"\r\n\r\n\211PNG\r\n\032\nhttps://%s/\000\377' "$C" | hs
printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nETag: "1"\r\n\r\n\211PNG\r\n\032\nhttps://%s/\000\377' "$C" >"$T/want"
same "chunked image: Transfer-Encoding removed, body untouched"
printf 'HTTP/1.1 200 OK\r\nContent-Type: font/woff2\r\nContent-Length: 9\r\nTransfer-Encoding: chunked\r\n\r\nwOF2' | hs
printf 'HTTP/1.1 200 OK\r\nContent-Type: font/woff2\r\n\r\nwOF2' >"$T/want"
same "chunked font: Transfer-Encoding and its Content-Length removed"
printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n\037\213\010' | hs
printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n\037\213\010' >"$T/want"
same "chunked gzip body: Transfer-Encoding removed"

# Style sheets, scripts, XML and SVG are read as text: rewritten, and
# their Content-Length (now stale) removed.
for ct in text/css text/javascript application/javascript text/xml application/xml image/svg+xml; do
	printf 'HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: 64\r\n\r\n@import url(https://%s/a.css); var u = "https:\\/\\/%s\\/";\n' "$ct" "$C" "$C" | hs
	printf 'HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n@import url(https://%s/a.css); var u = "https:\\/\\/%s\\/";\n' "$ct" "$V" "$V" >"$T/want"
	same "$ct body rewritten, Content-Length removed"
done

# The head is found (so a growing body loses its stale Content-Length)
# behind a proxy's CONNECT answer, with a folded header, behind 100
# Continue, and over 64 KiB.
printf 'HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 26\r\n\r\n<a href="https://%s/">\n' "$C" | hs
printf 'HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href="https://%s/">\n' "$V" >"$T/want"
same "Connection established head"
printf 'HTTP/1.1 200 OK\r\nX-F: a\r\n b\r\nContent-Type: text/html\r\nContent-Length: 26\r\n\r\n<a href="https://%s/">\n' "$C" | hs
printf 'HTTP/1.1 200 OK\r\nX-F: a\r\n b\r\nContent-Type: text/html\r\n\r\n<a href="https://%s/">\n' "$V" >"$T/want"
same "folded header"
printf 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 26\r\n\r\n<a href="https://%s/">\n' "$C" | hs
printf 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href="https://%s/">\n' "$V" >"$T/want"
same "100 Continue head"
# Heads of 800 and 4000 headers of 100 bytes (80 KB, held in memory past
# 64 KiB; 400 KB, past a read: held in a temporary file), then the body.
for lines in 800 4000; do
	awk -v n=$lines 'BEGIN { for (i = 0; i < n; i++) printf "X-Pad-%04d: %090d\r\n", i, i }' >"$T/pad"
	{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 26\r\n'; cat "$T/pad"
	  printf 'Location: https://%s/x\r\n\r\n<a href="https://%s/">\n' "$C" "$C"; } >"$T/big"
	{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n'; cat "$T/pad"
	  printf 'Location: https://%s/x\r\n\r\n<a href="https://%s/">\n' "$V" "$V"; } >"$T/want"
	cat "$T/big" | hs
	same "a head of $lines lines, from a pipe"
	hs "$T/big"
	same "a head of $lines lines, from a file"
done
# where no temporary file can hold it: a message naming TMPDIR, exit 3,
# and nothing written (never a stale length)
if TMPDIR=/nonexistent/hostshift-http "$H" --headers -m "$T/ex.map" "$T/big" >"$T/out" 2>"$T/err"; then rc=0; else rc=$?; fi
if [ "$rc" -eq 3 ] && [ ! -s "$T/out" ] && grep -q 'set TMPDIR' "$T/err"; then pass
else fail "a head over 64 KiB without a temporary file: exit $rc, $(wc -c <"$T/out") bytes out, $(cat "$T/err")"; fi

# Set-Cookie: a Domain that domain-matches a canonical host is dropped,
# however it is spaced or dotted; an unrelated one stays.
printf 'HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Domain = %s; Path=/\r\nSet-Cookie: b=2; Domain=.example.fi\r\nSet-Cookie: c=3; domain=EXAMPLE.FI;Secure\r\nSet-Cookie: d=4; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n' "$C" | hs
printf 'HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/\r\nSet-Cookie: b=2\r\nSet-Cookie: c=3;Secure\r\nSet-Cookie: d=4; Domain=other.example\r\nContent-Type: text/plain\r\n\r\nx\n' >"$T/want"
same "cookie Domain dropped"

# --check and -e place what they find in the head: line and column, and
# the offset where a dropped attribute's name begins.
printf 'HTTP/1.1 302 Found\r\nLocation: https://%s/x\r\nSet-Cookie: a=1; Domain=%s\r\nContent-Type: text/plain\r\n\r\nsee https://%s/\n' "$C" "$C" "$C" >"$T/found.txt"
"$H" --check --headers -m "$T/ex.map" "$T/found.txt" >"$T/out" 2>"$T/err"
printf '%s:2:11: https://%s (header)\n%s:3:18: Domain=%s (header)\n%s:6:5: https://%s (text)\n' \
	"$T/found.txt" "$C" "$T/found.txt" "$C" "$T/found.txt" "$C" >"$T/want"
same "--check --headers: line and column"
"$H" -e --headers -m "$T/ex.map" "$T/found.txt" >/dev/null 2>"$T/err"
if grep -q '^ *73 3:18  *rewrote .* header  *Domain=www.example.fi$' "$T/err"; then pass; else fail "-e: the dropped Domain is not at offset 73 (3:18): $(grep Domain "$T/err")"; fi

# A canonical origin in a header --headers does not rewrite (X-Pingback)
# is kept byte for byte and said: a warning naming the header, none with
# -q, and a finding in --check, which then exits 1.
printf 'HTTP/1.1 200 OK\r\nX-Pingback: https://%s/xmlrpc.php\r\nContent-Type: text/plain\r\n\r\nx\n' "$C" >"$T/kept.txt"
hs "$T/kept.txt"
cp "$T/kept.txt" "$T/want"
same "X-Pingback kept"
if grep -q 'the X-Pingback header at offset 17 holds the canonical origin https://www.example.fi and is left as it is' "$T/err"; then pass
else fail "X-Pingback kept: no warning: $(cat "$T/err")"; fi
hs -q "$T/kept.txt"
if [ ! -s "$T/err" ]; then pass; else fail "X-Pingback kept, -q: $(cat "$T/err")"; fi
if "$H" --check --headers -m "$T/ex.map" "$T/kept.txt" >"$T/out" 2>"$T/err"; then rc=0; else rc=$?; fi
printf '%s:2:13: https://%s (header-kept)\n' "$T/kept.txt" "$C" >"$T/want"
if [ "$rc" -eq 1 ]; then same "--check: X-Pingback kept is a finding"; else fail "--check, X-Pingback kept: exit $rc"; fi

# ---- Part 2: the socat recipe, with a local upstream.
missing=
for tool in socat curl python3; do
	command -v "$tool" >/dev/null 2>&1 || { missing=$tool; break; }
done
if [ -n "$missing" ]; then
	echo "e2e-http: $PASS passed, $FAIL failed; the socat recipe not run: $missing is not installed"
	[ "$FAIL" -eq 0 ]
	exit
fi

# The upstream: a few fixed responses, on a port the kernel picks.
cat >"$T/upstream.py" <<'PY'
import http.server, sys, socketserver
port_file = sys.argv[1]
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    def log_message(self, *a): pass
    def send(self, code, ctype, body, extra=()):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", '"v1"')
        for k, v in extra: self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        o = "http://127.0.0.1:%d" % self.server.server_address[1]
        if self.path == "/":
            self.send(200, "text/html; charset=utf-8",
                ('<!doctype html><a href="%s/about/">about</a> <img src="//127.0.0.1:%d/i.png">'
                 '<script>var u="%s\\/wp-json\\/";</script>\n' % (o, self.server.server_address[1], o.replace("/", "\\/"))).encode(),
                [("Link", "<%s/wp-json/>; rel=\"https://api.w.org/\"" % o)])
        elif self.path == "/go":
            self.send(302, "text/html", b"moved\n",
                [("Location", o + "/target"), ("Set-Cookie", "s=1; Path=/; Domain=127.0.0.1; HttpOnly")])
        elif self.path == "/api":
            self.send(200, "application/json", ('{"home":"%s\\/","n":1}\n' % o.replace("/", "\\/")).encode())
        elif self.path == "/i.png":
            self.send(200, "image/png", b"\x89PNG\r\n\x1a\n" + o.encode() + b"\x00\xff")
        elif self.path == "/chunked.png":
            # HTTP/1.1 chunked, as a server streams an image
            body = b"\x89PNG\r\n\x1a\n" + o.encode() + b"\x00\xff" * 200
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n"
                             b"Connection: close\r\n\r\n")
            for i in range(0, len(body), 100):
                c = body[i:i + 100]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(c), c))
            self.wfile.write(b"0\r\n\r\n")
        elif self.path in TEXTS:
            # a second site's origin, whose variant is longer: the body grows
            ctype, body = TEXTS[self.path]
            self.send(200, ctype, body.encode())
        elif self.path == "/bighead":
            self.send(200, "text/html", b'<a href="https://www.example.fi/">x</a>\n' * 50 + b"<!--END-->\n",
                [("X-Pad-%03d" % i, "%090d" % i) for i in range(800)])
        elif self.path == "/cookie":
            self.send(200, "text/plain", b"ok\n",
                [("Set-Cookie", "a=1; Domain = 127.0.0.1; Path=/"), ("Set-Cookie", "b=2; Domain=.example.fi"),
                 ("Set-Cookie", "c=3; Domain=other.example")])
        else:
            self.send(404, "text/plain", b"no\n")
TEXTS = {
    "/style.css": ("text/css", "a{background:url(https://www.example.fi/a.png)}\n/*END*/\n"),
    "/app.js": ("application/javascript", 'var u="https:\\/\\/www.example.fi\\/";\n//END\n'),
    "/feed.xml": ("application/xml", '<?xml version="1.0"?><rss><link>https://www.example.fi/</link></rss>\n<!--END-->\n'),
    "/logo.svg": ("image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><a href="https://www.example.fi/"/></svg>\n<!--END-->\n'),
}
class S(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
s = S(("127.0.0.1", 0), H)
open(port_file, "w").write(str(s.server_address[1]))
s.serve_forever()
PY
python3 "$T/upstream.py" "$T/up.port" &
UPID=$!
i=0
while [ ! -s "$T/up.port" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
UP=$(cat "$T/up.port" 2>/dev/null)
[ -n "$UP" ] || { echo "e2e-http: the upstream did not start"; echo "e2e-http: 0 passed, 1 failed"; exit 1; }
PP=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
printf 'http://127.0.0.1:%s http://127.0.0.1:%s\nhttps://www.example.fi https://wt-a--example.ddev.site\n' "$UP" "$PP" >"$T/site.map"

HOSTSHIFT_MAP="$T/site.map" UPSTREAM="http://127.0.0.1:$UP" HOSTSHIFT="$H" \
	socat TCP-LISTEN:"$PP",bind=127.0.0.1,reuseaddr,fork EXEC:"$ROOT/examples/hostshift-proxy.sh" &
SPID=$!
i=0
until curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$PP/" || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done

V="http://127.0.0.1:$PP" C="http://127.0.0.1:$UP"
get() { curl -s -i --max-time 10 "$V$1" >"$T/resp" 2>/dev/null; }
has() { if grep -qF -- "$2" "$T/resp"; then pass; else fail "$1: no '$2' in: $(tr '\r\n' '  ' <"$T/resp" | cut -c1-300)"; fi; }
hasnt() { if grep -qF -- "$2" "$T/resp"; then fail "$1: '$2' is still there"; else pass; fi; }

get /
has "page: status" "200 OK"
has "page: attribute" "href=\"$V/about/\""
has "page: relative form" "src=\"//127.0.0.1:$PP/i.png\""
has "page: script string" "http:\\/\\/127.0.0.1:$PP\\/wp-json\\/"
has "page: Link header" "Link: <$V/wp-json/>"
hasnt "page: no upstream origin left" "127.0.0.1:$UP"
hasnt "page: Content-Length removed" "Content-Length:"
hasnt "page: ETag removed" "ETag:"

get /go
has "redirect: status" "302"
has "redirect: Location" "Location: $V/target"
has "redirect: cookie kept" "Set-Cookie: s=1; Path=/; HttpOnly"
hasnt "redirect: cookie Domain dropped" "Domain=127.0.0.1"

get /api
has "json: rewritten" "\"home\":\"http:\\/\\/127.0.0.1:$PP\\/\""

curl -s --max-time 10 "$V/i.png" >"$T/proxied.png"
curl -s --max-time 10 "$C/i.png" >"$T/direct.png"
if cmp -s "$T/proxied.png" "$T/direct.png"; then pass; else fail "binary body: not byte-identical"; fi

# A chunked body: curl -si de-chunks it, so the head must not say chunked
# (the client would read the bytes as chunks and fail).
if curl -s --max-time 10 "$V/chunked.png" >"$T/proxied.png"; then pass; else fail "chunked image: curl failed ($?)"; fi
curl -s --max-time 10 "$C/chunked.png" >"$T/direct.png"
if cmp -s "$T/proxied.png" "$T/direct.png"; then pass; else fail "chunked image: not byte-identical"; fi
get /chunked.png
hasnt "chunked image: Transfer-Encoding removed" "Transfer-Encoding"

# Style sheets, scripts, XML and SVG: rewritten, whole (no stale length cuts them short).
for path in /style.css /app.js /feed.xml /logo.svg; do
	get "$path"
	hasnt "$path: no canonical origin left" "www.example.fi"
	has "$path: rewritten" "wt-a--example.ddev.site"
	has "$path: whole" "END"
	hasnt "$path: Content-Length removed" "Content-Length:"
done

# A 70 KB head: found, so the growing body is not cut short.
get /bighead
has "big head: status" "200 OK"
has "big head: headers kept" "X-Pad-799: "
has "big head: body rewritten" "href=\"https://wt-a--example.ddev.site/\""
has "big head: body whole" "<!--END-->"
hasnt "big head: Content-Length removed" "Content-Length:"

get /cookie
has "cookie: spaced Domain dropped" "Set-Cookie: a=1; Path=/"
hasnt "cookie: no Domain of the upstream" "127.0.0.1;"
has "cookie: parent Domain dropped" "Set-Cookie: b=2"
hasnt "cookie: no parent Domain" ".example.fi"
has "cookie: other Domain kept" "Set-Cookie: c=3; Domain=other.example"

# curl's own output through a proxy (CONNECT): the proxy's head comes first.
cat >"$T/connect.py" <<'PY'
import socket, sys, threading
port_file = sys.argv[1]
def pipe(a, b):
    try:
        while True:
            d = a.recv(65536)
            if not d: break
            b.sendall(d)
    except OSError: pass
    finally:
        try: b.shutdown(socket.SHUT_WR)
        except OSError: pass
def serve(c):
    head = b""
    while b"\r\n\r\n" not in head:
        d = c.recv(4096)
        if not d: return c.close()
        head += d
    host, port = head.split(b" ")[1].decode().rsplit(":", 1)
    u = socket.create_connection((host, int(port)))
    c.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    threading.Thread(target=pipe, args=(u, c), daemon=True).start()
    pipe(c, u)
l = socket.socket()
l.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
l.bind(("127.0.0.1", 0))
l.listen(8)
open(port_file, "w").write(str(l.getsockname()[1]))
while True:
    c, _ = l.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
PY
python3 "$T/connect.py" "$T/px.port" &
XPID=$!
i=0
while [ ! -s "$T/px.port" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
PX=$(cat "$T/px.port" 2>/dev/null)
curl -si --max-time 10 -p -x "http://127.0.0.1:$PX" "$C/bighead" >"$T/curl.out" 2>/dev/null
if grep -q '^HTTP/1.1 200 Connection established' "$T/curl.out"; then pass; else fail "CONNECT: curl printed no proxy head: $(head -c 200 "$T/curl.out")"; fi
"$H" -q --headers -m "$T/site.map" "$T/curl.out" >"$T/resp" 2>/dev/null
hasnt "CONNECT: Content-Length removed" "Content-Length:"
has "CONNECT: body rewritten" "href=\"https://wt-a--example.ddev.site/\""
hasnt "CONNECT: no canonical origin left" "www.example.fi"

# The recipe straight after `make`: with no HOSTSHIFT and no hostshift on
# PATH it runs the ./hostshift built in its own repository; with none there
# either, or a map the filter refuses, the client gets a 502 that says why.
proxy_once() {
	printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$PP" |
		env -u HOSTSHIFT PATH=/usr/bin:/bin HOSTSHIFT_MAP="$2" UPSTREAM="$C" sh "$1/examples/hostshift-proxy.sh" >"$T/resp" 2>"$T/proxy.err"
}
mkdir -p "$T/built/examples" "$T/bare/examples"
cp "$ROOT/examples/hostshift-proxy.sh" "$T/built/examples/"
cp "$ROOT/examples/hostshift-proxy.sh" "$T/bare/examples/"
cp "$H" "$T/built/hostshift"
if PATH=/usr/bin:/bin command -v hostshift >/dev/null 2>&1; then
	echo "e2e-http: skipped the PATH-less proxy runs: hostshift is installed in /usr/bin or /bin"
else
	proxy_once "$T/built" "$T/site.map"
	has "proxy after make: the repository's binary" "200 OK"
	has "proxy after make: rewritten" "href=\"$V/about/\""
	proxy_once "$T/bare" "$T/site.map"
	has "proxy with no binary: 502" "502 Bad Gateway"
	has "proxy with no binary: says why" "no hostshift to run"
	if grep -q 'no hostshift to run' "$T/proxy.err"; then pass; else fail "proxy with no binary: nothing on stderr"; fi
	printf 'http://127.0.0.1:%s\n' "$UP" >"$T/bad.map"
	proxy_once "$T/built" "$T/bad.map"
	has "proxy with a bad map: 502" "502 Bad Gateway"
	has "proxy with a bad map: the filter's reason" "bad.map:1:"
fi

echo "e2e-http: $PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
