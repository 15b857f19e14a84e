/*
 * profile_processed.c: the Firefox Profiler's processed format, versions 0
 * to 75 (FORMAT.md §1-§4, §6), as samply and profiler.firefox.com write it.
 *
 * Where the tables are: per thread before version 60, in "shared" from 60.
 * Strings: per thread (stringArray, or the old stringTable._array) before
 * 56, shared.stringArray from 56.  Stacks: prefix before 66, prefixOffset
 * from 66.  A frame's library: frame.lib from 70 (valid only with flags bit
 * 1 from 71), else its function's: func.resource -> resource.lib before
 * 70, and from 70 (which has no resource.lib) the name of a resource of
 * type 1 (library).  A func's resource from 75 is valid only with
 * funcTable.flags bit 2.  So a named function keeps its library in every
 * version, as the Firefox Profiler names it (LIB!NAME): it has no address,
 * so no valid frame.lib, but its resource is the library's.  Resources of
 * other types (web hosts, URLs, add-ons of JavaScript) name no library.
 *
 * A frame's label is LIB!NAME for a frame of a known library, where an
 * unsymbolicated NAME (0x...) is replaced by the library-relative
 * frame.address, and NAME alone otherwise; this is the Firefox Profiler's
 * "name with library".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "read/profile_impl.h"
#include "base/util.h"

/* A scope's libraries: names for labels (already basenames). */
struct libset {
	char	**names;
	size_t	 n;
};

/*
 * The column key of table tab (named tname in messages) as an array of
 * scalars, or -1 when absent or null (a failure when required).  With
 * exact, its length must be n.
 */
static int
column(struct pctx *c, const struct json *j, int tab, const char *tname,
    const char *key, int64_t n, int required, int exact)
{
	int a = json_get(j, tab, key);

	if (a < 0 || json_is_null(j, a)) {
		if (required)
			pfail(c, "%s: no %s column", tname, key);
		return -1;
	}
	if (!json_is_array(j, a) || !json_scalars(j, a))
		pfail(c, "%s.%s: not an array of numbers", tname, key);
	if (exact && json_len(j, a) != n)
		pfail(c, "%s.%s has %d entries but the table has %" PRId64,
		    tname, key, json_len(j, a), n);
	return a;
}

/*
 * Element k of column a: 1 with *v set, 0 when null or past the end of a
 * short (sparse) column or when a < 0, and a failure when not an integer.
 */
static int
elem(struct pctx *c, const struct json *j, int a, int64_t k, int64_t *v,
    const char *what)
{
	if (a < 0 || k >= json_len(j, a) || json_at_null(j, a, (int)k))
		return 0;
	if (json_at_int(j, a, (int)k, v) == -1)
		pfail(c, "%s.%s[%" PRId64 "]: not an integer", c->where, what,
		    k);
	return 1;
}

/* The length of a table: its length field, else its column key. */
static int64_t
table_len(struct pctx *c, const struct json *j, int tab, const char *tname,
    const char *key)
{
	int l = json_get(j, tab, "length"), a;
	int64_t n;

	if (!json_is_object(j, tab))
		pfail(c, "%s: missing or not an object", tname);
	if (l >= 0 && json_int(j, l, &n) == 0) {
		if (n < 0 || n > INT32_MAX)
			pfail(c, "%s.length: %" PRId64 " is out of range",
			    tname, n);
		return n;
	}
	a = json_get(j, tab, key);
	if (!json_is_array(j, a))
		pfail(c, "%s: no length and no %s column", tname, key);
	return json_len(j, a);
}

