<?php
// tests/oracle_pgspell.php — PHP as the judge of the sqlstd, copy and
// pgesc spellings (docs/rules.md §7.3), which the sql lexer does not hand
// the walk yet, so the hostshift binary cannot be judged on them: the
// serialized differential (tests/test_ser_diff.c) writes each body it gave
// the value pipeline and the output (HOSTSHIFT_SD_PG_OUT, a line each:
// context, body and output in hex). Each body is decoded here as
// PostgreSQL reads it (standard-strings literal, COPY text field, E''
// literal: decoders written from PostgreSQL's documentation, not from
// src/), and every value PHP unserialize()s before must unserialize after,
// the same with its origins and lengths taken out (the differential has
// checked those byte for byte), and every string in it that PHP reads as
// serialized data before (§7.4) must read so after. Prints one line per failure and last
// `RESULT passed failed`.
//
//   php oracle_pgspell.php FILE

error_reporting(E_ALL & ~E_NOTICE & ~E_WARNING & ~E_DEPRECATED);

enum Suit { case Hearts; }

function u8(int $c): string
{
	if ($c < 0x80) return chr($c);
	if ($c < 0x800) return chr(0xC0 | $c >> 6) . chr(0x80 | $c & 63);
	if ($c < 0x10000) return chr(0xE0 | $c >> 12) . chr(0x80 | $c >> 6 & 63) . chr(0x80 | $c & 63);
	return chr(0xF0 | $c >> 18) . chr(0x80 | $c >> 12 & 63) . chr(0x80 | $c >> 6 & 63) . chr(0x80 | $c & 63);
}

// A standard-strings literal's body: '' is one quote; a lone ' is none.
function dec_sqlstd(string $s): ?string
{
	$o = '';
	for ($i = 0, $n = strlen($s); $i < $n; $i++) {
		if ($s[$i] !== "'") { $o .= $s[$i]; continue; }
		if ($i + 1 >= $n || $s[$i + 1] !== "'") return null;
		$o .= "'";
		$i++;
	}
	return $o;
}

// A COPY text field (pgesc false) or an E'' literal's body (pgesc true).
function dec_pg(string $s, bool $pgesc): ?string
{
	$o = '';
	$n = strlen($s);
	for ($i = 0; $i < $n; $i++) {
		$c = $s[$i];
		if ($pgesc && $c === "'") {
			if ($i + 1 >= $n || $s[$i + 1] !== "'") return null;
			$o .= "'";
			$i++;
			continue;
		}
		if ($c !== '\\') { $o .= $c; continue; }
		if ($i + 1 >= $n) return null;
		$d = $s[++$i];
		if ($d >= '0' && $d <= '7') {
			$v = ord($d) - 48;
			for ($k = 0; $k < 2 && $i + 1 < $n && $s[$i + 1] >= '0' && $s[$i + 1] <= '7'; $k++) $v = $v * 8 + ord($s[++$i]) - 48;
			$o .= chr($v & 255);
			continue;
		}
		if ($d === 'x') {
			$h = '';
			while (strlen($h) < 2 && $i + 1 < $n && ctype_xdigit($s[$i + 1])) $h .= $s[++$i];
			$o .= $h === '' ? 'x' : chr(hexdec($h));
			continue;
		}
		if ($pgesc && ($d === 'u' || $d === 'U')) {
			$w = $d === 'u' ? 4 : 8;
			$h = substr($s, $i + 1, $w);
			if (strlen($h) !== $w || !ctype_xdigit($h)) return null;
			$i += $w;
			$cp = hexdec($h);
			if ($cp >= 0xD800 && $cp <= 0xDBFF) {
				$l = substr($s, $i + 1, 6);
				if (strlen($l) !== 6 || ($l[0] . $l[1]) !== '\\u' || !ctype_xdigit(substr($l, 2))) return null;
				$l = hexdec(substr($l, 2));
				if ($l < 0xDC00 || $l > 0xDFFF) return null;
				$i += 6;
				$cp = 0x10000 + (($cp - 0xD800) << 10) + ($l - 0xDC00);
			} elseif (($cp >= 0xDC00 && $cp <= 0xDFFF) || $cp === 0 || $cp > 0x10FFFF) {
				return null;
			}
			$o .= u8($cp);
			continue;
		}
		$m = ['b' => "\x08", 'f' => "\f", 'n' => "\n", 'r' => "\r", 't' => "\t"];
		if (!$pgesc) $m['v'] = "\v";
		$o .= $m[$d] ?? $d;
	}
	return $o;
}

