# tests/node_seeds.sh — what the node tiers share: the seed loop and the
# committed sample without node (sourced by
# tests/oracle_whatwg.sh and tests/oracle_css.sh): for each `SEED KNOWN`
# line of DIR/leaks, run `node MJS HOSTSHIFT PER SEED`, read its first line
# (`urls N canonical C right R leak L wrong W changed X`), and count.
# Failures: changed, wrong, and leaks over KNOWN (when PER is 5000).
# Sets pass, fail, urls, leaks.
#
#   oracle_seeds MJS DIR PER
oracle_seeds() {
	os_mjs=$1 os_dir=$2 os_per=$3
	pass=0 fail=0 urls=0 leaks=0
	while read -r seed known; do
		case $seed in '#'* | '') continue ;; esac
		out=$(node "$os_mjs" "$H" "$os_per" "$seed") || { echo "FAIL seed $seed: $out"; fail=$((fail + 1)); continue; }
		set -- $(echo "$out" | head -n 1)
		n=$2 leak=$8 wrong=${10} changed=${12}
		urls=$((urls + n))
		leaks=$((leaks + leak))
		over=0
		[ "$os_per" -eq 5000 ] && [ "$leak" -gt "$known" ] && over=$((leak - known))
		f=$((changed + wrong + over))
		fail=$((fail + f))
		pass=$((pass + n - changed - wrong - leak))
		if [ "$f" -ne 0 ]; then
			echo "FAIL seed $seed: $changed changed, $wrong wrong, $leak leaks (committed: $known)"
			echo "$out" | sed -n '2,$p'
		fi
	done <"$os_dir/leaks"
}

# Without node: hostshift's output of the committed page DIR/sample.html
# compared byte for byte with DIR/sample.expected.html, which node judged
# when it was committed. Sets pass, fail.
#
#   oracle_sample DIR MAP [MAP ...]   (each MAP a CANONICAL=VARIANT pair)
oracle_sample() {
	pass=0 fail=0
	os_dir=$1
	shift
	os_pairs=
	for os_p in "$@"; do os_pairs="$os_pairs -p $os_p"; done
	os_t=$(mktemp "${TMPDIR:-/tmp}/hostshift-sample.XXXXXX") || exit 2
	# shellcheck disable=SC2086
	if "$H" -q -t html $os_pairs "$os_dir/sample.html" >"$os_t" && cmp -s "$os_t" "$os_dir/sample.expected.html"; then
		pass=1
	else
		fail=1
		echo "FAIL $os_dir/sample.html: output differs from $os_dir/sample.expected.html"
	fi
	rm -f "$os_t"
}
