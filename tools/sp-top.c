/*
 * sp-top: the hottest frames of an aggregate table (sp(5)), as an aligned
 * table for people, in the manner of pprof -top; with -l the rows of a
 * line-level table grouped by function; a diff table of sp-diff as the
 * changes that matter.  The view is common/view/top.c; this file holds
 * the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "agg/shorten.h"
#include "base/version.h"
#include "view/top.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-top [-hlLVW] [-f file] [-s key] [-w cols] [N]\n");
	exit(status);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "file",	required_argument,	NULL,	'f' },
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "lines",	no_argument,		NULL,	'l' },
		{ "no-lib",	no_argument,		NULL,	'L' },
		{ "sort",	required_argument,	NULL,	's' },
		{ "wide",	no_argument,		NULL,	'W' },
		{ "width",	required_argument,	NULL,	'w' },
		{ NULL,		0,			NULL,	0 }
	};
	struct top_opts o = { .path = "-", .limit = 25 };
	const char *errstr;
	int ch;

	while ((ch = getopt_long(argc, argv, "f:hVlLs:Ww:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'f':
			o.path = optarg;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'l':
			o.lines = 1;
			break;
		case 'L':
			o.no_lib = 1;
			break;
		case 's':
			o.sort_given = 1;
			if (strcmp(optarg, "self") == 0)
				o.sort = TOP_SORT_SELF;
			else if (strcmp(optarg, "total") == 0)
				o.sort = TOP_SORT_TOTAL;
			else if (strcmp(optarg, "cpu") == 0)
				o.sort = TOP_SORT_CPU;
			else if (strcmp(optarg, "z") == 0)
				o.sort = TOP_SORT_Z;
			else
				errx(1, "--sort: unknown key: %s (self, total "
				    "or cpu)", optarg);
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
	if (argc > 1)
		usage(stderr, 1);
	if (argc == 1) {
		o.limit = strtonum(argv[0], 0, INT32_MAX, &errstr);
		if (errstr != NULL)
			errx(1, "N: %s is %s", argv[0], errstr);
	}
	return top_view(&o);
}
