--
-- PostgreSQL database dump
--

\restrict R3DmtNsR0Oqjr9iK46mEzcq1RzX0IxnyAZiUw0HgI4p1BZGj4YHCuMisEWy1EnO

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: hs_dollar(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.hs_dollar() RETURNS text
    LANGUAGE plpgsql
    AS $_$
BEGIN
  RETURN 'costs $$ at ''https://dev.test/shop''' || $q$ it's $q$;
END
$_$;


ALTER FUNCTION public.hs_dollar() OWNER TO postgres;

--
-- Name: hs_home(); Type: FUNCTION; Schema: public; Owner: postgres
--

CREATE FUNCTION public.hs_home() RETURNS text
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- it's the site's home
  RETURN 'It''s at https://dev.test/fn/' || E'\\';
END
$$;


ALTER FUNCTION public.hs_home() OWNER TO postgres;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: hs_edge; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.hs_edge (
    id integer NOT NULL,
    note character varying(191),
    val text,
    raw bytea
);


ALTER TABLE public.hs_edge OWNER TO postgres;

--
-- Name: wp_options; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_options (
    option_id integer NOT NULL,
    option_name character varying(191),
    option_value text,
    autoload character varying(191)
);


ALTER TABLE public.wp_options OWNER TO postgres;

--
-- Name: wp_posts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_posts (
    "ID" integer NOT NULL,
    post_title text,
    post_content text,
    guid character varying(191),
    post_excerpt text,
    meta_json json,
    thumb bytea
);


ALTER TABLE public.wp_posts OWNER TO postgres;

--
-- Data for Name: hs_edge; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.hs_edge (id, note, val, raw) VALUES (1, 'bytea_origin', 'no origin here', '\x68747470733a2f2f7777772e6578616d706c652e66692f626c6f622e706e67205c2f5c2f7777772e6578616d706c652e6669202f2f7777772e6578616d706c652e6669');
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (2, 'bytea_origin_only', NULL, '\x68747470733a2f2f7777772e6578616d706c652e66692f');
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (3, 'win_path', 'C:\new\table\', NULL);
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (4, 'win_path_origin', 'C:\new\table https://dev.test/x\', '\x433a5c6e65775c7461626c655c');
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (5, 'backslash_only', '\', NULL);
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (6, 'backslash_quote', '\'' https://dev.test/q \'''' \\', NULL);
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (7, 'text_like_bytea', '\x68747470733a2f2f https://dev.test/hex', NULL);
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (8, 'dollars', 'costs $$ 5 $_$ $1 https://dev.test/d', NULL);
INSERT INTO public.hs_edge (id, note, val, raw) VALUES (9, 'ser_backslashes', 'a:3:{s:1:"p";s:13:"C:\new\table\";s:1:"u";s:18:"https://dev.test/\";s:1:"q";s:6:"it''s \";}', NULL);


--
-- Data for Name: wp_options; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (1, 'siteurl', 'https://dev.test', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (2, 'home', 'https://dev.test/', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (3, 'widget_text', 'a:2:{i:2;a:3:{s:5:"title";s:5:"Links";s:4:"text";s:72:"<a href="https://dev.test/x">It''s "here"</a>
line 2
	tabbed \ backslash";s:6:"filter";b:1;}s:12:"_multiwidget";i:1;}', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (4, 'theme_mods_twentytwenty', 'a:3:{s:11:"custom_logo";i:12;s:6:"header";a:4:{s:5:"image";s:42:"https://dev.test/wp-content/uploads/ä.png";s:7:"caption";s:40:"Ääkköset – öljy ✓ 日本語 😀";s:5:"empty";s:0:"";s:4:"deep";a:1:{s:6:"deeper";a:4:{s:7:"deepest";s:15:"//dev.test/deep";s:1:"n";N;s:1:"f";d:1.5;s:1:"b";b:0;}}}s:18:"nav_menu_locations";a:1:{s:7:"primary";i:2;}}', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (5, 'elementor_json', 'a:2:{s:4:"json";s:68:"{"url":"https:\/\/dev.test\/a","rel":"\/\/dev.test\/b","t":"\u00e4"}";s:5:"plain";s:9:"no origin";}', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (6, 'upload_url_path', 's:35:"https://dev.test/wp-content/uploads";', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (7, 'double_serialized', 's:58:"a:2:{s:1:"u";s:17:"https://dev.test/";s:1:"q";s:4:"it''s";}";', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (8, 'percent_plain', 'https%3A%2F%2Fdev.test%2Fpath%3Fa%3D1', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (9, 'percent_ser', 'a:2:{s:8:"redirect";s:30:"https%3A%2F%2Fdev.test%2Flogin";s:3:"rel";s:17:"%2F%2Fdev.test%2F";}', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (10, 'empty_value', '', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (11, 'adversarial_no_origin', 'quote '' dquote " backslash \ tab	CRLF
CRLF
 end', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (12, 'adversarial_ser', 'a:5:{s:1:"a";s:49:"quote '' dquote " backslash \ tab	CRLF
CRLF
 end";s:1:"b";s:68:"quote '' dquote " backslash \ tab	CRLF
CRLF
 end https://dev.test/c";s:1:"c";s:40:"Ääkköset – öljy ✓ 日本語 😀";s:1:"d";s:0:"";s:1:"e";s:33:"";}s:5:"x";a:1:{ https://dev.test";}', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (13, 'old_http', 'https://dev.test/old', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (14, 'object_ser', 'O:8:"stdClass":2:{s:3:"url";s:20:"https://dev.test/obj";s:1:"n";i:3;}', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (15, 'mixed_ser', 'a:6:{i:0;s:17:"https://dev.test/";i:1;s:18:"https://dev.test/h";s:1:"k";a:3:{i:0;i:1;i:1;i:2;i:2;s:18:"s https://dev.test";}s:1:"x";b:1;s:1:"i";i:-42;s:1:"d";d:0.25;}', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (16, 'ser_empty_array', 'a:0:{}', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (17, 'ser_empty_string', 's:0:"";', 'yes');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (18, 'json_plain', '{"home":"https:\/\/dev.test\/","name":"Caf\u00e9 \"Q\""}', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (19, 'multiline', 'first https://dev.test/1
second https://dev.test/2
third	tab https://dev.test/3
', 'no');
INSERT INTO public.wp_options (option_id, option_name, option_value, autoload) VALUES (20, 'backslashes', 'C:\path\to https://dev.test\x \\ \n literal', 'no');


--
-- Data for Name: wp_posts; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (1, 'Title 1 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 1: visit https://dev.test/ today, or <a href="https://dev.test/about-1/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/1.png" srcset="https://dev.test/a-1.png 1x, https://dev.test/a-1@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":1,"url":"https:\/\/dev.test\/x-1.jpg"} -->	<a href=''https://dev.test/old-1''>old</a> \ "q"', 'https://dev.test/?p=1', NULL, '{"url":"https:\/\/dev.test\/a-1","t":"\u00e4 \"q\" \\ 1"}', '\x27225c00ff0071756f74652722');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (2, 'Title 2 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 2: visit https://dev.test/ today, or <a href="https://dev.test/about-2/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/2.png" srcset="https://dev.test/a-2.png 1x, https://dev.test/a-2@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":2,"url":"https:\/\/dev.test\/x-2.jpg"} -->	<a href=''https://dev.test/old-2''>old</a> \ "q"', 'https://dev.test/?page_id=2', NULL, '{"url":"https:\/\/dev.test\/a-2","t":"\u00e4 \"q\" \\ 2"}', '\x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (3, NULL, '<p>Post 3: visit https://dev.test/ today, or <a href="https://dev.test/about-3/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/3.png" srcset="https://dev.test/a-3.png 1x, https://dev.test/a-3@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":3,"url":"https:\/\/dev.test\/x-3.jpg"} -->	<a href=''https://dev.test/old-3''>old</a> \ "q"', 'https://dev.test/?p=3', NULL, NULL, '\x5c275c220d0a091a0000272722225c5c');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (4, 'Title 4 – Ääkköset – öljy ✓ 日本語 😀', '', 'https://dev.test/?page_id=4', 'Excerpt 4: quote '' dquote " backslash \ tab	CRLF
CRLF
 end', '{"url":"https:\/\/dev.test\/a-4","t":"\u00e4 \"q\" \\ 4"}', '\x');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (5, 'Title 5 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 5: visit https://dev.test/ today, or <a href="https://dev.test/about-5/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/5.png" srcset="https://dev.test/a-5.png 1x, https://dev.test/a-5@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":5,"url":"https:\/\/dev.test\/x-5.jpg"} -->	<a href=''https://dev.test/old-5''>old</a> \ "q"', 'https://dev.test/?p=5', NULL, '{"url":"https:\/\/dev.test\/a-5","t":"\u00e4 \"q\" \\ 5"}', '\xfffefd20733a353a2278223b2000');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (6, 'Title 6 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 6: visit https://dev.test/ today, or <a href="https://dev.test/about-6/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/6.png" srcset="https://dev.test/a-6.png 1x, https://dev.test/a-6@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":6,"url":"https:\/\/dev.test\/x-6.jpg"} -->	<a href=''https://dev.test/old-6''>old</a> \ "q"', 'https://dev.test/?page_id=6', NULL, '[]', '\x62696e3600ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (7, 'Title 7 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 7: visit https://dev.test/ today, or <a href="https://dev.test/about-7/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/7.png" srcset="https://dev.test/a-7.png 1x, https://dev.test/a-7@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":7,"url":"https:\/\/dev.test\/x-7.jpg"} -->	<a href=''https://dev.test/old-7''>old</a> \ "q"', 'https://dev.test/?p=7', NULL, '{"url":"https:\/\/dev.test\/a-7","t":"\u00e4 \"q\" \\ 7"}', NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (8, 'Title 8 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 8: visit https://dev.test/ today, or <a href="https://dev.test/about-8/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/8.png" srcset="https://dev.test/a-8.png 1x, https://dev.test/a-8@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":8,"url":"https:\/\/dev.test\/x-8.jpg"} -->	<a href=''https://dev.test/old-8''>old</a> \ "q"', 'https://dev.test/?page_id=8', 'Excerpt 8: quote '' dquote " backslash \ tab	CRLF
CRLF
 end', '{"url":"https:\/\/dev.test\/a-8","t":"\u00e4 \"q\" \\ 8"}', '\x62696e3800ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (9, 'Title 9 – Ääkköset – öljy ✓ 日本語 😀', '', 'https://dev.test/?p=9', NULL, NULL, NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (10, NULL, '<p>Post 10: visit https://dev.test/ today, or <a href="https://dev.test/about-10/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/10.png" srcset="https://dev.test/a-10.png 1x, https://dev.test/a-10@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":10,"url":"https:\/\/dev.test\/x-10.jpg"} -->	<a href=''https://dev.test/old-10''>old</a> \ "q"', 'https://dev.test/?page_id=10', NULL, '{"url":"https:\/\/dev.test\/a-10","t":"\u00e4 \"q\" \\ 10"}', '\x62696e313000ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (11, 'Title 11 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 11: visit https://dev.test/ today, or <a href="https://dev.test/about-11/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/11.png" srcset="https://dev.test/a-11.png 1x, https://dev.test/a-11@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":11,"url":"https:\/\/dev.test\/x-11.jpg"} -->	<a href=''https://dev.test/old-11''>old</a> \ "q"', 'https://dev.test/?p=11', NULL, '{"url":"https:\/\/dev.test\/a-11","t":"\u00e4 \"q\" \\ 11"}', NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (12, 'Title 12 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 12: visit https://dev.test/ today, or <a href="https://dev.test/about-12/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/12.png" srcset="https://dev.test/a-12.png 1x, https://dev.test/a-12@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":12,"url":"https:\/\/dev.test\/x-12.jpg"} -->	<a href=''https://dev.test/old-12''>old</a> \ "q"', 'https://dev.test/?page_id=12', 'Excerpt 12: quote '' dquote " backslash \ tab	CRLF
CRLF
 end', '[]', '\x62696e313200ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (13, 'Title 13 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 13: visit https://dev.test/ today, or <a href="https://dev.test/about-13/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/13.png" srcset="https://dev.test/a-13.png 1x, https://dev.test/a-13@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":13,"url":"https:\/\/dev.test\/x-13.jpg"} -->	<a href=''https://dev.test/old-13''>old</a> \ "q"', 'https://dev.test/?p=13', NULL, '{"url":"https:\/\/dev.test\/a-13","t":"\u00e4 \"q\" \\ 13"}', NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (14, 'Title 14 – Ääkköset – öljy ✓ 日本語 😀', '', 'https://dev.test/?page_id=14', NULL, '{"url":"https:\/\/dev.test\/a-14","t":"\u00e4 \"q\" \\ 14"}', '\x62696e313400ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (15, 'Title 15 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 15: visit https://dev.test/ today, or <a href="https://dev.test/about-15/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/15.png" srcset="https://dev.test/a-15.png 1x, https://dev.test/a-15@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":15,"url":"https:\/\/dev.test\/x-15.jpg"} -->	<a href=''https://dev.test/old-15''>old</a> \ "q"', 'https://dev.test/?p=15', NULL, NULL, NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (16, 'Title 16 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 16: visit https://dev.test/ today, or <a href="https://dev.test/about-16/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/16.png" srcset="https://dev.test/a-16.png 1x, https://dev.test/a-16@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":16,"url":"https:\/\/dev.test\/x-16.jpg"} -->	<a href=''https://dev.test/old-16''>old</a> \ "q"', 'https://dev.test/?page_id=16', 'Excerpt 16: quote '' dquote " backslash \ tab	CRLF
CRLF
 end', '{"url":"https:\/\/dev.test\/a-16","t":"\u00e4 \"q\" \\ 16"}', '\x62696e313600ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (17, NULL, '<p>Post 17: visit https://dev.test/ today, or <a href="https://dev.test/about-17/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/17.png" srcset="https://dev.test/a-17.png 1x, https://dev.test/a-17@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":17,"url":"https:\/\/dev.test\/x-17.jpg"} -->	<a href=''https://dev.test/old-17''>old</a> \ "q"', 'https://dev.test/?p=17', NULL, '{"url":"https:\/\/dev.test\/a-17","t":"\u00e4 \"q\" \\ 17"}', NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (18, 'Title 18 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 18: visit https://dev.test/ today, or <a href="https://dev.test/about-18/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/18.png" srcset="https://dev.test/a-18.png 1x, https://dev.test/a-18@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":18,"url":"https:\/\/dev.test\/x-18.jpg"} -->	<a href=''https://dev.test/old-18''>old</a> \ "q"', 'https://dev.test/?page_id=18', NULL, '[]', '\x62696e313800ff27');
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (19, 'Title 19 – Ääkköset – öljy ✓ 日本語 😀', '', 'https://dev.test/?p=19', NULL, '{"url":"https:\/\/dev.test\/a-19","t":"\u00e4 \"q\" \\ 19"}', NULL);
INSERT INTO public.wp_posts ("ID", post_title, post_content, guid, post_excerpt, meta_json, thumb) VALUES (20, 'Title 20 – Ääkköset – öljy ✓ 日本語 😀', '<p>Post 20: visit https://dev.test/ today, or <a href="https://dev.test/about-20/" title=''It''''s''>about</a>.</p>
<img src="//dev.test/wp-content/uploads/20.png" srcset="https://dev.test/a-20.png 1x, https://dev.test/a-20@2x.png 2x" alt="Ääkköset – öljy ✓ 日本語 😀">
<!-- wp:image {"id":20,"url":"https:\/\/dev.test\/x-20.jpg"} -->	<a href=''https://dev.test/old-20''>old</a> \ "q"', 'https://dev.test/?page_id=20', 'Excerpt 20: quote '' dquote " backslash \ tab	CRLF
CRLF
 end', '{"url":"https:\/\/dev.test\/a-20","t":"\u00e4 \"q\" \\ 20"}', '\x62696e323000ff27');


--
-- Name: hs_edge hs_edge_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.hs_edge
    ADD CONSTRAINT hs_edge_pkey PRIMARY KEY (id);


--
-- Name: wp_options wp_options_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_options
    ADD CONSTRAINT wp_options_pkey PRIMARY KEY (option_id);


--
-- Name: wp_posts wp_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_posts
    ADD CONSTRAINT wp_posts_pkey PRIMARY KEY ("ID");


--
-- PostgreSQL database dump complete
--

\unrestrict R3DmtNsR0Oqjr9iK46mEzcq1RzX0IxnyAZiUw0HgI4p1BZGj4YHCuMisEWy1EnO

