# tests/db/multisite.sh — sourced by roundtrip.sh (bash): the
# --wordpress-multisite round trip of one engine (tests/db/README.md,
# "Multisite"), on the server roundtrip.sh started, with its functions
# (createdb_, dropdb_, load, pass, fail, trunc; lib.sh's my, my_dump) and
# variables (ENGINE, OUT, H, DET, DBT, ROOT, HERE).
#
# A network of two sites (www.example.fi, shop.example.fi) as WordPress
# stores it (tests/db/multisite.php) is dumped in each style (mariadb-dump
# plain and with --complete-insert --skip-extended-insert; pg_dump's COPY
# and --inserts; sqlite3 .dump), rewritten by
# `hostshift -m corpus/multisite/multisite.map --wordpress-multisite`, and
# imported; then:
#   rewrite  hostshift exits 0 and says nothing on stderr
#   import   the output loads into a fresh database
#   query    the imported database, queried, gives the lines below, written
#            by hand: every domain of wp_blogs and wp_site is the variant
#            host, every URL the variant origin (a serialized widget's
#            length repaired), and admin@www.example.fi (wp_users, options,
#            sitemeta, post content), the host in prose and
#            wp_usermeta.source_domain are unchanged
#   dump     the output equals the dump of the expected database (the rows
#            of multisite.php with the hosts replaced there, by PHP), but
#            for the dump-date lines
#   reverse  `--reverse` of the expected dump gives back the source dump
# The dumps are kept as OUT/multisite/STYLE.src.sql, .exp.sql, .got.sql
# (tools/make_canned_dumps.sh copies the first two to corpus/multisite/).

MS_MAP=$ROOT/corpus/multisite/multisite.map
MS_ROWS=$HERE/multisite.php

ms_queries() {
	cat <<'EOF'
SELECT 'blogs', blog_id, domain, path FROM wp_blogs ORDER BY blog_id;
SELECT 'site', id, domain, path FROM wp_site ORDER BY id;
SELECT 'sitemeta', meta_key, meta_value FROM wp_sitemeta WHERE meta_key IN ('admin_email', 'siteurl') ORDER BY meta_id;
SELECT 'options', option_name, option_value FROM wp_options WHERE option_name IN ('siteurl', 'home', 'admin_email') ORDER BY option_id;
SELECT 'options2', option_name, option_value FROM wp_2_options WHERE option_name IN ('siteurl', 'home', 'admin_email') ORDER BY option_id;
SELECT 'widget', option_value FROM wp_2_options WHERE option_name = 'widget_text';
SELECT 'users', user_login, user_email, user_url FROM wp_users ORDER BY ID;
SELECT 'usermeta', meta_key, meta_value FROM wp_usermeta WHERE meta_key = 'source_domain';
SELECT 'posts', ID, post_content, guid FROM wp_posts ORDER BY ID;
SELECT 'posts2', ID, post_content, guid FROM wp_2_posts ORDER BY ID;
EOF
}

# what the queries must give on the imported database (tab-separated)
ms_expected() {
	tr '|' '\t' <<'EOF'
blogs|1|wt-a--example.ddev.site|/
blogs|2|wt-a--shop.example.ddev.site|/
site|1|wt-a--example.ddev.site|/
sitemeta|admin_email|admin@www.example.fi
sitemeta|siteurl|https://wt-a--example.ddev.site/
options|siteurl|https://wt-a--example.ddev.site
options|home|https://wt-a--example.ddev.site
options|admin_email|admin@www.example.fi
options2|siteurl|https://wt-a--shop.example.ddev.site
options2|home|https://wt-a--shop.example.ddev.site
options2|admin_email|admin@www.example.fi
widget|a:2:{i:2;a:3:{s:5:"title";s:4:"Shop";s:4:"text";s:85:"<a href="https://wt-a--shop.example.ddev.site/">Shop</a> or mail admin@www.example.fi";s:6:"filter";b:0;}s:12:"_multiwidget";i:1;}
users|admin|admin@www.example.fi|https://wt-a--example.ddev.site
usermeta|source_domain|www.example.fi
posts|1|<p>Write to admin@www.example.fi or visit www.example.fi, or read <a href="https://wt-a--example.ddev.site/about/">about us</a>.</p>|https://wt-a--example.ddev.site/?p=1
posts2|1|<p>Products at <a href="https://wt-a--shop.example.ddev.site/products/">the shop</a>; questions to admin@www.example.fi.</p>|https://wt-a--shop.example.ddev.site/?p=1
EOF
}

ms_query() { # ms_query DB: the queries' lines
	case $ENGINE in
	mariadb) ms_queries | my -N -B "$1" ;;
	pg) ms_queries | pg -d "$1" -A -t -F "$(printf '\t')" -f - ;;
	sqlite) ms_queries | sqlite3 -bail -separator "$(printf '\t')" "$DBT/$1.db" ;;
	esac
}

