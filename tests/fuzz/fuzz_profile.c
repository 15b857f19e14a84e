/*
 * fuzz_profile.c: a libFuzzer target for the JSON profile readers
 * (common/read/readers.c, common/profile*.c, common/json/json.c): each input is given to
 * read_json_profile() as a whole file would be, once as it is and once with
 * the collapsing (-c) path of the emitter.  Samples go to /dev/null.
 *
 * The input is copied into a NUL-terminated buffer first, as lr_slurp()
 * hands it over in sp-flatten.  Build and run with tests/fuzz/run.sh.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/reader.h"
#include "stream/stream.h"
#include "base/util.h"

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * One writer for the whole run: it keeps one record per distinct thread
 * name, which grows slowly, and sw has no destructor.
 */
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
	struct reader_opts po;
	char *copy;

	copy = xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	memset(&po, 0, sizeof(po));
	read_json_profile(copy, len, "fuzz", w, &po);
	po.collapse = 1;
	read_json_profile(copy, len, "fuzz", w, &po);
	free(copy);
	return 0;
}
