/*
 * record.c: recording with perf and reading what it recorded, the parts
 * sp-record and sp-flamegraph share (see record.h).
 *
 * The route from perf.data to the stream:
 *
 *	sp-flatten [-c] [-q] --source SOURCE DATA	(read_perfdata.c)
 *	| TOOL --internal-from-exec		(the recorder's samples out)
 *	| sp-symbolize -m -q [--no-inline]	(names and inline frames)
 *
 * and, when the reader's probe refuses the file or no symbolizer is
 * there, the fallback through perf script:
 *
 *	perf script -i DATA -F PERF_SCRIPT_FIELDS --no-inline
 *	| TOOL --internal-perf-filter		(addresses for DWARF binaries)
 *	| sp-flatten [-c] [-q] --source SOURCE -
 *	| TOOL --internal-from-exec
 *	| sp-symbolize -m -q [--no-inline]
 *
 * perf script never runs addr2line itself (--no-inline): sp-symbolize
 * resolves each binary's distinct addresses in one batch.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/input.h"
#include "base/proc.h"
#include "base/util.h"
#include "flame/flamegraph_filter.h"
#include "perf/read_perfdata.h"
#include "read/perf_script.h"
#include "record/record.h"

#define EX_CANNOT	3	/* sp-record's "perf cannot record here" */

void
args_add(struct args *a, const char *s)
{
	xgrow(&a->v, &a->cap, a->n + 2, sizeof(*a->v));
	a->v[a->n++] = (char *)s;
	a->v[a->n] = NULL;
}

void
args_add2(struct args *a, const char *opt, const char *val)
{
	args_add(a, opt);
	args_add(a, val);
}

void
args_addv(struct args *a, const struct args *b)
{
	for (size_t i = 0; i < b->n; i++)
		args_add(a, b->v[i]);
}

void
args_free_owned(struct args *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

char *
rec_need_sp(const char *name)
{
	char *p = proc_sibling(name);

	if (p == NULL)
		errx(1, "%s: not found beside %s or in PATH; install sp "
		    "(make install)", name, getprogname());
	return p;
}

char *
rec_need_perf(void)
{
	char *p = proc_find("perf");

	if (p == NULL)
		errx(EX_CANNOT, "perf: not installed; install linux-perf "
		    "(Debian) or linux-tools-$(uname -r) (Ubuntu)");
	return p;
}

int
rec_have_symbolizer(void)
{
	static const char *v[] = { "llvm-symbolizer", "llvm-symbolizer-19",
	    "llvm-symbolizer-18", "llvm-symbolizer-17", "llvm-symbolizer-16",
	    "llvm-symbolizer-15", "llvm-symbolizer-14", "llvm-symbolizer-13",
	    "addr2line" };
	char path[PATH_MAX];

	for (size_t i = 0; i < SP_NELEM(v); i++)
		if (proc_which(v[i], path, sizeof(path)) == 0)
			return 1;
	return 0;
}

/* ---- the pipeline ---- */

struct stage *
pl_stage(struct pipeline *p, const char *name, const char *prog)
{
	struct stage *s;

	if (p->n == REC_MAX_STAGES)
		errx(1, "too many steps");
	s = &p->s[p->n++];
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->errfd = -1;
	args_add(&s->a, prog);
	return s;
}

void
pl_errfile(struct stage *s, const char *prefix, const char *file)
{
	s->errpath = proc_tmp(prefix, file);
	if ((s->errfd = open(s->errpath, O_WRONLY | O_CREAT | O_TRUNC |
	    O_CLOEXEC, 0600)) == -1)
		err(1, "%s", s->errpath);
}

char *
pl_keep(struct pipeline *p, char *s)
{
	args_add(&p->kept, s);
	return s;
}

void
pl_free(struct pipeline *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->s[i].a.v);
		free(p->s[i].errpath);
	}
	p->n = 0;
	args_free_owned(&p->kept);
}

void
pl_show(const char *prefix, char *const *v)
{
	fprintf(stderr, "%s", prefix);
	for (size_t i = 0; v[i] != NULL; i++)
		fprintf(stderr, "%s%s", i > 0 ? " " : "", v[i]);
}

/* Show the messages a failed stage left in its file. */
static void
relay(const char *path)
{
	char *msg = NULL;
	size_t len;

	if (path != NULL && input_slurp(path, 1 << 20, &msg, &len) == 0 &&
	    len > 0) {
		fputs(msg, stderr);
		if (msg[len - 1] != '\n')
			fputc('\n', stderr);
	}
	free(msg);
}

