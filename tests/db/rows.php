<?php
// The WordPress-like rows of the database round trip (tests/db/README.md),
// and the PHP side of its checks.
//
//   php rows.php load DIALECT source|expected   schema + rows as SQL
//   php rows.php readback DIALECT               one query: every value, hex
//   php rows.php compare STYLE EXPECTED GOT      read-backs value by value
//   php rows.php dumpvals STYLE EXPECTED GOT     serialized values of two dumps
//   php rows.php linediff EXPECTED GOT [MAX]     the lines of two dumps that differ
//
// DIALECT is mariadb, pg or sqlite. The expected rows are the source rows
// with the origin replaced, computed here and not by hostshift: a
// serialized value is unserialize()d, the origin replaced in every string
// leaf (a leaf that is itself serialized data is walked the same way,
// docs/rules.md §7.4) and serialize()d again; any other value gets
// strtr() of each spelling of the origin (docs/rules.md §2.1, §2.2).
// Values are loaded as hex literals, so no dump-style quoting is involved
// in loading.

const CANON = 'www.example.fi';
const VARIANT = 'dev.test';

function spellings(): array
{
	$c = CANON;
	$v = VARIANT;
	$m = [];
	foreach (['https', 'http'] as $s) { // the scheme as written is replaced (§2.2)
		$m["$s://$c"] = "https://$v";
		$m["$s:\\/\\/$c"] = "https:\\/\\/$v";
		$m["$s%3A%2F%2F$c"] = "https%3A%2F%2F$v";
	}
	$m["//$c"] = "//$v";
	$m["\\/\\/$c"] = "\\/\\/$v";
	$m["%2F%2F$c"] = "%2F%2F$v";
	return $m;
}

function rep(string $s): string { return strtr($s, spellings()); }

function walk($v)
{
	if (is_string($v)) {
		if (preg_match('/^[aOs]:\d+:/', $v)) {
			$u = @unserialize($v);
			if ($u !== false) return serialize(walk($u));
		}
		return rep($v);
	}
	if (is_array($v)) {
		$o = [];
		foreach ($v as $k => $x) $o[is_string($k) ? rep($k) : $k] = walk($x);
		return $o;
	}
	if (is_object($v)) {
		$o = clone $v;
		foreach (get_object_vars($v) as $k => $x) $o->$k = walk($x);
		return $o;
	}
	return $v;
}

// A value: ['ser', PHP value] (stored serialized), ['blob', bytes],
// null, or a plain string.
function value($x, bool $expected)
{
	if ($x === null) return null;
	if (is_array($x) && $x[0] === 'ser') return serialize($expected ? walk($x[1]) : $x[1]);
	if (is_array($x) && $x[0] === 'blob') return $x[1];
	return $expected ? rep($x) : $x;
}

const O = 'https://www.example.fi';

