<?php
// A WordPress multisite network of two sites, as WordPress stores it, for
// the --wordpress-multisite round trip (tests/db/README.md, "Multisite").
//
//   php multisite.php load mariadb|pg|sqlite source|expected   schema + rows as SQL
//
// The network: wp_site (the network, www.example.fi), wp_sitemeta, wp_blogs
// (www.example.fi and shop.example.fi, subdomain install), wp_blogmeta,
// the options of each site (wp_options, wp_2_options: siteurl, home, a
// serialized widget), wp_users and wp_usermeta, and each site's posts. The
// e-mail address admin@www.example.fi is in wp_users.user_email, in options
// and in post content; a bare host is in prose and in
// wp_usermeta.source_domain.
//
// The expected rows are the source rows with, computed here and not by
// hostshift: each origin replaced by its variant origin in every string
// (a serialized value unserialize()d, replaced in its leaves and
// serialize()d again), and the domain of wp_blogs and wp_site replaced by
// the variant host (docs/rules.md §8.5). Nothing else changes: not the
// e-mail addresses, not a host in prose, not source_domain.

const SITES = [
	// canonical host => variant host (corpus/multisite/multisite.map)
	'www.example.fi' => 'wt-a--example.ddev.site',
	'shop.example.fi' => 'wt-a--shop.example.ddev.site',
];

function origins(string $s): string
{
	$m = [];
	foreach (SITES as $c => $v) $m["https://$c"] = "https://$v";
	return strtr($s, $m);
}

function walk($v)
{
	if (is_string($v)) {
		if (preg_match('/^[aOs]:\d+:/', $v)) {
			$u = @unserialize($v);
			if ($u !== false) return serialize(walk($u));
		}
		return origins($v);
	}
	if (is_array($v)) {
		$o = [];
		foreach ($v as $k => $x) $o[$k] = walk($x);
		return $o;
	}
	return $v;
}

// The tables: name => [columns as [name, mariadb type, sqlite type, pg
// type], rows].
// A row's value is a string, an int, or ['ser', PHP value] (stored
// serialized); ['host', H] is a domain column's host.
function tables(): array
{
	$w = 'https://www.example.fi';
	$s = 'https://shop.example.fi';
	$when = '2024-05-01 10:00:00';
	$options = function (int $blog, string $o, string $name) use ($s) {
		return [
			[1, 'siteurl', $o, 'yes'],
			[2, 'home', $o, 'yes'],
			[3, 'blogname', $name, 'yes'],
			[4, 'admin_email', 'admin@www.example.fi', 'yes'],
			[5, 'widget_text', ['ser', [2 => ['title' => 'Shop', 'text' => "<a href=\"$s/\">Shop</a> or mail admin@www.example.fi", 'filter' => false], '_multiwidget' => 1]], 'yes'],
			[6, 'upload_path', "wp-content/uploads/sites/$blog", 'yes'],
		];
	};
	$id = ['bigint(20) unsigned NOT NULL AUTO_INCREMENT', 'integer NOT NULL PRIMARY KEY AUTOINCREMENT', 'bigint NOT NULL'];
	$big = ['bigint(20) NOT NULL DEFAULT 0', 'integer NOT NULL DEFAULT 0', 'bigint NOT NULL DEFAULT 0'];
	$vc = fn(int $n) => ["varchar($n) NOT NULL DEFAULT ''", "text NOT NULL DEFAULT ''", "varchar($n) NOT NULL DEFAULT ''"];
	$long = ['longtext', 'text', 'text'];
	$key = ['varchar(255) DEFAULT NULL', 'text', 'varchar(255) DEFAULT NULL'];
	$text = ['longtext NOT NULL', 'text NOT NULL', 'text NOT NULL'];
	$dt = ["datetime NOT NULL DEFAULT '0000-00-00 00:00:00'", "text NOT NULL DEFAULT '0000-00-00 00:00:00'", 'timestamp NOT NULL'];
	$tiny = fn(int $d) => ["tinyint(2) NOT NULL DEFAULT $d", "integer NOT NULL DEFAULT $d", "smallint NOT NULL DEFAULT $d"];
	$opt_cols = [['option_id', ...$id], ['option_name', ...$vc(191)], ['option_value', ...$text], ['autoload', ...$vc(20)]];
	$post_cols = [['ID', ...$id], ['post_author', ...$big], ['post_date', ...$dt], ['post_content', ...$text],
		['post_title', ...$text], ['post_status', ...$vc(20)], ['post_name', ...$vc(200)], ['guid', ...$vc(255)], ['post_type', ...$vc(20)]];
	return [
		'wp_site' => [[['id', ...$id], ['domain', ...$vc(200)], ['path', ...$vc(100)]], [[1, ['host', 'www.example.fi'], '/']]],
		'wp_sitemeta' => [[['meta_id', ...$id], ['site_id', ...$big], ['meta_key', ...$key], ['meta_value', ...$long]], [
			[1, 1, 'site_name', 'Example Network'],
			[2, 1, 'admin_email', 'admin@www.example.fi'],
			[3, 1, 'siteurl', "$w/"],
			[4, 1, 'site_admins', ['ser', ['admin']]],
			[5, 1, 'subdomain_install', '1'],
			[6, 1, 'active_sitewide_plugins', ['ser', []]],
		]],
		'wp_blogs' => [[['blog_id', ...$id], ['site_id', ...$big], ['domain', ...$vc(200)], ['path', ...$vc(100)], ['registered', ...$dt],
			['last_updated', ...$dt], ['public', ...$tiny(1)], ['archived', ...$tiny(0)], ['mature', ...$tiny(0)], ['spam', ...$tiny(0)],
			['deleted', ...$tiny(0)], ['lang_id', 'int(11) NOT NULL DEFAULT 0', 'integer NOT NULL DEFAULT 0', 'integer NOT NULL DEFAULT 0']], [
			[1, 1, ['host', 'www.example.fi'], '/', $when, $when, 1, 0, 0, 0, 0, 0],
			[2, 1, ['host', 'shop.example.fi'], '/', $when, $when, 1, 0, 0, 0, 0, 0],
		]],
		'wp_blogmeta' => [[['meta_id', ...$id], ['blog_id', ...$big], ['meta_key', ...$key], ['meta_value', ...$long]], [
			[1, 1, 'db_version', '57155'],
			[2, 2, 'db_version', '57155'],
		]],
		'wp_options' => [$opt_cols, $options(1, $w, 'Example')],
		'wp_2_options' => [$opt_cols, $options(2, $s, 'Shop')],
		'wp_users' => [[['ID', ...$id], ['user_login', ...$vc(60)], ['user_pass', ...$vc(255)], ['user_nicename', ...$vc(50)],
			['user_email', ...$vc(100)], ['user_url', ...$vc(100)], ['user_registered', ...$dt], ['display_name', ...$vc(250)],
			['spam', ...$tiny(0)], ['deleted', ...$tiny(0)]], [
			[1, 'admin', '$P$BhashhashhashhashhashhashhashX.', 'admin', 'admin@www.example.fi', $w, $when, 'admin', 0, 0],
		]],
		'wp_usermeta' => [[['umeta_id', ...$id], ['user_id', ...$big], ['meta_key', ...$key], ['meta_value', ...$long]], [
			[1, 1, 'primary_blog', '1'],
			[2, 1, 'source_domain', 'www.example.fi'],
		]],
		'wp_posts' => [$post_cols, [
			[1, 1, $when, "<p>Write to admin@www.example.fi or visit www.example.fi, or read <a href=\"$w/about/\">about us</a>.</p>",
				'Hello', 'publish', 'hello', "$w/?p=1", 'post'],
		]],
		'wp_2_posts' => [$post_cols, [
			[1, 1, $when, "<p>Products at <a href=\"$s/products/\">the shop</a>; questions to admin@www.example.fi.</p>",
				'Shop', 'publish', 'shop', "$s/?p=1", 'post'],
		]],
	];
}

