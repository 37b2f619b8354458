#!/bin/sh
# bench/run.sh — hostshift throughput / peak RSS / allocation benchmark
# (the performance targets: bench/README.md).  Run through `make bench`,
# which does
#
#     HOSTSHIFT=/abs/path/to/hostshift sh bench/run.sh
#
# Needs only sh, awk, sed, cat, cmp and a C compiler (libc).  See
# bench/README.md for what each column means.
#
# Environment:
#   HOSTSHIFT     binary under test (default: <repo>/build/rel/hostshift)
#   BENCH_RUNS    timed runs per (map, tool), median reported.  Default:
#                 adaptive — at least 5 interleaved rounds, more (up to 25)
#                 while the timed runs so far took under BENCH_SECONDS
#   BENCH_SECONDS time budget for the extra adaptive rounds (default 45)
#   BENCH_CORPUS  corpus root (default: <repo>/corpus); the main map and
#                 page are picked as bench/corpus.sh says
#   BENCH_TYPES   hostshift types to measure, of text, html, sql and json
#                 (default: "text html sql json"); text and html run over
#                 the main page x 200 with every map of MAPS, sql over a
#                 generated 200 MB WordPress dump with SQL_MAPS, json over
#                 a generated 100 MB REST API array of posts with JSON_MAPS
#   BENCH_BIG     1: also the memory-only checks on huge inputs, streamed
#                 from a generator through a pipe (peak RSS of hostshift,
#                 not timed against anything): sql, a 1 GB dump and a
#                 100 MB single-line INSERT (bench/out/gen_dump); json, a
#                 200 MB array, a 1 KB array and a 50 MB single string
#                 value (bench/out/gen_json).  Default 0 (skipped)
#   CC            C compiler for the helpers (default: cc)

set -u
LC_ALL=C
export LC_ALL

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
. "$BENCH_DIR/corpus.sh"
CORPUS=$BC_CORPUS
OUT=$BENCH_DIR/out
RUNS=${BENCH_RUNS:-}
MIN_RUNS=5
MAX_RUNS=25
BUDGET=${BENCH_SECONDS:-45}
HS=${HOSTSHIFT:-$ROOT/build/rel/hostshift}
CC=${CC:-cc}
REPS_BIG=200
REPS_SMALL=20
MAPS="$BC_MAIN identity none"
TYPES=${BENCH_TYPES:-text html sql json}
BIGMEM=${BENCH_BIG:-0}
# sql: a generated WordPress dump (bench/gen_dump.c) of SQL_BYTES, a 20x
# smaller one for the allocation scaling, a 20 MB sample for the sanity
# checks, and the BENCH_BIG sizes.  Maps: example (the rewrite),
# example-id (identity), none (corpus none.map: passthrough).
SQL_BYTES=200M
SQL_SMALL_BYTES=10M
SQL_SAMPLE_BYTES=20M
BIG_DUMP_BYTES=1G
BIG_LINE_BYTES=100M
SQL_MAPS="example example-id none"
SQL_SED_EXPR='s#https://www\.example\.fi#https://wt-a--example.ddev.site#g'
# json: a generated array of WordPress REST API posts (bench/gen_json.c) of
# JSON_BYTES, a 10x smaller one (allocation scaling; also the sanity
# sample), a small NDJSON stream for the sanity checks, and the BENCH_BIG
# inputs (streamed, never stored).  Maps as for sql.  The sed is the two
# rules a user would write for JSON: the plain and the \/-escaped spelling.
JSON_BYTES=100M
JSON_SMALL_BYTES=10M
JSON_NDJSON_BYTES=2M
BIG_JSON_BYTES=200M
BIG_JSON_TINY_BYTES=1k
BIG_JSON_STRING_BYTES=50M
JSON_MAPS="example example-id none"
JSON_SED_EXPR='s#https://www\.example\.fi#https://wt-a--example.ddev.site#g;s#https:\\/\\/www\.example\.fi#https:\\/\\/wt-a--example.ddev.site#g'

die() { echo "bench: $*" >&2; exit 1; }
note() { echo "bench: $*" >&2; }

