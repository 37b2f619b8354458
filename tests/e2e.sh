#!/bin/sh
# End-to-end tests for hostshift (docs/cli.md; docs/rules.md §10, §11).
#
#   HOSTSHIFT=/abs/path/to/hostshift sh tests/e2e.sh
#
# POSIX sh (runs under dash). Needs: cc (for the two helpers in tests/e2e/)
# and the usual tools (cmp, sed, grep, head, wc, find). python3 is optional:
# with it the JSON outputs are parsed and tools/gen_pages.py is checked to
# reproduce corpus/pages; without it the JSON outputs get a structural grep
# check and the generator check is reported as skipped.
#
# HOSTSHIFT_CORPUS=DIR runs the corpus invariants over another corpus root
# (pages/, adv/, maps/ with main, identity, shorter and none.map, MAPS: see
# corpus/README.md); default: the repository's corpus/.
#
# Prints one `FAIL: ...` line per failed check, then exactly one summary
# line `e2e: N passed, M failed`; exits 1 if any check failed.

PASS=0
FAIL=0

pass() { PASS=$((PASS + 1)); }
fail() {
	FAIL=$((FAIL + 1))
	printf 'FAIL: %s\n' "$*" | tr '\n' ' ' | sed 's/ *$//'
	echo
}
SKIPPED=
summary() {
	if [ -n "$SKIPPED" ]; then echo "e2e: skipped (not counted as passed):$SKIPPED"; fi
	echo "e2e: $PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}

if [ -z "${HOSTSHIFT:-}" ]; then
	echo "e2e: HOSTSHIFT is not set; run as HOSTSHIFT=/abs/path/to/hostshift sh tests/e2e.sh" >&2
	echo "e2e: 0 passed, 1 failed"
	exit 2
fi
case $HOSTSHIFT in
/*) H=$HOSTSHIFT ;;
*) H=$(pwd)/$HOSTSHIFT ;;
esac
if [ ! -f "$H" ] || [ ! -x "$H" ]; then
	echo "e2e: HOSTSHIFT=$HOSTSHIFT is not an executable file" >&2
	echo "e2e: 0 passed, 1 failed"
	exit 2
fi

HERE=$(cd "$(dirname "$0")" && pwd) || exit 2 # .../tests
ROOT=$(cd "$HERE/.." && pwd) || exit 2        # the repository
E2E=$HERE/e2e                                 # fixtures, expected outputs, helpers
EXP=$E2E/expected
TEXT=$ROOT/corpus/text
MAP=$E2E/example.map
SC=${HOSTSHIFT_CORPUS:-$ROOT/corpus}
case $SC in /*) ;; *) SC=$(pwd)/$SC ;; esac
if [ ! -d "$SC" ]; then
	echo "e2e: HOSTSHIFT_CORPUS=$SC is not a directory" >&2
	echo "e2e: 0 passed, 1 failed"
	exit 2
fi
SC=$(cd "$SC" && pwd)

T=$(mktemp -d "${TMPDIR:-/tmp}/hostshift-e2e.XXXXXX") || {
	echo "e2e: cannot create a temp dir" >&2
	exit 2
}
# VALGRIND=1: every run of the binary goes through valgrind; an
# error exits 99, which no test expects.
# H_PLAIN: the binary itself, for the runs valgrind cannot wrap (a TMPDIR
# that names no directory stops valgrind before the program starts).
H_PLAIN=$H
if [ -n "${VALGRIND:-}" ]; then
	printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 "%s" "$@"\n' "$H" >"$T/hs-valgrind"
	chmod +x "$T/hs-valgrind"
	H=$T/hs-valgrind
fi
trap 'rm -rf "$T"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

HAVE_PY=
if command -v python3 >/dev/null 2>&1; then HAVE_PY=1; fi

# ---------------------------------------------------------------- helpers

# page_map NAME: the own map of $SC/pages/NAME.html, from $SC/MAPS (lines
# `PAGE.html MAPNAME`, `#` comments); main when MAPS does not name it.
page_map() {
	pm=
	if [ -f "$SC/MAPS" ]; then
		pm=$(sed -e 's/#.*//' "$SC/MAPS" | awk -v p="$1.html" '$1 == p && NF >= 2 { m = $2 } END { print m }')
	fi
	echo "${pm:-main}"
}

# main_page: the page the single-page checks use: MAPS's `main-page PAGE.html`
# line, else the first page in sorted order whose map is main.
main_page() {
	mp=
	if [ -f "$SC/MAPS" ]; then
		mp=$(sed -e 's/#.*//' "$SC/MAPS" | awk '$1 == "main-page" && NF >= 2 { m = $2 } END { print m }')
	fi
	if [ -z "$mp" ]; then
		for mp_f in "$SC"/pages/*.html; do
			mp_b=$(basename "$mp_f" .html)
			if [ "$(page_map "$mp_b")" = main ]; then
				mp=$mp_b.html
				break
			fi
		done
	fi
	echo "$mp"
}

# run ARGS...: run hostshift; stdout in $T/out, stderr in $T/err, status in RC.
# (stdin is whatever the caller redirects into `run`.)
run() {
	"$H" "$@" >"$T/out" 2>"$T/err"
	RC=$?
}

# oneline FILE: the first line of FILE, printable, at most 120 bytes.
oneline() {
	sed -n 1p "$1" | cut -c1-120 | tr -d '\n' | tr -c '[:print:]' '?'
}

# whatdiff GOT WANT: one-line description of the first difference.
whatdiff() {
	wd_c=$(cmp "$1" "$2" 2>&1 | sed -n 1p)
	wd_l=$(printf '%s\n' "$wd_c" | sed -n 's/.*line \([0-9][0-9]*\).*/\1/p')
	if [ -n "$wd_l" ]; then
		wd_g=$(sed -n "${wd_l}p" "$1" | cut -c1-100 | tr -d '\n' | tr -c '[:print:]' '?')
		wd_w=$(sed -n "${wd_l}p" "$2" | cut -c1-100 | tr -d '\n' | tr -c '[:print:]' '?')
		printf '%s; got [%s] want [%s]' "$wd_c" "$wd_g" "$wd_w"
	else
		printf '%s' "$wd_c"
	fi
}

# same NAME GOT WANT: files byte-identical.
same() {
	if cmp -s "$2" "$3"; then pass; else fail "$1: $(whatdiff "$2" "$3")"; fi
}

# rc_is NAME WANT: the last run's status.
rc_is() {
	if [ "$RC" -eq "$2" ]; then
		pass
	else
		fail "$1: exit $RC, want $2 (stderr: $(oneline "$T/err"))"
	fi
}

# empty NAME FILE WHAT: FILE is empty.
empty() {
	if [ ! -s "$2" ]; then pass; else fail "$1: $3 not empty: $(oneline "$2")"; fi
}

# has NAME FILE STRING: FILE contains the fixed STRING.
has() {
	if grep -F -q -e "$3" "$2"; then pass; else fail "$1: no '$3' in $(oneline "$2")"; fi
}

# msg_prefix NAME: every stderr line of the last run starts `hostshift: `
# (the usage hint line `Try 'hostshift --help' ...` excepted).
msg_prefix() {
	if [ ! -s "$T/err" ]; then
		fail "$1: nothing on stderr"
	elif grep -v -e '^hostshift: ' -e "^Try 'hostshift --help'" "$T/err" >/dev/null; then
		fail "$1: stderr line without 'hostshift: ': $(grep -v -e '^hostshift: ' "$T/err" | sed -n 1p)"
	else
		pass
	fi
}

# usage_err NAME WANT_STDERR_STRING ARGS...: exit 2, stdout empty, message.
usage_err() {
	ue_name=$1
	ue_want=$2
	shift 2
	run "$@" </dev/null
	rc_is "$ue_name" 2
	empty "$ue_name" "$T/out" stdout
	has "$ue_name" "$T/err" "$ue_want"
	msg_prefix "$ue_name"
}

# io_err NAME ARGS...: exit 3, with a hostshift message.
io_err() {
	ie_name=$1
	shift
	run "$@" </dev/null
	rc_is "$ie_name" 3
	msg_prefix "$ie_name"
}

# tempfiles NAME DIR: no in-place temp file (.NAME.hs*) left in DIR.
tempfiles() {
	tf_left=$(find "$2" -name '.*.hs*' -print 2>/dev/null | sed -n 1p)
	if [ -z "$tf_left" ]; then pass; else fail "$1: temp file left behind: $tf_left"; fi
}

# json_lines NAME FILE: every line of FILE is one JSON object.
json_lines() {
	if [ -n "$HAVE_PY" ]; then
		if python3 -c 'import json,sys
for l in sys.stdin:
    o = json.loads(l)
    assert isinstance(o, dict), l' <"$2" 2>"$T/pyerr"; then
			pass
		else
			fail "$1: not JSON lines: $(tail -n 1 "$T/pyerr")"
		fi
	elif grep -v -e '^{"kind":"[a-z]*",.*}$' "$2" >/dev/null; then
		fail "$1: line not shaped like a JSON object: $(grep -v '^{"kind"' "$2" | sed -n 1p)"
	else
		pass
	fi
}

# ---------------------------------------------------------------- helpers: build

HELPERS=
if command -v cc >/dev/null 2>&1; then
	if cc -std=c11 -O2 -o "$T/trickle" "$E2E/trickle.c" 2>"$T/cc.err" &&
		cc -std=c11 -O2 -o "$T/gen" "$E2E/gen.c" 2>>"$T/cc.err" &&
		cc -std=c11 -O2 -o "$T/maxrss" "$E2E/maxrss.c" 2>>"$T/cc.err"; then
		HELPERS=1
		pass
	else
		fail "helpers: cc failed on tests/e2e/trickle.c, gen.c or maxrss.c: $(oneline "$T/cc.err")"
	fi
else
	fail "helpers: no cc; the chunking and broken-pipe tests cannot run"
fi

# ---------------------------------------------------------------- fixtures

mkdir "$T/w" || exit 2
cd "$T/w" || exit 2
cp "$TEXT/check.txt" "$TEXT/clean.txt" "$TEXT/stats.txt" . || exit 2

# ---------------------------------------------------------------- help, version

run -h
rc_is "-h" 0
has "-h: usage on stdout" "$T/out" "Usage: hostshift"
empty "-h" "$T/err" stderr
run --help
rc_is "--help" 0
has "--help: usage on stdout" "$T/out" "Usage: hostshift"

printf 'hostshift 0.1.0\n' >"$T/version"
run -V
rc_is "-V" 0
same "-V: stdout" "$T/out" "$T/version"
empty "-V" "$T/err" stderr
run --version
rc_is "--version" 0
same "--version: stdout" "$T/out" "$T/version"

# ---------------------------------------------------------------- exit 0

run -m "$MAP" stats.txt
rc_is "rewrite stats.txt" 0
same "rewrite stats.txt: stdout" "$T/out" "$EXP/stats.out"
empty "rewrite stats.txt" "$T/err" stderr

run -m "$MAP" check.txt
rc_is "rewrite check.txt" 0
same "rewrite check.txt: stdout" "$T/out" "$EXP/check.rewritten"

run -m "$MAP" <check.txt
rc_is "rewrite stdin" 0
same "rewrite stdin: stdout" "$T/out" "$EXP/check.rewritten"

run -m "$MAP" - <check.txt
rc_is "rewrite '-'" 0
same "rewrite '-': stdout" "$T/out" "$EXP/check.rewritten"

run -p https://www.example.fi=https://wt-a--example.ddev.site \
	-p https://shop.example.fi:8443=https://wt-a--shop.example.ddev.site check.txt
rc_is "-p pairs" 0
same "-p pairs: stdout" "$T/out" "$EXP/check.rewritten"

