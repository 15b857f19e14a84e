/*
 * elf_sym.h: the entries of an ELF symbol table (.symtab, .dynsym), and
 * the one rule of which of them are functions with code: the table walk
 * that sym/ (function ranges, PLT names) and annotate/ (each function's
 * bytes) share.  It uses elf_file.h.
 */
#ifndef SP_ELF_SYM_H
#define SP_ELF_SYM_H

#include <stdint.h>

#include "elf/elf_file.h"

#define ELF_STT_NOTYPE	0
#define ELF_STT_FUNC	2
#define ELF_STT_GNU_IFUNC 10
#define ELF_STB_GLOBAL	1
#define ELF_SHN_LORESERVE 0xff00
#define ELF_SHF_EXECINSTR 4

struct elf_sym {
	uint64_t name, value, size, shndx;
	unsigned char info, type, bind;
};

/* The size of one symbol entry of e's class: 24 or 16 bytes. */
#define ELF_SYM_SIZE(e)	((e)->is64 ? 24u : 16u)

/* The entry at ent (ELF_SYM_SIZE bytes, checked) into s. */
void	 elf_sym_decode(const struct elf_file *e, const unsigned char *ent,
	    struct elf_sym *s);

/*
 * Whether s may be a function with code: of type FUNC, GNU_IFUNC or
 * NOTYPE (hand-written assembly), defined in an ordinary section (index
 * not 0, below SHN_LORESERVE and below shnum).  The caller then gives
 * that section to elf_sym_in_code.
 */
int	 elf_sym_maybe_code(const struct elf_sym *s, uint64_t shnum);

/* Whether s's address lies inside sec and sec holds instructions. */
int	 elf_sym_in_code(const struct elf_sym *s, const struct elf_shdr *sec);

#endif
