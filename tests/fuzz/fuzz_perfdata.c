/*
 * fuzz_perfdata.c: a libFuzzer target for the perf.data reader
 * (common/perf/read_perfdata.c): each input is given to perfdata_flatten as a
 * buffer of exactly its size (so that any read past it is caught), plain
 * and with the period as weight (and off-CPU intervals of any length).
 * Samples go to /dev/null.  Seeds: the hand-made files of tests/perfdata
 * and tests/offcpu (tests/fuzz/seeds-perfdata).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf/read_perfdata.h"
#include "stream/stream.h"
#include "base/util.h"

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct sw *w;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct sw_opts o;

	(void)argc;
	(void)argv;
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	memset(&o, 0, sizeof(o));
	w = sw_new(&o);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct perf_opts po;
	uint8_t *copy = xmalloc(len > 0 ? len : 1);

	memcpy(copy, data, len);
	memset(&po, 0, sizeof(po));
	(void)perfdata_sniff((const char *)copy, len);
	perfdata_flatten("fuzz", copy, len, w, &po);
	po.period_weight = 1;
	po.annotate = 1;
	po.off_cpu_min_set = 1;
	perfdata_flatten("fuzz", copy, len, w, &po);
	free(copy);
	return 0;
}