function decode(string $ctx, string $s): ?string
{
	if ($ctx === 'sqlstd') return dec_sqlstd($s);
	if ($ctx === 'copy') return dec_pg($s, false);
	if ($ctx === 'pgesc') return dec_pg($s, true);
	return null;
}

function unser(string $s, &$ok)
{
	try {
		$v = @unserialize($s);
	} catch (Throwable $e) {   // ArrayObject's own unserialize throws
		$ok = false;
		return null;
	}
	$ok = $v !== false || $s === 'b:0;';
	return $v;
}

// The value as serialize() writes it, with every origin of either side
// and every length taken out (the differential has checked both byte for
// byte): the same shape, scalars and other bytes before and after.
function shape($v): string
{
	return preg_replace(['~(?:https?:|https%3A)?(?:\\\\/\\\\/|\\\\\\\\/\\\\\\\\/|//|%2F%2F)(?:www\.example\.fi|wt-a--example\.ddev\.site)~i',
	                     '~\b([sCOE]):\d+:~', '~":\d+:\{~'], ['@O@', '$1:#:', '":#:{'], serialize($v));
}

// The strings of a value in order, each with whether it is serialized
// data PHP reads (§7.4: then the value it holds is walked too), within a
// budget of nodes (r: and R: may make a value hold itself).
function strings($v, array &$out, int &$budget, array &$seen): void
{
	if (--$budget < 0) return;
	if (is_string($v)) {
		$t = trim($v);
		$u = $t === '' ? null : unser($t, $ok);
		$out[] = $ok ?? false;
		if ($t !== '' && $ok) strings($u, $out, $budget, $seen);
		return;
	}
	if (is_object($v)) {
		if (isset($seen[spl_object_id($v)])) return;
		$seen[spl_object_id($v)] = true;
		if ($v instanceof UnitEnum) return;
		$v = $v instanceof ArrayObject ? $v->getArrayCopy() : (array)$v;
	}
	if (is_array($v)) foreach ($v as $k => $x) {
		strings($k, $out, $budget, $seen);
		strings($x, $out, $budget, $seen);
	}
}

function judge($ub, $ua, string &$why): bool
{
	if (shape($ub) !== shape($ua)) { $why = 'the value changed'; return false; }
	$sb = $sa = [];
	$nb = $na = 200000;
	$seen = [];
	strings($ub, $sb, $nb, $seen);
	$seen = [];
	strings($ua, $sa, $na, $seen);
	foreach ($sb as $i => $ok)
		if ($ok && !($sa[$i] ?? false)) { $why = "nested serialized data no longer unserializes (string $i)"; return false; }
	return true;
}

$pass = $fail = $unjudged = 0;
$f = fopen($argv[1], 'r');
while (($line = fgets($f)) !== false) {
	[$ctx, $in, $out] = explode("\t", rtrim($line, "\n")) + [null, '', ''];
	$why = "";
	$b = decode($ctx, hex2bin($in));
	$a = decode($ctx, hex2bin($out));
	if ($b === null) { $unjudged++; continue; }
	$ub = unser($b, $okb);
	if (!$okb) { $unjudged++; continue; }
	if ($a === null) { $fail++; echo "FAIL $ctx: the output does not decode: $out\n"; continue; }
	$ua = unser($a, $oka);
	if (!$oka) { $fail++; echo "FAIL $ctx: the output does not unserialize: " . bin2hex($a) . "\n"; continue; }
	if (!judge($ub, $ua, $why)) { $fail++; echo "FAIL $ctx: $why: " . bin2hex($a) . "\n"; continue; }
	$pass++;
}
echo "unjudged $unjudged\n";
echo "RESULT $pass $fail\n";
