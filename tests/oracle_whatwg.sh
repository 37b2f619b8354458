#!/bin/sh
# The whatwg tier of make check: a browser's URL parser judges the html
# type (docs/rules.md §3, §3.9, §5). tests/oracle_whatwg.mjs writes URLs in
# the spellings a browser resolves (slash and backslash runs, TAB, LF and
# CR, references, percent escapes, userinfo, ports, near-miss hosts) into
# a page, from a seed: into URL attributes, into a script's string
# literals in JavaScript's escapes, and into text; an international
# canonical host and the spellings a browser folds (docs/rules.md §1.4)
# among them; hostshift rewrites the
# page; node reads each position before and after (a literal through its
# own JavaScript parser) and its WHATWG URL class resolves it, against a
# page served at the variant.
#
# Failures: a URL that did not resolve to the canonical origin and resolves
# anywhere else after (changed), a canonical one that resolves neither to
# the canonical nor to the variant with its path, query and fragment
# (wrong), and more URLs still resolving to the canonical origin than the
# committed count for the seed (tests/oracle_whatwg/leaks: the spellings
# the byte matcher does not read yet; the count may only fall).
#
# Without node: hostshift's output of the committed page
# (tests/oracle_whatwg/sample.html) is compared byte for byte with the
# output node judged when it was committed.
#
#   HOSTSHIFT=build/rel/hostshift [WHATWG_URLS=N] sh tests/oracle_whatwg.sh
H=${HOSTSHIFT:?HOSTSHIFT is the binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
S=tests/oracle_whatwg
MAP="https://www.example.fi=https://wt-a--example.ddev.site"
MAP2="https://www.bücher.example=https://wt-b--buecher.ddev.site"
per=${WHATWG_URLS:-5000}

. tests/node_seeds.sh

if ! command -v node >/dev/null 2>&1; then
	oracle_sample "$S" "$MAP" "$MAP2"
	echo "whatwg: $pass passed, $fail failed (node not installed: committed sample only)"
	[ "$fail" -eq 0 ]
	exit
fi

oracle_seeds "$S/../oracle_whatwg.mjs" "$S" "$per"
echo "whatwg: $pass passed, $fail failed; $urls URLs, $leaks still resolve to the canonical origin"
[ "$fail" -eq 0 ]
