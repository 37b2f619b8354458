#!/bin/sh
# bench/callgrind.sh BINARY — instruction counts (valgrind --tool=callgrind,
# repeatable on a loaded machine) of the fixed profiling cases of
# bench/RESULTS.md: html and text over the main page with the main map of
# the corpus (BENCH_CORPUS, picked as bench/corpus.sh says), the es-spec
# page when the corpus has bench/es-spec.html, and the first 3 MB of the
# generated sql dump and json array (bench/out, made by `make bench`).
# Prints "case instructions per_byte"; PROFILE_DIR keeps the callgrind files.
set -u
bin=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
root=$ROOT
. "$root/bench/corpus.sh"
[ -n "$BC_MAP" ] || { echo "callgrind: $BC_ERR" >&2; exit 1; }
out=$root/bench/out
dir=${PROFILE_DIR:-$(mktemp -d)}
mkdir -p "$dir"
head -c 3000000 "$out/wp-dump-10M.sql" > "$dir/sql3m.sql"
head -c 3000000 "$out/wp-json-10M.json" > "$dir/json3m.json"

run() {  # name type map file
	valgrind --tool=callgrind --callgrind-out-file="$dir/cg.$1" "$bin" -q -t "$2" -m "$3" "$4" > /dev/null 2> "$dir/err.$1"
	ir=$(grep -m1 '^summary:' "$dir/cg.$1" | cut -d' ' -f2)
	bytes=$(wc -c < "$4")
	awk -v n="$1" -v ir="$ir" -v b="$bytes" 'BEGIN { printf "%-12s %12d %7.2f\n", n, ir, ir / b }'
}
run "html-$BC_PAGE_NAME" html "$BC_MAP" "$BC_PAGE"
[ -r "$BC_CORPUS/bench/es-spec.html" ] &&
	run html-es     html "$BC_CORPUS/bench/es-spec.map" "$BC_CORPUS/bench/es-spec.html"
run sql-3m      sql  "$out/example.map" "$dir/sql3m.sql"
run json-3m     json "$out/example.map" "$dir/json3m.json"
run "text-$BC_PAGE_NAME" text "$BC_MAP" "$BC_PAGE"
