/*
 * symbolize.c: one symbolization (symbolize.h).  The whole input is held
 * in memory (regular files mapped, anything else read and decompressed)
 * and scanned once, which collects the distinct addresses of each library
 * and notes where every address frame lies; then every library's addresses
 * are resolved in one batch by one symbolizer process (or from a
 * .syms.json sidecar), and finally the input is copied out with those
 * frames replaced.  The symbolizing thus grows with the number of distinct
 * addresses, not with the number of samples.
 */
#include <err.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "base/proc.h"
#include "base/progress.h"
#include "base/strtab.h"
#include "base/util.h"
#include "stream/stream.h"
#include "sym/sym_backend.h"
#include "sym/sym_debugfile.h"
#include "sym/sym_demangle.h"
#include "sym/sym_find_binary.h"
#include "sym/sym_image.h"
#include "sym/sym_plt.h"
#include "sym/sym_symtab.h"
#include "sym/sym_syms.h"
#include "sym/symbolize.h"

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
	int	 fileoff;	/* its addresses are file offsets (sp(5)) */
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

/* An input, whole in memory: mapped, or read (standard input, gzip). */
struct input {
	const char *name;
	char	*data;
	size_t	 len, cap;	/* cap: big_alloc'd size; 0 when mapped */
	size_t	 firstcut, ncuts;
};

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

/* The state of one symbolization (symbolize.h). */
struct sym_ctx {
	struct sym_opts o;
	const char *target;	/* --binary's library name */
	size_t	 target_len;
	int	 status;
	FILE	*fp;		/* the output */
	struct sym_syms *sy;	/* --syms, or NULL */
	struct input *inputs;
	size_t	 nin, capin;
	int	 resolved;	/* sym_ctx_resolve ran */

	struct lib *libs;
	size_t	 nlibs, caplibs;
	struct strtab *libnames;
	struct slot *slots;	/* the distinct (library, address) pairs */
	size_t	 nslots, nused;
	struct buf reps;	/* all replacement texts */
	struct ent *ents;
	size_t	 nents, capents;
	struct cut *cuts;	/* the plan of the output (struct cut) */
	size_t	 ncuts, capcuts;
	unsigned modes_used;	/* 1 << mode, for each mode of a cut */
	struct rep *rep_of[M_N];	/* by entry, built after resolving */

	/* The first pass. */
	uint64_t lineno;
	int64_t	 addr_frames_total;
	struct pend pend[NPEND];
	size_t	 npend;
	uint32_t last_lib;	/* UINT32_MAX: not wanted */
	const char *last_name;
	size_t	 last_len;
	const char *cut_end;	/* the input position the last cut ended at */
	int	 seen_headers, inserted;

	/* The symbolizer programs, looked up once. */
	char	 prog_path[4096];
	char	 llvm_path[4096], a2l_path[4096], atos_path[4096];
	int	 have_llvm, have_a2l, have_atos;
	int	 warned_missing;