run --map="$MAP" --type=text check.txt
rc_is "--map= --type=text" 0
same "--map= --type=text: stdout" "$T/out" "$EXP/check.rewritten"

# NUL bytes, invalid UTF-8 and a missing final newline pass through.
printf 'a\000b\377\376 https://www.example.fi/\000\300' >"$T/bin.in"
printf 'a\000b\377\376 https://wt-a--example.ddev.site/\000\300' >"$T/bin.want"
run -m "$MAP" "$T/bin.in"
rc_is "binary bytes" 0
same "binary bytes: stdout" "$T/out" "$T/bin.want"

# A .json file that is not JSON: processed as text from where it stops
# being JSON (here: its first byte), with one warning.
cp stats.txt data.json
run -m "$MAP" data.json
rc_is ".json as text" 0
same ".json as text: stdout" "$T/out" "$EXP/stats.out"
has ".json as text: warning" "$T/err" "hostshift: data.json: malformed JSON at offset 0 (not JSON); the rest is processed as text"
run -q -m "$MAP" data.json
rc_is ".json -q" 0
empty ".json -q" "$T/err" stderr

# ---------------------------------------------------------------- exit 2: usage

# Bad map lines: a comment, a blank line and a good pair come first, so the
# bad one is line 4.
n=0
while IFS= read -r badline; do
	n=$((n + 1))
	printf '# site map\n\nhttps://www.example.fi https://wt-a--example.ddev.site\n%s\n' "$badline" >"$T/bad$n.map"
	usage_err "bad map line '$badline'" "hostshift: $T/bad$n.map:4: " -m "$T/bad$n.map" stats.txt
done <<'EOF'
https://a.example
https://a.example https://b.example https://c.example
ftp://a.example https://b.example
a.example https://b.example
https://a.example/path https://b.example
https://a.example https://b.example?q=1
https://user@a.example https://b.example
https://a.example#f https://b.example
https:// https://b.example
https://a.example:80x https://b.example
EOF

# Nothing is read or written after a map error: -i leaves the file alone.
cp check.txt "$T/untouched.txt"
usage_err "bad map with -i" "hostshift: $T/bad1.map:4: " -m "$T/bad1.map" -i "$T/untouched.txt"
same "bad map with -i: file untouched" "$T/untouched.txt" check.txt

usage_err "map file missing" "hostshift: " -m "$T/no-such.map" stats.txt
usage_err "unknown long option" "Try 'hostshift --help'" --bogus -m "$MAP" stats.txt
usage_err "unknown short option" "Try 'hostshift --help'" -x -m "$MAP" stats.txt
usage_err "no map" "Try 'hostshift --help'" stats.txt
usage_err "no map, stdin" "hostshift: " -s
usage_err "-t unknown" "Try 'hostshift --help'" -t bogus -m "$MAP" stats.txt
usage_err "-i without FILE" "Try 'hostshift --help'" -i -m "$MAP"
usage_err "-i with -" "Try 'hostshift --help'" -i -m "$MAP" -
usage_err "-i with --check" "Try 'hostshift --help'" -i -c -m "$MAP" stats.txt

# Maps refused by validation (rules.md §1.3), with file and line.
printf 'https://a.example https://v1.example\nhttps://A.example:443/ https://v2.example\n' >"$T/dup.map"
usage_err "duplicate canonical" "hostshift: $T/dup.map:2:" -m "$T/dup.map" stats.txt
printf 'https://a.example https://v.example\nhttps://b.example https://v.example:8443\n' >"$T/v3.map"
usage_err "two sites share a variant host" "hostshift: $T/v3.map:2:" -m "$T/v3.map" stats.txt
printf 'https://a.example https://b.example\nhttps://b.example https://c.example\n' >"$T/v5.map"
usage_err "variant is another site's canonical" "hostshift: $T/v5.map:" -m "$T/v5.map" stats.txt
printf 'http://h.example https://one.example\nhttps://h.example https://two.example\n' >"$T/v6c.map"
usage_err "host:port mapped two ways" "hostshift: $T/v6c.map:2:" -m "$T/v6c.map" stats.txt
# Fixed-point probe: the variant http://c.example:8081 is the canonical
# https://c.example:8081 by host and port, so a second pass would rewrite it.
printf 'https://c.example http://c.example:8081\nhttps://c.example:8081 https://v.example\n' >"$T/fp.map"
usage_err "fixed-point probe" "hostshift: $T/fp.map:1:" -m "$T/fp.map" stats.txt
usage_err "fixed-point probe, -p" "hostshift: " \
	-p https://c.example=http://c.example:8081 -p https://c.example:8081=https://v.example stats.txt
printf '# nothing here\n\n' >"$T/empty.map"
usage_err "empty map" "hostshift: " -m "$T/empty.map" stats.txt

# Legal maps: containment, scheme-only change, a port-only change.
printf 'https://acmecorp.ddev.site https://wt-a--acmecorp.ddev.site\nhttps://nat.acmecorp.ddev.site https://nat.wt-a--acmecorp.ddev.site\n' >"$T/contain.map"
run -m "$T/contain.map" stats.txt
rc_is "containment map is legal" 0
run -p http://www.example.fi=https://www.example.fi stats.txt
rc_is "scheme-only map is legal" 0
run -p https://example.fi=https://example.fi:8443 stats.txt
rc_is "port-only map is legal" 0

# ---------------------------------------------------------------- exit 3: I/O

io_err "nonexistent FILE" -m "$MAP" "$T/no/such/file"
io_err "FILE is a directory" -m "$MAP" "$T"
run -m "$MAP" stats.txt "$T/no-such-file"
rc_is "second FILE missing" 3
same "second FILE missing: first output kept" "$T/out" "$EXP/stats.out"

if [ -c /dev/full ]; then
	"$H" -m "$MAP" stats.txt >/dev/full 2>"$T/err"
	RC=$?
	rc_is "write to /dev/full" 3
	msg_prefix "write to /dev/full"
	"$H" -m "$MAP" <check.txt >/dev/full 2>"$T/err"
	RC=$?
	rc_is "stdin to /dev/full" 3
	"$H" -m "$MAP" -c check.txt >/dev/full 2>"$T/err"
	RC=$?
	rc_is "--check to /dev/full" 3
fi

# ---------------------------------------------------------------- generated text

# gen: >= 1 MB dense with origins of example.map in every spelling (§11.3).
if [ -n "$HELPERS" ]; then
	"$T/gen" 1200000 20240601 >"$T/full.txt"
	head -c 200000 "$T/full.txt" >"$T/pre.txt"
	cat "$T/full.txt" "$T/full.txt" "$T/full.txt" "$T/full.txt" >"$T/big.txt"
fi

# ---------------------------------------------------------------- broken pipe

if [ -n "$HELPERS" ]; then
	{
		"$H" -m "$MAP" "$T/big.txt" 2>"$T/bp.err"
		echo $? >"$T/bp.rc"
	} | head -c 10 >/dev/null
	RC=$(cat "$T/bp.rc" 2>/dev/null || echo 999)
	cp "$T/bp.err" "$T/err"
	rc_is "broken pipe (FILE)" 3
	empty "broken pipe (FILE)" "$T/bp.err" stderr
	{
		"$H" -m "$MAP" <"$T/big.txt" 2>"$T/bp.err"
		echo $? >"$T/bp.rc"
	} | head -c 10 >/dev/null
	RC=$(cat "$T/bp.rc" 2>/dev/null || echo 999)
	cp "$T/bp.err" "$T/err"
	rc_is "broken pipe (stdin)" 3
	empty "broken pipe (stdin)" "$T/bp.err" stderr
fi

# ---------------------------------------------------------------- check mode

run -m "$MAP" -c check.txt
rc_is "--check" 1
same "--check: findings" "$T/out" "$EXP/check.out"
empty "--check" "$T/err" stderr

sed 's/^check\.txt:/-:/' "$EXP/check.out" >"$T/check-stdin.out"
run -m "$MAP" --check <check.txt
rc_is "--check stdin" 1
same "--check stdin: named -" "$T/out" "$T/check-stdin.out"
run -m "$MAP" --check - <check.txt
rc_is "--check '-'" 1
same "--check '-': named -" "$T/out" "$T/check-stdin.out"

run -m "$MAP" -c clean.txt
rc_is "--check clean file" 0
empty "--check clean file" "$T/out" stdout
empty "--check clean file" "$T/err" stderr

run -m "$MAP" -c clean.txt check.txt clean.txt
rc_is "--check several FILEs" 1
same "--check several FILEs: findings" "$T/out" "$EXP/check.out"

cp "$EXP/check.rewritten" rewritten.txt
run -m "$MAP" -c rewritten.txt
rc_is "--check already rewritten" 0
empty "--check already rewritten" "$T/out" stdout

run -m "$MAP" -c --json check.txt
rc_is "--check --json" 1
if [ "$(wc -l <"$T/out")" -eq "$(wc -l <"$EXP/check.out")" ]; then pass; else
	fail "--check --json: $(wc -l <"$T/out") lines, want $(wc -l <"$EXP/check.out")"
fi
json_lines "--check --json" "$T/out"
if [ -n "$HAVE_PY" ]; then
	# The JSON findings say exactly what the text findings say.
	python3 -c 'import json,sys
for l in sys.stdin:
    o = json.loads(l)
    print("%s:%d:%d: %s (%s)" % (o["file"], o["line"], o["column"], o["origin"], o["surface"]))' \
		<"$T/out" >"$T/json2text" 2>"$T/pyerr"
	same "--check --json: fields" "$T/json2text" "$EXP/check.out"
fi
head -n 1 "$T/out" >"$T/json1"
printf '{"kind":"finding","file":"check.txt","line":2,"column":6,"origin":"https://www.example.fi","surface":"text"}\n' >"$T/json1.want"
same "--check --json: first line" "$T/json1" "$T/json1.want"

# Findings are listed as found: the values of a start tag before the
# straggler the sweep finds in the tag's bytes, even when the bytes
# written before a later value fill a sweep batch (html writes each
# changed value when it is known, but not while events are listed).
{
	printf '<img src=x https://www.example.fi/b.jpg title="'
	i=0
	while [ $i -lt 700 ]; do printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; i=$((i + 1)); done
	printf '" alt="https://www.example.fi/a" data-x="https://www.example.fi/c">\n'
} >"$T/order.html"
run -m "$MAP" -q -t html -c "$T/order.html"
rc_is "--check: order in a long tag" 1
printf '%s\n' "$T/order.html:1:70055: https://www.example.fi (html-attr)" \
	"$T/order.html:1:70089: https://www.example.fi (html-attr)" \
	"$T/order.html:1:12: https://www.example.fi (straggler)" >"$T/order.want"
same "--check: order in a long tag" "$T/out" "$T/order.want"

# ---------------------------------------------------------------- in place

mkdir "$T/ip" || exit 2
cp check.txt "$T/ip/a.txt"
chmod 640 "$T/ip/a.txt"
run -m "$MAP" -i "$T/ip/a.txt"
rc_is "-i" 0
empty "-i" "$T/out" stdout
same "-i: file rewritten" "$T/ip/a.txt" "$EXP/check.rewritten"
# shellcheck disable=SC2012
if [ "$(ls -l "$T/ip/a.txt" | cut -c1-10)" = "-rw-r-----" ]; then pass; else
	# shellcheck disable=SC2012
	fail "-i: mode not kept: $(ls -l "$T/ip/a.txt" | cut -c1-10), want -rw-r-----"
fi
tempfiles "-i" "$T/ip"

cp check.txt "$T/ip/b.txt"
run -m "$MAP" -i.bak "$T/ip/b.txt"
rc_is "-i.bak" 0
same "-i.bak: file rewritten" "$T/ip/b.txt" "$EXP/check.rewritten"
same "-i.bak: backup is the original" "$T/ip/b.txt.bak" check.txt

