/*
 * sp-symbolize: replace the address frames of a sample stream, an aggregate
 * table or folded stacks with function names.
 *
 *	in:	... LIB!0x3ec3;LIB!0x41a0 ...	(frames of library LIB at
 *						 library-relative addresses)
 *	out:	... LIB!main;LIB!work;LIB!helper (inlined) ...
 *
 * Everything else passes through unchanged; frames that cannot be resolved
 * stay as they were.  The whole input is held in memory (regular files
 * mapped, anything else read and decompressed) and scanned once, which
 * collects the distinct addresses of each library and notes where every
 * address frame lies; then every library's addresses are resolved in one
 * batch by one symbolizer process (or from a .syms.json sidecar), and
 * finally the input is copied out with those frames replaced.  The
 * symbolizing thus grows with the number of distinct addresses, not with
 * the number of samples.
 */
#include <err.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/progress.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "sym/sym_backend.h"
#include "sym/sym_debugfile.h"
#include "sym/sym_demangle.h"
#include "sym/sym_image.h"
#include "sym/sym_locate.h"
#include "base/proc.h"
#include "sym/sym_syms.h"
#include "base/util.h"
#include "base/version.h"

enum lstate { L_SKIP, L_NOTFOUND, L_MISMATCH, L_FAILED, L_PARTIAL, L_DONE };
enum rmode { M_STACK, M_AGG, M_FOLD, M_N };

struct rep {
	size_t	 off;		/* into reps; SIZE_MAX: not built yet */
	size_t	 len;
};

struct lib {
	char	*name;		/* as written in the stream (escaped) */
	size_t	 name_len;
	/* From the #lib header, unescaped; "" when unknown. */
	char	*path, *debug_name, *debug_path, *code_id, *breakpad_id,
		*arch;
	int64_t	 weight;	/* samples with a frame of this library */
	uint64_t stamp;		/* the last line counted in weight */
	uint64_t *addrs;	/* distinct addresses, in order of first sight */
	size_t	 naddrs, capaddrs;
	enum lstate state;
	char	*file;		/* the file symbolized */
	const char *via;	/* backend name */
	size_t	 resolved;
	double	 secs;
	struct sym_results res;
	struct rep *rep[M_N];	/* replacement texts, built when first used */
};

/* The distinct (library, address) pairs: open addressing. */
struct slot {
	uint64_t addr;
	uint32_t lib;		/* UINT32_MAX: empty */
	uint32_t ent;		/* index into ents */
};

struct ent {
	uint32_t lib;
	uint32_t idx;		/* index into that library's addrs */
};

static struct lib *libs;
static size_t nlibs, caplibs;
static struct strtab *libnames;
static struct slot *slots;
static size_t nslots, nused;
static struct buf reps;		/* all replacement texts */
static struct ent *ents;
static size_t nents, capents;
/*
 * The plan of the output, made by the first pass: every address frame of
 * the input, in input order, as a cut of the input text, so that writing
 * the output is copying the text between the cuts and each cut's
 * replacement, without reading the input's lines again.
 */
struct cut {
	uint32_t gap;		/* input bytes before the cut, since the last */
	uint32_t ent;		/* entry | mode << CUT_MODE_SHIFT, or below */
};
#define CUT_MODE_SHIFT	30
#define CUT_ENT_MASK	((1u << CUT_MODE_SHIFT) - 1)
#define CUT_NONE	UINT32_MAX		/* a gap too long for one cut */
#define CUT_HEADERS	(UINT32_MAX - 1)	/* the #symbolized lines go here */
static struct cut *cuts;
static size_t ncuts, capcuts;
static unsigned modes_used;	/* 1 << mode, for each mode of a cut */
static struct rep *rep_of[M_N];	/* by entry, built after resolving */

/* An input, whole in memory: mapped, or read (standard input, gzip). */
struct input {
	const char *name;
	char	*data;
	size_t	 len, cap;	/* cap: big_alloc'd size; 0 when mapped */
	size_t	 firstcut, ncuts;
};

/* Options. */
static const char *opt_binary, *opt_image, *opt_symbolizer, *opt_syms;
static enum sym_backend opt_backend;
static int opt_force, opt_keep_hash, opt_lines, opt_mixed, opt_noinline,
    opt_quiet, opt_has_base;
static uint64_t opt_base;
static char **opt_search, **opt_map;
static size_t nsearch, nmap;

static const char *target;	/* --binary's library name */
static size_t target_len;
static int status;

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: sp-symbolize [-hlmqV] [-b binary] [--backend name] "
	    "[--base addr]\n"
	    "                    [--force] [--image name] [--keep-hash] "
	    "[--map name=path]\n"
	    "                    [--no-inline] [--search dir] "
	    "[--symbolizer program]\n"
	    "                    [--syms file] [file ...]\n");
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *
base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s != NULL ? s + 1 : p;
}

/* ---- Libraries and addresses ---- */

static char *
unesc_dup(const char *s, size_t n)
{
	struct buf b = { 0 };

	if (unesc_append(&b, s, n) == -1) {
		buf_reset(&b);
		buf_add(&b, s, n);
	}
	if (b.s == NULL)
		return xstrdup("");
	return b.s;
}

