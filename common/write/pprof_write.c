/*
 * pprof_write.c: sp-pprof's writer (write/pprof_write.h): sample streams
 * in, one pprof profile (profile.proto, gzip) out, for go tool pprof,
 * Pyroscope, Grafana and the other viewers that read it.
 * Formats: sp(5); the profile's fields are those of pprof's public
 * profile.proto.
 *
 * What each part of the stream becomes:
 *
 *	weight, cpu	two sample types: the weight's ("samples/count" for a
 *			sampled profile) and "cpu/nanoseconds" when any line
 *			has a cpu value; the weight's is the default
 *	a frame		a location: "LIB!0xADDR" an address in LIB's mapping,
 *			"LIB!NAME @ FILE:LINE" a line of function NAME (file
 *			FILE) in LIB's mapping, "NAME" a function of no mapping
 *	" (inlined)"	a frame so marked joins the location of the frame
 *			before it, as one more line: pprof lists a location's
 *			lines innermost first, the caller last
 *	#lib headers	mappings: the file name, the build id
 *	process, pid,	string labels of the same names on each sample
 *	thread, tid
 *
 * Memory grows with the number of distinct stacks, not of samples: the
 * lines of one thread with the same stack are one pprof sample with summed
 * values, as pprof's own writers merge them.  So the samples column of a
 * version 2 stream has no place: pprof keeps values, not how many lines
 * made them.  Times are not kept (pprof
 * samples have none); the profile's duration is the span of the times.
 *
 * A function's system_name is left empty: go tool pprof "demangles" a name
 * that equals its system_name, which shortens C++ and Rust names.
 *
 * Nothing is written before all input has been read, so a bad line leaves
 * the output empty (and -o FILE not created).
 *
 * May use base, stream and write (pb_write.h).
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/frame.h"
#include "stream/stream.h"
#include "write/pb_write.h"
#include "write/pprof_write.h"

enum {
	P_SAMPLE_TYPE = 1, P_SAMPLE = 2, P_MAPPING = 3, P_LOCATION = 4,
	P_FUNCTION = 5, P_STRING = 6, P_DURATION = 10, P_PERIOD_TYPE = 11,
	P_PERIOD = 12, P_DEFAULT_TYPE = 14
};
enum { VT_TYPE = 1, VT_UNIT = 2 };
enum { S_LOCATION = 1, S_VALUE = 2, S_LABEL = 3 };
enum { L_KEY = 1, L_STR = 2 };
enum {
	M_ID = 1, M_START = 2, M_LIMIT = 3, M_OFFSET = 4, M_FILE = 5,
	M_BUILD_ID = 6, M_HAS_FUNCTIONS = 7, M_HAS_FILES = 8, M_HAS_LINES = 9,
	M_HAS_INLINES = 10
};
enum { LOC_ID = 1, LOC_MAPPING = 2, LOC_ADDRESS = 3, LOC_LINE = 4 };
enum { LN_FUNCTION = 1, LN_LINE = 2 };
enum { FN_ID = 1, FN_NAME = 2, FN_FILE = 4 };

/* The label keys, in the order of the stream's columns. */
static const char *const label_keys[4] = { "process", "pid", "thread", "tid" };

struct mapping {
	uint32_t file, build_id;	/* string ids */
	int	 from_header;		/* file and build id from a #lib */
	int	 has_addr;		/* an unsymbolized location */
	int	 has_lines, has_files, has_linenos, has_inlines;
	uint64_t max_addr;		/* the largest relative address */
	uint64_t start;			/* where it is laid out */
};

struct line {
	uint32_t func;			/* function index */
	int64_t	 lineno;		/* 0 when unknown */
};

struct location {
	uint32_t mapping;		/* mapping index + 1; 0 for none */
	uint64_t addr;			/* relative to the mapping */
	uint32_t line0, nlines;		/* into pp.lines */
};

