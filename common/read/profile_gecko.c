/*
 * profile_gecko.c: the Gecko ("raw") profile format that Firefox and
 * `perf script report gecko` write (FORMAT.md §6).
 *
 * Tables are rows under a schema ({schema:{col:index}, data:[[...]]}), and
 * a row may be shorter than the schema (trailing nulls omitted).  Child
 * processes are nested profiles in processes[] (before version 5, JSON
 * strings inside threads[]); each has its own meta.startTime, to which its
 * sample times are relative, and its own libs with absolute addresses.
 * Frames are strings: "0x7fff..." native addresses (mapped into their
 * library: relative = address - start + offset), "fn (in /path/lib)" for
 * presymbolicated frames, or plain names.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "read/profile_impl.h"
#include "base/util.h"

#define GECKO_MAX_NESTING	16

struct glib {
	uint64_t start, end, offset;
	char	*name;		/* file name */
};

struct gprof {
	const struct json *j;
	int	 root;
	double	 start;		/* meta.startTime */
	int64_t	 cpu_mult;
	struct glib *libs;
	size_t	 nlibs;
	struct glib **by_start;	/* libs sorted by start */
	int	 overlap;	/* some libraries overlap */
	struct gprof *up;	/* the profile this one is a process of */
};

/*
 * The profiles being prepared, innermost on top: pfail unwinds past
 * prepare_profile, and profile_run then frees them (gecko_cleanup).
 */
struct gchain {
	struct gprof *top;
};

static void
gprof_free(struct gprof *g)
{
	for (size_t i = 0; i < g->nlibs; i++)
		free(g->libs[i].name);
	free(g->libs);
	free(g->by_start);
	free(g);
}

static void
gecko_cleanup(void *arg)
{
	struct gchain *ch = arg;
	struct gprof *g;

	while ((g = ch->top) != NULL) {
		ch->top = g->up;
		gprof_free(g);
	}
	free(ch);
}

/* Parse the JSON text held in string token tok as a document of its own. */
static const struct json *
sub_document(struct pctx *c, const struct json *j, int tok, const char *what)
{
	struct json *d = xcalloc(1, sizeof(*d));
	const char *why;

	if (json_str(j, tok, &c->tmp) == -1)
		pfail(c, "%s: bad string", what);
	xgrow(&c->docs, &c->docscap, c->ndocs + 1, sizeof(*c->docs));
	c->docbufs = xreallocarray(c->docbufs, c->docscap,
	    sizeof(*c->docbufs));
	c->docbufs[c->ndocs] = xmemdup(c->tmp.s, c->tmp.len);
	c->docs[c->ndocs] = d;
	if (json_parse_packed(d, c->docbufs[c->ndocs], c->tmp.len,
	    &why) == -1) {
		free(d);
		free(c->docbufs[c->ndocs]);
		pfail(c, "%s: embedded JSON: %s", what, why);
	}
	c->ndocs++;
	return d;
}

/* The index of column key in a table's schema, or -1. */
static int
schema_col(struct pctx *c, const struct json *j, int tab, const char *tname,
    const char *key, int required)
{
	int sch = json_get(j, tab, "schema"), k;
	int64_t v;

	if (!json_is_object(j, sch))
		pfail(c, "%s: no schema", tname);
	k = json_get(j, sch, key);
	if (k < 0) {
		if (required)
			pfail(c, "%s: no %s in the schema", tname, key);
		return -1;
	}
	if (json_int(j, k, &v) == -1 || v < 0 || v > 1000)
		pfail(c, "%s.schema.%s: bad column index", tname, key);
	return (int)v;
}

static int
table_data(struct pctx *c, const struct json *j, int tab, const char *tname)
{
	int d = json_get(j, tab, "data");

	if (!json_is_array(j, d))
		pfail(c, "%s: no data array", tname);
	return d;
}

