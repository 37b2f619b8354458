#!/bin/sh
# The dumps tier of make check: the canned dumps of corpus/dumps/ (written by
# real mariadb-dump, pg_dump and sqlite3 .dump: corpus/dumps/README.md).
# For each style, the source database's dump goes through hostshift from
# stdin with no -t, and must equal the expected database's dump (the same
# rows with the origin replaced, computed by PHP: tests/db/rows.php) but for
# the dump-date lines (tests/db/volatile.sh); with php, every value of the
# expected dump that PHP unserialize()s must unserialize in the output
# (without php that check says it is skipped).
#
#   HOSTSHIFT=build/rel/hostshift sh tests/dumps.sh
#
# The styles in corpus/dumps/PENDING (or HOSTSHIFT_DUMPS_PENDING) are run
# and their failures shown, but counted apart. One line per failure, then
# `dumps: N passed, M failed`.
H=${HOSTSHIFT:?HOSTSHIFT is the binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
case $H in /*) ;; *) H=$(pwd)/$H ;; esac
cd "$ROOT" || exit 2
. tests/db/volatile.sh
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-dumps.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
D=corpus/dumps
pending=$(dumps_pending "$ROOT")
pass=0
fail=0
pend=0
pend_styles=
now_pass=
have_php=1
command -v php >/dev/null 2>&1 || have_php=

for src in "$D"/*.src.sql; do
	s=$(basename "$src" .src.sql)
	exp=$D/$s.exp.sql
	if is_pending "$s" "$pending"; then tag=" (pending: $D/PENDING)"; else tag=; fi
	f=0
	p=0
	if ! "$H" -p https://www.example.fi=https://dev.test <"$src" >"$T/$s.got" 2>"$T/$s.err"; then
		echo "FAIL $s$tag: hostshift exited $?: $(head -c 300 "$T/$s.err")"
		f=$((f + 1))
	fi
	dump_volatile "$exp" >"$T/$s.exp.f"
	dump_volatile "$T/$s.got" >"$T/$s.got.f"
	if cmp -s "$T/$s.exp.f" "$T/$s.got.f"; then
		p=$((p + 1))
	else
		f=$((f + 1))
		n=$(diff "$T/$s.exp.f" "$T/$s.got.f" | grep -a -c '^<')
		echo "FAIL $s$tag: hostshift(stdin $src) differs from $exp in $n lines:"
		if [ -n "$have_php" ]; then
			php tests/db/rows.php linediff "$T/$s.exp.f" "$T/$s.got.f" 8 | sed 's/^/  /'
		else
			diff "$T/$s.exp.f" "$T/$s.got.f" | grep -a '^[<>]' | head -n 8 | cut -c1-200 | sed 's/^/  /'
		fi
		grep -a . "$T/$s.err" | head -n 4 | cut -c1-200 | sed 's/^/  stderr: /'
	fi
	if [ -n "$have_php" ]; then
		php tests/db/rows.php dumpvals "$s" "$exp" "$T/$s.got" >"$T/$s.ser" 2>&1
		r=$(sed -n 's/^SER [^ ]* \([0-9]*\) \([0-9]*\)$/\1 \2/p' "$T/$s.ser")
		if [ -n "$r" ] && [ "${r#* }" = 0 ]; then
			p=$((p + 1))
		else
			f=$((f + 1))
			echo "FAIL $s$tag: PHP unserialize() of the output's serialized values:"
			grep -a -v '^SER' "$T/$s.ser" | head -n 8 | sed 's/^/  /'
		fi
	fi
	pass=$((pass + p))
	if [ -n "$tag" ]; then
		if [ "$f" -eq 0 ]; then now_pass="$now_pass $s"; else pend=$((pend + f)); pend_styles="$pend_styles $s"; fi
	else
		fail=$((fail + f))
	fi
done

[ -z "$have_php" ] && echo "dumps: skipped (not counted as passed): PHP unserialize() of the serialized values (php not installed)"
for s in $now_pass; do echo "dumps: $s passes now: take it out of $D/PENDING"; done
extra=
[ "$pend" -gt 0 ] && extra=", $pend pending (known failing:$pend_styles)"
echo "dumps: $pass passed, $fail failed$extra"
[ "$fail" -eq 0 ]
