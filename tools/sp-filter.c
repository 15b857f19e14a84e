/*
 * sp-filter: sample streams in, the same sample stream out, narrowed to some
 * threads and a time range and with its stacks transformed (merge, root-at,
 * drop, keep, collapse, hide, prune; stack_xform.h), the transforms applied
 * in the order of the command line.  Formats: sp(5).  The filter is
 * common/agg/stream_filter.c; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/stack_xform.h"
#include "agg/stream_filter.h"
#include "base/util.h"
#include "base/version.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp,
	    "usage: sp-filter [-ghV] [-P pattern] [-p pid] [-T tid] "
	    "[-t pattern] [--from ms]\n"
	    "                 [--to ms] [--merge frame] [--root-at frame] "
	    "[--drop frame]\n"
	    "                 [--keep frame] [--keep-any frames] "
	    "[--keep-prefix frames]\n"
	    "                 [--keep-leaf frame] [--collapse-recursion frame]\n"
	    "                 [--collapse-all-recursion] "
	    "[--collapse-indirect-recursion frame]\n"
	    "                 [--collapse-lib lib] [--hide pattern] "
	    "[--prune-from pattern]\n"
	    "                 [--skip-after frame] [file ...]\n");
	if (status == 0)
		finish_stdout();
	exit(status);
}

enum {
	OPT_FROM = 256, OPT_TO, OPT_MERGE, OPT_ROOT_AT, OPT_DROP, OPT_KEEP,
	OPT_KEEP_ANY, OPT_KEEP_PREFIX, OPT_KEEP_LEAF, OPT_COLLAPSE_REC,
	OPT_COLLAPSE_REC_ALL, OPT_COLLAPSE_INDIRECT, OPT_COLLAPSE_LIB,
	OPT_HIDE, OPT_PRUNE_FROM, OPT_SKIP_AFTER,
};

static const struct option longopts[] = {
	{ "collapse-all-recursion", no_argument, NULL, OPT_COLLAPSE_REC_ALL },
	{ "collapse-indirect-recursion", required_argument, NULL,
	    OPT_COLLAPSE_INDIRECT },
	{ "collapse-lib",	required_argument, NULL, OPT_COLLAPSE_LIB },
	{ "collapse-recursion",	required_argument, NULL, OPT_COLLAPSE_REC },
	{ "drop",		required_argument, NULL, OPT_DROP },
	{ "from",		required_argument, NULL, OPT_FROM },
	{ "glob",		no_argument,	   NULL, 'g' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ "hide",		required_argument, NULL, OPT_HIDE },
	{ "keep",		required_argument, NULL, OPT_KEEP },
	{ "keep-any",		required_argument, NULL, OPT_KEEP_ANY },
	{ "keep-leaf",		required_argument, NULL, OPT_KEEP_LEAF },
	{ "keep-prefix",	required_argument, NULL, OPT_KEEP_PREFIX },
	{ "merge",		required_argument, NULL, OPT_MERGE },
	{ "pid",		required_argument, NULL, 'p' },
	{ "process",		required_argument, NULL, 'P' },
	{ "prune-from",		required_argument, NULL, OPT_PRUNE_FROM },
	{ "root-at",		required_argument, NULL, OPT_ROOT_AT },
	{ "skip-after",		required_argument, NULL, OPT_SKIP_AFTER },
	{ "thread",		required_argument, NULL, 't' },
	{ "tid",		required_argument, NULL, 'T' },
	{ "to",			required_argument, NULL, OPT_TO },
	{ NULL,			0,		   NULL, 0 }
};

/* The transform of each option, by option value - OPT_MERGE. */
static const enum xf_kind opt_kind[] = {
	XF_MERGE, XF_ROOT_AT, XF_DROP, XF_KEEP, XF_KEEP_ANY, XF_KEEP_PREFIX,
	XF_KEEP_LEAF, XF_COLLAPSE_REC, XF_COLLAPSE_REC_ALL,
	XF_COLLAPSE_INDIRECT, XF_COLLAPSE_LIB, XF_HIDE, XF_PRUNE_FROM,
	XF_SKIP_AFTER,
};

/* The name of a long option, for messages. */
static const char *
opt_name(int val)
{
	for (size_t i = 0; longopts[i].name != NULL; i++)
		if (longopts[i].val == val)
			return longopts[i].name;
	return "?";
}

int
main(int argc, char *argv[])
{
	struct stream_filter f;
	/* The transforms are added after -g is known: it applies to all. */
	struct pending {
		int	 opt;
		char	*arg;
	} *pend = NULL;
	size_t npend = 0, pendcap = 0;
	int ch, status = 0;

	memset(&f, 0, sizeof(f));
	while ((ch = getopt_long(argc, argv, "ghVP:p:T:t:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'g':
			/* Patterns are known by their '*', '?', '[' now. */
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'P':
			sf_strlist_add(&f.processes, optarg);
			break;
		case 'p':
			sf_strlist_add(&f.pids, optarg);
			break;
		case 'T':
			sf_strlist_add(&f.tids, optarg);
			break;
		case 't':
			sf_strlist_add(&f.threads, optarg);
			break;
		case OPT_FROM:
			f.has_from = 1;
			f.from = sf_parse_ms(optarg, "--from");
			break;
		case OPT_TO:
			f.has_to = 1;
			f.to = sf_parse_ms(optarg, "--to");
			break;
		default:
			if (ch < OPT_MERGE || ch > OPT_SKIP_AFTER)
				usage(stderr, 1);
			xgrow(&pend, &pendcap, npend + 1, sizeof(*pend));
			pend[npend].opt = ch;
			pend[npend++].arg = optarg;
			break;
		}
	}
	argc -= optind;
	argv += optind;
	if (f.has_from && f.has_to && f.from > f.to)
		errx(1, "--from %g is after --to %g", f.from, f.to);

	f.xf = xf_new();
	for (size_t i = 0; i < npend; i++) {
		const char *why;

		if (xf_add(f.xf, opt_kind[pend[i].opt - OPT_MERGE],
		    pend[i].arg, &why) == -1)
			errx(1, "--%s %s: %s", opt_name(pend[i].opt),
			    pend[i].arg, why);
	}
	sf_run(&f, argv, argc);
	for (size_t i = 0; i < npend; i++)
		if (sf_unnamed(&f, i, opt_name(pend[i].opt)))
			status = 1;
	free(pend);
	sf_free(&f);
	return status;
}
