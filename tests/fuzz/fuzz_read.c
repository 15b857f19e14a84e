/*
 * fuzz_read.c: a libFuzzer target for sp-flatten's way in
 * (common/flatten/flatten.c): read_profile on the input as a file
 * (fuzz_input.h), which tells its format by its first bytes and gives it to
 * that reader, the sample stream and folded-stack readers
 * (read_stream.c, folded.c) among them; plain, with -c and with -l.  Any
 * exit on bad input returns instead (FUZZ_WRAP_EXIT, fuzz_exit.h).
 * Samples go to /dev/null.  Seeds: tests/fuzz/seeds-read, one small input
 * of each format.
 */
#include "fuzz_reader.h"
#include "flatten/flatten.h"
#include "fuzz_exit.h"
#include "fuzz_input.h"

struct job {
	struct reader_opts ro;
	struct lreader *lr;
};

static void
readit(void *arg)
{
	struct job *j = arg;

	(void)read_profile(j->lr, "fuzz", w, &j->ro);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct job j;

	for (int mode = 0; mode < 3; mode++) {
		memset(&j, 0, sizeof(j));
		j.ro.collapse = mode == 1;
		j.ro.list_threads = mode == 2;
		j.ro.single_input = 1;
		if ((j.lr = fuzz_input(data, len)) == NULL)
			return 0;
		if (fuzz_try(readit, &j) == 0)
			lr_close(j.lr);
	}
	return 0;
}
