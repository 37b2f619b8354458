<?php
// tests/oracle_php.php — PHP itself as the judge of serialized repair
// (docs/rules.md §7): every serialized value PHP accepts before hostshift
// it accepts after, equal to the value before with the map's canonical
// origins replaced by their variants (strings compared recursively; a
// string that is itself serialized data is compared as the value it holds,
// rules.md §7.4). Run by tests/oracle_php.sh.
//
//   php oracle_php.php gen SEED COUNT      a mysqldump-style INSERT per value
//   php oracle_php.php check TYPE MAP BEFORE AFTER STRICT
//        TYPE sql, json or html; STRICT 1: the origins are only ever written
//        in the map's own spelling, so the strings must equal str_replace's
//        exactly; 0: other spellings (`\/`, `%3A%2F%2F`, a port) are
//        compared with every origin of either side taken out.
// check prints one line per failure and last `RESULT passed failed`.

error_reporting(E_ALL & ~E_NOTICE & ~E_WARNING & ~E_DEPRECATED);

const ORIGIN = 'https://www.example.fi';

function sql_literal(string $s): string
{
	return "'" . strtr($s, ["\\" => "\\\\", "'" => "\\'", "\"" => "\\\"", "\0" => "\\0", "\n" => "\\n", "\r" => "\\r",
	                        "\x1a" => "\\Z"]) . "'";
}

function rnd_text(int $depth): string
{
	static $pieces = null;
	// an origin always stands where it is one (rules.md §3): after a space
	// and before a `/`, so that str_replace is the expected rewrite
	$pieces ??= [' ' . ORIGIN . '/', ' ' . ORIGIN . '/wp-content/uploads/a.jpg', ' ' . ORIGIN . '/?p=1&x=2', ' ', 'See ',
	             '"', "'", '";}', '";', 'a:1:{', 'a:1:{s:3:"foo";i:1;}', 's:3:"abc";', 's:3:"bad";', '}', '{', ';',
	             'äö€', '😀', "\0", "\n", "\r\n", "\t", '\\', '\\"', '&amp;', '&quot;', '<a href="' . ORIGIN . '/x">',
	             'x', 'hello world', 'http://other.example.com/', ' https://cdn.example.net/', 'O:8:"stdClass":0:{}',
	             'C:11:"ArrayObject":', 'i:5;', 'b:1;', 'N;', '%3A%2F%2F', ':', '0', '99'];
	$n = mt_rand(0, 6);
	$s = '';
	for ($i = 0; $i < $n; $i++) $s .= $pieces[mt_rand(0, count($pieces) - 1)];
	return $s;
}

function rnd_value(int $depth)
{
	$k = mt_rand(0, $depth >= 4 ? 5 : 12);
	switch ($k) {
	case 0: return mt_rand(-1000, 100000);
	case 1: return mt_rand(0, 1) == 1;
	case 2: return null;
	case 3: return mt_rand(0, 1000) / 8;
	case 4: case 5: case 6: return rnd_text($depth);
	case 7: case 8: {
		$a = [];
		$n = mt_rand(0, 4);
		for ($i = 0; $i < $n; $i++) {
			if (mt_rand(0, 1)) $a[] = rnd_value($depth + 1);
			else $a[rnd_text($depth) . 'k' . $i] = rnd_value($depth + 1);
		}
		return $a;
	}
	case 9: {
		$o = new stdClass();
		$n = mt_rand(0, 3);
		for ($i = 0; $i < $n; $i++) $o->{'p' . $i} = rnd_value($depth + 1);
		return $o;
	}
	case 10: {
		$a = [];
		$n = mt_rand(0, 3);
		for ($i = 0; $i < $n; $i++) $a[] = rnd_value($depth + 1);
		return new ArrayObject($a);
	}
	default: return serialize(rnd_value($depth + 1));   // double serialization
	}
}

function gen(int $seed, int $count): void
{
	mt_srand($seed);
	for ($i = 1; $i <= $count; $i++) {
		$v = serialize(rnd_value(0));
		echo "INSERT INTO `wp_options` VALUES ($i,'opt$i'," . sql_literal($v) . ",'yes');\n";
	}
}

function sql_unescape(string $s): string
{
	return preg_replace_callback('/\\\\(.)/s', function ($m) {
		return ['0' => "\0", 'n' => "\n", 'r' => "\r", 't' => "\t", 'b' => "\x08", 'Z' => "\x1a"][$m[1]] ?? $m[1];
	}, $s);
}

