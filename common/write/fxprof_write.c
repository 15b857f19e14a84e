/*
 * fxprof_write.c: the Firefox Profiler's processed format, version 75
 * (fxprof_write.h; ../shared/FORMAT.md describes every table).
 *
 * What each part of the stream becomes:
 *
 *	thread		a thread of the profile: name, tid, pid, processName;
 *			the thread whose tid is its pid is its process's main
 *			thread; threads of a process are together
 *	sample line	a sample: its stack, time, weight; the cpu column is
 *			threadCPUDelta in ns.  A line of a -c stream (several
 *			samples) is one sample of their summed weight
 *	"LIB!0xADDR"	a frame at address ADDR of library LIB (frameTable
 *			address and lib, flags bit 1), in a function named
 *			"0xADDR" of LIB's resource: unsymbolicated, as samply
 *			writes them, so that the Firefox Profiler and samply
 *			load can symbolicate it
 *	"LIB!NAME"	a frame of function NAME of LIB's resource
 *	"NAME"		a frame of function NAME of no resource
 *	" @ FILE:LINE"	the function's source FILE, the frame's line LINE
 *	" (inlined)"	the frame marked inlined (flags bit 0), in the
 *			function of the name without the mark
 *	#lib headers	libs (only those of some frame), with a breakpadId
 *			made from an ELF build id where only that is known,
 *			and both read from the file at the library's path
 *			where neither is and its frames are addresses
 *
 * A function is a name, a library and a file: the Firefox Profiler counts
 * a function once per sample however many of its frames the stack holds,
 * as sp-aggregate counts a frame.
 *
 * Categories: Kernel for frames of [kernel.kallsyms] (and other [...]
 * modules, and perf's "_[k]" names), JIT for perf-PID.map and jitted-*.so
 * libraries ("_[j]"), JavaScript for the functions of .cpuprofile and
 * Chrome trace sources, Off-CPU for "[off-cpu: ...]" frames, User for the
 * rest; the Firefox Profiler gives a stack the category of its leaf.
 *
 * Weights: "samples" streams give a samples weight, "bytes" bytes, and
 * streams weighted by time (ns, us, ms) tracing-ms, the weights written in
 * ms with every digit (ns as 6 decimals).  Another weight type (perf's
 * period) is written as it is, as samples; meta.extra says so.
 *
 * The Firefox Profiler ignores a thread's first threadCPUDelta (it has no
 * sample before it), so a thread whose first sample has CPU time gets a
 * sample before it without stack, weight or CPU time, one interval
 * earlier: every ns of the cpu column then counts.
 *
 * One job, one format written; its length is the format's many tables
 * (threads, samples, stacks, frames, functions, resources, libraries and
 * their ids, meta), each written here in the order the format wants.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/fxprof_write.h"
#include "base/escape.h"
#include "stream/frame.h"
#include "sym/sym_image.h"
#include "base/strtab.h"
#include "base/util.h"

enum { CAT_OTHER, CAT_USER, CAT_KERNEL, CAT_JIT, CAT_JS, CAT_OFFCPU };

static const struct { const char *name, *color; } categories[] = {
	{ "Other",	"grey" },
	{ "User",	"yellow" },
	{ "Kernel",	"orange" },
	{ "JIT",	"green" },
	{ "JavaScript",	"yellow" },
	{ "Off-CPU",	"blue" },
};

/* frameTable flags (v71) and funcTable flags (v75). */
enum {
	FR_INLINED = 1, FR_ADDR_LIB = 2, FR_CATEGORY = 4, FR_LINE = 16
};
enum { FN_IS_JS = 1, FN_RESOURCE = 4, FN_SOURCE = 8 };

/* How a thread's weights are written. */
enum { WT_SAMPLES, WT_BYTES, WT_TRACING };

struct fx {
	struct sampleset *s;
	struct jw *w;

	struct strtab *strs;		/* the stringArray */
	struct strtab *usedlibs;	/* sampleset lib id (4 bytes) -> index */
	uint32_t *lib_of;		/* index -> sampleset lib id */
	size_t	 locap;
	struct strtab *funcs;		/* lib, name, file -> func */
	struct { uint32_t name; int32_t res, src; int js; } *fn;
	size_t	 fncap;
	struct strtab *files;		/* file -> source */
	uint32_t *file_str;
	size_t	 filecap;
	struct {
		int64_t	 addr;		/* -1: none */
		int32_t	 lib;		/* output lib index; -1: none */
		uint32_t func;
		int64_t	 line;
		uint8_t	 cat, inlined;
	} *fr;

