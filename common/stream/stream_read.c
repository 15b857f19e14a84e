/* stream_read.c: splitting and checking the data lines of sp(5). */
#include <string.h>

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

	if (n != SAMPLE_NFIELDS && n != SAMPLE_MAXFIELDS) {
		*why = n < SAMPLE_NFIELDS ? "too few fields for a sample line" :
		    "too many fields for a sample line";
		return -1;
	}
	sl->nfields = n;
	sl->samples = 1;
	if (n == SAMPLE_MAXFIELDS &&
	    (parse_i64(f[F_SAMPLES].s, f[F_SAMPLES].len, &sl->samples) == -1 ||
	    sl->samples < 1)) {
		*why = "samples is not a positive integer";
		return -1;
	}
	if (parse_double(f[F_TIME].s, f[F_TIME].len, &sl->time) == -1) {
		*why = "time is not a number";
		return -1;
	}
	if (parse_i64(f[F_WEIGHT].s, f[F_WEIGHT].len, &sl->weight) == -1) {
		*why = "weight is not an integer";
		return -1;
	}
	sl->has_cpu = f[F_CPU].len > 0;
	sl->cpu = 0;
	if (sl->has_cpu &&
	    parse_i64(f[F_CPU].s, f[F_CPU].len, &sl->cpu) == -1) {
		*why = "cpu is not an integer";
		return -1;
	}
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
