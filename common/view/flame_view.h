/*
 * flame_view.h: sp-flame's view: sample streams or folded stacks in, one
 * SVG flame graph out, drawn as the drawing options (flame/flame_opts.h)
 * say.
 *
 * May use base, stream, read and flame.
 */
#ifndef SP_VIEW_FLAME_VIEW_H
#define SP_VIEW_FLAME_VIEW_H

#include "flame/flame_opts.h"

/* -r: a root frame below each stack, of the process or the thread. */
enum flame_root { FLAME_ROOT_NONE, FLAME_ROOT_PROCESS, FLAME_ROOT_THREAD,
    FLAME_ROOT_COMM_PID, FLAME_ROOT_COMM_TID };

/* sp-flame's own options, beside the drawing ones. */
struct flame_view_opts {
	int	 strict;	/* a malformed folded line is an error */
	int	 cpu;		/* widths of CPU time, not weight */
	int	 diff;		/* two inputs, before and after */
	int	 significant;	/* --diff: colour only changes beyond z_min */
	double	 z_min;
	enum flame_root root;
};

/* The mode named s; an unknown one is one line on stderr and exit 1. */
enum flame_root flame_root_mode(const char *s);

/*
 * Read files[0..nfiles) (stdin when nfiles is 0; before and after under
 * diff) and write the graph to output (stdout when NULL).  argv[1..argc)
 * are the command line's options, named in the graph's description.
 * Returns the exit status: 0, 1 when the output could not be written, 2
 * when there was nothing to draw; bad input is one line on stderr and
 * exit 1.
 */
int	 flame_view(struct flame_draw *d, const struct flame_view_opts *o,
	    const char *output, char **files, int nfiles, char **argv,
	    int argc);

#endif
