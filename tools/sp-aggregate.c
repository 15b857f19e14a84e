/*
 * sp-aggregate: sample streams and aggregate tables in, one aggregate table
 * (or folded stacks for flamegraph.pl) out.  Formats: sp(5).  The engine
 * is common/agg/aggregate.c, the modes (-c, -i, -l, -L, --no-lines)
 * common/agg/agg_modes.c; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/agg_modes.h"
#include "agg/aggregate.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/util.h"
#include "diff/diff.h"
#include "base/version.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-aggregate [-chLV] [--cpu] [--no-lines] "
	    "[-i image] [-l pattern] [-r mode] [file ...]\n"
	    "       sp-aggregate --spread [--cpu] {dir | run ...}\n");
	exit(status);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "collapsed",	no_argument,		NULL,	'c' },
		{ "cpu",	no_argument,		NULL,	'C' },
		{ "spread",	no_argument,		NULL,	'S' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "image",	required_argument,	NULL,	'i' },
		{ "lines",	required_argument,	NULL,	'l' },
		{ "no-lib",	no_argument,		NULL,	'L' },
		{ "no-lines",	no_argument,		NULL,	'N' },
		{ "root",	required_argument,	NULL,	'r' },
		{ NULL,		0,			NULL,	0 }
	};
	struct agg_modes o = { 0 };
	struct agg *a = agg_new();
	size_t patcap = 0;
	int ch, spread = 0;

	while ((ch = getopt_long(argc, argv, "chVi:l:Lr:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'S':
			spread = 1;
			break;
		case 'C':
			o.cpu_count = 1;
			break;
		case 'c':
			o.collapsed = 1;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'i':
			a->image = optarg;
			a->image_len = strlen(optarg);
			if (a->image_len == 0)
				errx(1, "--image: empty library name");
			if (strchr(optarg, '!') != NULL)
				errx(1, "--image: not a library name: %s",
				    optarg);
			break;
		case 'l':
			xgrow(&o.pats, &patcap, o.npats + 1, sizeof(*o.pats));
			memset(&o.pats[o.npats], 0, sizeof(o.pats[o.npats]));
			esc_append(&o.pats[o.npats], optarg, strlen(optarg));
			o.npats++;
			break;
		case 'L':
			o.no_lib = 1;
			break;
		case 'N':
			o.no_lines = 1;
			break;
		case 'r':
			if (agg_root_parse(optarg, &a->root) == -1)
				errx(1, "--root: unknown mode: %s (process, "
				    "thread, comm-pid or comm-tid)", optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (spread) {
		/* Each operand a run, or a directory of runs (diff/spread.c). */
		struct runset rs = { 0 };

		if (argc == 0 || o.collapsed || a->root != AGG_ROOT_NONE ||
		    a->image != NULL || o.npats > 0 || o.no_lines || o.no_lib)
			errx(1, "--spread: the runs to compare, as files or a "
			    "directory (with --cpu only)");
		for (int i = 0; i < argc; i++)
			runset_add(&rs, argv[i]);
		spread_write(&rs, o.cpu_count);
		runset_free(&rs);
		agg_free(a);
		finish_stdout();
		return 0;
	}
	if (!o.collapsed && a->root != AGG_ROOT_NONE)
		errx(1, "--root applies to --collapsed output only");
	if (o.collapsed && a->image != NULL)
		errx(1, "--image applies to the table only, not to "
		    "--collapsed output");
	if (o.collapsed && o.npats > 0)
		errx(1, "--lines applies to the table only, not to "
		    "--collapsed output");
	if (o.no_lines && o.npats > 0)
		errx(1, "--lines and --no-lines do not go together");

	o.a = a;
	agg_modes_run(&o, argv, argc);
	agg_modes_free(&o);
	return 0;
}
