/*
 * sym_resolve.c: resolving the addresses of one library (sym_ctx.h): the
 * file to read (the first candidate whose identity matches), the
 * addresses that fall in its code, one batch to its symbolizer
 * (sym_backend.h) or, by default, to its DWARF read in process
 * (dwarf/dwarf.h: the addresses it cannot name exactly then go to
 * llvm-symbolizer), through the symbol cache (sym_cache.h), the answers
 * checked against its symbol table and PLT; or the answers of a
 * .syms.json sidecar.  It uses base/, dwarf/, sym_ctx.h and the rest of
 * sym/ below it (sym_find_binary.h, sym_debugfile.h,
 * sym_image.h, sym_symtab.h, sym_plt.h, sym_syms.h, sym_programs.h).
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/buf.h"
#include "base/progress.h"
#include "base/util.h"
#include "dwarf/dwarf.h"
#include "sym/sym_backend.h"
#include "sym/sym_cache.h"
#include "sym/sym_ctx.h"
#include "sym/sym_debugfile.h"
#include "sym/sym_find_binary.h"
#include "sym/sym_image.h"
#include "sym/sym_plt.h"
#include "sym/sym_result_io.h"
#include "sym/sym_symtab.h"
#include "sym/sym_syms.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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

void
symc_lib_done(struct lib *l)
{
	lib_alloc_reps(l);
	count_resolved(l);
}

void
symc_resolve_syms(struct sym_ctx *sc, struct lib *l, const struct sym_syms *sy)
{
	char *uname = symc_unesc_dup(l->name, l->name_len);
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
 * A file's identity in a cache key: its real path, size and modification
 * time (a rebuilt or replaced file has another); -1 when it cannot be
 * read.
 */
static int
file_ident(struct buf *k, const char *what, const char *path)
{
	char real[PATH_MAX];
	struct stat st;

	if (realpath(path, real) == NULL || stat(real, &st) == -1)
		return -1;
	buf_printf(k, "%s %s %lld %lld.%09ld\n", what, real,
	    (long long)st.st_size, (long long)st.st_mtim.tv_sec,
	    st.st_mtim.tv_nsec);
	return 0;
}

/*
 * The cache key of a job: everything its answers depend on (the program,
 * the files it reads, the binary whose symbol table and PLT check them,
 * the base and architecture); -1 when a file cannot be identified.
 */
static int
cache_key(struct buf *k, const struct sym_job *job, const char *bin,
    const struct sym_image *im)
{
	buf_printf(k, "sp-symbolize cache 1\nbackend %s\n",
	    sym_backend_name(job->backend));
	/* The dwarf backend's answers are this program's (and llvm's). */
	if (job->backend == SYMB_DWARF &&
	    file_ident(k, "self", "/proc/self/exe") == -1)
		return -1;
	if (file_ident(k, "prog", job->prog) == -1 ||
	    file_ident(k, "bin", bin) == -1 ||
	    file_ident(k, "file", job->bin) == -1)
		return -1;
	buf_printf(k, "id %s\narch %s\nbase %llx\ninlines %d\n", im->id,
	    job->arch != NULL ? job->arch : "", (unsigned long long)job->base,
	    job->inlines);
	return 0;
}

