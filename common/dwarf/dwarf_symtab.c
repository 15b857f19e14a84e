/*
 * dwarf_symtab.c: the name llvm-symbolizer (LLVM 14, SymbolizableObject
 * File) takes from an ELF file's symbol table for an address (dwarf.h),
 * so that sp can say per address what it would answer.  Its table: the
 * .symtab symbols (not .dynsym) of a section, of type NOTYPE, OBJECT,
 * FUNC or GNU_IFUNC, sorted stably by address then size, of each address
 * only the last (the largest); an address is named after the last entry
 * at or below it, unless that has a size and ends at or below it.  A
 * local symbol's file is the name of the STT_FILE symbol before it in
 * the table (llvm prints it where DWARF gives no file).  A table this
 * cannot read as llvm does (extended section indexes, a bad offset) is
 * refused.  It reads the file through elf/ and uses base/.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dwarf/dwarf.h"
#include "dwarf/dwarf_impl.h"
#include "elf/elf_file.h"
#include "elf/elf_sym.h"

#define STT_OBJECT_	1
#define STT_FILE_	4
#define SHN_XINDEX_	0xffff
#define STB_LOCAL_	0

static int
by_addr_size(const void *a, const void *b)
{
	const struct lsym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	/* qsort is not stable: the table's order breaks the tie. */
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The table as llvm builds it; -1 with why. */
static int
read_symtab(struct dwarf *d, struct buf *why)
{
	struct elf_file e;
	struct elf_shdr sh, tab, str;
	struct elf_sym sym;
	const unsigned char *st;
	const char *bad;
	uint64_t nsym, w;
	int found = 0;

	if (elf_open_mem(&e, d->img, d->imglen, &bad) == -1) {
		buf_printf(why, "symbol table: %s", bad);
		return -1;
	}
	for (uint64_t i = 0; i < e.shnum && !found; i++) {
		elf_section(&e, i, &sh);
		if (sh.type == ELF_SHT_SYMTAB) {
			tab = sh;
			found = 1;
		}
	}
	d->symtab_read = 1;
	if (!found)
		return 0;
	if (tab.link >= e.shnum || !elf_in_file(&e, tab.off, tab.size)) {
		buf_adds(why, "symbol table: bad .symtab");
		return -1;
	}
	elf_section(&e, tab.link, &str);
	if (!elf_in_file(&e, str.off, str.size)) {
		buf_adds(why, "symbol table: bad string table");
		return -1;
	}
	d->strtab = (const char *)e.p + str.off;
	d->strtab_len = (size_t)str.size;
	nsym = tab.size / ELF_SYM_SIZE(&e);
	d->syms = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*d->syms));
	d->files = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*d->files));
	/* Symbol 0 is the null symbol: llvm's symbols() skip it. */
	for (uint64_t i = 1; i < nsym; i++) {
		st = e.p + tab.off + i * ELF_SYM_SIZE(&e);
		elf_sym_decode(&e, st, &sym);
		if (sym.name >= str.size || memchr(d->strtab + sym.name, '\0',
		    (size_t)(str.size - sym.name)) == NULL) {
			buf_adds(why, "symbol table: a name past its end");
			return -1;
		}
		if (sym.shndx == SHN_XINDEX_ || (sym.shndx != 0 &&
		    sym.shndx < ELF_SHN_LORESERVE && sym.shndx >= e.shnum)) {
			buf_adds(why, "symbol table: a section index not read");
			return -1;
		}
		if (sym.shndx == 0 || sym.shndx >= ELF_SHN_LORESERVE) {
			if (sym.type == STT_FILE_) {
				d->files[d->nfiles].idx = (uint32_t)i;
				d->files[d->nfiles++].name = (uint32_t)sym.name;
			}
			continue;
		}
		w = sym.type;
		if (w != ELF_STT_NOTYPE && w != STT_OBJECT_ &&
		    w != ELF_STT_FUNC && w != ELF_STT_GNU_IFUNC)
			continue;
		d->syms[d->nsyms].addr = sym.value;
		d->syms[d->nsyms].size = sym.size;
		d->syms[d->nsyms].name = (uint32_t)sym.name;
		d->syms[d->nsyms].order = (uint32_t)i;
		d->syms[d->nsyms++].local = sym.bind == STB_LOCAL_ ?
		    (uint32_t)i : 0;
	}
	qsort(d->syms, d->nsyms, sizeof(*d->syms), by_addr_size);
	/* Of the symbols at one address, the last (the largest). */
	w = 0;
	for (size_t i = 0; i < d->nsyms; i++) {
		if (i + 1 < d->nsyms && d->syms[i + 1].addr == d->syms[i].addr)
			continue;
		d->syms[w++] = d->syms[i];
	}
	d->nsyms = (size_t)w;
	return 0;
}

int
dwarf_symbol(struct dwarf *d, uint64_t addr, const char **name,
    const char **file, struct buf *why)
{
	size_t lo = 0, hi;
	const struct lsym *s;

	*name = NULL;
	*file = NULL;
	if (!d->symtab_read && read_symtab(d, why) == -1) {
		d->symtab_read = -1;
		return -1;
	}
	if (d->symtab_read == -1) {
		buf_adds(why, "symbol table: not read");
		return -1;
	}
	hi = d->nsyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;
	s = &d->syms[lo - 1];
	if (s->size != 0 && addr - s->addr >= s->size)
		return 0;
	*name = d->strtab + s->name;
	if (s->local != 0) {
		/* The last STT_FILE symbol before it in the table. */
		lo = 0;
		hi = d->nfiles;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (d->files[mid].idx <= s->local)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0 && d->strtab[d->files[lo - 1].name] != '\0')
			*file = d->strtab + d->files[lo - 1].name;
	}
	return 1;
}
