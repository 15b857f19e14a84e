/*
 * failframe.c: does every --fail-frame name a frame of the table?  A gate
 * whose frame is misspelt would never fail, so both comparisons (one run
 * a side, pair.c; sets of runs, runs.c) check their rows with this before
 * the table is written.  Uses agg/framematch.h for the suggestions.
 */
#include <stdlib.h>

#include "agg/framematch.h"
#include "diff/diff.h"

void
diff_check_fail_frames(const struct diff_opts *o, const void *rows, size_t n,
    size_t size, const char *(*frame)(const void *row, size_t *len))
{
	const char *base = rows;
	int bad = 0;

	for (size_t i = 0; i < o->npats; i++) {
		struct fm_near nr;
		const char *f;
		size_t k, len;

		for (k = 0; k < n; k++) {
			f = frame(base + k * size, &len);
			if (fm_match(&o->pats[i], f, len))
				break;
		}
		if (k < n)
			continue;
		fm_near_init(&nr, &o->pats[i]);
		for (k = 0; k < n; k++) {
			f = frame(base + k * size, &len);
			fm_near_add(&nr, f, len);
		}
		fm_near_report(&nr, "--fail-frame", &o->pats[i], NULL);
		bad = 1;
	}
	if (bad)
		exit(1);
}
