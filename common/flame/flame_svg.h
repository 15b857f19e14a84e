/*
 * flame_svg.h: writing a laid-out flame graph as one self-contained SVG,
 * in flamegraph.pl's structure (see flame_svg.c).
 */
#ifndef SP_FLAME_SVG_H
#define SP_FLAME_SVG_H

#include <stdio.h>

#include "flame/flame.h"
#include "flame/flame_nameattr.h"
#include "flame/flame_palette.h"

struct flame_svg_opts {
	const char *title;	/* NULL: "Flame Graph", "Icicle Graph", ... */
	const char *subtitle;	/* NULL: none */
	const char *notes;
	const char *encoding;	/* NULL: none in the XML declaration */
	const char *fonttype;
	const char *nametype;
	const char *countname;
	const char *bg1, *bg2;	/* background gradient */
	const char *desc;	/* what was drawn, for <desc> */
	const char *summary;	/* the details line when nothing is hovered */
	double	 fontsize, fontwidth, factor;
	int	 width, frameheight;
	int	 inverted, flamechart, negate;
	struct flame_palette *pal;
	struct strtab *attr_names;	/* --nameattr, NULL when none */
	struct flame_nameattr *attrs;
	/* Differential graphs of sp-flame --diff: the hover text has both
	 * counts; a frame only in A is marked; frames within noise get
	 * neutral when significant (|z| < z_min). */
	int	 two_sided;
	const char *name_a, *name_b;
	double	 total_a, total_b;	/* sample counts of the two sides */
	int	 significant;
	double	 z_min;
	/*
	 * --diff of two sets of runs (flame_runs.c): the frames' verdicts
	 * over the runs, 1 grew, -1 shrank, 0 not significant (neutral);
	 * NULL otherwise.
	 */
	const struct strtab *run_frames;
	const signed char *run_verdict;
};

/*
 * Write the graph.  Nothing is returned: the caller checks the stream
 * (ferror, fclose) for a write that failed.
 */
void	 flame_svg_write(FILE *, const struct flame_graph *,
	    const struct flame_svg_opts *);
/* The SVG for nothing to draw: the message in the middle. */
void	 flame_svg_empty(FILE *, const struct flame_svg_opts *,
	    const char *message);

#endif