cp check.txt "$T/ip/c.txt"
cp stats.txt "$T/ip/d.txt"
run -m "$MAP" --in-place=.orig "$T/ip/c.txt" "$T/ip/d.txt"
rc_is "--in-place=.orig, two FILEs" 0
same "--in-place=.orig: first rewritten" "$T/ip/c.txt" "$EXP/check.rewritten"
same "--in-place=.orig: second rewritten" "$T/ip/d.txt" "$EXP/stats.out"
same "--in-place=.orig: first backup" "$T/ip/c.txt.orig" check.txt
same "--in-place=.orig: second backup" "$T/ip/d.txt.orig" stats.txt
tempfiles "--in-place=.orig" "$T/ip"

cp check.txt "$T/ip/e.txt"
run -m "$MAP" -n -i "$T/ip/e.txt"
rc_is "-n -i" 0
same "-n -i: file not touched" "$T/ip/e.txt" check.txt

# Failures. As root, permissions do not stop writes, so fail otherwise.
mkdir "$T/ip/dir"
io_err "-i on a directory" -m "$MAP" -i "$T/ip/dir"
if [ -d "$T/ip/dir" ]; then pass; else fail "-i on a directory: directory gone"; fi
io_err "-i, directory does not exist" -m "$MAP" -i "$T/ip/nodir/x.txt"
tempfiles "-i failures" "$T/ip"

# The backup cannot be made (FILE.bak is a non-empty directory).
cp check.txt "$T/ip/f.txt"
mkdir -p "$T/ip/f.txt.bak/sub"
io_err "-i.bak, backup impossible" -m "$MAP" -i.bak "$T/ip/f.txt"
same "-i.bak, backup impossible: original intact" "$T/ip/f.txt" check.txt
tempfiles "-i.bak, backup impossible" "$T/ip"

# The write itself fails: a file size limit (ulimit -f, in 512-byte blocks,
# with SIGXFSZ ignored so write(2) returns EFBIG) smaller than the output.
if [ -n "$HELPERS" ]; then
	cp "$T/pre.txt" "$T/ip/g.txt"
	(
		trap '' XFSZ
		ulimit -f 64 && exec "$H" -m "$MAP" -i.bak "$T/ip/g.txt"
	) >"$T/out" 2>"$T/err"
	RC=$?
	rc_is "-i, write fails (EFBIG)" 3
	msg_prefix "-i, write fails (EFBIG)"
	same "-i, write fails: original intact" "$T/ip/g.txt" "$T/pre.txt"
	if [ -e "$T/ip/g.txt.bak" ]; then fail "-i, write fails: backup made anyway"; else pass; fi
	tempfiles "-i, write fails" "$T/ip"
fi

# ---------------------------------------------------------------- dry run

run -m "$MAP" -n stats.txt
rc_is "-n" 0
same "-n: output equals input" "$T/out" stats.txt
empty "-n" "$T/err" stderr

run -m "$MAP" -n -s stats.txt
rc_is "-n -s" 0
same "-n -s: output equals input" "$T/out" stats.txt
same "-n -s: report" "$T/err" "$EXP/stats-dry.err"

run -m "$MAP" --no-sweep -s stats.txt
rc_is "--no-sweep -s" 0
same "--no-sweep -s: output" "$T/out" "$EXP/stats.out"
same "--no-sweep -s: report" "$T/err" "$EXP/stats-nosweep.err"

MAINPAGE=$(main_page)
run -q -t text -m "$SC/maps/main.map" --dry-run "$SC/pages/$MAINPAGE"
rc_is "-n $MAINPAGE" 0
same "-n $MAINPAGE: output equals input" "$T/out" "$SC/pages/$MAINPAGE"

# ---------------------------------------------------------------- stats, explain

run -m "$MAP" -s stats.txt
rc_is "-s" 0
same "-s: output" "$T/out" "$EXP/stats.out"
same "-s: report" "$T/err" "$EXP/stats.err"

run -m "$MAP" -e stats.txt
rc_is "-e" 0
same "-e: report" "$T/err" "$EXP/explain.err"

# A repaired serialized length with more digits (95 -> 113) moves
# everything after it one byte on; the sweep's straggler on the next line is
# still reported at the offset the text pass found it at (the offset marks
# of rules.md §6.3 cover the new digits). The sweep sees nothing inside the
# serialized value itself (§6.4): its skip at 76 is the text pass's alone.
printf 'a:1:{s:1:"k";s:95:"https://www.example.fi/a https://www.example.fi/a xxxxxx https://www.example.fi.cdn.example.net";}\nhttps://www.example.fi.cdn.example.net\n' >"$T/ser-sweep.txt"
run -t text -m "$MAP" -e "$T/ser-sweep.txt"
rc_is "-e, serialized length grows" 0
has "-e, serialized length grows: output" "$T/out" 's:113:"https://wt-a--example.ddev.site/a'
ss_text=$(awk '$4 == "not-a-url" && $5 == "text" { print $1 }' "$T/err" | tr '\n' ' ')
ss_sweep=$(awk '$4 == "not-a-url" && $5 == "straggler" { print $1 }' "$T/err" | tr '\n' ' ')
if [ "$ss_text" = "76 118 " ] && [ "$ss_sweep" = "118 " ]; then pass; else
	fail "-e, serialized length grows: straggler at '$ss_sweep', text events at '$ss_text', want '118 ' and '76 118 '"
fi

# one type line, then the counters, then the events
{ cat "$EXP/stats.err"; sed 1d "$EXP/explain.err"; } >"$T/stats-explain.err"
run -m "$MAP" --stats --explain <stats.txt
rc_is "--stats --explain" 0
same "--stats --explain: report" "$T/err" "$T/stats-explain.err"

# --json: every line of stderr is one JSON object (NDJSON): one per input
# ("kind":"input"), then the run's summary ("kind":"summary").
run -m "$MAP" -s --json stats.txt
rc_is "-s --json" 0
same "-s --json: output" "$T/out" "$EXP/stats.out"
json_lines "-s --json" "$T/err"
if [ -n "$HAVE_PY" ]; then
	if python3 -c 'import json,sys
ls = [json.loads(l) for l in sys.stdin]
assert [o["kind"] for o in ls] == ["input", "summary"], ls
o = ls[0]
for k in ("rewrites", "candidates", "skips", "bytes"):
    assert k in o, "no key %r" % k
assert o["file"] == "stats.txt", o["file"]
assert o["type"] == "text" and o["type_by"] == "sniffed", o
assert o["rewrites"] == {"text": 2}, o["rewrites"]
assert o["candidates"] == {"straggler": 3, "text": 5}, o["candidates"]
assert o["skips"] == {"host-not-in-map": 2, "not-a-url": 2, "unanchored": 2}, o["skips"]
assert o["bytes"] == {"in": 126, "out": 144}, o["bytes"]
assert "events" not in o, "events without -e"
s = ls[1]
assert s["inputs"] == 1 and s["status"] == 0 and s["rewrites"] == {"text": 2}, s
assert "findings" not in s and "changed" not in s, s' <"$T/err" 2>"$T/pyerr"; then pass; else
		fail "-s --json: $(tail -n 1 "$T/pyerr")"
	fi
else
	for key in '"kind":"input"' '"rewrites":{' '"candidates":{' '"skips":{' '"bytes":{' '"in":126' '"out":144' '"kind":"summary"'; do
		has "-s --json" "$T/err" "$key"
	done
	if [ "$(wc -l <"$T/err")" -eq 2 ]; then pass; else
		fail "-s --json: not two lines: $(oneline "$T/err")"
	fi
fi

run -m "$MAP" -s -e --json stats.txt
rc_is "-s -e --json" 0
json_lines "-s -e --json" "$T/err"
if [ -n "$HAVE_PY" ]; then
	if python3 -c 'import json,sys
o = json.loads(sys.stdin.readline())
ev = o["events"]
assert len(ev) == 8, len(ev)
assert [e["offset"] for e in ev] == [2, 32, 32, 51, 51, 82, 82, 109], ev
assert ev[0] == {"offset": 2, "line": 1, "column": 3, "surface": "text", "text": "https://www.example.fi", "action": "rewrote"}, ev[0]
assert ev[1]["reason"] == "unanchored" and ev[1]["action"] == "skipped", ev[1]
assert ev[2]["surface"] == "straggler", ev[2]' <"$T/err" 2>"$T/pyerr"; then pass; else
		fail "-s -e --json: $(tail -n 1 "$T/pyerr")"
	fi
else
	has "-s -e --json" "$T/err" '"events":['
	has "-s -e --json" "$T/err" '{"offset":2,"line":1,"column":3,"surface":"text","text":"https://www.example.fi","action":"rewrote"}'
fi

# Several FILEs: one report per file, each preceded by `==> FILE <==`, and
# the outputs concatenated like cat.
cp stats.txt stats2.txt
{
	echo "==> stats.txt <=="
	cat "$EXP/stats.err"
	echo "==> stats2.txt <=="
	cat "$EXP/stats.err"
} >"$T/multi.err"
cat "$EXP/stats.out" "$EXP/stats.out" >"$T/multi.out"
run -m "$MAP" -s stats.txt stats2.txt
rc_is "-s two FILEs" 0
same "-s two FILEs: output" "$T/out" "$T/multi.out"
same "-s two FILEs: reports" "$T/err" "$T/multi.err"

cat "$EXP/stats.out" "$EXP/check.rewritten" "$EXP/stats.out" >"$T/multi3.out"
run -m "$MAP" -s -e stats.txt - stats2.txt <check.txt
rc_is "-s -e three FILEs" 0
same "-s -e three FILEs: output" "$T/out" "$T/multi3.out"
grep '^==> ' "$T/err" >"$T/headers"
printf '==> stats.txt <==\n==> - <==\n==> stats2.txt <==\n' >"$T/headers.want"
same "-s -e three FILEs: headers" "$T/headers" "$T/headers.want"

run -m "$MAP" -s --json stats.txt - <check.txt
rc_is "-s --json two FILEs" 0
json_lines "-s --json two FILEs" "$T/err"
if [ -n "$HAVE_PY" ]; then
	if python3 -c 'import json,sys
objs = [json.loads(l) for l in sys.stdin]
assert [o["kind"] for o in objs] == ["input", "input", "summary"], objs
assert [o["file"] for o in objs[:2]] == ["stats.txt", "-"], [o.get("file") for o in objs]
assert objs[0]["rewrites"] == {"text": 2}, objs[0]["rewrites"]
assert objs[1]["rewrites"] == {"text": 12}, objs[1]["rewrites"]
s = objs[2]
assert s["inputs"] == 2 and s["rewrites"] == {"text": 14}, s
assert s["bytes"]["in"] == objs[0]["bytes"]["in"] + objs[1]["bytes"]["in"], s' <"$T/err" 2>"$T/pyerr"; then pass; else
		fail "-s --json two FILEs: $(tail -n 1 "$T/pyerr")"
	fi
else
	has "-s --json two FILEs" "$T/err" '"file":"stats.txt"'
	has "-s --json two FILEs" "$T/err" '"file":"-"'
fi

# ---------------------------------------------------------------- corpus invariants


