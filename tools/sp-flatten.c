/*
 * sp-flatten: a profile in, the sample stream of sp(5) out.
 *
 * Input: samply / Firefox Profiler processed JSON (versions 0-75), Gecko
 * JSON, pprof, Chrome/V8 .cpuprofile and trace events, speedscope JSON,
 * `perf script` text, perf.data, folded stacks or sp's own sample stream
 * (common/flatten/flatten.c has the table);
 * plain or gzip (by content), from files or standard input.  Output:
 * "#sp samples 1" headers, then one line a sample:
 *
 *	process pid thread tid time weight cpu stack
 *
 * A JSON profile is read and checked whole before any of its samples is
 * written, so a broken file leaves nothing on standard output that could
 * pass for a result.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bigmem.h"
#include "flatten/flatten.h"
#include "base/input.h"
#include "base/progress.h"
#include "stream/stream.h"
#include "base/util.h"
#include "base/version.h"

enum {
	OPT_FROM = 256, OPT_TO, OPT_PERIOD, OPT_ANNOTATE, OPT_UNKNOWN_DSO,
	OPT_EVENT, OPT_TIDY, OPT_SOURCE, OPT_OFF_CPU_MIN, OPT_PERF_MAP_DIR,
};

static const struct option longopts[] = {
	{ "annotate",	no_argument,		NULL, OPT_ANNOTATE },
	{ "collapse",	no_argument,		NULL, 'c' },
	{ "event",	required_argument,	NULL, OPT_EVENT },
	{ "from",	required_argument,	NULL, OPT_FROM },
	{ "help",	no_argument,		NULL, 'h' },
	{ "off-cpu-min", required_argument,	NULL, OPT_OFF_CPU_MIN },
	{ "perf-map-dir", required_argument,	NULL, OPT_PERF_MAP_DIR },
	{ "version",	no_argument,		NULL, 'V' },
	{ "period",	no_argument,		NULL, OPT_PERIOD },
	{ "pid",	required_argument,	NULL, 'p' },
	{ "process",	required_argument,	NULL, 'P' },
	{ "quiet",	no_argument,		NULL, 'q' },
	{ "sample-type", required_argument,	NULL, 's' },
	{ "source",	required_argument,	NULL, OPT_SOURCE },
	{ "thread",	required_argument,	NULL, 't' },
	{ "threads",	no_argument,		NULL, 'l' },
	{ "tid",	required_argument,	NULL, 'T' },
	{ "tidy",	no_argument,		NULL, OPT_TIDY },
	{ "to",		required_argument,	NULL, OPT_TO },
	{ "unknown-dso", no_argument,		NULL, OPT_UNKNOWN_DSO },
	{ NULL, 0, NULL, 0 }
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: sp-flatten [-chlqV] [-P pattern] [-p pid] [-s type] "
	    "[-T tid] [-t pattern]\n"
	    "                  [--from ms] [--to ms] [--annotate] "
	    "[--event name]\n"
	    "                  [--off-cpu-min usec] [--perf-map-dir dir] "
	    "[--period]\n"
	    "                  [--source name] [--tidy] [--unknown-dso] "
	    "[file ...]\n");
}

static void
add(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = s;
}

static double
parse_ms(const char *s, const char *opt)
{
	double d;

	if (parse_double(s, strlen(s), &d) == -1)
		errx(1, "%s: not a number of milliseconds: %s", opt, s);
	return d;
}

/* --source: the name standard input goes by in headers and messages. */
static const char *stdin_name;

static int
flatten(const char *path, struct sw *w, const struct reader_opts *ro)
{
	struct lreader *lr = lr_open(path);
	const char *name = input_name(path);
	int rc;

	if (lr == NULL)
		return -1;
	if (stdin_name != NULL && strcmp(name, "<stdin>") == 0) {
		name = stdin_name;
		lr_set_name(lr, name);
	}
	lr_progress(lr);
	rc = read_profile(lr, name, w, ro);
	lr_close(lr);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct sw_opts o;
	struct reader_opts ro;
	struct sw *w;
	int ch, quiet = 0, status = 0;

	memset(&o, 0, sizeof(o));
	memset(&ro, 0, sizeof(ro));
	while ((ch = getopt_long(argc, argv, "chVlP:p:qs:T:t:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			o.collapse = ro.collapse = 1;
			break;
		case 'h':
			usage(stdout);
			finish_stdout();
			return 0;
		case 'V':
			version_exit();
		case 'l':
			o.list_threads = ro.list_threads = 1;
			break;
		case 'P':
			add(&o.process_pats, &o.nprocess_pats, optarg);
			break;
		case 'p':
			add(&o.pids, &o.npids, optarg);
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			ro.sample_type = optarg;
			break;
		case 'T':
			add(&o.tids, &o.ntids, optarg);
			break;
		case 't':
			add(&o.thread_pats, &o.nthread_pats, optarg);
			break;
		case OPT_ANNOTATE:
			ro.perf.annotate = 1;
			break;
		case OPT_EVENT:
			ro.perf.event = optarg;
			break;
		case OPT_FROM:
			o.has_from = 1;
			o.from = parse_ms(optarg, "--from");
			break;
		case OPT_OFF_CPU_MIN: {
			const char *bad;

			ro.perf.off_cpu_min_us = strtonum(optarg, 0,
			    1000000000, &bad);
			if (bad != NULL)
				errx(1, "--off-cpu-min %s: microseconds is %s",
				    optarg, bad);
			ro.perf.off_cpu_min_set = 1;
			break;
		}
		case OPT_PERF_MAP_DIR:
			ro.perf.perf_map_dir = optarg;
			break;
		case OPT_PERIOD:
			ro.perf.period_weight = 1;
			break;
		case OPT_TO:
			o.has_to = 1;
			o.to = parse_ms(optarg, "--to");
			break;
		case OPT_SOURCE:
			stdin_name = optarg;
			break;
		case OPT_TIDY:
			ro.perf.tidy = 1;
			break;
		case OPT_UNKNOWN_DSO:
			ro.perf.unknown_dso = 1;
			break;
		default:
			usage(stderr);
			return 1;
		}
	}
	argc -= optind;
	argv += optind;
	if (o.collapse && o.list_threads)
		errx(1, "-c and -l cannot be used together");
	if (o.has_from && o.has_to && o.from > o.to)
		errx(1, "--from %g is after --to %g", o.from, o.to);

	progress_enable(!quiet);
	big_stdout();
	w = sw_new(&o);
	ro.single_input = argc <= 1;
	/*
	 * When an input fails, the lines of the inputs before it are still
	 * written (they are whole), then the status says the stream is not.
	 */
	if (argc == 0 && flatten("-", w, &ro) == -1)
		status = 1;
	for (int i = 0; i < argc && status == 0; i++) {
		if (flatten(argv[i], w, &ro) == -1)
			status = 1;
		else
			sw_input_done(w);
	}
	if (status != 0)
		sw_fail(w);
	else
		sw_finish(w);
	sw_free(w);
	/* The options' lists (their strings are argv's). */
	free(o.thread_pats);
	free(o.process_pats);
	free(o.pids);
	free(o.tids);
	return status;
}
