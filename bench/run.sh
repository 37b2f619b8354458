#!/bin/sh
# bench/run.sh — hostshift throughput / peak RSS / allocation benchmark
# (SPEC.md §13).  Run through `make bench`, which does
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
#   BENCH_CORPUS  corpus directory (default: <repo>/../shared/corpus)
#   BENCH_TYPES   hostshift types to measure, of text and html (default:
#                 "text html"), each with every map of MAPS
#   CC            C compiler for the helpers (default: cc)

set -u
LC_ALL=C
export LC_ALL

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
CORPUS=${BENCH_CORPUS:-$BENCH_DIR/../../shared/corpus}
OUT=$BENCH_DIR/out
RUNS=${BENCH_RUNS:-}
MIN_RUNS=5
MAX_RUNS=25
BUDGET=${BENCH_SECONDS:-45}
HS=${HOSTSHIFT:-$ROOT/build/rel/hostshift}
CC=${CC:-cc}
REPS_BIG=200
REPS_SMALL=20
MAPS="page1 identity none"
TYPES=${BENCH_TYPES:-text html}
SED_EXPR='s#https://www\.acmecorp\.fi#https://wt-a--www.acmecorp.fi#g'

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
CORPUS=$(cd "$CORPUS" 2>/dev/null && pwd) || die "corpus directory not found (set BENCH_CORPUS)"
PAGE=$CORPUS/pages/page1.html
[ -r "$PAGE" ] || die "missing $PAGE"
for m in $MAPS; do
    [ -r "$CORPUS/maps/$m.map" ] || die "missing $CORPUS/maps/$m.map"
done
for ty in $TYPES; do
    case $ty in
    text | html) ;;
    *) die "BENCH_TYPES: unknown type '$ty' (text, html)" ;;
    esac
done

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
# self-test of the shim: must load and report a line
rm -f "$TMP/selftest"
LD_PRELOAD=$SO MALLOC_COUNT_OUT=$TMP/selftest cat /dev/null &&
    grep -q '^allocs=[0-9]* bytes=[0-9]*$' "$TMP/selftest" ||
    die "malloc_count.so self-test failed"

# ---- inputs (generated once, reused while their size is right) ------------
page_bytes=$(wc -c < "$PAGE" | tr -d ' ')
make_input() { # $1 = repetitions; prints the path
    f=$OUT/page1x$1.html
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
BIG=$(make_input $REPS_BIG) || exit 1
SMALL=$(make_input $REPS_SMALL) || exit 1
big_bytes=$(wc -c < "$BIG" | tr -d ' ')
BIG_NAME=page1x$REPS_BIG

# ---- tools ----------------------------------------------------------------
# A tool key is cat, sed or TYPE:MAP (hostshift -t TYPE -m MAP.map, TYPE
# text or html).  pipe_run KEY FILE [PREFIX...] runs `cat FILE | TOOL >
# /dev/null`; PREFIX (e.g. the rss helper) is put in front of the
# consuming command.
TOOLS="cat sed"
for ty in $TYPES; do
    for m in $MAPS; do TOOLS="$TOOLS $ty:$m"; done
done

consumer() { # KEY -> sets $cmd_map (map path or -) and $cmd_type; prints nothing
    case $1 in
    cat | sed) cmd_map=- cmd_type=- ;;
    *:*) cmd_map=$CORPUS/maps/${1#*:}.map cmd_type=${1%%:*} ;;
    esac
}

tool_label() { # KEY -> sets $map and $tool for the tables
    case $1 in
    cat) map=- tool='cat|cat' ;;
    sed) map=- tool=sed ;;
    *:*) map=${1#*:} tool="hs -t ${1%%:*}" ;;
    esac
}

# pipe_run KEY FILE PREFIX... : cat FILE | PREFIX... TOOL ARGS > /dev/null
pipe_run() {
    key=$1 file=$2
    shift 2
    consumer "$key"
    case $key in
    cat) cat "$file" | "$@" cat > /dev/null ;;
    sed) cat "$file" | "$@" sed "$SED_EXPR" > /dev/null ;;
    *:*) cat "$file" | "$@" "$HS" -t "$cmd_type" -m "$cmd_map" > /dev/null ;;
    esac
}

# time_once KEY FILE : wall time of the whole pipeline, appended to times.KEY
time_once() {
    k=$(echo "$1" | tr ':' '_')
    consumer "$1"
    rm -f "$TMP/t"
    case $1 in
    cat) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | cat > /dev/null' sh "$2" ;;
    sed) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | sed "$2" > /dev/null' sh "$2" "$SED_EXPR" ;;
    *:*) "$RSS" -o "$TMP/t" sh -c 'cat "$1" | "$2" -t "$4" -m "$3" > /dev/null' \
        sh "$2" "$HS" "$cmd_map" "$cmd_type" ;;
    esac
    st=$?
    if [ $st -ne 0 ]; then
        note "$1 exited with status $st"
        echo "$1" >> "$TMP/failed"
    fi
    sed -n 's/^wall_s=\([0-9.]*\) .*/\1/p' "$TMP/t" >> "$TMP/times.$k"
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
echo "hostshift benchmark — $(echo $TYPES | sed 's/ / and /') pipeline(s) (SPEC.md §13)"
echo "binary:  $HS${hs_version:+ ($hs_version)}"
echo "input:   $BIG_NAME.html = pages/page1.html x $REPS_BIG, $big_bytes bytes"
echo "runs:    ${RUNS:-adaptive $MIN_RUNS..$MAX_RUNS} per row (interleaved), median wall time of 'cat FILE | TOOL > /dev/null'"
echo "sed:     LC_ALL=C sed '$SED_EXPR'"
echo