static int
by_addr(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Where a is in the sorted v[0..n), or -1. */
static ssize_t
find_addr(const uint64_t *v, size_t n, uint64_t a)
{
	const uint64_t *p;

	if (n == 0)
		return -1;
	p = bsearch(&a, v, n, sizeof(*v), by_addr);
	return p != NULL ? p - v : -1;
}

/*
 * Keep under key the answers of the cache file (ca, cr) and the new ones
 * (mq, mr), sorted by address.  A directory that cannot be written is
 * said once.
 */
static void
cache_keep(struct sym_ctx *sc, const char *key, const uint64_t *ca,
    const struct sym_results *cr, const uint64_t *mq,
    const struct sym_results *mr)
{
	size_t n = cr->naddr + mr->naddr, i = 0, j = 0, o = 0;
	uint64_t *all = xreallocarray(NULL, n ? n : 1, sizeof(*all));
	struct sym_results u;
	struct buf why = { 0 };
	size_t *ord = xreallocarray(NULL, mr->naddr ? mr->naddr : 1,
	    sizeof(*ord));

	/* The new addresses in order (insertion: a few thousand at most). */
	for (size_t k = 0; k < mr->naddr; k++) {
		size_t p = k;

		while (p > 0 && mq[ord[p - 1]] > mq[k]) {
			ord[p] = ord[p - 1];
			p--;
		}
		ord[p] = k;
	}
	symr_init(&u, n);
	while (i < cr->naddr || j < mr->naddr) {
		if (j == mr->naddr || (i < cr->naddr && ca[i] < mq[ord[j]])) {
			all[o] = ca[i];
			symr_copy(&u, o++, cr, i++);
		} else {
			all[o] = mq[ord[j]];
			symr_copy(&u, o++, mr, ord[j++]);
		}
	}
	if (sym_cache_store(sc->cache, key, all, &u, &why) == -1) {
		if (!sc->cache_warned)
			warnx("%s", why.s);
		sc->cache_warned = 1;
		if (sc->nocache_msg.len == 0)
			buf_adds(&sc->nocache_msg, why.s);
	}
	symr_free(&u);
	free(all);
	free(ord);
	buf_free(&why);
}

/*
 * What to keep in the cache once the library is done (the answers of its
 * file and the new ones), so that a message about it comes last.
 */
struct keep {
	int	 want;
	struct buf key;
	uint64_t *ca, *mq;
	struct sym_results cr, mr;
};

static void
keep_free(struct keep *k)
{
	if (!k->want)
		return;
	buf_free(&k->key);
	free(k->ca);
	free(k->mq);
	symr_free(&k->cr);
	symr_free(&k->mr);
	k->want = 0;
}

static int answer(const struct sym_job *, const char *, const uint64_t *,
    size_t, struct sym_results *, struct buf *, struct buf *);

/*
 * The answers for q[0..nq) into l->res: from the cache where it has them,
 * the others from the job's symbolizer; k says what to keep in the cache
 * (when it answered every one without a complaint).  Returns as
 * sym_backend_run.
 */
static int
ask(struct sym_ctx *sc, struct lib *l, const char *uname,
    const struct sym_job *job, const char *bin, const struct sym_image *im,
    const uint64_t *q, size_t nq, struct buf *msg, struct buf *wmsg,
    struct keep *k)
{
	size_t nm = 0;
	int rc = 0;

	memset(k, 0, sizeof(*k));
	l->asked = nq;
	if (sc->cache == NULL || cache_key(&k->key, job, bin, im) == -1) {
		buf_free(&k->key);
		progress_begin(uname, nq, PROGRESS_ADDRESSES);
		rc = answer(job, bin, q, nq, &l->res, msg, wmsg);
		progress_end();
		return rc;
	}
	sym_cache_load(sc->cache, k->key.s, &k->ca, &k->cr);
	k->mq = xreallocarray(NULL, nq, sizeof(*k->mq));
	for (size_t i = 0; i < nq; i++)
		if (find_addr(k->ca, k->cr.naddr, q[i]) < 0)
			k->mq[nm++] = q[i];
	if (nm > 0) {
		progress_begin(uname, nm, PROGRESS_ADDRESSES);
		rc = answer(job, bin, k->mq, nm, &k->mr, msg, wmsg);
		progress_end();
	} else
		symr_init(&k->mr, 0);
	symr_init(&l->res, nq);
	for (size_t i = 0, j = 0; i < nq; i++) {
		ssize_t c = find_addr(k->ca, k->cr.naddr, q[i]);

		if (c >= 0) {
			symr_copy(&l->res, i, &k->cr, (size_t)c);
			l->cached++;
		} else
			symr_copy(&l->res, i, &k->mr, j++);
	}
	k->want = 1;
	if (nm == 0 || rc != 0 || wmsg->len > 0)
		keep_free(k);
	return rc;
}

static void
warn_outside(const struct lib *l, size_t nq)
{
	char n1[32], n2[32];

	if (nq < l->naddrs)
		warnx("%.*s: %s of %s addresses fall outside its code: not the "
		    "binary that was profiled, or a wrong --base?",
		    (int)l->name_len, l->name,
		    fmt_count(n1, sizeof(n1), l->naddrs - nq),
		    fmt_count(n2, sizeof(n2), l->naddrs));
}

/* A name a symbolizer would demangle (C++, Rust). */
static int
mangled(const char *s)
{
	return strncmp(s, "_Z", 2) == 0 || strncmp(s, "_R", 2) == 0;
}

/*
 * Function names only (--no-inline without -l): read from the symbol
 * table of the file in-process, without starting a symbolizer, when it
 * names the functions as the symbolizer would.  llvm-symbolizer's
 * outermost function is the symbol table's name where there is one (with
 * --functions=linkage it prefers it to DWARF's, "work.constprop.0" too),
 * demangled: for a name it would demangle (C++, Rust), if a symbolizer is
 * installed, -1 says to ask it.  0 when done.
 */
static int
from_symtab(struct sym_ctx *sc, struct lib *l, const char *bin,
    const struct sym_image *im)
{
	struct sym_symtab *t = sym_symtab_read(l->file);
	size_t nq, na = l->naddrs ? l->naddrs : 1, *pos;
	uint64_t *sv, *q, base = sc->o.has_base ? sc->o.base : im->base;
	int have_prog;

	if (t == NULL)
		return -1;
	have_prog = sym_programs_have_llvm(&sc->progs);
	sv = xreallocarray(NULL, na, sizeof(*sv));
	q = xreallocarray(NULL, na, sizeof(*q));
	pos = xreallocarray(NULL, na, sizeof(*pos));
	nq = in_code(l, im, base, sv, q, pos);
	symr_init(&l->res, nq);
	for (size_t k = 0; k < nq; k++) {
		const char *name = sym_symtab_name(t, q[k] + base);
		size_t start = l->res.nfr;

		if (name != NULL && have_prog && mangled(name)) {
			symr_free(&l->res);
			sym_symtab_free(t);
			free(sv);
			free(q);
			free(pos);
			return -1;
		}
		if (name != NULL)
			symr_push(&l->res, name, strlen(name), "", 0, 0);
		symr_commit(&l->res, k, start);
	}
	sym_symtab_free(t);
	symr_spread(&l->res, pos, l->naddrs);
	l->via = "symtab";
	l->state = L_DONE;
	warn_outside(l, nq);
	check_symtab(l, bin, sv);
	symc_lib_done(l);
	free(sv);
	free(q);
	free(pos);
	return 0;
}

/*
 * The frames of one address as llvm-symbolizer --functions=linkage
 * --demangle --inlines gives them, from the DWARF d and llvm's symbol
 * table (dwarf_symbol), pushed innermost first: the DWARF chain, its
 * outermost frame named by the symbol table where llvm's table names the
 * address (demangled), frames without a name left out as sym_parse_llvm
 * leaves out "??".  The file of a frame is not read, but check_symtab
 * looks at whether there is one where no function symbol of t covers
 * the address: then the answer is a symbol's name with its STT_FILE
 * name as llvm gives it, or -1 (why set) when it would take a file from
 * the line table.  -1 too for a name this cannot demangle.
 */
static int
dwarf_frames(struct dwarf *d, const struct sym_symtab *t, uint64_t svma,
    struct sym_results *r, struct buf *names, struct buf *dem,
    struct buf *why)
{
	const char *p, *sname, *sfile;
	size_t nf;
	int in_unit, covered;

	if (dwarf_lookup(d, svma, names, &nf, &in_unit, why) == -1 ||
	    dwarf_symbol(d, svma, &sname, &sfile, why) == -1)
		return -1;
	covered = t == NULL || sym_symtab_covers(t, svma);
	if (!covered && (nf > 0 || (in_unit && sname != NULL &&
	    sfile == NULL))) {
		buf_adds(why, "an address no function symbol covers, in a "
		    "unit's code");
		return -1;
	}
	buf_reset(dem);
	if (sname != NULL && *sname == '\0') {
		buf_adds(why, "a symbol without a name");
		return -1;
	}
	if (sname != NULL &&
	    dwarf_demangle(sname, strlen(sname), dem) == -1) {
		buf_printf(why, "a symbol not demangled in process: %.80s",
		    sname);
		return -1;
	}
	p = names->s;
	for (size_t i = 0; i < nf; i++) {
		size_t n = strlen(p);

		if (i + 1 == nf && sname != NULL) {
			if (!symr_unknown(dem->s, dem->len))
				symr_push(r, dem->s, dem->len, "", 0, 0);
		} else if (!symr_unknown(p, n))
			symr_push(r, p, n, "", 0, 0);
		p += n + 1;
	}
	if (nf == 0 && sname != NULL && !symr_unknown(dem->s, dem->len))
		symr_push(r, dem->s, dem->len, sfile ? sfile : "",
		    sfile ? strlen(sfile) : 0, 0);
	return 0;
}

/*
 * The dwarf backend: answers for q[0..nq) as sym_backend_run gives them,
 * what llvm-symbolizer would answer, from the DWARF and symbol table of
 * job->bin read in process; the addresses this cannot answer for exactly
 * (dwarf_frames) are asked of llvm-symbolizer (job->prog), all of them
 * when the file's DWARF is not one it reads.  bin has the PLT: its stubs
 * are check_symtab's to name.  SP_SYMBOLIZE_DWARF_WHY in the environment
 * says on stderr what was left to llvm-symbolizer and why.
 */
static int
dwarf_run(const struct sym_job *job, const char *bin, const uint64_t *q,
    size_t nq, struct sym_results *r, struct buf *msg, struct buf *wmsg)
{
	struct buf why = { 0 }, first = { 0 }, names = { 0 }, dem = { 0 };
	struct sym_job lj = *job;
	struct dwarf *d = dwarf_open(job->bin, &why);
	struct sym_symtab *t;
	struct sym_plt *plt;
	struct sym_results fr;
	size_t *fb, nfb = 0;
	uint64_t *fq;
	int rc = 0;

	lj.backend = SYMB_LLVM;
	if (d == NULL) {
		if (getenv("SP_SYMBOLIZE_DWARF_WHY") != NULL)
			warnx("%s: %s: asking llvm-symbolizer", job->bin,
			    why.s);
		buf_free(&why);
		return sym_backend_run(&lj, q, nq, r, msg, wmsg);
	}
	t = sym_symtab_read(job->bin);
	plt = sym_plt_read(bin);
	fb = xreallocarray(NULL, nq ? nq : 1, sizeof(*fb));
	fq = xreallocarray(NULL, nq ? nq : 1, sizeof(*fq));
	symr_init(r, nq);
	for (size_t k = 0; k < nq; k++) {
		uint64_t svma = q[k] + job->base;
		size_t start = r->nfr;
		int inplt = 0;

		buf_reset(&why);
		if (job->progress && k % 1024 == 0)
			progress_set(k);
		/* A PLT stub's name is check_symtab's, whatever we say. */
		if ((plt == NULL || sym_plt_name(plt, svma, &inplt) == NULL) &&
		    dwarf_frames(d, t, svma, r, &names, &dem, &why) == -1) {
			r->nfr = start;
			if (nfb == 0)
				buf_adds(&first, why.s);
			fq[nfb] = q[k];
			fb[nfb++] = k;
			continue;
		}
		symr_commit(r, k, start);
	}
	if (nfb > 0) {
		if (getenv("SP_SYMBOLIZE_DWARF_WHY") != NULL)
			warnx("%s: %zu of %zu addresses (%s): asking "
			    "llvm-symbolizer", job->bin, nfb, nq, first.s);
		rc = sym_backend_run(&lj, fq, nfb, &fr, msg, wmsg);
		for (size_t j = 0; j < nfb; j++)
			symr_copy(r, fb[j], &fr, j);
		symr_free(&fr);
	}
	dwarf_free(d);
	sym_symtab_free(t);
	sym_plt_free(plt);
	buf_free(&why);
	buf_free(&first);
	buf_free(&names);
	buf_free(&dem);
	free(fb);
	free(fq);
	return rc;
}

/* The job's answers for q[0..nq): its program's, or the dwarf backend's. */
static int
answer(const struct sym_job *job, const char *bin, const uint64_t *q,
    size_t nq, struct sym_results *r, struct buf *msg, struct buf *wmsg)
{
	if (job->backend == SYMB_DWARF)
		return dwarf_run(job, bin, q, nq, r, msg, wmsg);
	return sym_backend_run(job, q, nq, r, msg, wmsg);
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
	struct keep k = { 0 };
	int rc = 0;

	pos = xreallocarray(NULL, na, sizeof(*pos));
	nq = in_code(l, im, job->base, sv, q, pos);
	if (nq > 0)
		rc = ask(sc, l, uname, job, bin, im, q, nq, &msg, &wmsg, &k);
	else
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
	warn_outside(l, nq);
	if (im->kind == SYMK_ELF)
		check_symtab(l, bin, sv);
	lib_alloc_reps(l);
	count_resolved(l);
	/* It complained and resolved nothing: it could not read the file. */
	if (wmsg.len > 0 && l->resolved == 0)
		sc->status = 1;
	if (k.want)
		cache_keep(sc, k.key.s, k.ca, &k.cr, k.mq, &k.mr);
	keep_free(&k);
	free(sv);
	free(q);
	free(pos);
	buf_free(&msg);
	buf_free(&wmsg);
}

/* Resolve library l from its file (not from a sidecar). */
void
symc_resolve_lib(struct sym_ctx *sc, struct lib *l)
{
	struct sym_cands c = { 0 };
	char *uname = symc_unesc_dup(l->name, l->name_len);
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
	if (sc->o.noinline && !sc->o.lines && sc->o.backend == SYMB_NONE &&
	    sc->o.symbolizer == NULL && im.kind == SYMK_ELF &&
	    from_symtab(sc, l, use, &im) == 0) {
		l->secs = now() - t0;
		goto out;
	}
	job.backend = sym_programs_choose(&sc->progs, im.kind, &prog);
	if (job.backend == SYMB_NONE) {
		sc->status = 1;
		l->state = L_FAILED;
		goto out;
	}
	/*
	 * The DWARF read in process where it answers as llvm-symbolizer
	 * does (function names, not lines), by default and --backend dwarf.
	 */
	if (job.backend == SYMB_LLVM && im.kind == SYMK_ELF &&
	    !sc->o.lines && sc->o.symbolizer == NULL &&
	    (sc->o.backend == SYMB_NONE || sc->o.backend == SYMB_DWARF))
		job.backend = SYMB_DWARF;
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