/* A cell holding an integer: 1 with *v, 0 when null or absent. */
static int
cell_int(struct pctx *c, const struct json *j, int r, int k, int64_t *v,
    const char *what, int64_t row)
{
	if (k < 0 || !json_is_array(j, r) || k >= json_len(j, r) ||
	    json_at_null(j, r, k))
		return 0;
	if (json_at_int(j, r, k, v) == -1)
		pfail(c, "%s row %" PRId64 ": not an integer", what, row);
	return 1;
}

/* Is cell k of row r absent, null or a number? */
static int
cell_number_or_null(const struct json *j, int r, int k)
{
	return k < 0 || k >= json_len(j, r) || json_at_null(j, r, k) ||
	    json_at_number(j, r, k);
}

/* A lib's start/end/offset: a JSON number, possibly beyond 2^53. */
static uint64_t
addr_field(struct pctx *c, const struct json *j, int obj, const char *key)
{
	int x = json_get(j, obj, key);
	uint64_t v;
	double d;

	if (x < 0 || json_is_null(j, x))
		return 0;
	if (json_is_number(j, x) && parse_u64(j->s + j->t[x].start,
	    (size_t)(j->t[x].end - j->t[x].start), &v) == 0)
		return v;
	if (json_double(j, x, &d) == 0 && d >= 0 && d < 1.8e19)
		return (uint64_t)d;
	if (json_is_string(j, x) && json_str(j, x, &c->tmp) == 0 &&
	    parse_u64(c->tmp.s, c->tmp.len, &v) == 0)
		return v;
	pfail(c, "libs: bad %s", key);
}

static void
read_libs(struct pctx *c, struct gprof *g, const struct json *j, int arr)
{
	int x;

	if (arr < 0 || json_is_null(j, arr))
		return;
	if (json_is_string(j, arr)) {
		/* Before version 4: the libs array is a JSON string. */
		j = sub_document(c, j, arr, "libs");
		arr = 0;
	}
	if (!json_is_array(j, arr))
		pfail(c, "libs: not an array");
	g->libs = xcalloc((size_t)j->t[arr].size + 1, sizeof(*g->libs));
	x = arr + 1;
	for (int i = 0; i < j->t[arr].size; i++, x = json_next(j, x)) {
		struct glib *gl = &g->libs[g->nlibs];

		if (!json_is_object(j, x))
			pfail(c, "libs[%d]: not an object", i);
		gl->start = addr_field(c, j, x, "start");
		gl->end = addr_field(c, j, x, "end");
		gl->offset = addr_field(c, j, x, "offset");
		gl->name = pread_lib(c, j, x, 1);
		g->nlibs++;
	}
}

