/*
 * writer_tool.h: the one main() of the writers' tools (sp-fxprof,
 * sp-speedscope, sp-pprof and any later one): options -h, -V, -o file,
 * sample streams as operands (standard input when none), one profile out.
 * A tool is a struct writer and a call of writer_main.
 *
 * May use base and write.
 */
#ifndef SP_WRITER_TOOL_H
#define SP_WRITER_TOOL_H

#include "write/json_write.h"
#include "write/sampleset.h"

struct writer {
	const char *prog;	/* "sp-fxprof": usage and the title */
	/*
	 * A JSON writer: the streams read whole into a sample set, then
	 * written through a JSON writer; json_gz: -o FILE.gz is written
	 * gzip-compressed.
	 */
	void	(*write_json)(struct sampleset *, struct jw *,
		    const char *name);
	int	 json_gz;
	/* Any other: reads files[0..nfiles) itself, writes outpath. */
	void	(*write)(const char *outpath, char **files, int nfiles);
	/* Not NULL: what the output is, refused on a terminal. */
	const char *binary;
};

/* The tool's main: returns its exit status, or exits. */
int	 writer_main(const struct writer *, int argc, char *argv[]);

#endif
