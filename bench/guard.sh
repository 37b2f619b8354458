#!/bin/sh
# bench/guard.sh — the performance figures that do not wobble, held
# against bench/guard.baseline (make bench-guard; bench/README.md, "The
# regression guard").
#
#   sh bench/guard.sh                      compare; exit 1 if a figure is off
#   UPDATE=1 sh bench/guard.sh             write the figures measured now
#                                          into bench/guard.baseline
#
# For each type (html, sql, json) one sample of about 10 MB, the same
# bytes on every machine: html the main page of the repository's corpus/
# (picked as bench/corpus.sh says) repeated, as bench/run.sh builds its
# html input, with corpus/maps/main.map; sql `gen_dump dump 10M` and json
# `gen_json array 10M` (seeded generators) with example.map. The figures:
#
#   input TYPE      the sample's bytes and cksum: a changed page or
#                   generator changes every other figure, and says so here
#   allocs TYPE     malloc + calloc + realloc calls of one hostshift run
#                   over the sample (bench/malloc_count.c): exact
#   ir/byte TYPE    instructions callgrind counts for that run, per input
#                   byte, with HOSTSHIFT_SIMD=sse2 and glibc's string
#                   functions held to their SSE2 forms (GLIBC_TUNABLES), so
#                   the count does not depend on the machine's AVX2: within
#                   GUARD_TOLERANCE percent (default 3)
#
# Prints a table (figure, baseline, now, change) and `bench-guard: ok` or
# `bench-guard: FAILED (...)`. Exit 0 ok, 1 a figure off, 2 it cannot run
# (no valgrind, no C compiler, no baseline, a failed run).
#
# HOSTSHIFT: the binary (default build/rel/hostshift); CC: the compiler of
# the helpers (default cc). Everything generated goes to bench/out/guard/.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 2
HS=${HOSTSHIFT:-$ROOT/build/rel/hostshift}
CC=${CC:-cc}
TOL=${GUARD_TOLERANCE:-3}
BASE=$ROOT/bench/guard.baseline
OUT=$ROOT/bench/out/guard
die() { echo "bench-guard: $*" >&2; exit 2; }

[ -x "$HS" ] || die "no hostshift binary at $HS (run make, or set HOSTSHIFT)"
command -v valgrind >/dev/null 2>&1 || die "valgrind is not installed (Debian: apt-get install valgrind)"
[ "${UPDATE:-0}" = 1 ] || [ -r "$BASE" ] || die "no baseline $BASE (UPDATE=1 writes one)"
mkdir -p "$OUT" || die "cannot create $OUT"
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-guard.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
start=$(date +%s)

# ---- helpers and samples --------------------------------------------------
build() { # OUT SOURCE [FLAGS...]: built when missing or older than its source
	o=$1 s=$2
	shift 2
	if [ ! -x "$o" ] || [ "$s" -nt "$o" ]; then
		$CC -o "$o.part" "$s" "$@" && mv "$o.part" "$o" || die "cannot build $o"
	fi
}
build "$OUT/malloc_count.so" "$ROOT/bench/malloc_count.c" -shared -fPIC -O2 -ldl
build "$OUT/gen_dump" "$ROOT/bench/gen_dump.c" -O2 -std=c11
build "$OUT/gen_json" "$ROOT/bench/gen_json.c" -O2 -std=c11

# the repository's corpus, whatever BENCH_CORPUS says: the baseline is its
BENCH_CORPUS=$ROOT/corpus
. "$ROOT/bench/corpus.sh"
[ -n "$BC_MAP" ] || die "$BC_ERR"

# sample NAME COMMAND...: OUT/NAME made by COMMAND when missing or older
# than the page, map or generator it comes from
sample() {
	f=$OUT/$1
	shift
	if [ ! -f "$f" ] || [ "$BC_PAGE" -nt "$f" ] || [ "$OUT/gen_dump" -nt "$f" ] || [ "$OUT/gen_json" -nt "$f" ]; then
		"$@" > "$f.part" && mv "$f.part" "$f" || die "cannot make $f"
	fi
}
page_bytes=$(wc -c < "$BC_PAGE" | tr -d ' ')
[ "$page_bytes" -gt 0 ] || die "empty main page $BC_PAGE"
reps=$(((10000000 + page_bytes - 1) / page_bytes))
repeat() { i=0; while [ $i -lt "$reps" ]; do cat "$BC_PAGE"; i=$((i + 1)); done; }
sample html.html repeat
sample sql.sql "$OUT/gen_dump" dump 10M
sample json.json "$OUT/gen_json" array 10M
cp "$BC_MAP" "$OUT/html.map" || die "cannot copy $BC_MAP"
printf '%s\n' 'https://www.example.fi https://wt-a--example.ddev.site' > "$OUT/example.map" || die "cannot write example.map"

# ---- the figures ------------------------------------------------------------
# glibc's string functions as on a CPU with SSE2 alone (its tunables; names
# it does not know are ignored)
TUNE=glibc.cpu.hwcaps=-AVX,-AVX2,-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX_Fast_Unaligned_Load,-ERMS,-FSRM
TUNE=$TUNE,-SSE4_1,-SSE4_2,-SSSE3,-BMI1,-BMI2,-LZCNT,-MOVBE,-RTM,-POPCNT,-Fast_Unaligned_Copy,-Fast_Unaligned_Load

