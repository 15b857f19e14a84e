/*
 * ann_ctx.h: the state of one sp-annotate run, shared by the files of
 * common/annotate/ that build it: annotate.c (the FRAME arguments
 * matched, the listings printed), ann_input.c (the inputs read, twice),
 * ann_binary.c (each library's binary, its functions and their names) and
 * ann_build.c (the wanted functions' instructions, lines and inline
 * chains).
 */
#ifndef SP_ANN_CTX_H
#define SP_ANN_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "annotate/ann_impl.h"
#include "sym/sym_backend.h"
#include "sym/sym_image.h"

struct input {
	char	*data;
	size_t	 len;
	const char *name;
};

struct lib {
	char	*name;		/* escaped, as in the stream */
	size_t	 name_len;
	char	*uname;
	char	*path, *debug_name, *debug_path, *code_id, *breakpad_id,
		*arch;
	int	 fileoff;
	int	 has_addrs;
	char	*why;		/* why its code cannot be shown, or NULL */
	char	*code_file;	/* the binary to disassemble */
	char	*line_file;	/* the file with its DWARF (may be code_file) */
	struct sym_image im;
	struct ann_syms syms;
	long	*fn_of;		/* syms index -> function, -1 */
	char	*arena;		/* the symbolizer's strings, kept */
};

/* A distinct frame of the input. */
struct ent {
	const char *s;		/* into an input's data */
	size_t	 n;
	uint64_t hash;
	int	 is_addr;
	uint32_t lib;
	uint64_t rel, svma;
	int64_t	 self, total;
	uint64_t stamp;
	long	 fn;		/* -1: no function */
	long	 row;
	long	 line;		/* a symbolized frame's line in fn */
};

struct ann_fn {
	struct ann_func f;
	uint32_t lib;
	size_t	 sym;
	char	*mangled;
	int	 wanted;
	int	 symbolized;	/* lines from " @ FILE:LINE" frames, no code */
	uint64_t stamp;
	uint64_t *row_stamp, *line_stamp, *inl_stamp;
};

struct ctx {
	const struct ann_opts *o;
	struct input *in;
	size_t	 nin;
	struct lib *libs;
	size_t	 nlibs, caplibs;
	struct ent *ents;
	size_t	 nents, capents;
	uint32_t *slot;		/* ents index + 1; 0 empty */
	size_t	 nslot;
	struct ann_fn *fns;
	size_t	 nfns, capfns;
	int64_t	 weight;
	char	 units[64];
	uint64_t sampleno;
	int	 status;
	int	 quiet;		/* a frame naming nothing is not reported */
	char	**strs;		/* file names kept for symbolized functions */
	size_t	 nstrs;
	int	 bad_input;	/* an input could not be read */
};

/* ann_binary.c */
/* Why frames of l can have no code (kernel, JIT, vdso), or NULL. */
const char *ann_lib_why(const struct lib *);
/* The symbolizer program found (*be set), or NULL. */
const char *ann_symbolizer(enum sym_backend *be);
/*
 * Ask the symbolizer about n file addresses of l (inline chains): 0, or
 * -1 (no symbolizer, or it failed: r then holds what it answered).
 */
int	 ann_symbolize(struct lib *, const uint64_t *svma, size_t n,
	    struct sym_results *r);
/* A function's name as sp-symbolize writes it (Rust's hash dropped). */
char	*ann_clean_name(const char *name, size_t nl);
/* Find library li's binary, place its addresses in functions, name them. */
void	 ann_resolve_lib(struct ctx *, uint32_t li);

/* ann_input.c */
/* The index of library s[0..n) (escaped), added when new. */
uint32_t ann_lib_of(struct ctx *, const char *s, size_t n);
/* Read input in: pass 1 (collect) or 2 (add up the wanted functions).
 * Returns 0, or -1 after a message. */
int	 ann_read_input(struct ctx *, struct input *in, int pass);
/* Read the files, each through pass 1: 0, or -1 after a message. */
int	 ann_load(struct ctx *, char **files, size_t n);

/* ann_build.c */
/* The index of line (file, line) of f, added when new. */
long	 ann_line_index(struct ann_func *, const char *file, uint32_t line);
/* The rows, lines and inline chains of library li's wanted functions. */
void	 ann_build_lib(struct ctx *, uint32_t li);
/* f's lines by file (the main one first), then number; rows renumbered. */
void	 ann_order_lines(struct ann_fn *);

#endif
