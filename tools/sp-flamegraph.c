/*
 * sp-flamegraph: flamegraph-rs's one command.  Record a command (or
 * attach to running processes, or take an existing perf.data, or any
 * profile sp-flatten reads) and draw its flame graph into flamegraph.svg.
 * The route (sp-record, sp-flatten, sp-symbolize, sp-flame joined by
 * pipes) is common/record/flamegraph.c; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"
#include "base/version.h"
#include "flame/flame_opts.h"
#include "record/flamegraph.h"
#include "record/record.h"

#define DEFAULT_OUTPUT	"flamegraph.svg"

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
parse_options(int argc, char *argv[], struct fg_opts *o, int *n)
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
			args_add(&o->cargo.args,
			    xstrdup("--no-default-features"));
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
check_options(struct fg_opts *o, int argc)
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

		fg_custom_cmd(o->cmd, &o->record_args, &have_freq);
		if (have_freq && o->freq != NULL)
			errx(1, "-F and -c with a frequency: choose one");
	}
}

int
main(int argc, char *argv[])
{
	struct fg_opts o = { 0 };
	int n, status;

	rec_internal(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "--internal-skip-after") == 0)
		fg_skip_after_main(argv + 2, (size_t)(argc - 2));

	argv = parse_options(argc, argv, &o, &n);
	check_options(&o, n);
	status = fg_run(&o, argv);
	fg_opts_free(&o);
	return status;
}
