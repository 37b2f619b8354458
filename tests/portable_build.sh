#!/bin/sh
# portable_build.sh — a build with no vector code at all (the compiler told
# there is no SSE2: -U__SSE2__, so every `#if defined(__SSE2__)` path and
# the AVX2 ones are left out) compiles under the project's warnings, and
# writes what the usual build writes: every corpus file (as
# tests/simd_paths.sh lists them) with corpus/maps/main.map, its type
# found as without -t and as html, stdout, stderr and exit status compared.
#
#   HOSTSHIFT=/abs/path/to/build/rel/hostshift sh tests/portable_build.sh    (.ci/run)
#
# One `FAIL: ...` line per difference, then `portable-build: N passed, M
# failed`; exit 1 if the build fails or any run differs.
set -u
H=${HOSTSHIFT:?set HOSTSHIFT to the usual hostshift binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 2
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-portable.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
CC=${CC:-cc}
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -I$ROOT/src -DHOSTSHIFT_VERSION=\"portable\" -O1 -U__SSE2__"
for f in "$ROOT"/hostshift.c "$ROOT"/src/*.c; do
	# (-DHOSTSHIFT_VERSION differs: the version line is not compared)
	$CC $flags -c -o "$T/$(basename "$f" .c).o" "$f" || { echo "FAIL: $f does not compile without SSE2"; exit 1; }
done
$CC -o "$T/hostshift" "$T"/*.o || { echo "FAIL: the build without SSE2 does not link"; exit 1; }

PASS=0 FAIL=0
map=$ROOT/corpus/maps/main.map
find "$ROOT/corpus" -type f ! -name '*.md' ! -name '*.map' | LC_ALL=C sort > "$T/files"
while IFS= read -r f; do
	for t in "" html; do
		set -- -m "$map"
		[ -n "$t" ] && set -- "$@" -t "$t"
		"$H" "$@" < "$f" > "$T/a.out" 2> "$T/a.err"; a=$?
		"$T/hostshift" "$@" < "$f" > "$T/b.out" 2> "$T/b.err"; b=$?
		if [ "$a" = "$b" ] && cmp -s "$T/a.out" "$T/b.out" && cmp -s "$T/a.err" "$T/b.err"; then
			PASS=$((PASS + 1))
		else
			FAIL=$((FAIL + 1))
			echo "FAIL: ${f#"$ROOT"/} ${t:-(type found)}: exit $a and $b, or the bytes written differ"
		fi
	done
done < "$T/files"
echo "portable-build: $PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