static uint32_t
lib_get(const char *name, size_t n)
{
	int added = 0;
	uint32_t id = st_intern(libnames, name, n, &added);
	struct lib *l;

	if (!added)
		return id;
	xgrow(&libs, &caplibs, nlibs + 1, sizeof(*libs));
	l = &libs[nlibs++];
	memset(l, 0, sizeof(*l));
	l->name = xmemdup(name, n);
	l->name_len = n;
	l->path = xstrdup("");
	l->debug_name = xstrdup("");
	l->debug_path = xstrdup("");
	l->code_id = xstrdup("");
	l->breakpad_id = xstrdup("");
	l->arch = xstrdup("");
	l->stamp = UINT64_MAX;
	return id;
}

static void
set_field(char **dst, const struct field *f)
{
	if ((*dst)[0] != '\0' || f->len == 0)
		return;
	free(*dst);
	*dst = unesc_dup(f->s, f->len);
}

/* #lib IDX name path debugName debugPath codeId breakpadId arch */
static void
lib_header(const char *line, size_t len)
{
	struct field f[9];
	size_t n = split_tabs(line, len, f, 9);
	struct lib *l;
	uint32_t id;

	if (n < 3 || f[2].len == 0)
		return;
	id = lib_get(f[2].s, f[2].len);
	l = &libs[id];
	if (n > 3)
		set_field(&l->path, &f[3]);
	if (n > 4)
		set_field(&l->debug_name, &f[4]);
	if (n > 5)
		set_field(&l->debug_path, &f[5]);
	if (n > 6)
		set_field(&l->code_id, &f[6]);
	if (n > 7)
		set_field(&l->breakpad_id, &f[7]);
	if (n > 8)
		set_field(&l->arch, &f[8]);
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p)	__builtin_prefetch(p)
#else
#define PREFETCH(p)	((void)0)
#endif

static uint64_t
hash_of(uint32_t lib, uint64_t addr)
{
	uint64_t h = addr ^ ((uint64_t)lib << 48);

	/* splitmix64's finalizer: nearby addresses land far apart. */
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
	return h ^ (h >> 31);
}

static size_t
slot_of(uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i = (size_t)h & (nslots - 1);

	while (slots[i].lib != UINT32_MAX &&
	    (slots[i].lib != lib || slots[i].addr != addr))
		i = (i + 1) & (nslots - 1);
	return i;
}

static void
grow_slots(void)
{
	struct slot *old = slots;
	size_t oldn = nslots;

	nslots = oldn ? oldn * 2 : 4096;
	/* Huge pages where there are: the lookups land anywhere in it. */
	slots = big_alloc(nslots * sizeof(*slots));
	for (size_t i = 0; i < nslots; i++)
		slots[i].lib = UINT32_MAX;
	for (size_t i = 0; i < oldn; i++)
		if (old[i].lib != UINT32_MAX)
			slots[slot_of(old[i].lib, old[i].addr,
			    hash_of(old[i].lib, old[i].addr))] = old[i];
	big_free(old, oldn * sizeof(*slots));
}

/* Record an address frame; returns its entry. */
static uint32_t
addr_add(uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i;
	struct lib *l;

	if ((nused + 1) * 2 > nslots)
		grow_slots();
	i = slot_of(lib, addr, h);
	if (slots[i].lib != UINT32_MAX)
		return slots[i].ent;
	l = &libs[lib];
	/* The cuts keep an entry in 30 bits. */
	if (nents >= CUT_ENT_MASK)
		errx(1, "too many distinct addresses");
	xgrow(&l->addrs, &l->capaddrs, l->naddrs + 1, sizeof(*l->addrs));
	xgrow(&ents, &capents, nents + 1, sizeof(*ents));
	ents[nents].lib = lib;
	ents[nents].idx = (uint32_t)l->naddrs;
	slots[i].lib = lib;
	slots[i].addr = addr;
	slots[i].ent = (uint32_t)nents++;
	l->addrs[l->naddrs++] = addr;
	nused++;
	return slots[i].ent;
}

/* Does the library named s[0..n) take part in this run? */
static int
wanted(const char *s, size_t n)
{
	if (opt_mixed || target == NULL)
		return 1;
	return target_len == n && memcmp(target, s, n) == 0;
}

static uint64_t lineno;
static int64_t addr_frames_total;

/*
 * The address frames of the last lines, looked up together: their table
 * slots are prefetched as they are found, so that the cache misses of the
 * lookups (they dominate the first pass) overlap.
 */
struct pend {
	uint32_t lib;
	uint32_t cut;
	uint64_t addr, h;
};
#define NPEND	32
static struct pend pend[NPEND];
static size_t npend;
static uint32_t last_lib = UINT32_MAX;	/* UINT32_MAX: not wanted */
static const char *last_name;
static size_t last_len;

static void
flush_pending(void)
{
	for (size_t i = 0; i < npend; i++)
		cuts[pend[i].cut].ent |= addr_add(pend[i].lib, pend[i].addr,
		    pend[i].h);
	npend = 0;
}

/* The input position the last cut ended at. */
static const char *cut_end;

