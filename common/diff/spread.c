/*
 * spread.c: sp-aggregate --spread (diff.h): each frame's spread over a
 * set of runs, so that a reader sees how much a function's time moves
 * between runs before comparing sets.  Each run is summed as sp-aggregate
 * sums it (aggregate.h), the runs' frames in one numbering; a frame
 * absent from a run counts 0 there.  The output is the "#sp spread 1"
 * table of sp(5):
 *
 *	#sp spread 1
 *	#runs	5
 *	#measure	weight
 *	#columns	self_median	self_min	self_max	self_mean	total_median	total_min	total_max	total_mean	present	runs	frame
 *
 * eleven fields, sorted by total_median, then self_median, largest first,
 * then by the frame's bytes.  It uses agg/ and base/.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/aggregate.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "diff/diff.h"

struct srow {
	double	 med[2], min[2], max[2], mean[2];
	size_t	 present;
	const char *frame;
	size_t	 len;
};

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static const struct srow *sort_rows;

static int
srow_cmp(const void *pa, const void *pb)
{
	const struct srow *a = &sort_rows[*(const uint32_t *)pa];
	const struct srow *b = &sort_rows[*(const uint32_t *)pb];

	if (a->med[1] != b->med[1])
		return a->med[1] > b->med[1] ? -1 : 1;
	if (a->med[0] != b->med[0])
		return a->med[0] > b->med[0] ? -1 : 1;
	return agg_frame_cmp(a->frame, a->len, b->frame, b->len);
}

static void
put(struct buf *b, double v)
{
	buf_printf(b, "%.2f\t", v);
}

void
spread_write(const struct runset *rs, int cpu)
{
	struct agg **runs;
	struct srow *rows;
	uint32_t *order;
	double *v;
	size_t n;
	struct buf b = { 0 };

	runs = xreallocarray(NULL, rs->n, sizeof(*runs));
	for (size_t i = 0; i < rs->n; i++) {
		runs[i] = i == 0 ? agg_new() : agg_new_sharing(runs[0]);
		agg_read(runs[i], rs->paths[i]);
		agg_finish(runs[i]);
		if (cpu && !runs[i]->t.has_cpu)
			errx(1, "--cpu: %s has no cpu values",
			    input_name(rs->paths[i]));
	}
	n = st_count(runs[0]->frames);
	rows = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*rows));
	order = xreallocarray(NULL, n > 0 ? n : 1, sizeof(*order));
	v = xreallocarray(NULL, rs->n, sizeof(*v));
	for (size_t id = 0; id < n; id++) {
		struct srow *r = &rows[id];

		r->frame = st_str(runs[0]->frames, (uint32_t)id, &r->len);
		r->present = 0;
		for (int part = 0; part < 2; part++) {
			double sum = 0;

			for (size_t i = 0; i < rs->n; i++) {
				const struct agg *a = runs[i];
				const struct agg_row *ar = id < a->nfr ?
				    &a->fr[id] : NULL;
				int64_t x = 0;

				if (ar != NULL)
					x = part == 0 ? (cpu ? ar->cpu_self :
					    ar->self) : (cpu ? ar->cpu_total :
					    ar->total);
				v[i] = (double)x;
				sum += v[i];
				if (part == 1 && x > 0)
					r->present++;
			}
			qsort(v, rs->n, sizeof(*v), dbl_cmp);
			r->min[part] = v[0];
			r->max[part] = v[rs->n - 1];
			r->med[part] = rs->n % 2 ? v[rs->n / 2] :
			    (v[rs->n / 2 - 1] + v[rs->n / 2]) / 2;
			r->mean[part] = sum / (double)rs->n;
		}
		order[id] = (uint32_t)id;
	}
	sort_rows = rows;
	if (n > 1)
		qsort(order, n, sizeof(*order), srow_cmp);
	buf_printf(&b, "#sp spread 1\n#runs\t%zu\n#measure\t%s\n"
	    "#columns\tself_median\tself_min\tself_max\tself_mean\t"
	    "total_median\ttotal_min\ttotal_max\ttotal_mean\tpresent\truns\t"
	    "frame\n", rs->n, cpu ? "cpu" : "weight");
	fwrite(b.s, 1, b.len, stdout);
	for (size_t i = 0; i < n; i++) {
		const struct srow *r = &rows[order[i]];

		buf_reset(&b);
		for (int part = 0; part < 2; part++) {
			put(&b, r->med[part]);
			put(&b, r->min[part]);
			put(&b, r->max[part]);
			put(&b, r->mean[part]);
		}
		buf_printf(&b, "%zu\t%zu\t", r->present, rs->n);
		buf_add(&b, r->frame, r->len);
		buf_addc(&b, '\n');
		fwrite(b.s, 1, b.len, stdout);
	}
	buf_free(&b);
	free(v);
	free(order);
	free(rows);
	for (size_t i = rs->n; i > 0; i--)
		agg_free(runs[i - 1]);
	free(runs);
}
