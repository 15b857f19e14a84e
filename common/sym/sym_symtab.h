/*
 * sym_symtab.h: where an ELF file's symbol table has functions.  When a
 * symbolizer names an address from the symbol table alone (no debug
 * information covers it), it takes the nearest symbol below, however far
 * that is: an address past the end of a function, in a PLT, or in a file
 * that is not the one profiled gets a confident wrong name.  This table
 * says whether a function symbol covers the address: a symbol of type
 * FUNC, IFUNC or NOTYPE, defined in an executable section, from its value
 * for its size, or (size 0, hand-written assembly) up to the next symbol
 * or its section's end.  .symtab is read when there is one, else .dynsym.
 */
#ifndef SP_SYM_SYMTAB_H
#define SP_SYM_SYMTAB_H

#include <stdint.h>

struct sym_symtab;

/*
 * Read the symbol table of the ELF file at path.  NULL when the file is
 * not ELF, cannot be read or has no symbol table (nothing to check
 * against).
 */
struct sym_symtab *sym_symtab_read(const char *path);
void	 sym_symtab_free(struct sym_symtab *);

/* Does a function symbol cover svma (the file's virtual address)?  1/0. */
int	 sym_symtab_covers(const struct sym_symtab *, uint64_t svma);

/*
 * Several symbols at one address (aliases: nanosleep and __nanosleep,
 * clock_nanosleep@GLIBC_2.2.5 and clock_nanosleep@@GLIBC_2.17): the one
 * perf report shows, when name[0..len) is one of the function symbols at
 * the greatest start at or below svma; else NULL (name is not an alias
 * there, or there is no other).  Versions stay in the names, as perf
 * shows them.
 */
const char *sym_symtab_alias(const struct sym_symtab *, uint64_t svma,
	    const char *name, size_t len);

/*
 * The name of the function symbol covering svma, as perf report names it
 * (among aliases, by the rule of sym_symtab_alias); NULL when none covers
 * it.  For answers from the symbol table alone (sp-symbolize --no-inline).
 */
const char *sym_symtab_name(const struct sym_symtab *, uint64_t svma);

#endif
