/*
 * sp-annotate: the source lines and the instructions of a function, with
 * the samples of a sample stream beside them (perf annotate, pprof list).
 *
 *	sp-annotate 'app!parse' app.sp	(app.sp: frames LIB!0xADDR, as
 *					 sp-flatten writes them)
 *
 * The work is done by common/annotate/annotate.h: this file holds the
 * options.
 */
#include <err.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate/annotate.h"
#include "base/util.h"
#include "base/version.h"

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: sp-annotate [-CdhV] [-n lines] [--both] "
	    "[--format text|html]\n"
	    "                   [--percent function|profile] [--search dir] "
	    "[--source-root dir]\n"
	    "                   -e frame [-e frame ...] | frame [file ...]\n"
	    "       sp-annotate --diff [-CdhV] [--search dir] "
	    "[--source-root dir]\n"
	    "                   -e frame [-e frame ...] | frame a b\n");
}

int
main(int argc, char *argv[])
{
	enum { O_BOTH = 256, O_DIFF, O_FORMAT, O_PERCENT, O_SEARCH, O_SOURCE_ROOT };
	static const struct option longopts[] = {
		{ "both", no_argument, NULL, O_BOTH },
		{ "diff", no_argument, NULL, O_DIFF },
		{ "disasm", no_argument, NULL, 'd' },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "help", no_argument, NULL, 'h' },
		{ "no-color", no_argument, NULL, 'C' },
		{ "percent", required_argument, NULL, O_PERCENT },
		{ "search", required_argument, NULL, O_SEARCH },
		{ "source-root", required_argument, NULL, O_SOURCE_ROOT },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct ann_opts o = { 0 };
	char *nofiles[] = { "-", NULL };
	const char *e;
	int ch, nocolor = 0, diff = 0, status;

	o.context = -1;
	while ((ch = getopt_long(argc, argv, "Cde:hn:V", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'C':
			nocolor = 1;
			break;
		case 'd':
			o.view = ANN_DISASM;
			break;
		case 'e':
			o.frames = xreallocarray(o.frames, o.nframes + 1,
			    sizeof(*o.frames));
			o.frames[o.nframes++] = optarg;
			break;
		case 'h':
			usage(stdout);
			finish_stdout();
			return 0;
		case 'n':
			o.context = strtonum(optarg, 0, 1000000, &e);
			if (e != NULL)
				errx(1, "-n %s: %s", optarg, e);
			break;
		case 'V':
			version_exit();
		case O_BOTH:
			o.view = ANN_BOTH;
			break;
		case O_DIFF:
			diff = 1;
			break;
		case O_FORMAT:
			if (strcmp(optarg, "text") == 0)
				o.format = ANN_TEXT;
			else if (strcmp(optarg, "html") == 0)
				o.format = ANN_HTML;
			else
				errx(1, "--format %s: text or html", optarg);
			break;
		case O_PERCENT:
			if (strcmp(optarg, "function") == 0)
				o.pct_profile = 0;
			else if (strcmp(optarg, "profile") == 0)
				o.pct_profile = 1;
			else
				errx(1, "--percent %s: function or profile",
				    optarg);
			break;
		case O_SEARCH:
			o.search = xreallocarray(o.search, o.nsearch + 1,
			    sizeof(*o.search));
			o.search[o.nsearch++] = optarg;
			break;
		case O_SOURCE_ROOT:
			o.source_root = optarg;
			break;
		default:
			usage(stderr);
			return 1;
		}
	}
	argc -= optind;
	argv += optind;
	if (o.nframes == 0) {
		if (argc == 0) {
			usage(stderr);
			return 1;
		}
		o.frames = xreallocarray(NULL, 1, sizeof(*o.frames));
		o.frames[o.nframes++] = argv[0];
		argc--;
		argv++;
	}
	if (diff && (argc != 2 || o.format != ANN_TEXT)) {
		warnx(argc != 2 ? "--diff takes two inputs, before and after" :
		    "--diff writes text only");
		usage(stderr);
		return 1;
	}
	if (argc == 0) {
		argv = nofiles;
		argc = 1;
	}
	/* Colour for a terminal, unless NO_COLOR (no-color.org) or -C. */
	o.color = !nocolor && o.format == ANN_TEXT && isatty(STDOUT_FILENO) &&
	    (getenv("NO_COLOR") == NULL || getenv("NO_COLOR")[0] == '\0') &&
	    (getenv("TERM") == NULL || strcmp(getenv("TERM"), "dumb") != 0);
	/* Our children's pipes must not kill us; stdout's EPIPE is checked. */
	signal(SIGPIPE, SIG_IGN);
	status = diff ? ann_diff(&o, argv[0], argv[1]) :
	    ann_run(&o, argv, (size_t)argc);
	free(o.frames);
	free(o.search);
	finish_stdout();
	return status;
}
