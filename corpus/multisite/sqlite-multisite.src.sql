PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE wp_site (
  id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  domain text NOT NULL DEFAULT '',
  path text NOT NULL DEFAULT ''
);
INSERT INTO wp_site VALUES(1,'www.example.fi','/');
CREATE TABLE wp_sitemeta (
  meta_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  site_id integer NOT NULL DEFAULT 0,
  meta_key text,
  meta_value text
);
INSERT INTO wp_sitemeta VALUES(1,1,'site_name','Example Network');
INSERT INTO wp_sitemeta VALUES(2,1,'admin_email','admin@www.example.fi');
INSERT INTO wp_sitemeta VALUES(3,1,'siteurl','https://www.example.fi/');
INSERT INTO wp_sitemeta VALUES(4,1,'site_admins','a:1:{i:0;s:5:"admin";}');
INSERT INTO wp_sitemeta VALUES(5,1,'subdomain_install','1');
INSERT INTO wp_sitemeta VALUES(6,1,'active_sitewide_plugins','a:0:{}');
CREATE TABLE wp_blogs (
  blog_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  site_id integer NOT NULL DEFAULT 0,
  domain text NOT NULL DEFAULT '',
  path text NOT NULL DEFAULT '',
  registered text NOT NULL DEFAULT '0000-00-00 00:00:00',
  last_updated text NOT NULL DEFAULT '0000-00-00 00:00:00',
  public integer NOT NULL DEFAULT 1,
  archived integer NOT NULL DEFAULT 0,
  mature integer NOT NULL DEFAULT 0,
  spam integer NOT NULL DEFAULT 0,
  deleted integer NOT NULL DEFAULT 0,
  lang_id integer NOT NULL DEFAULT 0
);
INSERT INTO wp_blogs VALUES(1,1,'www.example.fi','/','2024-05-01 10:00:00','2024-05-01 10:00:00',1,0,0,0,0,0);
INSERT INTO wp_blogs VALUES(2,1,'shop.example.fi','/','2024-05-01 10:00:00','2024-05-01 10:00:00',1,0,0,0,0,0);
CREATE TABLE wp_blogmeta (
  meta_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  blog_id integer NOT NULL DEFAULT 0,
  meta_key text,
  meta_value text
);
INSERT INTO wp_blogmeta VALUES(1,1,'db_version','57155');
INSERT INTO wp_blogmeta VALUES(2,2,'db_version','57155');
CREATE TABLE wp_options (
  option_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  option_name text NOT NULL DEFAULT '',
  option_value text NOT NULL,
  autoload text NOT NULL DEFAULT ''
);
INSERT INTO wp_options VALUES(1,'siteurl','https://www.example.fi','yes');
INSERT INTO wp_options VALUES(2,'home','https://www.example.fi','yes');
INSERT INTO wp_options VALUES(3,'blogname','Example','yes');
INSERT INTO wp_options VALUES(4,'admin_email','admin@www.example.fi','yes');
INSERT INTO wp_options VALUES(5,'widget_text','a:2:{i:2;a:3:{s:5:"title";s:4:"Shop";s:4:"text";s:72:"<a href="https://shop.example.fi/">Shop</a> or mail admin@www.example.fi";s:6:"filter";b:0;}s:12:"_multiwidget";i:1;}','yes');
INSERT INTO wp_options VALUES(6,'upload_path','wp-content/uploads/sites/1','yes');
CREATE TABLE wp_2_options (
  option_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  option_name text NOT NULL DEFAULT '',
  option_value text NOT NULL,
  autoload text NOT NULL DEFAULT ''
);
INSERT INTO wp_2_options VALUES(1,'siteurl','https://shop.example.fi','yes');
INSERT INTO wp_2_options VALUES(2,'home','https://shop.example.fi','yes');
INSERT INTO wp_2_options VALUES(3,'blogname','Shop','yes');
INSERT INTO wp_2_options VALUES(4,'admin_email','admin@www.example.fi','yes');
INSERT INTO wp_2_options VALUES(5,'widget_text','a:2:{i:2;a:3:{s:5:"title";s:4:"Shop";s:4:"text";s:72:"<a href="https://shop.example.fi/">Shop</a> or mail admin@www.example.fi";s:6:"filter";b:0;}s:12:"_multiwidget";i:1;}','yes');
INSERT INTO wp_2_options VALUES(6,'upload_path','wp-content/uploads/sites/2','yes');
CREATE TABLE wp_users (
  ID integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  user_login text NOT NULL DEFAULT '',
  user_pass text NOT NULL DEFAULT '',
  user_nicename text NOT NULL DEFAULT '',
  user_email text NOT NULL DEFAULT '',
  user_url text NOT NULL DEFAULT '',
  user_registered text NOT NULL DEFAULT '0000-00-00 00:00:00',
  display_name text NOT NULL DEFAULT '',
  spam integer NOT NULL DEFAULT 0,
  deleted integer NOT NULL DEFAULT 0
);
INSERT INTO wp_users VALUES(1,'admin','$P$BhashhashhashhashhashhashhashX.','admin','admin@www.example.fi','https://www.example.fi','2024-05-01 10:00:00','admin',0,0);
CREATE TABLE wp_usermeta (
  umeta_id integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  user_id integer NOT NULL DEFAULT 0,
  meta_key text,
  meta_value text
);
INSERT INTO wp_usermeta VALUES(1,1,'primary_blog','1');
INSERT INTO wp_usermeta VALUES(2,1,'source_domain','www.example.fi');
CREATE TABLE wp_posts (
  ID integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  post_author integer NOT NULL DEFAULT 0,
  post_date text NOT NULL DEFAULT '0000-00-00 00:00:00',
  post_content text NOT NULL,
  post_title text NOT NULL,
  post_status text NOT NULL DEFAULT '',
  post_name text NOT NULL DEFAULT '',
  guid text NOT NULL DEFAULT '',
  post_type text NOT NULL DEFAULT ''
);
INSERT INTO wp_posts VALUES(1,1,'2024-05-01 10:00:00','<p>Write to admin@www.example.fi or visit www.example.fi, or read <a href="https://www.example.fi/about/">about us</a>.</p>','Hello','publish','hello','https://www.example.fi/?p=1','post');
CREATE TABLE wp_2_posts (
  ID integer NOT NULL PRIMARY KEY AUTOINCREMENT,
  post_author integer NOT NULL DEFAULT 0,
  post_date text NOT NULL DEFAULT '0000-00-00 00:00:00',
  post_content text NOT NULL,
  post_title text NOT NULL,
  post_status text NOT NULL DEFAULT '',
  post_name text NOT NULL DEFAULT '',
  guid text NOT NULL DEFAULT '',
  post_type text NOT NULL DEFAULT ''
);
INSERT INTO wp_2_posts VALUES(1,1,'2024-05-01 10:00:00','<p>Products at <a href="https://shop.example.fi/products/">the shop</a>; questions to admin@www.example.fi.</p>','Shop','publish','shop','https://shop.example.fi/?p=1','post');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('wp_site',1);
INSERT INTO sqlite_sequence VALUES('wp_sitemeta',6);
INSERT INTO sqlite_sequence VALUES('wp_blogs',2);
INSERT INTO sqlite_sequence VALUES('wp_blogmeta',2);
INSERT INTO sqlite_sequence VALUES('wp_options',6);
INSERT INTO sqlite_sequence VALUES('wp_2_options',6);
INSERT INTO sqlite_sequence VALUES('wp_users',1);
INSERT INTO sqlite_sequence VALUES('wp_usermeta',2);
INSERT INTO sqlite_sequence VALUES('wp_posts',1);
INSERT INTO sqlite_sequence VALUES('wp_2_posts',1);
COMMIT;
