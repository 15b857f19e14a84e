/*
 * stream_read.c: splitting and checking the data lines of sp(5).  The
 * numbers of a sample line are checked by sample_nums (sample_nums.h), the
 * one place that says what a valid weight, cpu and samples column is.
 */
#include <string.h>

#include "stream/sample_nums.h"
#include "stream/stream.h"
#include "base/util.h"

size_t
split_tabs(const char *line, size_t len, struct field *f, size_t max)
{
	const char *p = line, *end = line + len;
	size_t n = 0;

	for (;;) {
		const char *tab = memchr(p, '\t', (size_t)(end - p));

		if (n == max)
			return max + 1;
		f[n].s = p;
		if (tab == NULL) {
			f[n++].len = (size_t)(end - p);
			return n;
		}
		f[n++].len = (size_t)(tab - p);
		p = tab + 1;
	}
}

int
parse_sample_line(const char *line, size_t len, struct sample_line *sl,
    const char **why)
{
	struct field *f = sl->f;
	size_t n = split_tabs(line, len, f, SAMPLE_MAXFIELDS);
	struct sample_nums sn;

	if (n != SAMPLE_NFIELDS && n != SAMPLE_MAXFIELDS) {
		*why = n < SAMPLE_NFIELDS ? "too few fields for a sample line" :
		    "too many fields for a sample line";
		return -1;
	}
	sl->nfields = n;
	if (sample_nums(f, n, &sn, why) == -1)
		return -1;
	if (parse_double(f[F_TIME].s, f[F_TIME].len, &sl->time) == -1) {
		*why = "time is not a number";
		return -1;
	}
	sl->weight = sn.weight;
	sl->cpu = sn.cpu;
	sl->has_cpu = sn.has_cpu;
	sl->samples = sn.samples;
	return 0;
}

int
parse_agg_line(const char *line, size_t len, struct agg_line *al,
    const char **why)
{
	struct field f[AGG_NFIELDS];
	size_t n = split_tabs(line, len, f, AGG_NFIELDS);

	if (n != AGG_NFIELDS) {
		*why = n < AGG_NFIELDS ? "too few fields for an aggregate line" :
		    "too many fields for an aggregate line";
		return -1;
	}
	if (parse_i64(f[A_SELF].s, f[A_SELF].len, &al->self) == -1 ||
	    parse_i64(f[A_TOTAL].s, f[A_TOTAL].len, &al->total) == -1 ||
	    parse_i64(f[A_CPU_SELF].s, f[A_CPU_SELF].len, &al->cpu_self) == -1 ||
	    parse_i64(f[A_CPU_TOTAL].s, f[A_CPU_TOTAL].len,
	    &al->cpu_total) == -1) {
		*why = "a count is not an integer";
		return -1;
	}
	al->frame = f[A_FRAME];
	return 0;
}
