/*
 * flatten.c: the table of sp-flatten's input formats (read/reader.h's
 * rows, perf/'s perf.data among them) and the dispatch by content.
 *
 * A JSON document (its first non-blank byte '{' or '[', after a UTF-8 byte
 * order mark) is parsed once and offered to the JSON rows in the order of
 * the table; other input to the byte rows, by its first bytes.  The first
 * row that claims an input reads it (reader_run, reader_run_json); a row
 * may also be a refusal with a better message than "not a profile".
 */
#include <err.h>
#include <string.h>

#include "base/bigmem.h"
#include "flatten/flatten.h"
#include "json/json.h"
#include "perf/read_perfdata.h"
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

/*
 * read_json_profile, where discard says that data's pages (big_alloc's)
 * may be given back once the profile is prepared (reader_run_json).
 */
static int
json_profile(char *data, size_t len, const char *name, struct sw *w,
    const struct reader_opts *o, int discard)
{
	struct json j;
	const char *why;
	int rc;

	if (json_parse_packed(&j, data, len, &why) == -1) {
		warnx("%s: %s", name, why);
		return -1;
	}
	rc = -2;
	for (size_t i = 0; i < SP_NELEM(readers) && rc == -2; i++)
		if (readers[i]->sniff_json != NULL &&
		    readers[i]->sniff_json(&j, 0))
			rc = reader_run_json(readers[i], &j, data, len,
			    discard, name, w, o);
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

int
read_json_profile(char *data, size_t len, const char *name, struct sw *w,
    const struct reader_opts *o)
{
	return json_profile(data, len, name, w, o, 0);
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
			rc = json_profile(data + 3, len - 3, name, w, o, 1);
		else
			rc = json_profile(data, len, name, w, o, 1);
		big_free(data, cap);
		return rc;
	}
	for (size_t i = 0; i < SP_NELEM(readers); i++) {
		const struct reader *r = readers[i];

		if (r->sniff != NULL && r->sniff(p, n))
			return reader_run(r, lr, name, w, o);
	}
	warnx("%s: not a profile: neither JSON, pprof, perf.data, perf script "
	    "text nor folded stacks", name);
	return -1;
}
