/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: wp
-- ------------------------------------------------------
-- Server version	10.11.19-MariaDB-0+deb12u1

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;

--
-- Table structure for table `wp_options`
--

DROP TABLE IF EXISTS `wp_options`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `wp_options` (
  `option_id` int(11) NOT NULL,
  `option_name` varchar(191) DEFAULT NULL,
  `option_value` longtext DEFAULT NULL,
  `autoload` varchar(191) DEFAULT NULL,
  PRIMARY KEY (`option_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `wp_options`
--

LOCK TABLES `wp_options` WRITE;
/*!40000 ALTER TABLE `wp_options` DISABLE KEYS */;
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (1,'siteurl','https://dev.test','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (2,'home','https://dev.test/','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (3,'widget_text','a:2:{i:2;a:3:{s:5:\"title\";s:5:\"Links\";s:4:\"text\";s:72:\"<a href=\"https://dev.test/x\">It\'s \"here\"</a>\nline 2\r\n	tabbed \\ backslash\";s:6:\"filter\";b:1;}s:12:\"_multiwidget\";i:1;}','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (4,'theme_mods_twentytwenty','a:3:{s:11:\"custom_logo\";i:12;s:6:\"header\";a:4:{s:5:\"image\";s:42:\"https://dev.test/wp-content/uploads/ä.png\";s:7:\"caption\";s:40:\"Ääkköset – öljy ✓ 日本語 😀\";s:5:\"empty\";s:0:\"\";s:4:\"deep\";a:1:{s:6:\"deeper\";a:4:{s:7:\"deepest\";s:15:\"//dev.test/deep\";s:1:\"n\";N;s:1:\"f\";d:1.5;s:1:\"b\";b:0;}}}s:18:\"nav_menu_locations\";a:1:{s:7:\"primary\";i:2;}}','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (5,'elementor_json','a:2:{s:4:\"json\";s:68:\"{\"url\":\"https:\\/\\/dev.test\\/a\",\"rel\":\"\\/\\/dev.test\\/b\",\"t\":\"\\u00e4\"}\";s:5:\"plain\";s:9:\"no origin\";}','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (6,'upload_url_path','s:35:\"https://dev.test/wp-content/uploads\";','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (7,'double_serialized','s:58:\"a:2:{s:1:\"u\";s:17:\"https://dev.test/\";s:1:\"q\";s:4:\"it\'s\";}\";','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (8,'percent_plain','https%3A%2F%2Fdev.test%2Fpath%3Fa%3D1','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (9,'percent_ser','a:2:{s:8:\"redirect\";s:30:\"https%3A%2F%2Fdev.test%2Flogin\";s:3:\"rel\";s:17:\"%2F%2Fdev.test%2F\";}','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (10,'empty_value','','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (11,'adversarial_no_origin','quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (12,'adversarial_ser','a:5:{s:1:\"a\";s:49:\"quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end\";s:1:\"b\";s:68:\"quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end https://dev.test/c\";s:1:\"c\";s:40:\"Ääkköset – öljy ✓ 日本語 😀\";s:1:\"d\";s:0:\"\";s:1:\"e\";s:33:\"\";}s:5:\"x\";a:1:{ https://dev.test\";}','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (13,'old_http','https://dev.test/old','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (14,'object_ser','O:8:\"stdClass\":2:{s:3:\"url\";s:20:\"https://dev.test/obj\";s:1:\"n\";i:3;}','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (15,'mixed_ser','a:6:{i:0;s:17:\"https://dev.test/\";i:1;s:18:\"https://dev.test/h\";s:1:\"k\";a:3:{i:0;i:1;i:1;i:2;i:2;s:18:\"s https://dev.test\";}s:1:\"x\";b:1;s:1:\"i\";i:-42;s:1:\"d\";d:0.25;}','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (16,'ser_empty_array','a:0:{}','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (17,'ser_empty_string','s:0:\"\";','yes');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (18,'json_plain','{\"home\":\"https:\\/\\/dev.test\\/\",\"name\":\"Caf\\u00e9 \\\"Q\\\"\"}','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (19,'multiline','first https://dev.test/1\nsecond https://dev.test/2\r\nthird	tab https://dev.test/3\n','no');
INSERT INTO `wp_options` (`option_id`, `option_name`, `option_value`, `autoload`) VALUES (20,'backslashes','C:\\path\\to https://dev.test\\x \\\\ \\n literal','no');
/*!40000 ALTER TABLE `wp_options` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table `wp_posts`
--

DROP TABLE IF EXISTS `wp_posts`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `wp_posts` (
  `ID` int(11) NOT NULL,
  `post_title` text DEFAULT NULL,
  `post_content` longtext DEFAULT NULL,
  `guid` varchar(191) DEFAULT NULL,
  `post_excerpt` text DEFAULT NULL,
  `meta_json` longtext DEFAULT NULL,
  `thumb` longblob DEFAULT NULL,
  PRIMARY KEY (`ID`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `wp_posts`
--

LOCK TABLES `wp_posts` WRITE;
/*!40000 ALTER TABLE `wp_posts` DISABLE KEYS */;
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (1,'Title 1 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 1: visit https://dev.test/ today, or <a href=\"https://dev.test/about-1/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/1.png\" srcset=\"https://dev.test/a-1.png 1x, https://dev.test/a-1@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":1,\"url\":\"https:\\/\\/dev.test\\/x-1.jpg\"} -->	<a href=\'https://dev.test/old-1\'>old</a> \\ \"q\"','https://dev.test/?p=1',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-1\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 1\"}','\'\"\\\0�\0quote\'\"');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (2,'Title 2 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 2: visit https://dev.test/ today, or <a href=\"https://dev.test/about-2/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/2.png\" srcset=\"https://dev.test/a-2.png 1x, https://dev.test/a-2@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":2,\"url\":\"https:\\/\\/dev.test\\/x-2.jpg\"} -->	<a href=\'https://dev.test/old-2\'>old</a> \\ \"q\"','https://dev.test/?page_id=2',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-2\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 2\"}','\0	\n\r\Z !\"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~��������������������������������������������������������������������������������������������������������������������������������');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (3,NULL,'<p>Post 3: visit https://dev.test/ today, or <a href=\"https://dev.test/about-3/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/3.png\" srcset=\"https://dev.test/a-3.png 1x, https://dev.test/a-3@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":3,\"url\":\"https:\\/\\/dev.test\\/x-3.jpg\"} -->	<a href=\'https://dev.test/old-3\'>old</a> \\ \"q\"','https://dev.test/?p=3',NULL,NULL,'\\\'\\\"\r\n	\Z\0\0\'\'\"\"\\\\');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (4,'Title 4 – Ääkköset – öljy ✓ 日本語 😀','','https://dev.test/?page_id=4','Excerpt 4: quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','{\"url\":\"https:\\/\\/dev.test\\/a-4\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 4\"}','');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (5,'Title 5 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 5: visit https://dev.test/ today, or <a href=\"https://dev.test/about-5/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/5.png\" srcset=\"https://dev.test/a-5.png 1x, https://dev.test/a-5@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":5,\"url\":\"https:\\/\\/dev.test\\/x-5.jpg\"} -->	<a href=\'https://dev.test/old-5\'>old</a> \\ \"q\"','https://dev.test/?p=5',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-5\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 5\"}','��� s:5:\"x\"; \0');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (6,'Title 6 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 6: visit https://dev.test/ today, or <a href=\"https://dev.test/about-6/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/6.png\" srcset=\"https://dev.test/a-6.png 1x, https://dev.test/a-6@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":6,\"url\":\"https:\\/\\/dev.test\\/x-6.jpg\"} -->	<a href=\'https://dev.test/old-6\'>old</a> \\ \"q\"','https://dev.test/?page_id=6',NULL,'[]','bin6\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (7,'Title 7 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 7: visit https://dev.test/ today, or <a href=\"https://dev.test/about-7/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/7.png\" srcset=\"https://dev.test/a-7.png 1x, https://dev.test/a-7@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":7,\"url\":\"https:\\/\\/dev.test\\/x-7.jpg\"} -->	<a href=\'https://dev.test/old-7\'>old</a> \\ \"q\"','https://dev.test/?p=7',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-7\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 7\"}',NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (8,'Title 8 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 8: visit https://dev.test/ today, or <a href=\"https://dev.test/about-8/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/8.png\" srcset=\"https://dev.test/a-8.png 1x, https://dev.test/a-8@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":8,\"url\":\"https:\\/\\/dev.test\\/x-8.jpg\"} -->	<a href=\'https://dev.test/old-8\'>old</a> \\ \"q\"','https://dev.test/?page_id=8','Excerpt 8: quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','{\"url\":\"https:\\/\\/dev.test\\/a-8\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 8\"}','bin8\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (9,'Title 9 – Ääkköset – öljy ✓ 日本語 😀','','https://dev.test/?p=9',NULL,NULL,NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (10,NULL,'<p>Post 10: visit https://dev.test/ today, or <a href=\"https://dev.test/about-10/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/10.png\" srcset=\"https://dev.test/a-10.png 1x, https://dev.test/a-10@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":10,\"url\":\"https:\\/\\/dev.test\\/x-10.jpg\"} -->	<a href=\'https://dev.test/old-10\'>old</a> \\ \"q\"','https://dev.test/?page_id=10',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-10\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 10\"}','bin10\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (11,'Title 11 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 11: visit https://dev.test/ today, or <a href=\"https://dev.test/about-11/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/11.png\" srcset=\"https://dev.test/a-11.png 1x, https://dev.test/a-11@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":11,\"url\":\"https:\\/\\/dev.test\\/x-11.jpg\"} -->	<a href=\'https://dev.test/old-11\'>old</a> \\ \"q\"','https://dev.test/?p=11',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-11\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 11\"}',NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (12,'Title 12 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 12: visit https://dev.test/ today, or <a href=\"https://dev.test/about-12/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/12.png\" srcset=\"https://dev.test/a-12.png 1x, https://dev.test/a-12@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":12,\"url\":\"https:\\/\\/dev.test\\/x-12.jpg\"} -->	<a href=\'https://dev.test/old-12\'>old</a> \\ \"q\"','https://dev.test/?page_id=12','Excerpt 12: quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','[]','bin12\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (13,'Title 13 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 13: visit https://dev.test/ today, or <a href=\"https://dev.test/about-13/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/13.png\" srcset=\"https://dev.test/a-13.png 1x, https://dev.test/a-13@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":13,\"url\":\"https:\\/\\/dev.test\\/x-13.jpg\"} -->	<a href=\'https://dev.test/old-13\'>old</a> \\ \"q\"','https://dev.test/?p=13',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-13\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 13\"}',NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (14,'Title 14 – Ääkköset – öljy ✓ 日本語 😀','','https://dev.test/?page_id=14',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-14\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 14\"}','bin14\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (15,'Title 15 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 15: visit https://dev.test/ today, or <a href=\"https://dev.test/about-15/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/15.png\" srcset=\"https://dev.test/a-15.png 1x, https://dev.test/a-15@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":15,\"url\":\"https:\\/\\/dev.test\\/x-15.jpg\"} -->	<a href=\'https://dev.test/old-15\'>old</a> \\ \"q\"','https://dev.test/?p=15',NULL,NULL,NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (16,'Title 16 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 16: visit https://dev.test/ today, or <a href=\"https://dev.test/about-16/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/16.png\" srcset=\"https://dev.test/a-16.png 1x, https://dev.test/a-16@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":16,\"url\":\"https:\\/\\/dev.test\\/x-16.jpg\"} -->	<a href=\'https://dev.test/old-16\'>old</a> \\ \"q\"','https://dev.test/?page_id=16','Excerpt 16: quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','{\"url\":\"https:\\/\\/dev.test\\/a-16\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 16\"}','bin16\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (17,NULL,'<p>Post 17: visit https://dev.test/ today, or <a href=\"https://dev.test/about-17/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/17.png\" srcset=\"https://dev.test/a-17.png 1x, https://dev.test/a-17@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":17,\"url\":\"https:\\/\\/dev.test\\/x-17.jpg\"} -->	<a href=\'https://dev.test/old-17\'>old</a> \\ \"q\"','https://dev.test/?p=17',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-17\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 17\"}',NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (18,'Title 18 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 18: visit https://dev.test/ today, or <a href=\"https://dev.test/about-18/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/18.png\" srcset=\"https://dev.test/a-18.png 1x, https://dev.test/a-18@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":18,\"url\":\"https:\\/\\/dev.test\\/x-18.jpg\"} -->	<a href=\'https://dev.test/old-18\'>old</a> \\ \"q\"','https://dev.test/?page_id=18',NULL,'[]','bin18\0�\'');
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (19,'Title 19 – Ääkköset – öljy ✓ 日本語 😀','','https://dev.test/?p=19',NULL,'{\"url\":\"https:\\/\\/dev.test\\/a-19\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 19\"}',NULL);
INSERT INTO `wp_posts` (`ID`, `post_title`, `post_content`, `guid`, `post_excerpt`, `meta_json`, `thumb`) VALUES (20,'Title 20 – Ääkköset – öljy ✓ 日本語 😀','<p>Post 20: visit https://dev.test/ today, or <a href=\"https://dev.test/about-20/\" title=\'It\'\'s\'>about</a>.</p>\n<img src=\"//dev.test/wp-content/uploads/20.png\" srcset=\"https://dev.test/a-20.png 1x, https://dev.test/a-20@2x.png 2x\" alt=\"Ääkköset – öljy ✓ 日本語 😀\">\r\n<!-- wp:image {\"id\":20,\"url\":\"https:\\/\\/dev.test\\/x-20.jpg\"} -->	<a href=\'https://dev.test/old-20\'>old</a> \\ \"q\"','https://dev.test/?page_id=20','Excerpt 20: quote \' dquote \" backslash \\ tab	CR\rLF\nCRLF\r\n end','{\"url\":\"https:\\/\\/dev.test\\/a-20\",\"t\":\"\\u00e4 \\\"q\\\" \\\\ 20\"}','bin20\0�\'');
/*!40000 ALTER TABLE `wp_posts` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

-- Dump completed on 2026-12-05  2:28:23