	struct buf out;
};

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
lib_get(struct sym_ctx *sc, const char *name, size_t n)
{
	int added = 0;
	uint32_t id = st_intern(sc->libnames, name, n, &added);
	struct lib *l;

	if (!added)
		return id;
	xgrow(&sc->libs, &sc->caplibs, sc->nlibs + 1, sizeof(*sc->libs));
	l = &sc->libs[sc->nlibs++];
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

/*
 * #lib IDX name path debugName debugPath codeId breakpadId arch [fileoff]
 * The ninth field "fileoff" says that the library's frame addresses are
 * offsets in its file, not addresses relative to its first PT_LOAD
 * segment (sp-flatten writes so when it could not open the image).
 */
static void
lib_header(struct sym_ctx *sc, const char *line, size_t len)
{
	struct field f[11];
	size_t n = split_tabs(line, len, f, 11);
	struct lib *l;
	uint32_t id;

	if (n < 3 || f[2].len == 0)
		return;
	id = lib_get(sc, f[2].s, f[2].len);
	l = &sc->libs[id];
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
	if (n > 9 && f[9].len == 7 && memcmp(f[9].s, "fileoff", 7) == 0)
		l->fileoff = 1;
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
slot_of(struct sym_ctx *sc, uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i = (size_t)h & (sc->nslots - 1);

	while (sc->slots[i].lib != UINT32_MAX &&
	    (sc->slots[i].lib != lib || sc->slots[i].addr != addr))
		i = (i + 1) & (sc->nslots - 1);
	return i;
}

static void
grow_slots(struct sym_ctx *sc)
{
	struct slot *old = sc->slots;
	size_t oldn = sc->nslots;

	sc->nslots = oldn ? oldn * 2 : 4096;
	/* Huge pages where there are: the lookups land anywhere in it. */
	sc->slots = big_alloc(sc->nslots * sizeof(*sc->slots));
	for (size_t i = 0; i < sc->nslots; i++)
		sc->slots[i].lib = UINT32_MAX;
	for (size_t i = 0; i < oldn; i++)
		if (old[i].lib != UINT32_MAX)
			sc->slots[slot_of(sc, old[i].lib, old[i].addr,
			    hash_of(old[i].lib, old[i].addr))] = old[i];
	big_free(old, oldn * sizeof(*sc->slots));
}

/* Record an address frame; returns its entry. */
static uint32_t
addr_add(struct sym_ctx *sc, uint32_t lib, uint64_t addr, uint64_t h)
{
	size_t i;
	struct lib *l;

	if ((sc->nused + 1) * 2 > sc->nslots)
		grow_slots(sc);
	i = slot_of(sc, lib, addr, h);
	if (sc->slots[i].lib != UINT32_MAX)
		return sc->slots[i].ent;
	l = &sc->libs[lib];
	/* The cuts keep an entry in 30 bits. */
	if (sc->nents >= CUT_ENT_MASK)
		errx(1, "too many distinct addresses");
	xgrow(&l->addrs, &l->capaddrs, l->naddrs + 1, sizeof(*l->addrs));
	xgrow(&sc->ents, &sc->capents, sc->nents + 1, sizeof(*sc->ents));
	sc->ents[sc->nents].lib = lib;
	sc->ents[sc->nents].idx = (uint32_t)l->naddrs;
	sc->slots[i].lib = lib;
	sc->slots[i].addr = addr;
	sc->slots[i].ent = (uint32_t)sc->nents++;
	l->addrs[l->naddrs++] = addr;
	sc->nused++;
	return sc->slots[i].ent;
}

/* Does the library named s[0..n) take part in this run? */
static int
wanted(struct sym_ctx *sc, const char *s, size_t n)
{
	if (sc->o.mixed || sc->target == NULL)
		return 1;
	return sc->target_len == n && memcmp(sc->target, s, n) == 0;
}


static void
flush_pending(struct sym_ctx *sc)
{
	for (size_t i = 0; i < sc->npend; i++)
		sc->cuts[sc->pend[i].cut].ent |= addr_add(sc, sc->pend[i].lib,
		    sc->pend[i].addr,
		    sc->pend[i].h);
	sc->npend = 0;
}

/* Room for one more cut (huge pages: the array is tens of megabytes). */
static inline void
grow_cuts(struct sym_ctx *sc)
{
	size_t cap;

	if (sc->ncuts < sc->capcuts)
		return;
	cap = sc->capcuts ? sc->capcuts * 2 : (size_t)1 << 16;
	if (cap > SIZE_MAX / 2 / sizeof(*sc->cuts))
		errx(1, "out of memory");
	sc->cuts = big_realloc(sc->cuts, sc->capcuts * sizeof(*sc->cuts),
	    cap * sizeof(*sc->cuts));
	sc->capcuts = cap;
}

static void
add_cut(struct sym_ctx *sc, const char *at, size_t len, uint32_t ent)
{
	size_t gap = (size_t)(at - sc->cut_end);

	while (gap > UINT32_MAX) {
		grow_cuts(sc);
		sc->cuts[sc->ncuts].gap = UINT32_MAX;
		sc->cuts[sc->ncuts++].ent = CUT_NONE;
		gap -= UINT32_MAX;
	}
	grow_cuts(sc);
	sc->cuts[sc->ncuts].gap = (uint32_t)gap;
	sc->cuts[sc->ncuts++].ent = ent;
	sc->cut_end = at + len;
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
note_frame(struct sym_ctx *sc, const char *f, size_t n, const char *bang,
    enum rmode m,
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
	sc->addr_frames_total++;
	/*
	 * Neighbouring frames are mostly of the same library: the last
	 * one's name (in the input, which stays) and whether it takes part.
	 */
	if (sc->last_name != NULL && ll == sc->last_len &&
	    same_bytes(sc->last_name, f, ll)) {
		if (sc->last_lib == UINT32_MAX)
			return;
		id = sc->last_lib;
	} else {
		sc->last_name = f;
		sc->last_len = ll;
		sc->last_lib = UINT32_MAX;
		if (!wanted(sc, f, ll))
			return;
		id = sc->last_lib = lib_get(sc, f, ll);
	}
	if (sc->libs[id].stamp != sc->lineno) {
		sc->libs[id].stamp = sc->lineno;
		sc->libs[id].weight += weight;
	}
	if (sc->npend == NPEND)
		flush_pending(sc);
	if ((sc->nused + NPEND + 1) * 2 > sc->nslots) {
		flush_pending(sc);
		grow_slots(sc);
	}
	add_cut(sc, f, n, (uint32_t)m << CUT_MODE_SHIFT);
	sc->modes_used |= 1u << m;
	pe = &sc->pend[sc->npend++];
	pe->lib = id;
	pe->cut = (uint32_t)(sc->ncuts - 1);
	pe->addr = addr;
	pe->h = hash_of(id, addr);
	PREFETCH(&sc->slots[pe->h & (sc->nslots - 1)]);
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
scan_stack(struct sym_ctx *sc, const char *s, const char *end, int fold,
    enum rmode m,
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
		note_frame(sc, s, (size_t)(e - s), bang, m, weight);
		if (e == end)
			break;
		s = e + 1;
	}
}

/*
 * The first pass over one line (without its newline): the #lib headers,
 * the address frames, and where the #symbolized headers will go (before
 * #columns, or else before the first data line after a header).
 */
static void
scan_line(struct sym_ctx *sc, const char *line, size_t len)
{
	struct parsed p;

	sc->lineno++;
	if (len > 0 && line[0] == '#') {
		if (len > 5 && memcmp(line, "#lib\t", 5) == 0)
			lib_header(sc, line, len);
		if (!sc->inserted && len >= 8 &&
		    memcmp(line, "#columns", 8) == 0) {
			add_cut(sc, line, 0, CUT_HEADERS);
			sc->inserted = 1;
		}
		sc->seen_headers = 1;
		return;
	}
	if (!sc->inserted && sc->seen_headers) {
		add_cut(sc, line, 0, CUT_HEADERS);
		sc->inserted = 1;
	}
	classify(line, len, &p);
	switch (p.kind) {
	case K_AGG:
		note_frame(sc, p.stack, p.stack_len, memchr(p.stack, '!',
		    p.stack_len), M_AGG, p.weight);
		break;
	case K_SAMPLE:
		scan_stack(sc, p.stack, p.stack + p.stack_len, 0, M_STACK,
		    p.weight);
		break;
	case K_FOLD:
		scan_stack(sc, p.stack, p.stack + p.stack_len, 1, M_FOLD,
		    p.weight);
		break;
	default:
		break;
	}
}

static void
scan_input(struct sym_ctx *sc, struct input *in)
{
	const char *p = in->data, *end = p + in->len;

	sc->cut_end = p;
	sc->last_name = NULL;
	in->firstcut = sc->ncuts;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl == NULL)
			nl = end;
		scan_line(sc, p, (size_t)(nl - p));
		p = nl + 1;
	}
	flush_pending(sc);
	in->ncuts = sc->ncuts - in->firstcut;
}

/*
 * A mapped input that shrinks while it is read (truncated, rewritten by
 * another program) faults with SIGBUS on the pages past its new end.  The
 * handler names the file in one line and exits 1; it only reads what
 * load_input prepared (async-signal-safe: write and _exit).
 */
struct mapped {
	const char *start;
	size_t	 len;
	char	*msg;
	size_t	 msglen;
};
static struct mapped *mapped;
static size_t nmapped, capmapped;

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	const char *a = si->si_addr;

	(void)ctx;
	for (size_t i = 0; i < nmapped; i++)
		if (a >= mapped[i].start &&
		    (size_t)(a - mapped[i].start) < mapped[i].len) {
			ssize_t w = write(2, mapped[i].msg, mapped[i].msglen);

			(void)w;
			_exit(1);
		}
	/* Not ours: the default action. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
watch_mapping(const char *name, const char *start, size_t len)
{
	struct buf m = { 0 };
	struct sigaction sa;

	if (nmapped == 0) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, NULL);
	}
	buf_printf(&m, "%s: %s: the file shrank while it was read\n",
	    getprogname(), name);
	xgrow(&mapped, &capmapped, nmapped + 1, sizeof(*mapped));
	mapped[nmapped].start = start;
	mapped[nmapped].len = len;
	mapped[nmapped].msg = m.s;
	mapped[nmapped].msglen = m.len;
	nmapped++;
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
				if (in->len > 0)
					watch_mapping(path, m, in->len);
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
	else if (in->len > 0) {
		for (size_t i = 0; i < nmapped; i++)
			if (mapped[i].start == in->data)
				mapped[i].len = 0;
		munmap(in->data, in->len);
	}
	in->data = NULL;
}

/* ---- Running the symbolizers ---- */

static int
find_llvm(struct sym_ctx *sc)
{
	static const char *v[] = { "llvm-symbolizer", "llvm-symbolizer-19",
	    "llvm-symbolizer-18", "llvm-symbolizer-17", "llvm-symbolizer-16",
	    "llvm-symbolizer-15", "llvm-symbolizer-14", "llvm-symbolizer-13" };

	if (sc->have_llvm == -1) {
		sc->have_llvm = 0;
		for (size_t i = 0; i < SP_NELEM(v) && !sc->have_llvm; i++)
			sc->have_llvm = proc_which(v[i], sc->llvm_path,
			    sizeof(sc->llvm_path)) == 0;
	}
	return sc->have_llvm;
}

static int
find_prog(const char *name, char *path, size_t sz, int *have)
{
	if (*have == -1)
		*have = proc_which(name, path, sz) == 0;
	return *have;
}

static void
missing(struct sym_ctx *sc, const char *msg)
{
	if (!sc->warned_missing)
		warnx("%s", msg);
	sc->warned_missing = 1;
	sc->status = 1;
}

/*
 * The backend and program for an image of this kind; SYMB_NONE (after a
 * message) when none is installed.
 */
static enum sym_backend
choose_backend(struct sym_ctx *sc, enum sym_kind kind, const char **prog)
{
	enum sym_backend b = sc->o.backend;

	if (sc->o.symbolizer != NULL) {
		if (proc_which(sc->o.symbolizer, sc->prog_path,
		    sizeof(sc->prog_path)) == -1) {
			struct buf m = { 0 };

			buf_printf(&m, "%s: symbolizer not found",
			    sc->o.symbolizer);
			missing(sc, m.s);
			buf_free(&m);
			return SYMB_NONE;
		}
		*prog = sc->prog_path;
		if (b == SYMB_NONE) {
			const char *bn = base_name(sc->o.symbolizer);

			b = strstr(bn, "addr2line") != NULL ? SYMB_ADDR2LINE :
			    strstr(bn, "atos") != NULL ? SYMB_ATOS : SYMB_LLVM;
		}
		return b;
	}
	switch (b) {
	case SYMB_LLVM:
		if (find_llvm(sc)) {
			*prog = sc->llvm_path;
			return b;
		}
		missing(sc, "llvm-symbolizer not found: install llvm "
		    "(apt-get install llvm)");
		return SYMB_NONE;
	case SYMB_ADDR2LINE:
		if (find_prog("addr2line", sc->a2l_path, sizeof(sc->a2l_path),
		    &sc->have_a2l)) {
			*prog = sc->a2l_path;
			return b;
		}
		missing(sc, "addr2line not found: install binutils "
		    "(apt-get install binutils)");
		return SYMB_NONE;
	case SYMB_ATOS:
		if (find_prog("atos", sc->atos_path, sizeof(sc->atos_path),
		    &sc->have_atos)) {
			*prog = sc->atos_path;
			return b;
		}
		missing(sc, "atos not found: it comes with Xcode's command "
		    "line tools (macOS)");
		return SYMB_NONE;
	default:
		break;
	}
	if (find_llvm(sc)) {
		*prog = sc->llvm_path;
		return SYMB_LLVM;
	}
	if (kind == SYMK_ELF && find_prog("addr2line", sc->a2l_path,
	    sizeof(sc->a2l_path), &sc->have_a2l)) {
		*prog = sc->a2l_path;
		return SYMB_ADDR2LINE;
	}
	if (kind == SYMK_MACHO && find_prog("atos", sc->atos_path,
	    sizeof(sc->atos_path), &sc->have_atos)) {
		*prog = sc->atos_path;
		return SYMB_ATOS;
	}
	missing(sc, "llvm-symbolizer not found: install llvm (apt-get install "
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
resolve_syms(struct sym_ctx *sc, struct lib *l, const struct sym_syms *sy)
{
	char *uname = unesc_dup(l->name, l->name_len);
	int e = sym_syms_find(sy, l->debug_name[0] ? l->debug_name : uname,
	    l->code_id, l->breakpad_id);
	double t0 = now();

	free(uname);
	/* The sidecar is keyed by relative addresses, not file offsets. */
	if (e < 0 || l->fileoff) {
		l->state = L_NOTFOUND;
		return;
	}
	sym_syms_resolve(sy, e, l->addrs, l->naddrs, &l->res);
	l->via = "syms";
	l->file = xstrdup(sc->o.syms);
	l->state = L_DONE;
	lib_alloc_reps(l);
	count_resolved(l);
	l->secs = now() - t0;
}

/*
 * The addresses of l that the image im can answer for: each one's address
 * in the file (sv[i]: relative + base, or its file offset's address for a
 * "fileoff" library; UINT64_MAX when none) inside an executable segment.
 * Those go into q (relative to base again, as the backends take them)
 * with their index in pos; returns how many.  An address outside every
 * executable segment is not of this file (or the base is wrong): the
 * symbolizer would name it after whatever symbol lies below.
 */
static size_t
in_code(const struct lib *l, const struct sym_image *im, uint64_t base,
    uint64_t *sv, uint64_t *q, size_t *pos)
{
	size_t nq = 0;

	for (size_t i = 0; i < l->naddrs; i++) {
		uint64_t a = l->addrs[i] + base;

		sv[i] = UINT64_MAX;
		if (l->fileoff && sym_image_off_to_addr(im, l->addrs[i],
		    &a) == -1)
			continue;
		if (!sym_image_in_code(im, a))
			continue;
		sv[i] = a;
		q[nq] = a - base;
		pos[nq++] = i;
	}
	return nq;
}

/*
 * The answers checked against the file's symbol table (sym_symtab.h).  An
 * answer from the symbol table alone (one frame, no source file) names the
 * nearest symbol below the address, however far: it stands only when a
 * function symbol covers the address, else it is left unnamed, counted in
 * one warning.  An address in a PLT stub is named after the stub's target,
 * "NAME@plt", as perf report names it (sym_plt.h), whatever the
 * symbolizer said: the linker made the stub, no source line or symbol is
 * its (llvm-symbolizer names lld's after _fini, "crtstuff.c:0"); the rest
 * of a PLT section (its lazy-binding header) is left unnamed.  Where
 * several symbols share the function's address, the outermost frame is
 * named as perf report names it.
 */
static void
check_symtab(struct lib *l, const char *bin, const uint64_t *sv)
{
	struct sym_symtab *t;
	struct sym_plt *plt;
	size_t bad = 0;
	char n1[32], n2[32];

	t = sym_symtab_read(l->file);
	/* The stubs' bytes are in the binary, not in a debug file. */
	plt = sym_plt_read(bin);
	for (size_t i = 0; i < l->naddrs && (t != NULL || plt != NULL); i++) {
		size_t k = l->res.first[i];
		const struct sym_frame *f = &l->res.frames[k];
		const char *alias, *stub = NULL;
		int inplt = 0;

		if (plt != NULL && sv[i] != UINT64_MAX)
			stub = sym_plt_name(plt, sv[i], &inplt);
		if (stub != NULL) {
			size_t start = l->res.nfr;

			symr_push(&l->res, stub, strlen(stub), "", 0, 0);
			symr_commit(&l->res, i, start);
			continue;
		}
		if (inplt && l->res.nframes[i] > 0) {
			l->res.nframes[i] = 0;
			bad++;
			continue;
		}
		if (l->res.nframes[i] == 0 || t == NULL)
			continue;
		if (l->res.nframes[i] == 1 && f->file_len == 0 &&
		    !sym_symtab_covers(t, sv[i])) {
			l->res.nframes[i] = 0;
			bad++;
			continue;
		}
		alias = sym_symtab_alias(t, sv[i], symr_str(&l->res, f->name),
		    f->name_len);
		if (alias != NULL && (strlen(alias) != f->name_len ||
		    memcmp(alias, symr_str(&l->res, f->name), f->name_len)))
			symr_rename(&l->res, k, alias, strlen(alias));
	}
	sym_symtab_free(t);
	sym_plt_free(plt);
	if (bad > 0)
		warnx("%.*s: %s of %s addresses lie in no function of its "
		    "symbol table: left unnamed", (int)l->name_len, l->name,
		    fmt_count(n1, sizeof(n1), bad),
		    fmt_count(n2, sizeof(n2), l->naddrs));
}

/*
 * The file to symbolize library l from, its headers read into im: the
 * first candidate (sym_find_binary.h) whose identity matches, or with
 * --force the first that does not.  Returns it (a string of c), or NULL
 * with l->state set after any message.
 */
static const char *
pick_file(struct sym_ctx *sc, struct lib *l, const char *uname,
    struct sym_cands *c, struct sym_image *im)
{
	struct sym_where w;
	struct sym_libref ref;
	struct sym_image first_bad;
	const char *why = NULL, *bad_path = NULL;

	w.map = sc->o.map;
	w.nmap = sc->o.nmap;
	w.dirs = sc->o.search;
	w.ndirs = sc->o.nsearch;
	w.binary = sc->o.binary;
	w.target = sc->target;
	w.mixed = sc->o.mixed;
	ref.name = uname;
	ref.path = l->path;
	ref.debug_name = l->debug_name;
	ref.debug_path = l->debug_path;
	ref.code_id = l->code_id;
	ref.breakpad_id = l->breakpad_id;
	sym_candidates(&w, &ref, c);
	for (size_t i = 0; i < c->n; i++) {
		if (!sym_is_file(c->v[i]))
			continue;
		if (sym_image_read(c->v[i], l->arch, im, &why) == -1) {
			warnx("%s: %s", c->v[i], why);
			l->state = L_FAILED;
			sc->status = 1;
			continue;
		}
		if (sym_identity_ok(im, l->code_id, l->breakpad_id))
			return c->v[i];
		if (bad_path == NULL) {
			bad_path = c->v[i];
			first_bad = *im;
		}
	}
	if (bad_path != NULL) {
		if (sc->o.force) {
			*im = first_bad;
			return bad_path;
		}
		warnx("%.*s: %s does not match the profile: build id %s, "
		    "expected %s (--force to use it anyway)",
		    (int)l->name_len, l->name, bad_path, first_bad.id,
		    l->code_id[0] ? l->code_id : l->breakpad_id);
		l->state = L_MISMATCH;
		l->file = xstrdup(bad_path);
		sc->status = 1;
		return NULL;
	}
	if (l->state != L_FAILED) {
		l->state = L_NOTFOUND;
		if (!sc->o.mixed) {
			/* The file named by --binary (or --map). */
			warnx("%s: %s", c->n ? c->v[0] : l->name,
			    c->n ? "no such file" : "no file for this library");
			sc->status = 1;
		}
	}
	return NULL;
}

/*
 * Ask the job's symbolizer about l's addresses that lie in the code of
 * the image im (in_code), the answers checked against its symbol table
 * (check_symtab); the others are counted in one warning.
 */
static void
run_job(struct sym_ctx *sc, struct lib *l, const char *uname, const char *bin,
    const struct sym_job *job, const struct sym_image *im)
{
	struct buf msg = { 0 }, wmsg = { 0 };
	size_t nq, na = l->naddrs ? l->naddrs : 1, *pos;
	uint64_t *sv = xreallocarray(NULL, na, sizeof(*sv));
	uint64_t *q = xreallocarray(NULL, na, sizeof(*q));
	char n1[32], n2[32];
	int rc = 0;

	pos = xreallocarray(NULL, na, sizeof(*pos));
	nq = in_code(l, im, job->base, sv, q, pos);
	if (nq > 0) {
		progress_begin(uname, nq, PROGRESS_ADDRESSES);
		rc = sym_backend_run(job, q, nq, &l->res, &msg, &wmsg);
		progress_end();
	} else
		symr_init(&l->res, 0);
	symr_spread(&l->res, pos, l->naddrs);
	if (rc == -1) {
		warnx("%.*s: %s", (int)l->name_len, l->name, msg.s);
		sc->status = 1;
		l->state = L_PARTIAL;
	} else {
		if (wmsg.len > 0)
			warnx("%.*s: %s: %s", (int)l->name_len, l->name,
			    l->via, wmsg.s);
		l->state = L_DONE;
	}
	if (nq < l->naddrs)
		warnx("%.*s: %s of %s addresses fall outside its code: not the "
		    "binary that was profiled, or a wrong --base?",
		    (int)l->name_len, l->name,
		    fmt_count(n1, sizeof(n1), l->naddrs - nq),
		    fmt_count(n2, sizeof(n2), l->naddrs));
	if (im->kind == SYMK_ELF)
		check_symtab(l, bin, sv);
	lib_alloc_reps(l);
	count_resolved(l);
	/* It complained and resolved nothing: it could not read the file. */
	if (wmsg.len > 0 && l->resolved == 0)
		sc->status = 1;
	free(sv);
	free(q);
	free(pos);
	buf_free(&msg);
	buf_free(&wmsg);
}

/* Resolve library l from its file (not from a sidecar). */
static void
resolve_lib(struct sym_ctx *sc, struct lib *l)
{
	struct sym_cands c = { 0 };
	char *uname = unesc_dup(l->name, l->name_len);
	struct sym_image im;
	struct sym_job job;
	char dbg[4096];
	const char *use, *prog = NULL;
	double t0 = now();

	if ((use = pick_file(sc, l, uname, &c, &im)) == NULL)
		goto out;
	if (sym_find_debug(use, &im, NULL, dbg, sizeof(dbg)) == 0)
		l->file = xstrdup(dbg);
	else
		l->file = xstrdup(use);
	job.backend = choose_backend(sc, im.kind, &prog);
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
	job.base = sc->o.has_base ? sc->o.base : im.base;
	job.inlines = 1;
	/* Counting the answers reads them all again: only when shown. */
	job.progress = progress_enabled();
	l->via = sym_backend_name(job.backend);
	run_job(sc, l, uname, use, &job, &im);
	l->secs = now() - t0;
out:
	sym_cands_free(&c);
	free(uname);
}

/* ---- Writing ---- */

/*
 * The replacement text of address idx of library l, built once: the
 * frames outermost first, inlined ones marked; or NULL when unresolved.
 */
static const char *
replacement(struct sym_ctx *sc, struct lib *l, uint32_t idx, enum rmode m,
    size_t *len)
{
	struct buf one = { 0 }, rust = { 0 };
	struct rep *rp;
	uint32_t n;
	size_t first;

	if (l->rep[m] == NULL)
		return NULL;
	rp = &l->rep[m][idx];
	if (rp->off != SIZE_MAX) {
		*len = rp->len;
		return rp->len ? sc->reps.s + rp->off : NULL;
	}
	if ((n = l->res.nframes[idx]) == 0) {
		rp->off = rp->len = 0;
		return NULL;
	}
	if (m == M_AGG || sc->o.noinline)
		n = 1;
	first = l->res.first[idx];
	rp->off = sc->reps.len;
	for (uint32_t k = 0; k < n; k++) {
		const struct sym_frame *f = &l->res.frames[first + k];
		const char *name = symr_str(&l->res, f->name);
		size_t nl = f->name_len;

		size_t bare = sym_drop_rust_hash(name, nl);

		buf_reset(&one);
		buf_add(&one, l->name, l->name_len);
		buf_addc(&one, '!');
		if (bare < nl) {
			/* Rust legacy: its escapes decoded, a copy. */
			if (!sc->o.keep_hash)
				nl = bare;
			buf_reset(&rust);
			buf_add(&rust, name, nl);
			nl = sym_rust_unescape(rust.s, nl);
			name = rust.s;
		}
		esc_append(&one, name, nl);
		if (sc->o.lines && f->file_len > 0) {
			struct buf loc = { 0 };

			buf_printf(&loc, " @ %s:%" PRIu32,
			    symr_str(&l->res, f->file), f->line);
			esc_append(&one, loc.s, loc.len);
			buf_free(&loc);
		}
		if (k > 0)
			buf_adds(&one, " (inlined)");
		if (k > 0)
			buf_addc(&sc->reps, ';');
		if (m == M_FOLD)
			fold_append(&sc->reps, one.s, one.len);
		else
			buf_add(&sc->reps, one.s, one.len);
	}
	buf_free(&one);
	buf_free(&rust);
	rp->len = sc->reps.len - rp->off;
	*len = rp->len;
	return sc->reps.s + rp->off;
}

/*
 * The replacement of every entry in each way frames occur (stack, table,
 * folded), by entry: what the output loop reads, in one array a mode.
 */
static void
build_reps(struct sym_ctx *sc)
{
	for (int m = 0; m < M_N; m++) {
		if (!(sc->modes_used & 1u << m))
			continue;
		sc->rep_of[m] = big_alloc((sc->nents ? sc->nents : 1) *
		    sizeof(*sc->rep_of[m]));
		for (size_t e = 0; e < sc->nents; e++) {
			size_t len = 0;
			const struct ent *en = &sc->ents[e];
			const char *r = replacement(sc, &sc->libs[en->lib],
			    en->idx, (enum rmode)m, &len);

			sc->rep_of[m][e].off = r != NULL ?
			    (size_t)(r - sc->reps.s) : 0;
			sc->rep_of[m][e].len = r != NULL ? len : 0;
		}
	}
}

static void
put_headers(struct sym_ctx *sc, struct buf *ob)
{
	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];
		const char *what;

		if (l->naddrs == 0 || l->state == L_SKIP)
			continue;
		switch (l->state) {
		case L_NOTFOUND: what = "not-found"; break;
		case L_MISMATCH: what = "mismatch"; break;
		case L_FAILED: what = "failed"; break;
		default: what = l->via; break;
		}
		buf_adds(ob, "#symbolized\t");
		buf_add(ob, l->name, l->name_len);
		buf_addc(ob, '\t');
		if (l->file != NULL)
			esc_append(ob, l->file, strlen(l->file));
		buf_printf(ob, "\t%s\t%zu/%zu\n", what, l->resolved,
		    l->naddrs);
	}
}

/* Standard output's errors as every tool treats them; another file's. */
static void
check_out(struct sym_ctx *sc)
{
	if (sc->fp == stdout)
		check_stdout();
	else if (ferror(sc->fp))
		err(1, "write error");
}

static void
flush_out(struct sym_ctx *sc, struct buf *ob)
{
	if (ob->len > 0 && fwrite(ob->s, 1, ob->len, sc->fp) != ob->len)
		check_out(sc);
	buf_reset(ob);
	check_out(sc);
}

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
 * Append s[0..n) to the output buffer.  Most pieces are a few bytes (the
 * text between two frames, a function name): when 32 bytes can be read at
 * s (before limit) and written, they are copied as one fixed-size block,
 * which the compiler inlines, instead of through a call to memcpy; its
 * length then grows by n only.  It is not NUL-terminated by this.
 */
static inline void
out_add(struct sym_ctx *sc, const char *s, size_t n, const char *limit)
{
	if (n <= 32 && limit - s >= 32 && sc->out.cap - sc->out.len > 32) {
		memcpy(sc->out.s + sc->out.len, s, 32);
		sc->out.len += n;
	} else
		buf_add(&sc->out, s, n);
}

/*
 * Write one input with its cuts replaced: the text between the cuts is
 * copied as it is, each address frame becomes its replacement (or stays,
 * when unresolved), and a last line without a newline gets one.
 */
static void
replay_input(struct sym_ctx *sc, const struct input *in)
{
	const struct cut *c = sc->cuts + in->firstcut, *cend = c + in->ncuts;
	const char *p = in->data, *end = p + in->len;

	if (sc->out.cap < (1u << 21))
		buf_grow(&sc->out, 1u << 21);
	for (; c < cend; c++) {
		const struct rep *rp;
		size_t n;

		/*
		 * Lookups ahead, each a likely cache miss: the replacement's
		 * place 32 cuts on, its text 12 on.
		 */
		if (c + 32 < cend && c[32].ent < CUT_HEADERS)
			PREFETCH(&sc->rep_of[c[32].ent >> CUT_MODE_SHIFT]
			    [c[32].ent & CUT_ENT_MASK]);
		if (c + 12 < cend && c[12].ent < CUT_HEADERS)
			PREFETCH(sc->reps.s +
			    sc->rep_of[c[12].ent >> CUT_MODE_SHIFT]
			    [c[12].ent & CUT_ENT_MASK].off);
		out_add(sc, p, c->gap, end);
		p += c->gap;
		if (c->ent >= CUT_HEADERS) {
			if (c->ent == CUT_HEADERS)
				put_headers(sc, &sc->out);
		} else {
			rp = &sc->rep_of[c->ent >> CUT_MODE_SHIFT]
			    [c->ent & CUT_ENT_MASK];
			n = frame_len(p, end);
			if (rp->len > 0)
				out_add(sc, sc->reps.s + rp->off, rp->len,
				    sc->reps.s + sc->reps.len);
			else
				out_add(sc, p, n, end);
			p += n;
		}
		if (sc->out.len >= (1u << 20))
			flush_out(sc, &sc->out);
	}
	while (p < end) {
		size_t n = (size_t)(end - p) > (1u << 20) ? (1u << 20) :
		    (size_t)(end - p);

		buf_add(&sc->out, p, n);
		p += n;
		flush_out(sc, &sc->out);
	}
	if (in->len > 0 && end[-1] != '\n')
		buf_addc(&sc->out, '\n');
}

static void
replay_end(struct sym_ctx *sc)
{
	if (!sc->inserted && sc->seen_headers)
		put_headers(sc, &sc->out);
	flush_out(sc, &sc->out);
	buf_free(&sc->out);
}

static void
summary(struct sym_ctx *sc, int syms)
{
	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];

		if (l->naddrs == 0)
			continue;
		if (l->state == L_NOTFOUND && (sc->o.mixed || syms))
			warnx("%.*s: not found (%" PRId64 " samples)",
			    (int)l->name_len, l->name, l->weight);
		if (sc->o.quiet ||
		    (l->state != L_DONE && l->state != L_PARTIAL))
			continue;
		fprintf(stderr, "sp-symbolize: %.*s: %zu/%zu addresses "
		    "resolved in %.3f s (%s, %s)\n", (int)l->name_len, l->name,
		    l->resolved, l->naddrs, l->secs, l->via, l->file);
	}
}

