/*
 * perfdata_ksym.c: the perf.data reader's kernel and vDSO symbols: the
 * kallsyms perf kept when it recorded (its build-id cache), else the
 * running kernel's /proc/kallsyms (when it is the kernel that recorded),
 * moved to where the recording's kernel was and ranked as perf ranks
 * equal addresses; and the symbols of the vDSO mapped in this process.
 * Part of read_perfdata.c's reader (perfdata_impl.h); may use base/, elf/
 * (the vDSO's sections and symbols, bounded) and perf_dso.h.
 */
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <elf.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"
#include "perf/perfdata_impl.h"
#include "read/perf_dso.h"
#include "elf/elf_file.h"
#include "elf/elf_sym.h"

/* --- Kernel symbols --- */

/*
 * perf's choice among kernel symbols at one address: it gives each the
 * end of the next (kallsyms has no sizes), so that all but the last of
 * equal addresses, in the file's order, are empty, and then prefers the
 * symbol that is not (choose_best_symbol's first rule): the last one.
 * rank is minus the symbol's place in the file, so that it sorts first.
 */
static int
kcmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return (x->rank > y->rank) - (x->rank < y->rank);
}

/*
 * kallsyms lists the kernel's own symbols by address (modules after,
 * each by address): when the whole list is in order, as it mostly is,
 * kcmp's order is reached by turning each run of equal addresses round,
 * without qsort (a tenth of sp-flatten's time on a small recording).
 */
static void
ksort(struct ksym *k, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		if (k[i].addr < k[i - 1].addr) {
			qsort(k, n, sizeof(*k), kcmp);
			return;
		}
	for (i = 0; i < n; i = j) {
		size_t a, b;

		for (j = i + 1; j < n && k[j].addr == k[i].addr; j++)
			continue;
		for (a = i, b = j - 1; a < b; a++, b--) {
			struct ksym t = k[a];

			k[a] = k[b];
			k[b] = t;
		}
	}
}

/* The hexadecimal number at *p, before end; *p is left after it. */
static uint64_t
khex(const char **p, const char *end)
{
	uint64_t v = 0;
	const char *s = *p;

	for (; s < end; s++) {
		int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			break;
		v = v << 4 | (uint64_t)d;
	}
	*p = s;
	return v;
}

/*
 * The kallsyms that perf report reads for this recording: the copy perf
 * record kept in its build-id cache ($PERF_BUILDID_DIR, else ~/.debug:
 * .build-id/xx/rest/kallsyms), taken when it recorded, so right even
 * after a reboot moved the kernel (KASLR); else the running kernel's
 * /proc/kallsyms, when it is the kernel that recorded.  Its whole text
 * in *data: the kept copy mapped (*mapped set), /proc/kallsyms read in
 * 256 KiB pieces (the kernel writes it as asked: 1 KiB a read(2) by
 * default).  Reading 5 MB a line at a time through stdio was half of
 * sp-flatten's time on a short recording.  -1 when there is none or it
 * cannot be read (no kernel names, then).
 */
static int
kread(struct pd *pd, char **data, size_t *len, int *mapped)
{
	struct buf b = {0};
	struct stat st;
	char *p = NULL;
	size_t n = 0, cap = 0;
	ssize_t r;
	int fd = -1;

	*mapped = 0;
	if (pd->kernel_id[0] != '\0' &&
	    perf_buildid_path(&b, pd->kernel_id, "kallsyms") == 0)
		fd = open(b.s, O_RDONLY);
	buf_free(&b);
	if (fd != -1 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < (uint64_t)1 << 30) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd,
		    0);
		close(fd);
		if (p == MAP_FAILED)
			return -1;
		*data = p;
		*len = (size_t)st.st_size;
		*mapped = 1;
		return 0;
	}
	if (fd != -1)
		close(fd);
	if (!pd->native_kernel || (fd = open("/proc/kallsyms", O_RDONLY)) == -1)
		return -1;
	do {
		if (cap - n < 256 * 1024) {
			cap = cap ? cap * 2 : 8 << 20;
			p = xreallocarray(p, cap, 1);
		}
		if ((r = read(fd, p + n, cap - n)) > 0)
			n += (size_t)r;
	} while (r > 0 || (r == -1 && errno == EINTR));
	close(fd);
	if (r == -1) {
		free(p);
		return -1;
	}
	*data = p;
	*len = n;
	return 0;
}