multisite_roundtrip() {
	local styles=() s db n=0 MO=$OUT/multisite
	case $ENGINE in
	mariadb) styles=(mariadb-multisite mariadb-multisite-complete) ;;
	pg) styles=(pg-multisite-copy pg-multisite-inserts) ;;
	sqlite) styles=(sqlite-multisite) ;;
	*) return 0 ;;
	esac
	mkdir -p "$MO"
	# ms_dump DB STYLE: the database dumped in that style
	ms_dump() {
		case $2 in
		mariadb-multisite) my_dump "$1" ;;
		mariadb-multisite-complete) my_dump --complete-insert --skip-extended-insert "$1" ;;
		pg-multisite-copy) pg_dump_ "$1" ;;
		pg-multisite-inserts) pg_dump_ --inserts "$1" ;;
		sqlite-multisite) sqlite3 "$DBT/$1.db" .dump ;;
		esac
	}

	createdb_ ms && php "$MS_ROWS" load "$ENGINE" source | load ms || { echo "FAIL $ENGINE-multisite: loading the network failed"; return 0; }
	for s in "${styles[@]}"; do ms_dump ms "$s" >"$MO/$s.src.sql"; done
	dropdb_ ms
	createdb_ ms && php "$MS_ROWS" load "$ENGINE" expected | load ms || { echo "FAIL $ENGINE-multisite: loading the expected network failed"; return 0; }
	for s in "${styles[@]}"; do ms_dump ms "$s" >"$MO/$s.exp.sql"; done
	dropdb_ ms
	ms_expected >"$DBT/ms.want"

	for s in "${styles[@]}"; do
		n=$((n + 1))
		if "$H" -m "$MS_MAP" --wordpress-multisite <"$MO/$s.src.sql" >"$MO/$s.got.sql" 2>"$DBT/$s.hs.err"; then
			if [ -s "$DBT/$s.hs.err" ]; then
				fail "$s" rewrite "hostshift warned: $(head -c 300 "$DBT/$s.hs.err")"
			else
				pass "$s" rewrite
			fi
		else
			fail "$s" rewrite "hostshift exited $?: $(head -c 300 "$DBT/$s.hs.err")"
		fi
		db=ms$n
		createdb_ "$db"
		if load "$db" <"$MO/$s.got.sql" >"$DBT/$s.imp.log" 2>&1; then
			pass "$s" import
		else
			fail "$s" import "the rewritten dump does not load: $(grep -a -i -m1 error "$DBT/$s.imp.log" | trunc)"
		fi
		if ms_query "$db" >"$DBT/$s.got.q" 2>"$DBT/$s.q.err" && cmp -s "$DBT/$s.got.q" "$DBT/ms.want"; then
			pass "$s" query
		else
			fail "$s" query "the imported network's values are not the expected ones $(head -c 200 "$DBT/$s.q.err")"
			diff "$DBT/ms.want" "$DBT/$s.got.q" | head -n 12 | trunc | sed "s/^/  $s query: /" >>"$DET"
		fi
		if cmp -s <(dump_volatile "$MO/$s.got.sql") <(dump_volatile "$MO/$s.exp.sql"); then
			pass "$s" dump
		else
			fail "$s" dump "hostshift's output differs from the expected network's dump"
			diff <(dump_volatile "$MO/$s.exp.sql") <(dump_volatile "$MO/$s.got.sql") | head -n 12 | trunc |
				sed "s/^/  $s dump: /" >>"$DET"
		fi
		if "$H" -m "$MS_MAP" --wordpress-multisite -R <"$MO/$s.exp.sql" 2>/dev/null | dump_volatile /dev/stdin |
			cmp -s - <(dump_volatile "$MO/$s.src.sql"); then
			pass "$s" reverse
		else
			fail "$s" reverse "--reverse of the expected dump is not the source dump"
		fi
		dropdb_ "$db" >/dev/null 2>&1
	done
}