# ---- preconditions --------------------------------------------------------
case $HS in
*/*) ;;
*) HS=$(command -v "$HS" 2>/dev/null) || die "hostshift binary not found: ${HOSTSHIFT:-}" ;;
esac
[ -f "$HS" ] && [ -x "$HS" ] ||
    die "hostshift binary not found or not executable: $HS (build it with 'make' first)"
case ${RUNS:-1} in
*[!0-9]* | 0) die "BENCH_RUNS must be a positive integer, got '$RUNS'" ;;
esac
case $BUDGET in
'' | *[!0-9]*) die "BENCH_SECONDS must be a whole number of seconds, got '$BUDGET'" ;;
esac
[ -n "$BC_MAP" ] || die "$BC_ERR"
PAGE=$BC_PAGE
[ -r "$PAGE" ] || die "missing $PAGE"
# The main map's first pair: the sed baseline rewrites it, and the sanity
# check counts its canonical origin before and after.
MAIN_CANON=$(awk '$1 !~ /^#/ && NF >= 2 { print $1; exit }' "$BC_MAP")
MAIN_VARIANT=$(awk '$1 !~ /^#/ && NF >= 2 { print $2; exit }' "$BC_MAP")
[ -n "$MAIN_CANON" ] || die "no pair in $BC_MAP"
CANON_RE=$(printf '%s' "$MAIN_CANON" | sed 's/\./\\./g')
SED_EXPR="s#$CANON_RE#$MAIN_VARIANT#g"
for m in $MAPS; do
    [ -r "$CORPUS/maps/$m.map" ] || die "missing $CORPUS/maps/$m.map"
done
PAGE_TYPES='' SQL_TYPE='' JSON_TYPE=''
for ty in $TYPES; do
    case $ty in
    text | html) PAGE_TYPES="$PAGE_TYPES $ty" ;;
    sql) SQL_TYPE=sql ;;
    json) JSON_TYPE=json ;;
    *) die "BENCH_TYPES: unknown type '$ty' (text, html, sql, json)" ;;
    esac
done
case $BIGMEM in
0 | 1) ;;
*) die "BENCH_BIG must be 0 or 1, got '$BIGMEM'" ;;
esac

mkdir -p "$OUT" || die "cannot create $OUT"
TMP=$OUT/tmp.$$
rm -rf "$TMP" && mkdir -p "$TMP" || die "cannot create $TMP"
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# ---- helpers: LD_PRELOAD allocation counter, wall-time/peak-RSS runner ----
SO=$OUT/malloc_count.so
RSS=$OUT/rss
if [ ! -f "$SO" ] || [ "$BENCH_DIR/malloc_count.c" -nt "$SO" ]; then
    $CC -shared -fPIC -O2 -o "$SO" "$BENCH_DIR/malloc_count.c" -ldl ||
        die "cannot build $SO"
fi
if [ ! -x "$RSS" ] || [ "$BENCH_DIR/rss.c" -nt "$RSS" ]; then
    $CC -O2 -o "$RSS" "$BENCH_DIR/rss.c" || die "cannot build $RSS"
fi
# the A/B tool of README.md's before/after checks, built for later use
AB=$OUT/ab
if [ ! -x "$AB" ] || [ "$BENCH_DIR/ab.c" -nt "$AB" ]; then
    $CC -O2 -o "$AB" "$BENCH_DIR/ab.c" || die "cannot build $AB"
fi
GEN=$OUT/gen_dump
if [ -n "$SQL_TYPE" ] && { [ ! -x "$GEN" ] || [ "$BENCH_DIR/gen_dump.c" -nt "$GEN" ]; }; then
    $CC -O2 -std=c11 -o "$GEN" "$BENCH_DIR/gen_dump.c" || die "cannot build $GEN"
fi
GENJ=$OUT/gen_json
if [ -n "$JSON_TYPE" ] && { [ ! -x "$GENJ" ] || [ "$BENCH_DIR/gen_json.c" -nt "$GENJ" ]; }; then
    $CC -O2 -std=c11 -o "$GENJ" "$BENCH_DIR/gen_json.c" || die "cannot build $GENJ"
fi
# self-test of the shim: must load and report a line
rm -f "$TMP/selftest"
LD_PRELOAD=$SO MALLOC_COUNT_OUT=$TMP/selftest cat /dev/null &&
    grep -q '^allocs=[0-9]* bytes=[0-9]*$' "$TMP/selftest" ||
    die "malloc_count.so self-test failed"

# ---- inputs (generated once, reused while their size is right) ------------
page_bytes=$(wc -c < "$PAGE" | tr -d ' ')
make_input() { # $1 = repetitions; prints the path
    f=$OUT/${BC_PAGE_NAME}x$1.html
    want=$((page_bytes * $1))
    if [ ! -f "$f" ] || [ "$(wc -c < "$f" | tr -d ' ')" != "$want" ]; then
        note "generating $f ($want bytes)"
        i=0
        : > "$f.part" || die "cannot write $f.part"
        while [ $i -lt "$1" ]; do
            cat "$PAGE" >> "$f.part" || die "cannot write $f.part"
            i=$((i + 1))
        done
        mv "$f.part" "$f" || die "cannot create $f"
    fi
    echo "$f"
}
if [ -n "$PAGE_TYPES" ]; then
    BIG=$(make_input $REPS_BIG) || exit 1
    SMALL=$(make_input $REPS_SMALL) || exit 1
    big_bytes=$(wc -c < "$BIG" | tr -d ' ')
fi
BIG_NAME=${BC_PAGE_NAME}x$REPS_BIG

# make_dump SIZE [DIR] : bench/out/wp-dump-SIZE.sql (or DIR/...), generated
# by gen_dump once and reused while it is newer than gen_dump and its size
# matches the generator's own count (kept with the planted counts in
# FILE.stats, one line: bytes=B ... origins=O ... near_miss=N); prints the path
make_dump() {
    f=${2:-$OUT}/wp-dump-$1.sql
    if [ ! -f "$f" ] || [ ! -f "$f.stats" ] || [ "$GEN" -nt "$f" ] ||
        [ "bytes=$(wc -c < "$f" | tr -d ' ')" != "$(sed -n 's/^\(bytes=[0-9]*\) .*/\1/p' "$f.stats")" ]; then
        note "generating $f (gen_dump dump $1)"
        "$GEN" -v dump "$1" > "$f.part" 2> "$f.stats" || die "gen_dump dump $1 failed"
        mv "$f.part" "$f" || die "cannot create $f"
    fi
    echo "$f"
}
stat_of() { # FIELD FILE -> the value of FIELD=N in FILE's one-line counts
    tr ' ' '\n' < "$2" | sed -n "s/^$1=//p" | head -n 1
}
if [ -n "$SQL_TYPE" ]; then
    SQL_BIG=$(make_dump $SQL_BYTES) || exit 1
    SQL_SMALL=$(make_dump $SQL_SMALL_BYTES) || exit 1
    sql_bytes=$(wc -c < "$SQL_BIG" | tr -d ' ')
    SQL_NAME=wp-dump-$SQL_BYTES