# https_schemes MAP <in >out: write `http://C` and `http:\/\/C` as https for
# every https canonical C of MAP. The forward rewrite writes the variant's
# scheme and --reverse the canonical's (rules.md §2.2), so a page
# that links its own https site with http:// comes back with https://.
https_schemes() {
	hs_sed=
	# shellcheck disable=SC2013
	for hs_c in $(sed -e 's/#.*//' -e 's/^[[:space:]]*\([^[:space:]]*\).*/\1/' "$1"); do
		case $hs_c in https://*:* | https://*/*) continue ;; https://*) ;; *) continue ;; esac
		hs_h=${hs_c#https://}
		hs_re=$(printf '%s' "$hs_h" | sed 's/\./\\./g')
		hs_sed="$hs_sed -e s#http://$hs_re\\([^A-Za-z0-9._-]\\)#https://$hs_h\\1#g"
		hs_sed="$hs_sed -e s#http://$hs_re\$#https://$hs_h#"
		hs_sed="$hs_sed -e s#http:\\\\/\\\\/$hs_re\\([^A-Za-z0-9._-]\\)#https:\\\\/\\\\/$hs_h\\1#g"
	done
	set -f
	# shellcheck disable=SC2086
	sed $hs_sed
	set +f
}

# Reverse round trip, exactly as a user runs it (no -q, no -t).
"$H" -m "$SC/maps/main.map" <"$SC/pages/$MAINPAGE" 2>/dev/null |
	"$H" -R -m "$SC/maps/main.map" >"$T/rt" 2>/dev/null
if [ -f "$SC/pages/reverse/$MAINPAGE" ]; then
	same "reverse round trip $MAINPAGE" "$T/rt" "$SC/pages/reverse/$MAINPAGE"
else
	same "reverse round trip $MAINPAGE" "$T/rt" "$SC/pages/$MAINPAGE"
fi

npages=0
for page in "$SC"/pages/*.html; do
	[ -f "$page" ] || continue
	npages=$((npages + 1))
	p=$(basename "$page" .html)
	m=$SC/maps/$(page_map "$p").map
	if [ ! -f "$m" ]; then
		fail "pages/$p.html: its map $m (from $SC/MAPS) does not exist"
		continue
	fi
	run -q -t text -m "$m" "$page"
	rc_is "pages/$p.html rewrite" 0
	empty "pages/$p.html rewrite" "$T/err" stderr
	cp "$T/out" "$T/fw"
	if cmp -s "$T/fw" "$page"; then fail "pages/$p.html: nothing rewritten with $(basename "$m")"; else pass; fi

	# Splice-only: same line count.
	if [ "$(wc -l <"$T/fw")" -eq "$(wc -l <"$page")" ]; then pass; else
		fail "pages/$p.html: line count $(wc -l <"$T/fw"), want $(wc -l <"$page")"
	fi
	# Idempotence: a second pass changes nothing.
	"$H" -q -t text -m "$m" "$T/fw" >"$T/fw2" 2>/dev/null
	same "pages/$p.html idempotence" "$T/fw2" "$T/fw"
	# The output checks clean.
	run -q -t text -m "$m" -c "$T/fw"
	rc_is "pages/$p.html output checks clean" 0
	# Reverse round trip: the page itself, with https written for http://C
	# of an https canonical; or, where the corpus gives it, pages/reverse/
	# (the page with every normalising spelling written as -R writes it).
	"$H" -q -t text -R -m "$m" <"$T/fw" >"$T/rt" 2>/dev/null
	if [ -f "$SC/pages/reverse/$p.html" ]; then
		cp "$SC/pages/reverse/$p.html" "$T/rt.want"
	else
		https_schemes "$m" <"$page" >"$T/rt.want"
	fi
	same "pages/$p.html reverse round trip" "$T/rt" "$T/rt.want"
done
if [ "$npages" -ge 3 ]; then pass; else fail "only $npages pages under $SC/pages"; fi

# Splice-only with a map that shrinks the output.
run -q -t text -m "$SC/maps/shorter.map" "$SC/pages/$MAINPAGE"
rc_is "$MAINPAGE shorter.map" 0
if [ "$(wc -l <"$T/out")" -eq "$(wc -l <"$SC/pages/$MAINPAGE")" ]; then pass; else
	fail "$MAINPAGE shorter.map: line count changed"
fi
if cmp -s "$T/out" "$SC/pages/$MAINPAGE"; then fail "$MAINPAGE shorter.map: nothing rewritten"; else pass; fi
cp "$T/out" "$T/fw"
"$H" -q -t text -m "$SC/maps/shorter.map" "$T/fw" >"$T/fw2" 2>/dev/null
same "$MAINPAGE shorter.map idempotence" "$T/fw2" "$T/fw"

# Identity invariant: every file of the corpus root (and of the
# repository's corpus when the root is another one), read as text, comes
# out byte-identical with identity.map and with none.map.
if [ "$SC" = "$ROOT/corpus" ]; then
	find -L "$SC" -type f >"$T/files"
else
	find -L "$SC" "$ROOT/corpus" -type f >"$T/files"
fi
nid=0
while IFS= read -r f; do
	nid=$((nid + 1))
	"$H" -t text -q -m "$SC/maps/identity.map" "$f" >"$T/out" 2>"$T/err"
	RC=$?
	if [ "$RC" -ne 0 ]; then
		fail "identity $f: exit $RC ($(oneline "$T/err"))"
	elif ! cmp -s "$T/out" "$f"; then
		fail "identity $f: $(whatdiff "$T/out" "$f")"
	else
		pass
	fi
	# A map whose origins occur nowhere passes everything through
	# (none.map itself does name them).
	if grep -q 'nowhere\.invalid' "$f"; then continue; fi
	"$H" -t text -q -m "$SC/maps/none.map" <"$f" >"$T/out" 2>/dev/null
	if cmp -s "$T/out" "$f"; then pass; else fail "none.map $f: $(whatdiff "$T/out" "$f")"; fi
done <"$T/files"
if [ "$nid" -ge 50 ]; then pass; else fail "identity: only $nid files found under $SC"; fi

# The committed pages are what tools/gen_pages.py writes (it is seeded).
if [ -n "$HAVE_PY" ]; then
	if python3 "$ROOT/tools/gen_pages.py" "$T/genpages" >"$T/generr" 2>&1 &&
		diff -r "$T/genpages" "$ROOT/corpus/pages" >"$T/gendiff" 2>&1; then pass; else
		fail "tools/gen_pages.py does not reproduce corpus/pages: $(cat "$T/generr" "$T/gendiff" 2>/dev/null | tail -n 3 | tr '\n' ' ')"
	fi
	rm -rf "$T/genpages"
else
	SKIPPED="$SKIPPED gen_pages-reproducible"
	echo "e2e: SKIPPED: tools/gen_pages.py reproduces corpus/pages (no python3)"
fi

# ---------------------------------------------------------------- dumps and compressed input (rules.md §13.2)

# A WordPress WXR export is XML, read as text (from stdin by `<?xml`, from
# a file by `.xml`): post meta in CDATA, serialized, one string holding a
# newline and a `>`, is repaired (the html tokenizer would end the CDATA at
# the `>` and leave the length stale).
printf '%s\n' '<?xml version="1.0" encoding="UTF-8" ?>' '<rss><channel><item>' \
	'<wp:meta_value><![CDATA[a:1:{s:1:"u";s:26:"<b>' 'https://www.example.fi";}]]></wp:meta_value>' \
	'</item></channel></rss>' >"$T/wxr.xml"
printf '%s\n' '<?xml version="1.0" encoding="UTF-8" ?>' '<rss><channel><item>' \
	'<wp:meta_value><![CDATA[a:1:{s:1:"u";s:35:"<b>' 'https://wt-a--example.ddev.site";}]]></wp:meta_value>' \
	'</item></channel></rss>' >"$T/wxr.want"
run -p https://www.example.fi=https://wt-a--example.ddev.site <"$T/wxr.xml"
rc_is "wxr from stdin" 0
same "wxr from stdin: sniffed as text, repaired" "$T/out" "$T/wxr.want"
run -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/wxr.xml"
same "wxr.xml: text by its extension, repaired" "$T/out" "$T/wxr.want"

# Current MariaDB dumps open with the sandbox-mode comment: still sql, so a
# JSON column dumped with `\\/` is rewritten, and --check finds it before.
printf '%s\n' '/*M!999999\- enable the sandbox mode */' \
	'-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)' \
	'INSERT INTO `t` VALUES (1,'"'"'{\"u\":\"https:\\/\\/www.example.fi\\/a\"}'"'"');' >"$T/maria.sql"
sed 's,www\.example\.fi,wt-a--example.ddev.site,' "$T/maria.sql" >"$T/maria.want"
run -p https://www.example.fi=https://wt-a--example.ddev.site <"$T/maria.sql"
rc_is "mariadb sandbox line: rewrite" 0
same "mariadb sandbox line: sniffed as sql" "$T/out" "$T/maria.want"
run -p https://www.example.fi=https://wt-a--example.ddev.site --check <"$T/maria.sql"
rc_is "mariadb sandbox line: --check finds the escaped origin" 1
has "mariadb sandbox line: --check" "$T/out" '-:3:37: https:\\/\\/www.example.fi (sql-string)'

# Dialects (rules.md §8.3): sniffed from the dump's first lines, named by
# -s and --json, forced by --dialect. A pg_dump (COPY rows) and a SQLite
# .dump from stdin are read as sql in their own dialect.
printf '%s\n' '--' '-- PostgreSQL database dump' '--' '' '\restrict aKixLznAlfn' '' 'SET standard_conforming_strings = on;' \
	'COPY public.t (a, b) FROM stdin;' "1	https://www.example.fi/it's" '\.' '' >"$T/pg.sql"
sed 's,www\.example\.fi,wt-a--example.ddev.site,' "$T/pg.sql" >"$T/pg.want"
run -s -p https://www.example.fi=https://wt-a--example.ddev.site <"$T/pg.sql"
same "pg_dump from stdin: rewritten" "$T/out" "$T/pg.want"
has "pg_dump from stdin: -s names type and dialect" "$T/err" "type: sql (sniffed), dialect: postgres (sniffed)"
printf '%s\n' 'PRAGMA foreign_keys=OFF;' 'BEGIN TRANSACTION;' 'CREATE TABLE t(u);' \
	"INSERT INTO t VALUES(replace('a:1:{i:0;s:24:\"x\\nhttps://www.example.fi\";}','\\n',char(10)));" 'COMMIT;' >"$T/lite.sql"
printf '%s\n' 'PRAGMA foreign_keys=OFF;' 'BEGIN TRANSACTION;' 'CREATE TABLE t(u);' \
	"INSERT INTO t VALUES(replace('a:1:{i:0;s:33:\"x\\nhttps://wt-a--example.ddev.site\";}','\\n',char(10)));" 'COMMIT;' >"$T/lite.want"
run -s --json -p https://www.example.fi=https://wt-a--example.ddev.site <"$T/lite.sql"
same "sqlite .dump from stdin: rewritten, the length counting the newline once" "$T/out" "$T/lite.want"
has "sqlite .dump: --json names the dialect" "$T/err" '"dialect":"sqlite"'
has "sqlite .dump: --json names how" "$T/err" '"dialect_by":"sniffed"'
run -s --dialect=sqlite -p https://www.example.fi=https://wt-a--example.ddev.site "$T/maria.sql"
has "--dialect forces it" "$T/err" "type: sql (extension), dialect: sqlite (option)"
usage_err "--dialect=oracle" "unknown dialect 'oracle' (mysql, postgres, sqlite)" --dialect=oracle -p a.fi=b.fi
# Options of the sql type on another type are warned about, as is a
# --skip-column that never met its table and column.
run --skip-column=t.c --dialect=mysql -p https://www.example.fi=https://wt-a--example.ddev.site -t html </dev/null
rc_is "--skip-column on html" 0
has "--skip-column on html: warned" "$T/err" "hostshift: -: --skip-column applies to the sql type only; this input is read as html"
has "--dialect on html: warned" "$T/err" "hostshift: -: --dialect applies to the sql type only; this input is read as html"
run --skip-column=wp_options.nothere -p https://www.example.fi=https://wt-a--example.ddev.site "$T/pg.sql"
has "--skip-column never met: warned at the end" "$T/err" "hostshift: --skip-column=wp_options.nothere: no input had that table and column; nothing was skipped for it"
run --skip-column=t.b -p https://www.example.fi=https://wt-a--example.ddev.site "$T/pg.sql"
same "--skip-column=t.b: COPY field b untouched" "$T/out" "$T/pg.sql"
empty "--skip-column=t.b: met (a schema-qualified name)" "$T/err" stderr

