#!/bin/sh
# The css tier of make check: a browser's reading of style sheets judges
# the html type (docs/rules.md §3.5, §3.9). tests/oracle_css.mjs writes URLs
# in the spellings a browser resolves, with CSS escapes (hex escapes ended
# by white space or not, a backslash and a character, in url() unquoted or
# in either quote) and in a style attribute with references too, from a
# seed; hostshift rewrites the page; each url() is read before and after as
# a browser reads it and node's WHATWG URL class resolves it, against a
# page served at the variant.
#
# Failures: a url() that did not resolve to the canonical origin and
# resolves anywhere else after, or is read as another token (changed), a
# canonical one that resolves neither to the canonical nor to the variant
# with its path, query and fragment (wrong), and more url()s still resolving
# to the canonical origin than the committed count for the seed
# (tests/oracle_css/leaks; the count may only fall).
#
# Without node: hostshift's output of the committed page
# (tests/oracle_css/sample.html) is compared byte for byte with the output
# node judged when it was committed.
#
#   HOSTSHIFT=build/rel/hostshift [CSS_URLS=N] sh tests/oracle_css.sh
H=${HOSTSHIFT:?HOSTSHIFT is the binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
S=tests/oracle_css
MAP="https://www.example.fi=https://wt-a--example.ddev.site"
per=${CSS_URLS:-5000}

. tests/node_seeds.sh

if ! command -v node >/dev/null 2>&1; then
	oracle_sample "$S" "$MAP"
	echo "css: $pass passed, $fail failed (node not installed: committed sample only)"
	[ "$fail" -eq 0 ]
	exit
fi

oracle_seeds "$S/../oracle_css.mjs" "$S" "$per"
echo "css: $pass passed, $fail failed; $urls url()s, $leaks still resolve to the canonical origin"
[ "$fail" -eq 0 ]
