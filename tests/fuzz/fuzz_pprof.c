/*
 * fuzz_pprof.c: a libFuzzer target for the reader of
 * pprof profiles (common/read/read_pprof.c, common/read/pb.c); see fuzz_reader.h.
 */
#include "fuzz_reader.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	run(&reader_pprof, 0, data, len);
	return 0;
}
