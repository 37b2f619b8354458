# tests/db/volatile.sh — sourced (POSIX sh). dump_volatile FILE: the dump
# without the lines that differ between two dumps of one database, found
# by dumping one database twice (tests/db/roundtrip.sh's `stable` check
# repeats that on every run):
#   mariadb-dump         `-- Dump completed on DATE TIME`
#   pg_dump (15.14 on)   `\restrict KEY` and `\unrestrict KEY`, a random key
#   sqlite3 .dump        none
dump_volatile() { grep -a -v -e '^-- Dump completed on ' -e '^\\restrict ' -e '^\\unrestrict ' "$1"; }

# The dump styles known to fail until hostshift reads their dialect: the
# names in corpus/dumps/PENDING, or HOSTSHIFT_DUMPS_PENDING when it is set
# (set and empty: none pending, every failure counts).
dumps_pending() {
	if [ "${HOSTSHIFT_DUMPS_PENDING+set}" = set ]; then
		echo "$HOSTSHIFT_DUMPS_PENDING"
	elif [ -f "$1/corpus/dumps/PENDING" ]; then
		sed -e 's/#.*//' "$1/corpus/dumps/PENDING" | tr -s ' \n' '  '
	fi
}
is_pending() { # is_pending STYLE LIST
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}
