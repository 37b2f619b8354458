#!/bin/sh
# The idna tier of make check: international host names (docs/rules.md
# §1.4). tests/oracle_idna.mjs generates host names from a seed (Latin with
# and without combining marks, Greek, Cyrillic, CJK, Hangul syllables and
# jamo, fullwidth and halfwidth forms, Hebrew and Arabic with their digits,
# Devanagari with a virama and joiners, ignored and mapped symbols, ideographic
# and fullwidth dots, `xn--` labels valid and broken) and compares the
# ASCII form hostshift computes (UNIT --idna) with node's
# url.domainToASCII, the browser's algorithm, on every name, and with
# Debian's python3-idna on every name python accepts.
#
# Without node: hostshift's answers for the committed sample
# (tests/oracle_idna/sample.tsv: the names in hex, node's answer when it
# was committed) are compared with the answers recorded there.
#
#   UNIT=build/rel/unit [IDNA_NAMES=N] [IDNA_SEEDS="1 2"] sh tests/oracle_idna.sh
U=${UNIT:?UNIT is the unit test binary (its --idna mode)}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
S=tests/oracle_idna/sample.tsv

if ! command -v node >/dev/null 2>&1; then
	T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-idna.XXXXXX") || exit 2
	trap 'rm -rf "$T"' EXIT
	cut -f1 "$S" | "$U" --idna | sed 's/^	.*/!/' > "$T/ours"
	cut -f2 "$S" > "$T/want"
	total=$(wc -l < "$S")
	fail=$(paste "$T/ours" "$T/want" | awk -F'\t' '$1 != $2' | wc -l)
	paste "$S" "$T/ours" | awk -F'\t' '$2 != $3 { print "FAIL " $1 ": hostshift " $3 ", node " $2 }' | head -n 20
	echo "idna: $((total - fail)) passed, $fail failed (node not installed: committed sample only)"
	[ "$fail" -eq 0 ]
	exit
fi

pass=0
fail=0
notes=
for seed in ${IDNA_SEEDS:-1}; do
	out=$(node tests/oracle_idna.mjs "$U" "${IDNA_NAMES:-12000}" "$seed")
	printf '%s\n' "$out" | grep '^FAIL'
	line=$(printf '%s\n' "$out" | sed -n 's/^idna: //p')
	p=$(printf '%s\n' "$line" | sed -n 's/^\([0-9]*\) passed.*/\1/p')
	f=$(printf '%s\n' "$line" | sed -n 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/p')
	if [ -z "$p" ] || [ -z "$f" ]; then
		echo "FAIL seed $seed: the judge gave no result"
		printf '%s\n' "$out" | tail -n 5
		fail=$((fail + 1))
		continue
	fi
	pass=$((pass + p))
	fail=$((fail + f))
	notes="${notes:+$notes; }seed $seed: $(printf '%s\n' "$line" | sed -n 's/^[^(]*(\(.*\))$/\1/p')"
done
echo "idna: $pass passed, $fail failed; $notes"
[ "$fail" -eq 0 ]
