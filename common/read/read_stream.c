/*
 * read_stream.c: sp's own sample stream (sp(5)) as an input of sp-flatten,
 * and a refusal, with the way out, for sp's tables.
 *
 * A stream is a format too: what sp-record, sp-filter or an earlier
 * sp-flatten wrote.  Its lines go through the stream writer like a
 * profile's samples, so that the selection options (-t, -T, -p, -P,
 * --from, --to), -c and -l apply to it as to any profile.  It is read as
 * it comes, like perf script text: a bad line ends it with a message
 * naming the file and line, after the lines before it.
 *
 * Headers: "#sp samples 1|2" (again where streams were concatenated) is
 * the writer's own; #units gives the units (and the writer's #columns);
 * #lib lines are numbered anew, as several inputs' are; #columns is the
 * writer's; every other header (#source, #format, #event, ...) passes as
 * it is.  A version 2 stream's samples column is kept, so it needs the
 * writer's column too (as folded stacks do).
 *
 * An aggregate table ("#sp aggregate") or a diff table ("#sp diff") holds
 * no samples to select: it is refused with the tools that read it.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "read/reader.h"
#include "stream/stream.h"
#include "base/util.h"

#define MAGIC_PREFIX	"#sp samples "

static int
stream_sniff(const char *p, size_t n)
{
	return has_prefix(p, n, MAGIC_PREFIX);
}

struct rs {
	struct lreader *lr;
	struct sw *w;
	struct buf tmp;
	struct buf thread;	/* the escaped thread fields of the last line */
	struct sw_thread *t;	/* its thread; NULL when not selected */
	int	 units;		/* #units written */
	int	 v2;		/* a version 2 stream: the samples column */
};

/* A message naming the file and line; the caller returns -1. */
static void
bad(const struct rs *r, const char *why)
{
	warnx("%s:%llu: %s", lr_name(r->lr),
	    (unsigned long long)lr_lineno(r->lr), why);
}

/* The magic line of a stream; returns 0 or -1 after a message. */
static int
magic(struct rs *r, const char *line, size_t len)
{
	if (len == sizeof(SP_SAMPLES2_MAGIC) - 1 &&
	    memcmp(line, SP_SAMPLES2_MAGIC, len) == 0) {
		if (!r->v2 && sw_want_samples(r->w) == -1) {
			bad(r, "merged lines (#sp samples 2) after an input "
			    "of single samples need -c");
			return -1;
		}
		r->v2 = 1;
		return 0;
	}
	if (len == sizeof(SP_SAMPLES_MAGIC) - 1 &&
	    memcmp(line, SP_SAMPLES_MAGIC, len) == 0)
		return 0;
	bad(r, "an sp sample stream of an unknown version");
	return -1;
}

/* "#units\ttime=ms\tweight=TYPE\tcpu=UNIT": the writer's #units. */
static int
units(struct rs *r, const char *line, size_t len)
{
	struct field f[5];
	size_t n = split_tabs(line, len, f, 4);
	char *weight = NULL, *cpu = NULL;

	for (size_t i = 1; i < n && i < 4; i++) {
		if (f[i].len > 7 && memcmp(f[i].s, "weight=", 7) == 0)
			weight = xmemdup(f[i].s + 7, f[i].len - 7);
		else if (f[i].len > 4 && memcmp(f[i].s, "cpu=", 4) == 0)
			cpu = xmemdup(f[i].s + 4, f[i].len - 4);
	}
	if (n != 4 || weight == NULL || cpu == NULL ||
	    f[1].len != 7 || memcmp(f[1].s, "time=ms", 7) != 0) {
		free(weight);
		free(cpu);
		bad(r, "#units is not time=ms weight=TYPE cpu=UNIT");
		return -1;
	}
	sw_units(r->w, weight, cpu);
	r->units = 1;
	free(weight);
	free(cpu);
	return 0;
}

/*
 * "#lib\tINDEX\tname\tpath\t...\tarch[\tfileoff]": numbered anew by the
 * writer, the optional fileoff kept.
 */
static int
lib(struct rs *r, const char *line, size_t len)
{
	struct field f[11];
	char *v[7];
	struct lib_info l = {0};
	size_t n = split_tabs(line, len, f, 10);

	if (n != 9 && !(n == 10 && f[9].len == 7 &&
	    memcmp(f[9].s, "fileoff", 7) == 0)) {
		bad(r, n == 10 ? "#lib: a ninth field that is not fileoff" :
		    "#lib has not 8 fields");
		return -1;
	}
	l.fileoff = n == 10;
	for (size_t i = 0; i < 7; i++) {
		buf_reset(&r->tmp);
		if (unesc_append(&r->tmp, f[i + 2].s, f[i + 2].len) == -1) {
			while (i-- > 0)
				free(v[i]);
			bad(r, "#lib: a bad escape");
			return -1;
		}
		v[i] = xmemdup(r->tmp.s ? r->tmp.s : "", r->tmp.len);
	}
	l.name = v[0];
	l.path = v[1];
	l.debug_name = v[2];
	l.debug_path = v[3];
	l.code_id = v[4];
	l.breakpad_id = v[5];
	l.arch = v[6];
	sw_lib(r->w, &l);
	for (size_t i = 0; i < 7; i++)
		free(v[i]);
	return 0;
}

