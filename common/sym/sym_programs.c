/*
 * sym_programs.c: finding the symbolizer programs (sym_programs.h).  It
 * uses base/ (proc.h, util.h) and sym_backend.h.
 */
#include <err.h>
#include <string.h>

#include "base/buf.h"
#include "base/proc.h"
#include "base/util.h"
#include "sym/sym_programs.h"

static const char *
base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s != NULL ? s + 1 : p;
}

void
sym_programs_init(struct sym_programs *p, const char *symbolizer,
    enum sym_backend backend)
{
	memset(p, 0, sizeof(*p));
	p->symbolizer = symbolizer;
	p->backend = backend;
	p->have_llvm = p->have_a2l = p->have_atos = -1;
}

int
sym_programs_have_llvm(struct sym_programs *sc)
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
missing(struct sym_programs *sc, const char *msg)
{
	if (!sc->warned_missing)
		warnx("%s", msg);
	sc->warned_missing = 1;
	strlcpy(sc->missing, msg, sizeof(sc->missing));
}

enum sym_backend
sym_programs_choose(struct sym_programs *sc, enum sym_kind kind,
    const char **prog)
{
	enum sym_backend b = sc->backend;

	if (sc->symbolizer != NULL) {
		if (proc_which(sc->symbolizer, sc->prog_path,
		    sizeof(sc->prog_path)) == -1) {
			struct buf m = { 0 };

			buf_printf(&m, "%s: symbolizer not found",
			    sc->symbolizer);
			missing(sc, m.s);
			buf_free(&m);
			return SYMB_NONE;
		}
		*prog = sc->prog_path;
		if (b == SYMB_NONE) {
			const char *bn = base_name(sc->symbolizer);

			b = strstr(bn, "addr2line") != NULL ? SYMB_ADDR2LINE :
			    strstr(bn, "atos") != NULL ? SYMB_ATOS : SYMB_LLVM;
		}
		return b;
	}
	switch (b) {
	case SYMB_LLVM:
		if (sym_programs_have_llvm(sc)) {
			*prog = sc->llvm_path;
			return b;
		}
		missing(sc, "llvm-symbolizer not found: install llvm "
		    "(apt-get install llvm)");
		return SYMB_NONE;
	case SYMB_DWARF:
		/*
		 * The in-process reader asks llvm-symbolizer for what it
		 * cannot name exactly: llvm's route, which sym_resolve.c
		 * turns into the dwarf one; never another symbolizer.
		 */
		if (sym_programs_have_llvm(sc)) {
			*prog = sc->llvm_path;
			return SYMB_LLVM;
		}
		missing(sc, "llvm-symbolizer not found: the dwarf backend "
		    "asks it for what it cannot name; install llvm "
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
	if (sym_programs_have_llvm(sc)) {
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
