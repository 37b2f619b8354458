#!/bin/sh
# bench/layout_ab.sh OLD NEW INPUT MAP [K] [N] — CPU of two builds of
# hostshift compared over K link orders of each, N interleaved rounds of
# bench/out/ab per order (defaults 6 and 15).
#
# OLD and NEW are checkouts whose `make` has run (their build/rel/*.o are
# linked again here). Order 0 is the Makefile's; orders 1..K-1 shuffle
# the objects with a fixed seed each, the same order for both builds. On
# this kind of machine the place code lands moves CPU time by 2-4% with
# no instruction changed (the same objects of one commit, linked in
# another order, measured +1.6%; a commit that added only tables, +1.7% to
# +3.6%), so one link order cannot tell a change of 3% from its layout;
# the median over several can. Runs `-t html -m MAP` on INPUT (stdin).
# Prints each order's ab line, then the medians over the orders of the
# median change and of the fastest-run change.
#   sh bench/layout_ab.sh /tmp/old . bench/out/etusivux200.html corpus/maps/main.map
set -u
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
in=$3
map=$4
k=${5:-6}
n=${6:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
ab=$root/bench/out/ab
[ -x "$ab" ] || ${CC:-cc} -O2 -o "$ab" "$root/bench/ab.c" || exit 2
t=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-layout.XXXXXX") || exit 2
trap 'rm -rf "$t"' EXIT
i=0
while [ "$i" -lt "$k" ]; do
	for side in old new; do
		d=$old
		[ "$side" = new ] && d=$new
		if [ "$i" = 0 ]; then
			ls "$d"/build/rel/src/*.o | LC_ALL=C sort > "$t/objs"
		else
			# (the same seeded order of the file names for both builds)
			ls "$d"/build/rel/src/*.o | awk -v s="$i" 'BEGIN { srand(s) } { print rand() "\t" $0 }' |
				LC_ALL=C sort -n | cut -f2 > "$t/objs"
		fi
		# shellcheck disable=SC2046
		${CC:-cc} -o "$t/$side" "$d/build/rel/hostshift.o" $(cat "$t/objs") || exit 2
	done
	"$ab" -n "$n" "$in" -- "$t/old" -t html -m "$map" -- "$t/new" -t html -m "$map" | tail -n 1 | tee -a "$t/lines"
	i=$((i + 1))
done
awk '
	{ if (match($0, /B-A [+-][0-9.]+%/)) m[++nm] = substr($0, RSTART + 4, RLENGTH - 5) + 0
	  if (match($0, /\(([+-][0-9.]+)%\)$/)) f[++nf] = substr($0, RSTART + 1, RLENGTH - 3) + 0 }
	function med(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	END { printf "layouts %d: median of the medians %+.1f%%, median of the fastest %+.1f%%\n", nm, med(m, nm), med(f, nf) }
' "$t/lines"
