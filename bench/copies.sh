#!/bin/sh
# bench/copies.sh BINARY — the bytes BINARY copies per input byte, by
# type: through memcpy/memmove calls that reach the C library (the shim
# bench/copies.c; copies made inline are not seen), plus the read(2) into
# a buffer and the write(2) out of one. Inputs as bench/callgrind.sh: the
# corpus's main page and map for html and text, the first 3 MB of the
# generated sql dump and json array (bench/out, made by `make bench`).
# Prints "case copied_per_byte with_read_and_write".
set -u
bin=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
root=$ROOT
. "$root/bench/corpus.sh"
[ -n "$BC_MAP" ] || { echo "copies: $BC_ERR" >&2; exit 1; }
out=$root/bench/out
mkdir -p "$out"
so=$out/copies.so
if [ ! -f "$so" ] || [ "$root/bench/copies.c" -nt "$so" ]; then
	${CC:-cc} -O2 -shared -fPIC -o "$so" "$root/bench/copies.c" -ldl || exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
head -c 3000000 "$out/wp-dump-10M.sql" > "$dir/sql3m.sql"
head -c 3000000 "$out/wp-json-10M.json" > "$dir/json3m.json"
run() {  # name type map file
	LD_PRELOAD=$so COPIES_OUT=$dir/c "$bin" -q -t "$2" -m "$3" "$4" > /dev/null 2>&1
	awk -v n="$1" -F'[= ]' '{ printf "%-12s %6.2f %6.2f\n", n, $2 / $4, ($2 + $4 + $6) / $4 }' "$dir/c"
}
run "html-$BC_PAGE_NAME" html "$BC_MAP" "$BC_PAGE"
run sql-3m      sql  "$out/example.map" "$dir/sql3m.sql"
run json-3m     json "$out/example.map" "$dir/json3m.json"
run "text-$BC_PAGE_NAME" text "$BC_MAP" "$BC_PAGE"
