/*
 * tdist.c: the incomplete beta function and the t distribution of
 * tdist.h.  The incomplete beta is the continued fraction of Numerical
 * Recipes (section 6.4) evaluated by the modified Lentz method, on the side
 * of x where it converges fast; the quantile is found by bisection, which
 * needs no derivative and cannot leave its bracket: some hundreds
 * of halvings of [-1e15, 0] reach the spacing of doubles.
 */
#include <float.h>
#include <math.h>

#include "stats/tdist.h"

#define TINY	1e-300

static double
beta_cf(double a, double b, double x)
{
	double c = 1, d, h, del, aa;
	int m, m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < TINY)
		d = TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 10000; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < TINY)
			d = TINY;
		c = 1 + aa / c;
		if (fabs(c) < TINY)
			c = TINY;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		d = 1 + aa * d;
		if (fabs(d) < TINY)
			d = TINY;
		c = 1 + aa / c;
		if (fabs(c) < TINY)
			c = TINY;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 4 * DBL_EPSILON)
			break;
	}
	return h;
}

double
inc_beta(double a, double b, double x)
{
	double lbt;

	if (!(x > 0))
		return 0;
	if (!(x < 1))
		return 1;
	lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log1p(-x);
	if (x < (a + 1) / (a + b + 2))
		return exp(lbt) * beta_cf(a, b, x) / a;
	return 1 - exp(lbt) * beta_cf(b, a, 1 - x) / b;
}

double
t_two_sided(double t, double df)
{
	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return 0;
	/* P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2) */
	return inc_beta(df / 2, 0.5, df / (df + t * t));
}

double
t_cdf(double t, double df)
{
	double tail = t_two_sided(t, df) / 2;

	return t < 0 ? tail : 1 - tail;
}

double
t_quantile(double p, double df)
{
	double lo = -1e15, hi = 0, mid;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	if (p == 0.5)
		return 0;
	/* Bisect on the side that keeps precision: the smaller tail. */
	if (p > 0.5)
		return -t_quantile(1 - p, df);
	for (int i = 0; i < 400; i++) {
		mid = (lo + hi) / 2;
		if (mid == lo || mid == hi)
			break;
		if (t_cdf(mid, df) > p)
			hi = mid;
		else
			lo = mid;
	}
	return (lo + hi) / 2;
}
