/*
 * sp-flamegraph: flamegraph-rs's one command.  Record a command (or
 * attach to running processes, or take an existing perf.data, or any
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
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "flame/flame_opts.h"
#include "flame/flamegraph_filter.h"
#include "base/input.h"
#include "base/proc.h"
#include "record/record.h"
#include "base/util.h"
#include "base/version.h"

#define EX_EMPTY	2	/* sp-flame drew an empty graph */
#define EX_CANNOT	3	/* perf cannot record here (sp-record's 3) */

#define DEFAULT_OUTPUT	"flamegraph.svg"

struct opts {
	const char *output;
	const char *freq, *pids, *duration, *cmd;
	const char *perfdata, *input, *binary;
	const char *post;
	int	 mixed, open, root, ignore_status, no_inline, verbose;
	struct flame_draw d;	/* the drawing options, read */
	struct rec_cargo cargo;	/* --cargo and its target, for sp-record */
	int	 cargo_only;	/* an option that goes with --cargo */
	struct args skip, record_args;
	struct args draw;	/* the drawing options, for sp-flame */
	int	 off_cpu;	/* --off-cpu: sp-record's */
};

static struct {
	int	 recording;
	pid_t	 recorder;
} run;

static char *self_path;

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp,
	    "usage: sp-flamegraph [-hivV] [-c perf-args] [-d seconds] [-F hz] "
	    "[-o file]\n"
	    "                     [--deterministic] [--flamechart] "
	    "[--ignore-status]\n"
	    "                     [--image-width px] [--min-width px] "
	    "[--no-inline]\n"
	    "                     [--notes text] [--off-cpu] [--open] "
	    "[--palette name]\n"
	    "                     [--post-process command] [--reverse] "
	    "[--root]\n"
	    "                     [--skip-after function] [--subtitle text] "
	    "[--title text]\n"
	    "                     -p pid[,pid] | [--] command [arg ...]\n"
	    "       sp-flamegraph --cargo [-b name | --bench name | "
	    "--example name |\n"
	    "                     --test name | --unit-test [name]] "
	    "[-f features] [--dev]\n"
	    "                     [--manifest-path path] "
	    "[--no-default-features]\n"
	    "                     [--package name] [--profile name] "
	    "[--release]\n"
	    "                     [option ...] [--] [arg ...]\n"
	    "       sp-flamegraph --perfdata file [option ...]\n"
	    "       sp-flamegraph --input file [--binary path | --mixed] "
	    "[option ...]\n");
	if (fp == stdout)
		finish_stdout();
	exit(status);
}

static char *
xprintf(const char *fmt, const char *s)
{
	struct buf b = { 0 };

	buf_printf(&b, fmt, s);
	return b.s;
}

/* ---- the internal filter mode ---- */

/* --internal-skip-after F...: a stage of the drawing pipeline. */
static void __attribute__((noreturn))
skip_after_main(char **fns, size_t nfns)
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
static void
custom_cmd(const char *cmd, struct args *ra, int *have_freq)
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
			args_add2(ra, "-e", xstrdup(v));
		else if (strcmp(o, "-F") == 0 || strcmp(o, "--freq") == 0) {
			args_add2(ra, "-F", xstrdup(v));
			*have_freq = 1;
		} else
			args_add2(ra, "-g", xstrdup(v));
	}
	free(copy);
}

/*
 * Record with sp-record into data.  Returns when there is a recording to
 * draw; exits otherwise, sp-record having said why.
 */
static void
record(struct opts *o, char **cmd, const char *data)
{
	struct args a = { 0 };
	int st;

	if (o->root)
		args_add(&a, need_sudo());
	args_add(&a, rec_need_sp("sp-record"));
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
		rec_cargo_args(&o->cargo, &a);
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
}

/* ---- the drawing pipeline ---- */

static void
add_drawing(struct pipeline *p, const struct opts *o)
{
	struct stage *s;

	if (o->skip.n > 0) {
		s = pl_stage(p, "--skip-after", self_path);
		args_add(&s->a, "--internal-skip-after");
		for (size_t i = 0; i < o->skip.n; i++)
			args_add(&s->a, o->skip.v[i]);
	}
	if (o->post != NULL) {
		s = pl_stage(p, "sp-aggregate", rec_need_sp("sp-aggregate"));
		args_add(&s->a, "-c");
		s = pl_stage(p, "--post-process", "/bin/sh");
		args_add2(&s->a, "-c", o->post);
	}
	s = pl_stage(p, "sp-flame", rec_need_sp("sp-flame"));
	for (size_t i = 0; i < o->draw.n; i++)
		args_add(&s->a, o->draw.v[i]);
}

