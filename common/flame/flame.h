/*
 * common/flame/: flame graphs: layout, palette and SVG (with the
 * JavaScript and CSS of assets/, compiled in), the drawing options that
 * sp-flame and sp-flamegraph share (flame_opts.h), --nameattr's file
 * (flame_nameattr.h), and sp-flamegraph's line filters
 * (flamegraph_filter.h).  It uses base/ and sym/ (the filters look
 * at binaries).
 */
/*
 * flame.h: flame graphs as flamegraph.pl draws them.
 *
 * The input is a list of stacks, each a string of frames separated by ';'
 * (the folded form: no escapes), with a count and, for a differential
 * graph, a delta (after - before).  flame_layout merges them into frames
 * with flamegraph.pl's geometry; flame_svg writes the SVG; flame_palette
 * chooses the colours.
 */
#ifndef SP_FLAME_H
#define SP_FLAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/strtab.h"

/* One input stack.  s and tail stay valid while the layout runs. */
struct flame_stack {
	const char *s;		/* frames, root first, ';'-separated */
	size_t	 len;
	const char *tail;	/* what followed the stack on its line */
	size_t	 tail_len;	/* (whitespace, counts): for sorting only */
	double	 count;		/* drawn width, in counts */
	double	 delta;		/* differential: after - before */
	double	 before;	/* differential: the first count */
	int	 has_delta;
	double	 after;		/* sp-flame --diff: B's count (0 for a
				 * stack only in A, drawn with A's) */
};

/* The geometry options that the layout needs. */
struct flame_geom {
	int	 width;		/* --width, pixels */
	double	 minwidth;	/* --minwidth, pixels or percent */
	int	 minwidth_pct;
	double	 total;		/* --total, 0 when not given */
	int	 keep_order;	/* --flamechart: no sort */
	int	 chain;		/* --colors chain: waker frames marked */
};

/* One drawn frame. */
struct flame_frame {
	uint32_t name;		/* id in flame_graph.names */
	uint32_t depth;		/* 0 is the root, "all" */
	double	 stime, etime;	/* in counts */
	double	 delta;		/* sum of the deltas of the lines it ends */
	double	 before;	/* the same for the first counts */
	int	 has_delta;
	double	 tot_before;	/* --diff: the counts of A and B of every */
	double	 tot_after;	/* stack the frame spans */
	double	 off;		/* the counts of its off-CPU stacks */
};

struct flame_graph {
	struct strtab *names;	/* frame names ("" for the root) */
	struct flame_frame *f;
	size_t	 n, cap;
	double	 time;		/* the sum of the counts */
	double	 timemax;	/* the width of the root (--total or time) */
	double	 widthpertime;	/* pixels per count */
	double	 maxdelta;	/* the largest |delta| of a line, at least 1 */
	uint32_t depthmax;
	int	 has_delta;	/* some line had two counts */
	size_t	 elided;	/* frames narrower than --minwidth */
	/*
	 * Some stack ends in an off-CPU pseudo-frame ("[off-cpu: ...]", of
	 * sp-flatten's wall-time streams): a hot/cold graph.
	 */
	int	 has_off;
};

#define FLAME_OFF_CPU_PREFIX	"[off-cpu: "

#define FLAME_XPAD	10

/*
 * Sort the stacks (unless keep_order) by their whole lines, as
 * flamegraph.pl sorts, merge them into frames and drop the frames narrower
 * than the minimum width; the result is ordered by depth, then x.
 */
void	 flame_layout(struct flame_stack *, size_t n, const struct flame_geom *,
	    struct flame_graph *);
void	 flame_graph_free(struct flame_graph *);

/* Compare two stacks as flamegraph.pl's sort compares their lines. */
int	 flame_line_cmp(const struct flame_stack *, const struct flame_stack *);

#endif