	struct buf tmp, key;
	const char *product;
	double	 interval;
	int	 any_odd_weight;	/* a weight type written as samples */
	uint8_t	*lib_addr;		/* lib index -> some frame an address */
	size_t	 lacap;
	int	 any_addr;
};

static uint32_t
str_id(struct fx *x, const char *s, size_t n)
{
	return st_intern(x->strs, s, n, NULL);
}

/* The unescaped form of an escaped span, in x->tmp. */
static void
unesc(struct fx *x, const char *s, size_t n)
{
	buf_reset(&x->tmp);
	buf_add(&x->tmp, "", 0);
	/* The reader checked every escape. */
	(void)unesc_append(&x->tmp, s, n);
}

/* Is a library name (unescaped) the kernel's or a kernel module's? */
static int
kernel_lib(const char *s, size_t n)
{
	static const char *const user[] = {
		"[vdso]", "[vsyscall]", "[vvar]", "[unknown]", "[heap]",
		"[stack]", "[anon]", "[uprobes]", "[jit]", "[JIT]"
	};

	if (n < 2 || s[0] != '[' || s[n - 1] != ']')
		return 0;
	for (size_t i = 0; i < SP_NELEM(user); i++)
		if (n == strlen(user[i]) && memcmp(s, user[i], n) == 0)
			return 0;
	return !has_prefix(s, n, "[anon:") && !has_prefix(s, n, "[JIT]");
}

static int
jit_lib(const char *s, size_t n)
{
	/* The base name: perf-PID.map and jitted-*.so may come with paths. */
	for (size_t i = n; i > 0; i--)
		if (s[i - 1] == '/') {
			s += i;
			n -= i;
			break;
		}
	return (has_prefix(s, n, "perf-") && has_suffix(s, n, ".map")) ||
	    (has_prefix(s, n, "jitted-") && has_suffix(s, n, ".so")) ||
	    has_prefix(s, n, "[JIT]") || (n == 3 && memcmp(s, "JIT", 3) == 0);
}

static int
js_source(const char *format)
{
	return strncmp(format, "cpuprofile", 10) == 0 ||
	    strncmp(format, "chrome", 6) == 0;
}

/* The output index of sampleset library id, added if new. */
static int32_t
used_lib(struct fx *x, uint32_t lib)
{
	int added;
	uint32_t id = st_intern(x->usedlibs, (const char *)&lib, sizeof(lib),
	    &added);

	if (added) {
		xgrow(&x->lib_of, &x->locap, (size_t)id + 1,
		    sizeof(*x->lib_of));
		x->lib_of[id] = lib;
		xgrow(&x->lib_addr, &x->lacap, (size_t)id + 1,
		    sizeof(*x->lib_addr));
		x->lib_addr[id] = 0;
	}
	return (int32_t)id;
}

/* The sampleset library of an unescaped name, added if new. */
static uint32_t
lib_named(struct fx *x, const char *name, size_t n)
{
	struct sampleset *s = x->s;
	int added;
	uint32_t id = st_intern(s->libnames, name, n, &added);

	xgrow(&s->libs, &s->libcap, (size_t)id + 1, sizeof(*s->libs));
	if (added) {
		struct ss_lib *l = &s->libs[id];

		memset(l, 0, sizeof(*l));
		l->name = xmemdup(name, n);
	}
	return id;
}

static uint32_t
func(struct fx *x, int32_t res, const char *name, size_t nn,
    const char *file, size_t fnl, int js)
{
	uint64_t len = nn;
	int added;
	uint32_t id;

	buf_reset(&x->key);
	buf_add(&x->key, &res, sizeof(res));
	buf_add(&x->key, &len, sizeof(len));
	buf_add(&x->key, name, nn);
	buf_add(&x->key, file == NULL ? "" : file, fnl);
	id = st_intern(x->funcs, x->key.s, x->key.len, &added);
	if (added) {
		xgrow(&x->fn, &x->fncap, (size_t)id + 1, sizeof(*x->fn));
		x->fn[id].name = str_id(x, name, nn);
		x->fn[id].res = res;
		x->fn[id].js = js;
		x->fn[id].src = -1;
		if (file != NULL) {
			int fa;
			uint32_t f = st_intern(x->files, file, fnl, &fa);

			if (fa) {
				xgrow(&x->file_str, &x->filecap, (size_t)f + 1,
				    sizeof(*x->file_str));
				x->file_str[f] = str_id(x, file, fnl);
			}
			x->fn[id].src = (int32_t)f;
		}
	}
	return id;
}

