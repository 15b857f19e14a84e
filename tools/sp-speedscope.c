/*
 * sp-speedscope: sample streams in, one speedscope file out (a sampled
 * profile per thread), for speedscope and speedscope.app.  Formats: sp(5)
 * in, speedscope's file-format-schema.json out; speedscope_write.c says
 * what each part of the stream becomes.
 *
 * The whole input is read before anything is written, so a bad line leaves
 * the output empty (and -o FILE not created).
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/json_write.h"
#include "write/sampleset.h"
#include "write/speedscope_write.h"
#include "base/util.h"
#include "base/version.h"

static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: sp-speedscope [-hV] [-o file] [file ...]\n");
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

	s = sset_new("sp-speedscope reads sample streams");
	sset_read_all(s, argc, argv);
	w = jw_create(outpath, 0);
	name = sset_title(s, "sp-speedscope");
	speedscope_write(s, w, name);
	jw_close(w);
	free(name);
	return 0;
}