static int
start_cmp(const void *a, const void *b)
{
	const struct glib *x = *(const struct glib *const *)a;
	const struct glib *y = *(const struct glib *const *)b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Sort the libraries by address, once, for find_lib. */
static void
index_libs(struct gprof *g)
{
	g->by_start = xreallocarray(NULL, g->nlibs + 1, sizeof(*g->by_start));
	for (size_t i = 0; i < g->nlibs; i++)
		g->by_start[i] = &g->libs[i];
	if (g->nlibs > 1)
		qsort(g->by_start, g->nlibs, sizeof(*g->by_start), start_cmp);
	for (size_t i = 1; i < g->nlibs; i++)
		if (g->by_start[i]->start < g->by_start[i - 1]->end)
			g->overlap = 1;
}

/*
 * The library holding address a: the first in the profile's order, as the
 * Firefox Profiler takes it.  Libraries do not overlap in real profiles, so
 * a binary search finds it; where they do, the list is searched in order.
 */
static const struct glib *
find_lib(const struct gprof *g, uint64_t a)
{
	size_t lo = 0, hi = g->nlibs;

	if (g->overlap) {
		for (size_t k = 0; k < g->nlibs; k++)
			if (g->libs[k].start <= a && a < g->libs[k].end)
				return &g->libs[k];
		return NULL;
	}
	/* The last library starting at or before a. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (g->by_start[mid]->start <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && a < g->by_start[lo - 1]->end)
		return g->by_start[lo - 1];
	return NULL;
}

/* Append the label of a Gecko frame location string s[0..n). */
static void
gecko_label(const struct gprof *g, struct buf *out, const char *s, size_t n)
{
	uint64_t a;

	/* "fn (in lib)": the last " (in " that leaves a non-empty lib. */
	if (n >= 7 && s[n - 1] == ')') {
		for (size_t p = n - 7; ; p--) {
			if (memcmp(s + p, " (in ", 5) == 0 && p + 5 < n - 1) {
				const char *lib = s + p + 5, *b;
				size_t ln = n - 1 - (p + 5);

				for (b = lib + ln; b > lib && b[-1] != '/'; b--)
					;
				ln -= (size_t)(b - lib);
				if (!(ln == 9 && memcmp(b, "[unknown]", 9) == 0)) {
					esc_append(out, b, ln);
					buf_addc(out, '!');
				}
				esc_append(out, s, p);
				return;
			}
			if (p == 0)
				break;
		}
	}
	if (n > 2 && s[0] == '0' && s[1] == 'x' && n <= 18) {
		size_t i;

		for (i = 2; i < n; i++)
			if (!((s[i] >= '0' && s[i] <= '9') ||
			    (s[i] >= 'a' && s[i] <= 'f')))
				break;
		if (i == n && parse_u64(s, n, &a) == 0) {
			const struct glib *l = find_lib(g, a);

			if (l != NULL) {
				/* No "!" for an empty library name (as the
				 * processed reader). */
				if (*l->name != '\0') {
					esc_append(out, l->name,
					    strlen(l->name));
					buf_addc(out, '!');
				}
				buf_printf(out, "0x%" PRIx64,
				    a - l->start + l->offset);
				return;
			}
		}
	}
	esc_append(out, s, n);
}

static void
prepare_thread(struct pctx *c, const struct gprof *g, const struct json *j,
    int thr, int ti)
{
	struct pthread *t = pnew_thread(c);
	struct ptables *tab = pnew_tables(c);
	int st, ft, sm, strs, cprefix, cframe, cloc, rows, r;
	int64_t nstr, v;
	double d;
	char tname[64];

	t->kind = PK_GECKO;
	t->j = j;
	t->tab = tab;
	t->cpu_mult = g->cpu_mult;
	t->process = pstrdup(c, j, json_get(j, thr, "processName"));
	t->pid = pstrdup(c, j, json_get(j, thr, "pid"));
	t->name = pstrdup(c, j, json_get(j, thr, "name"));
	t->tid = pstrdup(c, j, json_get(j, thr, "tid"));

	strs = json_get(j, thr, "stringTable");
	if (!json_is_array(j, strs))
		pfail(c, "threads[%d]: no stringTable", ti);
	if (!json_scalars(j, strs))
		pfail(c, "threads[%d].stringTable: holds something other than "
		    "strings", ti);
	nstr = json_len(j, strs);

	/* Frames: each frame's label from its location string. */
	snprintf(tname, sizeof(tname), "threads[%d].frameTable", ti);
	ft = json_get(j, thr, "frameTable");
	cloc = schema_col(c, j, ft, tname, "location", 1);
	rows = table_data(c, j, ft, tname);
	tab->nframe = (uint32_t)j->t[rows].size;
	tab->loff = xreallocarray(NULL, tab->nframe, sizeof(*tab->loff));
	tab->llen = xreallocarray(NULL, tab->nframe, sizeof(*tab->llen));
	r = rows + 1;
	for (uint32_t f = 0; f < tab->nframe; f++, r = json_next(j, r)) {
		size_t start = tab->labels.len;
		int s;

		if (!cell_int(c, j, r, cloc, &v, tname, f) || v < 0 || v >= nstr)
			pfail(c, "%s row %" PRIu32 ": location string missing "
			    "or out of range", tname, f);
		s = json_at_tok(j, strs, (int)v);
		if (json_str(j, s, &c->tmp) == -1)
			pfail(c, "threads[%d].stringTable[%" PRId64 "]: not a "
			    "string", ti, v);
		gecko_label(g, &tab->labels, c->tmp.s, c->tmp.len);
		if (tab->labels.s == NULL)
			buf_grow(&tab->labels, 1);
		tab->loff[f] = (uint32_t)start;
		tab->llen[f] = (uint32_t)(tab->labels.len - start);
	}

	/* Stacks: a parent must come before its child. */
	snprintf(tname, sizeof(tname), "threads[%d].stackTable", ti);
	st = json_get(j, thr, "stackTable");
	cprefix = schema_col(c, j, st, tname, "prefix", 1);
	cframe = schema_col(c, j, st, tname, "frame", 1);
	rows = table_data(c, j, st, tname);
	tab->nstack = (uint32_t)j->t[rows].size;
	tab->prefix = xreallocarray(NULL, tab->nstack, sizeof(*tab->prefix));
	tab->frame = xreallocarray(NULL, tab->nstack, sizeof(*tab->frame));
	r = rows + 1;
	for (uint32_t i = 0; i < tab->nstack; i++, r = json_next(j, r)) {
		if (!cell_int(c, j, r, cframe, &v, tname, i) || v < 0 ||
		    v >= tab->nframe)
			pfail(c, "%s row %" PRIu32 ": frame missing or out of "
			    "range", tname, i);
		tab->frame[i] = (uint32_t)v;
		if (!cell_int(c, j, r, cprefix, &v, tname, i))
			v = -1;
		else if (v < 0 || v >= i)
			pfail(c, "%s row %" PRIu32 ": parent %" PRId64 " does "
			    "not come before it", tname, i, v);
		tab->prefix[i] = (int32_t)v;
	}

	/* Samples: checked now, read again when written. */
	snprintf(tname, sizeof(tname), "threads[%d].samples", ti);
	sm = json_get(j, thr, "samples");
	t->cstack = schema_col(c, j, sm, tname, "stack", 1);
	t->ctime = schema_col(c, j, sm, tname, "time", 1);
	t->ccpu = schema_col(c, j, sm, tname, "threadCPUDelta", 0);
	t->rows = table_data(c, j, sm, tname);
	t->n = (uint32_t)j->t[t->rows].size;
	t->time_offset = g->start - c->root_start;
	if (t->ccpu >= 0 && t->cpu_mult != 0)
		c->any_cpu = 1;
	r = t->rows + 1;
	for (uint32_t i = 0; i < t->n; i++, r = json_next(j, r)) {
		if (!json_is_array(j, r))
			pfail(c, "%s row %" PRIu32 ": not an array", tname, i);
		if (cell_int(c, j, r, t->cstack, &v, tname, i) &&
		    (v < 0 || v >= tab->nstack))
			pfail(c, "%s row %" PRIu32 ": stack %" PRId64 " out of "
			    "range", tname, i, v);
		if (!cell_number_or_null(j, r, t->ctime))
			pfail(c, "%s row %" PRIu32 ": time is not a number",
			    tname, i);
		if (!cell_number_or_null(j, r, t->ccpu))
			pfail(c, "%s row %" PRIu32 ": threadCPUDelta is not a "
			    "number", tname, i);
		if (t->ccpu >= 0 && t->ccpu < json_len(j, r) &&
		    json_at_number(j, r, t->ccpu) &&
		    (json_at_double(j, r, t->ccpu, &d) == -1 ||
		    !(d <= PROFILE_MAX_VALUE && d >= 0)))
			pfail(c, "%s row %" PRIu32 ": threadCPUDelta out of "
			    "range", tname, i);
	}
}

static void
prepare_profile(struct pctx *c, const struct json *j, int root, int depth)
{
	struct gchain *ch = c->cleanup_arg;
	struct gprof *g;
	int meta, unit, th, pr, x, st;

	if (depth > GECKO_MAX_NESTING)
		pfail(c, "processes nested more than %d deep",
		    GECKO_MAX_NESTING);
	if (!json_is_object(j, root))
		pfail(c, "a process profile is not an object");
	/* On the chain that gecko_cleanup frees should pfail unwind. */
	g = xcalloc(1, sizeof(*g));
	g->up = ch->top;
	ch->top = g;
	g->j = j;
	g->root = root;
	meta = json_get(j, root, "meta");
	st = json_get(j, meta, "startTime");
	if (json_is_number(j, st))
		json_double(j, st, &g->start);
	if (depth == 0) {
		int64_t v;

		c->root_start = g->start;
		if (json_int(j, json_get(j, meta, "version"), &v) == 0) {
			if (v > PROFILE_MAX_GECKO_VERSION)
				pfail(c, "unsupported Gecko profile version %"
				    PRId64 " (sp reads versions up to %d)", v,
				    PROFILE_MAX_GECKO_VERSION);
			snprintf(c->format, sizeof(c->format), "gecko %" PRId64,
			    v);
		} else
			snprintf(c->format, sizeof(c->format), "gecko");
	}
	unit = json_get(j, json_get(j, meta, "sampleUnits"), "threadCPUDelta");
	if (json_str(j, unit, &c->tmp) == -1)
		buf_reset(&c->tmp);
	if (strcmp(c->tmp.s, "\xc2\xb5s") == 0 || strcmp(c->tmp.s, "us") == 0)
		g->cpu_mult = 1000;
	else if (strcmp(c->tmp.s, "ns") == 0)
		g->cpu_mult = 1;
	read_libs(c, g, j, json_get(j, root, "libs"));
	index_libs(g);

	th = json_get(j, root, "threads");
	if (th >= 0 && !json_is_array(j, th))
		pfail(c, "threads: not an array");
	x = th + 1;
	for (int i = 0; th >= 0 && i < j->t[th].size; i++, x = json_next(j, x)) {
		const struct json *sj = j;
		int sx = x;

		if (json_is_string(j, x)) {
			/* Version 4 and older: a child process as a string. */
			sj = sub_document(c, j, x, "threads");
			sx = 0;
			if (json_get(sj, sx, "threads") >= 0 &&
			    json_get(sj, sx, "meta") >= 0) {
				prepare_profile(c, sj, sx, depth + 1);
				continue;
			}
		}
		if (!json_is_object(sj, sx))
			pfail(c, "threads[%d]: not an object", i);
		prepare_thread(c, g, sj, sx, i);
	}
	pr = json_get(j, root, "processes");
	if (pr >= 0 && !json_is_null(j, pr)) {
		if (!json_is_array(j, pr))
			pfail(c, "processes: not an array");
		x = pr + 1;
		for (int i = 0; i < j->t[pr].size; i++, x = json_next(j, x)) {
			if (json_is_string(j, x))
				prepare_profile(c, sub_document(c, j, x,
				    "processes"), 0, depth + 1);
			else
				prepare_profile(c, j, x, depth + 1);
		}
	}
	ch->top = g->up;
	gprof_free(g);
}

/* A Gecko profile: meta and threads (and no processed version). */
static int
gecko_sniff(const struct json *j, int root)
{
	return json_is_object(j, json_get(j, root, "meta")) &&
	    json_get(j, root, "threads") >= 0;
}

static void
gecko_read(struct pctx *c, const struct pinput *in)
{
	c->cleanup = gecko_cleanup;
	c->cleanup_arg = xcalloc(1, sizeof(struct gchain));
	prepare_profile(c, in->j, in->root, 0);
}

const struct reader reader_gecko = {
	.format = "Gecko profile",
	.sniff_json = gecko_sniff,
	.prepare = gecko_read,
};
