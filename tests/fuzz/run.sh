#!/bin/sh
# run.sh — run one libFuzzer target for a bounded time (called by `make fuzz`
# and `make fuzz-smoke`; see the Makefile's fuzz section).
#
#   sh tests/fuzz/run.sh BINARY NAME SECONDS
#
# 1. Replays corpus/fuzz/regressions/NAME/* (each input once): a known bug
#    that is not fixed fails here, before any fuzzing.
# 2. Copies the seed corpus corpus/fuzz/NAME/ to a temp dir (the committed
#    seeds are never written to) and fuzzes for SECONDS, with the target's
#    dictionary tests/fuzz/fuzz_NAME.dict if there is one.
# 3. Prints one summary line: executions, coverage, corpus size, and the
#    target's own counters (share of cases that rewrote).
# Crash inputs go to build/fuzz/artifacts/NAME-*. Exit status: 0, or 1 on a
# finding (or when a target says too few cases rewrote).
set -u
bin=$1 name=$2 secs=$3
root=$(pwd)
seeds=$root/corpus/fuzz/$name
regress=$root/corpus/fuzz/regressions/$name
art=$root/build/fuzz/artifacts
log=$root/build/fuzz/$name.log
mkdir -p "$art"

case $name in
	matcher) maxlen=512 ;;
	map) maxlen=2048 ;;
	*) maxlen=4096 ;;
esac
dict=
[ -f "$root/tests/fuzz/fuzz_$name.dict" ] && dict=-dict=$root/tests/fuzz/fuzz_$name.dict

if [ -d "$regress" ] && [ -n "$(ls -A "$regress" 2>/dev/null)" ]; then
	if ! "$bin" "$regress"/* > "$log.regress" 2>&1 </dev/null; then
		echo "fuzz $name: REGRESSION: an input under corpus/fuzz/regressions/$name fails (see $log.regress):"
		grep -a -A4 '^=== ' "$log.regress" | head -20
		exit 1
	fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-fuzz-$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
[ -d "$seeds" ] && cp "$seeds"/* "$tmp"/ 2>/dev/null
nseeds=$(ls "$tmp" | wc -l)

t0=$(date +%s)
"$bin" "$tmp" $dict -max_total_time="$secs" -max_len=$maxlen -timeout=30 -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix="$art/$name-" > "$log" 2>&1 </dev/null
rc=$?
elapsed=$(( $(date +%s) - t0 ))

execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
cov=$(grep -a -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -1)
own=$(grep -a "^fuzz_$name: " "$log" | tail -1 | sed "s/^fuzz_$name: //")
echo "fuzz $name: ${execs:-?} executions in ${elapsed}s (${rate:-?}/s), ${cov:-no coverage line}, $nseeds seeds${own:+; $own}"
if [ $rc -ne 0 ]; then
	echo "fuzz $name: FINDING (exit $rc), log: $log"
	grep -a -A12 '^=== \|^==[0-9]*==ERROR\|runtime error\|FAIL:' "$log" | head -40
	ls -t "$art"/"$name"-* 2>/dev/null | head -3 | sed 's/^/  input: /'
	exit 1
fi
exit 0
