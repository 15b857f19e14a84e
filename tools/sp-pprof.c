/*
 * sp-pprof: sample streams in, one pprof profile (profile.proto, gzip) out,
 * for go tool pprof, Pyroscope, Grafana and the other viewers that read it.
 * The writer is common/write/pprof_write.c; this file holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/version.h"
#include "write/pprof_write.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-pprof [-hV] [-o file] [file ...]\n");
	exit(status);
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "output",	required_argument,	NULL,	'o' },
		{ NULL,		0,			NULL,	0 }
	};
	const char *outpath = NULL;
	int ch;

	while ((ch = getopt_long(argc, argv, "hVo:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'o':
			outpath = optarg;
			break;
		default:
			usage(stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (outpath == NULL && isatty(STDOUT_FILENO))
		errx(1, "a pprof profile is binary: give -o file or redirect "
		    "standard output");

	pprof_write(outpath, argv, argc);
	return 0;
}
