/*
 * sym_symtab.c: the function ranges of an ELF symbol table (sym_symtab.h),
 * merged into sorted, disjoint ranges for a binary search.  Every offset
 * and count read from the file is checked against its size.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_fileio.h"
#include "sym/sym_symtab.h"
#include "base/util.h"

#define SHT_SYMTAB_	2
#define SHT_DYNSYM_	11
#define SHF_EXECINSTR_	4
#define STT_NOTYPE_	0
#define STT_FUNC_	2
#define STT_GNU_IFUNC_	10
#define SHN_LORESERVE_	0xff00

struct range {
	uint64_t lo, hi;	/* [lo, hi) */
};

/* A function symbol, for the choice among aliases. */
struct fsym {
	uint64_t lo, size;
	uint64_t secend;	/* the end of its section */
	uint32_t name;		/* into names */
	uint32_t order;		/* its place in the table */
	unsigned char bind;
};

struct sym_symtab {
	struct range *r;	/* merged, sorted, disjoint */
	size_t	 n;
	struct fsym *f;		/* by lo, then order */
	size_t	 nf;
	char	*names;		/* the string table, NUL-terminated */
	size_t	 names_len;
};

struct sec {
	uint64_t type, flags, addr, size, off, entsize, link;
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
by_fsym(const void *a, const void *b)
{
	const struct fsym *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Sizes left 0 (hi == lo) reach the next symbol or the section's end. */
static void
close_ranges(struct range *r, size_t n, const uint64_t *secend)
{
	for (size_t i = 0; i < n; i++) {
		if (r[i].hi != r[i].lo)
			continue;
		r[i].hi = secend[i];
		for (size_t k = i + 1; k < n; k++)
			if (r[k].lo > r[i].lo) {
				if (r[k].lo < r[i].hi)
					r[i].hi = r[k].lo;
				break;
			}
	}
}

struct sym_symtab *
sym_symtab_read(const char *path)
{
	unsigned char h[64], *sh = NULL, *syms = NULL;
	struct sym_symtab *t = NULL;
	struct sec *secs = NULL;
	struct range *r = NULL;
	struct fsym *fs = NULL;
	char *names = NULL;
	uint64_t *secend = NULL, nlen = 0;
	uint64_t shoff, shnum, shentsize, nsym, esz;
	size_t n = 0, nf = 0, want, pick = 0;
	struct stat st;
	int fd, is64, be;

	if ((fd = open(path, O_RDONLY)) == -1)
		return NULL;
	if (fstat(fd, &st) == -1 || sym_pread(fd, h, 52, 0) == -1 ||
	    memcmp(h, "\177ELF", 4) != 0 || (h[4] != 1 && h[4] != 2) ||
	    (h[4] == 2 && sym_pread(fd, h, 64, 0) == -1))
		goto out;
	is64 = h[4] == 2;
	be = h[5] == 2;
	shoff = is64 ? get(h + 40, 8, be) : get(h + 32, 4, be);
	shentsize = is64 ? get(h + 58, 2, be) : get(h + 46, 2, be);
	shnum = is64 ? get(h + 60, 2, be) : get(h + 48, 2, be);
	want = is64 ? 64 : 40;
	if (shnum == 0 || shnum > 100000 || shentsize < want ||
	    shoff > (uint64_t)st.st_size ||
	    shnum * shentsize > (uint64_t)st.st_size - shoff)
		goto out;
	sh = xmalloc((size_t)(shnum * shentsize));
	secs = xcalloc((size_t)shnum, sizeof(*secs));
	if (sym_pread(fd, sh, (size_t)(shnum * shentsize), shoff) == -1)
		goto out;
	for (size_t k = 0; k < shnum; k++) {
		const unsigned char *s = sh + k * shentsize;
		struct sec *c = &secs[k];

		c->type = get(s + 4, 4, be);
		c->flags = is64 ? get(s + 8, 8, be) : get(s + 8, 4, be);
		c->addr = is64 ? get(s + 16, 8, be) : get(s + 12, 4, be);
		c->off = is64 ? get(s + 24, 8, be) : get(s + 16, 4, be);
		c->size = is64 ? get(s + 32, 8, be) : get(s + 20, 4, be);
		c->entsize = is64 ? get(s + 56, 8, be) : get(s + 36, 4, be);
		c->link = is64 ? get(s + 40, 4, be) : get(s + 24, 4, be);
		if (c->type == SHT_SYMTAB_ ||
		    (c->type == SHT_DYNSYM_ && pick == 0))
			pick = k;
	}
	esz = is64 ? 24 : 16;
	if (pick == 0 || secs[pick].entsize < esz ||
	    secs[pick].off > (uint64_t)st.st_size ||
	    secs[pick].size > (uint64_t)st.st_size - secs[pick].off ||
	    secs[pick].size > ((uint64_t)1 << 31))
		goto out;
	nsym = secs[pick].size / secs[pick].entsize;
	syms = xmalloc((size_t)secs[pick].size + 1);
	if (sym_pread(fd, syms, (size_t)secs[pick].size, secs[pick].off) == -1)
		goto out;
	if (secs[pick].link < shnum) {
		const struct sec *ss = &secs[secs[pick].link];

		if (ss->off <= (uint64_t)st.st_size &&
		    ss->size <= (uint64_t)st.st_size - ss->off &&
		    ss->size < ((uint64_t)1 << 31)) {
			nlen = ss->size;
			names = xmalloc((size_t)nlen + 1);
			if (sym_pread(fd, names, (size_t)nlen, ss->off) == -1)
				nlen = 0;
			names[nlen] = '\0';
		}
	}
	r = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*r));
	fs = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*fs));
	secend = xreallocarray(NULL, nsym ? nsym : 1, sizeof(*secend));
	for (uint64_t i = 1; i < nsym; i++) {
		const unsigned char *s = syms + i * secs[pick].entsize;
		uint64_t value, size, info, shndx, type, name;

		name = get(s, 4, be);
		if (is64) {
			info = s[4];
			shndx = get(s + 6, 2, be);
			value = get(s + 8, 8, be);
			size = get(s + 16, 8, be);
		} else {
			value = get(s + 4, 4, be);
			size = get(s + 8, 4, be);
			info = s[12];
			shndx = get(s + 14, 2, be);
		}
		type = info & 15;
		if ((type != STT_FUNC_ && type != STT_GNU_IFUNC_ &&
		    type != STT_NOTYPE_) || shndx == 0 ||
		    shndx >= SHN_LORESERVE_ || shndx >= shnum ||
		    !(secs[shndx].flags & SHF_EXECINSTR_) ||
		    value < secs[shndx].addr ||
		    value - secs[shndx].addr >= secs[shndx].size)
			continue;
		fs[n].lo = value;
		fs[n].size = size;
		fs[n].secend = secs[shndx].addr + secs[shndx].size;
		fs[n].name = name < nlen ? (uint32_t)name : 0;
		fs[n].order = (uint32_t)i;
		fs[n].bind = (unsigned char)(info >> 4);
		n++;
	}
	/* One sort: the ranges are made in the symbols' order. */
	qsort(fs, n, sizeof(*fs), by_fsym);
	for (size_t i = 0; i < n; i++) {
		r[i].lo = fs[i].lo;
		r[i].hi = fs[i].lo + fs[i].size;
		secend[i] = fs[i].secend;
	}
	close_ranges(r, n, secend);
	nf = n;
	/* Merge overlapping and touching ranges. */
	{
		size_t m = 0;

		for (size_t i = 0; i < n; i++) {
			if (r[i].hi <= r[i].lo)
				continue;
			if (m > 0 && r[i].lo <= r[m - 1].hi) {
				if (r[i].hi > r[m - 1].hi)
					r[m - 1].hi = r[i].hi;
			} else
				r[m++] = r[i];
		}
		n = m;
	}
	t = xmalloc(sizeof(*t));
	t->f = NULL;
	t->nf = 0;
	if (names != NULL) {
		t->f = fs;
		/* The count before merging: fs kept every symbol. */
		t->nf = nf;
		t->names = names;
		t->names_len = (size_t)nlen;
		names = NULL;
		fs = NULL;
	} else {
		t->names = NULL;
		t->names_len = 0;
	}
	t->r = r;
	t->n = n;
	r = NULL;
