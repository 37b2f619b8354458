--
-- PostgreSQL database dump
--

\restrict 6qcvEZCoKXflkzMkRHWgne3j4tCAu19HgFgl7cfszhwhq1TlQfc12bYz6okJH9W

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

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: wp_2_options; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_2_options (
    option_id bigint NOT NULL,
    option_name character varying(191) DEFAULT ''::character varying NOT NULL,
    option_value text NOT NULL,
    autoload character varying(20) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.wp_2_options OWNER TO postgres;

--
-- Name: wp_2_posts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_2_posts (
    id bigint NOT NULL,
    post_author bigint DEFAULT 0 NOT NULL,
    post_date timestamp without time zone NOT NULL,
    post_content text NOT NULL,
    post_title text NOT NULL,
    post_status character varying(20) DEFAULT ''::character varying NOT NULL,
    post_name character varying(200) DEFAULT ''::character varying NOT NULL,
    guid character varying(255) DEFAULT ''::character varying NOT NULL,
    post_type character varying(20) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.wp_2_posts OWNER TO postgres;

--
-- Name: wp_blogmeta; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_blogmeta (
    meta_id bigint NOT NULL,
    blog_id bigint DEFAULT 0 NOT NULL,
    meta_key character varying(255) DEFAULT NULL::character varying,
    meta_value text
);


ALTER TABLE public.wp_blogmeta OWNER TO postgres;

--
-- Name: wp_blogs; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_blogs (
    blog_id bigint NOT NULL,
    site_id bigint DEFAULT 0 NOT NULL,
    domain character varying(200) DEFAULT ''::character varying NOT NULL,
    path character varying(100) DEFAULT ''::character varying NOT NULL,
    registered timestamp without time zone NOT NULL,
    last_updated timestamp without time zone NOT NULL,
    public smallint DEFAULT 1 NOT NULL,
    archived smallint DEFAULT 0 NOT NULL,
    mature smallint DEFAULT 0 NOT NULL,
    spam smallint DEFAULT 0 NOT NULL,
    deleted smallint DEFAULT 0 NOT NULL,
    lang_id integer DEFAULT 0 NOT NULL
);


ALTER TABLE public.wp_blogs OWNER TO postgres;

--
-- Name: wp_options; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_options (
    option_id bigint NOT NULL,
    option_name character varying(191) DEFAULT ''::character varying NOT NULL,
    option_value text NOT NULL,
    autoload character varying(20) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.wp_options OWNER TO postgres;

--
-- Name: wp_posts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_posts (
    id bigint NOT NULL,
    post_author bigint DEFAULT 0 NOT NULL,
    post_date timestamp without time zone NOT NULL,
    post_content text NOT NULL,
    post_title text NOT NULL,
    post_status character varying(20) DEFAULT ''::character varying NOT NULL,
    post_name character varying(200) DEFAULT ''::character varying NOT NULL,
    guid character varying(255) DEFAULT ''::character varying NOT NULL,
    post_type character varying(20) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.wp_posts OWNER TO postgres;

--
-- Name: wp_site; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_site (
    id bigint NOT NULL,
    domain character varying(200) DEFAULT ''::character varying NOT NULL,
    path character varying(100) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.wp_site OWNER TO postgres;

--
-- Name: wp_sitemeta; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_sitemeta (
    meta_id bigint NOT NULL,
    site_id bigint DEFAULT 0 NOT NULL,
    meta_key character varying(255) DEFAULT NULL::character varying,
    meta_value text
);


ALTER TABLE public.wp_sitemeta OWNER TO postgres;

--
-- Name: wp_usermeta; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_usermeta (
    umeta_id bigint NOT NULL,
    user_id bigint DEFAULT 0 NOT NULL,
    meta_key character varying(255) DEFAULT NULL::character varying,
    meta_value text
);


ALTER TABLE public.wp_usermeta OWNER TO postgres;

--
-- Name: wp_users; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.wp_users (
    id bigint NOT NULL,
    user_login character varying(60) DEFAULT ''::character varying NOT NULL,
    user_pass character varying(255) DEFAULT ''::character varying NOT NULL,
    user_nicename character varying(50) DEFAULT ''::character varying NOT NULL,
    user_email character varying(100) DEFAULT ''::character varying NOT NULL,
    user_url character varying(100) DEFAULT ''::character varying NOT NULL,
    user_registered timestamp without time zone NOT NULL,
    display_name character varying(250) DEFAULT ''::character varying NOT NULL,
    spam smallint DEFAULT 0 NOT NULL,
    deleted smallint DEFAULT 0 NOT NULL
);


ALTER TABLE public.wp_users OWNER TO postgres;

--
-- Data for Name: wp_2_options; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_2_options VALUES (1, 'siteurl', 'https://shop.example.fi', 'yes');
INSERT INTO public.wp_2_options VALUES (2, 'home', 'https://shop.example.fi', 'yes');
INSERT INTO public.wp_2_options VALUES (3, 'blogname', 'Shop', 'yes');
INSERT INTO public.wp_2_options VALUES (4, 'admin_email', 'admin@www.example.fi', 'yes');
INSERT INTO public.wp_2_options VALUES (5, 'widget_text', 'a:2:{i:2;a:3:{s:5:"title";s:4:"Shop";s:4:"text";s:72:"<a href="https://shop.example.fi/">Shop</a> or mail admin@www.example.fi";s:6:"filter";b:0;}s:12:"_multiwidget";i:1;}', 'yes');
INSERT INTO public.wp_2_options VALUES (6, 'upload_path', 'wp-content/uploads/sites/2', 'yes');


--
-- Data for Name: wp_2_posts; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_2_posts VALUES (1, 1, '2024-05-01 10:00:00', '<p>Products at <a href="https://shop.example.fi/products/">the shop</a>; questions to admin@www.example.fi.</p>', 'Shop', 'publish', 'shop', 'https://shop.example.fi/?p=1', 'post');


--
-- Data for Name: wp_blogmeta; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_blogmeta VALUES (1, 1, 'db_version', '57155');
INSERT INTO public.wp_blogmeta VALUES (2, 2, 'db_version', '57155');


--
-- Data for Name: wp_blogs; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_blogs VALUES (1, 1, 'www.example.fi', '/', '2024-05-01 10:00:00', '2024-05-01 10:00:00', 1, 0, 0, 0, 0, 0);
INSERT INTO public.wp_blogs VALUES (2, 1, 'shop.example.fi', '/', '2024-05-01 10:00:00', '2024-05-01 10:00:00', 1, 0, 0, 0, 0, 0);


--
-- Data for Name: wp_options; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_options VALUES (1, 'siteurl', 'https://www.example.fi', 'yes');
INSERT INTO public.wp_options VALUES (2, 'home', 'https://www.example.fi', 'yes');
INSERT INTO public.wp_options VALUES (3, 'blogname', 'Example', 'yes');
INSERT INTO public.wp_options VALUES (4, 'admin_email', 'admin@www.example.fi', 'yes');
INSERT INTO public.wp_options VALUES (5, 'widget_text', 'a:2:{i:2;a:3:{s:5:"title";s:4:"Shop";s:4:"text";s:72:"<a href="https://shop.example.fi/">Shop</a> or mail admin@www.example.fi";s:6:"filter";b:0;}s:12:"_multiwidget";i:1;}', 'yes');
INSERT INTO public.wp_options VALUES (6, 'upload_path', 'wp-content/uploads/sites/1', 'yes');


--
-- Data for Name: wp_posts; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_posts VALUES (1, 1, '2024-05-01 10:00:00', '<p>Write to admin@www.example.fi or visit www.example.fi, or read <a href="https://www.example.fi/about/">about us</a>.</p>', 'Hello', 'publish', 'hello', 'https://www.example.fi/?p=1', 'post');


--
-- Data for Name: wp_site; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_site VALUES (1, 'www.example.fi', '/');


--
-- Data for Name: wp_sitemeta; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_sitemeta VALUES (1, 1, 'site_name', 'Example Network');
INSERT INTO public.wp_sitemeta VALUES (2, 1, 'admin_email', 'admin@www.example.fi');
INSERT INTO public.wp_sitemeta VALUES (3, 1, 'siteurl', 'https://www.example.fi/');
INSERT INTO public.wp_sitemeta VALUES (4, 1, 'site_admins', 'a:1:{i:0;s:5:"admin";}');
INSERT INTO public.wp_sitemeta VALUES (5, 1, 'subdomain_install', '1');
INSERT INTO public.wp_sitemeta VALUES (6, 1, 'active_sitewide_plugins', 'a:0:{}');


--
-- Data for Name: wp_usermeta; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_usermeta VALUES (1, 1, 'primary_blog', '1');
INSERT INTO public.wp_usermeta VALUES (2, 1, 'source_domain', 'www.example.fi');


--
-- Data for Name: wp_users; Type: TABLE DATA; Schema: public; Owner: postgres
--

INSERT INTO public.wp_users VALUES (1, 'admin', '$P$BhashhashhashhashhashhashhashX.', 'admin', 'admin@www.example.fi', 'https://www.example.fi', '2024-05-01 10:00:00', 'admin', 0, 0);


--
-- Name: wp_2_options wp_2_options_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_2_options
    ADD CONSTRAINT wp_2_options_pkey PRIMARY KEY (option_id);


--
-- Name: wp_2_posts wp_2_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_2_posts
    ADD CONSTRAINT wp_2_posts_pkey PRIMARY KEY (id);


--
-- Name: wp_blogmeta wp_blogmeta_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_blogmeta
    ADD CONSTRAINT wp_blogmeta_pkey PRIMARY KEY (meta_id);


--
-- Name: wp_blogs wp_blogs_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_blogs
    ADD CONSTRAINT wp_blogs_pkey PRIMARY KEY (blog_id);


--
-- Name: wp_options wp_options_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_options
    ADD CONSTRAINT wp_options_pkey PRIMARY KEY (option_id);


--
-- Name: wp_posts wp_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_posts
    ADD CONSTRAINT wp_posts_pkey PRIMARY KEY (id);


--
-- Name: wp_site wp_site_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_site
    ADD CONSTRAINT wp_site_pkey PRIMARY KEY (id);


--
-- Name: wp_sitemeta wp_sitemeta_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_sitemeta
    ADD CONSTRAINT wp_sitemeta_pkey PRIMARY KEY (meta_id);


--
-- Name: wp_usermeta wp_usermeta_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_usermeta
    ADD CONSTRAINT wp_usermeta_pkey PRIMARY KEY (umeta_id);


--
-- Name: wp_users wp_users_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.wp_users
    ADD CONSTRAINT wp_users_pkey PRIMARY KEY (id);


--
-- PostgreSQL database dump complete
--

\unrestrict 6qcvEZCoKXflkzMkRHWgne3j4tCAu19HgFgl7cfszhwhq1TlQfc12bYz6okJH9W

