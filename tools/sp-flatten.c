/*
 * sp-flatten: a profile in, the sample stream of sp(5) out.
 *
 * Input: samply / Firefox Profiler processed JSON (versions 0-75), Gecko
 * JSON, `perf script` text, or folded stacks (one line a distinct stack,
 * see folded.h); plain or gzip (by content), from files or
 * standard input.  Output: "#sp samples 1" headers, then one line a sample:
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

#include "bigmem.h"
#include "folded.h"
#include "input.h"
#include "json.h"
#include "perf_script.h"
#include "profile.h"
#include "progress.h"
#include "stream.h"
#include "util.h"

enum {
	OPT_FROM = 256, OPT_TO, OPT_PERIOD, OPT_ANNOTATE, OPT_UNKNOWN_DSO,
	OPT_EVENT, OPT_TIDY, OPT_SOURCE,
};

static const struct option longopts[] = {
	{ "annotate",	no_argument,		NULL, OPT_ANNOTATE },
	{ "collapse",	no_argument,		NULL, 'c' },
	{ "event",	required_argument,	NULL, OPT_EVENT },
	{ "from",	required_argument,	NULL, OPT_FROM },
	{ "help",	no_argument,		NULL, 'h' },
	{ "period",	no_argument,		NULL, OPT_PERIOD },
	{ "pid",	required_argument,	NULL, 'p' },
	{ "process",	required_argument,	NULL, 'P' },
	{ "quiet",	no_argument,		NULL, 'q' },
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
	    "usage: sp-flatten [-chlq] [-P pattern] [-p pid] [-T tid] "
	    "[-t pattern]\n"
	    "                  [--from ms] [--to ms] [--annotate] "
	    "[--event name] [--period]\n"
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

/* Is the first non-blank byte of p[0..n) the start of a JSON document? */
static int
looks_json(const char *p, size_t n)
{
	size_t i = 0;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;		/* a UTF-8 byte order mark */
	for (; i < n; i++) {
		if (strchr(" \t\r\n", p[i]) != NULL)
			continue;
		return p[i] == '{' || p[i] == '[';
	}
	return 0;
}

/* --source: the name standard input goes by in headers and messages. */
static const char *stdin_name;

static int
flatten(const char *path, struct sw *w, const struct profile_opts *po,
    const struct perf_opts *pe)
{
	struct lreader *lr = lr_open(path);
	const char *name = input_name(path), *p;
	size_t n;
	int rc;

	if (lr == NULL)
		return -1;
	if (stdin_name != NULL && strcmp(name, "<stdin>") == 0) {
		name = stdin_name;
		lr_set_name(lr, name);
	}
	lr_progress(lr);
	n = lr_peek(lr, &p);
	if (n == 0) {
		/* lr_peek stops on read errors; lr_next reports them. */
		char *line;

		if (lr_next(lr, &line) == -2) {
			lr_close(lr);
			return -1;
		}
		warnx("%s: empty input", name);
		lr_close(lr);
		return -1;
	}
	if (looks_json(p, n)) {
		char *data;
		size_t len, cap;

		if (lr_slurp(lr, JSON_MAX_BYTES, &data, &len, &cap) == -1) {
			lr_close(lr);
			return -1;
		}
		lr_close(lr);
		/* A UTF-8 byte order mark is no part of the JSON. */
		if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
			rc = profile_flatten(data + 3, len - 3, name, w, po);
		else
			rc = profile_flatten(data, len, name, w, po);
		big_free(data, cap);
		return rc;
	}
	if (n >= 4 && memcmp(p, "JSLB", 4) == 0) {
		warnx("%s: JSON Slabs (.jslb) profiles are not supported; "
		    "save the profile as JSON", name);
		lr_close(lr);
		return -1;
	}
	if (perf_script_sniff(p, n))
		rc = perf_script_flatten(lr, w, pe);
	else if (folded_sniff(p, n))
		rc = folded_flatten(lr, w);
	else {
		warnx("%s: not a profile: neither JSON, perf script text nor "
		    "folded stacks", name);
		rc = -1;
	}
	lr_close(lr);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct sw_opts o;
	struct profile_opts po;
	struct perf_opts pe;
	struct sw *w;
	int ch, quiet = 0;

	memset(&o, 0, sizeof(o));
	memset(&po, 0, sizeof(po));
	memset(&pe, 0, sizeof(pe));
	while ((ch = getopt_long(argc, argv, "chlP:p:qT:t:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'c':
			o.collapse = po.collapse = 1;
			break;
		case 'h':
			usage(stdout);
			finish_stdout();
			return 0;
		case 'l':
			o.list_threads = po.list_threads = 1;
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
		case 'T':
			add(&o.tids, &o.ntids, optarg);
			break;
		case 't':
			add(&o.thread_pats, &o.nthread_pats, optarg);
			break;
		case OPT_ANNOTATE:
			pe.annotate = 1;
			break;
		case OPT_EVENT:
			pe.event = optarg;
			break;
		case OPT_FROM:
			o.has_from = 1;
			o.from = parse_ms(optarg, "--from");
			break;
		case OPT_PERIOD:
			pe.period_weight = 1;
			break;
		case OPT_TO:
			o.has_to = 1;
			o.to = parse_ms(optarg, "--to");
			break;
		case OPT_SOURCE:
			stdin_name = optarg;
			break;
		case OPT_TIDY:
			pe.tidy = 1;
			break;
		case OPT_UNKNOWN_DSO:
			pe.unknown_dso = 1;
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
	po.single_input = argc <= 1;
	if (argc == 0) {
		if (flatten("-", w, &po, &pe) == -1)
			return 1;
	}
	for (int i = 0; i < argc; i++)
		if (flatten(argv[i], w, &po, &pe) == -1)
			return 1;
	sw_finish(w);
	return 0;
}