static int
header(struct rs *r, const char *line, size_t len)
{
	if (has_prefix(line, len, MAGIC_PREFIX))
		return magic(r, line, len);
	if (has_prefix(line, len, "#units\t"))
		return units(r, line, len);
	if (has_prefix(line, len, "#lib\t"))
		return lib(r, line, len);
	if (has_prefix(line, len, "#columns\t"))
		return 0;
	if (memchr(line, '\0', len) != NULL) {
		bad(r, "a NUL byte in a header");
		return -1;
	}
	buf_reset(&r->tmp);
	buf_add(&r->tmp, line, len);
	sw_header(r->w, r->tmp.s);
	return 0;
}

/* The sw_thread of a line's thread fields (unescaped); NULL: not selected. */
static int
thread(struct rs *r, const struct sample_line *sl, struct sw_thread **tp)
{
	const char *start = sl->f[F_PROCESS].s;
	size_t len = (size_t)(sl->f[F_TID].s + sl->f[F_TID].len - start);
	char *v[4];

	/* Lines of one thread come together: look it up once. */
	if (r->thread.s != NULL && r->thread.len == len &&
	    memcmp(r->thread.s, start, len) == 0) {
		*tp = r->t;
		return 0;
	}
	for (size_t i = 0; i < 4; i++) {
		buf_reset(&r->tmp);
		if (unesc_append(&r->tmp, sl->f[i].s, sl->f[i].len) == -1) {
			while (i-- > 0)
				free(v[i]);
			bad(r, "a bad escape in the thread's fields");
			return -1;
		}
		v[i] = xmemdup(r->tmp.s ? r->tmp.s : "", r->tmp.len);
	}
	r->t = sw_thread(r->w, v[F_PROCESS], v[F_PID], v[F_THREAD], v[F_TID]);
	for (size_t i = 0; i < 4; i++)
		free(v[i]);
	buf_reset(&r->thread);
	buf_add(&r->thread, start, len);
	*tp = r->t;
	return 0;
}

static int
sample(struct rs *r, const char *line, size_t len)
{
	struct sample_line sl;
	struct sw_thread *t;
	const char *why;

	if (parse_sample_line(line, len, &sl, &why) == -1) {
		bad(r, why);
		return -1;
	}
	if (sl.weight < 0 || (sl.has_cpu && sl.cpu < 0)) {
		bad(r, sl.weight < 0 ? "weight is negative" :
		    "cpu is negative");
		return -1;
	}
	if (sl.nfields == SAMPLE_MAXFIELDS && !r->v2) {
		bad(r, "a samples column in a stream of version 1");
		return -1;
	}
	if (!r->units) {
		/* Headers filtered away: the defaults of sp(5). */
		sw_units(r->w, "samples", "ns");
		r->units = 1;
	}
	if (thread(r, &sl, &t) == -1)
		return -1;
	if (t != NULL)
		sw_samples(r->w, t, sl.time, sl.samples, sl.weight,
		    sl.has_cpu ? sl.cpu : -1, sl.f[F_STACK].s,
		    sl.f[F_STACK].len);
	return 0;
}

static int
stream_read(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	struct rs r;
	char *line;
	long long len;
	int rc = 0;

	(void)o;
	memset(&r, 0, sizeof(r));
	r.lr = lr;
	r.w = w;
	while (rc == 0 && (len = lr_next(lr, &line)) >= 0) {
		if (len > 0 && line[0] == '#')
			rc = header(&r, line, (size_t)len);
		else if (len > 0)
			rc = sample(&r, line, (size_t)len);
	}
	if (rc == 0 && len == -2)
		rc = -1;
	buf_free(&r.tmp);
	buf_free(&r.thread);
	return rc;
}

const struct reader reader_stream = {
	.format = "sp sample stream",
	.sniff = stream_sniff,
	.read = stream_read,
};

/* --- Tables: no samples to select --- */

static int
table_sniff(const char *p, size_t n)
{
	return has_prefix(p, n, "#sp aggregate ") ||
	    has_prefix(p, n, "#sp diff ");
}

static int
table_refuse(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	const char *p;
	size_t n = lr_peek(lr, &p);

	(void)w;
	(void)o;
	if (has_prefix(p, n, "#sp diff "))
		warnx("%s: a diff table (sp-diff), not a profile: it has no "
		    "samples to flatten; sp-top shows it", lr_name(lr));
	else
		warnx("%s: an aggregate table, not a profile: it has no "
		    "samples to flatten; sp-top shows it, sp-aggregate "
		    "merges it with others", lr_name(lr));
	return -1;
}

const struct reader reader_table = {
	.format = "sp table",
	.sniff = table_sniff,
	.read = table_refuse,
};
