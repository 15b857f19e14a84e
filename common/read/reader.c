/*
 * reader.c: running one row of the registry (reader.h) once the dispatch
 * (flatten/flatten.c) has chosen it, and the two rows that have no
 * reader's file of their own: JSON Slabs' refusal and folded stacks'
 * wrapper of folded.h.
 *
 * A streaming row reads its input itself; a whole-input row is given the
 * input read whole, or the JSON document the dispatch parsed once, and is
 * run by profile_run (profile_impl.h), which the dispatch does not see.
 */
#include <err.h>
#include <stdint.h>
#include <string.h>

#include "base/bigmem.h"
#include "read/folded.h"
#include "read/profile_impl.h"
#include "read/reader.h"

/* --- Refusals: formats that are recognised but not read --- */

static int
jslb_sniff(const char *p, size_t n)
{
	return n >= 4 && memcmp(p, "JSLB", 4) == 0;
}

static int
jslb_refuse(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	(void)w;
	(void)o;
	warnx("%s: JSON Slabs (.jslb) profiles are not supported; "
	    "save the profile as JSON", lr_name(lr));
	return -1;
}

const struct reader reader_jslb = {
	.format = "JSON Slabs",
	.sniff = jslb_sniff,
	.read = jslb_refuse,
};

/* --- Folded stacks (folded.h): one line a distinct stack --- */

static int
folded_read(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	(void)o;
	return folded_flatten(lr, w);
}

const struct reader reader_folded = {
	.format = "folded stacks",
	.sniff = folded_sniff,
	.read = folded_read,
};

/* --- Running a row --- */

int
reader_run_json(const struct reader *r, const struct json *j,
    const char *data, size_t len, int discard, const char *name,
    struct sw *w, const struct reader_opts *o)
{
	struct pinput in;

	memset(&in, 0, sizeof(in));
	in.j = j;
	in.root = 0;
	in.data = data;
	in.len = len;
	in.discard = discard;
	return profile_run(&in, name, w, o, r->prepare);
}

int
reader_run(const struct reader *r, struct lreader *lr, const char *name,
    struct sw *w, const struct reader_opts *o)
{
	struct pinput in;
	char *data;
	size_t len, cap;
	int rc;

	if (r->read != NULL)
		return r->read(lr, w, o);
	/* A whole-input row: read the rest of lr whole for its prepare. */
	if (lr_slurp(lr, SIZE_MAX / 2, &data, &len, &cap) == -1)
		return -1;
	memset(&in, 0, sizeof(in));
	in.data = data;
	in.len = len;
	rc = profile_run(&in, name, w, o, r->prepare);
	big_free(data, cap);
	return rc;
}
