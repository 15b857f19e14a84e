/*
 * sp-pprof: sample streams in, one pprof profile (profile.proto, gzip) out,
 * for go tool pprof, Pyroscope, Grafana and the other viewers that read it.
 * The writer is common/write/pprof_write.c, the options and main
 * common/write/writer_tool.c's.
 */
#include "write/pprof_write.h"
#include "write/writer_tool.h"

int
main(int argc, char *argv[])
{
	static const struct writer w = {
		.prog = "sp-pprof",
		.write = pprof_write,
		.binary = "a pprof profile",
	};

	return writer_main(&w, argc, argv);
}
