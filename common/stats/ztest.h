/*
 * ztest.h: is a difference between two sampled profiles larger than
 * sampling noise?
 *
 * A frame's share of a profile (its total over the profile's total) is
 * estimated from a number of samples.  Between two profiles the two-
 * proportion z-test measures how far the two shares lie apart in standard
 * errors, under the hypothesis that both come from one common share:
 *
 *	p  = (xa + xb) / (na + nb)		(pooled share)
 *	se = sqrt(p (1 - p) (1/na + 1/nb))
 *	z  = (xb/nb - xa/na) / se
 *
 * The test assumes independent samples.  Profile samples are not (a loop
 * runs for many consecutive samples; runs differ in more than chance), so
 * |z| below a threshold says "within noise" and |z| above it is a floor for
 * noise, not a proof of a change.
 */
#ifndef SP_STATS_ZTEST_H
#define SP_STATS_ZTEST_H

/*
 * The z statistic of the change from xa of na samples to xb of nb samples
 * (B - A: positive when the share grew).  xa and xb may be fractional (a
 * share of weight times the sample count) and are clamped to [0, n].
 * Returns 0 when either side has no samples or the pooled share is 0 or 1,
 * where no change can be measured.
 */
double	 z_two_proportions(double xa, double na, double xb, double nb);

#endif
