/*
 * common/annotate/: sp-annotate(1), the source and the instructions of
 * a hot function with the samples beside them.  It reads sample streams
 * whose frames still have addresses (LIB!0xADDR), finds each library's
 * binary as sp-symbolize does (common/sym: candidates, build-id check,
 * separate debug files, the address translation of sp(5)), tells which
 * function of the binary's symbol table every address is in, asks
 * llvm-symbolizer (or addr2line) for the lines and inline chains of the
 * wanted functions' instructions, disassembles them with llvm-objdump or
 * objdump and prints them with their samples, as text or HTML.  It uses
 * base/, stream/, sym/ and agg/framematch.
 */
/*
 * annotate.h: the face of common/annotate/.
 */
#ifndef SP_ANNOTATE_H
#define SP_ANNOTATE_H

#include <stddef.h>

enum ann_view { ANN_SOURCE, ANN_DISASM, ANN_BOTH };
enum ann_format { ANN_TEXT, ANN_HTML };

struct ann_opts {
	const char **frames;	/* the FRAME arguments, escaped (sp(5)) */
	size_t	 nframes;
	enum ann_view view;
	enum ann_format format;
	int	 color;		/* colour the hot lines (a terminal) */
	long	 context;	/* -n: lines around sampled ones; -1: all */
	int	 pct_profile;	/* percentages of the profile, not the function */
	const char *source_root;	/* --source-root, or NULL */
	char	**search;	/* --search directories for binaries */
	size_t	 nsearch;
};

/*
 * Annotate the functions that opts names in the streams files[0..n)
 * ("-": standard input) on standard output.  Returns the exit status:
 * 0, or 1 after a message on standard error (bad input, no such function).
 */
int	 ann_run(const struct ann_opts *, char **files, size_t n);

/*
 * --diff: the functions opts names in stream a (before) and stream b
 * (after), side by side per line (or instruction, -d, when both sides
 * ran the same binary), with the change of each row's share of its
 * profile and whether it exceeds sampling noise.  Returns the exit status.
 */
int	 ann_diff(const struct ann_opts *, char *a, char *b);

#endif
