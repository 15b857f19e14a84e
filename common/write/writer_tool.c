/*
 * writer_tool.c: the one main() of the writers' tools (writer_tool.h).
 * The whole input is read before anything is written, so a bad line
 * leaves the output empty (and -o FILE not created).
 *
 * May use base and write.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/version.h"
#include "write/json_write.h"
#include "write/sampleset.h"
#include "write/writer_tool.h"

static void __attribute__((noreturn))
usage(const struct writer *wr, FILE *fp, int status)
{
	fprintf(fp, "usage: %s [-hV] [-o file] [file ...]\n", wr->prog);
	exit(status);
}

int
writer_main(const struct writer *wr, int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "help",	no_argument,		NULL,	'h' },
		{ "version",	no_argument,		NULL,	'V' },
		{ "output",	required_argument,	NULL,	'o' },
		{ NULL,		0,			NULL,	0 }
	};
	const char *outpath = NULL;
	struct sampleset *s;
	struct buf what = { 0 };
	struct jw *w;
	char *name;
	int ch;

	while ((ch = getopt_long(argc, argv, "hVo:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(wr, stdout, 0);
		case 'V':
			version_exit();
		case 'o':
			outpath = optarg;
			break;
		default:
			usage(wr, stderr, 1);
		}
	}
	argc -= optind;
	argv += optind;
	if (wr->binary != NULL && outpath == NULL && isatty(STDOUT_FILENO))
		errx(1, "%s is binary: give -o file or redirect standard "
		    "output", wr->binary);

	if (wr->write != NULL) {
		wr->write(outpath, argv, argc);
		return 0;
	}
	buf_printf(&what, "%s reads sample streams", wr->prog);
	s = sset_new(what.s);
	sset_read_all(s, argc, argv);
	w = jw_create(outpath, wr->json_gz);
	name = sset_title(s, wr->prog);
	wr->write_json(s, w, name);
	jw_close(w);
	free(name);
	sset_free(s);
	buf_free(&what);
	return 0;
}
