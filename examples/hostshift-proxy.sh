#!/bin/sh
# hostshift-proxy.sh — serve an upstream site through hostshift, one HTTP
# connection per run, for socat or inetd (docs/rules.md §13.3):
#
#   socat TCP-LISTEN:8080,reuseaddr,fork EXEC:'examples/hostshift-proxy.sh'
#
# with the environment:
#   HOSTSHIFT_MAP    the map file (canonical = the upstream's origin,
#                    variant = this proxy's origin)
#   UPSTREAM         the upstream origin to fetch from, e.g. https://www.example.fi
#   HOSTSHIFT        the binary (default: hostshift on PATH, else the one
#                    `make` built in this script's repository)
#
# The request head is read from stdin; its request line and Host header
# are rewritten variant → canonical (--reverse), the upstream is fetched
# with curl, and the response (head and body) goes back through
# `hostshift --headers`, so links, redirects, CSP and cookies point at the
# proxy. Only GET and HEAD without a request body are handled. Where the
# filter cannot run (no binary, a bad map), the client gets a 502 that says
# why, never an empty reply.
set -u

# fail MESSAGE: a 502 with the message, to the client and to stderr.
fail() {
	echo "hostshift-proxy: $1" >&2
	printf 'HTTP/1.0 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nhostshift-proxy: %s\n' "$1"
	exit 0
}

if [ -n "${HOSTSHIFT:-}" ]; then
	HS=$HOSTSHIFT
elif command -v hostshift >/dev/null 2>&1; then
	HS=hostshift
else
	HS=$(cd "$(dirname "$0")/.." && pwd)/hostshift
fi
[ -n "${HOSTSHIFT_MAP:-}" ] || fail "HOSTSHIFT_MAP is not set: give the map file"
[ -n "${UPSTREAM:-}" ] || fail "UPSTREAM is not set: give the upstream origin"
# The filter and the map, tried before anything is fetched.
why=$("$HS" -q -t text -m "$HOSTSHIFT_MAP" </dev/null 2>&1)
rc=$?
case $rc in
0) ;;
126|127) fail "no hostshift to run: $HS is not there (run make in the repository, put hostshift on PATH, or set HOSTSHIFT)" ;;
*) fail "cannot run the filter: $why" ;;
esac

CR=$(printf '\r')
IFS= read -r line || exit 0
line=${line%"$CR"}
method=${line%% *}
rest=${line#* }
target=${rest%% *}
# the rest of the request head (forwarded as request headers, less framing)
set --
while IFS= read -r h; do
	h=${h%"$CR"}
	[ -z "$h" ] && break
	case $(printf '%s' "$h" | tr 'A-Z' 'a-z') in
	host:*|connection:*|accept-encoding:*|content-length:*|transfer-encoding:*) ;;
	*) set -- "$@" -H "$(printf '%s' "$h" | "$HS" -q -R -t text -m "$HOSTSHIFT_MAP")" ;;
	esac
done
case $method in
GET|HEAD) ;;
*) printf 'HTTP/1.0 501 Not Implemented\r\nContent-Type: text/plain\r\n\r\nonly GET and HEAD\n'; exit 0 ;;
esac
# A target written in absolute form points at the variant: take it back.
target=$(printf '%s' "$target" | "$HS" -q -R -t text -m "$HOSTSHIFT_MAP")
case $target in
http://*|https://*) url=$target ;;
*) url=$UPSTREAM$target ;;
esac
# curl -si prints the response head as received; no decompression asked
# for, so the body is what hostshift can read.
if [ "$method" = HEAD ]; then head_opt=-I; else head_opt=; fi
curl -si $head_opt -H 'Accept-Encoding: identity' -H 'Connection: close' "$@" "$url" |
	"$HS" -q --headers -m "$HOSTSHIFT_MAP"