: > "$T/now"
for t in html sql json; do
	in=$OUT/$t.$t
	map=$OUT/example.map
	[ $t = html ] && map=$OUT/html.map
	bytes=$(wc -c < "$in" | tr -d ' ')
	sum=$(cksum < "$in" | cut -d' ' -f1)
	echo "input.$t $bytes:$sum" >> "$T/now"

	rm -f "$T/a"
	LD_PRELOAD=$OUT/malloc_count.so MALLOC_COUNT_OUT=$T/a "$HS" -q -t $t -m "$map" < "$in" > /dev/null ||
		die "hostshift -t $t failed under the allocation shim"
	al=$(sed -n 's/^allocs=\([0-9]*\) .*/\1/p' "$T/a" | tail -n 1)
	[ -n "$al" ] || die "no allocation count for $t"
	echo "allocs.$t $al" >> "$T/now"

	GLIBC_TUNABLES=$TUNE HOSTSHIFT_SIMD=sse2 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$HS" -q -t $t -m "$map" < "$in" > /dev/null 2> "$T/cg" || die "hostshift -t $t failed under callgrind: $(tail -n 3 "$T/cg")"
	ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$T/cg")
	[ -n "$ir" ] || die "no instruction count for $t: $(tail -n 3 "$T/cg")"
	echo "ir_per_byte.$t $(awk -v i="$ir" -v b="$bytes" 'BEGIN { printf "%.4f", i / b }')" >> "$T/now"
done

# ---- compare, or write the baseline -----------------------------------------
if [ "${UPDATE:-0}" = 1 ]; then
	[ -r "$BASE" ] && cp "$BASE" "$T/old"
	{
		cat <<'EOF'
# bench/guard.baseline — the figures `make bench-guard` (bench/guard.sh)
# holds the build to; bench/README.md, "The regression guard".
#
#   input.TYPE        BYTES:CKSUM of the ~10 MB sample (html: the corpus's
#                     main page repeated, with corpus/maps/main.map; sql:
#                     gen_dump dump 10M; json: gen_json array 10M; both with
#                     example.map): exact. A changed page or generator moves
#                     every figure of its type.
#   allocs.TYPE       malloc + calloc + realloc calls of one run over the
#                     sample (bench/malloc_count.c), map loading included:
#                     exact. Allocation is per stream, never per chunk or
#                     token (docs/rules.md §11.2).
#   ir_per_byte.TYPE  callgrind's instruction count of that run per input
#                     byte, HOSTSHIFT_SIMD=sse2, glibc's string functions in
#                     their SSE2 forms: within 3%. Measured with Debian 12's
#                     gcc and glibc (the CI machine's); another compiler
#                     moves it.
#
# A change that moves a figure rewrites this file in the same commit
# (make bench-guard UPDATE=1), and its message says why the figure moved.
EOF
		cat "$T/now"
	} > "$BASE.part" && mv "$BASE.part" "$BASE" || die "cannot write $BASE"
	echo "bench-guard: wrote $BASE"
	[ -r "$T/old" ] || { cat "$T/now"; exit 0; }
	BASE=$T/old
fi

grep -v '^#' "$BASE" | awk 'NF == 2' > "$T/base"
awk -v tol="$TOL" -v update="${UPDATE:-0}" '
	NR == FNR { base[$1] = $2; order[++n] = $1; next }
	{ now[$1] = $2; if (!($1 in base)) order[++n] = $1 }
	END {
		printf "%-20s %20s %20s  %s\n", "figure", "baseline", "now", "change"
		bad = ""
		for (i = 1; i <= n; i++) {
			k = order[i]
			b = (k in base) ? base[k] : "-"
			v = (k in now) ? now[k] : "-"
			if (b == "-" || v == "-") { ch = "missing"; off = 1 }
			else if (k ~ /^ir_per_byte\./) {
				d = (v - b) / b * 100
				ch = sprintf("%+.2f%%", d)
				off = d > tol || d < -tol
				if (off) ch = ch " (over " tol "%)"
			} else if (b == v) { ch = "same"; off = 0 }
			else if (k ~ /^allocs\./) { ch = sprintf("%+d", v - b); off = 1 }
			else { ch = "differs"; off = 1 }
			printf "%-20s %20s %20s  %s\n", k, b, v, ch
			if (off) bad = bad (bad == "" ? "" : ", ") k
		}
		if (update == 1) { print "bench-guard: the table is the old baseline against the new"; exit 0 }
		if (bad == "") { print "bench-guard: ok"; exit 0 }
		print "bench-guard: FAILED (" bad "): a change that moves these figures rewrites bench/guard.baseline"
		print "(make bench-guard UPDATE=1) in the same commit and says why in its message"
		exit 1
	}' "$T/base" "$T/now"
rc=$?
echo "bench-guard: $(($(date +%s) - start)) s"
exit $rc
