/* hostshift.c — options, inputs, exit status (docs/cli.md, §10.7).
 * Everything else lives in src/: this file parses the command line, loads
 * and validates the map, and runs each input through the pipeline.
 *
 * §N.M in the comments of this file and of src/ is a section of
 * docs/rules.md, the rules the code implements. */
#define _XOPEN_SOURCE 700   /* realpath(3) */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bytescan.h"
#include "diag.h"
#include "filetype.h"
#include "io.h"
#include "map.h"
#include "patterns.h"
#include "pipeline.h"
#include "report.h"

#ifndef HOSTSHIFT_VERSION
#define HOSTSHIFT_VERSION "0.0.0"
#endif

enum { EXIT_FOUND = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

static const char usage_text[] =
	"Usage: hostshift [OPTIONS] [FILE...]\n"
	"Rewrite a site's canonical origins into its variant origin in a byte stream.\n"
	"\n"
	"  -m, --map=FILE           read CANONICAL VARIANT pairs from FILE (repeatable)\n"
	"  -p, --pair=C=V           add one pair (repeatable)\n"
	"  -t, --type=TYPE          html, sql, json or text (default: by extension, else sniffed)\n"
	"  -R, --reverse            rewrite variant -> primary canonical\n"
	"  -n, --dry-run            output equals input; reports say what would change\n"
	"  -c, --check              list canonical origins left in each FILE; exit 1 if any\n"
	"  -i, --in-place[=SUFFIX]  rewrite each FILE in place (backup FILE+SUFFIX)\n"
	"  -s, --stats              print counters to stderr at exit\n"
	"  -e, --explain            print every candidate event to stderr\n"
	"      --json               stats, explain and check output as JSON\n"
	"      --no-sweep           skip the straggler sweep\n"
	"      --no-serialized      skip PHP serialized-length repair\n"
	"  -q, --quiet              no warnings\n"
	"      --progress           progress on stderr (default: on a terminal, for a long run)\n"
	"      --no-progress        never show progress\n"
	"      --headers            input starts with an HTTP response head (or CGI headers)\n"
	"      --dialect=DIALECT    sql: mysql, postgres or sqlite (default: sniffed)\n"
	"      --skip-column=T.C    sql: values of column C of table T pass through untouched\n"
	"      --host-column=T.C    sql: a value of column C of table T that is exactly a\n"
	"                           canonical host[:port] becomes the variant's\n"
	"      --wordpress-multisite\n"
	"                           sql: --host-column for the domain columns of a\n"
	"                           WordPress network (PREFIXblogs, PREFIXsite)\n"
	"  -h, --help               this help\n"
	"  -V, --version            version\n"
	"\n"
	"Exit status: 0 success, 1 --check found origins, 2 usage or map error, 3 I/O error.\n"
	"See hostshift(1).\n";

static void usage_error(const char *fmt, const char *arg)
{
	char msg[1024];
	snprintf(msg, sizeof msg, fmt, arg);
	if (diag_json()) {
		diag_error(NULL, "%s", msg);
	} else {
		fprintf(stderr, "hostshift: %s\n", msg);
		fputs("Try 'hostshift --help' for more information.\n", stderr);
	}
	exit(EXIT_USAGE);
}

enum { OPT_JSON = 256, OPT_NO_SWEEP, OPT_NO_SERIALIZED, OPT_PROGRESS, OPT_NO_PROGRESS, OPT_HEADERS, OPT_SKIP_COLUMN, OPT_DIALECT };
enum { OPT_HOST_COLUMN = 512, OPT_WORDPRESS_MULTISITE };

struct map_source { bool is_file; const char *arg; };

struct options {
	struct map_source *maps;
	size_t nmaps;
	enum filetype type;
	enum sql_dialect dialect;
	bool reverse, dry_run, check, in_place, stats, explain, json, no_sweep, no_serialized, quiet, progress, no_progress, headers;
	const char *suffix;
	struct sql_skip *skips;
	size_t nskips;
	struct sql_hostcol *hosts;
	size_t nhosts;
	bool wordpress;
};

/* TABLE.COLUMN of --skip-column and --host-column: the table is
 * everything before the last dot. False where that is no such pair. */
static bool table_column(const char *arg, char table[SQL_NAME_MAX + 1], char column[SQL_NAME_MAX + 1])
{
	const char *dot = strrchr(arg, '.');
	size_t tl = dot ? (size_t)(dot - arg) : 0, cl = dot ? strlen(dot + 1) : 0;
	if (!dot || !tl || !cl || tl > SQL_NAME_MAX || cl > SQL_NAME_MAX) return false;
	memcpy(table, arg, tl);
	table[tl] = 0;
	memcpy(column, dot + 1, cl + 1);
	return true;
}

/* A misused option, named as the user wrote it: getopt_long leaves in
 * optopt a short option's letter, a long option's value, or 0 for a long
 * option it could not match; a long option is then the element before
 * optind. missing: a needed argument is missing. Does not return. */
static void misused_option(char **argv, const struct option *longs, bool missing)
{
	const char *el = optind > 0 ? argv[optind - 1] : "";
	bool is_long = strncmp(el, "--", 2) == 0 &&
	               (missing || optopt == 0 || optopt >= 256 || (strchr(el, '=') && strchr("mptRncisehqV", optopt)));
	if (!is_long) {
		char s[3] = { '-', (char)optopt, 0 };
		usage_error(missing ? "option '%s' needs an argument" : "unknown option '%s'", s);
	}
	char name[64];
	size_t n = strcspn(el, "=");
	snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), el);
	if (missing) usage_error("option '%s' needs an argument", name);
	/* which long options the written name starts */
	const struct option *exact = NULL;
	int matches = 0;
	char list[512] = "";
	for (const struct option *l = longs; l->name; l++) {
		size_t ln = strlen(l->name);
		if (n - 2 > ln || strncmp(l->name, el + 2, n - 2) != 0) continue;
		if (n - 2 == ln) exact = l;
		matches++;
		size_t at = strlen(list);
		snprintf(list + at, sizeof list - at, "%s--%s", at ? ", " : "", l->name);
	}
	if (exact || matches == 1) {
		/* a known option: the only misuse left is an argument it does not take */
		if (!exact) for (const struct option *l = longs; l->name; l++)
			if (strncmp(l->name, el + 2, n - 2) == 0) exact = l;
		char full[64];
		snprintf(full, sizeof full, "--%s", exact->name);
		usage_error("option '%s' takes no argument", full);
	}
	if (matches > 1) {
		char both[640];
		snprintf(both, sizeof both, "%s' is ambiguous: %s", name, list);
		usage_error("option '%s", both);
	}
	usage_error("unknown option '%s'", name);
}

