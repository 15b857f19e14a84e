/*
 * flamegraph.c: sp-flamegraph's route (record/flamegraph.h), the
 * compatibility layer for flamegraph-rs's one command.  Record a command
 * (or attach to running processes, or take an existing perf.data, or any
 * profile sp-flatten reads) and draw its flame graph into flamegraph.svg.
 *
 * Every step is a program of its own, joined by pipes:
 *
 *	sp-record --record-only -o DATA ...	(perf record; alone, first)
 *	sp-flatten -c --source ... DATA		(perf.data read by sp itself)
 *	| sp-flamegraph --internal-from-exec	(the recorder's samples out)
 *	| sp-symbolize -m -q			(names and inline frames)
 *	| sp-flamegraph --internal-skip-after F ...	(--skip-after)
 *	| sp-aggregate -c | sh -c COMMAND	(--post-process)
 *	| sp-flame [drawing options] > .flamegraph.svg.XXXXXX
 *
 * and the picture is renamed into place when every step succeeded.  The
 * steps from DATA to the stream are sp-record's too (common/record/
 * record.h's one route): perf script reads DATA only when sp-flatten
 * cannot (pipe mode, compressed records, a DWARF recording of another
 * architecture, no symbolizer to name its addresses), and says why.
 *
 * The children are common/base/proc.h's: an interrupt while recording belongs
 * to sp-record (the terminal's Ctrl-C reaches it and the command in our
 * process group; one sent to sp-flamegraph alone is passed on), and ends
 * the tool once the recording is over.
 *
 * May use base, flame and record.h.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
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
#include "flame/flame_opts.h"
#include "flame/flamegraph_filter.h"
#include "record/flamegraph.h"
#include "record/record.h"

#define EX_EMPTY	2	/* sp-flame drew an empty graph */
#define EX_CANNOT	3	/* perf cannot record here (sp-record's 3) */

static struct {
	int	 recording;
	pid_t	 recorder;
} run;

static char *self_path;

static char *
xprintf(const char *fmt, const char *s)
{
	struct buf b = { 0 };

	buf_printf(&b, fmt, s);
	return b.s;
}

/* ---- the internal filter mode ---- */

/* --internal-skip-after F...: a stage of the drawing pipeline. */
void
fg_skip_after_main(char **fns, size_t nfns)
{
	struct buf out = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	big_stdout();
	while ((n = getline(&line, &cap, stdin)) != -1) {
		buf_reset(&out);
		ff_skip_after(fns, nfns, line, (size_t)n, &out);
		if (fwrite(out.s, 1, out.len, stdout) != out.len)
			break;
	}
	if (ferror(stdin))
		err(1, "standard input");
	free(line);
	buf_free(&out);
	finish_stdout();
	exit(0);
}

/* ---- programs ---- */

static char *
need_sudo(void)
{
	char *p = proc_find("sudo");

	if (p == NULL)
		errx(1, "sudo: not installed; --root records through sudo "
		    "(install sudo, or run sp-flamegraph as root without "
		    "--root)");
	return p;
}

/* ---- the output file ---- */

static char *out_tmp;		/* renamed to the output when all went well */
static int out_fd = -1;

/*
 * Open the output before anything is recorded, so that an unwritable one
 * is said at once: a temporary file beside it (renamed over it at the
 * end, so that a failure leaves an older graph as it was), or the file
 * itself when it is not a regular file (/dev/stdout, a pipe).
 */
