/* ztest.c: the two-proportion z statistic of ztest.h. */
#include <math.h>

#include "stats/ztest.h"

static double
clamp(double x, double n)
{
	return x < 0 ? 0 : x > n ? n : x;
}

double
z_two_proportions(double xa, double na, double xb, double nb)
{
	double p, se;

	if (!(na > 0) || !(nb > 0))
		return 0;
	xa = clamp(xa, na);
	xb = clamp(xb, nb);
	p = (xa + xb) / (na + nb);
	se = sqrt(p * (1 - p) * (1 / na + 1 / nb));
	if (!(se > 0))
		return 0;
	return (xb / nb - xa / na) / se;
}