struct pprof {
	/* The profile being built; tables indexed by strtab ids. */
	struct strtab *strs;		/* the string table; "" is 0 */
	struct strtab *libs;		/* library name -> mapping index */
	struct mapping *maps;
	size_t	 mapcap;
	struct strtab *funcs;		/* name '\0' file -> function index */
	uint32_t *fnames;		/* function index -> name, file */
	size_t	 fncap;
	struct strtab *locs;		/* escaped frames -> location index */
	struct location *lv;
	size_t	 lvcap;
	struct line *lines;
	size_t	 nlines, linecap;

	/* Distinct stacks: escaped stack -> its location indexes, leaf first. */
	struct strtab *stacks;
	struct { uint32_t first, n; } *sv;
	size_t	 svcap;
	uint32_t *stack_locs;
	size_t	 nstack_locs, stack_loccap;

	/* Distinct threads: "process\tpid\tthread\ttid" -> label strings. */
	struct strtab *threads;
	uint32_t (*tlabels)[4];
	size_t	 tlcap;

	/* Samples: (thread, stack) -> summed values. */
	struct strtab *samples;
	struct { int64_t w, c; } *values;
	size_t	 valcap;
	int	 has_cpu;
	int	 has_time;
	double	 tmin, tmax;

	/* The weight's type, from #units. */
	char	*weight_type;

	/* The line reader of the input being read, for messages. */
	const struct lreader *lr;
	struct buf tmp, tmp2, tmp3;

	/* Caches of the previous line's thread and stack. */
	int	 have_last;
	uint32_t last_thread, last_stack;
	struct buf last_tkey, last_skey;
};

/* Report a bad input line as "sp-pprof: FILE:LINE: why" and exit. */
static void __attribute__((noreturn, format(printf, 2, 3)))
bad_line(const struct pprof *pp, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s:%" PRIu64 ": ", getprogname(), lr_name(pp->lr),
	    lr_lineno(pp->lr));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static uint32_t
str_id(struct pprof *pp, const char *s, size_t n)
{
	return st_intern(pp->strs, s, n, NULL);
}

/* The string id of the escaped s[0..n), unescaped. */
static uint32_t
esc_str_id(struct pprof *pp, const char *s, size_t n)
{
	buf_reset(&pp->tmp3);
	if (unesc_append(&pp->tmp3, s, n) == -1)
		bad_line(pp, "bad escape in a name");
	return str_id(pp, pp->tmp3.s, pp->tmp3.len);
}

/* The mapping index of library lib[0..n) (unescaped), added if new. */
static uint32_t
mapping(struct pprof *pp, const char *lib, size_t n)
{
	int added;
	uint32_t id = st_intern(pp->libs, lib, n, &added);

	if (added) {
		xgrow(&pp->maps, &pp->mapcap, (size_t)id + 1,
		    sizeof(*pp->maps));
		memset(&pp->maps[id], 0, sizeof(pp->maps[id]));
		pp->maps[id].file = str_id(pp, lib, n);
	}
	return id;
}

static const char *
base_name(const char *s, size_t n, size_t *len)
{
	const char *p = s + n;

	while (p > s && p[-1] != '/')
		p--;
	*len = (size_t)(s + n - p);
	return p;
}

/*
 * "#lib index name path debugName debugPath codeId breakpadId arch": the
 * mapping's file is the path when its last component is the name (so that
 * readers that name a library by its file's base name, as go tool pprof
 * and sp-flatten do, find the same name), else the name; the build id is
 * the code id (the ELF build id, as pprof's are), else the breakpad id.
 */