fi

# make_json SIZE : bench/out/wp-json-SIZE.json, a JSON array of REST API
# posts by gen_json, generated once and reused like the dumps (FILE.stats:
# bytes=B lines=L objects=N origins=O ... near_miss=M); prints the path
make_json() {
    f=$OUT/wp-json-$1.json
    if [ ! -f "$f" ] || [ ! -f "$f.stats" ] || [ "$GENJ" -nt "$f" ] ||
        [ "bytes=$(wc -c < "$f" | tr -d ' ')" != "$(sed -n 's/^\(bytes=[0-9]*\) .*/\1/p' "$f.stats")" ]; then
        note "generating $f (gen_json array $1)"
        "$GENJ" -v array "$1" > "$f.part" 2> "$f.stats" || die "gen_json array $1 failed"
        mv "$f.part" "$f" || die "cannot create $f"
    fi
    echo "$f"
}
if [ -n "$JSON_TYPE" ]; then
    JSON_BIG=$(make_json $JSON_BYTES) || exit 1
    JSON_SMALL=$(make_json $JSON_SMALL_BYTES) || exit 1
    json_bytes=$(wc -c < "$JSON_BIG" | tr -d ' ')
    JSON_NAME=wp-json-$JSON_BYTES
fi
if [ -n "$SQL_TYPE$JSON_TYPE" ]; then
    printf '%s\n' 'https://www.example.fi https://wt-a--example.ddev.site' > "$OUT/example.map" &&
        printf '%s\n' 'https://www.example.fi https://www.example.fi' > "$OUT/example-id.map" ||
        die "cannot write the sql/json maps"
fi

# ---- tools ----------------------------------------------------------------
# A tool key is INPUT/TOOL: INPUT is page (the main page x 200), sql (the
# generated dump) or json (the generated array), TOOL is cat, sed or
# TYPE:MAP (hostshift -t TYPE -m MAP).
# Every key runs over its own input; ratios are to INPUT/cat.
TOOLS=
if [ -n "$PAGE_TYPES" ]; then
    TOOLS="page/cat page/sed"
    for ty in $PAGE_TYPES; do
        for m in $MAPS; do TOOLS="$TOOLS page/$ty:$m"; done
    done
fi
if [ -n "$SQL_TYPE" ]; then
    TOOLS="$TOOLS sql/cat sql/sed"
    for m in $SQL_MAPS; do TOOLS="$TOOLS sql/sql:$m"; done
fi
if [ -n "$JSON_TYPE" ]; then
    TOOLS="$TOOLS json/cat json/sed"
    for m in $JSON_MAPS; do TOOLS="$TOOLS json/json:$m"; done
fi

fkey() { echo "$1" | tr ':/' '__'; } # KEY -> a file-name-safe key

map_path() { # INPUT MAP -> path of the map file
    case $1/$2 in
    sql/example | sql/example-id | json/example | json/example-id) echo "$OUT/$2.map" ;;
    *) echo "$CORPUS/maps/$2.map" ;;
    esac
}

# consumer KEY : sets $c_tool (cat, sed or hs), $c_type, $c_map, $c_sed,
# $c_big and $c_small (the input files) and $c_input (its name).  (sh has
# no locals: helpers only set variables prefixed with their own c_/l_.)
consumer() {
    case ${1%%/*} in
    page) c_big=$BIG c_small=$SMALL c_input=$BIG_NAME c_sed=$SED_EXPR ;;
    sql) c_big=$SQL_BIG c_small=$SQL_SMALL c_input=$SQL_NAME c_sed=$SQL_SED_EXPR ;;
    json) c_big=$JSON_BIG c_small=$JSON_SMALL c_input=$JSON_NAME c_sed=$JSON_SED_EXPR ;;
    esac
    c_t=${1#*/}
    case $c_t in
    cat | sed) c_tool=$c_t c_type=- c_map=- ;;
    *:*) c_tool=hs c_type=${c_t%%:*} c_map=$(map_path "${1%%/*}" "${c_t#*:}") ;;
    esac
}

tool_label() { # KEY -> sets $map and $tool for the tables
    l_t=${1#*/}
    case $l_t in
    cat) map=- tool='cat|cat' ;;
    sed) map=- tool=sed ;;
    *:*) map=${l_t#*:} tool="hs -t ${l_t%%:*}" ;;
    esac
}

# pipe_run KEY FILE PREFIX... : cat FILE | PREFIX... TOOL ARGS > /dev/null
pipe_run() {
    key=$1 file=$2
    shift 2
    consumer "$key"
    case $c_tool in
    cat) cat "$file" | "$@" cat > /dev/null ;;
    sed) cat "$file" | "$@" sed "$c_sed" > /dev/null ;;
    hs) cat "$file" | "$@" "$HS" -t "$c_type" -m "$c_map" > /dev/null ;;
    esac
}