/* ---- The face ---- */

struct sym_ctx *
sym_ctx_new(const struct sym_opts *o)
{
	struct sym_ctx *sc = xcalloc(1, sizeof(*sc));

	sc->o = *o;
	sc->fp = stdout;
	sc->last_lib = UINT32_MAX;
	sc->have_llvm = sc->have_a2l = sc->have_atos = -1;
	if (o->binary != NULL)
		sc->target = o->image != NULL ? o->image : base_name(o->binary);
	else if (o->syms != NULL)
		sc->target = o->image;
	if (sc->target != NULL)
		sc->target_len = strlen(sc->target);
	if (o->binary == NULL && o->syms == NULL)
		sc->o.mixed = 1;
	if (o->syms != NULL && (sc->sy = sym_syms_load(o->syms)) == NULL) {
		free(sc);
		return NULL;
	}
	sc->libnames = st_new();
	return sc;
}

int
sym_ctx_add_file(struct sym_ctx *sc, const char *path)
{
	struct input *in;

	xgrow(&sc->inputs, &sc->capin, sc->nin + 1, sizeof(*sc->inputs));
	in = &sc->inputs[sc->nin];
	if (load_input(path, in) == -1)
		return -1;
	sc->nin++;
	scan_input(sc, in);
	return 0;
}

