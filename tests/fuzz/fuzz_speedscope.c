/*
 * fuzz_speedscope.c: a libFuzzer target for the reader of
 * speedscope files (common/read/read_speedscope.c); see fuzz_reader.h.
 */
#include "fuzz_reader.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	run(&reader_speedscope, 1, data, len);
	return 0;
}
