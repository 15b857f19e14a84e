/*
 * ann_impl.h: the inside of common/annotate/ (annotate.h is its face):
 * the symbol table reader, the disassembler and its output parser, and the
 * model of one annotated function that the text and HTML writers print.
 */
#ifndef SP_ANN_IMPL_H
#define SP_ANN_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "annotate/annotate.h"
#include "base/buf.h"

/* --- ann_elfsym.c: functions of an ELF symbol table --- */

struct ann_fsym {
	uint64_t lo, hi;	/* [lo, hi), the file's virtual addresses */
	char	*name;		/* as the table has it (mangled) */
};

struct ann_syms {
	struct ann_fsym *v;	/* sorted by lo, one per address */
	size_t	 n;
};

/* Read path's functions; 0, or -1 with why set (static text). */
int	 ann_syms_read(const char *path, struct ann_syms *, const char **why);
void	 ann_syms_free(struct ann_syms *);
/* The index of the function holding svma, or -1. */
long	 ann_syms_find(const struct ann_syms *, uint64_t svma);

/* --- ann_objdump.c: the disassembler --- */

struct ann_insn {
	uint64_t addr;
	char	*text;		/* the instruction as the disassembler wrote it */
};

struct ann_insns {
	struct ann_insn *v;
	size_t	 n, cap;
};

/*
 * Parse objdump's or llvm-objdump's output (-d, no raw bytes): the lines
 * "  ADDR:<tab or spaces>INSTRUCTION", others ignored; only addresses in
 * [lo, hi) are kept, in increasing order (a line that goes back is
 * dropped).  Appends to v; returns how many were added.
 */
size_t	 ann_parse_objdump(const char *out, size_t len, uint64_t lo,
	    uint64_t hi, struct ann_insns *v);
void	 ann_insns_free(struct ann_insns *);
/* The disassembler found at run time (a path), or NULL. */
const char *ann_disassembler(void);
/*
 * Disassemble [lo, hi) of file into v.  0, or -1 with why said in msg.
 */
int	 ann_disasm(const char *file, uint64_t lo, uint64_t hi,
	    struct ann_insns *v, struct buf *msg);

/* --- The model of an annotated function (annotate.c builds it) --- */

/* An instruction, or a sampled address when there is no disassembly. */
struct ann_row {
	uint64_t addr;		/* the file's virtual address */
	const char *text;	/* the instruction, or NULL */
	int64_t	 self, total;
	long	 line;		/* index into lines, -1: no line known */
	long	 inl;		/* index into inls, -1: not inlined code */
};

/* A source line of the function (its outermost frame's line). */
struct ann_line {
	const char *file;	/* the file the debug information names */
	uint32_t line;
	int64_t	 self, total;
};

/* Inlined code: the innermost function and line, under a line of ours. */
struct ann_inl {
	long	 line;		/* the call's line (index into lines) */
	char	*name;		/* the innermost inlined function */
	const char *file;
	uint32_t at;		/* its line */
	int64_t	 self, total;
};

struct ann_func {
	char	*frame;		/* escaped, as sp-symbolize would write it */
	char	*lib;		/* the library's name, unescaped */
	char	*binary;	/* the file disassembled, or NULL */
	uint64_t lo, hi;
	int64_t	 self, total;
	struct ann_row *rows;	/* by address */
	size_t	 nrows;
	int	 has_insns;	/* rows are instructions */
	int	 addr_table;	/* rows are a library's addresses (no_code) */
	struct ann_line *lines;	/* by file (the main one first), then line */
	size_t	 nlines;
	struct ann_inl *inls;
	size_t	 ninls;
	const char *main_file;	/* the file most of its lines are in */
	/* Why a part is missing, or NULL: said in the listing. */
	char	*no_code;	/* no instructions (then rows: addresses) */
	char	*no_lines;	/* no line information */
	char	*no_insns;	/* lines but no disassembly */
};

/* The whole profile, for percentages and headings. */
struct ann_prof {
	int64_t	 weight;	/* of every sample read */
	const char *units;	/* the weight's type: "samples", "ns", ... */
};

/* A source file's lines, read once (ann_source.c). */
struct ann_src {
	char	*path;		/* the file read, or NULL: not found */
	char	*data;
	size_t	 len;
	const char **line;	/* line[k]: line k + 1, not NUL-terminated */
	size_t	*llen;
	size_t	 nline;
};

/* Find and read file (under --source-root too); never NULL. */
struct ann_src *ann_src_get(const struct ann_opts *, const char *file);
void	 ann_src_free_all(void);
/* The text of line n (1-based) of s, or NULL. */
const char *ann_src_line(const struct ann_src *, uint32_t n, size_t *len);

/* --- Writers --- */
void	 ann_text_func(FILE *, const struct ann_opts *, const struct ann_prof *,
	    const struct ann_func *);
void	 ann_html_begin(FILE *, const struct ann_prof *, const char *title);
void	 ann_html_func(FILE *, const struct ann_opts *, const struct ann_prof *,
	    const struct ann_func *);
void	 ann_html_end(FILE *);
/* --diff: one function of either side (fa or fb may be NULL). */
void	 ann_diff_func(FILE *, const struct ann_opts *,
	    const struct ann_prof *pa, const struct ann_func *fa,
	    const struct ann_prof *pb, const struct ann_func *fb);

#endif
