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

/*
 * The file's name: its first source's file name, and how many more
 * there are.  The caller frees it.
 */
static char *
product(const struct sampleset *s)
{
	struct buf b = { 0 };
	const char *name = s->nsrc > 0 ? s->src[0].name : "sp-speedscope";
	const char *slash = strrchr(name, '/');
	size_t more = 0;

	buf_adds(&b, slash != NULL && slash[1] != '\0' ? slash + 1 : name);
	for (size_t i = 1; i < s->nsrc; i++)
		if (strcmp(s->src[i].name, s->src[0].name) != 0)
			more++;
	if (more > 0)
		buf_printf(&b, " and %zu more", more);
	return b.s;
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
	FILE *fp;
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
	if (argc == 0)
		sset_read(s, "-");
	for (int i = 0; i < argc; i++)
		sset_read(s, argv[i]);

	if (outpath != NULL) {
		if ((fp = fopen(outpath, "w")) == NULL)
			err(1, "%s", outpath);
		w = jw_open(fp, outpath, outpath, 0);
	} else
		w = jw_open(stdout, "standard output", NULL, 0);
	name = product(s);
	speedscope_write(s, w, name);
	jw_close(w);
	free(name);
	return 0;
}
