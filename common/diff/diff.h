/*
 * common/diff/: what sp-diff computes: the comparison of one profile a
 * side (pair.c, the "#sp diff 1" table) and of two sets of runs
 * (runs.c, the "#sp runs-diff 1" table, its gate and its Markdown
 * summary), the sets read from the operands (runset.c).  It uses agg/,
 * stats/ and base/.
 *
 * diff.h: sp-diff's options, and its two comparisons.
 */
#ifndef SP_DIFF_H
#define SP_DIFF_H

#include <stddef.h>

#include "agg/framematch.h"

#define DIFF_EXIT_REGRESSION	3

struct diff_opts {
	int	 normalize;	/* -n: a scaled to b's total (one run a side) */
	int	 cpu;		/* compare the cpu time, not the weight */
	int	 absolute;	/* z and the gate on counts, not shares */
	double	 zmin;
	int	 gate;
	double	 fail_above;	/* percentage points, or percent of a's total */
	struct fmatch *pats;	/* --fail-frame */
	size_t	 npats;

	/* Sets of runs. */
	int	 shares;	/* compare shares of each run's total */
	double	 level;		/* of the intervals and tests, 0.95 */
	double	 min_share;	/* percent: frames tested (and corrected) */
	int	 markdown;	/* a Markdown summary instead of the table */
};

/* A set of runs: the files of one side. */
struct runset {
	const char *name;	/* the operand: a directory, or the first file */
	char	**paths;
	size_t	 n;
	int	 is_dir;
};

/*
 * Exit 1, with suggestions, when a --fail-frame of o names no frame of
 * rows (n rows of size bytes; frame() gives a row's frame).
 */
void	 diff_check_fail_frames(const struct diff_opts *o, const void *rows,
	    size_t n, size_t size, const char *(*frame)(const void *row,
	    size_t *len));

/*
 * Compare a with b, one profile a side; writes the "#sp diff 1" table.
 * Returns the exit status: 0, or DIFF_EXIT_REGRESSION when the gate
 * fails.
 */
int	 diff_pair(const char *a, const char *b, const struct diff_opts *);

/*
 * The set of runs of an operand: the files of a directory (each one run,
 * nothing else allowed in it), or the one file.  A directory that cannot
 * be read, is empty or holds anything but files is reported and the tool
 * exits 1.
 */
void	 runset_add(struct runset *, const char *operand);
void	 runset_free(struct runset *);
/* Is the operand a directory of runs (not "-", the standard input)? */
int	 runset_is_dir(const char *operand);
/*
 * Compare two sets of at least 3 runs each; writes the "#sp runs-diff 1"
 * table (or with o->markdown the summary).  Returns the exit status as
 * diff_pair does.
 */
int	 diff_runs(const struct runset *a, const struct runset *b,
	    const struct diff_opts *);

/*
 * sp-aggregate --spread: each frame's median, minimum, maximum and mean
 * over the runs of rs, self and total ("#sp spread 1", sp(5)), of the
 * weight or with cpu of the cpu time.
 */
void	 spread_write(const struct runset *rs, int cpu);

struct strtab;
/*
 * The verdicts of diff_runs on the frames' totals, without its output,
 * for sp-flame --diff: (*v)[id] is 1 (grew), -1 (shrank) or 0 for frame
 * id of *frames.
 */
void	 runs_verdicts(const struct runset *a, const struct runset *b,
	    const struct diff_opts *, struct strtab **frames, signed char **v);
/* Free what runs_verdicts returned (the frames with the run that holds them). */
void	 runs_verdicts_free(signed char *v);

struct lreader;
/*
 * sp-top's view of a runs-diff table read from lr (its magic line read):
 * limit rows at most (0: all); exits.
 */
void	 runs_view(struct lreader *lr, long long limit)
	    __attribute__((noreturn));

#endif
