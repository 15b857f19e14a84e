/*
 * sp-diff: what changed between two profiles, or two sets of runs, and is
 * it more than noise?  Its options, operands and main; the comparisons
 * are common/diff/'s: pair.c for one profile a side (the "#sp diff 1"
 * table), runs.c for sets of runs (the "#sp runs-diff 1" table).
 *
 * A side is a file, a directory whose every file is one run, or several
 * files: "sp-diff a1 a2 a3 vs b1 b2 b3".  One file a side is today's
 * comparison, byte for byte.
 */

#include <err.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/util.h"
#include "base/version.h"
#include "diff/diff.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-diff [-hnV] [--absolute] [--cpu] "
	    "[--fail-above pct] [--fail-frame frame]\n"
	    "               [--z threshold] a b\n"
	    "       sp-diff [--cpu] [--shares] [--level pct] [--min-share pct] "
	    "[--markdown]\n"
	    "               [--fail-above pct] [--fail-frame frame] "
	    "{dir | run ... vs} {dir | run ...}\n");
	exit(status);
}

static double
number_arg(const char *opt, const char *s)
{
	double d;

	if (parse_double(s, strlen(s), &d) == -1 || !isfinite(d) || d < 0)
		errx(1, "%s: not a non-negative number: %s", opt, s);
	return d;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "absolute",	no_argument,		NULL,	'A' },
		{ "cpu",	no_argument,		NULL,	'C' },
		{ "fail-above",	required_argument,	NULL,	'F' },
		{ "fail-frame",	required_argument,	NULL,	'P' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "level",	required_argument,	NULL,	'L' },
		{ "markdown",	no_argument,		NULL,	'M' },
		{ "min-share",	required_argument,	NULL,	'm' },
		{ "shares",	no_argument,		NULL,	'S' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "normalize",	no_argument,		NULL,	'n' },
		{ "z",		required_argument,	NULL,	'z' },
		{ NULL,		0,			NULL,	0 }
	};
	struct diff_opts o = { .zmin = 3, .level = 0.95, .min_share = 1 };
	struct runset ra = { 0 }, rb = { 0 };
	size_t patcap = 0;
	int ch, vs = -1, set_only = 0, pair_only = 0;

	while ((ch = getopt_long(argc, argv, "hVn", longopts, NULL)) != -1) {
		switch (ch) {
		case 'A':
			o.absolute = pair_only = 1;
			break;
		case 'L':
			o.level = number_arg("--level", optarg) / 100;
			if (!(o.level >= 0.5 && o.level < 1))
				errx(1, "--level: a confidence level in percent, "
				    "from 50 to below 100: %s", optarg);
			set_only = 1;
			break;
		case 'M':
			o.markdown = set_only = 1;
			break;
		case 'm':
			o.min_share = number_arg("--min-share", optarg);
			set_only = 1;
			break;
		case 'S':
			o.shares = set_only = 1;
			break;
		case 'C':
			o.cpu = 1;
			break;
		case 'F':
			o.gate = 1;
			o.fail_above = number_arg("--fail-above", optarg);
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'n':
			o.normalize = pair_only = 1;
			break;
		case 'P':
			o.gate = 1;
			if (*optarg == '\0' || !esc_valid(optarg,
			    strlen(optarg)))
				errx(1, "--fail-frame: not a frame as sp-aggregate "
				    "writes it (escape \\, tab, newline and ; "
				    "with a backslash): %s", optarg);
			xgrow(&o.pats, &patcap, o.npats + 1, sizeof(*o.pats));
			fm_init(&o.pats[o.npats++], optarg, strlen(optarg));
			break;
		case 'z':
			o.zmin = number_arg("--z", optarg);
			pair_only = 1;
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "vs") == 0) {
			if (vs != -1)
				errx(1, "vs: given twice; sp-diff compares two "
				    "sides: RUN... vs RUN...");
			vs = i;
		}
	if (vs == -1 && argc != 2)
		usage(stderr, 1);
	if (vs == 0 || vs == argc - 1)
		errx(1, "vs: a side is empty; write RUN... vs RUN...");
	if ((vs == -1 || (vs == 1 && argc == 3)) && !runset_is_dir(argv[0]) &&
	    !runset_is_dir(argv[argc - 1])) {
		const char *a = argv[0], *b = argv[argc - 1];

		if (set_only)
			errx(1, "--shares, --level, --min-share and --markdown "
			    "compare sets of runs; a and b are one run each");
		if (strcmp(a, "-") == 0 && strcmp(b, "-") == 0)
			errx(1, "only one of a and b can be standard input");
		if (o.absolute && o.normalize)
			errx(1, "--absolute and -n do not go together: -n "
			    "scales a to b's total, --absolute compares the "
			    "counts as they are");
		ch = diff_pair(a, b, &o);
		free(o.pats);
		return ch;
	}
	if (pair_only)
		errx(1, "-n, --absolute and --z compare one run a side; sets "
		    "of runs compare each run's time (or --shares)");
	for (int i = 0; i < argc; i++) {
		if (i == vs)
			continue;
		if (strcmp(argv[i], "-") == 0)
			errx(1, "-: standard input cannot be a run of a set");
		runset_add(vs == -1 ? (i == 0 ? &ra : &rb) :
		    (i < vs ? &ra : &rb), argv[i]);
	}
	ch = diff_runs(&ra, &rb, &o);
	runset_free(&ra);
	runset_free(&rb);
	free(o.pats);
	return ch;
}
