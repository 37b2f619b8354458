# tests/db/lib.sh — private database servers for the round trip
# (tests/db/README.md). Sourced by bash scripts; every function works in
# $DBT, a temporary directory the caller made, and db_cleanup (set as an
# EXIT trap by db_init) stops whatever was started there.
#
# MariaDB: mariadb-install-db into $DBT/my/data, mariadbd with
# --skip-networking, its socket and pid file in $DBT/my, --skip-grant-tables
# (nothing else can reach it). PostgreSQL: initdb + pg_ctl, no TCP
# (listen_addresses=''), its socket in $DBT/pg. As root the servers run
# as the system user hostshift-db (created if missing; nobody if that
# fails): PostgreSQL refuses to run as root.

PGBIN=${PGBIN:-}
if [ -z "$PGBIN" ]; then
	for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && PGBIN=$d; done
	[ -z "$PGBIN" ] && command -v initdb >/dev/null 2>&1 && PGBIN=$(dirname "$(command -v initdb)")
fi
MY_STARTED=
PG_STARTED=

# db_missing ENGINE: the missing tools' names, empty when none is missing
db_missing() {
	local m= t
	case $1 in
	mariadb)
		for t in mariadbd mariadb-install-db mariadb mariadb-dump mariadb-admin; do
			command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] || m="$m $t"
		done ;;
	pg)
		for t in initdb pg_ctl postgres psql pg_dump createdb; do
			[ -n "$PGBIN" ] && [ -x "$PGBIN/$t" ] || m="$m $t"
		done ;;
	sqlite) command -v sqlite3 >/dev/null 2>&1 || m=" sqlite3" ;;
	esac
	command -v php >/dev/null 2>&1 || m="$m php"
	echo "${m# }"
}

db_init() { # db_init: $DBT, $RUNAS, the EXIT trap
	DBT=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-db.XXXXXX") || exit 2
	chmod 755 "$DBT"
	RUNAS=()
	DBUSER=$(id -un)
	if [ "$(id -u)" -eq 0 ]; then
		DBUSER=hostshift-db
		if ! id "$DBUSER" >/dev/null 2>&1; then
			useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$DBUSER" >/dev/null 2>&1 ||
				DBUSER=nobody
		fi
		RUNAS=(runuser -u "$DBUSER" --)
	fi
	trap db_cleanup EXIT
	trap 'exit 130' INT TERM
}

db_cleanup() {
	[ -n "$MY_STARTED" ] && my_stop
	[ -n "$PG_STARTED" ] && pg_stop
	if [ -n "${DB_KEEP:-}" ]; then
		echo "kept $DBT" >&2
	else
		rm -rf "$DBT"
	fi
}

# ---- MariaDB ----------------------------------------------------------------
MYD=
my() { mariadb --no-defaults -S "$MYD/sock" -u root "$@"; }
my_dump() { mariadb-dump --no-defaults -S "$MYD/sock" -u root "$@"; }

my_start() {
	MYD=$DBT/my
	mkdir -p "$MYD/data"
	chown -R "$DBUSER" "$MYD"
	local sbin=mariadbd
	command -v mariadbd >/dev/null 2>&1 || sbin=/usr/sbin/mariadbd
	# from $MYD: the server's user may not enter the caller's directory
	if ! (cd "$MYD" && "${RUNAS[@]}" mariadb-install-db --no-defaults --datadir="$MYD/data" --auth-root-authentication-method=normal \
		--skip-test-db >"$MYD/install.log" 2>&1); then
		echo "mariadb-install-db failed:" >&2
		cat "$MYD/install.log" >&2
		return 1
	fi
	(cd "$MYD" && exec "${RUNAS[@]}" "$sbin" --no-defaults --datadir="$MYD/data" --socket="$MYD/sock" --pid-file="$MYD/pid" \
		--skip-networking --skip-grant-tables --log-error="$MYD/err.log" --innodb-buffer-pool-size=16M \
		--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci >/dev/null 2>&1) &
	MY_STARTED=$!
	local i
	for i in $(seq 1 300); do
		if [ -S "$MYD/sock" ] && mariadb-admin --no-defaults -S "$MYD/sock" -u root ping >/dev/null 2>&1; then return 0; fi
		if ! kill -0 "$MY_STARTED" 2>/dev/null; then break; fi
		sleep 0.1
	done
	echo "mariadbd did not start:" >&2
	cat "$MYD/err.log" >&2
	return 1
}

my_stop() {
	mariadb-admin --no-defaults -S "$MYD/sock" -u root shutdown >/dev/null 2>&1 || kill "$MY_STARTED" 2>/dev/null
	wait "$MY_STARTED" 2>/dev/null
	MY_STARTED=
}

# ---- PostgreSQL -------------------------------------------------------------
PGD=
pg() { "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PGD" -U postgres "$@"; }
pg_dump_() { "$PGBIN/pg_dump" -h "$PGD" -U postgres "$@"; }

pg_start() {
	PGD=$DBT/pg
	mkdir -p "$PGD"
	chown -R "$DBUSER" "$PGD"
	if ! (cd "$PGD" && "${RUNAS[@]}" "$PGBIN/initdb" -D "$PGD/data" -U postgres -A trust -E UTF8 --no-locale \
		>"$PGD/initdb.log" 2>&1); then
		echo "initdb failed:" >&2
		cat "$PGD/initdb.log" >&2
		return 1
	fi
	if ! (cd "$PGD" && "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGD/data" -l "$PGD/log" -w -t 60 \
		-o "-c listen_addresses='' -k $PGD -c fsync=off" start >/dev/null 2>&1); then
		echo "postgres did not start:" >&2
		cat "$PGD/log" >&2
		return 1
	fi
	PG_STARTED=1
}

pg_stop() {
	(cd "$PGD" && "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGD/data" -m fast -w stop >/dev/null 2>&1)
	PG_STARTED=
}
