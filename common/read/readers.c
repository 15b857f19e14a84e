/*
 * readers.c: the table of sp-flatten's input formats (reader.h) and the
 * dispatch by content.
 *
 * A JSON document (its first non-blank byte '{' or '[', after a UTF-8 byte
 * order mark) is parsed once and offered to the JSON rows in the order of
 * the table; other input to the byte rows, by its first bytes.  The first
 * row that claims an input reads it; a row may also be a refusal with a
 * better message than "not a profile".
 */
#include <err.h>
#include <string.h>

#include "base/bigmem.h"
#include "read/folded.h"
#include "json/json.h"
#include "read/profile_impl.h"
#include "read/reader.h"
#include "base/util.h"

static const struct reader *const readers[] = {
	/* JSON, in the order of ../shared/bench/ref_formats.py */
	&reader_speedscope,
	&reader_cpuprofile,
	&reader_chrome_trace,
	&reader_processed,
	&reader_gecko,
	/* Bytes */
	&reader_stream,
	&reader_table,
	&reader_jslb,
	&reader_perfdata,
	&reader_perf_script,
	&reader_pprof,
	&reader_folded,
};

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

/* --- Dispatch --- */

int
read_json_profile(char *data, size_t len, const char *name, struct sw *w,
    const struct reader_opts *o)
{
	struct pinput in;
	struct json j;
	const char *why;
	int rc;

	if (json_parse_packed(&j, data, len, &why) == -1) {
		warnx("%s: %s", name, why);
		return -1;
	}
	memset(&in, 0, sizeof(in));
	in.j = &j;
	in.root = 0;
	in.data = data;
	in.len = len;
	rc = -2;
	for (size_t i = 0; i < SP_NELEM(readers) && rc == -2; i++)
		if (readers[i]->sniff_json != NULL &&
		    readers[i]->sniff_json(&j, 0))
			rc = profile_run(&in, name, w, o, readers[i]->prepare);
	if (rc == -2) {
		if (!json_is_object(&j, 0))
			warnx("%s: not a profile: the document is not a JSON "
			    "object", name);
		else
			warnx("%s: not a profile: no meta and threads of a "
			    "Firefox Profiler or samply profile", name);
		rc = -1;
	}
	json_free(&j);
	return rc;
}

/* Is the first non-blank byte of p[0..n) the start of a JSON document? */
static int
looks_json(const char *p, size_t n)
{
	size_t i = 0;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;		/* a UTF-8 byte order mark */
	for (; i < n; i++) {
		if (strchr(" \t\r\n", p[i]) != NULL)
			continue;
		return p[i] == '{' || p[i] == '[';
	}
	return 0;
}

/* Read the rest of lr whole and give it to row r's prepare. */
static int
read_whole(struct lreader *lr, const char *name, struct sw *w,
    const struct reader_opts *o, const struct reader *r)
{
	struct pinput in;
	char *data;
	size_t len, cap;
	int rc;

	if (lr_slurp(lr, SIZE_MAX / 2, &data, &len, &cap) == -1)
		return -1;
	memset(&in, 0, sizeof(in));
	in.data = data;
	in.len = len;
	rc = profile_run(&in, name, w, o, r->prepare);
	big_free(data, cap);
	return rc;
}

int
read_profile(struct lreader *lr, const char *name, struct sw *w,
    const struct reader_opts *o)
{
	const char *p;
	size_t n;

	n = lr_peek(lr, &p);
	if (n == 0) {
		/* lr_peek stops on read errors; lr_next reports them. */
		char *line;

		if (lr_next(lr, &line) == -2)
			return -1;
		warnx("%s: empty input", name);
		return -1;
	}
	if (looks_json(p, n)) {
		char *data;
		size_t len, cap;
		int rc;

		if (lr_slurp(lr, JSON_MAX_BYTES, &data, &len, &cap) == -1)
			return -1;
		/* A UTF-8 byte order mark is no part of the JSON. */
		if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
			rc = read_json_profile(data + 3, len - 3, name, w, o);
		else
			rc = read_json_profile(data, len, name, w, o);
		big_free(data, cap);
		return rc;
	}
	for (size_t i = 0; i < SP_NELEM(readers); i++) {
		const struct reader *r = readers[i];

		if (r->sniff == NULL || !r->sniff(p, n))
			continue;
		if (r->read != NULL)
			return r->read(lr, w, o);
		return read_whole(lr, name, w, o, r);
	}
	warnx("%s: not a profile: neither JSON, pprof, perf.data, perf script "
	    "text nor folded stacks", name);
	return -1;
}
