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
 * refused.  It uses base/ only.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "dwarf/dwarf.h"
#include "dwarf/dwarf_impl.h"

#define SHT_SYMTAB_	2
#define SHN_LORESERVE_	0xff00
#define SHN_XINDEX_	0xffff
#define STT_NOTYPE_	0
#define STT_OBJECT_	1
#define STT_FUNC_	2
#define STT_FILE_	4
#define STT_GNU_IFUNC_	10
#define STB_LOCAL_	0

static uint64_t
le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

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
	const unsigned char *p = d->img, *h, *st;
	size_t n = d->imglen;
	uint64_t shoff, shentsize, shnum, off = 0, size = 0, link = 0;
	uint64_t stroff, strsz, nsym, w;
	int found = 0;

	if (n < 64) {
		buf_adds(why, "symbol table: not an ELF file");
		return -1;
	}
	shoff = le(p + 40, 8);
	shentsize = le(p + 58, 2);
	shnum = le(p + 60, 2);
	if (shentsize < 64 || shoff > n || shnum * shentsize > n - shoff) {
		buf_adds(why, "symbol table: bad section headers");
		return -1;
	}
	for (uint64_t i = 0; i < shnum && !found; i++) {
		h = p + shoff + i * shentsize;
		if (le(h + 4, 4) != SHT_SYMTAB_)
			continue;
		found = 1;
		off = le(h + 24, 8);
		size = le(h + 32, 8);
		link = le(h + 40, 4);
	}
	d->symtab_read = 1;
	if (!found)
		return 0;
	if (link >= shnum || off > n || size > n - off) {
		buf_adds(why, "symbol table: bad .symtab");
		return -1;
	}
	h = p + shoff + link * shentsize;
	stroff = le(h + 24, 8);
	strsz = le(h + 32, 8);
	if (stroff > n || strsz > n - stroff) {
		buf_adds(why, "symbol table: bad string table");
		return -1;
	}
	d->strtab = (const char *)p + stroff;
	d->strtab_len = (size_t)strsz;
	nsym = size / 24;
	d->syms = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*d->syms));
	d->files = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*d->files));
	/* Symbol 0 is the null symbol: llvm's symbols() skip it. */
	for (uint64_t i = 1; i < nsym; i++) {
		uint64_t name, shndx;
		unsigned info;

		st = p + off + i * 24;
		name = le(st, 4);
		info = st[4];
		shndx = le(st + 6, 2);
		if (name >= strsz || memchr(d->strtab + name, '\0',
		    (size_t)(strsz - name)) == NULL) {
			buf_adds(why, "symbol table: a name past its end");
			return -1;
		}
		if (shndx == SHN_XINDEX_ || (shndx != 0 &&
		    shndx < SHN_LORESERVE_ && shndx >= shnum)) {
			buf_adds(why, "symbol table: a section index not read");
			return -1;
		}
		if (shndx == 0 || shndx >= SHN_LORESERVE_) {
			if ((info & 0xf) == STT_FILE_) {
				d->files[d->nfiles].idx = (uint32_t)i;
				d->files[d->nfiles++].name = (uint32_t)name;
			}
			continue;
		}
		w = info & 0xf;
		if (w != STT_NOTYPE_ && w != STT_OBJECT_ && w != STT_FUNC_ &&
		    w != STT_GNU_IFUNC_)
			continue;
		d->syms[d->nsyms].addr = le(st + 8, 8);
		d->syms[d->nsyms].size = le(st + 16, 8);
		d->syms[d->nsyms].name = (uint32_t)name;
		d->syms[d->nsyms].order = (uint32_t)i;
		d->syms[d->nsyms++].local = (info >> 4) == STB_LOCAL_ ?
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
