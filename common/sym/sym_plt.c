/*
 * sym_plt.c: the PLT stubs of an ELF file and their names (sym_plt.h).
 * Reads the section headers, the PLT sections' bytes, the RELA sections
 * that refer to .dynsym, and .dynsym's names; the header and section
 * entries are decoded by elf/elf_file.h.  Every offset and count read
 * from the file is checked against its size.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_fileio.h"
#include "sym/sym_plt.h"
#include "elf/elf_file.h"
#include "base/buf.h"
#include "base/util.h"

#define EM_X86_64_	62
#define EM_AARCH64_	183
#define SHT_PROGBITS_	1
#define SHT_RELA_	4
#define SHF_EXECINSTR_	4
#define R_X86_64_GLOB_DAT_	6
#define R_X86_64_JUMP_SLOT_	7
#define R_AARCH64_GLOB_DAT_	1025
#define R_AARCH64_JUMP_SLOT_	1026
/* More is not a PLT: such a section is not read. */
#define MAXSEC		((uint64_t)64 << 20)

struct stub {
	uint64_t lo, hi;	/* [lo, hi) */
	size_t	 name;		/* into names: "NAME@plt" */
};

struct sym_plt {
	struct stub *s;		/* sorted, disjoint */
	size_t	 n;
	struct buf names;
	struct stub sec[3];	/* the PLT sections, name unused */
	size_t	 nsec;
};

struct rel {
	uint64_t off;		/* the GOT slot */
	uint64_t sym;		/* .dynsym index */
};

struct elf {
	int	 fd;
	uint64_t sz;
	int	 be;
	unsigned machine;
};

static uint64_t
get(const unsigned char *p, int n, int be)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

/* The bytes of section c, NULL when they are not all in the file. */
static unsigned char *
sec_read(const struct elf *e, const struct elf_shdr *c)
{
	unsigned char *p;

	if (c->size == 0 || c->size > MAXSEC || c->off > e->sz ||
	    c->size > e->sz - c->off)
		return NULL;
	p = xmalloc((size_t)c->size);
	if (sym_pread(e->fd, p, (size_t)c->size, c->off) == -1) {
		free(p);
		return NULL;
	}
	return p;
}