# ---- sanity: does the binary behave like a rewriter? ---------------------
sane=1
before=$(grep -o 'https://www\.acmecorp\.fi' "$PAGE" | wc -l | tr -d ' ')
for ty in $TYPES; do
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
    "$HS" -t "$ty" -m "$CORPUS/maps/page1.map" < "$PAGE" > "$TMP/out.page1" 2> "$TMP/err.page1"
    st=$?
    if [ $st -ne 0 ]; then
        note "sanity: hostshift -t $ty -m page1.map exited $st: $(head -n 1 "$TMP/err.page1")"
        sane=0
    fi
    after=$(grep -o 'https://www\.acmecorp\.fi' "$TMP/out.page1" | wc -l | tr -d ' ')
    echo "sanity:  page1.html has $before x 'https://www.acmecorp.fi'; $after left after -t $ty -m page1.map"
    [ "$before" = "$after" ] && note "sanity: WARNING: -t $ty with page1.map rewrote nothing (stand-in binary?)"
    rm -f "$TMP"/out.* "$TMP"/err.*
done
[ $sane = 1 ] || die "hostshift fails on page1.html; not benchmarking"

# ---- timing ---------------------------------------------------------------
cat "$BIG" > /dev/null # warm the page cache
cat "$SMALL" > /dev/null
for t in $TOOLS; do # one untimed warm-up run each
    time_once "$t" "$SMALL"
done
rm -f "$TMP"/times.* "$TMP/failed"
# Interleaved rounds (every tool once per round), so drift hits every row
# alike.  With BENCH_RUNS: exactly that many rounds; else at least MIN_RUNS,
# then more while the time spent in timed runs stays under BUDGET seconds.
r=1
while :; do
    note "timing round $r/${RUNS:-$MIN_RUNS+}"
    for t in $TOOLS; do time_once "$t" "$BIG"; done
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
    k=$(echo "$t" | tr ':' '_')
    peak_rss "$t" "$BIG" > "$TMP/rss.$k"
    allocs "$t" "$BIG" > "$TMP/alloc_big.$k"
    allocs "$t" "$SMALL" > "$TMP/alloc_small.$k"
done

# ---- report ---------------------------------------------------------------
cat_med=$(median "$TMP/times.cat")
{
    printf '%-12s %-9s %-10s %9s %13s %12s %9s\n' \
        input map tool MB/s ratio_to_cat peakRSS_KiB allocs
    for t in $TOOLS; do
        k=$(echo "$t" | tr ':' '_')
        tool_label "$t"
        med=$(median "$TMP/times.$k")
        rss=$(cat "$TMP/rss.$k")
        al=$(awk '{ print $1 }' "$TMP/alloc_big.$k")
        awk -v b="$big_bytes" -v m="$med" -v c="$cat_med" -v inp="$BIG_NAME" \
            -v map="$map" -v tool="$tool" -v rss="${rss:-?}" -v al="${al:-?}" 'BEGIN {
            mbs = (m > 0) ? b / 1e6 / m : 0
            cmbs = (c > 0) ? b / 1e6 / c : 0
            printf "%-12s %-9s %-10s %9.1f %13.2f %12s %9s\n", inp, map, tool, mbs,
                (cmbs > 0) ? mbs / cmbs : 0, rss, al }'
    done
} > "$OUT/table.txt"
cat "$OUT/table.txt"

echo
echo "allocation scaling (calls / bytes requested; input 10x smaller vs full):"
printf '%-9s %-10s %14s %14s %16s %16s\n' map tool \
    "allocs_x$REPS_SMALL" "allocs_x$REPS_BIG" "bytes_x$REPS_SMALL" "bytes_x$REPS_BIG"
for t in $TOOLS; do
    k=$(echo "$t" | tr ':' '_')
    tool_label "$t"
    set -- $(cat "$TMP/alloc_small.$k") - -
    as=$1 bs=$2
    set -- $(cat "$TMP/alloc_big.$k") - -
    printf '%-9s %-10s %14s %14s %16s %16s\n' "$map" "$tool" "$as" "$1" "$bs" "$2"
done

echo
echo "wall times (s) of the $ROUNDS timed rounds, in run order:"
for t in $TOOLS; do
    k=$(echo "$t" | tr ':' '_')
    printf '  %-12s %s\n' "$t" "$(tr '\n' ' ' < "$TMP/times.$k")"
done

if [ -s "$TMP/failed" ]; then
    note "some runs failed: $(sort -u "$TMP/failed" | tr '\n' ' ')"
    exit 1
fi
exit 0