out:
	close(fd);
	free(sh);
	free(secs);
	free(syms);
	free(r);
	free(fs);
	free(names);
	free(secend);
	return t;
}

void
sym_symtab_free(struct sym_symtab *t)
{
	if (t == NULL)
		return;
	free(t->r);
	free(t->f);
	free(t->names);
	free(t);
}

int
sym_symtab_covers(const struct sym_symtab *t, uint64_t a)
{
	size_t lo = 0, hi = t->n;

	/* The last range starting at or below a. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->r[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && a < t->r[lo - 1].hi;
}

static size_t
underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/*
 * Is a a better name than b for their shared address, by perf's rule
 * (tools/perf/util/symbol.c, choose_best_symbol): a symbol with a size,
 * then not weak, then global, then fewer leading underscores, then the
 * longer name; on a tie the one first in the table.
 */
static int
better(const struct sym_symtab *t, const struct fsym *a, const struct fsym *b)
{
	const char *na = t->names + a->name, *nb = t->names + b->name;
	size_t la, lb;

	if ((a->size != 0) != (b->size != 0))
		return a->size != 0;
	if ((a->bind == 2) != (b->bind == 2))	/* STB_WEAK */
		return a->bind != 2;
	if ((a->bind == 1) != (b->bind == 1))	/* STB_GLOBAL */
		return a->bind == 1;
	if (underscores(na) != underscores(nb))
		return underscores(na) < underscores(nb);
	la = strlen(na);
	lb = strlen(nb);
	if (la != lb)
		return la > lb;
	return a->order < b->order;
}

/*
 * The function symbols at the greatest start at or below a: f[*g..*end);
 * 0 when there is none.
 */
static int
group_at(const struct sym_symtab *t, uint64_t a, size_t *g, size_t *end)
{
	size_t lo = 0, hi = t->nf;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->f[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;
	for (*g = lo - 1; *g > 0 && t->f[*g - 1].lo == t->f[lo - 1].lo; (*g)--)
		;
	*end = lo;
	return 1;
}

const char *
sym_symtab_alias(const struct sym_symtab *t, uint64_t a, const char *name,
    size_t len)
{
	size_t lo, g, best;
	int found = 0;

	if (!group_at(t, a, &g, &lo))
		return NULL;
	if (g + 1 == lo)
		return NULL;
	best = g;
	for (size_t i = g; i < lo; i++) {
		const char *n = t->names + t->f[i].name;

		if (strncmp(n, name, len) == 0 && n[len] == '\0')
			found = 1;
		if (i > g && better(t, &t->f[i], &t->f[best]))
			best = i;
	}
	return found ? t->names + t->f[best].name : NULL;
}

const char *
sym_symtab_name(const struct sym_symtab *t, uint64_t a)
{
	size_t lo, g, best = SIZE_MAX;

	if (t->names == NULL || !sym_symtab_covers(t, a) ||
	    !group_at(t, a, &g, &lo))
		return NULL;
	/* The symbols at the greatest start at or below a that reach it. */
	for (size_t i = g; i < lo; i++) {
		const struct fsym *f = &t->f[i];

		if (f->size != 0 && a - f->lo >= f->size)
			continue;
		if (f->size == 0 && a >= f->secend)
			continue;
		if (best == SIZE_MAX || better(t, f, &t->f[best]))
			best = i;
	}
	if (best == SIZE_MAX || t->names[t->f[best].name] == '\0')
		return NULL;
	return t->names + t->f[best].name;
}