/* Every frame of the set as a frame of the profile. */
static void
frames(struct fx *x)
{
	struct sampleset *s = x->s;
	size_t nf = st_count(s->frames);
	struct buf name = { 0 }, file = { 0 };

	x->fr = xreallocarray(NULL, nf ? nf : 1, sizeof(*x->fr));
	for (size_t i = 0; i < nf; i++) {
		size_t len;
		const char *p = st_str(s->frames, (uint32_t)i, &len);
		const char *fmt = s->src[s->frame_src[i]].format;
		struct sp_frame f;
		int32_t lib = -1;
		int cat = CAT_USER, js = 0;

		sp_frame_split(p, len, &f);
		buf_reset(&name);
		buf_add(&name, "", 0);
		(void)unesc_append(&name, f.name, f.namelen);
		if (f.lib != NULL) {
			unesc(x, f.lib, f.liblen);
			if (kernel_lib(x->tmp.s, x->tmp.len))
				cat = CAT_KERNEL;
			else if (jit_lib(x->tmp.s, x->tmp.len))
				cat = CAT_JIT;
			lib = used_lib(x, lib_named(x, x->tmp.s, x->tmp.len));
		}
		if (has_prefix(name.s, name.len, "[off-cpu"))
			cat = CAT_OFFCPU;
		else if (has_suffix(name.s, name.len, "_[k]"))
			cat = CAT_KERNEL;
		else if (has_suffix(name.s, name.len, "_[j]"))
			cat = CAT_JIT;
		else if (f.lib == NULL && js_source(fmt) && name.len > 0 &&
		    name.s[0] != '(') {
			cat = CAT_JS;
			js = 1;
		} else if (f.lib == NULL && name.len > 0 && name.s[0] == '(')
			cat = CAT_OTHER;
		buf_reset(&file);
		buf_add(&file, "", 0);
		if (f.file != NULL)
			(void)unesc_append(&file, f.file, f.filelen);
		x->fr[i].func = func(x, lib, name.s, name.len,
		    f.file != NULL ? file.s : NULL, file.len, js);
		/* JSON numbers are exact below 2^53. */
		x->fr[i].addr = f.is_addr && f.lib != NULL &&
		    f.addr < (1ULL << 53) ?
		    (int64_t)f.addr : -1;
		x->fr[i].lib = x->fr[i].addr >= 0 ? lib : -1;
		x->fr[i].line = f.line;
		x->fr[i].cat = (uint8_t)cat;
		x->fr[i].inlined = (uint8_t)f.inlined;
		if (x->fr[i].addr >= 0) {
			x->any_addr = 1;
			xgrow(&x->lib_addr, &x->lacap, (size_t)lib + 1,
			    sizeof(*x->lib_addr));
			x->lib_addr[lib] = 1;
		}
	}
	buf_free(&name);
	buf_free(&file);
}

static int
weight_kind(const char *t, int *decimals)
{
	*decimals = 0;
	if (strcmp(t, "samples") == 0)
		return WT_SAMPLES;
	if (strcmp(t, "bytes") == 0)
		return WT_BYTES;
	if (strcmp(t, "tracing-ms") == 0 || strcmp(t, "ms") == 0)
		return WT_TRACING;
	if (strcmp(t, "us") == 0) {
		*decimals = 3;
		return WT_TRACING;
	}
	if (strcmp(t, "ns") == 0) {
		*decimals = 6;
		return WT_TRACING;
	}
	return -1;
}

/* --- Sample order and the interval --- */

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The sampling interval: the median gap between a thread's consecutive
 * samples (in time order), over up to 2^16 gaps spread over the threads;
 * 1 ms when there is none, or when no source had times (they are spaced
 * 1 ms apart).
 */
static double
interval(struct sampleset *s, uint32_t **order)
{
	size_t nt = sset_nthreads(s), total = 0, n = 0, cap = 1 << 16,
	    stride, timed = 0;
	double *g, med;

	for (size_t i = 0; i < s->nsrc; i++)
		timed += s->src[i].nsamples > 0 && !s->src[i].timeless;
	if (timed == 0)
		return 1;

	for (size_t i = 0; i < nt; i++)
		total += s->threads[i].n;
	stride = total / cap + 1;
	g = xreallocarray(NULL, cap, sizeof(*g));
	for (size_t i = 0; i < nt; i++) {
		const struct ss_thread *t = &s->threads[i];

		for (size_t k = 1; k < t->n && n < cap; k += stride) {
			size_t a = order[i] ? order[i][k - 1] : k - 1;
			size_t b = order[i] ? order[i][k] : k;
			double d = t->time[b] - t->time[a];

			if (d > 0)
				g[n++] = d;
		}
	}
	if (n == 0) {
		free(g);
		return 1;
	}
	qsort(g, n, sizeof(*g), cmp_double);
	med = g[n / 2];
	free(g);
	return med;
}

/* --- Writing --- */

