#!/bin/sh
# make demo: the main job on the samples of corpus/demo/ — a page and a small
# WordPress-style dump, rewritten with corpus/demo/site.map. Prints the -s
# report of each and the lines that changed, before and after. The outputs
# are left in build/demo/ to look at.
#
#   sh tools/demo.sh BINARY
set -eu
H=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
D=$ROOT/corpus/demo
OUT=$ROOT/build/demo
mkdir -p "$OUT"

excerpt() { # excerpt BEFORE AFTER: the first changed lines, side by side in pairs
	diff "$1" "$2" | sed -n 's/^< /  before: /p; s/^> /  after:  /p' | awk '
		/^  before:/ { b[nb++] = $0; next }
		{ a[na++] = $0 }
		END { n = nb < 4 ? nb : 4
		      for (i = 0; i < n; i++) { print substr(b[i], 1, 150); print substr(a[i], 1, 150) }
		      if (nb > n) printf "  ... and %d more changed lines\n", nb - n }'
}

for f in page.html dump.sql; do
	echo "== hostshift -s -m corpus/demo/site.map corpus/demo/$f > build/demo/$f"
	"$H" -s -m "$D/site.map" "$D/$f" >"$OUT/$f" 2>"$OUT/$f.stats"
	sed 's/^/   /' "$OUT/$f.stats"
	echo "-- what changed:"
	excerpt "$D/$f" "$OUT/$f"
	echo
done

echo "-- the serialized widget in the dump: its string grew by 7 bytes, so its length s:53 became s:60"
for f in "$D/dump.sql" "$OUT/dump.sql"; do
	sed -n "s/.*'widget_text','\\([^']*\\)'.*/  \\1/p" "$f"
done
if command -v php >/dev/null 2>&1; then
	sed -n "s/.*'widget_text','\\([^']*\\)'.*/\\1/p" "$OUT/dump.sql" | sed 's/\\"/"/g' |
		php -r '$v = unserialize(trim(stream_get_contents(STDIN))); echo $v === false ? "   PHP cannot unserialize it!\n" : "   PHP unserialize() reads it back: ".$v[2]["text"]."\n";'
fi
echo

echo "== hostshift -m corpus/demo/site.map --check build/demo/page.html build/demo/dump.sql"
if "$H" -m "$D/site.map" --check "$OUT/page.html" "$OUT/dump.sql"; then
	echo "   clean: no production origin left (exit 0)"
fi
echo "== hostshift -m corpus/demo/site.map --check corpus/demo/dump.sql (the original: exit 1)"
"$H" -m "$D/site.map" --check "$D/dump.sql" | sed 's,^.*/corpus/,corpus/,' || true
echo
echo "demo: the rewritten files are in build/demo/; the map format is in README.md"
