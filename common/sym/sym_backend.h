/*
 * sym_backend.h: the symbolizer programs sp-symbolize can drive, one
 * process per binary, every distinct address of that binary in one batch.
 *
 *	llvm-symbolizer --obj=BIN --functions=linkage --demangle --inlines
 *	    [--default-arch=ARCH]		(ELF, Mach-O, dSYM)
 *	addr2line -a -f -i -C -e BIN		(ELF)
 *	atos -o BIN -arch ARCH -l LOAD		(Mach-O, macOS)
 *
 * Addresses are written one a line as hex: llvm-symbolizer reads them from
 * a response file (@FILE, see response_file in sym_backend.c), the others
 * (and an llvm-symbolizer stand-in that does not take one) from standard
 * input.  The answers are parsed into a sym_results (sym_result.h).
 */
#ifndef SP_SYM_BACKEND_H
#define SP_SYM_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "sym/sym_result.h"

/* SYMB_DWARF: no program, the DWARF read in process (sym_resolve.c). */
enum sym_backend { SYMB_NONE, SYMB_LLVM, SYMB_ADDR2LINE, SYMB_ATOS,
    SYMB_DWARF };

struct sym_job {
	enum sym_backend backend;
	const char *prog;	/* the program to run (a path) */
	const char *bin;	/* the file to read symbols from */
	const char *arch;	/* Mach-O architecture, or NULL */
	uint64_t base;		/* svma = relative + base (atos: -l base) */
	int	 inlines;	/* ask for inline chains */
	int	 progress;	/* answers counted on a progress line (progress.h) */
};

/* The backend's usual program name ("llvm-symbolizer", ...). */
const char *sym_backend_name(enum sym_backend);
/* Parse a backend name as given to --backend; SYMB_NONE if unknown. */
enum sym_backend sym_backend_parse(const char *);

/*
 * Resolve rel[0..n) (library-relative addresses) with the job's program.
 * Fills r (initialised here).  Returns 0 when every address got an answer,
 * -1 otherwise with a one-line description in msg (the process could not
 * start, or ended before answering everything: addresses without an answer
 * are left unresolved).  The child's first line of error output, if any,
 * is appended to msg or, on success, left in warn (may be empty).
 */
int	 sym_backend_run(const struct sym_job *, const uint64_t *rel, size_t n,
	    struct sym_results *r, struct buf *msg, struct buf *warn);

/* The output parsers, exposed for the run function above. */
void	 sym_parse_llvm(const char *out, size_t len, struct sym_results *);
void	 sym_parse_addr2line(const char *out, size_t len, int died,
	    struct sym_results *);
void	 sym_parse_atos(const char *out, size_t len, struct sym_results *);

/* Split "FILE:LINE[:COL]" / "FILE:LINE (discriminator N)" from the right. */
void	 sym_split_loc(const char *s, size_t n, size_t *flen, uint32_t *line);

#endif