// The strings of a file in order: sql literals, json strings, html
// attribute values (entities decoded).
function strings_of(string $type, string $text): array
{
	$out = [];
	if ($type === 'sql') {
		preg_match_all("/'((?:[^'\\\\]|\\\\.|'')*)'/s", $text, $m);
		foreach ($m[1] as $lit) $out[] = sql_unescape(str_replace("''", "'", $lit));
	} elseif ($type === 'json') {
		$lines = preg_match('/\.ndjson$/', $GLOBALS['path']) ? explode("\n", $text) : [$text];
		foreach ($lines as $l) {
			if (trim($l) === '') continue;
			array_walk_recursive_all(json_decode($l, true), $out);
		}
	} else {
		preg_match_all('/=\s*"([^"]*)"|=\s*\'([^\']*)\'/', $text, $m, PREG_SET_ORDER);
		foreach ($m as $x) $out[] = html_entity_decode($x[2] ?? $x[1] ?: ($x[2] ?? ''), ENT_QUOTES | ENT_HTML5, 'UTF-8');
	}
	return $out;
}

function array_walk_recursive_all($v, array &$out): void
{
	if (is_string($v)) { $out[] = $v; return; }
	if (is_array($v)) foreach ($v as $x) array_walk_recursive_all($x, $out);
}

function unser(string $s, &$v): bool
{
	if ($s === 'b:0;') { $v = false; return true; }
	if (!preg_match('/^\s*[abdiOsCNE]:/', $s) && !preg_match('/^\s*N;/', $s)) return false;
	$v = @unserialize($s);
	return $v !== false;
}

function strip_origins(string $s): string
{
	return preg_replace('~((https?|wss?)?(:|%3A|%253A)?(\\\\?/\\\\?/|%2F%2F|%252F%252F))?[a-z0-9.-]*'
	                    . '(example\.fi|example\.staging\.net|ddev\.site)\.?((:|%3A|%253A)\d+)?\.?~i', '<O>', $s);
}

// b (before) against a (after); where says where a difference is.
function same($b, $a, array $map, bool $strict, string $where, ?string &$why): bool
{
	if (is_string($b)) {
		if (!is_string($a)) { $why = "$where: a string became " . gettype($a); return false; }
		if (unser($b, $bv) && serialize($bv) === $b) {
			if (!unser($a, $av)) { $why = "$where: nested serialized data no longer unserializes: " . substr($a, 0, 120); return false; }
			return same($bv, $av, $map, $strict, "$where(nested)", $why);
		}
		$want = strtr($b, $map);
		if ($a === $want) return true;
		if (!$strict && strip_origins($a) === strip_origins($b)) return true;
		$why = "$where: " . json_encode(substr($a, 0, 160)) . ' != ' . json_encode(substr($want, 0, 160));
		return false;
	}
	if (is_object($b)) {
		if (!is_object($a) || get_class($a) !== get_class($b)) { $why = "$where: class changed"; return false; }
		$bb = $b instanceof ArrayObject ? $b->getArrayCopy() : (array)$b;
		$aa = $a instanceof ArrayObject ? $a->getArrayCopy() : (array)$a;
		return same($bb, $aa, $map, $strict, $where . '->', $why);
	}
	if (is_array($b)) {
		if (!is_array($a) || count($a) !== count($b)) { $why = "$where: array shape changed"; return false; }
		$ka = array_keys($a);
		$i = 0;
		foreach ($b as $k => $v) {
			$k2 = $ka[$i++];
			if (!same(is_string($k) ? $k : (string)$k, (string)$k2, $map, $strict, "$where" . "[key]", $why)) return false;
			if (!same($v, $a[$k2], $map, $strict, $where . '[' . $k . ']', $why)) return false;
		}
		return true;
	}
	if (is_float($b) && is_float($a) && is_nan($b) && is_nan($a)) return true;
	if ($a !== $b) { $why = "$where: " . var_export($a, true) . ' != ' . var_export($b, true); return false; }
	return true;
}

function check(string $type, string $mapfile, string $before, string $after, bool $strict): void
{
	$map = [];
	foreach (file($mapfile) as $l) {
		$l = trim($l);
		if ($l === '' || $l[0] === '#') continue;
		[$c, $v] = preg_split('/\s+/', $l);
		if (!isset($map[$c])) $map[$c] = $v;
	}
	$GLOBALS['path'] = $before;
	$bs = strings_of($type, file_get_contents($before));
	$as = strings_of($type, file_get_contents($after));
	$pass = $fail = 0;
	if (count($bs) !== count($as)) {
		echo "FAIL $before: " . count($bs) . " strings before, " . count($as) . " after\n";
		echo "RESULT 0 1\n";
		return;
	}
	foreach ($bs as $i => $b) {
		if (!unser($b, $bv)) continue;
		$why = null;
		if (!unser($as[$i], $av)) {
			$fail++;
			echo "FAIL $before: string $i: PHP no longer unserializes it: " . json_encode(substr($as[$i], 0, 160)) . "\n";
		} elseif (!same($bv, $av, $map, $strict, "string $i", $why)) {
			$fail++;
			echo "FAIL $before: $why\n";
		} else {
			$pass++;
		}
	}
	echo "RESULT $pass $fail\n";
}

if ($argv[1] === 'gen') gen((int)$argv[2], (int)$argv[3]);
else check($argv[2], $argv[3], $argv[4], $argv[5], $argv[6] === '1');