/* Room for one more cut (huge pages: the array is tens of megabytes). */
static inline void
grow_cuts(void)
{
	size_t cap;

	if (ncuts < capcuts)
		return;
	cap = capcuts ? capcuts * 2 : (size_t)1 << 16;
	if (cap > SIZE_MAX / 2 / sizeof(*cuts))
		errx(1, "out of memory");
	cuts = big_realloc(cuts, capcuts * sizeof(*cuts), cap * sizeof(*cuts));
	capcuts = cap;
}

static void
add_cut(const char *at, size_t len, uint32_t ent)
{
	size_t gap = (size_t)(at - cut_end);

	while (gap > UINT32_MAX) {
		grow_cuts();
		cuts[ncuts].gap = UINT32_MAX;
		cuts[ncuts++].ent = CUT_NONE;
		gap -= UINT32_MAX;
	}
	grow_cuts();
	cuts[ncuts].gap = (uint32_t)gap;
	cuts[ncuts++].ent = ent;
	cut_end = at + len;
}

/*
 * memcmp(a, b, n) == 0 for the short library names, without a call (a
 * loop without an early exit, which compilers do not turn into memcmp).
 */
static inline int
same_bytes(const char *a, const char *b, size_t n)
{
	unsigned d = 0;

	for (size_t i = 0; i < n; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

static const signed char hexval[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11,
	['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16
};

/*
 * The frame f[0..n), whose first '!' is at bang (or NULL): when it is an
 * address frame "LIB!0xHEX" (1 to 16 digits) of a library taking part,
 * record it.
 */
static void
note_frame(const char *f, size_t n, const char *bang, enum rmode m,
    int64_t weight)
{
	const char *h, *end = f + n;
	size_t ll;
	uint64_t addr = 0;
	uint32_t id;
	struct pend *pe;

	if (bang == NULL || bang == f || n > UINT32_MAX)
		return;
	h = bang + 1;
	if (end - h < 3 || end - h > 18 || h[0] != '0' || h[1] != 'x')
		return;
	for (h += 2; h < end; h++) {
		int d = hexval[(unsigned char)*h];

		if (d == 0)
			return;
		addr = addr << 4 | (uint64_t)(d - 1);
	}
	ll = (size_t)(bang - f);
	addr_frames_total++;
	/*
	 * Neighbouring frames are mostly of the same library: the last
	 * one's name (in the input, which stays) and whether it takes part.
	 */
	if (last_name != NULL && ll == last_len &&
	    same_bytes(last_name, f, ll)) {
		if (last_lib == UINT32_MAX)
			return;
		id = last_lib;
	} else {
		last_name = f;
		last_len = ll;
		last_lib = UINT32_MAX;
		if (!wanted(f, ll))
			return;
		id = last_lib = lib_get(f, ll);
	}
	if (libs[id].stamp != lineno) {
		libs[id].stamp = lineno;
		libs[id].weight += weight;
	}
	if (npend == NPEND)
		flush_pending();
	if ((nused + NPEND + 1) * 2 > nslots) {
		flush_pending();
		grow_slots();
	}
	add_cut(f, n, (uint32_t)m << CUT_MODE_SHIFT);
	modes_used |= 1u << m;
	pe = &pend[npend++];
	pe->lib = id;
	pe->cut = (uint32_t)(ncuts - 1);
	pe->addr = addr;
	pe->h = hash_of(id, addr);
	PREFETCH(&slots[pe->h & (nslots - 1)]);
}

/* The kind of a data line, and where its frames are. */
enum lkind { K_OTHER, K_SAMPLE, K_AGG, K_FOLD };

struct parsed {
	enum lkind kind;
	struct field f[SAMPLE_MAXFIELDS];
	const char *stack;	/* the frames */
	size_t	 stack_len;
	int64_t	 weight;
};

static void
classify(const char *line, size_t len, struct parsed *p)
{
	size_t n = split_tabs(line, len, p->f, SAMPLE_MAXFIELDS);
	const char *sp;

	p->kind = K_OTHER;
	p->weight = 1;
	if (n == SAMPLE_NFIELDS || n == SAMPLE_MAXFIELDS) {
		p->kind = K_SAMPLE;
		p->stack = p->f[F_STACK].s;
		p->stack_len = p->f[F_STACK].len;
		if (parse_i64(p->f[F_WEIGHT].s, p->f[F_WEIGHT].len,
		    &p->weight) == -1)
			p->weight = 1;
	} else if (n == AGG_NFIELDS) {
		p->kind = K_AGG;
		p->stack = p->f[A_FRAME].s;
		p->stack_len = p->f[A_FRAME].len;
		if (parse_i64(p->f[A_SELF].s, p->f[A_SELF].len,
		    &p->weight) == -1)
			p->weight = 0;
	} else if (n == 1 && len > 2) {
		/* Folded: "frame;frame;frame COUNT". */
		for (sp = line + len; sp > line && sp[-1] != ' '; sp--)
			;
		if (sp <= line + 1 || sp == line + len ||
		    parse_i64(sp, (size_t)(line + len - sp), &p->weight) == -1)
			return;
		p->kind = K_FOLD;
		p->stack = line;
		p->stack_len = (size_t)(sp - 1 - line);
	}
}

/*
 * The frames of a stack, in one pass over its bytes: a frame ends at a
 * ';' that no odd run of backslashes escapes (any ';' in folded stacks),
 * and its library name at its first '!'.
 */
static void
scan_stack(const char *s, const char *end, int fold, enum rmode m,
    int64_t weight)
{
	while (s < end) {
		const char *e, *bang = NULL;

		for (e = s; e < end; e++) {
			if (*e == ';') {
				const char *q = e;

				if (fold)
					break;
				while (q > s && q[-1] == '\\')
					q--;
				if ((e - q) % 2 == 0)
					break;
			} else if (*e == '!' && bang == NULL)
				bang = e;
		}
		note_frame(s, (size_t)(e - s), bang, m, weight);
		if (e == end)
			break;
		s = e + 1;
	}
}

static int seen_headers, inserted;

/*
 * The first pass over one line (without its newline): the #lib headers,
 * the address frames, and where the #symbolized headers will go (before
 * #columns, or else before the first data line after a header).
 */
static void
scan_line(const char *line, size_t len)
{
	struct parsed p;

	lineno++;
	if (len > 0 && line[0] == '#') {
		if (len > 5 && memcmp(line, "#lib\t", 5) == 0)
			lib_header(line, len);
		if (!inserted && len >= 8 && memcmp(line, "#columns", 8) == 0) {
			add_cut(line, 0, CUT_HEADERS);
			inserted = 1;
		}
		seen_headers = 1;
		return;
	}
	if (!inserted && seen_headers) {
		add_cut(line, 0, CUT_HEADERS);
		inserted = 1;
	}
	classify(line, len, &p);
	switch (p.kind) {
	case K_AGG:
		note_frame(p.stack, p.stack_len, memchr(p.stack, '!',
		    p.stack_len), M_AGG, p.weight);
		break;
	case K_SAMPLE:
		scan_stack(p.stack, p.stack + p.stack_len, 0, M_STACK,
		    p.weight);
		break;
	case K_FOLD:
		scan_stack(p.stack, p.stack + p.stack_len, 1, M_FOLD,
		    p.weight);
		break;
	default:
		break;
	}
}

static void
scan_input(struct input *in)
{
	const char *p = in->data, *end = p + in->len;

	cut_end = p;
	last_name = NULL;
	in->firstcut = ncuts;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL)
			nl = end;
		scan_line(p, (size_t)(nl - p));
		p = nl + 1;
	}
	flush_pending();
	in->ncuts = ncuts - in->firstcut;
}

/*
 * Read the input path whole: a regular uncompressed file is mapped, else
 * it is read (and decompressed) into memory.  Returns 0, or -1 after a
 * message.
 */
static int
load_input(const char *path, struct input *in)
{
	struct lreader *lr = lr_open(path);
	struct stat st;
	unsigned char magic[2];
	int fd;

	memset(in, 0, sizeof(*in));
	in->name = path;
	if (lr == NULL)
		return -1;
	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY)) != -1) {
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    (st.st_size == 0 || (pread(fd, magic, 2, 0) == 2 &&
		    !(magic[0] == 0x1f && magic[1] == 0x8b))) &&
		    (uint64_t)st.st_size < SIZE_MAX / 2) {
			void *m = NULL;

			in->len = (size_t)st.st_size;
			if (in->len > 0) {
#ifdef MAP_POPULATE
				m = mmap(NULL, in->len, PROT_READ,
				    MAP_PRIVATE | MAP_POPULATE, fd, 0);
#else
				m = mmap(NULL, in->len, PROT_READ, MAP_PRIVATE,
				    fd, 0);
#endif
			}
			if (m != MAP_FAILED) {
				in->data = m;
				close(fd);
				lr_close(lr);
				return 0;
			}
			in->len = 0;
		}
		close(fd);
	}
	if (lr_slurp(lr, SIZE_MAX / 4, &in->data, &in->len, &in->cap) == -1) {
		lr_close(lr);
		return -1;
	}
	lr_close(lr);
	return 0;
}

