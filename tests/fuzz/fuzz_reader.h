/*
 * fuzz_reader.h: the body shared by the per-reader libFuzzer targets
 * (fuzz_pprof.c, fuzz_cpuprofile.c, fuzz_speedscope.c; fuzz_perfdata.c
 * takes its set-up and writer, its reader being a streaming one).  Each input goes
 * straight to one reader's prepare (no content sniffing, so that every
 * input exercises that reader), once plain and once with -c; JSON readers
 * get the document parsed as read_json_profile() parses it.  Samples go to
 * /dev/null.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"
#include "read/profile_impl.h"
#include "read/reader.h"
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

static void __attribute__((unused))
run(const struct reader *r, int json, const uint8_t *data, size_t len)
{
	struct reader_opts ro;
	struct pinput in;
	struct json j;
	const char *why;
	char *copy;

	copy = xmalloc(len + 1);
	memcpy(copy, data, len);
	copy[len] = '\0';
	memset(&ro, 0, sizeof(ro));
	memset(&in, 0, sizeof(in));
	in.data = copy;
	in.len = len;
	if (json) {
		if (json_parse_packed(&j, copy, len, &why) == -1) {
			free(copy);
			return;
		}
		in.j = &j;
	}
	profile_run(&in, "fuzz", w, &ro, r->prepare);
	ro.collapse = 1;
	profile_run(&in, "fuzz", w, &ro, r->prepare);
	if (json)
		json_free(&j);
	free(copy);
}
