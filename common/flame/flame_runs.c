/*
 * flame_runs.c: sp-flame --diff of two sets of runs (flame_runs.h): the
 * operands as sets (a directory of runs each, diff/'s runset), and the
 * verdict of sp-diff's test over the runs for every frame, so that the
 * graph colours only the frames whose total changed significantly
 * (Welch's t on each run's own time, Benjamini-Hochberg over the frames
 * of 1% or more, at 95%) and draws the others neutral.  It uses diff/
 * (and through it agg/ and stats/).
 */

#include <string.h>

#include "diff/diff.h"
#include "flame/flame_runs.h"
#include "flame/flame_svg.h"

int
flame_runs_sides(const char *a, const char *b, struct runset *ra,
    struct runset *rb)
{
	if (!runset_is_dir(a) && !runset_is_dir(b))
		return 0;
	memset(ra, 0, sizeof(*ra));
	memset(rb, 0, sizeof(*rb));
	runset_add(ra, a);
	runset_add(rb, b);
	return 1;
}

void
flame_runs_verdicts(const struct runset *ra, const struct runset *rb,
    int cpu, struct flame_svg_opts *o)
{
	struct diff_opts d = { .level = 0.95, .min_share = 1, .cpu = cpu };
	struct strtab *frames;
	signed char *v;

	runs_verdicts(ra, rb, &d, &frames, &v);
	o->run_frames = frames;
	o->run_verdict = v;
}

void
flame_runs_free(struct flame_svg_opts *o)
{
	if (o->run_verdict == NULL)
		return;
	/* Ours: flame_runs_verdicts set them. */
	runs_verdicts_free((signed char *)o->run_verdict);
	o->run_verdict = NULL;
	o->run_frames = NULL;
}