static void
free_input(struct input *in)
{
	if (in->cap > 0)
		big_free(in->data, in->cap);
	else if (in->len > 0)
		munmap(in->data, in->len);
	in->data = NULL;
}

/* ---- Running the symbolizers ---- */

static char prog_path[4096];
static char llvm_path[4096], a2l_path[4096], atos_path[4096];
static int have_llvm = -1, have_a2l = -1, have_atos = -1;
static int warned_missing;

static int
find_llvm(void)
{
	static const char *v[] = { "llvm-symbolizer", "llvm-symbolizer-19",
	    "llvm-symbolizer-18", "llvm-symbolizer-17", "llvm-symbolizer-16",
	    "llvm-symbolizer-15", "llvm-symbolizer-14", "llvm-symbolizer-13" };

	if (have_llvm == -1) {
		have_llvm = 0;
		for (size_t i = 0; i < SP_NELEM(v) && !have_llvm; i++)
			have_llvm = proc_which(v[i], llvm_path,
			    sizeof(llvm_path)) == 0;
	}
	return have_llvm;
}

static int
find_prog(const char *name, char *path, size_t sz, int *have)
{
	if (*have == -1)
		*have = proc_which(name, path, sz) == 0;
	return *have;
}

static void
missing(const char *msg)
{
	if (!warned_missing)
		warnx("%s", msg);
	warned_missing = 1;
	status = 1;
}

/*
 * The backend and program for an image of this kind; SYMB_NONE (after a
 * message) when none is installed.
 */