function tables(string $d): array
{
	$o = O;
	$adv = "quote ' dquote \" backslash \\ tab\tCR\rLF\nCRLF\r\n end";
	$multi = "Ääkköset – öljy ✓ 日本語 😀";
	$stdobj = new stdClass();
	$stdobj->url = "$o/obj";
	$stdobj->n = 3;
	$opts = [
		[1, 'siteurl', $o, 'yes'],
		[2, 'home', "$o/", 'yes'],
		[3, 'widget_text', ['ser', [2 => ['title' => 'Links', 'text' => "<a href=\"$o/x\">It's \"here\"</a>\nline 2\r\n\ttabbed \\ backslash", 'filter' => true], '_multiwidget' => 1]], 'yes'],
		[4, 'theme_mods_twentytwenty', ['ser', ['custom_logo' => 12, 'header' => ['image' => "$o/wp-content/uploads/ä.png", 'caption' => $multi, 'empty' => '', 'deep' => ['deeper' => ['deepest' => "//www.example.fi/deep", 'n' => null, 'f' => 1.5, 'b' => false]]], 'nav_menu_locations' => ['primary' => 2]]], 'yes'],
		[5, 'elementor_json', ['ser', ['json' => '{"url":"https:\/\/www.example.fi\/a","rel":"\/\/www.example.fi\/b","t":"\u00e4"}', 'plain' => 'no origin']], 'no'],
		[6, 'upload_url_path', ['ser', "$o/wp-content/uploads"], 'yes'],
		[7, 'double_serialized', ['ser', serialize(['u' => "$o/", 'q' => "it's"])], 'no'],
		[8, 'percent_plain', 'https%3A%2F%2Fwww.example.fi%2Fpath%3Fa%3D1', 'no'],
		[9, 'percent_ser', ['ser', ['redirect' => 'https%3A%2F%2Fwww.example.fi%2Flogin', 'rel' => '%2F%2Fwww.example.fi%2F']], 'no'],
		[10, 'empty_value', '', 'yes'],
		[11, 'adversarial_no_origin', $adv, 'no'],
		[12, 'adversarial_ser', ['ser', ['a' => $adv, 'b' => "$adv $o/c", 'c' => $multi, 'd' => '', 'e' => "\";}s:5:\"x\";a:1:{ $o"]], 'no'],
		[13, 'old_http', "http://www.example.fi/old", 'no'],
		[14, 'object_ser', ['ser', $stdobj], 'no'],
		[15, 'mixed_ser', ['ser', [0 => "$o/", 1 => 'http://www.example.fi/h', 'k' => [1, 2, "s $o"], 'x' => true, 'i' => -42, 'd' => 0.25]], 'yes'],
		[16, 'ser_empty_array', ['ser', []], 'yes'],
		[17, 'ser_empty_string', ['ser', ''], 'yes'],
		[18, 'json_plain', '{"home":"https:\/\/www.example.fi\/","name":"Caf\u00e9 \"Q\""}', 'no'],
		[19, 'multiline', "first $o/1\nsecond $o/2\r\nthird\ttab $o/3\n", 'no'],
		[20, 'backslashes', "C:\\path\\to $o\\x \\\\ \\n literal", 'no'],
	];
	$blobs = [
		"'\"\\\0\xff\x00quote'\"",
		implode('', array_map('chr', range(0, 255))),
		"\\'\\\"\r\n\t\x1a\x00\x00''\"\"\\\\",
		'',
		"\xff\xfe\xfd s:5:\"x\"; \0",
	];
	$posts = [];
	for ($i = 1; $i <= 20; $i++) {
		$content = "<p>Post $i: visit $o/ today, or <a href=\"$o/about-$i/\" title='It''s'>about</a>.</p>\n"
			. "<img src=\"//www.example.fi/wp-content/uploads/$i.png\" srcset=\"$o/a-$i.png 1x, $o/a-$i@2x.png 2x\" alt=\"$multi\">\r\n"
			. "<!-- wp:image {\"id\":$i,\"url\":\"https:\\/\\/www.example.fi\\/x-$i.jpg\"} -->\t<a href='http://www.example.fi/old-$i'>old</a> \\ \"q\"";
		if ($i % 5 == 4) $content = '';
		$json = $i % 3 ? "{\"url\":\"https:\\/\\/www.example.fi\\/a-$i\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ $i\"}" : ($i % 2 ? null : '[]');
		$posts[] = [
			$i,
			$i % 7 == 3 ? null : "Title $i – $multi",
			$content,
			$i % 2 ? "$o/?p=$i" : "http://www.example.fi/?page_id=$i",
			$i % 4 ? null : "Excerpt $i: $adv",
			$json,
			$i <= count($blobs) ? ['blob', $blobs[$i - 1]] : ($i % 2 ? null : ['blob', "bin$i\x00\xff'"]),
		];
	}
	$t = [
		'wp_options' => [
			'cols' => [['option_id', 'id'], ['option_name', 'short'], ['option_value', 'long'], ['autoload', 'short']],
			'rows' => $opts,
		],
		'wp_posts' => [
			'cols' => [['ID', 'id'], ['post_title', 'text'], ['post_content', 'long'], ['guid', 'short'], ['post_excerpt', 'text'], ['meta_json', 'json'], ['thumb', 'blob']],
			'rows' => $posts,
		],
	];
	$edge = edge_rows($d);
	if ($edge) {
		$t['hs_edge'] = [
			'cols' => [['id', 'id'], ['note', 'short'], ['val', 'long'], ['raw', 'blob']],
			'rows' => $edge,
		];
	}
	return $t;
}