/*
 * The kernel may sit elsewhere than where the symbols read say (a reboot
 * between the recording and /proc/kallsyms: KASLR): perf relocates its
 * kernel map by where its reference symbol (_text) was when it recorded
 * (the map's MMAP record) against where the symbols put it.  So here:
 * the kernel's own symbols move by the difference; the modules' are
 * elsewhere and moved by other amounts, so they are dropped (their
 * frames keep their addresses) rather than named wrongly.
 */
static void
krelocate(struct pd *pd)
{
	uint64_t at = 0;
	int found = 0;
	size_t i, j;

	if (pd->kref[0] == '\0')
		return;
	for (i = 0; i < pd->nksyms; i++)
		if (pd->ksyms[i].mod == -1 && strcmp(pd->kstr.s +
		    pd->ksyms[i].name, pd->kref) == 0) {
			at = pd->ksyms[i].addr;
			found = 1;
			break;
		}
	if (!found || at == pd->kref_addr)
		return;
	for (i = j = 0; i < pd->nksyms; i++) {
		if (pd->ksyms[i].mod != -1)
			continue;
		pd->ksyms[j] = pd->ksyms[i];
		pd->ksyms[j++].addr += pd->kref_addr - at;
	}
	pd->nksyms = j;
}

static void
kload(struct pd *pd)
{
	char *data;
	const char *line, *next, *dend;
	size_t len, kcap = 0;
	int nonzero = 0, mapped;

	pd->kloaded = 1;
	if (kread(pd, &data, &len, &mapped) == -1)
		return;
	dend = data + len;
	for (line = data; line < dend; line = next) {
		const char *end, *name, *mod, *eol;
		uint64_t a;
		char t;
		size_t nl;
		struct ksym *k;

		if ((eol = memchr(line, '\n', (size_t)(dend - line))) == NULL)
			eol = dend;
		next = eol + 1;
		end = line;
		a = khex(&end, eol);
		if (end == line || end - line > 16 || eol - end < 3 ||
		    end[0] != ' ' || end[2] != ' ')
			continue;
		t = end[1];
		if (t != 'T' && t != 't' && t != 'W' && t != 'w')
			continue;
		name = end + 3;
		mod = memchr(name, '\t', (size_t)(eol - name));
		nl = mod != NULL ? (size_t)(mod - name) : (size_t)(eol - name);
		if (a != 0)
			nonzero = 1;
		xgrow(&pd->ksyms, &kcap, pd->nksyms + 1, sizeof(*pd->ksyms));
		k = &pd->ksyms[pd->nksyms++];
		k->addr = a;
		k->name = pd->kstr.len;
		buf_add(&pd->kstr, name, nl);
		buf_addc(&pd->kstr, '\0');
		k->rank = -(int)(pd->nksyms < INT_MAX ? pd->nksyms : INT_MAX);
		k->mod = -1;
		if (mod != NULL) {
			mod++;
			while (mod < eol && (*mod == ' ' || *mod == '\t'))
				mod++;
			k->mod = dso_id(pd, mod, (size_t)(eol - mod));
		}
	}
	if (mapped)
		munmap(data, len);
	else
		free(data);
	if (!nonzero) {		/* kptr_restrict: no addresses to go by */
		pd->nksyms = 0;
		return;
	}
	krelocate(pd);
	ksort(pd->ksyms, pd->nksyms);
}