# time_once KEY FILE : wall time of the whole pipeline, appended to times.KEY
time_once() {
    k=$(fkey "$1")
    consumer "$1"
    rm -f "$TMP/t"
    case $c_tool in
    cat) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | cat > /dev/null' sh "$2" ;;
    sed) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | sed "$2" > /dev/null' sh "$2" "$c_sed" ;;
    hs) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | "$2" -t "$4" -m "$3" > /dev/null' \
        sh "$2" "$HS" "$c_map" "$c_type" ;;
    esac
    st=$?
    if [ $st -ne 0 ]; then
        note "$1 exited with status $st"
        echo "$1" >> "$TMP/failed"
    fi
    sed -n 's/^wall_s=\([0-9.]*\) .*/\1/p' "$TMP/t" >> "$TMP/times.$k"
}

minimum() { # file of numbers -> the smallest
    sort -n "$1" | awk 'NR == 1 { print $1 } END { if (NR == 0) print "nan" }'
}

median() { # file of numbers -> median
    sort -n "$1" | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "nan"; exit }
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

peak_rss() { # KEY FILE -> KiB
    rm -f "$TMP/r"
    pipe_run "$1" "$2" "$RSS" -o "$TMP/r"
    sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' "$TMP/r"
}

allocs() { # KEY FILE -> "N M" (allocation calls, bytes requested)
    rm -f "$TMP/a"
    pipe_run "$1" "$2" env LD_PRELOAD="$SO" MALLOC_COUNT_OUT="$TMP/a"
    # the consumer is one process: take its (last) line
    sed -n 's/^allocs=\([0-9]*\) bytes=\([0-9]*\)$/\1 \2/p' "$TMP/a" | tail -n 1
}

# ---- header ---------------------------------------------------------------
hs_version=$("$HS" --version 2>/dev/null | head -n 1)
echo "hostshift benchmark — $(echo $TYPES | sed 's/ /, /g') pipeline(s)"
echo "binary:  $HS${hs_version:+ ($hs_version)}"
[ -n "$PAGE_TYPES" ] &&
    echo "input:   $BIG_NAME.html = pages/$BC_PAGE_NAME.html x $REPS_BIG, $big_bytes bytes (text, html; corpus $CORPUS, map $BC_MAIN.map)"
[ -n "$SQL_TYPE" ] &&
    echo "input:   $SQL_NAME.sql = bench/out/gen_dump dump $SQL_BYTES, $sql_bytes bytes, $(stat_of lines "$SQL_BIG.stats") lines, $(stat_of origins "$SQL_BIG.stats") www.example.fi origins (sql)"
[ -n "$JSON_TYPE" ] &&
    echo "input:   $JSON_NAME.json = bench/out/gen_json array $JSON_BYTES, $json_bytes bytes, $(stat_of objects "$JSON_BIG.stats") posts, $(stat_of origins "$JSON_BIG.stats") www.example.fi origins (json)"
echo "runs:    ${RUNS:-adaptive $MIN_RUNS..$MAX_RUNS} per row (interleaved), median wall time of 'cat FILE | TOOL > /dev/null'"
[ -n "$PAGE_TYPES" ] && echo "sed:     LC_ALL=C sed '$SED_EXPR' (page)"
[ -n "$SQL_TYPE" ] && echo "sed:     LC_ALL=C sed '$SQL_SED_EXPR' (sql)"
[ -n "$JSON_TYPE" ] && echo "sed:     LC_ALL=C sed '$JSON_SED_EXPR' (json)"
echo

# ---- sanity: does the binary behave like a rewriter? ---------------------
sane=1
if [ -n "$PAGE_TYPES" ]; then
    before=$(grep -o "$CANON_RE" "$PAGE" | wc -l | tr -d ' ')
fi
for ty in $PAGE_TYPES; do
    for m in none identity; do
        "$HS" -t "$ty" -m "$CORPUS/maps/$m.map" < "$PAGE" > "$TMP/out.$m" 2> "$TMP/err.$m"
        st=$?
        if [ $st -ne 0 ]; then
            note "sanity: hostshift -t $ty -m $m.map exited $st: $(head -n 1 "$TMP/err.$m")"
            sane=0
        elif ! cmp -s "$PAGE" "$TMP/out.$m"; then
            note "sanity: WARNING: output of -t $ty with $m.map differs from the input"
        fi
    done
    "$HS" -t "$ty" -m "$BC_MAP" < "$PAGE" > "$TMP/out.main" 2> "$TMP/err.main"
    st=$?
    if [ $st -ne 0 ]; then
        note "sanity: hostshift -t $ty -m $BC_MAIN.map exited $st: $(head -n 1 "$TMP/err.main")"
        sane=0
    fi
    after=$(grep -o "$CANON_RE" "$TMP/out.main" | wc -l | tr -d ' ')
    echo "sanity:  $BC_PAGE_NAME.html has $before x '$MAIN_CANON'; $after left after -t $ty -m $BC_MAIN.map"
    [ "$before" = "$after" ] && note "sanity: WARNING: -t $ty with $BC_MAIN.map rewrote nothing (stand-in binary?)"
    rm -f "$TMP"/out.* "$TMP"/err.*
done
[ $sane = 1 ] || die "hostshift fails on $BC_PAGE_NAME.html; not benchmarking"

