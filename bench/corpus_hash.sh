#!/bin/sh
# bench/corpus_hash.sh BINARY — one sha256 over everything BINARY writes
# (stdout, stderr, exit status) for every corpus file, as each type, with
# several maps, rewriting, with --stats --explain and with --check (whose
# line and column positions the explain runs do not print). Issue 6 acceptance 4:
# run it before and after an optimisation; the two totals must be equal.
#   sh bench/corpus_hash.sh build/rel/hostshift            -> total only
#   VERBOSE=1 sh bench/corpus_hash.sh ...                   -> a line per run
#   LIST=FILE sh bench/corpus_hash.sh ...                   -> the lines kept in FILE
#   JOBS=N sh bench/corpus_hash.sh ...                      -> N runs at a time (default 1)
# The total does not depend on JOBS: the lines are put back in run order.
set -u
bin=$1
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${BENCH_CORPUS:-$root/../shared/corpus}
out=$root/bench/out
jobs=${JOBS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

maps="$shared/maps/page1.map $shared/maps/identity.map $shared/maps/none.map $shared/maps/shorter.map
$shared/maps/wordpress.org.map $root/corpus/sql/site.map $shared/bench/es-spec.map"
[ -f "$out/example.map" ] && maps="$maps $out/example.map"

files=$(find "$shared/pages" "$shared/adv" "$shared/bench" "$root/corpus" -type f \
          ! -name '*.md' ! -name '*.map' | sort)
for f in "$out/page1x20.html" "$out/wp-dump-10M.sql" "$out/wp-json-10M.json"; do
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