# --check sees every type's spellings whatever the type, and searches
# binary literals (rules.md §10.6): the double-escaped JSON of a dump in a
# text file (a backslash run of two, §2.1, read by the text type itself),
# `\u002F` in an html page's text, and a `_binary` literal are found. The
# rewrite changes the first, so the result is clean; in html it leaves `\u002F` outside a script, and --check still
# says so; a `_binary` literal is never rewritten.
printf '%s\n' 'a https:\\/\\/www.example.fi/x b' >"$T/u1.txt"
printf '%s\n' '<p>a https:\u002F\u002Fwww.example.fi/x b</p>' >"$T/u2.html"
printf '%s\n' "INSERT INTO t VALUES (_binary 'https://www.example.fi/a');" >"$T/u3.sql"
for f in u1.txt u2.html u3.sql; do
	run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/$f"
	rc_is "--check $f: found" 1
done
run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/u1.txt"
has "--check text: the sql spelling" "$T/out" 'u1.txt:1:3: https:\\/\\/www.example.fi (text)'
run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/u3.sql"
has "--check sql: inside _binary" "$T/out" 'u3.sql:1:32: https://www.example.fi (sql-string)'
run -p https://www.example.fi=https://wt-a--example.ddev.site "$T/u1.txt"
cp "$T/out" "$T/re-u1.txt"
run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/re-u1.txt"
rc_is "--check u1.txt rewritten: clean" 0
run -p https://www.example.fi=https://wt-a--example.ddev.site "$T/u2.html"
cp "$T/out" "$T/re-u2.html"
same "html: \\u002F outside a script is not rewritten" "$T/re-u2.html" "$T/u2.html"
run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/re-u2.html"
rc_is "--check u2.html rewritten: still found" 1
run -p https://www.example.fi=https://wt-a--example.ddev.site "$T/u3.sql"
same "_binary literal: untouched by the rewrite" "$T/out" "$T/u3.sql"

# --no-serialized turns off serialized repair only: style sheets and text
# are still read by the locator (rules.md §3.9), and a style sheet's CSS
# reading is not undone by the sweep.
printf '%s\n' '<style>a{b:url(https://www.example.fi\2e evil.test/x)}</style>' >"$T/css1.html"
run --no-serialized -p https://www.example.fi=https://wt-a--example.ddev.site "$T/css1.html"
same "--no-serialized: a style sheet's CSS decline kept from the sweep" "$T/out" "$T/css1.html"
printf '%s\n' '<p>https:&#47;&#47;www.example.fi/x</p>' >"$T/txt1.html"
printf '%s\n' '<p>https:&#47;&#47;wt-a--example.ddev.site/x</p>' >"$T/txt1.want"
run --no-serialized -p https://www.example.fi=https://wt-a--example.ddev.site "$T/txt1.html"
same "--no-serialized: text read with its references" "$T/out" "$T/txt1.want"

# Compressed input is refused (exit 3, nothing on stdout), never passed
# through unexamined; --check does not call it clean.
printf 'x https://www.example.fi/\n' >"$T/plain.txt"
for z in gzip xz zstd bzip2; do
	command -v $z >/dev/null 2>&1 || continue
	$z -c "$T/plain.txt" >"$T/packed"
	run -p https://www.example.fi=https://wt-a--example.ddev.site "$T/packed"
	rc_is "$z input refused" 3
	empty "$z input refused" "$T/out" stdout
	case $z in gzip) cat=zcat ;; xz) cat=xzcat ;; zstd) cat=zstdcat ;; bzip2) cat=bzcat ;; esac
	has "$z input refused: says how" "$T/err" "hostshift: $T/packed: input is $z-compressed; decompress it first ($cat $T/packed | hostshift ...)"
	run -p https://www.example.fi=https://wt-a--example.ddev.site <"$T/packed"
	rc_is "$z input from stdin refused" 3
	has "$z input from stdin: says how" "$T/err" "hostshift: -: input is $z-compressed; decompress it first ($cat FILE | hostshift ...)"
	run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/packed"
	rc_is "$z input: --check is not clean" 3
done
# A serialized value over the 1 MiB value cap in a SQL literal is held in
# a temporary file and repaired (rules.md §11.2); in html, json and text it
# cannot have its lengths repaired here: it passes through untouched (no
# origin in it rewritten, by the structured pass or the sweep) and is
# reported; what follows it is rewritten as usual (rules.md §7.5, §11.2).
for h in www.example.fi wt-a--example.ddev.site; do
	awk -v h="$h" 'BEGIN { for (i = 0; i < 45000; i++) s = s "https://" h "/x "
		printf "INSERT INTO t VALUES (%s%s%d%s%s%s);\nINSERT INTO t VALUES (%shttps://" h "/%s);\n", "'"'"'",
			"a:1:{s:1:\\\"k\\\";s:", length(s), ":\\\"", s, "\\\";}'"'"'", "'"'"'", "'"'"'" }'
done >"$T/bigser2.sql"
head -n 2 "$T/bigser2.sql" >"$T/bigser.sql"
tail -n 2 "$T/bigser2.sql" >"$T/bigser.sql.want"
run -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/bigser.sql"
rc_is "bigser.sql: over-cap serialized value" 0
same "bigser.sql: over-cap serialized value repaired" "$T/out" "$T/bigser.sql.want"
if grep -q "untouched" "$T/err"; then fail "bigser.sql: reported untouched: $(oneline "$T/err")"; else pass; fi
TMPDIR=/nonexistent/hostshift-e2e "$H_PLAIN" -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/bigser.sql" >"$T/out" 2>"$T/err"
RC=$?
rc_is "bigser.sql: no temporary file" 0
head -n 1 "$T/out" >"$T/o1"
head -n 1 "$T/bigser.sql" >"$T/i1"
same "bigser.sql: no temporary file: untouched" "$T/o1" "$T/i1"
has "bigser.sql: no temporary file: says so" "$T/err" "cannot make a temporary file for the string literal at offset 23"
has "bigser.sql: no temporary file: counted" "$T/err" "serialized-untouched     1"
# the same for a JSON string (its `\/` counts one byte)
for h in www.example.fi wt-a--example.ddev.site; do
	awk -v h="$h" 'BEGIN { for (i = 0; i < 45000; i++) s = s "https:\\/\\/" h "\\/x "
		printf "[\"a:1:{s:1:\\\"k\\\";s:%d:\\\"%s\\\";}\", \"https:\\/\\/" h "\\/\"]\n", 45000 * (length(h) + 11), s }'
done >"$T/bigser2.json"
head -n 1 "$T/bigser2.json" >"$T/bigser.json"
tail -n 1 "$T/bigser2.json" >"$T/bigser.json.want"
run -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/bigser.json"
rc_is "bigser.json: over-cap serialized value" 0
same "bigser.json: over-cap serialized value repaired" "$T/out" "$T/bigser.json.want"
if grep -q "untouched" "$T/err"; then fail "bigser.json: reported untouched: $(oneline "$T/err")"; else pass; fi
TMPDIR=/nonexistent/hostshift-e2e "$H_PLAIN" -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/bigser.json" >"$T/out" 2>"$T/err"
RC=$?
rc_is "bigser.json: no temporary file" 0
if [ "$(head -c 1125000 "$T/out" | cksum)" = "$(head -c 1125000 "$T/bigser.json" | cksum)" ]; then pass; else
	fail "bigser.json: no temporary file: the value changed"
fi
has "bigser.json: no temporary file: says so" "$T/err" "cannot make a temporary file for the JSON string at offset 1"
has "bigser.json: no temporary file: the next string rewritten" "$T/out" 'https:\/\/wt-a--example.ddev.site\/"]'
awk 'BEGIN { for (i = 0; i < 45000; i++) s = s "https://www.example.fi/x "
	printf "<input value=\"a:1:{s:1:&quot;k&quot;;s:%d:&quot;%s&quot;;}\"><a href=\"https://www.example.fi/\">x</a>\n", length(s), s }' >"$T/bigser.html"
awk 'BEGIN { for (i = 0; i < 45000; i++) s = s "https://www.example.fi/x "
	printf "a:1:{s:1:\"k\";s:%d:\"%s\";}\nafter https://www.example.fi/\n", length(s), s }' >"$T/bigser.txt"
for f in bigser.html bigser.txt; do
	run -s -p https://www.example.fi=https://wt-a--example.ddev.site "$T/$f"
	rc_is "$f: over-cap serialized value" 0
	has "$f: over-cap serialized value reported" "$T/err" "serialized value left untouched at offset"
	has "$f: over-cap serialized value counted" "$T/err" "serialized-untouched     1"
	# the big value byte for byte, the origin after it rewritten
	if [ "$(head -c 1125000 "$T/out" | cksum)" = "$(head -c 1125000 "$T/$f" | cksum)" ]; then pass; else
		fail "$f: the over-cap serialized value changed"
	fi
	has "$f: what follows is rewritten" "$T/out" "wt-a--example.ddev.site"
	run -p https://www.example.fi=https://wt-a--example.ddev.site --check "$T/$f"
	rc_is "$f: over-cap serialized value: --check" 1
	has "$f: --check names it" "$T/out" "(serialized-untouched)"
done

# The same through a pipe in small and random pieces: the same bytes.
if [ -n "$HELPERS" ]; then
	for f in bigser.sql bigser.txt; do
		ty=sql
		[ "$f" = bigser.txt ] && ty=text
		"$H" -q -t "$ty" -p https://www.example.fi=https://wt-a--example.ddev.site "$T/$f" >"$T/big.want" 2>/dev/null
		for how in "1000" "-r 7 4096"; do
			# shellcheck disable=SC2086
			"$T/trickle" $how <"$T/$f" | "$H" -q -t "$ty" -p https://www.example.fi=https://wt-a--example.ddev.site >"$T/big.got" 2>/dev/null
			same "$f through trickle $how" "$T/big.got" "$T/big.want"
		done
	done
fi

# Text that merely starts with `BZh` is text.
printf 'BZh91 https://www.example.fi/\n' >"$T/bzh.txt"
run -p https://www.example.fi=https://wt-a--example.ddev.site "$T/bzh.txt"
rc_is "BZh text" 0
has "BZh text rewritten" "$T/out" 'BZh91 https://wt-a--example.ddev.site/'

# ---------------------------------------------------------------- generated text: invariants

if [ -n "$HELPERS" ]; then
	# Identity on dense origins in every spelling.
	run -p https://www.example.fi=https://www.example.fi \
		-p https://shop.example.fi:8443=https://shop.example.fi:8443 "$T/full.txt"
	rc_is "identity map, generated text" 0
	same "identity map, generated text" "$T/out" "$T/full.txt"

	run -m "$MAP" "$T/full.txt"
	cp "$T/out" "$T/full.out"
	if [ "$(wc -l <"$T/full.out")" -eq "$(wc -l <"$T/full.txt")" ]; then pass; else
		fail "generated text: line count changed"
	fi
	run -m "$MAP" "$T/full.out"
	same "generated text: idempotence" "$T/out" "$T/full.out"
	run -m "$MAP" -c "$T/full.out"
	rc_is "generated text: output checks clean" 0
	empty "generated text: output checks clean" "$T/out" stdout
fi

# ---------------------------------------------------------------- chunk independence