static void
lib_header(struct pprof *pp, const char *line, size_t len)
{
	struct field f[9];
	struct buf *name = &pp->tmp, *path = &pp->tmp2;
	struct mapping *m;
	const char *bn;
	size_t bl, nf = split_tabs(line, len, f, 9);
	uint32_t id;

	if (nf < 3)
		bad_line(pp, "malformed #lib header");
	buf_reset(name);
	buf_reset(path);
	if (unesc_append(name, f[2].s, f[2].len) == -1 ||
	    (nf > 3 && unesc_append(path, f[3].s, f[3].len) == -1))
		bad_line(pp, "bad escape in a #lib header");
	if (name->len == 0)
		return;
	id = mapping(pp, name->s, name->len);
	m = &pp->maps[id];
	if (m->from_header)
		return;
	m->from_header = 1;
	bn = base_name(path->s, path->len, &bl);
	if (path->len > 0 && bl == name->len && memcmp(bn, name->s, bl) == 0)
		m->file = str_id(pp, path->s, path->len);
	if (nf > 6 && f[6].len > 0)
		m->build_id = esc_str_id(pp, f[6].s, f[6].len);
	else if (nf > 7 && f[7].len > 0)
		m->build_id = esc_str_id(pp, f[7].s, f[7].len);
}

/* "#units time=ms weight=TYPE cpu=UNIT": the weight's type. */
static void
units_header(struct pprof *pp, const char *line, size_t len)
{
	struct field f[8];
	size_t nf = split_tabs(line, len, f, 8);

	for (size_t i = 1; i < nf && i < 8; i++) {
		if (f[i].len < 7 || memcmp(f[i].s, "weight=", 7) != 0)
			continue;
		const char *t = f[i].s + 7;
		size_t tl = f[i].len - 7;

		if (tl == 0)
			continue;
		if (pp->weight_type == NULL)
			pp->weight_type = xmemdup(t, tl);
		else if (strlen(pp->weight_type) != tl ||
		    memcmp(pp->weight_type, t, tl) != 0)
			bad_line(pp, "weight is %.*s here but %s before: one "
			    "profile cannot hold both", (int)tl, t,
			    pp->weight_type);
	}
}

static void
header(struct pprof *pp, const char *line, size_t len)
{
	if (len >= 4 && memcmp(line, "#sp ", 4) == 0) {
		if ((len == strlen(SP_SAMPLES_MAGIC) &&
		    memcmp(line, SP_SAMPLES_MAGIC, len) == 0) ||
		    (len == strlen(SP_SAMPLES2_MAGIC) &&
		    memcmp(line, SP_SAMPLES2_MAGIC, len) == 0))
			return;
		if (len == strlen(SP_AGGREGATE_MAGIC) &&
		    memcmp(line, SP_AGGREGATE_MAGIC, len) == 0)
			bad_line(pp, "an aggregate table has no stacks: "
			    "sp-pprof reads sample streams");
		bad_line(pp, "unsupported format: %.*s",
		    (int)(len > 60 ? 60 : len), line);
	}
	if (len > 5 && memcmp(line, "#lib\t", 5) == 0)
		lib_header(pp, line, len);
	else if (len > 7 && memcmp(line, "#units\t", 7) == 0)
		units_header(pp, line, len);
	/* Other headers (#source, #format, #event) have no place in pprof. */
}

/*
 * The function index of a frame's name and file, added if new.  The first
 * frame of a location keeps its " (inlined)" in the name: pprof marks only
 * the lines before a location's last as inlined.
 */
static uint32_t
function(struct pprof *pp, const struct sp_frame *fr, int keep_mark)
{
	struct buf *k = &pp->tmp;
	uint64_t namelen = 0;
	int added;
	uint32_t id;

	/* The key: the name's length, the name, the file. */
	buf_reset(k);
	buf_add(k, &namelen, sizeof(namelen));
	if (unesc_append(k, fr->name, fr->namelen) == -1)
		bad_line(pp, "bad escape in a name");
	if (keep_mark && fr->inlined)
		buf_adds(k, " (inlined)");
	namelen = k->len - sizeof(namelen);
	memcpy(k->s, &namelen, sizeof(namelen));
	if (unesc_append(k, fr->file, fr->filelen) == -1)
		bad_line(pp, "bad escape in a file name");
	id = st_intern(pp->funcs, k->s, k->len, &added);
	if (added) {
		const char *name = k->s + sizeof(namelen);

		xgrow(&pp->fnames, &pp->fncap, 2 * ((size_t)id + 1),
		    sizeof(*pp->fnames));
		pp->fnames[2 * id] = str_id(pp, name, (size_t)namelen);
		pp->fnames[2 * id + 1] = str_id(pp, name + namelen,
		    k->len - sizeof(namelen) - (size_t)namelen);
	}
	return id;
}

