--
-- PostgreSQL database dump
--

\restrict Mq1xR7c0hFv3pZb9WnK2sLd8TyE4gAuJ6oHiQ5eVrXw

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
-- Name: mysite_blogs; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_blogs (
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


ALTER TABLE public.mysite_blogs OWNER TO postgres;

--
-- Name: mysite_options; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_options (
    option_id bigint NOT NULL,
    option_name character varying(191) DEFAULT ''::character varying NOT NULL,
    option_value text NOT NULL,
    autoload character varying(20) DEFAULT 'yes'::character varying NOT NULL
);


ALTER TABLE public.mysite_options OWNER TO postgres;

--
-- Name: mysite_site; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_site (
    id bigint NOT NULL,
    domain character varying(200) DEFAULT ''::character varying NOT NULL,
    path character varying(100) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.mysite_site OWNER TO postgres;

--
-- Name: mysite_sitemeta; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_sitemeta (
    meta_id bigint NOT NULL,
    site_id bigint DEFAULT 0 NOT NULL,
    meta_key character varying(255),
    meta_value text
);


ALTER TABLE public.mysite_sitemeta OWNER TO postgres;

--
-- Name: mysite_usermeta; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_usermeta (
    umeta_id bigint NOT NULL,
    user_id bigint DEFAULT 0 NOT NULL,
    meta_key character varying(255),
    meta_value text
);


ALTER TABLE public.mysite_usermeta OWNER TO postgres;

--
-- Name: mysite_users; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.mysite_users (
    "ID" bigint NOT NULL,
    user_login character varying(60) DEFAULT ''::character varying NOT NULL,
    user_email character varying(100) DEFAULT ''::character varying NOT NULL,
    user_url character varying(100) DEFAULT ''::character varying NOT NULL
);


ALTER TABLE public.mysite_users OWNER TO postgres;

--
-- Data for Name: mysite_blogs; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_blogs (blog_id, site_id, domain, path, registered, last_updated, public, archived, mature, spam, deleted, lang_id) FROM stdin;
1	1	www.example.fi	/	2024-05-01 10:00:00	2024-05-01 10:00:00	1	0	0	0	0	0
2	1	shop.example.fi	/	2024-05-01 10:00:00	2024-05-01 10:00:00	1	0	0	0	0	0
\.


--
-- Data for Name: mysite_options; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_options (option_id, option_name, option_value, autoload) FROM stdin;
1	siteurl	https://www.example.fi	yes
2	home	https://www.example.fi	yes
3	admin_email	admin@www.example.fi	yes
4	widget_text	a:1:{i:2;a:1:{s:4:"text";s:65:"<a href="https://shop.example.fi/">Shop</a>\n\tadmin@www.example.fi";}}	yes
\.


--
-- Data for Name: mysite_site; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_site (id, domain, path) FROM stdin;
1	www.example.fi	/
\.


--
-- Data for Name: mysite_sitemeta; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_sitemeta (meta_id, site_id, meta_key, meta_value) FROM stdin;
1	1	siteurl	https://www.example.fi/
2	1	admin_email	admin@www.example.fi
3	1	subdomain_install	1
\.


--
-- Data for Name: mysite_usermeta; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_usermeta (umeta_id, user_id, meta_key, meta_value) FROM stdin;
1	1	source_domain	www.example.fi
2	1	primary_blog	1
\.


--
-- Data for Name: mysite_users; Type: TABLE DATA; Schema: public; Owner: postgres
--

COPY public.mysite_users ("ID", user_login, user_email, user_url) FROM stdin;
1	admin	admin@www.example.fi	https://www.example.fi
\.


--
-- PostgreSQL database dump complete
--

\unrestrict Mq1xR7c0hFv3pZb9WnK2sLd8TyE4gAuJ6oHiQ5eVrXw