# Output and counters (and the explain trace) must not depend on how the
# input arrives: from a file, or through a pipe in writes of N bytes.
if [ -n "$HELPERS" ]; then
	"$H" -m "$MAP" -s -e "$T/full.txt" >"$T/base.out" 2>"$T/base.err"
	"$H" -m "$MAP" -s -e "$T/pre.txt" >"$T/pbase.out" 2>"$T/pbase.err"
	if grep -q '^rewrites by surface:' "$T/base.err" && grep -q 'straggler' "$T/base.err"; then pass; else
		fail "chunking: baseline report has no rewrites or stragglers: $(oneline "$T/base.err")"
	fi

	# chunk NAME INPUT BASE TRICKLE-ARGS...
	chunk() {
		ck_name=$1
		ck_in=$2
		ck_base=$3
		shift 3
		"$T/trickle" "$@" <"$ck_in" | "$H" -m "$MAP" -s -e >"$T/ck.out" 2>"$T/ck.err"
		same "chunking $ck_name: output" "$T/ck.out" "$ck_base.out"
		same "chunking $ck_name: report" "$T/ck.err" "$ck_base.err"
	}
	chunk "writes of 1 (200 KB)" "$T/pre.txt" "$T/pbase" 1
	chunk "writes of 7 (200 KB)" "$T/pre.txt" "$T/pbase" 7
	chunk "writes of 4096" "$T/full.txt" "$T/base" 4096
	chunk "writes of 65536" "$T/full.txt" "$T/base" 65536
	chunk "writes of 1048576" "$T/full.txt" "$T/base" 1048576
	chunk "random writes 1..9000" "$T/full.txt" "$T/base" -r 7 9000
	chunk "random writes 1..300 (200 KB)" "$T/pre.txt" "$T/pbase" -r 11 300

	"$H" -m "$MAP" <"$T/full.txt" -s -e >"$T/ck.out" 2>"$T/ck.err"
	same "chunking stdin file: output" "$T/ck.out" "$T/base.out"
	same "chunking stdin file: report" "$T/ck.err" "$T/base.err"

	# Check mode and reverse through small writes.
	"$H" -m "$MAP" -c - <"$T/pre.txt" >"$T/cbase" 2>&1
	"$T/trickle" 7 <"$T/pre.txt" | "$H" -m "$MAP" -c >"$T/ck.out" 2>&1
	same "chunking --check, writes of 7" "$T/ck.out" "$T/cbase"
	"$H" -m "$MAP" -R -s "$T/pbase.out" >"$T/rbase.out" 2>"$T/rbase.err"
	"$T/trickle" 7 <"$T/pbase.out" | "$H" -m "$MAP" -R -s >"$T/ck.out" 2>"$T/ck.err"
	same "chunking -R, writes of 7: output" "$T/ck.out" "$T/rbase.out"
	same "chunking -R, writes of 7: report" "$T/ck.err" "$T/rbase.err"
fi

# ---------------------------------------------------------------- --skip-column
# Over the dump fixture (rules.md §8.4): with wp_posts.guid skipped, those values
# stay canonical, and a second pass without the skip gives exactly the
# expected dump, so nothing else was left out.
SQLC="$ROOT/corpus/sql"
if [ -f "$SQLC/wp.sql" ]; then
	run -q -t sql -m "$SQLC/site.map" --skip-column=wp_posts.guid "$SQLC/wp.sql"
	rc_is "--skip-column" 0
	cp "$T/out" "$T/skip.sql"
	if cmp -s "$T/skip.sql" "$SQLC/wp.expected.sql"; then fail "--skip-column changed nothing"; else pass; fi
	"$H" -q -t sql -m "$SQLC/site.map" "$T/skip.sql" >"$T/skip2.sql"
	same "--skip-column then a full pass = expected" "$T/skip2.sql" "$SQLC/wp.expected.sql"
	"$H" -q -t sql -m "$SQLC/site.map" -c "$T/skip.sql" >"$T/skip.check"
	if [ -s "$T/skip.check" ]; then pass; else fail "--skip-column: no guid left canonical"; fi
	usage_err "--skip-column without a dot" "hostshift: --skip-column needs TABLE.COLUMN" --skip-column=guid -m "$MAP" stats.txt
	rm -f "$T/skip.sql" "$T/skip2.sql"
fi

