/*
 * sym_plt.h: names for the stubs of an ELF file's procedure linkage table
 * (.plt, .plt.sec, .plt.got), as perf report gives them: "NAME@plt",
 * NAME the dynamic symbol the stub jumps to.  The symbol table has no
 * function there (a symbolizer names such an address after whatever lies
 * below, often _init), so sp-symbolize would leave it a bare address.
 *
 * A stub is not matched to its relocation by its place in the table (the
 * order perf assumes) but by what it does: the GOT slot its indirect jump
 * reads (x86-64 "jmp *disp(%rip)", after an optional endbr64 and bnd
 * prefix; AArch64 "adrp x16; ldr x17, [x16, #off]", after an optional
 * "bti c") is the r_offset of a JUMP_SLOT or GLOB_DAT relocation, whose
 * symbol names it.  A stub that decodes otherwise (the lazy-binding
 * header, the lazy half of an IBT PLT) or whose slot has no such
 * relocation gets no name: never a wrong one; nor does it get the
 * symbolizer's, who names the PLT after whatever symbol lies below.
 */
#ifndef SP_SYM_PLT_H
#define SP_SYM_PLT_H

#include <stdint.h>

struct sym_plt;

/*
 * Read the PLT stubs of the ELF file at path.  NULL when the file is not
 * a 64-bit x86-64 or AArch64 ELF file, cannot be read, or has no PLT
 * section or no .dynsym.
 */
struct sym_plt *sym_plt_read(const char *path);
void	 sym_plt_free(struct sym_plt *);

/*
 * "NAME@plt" for the stub holding svma (the file's address), or NULL.
 * *in is set to 1 when svma lies in a PLT section (named or not), else 0.
 */
const char *sym_plt_name(const struct sym_plt *, uint64_t svma, int *in);

#endif
