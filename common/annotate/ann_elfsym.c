/*
 * ann_elfsym.c: the functions of an ELF file's symbol table, with their
 * address ranges and names, for sp-annotate: which function a sampled
 * address is in, and which bytes to disassemble for it.
 *
 * common/sym/sym_symtab.c reads the same table but keeps only merged
 * ranges (does a function cover this address?) and perf's choice among
 * aliases; sp-annotate needs each function's own start, end and name,
 * which that face does not give, so this reader stands beside it.  (One
 * reader with both faces would be better; see the note of issue 29.)
 *
 * .symtab is read when there is one, else .dynsym.  Symbols of type FUNC,
 * IFUNC (and NOTYPE, for hand-written assembly) defined in an executable
 * section count (elf/elf_sym.h's rule, which sym_symtab.c follows too);
 * one of size 0 reaches up to the next symbol or its section's end.  Of
 * several symbols at one address the first global one names the
 * function.  Every offset and count read from the file is checked
 * against its size.  It uses elf/ and base/.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "annotate/ann_impl.h"
#include "elf/elf_file.h"
#include "elf/elf_sym.h"
#include "base/util.h"

struct rsym {
	uint64_t lo, size, secend;
	const char *name;
	size_t	 order;
	int	 global;
};

static int
by_lo(const void *a, const void *b)
{
	const struct rsym *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	if (x->global != y->global)
		return y->global - x->global;
	return x->order < y->order ? -1 : x->order > y->order;
}

void
ann_syms_free(struct ann_syms *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].name);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

int
ann_syms_read(const char *path, struct ann_syms *out, const char **why)
{
	const unsigned char *p, *sh;
	struct stat st;
	struct rsym *rs = NULL;
	size_t nrs = 0, caprs = 0;
	uint64_t shnum, best = UINT64_MAX;
	struct elf_file e;
	int fd, rc = -1;
	size_t sz;
	void *map;

	memset(out, 0, sizeof(*out));
	if ((fd = open(path, O_RDONLY)) == -1) {
		*why = "cannot be opened";
		return -1;
	}
	if (fstat(fd, &st) == -1 || st.st_size < 64) {
		close(fd);
		*why = "not an ELF file";
		return -1;
	}
	sz = (size_t)st.st_size;
	map = mmap(NULL, sz, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		*why = "cannot be read";
		return -1;
	}
	p = map;
	if (elf_header(&e, p, sz, sz, why) == -1) {
		*why = "not an ELF file";
		goto out;
	}
	shnum = e.shnum;
	*why = "has a broken section table";
	if (e.shentsize < (e.is64 ? 64u : 40u) || e.shoff > sz ||
	    shnum > (sz - e.shoff) / e.shentsize)
		goto out;
	sh = p + e.shoff;
	/* .symtab when there is one, else .dynsym. */
	for (uint64_t i = 0; i < shnum; i++) {
		struct elf_shdr s;

		elf_shdr_decode(&e, sh + i * e.shentsize, &s);
		if (s.type == ELF_SHT_SYMTAB || (s.type == ELF_SHT_DYNSYM &&
		    best == UINT64_MAX))
			best = i;
		if (s.type == ELF_SHT_SYMTAB)
			break;
	}
	*why = "has no symbol table";
	if (best == UINT64_MAX)
		goto out;
	{
		struct elf_shdr tab, str;
		uint64_t stroff, strsize;

		elf_shdr_decode(&e, sh + best * e.shentsize, &tab);
		*why = "has a broken symbol table";
		if (tab.entsize < ELF_SYM_SIZE(&e) ||
		    !elf_in_file(&e, tab.off, tab.size) || tab.link >= shnum)
			goto out;
		elf_shdr_decode(&e, sh + tab.link * e.shentsize, &str);
		stroff = str.off;
		strsize = str.size;
		if (!elf_in_file(&e, stroff, strsize))
			goto out;
		for (uint64_t k = 1; k < tab.size / tab.entsize; k++) {
			struct elf_shdr sec;
			struct elf_sym y;
			const char *name;

			elf_sym_decode(&e, p + tab.off + k * tab.entsize, &y);
			if (!elf_sym_maybe_code(&y, shnum) || y.name >= strsize)
				continue;
			elf_shdr_decode(&e, sh + y.shndx * e.shentsize, &sec);
			if (!elf_sym_in_code(&y, &sec))
				continue;
			name = (const char *)p + stroff + y.name;
			if (memchr(name, '\0', strsize - y.name) == NULL ||
			    name[0] == '\0')
				continue;
			/* Local labels of assembly ($x, .L...) name nothing. */
			if (y.type == ELF_STT_NOTYPE && (name[0] == '$' ||
			    name[0] == '.'))
				continue;
			xgrow(&rs, &caprs, nrs + 1, sizeof(*rs));
			rs[nrs].lo = y.value;
			rs[nrs].size = y.size;
			rs[nrs].secend = sec.addr + sec.size;
			rs[nrs].name = name;
			rs[nrs].order = nrs;
			rs[nrs].global = y.bind == ELF_STB_GLOBAL;
			nrs++;
		}
	}
	*why = "has no function symbols";
	if (nrs == 0)
		goto out;
	qsort(rs, nrs, sizeof(*rs), by_lo);
	out->v = xreallocarray(NULL, nrs, sizeof(*out->v));
	for (size_t i = 0; i < nrs; i++) {
		uint64_t hi;
		size_t j;

		if (out->n > 0 && out->v[out->n - 1].lo == rs[i].lo)
			continue;	/* an alias: the first named it */
		for (j = i + 1; j < nrs && rs[j].lo == rs[i].lo; j++)
			;
		if (rs[i].size > 0)
			hi = rs[i].lo + rs[i].size;
		else {
			hi = rs[i].secend;
			if (j < nrs && rs[j].lo < hi)
				hi = rs[j].lo;
		}
		/* A larger alias at the same address (size 0 first). */
		for (size_t k = i + 1; k < j; k++)
			if (rs[k].size > 0 && rs[k].lo + rs[k].size > hi &&
			    rs[i].size == 0)
				hi = rs[k].lo + rs[k].size;
		out->v[out->n].lo = rs[i].lo;
		out->v[out->n].hi = hi;
		out->v[out->n].name = xstrdup(rs[i].name);
		out->n++;
	}
	rc = 0;
out:
	free(rs);
	munmap(map, sz);
	return rc;
}

long
ann_syms_find(const struct ann_syms *s, uint64_t svma)
{
	size_t lo = 0, hi = s->n;

	/* The last function starting at or below svma. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->v[mid].lo <= svma)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	/* Nested symbols (a function inside another's size): the nearest. */
	for (size_t i = lo; i-- > 0;) {
		if (svma < s->v[i].hi)
			return (long)i;
		if (lo - i > 4)
			break;
	}
	return -1;
}
