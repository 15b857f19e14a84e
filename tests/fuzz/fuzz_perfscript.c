/*
 * fuzz_perfscript.c: a libFuzzer target for the `perf script` text reader
 * (common/read/perf_script.c), through its public entry points only:
 * perf_script_sniff on the first bytes, and perf_script_flatten on the
 * input as a file (fuzz_input.h), plain, with the period as weight and
 * inferno's tidying, and with the name annotations, unknown dsos and
 * off-CPU intervals of any length.  Samples go to /dev/null.  Seeds: the
 * fixtures of tests/perf-script (tests/fuzz/seeds-perfscript), and the
 * files of ../shared/corpus/perf-script when it is there.
 */
#include "fuzz_reader.h"
#include "fuzz_input.h"
#include "read/perf_script.h"

static void
flatten(const uint8_t *data, size_t len, const struct perf_opts *po)
{
	struct lreader *lr = fuzz_input(data, len);

	if (lr == NULL)
		return;
	(void)perf_script_flatten(lr, w, po);
	lr_close(lr);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct perf_opts po;

	(void)perf_script_sniff((const char *)data, len);
	memset(&po, 0, sizeof(po));
	po.perf_map_dir = "/nonexistent";
	flatten(data, len, &po);
	po.period_weight = 1;
	po.tidy = 1;
	flatten(data, len, &po);
	po.period_weight = 0;
	po.tidy = 0;
	po.annotate = 1;
	po.unknown_dso = 1;
	po.off_cpu_min_set = 1;
	po.event = "cycles";
	flatten(data, len, &po);
	return 0;
}