static void
add_line(struct pprof *pp, uint32_t func, int64_t lineno)
{
	xgrow(&pp->lines, &pp->linecap, pp->nlines + 1, sizeof(*pp->lines));
	pp->lines[pp->nlines].func = func;
	pp->lines[pp->nlines].lineno = lineno;
	pp->nlines++;
}

static uint32_t
lib_mapping(struct pprof *pp, const struct sp_frame *fr)
{
	struct buf *b = &pp->tmp2;

	if (fr->lib == NULL)
		return 0;
	buf_reset(b);
	if (unesc_append(b, fr->lib, fr->liblen) == -1)
		bad_line(pp, "bad escape in a library name");
	return mapping(pp, b->s, b->len) + 1;
}

/*
 * The location of the escaped frames s[0..n): one frame, or a frame and the
 * inlined frames after it (see group_end).  Added if new.
 */
static uint32_t
location(struct pprof *pp, const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	struct location *l;
	struct mapping *m;
	struct sp_frame fr;
	int added;
	uint32_t id = st_intern(pp->locs, s, n, &added), first;

	if (!added)
		return id;
	xgrow(&pp->lv, &pp->lvcap, (size_t)id + 1, sizeof(*pp->lv));
	l = &pp->lv[id];
	memset(l, 0, sizeof(*l));
	l->line0 = (uint32_t)pp->nlines;
	for (first = 1;; first = 0) {
		const char *q = frame_end(p, end);

		sp_frame_split(p, (size_t)(q - p), &fr);
		if (first) {
			l->mapping = lib_mapping(pp, &fr);
			if (fr.is_addr)
				l->addr = fr.addr;
		}
		if (!fr.is_addr) {
			uint32_t f = function(pp, &fr, first);

			add_line(pp, f, fr.line);
			if (l->mapping != 0) {
				m = &pp->maps[l->mapping - 1];
				m->has_lines = 1;
				m->has_files |= fr.filelen > 0;
				m->has_linenos |= fr.line > 0;
				m->has_inlines |= !first;
			}
		}
		if (q == end)
			break;
		p = q + 1;
	}
	l = &pp->lv[id];
	l->nlines = (uint32_t)(pp->nlines - l->line0);
	/* pprof lists the innermost line first. */
	for (size_t i = 0, j = l->nlines; i + 1 < j; i++, j--) {
		struct line t = pp->lines[l->line0 + i];

		pp->lines[l->line0 + i] = pp->lines[l->line0 + j - 1];
		pp->lines[l->line0 + j - 1] = t;
	}
	if (l->mapping != 0 && fr.is_addr) {
		m = &pp->maps[l->mapping - 1];
		m->has_addr = 1;
		if (l->addr > m->max_addr)
			m->max_addr = l->addr;
	}
	return id;
}

/* The library part of an escaped frame ("" when none). */
static void
frame_lib(const char *s, size_t n, const char **lib, size_t *len)
{
	const char *bang = memchr(s, '!', n);

	*lib = s;
	*len = bang == NULL ? 0 : (size_t)(bang - s);
}

/*
 * The end of the location that begins with the frame at s: the frames
 * marked " (inlined)" that follow a function's frame of the same library
 * belong to its location.  A frame that is an address, or an inlined frame
 * of another library, begins a location of its own.
 */
