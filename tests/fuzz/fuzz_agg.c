/*
 * fuzz_agg.c: a libFuzzer target for the aggregation engine's reader
 * (common/agg/aggregate.c, aggtable.c, common/stream/samples_ahead.c):
 * each input, as a file (fuzz_input.h), is read by agg_read as sp-aggregate
 * and sp-diff read theirs (sample streams and aggregate tables: headers,
 * #total lines, rows) and counted by agg_finish; plain, with the time
 * range kept and with -r's thread root, and with a second input sharing
 * the frames as sp-diff's does.  A rejected input ends in lr_fail or errx
 * as in the tools: FUZZ_WRAP_EXIT makes that a return (fuzz_exit.h).
 * Seeds: tests/fuzz/seeds-agg (streams, tables, a diff table).
 */
#include <stdint.h>
#include <string.h>

#include "fuzz_exit.h"
#include "fuzz_input.h"
#include "agg/aggregate.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

struct job {
	struct agg *a, *b;
	int	 second;
};

static void
read_finish(void *arg)
{
	struct job *j = arg;

	agg_read(j->a, fuzz_path);
	agg_finish(j->a);
	if (j->second) {
		j->b = agg_new_sharing(j->a);
		agg_read(j->b, fuzz_path);
		agg_finish(j->b);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct lreader *lr = fuzz_input(data, len);
	struct job j;

	if (lr == NULL)
		return 0;
	lr_close(lr);		/* the file is written: agg_read opens it */
	for (int mode = 0; mode < 3; mode++) {
		memset(&j, 0, sizeof(j));
		j.a = agg_new();
		if (mode == 1) {
			j.a->want_time = 1;
			j.a->root = AGG_ROOT_THREAD;
		} else if (mode == 2)
			j.second = 1;
		/* A rejected input leaves the sums as they were at its bad
		 * line, which agg_free frees as well. */
		(void)fuzz_try(read_finish, &j);
		if (j.b != NULL)
			agg_free(j.b);
		agg_free(j.a);
	}
	return 0;
}
