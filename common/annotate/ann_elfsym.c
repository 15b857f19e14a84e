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
 * section count; one of size 0 reaches up to the next symbol or its
 * section's end.  Of several symbols at one address the first global one
 * names the function.  Every offset and count read from the file is
 * checked against its size.  It uses base/ only.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "annotate/ann_impl.h"
#include "base/util.h"

#define SHT_SYMTAB_	2
#define SHT_DYNSYM_	11
#define SHF_EXECINSTR_	4
#define STT_NOTYPE_	0
#define STT_FUNC_	2
#define STT_GNU_IFUNC_	10
#define STB_GLOBAL_	1
#define SHN_LORESERVE_	0xff00

struct rsym {
	uint64_t lo, size, secend;
	const char *name;
	size_t	 order;
	int	 global;
};

static uint64_t
get(const unsigned char *p, int n, int be)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

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
	uint64_t shoff, shnum, shentsize, best = UINT64_MAX;
	int fd, is64, be, rc = -1;
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
	*why = "not an ELF file";
	if (memcmp(p, "\177ELF", 4) != 0 || (p[4] != 1 && p[4] != 2) ||
	    (p[5] != 1 && p[5] != 2))
		goto out;
	is64 = p[4] == 2;
	be = p[5] == 2;
	shoff = get(p + (is64 ? 0x28 : 0x20), is64 ? 8 : 4, be);
	shentsize = get(p + (is64 ? 0x3a : 0x2e), 2, be);
	shnum = get(p + (is64 ? 0x3c : 0x30), 2, be);
	*why = "has a broken section table";
	if (shentsize < (is64 ? 64u : 40u) || shoff > sz ||
	    shnum > (sz - shoff) / shentsize)
		goto out;
	sh = p + shoff;
	/* .symtab when there is one, else .dynsym. */
	for (uint64_t i = 0; i < shnum; i++) {
		uint64_t t = get(sh + i * shentsize + 4, 4, be);

		if (t == SHT_SYMTAB_ || (t == SHT_DYNSYM_ && best ==
		    UINT64_MAX))
			best = i;
		if (t == SHT_SYMTAB_)
			break;
	}
	*why = "has no symbol table";
	if (best == UINT64_MAX)
		goto out;
	{
		const unsigned char *s = sh + best * shentsize;
		uint64_t off = get(s + (is64 ? 0x18 : 0x10), is64 ? 8 : 4, be);
		uint64_t size = get(s + (is64 ? 0x20 : 0x14), is64 ? 8 : 4, be);
		uint64_t link = get(s + (is64 ? 0x28 : 0x18), 4, be);
		uint64_t ent = get(s + (is64 ? 0x38 : 0x24), is64 ? 8 : 4, be);
		const unsigned char *ls;
		uint64_t stroff, strsize;

		*why = "has a broken symbol table";
		if (ent < (is64 ? 24u : 16u) || off > sz || size > sz - off ||
		    link >= shnum)
			goto out;
		ls = sh + link * shentsize;
		stroff = get(ls + (is64 ? 0x18 : 0x10), is64 ? 8 : 4, be);
		strsize = get(ls + (is64 ? 0x20 : 0x14), is64 ? 8 : 4, be);
		if (stroff > sz || strsize > sz - stroff)
			goto out;
		for (uint64_t k = 1; k < size / ent; k++) {
			const unsigned char *e = p + off + k * ent;
			uint64_t name, value, ssize, shndx, info;
			const unsigned char *sec;
			uint64_t sflags, saddr, ssz;
			int type;

			name = get(e, 4, be);
			if (is64) {
				info = e[4];
				shndx = get(e + 6, 2, be);
				value = get(e + 8, 8, be);
				ssize = get(e + 16, 8, be);
			} else {
				value = get(e + 4, 4, be);
				ssize = get(e + 8, 4, be);
				info = e[12];
				shndx = get(e + 14, 2, be);
			}
			type = info & 0xf;
			if (type != STT_FUNC_ && type != STT_GNU_IFUNC_ &&
			    type != STT_NOTYPE_)
				continue;
			if (shndx == 0 || shndx >= SHN_LORESERVE_ ||
			    shndx >= shnum || name >= strsize)
				continue;
			sec = sh + shndx * shentsize;
			sflags = get(sec + 8, is64 ? 8 : 4, be);
			saddr = get(sec + (is64 ? 0x10 : 0x0c), is64 ? 8 : 4,
			    be);
			ssz = get(sec + (is64 ? 0x20 : 0x14), is64 ? 8 : 4, be);
			if (!(sflags & SHF_EXECINSTR_) || value < saddr ||
			    value >= saddr + ssz)
				continue;
			if (memchr(p + stroff + name, '\0', strsize - name) ==
			    NULL || p[stroff + name] == '\0')
				continue;
			/* Local labels of assembly ($x, .L...) name nothing. */
			if (type == STT_NOTYPE_ && (p[stroff + name] == '$' ||
			    p[stroff + name] == '.'))
				continue;
			xgrow(&rs, &caprs, nrs + 1, sizeof(*rs));
			rs[nrs].lo = value;
			rs[nrs].size = ssize;
			rs[nrs].secend = saddr + ssz;
			rs[nrs].name = (const char *)p + stroff + name;
			rs[nrs].order = nrs;
			rs[nrs].global = (info >> 4) == STB_GLOBAL_;
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