int
pl_run(struct pipeline *p, int out, int verbose, int ok_status)
{
	char prefix[64];
	int in = -1, last;

	if (verbose) {
		snprintf(prefix, sizeof(prefix), "%s: ", getprogname());
		for (size_t i = 0; i < p->n; i++)
			pl_show(i == 0 ? prefix : " | ", p->s[i].a.v);
		fputc('\n', stderr);
	}
	if (out == -1)
		fflush(stdout);
	for (size_t i = 0; i < p->n; i++) {
		int fds[2] = { -1, -1 }, w = out;

		if (i + 1 < p->n) {
			if (pipe(fds) == -1)
				err(1, "pipe");
			fcntl(fds[0], F_SETFD, FD_CLOEXEC);
			fcntl(fds[1], F_SETFD, FD_CLOEXEC);
			w = fds[1];
		}
		p->s[i].pid = proc_spawn(p->s[i].a.v, in, w, p->s[i].errfd,
		    0);
		if (in != -1)
			close(in);
		if (fds[1] != -1)
			close(fds[1]);
		if (p->s[i].errfd != -1)
			close(p->s[i].errfd);
		in = fds[0];
	}
	for (size_t i = 0; i < p->n; i++)
		p->s[i].st = proc_wait(p->s[i].pid);
	for (size_t i = 0; i < p->n; i++) {
		int st = p->s[i].st;

		if (WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE) {
			if (i + 1 == p->n)
				proc_die_by(SIGPIPE);	/* our reader left */
			continue;
		}
		if (i + 1 == p->n && WIFEXITED(st) &&
		    (int)WEXITSTATUS(st) == ok_status)
			continue;
		if (!proc_ok(st)) {
			relay(p->s[i].errpath);
			errx(1, "%s %s", p->s[i].name, proc_status_text(st));
		}
	}
	last = p->s[p->n - 1].st;
	return WIFEXITED(last) ? WEXITSTATUS(last) : 1;
}

/* ---- perf.data into the stream ---- */

static void
add_flatten(struct pipeline *p, const struct rec_convert *c,
    const char *input)
{
	struct stage *s;

	s = pl_stage(p, "sp-flatten", pl_keep(p, rec_need_sp("sp-flatten")));
	if (c->collapse)
		args_add(&s->a, "-c");
	if (c->quiet)
		args_add(&s->a, "-q");
	args_add2(&s->a, "--source", c->source);
	args_add(&s->a, input);
	s = pl_stage(p, "the recorder's filter", c->self);
	args_add(&s->a, "--internal-from-exec");
}

static void
add_symbolize(struct pipeline *p, const struct rec_convert *c)
{
	struct stage *s;

	s = pl_stage(p, "sp-symbolize", pl_keep(p,
	    rec_need_sp("sp-symbolize")));
	args_add(&s->a, "-m");
	args_add(&s->a, "-q");
	if (c->no_inline)
		args_add(&s->a, "--no-inline");
}

void
rec_convert(struct pipeline *p, const struct rec_convert *c)
{
	struct stage *s;
	int sym = rec_have_symbolizer();
	char why[256];

	if (!sym)
		snprintf(why, sizeof(why), "sp-symbolize has no symbolizer "
		    "to name its addresses (install llvm or binutils)");
	if ((sym || c->off_cpu) &&
	    perfdata_probe(c->data, why, sizeof(why))) {
		if (c->verbose)
			fprintf(stderr, "%s: sp-flatten reads %s itself\n",
			    c->tool, c->data);
		add_flatten(p, c, c->data);
		add_symbolize(p, c);
		return;
	}
	if (c->off_cpu)
		errx(1, "%s: an off-CPU recording is read by sp-flatten alone, "
		    "which cannot read it: %s", c->data, why);
	/* Not only with -v: the slow route is worth a word. */
	if (!c->quiet || c->verbose)
		fprintf(stderr, "%s: perf script reads %s: %s\n", c->tool,
		    c->data, why);
	if (c->root) {
		char *sudo = proc_find("sudo");

		if (sudo == NULL)
			errx(1, "sudo: not installed; --root reads the "
			    "recording through sudo");
		s = pl_stage(p, "perf script", pl_keep(p, sudo));
		args_add(&s->a, pl_keep(p, rec_need_perf()));
	} else
		s = pl_stage(p, "perf script", pl_keep(p, rec_need_perf()));
	args_add(&s->a, "--no-pager");
	args_add(&s->a, "script");
	args_add2(&s->a, "-i", c->data);
	args_add2(&s->a, "-F", PERF_SCRIPT_FIELDS);
	/* Never perf's addr2line per address: see the top. */
	args_add(&s->a, "--no-inline");
	pl_errfile(s, c->tool, "perf-script.err");
	if (sym) {
		s = pl_stage(p, "the perf script filter", c->self);
		args_add(&s->a, "--internal-perf-filter");
	}
	add_flatten(p, c, "-");
	if (sym)
		add_symbolize(p, c);
	else if (!c->no_inline)
		warnx("no inline frames: install llvm (llvm-symbolizer) or "
		    "binutils (addr2line) for sp-symbolize to find them");
}