// The rows of table hs_edge: values that test one dialect's lexer, as its
// dump tool writes them (tests/db/README.md). None for mariadb: there a
// blob is dumped as a string (but for --hex-blob), so an origin in a blob
// would be rewritten in some styles and not in others.
function edge_rows(string $d): array
{
	$o = O;
	$ascii = "$o/blob.png \\/\\/www.example.fi //www.example.fi";
	if ($d === 'pg') return [
		// bytea: \x hex in COPY, '\x…' in --inserts, never rewritten
		[1, 'bytea_origin', 'no origin here', ['blob', $ascii]],
		[2, 'bytea_origin_only', null, ['blob', "$o/"]],
		// a standard string ending in a backslash; COPY doubles each one
		[3, 'win_path', "C:\\new\\table\\", null],
		[4, 'win_path_origin', "C:\\new\\table $o/x\\", ['blob', "C:\\new\\table\\"]],
		[5, 'backslash_only', "\\", null],
		[6, 'backslash_quote', "\\' $o/q \\'' \\\\", null],
		[7, 'text_like_bytea', "\\x68747470733a2f2f $o/hex", null],
		[8, 'dollars', "costs \$\$ 5 \$_\$ \$1 $o/d", null],
		[9, 'ser_backslashes', ['ser', ['p' => "C:\\new\\table\\", 'u' => "$o/\\", 'q' => "it's \\"]], null],
	];
	if ($d === 'sqlite') return [
		// sqlite3 writes both: replace(replace('…','\r',char(13)),'\n',char(10))
		[1, 'cr_and_lf', "CR\r LF\n CRLF\r\n $o/crlf\r\n", null],
		// the value holds the two characters \n: sqlite3 picks \012
		[2, 'literal_backslash_n', "literal \\n then a newline\n $o/bn", null],
		[3, 'literal_backslash_n_r', "lit \\r \\n \\012, CR\r LF\n $o/br", null],
		// a quote right before a newline
		[4, 'quote_newline', "it'\nnext $o/q'\n'", null],
		// X'…' blob with an origin's ASCII bytes: never rewritten
		[5, 'blob_origin', 'no origin here', ['blob', $ascii]],
		[6, 'ser_newlines', ['ser', ['a' => "lit \\n\n$o/s'\n", 'b' => "\r\n", 'c' => "x'\n"]], ['blob', "$o/"]],
	];
	return [];
}

// Statements that are not table data, after the rows: for pg two plpgsql
// functions, dollar-quoted, with single quotes (in a comment, doubled in
// strings, one unpaired in a nested $q$ quote) and an origin in the body. pg_dump writes the first with $$,
// the second (its body holds $$) with $_$. The sweep rewrites the origin
// in a body (docs/rules.md §8.3), so the expected database's functions
// hold the replaced origin. Only table values are read back; the bodies
// are compared through the dump check.
function extras(string $d, bool $expected): string
{
	if ($d !== 'pg') return '';
	$o = O;
	$f1 = "\nBEGIN\n  -- it's the site's home\n  RETURN 'It''s at $o/fn/' || E'\\\\';\nEND\n";
	$f2 = "\nBEGIN\n  RETURN 'costs \$\$ at ''$o/shop''' || \$q\$ it's \$q\$;\nEND\n";
	if ($expected) { $f1 = rep($f1); $f2 = rep($f2); }
	return "CREATE FUNCTION public.hs_home() RETURNS text LANGUAGE plpgsql AS \$f\$$f1\$f\$;\n"
		. "CREATE FUNCTION public.hs_dollar() RETURNS text LANGUAGE plpgsql AS \$f\$$f2\$f\$;\n";
}

