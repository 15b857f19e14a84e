/*
 * sp-speedscope: sample streams in, one speedscope file out (a sampled
 * profile per thread), for speedscope and speedscope.app.  Formats: sp(5)
 * in, speedscope's file-format-schema.json out; speedscope_write.c says
 * what each part of the stream becomes.
 *
 * The whole input is read before anything is written, so a bad line leaves
 * the output empty (and -o FILE not created).
 */
#include "write/speedscope_write.h"
#include "write/writer_tool.h"

int
main(int argc, char *argv[])
{
	static const struct writer w = {
		.prog = "sp-speedscope",
		.write_json = speedscope_write,
	};

	return writer_main(&w, argc, argv);
}