static int
is_hex_name(const char *s, size_t n)
{
	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (size_t i = 2; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/*
 * The library that resource r names when it is of type 1 (library): its
 * name, in c->res until the next call; NULL when it is of another type or
 * has no name.  (The function's name stays in c->tmp.)  The name is taken
 * as it is: samply and the Firefox Profiler name a library's resource by
 * the library's file name, and sp-fxprof by the stream's library, which
 * may hold a '/' ("//anon" of simpleperf) or a backslash.
 */
static const char *
resource_lib(struct pctx *c, const struct json *j, int r_name, int r_type,
    int64_t r, int strings, int64_t nstr)
{
	int64_t type, nameidx;

	if (!elem(c, j, r_type, r, &type, "resourceTable.type") || type != 1)
		return NULL;
	if (!elem(c, j, r_name, r, &nameidx, "resourceTable.name"))
		return NULL;
	if (nameidx < 0 || nameidx >= nstr)
		pfail(c, "%s.resourceTable.name[%" PRId64 "]: string index %"
		    PRId64 " out of range", c->where, r, nameidx);
	if (json_str(j, json_at_tok(j, strings, (int)nameidx), &c->res) == -1)
		pfail(c, "string %" PRId64 ": not a string", nameidx);
	return c->res.s;
}

static struct ptables *
prepare_tables(struct pctx *c, const struct json *j, int holder,
    const char *where, int strings, const struct libset *libs)
{
	struct ptables *tab = pnew_tables(c);
	char tname[128];
	int st, ft, fu, rt;
	int s_prefix, s_offset, s_frame, f_func, f_addr, f_lib, f_flags;
	int u_name, u_res, u_flags, r_lib, r_name, r_type;
	int64_t nstack, nframe, nfunc, nres = 0, nstr;

	if (!json_scalars(j, strings))
		pfail(c, "%s: the string array (stringArray) holds something "
		    "other than strings", where);
	nstr = json_len(j, strings);
	strlcpy(c->where, where, sizeof(c->where));
	st = json_get(j, holder, "stackTable");
	ft = json_get(j, holder, "frameTable");
	fu = json_get(j, holder, "funcTable");
	rt = json_get(j, holder, "resourceTable");

	snprintf(tname, sizeof(tname), "%s.stackTable", where);
	nstack = table_len(c, j, st, tname, "frame");
	s_frame = column(c, j, st, tname, "frame", nstack, 1, 1);
	s_offset = column(c, j, st, tname, "prefixOffset", nstack, 0, 1);
	s_prefix = s_offset >= 0 ? -1 :
	    column(c, j, st, tname, "prefix", nstack, 1, 1);

	snprintf(tname, sizeof(tname), "%s.frameTable", where);
	nframe = table_len(c, j, ft, tname, "func");
	f_func = column(c, j, ft, tname, "func", nframe, 1, 1);
	f_addr = column(c, j, ft, tname, "address", nframe, 0, 0);
	f_lib = column(c, j, ft, tname, "lib", nframe, 0, 0);
	f_flags = column(c, j, ft, tname, "flags", nframe, 0, 0);

	snprintf(tname, sizeof(tname), "%s.funcTable", where);
	nfunc = table_len(c, j, fu, tname, "name");
	u_name = column(c, j, fu, tname, "name", nfunc, 1, 1);
	u_res = column(c, j, fu, tname, "resource", nfunc, 0, 0);
	u_flags = column(c, j, fu, tname, "flags", nfunc, 0, 0);

	r_lib = r_name = r_type = -1;
	if (rt >= 0 && !json_is_null(j, rt)) {
		snprintf(tname, sizeof(tname), "%s.resourceTable", where);
		nres = table_len(c, j, rt, tname, "name");
		r_lib = column(c, j, rt, tname, "lib", nres, 0, 0);
		r_name = column(c, j, rt, tname, "name", nres, 0, 0);
		r_type = column(c, j, rt, tname, "type", nres, 0, 0);
	}

	/* Stacks: a parent must come before its child, so walks end. */
	tab->nstack = (uint32_t)nstack;
	tab->prefix = xreallocarray(NULL, (size_t)nstack, sizeof(*tab->prefix));
	tab->frame = xreallocarray(NULL, (size_t)nstack, sizeof(*tab->frame));
	for (int64_t i = 0; i < nstack; i++) {
		int64_t v, p = -1;

		if (!elem(c, j, s_frame, i, &v, "stackTable.frame"))
			pfail(c, "%s.stackTable.frame[%" PRId64 "] is null",
			    where, i);
		if (v < 0 || v >= nframe)
			pfail(c, "%s.stackTable.frame[%" PRId64 "]: frame %"
			    PRId64 " out of range (%" PRId64 " frames)", where,
			    i, v, nframe);
		tab->frame[i] = (uint32_t)v;
		if (s_offset >= 0) {
			if (elem(c, j, s_offset, i, &v,
			    "stackTable.prefixOffset") && v != 0) {
				if (v < 0 || v > i)
					pfail(c, "%s.stackTable.prefixOffset[%"
					    PRId64 "]: %" PRId64 " is out of "
					    "range", where, i, v);
				p = i - v;
			}
		} else if (elem(c, j, s_prefix, i, &p, "stackTable.prefix")) {
			if (p < 0 || p >= i)
				pfail(c, "%s.stackTable.prefix[%" PRId64 "]: "
				    "parent %" PRId64 " does not come before "
				    "it", where, i, p);
		} else
			p = -1;
		tab->prefix[i] = (int32_t)p;
	}

	/* Frames: every label, computed once. */
	tab->nframe = (uint32_t)nframe;
	tab->loff = xreallocarray(NULL, (size_t)nframe, sizeof(*tab->loff));
	tab->llen = xreallocarray(NULL, (size_t)nframe, sizeof(*tab->llen));
	for (int64_t f = 0; f < nframe; f++) {
		int64_t fn, nameidx, li = -1, addr = -1, flags, r = -1;
		const char *ln = NULL;
		size_t start = tab->labels.len;

		if (!elem(c, j, f_func, f, &fn, "frameTable.func"))
			pfail(c, "%s.frameTable.func[%" PRId64 "] is null",
			    where, f);
		if (fn < 0 || fn >= nfunc)
			pfail(c, "%s.frameTable.func[%" PRId64 "]: func %"
			    PRId64 " out of range (%" PRId64 " funcs)", where,
			    f, fn, nfunc);
		if (!elem(c, j, u_name, fn, &nameidx, "funcTable.name") ||
		    nameidx < 0 || nameidx >= nstr)
			pfail(c, "%s.funcTable.name[%" PRId64 "]: string index "
			    "missing or out of range", where, fn);
		if (json_str(j, json_at_tok(j, strings, (int)nameidx),
		    &c->tmp) == -1)
			pfail(c, "string %" PRId64 ": not a string", nameidx);
		elem(c, j, f_addr, f, &addr, "frameTable.address");
		if (f_lib >= 0) {
			/* Version 70+: an address frame names its library. */
			if (!elem(c, j, f_lib, f, &li, "frameTable.lib"))
				li = -1;
			if (f_flags >= 0 && elem(c, j, f_flags, f, &flags,
			    "frameTable.flags") && !(flags & 2))
				li = addr = -1;
		}
		if (li < 0 && elem(c, j, u_res, fn, &r, "funcTable.resource") &&
		    r >= 0) {
			if (u_flags >= 0 && elem(c, j, u_flags, fn, &flags,
			    "funcTable.flags") && !(flags & 4))
				r = -1;
			if (r >= nres)
				pfail(c, "%s.funcTable.resource[%" PRId64 "]: "
				    "resource %" PRId64 " out of range", where,
				    fn, r);
			if (r >= 0 && f_lib < 0 && !elem(c, j, r_lib, r, &li,
			    "resourceTable.lib"))
				li = -1;
			/*
			 * From 70, which has no resource.lib: by its name;
			 * but an unsymbolicated name without a valid address
			 * is no library-relative address, and must not read
			 * as one (LIB!0xADDR).
			 */
			if (r >= 0 && li < 0 && r_lib < 0 && !(addr < 0 &&
			    is_hex_name(c->tmp.s, c->tmp.len)))
				ln = resource_lib(c, j, r_name, r_type, r,
				    strings, nstr);
		}
		if (li >= 0 && (size_t)li >= libs->n)
			pfail(c, "%s: frame %" PRId64 ": library %" PRId64
			    " out of range (%zu libraries)", where, f, li,
			    libs->n);
		if (li >= 0)
			ln = libs->names[li];
		if (ln == NULL) {
			esc_append(&tab->labels, c->tmp.s, c->tmp.len);
		} else {
			/* An empty library name gets no "!", as the Firefox
			 * Profiler shows it. */
			if (*ln != '\0') {
				esc_append(&tab->labels, ln, strlen(ln));
				buf_addc(&tab->labels, '!');
			}
			if (addr >= 0 && is_hex_name(c->tmp.s, c->tmp.len))
				buf_addhex(&tab->labels, (uint64_t)addr);
			else
				esc_append(&tab->labels, c->tmp.s, c->tmp.len);
		}
		if (tab->labels.len > UINT32_MAX)
			pfail(c, "frame labels too large");
		tab->loff[f] = (uint32_t)start;
		tab->llen[f] = (uint32_t)(tab->labels.len - start);
	}
	return tab;
}

/* Read a libs array (global or per thread) into set and the #lib list. */
static void
read_libs(struct pctx *c, const struct json *j, int arr, struct libset *set)
{
	int x;

	set->n = 0;
	set->names = NULL;
	if (arr < 0 || json_is_null(j, arr))
		return;
	if (!json_is_array(j, arr))
		pfail(c, "libs: not an array");
	set->names = xcalloc((size_t)j->t[arr].size + 1, sizeof(char *));
	x = arr + 1;
	for (int i = 0; i < j->t[arr].size; i++, x = json_next(j, x)) {
		if (!json_is_object(j, x))
			pfail(c, "libs[%d]: not an object", i);
		set->names[i] = pread_lib(c, j, x, 0);
		set->n++;
	}
}

static void
free_libset(struct libset *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->names[i]);
	free(s->names);
	s->names = NULL;
	s->n = 0;
}

/* A profile's libraries (global), or its thread's before version 41. */
struct plibs {
	struct libset global, local;
};

static void
free_plibs(void *arg)
{
	struct plibs *pl = arg;

	free_libset(&pl->global);
	free_libset(&pl->local);
	free(pl);
}

/* The string array of a scope: stringArray or stringTable._array. */
static int
strings_of(const struct json *j, int holder)
{
	int a = json_get(j, holder, "stringArray");

	if (json_is_array(j, a))
		return a;
	return json_get(j, json_get(j, holder, "stringTable"), "_array");
}

/* Is arr a pack of integers, all (nulls aside) within lo..hi? */
static int
int_pack_within(const struct json *j, int arr, int64_t lo, int64_t hi)
{
	const struct json_pack *p = json_pack_of(j, arr);

	return p != NULL && p->width > 0 && p->lo >= lo && p->hi <= hi;
}

/* Check the samples of thread t (index ti) and note their columns. */
static void
prepare_samples(struct pctx *c, const struct json *j, int thr, int ti,
    struct pthread *t)
{
	char tname[64];
	int sm = json_get(j, thr, "samples"), wt;
	int64_t n, v;
	double d;

	snprintf(tname, sizeof(tname), "threads[%d].samples", ti);
	snprintf(c->where, sizeof(c->where), "threads[%d]", ti);
	n = table_len(c, j, sm, tname, "stack");
	t->n = (uint32_t)n;
	t->stack = column(c, j, sm, tname, "stack", n, 1, 1);
	t->time = column(c, j, sm, tname, "time", n, 0, 1);
	if (t->time < 0)
		t->deltas = column(c, j, sm, tname, "timeDeltas", n, 0, 1);
	if (t->time < 0 && t->deltas < 0 && n > 0)
		pfail(c, "%s: no time or timeDeltas column", tname);
	t->weight = column(c, j, sm, tname, "weight", n, 0, 1);
	t->cpu = column(c, j, sm, tname, "threadCPUDelta", n, 0, 1);
	wt = json_get(j, sm, "weightType");
	if (json_streq(j, wt, "tracing-ms"))
		c->weight_type = "tracing-ms";
	else if (json_streq(j, wt, "bytes"))
		c->weight_type = "bytes";
	if (t->cpu >= 0 && t->cpu_mult != 0)
		c->any_cpu = 1;
	/*
	 * Packs hold only numbers and nulls, and packs of integers know
	 * their bounds: then no sample needs a look (the loop below, the
	 * check of short or unpacked columns, finds the first bad one).
	 */
	if (int_pack_within(j, t->stack, 0, (int64_t)t->tab->nstack - 1) &&
	    json_pack_of(j, t->time >= 0 ? t->time : t->deltas) != NULL &&
	    (t->weight < 0 || int_pack_within(j, t->weight,
	    -PROFILE_MAX_VALUE, PROFILE_MAX_VALUE)) &&
	    (t->cpu < 0 || int_pack_within(j, t->cpu, 0, PROFILE_MAX_VALUE)))
		return;
	for (int64_t i = 0; i < n; i++) {
		int k = (int)i, tc = t->time >= 0 ? t->time : t->deltas;

		if (elem(c, j, t->stack, i, &v, "samples.stack") &&
		    (v < 0 || v >= t->tab->nstack))
			pfail(c, "%s.stack[%" PRId64 "]: stack %" PRId64
			    " out of range (%" PRIu32 " stacks)", tname, i, v,
			    t->tab->nstack);
		if (!json_at_number(j, tc, k) && !json_at_null(j, tc, k))
			pfail(c, "%s: time of sample %" PRId64 " is not a "
			    "number", tname, i);
		if (t->weight >= 0 && !json_at_number(j, t->weight, k) &&
		    !json_at_null(j, t->weight, k))
			pfail(c, "%s.weight[%" PRId64 "]: not a number", tname,
			    i);
		if (t->cpu >= 0 && !json_at_number(j, t->cpu, k) &&
		    !json_at_null(j, t->cpu, k))
			pfail(c, "%s.threadCPUDelta[%" PRId64 "]: not a number",
			    tname, i);
		/* Sums of many samples must still fit in 64 bits. */
		if (t->weight >= 0 && json_at_number(j, t->weight, k) &&
		    (json_at_double(j, t->weight, k, &d) == -1 ||
		    !(d <= PROFILE_MAX_VALUE && d >= -PROFILE_MAX_VALUE)))
			pfail(c, "%s.weight[%" PRId64 "]: out of range", tname,
			    i);
		if (t->cpu >= 0 && json_at_number(j, t->cpu, k) &&
		    (json_at_double(j, t->cpu, k, &d) == -1 ||
		    !(d <= PROFILE_MAX_VALUE && d >= 0)))
			pfail(c, "%s.threadCPUDelta[%" PRId64 "]: out of range",
			    tname, i);
	}
}

static void
processed_prepare(struct pctx *c, const struct json *j, int root,
    double version)
{
	int meta = json_get(j, root, "meta");
	int shared = json_get(j, root, "shared");
	int threads = json_get(j, root, "threads");
	int unit, sstrings, x;
	struct ptables *stab = NULL;
	struct plibs *pl = xcalloc(1, sizeof(*pl));
	int64_t mult = 0;

	/* Freed by profile_run, also when pfail unwinds past us. */
	c->cleanup = free_plibs;
	c->cleanup_arg = pl;
	snprintf(c->format, sizeof(c->format), "processed %d", (int)version);
	unit = json_get(j, json_get(j, meta, "sampleUnits"), "threadCPUDelta");
	if (json_str(j, unit, &c->tmp) == -1)
		buf_reset(&c->tmp);
	if (strcmp(c->tmp.s, "\xc2\xb5s") == 0 || strcmp(c->tmp.s, "us") == 0)
		mult = 1000;
	else if (strcmp(c->tmp.s, "ns") == 0)
		mult = 1;
	if (!json_is_array(j, threads))
		pfail(c, "no threads array");
	read_libs(c, j, json_get(j, root, "libs"), &pl->global);
	sstrings = json_get(j, shared, "stringArray");
	if (sstrings >= 0 && !json_is_array(j, sstrings))
		pfail(c, "shared.stringArray: not an array");
	if (json_get(j, shared, "stackTable") >= 0) {
		if (sstrings < 0)
			pfail(c, "shared tables without shared.stringArray");
		stab = prepare_tables(c, j, shared, "shared", sstrings,
		    &pl->global);
	}
	x = threads + 1;
	for (int ti = 0; ti < j->t[threads].size; ti++, x = json_next(j, x)) {
		struct pthread *t;
		char where[32];

		if (!json_is_object(j, x))
			pfail(c, "threads[%d]: not an object", ti);
		t = pnew_thread(c);
		t->kind = PK_PROCESSED;
		t->j = j;
		t->cpu_mult = mult;
		t->process = pstrdup(c, j, json_get(j, x, "processName"));
		t->pid = pstrdup(c, j, json_get(j, x, "pid"));
		t->name = pstrdup(c, j, json_get(j, x, "name"));
		t->tid = pstrdup(c, j, json_get(j, x, "tid"));
		if (stab != NULL)
			t->tab = stab;
		else {
			int strings = strings_of(j, x);
			const struct libset *ls = &pl->global;

			if (strings < 0)
				strings = sstrings;
			if (!json_is_array(j, strings))
				pfail(c, "threads[%d]: no string array", ti);
			if (pl->global.n == 0) {
				/* Before version 41 each thread has libs. */
				free_libset(&pl->local);
				read_libs(c, j, json_get(j, x, "libs"),
				    &pl->local);
				ls = &pl->local;
			}
			snprintf(where, sizeof(where), "threads[%d]", ti);
			t->tab = prepare_tables(c, j, x, where, strings, ls);
		}
		prepare_samples(c, j, x, ti, t);
	}
}

/*
 * Detection follows FORMAT.md §0: a processed profile has a
 * meta.preprocessedProfileVersion (checked to be a number by the reader),
 * or (version 0) a first thread with a stringArray or stringTable._array.
 * meta.version is never used to tell it from a Gecko profile.
 */
static int
processed_sniff(const struct json *j, int root)
{
	int v = json_get(j, json_get(j, root, "meta"),
	    "preprocessedProfileVersion");
	int th = json_get(j, root, "threads"), t0, st;

	if (v >= 0 && !json_is_null(j, v))
		return 1;
	if (json_len(j, th) < 1)
		return 0;
	t0 = th + 1;
	if (!json_is_object(j, t0))
		return 0;
	if (json_is_array(j, json_get(j, t0, "stringArray")))
		return 1;
	st = json_get(j, t0, "stringTable");
	return json_is_array(j, json_get(j, st, "_array"));
}

static void
processed_read(struct pctx *c, const struct pinput *in)
{
	const struct json *j = in->j;
	int v = json_get(j, json_get(j, in->root, "meta"),
	    "preprocessedProfileVersion");
	double version = 0;

	if (v >= 0 && !json_is_null(j, v)) {
		if (!json_is_number(j, v))
			pfail(c, "meta.preprocessedProfileVersion is not a "
			    "number");
		json_double(j, v, &version);
		if (version > PROFILE_MAX_PROCESSED_VERSION)
			pfail(c, "unsupported processed profile version %g "
			    "(sp reads versions 0 to %d)", version,
			    PROFILE_MAX_PROCESSED_VERSION);
		if (version < 0 || version != (double)(int)version)
			pfail(c, "bad processed profile version %g", version);
	}
	processed_prepare(c, j, in->root, version);
}

const struct reader reader_processed = {
	.format = "Firefox Profiler processed profile",
	.sniff_json = processed_sniff,
	.prepare = processed_read,
};