# sql: a 20 MB sample (generated into the scratch directory, deleted at
# exit) through the rewrite, identity and none maps.  gen_dump -v counts
# what it planted: every www.example.fi origin (literal, http, scheme-
# relative, JSON \/\/ double-escaped, percent-encoded) must become the
# variant, only the planted near misses may keep www.example.fi, and every
# serialized s:N:"…" in the output must have the right length (gen_dump check).
if [ -n "$SQL_TYPE" ]; then
    SAMPLE=$(make_dump $SQL_SAMPLE_BYTES "$TMP") || exit 1
    planted=$(stat_of origins "$SAMPLE.stats")
    near=$(stat_of near_miss "$SAMPLE.stats")
    for m in example-id none; do
        "$HS" -t sql -m "$(map_path sql $m)" < "$SAMPLE" > "$TMP/out.$m" 2> "$TMP/err.$m"
        st=$?
        if [ $st -ne 0 ]; then
            note "sanity: hostshift -t sql -m $m.map exited $st: $(head -n 1 "$TMP/err.$m")"
            sane=0
        elif cmp -s "$SAMPLE" "$TMP/out.$m"; then
            echo "sanity:  wp-dump-$SQL_SAMPLE_BYTES.sql ($(wc -c < "$SAMPLE" | tr -d ' ') bytes): -t sql -m $m.map output byte-identical to the input"
        else
            note "sanity: WARNING: output of -t sql with $m.map differs from the input"
        fi
    done
    "$HS" -t sql -m "$OUT/example.map" < "$SAMPLE" > "$TMP/out.example" 2> "$TMP/err.example"
    st=$?
    if [ $st -ne 0 ]; then
        note "sanity: hostshift -t sql -m example.map exited $st: $(head -n 1 "$TMP/err.example")"
        sane=0
    fi
    rewritten=$(grep -o 'wt-a--example\.ddev\.site' "$TMP/out.example" | wc -l | tr -d ' ')
    left=$(grep -o 'www\.example\.fi' "$TMP/out.example" | wc -l | tr -d ' ')
    chk_in=$("$GEN" check < "$SAMPLE")
    chk_out=$("$GEN" check < "$TMP/out.example")
    echo "sanity:  wp-dump-$SQL_SAMPLE_BYTES.sql: $planted origins planted, $rewritten rewritten to wt-a--example.ddev.site by -t sql -m example.map; $left 'www.example.fi' left ($near near misses planted)"
    echo "sanity:  serialized lengths (gen_dump check): input $chk_in; output $chk_out"
    [ "$rewritten" = 0 ] && note "sanity: WARNING: -t sql with example.map rewrote nothing (stand-in binary?)"
    [ "$rewritten" = "$planted" ] && [ "$left" = "$near" ] ||
        note "sanity: WARNING: rewritten/left counts differ from what gen_dump planted"
    case $chk_out in
    *' bad=0') ;;
    *) note "sanity: WARNING: serialized lengths wrong in the rewritten dump" ;;
    esac
    rm -f "$TMP"/out.* "$TMP"/err.* "$SAMPLE" "$SAMPLE.stats"
    [ $sane = 1 ] || die "hostshift fails on the generated dump; not benchmarking"
fi