function coltype(string $d, string $k): string
{
	$t = [
		'mariadb' => ['id' => 'int NOT NULL', 'short' => 'varchar(191)', 'text' => 'text', 'long' => 'longtext', 'json' => 'longtext', 'blob' => 'longblob'],
		'pg' => ['id' => 'integer NOT NULL', 'short' => 'character varying(191)', 'text' => 'text', 'long' => 'text', 'json' => 'json', 'blob' => 'bytea'],
		'sqlite' => ['id' => 'INTEGER NOT NULL', 'short' => 'TEXT', 'text' => 'TEXT', 'long' => 'TEXT', 'json' => 'TEXT', 'blob' => 'BLOB'],
	];
	return $t[$d][$k];
}

function literal(string $d, string $k, $v): string
{
	if ($v === null) return 'NULL';
	if ($k === 'id') return (string)(int)$v;
	$h = bin2hex($v);
	if ($d === 'mariadb') return $k === 'blob' ? "X'$h'" : "CONVERT(X'$h' USING utf8mb4)";
	if ($d === 'pg') {
		if ($k === 'blob') return "'\\x$h'::bytea";
		return "convert_from('\\x$h'::bytea, 'UTF8')" . ($k === 'json' ? '::json' : '');
	}
	return $k === 'blob' ? "X'$h'" : "CAST(X'$h' AS TEXT)";
}

function q(string $d, string $name): string { return $d === 'mariadb' ? "`$name`" : "\"$name\""; }

