/*
 * sym_symtab.c: the function ranges of an ELF symbol table (sym_symtab.h),
 * merged into sorted, disjoint ranges for a binary search.  The file is
 * read with pread; its header, section entries and symbols are decoded
 * and checked by elf/ (elf_file.h, elf_sym.h).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_fileio.h"
#include "sym/sym_symtab.h"
#include "elf/elf_file.h"
#include "elf/elf_sym.h"
#include "base/util.h"

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
	struct elf_shdr *secs = NULL;
	struct elf_file e;
	const char *why;
	struct range *r = NULL;
	struct fsym *fs = NULL;
	char *names = NULL;
	uint64_t *secend = NULL, nlen = 0;
	uint64_t shnum, nsym;
	size_t n = 0, nf = 0, pick = 0;
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return NULL;
	if (fstat(fd, &st) == -1 || sym_pread(fd, h, 52, 0) == -1 ||
	    (h[4] == 2 && sym_pread(fd, h, 64, 0) == -1) ||
	    elf_header(&e, h, h[4] == 2 ? 64 : 52, (uint64_t)st.st_size,
	    &why) == -1)
		goto out;
	shnum = e.shnum;
	if (shnum == 0 || shnum > 100000 ||
	    e.shentsize < (e.is64 ? 64u : 40u) ||
	    !elf_in_file(&e, e.shoff, shnum * e.shentsize))
		goto out;
	sh = xmalloc((size_t)(shnum * e.shentsize));
	secs = xcalloc((size_t)shnum, sizeof(*secs));
	if (sym_pread(fd, sh, (size_t)(shnum * e.shentsize), e.shoff) == -1)
		goto out;
	for (size_t k = 0; k < shnum; k++) {
		struct elf_shdr *c = &secs[k];

		elf_shdr_decode(&e, sh + k * e.shentsize, c);
		if (c->type == ELF_SHT_SYMTAB ||
		    (c->type == ELF_SHT_DYNSYM && pick == 0))
			pick = k;
	}
	if (pick == 0 || secs[pick].entsize < ELF_SYM_SIZE(&e) ||
	    !elf_in_file(&e, secs[pick].off, secs[pick].size) ||
	    secs[pick].size > ((uint64_t)1 << 31))
		goto out;
	nsym = secs[pick].size / secs[pick].entsize;
	syms = xmalloc((size_t)secs[pick].size + 1);
	if (sym_pread(fd, syms, (size_t)secs[pick].size, secs[pick].off) == -1)
		goto out;
	if (secs[pick].link < shnum) {
		const struct elf_shdr *ss = &secs[secs[pick].link];

		if (elf_in_file(&e, ss->off, ss->size) &&
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
		struct elf_sym y;

		elf_sym_decode(&e, syms + i * secs[pick].entsize, &y);
		if (!elf_sym_maybe_code(&y, shnum) ||
		    !elf_sym_in_code(&y, &secs[y.shndx]))
			continue;
		fs[n].lo = y.value;
		fs[n].size = y.size;
		fs[n].secend = secs[y.shndx].addr + secs[y.shndx].size;
		fs[n].name = y.name < nlen ? (uint32_t)y.name : 0;
		fs[n].order = (uint32_t)i;
		fs[n].bind = y.bind;
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