/* The kernel symbol holding addr: the last one at or below it. */
int32_t
kfind(struct pd *pd, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!pd->kloaded)
		kload(pd);
	hi = pd->nksyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (pd->ksyms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	/* The first (best) of the symbols at that address. */
	lo--;
	while (lo > 0 && pd->ksyms[lo - 1].addr == pd->ksyms[lo].addr)
		lo--;
	return (int32_t)lo;
}

/* --- The vDSO's symbols --- */

/*
 * perf names [vdso] frames from the vDSO it finds in its own memory (the
 * kernel maps the same image into every process), so this process's own
 * is read the same way, when the recording's kernel is this one: the
 * function symbols of its .dynsym, each covering [value, value + size).
 */
static int
vrank(const char *name, int bind)
{
	size_t us = 0, nl = strlen(name);

	while (name[us] == '_')
		us++;
	return (bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2) *
	    (1 << 24) + (int)(us < 255 ? us : 255) * (1 << 16) -
	    (int)(nl < 65535 ? nl : 65535);
}

/*
 * The vDSO carries no size; its section headers come last in it, so the
 * image is taken to end with them and every section is bounded by that.
 */
static void
vload(struct pd *pd)
{
	const uint8_t *img;
	const Elf64_Ehdr *eh;
	struct elf_file e;
	const char *why;
	size_t vcap = 0;

	pd->vloaded = 1;
	if (!pd->native_kernel)
		return;
	img = (const uint8_t *)getauxval(AT_SYSINFO_EHDR);
	if (img == NULL)
		return;
	eh = (const Elf64_Ehdr *)(const void *)img;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff == 0 ||
	    eh->e_shoff > 1 << 20 || eh->e_shnum > 256 ||
	    elf_open_mem(&e, img, (size_t)(eh->e_shoff +
	    (uint64_t)eh->e_shnum * eh->e_shentsize), &why) == -1)
		return;
	for (uint64_t i = 0; i < e.shnum; i++) {
		struct elf_shdr sh, strs;
		const unsigned char *sym;
		size_t nsym;

		elf_section(&e, i, &sh);
		if (sh.type != ELF_SHT_DYNSYM || sh.link >= e.shnum ||
		    sh.entsize != sizeof(Elf64_Sym) ||
		    (sym = elf_section_bytes(&e, &sh)) == NULL)
			continue;
		elf_section(&e, sh.link, &strs);
		if (elf_section_bytes(&e, &strs) == NULL)
			continue;
		nsym = (size_t)(sh.size / sh.entsize);
		for (size_t k = 0; k < nsym; k++) {
			struct elf_sym y;
			struct vsym *v;
			const char *nm;

			elf_sym_decode(&e, sym + k * sh.entsize, &y);
			if (y.type != ELF_STT_FUNC || y.shndx == SHN_UNDEF ||
			    y.name >= strs.size)
				continue;
			nm = (const char *)img + strs.off + y.name;
			if (memchr(nm, '\0', (size_t)(strs.size - y.name)) ==
			    NULL)
				continue;
			xgrow(&pd->vsyms, &vcap, pd->nvsyms + 1,
			    sizeof(*pd->vsyms));
			v = &pd->vsyms[pd->nvsyms++];
			v->start = y.value;
			v->end = y.value + y.size;
			v->name = nm;
			v->rank = vrank(nm, y.bind);
		}
	}
}

/* The name of the vDSO's function at addr (relative to it), or NULL. */
const char *
vdso_find(struct pd *pd, uint64_t addr)
{
	const struct vsym *best = NULL;

	if (!pd->vloaded)
		vload(pd);
	for (size_t i = 0; i < pd->nvsyms; i++) {
		const struct vsym *v = &pd->vsyms[i];

		if (addr >= v->start && addr < v->end &&
		    (best == NULL || v->rank < best->rank))
			best = v;
	}
	return best != NULL ? best->name : NULL;
}
