/*
 * sp-symbolize: replace the address frames of a sample stream, an aggregate
 * table or folded stacks with function names.
 *
 *	in:	... LIB!0x3ec3;LIB!0x41a0 ...	(frames of library LIB at
 *						 library-relative addresses)
 *	out:	... LIB!main;LIB!work;LIB!helper (inlined) ...
 *
 * Everything else passes through unchanged; frames that cannot be resolved
 * stay as they were.  The work is done by common/sym/symbolize.h: this file
 * holds the options.
 */
#include <err.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/progress.h"
#include "base/util.h"
#include "base/version.h"
#include "sym/sym_cache.h"
#include "sym/symbolize.h"

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: sp-symbolize [-hlmqV] [-b binary] [--backend name] "
	    "[--base addr]\n"
	    "                    [--cache-dir dir] [--cache-size size] "
	    "[--force]\n"
	    "                    [--image name] [--keep-hash] "
	    "[--map name=path]\n"
	    "                    [--no-cache] [--no-inline] [--search dir]\n"
	    "                    [--symbolizer program] [--syms file] "
	    "[file ...]\n");
}

static void
add_opt(char ***v, size_t *n, const char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = (char *)s;
}

int
main(int argc, char *argv[])
{
	enum { O_BACKEND = 256, O_BASE, O_CACHE_DIR, O_CACHE_SIZE, O_FORCE,
	    O_IMAGE, O_KEEP_HASH, O_MAP, O_NO_CACHE, O_NO_INLINE, O_SEARCH,
	    O_SYMBOLIZER, O_SYMS };
	static const struct option longopts[] = {
		{ "backend", required_argument, NULL, O_BACKEND },
		{ "base", required_argument, NULL, O_BASE },
		{ "binary", required_argument, NULL, 'b' },
		{ "cache-dir", required_argument, NULL, O_CACHE_DIR },
		{ "cache-size", required_argument, NULL, O_CACHE_SIZE },
		{ "force", no_argument, NULL, O_FORCE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "image", required_argument, NULL, O_IMAGE },
		{ "keep-hash", no_argument, NULL, O_KEEP_HASH },
		{ "lines", no_argument, NULL, 'l' },
		{ "map", required_argument, NULL, O_MAP },
		{ "mixed", no_argument, NULL, 'm' },
		{ "no-cache", no_argument, NULL, O_NO_CACHE },
		{ "no-inline", no_argument, NULL, O_NO_INLINE },
		{ "quiet", no_argument, NULL, 'q' },
		{ "search", required_argument, NULL, O_SEARCH },
		{ "symbolizer", required_argument, NULL, O_SYMBOLIZER },
		{ "syms", required_argument, NULL, O_SYMS },
		{ NULL, 0, NULL, 0 }
	};
	struct sym_opts o = { 0 };
	struct sym_ctx *sc;
	char *nofiles[] = { "-", NULL };
	int ch, status;

	while ((ch = getopt_long(argc, argv, "b:hVlmq", longopts, NULL)) != -1) {
		switch (ch) {
		case 'b':
			o.binary = optarg;
			break;
		case 'h':
			usage(stdout);
			finish_stdout();
			return 0;
		case 'V':
			version_exit();
		case 'l':
			o.lines = 1;
			break;
		case 'm':
			o.mixed = 1;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case O_BACKEND:
			if ((o.backend = sym_backend_parse(optarg)) ==
			    SYMB_NONE)
				errx(1, "%s: unknown backend (llvm-symbolizer, "
				    "addr2line, atos or dwarf)", optarg);
			break;
		case O_BASE:
			if (parse_u64(optarg, strlen(optarg), &o.base) == -1)
				errx(1, "%s: invalid base address", optarg);
			o.has_base = 1;
			break;
		case O_CACHE_DIR:
			o.cache_dir = optarg;
			break;
		case O_CACHE_SIZE:
			if (sym_cache_parse_size(optarg, &o.cache_size) == -1 ||
			    o.cache_size == 0)
				errx(1, "%s: invalid cache size (a number of "
				    "bytes, K, M or G)", optarg);
			break;
		case O_NO_CACHE:
			o.no_cache = 1;
			break;
		case O_FORCE:
			o.force = 1;
			break;
		case O_IMAGE:
			o.image = optarg;
			break;
		case O_KEEP_HASH:
			o.keep_hash = 1;
			break;
		case O_MAP:
			if (strchr(optarg, '=') == NULL || optarg[0] == '=')
				errx(1, "%s: --map wants NAME=PATH", optarg);
			add_opt(&o.map, &o.nmap, optarg);
			break;
		case O_NO_INLINE:
			o.noinline = 1;
			break;
		case O_SEARCH:
			add_opt(&o.search, &o.nsearch, optarg);
			break;
		case O_SYMBOLIZER:
			o.symbolizer = optarg;
			break;
		case O_SYMS:
			o.syms = optarg;
			break;
		default:
			usage(stderr);
			return 1;
		}
	}
	argc -= optind;
	argv += optind;
	progress_enable(!o.quiet);
	if (o.image != NULL && o.binary == NULL && o.syms == NULL) {
		warnx("--image needs --binary or --syms");
		usage(stderr);
		return 1;
	}
	if (argc == 0) {
		argv = nofiles;
		argc = 1;
	}

	/* Our children's pipes must not kill us; stdout's EPIPE is checked. */
	signal(SIGPIPE, SIG_IGN);
	if ((sc = sym_ctx_new(&o)) == NULL)
		return 1;
	for (int k = 0; k < argc; k++)
		if (sym_ctx_add_file(sc, argv[k]) == -1) {
			sym_ctx_free(sc);
			return 1;
		}
	sym_ctx_resolve(sc);
	sym_ctx_write(sc, stdout);
	status = sym_ctx_status(sc);
	sym_ctx_free(sc);
	free(o.search);
	free(o.map);
	finish_stdout();
	return status;
}