# ---------------------------------------------------------------- --host-column
# rules.md §8.5 over the multisite dumps of corpus/multisite/ (real
# mariadb-dump, pg_dump and sqlite3 .dump output, a hand-written pg_dump
# fixture with another table prefix): with
# --wordpress-multisite each becomes its expected dump byte for byte (the
# dump-date line aside), with nothing on stderr, whatever the writes into
# the pipe; -R gives the source back; --check lists the three hosts (two
# blogs, one site) and finds the output clean; without the option no host
# is rewritten.
MSC="$ROOT/corpus/multisite"
if [ -f "$MSC/multisite.map" ]; then
	# the lines that differ between two dumps of one database (tests/db/volatile.sh)
	ms_dv() { grep -a -v -e '^-- Dump completed on ' -e '^\\restrict ' -e '^\\unrestrict ' "$1"; }
	for ms_src in "$MSC"/*.src.sql; do
		ms=$(basename "$ms_src" .src.sql)
		ms_dv "$MSC/$ms.exp.sql" >"$T/ms.exp"
		ms_dv "$ms_src" >"$T/ms.src"
		run -m "$MSC/multisite.map" --wordpress-multisite "$ms_src"
		rc_is "$ms: --wordpress-multisite" 0
		ms_dv "$T/out" >"$T/ms.got"
		same "$ms: --wordpress-multisite = expected" "$T/ms.got" "$T/ms.exp"
		empty "$ms: --wordpress-multisite" "$T/err" stderr
		if [ -n "$HELPERS" ]; then
			for ms_w in 1 7 4096; do
				"$T/trickle" "$ms_w" <"$ms_src" | "$H" -m "$MSC/multisite.map" --wordpress-multisite -t sql >"$T/ms.ck" 2>"$T/ms.ck.err"
				ms_dv "$T/ms.ck" >"$T/ms.ckv"
				same "$ms: --wordpress-multisite, writes of $ms_w" "$T/ms.ckv" "$T/ms.exp"
			done
		fi
		run -R -m "$MSC/multisite.map" --wordpress-multisite "$MSC/$ms.exp.sql"
		ms_dv "$T/out" >"$T/ms.got"
		same "$ms: -R gives the source back" "$T/ms.got" "$T/ms.src"
		run -c -m "$MSC/multisite.map" --wordpress-multisite "$ms_src"
		rc_is "$ms: --check" 1
		ms_n=$(grep -c ' (sql-host)$' "$T/out")
		if [ "$ms_n" -eq 3 ]; then pass; else fail "$ms: --check lists $ms_n hosts (sql-host), want 3"; fi
		run -c -m "$MSC/multisite.map" --wordpress-multisite "$MSC/$ms.exp.sql"
		rc_is "$ms: --check of the output" 0
		run -s -m "$MSC/multisite.map" "$ms_src"
		if grep -q 'sql-host' "$T/err"; then fail "$ms: without the option: $(grep sql-host "$T/err")"; else pass; fi
	done
fi
# The options together: a blogs table named by --host-column too is still
# the network's (no end warning); --skip-column on its domain wins.
if [ -f "$MSC/multisite.map" ]; then
	ms_dv "$MSC/mariadb-multisite.exp.sql" >"$T/ms.exp"
	run -m "$MSC/multisite.map" --wordpress-multisite --host-column=wp_blogs.domain "$MSC/mariadb-multisite.src.sql"
	ms_dv "$T/out" >"$T/ms.got"
	same "--wordpress-multisite with --host-column=wp_blogs.domain" "$T/ms.got" "$T/ms.exp"
	empty "--wordpress-multisite with --host-column=wp_blogs.domain" "$T/err" stderr
	run -m "$MSC/multisite.map" --wordpress-multisite --skip-column=wp_blogs.domain "$MSC/mariadb-multisite.src.sql"
	has "--wordpress-multisite with --skip-column=wp_blogs.domain: kept" "$T/out" "(1,1,'www.example.fi','/','2024-05-01"
	has "--wordpress-multisite with --skip-column=wp_blogs.domain: wp_site rewritten" "$T/out" "(1,'wt-a--example.ddev.site','/')"
	empty "--wordpress-multisite with --skip-column=wp_blogs.domain" "$T/err" stderr
fi
# The rule by hand (exact host, port, root dot, case; what is left and
# reported), --host-column by name, and its messages.
HC_MAP="-p https://www.example.fi=https://wt-a--example.ddev.site -p https://shop.example.fi=http://shop.test:8080"
printf '%s\n' "CREATE TABLE t (id int, d text, e text);" \
	"INSERT INTO t VALUES (1,'www.example.fi','www.example.fi'),(2,'SHOP.EXAMPLE.FI.:443','x'),(3,'info@www.example.fi','y'),(4,'www.example.fi:8080','z');" >"$T/hc.sql"
printf '%s\n' "CREATE TABLE t (id int, d text, e text);" \
	"INSERT INTO t VALUES (1,'wt-a--example.ddev.site','www.example.fi'),(2,'shop.test:8080','x'),(3,'info@www.example.fi','y'),(4,'www.example.fi:8080','z');" >"$T/hc.want"
run $HC_MAP --host-column=t.d -s "$T/hc.sql"
rc_is "--host-column" 0
same "--host-column: exact hosts only, column d only" "$T/out" "$T/hc.want"
has "--host-column: not-a-host warned" "$T/err" "hostshift: $T/hc.sql: --host-column=t.d: the value at offset 135 holds a canonical host but is not one host[:port]; it is not rewritten as a host: info@www.example.fi"
has "--host-column: a port of no pair warned" "$T/err" "hostshift: $T/hc.sql: --host-column=t.d: the value at offset 165 names a canonical host with a port no pair of the map has; it is not rewritten as a host: www.example.fi:8080"
has "--host-column: -s counts sql-host" "$T/err" "  sql-host                 2"
has "--host-column: -s counts not-a-host" "$T/err" "  not-a-host               1"
run -q $HC_MAP --host-column=t.d "$T/hc.sql"
empty "--host-column -q" "$T/err" stderr
run -n $HC_MAP --host-column=t.d "$T/hc.sql"
same "--host-column -n: output equals input" "$T/out" "$T/hc.sql"
run -e --json $HC_MAP --host-column=t.d "$T/hc.sql"
has "--host-column --json: the event" "$T/err" '"surface":"sql-host","text":"SHOP.EXAMPLE.FI.:443","action":"rewrote"'
has "--host-column --json: the warning a JSON line" "$T/err" '{"kind":"warning","file":"'"$T"'/hc.sql","message":"--host-column=t.d: the value at offset 135 holds a canonical host but is not one host[:port]; it is not rewritten as a host: info@www.example.fi"}'
run -R $HC_MAP --host-column=t.d "$T/hc.want"
printf '%s\n' "CREATE TABLE t (id int, d text, e text);" \
	"INSERT INTO t VALUES (1,'www.example.fi','www.example.fi'),(2,'shop.example.fi','x'),(3,'info@www.example.fi','y'),(4,'www.example.fi:8080','z');" >"$T/hc.rev"
same "--host-column -R: the primary canonical's host" "$T/out" "$T/hc.rev"
# No column names for a named table: a warning naming it, nothing guessed.
printf "INSERT INTO t VALUES (1,'www.example.fi');\nINSERT INTO t VALUES (2,'www.example.fi');\n" >"$T/hc-nocols.sql"
run $HC_MAP --host-column=t.d "$T/hc-nocols.sql"
same "--host-column, no column names: unchanged" "$T/out" "$T/hc-nocols.sql"
has "--host-column, no column names: warned" "$T/err" "hostshift: $T/hc-nocols.sql: table t: no column names (no CREATE TABLE before its rows, no column list in them); --host-column=t.d finds no column in it"
ms_n=$(grep -c 'no column names' "$T/err")
if [ "$ms_n" -eq 1 ]; then pass; else fail "--host-column, no column names: warned $ms_n times, want once"; fi
# Never met, another type, usage.
run $HC_MAP --host-column=t.nothere --wordpress-multisite "$T/hc.sql"
has "--host-column never met: warned at the end" "$T/err" "hostshift: --host-column=t.nothere: no input had that table and column; no host was rewritten for it"
has "--wordpress-multisite, no blogs table: warned at the end" "$T/err" "hostshift: --wordpress-multisite: no input had a WordPress network's blogs table (PREFIXblogs with the columns WordPress gives it); no host was rewritten there"
has "--wordpress-multisite, no site table: warned at the end" "$T/err" "hostshift: --wordpress-multisite: no input had a WordPress network's site table (PREFIXsite with the columns WordPress gives it); no host was rewritten there"
run $HC_MAP --host-column=t.d --wordpress-multisite -t text </dev/null
rc_is "--host-column on text" 0
has "--host-column on text: warned" "$T/err" "hostshift: -: --host-column applies to the sql type only; this input is read as text"
has "--wordpress-multisite on text: warned" "$T/err" "hostshift: -: --wordpress-multisite applies to the sql type only; this input is read as text"
if grep -q 'no input had' "$T/err"; then fail "--host-column on text: an end warning too: $(oneline "$T/err")"; else pass; fi
usage_err "--host-column without a dot" "hostshift: --host-column needs TABLE.COLUMN" --host-column=domain -m "$MAP" stats.txt

# rules.md §11.2: a value over the cap held in a temporary file in $TMPDIR
# and repaired, with memory bounded (peak RSS under 4 MiB), and nothing
# left in $TMPDIR. held_repaired NAME: $T/held.sql through hostshift must
# give $T/held.want. The bound holds for the plain binary (under valgrind
# or with the sanitizers' shadow memory it cannot: they are not measured).
held_repaired() {
	mkdir "$T/bigtmp" || exit 2
	TMPDIR="$T/bigtmp" "$T/maxrss" "$T/rss" "$H" -p https://www.example.fi=https://wt-a--example.ddev.site \
		<"$T/held.sql" >"$T/held.out" 2>"$T/err"
	RC=$?
	rc_is "$1" 0
	same "$1: repaired" "$T/held.out" "$T/held.want"
	rss=$(cat "$T/rss")
	if [ -n "${VALGRIND:-}" ] || [ -n "${HOSTSHIFT_NO_RSS:-}" ] || grep -qa __asan_init "$H"; then
		SKIPPED="$SKIPPED [peak RSS of $1]"
		echo "e2e: SKIPPED: $1: peak RSS (${rss} KiB) not held to 4096 KiB under valgrind or sanitizers"
	elif [ "$rss" -lt 4096 ]; then pass; else fail "$1: peak RSS ${rss} KiB, not under 4096"; fi
	if [ -z "$(ls -A "$T/bigtmp")" ]; then pass; else fail "$1: left in TMPDIR: $(ls -A "$T/bigtmp")"; fi
	rm -rf "$T/bigtmp" "$T/held.sql" "$T/held.want" "$T/held.out"
}

if [ -n "$HELPERS" ]; then
	# a 100 MiB serialized string in a single-line INSERT
	bigval() { # ORIGIN LENGTH
		printf "INSERT INTO t VALUES (1,'a:1:{s:1:\\\"u\\\";s:%d:\\\"" "$2"
		head -c 104857600 /dev/zero | tr '\0' x
		printf ' %s/x \\"q\\"\\";}'"');\n" "$1"
	}
	bigval https://www.example.fi $((104857600 + 29)) >"$T/held.sql"
	bigval https://wt-a--example.ddev.site $((104857600 + 38)) >"$T/held.want"
	held_repaired "100 MiB serialized string"

	# a serialized value dense with origins holds no list of changes of
	# its size: a 20 MB array of 600000 strings, and a 20 MB string with
	# 800000 origins, each in one INSERT
	dense() { # ARRAY|STRING ORIGIN
		awk -v kind="$1" -v o="$2" 'BEGIN {
			printf "INSERT INTO t VALUES (1,\x27"
			if (kind == "ARRAY") {
				printf "a:600000:{"
				for (i = 0; i < 600000; i++) printf "i:%d;s:%d:\\\"%s/\\\";", i, length(o) + 1, o
				printf "}"
			} else {
				printf "s:%d:\\\"", 800000 * (length(o) + 2)
				for (i = 0; i < 800000; i++) printf "%s/ ", o
				printf "\\\";"
			}
			printf "\x27);\n"
		}'
	}
	for kind in ARRAY STRING; do
		dense $kind https://www.example.fi >"$T/held.sql"
		dense $kind https://wt-a--example.ddev.site >"$T/held.want"
		held_repaired "20 MB serialized $kind dense with origins"
	done
fi

# rules.md §11.2: a tag whose serialized attribute (9000 origins: more
# changes than a plan holds, so it is walked again as it is written) comes
# after an attribute that is not walked. With events listed (-e, --json,
# --check) html prepares every attribute and then each changed one again:
# each is written from its own plan (once, the first inherited the last
# one's "walk again": exit 3 and no output).
dropped() { # ORIGIN
	awk -v o="$1/p" 'BEGIN { d = o; for (i = 1; i < 9000; i++) d = d " " o
		printf "<a href=\"%s/x\" title=\"s:%d:&quot;%s&quot;;\">\n", o, length(d), d }'
}
dropped https://www.example.fi >"$T/dropped.html"
dropped https://wt-a--example.ddev.site >"$T/dropped.want"
for flag in -s -e --json; do
	"$H" $flag -p https://www.example.fi=https://wt-a--example.ddev.site "$T/dropped.html" >"$T/dropped.out" 2>"$T/err"
	RC=$?
	rc_is "an unwalked attribute before a dropped plan ($flag)" 0
	same "an unwalked attribute before a dropped plan ($flag): output" "$T/dropped.out" "$T/dropped.want"
done
"$H" --check -p https://www.example.fi=https://wt-a--example.ddev.site "$T/dropped.html" >"$T/dropped.out" 2>"$T/err"
RC=$?
rc_is "an unwalked attribute before a dropped plan (--check)" 1
"$H" --check -p https://www.example.fi=https://wt-a--example.ddev.site "$T/dropped.want" >"$T/dropped.out" 2>"$T/err"
RC=$?
rc_is "an unwalked attribute before a dropped plan (--check, rewritten)" 0
rm -f "$T/dropped.html" "$T/dropped.want" "$T/dropped.out"

# ---------------------------------------------------------------- options and messages
# docs/cli.md: a misused option is named as written; --in-place checks every
# FILE first and leaves unchanged files alone; the map's messages name the
# file; -e gives the type and LINE:COLUMN; lines of --check never tear.

usage_err "--json=1 names --json" "option '--json' takes no argument" -m "$MAP" --json=1 stats.txt
usage_err "--check=1 names --check" "option '--check' takes no argument" -m "$MAP" --check=1 stats.txt
usage_err "--skip-column with no argument" "option '--skip-column' needs an argument" -m "$MAP" --skip-column
usage_err "--type with no argument" "option '--type' needs an argument" -m "$MAP" --type
usage_err "-t with no argument" "option '-t' needs an argument" -m "$MAP" -t
usage_err "an unknown short option in a bundle" "unknown option '-z'" -m "$MAP" --json -zq stats.txt
usage_err "an unknown long option" "unknown option '--bogus'" -m "$MAP" --bogus stats.txt
usage_err "an ambiguous long option" "option '--no' is ambiguous: --no-sweep" -m "$MAP" --no stats.txt

# every option of --help is in the manual and in the README
"$H" --help >"$T/help"
sed -n 's/^ *\(-[A-Za-z]\)\{0,1\}[, ]*\(--[a-z][a-z-]*\).*/\2/p' "$T/help" >"$T/help.longs"
if [ "$(wc -l <"$T/help.longs")" -ge 20 ]; then pass; else fail "--help: only $(wc -l <"$T/help.longs") long options read"; fi
while read -r opt; do
	roff=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
	if grep -q -e "$roff" "$ROOT/man/hostshift.1"; then pass; else fail "$opt: not in man/hostshift.1"; fi
	short=$(grep -e "$opt[=[ ]" -e "$opt\$" "$T/help" | sed -n 's/^ *\(-[A-Za-z]\),.*/\1/p')
	if grep -q -e "\`$opt" "$ROOT/README.md" || { [ -n "$short" ] && grep -q -e "$short" "$ROOT/README.md"; }; then pass; else
		fail "$opt: not in README.md"
	fi
done <"$T/help.longs"

# -i .bak (a space): a usage error before anything is touched
cp stats.txt ip1.txt
cp clean.txt ip2.txt
touch -t 202001010000 ip1.txt ip2.txt
usage_err "-i .bak" "a backup suffix is written joined to the option" -m "$MAP" -i .bak ip1.txt
same "-i .bak: the file untouched" ip1.txt stats.txt
if [ -e .bak ] || [ -e ip1.txt.bak ]; then fail "-i .bak: a file was written"; else pass; fi
run -m "$MAP" -i.bak ip1.txt missing.txt
rc_is "-i with a missing FILE" 3
has "-i with a missing FILE: says so" "$T/err" "missing.txt: No such file or directory; nothing was rewritten"
same "-i with a missing FILE: the first one untouched" ip1.txt stats.txt
run -m "$MAP" -i.bak ip1.txt "$T"
rc_is "-i with a directory" 3
same "-i with a directory: the first one untouched" ip1.txt stats.txt
# unchanged files keep their bytes, mtime and have no backup
run -m "$MAP" -i.bak ip1.txt ip2.txt
rc_is "-i.bak two FILEs" 0
same "-i.bak: the changed one rewritten" ip1.txt "$EXP/stats.out"
same "-i.bak: its backup" ip1.txt.bak stats.txt
if [ -e ip2.txt.bak ]; then fail "-i.bak: a backup of an unchanged file"; else pass; fi
if [ -n "$(find ip2.txt -newer "$T/out" -o -newermt 2021-01-01 -name ip2.txt 2>/dev/null)" ]; then
	fail "-i.bak: the unchanged file has a new mtime"
else
	pass
fi
same "-i.bak: the unchanged one's bytes" ip2.txt clean.txt
has "-i.bak: says how many changed" "$T/err" "hostshift: 1 of 2 files changed in place"
run -q -m "$MAP" -i ip2.txt
empty "-i -q: nothing said" "$T/err" stderr
cp stats.txt ip1.txt
run --json -m "$MAP" -i ip1.txt ip2.txt
json_lines "-i --json" "$T/err"
has "-i --json: the summary counts the changed" "$T/err" '"changed":1,"status":0}'
rm -f ip1.txt ip2.txt ip1.txt.bak

# a symbolic link: the file it names is rewritten, the link stays
cp stats.txt ip3.txt
ln -s ip3.txt iplink.txt
run -m "$MAP" -i.bak iplink.txt
rc_is "-i through a symbolic link" 0
same "-i through a symbolic link: the file rewritten" ip3.txt "$EXP/stats.out"
same "-i through a symbolic link: its backup" ip3.txt.bak stats.txt
if [ -L iplink.txt ]; then pass; else fail "-i through a symbolic link: the link replaced"; fi
rm -f ip3.txt ip3.txt.bak iplink.txt
# a run that ends on an error, or on a signal, leaves no temporary file
if command -v python3 >/dev/null 2>&1; then
	{
		printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n'
		python3 -c 'import sys; sys.stdout.write("".join("X-H%d: %s\r\n" % (i, "a" * 100) for i in range(3000)))'
		printf '\r\n<a href="https://www.example.fi/">x</a>\n'
	} >iphead.txt
	# (H_PLAIN: valgrind itself needs a TMPDIR that is a directory)
	cp iphead.txt iphead.want
	TMPDIR=/nonexistent "$H_PLAIN" --headers -i -m "$MAP" iphead.txt >"$T/out" 2>"$T/err"
	RC=$?
	rc_is "-i, no room for a spill" 3
	same "-i, no room for a spill: the original untouched" iphead.txt iphead.want
	if ls -a | grep -q '^\.iphead'; then fail "-i, no room for a spill: a temporary file left"; else pass; fi
	rm -f iphead.txt iphead.want
