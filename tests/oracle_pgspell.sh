#!/bin/sh
# The pgspell tier of make check: PHP judges the sqlstd, copy and pgesc
# spellings (docs/rules.md §7.3). The sql lexer does not hand the walk
# these spellings yet, so the binary cannot be run on them: the unit
# binary beside it runs the serialized differential (1000 trees a
# context), which writes every body it gave the value pipeline in those
# spellings and what came out, and tests/oracle_pgspell.php decodes both
# as PostgreSQL reads them and unserialize()s them. One line per failure,
# then `pgspell: N passed, M failed`.
#
#   HOSTSHIFT=build/rel/hostshift sh tests/oracle_pgspell.sh   (UNIT: the unit binary)
H=${HOSTSHIFT:?HOSTSHIFT is the binary}
UNIT=${UNIT:-$(dirname "$H")/unit}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
if ! command -v php >/dev/null 2>&1; then
	echo "pgspell: skipped: php not installed"
	exit 0
fi
if [ ! -x "$UNIT" ]; then
	echo "pgspell: skipped: no unit binary at $UNIT"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-pgspell.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
if ! HOSTSHIFT_SER_TREES=1000 HOSTSHIFT_SD_PG_OUT="$T/pg.out" CK_RUN_SUITE=ser_diff CK_RUN_CASE=differential \
	"$UNIT" >"$T/unit" 2>&1; then
	cat "$T/unit"
	echo "pgspell: 0 passed, 1 failed (the differential failed)"
	exit 1
fi
php tests/oracle_pgspell.php "$T/pg.out" >"$T/res" 2>&1
grep -a '^FAIL' "$T/res"
r=$(sed -n 's/^RESULT \([0-9]*\) \([0-9]*\)$/\1 \2/p' "$T/res")
if [ -z "$r" ]; then
	cat "$T/res"
	echo "pgspell: 0 passed, 1 failed (the php judge gave no result)"
	exit 1
fi
set -- $r
u=$(sed -n 's/^unjudged //p' "$T/res")
echo "pgspell: $1 passed, $2 failed; ${u:-0} bodies PHP did not unserialize before, not judged"
[ "$2" -eq 0 ] && [ "$1" -gt 0 ]