static void
open_output(const char *path)
{
	struct stat st;
	struct buf b = { 0 };
	const char *slash;
	mode_t um;

	if (strcmp(path, "-") == 0) {
		if ((out_fd = dup(1)) == -1)
			err(1, "standard output");
		return;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((out_fd = open(path, O_WRONLY | O_CLOEXEC)) == -1)
			err(1, "%s", path);
		return;
	}
	slash = strrchr(path, '/');
	if (slash != NULL)
		buf_printf(&b, "%.*s.%s.XXXXXX", (int)(slash - path + 1), path,
		    slash + 1);
	else
		buf_printf(&b, ".%s.XXXXXX", path);
	if ((out_fd = mkstemp(b.s)) == -1)
		err(1, "%s", path);
	fcntl(out_fd, F_SETFD, FD_CLOEXEC);
	um = umask(0);
	umask(um);
	fchmod(out_fd, 0666 & ~um);
	out_tmp = b.s;
	proc_remove_at_exit(out_tmp);
}

static void
finish_output(const char *path)
{
	if (close(out_fd) == -1)
		err(1, "%s", path);
	out_fd = -1;
	if (out_tmp != NULL) {
		if (rename(out_tmp, path) == -1)
			err(1, "%s", path);
		proc_remove_at_exit(NULL);
		free(out_tmp);
		out_tmp = NULL;
	}
}

/* ---- signals ---- */

static void
interrupt(const siginfo_t *si)
{
	int from_tty = 0;

#ifdef SI_KERNEL
	from_tty = si->si_code == SI_KERNEL;
#else
	(void)si;
#endif
	if (!run.recording)
		proc_die_by(SIGINT);
	/* The terminal's Ctrl-C reached sp-record too: its to handle. */
	if (!from_tty && run.recorder > 0)
		kill(run.recorder, SIGINT);
}

/* ---- recording ---- */

/*
 * -c 'record ...': flamegraph-rs's custom perf command line.  sp-record
 * builds perf's command line itself, so its words go to sp-record: the
 * event, the frequency and the call-graph mode as its own options (they
 * would be given twice otherwise), the rest as --perf-arg.
 */
void
fg_custom_cmd(const char *cmd, struct args *ra, int *have_freq)
{
	char *copy = xstrdup(cmd), *w[256], *p = copy;
	size_t n = 0;

	for (;;) {
		p += strspn(p, " \t\n");
		if (*p == '\0')
			break;
		if (n == SP_NELEM(w))
			errx(1, "-c: too many words");
		w[n++] = p;
		p += strcspn(p, " \t\n");
		if (*p != '\0')
			*p++ = '\0';
	}
	if (n == 0 || strcmp(w[0], "record") != 0)
		errx(1, "-c '%s': perf's arguments begin with 'record' "
		    "(sp-flamegraph records with perf record)", cmd);
	for (size_t i = 1; i < n; i++) {
		const char *o = w[i], *v = NULL;

		if (strcmp(o, "-e") == 0 || strcmp(o, "--event") == 0 ||
		    strcmp(o, "-F") == 0 || strcmp(o, "--freq") == 0 ||
		    strcmp(o, "--call-graph") == 0 ||
		    strcmp(o, "-o") == 0 || strcmp(o, "--output") == 0 ||
		    strcmp(o, "-p") == 0 || strcmp(o, "--pid") == 0) {
			if (i + 1 == n)
				errx(1, "-c: %s needs a value", o);
			v = w[++i];
		} else if (strncmp(o, "--event=", 8) == 0) {
			o = "-e", v = w[i] + 8;
		} else if (strncmp(o, "--freq=", 7) == 0) {
			o = "-F", v = w[i] + 7;
		} else if (strncmp(o, "--call-graph=", 13) == 0) {
			o = "--call-graph", v = w[i] + 13;
		} else if (strcmp(o, "-g") == 0) {
			continue;	/* sp-record records call graphs anyway */
		}
		if (v == NULL) {
			args_add(ra, xprintf("--perf-arg=%s", o));
			continue;
		}
		if (strcmp(o, "-o") == 0 || strcmp(o, "--output") == 0 ||
		    strcmp(o, "-p") == 0 || strcmp(o, "--pid") == 0)
			errx(1, "-c: %s is sp-flamegraph's own option, not "
			    "perf's here", o);
		if (strcmp(o, "-e") == 0 || strcmp(o, "--event") == 0)
			args_add2(ra, xstrdup("-e"), xstrdup(v));
		else if (strcmp(o, "-F") == 0 || strcmp(o, "--freq") == 0) {
			args_add2(ra, xstrdup("-F"), xstrdup(v));
			*have_freq = 1;
		} else
			args_add2(ra, xstrdup("-g"), xstrdup(v));
	}
	free(copy);
}