static int
by_off(const void *a, const void *b)
{
	const struct rel *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

static int
by_lo(const void *a, const void *b)
{
	const struct stub *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The relocation of GOT slot off, or NULL. */
static const struct rel *
find_rel(const struct rel *r, size_t n, uint64_t off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && r[lo].off == off ? &r[lo] : NULL;
}

/*
 * The GOT slot read by the x86-64 stub at p (n bytes, loaded at addr):
 * [endbr64] [bnd] jmp *disp32(%rip).  0 and *got set, or -1.
 */
static int
x86_slot(const unsigned char *p, size_t n, uint64_t addr, uint64_t *got)
{
	size_t i = 0;
	int32_t disp;

	if (n >= 4 && memcmp(p, "\xf3\x0f\x1e\xfa", 4) == 0)
		i = 4;
	if (i < n && p[i] == 0xf2)
		i++;
	if (n < i + 6 || p[i] != 0xff || p[i + 1] != 0x25)
		return -1;
	disp = (int32_t)(uint32_t)get(p + i + 2, 4, 0);
	*got = addr + i + 6 + (uint64_t)(int64_t)disp;
	return 0;
}

/*
 * The GOT slot read by the AArch64 stub at p (n bytes, loaded at addr):
 * [bti c] adrp x16, page; ldr x17, [x16, #off].  0 with *got set and
 * *len the bytes decoded, or -1.  Instructions are little-endian even in
 * a big-endian file.
 */
static int
a64_slot(const unsigned char *p, size_t n, uint64_t addr, uint64_t *got,
    size_t *len)
{
	size_t i = 0;
	uint32_t adrp, ldr;
	uint64_t imm;

	if (n >= 4 && get(p, 4, 0) == 0xd503245f)	/* bti c */
		i = 4;
	if (n < i + 8)
		return -1;
	adrp = (uint32_t)get(p + i, 4, 0);
	ldr = (uint32_t)get(p + i + 4, 4, 0);
	if ((adrp & 0x9f00001f) != 0x90000010 ||
	    (ldr & 0xffc003ff) != 0xf9400211)
		return -1;
	imm = ((uint64_t)((adrp >> 5) & 0x7ffff) << 2) | ((adrp >> 29) & 3);
	if (imm & ((uint64_t)1 << 20))
		imm |= ~(((uint64_t)1 << 21) - 1);
	*got = ((addr + i) & ~(uint64_t)0xfff) + (imm << 12) +
	    ((ldr >> 10) & 0xfff) * 8;
	*len = i + 8;
	return 0;
}

static void
add_stub(struct sym_plt *t, size_t *cap, uint64_t lo, uint64_t hi,
    const char *name, size_t len)
{
	struct stub *s;

	xgrow(&t->s, cap, t->n + 1, sizeof(*t->s));
	s = &t->s[t->n++];
	s->lo = lo;
	s->hi = hi;
	s->name = t->names.len;
	buf_add(&t->names, name, len);
	buf_adds(&t->names, "@plt");
	buf_addc(&t->names, '\0');
}

/* The name of .dynsym entry k, NULL when it has none. */
static const char *
sym_name(const unsigned char *syms, uint64_t nsym, const char *str,
    uint64_t nstr, uint64_t k, int be)
{
	uint64_t nm;

	if (k == 0 || k >= nsym)
		return NULL;
	nm = get(syms + k * 24, 4, be);
	if (nm == 0 || nm >= nstr || str[nm] == '\0')
		return NULL;
	return str + nm;
}

/* Name the stubs of PLT section c, its bytes p. */
static void
scan(const struct elf *e, const struct elf_shdr *c, const unsigned char *p,
    const char *secname, const struct rel *r, size_t nr,
    const unsigned char *syms, uint64_t nsym, const char *str, uint64_t nstr,
    struct sym_plt *t, size_t *cap)
{
	uint64_t got, es;
	const struct rel *k;
	const char *nm;
	size_t len;

	if (e->machine == EM_AARCH64_) {
		/* Stubs are 16 or 24 bytes, after a 32-byte header. */
		for (uint64_t i = 0; i + 8 <= c->size; i += 4) {
			uint64_t end;

			if (a64_slot(p + i, (size_t)(c->size - i), c->addr + i,
			    &got, &len) == -1)
				continue;
			/* Up to the next stub, or the section's end. */
			for (end = i + len; end + 8 <= c->size; end += 4)
				if (a64_slot(p + end, (size_t)(c->size - end),
				    c->addr + end, &got, &len) == 0)
					break;
			if (end + 8 > c->size)
				end = c->size;
			/* got was overwritten by the look ahead. */
			a64_slot(p + i, (size_t)(c->size - i), c->addr + i,
			    &got, &len);
			if ((k = find_rel(r, nr, got)) != NULL &&
			    (nm = sym_name(syms, nsym, str, nstr, k->sym,
			    e->be)) != NULL)
				add_stub(t, cap, c->addr + i, c->addr + end, nm,
				    strlen(nm));
			i = end - 4;
		}
		return;
	}
	/*
	 * x86-64: stubs of sh_entsize bytes (16; 8 in a .plt.got without
	 * IBT), the lazy header and the IBT .plt's lazy stubs included: they
	 * do not decode as a jump through a slot.
	 */
	es = c->entsize;
	if (es != 8 && es != 16)
		es = strcmp(secname, ".plt.got") == 0 ? 8 : 16;
	for (uint64_t i = 0; i + es <= c->size; i += es) {
		if (x86_slot(p + i, (size_t)es, c->addr + i, &got) == -1 ||
		    (k = find_rel(r, nr, got)) == NULL ||
		    (nm = sym_name(syms, nsym, str, nstr, k->sym,
		    e->be)) == NULL)
			continue;
		add_stub(t, cap, c->addr + i, c->addr + i + es, nm, strlen(nm));
	}
}

struct sym_plt *
sym_plt_read(const char *path)
{
	unsigned char h[64], *sh = NULL, *syms = NULL;
	struct sym_plt *t = NULL;
	struct elf_shdr *secs = NULL;
	struct rel *r = NULL;
	char *strs = NULL, *str = NULL;
	uint64_t shnum, shstrndx, nsym = 0, nstr = 0;
	size_t nr = 0, capr = 0, cap = 0, dyn = 0;
	struct elf_file ef;
	struct stat st;
	struct elf e;
	const char *why;

	if ((e.fd = open(path, O_RDONLY)) == -1)
		return NULL;
	if (fstat(e.fd, &st) == -1 || sym_pread(e.fd, h, 64, 0) == -1 ||
	    elf_header(&ef, h, sizeof(h), (uint64_t)st.st_size, &why) == -1 ||
	    !ef.is64)
		goto out;
	e.sz = ef.size;
	e.be = ef.be;
	e.machine = (unsigned)ef.machine;
	if (e.machine != EM_X86_64_ && e.machine != EM_AARCH64_)
		goto out;
	shnum = ef.shnum;
	shstrndx = ef.shstrndx;
	if (shnum == 0 || shnum > 100000 || ef.shentsize < 64 ||
	    shstrndx >= shnum || !elf_in_file(&ef, ef.shoff,
	    shnum * ef.shentsize))
		goto out;
	sh = xmalloc((size_t)(shnum * ef.shentsize));
	secs = xcalloc((size_t)shnum, sizeof(*secs));
	if (sym_pread(e.fd, sh, (size_t)(shnum * ef.shentsize), ef.shoff) ==
	    -1)
		goto out;
	for (size_t k = 0; k < shnum; k++) {
		elf_shdr_decode(&ef, sh + k * ef.shentsize, &secs[k]);
		if (secs[k].type == ELF_SHT_DYNSYM && dyn == 0)
			dyn = k;
	}
	if (dyn == 0 || secs[dyn].link >= shnum || secs[dyn].entsize != 24 ||
	    (strs = (char *)sec_read(&e, &secs[shstrndx])) == NULL ||
	    (syms = sec_read(&e, &secs[dyn])) == NULL)
		goto out;
	nsym = secs[dyn].size / 24;
	{
		const struct elf_shdr *ss = &secs[secs[dyn].link];
		unsigned char *b;

		if ((b = sec_read(&e, ss)) == NULL)
			goto out;
		nstr = ss->size;
		str = xmalloc((size_t)nstr + 1);
		memcpy(str, b, (size_t)nstr);
		str[nstr] = '\0';
		free(b);
	}
	/* The JUMP_SLOT and GLOB_DAT relocations against .dynsym. */
	for (size_t k = 0; k < shnum; k++) {
		const struct elf_shdr *c = &secs[k];
		unsigned char *b;

		if (c->type != SHT_RELA_ || c->link != dyn ||
		    c->entsize != 24 || (b = sec_read(&e, c)) == NULL)
			continue;
		for (uint64_t i = 0; i + 24 <= c->size; i += 24) {
			uint64_t info = get(b + i + 8, 8, e.be);
			uint64_t type = info & 0xffffffff;

			if (e.machine == EM_X86_64_ ?
			    type != R_X86_64_JUMP_SLOT_ &&
			    type != R_X86_64_GLOB_DAT_ :
			    type != R_AARCH64_JUMP_SLOT_ &&
			    type != R_AARCH64_GLOB_DAT_)
				continue;
			xgrow(&r, &capr, nr + 1, sizeof(*r));
			r[nr].off = get(b + i, 8, e.be);
			r[nr++].sym = info >> 32;
		}
		free(b);
	}
	if (nr > 0)
		qsort(r, nr, sizeof(*r), by_off);
	strs[secs[shstrndx].size - 1] = '\0';
	t = xcalloc(1, sizeof(*t));
	for (size_t k = 1; k < shnum; k++) {
		const struct elf_shdr *c = &secs[k];
		const char *nm;
		unsigned char *b;

		if (c->name >= secs[shstrndx].size)
			continue;
		nm = strs + c->name;
		if ((strcmp(nm, ".plt") != 0 && strcmp(nm, ".plt.sec") != 0 &&
		    strcmp(nm, ".plt.got") != 0) || c->type != SHT_PROGBITS_ ||
		    !(c->flags & SHF_EXECINSTR_) ||
		    (b = sec_read(&e, c)) == NULL)
			continue;
		scan(&e, c, b, nm, r, nr, syms, nsym, str, nstr, t, &cap);
		free(b);
		if (t->nsec < 3) {
			t->sec[t->nsec].lo = c->addr;
			t->sec[t->nsec++].hi = c->addr + c->size;
		}
	}
	if (t->nsec == 0) {
		sym_plt_free(t);
		t = NULL;
	} else if (t->n > 0)
		qsort(t->s, t->n, sizeof(*t->s), by_lo);
out:
	close(e.fd);
	free(sh);
	free(secs);
	free(syms);
	free(strs);
	free(str);
	free(r);
	return t;
}

void
sym_plt_free(struct sym_plt *t)
{
	if (t == NULL)
		return;
	free(t->s);
	buf_free(&t->names);
	free(t);
}

const char *
sym_plt_name(const struct sym_plt *t, uint64_t a, int *in)
{
	size_t lo = 0, hi = t->n;

	*in = 0;
	for (size_t k = 0; k < t->nsec; k++)
		if (a >= t->sec[k].lo && a < t->sec[k].hi)
			*in = 1;

	/* The last stub starting at or below a. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->s[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || a >= t->s[lo - 1].hi)
		return NULL;
	return t->names.s + t->s[lo - 1].name;
}
