/*
 * sample_nums.h: the numbers of a sample line (sp(5)) checked in one place:
 * time a decimal number, weight and cpu integers that are not negative (cpu
 * may be empty), samples a positive integer.  parse_sample_line
 * (stream_read.c) and the aggregation engine (agg/aggregate.c) both
 * call sample_nums, so a bad number gets the same words ("weight is
 * negative") from every tool, each adding the file and line.
 *
 * Sums of these numbers are int64_t, and one rule holds for every tool: a
 * sum that would overflow is an error (sn_add says so), never a wrapped
 * figure passed off as a total.
 *
 * Inline: it runs once per sample on sp-aggregate's tuned path, where a
 * call into the library costs more than the checks.
 */
#ifndef SP_SAMPLE_NUMS_H
#define SP_SAMPLE_NUMS_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "stream/stream.h"

struct sample_nums {
	int64_t	 weight, cpu, samples;
	int	 has_cpu;
};

/*
 * A count of at most 18 digits, the common case, converted here; anything
 * else goes to parse_i64.  Returns 0, or -1 when s is not an integer.
 */
static inline int
sn_count(const char *s, size_t n, int64_t *v)
{
	int64_t x = 0;

	if (n == 0 || n > 18)
		return parse_i64(s, n, v);
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9)
			return parse_i64(s, n, v);
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/*
 * Is s[0..n) a number?  Digits with at most one '.' (what sp's writers
 * write) are known at a glance; anything else goes to parse_double.
 */
static inline int
sn_time_ok(const char *s, size_t n)
{
	size_t i, dots = 0;
	double d;

	for (i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if ((unsigned char)s[i] - '0' > 9)
			break;
	}
	if (i == n && n > 0 && dots <= 1 && !(n == 1 && dots == 1))
		return 1;
	return parse_double(s, n, &d) == 0;
}

/*
 * The numbers of a sample line split into nf fields (SAMPLE_NFIELDS, or
 * SAMPLE_MAXFIELDS with the samples column).  Returns 0, or -1 with *why
 * set to a static description of what is wrong.
 */
static inline int
sample_nums(const struct field *f, size_t nf, struct sample_nums *sn,
    const char **why)
{
	sn->cpu = 0;
	sn->samples = 1;
	sn->has_cpu = f[F_CPU].len > 0;
	if (!sn_time_ok(f[F_TIME].s, f[F_TIME].len)) {
		*why = "time is not a number";
		return -1;
	}
	if (sn_count(f[F_WEIGHT].s, f[F_WEIGHT].len, &sn->weight) == -1) {
		*why = "weight is not an integer";
		return -1;
	}
	if (sn->weight < 0) {
		*why = "weight is negative";
		return -1;
	}
	if (sn->has_cpu) {
		if (sn_count(f[F_CPU].s, f[F_CPU].len, &sn->cpu) == -1) {
			*why = "cpu is not an integer";
			return -1;
		}
		if (sn->cpu < 0) {
			*why = "cpu is negative";
			return -1;
		}
	}
	if (nf == SAMPLE_MAXFIELDS &&
	    (sn_count(f[F_SAMPLES].s, f[F_SAMPLES].len, &sn->samples) == -1 ||
	    sn->samples < 1)) {
		*why = "samples is not a positive integer";
		return -1;
	}
	return 0;
}

/* The message of an overflowing sum, the same in every tool. */
#define SN_OVERFLOW	"the sum of samples, weights or cpu overflows 64 bits"

/* Add the line's numbers to three sums; -1 (nothing changed) on overflow. */
static inline int
sn_add(const struct sample_nums *sn, int64_t *samples, int64_t *weight,
    int64_t *cpu)
{
	int64_t s, w, c;

	if (__builtin_add_overflow(*samples, sn->samples, &s) ||
	    __builtin_add_overflow(*weight, sn->weight, &w) ||
	    __builtin_add_overflow(*cpu, sn->cpu, &c))
		return -1;
	*samples = s;
	*weight = w;
	*cpu = c;
	return 0;
}

#endif
