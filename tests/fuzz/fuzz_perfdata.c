/*
 * fuzz_perfdata.c: a libFuzzer target for the perf.data reader
 * (common/perf/read_perfdata.c) and the JIT maps it reads
 * (common/perf/perf_map.c), set up by fuzz_reader.h: each input is given
 * to perfdata_flatten as a buffer of exactly its size (so that any read
 * past it is caught), plain and with the period as weight (and off-CPU
 * intervals of any length), and to perf_map_parse as a perf-PID.map,
 * looked up at addresses taken from the input.  Samples go to /dev/null.
 * Seeds: the hand-made files of tests/perfdata and tests/offcpu
 * (tests/fuzz/seeds-perfdata).
 */
#include "fuzz_reader.h"
#include "perf/perf_map.h"
#include "perf/read_perfdata.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct perf_opts po;
	struct perf_map *m;
	uint8_t *copy = xmalloc(len > 0 ? len : 1);

	memcpy(copy, data, len);
	memset(&po, 0, sizeof(po));
	(void)perfdata_sniff((const char *)copy, len);
	perfdata_flatten("fuzz", copy, len, w, &po);
	po.period_weight = 1;
	po.annotate = 1;
	po.off_cpu_min_set = 1;
	perfdata_flatten("fuzz", copy, len, w, &po);
	m = perf_map_parse((const char *)copy, len);
	for (size_t i = 0; i + 8 <= len && i < 256; i += 8) {
		uint64_t a;

		memcpy(&a, copy + i, 8);
		(void)perf_map_find(m, a);
		(void)perf_map_find(m, a & 0xffff);
	}
	perf_map_free(m);
	free(copy);
	return 0;
}
