#!/bin/sh
# hostshift-proxy.sh — serve an upstream site through hostshift, one HTTP
# connection per run, for socat or inetd (SPEC §10):
#
#   socat TCP-LISTEN:8080,reuseaddr,fork EXEC:'examples/hostshift-proxy.sh'
#
# with the environment:
#   HOSTSHIFT_MAP    the map file (canonical = the upstream's origin,
#                    variant = this proxy's origin)
#   UPSTREAM         the upstream origin to fetch from, e.g. https://www.example.fi
#   HOSTSHIFT        the binary (default: hostshift on PATH)
#
# The request head is read from stdin; its request line and Host header
# are rewritten variant → canonical (--reverse), the upstream is fetched
# with curl, and the response (head and body) goes back through
# `hostshift --headers`, so links, redirects, CSP and cookies point at the
# proxy. Only GET and HEAD without a request body are handled.
set -u
HS=${HOSTSHIFT:-hostshift}
: "${HOSTSHIFT_MAP:?set HOSTSHIFT_MAP}" "${UPSTREAM:?set UPSTREAM}"

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