/*
 * Record with sp-record into data.  Returns when there is a recording to
 * draw; exits otherwise, sp-record having said why.
 */
static void
record(struct fg_opts *o, char **cmd, const char *data)
{
	struct args a = { 0 }, own = { 0 };
	char *sudo = NULL, *rec;
	int st;

	if (o->root)
		args_add(&a, sudo = need_sudo());
	args_add(&a, rec = rec_need_sp("sp-record"));
	args_add(&a, "--record-only");
	args_add2(&a, "-o", data);
	if (o->off_cpu)
		args_add(&a, "--off-cpu");
	for (size_t i = 0; i < o->record_args.n; i++)
		args_add(&a, o->record_args.v[i]);
	if (o->freq != NULL)
		args_add2(&a, "-F", o->freq);
	if (o->pids != NULL) {
		args_add2(&a, "-p", o->pids);
		if (o->duration != NULL)
			args_add2(&a, "-d", o->duration);
	} else if (o->cargo.cargo) {
		rec_cargo_args(&o->cargo, &a, &own);
	}
	if (o->pids == NULL) {
		args_add(&a, "--");
		for (size_t i = 0; cmd[i] != NULL; i++)
			args_add(&a, cmd[i]);
	}
	if (o->verbose) {
		pl_show("sp-flamegraph: ", a.v);
		fputc('\n', stderr);
	}
	run.recording = 1;
	run.recorder = proc_spawn(a.v, -1, -1, -1, 0);
	st = proc_wait(run.recorder);
	run.recording = 0;
	run.recorder = -1;
	if (WIFSIGNALED(st))
		proc_die_by(WTERMSIG(st));
	if (!WIFEXITED(st))
		errx(1, "sp-record %s", proc_status_text(st));
	switch (WEXITSTATUS(st)) {
	case 0:
		break;
	case 2:
		/* The command failed; sp-record said how. */
		if (o->ignore_status)
			break;
		errx(1, "no flame graph: the command failed "
		    "(--ignore-status draws it all the same)");
	default:
		/* sp-record said why; 3 is "perf cannot record here". */
		exit(WEXITSTATUS(st) == EX_CANNOT ? EX_CANNOT : 1);
	}
	free(a.v);
	free(sudo);
	free(rec);
	args_free_owned(&own);
}

/* ---- the drawing pipeline ---- */

static void
add_drawing(struct pipeline *p, const struct fg_opts *o)
{
	struct stage *s;

	if (o->skip.n > 0) {
		s = pl_stage(p, "--skip-after", self_path);
		args_add(&s->a, "--internal-skip-after");
		for (size_t i = 0; i < o->skip.n; i++)
			args_add(&s->a, o->skip.v[i]);
	}
	if (o->post != NULL) {
		s = pl_stage(p, "sp-aggregate", pl_keep(p,
		    rec_need_sp("sp-aggregate")));
		args_add(&s->a, "-c");
		s = pl_stage(p, "--post-process", "/bin/sh");
		args_add2(&s->a, "-c", o->post);
	}
	s = pl_stage(p, "sp-flame", pl_keep(p, rec_need_sp("sp-flame")));
	for (size_t i = 0; i < o->draw.n; i++)
		args_add(&s->a, o->draw.v[i]);
}