static const char *
group_end(const char *s, const char *end)
{
	const char *q = frame_end(s, end), *lib;
	struct sp_frame fr;
	size_t liblen;

	sp_frame_split(s, (size_t)(q - s), &fr);
	if (fr.is_addr)
		return q;
	frame_lib(s, (size_t)(q - s), &lib, &liblen);
	while (q < end) {
		const char *p = q + 1, *r = frame_end(p, end), *l2;
		size_t n = (size_t)(r - p), l2len;
		static const char inl[] = " (inlined)";
		const size_t il = sizeof(inl) - 1;

		if (n < il || memcmp(p + n - il, inl, il) != 0)
			break;
		frame_lib(p, n, &l2, &l2len);
		if (l2len != liblen || memcmp(l2, lib, liblen) != 0)
			break;
		q = r;
	}
	return q;
}

/* The id of an escaped stack, its locations found or added if new. */
static uint32_t
stack(struct pprof *pp, const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	int added;
	uint32_t id = st_intern(pp->stacks, s, n, &added), first;

	if (!added)
		return id;
	xgrow(&pp->sv, &pp->svcap, (size_t)id + 1, sizeof(*pp->sv));
	first = (uint32_t)pp->nstack_locs;
	while (n > 0) {
		const char *q = group_end(p, end);

		xgrow(&pp->stack_locs, &pp->stack_loccap, pp->nstack_locs + 1,
		    sizeof(*pp->stack_locs));
		pp->stack_locs[pp->nstack_locs++] = location(pp, p,
		    (size_t)(q - p));
		if (q == end)
			break;
		p = q + 1;
	}
	pp->sv[id].first = first;
	pp->sv[id].n = (uint32_t)(pp->nstack_locs - first);
	/* Root first in the stream, leaf first in pprof. */
	for (size_t i = first, j = pp->nstack_locs; i + 1 < j; i++, j--) {
		uint32_t t = pp->stack_locs[i];

		pp->stack_locs[i] = pp->stack_locs[j - 1];
		pp->stack_locs[j - 1] = t;
	}
	return id;
}

/* The id of the thread of a line (its first four fields), added if new. */
static uint32_t
thread(struct pprof *pp, const struct field *f)
{
	const char *s = f[F_PROCESS].s;
	size_t n = (size_t)(f[F_TID].s + f[F_TID].len - s);
	int added;
	uint32_t id = st_intern(pp->threads, s, n, &added);

	if (added) {
		xgrow(&pp->tlabels, &pp->tlcap, (size_t)id + 1,
		    sizeof(*pp->tlabels));
		for (int k = 0; k < 4; k++) {
			const struct field *c = &f[F_PROCESS + k];

			pp->tlabels[id][k] = c->len == 0 ? 0 :
			    esc_str_id(pp, c->s, c->len);
		}
	}
	return id;
}

static void
sample(struct pprof *pp, const char *line, size_t len)
{
	struct sample_line sl;
	const char *why;
	uint32_t key[2], id;
	int added;

	if (parse_sample_line(line, len, &sl, &why) == -1) {
		if (split_tabs(line, len, sl.f, AGG_NFIELDS) == AGG_NFIELDS)
			bad_line(pp, "an aggregate table has no stacks: "
			    "sp-pprof reads sample streams");
		bad_line(pp, "%s", why);
	}
	if (!isfinite(sl.time))
		bad_line(pp, "time is not finite");
	if (!pp->has_time || sl.time < pp->tmin)
		pp->tmin = sl.time;
	if (!pp->has_time || sl.time > pp->tmax)
		pp->tmax = sl.time;
	pp->has_time = 1;
	pp->has_cpu |= sl.has_cpu;

	/* Consecutive lines mostly share their thread and often the stack. */
	{
		const char *ts = sl.f[F_PROCESS].s;
		size_t tn = (size_t)(sl.f[F_TID].s + sl.f[F_TID].len - ts);
		const struct field *sf = &sl.f[F_STACK];

		if (!pp->have_last || tn != pp->last_tkey.len ||
		    memcmp(ts, pp->last_tkey.s, tn) != 0) {
			pp->last_thread = thread(pp, sl.f);
			buf_reset(&pp->last_tkey);
			buf_add(&pp->last_tkey, ts, tn);
		}
		if (!pp->have_last || sf->len != pp->last_skey.len ||
		    memcmp(sf->s, pp->last_skey.s, sf->len) != 0) {
			pp->last_stack = stack(pp, sf->s, sf->len);
			buf_reset(&pp->last_skey);
			buf_add(&pp->last_skey, sf->s, sf->len);
		}
		pp->have_last = 1;
	}
	key[0] = pp->last_thread;
	key[1] = pp->last_stack;
	id = st_intern(pp->samples, (const char *)key, sizeof(key), &added);
	if (added) {
		xgrow(&pp->values, &pp->valcap, (size_t)id + 1,
		    sizeof(*pp->values));
		pp->values[id].w = pp->values[id].c = 0;
	}
	if (__builtin_add_overflow(pp->values[id].w, sl.weight,
	    &pp->values[id].w) ||
	    __builtin_add_overflow(pp->values[id].c, sl.cpu,
	    &pp->values[id].c))
		bad_line(pp, "a sum of weights or cpu overflows 64 bits");
}

