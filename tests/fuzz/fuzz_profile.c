/*
 * fuzz_profile.c: a libFuzzer target for the JSON profile readers
 * (common/flatten/flatten.c, common/read/profile*.c, common/json/json.c):
 * each input is given to read_json_profile() as a whole file would be,
 * once as it is and once with the collapsing (-c) path of the emitter; and
 * then to the processed and the Gecko readers directly, without sniffing
 * (their prepare, fuzz_reader.h), so that every input exercises both
 * whatever it looks like.  Samples go to /dev/null.
 *
 * The input is copied into a NUL-terminated buffer first, as lr_slurp()
 * hands it over in sp-flatten.  Build and run with tests/fuzz/run.sh.
 */
#include "fuzz_reader.h"
#include "flatten/flatten.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct reader_opts po;
	char *copy;

	copy = xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	memset(&po, 0, sizeof(po));
	read_json_profile(copy, len, "fuzz", w, &po);
	/* The parse packed the copy: a fresh one for each reading. */
	memcpy(copy, data, len);
	po.collapse = 1;
	read_json_profile(copy, len, "fuzz", w, &po);
	free(copy);
	run(&reader_processed, 1, data, len);
	run(&reader_gecko, 1, data, len);
	return 0;
}