static void
key(struct fx *x, const char *k)
{
	jw_key(x->w, k);
}

/* "key":[v,v,...] of n unsigned values from a callback. */
static void
array_u(struct fx *x, const char *k, size_t n,
    uint64_t (*get)(struct fx *, size_t))
{
	struct jw *w = x->w;

	key(x, k);
	jw_char(w, '[');
	for (size_t i = 0; i < n; i++) {
		jw_need(w, 24);
		if (i > 0)
			*w->p++ = ',';
		w->p = jw_put_u64(w->p, get(x, i));
	}
	jw_char(w, ']');
}

/* "key":[v,...] of n copies of a literal. */
static void
array_same(struct fx *x, const char *k, size_t n, const char *v)
{
	struct jw *w = x->w;
	size_t vl = strlen(v);

	key(x, k);
	jw_char(w, '[');
	for (size_t i = 0; i < n; i++) {
		jw_need(w, vl + 1);
		if (i > 0)
			*w->p++ = ',';
		memcpy(w->p, v, vl);
		w->p += vl;
	}
	jw_char(w, ']');
}

static uint64_t g_st_frame(struct fx *x, size_t i) { return x->s->node_frame[i]; }
static uint64_t
g_st_prefix(struct fx *x, size_t i)
{
	uint32_t p = x->s->node_parent[i];

	return p == NODE_NONE ? 0 : i - p;
}
static uint64_t g_fr_addr(struct fx *x, size_t i) { return x->fr[i].addr < 0 ? 0 : (uint64_t)x->fr[i].addr; }
static uint64_t g_fr_cat(struct fx *x, size_t i) { return x->fr[i].cat; }
static uint64_t g_fr_func(struct fx *x, size_t i) { return x->fr[i].func; }
static uint64_t g_fr_line(struct fx *x, size_t i) { return (uint64_t)x->fr[i].line; }
static uint64_t g_fr_lib(struct fx *x, size_t i) { return x->fr[i].lib < 0 ? 0 : (uint64_t)x->fr[i].lib; }
static uint64_t
g_fr_flags(struct fx *x, size_t i)
{
	return FR_CATEGORY | (x->fr[i].inlined ? FR_INLINED : 0) |
	    (x->fr[i].addr >= 0 ? FR_ADDR_LIB : 0) |
	    (x->fr[i].line > 0 ? FR_LINE : 0);
}
static uint64_t g_fn_name(struct fx *x, size_t i) { return x->fn[i].name; }
static uint64_t g_fn_res(struct fx *x, size_t i) { return x->fn[i].res < 0 ? 0 : (uint64_t)x->fn[i].res; }
static uint64_t g_fn_src(struct fx *x, size_t i) { return x->fn[i].src < 0 ? 0 : (uint64_t)x->fn[i].src; }
static uint64_t
g_fn_flags(struct fx *x, size_t i)
{
	return (x->fn[i].js ? FN_IS_JS : 0) |
	    (x->fn[i].res >= 0 ? FN_RESOURCE : 0) |
	    (x->fn[i].src >= 0 ? FN_SOURCE : 0);
}
static uint64_t g_res_name(struct fx *x, size_t i)
{
	const char *n = x->s->libs[x->lib_of[i]].name;

	return str_id(x, n, strlen(n));
}
static uint64_t g_src_file(struct fx *x, size_t i) { return x->file_str[i]; }

/* A JSON string or null for "". */
static void
str_or_null(struct jw *w, const char *s)
{
	if (s == NULL || s[0] == '\0')
		jw_lit(w, "null");
	else
		jw_strz(w, s);
}

/*
 * The breakpad id of an ELF build id (hex): its first 16 bytes as a GUID,
 * the first three fields byte-swapped, uppercase, and the age 0.  Empty
 * when code_id is no such build id.  out has room for 34 bytes.
 */
static void
breakpad_of(const char *code_id, char *out)
{
	static const int order[16] = {
		3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15
	};
	size_t n = strlen(code_id);

	out[0] = '\0';
	if (n < 32)
		return;
	for (size_t i = 0; i < n; i++)
		if (!((code_id[i] >= '0' && code_id[i] <= '9') ||
		    (code_id[i] >= 'a' && code_id[i] <= 'f')))
			return;
	for (int i = 0; i < 16; i++) {
		const char *h = code_id + 2 * order[i];

		out[2 * i] = (char)(h[0] >= 'a' ? h[0] - 'a' + 'A' : h[0]);
		out[2 * i + 1] = (char)(h[1] >= 'a' ? h[1] - 'a' + 'A' : h[1]);
	}
	out[32] = '0';
	out[33] = '\0';
}

