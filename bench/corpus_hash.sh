#!/bin/sh
# bench/corpus_hash.sh BINARY — one sha256 over everything BINARY writes
# (stdout, stderr, exit status) for every corpus file, as each type, with
# several maps, rewriting, with --stats --explain and with --check (whose
# line and column positions the explain runs do not print). Run it before
# and after an optimisation; the two totals must be equal.  The corpus root
# is BENCH_CORPUS (default: the repository's corpus/), its main map and page
# picked as bench/corpus.sh says; with the default the repository's
# corpus/ is hashed once.
#   sh bench/corpus_hash.sh build/rel/hostshift            -> total only
#   VERBOSE=1 sh bench/corpus_hash.sh ...                   -> a line per run
#   LIST=FILE sh bench/corpus_hash.sh ...                   -> the lines kept in FILE
#   JOBS=N sh bench/corpus_hash.sh ...                      -> N runs at a time (default 1)
# The total does not depend on JOBS: the lines are put back in run order.
set -u
bin=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
root=$ROOT
. "$root/bench/corpus.sh"
[ -n "$BC_MAP" ] || { echo "corpus_hash: $BC_ERR" >&2; exit 1; }
c=$BC_CORPUS
out=$root/bench/out
jobs=${JOBS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

maps=$BC_MAP
for m in "$c/maps/identity.map" "$c/maps/none.map" "$c/maps/shorter.map" \
         "$c/maps/wordpress.org.map" "$root/corpus/sql/site.map" "$c/bench/es-spec.map" \
         "$out/example.map"; do
	[ -f "$m" ] && maps="$maps $m"
done

dirs=
for d in "$c/pages" "$c/adv" "$c/bench"; do [ -d "$d" ] && dirs="$dirs $d"; done
files=$(find $dirs "$root/corpus" -type f ! -name '*.md' ! -name '*.map' | sort -u)
for f in "$out/${BC_PAGE_NAME}x20.html" "$out/wp-dump-10M.sql" "$out/wp-json-10M.json"; do
	[ -f "$f" ] && files="$files
$f"
done

# worker K of $jobs: every run whose number is K modulo $jobs, each line
# prefixed with its number
worker() {
	k=$1
	n=0
	for f in $files; do
		for t in html sql json text; do
			for m in $maps; do
				for mode in rewrite explain check; do
					n=$((n + 1))
					[ $((n % jobs)) -eq "$k" ] || continue
					case $mode in
					rewrite) set -- -q ;;
					explain) set -- --stats --explain ;;
					check) set -- --check ;;
					esac
					"$bin" -t $t -m "$m" "$@" "$f" > "$tmp/o$k" 2> "$tmp/e$k"
					echo "rc=$?" >> "$tmp/e$k"
					h=$(cat "$tmp/o$k" "$tmp/e$k" | sha256sum)
					echo "$n ${h%"${h#????????????????}"} $t $(basename "$m") $mode ${f#$root/}"
				done
			done
		done
	done > "$tmp/w$k"
}

k=0
while [ $k -lt "$jobs" ]; do worker $k & k=$((k + 1)); done
wait
cat "$tmp"/w* | sort -n | cut -d' ' -f2- > "$tmp/all"
[ "${VERBOSE:-0}" = 1 ] && cat "$tmp/all"
[ -n "${LIST:-}" ] && cp "$tmp/all" "$LIST"
echo "runs: $(wc -l < "$tmp/all")  total: $(sha256sum < "$tmp/all" | cut -c1-16)"