/* --in-place: every FILE is a regular file, checked before the first is
 * touched. A FILE that does not exist and starts with a dot is a backup
 * suffix given as its own word (`-i .bak`): a usage error, since the
 * optional argument must be attached (`-i.bak`, `--in-place=.bak`). */
static void check_in_place_files(int argc, char **argv)
{
	for (int i = optind; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			int e = errno;
			if (argv[i][0] == '.' && e == ENOENT) {
				diag_error(argv[i], "no such file; a backup suffix is written joined to the option, -i%s or "
				           "--in-place=%s; nothing was rewritten", argv[i], argv[i]);
				exit(EXIT_USAGE);
			}
			diag_error(argv[i], "%s; nothing was rewritten", strerror(e));
			exit(EXIT_IO);
		}
		if (!S_ISREG(st.st_mode)) {
			diag_error(argv[i], "not a regular file; --in-place rewrites regular files only; nothing was rewritten");
			exit(EXIT_IO);
		}
	}
}

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longs[] = {
		{ "map", required_argument, NULL, 'm' },
		{ "pair", required_argument, NULL, 'p' },
		{ "type", required_argument, NULL, 't' },
		{ "reverse", no_argument, NULL, 'R' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "check", no_argument, NULL, 'c' },
		{ "in-place", optional_argument, NULL, 'i' },
		{ "stats", no_argument, NULL, 's' },
		{ "explain", no_argument, NULL, 'e' },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "no-sweep", no_argument, NULL, OPT_NO_SWEEP },
		{ "no-serialized", no_argument, NULL, OPT_NO_SERIALIZED },
		{ "quiet", no_argument, NULL, 'q' },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "headers", no_argument, NULL, OPT_HEADERS },
		{ "skip-column", required_argument, NULL, OPT_SKIP_COLUMN },
		{ "dialect", required_argument, NULL, OPT_DIALECT },
		{ "host-column", required_argument, NULL, OPT_HOST_COLUMN },
		{ "wordpress-multisite", no_argument, NULL, OPT_WORDPRESS_MULTISITE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	memset(o, 0, sizeof *o);
	o->maps = calloc((size_t)argc, sizeof *o->maps);
	o->skips = calloc((size_t)argc, sizeof *o->skips);
	o->hosts = calloc((size_t)argc, sizeof *o->hosts);
	if (!o->maps || !o->skips || !o->hosts) { fputs("hostshift: out of memory\n", stderr); exit(EXIT_IO); }
	opterr = 0;
	int c;
	while ((c = getopt_long(argc, argv, ":m:p:t:Rnci::seqhV", longs, NULL)) != -1) {
		switch (c) {
		case 'm': o->maps[o->nmaps++] = (struct map_source){ true, optarg }; break;
		case 'p': o->maps[o->nmaps++] = (struct map_source){ false, optarg }; break;
		case 't':
			if (!filetype_parse(optarg, &o->type)) usage_error("unknown type '%s' (html, sql, json, text)", optarg);
			break;
		case 'R': o->reverse = true; break;
		case 'n': o->dry_run = true; break;
		case 'c': o->check = true; break;
		case 'i': o->in_place = true; o->suffix = optarg; break;
		case 's': o->stats = true; break;
		case 'e': o->explain = true; break;
		case 'q': o->quiet = true; break;
		case OPT_JSON: o->json = true; break;
		case OPT_NO_SWEEP: o->no_sweep = true; break;
		case OPT_NO_SERIALIZED: o->no_serialized = true; break;
		case OPT_PROGRESS: o->progress = true; o->no_progress = false; break;
		case OPT_NO_PROGRESS: o->no_progress = true; o->progress = false; break;
		case OPT_HEADERS: o->headers = true; break;
		case OPT_DIALECT:
			if (!filetype_parse_dialect(optarg, &o->dialect))
				usage_error("unknown dialect '%s' (mysql, postgres, sqlite)", optarg);
			break;
		case OPT_SKIP_COLUMN: {
			struct sql_skip *k = &o->skips[o->nskips++];
			if (!table_column(optarg, k->table, k->column))
				usage_error("--skip-column needs TABLE.COLUMN, got '%s'", optarg);
			break;
		}
		case OPT_HOST_COLUMN: {
			struct sql_hostcol *k = &o->hosts[o->nhosts++];
			if (!table_column(optarg, k->table, k->column))
				usage_error("--host-column needs TABLE.COLUMN, got '%s'", optarg);
			break;
		}
		case OPT_WORDPRESS_MULTISITE: o->wordpress = true; break;
		case 'h': fputs(usage_text, stdout); exit(0);
		case 'V': puts("hostshift " HOSTSHIFT_VERSION); exit(0);
		case ':': misused_option(argv, longs, true); break;
		default: misused_option(argv, longs, false);
		}
	}
	diag_set_json(o->json);   /* from here on, messages follow --json */
	if (o->type != FILETYPE_AUTO && !filetype_implemented(o->type)) {
		diag_error(NULL, "type '%s' is not implemented yet", filetype_name(o->type));
		exit(EXIT_USAGE);
	}
	if (o->nmaps == 0) usage_error("%s", "no map: give -m FILE or -p CANONICAL=VARIANT");
	if (o->in_place && o->check) usage_error("%s", "--in-place and --check do not go together");
	if (o->in_place) {
		if (optind == argc) usage_error("%s", "--in-place needs FILE arguments");
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") == 0) usage_error("%s", "--in-place cannot rewrite standard input");
		check_in_place_files(argc, argv);
	}
}