fi
awk 'BEGIN { for (i = 0; i < 2000000; i++) print "line " i " https://www.example.fi/x" }' >ipsig.txt
cp ipsig.txt ipsig.want
"$H" -m "$MAP" -i ipsig.txt 2>/dev/null &
ip_pid=$!
sleep 0.2
kill -TERM "$ip_pid" 2>/dev/null
{ wait "$ip_pid"; } 2>/dev/null
if ls -a | grep -q '^\.ipsig'; then fail "-i ended by SIGTERM: a temporary file left"; else pass; fi
if cmp -s ipsig.txt ipsig.want || cmp -s ipsig.txt "$EXP/stats.out" || ! grep -q 'www.example.fi' ipsig.txt; then pass; else
	fail "-i ended by SIGTERM: the file neither the original nor rewritten"
fi
rm -f ipsig.txt ipsig.want

# the map's messages
printf '\357\273\277https://www.example.fi https://wt-a--example.ddev.site\n' >"$T/bom.map"
run -m "$T/bom.map" stats.txt
rc_is "a map with a byte order mark" 0
same "a map with a byte order mark: output" "$T/out" "$EXP/stats.out"
: >"$T/none.map"
usage_err "an empty map names its file" "hostshift: $T/none.map: no pairs in the map" -m "$T/none.map" stats.txt
usage_err "-m DIR" "hostshift: $T: is a directory" -m "$T" stats.txt

# -e: positions as --check gives them
run -m "$MAP" -c check.txt
awk -F: '{ print $2 ":" $3 }' "$T/out" >"$T/check.pos"
run -m "$MAP" -e check.txt
awk '$3 == "rewrote" { print $2 }' "$T/err" >"$T/explain.pos"
same "-e LINE:COLUMN equal --check's" "$T/explain.pos" "$T/check.pos"
has "-e names the type" "$T/err" "type: text (sniffed)"

# --json: a warning is an object too, and a file name that is not UTF-8
# stays JSON (its bytes as \udcXX)
printf '<a href="https://www.example.fi/x">' >"$T/trunc.json"
run -m "$MAP" -s --json "$T/trunc.json"
json_lines "--json: a warning is a JSON line" "$T/err"
has "--json: the warning's kind" "$T/err" '{"kind":"warning","file":"'
name=$(printf 'caf\351.txt')
cp check.txt "$name"
run -m "$MAP" -c --json "$name"
rc_is "--check --json, a Latin-1 file name" 1
json_lines "--check --json, a Latin-1 file name" "$T/out"
has "--check --json, a Latin-1 file name: escaped" "$T/out" '"file":"caf\udce9.txt"'
rm -f "$name"

# the sweep does not count what it skips inside the variants it wrote
printf 'see https://www.example.fi/x and <a href="https://www.example.fi/y">y</a>\n' >"$T/own.html"
run -p https://www.example.fi=https://www.example.fi.ddev.site -s "$T/own.html"
if grep -q 'straggler\|not-a-url' "$T/err"; then
	fail "sweep counts its own output: $(tr '\n' ' ' <"$T/err")"
else
	pass
fi

# --check under xargs -P: every line whole
i=0
while [ $i -lt 80 ]; do
	j=0
	while [ $j -lt 50 ]; do printf 'x https://www.example.fi/%d/%d y https://shop.example.fi:8443/p\n' $i $j; j=$((j + 1)); done >"$T/par$i.txt"
	i=$((i + 1))
done
if command -v xargs >/dev/null 2>&1; then
	ls "$T"/par*.txt | xargs -P 8 -n 4 "$H" -c -m "$MAP" >"$T/par.out" 2>"$T/err"
	n=$(wc -l <"$T/par.out")
	bad=$(grep -c -v -E '^/[^:]*/par[0-9]+\.txt:[0-9]+:[0-9]+: https://(www|shop)\.example\.fi(:8443)? \(text\)$' "$T/par.out")
	if [ "$n" -eq 8000 ] && [ "$bad" -eq 0 ]; then pass; else fail "--check under xargs -P: $n lines, $bad torn"; fi
fi
rm -f "$T"/par*.txt

# ---------------------------------------------------------------- --progress
# One updating line on stderr, never on stdout (docs/cli.md): explicit, by
# default only when stderr is a terminal and the input is over 64 MiB.
if command -v script >/dev/null 2>&1; then
	awk 'BEGIN { for (i = 0; i < 70000; i++) printf "%01023d\n", i }' >"$T/big.txt"
	cp "$T/big.txt" "$T/big.want"
	printf 'https://www.example.fi/x\n' >>"$T/big.txt"
	printf 'https://wt-a--example.ddev.site/x\n' >>"$T/big.want"
	script -qec "'$H' --progress -m '$MAP' stats.txt >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	has "--progress on a terminal" "$T/p.tty" "MiB/s"
	same "--progress: stdout is data only" "$T/p.out" "$EXP/stats.out"
	script -qec "'$H' -m '$MAP' '$T/big.txt' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	has "progress by default on a terminal, input over 64 MiB" "$T/p.tty" "100%"
	same "progress by default: stdout is data only" "$T/p.out" "$T/big.want"
	script -qec "'$H' --no-progress -m '$MAP' '$T/big.txt' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	if grep -q "MiB/s" "$T/p.tty"; then fail "--no-progress: progress shown"; else pass; fi
	"$H" -m "$MAP" "$T/big.txt" >"$T/p.out" 2>"$T/p.err"
	empty "no progress when stderr is not a terminal" "$T/p.err" stderr
	# a pipe (the size unknown): bytes, rate and time so far, no percentage,
	# once the run has lasted
	script -qec "(sleep 3; cat stats.txt) | '$H' -m '$MAP' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	has "progress by default on a pipe" "$T/p.tty" "MiB/s"
	if grep -q '%' "$T/p.tty"; then fail "progress on a pipe: a percentage"; else pass; fi
	if grep -q 'MiB/s, [0-9]* s' "$T/p.tty"; then pass; else fail "progress on a pipe: no time so far: $(oneline "$T/p.tty")"; fi
	same "progress on a pipe: stdout is data only" "$T/p.out" "$EXP/stats.out"
	script -qec "cat stats.txt | '$H' -m '$MAP' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	if grep -q "MiB/s" "$T/p.tty"; then fail "progress on a short pipe"; else pass; fi
	# a warning while the line is drawn clears it first: the warning
	# starts a line of its own, and the line is drawn again after it
	script -qec "(head -c 100000 stats.txt; sleep 1; head -c 70000 '$T/big.txt'; sleep 0.6; printf 'a:1:{i:0;s:5:\"https://www.example.fi/\";}\n') | '$H' --progress -t text -m '$MAP' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	if cat -v "$T/p.tty" | grep -q '\^M\^\[\[Khostshift: -: serialized value left untouched'; then pass
	else fail "--progress: a warning is not on a line of its own: $(cat -v "$T/p.tty" | head -c 300)"; fi
	# a --headers body that passes through has its progress too
	{ printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n'; head -c 300000 "$T/big.txt"; } >"$T/png.txt"
	script -qec "'$H' --progress --headers -m '$MAP' '$T/png.txt' >'$T/p.out'" "$T/p.tty" >/dev/null 2>&1
	has "--progress: a body that passes through" "$T/p.tty" "100%"
	same "--progress: a body that passes through is unchanged" "$T/p.out" "$T/png.txt"
	# asked for, with stderr a log file: plain lines, no control codes
	"$H" --progress -m "$MAP" "$T/big.txt" >"$T/p.out" 2>"$T/p.err"
	has "--progress to a log" "$T/p.err" "MiB/s"
	if tr -d '\n' <"$T/p.err" | grep -q "$(printf '[\r\033]')"; then fail "--progress to a log: control codes"; else pass; fi
	"$H" --progress --json -m "$MAP" "$T/big.txt" >"$T/p.out" 2>"$T/p.err"
	json_lines "--progress --json" "$T/p.err"
	has "--progress --json: a progress object" "$T/p.err" '{"kind":"progress","file":'
	same "--progress --json: output" "$T/p.out" "$T/big.want"
	rm -f "$T/big.txt" "$T/big.want" "$T/p.out"
fi

# rules.md §3.9: a canonical host a script's line continuation splits is
# kept (replacing it would take out a written newline) and said: a
# warning, the reason line-continuation, a finding in check mode
printf '<script>u="https://www.exa\\\nmple.fi/x"; v="https://www.example.fi/y"</script>\n' >"$T/lc.html"
printf '<script>u="https://www.exa\\\nmple.fi/x"; v="https://wt-a--www.example.ddev.site/y"</script>\n' >"$T/lc.want"
run -s -t html -m "$ROOT/corpus/maps/main.map" "$T/lc.html"
rc_is "line continuation in a host: kept" 0
same "line continuation in a host: only the other origin rewritten" "$T/out" "$T/lc.want"
has "line continuation in a host: a warning" "$T/err" "canonical origin split by a line continuation kept at offset 19: www.exa\\\\x0ample.fi"
has "line continuation in a host: counted" "$T/err" "line-continuation        1"
run --check -t html -m "$ROOT/corpus/maps/main.map" "$T/lc.html"
rc_is "line continuation in a host: --check" 1
has "line continuation in a host: a finding" "$T/out" "lc.html:1:20: www.exa\\\\x0ample.fi (line-continuation)"
run -q -t html -m "$ROOT/corpus/maps/main.map" "$T/lc.html"
empty "line continuation in a host: -q" "$T/err" "stderr"

# rules.md §6.1, §6.4: a style sheet whose bytes hold a host's anchor but no host
# (`example.co`) is no protected span: the sweep reads on through it, so a
# straggler before it is listed in input order after the style sheet's
# own finding, as the structured pass and the sweep find them, and its
# warning's context runs to `</style>`
printf '<style https://example.com>a{b:url(///example.co)}</style><style>a{b:url(//example\\2e com)}</style>' >"$T/st.html"
printf '%s:1:76: example\\2e com (inline-style)\n%s:1:8: https://example.com (straggler)\n' "$T/st.html" "$T/st.html" >"$T/st.want"
run -c -q -t html -p https://example.com=https://preview.example.net "$T/st.html"
rc_is "a style sheet with an anchor and no host: --check" 1
same "a style sheet with an anchor and no host: findings in order" "$T/out" "$T/st.want"
run -t html -p https://example.com=https://preview.example.net "$T/st.html"
has "a style sheet with an anchor and no host: the straggler's context" "$T/err" "(context: <style https://example.com>a{b:url(///example.co)}</style>"

# rules.md §3.1: attribute values and text whose bytes hold a host's anchor (`.f`)
# but no canonical host are read whole and left as they are, with no
# finding, whatever else they hold (a style sheet, a slash run, a
# reference, a character past ASCII)
printf '<a href="https://foo.fi/x" style="b:url(///foo.fi)" title="a.fi &amp; b.fi" data-x="s:6:\"b\xc3\xa4.fi\";">a.fi https:///b.fi</a><!-- c.fi -->\n' >"$T/fm.html"
run -t html -m "$ROOT/corpus/maps/main.map" "$T/fm.html"
same "an anchor and no host: unchanged" "$T/out" "$T/fm.html"
run -c -t html -m "$ROOT/corpus/maps/main.map" "$T/fm.html"
rc_is "an anchor and no host: --check" 0
empty "an anchor and no host: no finding" "$T/out" "stdout"

summary