static enum sym_backend
choose_backend(enum sym_kind kind, const char **prog)
{
	enum sym_backend b = opt_backend;

	if (opt_symbolizer != NULL) {
		if (proc_which(opt_symbolizer, prog_path, sizeof(prog_path))
		    == -1) {
			struct buf m = { 0 };

			buf_printf(&m, "%s: symbolizer not found",
			    opt_symbolizer);
			missing(m.s);
			buf_free(&m);
			return SYMB_NONE;
		}
		*prog = prog_path;
		if (b == SYMB_NONE) {
			const char *bn = base_name(opt_symbolizer);

			b = strstr(bn, "addr2line") != NULL ? SYMB_ADDR2LINE :
			    strstr(bn, "atos") != NULL ? SYMB_ATOS : SYMB_LLVM;
		}
		return b;
	}
	switch (b) {
	case SYMB_LLVM:
		if (find_llvm()) {
			*prog = llvm_path;
			return b;
		}
		missing("llvm-symbolizer not found: install llvm "
		    "(apt-get install llvm)");
		return SYMB_NONE;
	case SYMB_ADDR2LINE:
		if (find_prog("addr2line", a2l_path, sizeof(a2l_path),
		    &have_a2l)) {
			*prog = a2l_path;
			return b;
		}
		missing("addr2line not found: install binutils "
		    "(apt-get install binutils)");
		return SYMB_NONE;
	case SYMB_ATOS:
		if (find_prog("atos", atos_path, sizeof(atos_path),
		    &have_atos)) {
			*prog = atos_path;
			return b;
		}
		missing("atos not found: it comes with Xcode's command line "
		    "tools (macOS)");
		return SYMB_NONE;
	default:
		break;
	}
	if (find_llvm()) {
		*prog = llvm_path;
		return SYMB_LLVM;
	}
	if (kind == SYMK_ELF && find_prog("addr2line", a2l_path,
	    sizeof(a2l_path), &have_a2l)) {
		*prog = a2l_path;
		return SYMB_ADDR2LINE;
	}
	if (kind == SYMK_MACHO && find_prog("atos", atos_path,
	    sizeof(atos_path), &have_atos)) {
		*prog = atos_path;
		return SYMB_ATOS;
	}
	missing("llvm-symbolizer not found: install llvm (apt-get install "
	    "llvm) or binutils for addr2line");
	return SYMB_NONE;
}

static void
lib_alloc_reps(struct lib *l)
{
	for (int m = 0; m < M_N; m++) {
		l->rep[m] = xreallocarray(NULL, l->naddrs, sizeof(*l->rep[m]));
		for (size_t i = 0; i < l->naddrs; i++)
			l->rep[m][i].off = SIZE_MAX;
	}
}

static void
count_resolved(struct lib *l)
{
	l->resolved = 0;
	for (size_t i = 0; i < l->naddrs; i++)
		if (l->res.nframes[i] > 0)
			l->resolved++;
}

static void
resolve_syms(struct lib *l, const struct sym_syms *sy)
{
	char *uname = unesc_dup(l->name, l->name_len);
	int e = sym_syms_find(sy, l->debug_name[0] ? l->debug_name : uname,
	    l->code_id, l->breakpad_id);
	double t0 = now();

	free(uname);
	if (e < 0) {
		l->state = L_NOTFOUND;
		return;
	}
	sym_syms_resolve(sy, e, l->addrs, l->naddrs, &l->res);
	l->via = "syms";
	l->file = xstrdup(opt_syms);
	l->state = L_DONE;
	lib_alloc_reps(l);
	count_resolved(l);
	l->secs = now() - t0;
}