/* Load, validate (V1–V7) and build the table of the chosen direction. */
static void load_map(const struct options *o, struct map *m, struct patterns *pt)
{
	char err[1024];
	map_init(m);
	for (size_t i = 0; i < o->nmaps; i++) {
		bool ok = o->maps[i].is_file ? map_load_file(m, o->maps[i].arg, err, sizeof err)
		                             : map_add_pair_arg(m, o->maps[i].arg, err, sizeof err);
		if (!ok) { diag_error(NULL, "%s", err); exit(EXIT_USAGE); }
	}
	if (!map_validate(m, err, sizeof err)) { diag_error(NULL, "%s", err); exit(EXIT_USAGE); }
	struct patterns fwd, rev;
	if (!patterns_build(&fwd, m, DIR_FORWARD, err, sizeof err)) { diag_error(NULL, "%s", err); exit(EXIT_USAGE); }
	if (!patterns_build(&rev, m, DIR_REVERSE, err, sizeof err)) { diag_error(NULL, "%s", err); exit(EXIT_USAGE); }
	if (o->reverse) { *pt = rev; patterns_free(&fwd); }
	else { *pt = fwd; patterns_free(&rev); }
}

static int run_file(struct pipeline *pl, struct report *rep, const struct options *o, const char *arg,
                    struct io_writer *out, int *changed)
{
	bool is_stdin = strcmp(arg, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(arg, O_RDONLY);
	if (fd < 0) { diag_error(arg, "%s", strerror(errno)); return EXIT_IO; }
	int rc;
	if (o->in_place && !o->dry_run) {
		char err[1024];
		struct io_inplace ip;
		/* a symbolic link: the file it names is rewritten (its temp file
		 * and backup beside it), the link stays */
		char *real = realpath(arg, NULL);
		bool ok = io_inplace_open(&ip, real ? real : arg, err, sizeof err);
		free(real);
		if (!ok) {
			diag_error(NULL, "%s", err);
			close(fd);
			return EXIT_IO;
		}
		io_writer_retarget(out, ip.fd);
		rc = pipeline_run(pl, fd, arg, arg, out);
		/* A file whose bytes come out the same is left as it was: no
		 * new mtime, no backup. Any rewrite changes bytes; without one,
		 * the two files are compared (a repair or a header may still). */
		bool same = false;
		if (rc == 0 && !report_rewrote_any(rep) && !io_inplace_same(&ip, &same, err, sizeof err)) {
			diag_error(NULL, "%s", err);
			rc = EXIT_IO;
		}
		if (rc == 0 && same) {
			io_inplace_abort(&ip);
		} else if (rc == 0 && !io_inplace_commit(&ip, o->suffix, err, sizeof err)) {
			diag_error(NULL, "%s", err);
			rc = EXIT_IO;
		} else if (rc != 0) {
			io_inplace_abort(&ip);
		} else {
			(*changed)++;
		}
	} else {
		bool discard = o->check || (o->in_place && o->dry_run);
		rc = pipeline_run(pl, fd, arg, is_stdin ? NULL : arg, discard ? NULL : out);
	}
	if (!is_stdin) close(fd);
	report_end(rep);
	return rc;
}

/* HOSTSHIFT_SIMD (docs/cli.md, ENVIRONMENT): the vector code the scans
 * use, read once before the first input; a bad value is a usage error. */
static void choose_simd(void)
{
	char err[256];
	if (!bytescan_select("HOSTSHIFT_SIMD", getenv("HOSTSHIFT_SIMD"), err, sizeof err)) {
		diag_error(NULL, "%s", err);
		exit(EXIT_USAGE);
	}
}

int main(int argc, char **argv)
{
	struct options o;
	parse_options(argc, argv, &o);
	choose_simd();
	struct map m;
	struct patterns pt;
	load_map(&o, &m, &pt);

	/* A closed pipe is a write error (exit 3), not a signal. */
	signal(SIGPIPE, SIG_IGN);

	struct report_options ropt = {
		.stats = o.stats, .explain = o.explain, .json = o.json, .check = o.check, .quiet = o.quiet,
		.out = stderr, .check_out = stdout,
	};
	struct report rep;
	report_init(&rep, &ropt);
	struct pipeline_config cfg = {
		.pt = &pt, .type = o.type, .dialect = o.dialect, .dry_run = o.dry_run, .no_sweep = o.no_sweep,
		.progress = o.progress ? PROGRESS_ON : o.no_progress ? PROGRESS_OFF : PROGRESS_AUTO, .quiet = o.quiet, .no_serialized = o.no_serialized,
		.headers = o.headers, .skips = o.skips, .nskips = o.nskips,
		.hosts = o.hosts, .nhosts = o.nhosts, .wordpress = o.wordpress,
	};
	struct pipeline pl;
	pipeline_init(&pl, &cfg, &rep);
	struct io_writer out;
	io_writer_init(&out, STDOUT_FILENO);
	io_grow_pipe(STDOUT_FILENO);   /* a pipe to the next program, as the input's */

	int nfiles = argc - optind;
	rep.name_files = nfiles > 1;
	int status = 0, changed = 0;
	if (nfiles == 0) {
		status = run_file(&pl, &rep, &o, "-", &out, &changed);
	} else {
		for (int i = optind; i < argc; i++) {
			int rc = run_file(&pl, &rep, &o, argv[i], &out, &changed);
			if (rc) status = rc;
			/* A failed write to stdout ends the run; a bad input does not. */
			if (rc && out.err && !o.in_place) break;
			if (o.in_place) io_writer_retarget(&out, STDOUT_FILENO);
		}
	}
	pipeline_warn_unmet(&pl);
	if (o.in_place && !o.dry_run && !o.quiet && !o.json)
		fprintf(stderr, "hostshift: %d of %d file%s changed in place\n", changed, nfiles, nfiles == 1 ? "" : "s");
	if (o.check) {
		if (fflush(stdout) != 0 && !rep.check_errno) rep.check_errno = errno;
		if (rep.check_errno) {
			diag_error(NULL, "cannot write the findings: %s", strerror(rep.check_errno));
			status = EXIT_IO;
		}
		if (!status && rep.findings) status = EXIT_FOUND;
	}
	report_finish(&rep, status, o.in_place && !o.dry_run ? changed : -1);
	pipeline_free(&pl);
	io_writer_free(&out);
	report_free(&rep);
	patterns_free(&pt);
	map_free(&m);
	free(o.maps);
	free(o.skips);
	free(o.hosts);
	return status;
}
