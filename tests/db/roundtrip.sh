#!/usr/bin/env bash
# One engine's database round trip (tests/db/README.md):
#
#   HOSTSHIFT=... bash tests/db/roundtrip.sh mariadb|pg|sqlite OUTDIR
#
# Starts a private server (tests/db/lib.sh), loads the source rows of
# tests/db/rows.php into database wp and dumps it in each style of the
# engine (OUTDIR/STYLE.src.sql); loads the expected rows into a fresh wp
# and dumps that too (OUTDIR/STYLE.exp.sql). Then, for each style: the
# source dump goes through hostshift from stdin, no -t
# (OUTDIR/STYLE.got.sql), is imported into a fresh database, every value
# is read back and compared with the expected database's, PHP
# unserialize()s every serialized value read back, and the rewritten dump
# is compared with the expected dump, the lines that differ between two
# dumps of one database (tests/db/volatile.sh) left out.
#
# Prints `PASS STYLE CHECK` or `FAIL STYLE CHECK: why` lines, then the
# details of each failure; exits 0 unless the harness itself broke.
set -u
ENGINE=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
H=${HOSTSHIFT:-$ROOT/hostshift}
case $H in /*) ;; *) H=$(pwd)/$H ;; esac
MAPARGS=(-p https://www.example.fi=https://dev.test)
ROWS=$HERE/rows.php
. "$HERE/lib.sh"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

. "$HERE/volatile.sh" # dump_volatile: the dump-date lines left out

missing=$(db_missing "$ENGINE")
if [ -n "$missing" ]; then
	echo "SKIP $ENGINE: not installed: $missing"
	exit 0
fi
db_init

case $ENGINE in
mariadb)
	STYLES=(mariadb-extended mariadb-skip-extended mariadb-hex-blob mariadb-complete-insert mariadb-compact mariadb-skip-extended-complete)
	style_args() {
		case $1 in
		mariadb-extended) ;;
		mariadb-skip-extended) echo --skip-extended-insert ;;
		mariadb-hex-blob) echo --hex-blob ;;
		mariadb-complete-insert) echo --complete-insert ;;
		mariadb-compact) echo --compact ;;
		mariadb-skip-extended-complete) echo --skip-extended-insert --complete-insert ;;
		esac
	}
	start() { my_start; }
	createdb_() { my -e "CREATE DATABASE \`$1\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"; }
	dropdb_() { my -e "DROP DATABASE \`$1\`"; }
	# utf8mb4 on the client: a --compact dump has no SET NAMES of its own
	load() { my --default-character-set=utf8mb4 "$1"; }
	dump() { my_dump $(style_args "$2") "$1"; }
	readback() { php "$ROWS" readback mariadb | my -N -B "$1"; }
	;;
pg)
	STYLES=(pg-copy pg-inserts pg-column-inserts)
	style_args() { case $1 in pg-copy) ;; pg-inserts) echo --inserts ;; pg-column-inserts) echo --column-inserts ;; esac; }
	start() { pg_start; }
	createdb_() { pg -d postgres -c "CREATE DATABASE \"$1\""; }
	dropdb_() { pg -d postgres -c "DROP DATABASE \"$1\""; }
	load() { pg -d "$1" -f -; }
	dump() { pg_dump_ $(style_args "$2") "$1"; }
	readback() { php "$ROWS" readback pg | pg -d "$1" -A -t -F "$(printf '\t')" -f -; }
	;;
sqlite)
	STYLES=(sqlite-dump)
	style_args() { :; }
	start() { :; }
	createdb_() { rm -f "$DBT/$1.db"; }
	dropdb_() { rm -f "$DBT/$1.db"; }
	load() { sqlite3 -bail "$DBT/$1.db"; }
	dump() { sqlite3 "$DBT/$1.db" .dump; }
	readback() { php "$ROWS" readback sqlite | sqlite3 -bail -separator "$(printf '\t')" "$DBT/$1.db"; }
	;;
*) echo "usage: roundtrip.sh mariadb|pg|sqlite OUTDIR" >&2; exit 2 ;;
esac

fail() { echo "FAIL $1 $2: $3"; }
pass() { echo "PASS $1 $2"; }
DET=$DBT/details
: >"$DET"
trunc() { cut -c1-200; }

if ! start 2>"$DBT/start.err"; then
	for s in "${STYLES[@]}"; do fail "$s" server "the $ENGINE server did not start: $(head -c 400 "$DBT/start.err" | tr '\n' ' ')"; done
	exit 0
fi

# the command of each style, for corpus/dumps/VERSIONS
for s in "${STYLES[@]}"; do
	case $ENGINE in mariadb) c=mariadb-dump ;; pg) c=pg_dump ;; sqlite) c="sqlite3 .dump" ;; esac
	echo "$s: $c $(style_args "$s")" | sed 's/ *$//'
done >"$OUT/styles"

# the source database, dumped in each style (twice for the stability check)
createdb_ wp && php "$ROWS" load "$ENGINE" source | load wp || { echo "FAIL $ENGINE: loading the source rows failed"; exit 1; }
for s in "${STYLES[@]}"; do dump wp "$s" >"$OUT/$s.src.sql" || fail "$s" dump "dumping the source database failed"; done
[ "$ENGINE" = mariadb ] && sleep 1.1 # a second later, for the dump date
for s in "${STYLES[@]}"; do
	dump wp "$s" >"$DBT/$s.again.sql"
	if cmp -s <(dump_volatile "$OUT/$s.src.sql") <(dump_volatile "$DBT/$s.again.sql"); then
		pass "$s" stable
	else
		fail "$s" stable "two dumps of one database differ beyond the dump-date lines"
		diff <(cat "$OUT/$s.src.sql") "$DBT/$s.again.sql" | head -n 20 | trunc | sed "s/^/  $s stable: /" >>"$DET"
	fi
done
dropdb_ wp

# the expected database: dumped in each style, read back
createdb_ wp && php "$ROWS" load "$ENGINE" expected | load wp || { echo "FAIL $ENGINE: loading the expected rows failed"; exit 1; }
for s in "${STYLES[@]}"; do dump wp "$s" >"$OUT/$s.exp.sql" || fail "$s" dump "dumping the expected database failed"; done
readback wp >"$DBT/exp.rb" || { echo "FAIL $ENGINE: reading back the expected database failed"; exit 1; }
dropdb_ wp

n=0
for s in "${STYLES[@]}"; do
	n=$((n + 1))
	if "$H" "${MAPARGS[@]}" <"$OUT/$s.src.sql" >"$OUT/$s.got.sql" 2>"$DBT/$s.hs.err"; then
		pass "$s" rewrite
	else
		fail "$s" rewrite "hostshift exited $?: $(head -c 300 "$DBT/$s.hs.err")"
	fi
	grep -a . "$DBT/$s.hs.err" | head -n 5 | trunc | sed "s/^/  $s hostshift stderr: /" >>"$DET"
	db=imp$n
	createdb_ "$db"
	if load "$db" <"$OUT/$s.got.sql" >"$DBT/$s.imp.log" 2>&1; then
		pass "$s" import
	else
		fail "$s" import "the rewritten dump does not load: $(grep -a -i -m1 error "$DBT/$s.imp.log" | trunc)"
	fi
	if readback "$db" >"$DBT/$s.rb" 2>"$DBT/$s.rb.err"; then
		php "$ROWS" compare "$s" "$DBT/exp.rb" "$DBT/$s.rb" >"$DBT/$s.cmp"
		grep -a '^FAIL' "$DBT/$s.cmp" | sed 's/^FAIL /  /' >>"$DET"
		set -- $(sed -n 's/^VALUES [^ ]* //p' "$DBT/$s.cmp")
		if [ $# -ne 4 ]; then
			fail "$s" values "the comparison gave no result"
		else
			if [ "$2" -eq 0 ]; then pass "$s" values; else fail "$s" values "$2 of $1 values differ from the expected database"; fi
			if [ "$4" -eq 0 ]; then pass "$s" unserialize; else fail "$s" unserialize "$4 of $3 serialized values refused by unserialize()"; fi
		fi
	else
		fail "$s" values "reading back failed: $(head -c 200 "$DBT/$s.rb.err")"
		fail "$s" unserialize "nothing read back"
	fi
	if cmp -s <(dump_volatile "$OUT/$s.got.sql") <(dump_volatile "$OUT/$s.exp.sql"); then
		pass "$s" dump
	else
		c=$(diff <(dump_volatile "$OUT/$s.exp.sql") <(dump_volatile "$OUT/$s.got.sql") | grep -a -c '^<')
		fail "$s" dump "hostshift's output differs from the expected database's dump ($c lines differ)"
		dump_volatile "$OUT/$s.exp.sql" >"$DBT/$s.exp.f"
		dump_volatile "$OUT/$s.got.sql" >"$DBT/$s.got.f"
		php "$ROWS" linediff "$DBT/$s.exp.f" "$DBT/$s.got.f" 8 | sed "s/^/  $s dump: /" >>"$DET"
	fi
	dropdb_ "$db" >/dev/null 2>&1
done
# the --wordpress-multisite round trip (tests/db/multisite.sh)
. "$HERE/multisite.sh"
multisite_roundtrip
if [ -s "$DET" ]; then
	echo "DETAILS $ENGINE"
	cat "$DET"
fi
exit 0