/* The recording, or --perfdata's file: record.h's one route. */
static void
add_perf(struct pipeline *p, const struct fg_opts *o, const char *data,
    const char *source)
{
	struct rec_convert c = { 0 };

	c.data = data;
	c.source = source;
	c.self = self_path;
	c.tool = "sp-flamegraph";
	c.collapse = !o->d.svg.flamechart;
	c.no_inline = o->no_inline;
	c.root = o->root;
	c.off_cpu = o->off_cpu;
	c.verbose = o->verbose;
	rec_convert(p, &c);
}

static void
add_input(struct pipeline *p, const struct fg_opts *o)
{
	struct stage *s;

	s = pl_stage(p, "sp-flatten", pl_keep(p, rec_need_sp("sp-flatten")));
	if (!o->d.svg.flamechart)
		args_add(&s->a, "-c");
	args_add(&s->a, o->input);
	if (o->binary != NULL || o->mixed) {
		s = pl_stage(p, "sp-symbolize", pl_keep(p,
		    rec_need_sp("sp-symbolize")));
		args_add(&s->a, "-q");
		if (o->no_inline)
			args_add(&s->a, "--no-inline");
		if (o->binary != NULL)
			args_add2(&s->a, "-b", o->binary);
		if (o->mixed)
			args_add(&s->a, "-m");
	}
}

/* ---- the end ---- */

static void
open_svg(const char *path, int verbose)
{
	char *argv[3];
	const char *opener;
	int st;

#ifdef __APPLE__
	opener = "open";
#else
	opener = "xdg-open";
#endif
	if ((argv[0] = proc_find(opener)) == NULL) {
		warnx("--open: %s not found; install %s", opener,
		    strcmp(opener, "open") == 0 ? "macOS's open" :
		    "xdg-utils");
		return;
	}
	argv[1] = (char *)path;
	argv[2] = NULL;
	if (verbose) {
		pl_show("sp-flamegraph: ", argv);
		fputc('\n', stderr);
	}
	st = proc_wait(proc_spawn(argv, -1, -1, -1, 0));
	if (!proc_ok(st))
		warnx("--open: %s %s", opener, proc_status_text(st));
	free(argv[0]);
}

static char *
find_self(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0)
		err(1, "/proc/self/exe");
	buf[n] = '\0';
	return xstrdup(buf);
}

void
fg_opts_free(struct fg_opts *o)
{
	args_free_owned(&o->record_args);
	args_free_owned(&o->cargo.args);
	free(o->skip.v);
	free(o->draw.v);
}

int
fg_run(struct fg_opts *opts, char **cmd)
{
	struct fg_opts o = *opts;
	struct pipeline pl = { 0 };
	const char *data = NULL;
	char *tmp_data = NULL;
	int status;

	self_path = find_self();
	proc_signals(&(struct proc_hooks){ interrupt, NULL });
	/* Everything that can be missing is said before recording. */
	free(rec_need_sp("sp-flame"));
	if (o.input == NULL && o.perfdata == NULL)
		free(rec_need_perf());
	open_output(o.output);

	if (o.input != NULL)
		add_input(&pl, &o);
	else {
		if (o.perfdata != NULL)
			data = o.perfdata;
		else {
			data = tmp_data = proc_tmp("sp-flamegraph",
			    "perf.data");
			record(&o, cmd, data);
		}
		add_perf(&pl, &o, data, o.perfdata != NULL ? o.perfdata :
		    "perf record");
	}
	add_drawing(&pl, &o);
	status = pl_run(&pl, out_fd, o.verbose, EX_EMPTY);
	pl_free(&pl);
	finish_output(o.output);
	if (strcmp(o.output, "-") != 0)
		fprintf(stderr, "sp-flamegraph: wrote %s%s\n", o.output,
		    status == EX_EMPTY ? " (nothing to draw: no samples)" :
		    "");
	if (o.open && strcmp(o.output, "-") != 0)
		open_svg(o.output, o.verbose);
	proc_cleanup();
	free(tmp_data);
	free(self_path);
	self_path = NULL;
	return status == EX_EMPTY ? EX_EMPTY : 0;
}
