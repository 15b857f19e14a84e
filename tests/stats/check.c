/*
 * tests/stats/check.c: common/stats/ against published values.  Without
 * arguments, the reference values below (each with where it came from)
 * must be met to 1e-9 (the issue asks 1e-6); with "-", lines
 * "LEVEL NA A... NB B..." are read from standard input and each answered
 * with "t p df lo hi mde p_grow" for scipy.sh to check against SciPy.
 * Built by build-check, for reference.sh and scipy.sh, against the
 * library of the build under test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/fdr.h"
#include "stats/tdist.h"
#include "stats/welch.h"

static int bad;

static void
near(const char *what, double got, double want)
{
	if (fabs(got - want) <= 1e-9 * fmax(1, fabs(want)))
		return;
	printf("%s: %.15g, expected %.15g\n", what, got, want);
	bad = 1;
}

static void
reference(void)
{
	/*
	 * scipy.special.betainc(a, b, x), SciPy 1.10.1 (Debian 12's
	 * python3-scipy).
	 */
	near("I(0.5,0.5,0.3)", inc_beta(0.5, 0.5, 0.3), 0.369010119565545);
	near("I(2.5,0.5,0.9)", inc_beta(2.5, 0.5, 0.9), 0.489589744564427);
	near("I(10,3,0.7)", inc_beta(10, 3, 0.7), 0.252815347855);
	near("I(1.2,0.5,0.01)", inc_beta(1.2, 0.5, 0.01),
	    0.00185738321402893);
	near("I(50,0.5,0.99)", inc_beta(50, 0.5, 0.99), 0.317304397874196);
	/* 2 * scipy.stats.t.sf(|t|, df), SciPy 1.10.1. */
	near("p(2,4)", t_two_sided(2.0, 4), 0.116116523516816);
	near("p(-1.3,2.5)", t_two_sided(-1.3, 2.5), 0.300486789270708);
	near("p(5.5,7.3)", t_two_sided(5.5, 7.3), 0.00078606310269948);
	near("p(0.1,30)", t_two_sided(0.1, 30), 0.921009611790271);
	near("p(3,1)", t_two_sided(3.0, 1), 0.204832764699133);
	/* scipy.stats.t.ppf(p, df), SciPy 1.10.1; R's qt(0.975, 4) too. */
	near("q(0.975,4)", t_quantile(0.975, 4), 2.7764451051978);
	near("q(0.975,7.3)", t_quantile(0.975, 7.3), 2.34506673615093);
	near("q(0.8,3.2)", t_quantile(0.8, 3.2), 0.968879592343842);
	near("q(0.995,12)", t_quantile(0.995, 12), 3.05453958833687);
	near("q(0.025,2.5)", t_quantile(0.025, 2.5), -3.57465484201188);

	/*
	 * scipy.stats.ttest_ind(b, a, equal_var=False) for t and p; df, the
	 * interval and the MDE from the Welch-Satterthwaite formula and
	 * scipy.stats.t.ppf (SciPy 1.10.1); the interval equals R's
	 * t.test(b, a)$conf.int.
	 */
	{
		double a[] = { 101, 98, 105, 99, 103 };
		double b[] = { 110, 108, 115, 109, 112 };
		struct welch w;

		welch_test(a, 5, b, 5, 0.95, &w);
		near("welch1 t", w.t, 5.38341267928);
		near("welch1 p", w.p, 0.000661131480207);
		near("welch1 df", w.df, 7.99209673595);
		near("welch1 lo", w.lo, 5.48709762426);
		near("welch1 hi", w.hi, 13.7129023757);
		near("welch1 mde", w.mde, 5.69810698898);
		/* ttest_ind(b, a, equal_var=False, alternative='greater') */
		near("welch1 p_grow", w.p_grow, 0.000330565740103479);
	}
	{
		double a[] = { 3.1, 2.9, 8.0, 3.0 };
		double b[] = { 2.5, 2.7, 2.6, 2.4, 2.8, 2.55 };
		struct welch w;

		welch_test(a, 4, b, 6, 0.90, &w);
		near("welch2 t", w.t, -1.32451974129);
		near("welch2 p", w.p, 0.276833123159);
		near("welch2 df", w.df, 3.0130583858);
		near("welch2 lo", w.lo, -4.59960716731);
		near("welch2 hi", w.hi, 1.28294050064);
		near("welch2 mde", w.mde, 4.16550801006);
		near("welch2 p_grow", w.p_grow, 0.861583438420287);
	}
	/*
	 * Benjamini-Hochberg: R's p.adjust(p, method = "BH"), worked by
	 * hand (sorted p times 6 over rank, the running minimum from the
	 * largest).
	 */
	{
		double p[] = { 0.01, 0.04, 0.03, 0.005, 0.2, 0.9, NAN };
		double want[] = { 0.03, 0.06, 0.06, 0.03, 0.24, 0.9 };
		double q[7];

		bh_qvalues(p, 7, q);
		for (int i = 0; i < 6; i++)
			near("bh", q[i], want[i]);
		if (!isnan(q[6])) {
			printf("bh: an untested p got a q\n");
			bad = 1;
		}
	}
}

static void
answer(void)
{
	double level, a[64], b[64];
	int na, nb;

	while (scanf("%lf %d", &level, &na) == 2) {
		struct welch w;

		for (int i = 0; i < na && i < 64; i++)
			if (scanf("%lf", &a[i]) != 1)
				exit(2);
		if (scanf("%d", &nb) != 1)
			exit(2);
		for (int i = 0; i < nb && i < 64; i++)
			if (scanf("%lf", &b[i]) != 1)
				exit(2);
		welch_test(a, (size_t)na, b, (size_t)nb, level, &w);
		printf("%.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", w.t, w.p,
		    w.df, w.lo, w.hi, w.mde, w.p_grow);
	}
}

int
main(int argc, char *argv[])
{
	if (argc > 1 && strcmp(argv[1], "-") == 0)
		answer();
	else
		reference();
	return bad;
}