function load(string $d, bool $expected): void
{
	foreach (tables($d) as $t => $def) {
		$cols = [];
		foreach ($def['cols'] as [$c, $k]) $cols[] = '  ' . q($d, $c) . ' ' . coltype($d, $k);
		$cols[] = '  PRIMARY KEY (' . q($d, $def['cols'][0][0]) . ')';
		echo 'CREATE TABLE ' . q($d, $t) . " (\n" . implode(",\n", $cols) . ")"
			. ($d === 'mariadb' ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci' : '') . ";\n";
		foreach ($def['rows'] as $r) {
			$vals = [];
			foreach ($def['cols'] as $i => [$c, $k]) $vals[] = literal($d, $k, value($r[$i], $expected));
			echo 'INSERT INTO ' . q($d, $t) . ' VALUES (' . implode(', ', $vals) . ");\n";
		}
	}
	echo extras($d, $expected);
}

// One row per value: table, id, column, hex of the bytes or N for NULL.
function readback(string $d): void
{
	$parts = [];
	foreach (tables($d) as $t => $def) {
		$id = q($d, $def['cols'][0][0]);
		foreach ($def['cols'] as [$c, $k]) {
			if ($k === 'id') continue;
			$qc = q($d, $c);
			if ($d === 'mariadb') $hex = "HEX($qc)";
			elseif ($d === 'pg') $hex = $k === 'blob' ? "encode($qc, 'hex')" : "encode(convert_to($qc::text, 'UTF8'), 'hex')";
			else $hex = "typeof($qc) || ':' || hex($qc)";
			$parts[] = "SELECT '$t', $id, '$c', CASE WHEN $qc IS NULL THEN 'N' ELSE $hex END FROM " . q($d, $t);
		}
	}
	echo implode("\nUNION ALL ", $parts) . "\nORDER BY 1, 2, 3;\n";
}

// A value for a message: C escapes (bytes >= 0x80 too where the value is
// not UTF-8), 200 bytes at most, from byte $from on.
function show(?string $s, int $from = 0): string
{
	if ($s === null) return 'NULL';
	$utf8 = preg_match('//u', $s);
	$s = substr($s, $from);
	$e = $utf8 ? addcslashes($s, "\0..\37\"\\\177") : addcslashes($s, "\0..\37\"\\\177..\377");
	return ($from ? '...' : '') . '"' . (strlen($e) > 200 ? substr($e, 0, 200) . '"...' : "$e\"");
}

// Where two values first differ, less 40 bytes of context.
function from(?string $a, ?string $b): int
{
	if ($a === null || $b === null) return 0;
	$n = min(strlen($a), strlen($b));
	for ($i = 0; $i < $n && $a[$i] === $b[$i]; $i++);
	return max(0, $i - 40);
}

function read_rb(string $f): array
{
	$out = [];
	foreach (file($f, FILE_IGNORE_NEW_LINES) as $l) {
		if ($l === '') continue;
		$p = explode("\t", $l);
		if (count($p) != 4) { $out["?$l"] = 'N'; continue; }
		$v = $p[3];
		$type = '';
		if (preg_match('/^(\w+):(.*)$/', $v, $m)) { $type = $m[1]; $v = $m[2]; } // sqlite typeof
		$out["$p[0].$p[2] id=$p[1]"] = $v === 'N' ? null : ($type === 'null' ? null : [$type, hex2bin(strtolower($v))]);
	}
	return $out;
}

function unser_ok(string $s): bool { return $s === 'b:0;' || @unserialize($s) !== false; }
function is_ser(string $s): bool { return (bool)preg_match('/^(?:[aOsbidE]:|N;)/', $s) && unser_ok($s); }

function compare(string $style, string $ef, string $gf): void
{
	$e = read_rb($ef);
	$g = read_rb($gf);
	$diff = 0;
	$refused = 0;
	$nser = 0;
	foreach ($e as $k => $ev) {
		$gv = array_key_exists($k, $g) ? $g[$k] : false;
		if ($gv === false) { $diff++; echo "FAIL $style $k: missing from the import\n"; continue; }
		if ($ev !== $gv) {
			$diff++;
			$et = $ev === null ? '' : ($ev[0] !== '' ? " ($ev[0])" : '');
			$gt = $gv === null ? '' : ($gv[0] !== '' ? " ($gv[0])" : '');
			$f = from($ev[1] ?? null, $gv[1] ?? null);
			echo "FAIL $style $k:" . ($f ? " from byte $f:" : '') . " expected " . show($ev[1] ?? null, $f) . "$et got " . show($gv[1] ?? null, $f) . "$gt\n";
		}
		if ($ev !== null && is_ser($ev[1])) {
			$nser++;
			if ($gv === null || $gv === false || !unser_ok($gv[1])) { $refused++; echo "FAIL $style $k: PHP unserialize() refuses the value read back\n"; }
		}
	}
	foreach ($g as $k => $gv) if (!array_key_exists($k, $e)) { $diff++; echo "FAIL $style $k: not in the expected rows\n"; }
	echo "VALUES $style " . count($e) . " $diff $nser $refused\n";
}

// The string values of a dump, in order, by its dialect's quoting.
function sql_unescape(string $s): string
{
	return preg_replace_callback('/\\\\(.)/s', function ($m) {
		return ['0' => "\0", 'n' => "\n", 'r' => "\r", 't' => "\t", 'b' => "\x08", 'Z' => "\x1a"][$m[1]] ?? $m[1];
	}, $s);
}

function dump_values(string $style, string $text): array
{
	$out = [];
	if (str_starts_with($style, 'mariadb')) {
		preg_match_all("/'((?:[^'\\\\]|\\\\.|'')*)'/s", $text, $m);
		foreach ($m[1] as $lit) $out[] = sql_unescape(str_replace("''", "'", $lit));
	} elseif ($style === 'pg-copy') {
		foreach (explode("\n", $text) as $l) {
			if (preg_match('/^COPY /', $l)) { $in = true; continue; }
			if ($l === '\\.') { $in = false; continue; }
			if (empty($in)) continue;
			foreach (explode("\t", $l) as $f) {
				if ($f === '\\N') continue;
				$out[] = preg_replace_callback('/\\\\(.)/s', fn($m) => ['n' => "\n", 'r' => "\r", 't' => "\t", 'b' => "\x08", 'f' => "\f", 'v' => "\v"][$m[1]] ?? $m[1], $f);
			}
		}
	} else { // standard strings: pg --inserts, sqlite .dump (with its replace() wrappers);
		// `--` comments and dollar-quoted bodies (pg functions) are skipped
		preg_match_all("/--[^\\n]*|\\$([A-Za-z_]\\w*|)\\$.*?\\$\\1\\$|'((?:[^']|'')*)'((?:,'(?:[^']|'')*',char\\(\\d+\\)\\))*)/s", $text, $m, PREG_SET_ORDER | PREG_UNMATCHED_AS_NULL);
		foreach ($m as $x) {
			if (!isset($x[2])) continue;
			$v = str_replace("''", "'", $x[2]);
			if ($x[3] !== '' && preg_match_all("/,'((?:[^']|'')*)',char\\((\\d+)\\)\\)/", $x[3], $r, PREG_SET_ORDER)) {
				foreach ($r as $y) $v = str_replace(str_replace("''", "'", $y[1]), chr((int)$y[2]), $v);
			}
			$out[] = $v;
		}
	}
	return $out;
}

// Every value of the expected dump that PHP unserialize()s must unserialize
// in hostshift's output, taken at the same position.
function dumpvals(string $style, string $ef, string $gf): void
{
	$e = dump_values($style, file_get_contents($ef));
	$g = dump_values($style, file_get_contents($gf));
	$n = 0;
	$refused = 0;
	foreach ($e as $i => $v) {
		if (!is_ser($v)) continue;
		$n++;
		if (!isset($g[$i]) || !unser_ok($g[$i])) {
			$refused++;
			echo "FAIL $style: serialized value #$i: PHP unserialize() refuses hostshift's output " . show($g[$i] ?? null) . "\n";
		}
	}
	if ($n == 0) { echo "FAIL $style: no serialized value found in the expected dump\n"; $refused++; }
	echo "SER $style $n $refused\n";
}

// Two dumps line by line (the volatile lines already left out): each line
// that differs, from its first differing byte; a plain count where the
// numbers of lines differ.
function linediff(string $ef, string $gf, int $max): void
{
	$e = explode("\n", file_get_contents($ef));
	$g = explode("\n", file_get_contents($gf));
	if (count($e) != count($g)) {
		echo "expected " . count($e) . " lines, got " . count($g) . "\n";
		return;
	}
	$n = 0;
	foreach ($e as $i => $l) {
		if ($l === $g[$i]) continue;
		if (++$n > $max) continue;
		$f = from($l, $g[$i]);
		echo 'line ' . ($i + 1) . ':' . ($f ? " from byte $f:" : '') . ' expected ' . show($l, $f) . ' got ' . show($g[$i], $f) . "\n";
	}
	if ($n > $max) echo '(' . ($n - $max) . " more lines differ)\n";
}

switch ($argv[1] ?? '') {
case 'load': load($argv[2], $argv[3] === 'expected'); break;
case 'readback': readback($argv[2]); break;
case 'compare': compare($argv[2], $argv[3], $argv[4]); break;
case 'dumpvals': dumpvals($argv[2], $argv[3], $argv[4]); break;
case 'linediff': linediff($argv[2], $argv[3], (int)($argv[4] ?? 8)); break;
default: fwrite(STDERR, "usage: php rows.php load|readback|compare|dumpvals ...\n"); exit(2);
}