/*
 * The ids of a library the stream knows only by path: samply load and the
 * Firefox Profiler ask for symbols by debug name and breakpad id, so a
 * library of unsymbolicated frames (a perf.data recording, where perf keeps
 * no ids) with neither id gets those of the file at its path, when it is an
 * ELF or Mach-O file here.
 */
static void
ids_from_file(const struct ss_lib *l, char *code, size_t csz, char *bp)
{
	struct sym_image im;
	const char *why;

	if (l->path == NULL || l->path[0] != '/' ||
	    sym_image_read(l->path, l->arch, &im, &why) == -1 ||
	    im.id[0] == '\0')
		return;
	if (im.kind == SYMK_ELF) {
		snprintf(code, csz, "%s", im.id);
		breakpad_of(code, bp);
	} else if (im.kind == SYMK_MACHO && strlen(im.id) == 32) {
		for (size_t i = 0; i < 32; i++)
			code[i] = (char)(im.id[i] >= 'a' && im.id[i] <= 'f' ?
			    im.id[i] - 'a' + 'A' : im.id[i]);
		code[32] = '\0';
		memcpy(bp, code, 32);
		bp[32] = '0';
		bp[33] = '\0';
	}
}

static void
write_libs(struct fx *x)
{
	struct jw *w = x->w;
	size_t n = st_count(x->usedlibs);

	key(x, "libs");
	jw_char(w, '[');
	for (size_t i = 0; i < n; i++) {
		const struct ss_lib *l = &x->s->libs[x->lib_of[i]];
		const char *path = l->path != NULL && l->path[0] != '\0' ?
		    l->path : l->name;
		char bp[160] = "", code[160] = "";
		int addr = x->lib_addr[i];

		if (i > 0)
			jw_char(w, ',');
		jw_lit(w, "{\"name\":");
		jw_strz(w, l->name);
		jw_lit(w, ",\"path\":");
		jw_strz(w, path);
		jw_lit(w, ",\"debugName\":");
		jw_strz(w, l->debug_name != NULL && l->debug_name[0] != '\0' ?
		    l->debug_name : l->name);
		jw_lit(w, ",\"debugPath\":");
		jw_strz(w, l->debug_path != NULL && l->debug_path[0] != '\0' ?
		    l->debug_path : path);
		if (l->breakpad_id != NULL && l->breakpad_id[0] != '\0')
			snprintf(bp, sizeof(bp), "%s", l->breakpad_id);
		if (l->code_id != NULL && l->code_id[0] != '\0')
			snprintf(code, sizeof(code), "%s", l->code_id);
		if (addr && bp[0] == '\0' && code[0] == '\0')
			ids_from_file(l, code, sizeof(code), bp);
		if (bp[0] == '\0')
			breakpad_of(code, bp);
		jw_lit(w, ",\"breakpadId\":");
		jw_strz(w, bp);
		jw_lit(w, ",\"codeId\":");
		str_or_null(w, code);
		jw_lit(w, ",\"arch\":");
		str_or_null(w, l->arch);
		jw_char(w, '}');
	}
	jw_char(w, ']');
}