function value($x, bool $expected): string
{
	if (is_int($x)) return (string)$x;
	if (is_array($x) && $x[0] === 'host') $x = $expected ? SITES[$x[1]] : $x[1];
	elseif (is_array($x) && $x[0] === 'ser') $x = serialize($expected ? walk($x[1]) : $x[1]);
	elseif ($expected) $x = origins($x);
	if (strpbrk($x, "\\\0\r\n") !== false) throw new Exception("a value the plain quoting below cannot hold: $x");
	return "'" . str_replace("'", "''", $x) . "'";
}

function load(string $d, bool $expected): void
{
	$my = $d === 'mariadb';
	$type = ['mariadb' => 1, 'sqlite' => 2, 'pg' => 3][$d];
	foreach (tables() as $t => [$cols, $rows]) {
		$defs = [];
		foreach ($cols as $c) $defs[] = "  $c[0] " . $c[$type];
		if ($d !== 'sqlite') $defs[] = "  PRIMARY KEY (" . $cols[0][0] . ")";
		if ($my && $t === 'wp_blogs') $defs[] = "  KEY domain (domain(50),path(5))";
		if ($my && $t === 'wp_site') $defs[] = "  KEY domain (domain(140),path(51))";
		echo "CREATE TABLE $t (\n" . implode(",\n", $defs) . "\n)" . ($my ? " DEFAULT CHARSET=utf8mb4" : "") . ";\n";
		foreach ($rows as $r) {
			echo "INSERT INTO $t VALUES (" . implode(', ', array_map(fn($v) => value($v, $expected), $r)) . ");\n";
		}
	}
}

if (($argv[1] ?? '') !== 'load' || !in_array($argv[2] ?? '', ['mariadb', 'pg', 'sqlite'], true)) {
	fwrite(STDERR, "usage: php multisite.php load mariadb|pg|sqlite source|expected\n");
	exit(2);
}
load($argv[2], ($argv[3] ?? '') === 'expected');
