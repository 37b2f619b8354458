/* pipeline.h — owns one input's run through the stages: the read loop,
 * the choice of type (-t, extension, sniff), and the chain
 * framer → sweep → output (docs/architecture.md, §11.1). Every buffer is
 * allocated once in pipeline_init and reused for every input. */
#ifndef HOSTSHIFT_PIPELINE_H
#define HOSTSHIFT_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "filetype.h"
#include "headers.h"
#include "html.h"
#include "io.h"
#include "json.h"
#include "progress.h"
#include "report.h"
#include "spill.h"
#include "sql.h"
#include "sweep.h"
#include "text.h"

struct pipeline_config {
	const struct patterns *pt;
	enum filetype type;       /* FILETYPE_AUTO: by extension, then sniffed */
	enum sql_dialect dialect; /* DIALECT_AUTO: sniffed (sql) */
	bool dry_run;             /* output equals input; no sweep */
	bool no_sweep;
	bool no_serialized;        /* --no-serialized: no PHP serialized-length repair */
	bool headers;              /* --headers: the input starts with an HTTP response head */
	const struct sql_skip *skips; /* --skip-column, for the sql type */
	size_t nskips;
	const struct sql_hostcol *hosts; /* --host-column, for the sql type */
	size_t nhosts;
	bool wordpress;           /* --wordpress-multisite */
	enum progress_want progress;
	bool quiet;
	size_t read_size;         /* 0: IO_READ_SIZE */
};

struct pipeline {
	struct pipeline_config cfg;
	struct report *report;
	struct text_stage text;
	struct html html;
	struct sql sql;
	struct json json;
	struct value head_vp;         /* --headers */
	struct buf head;              /* the head section as it is read, up to HEADERS_CAP */
	struct spill head_spill;      /* and past it */
	struct sweep sweep;
	unsigned char *inbuf;
	size_t inbuf_cap;
	/* the last stage: the writer, or nothing (check mode), counted */
	struct io_writer *out;
	uint64_t out_bytes;
	unsigned long sql_inputs;     /* inputs read as sql so far */
};

void pipeline_init(struct pipeline *p, const struct pipeline_config *cfg, struct report *rep);
void pipeline_free(struct pipeline *p);

/* Run one input. `name` is the display name (`-` for stdin); `path` is used
 * for the extension (NULL for stdin). out == NULL discards the output
 * (check mode). Returns 0, or 3 after an I/O error (a message is printed,
 * except for a broken pipe). */
int pipeline_run(struct pipeline *p, int fd, const char *name, const char *path, struct io_writer *out);

/* At the end of the run: a warning for each --skip-column and
 * --host-column that met its table and column in no sql input, and for
 * --wordpress-multisite where it met no network's table (none if no input
 * was sql: each of those was warned about already). */
void pipeline_warn_unmet(const struct pipeline *p);

/* The sweep runs unless --dry-run or --no-sweep (§6.1). */
bool pipeline_sweeps(const struct pipeline_config *cfg);

#endif