static void
write_shared(struct fx *x)
{
	struct jw *w = x->w;
	struct sampleset *s = x->s;
	size_t nn = s->nnodes, nf = st_count(s->frames);
	size_t nfn = st_count(x->funcs), nr = st_count(x->usedlibs);
	size_t nsrc = st_count(x->files), ns;

	/* Resource names go into the strings before they are written. */
	for (size_t i = 0; i < nr; i++)
		(void)g_res_name(x, i);
	key(x, "shared");
	jw_char(w, '{');

	key(x, "stackTable");
	jw_char(w, '{');
	array_u(x, "frame", nn, g_st_frame);
	jw_char(w, ',');
	array_u(x, "prefixOffset", nn, g_st_prefix);
	jw_lit(w, ",\"length\":");
	jw_u64(w, nn);
	jw_lit(w, "},");

	key(x, "frameTable");
	jw_char(w, '{');
	array_u(x, "address", nf, g_fr_addr);
	jw_char(w, ',');
	array_u(x, "category", nf, g_fr_cat);
	jw_char(w, ',');
	array_same(x, "subcategory", nf, "0");
	jw_char(w, ',');
	array_u(x, "func", nf, g_fr_func);
	jw_char(w, ',');
	array_same(x, "nativeSymbol", nf, "0");
	jw_char(w, ',');
	array_same(x, "innerWindowID", nf, "0");
	jw_char(w, ',');
	array_u(x, "line", nf, g_fr_line);
	jw_char(w, ',');
	array_same(x, "column", nf, "0");
	jw_char(w, ',');
	array_same(x, "originalLocation", nf, "0");
	jw_char(w, ',');
	array_u(x, "lib", nf, g_fr_lib);
	jw_char(w, ',');
	array_u(x, "flags", nf, g_fr_flags);
	jw_lit(w, ",\"length\":");
	jw_u64(w, nf);
	jw_lit(w, "},");

	key(x, "funcTable");
	jw_char(w, '{');
	array_u(x, "name", nfn, g_fn_name);
	jw_char(w, ',');
	array_u(x, "resource", nfn, g_fn_res);
	jw_char(w, ',');
	array_u(x, "source", nfn, g_fn_src);
	jw_char(w, ',');
	array_same(x, "lineNumber", nfn, "0");
	jw_char(w, ',');
	array_same(x, "columnNumber", nfn, "0");
	jw_char(w, ',');
	array_same(x, "originalLocation", nfn, "0");
	jw_char(w, ',');
	array_u(x, "flags", nfn, g_fn_flags);
	jw_lit(w, ",\"length\":");
	jw_u64(w, nfn);
	jw_lit(w, "},");

	jw_lit(w, "\"nativeSymbols\":{\"libIndex\":[],\"address\":[],"
	    "\"name\":[],\"functionSize\":[],\"length\":0},");

	key(x, "resourceTable");
	jw_char(w, '{');
	array_same(x, "type", nr, "1");
	jw_char(w, ',');
	array_u(x, "name", nr, g_res_name);
	jw_char(w, ',');
	array_same(x, "host", nr, "null");
	jw_lit(w, ",\"length\":");
	jw_u64(w, nr);
	jw_lit(w, "},");

	key(x, "sources");
	jw_char(w, '{');
	array_same(x, "id", nsrc, "null");
	jw_char(w, ',');
	array_u(x, "filename", nsrc, g_src_file);
	jw_char(w, ',');
	array_same(x, "startLine", nsrc, "1");
	jw_char(w, ',');
	array_same(x, "startColumn", nsrc, "1");
	jw_char(w, ',');
	array_same(x, "sourceMapURL", nsrc, "null");
	jw_char(w, ',');
	array_same(x, "content", nsrc, "null");
	jw_lit(w, ",\"length\":");
	jw_u64(w, nsrc);
	jw_lit(w, "},");

	jw_lit(w, "\"sourceLocationTable\":{\"source\":[],\"line\":[],"
	    "\"column\":[],\"length\":0},");

	key(x, "stringArray");
	jw_char(w, '[');
	ns = st_count(x->strs);
	for (size_t i = 0; i < ns; i++) {
		size_t len;
		const char *p = st_str(x->strs, (uint32_t)i, &len);

		if (i > 0)
			jw_char(w, ',');
		jw_str(w, p, len);
	}
	jw_lit(w, "]}");
}

/* Threads in the order they are shown: by process, the main thread first. */
static const struct sampleset *order_set;
static uint32_t *order_pid_rank;

static int
is_main(const struct ss_thread *t)
{
	return t->tid.len > 0 && t->tid.len == t->pid.len &&
	    memcmp(t->tid.s, t->pid.s, t->pid.len) == 0;
}

static int
by_process(const void *a, const void *b)
{
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
	const struct ss_thread *ti = &order_set->threads[i];
	const struct ss_thread *tj = &order_set->threads[j];

	if (order_pid_rank[i] != order_pid_rank[j])
		return order_pid_rank[i] < order_pid_rank[j] ? -1 : 1;
	if (is_main(ti) != is_main(tj))
		return is_main(ti) ? -1 : 1;
	return i < j ? -1 : i > j;
}

static int
all_ones(const int64_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] != 1)
			return 0;
	return 1;
}

