/*
 * sp-tree: sample streams (sp(5)) in, a call tree out: top-down (the
 * default), bottom-up (--inverted), the callers or the callees of one
 * frame, or both (a butterfly, like pprof -peek); for people, or with
 * --tsv for machines.  The trees and their printing are
 * common/view/tree.c; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "agg/shorten.h"
#include "base/version.h"
#include "view/tree.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-tree [-ahiLVW] [-d depth] [-m pct] [-r mode] "
	    "[-w cols] [--callees frame]\n"
	    "               [--callers frame] [--tsv] [file ...]\n");
	exit(status);
}
int
main(int argc, char *argv[])
{
	enum { OPT_CALLEES = 256, OPT_CALLERS, OPT_TSV };
	static const struct option longopts[] = {
		{ "ascii",	no_argument,		NULL,	'a' },
		{ "callees",	required_argument,	NULL,	OPT_CALLEES },
		{ "callers",	required_argument,	NULL,	OPT_CALLERS },
		{ "depth",	required_argument,	NULL,	'd' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "inverted",	no_argument,		NULL,	'i' },
		{ "min",	required_argument,	NULL,	'm' },
		{ "no-lib",	no_argument,		NULL,	'L' },
		{ "root",	required_argument,	NULL,	'r' },
		{ "tsv",	no_argument,		NULL,	OPT_TSV },
		{ "wide",	no_argument,		NULL,	'W' },
		{ "width",	required_argument,	NULL,	'w' },
		{ NULL,		0,			NULL,	0 }
	};
	struct tree_opts o = { 0 };
	const char *errstr;
	char *end;
	int ch;

	o.min_pct = 0.5;
	while ((ch = getopt_long(argc, argv, "ad:hViLm:r:Ww:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'a':
			o.ascii = 1;
			break;
		case OPT_CALLEES:
			o.callees = tree_focus_arg("--callees", optarg);
			break;
		case OPT_CALLERS:
			o.callers = tree_focus_arg("--callers", optarg);
			break;
		case 'd':
			o.depth = strtonum(optarg, 1, INT32_MAX, &errstr);
			if (errstr != NULL)
				errx(1, "--depth: %s is %s", optarg, errstr);
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'i':
			o.inverted = 1;
			break;
		case 'L':
			o.no_lib = 1;
			break;
		case 'm':
			o.min_pct = strtod(optarg, &end);
			if (end == optarg || *end != '\0' || !(o.min_pct >= 0) ||
			    o.min_pct > 100)
				errx(1, "--min: not a percentage from 0 to "
				    "100: %s", optarg);
			break;
		case 'r':
			if (tree_root_parse(optarg, &o.root) == -1)
				errx(1, "--root: unknown mode: %s (process, "
				    "thread, comm-pid or comm-tid)", optarg);
			break;
		case OPT_TSV:
			o.tsv = 1;
			break;
		case 'W':
			o.wide = 1;
			break;
		case 'w':
			o.cols = width_arg(optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (o.inverted && (o.callers != NULL || o.callees != NULL))
		errx(1, "--inverted and --callers or --callees do not go "
		    "together: the callers are the inverted view");
	return tree_view(&o, argv, argc);
}