static void
read_input(struct pprof *pp, const char *path)
{
	struct lreader *lr;
	char *line;
	long long n;

	if ((lr = lr_open(path)) == NULL)
		exit(1);
	pp->lr = lr;
	pp->have_last = 0;
	while ((n = lr_next(lr, &line)) >= 0) {
		size_t len = (size_t)n;

		if (len > 0 && line[0] == '#')
			header(pp, line, len);
		else if (len == 0)
			bad_line(pp, "empty line");
		else
			sample(pp, line, len);
	}
	if (n == -2)
		exit(1);
	lr_close(lr);
	pp->lr = NULL;
	pp->have_last = 0;
}

/*
 * Lay the mappings out one after the other, so that each location's
 * address (its library-relative address plus its mapping's start) falls in
 * its own mapping and no two mappings overlap.  A mapping whose addresses
 * would pass 2^64 (kernel addresses) starts at 0 instead.
 */
static void
layout(struct pprof *pp)
{
	size_t nm = st_count(pp->libs);
	uint64_t next = 0x10000;

	for (size_t i = 0; i < nm; i++) {
		struct mapping *m = &pp->maps[i];
		uint64_t end;

		if (__builtin_add_overflow(next, m->max_addr, &end) ||
		    __builtin_add_overflow(end, 0x10000, &end)) {
			/* Kernel addresses: the mapping starts at 0. */
			m->start = 0;
			continue;
		}
		m->start = next;
		next = end & ~(uint64_t)0xffff;
	}
}

/* The type and unit of the weight's sample type. */
static void
weight_type(const struct pprof *pp, const char **type, const char **unit)
{
	static const struct { const char *sp, *type, *unit; } known[] = {
		{ "samples",	"samples",	"count" },
		{ "ns",		"weight",	"nanoseconds" },
		/* sp-flatten of an off-CPU recording (offcpu.h): wall time. */
		{ "wall-ns",	"wall",		"nanoseconds" },
		{ "tracing-ms",	"tracing",	"milliseconds" },
		{ "bytes",	"bytes",	"bytes" },
	};
	const char *t = pp->weight_type == NULL ? "samples" : pp->weight_type;

	for (size_t i = 0; i < SP_NELEM(known); i++)
		if (strcmp(t, known[i].sp) == 0) {
			*type = known[i].type;
			*unit = known[i].unit;
			return;
		}
	*type = t;
	*unit = "count";
}

/* Write b as one field of the profile and empty it. */
static void
emit(struct gzout *g, struct buf *out, uint32_t field, struct buf *msg)
{
	buf_reset(out);
	pb_bytes(out, field, msg->s == NULL ? "" : msg->s, msg->len);
	gz_write(g, out->s, out->len);
	buf_reset(msg);
}

