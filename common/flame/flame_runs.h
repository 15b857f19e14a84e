/*
 * flame_runs.h: sp-flame --diff of two sets of runs: which operands are
 * sets, and the frames that changed significantly over the runs
 * (flame_runs.c).
 */
#ifndef SP_FLAME_RUNS_H
#define SP_FLAME_RUNS_H

struct runset;
struct flame_svg_opts;

/*
 * Are a or b a directory of runs?  Then both are read as sets into ra and
 * rb (a bad set is reported, exit 1) and 1 is returned; else 0.
 */
int	 flame_runs_sides(const char *a, const char *b, struct runset *ra,
	    struct runset *rb);
/* The verdicts of the test over the runs into o (run_frames, run_verdict). */
void	 flame_runs_verdicts(const struct runset *ra, const struct runset *rb,
	    int cpu, struct flame_svg_opts *o);
/* Free the verdicts in o, if any. */
void	 flame_runs_free(struct flame_svg_opts *o);

#endif
