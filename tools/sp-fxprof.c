/*
 * sp-fxprof: sample streams in, one Firefox Profiler profile out (the
 * processed format, version 75), for profiler.firefox.com and samply load.
 * Formats: sp(5) in, ../shared/FORMAT.md out; fxprof_write.c says what
 * each part of the stream becomes.
 *
 * The whole input is read before anything is written, so a bad line leaves
 * the output empty (and -o FILE not created).  -o FILE ending in ".gz" is
 * written gzip-compressed, as samply writes profile.json.gz.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/fxprof_write.h"
#include "write/json_write.h"
#include "write/sampleset.h"
#include "base/util.h"
#include "base/version.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-fxprof [-hV] [-o file] [file ...]\n");
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
	struct sampleset *s;
	struct jw *w;
	char *name;
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

	s = sset_new("sp-fxprof reads sample streams");
	sset_read_all(s, argc, argv);
	w = jw_create(outpath, 1);
	name = sset_title(s, "sp-fxprof");
	fxprof_write(s, w, name);
	jw_close(w);
	free(name);
	return 0;
}
