#!/usr/bin/env bash
# Regenerate corpus/dumps/: the canned dumps of the dumps tier of make check
# (tests/dumps.sh). For each engine the live round trip of tests/db/
# (tests/db/roundtrip.sh: private servers, the rows of tests/db/rows.php)
# dumps the source database and the expected database in each style;
# STYLE.src.sql and STYLE.exp.sql of each style are copied here (those of
# the --wordpress-multisite round trip to corpus/multisite/), and the
# tools' versions and each style's command written to corpus/dumps/VERSIONS.
#
#   bash tools/make_canned_dumps.sh        (after make; needs mariadb-server,
#                                           postgresql, sqlite3 and php-cli)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
export HOSTSHIFT=${HOSTSHIFT:-$ROOT/hostshift}
. tests/db/lib.sh
for e in mariadb pg sqlite; do
	m=$(db_missing "$e")
	if [ -n "$m" ]; then echo "make_canned_dumps: $e: not installed: $m" >&2; exit 1; fi
done
T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-canned.XXXXXX")
trap 'rm -rf "$T"' EXIT
for e in mariadb pg sqlite; do
	bash tests/db/roundtrip.sh "$e" "$T/$e" >"$T/$e.log" 2>&1
	if ! grep -q '^PASS .* stable' "$T/$e.log" || grep -q '^FAIL [a-z-]* \(stable\|dump\): .*failed' "$T/$e.log"; then
		echo "make_canned_dumps: the $e round trip did not dump:" >&2
		cat "$T/$e.log" >&2
		exit 1
	fi
	for f in "$T/$e"/*.src.sql "$T/$e"/*.exp.sql; do cp "$f" corpus/dumps/; done
	# the --wordpress-multisite round trip's (tests/db/multisite.sh)
	for f in "$T/$e"/multisite/*.src.sql "$T/$e"/multisite/*.exp.sql; do [ -f "$f" ] && cp "$f" corpus/multisite/; done
done
{
	echo "# the tools that wrote corpus/dumps/*.sql (tools/make_canned_dumps.sh)"
	mariadb-dump --version
	"$PGBIN/pg_dump" --version
	echo "sqlite3 $(sqlite3 --version)"
	php -r 'echo "php ", PHP_VERSION, "\n";'
	echo "# the styles: the command that wrote STYLE.src.sql and STYLE.exp.sql"
	cat "$T"/mariadb/styles "$T"/pg/styles "$T"/sqlite/styles
} >corpus/dumps/VERSIONS
ls -l corpus/dumps/
