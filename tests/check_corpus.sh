#!/bin/sh
# make check-corpus: the invariants of docs/rules.md §11.3 over a corpus kept
# outside the repository — by default the team's corpus of third-party pages
# and adversarial fixtures (the Makefile's CORPUS default). Never part of
# `make check`, which uses the repository's own corpus/ only.
#
#   sh tests/check_corpus.sh UNIT_BINARY HOSTSHIFT_BINARY CORPUS_DIR
#
# The tests read a corpus root laid out as corpus/ is (see corpus/README.md):
# pages/*.html, adv/*.html, maps/{main,identity,shorter,none}.map and a MAPS
# manifest naming each page's own map. A CORPUS_DIR laid out that way is used
# as it is. The team corpus has pages/, adv/ and maps/ but names its main
# map page1.map and has no manifest: this script builds a view of it in a
# temporary folder (symbolic links, main.map, MAPS from that corpus's README).
#
# CORPUS_DIR absent: says so and exits 0 (exit 1 with CORPUS_REQUIRED=1).
UNIT=$1
H=$2
C=$3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2

if [ ! -d "$C/pages" ] || [ ! -d "$C/maps" ]; then
	echo "check-corpus: skipped: no corpus at $C (pages/ and maps/ expected); set CORPUS=DIR"
	if [ "${CORPUS_REQUIRED:-0}" = 1 ]; then
		echo "check-corpus: 0 passed, 1 failed"
		exit 1
	fi
	exit 0
fi
C=$(cd "$C" && pwd)

V=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-corpus.XXXXXX") || exit 2
trap 'rm -rf "$V"' EXIT
if [ -f "$C/MAPS" ] && [ -f "$C/maps/main.map" ]; then
	VIEW=$C
else
	VIEW=$V/view
	mkdir -p "$VIEW/maps"
	ln -s "$C/pages" "$VIEW/pages"
	[ -d "$C/adv" ] && ln -s "$C/adv" "$VIEW/adv"
	for m in "$C"/maps/*.map; do ln -s "$m" "$VIEW/maps/"; done
	[ -f "$VIEW/maps/main.map" ] || ln -s "$C/maps/page1.map" "$VIEW/maps/main.map"
	cat >"$VIEW/MAPS" <<'MAPS'
# page         its own map (pages not listed: main)
main-page      page1.html
page3.html     wordpress.org
p13.html       wordpress.org
p14.html       ma.tt
p15.html       css-tricks.com
p16.html       smashingmagazine.com
page5.html     woocommerce.com
MAPS
fi
echo "check-corpus: corpus $C"

pass=0
fail=0
count() { # count LOG NAME: add the summary of one run
	s=$(sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$1" | tail -n 1)
	if [ -n "$s" ]; then
		set -- $s
		pass=$((pass + $1 - $2 - $3))
		fail=$((fail + $2 + $3))
		return
	fi
	s=$(sed -n 's/^[a-z0-9-]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$1" | tail -n 1)
	if [ -n "$s" ]; then
		set -- $s
		pass=$((pass + $1))
		fail=$((fail + $2))
		return
	fi
	echo "check-corpus: $2 printed no summary"
	fail=$((fail + 1))
}

# The unit suite whose cases read the corpus root (corpus, prefilter, memory).
echo "== unit, invariants_suite"
HOSTSHIFT_CORPUS=$VIEW HOSTSHIFT=$H CK_RUN_SUITE=invariants_suite "$UNIT" >"$V/log" 2>&1
cat "$V/log"
count "$V/log" "unit invariants_suite"

echo "== e2e over the corpus"
HOSTSHIFT_CORPUS=$VIEW HOSTSHIFT=$H sh tests/e2e.sh >"$V/log" 2>&1
cat "$V/log"
count "$V/log" e2e

echo "check-corpus: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