# json: the 10 MB array (the allocation-scaling input) through the
# identity and none maps must come out byte-identical; through example.map
# every planted origin (\/, plain, \u002F, &#47; and percent spellings,
# keys, serialized) must become the variant and only the planted near
# misses keep www.example.fi, without a warning (no fallback to prose); the
# output must still be valid JSON with every serialized length right
# (gen_json check; also python3's json module if there is one).  The same
# for a small NDJSON stream (one value per line, not an error).
JSON_NEEDLES="-c wt-a--example.ddev.site -c www.example.fi"
if [ -n "$JSON_TYPE" ]; then
    planted=$(stat_of origins "$JSON_SMALL.stats")
    near=$(stat_of near_miss "$JSON_SMALL.stats")
    sample_bytes=$(wc -c < "$JSON_SMALL" | tr -d ' ')
    for m in example-id none; do
        "$HS" -t json -m "$(map_path json $m)" < "$JSON_SMALL" > "$TMP/out.$m" 2> "$TMP/err.$m"
        st=$?
        if [ $st -ne 0 ]; then
            note "sanity: hostshift -t json -m $m.map exited $st: $(head -n 1 "$TMP/err.$m")"
            sane=0
        elif cmp -s "$JSON_SMALL" "$TMP/out.$m"; then
            echo "sanity:  wp-json-$JSON_SMALL_BYTES.json ($sample_bytes bytes): -t json -m $m.map output byte-identical to the input"
        else
            note "sanity: WARNING: output of -t json with $m.map differs from the input"
        fi
    done
    "$HS" -t json -m "$OUT/example.map" < "$JSON_SMALL" > "$TMP/out.example" 2> "$TMP/err.example"
    st=$?
    if [ $st -ne 0 ]; then
        note "sanity: hostshift -t json -m example.map exited $st: $(head -n 1 "$TMP/err.example")"
        sane=0
    fi
    [ -s "$TMP/err.example" ] &&
        note "sanity: WARNING: -t json -m example.map said: $(head -n 1 "$TMP/err.example")"
    "$GENJ" check $JSON_NEEDLES < "$TMP/out.example" > "$TMP/chk.example"
    rewritten=$(stat_of wt-a--example.ddev.site "$TMP/chk.example")
    left=$(stat_of www.example.fi "$TMP/chk.example")
    echo "sanity:  wp-json-$JSON_SMALL_BYTES.json: $planted origins planted, ${rewritten:-?} rewritten to wt-a--example.ddev.site by -t json -m example.map; ${left:-?} 'www.example.fi' left ($near near misses planted)"
    echo "sanity:  gen_json check of the input:  $("$GENJ" check < "$JSON_SMALL")"
    echo "sanity:  gen_json check of the output: $(sed 's/ wt-a--.*//' "$TMP/chk.example")"
    if command -v python3 > /dev/null 2>&1; then
        if python3 -c 'import json,sys; json.load(sys.stdin)' < "$TMP/out.example" 2> "$TMP/py.err"; then
            echo "sanity:  python3 json.load of the rewritten wp-json-$JSON_SMALL_BYTES.json: ok"
        else
            note "sanity: WARNING: python3 cannot parse the rewritten json: $(tail -n 1 "$TMP/py.err")"
        fi
    fi
    [ "${rewritten:-0}" = 0 ] && note "sanity: WARNING: -t json with example.map rewrote nothing (stand-in binary?)"
    [ "$rewritten" = "$planted" ] && [ "$left" = "$near" ] ||
        note "sanity: WARNING: rewritten/left counts differ from what gen_json planted"
    case $(cat "$TMP/chk.example") in
    'json=ok '*' bad=0 '*) ;;
    *) note "sanity: WARNING: the rewritten json is invalid or has wrong serialized lengths" ;;
    esac
    # NDJSON
    "$GENJ" -v ndjson $JSON_NDJSON_BYTES > "$TMP/nd.json" 2> "$TMP/nd.stats"
    "$HS" -t json -m "$OUT/example.map" < "$TMP/nd.json" > "$TMP/out.nd" 2> "$TMP/err.nd" ||
        { note "sanity: hostshift -t json on NDJSON failed: $(head -n 1 "$TMP/err.nd")"; sane=0; }
    "$GENJ" check $JSON_NEEDLES < "$TMP/out.nd" > "$TMP/chk.nd"
    echo "sanity:  NDJSON (gen_json ndjson $JSON_NDJSON_BYTES, $(stat_of objects "$TMP/nd.stats") lines): $(stat_of origins "$TMP/nd.stats") origins planted, $(stat_of wt-a--example.ddev.site "$TMP/chk.nd") rewritten, $(stat_of www.example.fi "$TMP/chk.nd") left ($(stat_of near_miss "$TMP/nd.stats") near misses); output $(stat_of json "$TMP/chk.nd"), $(stat_of values "$TMP/chk.nd") values"
    [ -s "$TMP/err.nd" ] && note "sanity: WARNING: -t json on NDJSON said: $(head -n 1 "$TMP/err.nd")"
    [ "$(stat_of wt-a--example.ddev.site "$TMP/chk.nd")" = "$(stat_of origins "$TMP/nd.stats")" ] &&
        [ "$(stat_of www.example.fi "$TMP/chk.nd")" = "$(stat_of near_miss "$TMP/nd.stats")" ] &&
        [ "$(stat_of values "$TMP/chk.nd")" = "$(stat_of objects "$TMP/nd.stats")" ] ||
        note "sanity: WARNING: NDJSON counts differ from what gen_json planted"
    rm -f "$TMP"/out.* "$TMP"/err.* "$TMP"/chk.* "$TMP"/nd.* "$TMP/py.err"
    [ $sane = 1 ] || die "hostshift fails on the generated json; not benchmarking"
fi

# ---- timing ---------------------------------------------------------------
for f in ${BIG:-} ${SMALL:-} ${SQL_BIG:-} ${SQL_SMALL:-} ${JSON_BIG:-} ${JSON_SMALL:-}; do
    cat "$f" > /dev/null # warm the page cache
done
for t in $TOOLS; do # one untimed warm-up run each, on the small input
    consumer "$t"
    time_once "$t" "$c_small"
done
rm -f "$TMP"/times.* "$TMP/failed"
# Interleaved rounds (every tool once per round), so drift hits every row
# alike.  With BENCH_RUNS: exactly that many rounds; else at least MIN_RUNS,
# then more while the time spent in timed runs stays under BUDGET seconds.
r=1
while :; do
    note "timing round $r/${RUNS:-$MIN_RUNS+}"
    for t in $TOOLS; do
        consumer "$t"
        time_once "$t" "$c_big"
    done
    if [ -n "$RUNS" ]; then
        [ $r -ge "$RUNS" ] && break
    elif [ $r -ge $MIN_RUNS ]; then
        [ $r -ge $MAX_RUNS ] && break
        # stop unless one more round (estimated from the mean) fits the budget
        cat "$TMP"/times.* | awk -v r=$r -v b="$BUDGET" \
            '{ s += $1 } END { exit !(s + s / r <= b) }' || break
    fi
    r=$((r + 1))
done
ROUNDS=$r

# ---- peak RSS and allocation counts (one extra run each) ------------------
note "measuring peak RSS and allocations"
for t in $TOOLS; do
    k=$(fkey "$t")
    consumer "$t"
    peak_rss "$t" "$c_big" > "$TMP/rss.$k"
    allocs "$t" "$c_big" > "$TMP/alloc_big.$k"
    allocs "$t" "$c_small" > "$TMP/alloc_small.$k"
done