static void
write_profile(struct pprof *pp, struct gzout *g)
{
	struct buf msg = { 0 }, sub = { 0 }, out = { 0 };
	const char *wt, *wu;
	uint32_t wtype, label_sid[4];
	size_t n;

	weight_type(pp, &wt, &wu);
	wtype = str_id(pp, wt, strlen(wt));
	pb_uint(&msg, VT_TYPE, wtype);
	pb_uint(&msg, VT_UNIT, str_id(pp, wu, strlen(wu)));
	emit(g, &out, P_SAMPLE_TYPE, &msg);
	if (pp->has_cpu) {
		pb_uint(&msg, VT_TYPE, str_id(pp, "cpu", 3));
		pb_uint(&msg, VT_UNIT, str_id(pp, "nanoseconds", 11));
		emit(g, &out, P_SAMPLE_TYPE, &msg);
	}
	for (int k = 0; k < 4; k++)
		label_sid[k] = str_id(pp, label_keys[k],
		    strlen(label_keys[k]));

	n = st_count(pp->samples);
	for (size_t i = 0; i < n; i++) {
		size_t kl;
		uint32_t key[2], tid, sid;
		uint64_t ids[64], *idp = ids;
		int64_t vals[2] = { pp->values[i].w, pp->values[i].c };
		size_t nl;

		memcpy(key, st_str(pp->samples, (uint32_t)i, &kl), sizeof(key));
		tid = key[0];
		sid = key[1];
		nl = pp->sv[sid].n;

		if (nl > SP_NELEM(ids))
			idp = xreallocarray(NULL, nl, sizeof(*idp));
		for (size_t k = 0; k < nl; k++)
			idp[k] = (uint64_t)pp->stack_locs[pp->sv[sid].first +
			    k] + 1;
		pb_packed_u64(&msg, S_LOCATION, idp, nl);
		pb_packed_i64(&msg, S_VALUE, vals, pp->has_cpu ? 2 : 1);
		for (int k = 0; k < 4; k++) {
			if (pp->tlabels[tid][k] == 0)
				continue;
			buf_reset(&sub);
			pb_uint(&sub, L_KEY, label_sid[k]);
			pb_uint(&sub, L_STR, pp->tlabels[tid][k]);
			pb_bytes(&msg, S_LABEL, sub.s, sub.len);
		}
		if (idp != ids)
			free(idp);
		emit(g, &out, P_SAMPLE, &msg);
	}

	layout(pp);
	n = st_count(pp->libs);
	for (size_t i = 0; i < n; i++) {
		const struct mapping *m = &pp->maps[i];

		pb_uint(&msg, M_ID, i + 1);
		if (m->start != 0)
			pb_uint(&msg, M_START, m->start);
		pb_uint(&msg, M_LIMIT, m->start + m->max_addr + 1);
		pb_uint(&msg, M_FILE, m->file);
		if (m->build_id != 0)
			pb_uint(&msg, M_BUILD_ID, m->build_id);
		/* Without has_functions, go tool pprof symbolizes. */
		if (m->has_lines && !m->has_addr)
			pb_uint(&msg, M_HAS_FUNCTIONS, 1);
		if (m->has_files && !m->has_addr)
			pb_uint(&msg, M_HAS_FILES, 1);
		if (m->has_linenos && !m->has_addr)
			pb_uint(&msg, M_HAS_LINES, 1);
		if (m->has_inlines && !m->has_addr)
			pb_uint(&msg, M_HAS_INLINES, 1);
		emit(g, &out, P_MAPPING, &msg);
	}

	n = st_count(pp->locs);
	for (size_t i = 0; i < n; i++) {
		const struct location *l = &pp->lv[i];

		pb_uint(&msg, LOC_ID, i + 1);
		if (l->mapping != 0)
			pb_uint(&msg, LOC_MAPPING, l->mapping);
		if (l->nlines == 0) {
			uint64_t base = l->mapping == 0 ? 0 :
			    pp->maps[l->mapping - 1].start;

			pb_uint(&msg, LOC_ADDRESS, base + l->addr);
		}
		for (uint32_t k = 0; k < l->nlines; k++) {
			const struct line *ln = &pp->lines[l->line0 + k];

			buf_reset(&sub);
			pb_uint(&sub, LN_FUNCTION, (uint64_t)ln->func + 1);
			if (ln->lineno > 0)
				pb_int(&sub, LN_LINE, ln->lineno);
			pb_bytes(&msg, LOC_LINE, sub.s, sub.len);
		}
		emit(g, &out, P_LOCATION, &msg);
	}

	n = st_count(pp->funcs);
	for (size_t i = 0; i < n; i++) {
		pb_uint(&msg, FN_ID, i + 1);
		if (pp->fnames[2 * i] != 0)
			pb_uint(&msg, FN_NAME, pp->fnames[2 * i]);
		if (pp->fnames[2 * i + 1] != 0)
			pb_uint(&msg, FN_FILE, pp->fnames[2 * i + 1]);
		emit(g, &out, P_FUNCTION, &msg);
	}

	/* Every string is interned by now: the table goes last. */
	{
		double span = pp->has_time ? (pp->tmax - pp->tmin) * 1e6 : 0;

		buf_reset(&out);
		if (span >= 1 && span < 9e18)
			pb_int(&out, P_DURATION, (int64_t)llround(span));
		pb_uint(&out, P_DEFAULT_TYPE, wtype);
		/* Each sample stands for its values: the period is 1. */
		buf_reset(&msg);
		pb_uint(&msg, VT_TYPE, wtype);
		pb_uint(&msg, VT_UNIT, str_id(pp, wu, strlen(wu)));
		pb_bytes(&out, P_PERIOD_TYPE, msg.s, msg.len);
		pb_int(&out, P_PERIOD, 1);
		gz_write(g, out.s, out.len);
	}
	n = st_count(pp->strs);
	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *s = st_str(pp->strs, (uint32_t)i, &len);

		buf_reset(&out);
		pb_bytes(&out, P_STRING, s, len);
		gz_write(g, out.s, out.len);
	}
	buf_free(&msg);
	buf_free(&sub);
	buf_free(&out);
}