static void
write_thread(struct fx *x, const struct ss_thread *t, const uint32_t *o)
{
	struct jw *w = x->w;
	const char *wt = x->s->src[t->weight_source].weight;
	int dec, kind = weight_kind(wt, &dec);
	int marker = 0;
	size_t n = t->n;

	if (kind < 0) {
		kind = WT_SAMPLES;
		x->any_odd_weight = 1;
	}
	if (t->has_cpu && n > 0 && t->cpu[o ? o[0] : 0] > 0)
		marker = 1;
	jw_lit(w, "{\"name\":");
	sset_thread_name(t, x->product, &x->tmp);
	jw_str(w, x->tmp.s, x->tmp.len);
	jw_lit(w, ",\"isMainThread\":");
	jw_lit(w, is_main(t) ? "true" : "false");
	jw_lit(w, ",\"processType\":\"default\",\"processStartupTime\":0,"
	    "\"processShutdownTime\":null,\"registerTime\":0,"
	    "\"unregisterTime\":null,\"pausedRanges\":[],"
	    "\"showMarkersInTimeline\":false,\"pid\":");
	jw_str(w, t->pid.s, t->pid.len);
	jw_lit(w, ",\"tid\":");
	jw_str(w, t->tid.s, t->tid.len);
	if (t->process.len > 0) {
		jw_lit(w, ",\"processName\":");
		jw_str(w, t->process.s, t->process.len);
	}
	jw_lit(w, ",\"markers\":{\"data\":[],\"name\":[],\"startTime\":[],"
	    "\"endTime\":[],\"phase\":[],\"category\":[],\"length\":0}");
	jw_lit(w, ",\"samples\":{\"weightType\":");
	jw_lit(w, kind == WT_BYTES ? "\"bytes\"" : kind == WT_TRACING ?
	    "\"tracing-ms\"" : "\"samples\"");
	jw_lit(w, ",\"length\":");
	jw_u64(w, n + (size_t)marker);

	jw_lit(w, ",\"stack\":[");
	if (marker)
		jw_lit(w, n > 0 ? "null," : "null");
	for (size_t i = 0; i < n; i++) {
		uint32_t nd = t->node[o ? o[i] : i];

		jw_need(w, 24);
		if (i > 0)
			*w->p++ = ',';
		if (nd == NODE_NONE) {
			memcpy(w->p, "null", 4);
			w->p += 4;
		} else
			w->p = jw_put_u64(w->p, nd);
	}
	jw_lit(w, "],\"time\":[");
	if (marker) {
		jw_double(w, t->time[o ? o[0] : 0] - x->interval);
		jw_char(w, ',');
	}
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			jw_char(w, ',');
		jw_double(w, t->time[o ? o[i] : i]);
	}
	/* null: every sample weighs 1, as samply's are. */
	if (!marker && kind == WT_SAMPLES && t->wsum == (int64_t)n &&
	    all_ones(t->weight, n))
		jw_lit(w, "],\"weight\":null");
	else {
		jw_lit(w, "],\"weight\":[");
		if (marker)
			jw_lit(w, "0,");
		for (size_t i = 0; i < n; i++) {
			int64_t v = t->weight[o ? o[i] : i];

			jw_need(w, 48);
			if (i > 0)
				*w->p++ = ',';
			if (dec == 0)
				w->p = jw_put_i64(w->p, v);
			else
				jw_scaled(w, v, dec);
		}
		jw_char(w, ']');
	}
	if (t->has_cpu) {
		jw_lit(w, ",\"threadCPUDelta\":[");
		if (marker)
			jw_lit(w, "0,");
		for (size_t i = 0; i < n; i++) {
			int64_t c = t->cpu[o ? o[i] : i];

			jw_need(w, 24);
			if (i > 0)
				*w->p++ = ',';
			if (c < 0) {
				memcpy(w->p, "null", 4);
				w->p += 4;
			} else
				w->p = jw_put_i64(w->p, c);
		}
		jw_char(w, ']');
	}
	jw_lit(w, "}}");
}

/* meta.extra: what the Firefox Profiler shows under "Profile Info". */
static void
write_extra(struct fx *x)
{
	struct jw *w = x->w;
	struct sampleset *s = x->s;
	size_t timeless = 0;

	jw_lit(w, ",\"extra\":[{\"label\":\"sp\",\"entries\":[");
	jw_lit(w, "{\"label\":\"Sources\",\"format\":\"list\",\"value\":[");
	for (size_t i = 0; i < s->nsrc; i++) {
		struct buf b = { 0 };

		buf_adds(&b, s->src[i].name);
		if (s->src[i].format[0] != '\0')
			buf_printf(&b, " (%s)", s->src[i].format);
		if (i > 0)
			jw_char(w, ',');
		jw_str(w, b.s, b.len);
		buf_free(&b);
		timeless += s->src[i].timeless;
	}
	jw_lit(w, "]}");
	if (timeless > 0) {
		jw_lit(w, ",{\"label\":\"Sample times\",\"format\":\"string\","
		    "\"value\":");
		jw_strz(w, timeless == s->nsrc ?
		    "none in the input: the samples of each thread are spaced "
		    "1 ms apart, in input order" :
		    "none in some inputs: their samples are spaced 1 ms apart "
		    "on each thread, in input order");
		jw_char(w, '}');
	}
	if (s->any_count)
		jw_lit(w, ",{\"label\":\"Merged samples\",\"format\":\"string\","
		    "\"value\":\"a line of several samples (sp-flatten -c) is "
		    "one sample of their summed weight and CPU time, at the "
		    "time of the first\"}");
	for (size_t i = 0; i < s->nsrc; i++) {
		int dec;
		const char *wt = s->src[i].weight;

		if (s->src[i].nsamples == 0)
			continue;
		if (weight_kind(wt, &dec) < 0) {
			struct buf b = { 0 };

			buf_printf(&b, "%s (not a time or a size): written as "
			    "they are, as samples", wt);
			jw_lit(w, ",{\"label\":\"Weights\",\"format\":"
			    "\"string\",\"value\":");
			jw_str(w, b.s, b.len);
			jw_char(w, '}');
			buf_free(&b);
			break;
		}
		if (dec > 0) {
			jw_lit(w, ",{\"label\":\"Weights\",\"format\":"
			    "\"string\",\"value\":");
			jw_strz(w, dec == 6 ? "ns, written in ms (tracing-ms)" :
			    "us, written in ms (tracing-ms)");
			jw_char(w, '}');
			break;
		}
	}
	jw_lit(w, "]}]");
}

