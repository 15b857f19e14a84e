/*
 * ann_binary.c: each library's binary for sp-annotate, found as
 * sp-symbolize finds it (sym_find_binary.h: candidates, the build id
 * checked, a separate debug file for its lines), its functions read from
 * its symbol table (ann_elfsym.c), every sampled address placed in one,
 * and the functions named as sp-symbolize would name them.  It uses base/,
 * stream/ and sym/.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/ann_ctx.h"
#include "base/escape.h"
#include "base/proc.h"
#include "base/util.h"
#include "sym/sym_debugfile.h"
#include "sym/sym_demangle.h"
#include "sym/sym_find_binary.h"

const char *
ann_lib_why(const struct lib *l)
{
	const char *n = l->uname;
	size_t len = strlen(n);

	if (strcmp(n, "[vdso]") == 0 || strcmp(n, "[vsyscall]") == 0)
		return "the kernel's vdso: there is no file of its code";
	if (n[0] == '[' || has_suffix(n, len, ".ko") ||
	    strcmp(n, "vmlinux") == 0)
		return "a kernel frame: sp has no kernel image to disassemble "
		    "(perf annotate with a vmlinux can)";
	if ((has_prefix(n, len, "perf-") && has_suffix(n, len, ".map")) ||
	    has_prefix(n, len, "jitted-") || strncmp(n, "[JIT]", 5) == 0)
		return "JIT code: its instructions existed only in the "
		    "running process (a perf map names them)";
	if (n[0] == '/' && n[1] == '/')
		return "anonymous memory: there is no file of its code";
	return NULL;
}

/*
 * Find l's binary as sp-symbolize does (pick_file in sym/symbolize.c,
 * which it does not export): the first candidate whose build id matches;
 * one that does not is refused with the reason.  Returns 0, or -1 with
 * l->why set.
 */
static int
find_binary(struct ctx *c, struct lib *l)
{
	struct sym_where w = { 0 };
	struct sym_libref ref;
	struct sym_cands cs = { 0 };
	struct sym_image im;
	struct buf b = { 0 };
	const char *why, *bad = NULL, *code = NULL;
	char badid[129] = "", dbg[4096];

	w.dirs = c->o->search;
	w.ndirs = c->o->nsearch;
	w.mixed = 1;
	ref.name = l->uname;
	ref.path = l->path ? l->path : "";
	ref.debug_name = l->debug_name ? l->debug_name : "";
	ref.debug_path = l->debug_path ? l->debug_path : "";
	ref.code_id = l->code_id ? l->code_id : "";
	ref.breakpad_id = l->breakpad_id ? l->breakpad_id : "";
	sym_candidates(&w, &ref, &cs);
	for (size_t i = 0; i < cs.n; i++) {
		if (!sym_is_file(cs.v[i]))
			continue;
		if (sym_image_read(cs.v[i], l->arch, &im, &why) == -1)
			continue;
		if (!sym_identity_ok(&im, ref.code_id, ref.breakpad_id)) {
			if (bad == NULL) {
				bad = cs.v[i];
				memcpy(badid, im.id, sizeof(badid));
			}
			continue;
		}
		/*
		 * The code is in the binary, not in a separate debug file
		 * (whose .text holds no bytes): those come after it.
		 */
		if (has_suffix(cs.v[i], strlen(cs.v[i]), ".debug") &&
		    code != NULL)
			continue;
		if (code == NULL || !has_suffix(cs.v[i], strlen(cs.v[i]),
		    ".debug")) {
			code = cs.v[i];
			l->im = im;
			if (!has_suffix(code, strlen(code), ".debug"))
				break;
		}
	}
	if (code == NULL) {
		if (bad != NULL)
			buf_printf(&b, "%s is not the binary profiled: its "
			    "build id is %s, the profile's %s", bad,
			    badid[0] ? badid : "missing", ref.code_id[0] ?
			    ref.code_id : ref.breakpad_id);
		else if (l->path != NULL && l->path[0] != '\0')
			buf_printf(&b, "its binary %s is not here "
			    "(--search DIR to look elsewhere)", l->path);
		else
			buf_printf(&b, "no file for this library "
			    "(--search DIR to look for it)");
		l->why = b.s;
		sym_cands_free(&cs);
		return -1;
	}
	l->code_file = xstrdup(code);
	if (sym_find_debug(code, &l->im, NULL, dbg, sizeof(dbg)) == 0)
		l->line_file = xstrdup(dbg);
	else
		l->line_file = xstrdup(code);
	sym_cands_free(&cs);
	if (l->im.kind != SYMK_ELF) {
		buf_printf(&b, "%s is not an ELF file: sp-annotate reads ELF "
		    "symbol tables only", l->code_file);
		l->why = b.s;
		return -1;
	}
	if (ann_syms_read(l->code_file, &l->syms, &why) == -1) {
		buf_printf(&b, "%s %s: its functions cannot be told apart",
		    l->code_file, why);
		l->why = b.s;
		return -1;
	}
	return 0;
}

