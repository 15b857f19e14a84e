/*
 * fdr.c: Benjamini-Hochberg q-values of fdr.h: sorted ascending, q of the
 * i-th smallest of m is min over j >= i of p(j) m / j, at most 1.
 */
#include <math.h>
#include <stdlib.h>

#include "base/util.h"
#include "stats/fdr.h"

static const double *sort_p;

static int
p_cmp(const void *x, const void *y)
{
	double a = sort_p[*(const size_t *)x], b = sort_p[*(const size_t *)y];

	if (a != b)
		return a < b ? -1 : 1;
	/* Ties by index: the same order on every C library. */
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

void
bh_qvalues(const double *p, size_t n, double *q)
{
	size_t *ord, m = 0;
	double run = 1;

	ord = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*ord));
	for (size_t i = 0; i < n; i++) {
		q[i] = NAN;
		if (!isnan(p[i]))
			ord[m++] = i;
	}
	sort_p = p;
	if (m > 1)
		qsort(ord, m, sizeof(*ord), p_cmp);
	for (size_t k = m; k > 0; k--) {
		double v = p[ord[k - 1]] * (double)m / (double)k;

		if (v < run)
			run = v;
		q[ord[k - 1]] = run;
	}
	free(ord);
}