static void
resolve_lib(struct lib *l)
{
	struct sym_cands c = { 0 };
	struct sym_where w;
	struct sym_libref ref;
	char *uname = unesc_dup(l->name, l->name_len);
	struct sym_image im, first_bad;
	struct sym_job job;
	struct buf msg = { 0 }, wmsg = { 0 };
	char dbg[4096], *bad_path = NULL;
	const char *why = NULL, *use = NULL, *prog = NULL;
	size_t i;
	double t0;
	int rc;

	w.map = opt_map;
	w.nmap = nmap;
	w.dirs = opt_search;
	w.ndirs = nsearch;
	w.binary = opt_binary;
	w.target = target;
	w.mixed = opt_mixed;
	ref.name = uname;
	ref.path = l->path;
	ref.debug_name = l->debug_name;
	ref.debug_path = l->debug_path;
	ref.code_id = l->code_id;
	ref.breakpad_id = l->breakpad_id;
	sym_candidates(&w, &ref, &c);
	for (i = 0; i < c.n; i++) {
		if (!sym_is_file(c.v[i]))
			continue;
		if (sym_image_read(c.v[i], l->arch, &im, &why) == -1) {
			warnx("%s: %s", c.v[i], why);
			l->state = L_FAILED;
			status = 1;
			continue;
		}
		if (sym_identity_ok(&im, l->code_id, l->breakpad_id)) {
			use = c.v[i];
			break;
		}
		if (bad_path == NULL) {
			bad_path = c.v[i];
			first_bad = im;
		}
	}
	if (use == NULL && bad_path != NULL) {
		if (!opt_force) {
			warnx("%.*s: %s does not match the profile: build id %s, "
			    "expected %s (--force to use it anyway)",
			    (int)l->name_len, l->name, bad_path, first_bad.id,
			    l->code_id[0] ? l->code_id : l->breakpad_id);
			l->state = L_MISMATCH;
			l->file = xstrdup(bad_path);
			status = 1;
			goto out;
		}
		use = bad_path;
		im = first_bad;
	}
	if (use == NULL) {
		if (l->state != L_FAILED) {
			l->state = L_NOTFOUND;
			if (!opt_mixed) {
				/* The file named by --binary (or --map). */
				warnx("%s: %s", c.n ? c.v[0] : l->name,
				    c.n ? "no such file" :
				    "no file for this library");
				status = 1;
			}
		}
		goto out;
	}
	if (sym_find_debug(use, &im, NULL, dbg, sizeof(dbg)) == 0)
		l->file = xstrdup(dbg);
	else
		l->file = xstrdup(use);
	job.backend = choose_backend(im.kind, &prog);
	if (job.backend == SYMB_NONE) {
		l->state = L_FAILED;
		goto out;
	}
	job.prog = prog;
	job.bin = l->file;
	job.arch = NULL;
	if (job.backend == SYMB_ATOS)
		job.arch = im.arch[0] ? im.arch : l->arch;
	else if (im.kind == SYMK_MACHO && im.fat)
		job.arch = im.arch;
	job.base = opt_has_base ? opt_base : im.base;
	job.inlines = 1;
	/* Counting the answers reads them all again: only when shown. */
	job.progress = progress_enabled();
	l->via = sym_backend_name(job.backend);
	t0 = now();
	progress_begin(uname, l->naddrs, PROGRESS_ADDRESSES);
	rc = sym_backend_run(&job, l->addrs, l->naddrs, &l->res, &msg, &wmsg);
	progress_end();
	if (rc == -1) {
		warnx("%.*s: %s", (int)l->name_len, l->name, msg.s);
		status = 1;
		l->state = L_PARTIAL;
	} else {
		if (wmsg.len > 0)
			warnx("%.*s: %s: %s", (int)l->name_len, l->name,
			    l->via, wmsg.s);
		l->state = L_DONE;
	}
	l->secs = now() - t0;
	lib_alloc_reps(l);
	count_resolved(l);
	/* It complained and resolved nothing: it could not read the file. */
	if (wmsg.len > 0 && l->resolved == 0)
		status = 1;
out:
	sym_cands_free(&c);
	free(uname);
	buf_free(&msg);
	buf_free(&wmsg);
}

/* ---- Writing ---- */

/*
 * The replacement text of address idx of library l, built once: the
 * frames outermost first, inlined ones marked; or NULL when unresolved.
 */
static const char *
replacement(struct lib *l, uint32_t idx, enum rmode m, size_t *len)
{
	struct buf one = { 0 };
	struct rep *rp;
	uint32_t n;
	size_t first;

	if (l->rep[m] == NULL)
		return NULL;
	rp = &l->rep[m][idx];
	if (rp->off != SIZE_MAX) {
		*len = rp->len;
		return rp->len ? reps.s + rp->off : NULL;
	}
	if ((n = l->res.nframes[idx]) == 0) {
		rp->off = rp->len = 0;
		return NULL;
	}
	if (m == M_AGG || opt_noinline)
		n = 1;
	first = l->res.first[idx];
	rp->off = reps.len;
	for (uint32_t k = 0; k < n; k++) {
		const struct sym_frame *f = &l->res.frames[first + k];
		const char *name = symr_str(&l->res, f->name);
		size_t nl = f->name_len;

		if (!opt_keep_hash)
			nl = sym_drop_rust_hash(name, nl);
		buf_reset(&one);
		buf_add(&one, l->name, l->name_len);
		buf_addc(&one, '!');
		esc_append(&one, name, nl);
		if (opt_lines && f->file_len > 0) {
			struct buf loc = { 0 };

			buf_printf(&loc, " @ %s:%" PRIu32,
			    symr_str(&l->res, f->file), f->line);
			esc_append(&one, loc.s, loc.len);
			buf_free(&loc);
		}
		if (k > 0)
			buf_adds(&one, " (inlined)");
		if (k > 0)
			buf_addc(&reps, ';');
		if (m == M_FOLD)
			fold_append(&reps, one.s, one.len);
		else
			buf_add(&reps, one.s, one.len);
	}
	buf_free(&one);
	rp->len = reps.len - rp->off;
	*len = rp->len;
	return reps.s + rp->off;
}

/*
 * The replacement of every entry in each way frames occur (stack, table,
 * folded), by entry: what the output loop reads, in one array a mode.
 */
static void
build_reps(void)
{
	for (int m = 0; m < M_N; m++) {
		if (!(modes_used & 1u << m))
			continue;
		rep_of[m] = big_alloc((nents ? nents : 1) * sizeof(*rep_of[m]));
		for (size_t e = 0; e < nents; e++) {
			size_t len = 0;
			const char *r = replacement(&libs[ents[e].lib],
			    ents[e].idx, (enum rmode)m, &len);

			rep_of[m][e].off = r != NULL ? (size_t)(r - reps.s) : 0;
			rep_of[m][e].len = r != NULL ? len : 0;
		}
	}
}

