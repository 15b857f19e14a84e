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
#include "write/fxprof_write.h"
#include "write/writer_tool.h"

int
main(int argc, char *argv[])
{
	static const struct writer w = {
		.prog = "sp-fxprof",
		.write_json = fxprof_write,
		.json_gz = 1,
	};

	return writer_main(&w, argc, argv);
}
