#!/bin/sh
# The php tier of make check: PHP itself judges the serialized repair
# (docs/rules.md §7). Every serialized value of the project's fixtures that
# PHP unserialize()s before hostshift must unserialize after, equal to the
# value before with the map's origins replaced (tests/oracle_php.php), and
# so must a generated set of random nested values (origins, quotes, `";}`,
# `a:1:{` text, multibyte, NUL, objects, ArrayObject, double serialization)
# escaped as mysqldump writes them. One line per failure, then
# `php: N passed, M failed`. Without php: hostshift's output of the
# committed sample (tests/oracle_php/) is compared byte for byte with the
# output PHP judged when it was committed.
#
#   HOSTSHIFT=build/rel/hostshift sh tests/oracle_php.sh
H=${HOSTSHIFT:?HOSTSHIFT is the binary}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-php.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
S=tests/oracle_php
pass=0
fail=0

same_bytes() { # the committed sample: the same output bytes as when judged
	if "$H" -q -t sql -m corpus/sql/site.map "$S/sample.sql" >"$T/sample.out" && cmp -s "$T/sample.out" "$S/sample.expected.sql"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $S/sample.sql: output differs from $S/sample.expected.sql"
	fi
}

if ! command -v php >/dev/null 2>&1; then
	same_bytes
	echo "php: $pass passed, $fail failed (php not installed: committed sample only)"
	[ "$fail" -eq 0 ]
	exit
fi

judge() { # judge TYPE MAP FILE STRICT
	if ! "$H" -q -t "$1" -m "$2" "$3" >"$T/after"; then
		fail=$((fail + 1))
		echo "FAIL $3: hostshift exited $?"
		return
	fi
	php tests/oracle_php.php check "$1" "$2" "$3" "$T/after" "$4" >"$T/res" 2>&1
	grep -a '^FAIL' "$T/res"
	r=$(sed -n 's/^RESULT \([0-9]*\) \([0-9]*\)$/\1 \2/p' "$T/res")
	if [ -z "$r" ]; then
		fail=$((fail + 1))
		echo "FAIL $3: the php judge gave no result:"
		cat "$T/res"
		return
	fi
	set -- $r
	pass=$((pass + $1))
	fail=$((fail + $2))
}

same_bytes
# the fixtures, their origins in many spellings (STRICT 0)
judge sql corpus/sql/site.map corpus/sql/wp.sql 0
for f in corpus/json/*.json corpus/json/*.ndjson; do
	case $f in *.expected.*) continue ;; esac
	judge json corpus/json/site.map "$f" 0
done
for f in corpus/pages/*.html; do
	judge html corpus/maps/main.map "$f" 0
done
# generated values, origins in the map's own spelling (STRICT 1): the
# committed sample and a second set
judge sql corpus/sql/site.map "$S/sample.sql" 1
php tests/oracle_php.php gen 2 400 >"$T/gen2.sql"
judge sql corpus/sql/site.map "$T/gen2.sql" 1
echo "php: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