const char *
ann_symbolizer(enum sym_backend *be)
{
	static char path[4096];
	static int looked, which;

	if (!looked) {
		looked = 1;
		if (proc_which("llvm-symbolizer", path, sizeof(path)) == 0)
			which = SYMB_LLVM;
		else if (proc_which("addr2line", path, sizeof(path)) == 0)
			which = SYMB_ADDR2LINE;
	}
	*be = which ? (enum sym_backend)which : SYMB_NONE;
	return which ? path : NULL;
}

/*
 * Ask the symbolizer about n file addresses of l (inline chains).  Returns
 * 0, or -1 (no symbolizer, or it failed: r then holds what it answered).
 */
int
ann_symbolize(struct lib *l, const uint64_t *svma, size_t n,
    struct sym_results *r)
{
	struct sym_job job = { 0 };
	struct buf msg = { 0 }, wmsg = { 0 };
	uint64_t *rel = xreallocarray(NULL, n ? n : 1, sizeof(*rel));
	int rc;

	job.prog = ann_symbolizer(&job.backend);
	if (job.prog == NULL) {
		symr_init(r, n);
		free(rel);
		return -1;
	}
	job.bin = l->line_file;
	job.base = l->im.base;
	job.inlines = 1;
	for (size_t i = 0; i < n; i++)
		rel[i] = svma[i] - l->im.base;
	rc = sym_backend_run(&job, rel, n, r, &msg, &wmsg);
	buf_free(&msg);
	buf_free(&wmsg);
	free(rel);
	return rc;
}

/* A function's name as sp-symbolize writes it, unescaped. */
char *
ann_clean_name(const char *name, size_t nl)
{
	size_t bare = sym_drop_rust_hash(name, nl);
	char *s = xmemdup(name, bare);

	if (bare < nl)
		bare = sym_rust_unescape(s, bare);
	s[bare] = '\0';
	return s;
}

/* Place l's addresses in its functions and name those. */
void
ann_resolve_lib(struct ctx *c, uint32_t li)
{
	struct lib *l = &c->libs[li];
	struct sym_results r;
	uint64_t *starts;
	size_t first = c->nfns, n, nask = 0, *ask;
	const char *kw;

	if ((kw = ann_lib_why(l)) != NULL) {
		l->why = xstrdup(kw);
		return;
	}
	if (find_binary(c, l) == -1)
		return;
	l->fn_of = xreallocarray(NULL, l->syms.n, sizeof(*l->fn_of));
	for (size_t i = 0; i < l->syms.n; i++)
		l->fn_of[i] = -1;
	for (size_t i = 0; i < c->nents; i++) {
		struct ent *e = &c->ents[i];
		uint64_t a = e->rel + l->im.base;
		long s;

		if (!e->is_addr || e->lib != li)
			continue;
		if (l->fileoff && sym_image_off_to_addr(&l->im, e->rel,
		    &a) == -1)
			continue;
		e->svma = a;
		if (!sym_image_in_code(&l->im, a) ||
		    (s = ann_syms_find(&l->syms, a)) < 0)
			continue;
		if (l->fn_of[s] < 0) {
			struct ann_fn *f;

			xgrow(&c->fns, &c->capfns, c->nfns + 1,
			    sizeof(*c->fns));
			f = &c->fns[c->nfns];
			memset(f, 0, sizeof(*f));
			f->lib = li;
			f->sym = (size_t)s;
			f->f.lo = l->syms.v[s].lo;
			f->f.hi = l->syms.v[s].hi;
			f->mangled = l->syms.v[s].name;
			l->fn_of[s] = (long)c->nfns++;
		}
		e->fn = l->fn_of[s];
	}
	n = c->nfns - first;
	if (n == 0)
		return;
	/*
	 * A plain C name is the name the debug information gives; a mangled
	 * one (C++, Rust) and a compiler's clone ("parse.constprop.0", which
	 * the debug information calls "parse") are asked of the symbolizer,
	 * which starts once for them all.
	 */
	starts = xreallocarray(NULL, n, sizeof(*starts));
	ask = xreallocarray(NULL, n, sizeof(*ask));
	for (size_t i = 0; i < n; i++) {
		const char *m = c->fns[first + i].mangled;

		ask[i] = SIZE_MAX;
		if (has_prefix(m, strlen(m), "_Z") || has_prefix(m, strlen(m),
		    "_R") || strchr(m, '.') != NULL) {
			ask[i] = nask;
			starts[nask++] = c->fns[first + i].f.lo;
		}
	}
	if (nask > 0)
		ann_symbolize(l, starts, nask, &r);
	else
		symr_init(&r, 0);
	for (size_t i = 0; i < n; i++) {
		struct ann_fn *f = &c->fns[first + i];
		struct buf b = { 0 };
		size_t k = ask[i];
		char *name;

		if (k != SIZE_MAX && k < r.naddr && r.nframes[k] > 0) {
			const struct sym_frame *sf = &r.frames[r.first[k]];

			name = ann_clean_name(symr_str(&r, sf->name),
			    sf->name_len);
		} else
			name = ann_clean_name(f->mangled, strlen(f->mangled));
		buf_add(&b, l->name, l->name_len);
		buf_addc(&b, '!');
		esc_append(&b, name, strlen(name));
		free(name);
		f->f.frame = b.s;
		f->f.lib = l->uname;
		f->f.binary = l->code_file;
	}
	free(ask);
	symr_free(&r);
	free(starts);
}