# ---- memory-only check on huge sql inputs (BENCH_BIG=1) -------------------
# gen_dump writes straight into a pipe, nothing is stored; bench/out/rss
# forks hostshift and reports the child's ru_maxrss (hostshift alone, not
# the generator).  A second run counts hostshift's allocations and pipes
# its output through `gen_dump check` (every serialized length repaired).
BIGROWS=
if [ -n "$SQL_TYPE" ] && [ "$BIGMEM" = 1 ]; then
    for spec in "dump $BIG_DUMP_BYTES" "line $BIG_LINE_BYTES"; do
        set -- $spec
        k=$1-$2
        note "memory check: gen_dump $1 $2 | hostshift -t sql -m example.map"
        rm -f "$TMP/big.r" "$TMP/big.a"
        "$GEN" -v "$1" "$2" 2> "$TMP/big.gen.$k" |
            "$RSS" -o "$TMP/big.r" "$HS" -t sql -m "$OUT/example.map" > /dev/null ||
            { note "memory check $k: hostshift failed"; echo "big:$k" >> "$TMP/failed"; }
        "$GEN" "$1" "$2" |
            env LD_PRELOAD="$SO" MALLOC_COUNT_OUT="$TMP/big.a" "$HS" -t sql -m "$OUT/example.map" |
            "$GEN" check > "$TMP/big.chk.$k"
        wall=$(sed -n 's/^wall_s=\([0-9.]*\) .*/\1/p' "$TMP/big.r")
        rss=$(sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' "$TMP/big.r")
        al=$(sed -n 's/^allocs=\([0-9]*\) bytes=\([0-9]*\)$/\1 \2/p' "$TMP/big.a" | tail -n 1)
        printf '%s\n' "$k $(stat_of bytes "$TMP/big.gen.$k") $(stat_of lines "$TMP/big.gen.$k") ${rss:-?} ${wall:-?} ${al:-? ?}" >> "$TMP/bigrows"
        BIGROWS=1
    done
fi

# ---- memory check on huge json inputs (BENCH_BIG=1) ----------------------
# The same for json: gen_json writes straight into a pipe, bench/out/rss
# reports hostshift's own ru_maxrss.  A 200 MB array and a 1 KB one (the
# same few MiB), and ONE 50 MB string value (over the
# 1 MiB value cap: matched as streaming prose, with one warning).  The
# second run counts allocations and pipes the output into `gen_json check`
# (valid JSON, serialized lengths, origins rewritten and left).
JBIGROWS=
if [ -n "$JSON_TYPE" ] && [ "$BIGMEM" = 1 ]; then
    for spec in "array $BIG_JSON_BYTES" "array $BIG_JSON_TINY_BYTES" "string $BIG_JSON_STRING_BYTES"; do
        set -- $spec
        k=$1-$2
        note "memory check: gen_json $1 $2 | hostshift -t json -m example.map"
        rm -f "$TMP/big.r" "$TMP/big.a"
        "$GENJ" -v "$1" "$2" 2> "$TMP/jbig.gen.$k" |
            "$RSS" -o "$TMP/big.r" "$HS" -t json -m "$OUT/example.map" > /dev/null 2> "$TMP/jbig.err.$k" ||
            { note "memory check $k: hostshift failed"; echo "big:$k" >> "$TMP/failed"; }
        "$GENJ" "$1" "$2" |
            env LD_PRELOAD="$SO" MALLOC_COUNT_OUT="$TMP/big.a" "$HS" -t json -m "$OUT/example.map" 2> /dev/null |
            "$GENJ" check $JSON_NEEDLES > "$TMP/jbig.chk.$k"
        wall=$(sed -n 's/^wall_s=\([0-9.]*\) .*/\1/p' "$TMP/big.r")
        rss=$(sed -n 's/.*maxrss_kib=\([0-9]*\).*/\1/p' "$TMP/big.r")
        al=$(sed -n 's/^allocs=\([0-9]*\) bytes=\([0-9]*\)$/\1 \2/p' "$TMP/big.a" | tail -n 1)
        g=$TMP/jbig.gen.$k c=$TMP/jbig.chk.$k
        printf '%s\n' "$k $(stat_of bytes "$g") ${rss:-?} ${wall:-?} ${al:-? ?} $(stat_of origins "$g") $(stat_of wt-a--example.ddev.site "$c") $(stat_of www.example.fi "$c") $(stat_of near_miss "$g") $(stat_of reference "$g") $(stat_of json "$c")/$(stat_of bad "$c")" >> "$TMP/jbigrows"
        JBIGROWS=1
    done
fi

# ---- report ---------------------------------------------------------------
{
    printf '%-12s %-10s %-10s %9s %13s %10s %12s %9s\n' \
        input map tool MB/s ratio_to_cat ratio_fast peakRSS_KiB allocs
    for t in $TOOLS; do
        k=$(fkey "$t")
        consumer "$t"
        tool_label "$t"
        med=$(median "$TMP/times.$k")
        cat_med=$(median "$TMP/times.$(fkey "${t%%/*}/cat")")
        cat_min=$(minimum "$TMP/times.$(fkey "${t%%/*}/cat")")
        bytes=$(wc -c < "$c_big" | tr -d ' ')
        rss=$(cat "$TMP/rss.$k")
        al=$(awk '{ print $1 }' "$TMP/alloc_big.$k")
        awk -v b="$bytes" -v m="$med" -v c="$cat_med" -v cf="$cat_min" -v inp="$c_input" \
            -v map="$map" -v tool="$tool" -v rss="${rss:-?}" -v al="${al:-?}" 'BEGIN {
            mbs = (m > 0) ? b / 1e6 / m : 0
            cmbs = (c > 0) ? b / 1e6 / c : 0
            fmbs = (cf > 0) ? b / 1e6 / cf : 0
            printf "%-12s %-10s %-10s %9.1f %13.2f %10.2f %12s %9s\n", inp, map, tool, mbs,
                (cmbs > 0) ? mbs / cmbs : 0, (fmbs > 0) ? mbs / fmbs : 0, rss, al }'
    done
} > "$OUT/table.txt"
cat "$OUT/table.txt"

echo
scaling=
[ -n "$PAGE_TYPES" ] && scaling="${BC_PAGE_NAME}x$REPS_SMALL vs ${BC_PAGE_NAME}x$REPS_BIG (10x)"
[ -n "$SQL_TYPE" ] && scaling="${scaling:+$scaling, }wp-dump-$SQL_SMALL_BYTES vs wp-dump-$SQL_BYTES (20x)"
[ -n "$JSON_TYPE" ] && scaling="${scaling:+$scaling, }wp-json-$JSON_SMALL_BYTES vs wp-json-$JSON_BYTES (10x)"
echo "allocation scaling (calls / bytes requested; small input vs full: $scaling):"
printf '%-12s %-10s %-10s %12s %12s %14s %14s\n' input map tool \
    allocs_small allocs_full bytes_small bytes_full
for t in $TOOLS; do
    k=$(fkey "$t")
    consumer "$t"
    tool_label "$t"
    set -- $(cat "$TMP/alloc_small.$k") - -
    as=$1 bs=$2
    set -- $(cat "$TMP/alloc_big.$k") - -
    printf '%-12s %-10s %-10s %12s %12s %14s %14s\n' "$c_input" "$map" "$tool" "$as" "$1" "$bs" "$2"
done

if [ -n "$BIGROWS" ]; then
    echo
    echo "sql memory check (BENCH_BIG=1): bench/out/gen_dump MODE SIZE | hostshift -t sql -m example.map > /dev/null,"
    echo "one run each, peak RSS of the hostshift process alone; allocs and 'gen_dump check' of its output from a second run:"
    printf '%-10s %12s %7s %12s %8s %8s %12s  %s\n' input bytes lines peakRSS_KiB wall_s allocs alloc_bytes "serialized check of the output"
    while read -r k b l rss wall al ab; do
        printf '%-10s %12s %7s %12s %8s %8s %12s  %s\n' "$k" "$b" "$l" "$rss" "$wall" "$al" "$ab" "$(cat "$TMP/big.chk.$k")"
    done < "$TMP/bigrows"
fi

if [ -n "$JBIGROWS" ]; then
    echo
    echo "json memory check (BENCH_BIG=1): bench/out/gen_json MODE SIZE | hostshift -t json -m example.map > /dev/null,"
    echo "one run each, peak RSS of the hostshift process alone; allocs and 'gen_json check' of its output from a second run"
    echo "(origins: planted by gen_json; rewritten/left: wt-a--example.ddev.site / www.example.fi in the output; near: near misses"
    echo "planted; ref: origins planted as https:&#47;&#47;; json: check verdict/serialized lengths wrong):"
    printf '%-13s %10s %11s %8s %6s %11s %7s %9s %5s %5s %5s %s\n' input bytes peakRSS_KiB wall_s allocs alloc_bytes \
        origins rewritten left near ref json
    while read -r k b rss wall al ab o rw lf nr rf js; do
        printf '%-13s %10s %11s %8s %6s %11s %7s %9s %5s %5s %5s %s\n' "$k" "$b" "$rss" "$wall" "$al" "$ab" \
            "$o" "$rw" "$lf" "$nr" "$rf" "$js"
    done < "$TMP/jbigrows"
    for f in "$TMP"/jbig.err.*; do
        [ -s "$f" ] && echo "  hostshift said (${f##*/jbig.err.}): $(head -n 1 "$f")"
    done
fi

# ---- map building (target: under 1 ms for 100 pairs) ---------------------
# A map of 100 pairs (100 hosts, www.siteN.example.fi) against one of one
# pair, each loaded and built (both directions) by hostshift over an empty
# input; the difference of the medians of MAP_RUNS wall times is the cost
# of the 99 more pairs, start-up and the rest being the same.
MAP_RUNS=31
MAP100=$OUT/map100.map
awk 'BEGIN { for (i = 0; i < 100; i++) printf "https://www.site%d.example.fi https://wt-a--site%d.ddev.site\n", i, i }' > "$MAP100"
MAP1=$OUT/map1.map
head -n 1 "$MAP100" > "$MAP1"
rm -f "$TMP/map.1" "$TMP/map.100"
i=0
while [ $i -lt $MAP_RUNS ]; do
    for m in 1 100; do
        rm -f "$TMP/t"
        "$RSS" -o "$TMP/t" "$HS" -q -m "$OUT/map$m.map" < /dev/null > /dev/null ||
            { note "map building with map$m.map failed"; echo "map$m" >> "$TMP/failed"; }
        sed -n 's/^wall_s=\([0-9.]*\) .*/\1/p' "$TMP/t" >> "$TMP/map.$m"
    done
    i=$((i + 1))
done
m1=$(median "$TMP/map.1") m100=$(median "$TMP/map.100")
echo
awk -v a="$m1" -v b="$m100" -v r="$MAP_RUNS" 'BEGIN {
    printf "map building (median of %d runs over an empty input): 1 pair %.2f ms, 100 pairs %.2f ms; 99 more pairs %.2f ms\n",
        r, a * 1000, b * 1000, (b - a) * 1000 }'

echo
echo "wall times (s) of the $ROUNDS timed rounds, in run order:"
for t in $TOOLS; do
    k=$(fkey "$t")
    printf '  %-20s %s\n' "$t" "$(tr '\n' ' ' < "$TMP/times.$k")"
done

if [ -s "$TMP/failed" ]; then
    note "some runs failed: $(sort -u "$TMP/failed" | tr '\n' ' ')"
    exit 1
fi
exit 0
