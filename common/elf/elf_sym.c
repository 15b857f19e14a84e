/*
 * elf_sym.c: symbol table entries decoded and the rule of function
 * symbols (elf_sym.h).  It uses elf_file.h.
 */
#include "elf/elf_sym.h"

void
elf_sym_decode(const struct elf_file *e, const unsigned char *ent,
    struct elf_sym *s)
{
	s->name = elf_get(e, ent, 4);
	if (e->is64) {
		s->info = ent[4];
		s->shndx = elf_get(e, ent + 6, 2);
		s->value = elf_get(e, ent + 8, 8);
		s->size = elf_get(e, ent + 16, 8);
	} else {
		s->value = elf_get(e, ent + 4, 4);
		s->size = elf_get(e, ent + 8, 4);
		s->info = ent[12];
		s->shndx = elf_get(e, ent + 14, 2);
	}
	s->type = s->info & 0xf;
	s->bind = s->info >> 4;
}

int
elf_sym_maybe_code(const struct elf_sym *s, uint64_t shnum)
{
	if (s->type != ELF_STT_FUNC && s->type != ELF_STT_GNU_IFUNC &&
	    s->type != ELF_STT_NOTYPE)
		return 0;
	return s->shndx != 0 && s->shndx < ELF_SHN_LORESERVE &&
	    s->shndx < shnum;
}

int
elf_sym_in_code(const struct elf_sym *s, const struct elf_shdr *sec)
{
	/* value - addr, not addr + size: that sum may wrap. */
	return (sec->flags & ELF_SHF_EXECINSTR) && s->value >= sec->addr &&
	    s->value - sec->addr < sec->size;
}
