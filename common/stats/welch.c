/*
 * welch.c: Welch's t test of welch.h: the statistic, its fractional
 * degrees of freedom, interval and minimum detectable effect through the
 * t distribution of tdist.h.
 */
#include <math.h>
#include <stddef.h>

#include "stats/tdist.h"
#include "stats/welch.h"

void
mean_var(const double *v, size_t n, double *mean, double *var)
{
	double m = 0, s = 0;

	/* Welford's update: no cancellation on large, close values. */
	for (size_t i = 0; i < n; i++) {
		double d = v[i] - m;

		m += d / (double)(i + 1);
		s += d * (v[i] - m);
	}
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

void
welch_test(const double *a, size_t na, const double *b, size_t nb,
    double level, struct welch *w)
{
	double va, vb, qa, qb, tc, tp;

	mean_var(a, na, &w->mean_a, &va);
	mean_var(b, nb, &w->mean_b, &vb);
	w->diff = w->mean_b - w->mean_a;
	qa = va / (double)na;
	qb = vb / (double)nb;
	w->se = sqrt(qa + qb);
	if (!(w->se > 0)) {
		w->df = (double)(na + nb - 2);
		w->t = w->diff == 0 ? 0 : w->diff > 0 ? INFINITY : -INFINITY;
		w->p = w->diff == 0 ? 1 : 0;
		w->p_grow = w->diff > 0 ? 0 : 1;
		w->lo = w->hi = w->diff;
		w->mde = 0;
		return;
	}
	/* Welch-Satterthwaite: a side without spread adds no freedom. */
	w->df = (qa + qb) * (qa + qb) /
	    ((qa > 0 ? qa * qa / (double)(na - 1) : 0) +
	    (qb > 0 ? qb * qb / (double)(nb - 1) : 0));
	w->t = w->diff / w->se;
	w->p = t_two_sided(w->t, w->df);
	w->p_grow = t_cdf(-w->t, w->df);
	tc = t_quantile(1 - (1 - level) / 2, w->df);
	tp = t_quantile(0.8, w->df);
	w->lo = w->diff - tc * w->se;
	w->hi = w->diff + tc * w->se;
	w->mde = (tc + tp) * w->se;
}