/*
 * Everything the profile was built in, freed once it is written: the
 * tool exits next, but LeakSanitizer counts what is left as leaked, and a
 * leak it must be told to overlook hides the next one.
 */
static void
pprof_free(struct pprof *pp)
{
	st_free(pp->strs);
	st_free(pp->libs);
	st_free(pp->funcs);
	st_free(pp->locs);
	st_free(pp->stacks);
	st_free(pp->threads);
	st_free(pp->samples);
	free(pp->maps);
	free(pp->fnames);
	free(pp->lv);
	free(pp->lines);
	free(pp->sv);
	free(pp->stack_locs);
	free(pp->tlabels);
	free(pp->values);
	free(pp->weight_type);
	buf_free(&pp->tmp);
	buf_free(&pp->tmp2);
	buf_free(&pp->tmp3);
	buf_free(&pp->last_tkey);
	buf_free(&pp->last_skey);
}

void
pprof_write(const char *outpath, char **files, int nfiles)
{
	struct pprof pp = { 0 };
	struct gzout *g;
	FILE *fp;

	pp.strs = st_new();
	str_id(&pp, "", 0);
	pp.libs = st_new();
	pp.funcs = st_new();
	pp.locs = st_new();
	pp.stacks = st_new();
	pp.threads = st_new();
	pp.samples = st_new();
	if (nfiles == 0)
		read_input(&pp, "-");
	for (int i = 0; i < nfiles; i++)
		read_input(&pp, files[i]);

	if (outpath != NULL) {
		if ((fp = fopen(outpath, "w")) == NULL)
			err(1, "%s", outpath);
		g = gz_open(fp, outpath, outpath, Z_BEST_SPEED);
	} else
		g = gz_open(stdout, "standard output", NULL, Z_BEST_SPEED);
	write_profile(&pp, g);
	gz_close(g);
	pprof_free(&pp);
}
