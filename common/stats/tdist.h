/*
 * common/stats/: the statistics of comparisons: the sampling noise
 * between two single profiles (ztest.h), and for sets of runs the
 * Student t distribution (tdist.h), Welch's test of two sets (welch.h) and
 * the control of false alarms over many frames (fdr.h).  It uses base/ and
 * libm only, so that every layer above base/ may use it.
 *
 * tdist.h: the regularized incomplete beta function, and through it the
 * Student t distribution's tail probabilities and quantiles, for any real
 * number of degrees of freedom (Welch's are fractional).  Accurate to
 * about 1e-12 relative on the values tests/stats checks against SciPy.
 */
#ifndef SP_TDIST_H
#define SP_TDIST_H

/* I_x(a, b), the regularized incomplete beta function; a, b > 0. */
double	 inc_beta(double a, double b, double x);
/* P(T <= t) for T of Student's t with df degrees of freedom (df > 0). */
double	 t_cdf(double t, double df);
/* P(|T| >= |t|): the two-sided p-value of t. */
double	 t_two_sided(double t, double df);
/* The t with P(T <= t) = p, 0 < p < 1. */
double	 t_quantile(double p, double df);

#endif
