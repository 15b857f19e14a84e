/*
 * sym_programs.h: which symbolizer program resolves an image: the one
 * named by --symbolizer, the backend named by --backend, or else the first
 * installed of llvm-symbolizer (any of its versioned names), addr2line
 * (ELF) and atos (Mach-O).  Programs are looked up on PATH once.  It uses
 * base/proc.h and sym_backend.h.
 */
#ifndef SP_SYM_PROGRAMS_H
#define SP_SYM_PROGRAMS_H

#include "sym/sym_backend.h"
#include "sym/sym_imagedef.h"

struct sym_programs {
	const char *symbolizer;	/* --symbolizer, or NULL */
	enum sym_backend backend;	/* --backend, or SYMB_NONE */
	char	 prog_path[4096];
	char	 llvm_path[4096], a2l_path[4096], atos_path[4096];
	int	 have_llvm, have_a2l, have_atos;	/* -1: not looked up */
	int	 warned_missing;
	char	 missing[256];	/* the message about a missing program, or "" */
};

/* Ready p for symbolizer and backend (the options). */
void	 sym_programs_init(struct sym_programs *p, const char *symbolizer,
	    enum sym_backend backend);
/*
 * The backend and program for an image of this kind; SYMB_NONE when none
 * is installed, after a message (only the first time).
 */
enum sym_backend sym_programs_choose(struct sym_programs *,
	    enum sym_kind kind, const char **prog);
/* Is llvm-symbolizer installed (and where)? 1/0. */
int	 sym_programs_have_llvm(struct sym_programs *);

#endif
