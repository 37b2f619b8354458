-- A small WordPress-style dump for `make demo`.
CREATE TABLE `wp_options` (`option_id` bigint, `option_name` varchar(191), `option_value` longtext);
INSERT INTO `wp_options` VALUES (1,'siteurl','https://www.example.fi'),(2,'home','https://www.example.fi'),(3,'widget_text','a:1:{i:2;a:2:{s:5:\"title\";s:6:\"Kauppa\";s:4:\"text\";s:53:\"<a href=\"https://shop.example.fi/kori/\">Ostoskori</a>\";}}');
CREATE TABLE `wp_postmeta` (`meta_id` bigint, `post_id` bigint, `meta_key` varchar(255), `meta_value` longtext);
INSERT INTO `wp_postmeta` VALUES (7,42,'_links','{\"self\":\"https:\\/\\/www.example.fi\\/wp-json\\/wp\\/v2\\/posts\\/42\"}');
