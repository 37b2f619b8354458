#!/bin/sh
# e2e_http.sh — the socat recipe of examples/ (docs/rules.md §13.3): a local
# upstream (python3, loopback only) served through socat and
# examples/hostshift-proxy.sh; the page, a redirect with a cookie, JSON and
# a binary body are fetched with curl and checked. Needs socat, curl and
# python3 (.ci/run installs them); without them it says so and skips.
set -u
H=${HOSTSHIFT:?set HOSTSHIFT to the hostshift binary}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
PASS=0 FAIL=0
pass() { PASS=$((PASS + 1)); }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
for tool in socat curl python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "e2e-http: skipped: $tool is not installed"
		echo "e2e-http: 0 passed, 0 failed"
		exit 0
	fi
done
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-http.XXXXXX") || exit 2
UPID= SPID=
cleanup() {
	[ -n "$SPID" ] && kill "$SPID" 2>/dev/null
	[ -n "$UPID" ] && kill "$UPID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT INT TERM

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
        else:
            self.send(404, "text/plain", b"no\n")
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
printf 'http://127.0.0.1:%s http://127.0.0.1:%s\n' "$UP" "$PP" >"$T/site.map"

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