/* The recording, or --perfdata's file: record.h's one route. */
static void
add_perf(struct pipeline *p, const struct opts *o, const char *data,
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
add_input(struct pipeline *p, const struct opts *o)
{
	struct stage *s;

	s = pl_stage(p, "sp-flatten", rec_need_sp("sp-flatten"));
	if (!o->d.svg.flamechart)
		args_add(&s->a, "-c");
	args_add(&s->a, o->input);
	if (o->binary != NULL || o->mixed) {
		s = pl_stage(p, "sp-symbolize", rec_need_sp("sp-symbolize"));
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

/* --unit-test's optional name, as flamegraph-rs takes it: the next word. */
static const char *
optional_name(int argc, char *argv[])
{
	if (optarg != NULL)
		return optarg;
	if (optind < argc && argv[optind][0] != '-')
		return argv[optind++];
	return NULL;
}

static void
number(const char *opt, const char *v, double min, double max,
    const char *what)
{
	double d;

	if (parse_double(v, strlen(v), &d) == -1 || !(d >= min) || d > max)
		errx(1, "%s %s: not %s", opt, v, what);
}

/*
 * The options into o; returns the operands (the command and its
 * arguments) and their number in *n.  Usage errors exit.
 */
static char **
parse_options(int argc, char *argv[], struct opts *o, int *n)
{
	enum { O_BINARY = REC_O_END, O_DEV, O_IGNORE, O_INPUT, O_MANIFEST,
	    O_MIXED, O_NO_DEFAULT, O_NO_INLINE, O_OFF_CPU, O_OPEN, O_PACKAGE,
	    O_PERFDATA, O_POST, O_RELEASE, O_ROOT, O_SKIP };
	static const struct option longopts[] = {
		REC_CARGO_LONGOPTS,
		FLAME_DRAW_LONGOPTS,
		{ "binary", required_argument, NULL, O_BINARY },
		{ "cmd", required_argument, NULL, 'c' },
		{ "dev", no_argument, NULL, O_DEV },
		{ "duration", required_argument, NULL, 'd' },
		{ "features", required_argument, NULL, 'f' },
		{ "freq", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "ignore-status", no_argument, NULL, O_IGNORE },
		{ "input", required_argument, NULL, O_INPUT },
		{ "manifest-path", required_argument, NULL, O_MANIFEST },
		{ "mixed", no_argument, NULL, O_MIXED },
		{ "no-default-features", no_argument, NULL, O_NO_DEFAULT },
		{ "no-inline", no_argument, NULL, O_NO_INLINE },
		{ "off-cpu", no_argument, NULL, O_OFF_CPU },
		{ "open", no_argument, NULL, O_OPEN },
		{ "output", required_argument, NULL, 'o' },
		{ "package", required_argument, NULL, O_PACKAGE },
		{ "perfdata", required_argument, NULL, O_PERFDATA },
		{ "pid", required_argument, NULL, 'p' },
		{ "post-process", required_argument, NULL, O_POST },
		{ "release", no_argument, NULL, O_RELEASE },
		{ "root", no_argument, NULL, O_ROOT },
		{ "skip-after", required_argument, NULL, O_SKIP },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	const char *bad;
	int ch, li;

	o->output = DEFAULT_OUTPUT;
	flame_draw_init(&o->d);
	while (li = -1, (ch = getopt_long(argc, argv, "+b:c:d:F:f:hVio:p:v",
	    longopts, &li)) != -1) {
		/*
		 * The cargo options (record.h's table): -b is --bin, and
		 * --unit-test's name may be the next word, as flamegraph-rs
		 * takes it.
		 */
		if (rec_cargo_opt(&o->cargo, ch == 'b' ? REC_O_BIN : ch,
		    ch == REC_O_UNIT_TEST ? optional_name(argc, argv) :
		    optarg)) {
			o->cargo_only |= ch != REC_O_CARGO;
			continue;
		}
		/*
		 * The drawing options (flame_opts.h's table), -i being
		 * --inverted: read here, so that a bad one is said before
		 * recording, and passed on to sp-flame as they were given.
		 */
		if (ch == 'i')
			ch = FLAME_O_INVERTED;
		if (flame_draw_opt(&o->d, ch, optarg, li >= 0 ?
		    longopts[li].name : NULL)) {
			args_add(&o->draw, flame_draw_name(ch));
			if (optarg != NULL)
				args_add(&o->draw, optarg);
			continue;
		}
		switch (ch) {
		case 'c':
			o->cmd = optarg;
			break;
		case 'd':
			number("-d", optarg, 0.001, 1e7, "a number of seconds");
			o->duration = optarg;
			break;
		case 'F':
			strtonum(optarg, 1, 1000000, &bad);
			if (bad != NULL)
				errx(1, "-F %s: frequency is %s", optarg, bad);
			o->freq = optarg;
			break;
		case 'f':
			args_add(&o->cargo.args, xprintf("--features=%s",
			    optarg));
			o->cargo_only = 1;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'o':
			o->output = optarg;
			break;
		case 'p':
			o->pids = optarg;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case O_BINARY:
			o->binary = optarg;
			break;
		case O_DEV:
			o->cargo.profile = "dev";
			o->cargo_only = 1;
			break;
		case O_IGNORE:
			o->ignore_status = 1;
			break;
		case O_INPUT:
			o->input = optarg;
			break;
		case O_MANIFEST:
			args_add(&o->cargo.args, xprintf(
			    "--manifest-path=%s", optarg));
			o->cargo_only = 1;
			break;
		case O_MIXED:
			o->mixed = 1;
			break;
		case O_NO_DEFAULT:
			args_add(&o->cargo.args, "--no-default-features");
			o->cargo_only = 1;
			break;
		case O_NO_INLINE:
			o->no_inline = 1;
			break;
		case O_OFF_CPU:
			o->off_cpu = 1;
			break;
		case O_OPEN:
			o->open = 1;
			break;
		case O_PACKAGE:
			args_add(&o->cargo.args, xprintf("--package=%s",
			    optarg));
			o->cargo_only = 1;
			break;
		case O_PERFDATA:
			o->perfdata = optarg;
			break;
		case O_POST:
			o->post = optarg;
			break;
		case O_RELEASE:
			o->cargo_only = 1;	/* sp-record's default profile */
			break;
		case O_ROOT:
			o->root = 1;
			break;
		case O_SKIP:
			args_add(&o->skip, optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	*n = argc - optind;
	return argv + optind;
}

/* The options that do not go together, once all are read. */
static void
check_options(struct opts *o, int argc)
{
	struct flame_palette pal;
	char bg1[FLAME_COLOR_MAX], bg2[FLAME_COLOR_MAX];

	/* sp-flame's palette, known before anything is recorded. */
	flame_draw_palette(&o->d, &pal, bg1, bg2);
	/* One source: a command, --cargo, -p, --perfdata or --input. */
	if ((argc > 0 || o->cargo.cargo) + (o->pids != NULL) +
	    (o->perfdata != NULL) + (o->input != NULL) != 1) {
		if (argc == 0 && !o->cargo.cargo && o->pids == NULL &&
		    o->perfdata == NULL && o->input == NULL)
			usage(stderr, 1);
		errx(1, "record one thing: a command, --cargo, -p, "
		    "--perfdata or --input");
	}
	if (o->cargo_only && !o->cargo.cargo)
		errx(1, "--bench, --bin, --dev, --example, --features, "
		    "--manifest-path, --no-default-features, --package, "
		    "--profile, --release, --test and --unit-test go with "
		    "--cargo");
	if ((o->binary != NULL || o->mixed) && o->input == NULL)
		errx(1, "--binary and --mixed go with --input (a recording "
		    "gets its names and inline frames by itself)");
	if (o->binary != NULL && o->mixed)
		errx(1, "--binary and --mixed: choose one");
	if (o->duration != NULL && o->pids == NULL)
		errx(1, "-d: only with -p (a command is recorded until it "
		    "ends)");
	if (o->perfdata != NULL || o->input != NULL) {
		const char *what = o->freq != NULL ? "-F" : o->cmd != NULL ?
		    "-c" : o->ignore_status ? "--ignore-status" : o->off_cpu ?
		    "--off-cpu" : NULL;

		if (what != NULL)
			errx(1, "%s: only when recording (--perfdata and "
			    "--input draw what was recorded)", what);
	}
	if (o->input != NULL && o->root)
		errx(1, "--root: only with perf (--input reads the file "
		    "itself)");
	if (o->cmd != NULL) {
		int have_freq = 0;

		custom_cmd(o->cmd, &o->record_args, &have_freq);
		if (have_freq && o->freq != NULL)
			errx(1, "-F and -c with a frequency: choose one");
	}
}

int
main(int argc, char *argv[])
{
	struct opts o = { 0 };
	struct pipeline pl = { 0 };
	const char *data = NULL;
	int n, status;

	rec_internal(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "--internal-skip-after") == 0)
		skip_after_main(argv + 2, (size_t)(argc - 2));

	argv = parse_options(argc, argv, &o, &n);
	check_options(&o, n);
	self_path = find_self();
	proc_signals(&(struct proc_hooks){ interrupt, NULL });
	/* Everything that can be missing is said before recording. */
	rec_need_sp("sp-flame");
	if (o.input == NULL && o.perfdata == NULL)
		free(rec_need_perf());
	open_output(o.output);

	if (o.input != NULL)
		add_input(&pl, &o);
	else {
		if (o.perfdata != NULL)
			data = o.perfdata;
		else {
			data = proc_tmp("sp-flamegraph", "perf.data");
			record(&o, argv, data);
		}
		add_perf(&pl, &o, data, o.perfdata != NULL ? o.perfdata :
		    "perf record");
	}
	add_drawing(&pl, &o);
	status = pl_run(&pl, out_fd, o.verbose, EX_EMPTY);
	finish_output(o.output);
	if (strcmp(o.output, "-") != 0)
		fprintf(stderr, "sp-flamegraph: wrote %s%s\n", o.output,
		    status == EX_EMPTY ? " (nothing to draw: no samples)" :
		    "");
	if (o.open && strcmp(o.output, "-") != 0)
		open_svg(o.output, o.verbose);
	proc_cleanup();
	return status == EX_EMPTY ? EX_EMPTY : 0;
}
