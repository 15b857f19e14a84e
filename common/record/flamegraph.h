/*
 * flamegraph.h: sp-flamegraph's route, flamegraph-rs's one command:
 * record a command with sp-record (or take a perf.data, or any profile
 * sp-flatten reads), turn it into a stream (record.h's one route), and
 * draw it with sp-flame into a file renamed into place when every step
 * succeeded.
 *
 * May use base, flame and record.h.
 */
#ifndef SP_RECORD_FLAMEGRAPH_H
#define SP_RECORD_FLAMEGRAPH_H

#include <stddef.h>

#include "flame/flame_opts.h"
#include "record/record.h"

struct fg_opts {
	const char *output;
	const char *freq, *pids, *duration, *cmd;
	const char *perfdata, *input, *binary;
	const char *post;
	int	 mixed, open, root, ignore_status, no_inline, verbose;
	struct flame_draw d;	/* the drawing options, read */
	struct rec_cargo cargo;	/* --cargo and its target, for sp-record */
	int	 cargo_only;	/* an option that goes with --cargo */
	struct args skip;
	struct args record_args;	/* its strings malloc'ed, as cargo.args' */
	struct args draw;	/* the drawing options, for sp-flame */
	int	 off_cpu;	/* --off-cpu: sp-record's */
};

/*
 * --internal-skip-after F...: a stage of the drawing pipeline, stdin to
 * stdout, each folded stack cut after the first of fns it holds.
 */
void	 fg_skip_after_main(char **fns, size_t nfns)
	    __attribute__((noreturn));

/*
 * -c 'record ...': flamegraph-rs's custom perf command line, its words
 * turned into sp-record's arguments added to ra; *have_freq set when it
 * gives a frequency.  A word sp-flamegraph owns is an error (exit 1).
 */
void	 fg_custom_cmd(const char *cmd, struct args *ra, int *have_freq);

/*
 * Record the command cmd (NULL-terminated; unused with -p, --perfdata or
 * --input) and draw it as o says.  Returns the exit status: 0, or 2 when
 * there was nothing to draw; a failure says why and exits 1 (3 when perf
 * cannot record here).
 */
int	 fg_run(struct fg_opts *o, char **cmd);
/* Free the argument lists of o (and the strings record_args and cargo.args own). */
void	 fg_opts_free(struct fg_opts *o);

#endif
