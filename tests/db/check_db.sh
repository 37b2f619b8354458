#!/usr/bin/env bash
# make check-db: the live database round trip of every engine
# (tests/db/README.md), the engines at once (GNU parallel when installed).
#
#   HOSTSHIFT=build/rel/hostshift bash tests/db/check_db.sh
#
# CHECK_DB_ENGINES: which engines (default: mariadb pg sqlite).
# CHECK_DB_OUT=DIR: keep the dumps there (DIR/ENGINE/STYLE.{src,exp,got}.sql).
# CHECK_DB_REQUIRED=1 (CI): an engine whose tools are missing is a failure.
# Failures of the styles listed as pending (tests/db/volatile.sh,
# corpus/dumps/PENDING) are shown in full but counted apart; with
# HOSTSHIFT_DUMPS_PENDING= (set, empty) they count as failures.
#
# Prints per style its checks, each failure's details, then
# `check-db: N passed, M failed` (and what is pending or was skipped), or
# `check-db: skipped: WHY` when no engine's tools are installed. Exit 1 if
# a check failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
export HOSTSHIFT=${HOSTSHIFT:-$ROOT/hostshift}
case $HOSTSHIFT in /*) ;; *) HOSTSHIFT=$(pwd)/$HOSTSHIFT ;; esac
. "$HERE/lib.sh"
. "$HERE/volatile.sh"
start=$(date +%s)

if [ ! -x "$HOSTSHIFT" ]; then
	echo "check-db: HOSTSHIFT=$HOSTSHIFT is not an executable file (run make first)"
	echo "check-db: 0 passed, 1 failed"
	exit 1
fi

engines=() skipped=
for e in ${CHECK_DB_ENGINES:-mariadb pg sqlite}; do
	m=$(db_missing "$e")
	if [ -n "$m" ]; then skipped="$skipped; $e: $m not installed"; else engines+=("$e"); fi
done
skipped=${skipped#; }
if [ -n "$skipped" ] && [ -n "${CHECK_DB_REQUIRED:-}" ]; then
	echo "check-db: CHECK_DB_REQUIRED is set, but $skipped"
	echo "check-db: 0 passed, 1 failed"
	exit 1
fi
if [ ${#engines[@]} -eq 0 ]; then
	echo "check-db: skipped: $skipped"
	exit 0
fi

if [ -n "${CHECK_DB_OUT:-}" ]; then
	OUT=$CHECK_DB_OUT
	mkdir -p "$OUT"
	KEEP=1
else
	OUT=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-check-db.XXXXXX") || exit 2
	KEEP=
fi
OUT=$(cd "$OUT" && pwd)
trap '[ -z "$KEEP" ] && rm -rf "$OUT"' EXIT

echo "== check-db: ${engines[*]} with $HOSTSHIFT"
if command -v parallel >/dev/null 2>&1; then
	parallel --will-cite --halt never -j0 "bash '$HERE/roundtrip.sh' {} '$OUT/{}' >'$OUT/{}.log' 2>&1" ::: "${engines[@]}"
else
	for e in "${engines[@]}"; do bash "$HERE/roundtrip.sh" "$e" "$OUT/$e" >"$OUT/$e.log" 2>&1; done
fi

pending=$(dumps_pending "$ROOT")
pass=0 fail=0 pend=0 pend_styles= now_pass=
for e in "${engines[@]}"; do
	log=$OUT/$e.log
	if ! grep -a -q '^PASS\|^FAIL' "$log"; then
		echo "FAIL $e: the round trip gave no result:"
		sed 's/^/  /' "$log"
		fail=$((fail + 1))
		continue
	fi
	for s in $(sed -n 's/^\(PASS\|FAIL\) \([a-z-]*\) .*/\2/p' "$log" | awk '!seen[$0]++'); do
		p=$(grep -a -c "^PASS $s " "$log")
		f=$(grep -a -c "^FAIL $s " "$log")
		if is_pending "$s" "$pending"; then
			pass=$((pass + p))
			if [ "$f" -eq 0 ]; then now_pass="$now_pass $s"; fi
			pend=$((pend + f))
			[ "$f" -gt 0 ] && pend_styles="$pend_styles $s"
			tag=" (pending: corpus/dumps/PENDING)"
		else
			pass=$((pass + p))
			fail=$((fail + f))
			tag=
		fi
		printf '%-31s %d passed, %d failed%s: %s\n' "$s" "$p" "$f" "$tag" \
			"$(sed -n "s/^\(PASS\|FAIL\) $s \([a-z]*\).*/\1:\2/p" "$log" | tr '\n' ' ' | sed 's/ $//')"
	done
	grep -a '^FAIL [a-z]*:' "$log" && fail=$((fail + 1))
	grep -a '^SKIP' "$log"
done
for e in "${engines[@]}"; do
	if grep -a -q '^FAIL' "$OUT/$e.log"; then
		echo
		echo "-- failures, $e"
		grep -a '^FAIL' "$OUT/$e.log" | cut -c1-300
		sed -n '/^DETAILS/,$p' "$OUT/$e.log" | sed 1d
	fi
done
[ -n "$KEEP" ] && echo "dumps kept in $OUT"
for s in $now_pass; do echo "note: $s passes every check now: take it out of corpus/dumps/PENDING"; done
extra=
[ "$pend" -gt 0 ] && extra=", $pend pending (known failing:$pend_styles)"
[ -n "$skipped" ] && extra="$extra; skipped: $skipped"
echo "check-db: $pass passed, $fail failed$extra ($(($(date +%s) - start)) s)"
[ "$fail" -eq 0 ]