static void
put_headers(struct buf *out)
{
	for (size_t i = 0; i < nlibs; i++) {
		struct lib *l = &libs[i];
		const char *what;

		if (l->naddrs == 0 || l->state == L_SKIP)
			continue;
		switch (l->state) {
		case L_NOTFOUND: what = "not-found"; break;
		case L_MISMATCH: what = "mismatch"; break;
		case L_FAILED: what = "failed"; break;
		default: what = l->via; break;
		}
		buf_adds(out, "#symbolized\t");
		buf_add(out, l->name, l->name_len);
		buf_addc(out, '\t');
		if (l->file != NULL)
			esc_append(out, l->file, strlen(l->file));
		buf_printf(out, "\t%s\t%zu/%zu\n", what, l->resolved,
		    l->naddrs);
	}
}

static void
flush_out(struct buf *out)
{
	if (out->len > 0 && fwrite(out->s, 1, out->len, stdout) != out->len)
		check_stdout();
	buf_reset(out);
	check_stdout();
}

static struct buf out;

/*
 * The length of the address frame at p, which the first pass checked:
 * its library name up to the first '!', "0x", and hex digits up to the
 * first byte that is none (the cuts do not keep it: a third less memory).
 */
static inline size_t
frame_len(const char *p, const char *end)
{
	const char *q = p;

	while (*q != '!')
		q++;
	for (q += 3; q < end && hexval[(unsigned char)*q] != 0; q++)
		;
	return (size_t)(q - p);
}

/*
 * Append s[0..n) to out.  Most pieces are a few bytes (the text between
 * two frames, a function name): when 32 bytes can be read at s (before
 * limit) and written, they are copied as one fixed-size block, which the
 * compiler inlines, instead of through a call to memcpy; out.len then
 * grows by n only.  out is not NUL-terminated by this.
 */
static inline void
out_add(const char *s, size_t n, const char *limit)
{
	if (n <= 32 && limit - s >= 32 && out.cap - out.len > 32) {
		memcpy(out.s + out.len, s, 32);
		out.len += n;
	} else
		buf_add(&out, s, n);
}

/*
 * Write one input with its cuts replaced: the text between the cuts is
 * copied as it is, each address frame becomes its replacement (or stays,
 * when unresolved), and a last line without a newline gets one.
 */
static void
replay_input(const struct input *in)
{
	const struct cut *c = cuts + in->firstcut, *cend = c + in->ncuts;
	const char *p = in->data, *end = p + in->len;

	if (out.cap < (1u << 21))
		buf_grow(&out, 1u << 21);
	for (; c < cend; c++) {
		const struct rep *rp;
		size_t n;

		/*
		 * Lookups ahead, each a likely cache miss: the replacement's
		 * place 32 cuts on, its text 12 on.
		 */
		if (c + 32 < cend && c[32].ent < CUT_HEADERS)
			PREFETCH(&rep_of[c[32].ent >> CUT_MODE_SHIFT]
			    [c[32].ent & CUT_ENT_MASK]);
		if (c + 12 < cend && c[12].ent < CUT_HEADERS)
			PREFETCH(reps.s + rep_of[c[12].ent >> CUT_MODE_SHIFT]
			    [c[12].ent & CUT_ENT_MASK].off);
		out_add(p, c->gap, end);
		p += c->gap;
		if (c->ent >= CUT_HEADERS) {
			if (c->ent == CUT_HEADERS)
				put_headers(&out);
		} else {
			rp = &rep_of[c->ent >> CUT_MODE_SHIFT]
			    [c->ent & CUT_ENT_MASK];
			n = frame_len(p, end);
			if (rp->len > 0)
				out_add(reps.s + rp->off, rp->len,
				    reps.s + reps.len);
			else
				out_add(p, n, end);
			p += n;
		}
		if (out.len >= (1u << 20))
			flush_out(&out);
	}
	while (p < end) {
		size_t n = (size_t)(end - p) > (1u << 20) ? (1u << 20) :
		    (size_t)(end - p);

		buf_add(&out, p, n);
		p += n;
		flush_out(&out);
	}
	if (in->len > 0 && end[-1] != '\n')
		buf_addc(&out, '\n');
}

static void
replay_end(void)
{
	if (!inserted && seen_headers)
		put_headers(&out);
	flush_out(&out);
	buf_free(&out);
}

static void
summary(int syms)
{
	for (size_t i = 0; i < nlibs; i++) {
		struct lib *l = &libs[i];

		if (l->naddrs == 0)
			continue;
		if (l->state == L_NOTFOUND && (opt_mixed || syms))
			warnx("%.*s: not found (%" PRId64 " samples)",
			    (int)l->name_len, l->name, l->weight);
		if (opt_quiet || (l->state != L_DONE && l->state != L_PARTIAL))
			continue;
		fprintf(stderr, "sp-symbolize: %.*s: %zu/%zu addresses "
		    "resolved in %.3f s (%s, %s)\n", (int)l->name_len, l->name,
		    l->resolved, l->naddrs, l->secs, l->via, l->file);
	}
}

static void
add_opt(char ***v, size_t *n, const char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = (char *)s;
}

