/*
 * welch.h: Welch's two-sample t test of the per-run values of one frame
 * (its time, or its share, in each run of set a and of set b): the change
 * of the means with its confidence interval, the two-sided p-value, the
 * one-sided p-value of a growth (for a gate, which asks only whether b
 * grew), and the minimum detectable effect, the smallest change that these runs would
 * call significant four times in five (80% power) at the same level.
 *
 * Welch's test does not assume equal spreads on both sides; it assumes
 * the mean of each side roughly normal, which sp-diff(1) defends for
 * per-run times (and tests/sp-diff/synthetic checks on skewed and
 * heavy-tailed runs).  It uses tdist.h.
 */
#ifndef SP_WELCH_H
#define SP_WELCH_H

#include <stddef.h>

struct welch {
	double	 mean_a, mean_b;
	double	 diff;		/* mean_b - mean_a */
	double	 se;		/* its standard error */
	double	 df;		/* Welch-Satterthwaite degrees of freedom */
	double	 t, p;		/* the statistic, its two-sided p-value */
	double	 p_grow;	/* one-sided: P(T >= t), for "b > a" */
	double	 lo, hi;	/* the interval of diff at the level */
	double	 mde;		/* the change detectable with 80% power */
};

/*
 * Compare a[0..na) with b[0..nb), na, nb >= 2, at the level (0.95 for a
 * 95% interval and a test at 5%).  When both sides have no spread at all,
 * se is 0: p is 1 if the means are equal and 0 if not (p_grow 0 if b's
 * is larger, else 1), the interval the difference itself.
 */
void	 welch_test(const double *a, size_t na, const double *b, size_t nb,
	    double level, struct welch *);
/* The mean and the sample variance (n - 1) of v[0..n). */
void	 mean_var(const double *v, size_t n, double *mean, double *var);

#endif