/* ---- the internal modes ---- */

/*
 * A sample line's thread (its third column) is the recorder's own: perf's
 * child before its exec, or sp-record's helper before the command's.
 */
static int
recorders(const char *line, size_t len)
{
	const char *p = line, *end = line + len, *t;
	size_t n;

	if (len == 0 || line[0] == '#')
		return 0;
	for (int col = 0; col < 2; col++) {
		if ((p = memchr(p, '\t', (size_t)(end - p))) == NULL)
			return 0;
		p++;
	}
	if ((t = memchr(p, '\t', (size_t)(end - p))) == NULL)
		return 0;
	n = (size_t)(t - p);
	return (n == 9 && memcmp(p, "perf-exec", 9) == 0) ||
	    (n == sizeof(REC_EXEC_COMM) - 1 &&
	    memcmp(p, REC_EXEC_COMM, n) == 0);
}

void
rec_internal(int argc, char *argv[])
{
	struct ff_dsos *c;
	struct buf out = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int perf;

	if (argc < 2 || (strcmp(argv[1], "--internal-perf-filter") != 0 &&
	    strcmp(argv[1], "--internal-from-exec") != 0))
		return;
	perf = strcmp(argv[1], "--internal-perf-filter") == 0;
	c = perf ? ff_dsos_new() : NULL;
	big_stdout();
	while ((n = getline(&line, &cap, stdin)) != -1) {
		if (!perf) {
			if (recorders(line, (size_t)n))
				continue;
			if (fwrite(line, 1, (size_t)n, stdout) != (size_t)n)
				break;
			continue;
		}
		buf_reset(&out);
		ff_perf_line(c, line, (size_t)n, &out);
		if (fwrite(out.s, 1, out.len, stdout) != out.len)
			break;
	}
	if (ferror(stdin))
		err(1, "standard input");
	free(line);
	buf_free(&out);
	ff_dsos_free(c);
	finish_stdout();
	exit(0);
}

/* ---- cargo's options ---- */

int
rec_cargo_opt(struct rec_cargo *c, int ch, const char *arg)
{
	switch (ch) {
	case REC_O_CARGO:
		c->cargo = 1;
		return 1;
	case REC_O_PROFILE:
		c->profile = arg;
		return 1;
	case REC_O_BENCH:
	case REC_O_BIN:
	case REC_O_EXAMPLE:
	case REC_O_TEST:
	case REC_O_UNIT_TEST:
		if (c->target)
			errx(1, "choose one of --bench, --bin, --example, "
			    "--test and --unit-test");
		c->target = 1;
		c->unit_test = ch == REC_O_UNIT_TEST;
		c->kind = ch == REC_O_BENCH ? "bench" : ch == REC_O_BIN ?
		    "bin" : ch == REC_O_EXAMPLE ? "example" : ch == REC_O_TEST ?
		    "test" : NULL;
		c->name = arg;
		return 1;
	}
	return 0;
}

/* a and b joined, recorded in own. */
static char *
concat(struct args *own, const char *a, const char *b)
{
	struct buf s = { 0 };

	buf_adds(&s, a);
	buf_adds(&s, b);
	args_add(own, s.s);
	return s.s;
}

void
rec_cargo_args(const struct rec_cargo *c, struct args *a, struct args *own)
{
	args_add(a, "--cargo");
	if (c->unit_test)
		args_add(a, c->name != NULL ? concat(own, "--unit-test=",
		    c->name) : "--unit-test");
	else if (c->kind != NULL)
		args_add2(a, concat(own, "--", c->kind), c->name);
	if (c->profile != NULL)
		args_add2(a, "--profile", c->profile);
	for (size_t i = 0; i < c->args.n; i++)
		args_add(a, concat(own, "--cargo-arg=", c->args.v[i]));
}
