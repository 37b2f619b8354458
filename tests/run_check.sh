#!/bin/sh
# make check: every tier of tests, each with its own summary line, then one
# closing summary with the counts of what ran and what was skipped, and why.
#
#   sh tests/run_check.sh UNIT_BINARY HOSTSHIFT_BINARY
#
# A tier prints `NAME: N passed, M failed` (the Check runner prints
# `P%: Checks: N, Failures: F, Errors: E`); a tier that cannot run (a tool it
# needs is missing) prints `NAME: skipped: why`, and the summary repeats it.
# Exit 1 if any tier failed or printed no summary.
UNIT=$1
H=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
LOG=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-check.XXXXXX") || exit 2
trap 'rm -rf "$LOG"' EXIT

total_pass=0
total_fail=0
lines=
skips=
bad=0

note() { lines="$lines$(printf '  %-12s %s' "$1" "$2")
"; }

tier() { # tier NAME COMMAND...: run it, show its output, keep its summary
	name=$1
	extra=
	shift
	echo "== $name"
	"$@" >"$LOG/$name" 2>&1
	rc=$?
	cat "$LOG/$name"
	if [ "$name" = unit ]; then
		s=$(sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$LOG/$name" | tail -n 1)
		if [ -n "$s" ]; then
			set -- $s
			p=$(($1 - $2 - $3))
			f=$(($2 + $3))
		fi
	else
		s=$(sed -n "s/^$name: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p" "$LOG/$name" | tail -n 1)
		extra=$(sed -n "s/^$name: [0-9]* passed, [0-9]* failed[,;]* *//p" "$LOG/$name" | tail -n 1)
		if [ -n "$s" ]; then
			set -- $s
			p=$1
			f=$2
		fi
	fi
	if [ -z "$s" ]; then
		why=$(sed -n "s/^$name: skipped: //p" "$LOG/$name" | head -n 1)
		if [ -n "$why" ] && [ "$rc" -eq 0 ]; then
			skips="$skips$(printf '  %-12s skipped: %s' "$name" "$why")
"
			return
		fi
		note "$name" "no summary line (exit $rc): FAILED"
		bad=1
		return
	fi
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	note "$name" "$p passed, $f failed${extra:+ ($extra)}"
	if [ "$f" -ne 0 ] || [ "$rc" -ne 0 ]; then bad=1; fi
}

tier unit "$UNIT"
tier e2e env HOSTSHIFT="$H" sh tests/e2e.sh
tier e2e-http env HOSTSHIFT="$H" sh tests/e2e_http.sh
tier bad-input env HOSTSHIFT="$H" sh tests/bad_input.sh
tier dumps env HOSTSHIFT="$H" sh tests/dumps.sh
tier parallel env HOSTSHIFT="$H" sh tests/parallel.sh
tier simd-paths env HOSTSHIFT="$H" sh tests/simd_paths.sh
for t in tests/oracle_*.sh; do
	[ -f "$t" ] || continue
	n=$(basename "$t" .sh)
	n=${n#oracle_}
	tier "$n" env HOSTSHIFT="$H" UNIT="$UNIT" sh "$t"
done

echo
echo "== make check summary"
printf '%s' "$lines"
if [ -n "$skips" ]; then
	echo "  not run here (CI runs them; install the tool to run them here):"
	printf '%s' "$skips"
fi
echo "check: $total_pass passed, $total_fail failed"
[ "$bad" -eq 0 ] && [ "$total_fail" -eq 0 ]
