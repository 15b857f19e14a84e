/*
 * fdr.h: false alarms over many frames tested at once.  Of hundreds of
 * frames, some would pass a test at 5% by chance alone; the
 * Benjamini-Hochberg procedure turns each p-value into a q-value such that
 * calling every frame of q below the level significant keeps the expected
 * share of false discoveries among them at most the level (for tests that
 * are independent or positively dependent, as a frame's self and total,
 * or a caller and its callee, are).
 */
#ifndef SP_FDR_H
#define SP_FDR_H

#include <stddef.h>

/* q[i] of p[i], i < n; NaN p-values (not tested) give NaN, not counted. */
void	 bh_qvalues(const double *p, size_t n, double *q);

#endif