static void
write_meta(struct fx *x, const char *product)
{
	struct jw *w = x->w;

	key(x, "meta");
	jw_lit(w, "{\"interval\":");
	jw_double(w, x->interval);
	jw_lit(w, ",\"startTime\":0,\"processType\":0,\"product\":");
	jw_strz(w, product);
	jw_lit(w, ",\"stackwalk\":1,\"debug\":false,\"version\":24,"
	    "\"preprocessedProfileVersion\":");
	jw_u64(w, FXPROF_VERSION);
	jw_lit(w, ",\"symbolicated\":");
	jw_lit(w, x->any_addr ? "false" : "true");
	jw_lit(w, ",\"categories\":[");
	for (size_t i = 0; i < SP_NELEM(categories); i++) {
		if (i > 0)
			jw_char(w, ',');
		jw_lit(w, "{\"name\":");
		jw_strz(w, categories[i].name);
		jw_lit(w, ",\"color\":");
		jw_strz(w, categories[i].color);
		jw_lit(w, ",\"subcategories\":[\"Other\"]}");
	}
	jw_lit(w, "],\"markerSchema\":[],\"pausedRanges\":[],"
	    "\"sampleUnits\":{\"time\":\"ms\",\"eventDelay\":\"ms\","
	    "\"threadCPUDelta\":\"ns\"},\"extensions\":{\"baseURL\":[],"
	    "\"id\":[],\"name\":[],\"length\":0},\"usesOnlyOneStackType\":true,"
	    "\"sourceCodeIsNotOnSearchfox\":true");
	write_extra(x);
	jw_char(w, '}');
}

void
fxprof_write(struct sampleset *s, struct jw *w, const char *product)
{
	struct fx x = { 0 };
	size_t nt = sset_nthreads(s);
	uint32_t **order = xcalloc(nt ? nt : 1, sizeof(*order));
	uint32_t *show = xcalloc(nt ? nt : 1, sizeof(*show));
	uint32_t *rank = xcalloc(nt ? nt : 1, sizeof(*rank));
	struct strtab *pids = st_new();

	x.s = s;
	x.w = w;
	x.product = product;
	x.strs = st_new();
	x.usedlibs = st_new();
	x.funcs = st_new();
	x.files = st_new();
	frames(&x);
	for (size_t i = 0; i < nt; i++) {
		order[i] = sset_time_order(&s->threads[i]);
		show[i] = (uint32_t)i;
		rank[i] = st_intern(pids, s->threads[i].pid.s,
		    s->threads[i].pid.len, NULL);
	}
	x.interval = interval(s, order);
	order_set = s;
	order_pid_rank = rank;
	qsort(show, nt, sizeof(*show), by_process);

	/*
	 * meta.extra's weight note depends on the threads; everything the
	 * meta says is known from the set, so it goes first, as samply
	 * writes it.
	 */
	jw_char(w, '{');
	write_meta(&x, product);
	jw_char(w, ',');
	write_libs(&x);
	jw_char(w, ',');
	write_shared(&x);
	jw_lit(w, ",\"threads\":[");
	for (size_t i = 0; i < nt; i++) {
		if (i > 0)
			jw_char(w, ',');
		write_thread(&x, &s->threads[show[i]], order[show[i]]);
		free(order[show[i]]);
	}
	jw_lit(w, "],\"pages\":[],\"profilerOverhead\":[],\"counters\":[]}\n");
	free(order);
	free(show);
	free(rank);
	st_free(pids);
	st_free(x.strs);
	st_free(x.usedlibs);
	st_free(x.funcs);
	st_free(x.files);
	free(x.fr);
	free(x.fn);
	free(x.lib_of);
	free(x.lib_addr);
	free(x.file_str);
	buf_free(&x.tmp);
	buf_free(&x.key);
}
