/*
 * fuzz_cpuprofile.c: a libFuzzer target for the reader of
 * V8 .cpuprofile files and Chrome traces (common/read/read_cpuprofile.c); see fuzz_reader.h.
 */
#include "fuzz_reader.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	run(&reader_cpuprofile, 1, data, len);
	run(&reader_chrome_trace, 1, data, len);
	return 0;
}