void
sym_ctx_resolve(struct sym_ctx *sc)
{
	for (size_t i = 0; i < sc->nlibs; i++) {
		if (sc->libs[i].naddrs == 0)
			continue;
		if (sc->sy != NULL)
			resolve_syms(sc, &sc->libs[i], sc->sy);
		else
			resolve_lib(sc, &sc->libs[i]);
	}
	if (sc->target != NULL && !sc->o.mixed && st_find(sc->libnames,
	    sc->target, sc->target_len) < 0)
		warnx("%s: no address frames of this library in the input%s",
		    sc->target, sc->addr_frames_total > 0 ?
		    " (--image names the library)" : "");
	build_reps(sc);
	sc->resolved = 1;
}

void
sym_ctx_write(struct sym_ctx *sc, FILE *fp)
{
	if (!sc->resolved)
		sym_ctx_resolve(sc);
	sc->fp = fp;
	for (size_t k = 0; k < sc->nin; k++) {
		replay_input(sc, &sc->inputs[k]);
		free_input(&sc->inputs[k]);
	}
	sc->nin = 0;
	replay_end(sc);
	summary(sc, sc->sy != NULL);
	if (fflush(fp) == EOF)
		check_out(sc);
}

int
sym_ctx_status(const struct sym_ctx *sc)
{
	return sc->status;
}

void
sym_ctx_free(struct sym_ctx *sc)
{
	if (sc == NULL)
		return;
	for (size_t k = 0; k < sc->nin; k++)
		free_input(&sc->inputs[k]);
	free(sc->inputs);
	for (size_t i = 0; i < sc->nlibs; i++) {
		struct lib *l = &sc->libs[i];

		free(l->name);
		free(l->path);
		free(l->debug_name);
		free(l->debug_path);
		free(l->code_id);
		free(l->breakpad_id);
		free(l->arch);
		free(l->addrs);
		free(l->file);
		symr_free(&l->res);
		for (int m = 0; m < M_N; m++)
			free(l->rep[m]);
	}
	free(sc->libs);
	st_free(sc->libnames);
	big_free(sc->slots, sc->nslots * sizeof(*sc->slots));
	buf_free(&sc->reps);
	free(sc->ents);
	big_free(sc->cuts, sc->capcuts * sizeof(*sc->cuts));
	for (int m = 0; m < M_N; m++)
		big_free(sc->rep_of[m], (sc->nents ? sc->nents : 1) *
		    sizeof(*sc->rep_of[m]));
	buf_free(&sc->out);
	sym_syms_free(sc->sy);
	free(sc);
}
