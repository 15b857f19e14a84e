/*
 * sp-flame: sample streams or folded stacks in, one interactive SVG flame
 * graph out; a drop-in for flamegraph.pl (its options, its geometry, its
 * SVG structure), see sp-flame(1).  The drawing options are
 * common/flame/flame_opts.c's, the input and the drawing
 * common/view/flame_view.c's; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "base/version.h"
#include "flame/flame_opts.h"
#include "view/flame_view.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: sp-flame [-hiV] [-o file] [-r mode] [--cpu] [--diff] "
	    "[--significant]\n"
	    "                [--strict] [--z threshold] [--title text] "
	    "[--subtitle text]\n"
	    "                [--width px] [--height px] [--minwidth px|pct%%] "
	    "[--fonttype font]\n"
	    "                [--fontsize size] [--fontwidth ratio] "
	    "[--countname text]\n"
	    "                [--nametype text] [--colors palette] "
	    "[--bgcolors color] [--hash]\n"
	    "                [--random] [--cp] [--reverse] [--inverted] "
	    "[--flamechart]\n"
	    "                [--negate] [--notes text] [--encoding name] "
	    "[--nameattr file]\n"
	    "                [--total count] [--factor factor] "
	    "[--min-width px|pct%%]\n"
	    "                [--image-width px] [--palette palette] "
	    "[--deterministic]\n"
	    "                [file ...]\n");
}

/* sp-flame's own long options; the drawing options are flame_opts.h's. */
enum { OPT_CPU = 256, OPT_DIFF, OPT_SIGNIFICANT, OPT_STRICT, OPT_Z };

static const struct option longopts[] = {
	FLAME_DRAW_LONGOPTS,
	FLAME_PL_LONGOPTS,
	{ "cpu",	no_argument,		NULL, OPT_CPU },
	{ "diff",	no_argument,		NULL, OPT_DIFF },
	{ "help",	no_argument,		NULL, 'h' },
	{ "output",	required_argument,	NULL, 'o' },
	{ "root",	required_argument,	NULL, 'r' },
	{ "significant", no_argument,		NULL, OPT_SIGNIFICANT },
	{ "strict",	no_argument,		NULL, OPT_STRICT },
	{ "version",	no_argument,		NULL, 'V' },
	{ "z",		required_argument,	NULL, OPT_Z },
	{ NULL, 0, NULL, 0 }
};

/*
 * The options: the drawing ones into d, the rest into o and *output.
 * Returns the operands and their number in *n; usage errors exit.
 */
static char **
parse_options(int argc, char *argv[], struct flame_draw *d,
    struct flame_view_opts *o, const char **output, int *n)
{
	int ch, li;

	flame_draw_init(d);
	o->z_min = 3;
	while (li = -1, (ch = getopt_long(argc, argv, "hVio:r:", longopts,
	    &li)) != -1) {
		if (flame_draw_opt(d, ch == 'i' ? FLAME_O_INVERTED : ch, optarg,
		    li >= 0 ? longopts[li].name : NULL))
			continue;
		switch (ch) {
		case 'h':
			usage(stdout);
			finish_stdout();
			exit(0);
		case 'V':
			version_exit();
		case 'o':
			*output = optarg;
			break;
		case 'r':
			o->root = flame_root_mode(optarg);
			break;
		case OPT_CPU:
			o->cpu = 1;
			break;
		case OPT_DIFF:
			o->diff = 1;
			break;
		case OPT_SIGNIFICANT:
			o->significant = 1;
			break;
		case OPT_STRICT:
			o->strict = 1;
			break;
		case OPT_Z:
			if (parse_double(optarg, strlen(optarg), &o->z_min) ==
			    -1 || !isfinite(o->z_min) || o->z_min <= 0)
				errx(1, "--z: not a positive number: %s",
				    optarg);
			break;
		default:
			usage(stderr);
			exit(1);
		}
	}
	*n = argc - optind;
	return argv + optind;
}

int
main(int argc, char *argv[])
{
	struct flame_draw d;
	struct flame_view_opts o = { 0 };
	const char *output = NULL;
	char **args;
	int nargs;

	args = parse_options(argc, argv, &d, &o, &output, &nargs);
	return flame_view(&d, &o, output, args, nargs, argv, argc);
}
