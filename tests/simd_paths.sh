#!/bin/sh
# simd_paths.sh — the three levels of vector code (HOSTSHIFT_SIMD=avx2,
# sse2, portable; docs/cli.md, Environment) give byte-identical output:
# the binary is run over the repository's corpus/ at each level, and what it
# writes (stdout, stderr, exit status) must be the same at every level as
# at `portable`, the bytewise code. Also: an unknown value, and avx2 on a
# CPU without it, exit 2 with their message and write nothing on stdout.
#
#   HOSTSHIFT=/abs/path/to/hostshift sh tests/simd_paths.sh              cheap (make check)
#   SIMD_FULL=1 JOBS=2 HOSTSHIFT=/abs/path/to/hostshift sh tests/simd_paths.sh   full (.ci/run)
#
# Cheap: every corpus file (those bench/corpus_hash.sh hashes: not *.md,
# not *.map) once, its type found as without -t, with corpus/maps/main.map.
# Full: every corpus file as each of html, sql, json and text, with
# corpus/maps/main.map and corpus/sql/site.map, rewriting (-q) and with
# --stats --explain; and bench-guard's samples (bench/out/guard/, about
# 10 MB of each type, where `make bench-guard` has made them) with their
# maps. JOBS=N runs N at a time (default 1).
#
# A level the CPU or build lacks is skipped with a message (avx2 on a CPU
# without AVX2; sse2 and avx2 on a build for another architecture). One
# `FAIL: ...` line per difference, naming the run, then
# `simd-paths: N passed, M failed` (N: runs compared at a level); exit 1 if
# any failed.
set -u
H=${HOSTSHIFT:?set HOSTSHIFT to the hostshift binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 2
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-simd.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
jobs=${JOBS:-1}
PASS=0 FAIL=0
pass() { PASS=$((PASS + 1)); }
fail() { FAIL=$((FAIL + 1)); echo "FAIL: $*"; }
skipped=

# ---- the values ----------------------------------------------------------
# An unknown value: exit 2, its message, nothing on stdout.
HOSTSHIFT_SIMD=bogus "$H" -q -p https://a.example=https://b.example < /dev/null > "$T/o" 2> "$T/e"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$T/o" ] &&
	grep -q "HOSTSHIFT_SIMD: unknown value 'bogus' (avx2, sse2, portable)" "$T/e"; then
	pass
else
	fail "HOSTSHIFT_SIMD=bogus: exit $rc, stderr: $(head -c 200 "$T/e")"
fi

# Which levels this CPU and build have: a level it lacks exits 2 with
# "this CPU has no AVX2" or "this build has no code for it".
levels=portable
for lv in sse2 avx2; do
	HOSTSHIFT_SIMD=$lv "$H" -q -p https://a.example=https://b.example < /dev/null > "$T/o" 2> "$T/e"
	rc=$?
	if [ $rc -eq 0 ]; then
		levels="$levels $lv"
	elif [ $rc -eq 2 ] && [ ! -s "$T/o" ] && grep -q "HOSTSHIFT_SIMD=$lv: this \(CPU has no AVX2\|build has no code for it\)" "$T/e"; then
		pass
		why=$(sed -n "s/.*HOSTSHIFT_SIMD=$lv: \(.*\)/\1/p" "$T/e" | head -n 1)
		echo "simd-paths: $lv skipped: $why"
		skipped="$skipped${skipped:+; }$lv skipped ($why)"
	else
		fail "HOSTSHIFT_SIMD=$lv: exit $rc, stderr: $(head -c 200 "$T/e")"
	fi
done

# ---- the runs ------------------------------------------------------------
# One line a run: TYPE MAP MODE FILE (TYPE `-`: found as without -t).
main=$ROOT/corpus/maps/main.map
site=$ROOT/corpus/sql/site.map
find "$ROOT/corpus" -type f ! -name '*.md' ! -name '*.map' | LC_ALL=C sort > "$T/files"
if [ "${SIMD_FULL:-0}" = 1 ]; then
	while read -r f; do
		for t in html sql json text; do
			for m in "$main" "$site"; do
				echo "$t $m q $f"
				echo "$t $m explain $f"
			done
		done
	done < "$T/files" > "$T/runs"
	g=$ROOT/bench/out/guard
	[ -f "$g/html.html" ] && echo "html $g/html.map q $g/html.html" >> "$T/runs"
	[ -f "$g/sql.sql" ] && echo "sql $g/example.map q $g/sql.sql" >> "$T/runs"
	[ -f "$g/json.json" ] && echo "json $g/example.map q $g/json.json" >> "$T/runs"
else
	sed "s|^|- $main q |" "$T/files" > "$T/runs"
fi

# worker LEVEL K: every run whose number is K modulo $jobs, at LEVEL, one
# line each: its number and the hash of what it wrote
worker() {
	lv=$1 k=$2
	n=0
	while read -r t m mode f; do
		n=$((n + 1))
		[ $((n % jobs)) -eq "$k" ] || continue
		case $mode in
		q) set -- -q ;;
		explain) set -- --stats --explain ;;
		esac
		[ "$t" = - ] || set -- -t "$t" "$@"
		HOSTSHIFT_SIMD=$lv "$H" -m "$m" "$@" "$f" > "$T/o.$k" 2> "$T/e.$k"
		echo "rc=$?" >> "$T/e.$k"
		h=$(cat "$T/o.$k" "$T/e.$k" | cksum)
		echo "$n $h"
	done < "$T/runs" > "$T/w.$lv.$k"
}

for lv in $levels; do
	k=0
	while [ $k -lt "$jobs" ]; do worker "$lv" $k & k=$((k + 1)); done
	wait
	cat "$T"/w."$lv".* | sort -n > "$T/h.$lv"
	rm -f "$T"/w."$lv".*
done

nruns=$(wc -l < "$T/runs" | tr -d ' ')
for lv in $levels; do
	[ "$lv" = portable ] && continue
	# the runs whose hash differs from portable's, by number
	diffs=$(paste -d' ' "$T/h.portable" "$T/h.$lv" | awk '$2 != $5 || $3 != $6 { print $1 }')
	bad=$(printf '%s' "$diffs" | grep -c .)
	PASS=$((PASS + nruns - bad))
	for n in $diffs; do
		set -- $(sed -n "${n}p" "$T/runs")
		how="-t $1"
		[ "$1" = - ] && how="(no -t)"
		fail "HOSTSHIFT_SIMD=$lv differs from portable: $how -m ${2#$ROOT/} ($3) ${4#$ROOT/}"
	done
done

echo "simd-paths: $PASS passed, $FAIL failed; levels $(echo $levels | tr ' ' ,), $nruns runs each${skipped:+; $skipped}"
[ "$FAIL" -eq 0 ]