int
main(int argc, char *argv[])
{
	enum { O_BACKEND = 256, O_BASE, O_FORCE, O_IMAGE, O_KEEP_HASH, O_MAP,
	    O_NO_INLINE, O_SEARCH, O_SYMBOLIZER, O_SYMS };
	static const struct option longopts[] = {
		{ "backend", required_argument, NULL, O_BACKEND },
		{ "base", required_argument, NULL, O_BASE },
		{ "binary", required_argument, NULL, 'b' },
		{ "force", no_argument, NULL, O_FORCE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "image", required_argument, NULL, O_IMAGE },
		{ "keep-hash", no_argument, NULL, O_KEEP_HASH },
		{ "lines", no_argument, NULL, 'l' },
		{ "map", required_argument, NULL, O_MAP },
		{ "mixed", no_argument, NULL, 'm' },
		{ "no-inline", no_argument, NULL, O_NO_INLINE },
		{ "quiet", no_argument, NULL, 'q' },
		{ "search", required_argument, NULL, O_SEARCH },
		{ "symbolizer", required_argument, NULL, O_SYMBOLIZER },
		{ "syms", required_argument, NULL, O_SYMS },
		{ NULL, 0, NULL, 0 }
	};
	struct input *inputs;
	struct sym_syms *sy = NULL;
	size_t nin;
	char *nofiles[] = { "-", NULL };
	int ch;

	while ((ch = getopt_long(argc, argv, "b:hVlmq", longopts, NULL)) != -1) {
		switch (ch) {
		case 'b':
			opt_binary = optarg;
			break;
		case 'h':
			usage(stdout);
			finish_stdout();
			return 0;
		case 'V':
			version_exit();
		case 'l':
			opt_lines = 1;
			break;
		case 'm':
			opt_mixed = 1;
			break;
		case 'q':
			opt_quiet = 1;
			break;
		case O_BACKEND:
			if ((opt_backend = sym_backend_parse(optarg)) ==
			    SYMB_NONE)
				errx(1, "%s: unknown backend (llvm-symbolizer, "
				    "addr2line or atos)", optarg);
			break;
		case O_BASE:
			if (parse_u64(optarg, strlen(optarg), &opt_base) == -1)
				errx(1, "%s: invalid base address", optarg);
			opt_has_base = 1;
			break;
		case O_FORCE:
			opt_force = 1;
			break;
		case O_IMAGE:
			opt_image = optarg;
			break;
		case O_KEEP_HASH:
			opt_keep_hash = 1;
			break;
		case O_MAP:
			if (strchr(optarg, '=') == NULL || optarg[0] == '=')
				errx(1, "%s: --map wants NAME=PATH", optarg);
			add_opt(&opt_map, &nmap, optarg);
			break;
		case O_NO_INLINE:
			opt_noinline = 1;
			break;
		case O_SEARCH:
			add_opt(&opt_search, &nsearch, optarg);
			break;
		case O_SYMBOLIZER:
			opt_symbolizer = optarg;
			break;
		case O_SYMS:
			opt_syms = optarg;
			break;
		default:
			usage(stderr);
			return 1;
		}
	}
	argc -= optind;
	argv += optind;
	progress_enable(!opt_quiet);
	if (opt_image != NULL && opt_binary == NULL && opt_syms == NULL) {
		warnx("--image needs --binary or --syms");
		usage(stderr);
		return 1;
	}
	if (opt_binary != NULL)
		target = opt_image != NULL ? opt_image : base_name(opt_binary);
	else if (opt_syms != NULL)
		target = opt_image;
	if (target != NULL)
		target_len = strlen(target);
	if (opt_binary == NULL && opt_syms == NULL)
		opt_mixed = 1;
	if (argc == 0) {
		argv = nofiles;
		argc = 1;
	}

	/* Our children's pipes must not kill us; stdout's EPIPE is checked. */
	signal(SIGPIPE, SIG_IGN);
	if (opt_syms != NULL && (sy = sym_syms_load(opt_syms)) == NULL)
		return 1;
	libnames = st_new();
	/* First pass: every input, whole in memory, scanned once. */
	nin = (size_t)argc;
	inputs = xcalloc(nin, sizeof(*inputs));
	for (size_t k = 0; k < nin; k++) {
		if (load_input(argv[k], &inputs[k]) == -1) {
			while (k-- > 0)
				free_input(&inputs[k]);
			free(inputs);
			return 1;
		}
		scan_input(&inputs[k]);
	}
	for (size_t i = 0; i < nlibs; i++) {
		if (libs[i].naddrs == 0)
			continue;
		if (sy != NULL)
			resolve_syms(&libs[i], sy);
		else
			resolve_lib(&libs[i]);
	}
	if (target != NULL && !opt_mixed && st_find(libnames, target,
	    strlen(target)) < 0)
		warnx("%s: no address frames of this library in the input%s",
		    target, addr_frames_total > 0 ?
		    " (--image names the library)" : "");
	build_reps();
	for (size_t k = 0; k < nin; k++) {
		replay_input(&inputs[k]);
		free_input(&inputs[k]);
	}
	replay_end();
	summary(sy != NULL);
	sym_syms_free(sy);
	free(inputs);
	big_free(cuts, capcuts * sizeof(*cuts));
	finish_stdout();
	return status;
}
