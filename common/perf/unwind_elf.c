/*
 * unwind_elf.c: opening an image for unwind.h.  The file is mapped whole
 * (read only); its ELF header gives the architecture, its PT_LOAD segments
 * turn file offsets into vaddrs, and its section headers find .eh_frame,
 * .eh_frame_hdr and .debug_frame.  When .eh_frame lacks an address, the
 * separate debug file (build id or .gnu_debuglink, as sym_debugfile.c
 * finds it) is opened once for its .debug_frame, decompressed if it is
 * SHF_COMPRESSED.  Only 64-bit little-endian files (x86-64, aarch64).
 * Every offset and size read from the file is checked against its size;
 * the section table is read by elf/elf_file.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_debugfile.h"
#include "sym/sym_image.h"
#include "perf/unwind_impl.h"
#include "elf/elf_file.h"
#include "elf/elf_zlib.h"
#include "base/util.h"

#define EM_X86_64_	62
#define EM_AARCH64_	183
#define PT_LOAD_	1

static uint64_t
le(const uint8_t *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Map path whole; 0, or -1 with err set. */
static int
map_file(const char *path, void **map, size_t *sz, char *err, size_t errsz)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *p;

	if (fd == -1) {
		snprintf(err, errsz, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) || st.st_size < 64) {
		snprintf(err, errsz, "%s: not an ELF file", path);
		close(fd);
		return -1;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, errsz, "%s: %s", path, strerror(errno));
		return -1;
	}
	*map = p;
	*sz = (size_t)st.st_size;
	return 0;
}

/* The ELF header's checks; the architecture, or -1 with err set. */
static int
elf_check(const uint8_t *f, size_t sz, const char *path, char *err,
    size_t errsz)
{
	uint64_t m;

	if (sz < 64 || memcmp(f, "\177ELF", 4) != 0) {
		snprintf(err, errsz, "%s: not an ELF file", path);
		return -1;
	}
	if (f[4] != 2 || f[5] != 1) {
		snprintf(err, errsz, "%s: not a 64-bit little-endian ELF file",
		    path);
		return -1;
	}
	m = le(f + 18, 2);
	if (m == EM_X86_64_)
		return UNW_X86_64;
	if (m == EM_AARCH64_)
		return UNW_AARCH64;
	snprintf(err, errsz, "%s: ELF machine %u is not x86-64 or aarch64",
	    path, (unsigned)m);
	return -1;
}

/*
 * Look up the sections named in want[] (NULL-terminated) in the mapped
 * ELF file f; out[i] gets each one found with contents.  The index of the
 * section found for want[i] in flags[i] (its sh_flags).
 */
static void
find_sections(const uint8_t *f, size_t sz, const char *const *want,
    struct unw_sect *out, uint64_t *flags)
{
	struct elf_file e;
	const char *why;

	if (elf_open_mem(&e, f, sz, &why) == -1)
		return;
	for (uint64_t i = 1; i < e.shnum; i++) {
		struct elf_shdr sh;
		const uint8_t *b;
		const char *nm;

		elf_section(&e, i, &sh);
		if (sh.type == ELF_SHT_NOBITS || sh.size == 0 ||
		    (nm = elf_section_name(&e, &sh)) == NULL ||
		    (b = elf_section_bytes(&e, &sh)) == NULL)
			continue;
		for (int w = 0; want[w] != NULL; w++)
			if (strcmp(nm, want[w]) == 0 && out[w].p == NULL) {
				out[w].p = b;
				out[w].n = (size_t)sh.size;
				out[w].vaddr = sh.addr;
				flags[w] = sh.flags;
			}
	}
}

/* A .debug_frame compressed with zlib, inflated; 0, or -1. */
static int
inflate_section(struct unw_image *im, struct unw_sect *s)
{
	const char *why;
	size_t n;

	if (elf_inflate(s->p, s->n, &im->dbgbuf, &n, &why) == -1)
		return -1;
	if (n == 0) {
		free(im->dbgbuf);
		im->dbgbuf = NULL;
		return -1;
	}
	s->p = im->dbgbuf;
	s->n = n;
	return 0;
}

void
unw_image_load_debug(struct unw_image *im)
{
	static const char *const want[] = { ".debug_frame", NULL };
	struct unw_sect s[1] = { { NULL, 0, 0 } };
	uint64_t flags[1] = { 0 };
	struct sym_image si;
	const char *why;
	char path[4096], err[256];

	if (im->dbg_tried || im->path == NULL || im->dbg.p != NULL)
		return;
	im->dbg_tried = 1;
	if (sym_image_read(im->path, NULL, &si, &why) == -1 ||
	    sym_find_debug(im->path, &si, NULL, path, sizeof(path)) == -1)
		return;
	if (map_file(path, &im->dmap, &im->dmapsz, err, sizeof(err)) == -1)
		return;
	if (elf_check(im->dmap, im->dmapsz, path, err, sizeof(err)) !=
	    (int)im->arch)
		return;
	find_sections(im->dmap, im->dmapsz, want, s, flags);
	if (s[0].p != NULL && (flags[0] & ELF_SHF_COMPRESSED) &&
	    inflate_section(im, &s[0]) == -1)
		return;
	im->dbg = s[0];
}

/* .eh_frame_hdr's table, when it is the usual datarel sdata4 one. */
static void
read_hdr(struct unw_image *im)
{
	const uint8_t *p = im->hdr.p;
	size_t n = im->hdr.n;
	uint64_t count;

	if (p == NULL || n < 12 || p[0] != 1 || p[3] != 0x3b)
		return;
	/* eh_frame_ptr: its encoding is p[1]; only its size matters here. */
	if (p[1] != 0x1b && p[1] != 0x03 && p[1] != 0x0b)
		return;
	if (p[2] != 0x03 && p[2] != 0x0b)	/* fde_count: udata4 */
		return;
	count = le(p + 8, 4);
	if (count == 0 || count > (n - 12) / 8)
		return;
	im->tab = p + 12;
	im->ntab = (size_t)count;
}

/*
 * The rest of opening an image whose file is im->map: its headers and
 * sections.  path names it in err; the separate debug file is looked for
 * only when file is set.  Frees im and returns NULL on failure.
 */
static struct unw_image *
image_init(struct unw_image *im, const char *path, int file, char *err,
    size_t errsz)
{
	static const char *const want[] = { ".eh_frame", ".eh_frame_hdr",
	    ".debug_frame", NULL };
	struct unw_sect s[3] = { { NULL, 0, 0 } };
	uint64_t flags[3] = { 0 };
	const uint8_t *f = im->map;
	uint64_t phoff, phentsize, phnum;
	int arch;

	if ((arch = elf_check(f, im->mapsz, path, err, errsz)) == -1)
		goto bad;
	im->arch = (enum unw_arch)arch;
	if (file)
		im->path = xstrdup(path);
	else
		im->dbg_tried = 1;
	phoff = le(f + 32, 8);
	phentsize = le(f + 54, 2);
	phnum = le(f + 56, 2);
	if (phentsize < 56 || phoff > im->mapsz ||
	    phnum > (im->mapsz - phoff) / phentsize) {
		snprintf(err, errsz, "%s: malformed program headers", path);
		goto bad;
	}
	im->segs = xreallocarray(NULL, phnum + 1, sizeof(*im->segs));
	for (uint64_t i = 0; i < phnum; i++) {
		const uint8_t *ph = f + phoff + i * phentsize;

		if (le(ph, 4) != PT_LOAD_)
			continue;
		im->segs[im->nsegs].off = le(ph + 8, 8);
		im->segs[im->nsegs].vaddr = le(ph + 16, 8);
		im->segs[im->nsegs].filesz = le(ph + 32, 8);
		im->nsegs++;
	}
	find_sections(f, im->mapsz, want, s, flags);
	im->eh = s[0];
	im->hdr = s[1];
	im->dbg = s[2];
	if (im->dbg.p != NULL && (flags[2] & ELF_SHF_COMPRESSED) &&
	    inflate_section(im, &im->dbg) == -1)
		im->dbg.p = NULL, im->dbg.n = 0;
	if (im->eh.p != NULL)
		read_hdr(im);
	if (im->eh.p == NULL && im->dbg.p == NULL)
		unw_image_load_debug(im);
	if (im->eh.p == NULL && im->dbg.p == NULL) {
		snprintf(err, errsz, "%s: no call-frame information", path);
		goto bad;
	}
	return im;
bad:
	unw_image_free(im);
	return NULL;
}

struct unw_image *
unw_image_open(const char *path, char *err, size_t errsz)
{
	struct unw_image *im = xcalloc(1, sizeof(*im));

	if (map_file(path, &im->map, &im->mapsz, err, errsz) == -1) {
		free(im);
		return NULL;
	}
	return image_init(im, path, 1, err, errsz);
}

struct unw_image *
unw_image_open_mem(const void *elf, size_t n, const char *name, char *err,
    size_t errsz)
{
	struct unw_image *im = xcalloc(1, sizeof(*im));

	if (n < 64) {
		snprintf(err, errsz, "%s: not an ELF file", name);
		free(im);
		return NULL;
	}
	im->copy = xmalloc(n);
	memcpy(im->copy, elf, n);
	im->map = im->copy;
	im->mapsz = n;
	return image_init(im, name, 0, err, errsz);
}

struct unw_image *
unw_image_mem(enum unw_arch arch, const uint8_t *sec, size_t n,
    uint64_t vaddr, int debug)
{
	struct unw_image *im = xcalloc(1, sizeof(*im));

	im->arch = arch;
	im->segs = xmalloc(sizeof(*im->segs));
	im->segs[0].off = 0;
	im->segs[0].vaddr = 0;
	im->segs[0].filesz = UINT64_MAX;
	im->nsegs = 1;
	if (debug) {
		im->dbg.p = sec;
		im->dbg.n = n;
		im->dbg.vaddr = vaddr;
	} else {
		im->eh.p = sec;
		im->eh.n = n;
		im->eh.vaddr = vaddr;
	}
	im->dbg_tried = 1;
	return im;
}

void
unw_image_free(struct unw_image *im)
{
	if (im == NULL)
		return;
	if (im->copy != NULL)
		free(im->copy);
	else if (im->map != NULL)
		munmap(im->map, im->mapsz);
	if (im->dmap != NULL)
		munmap(im->dmap, im->dmapsz);
	free(im->dbgbuf);
	free(im->path);
	free(im->segs);
	free(im->ehtab);
	free(im->dbgtab);
	free(im->memo);
	free(im->pool);
	free(im);
}

enum unw_arch
unw_image_arch(const struct unw_image *im)
{
	return im->arch;
}

int
unw_image_vaddr(const struct unw_image *im, uint64_t off, uint64_t *vaddr)
{
	for (size_t i = 0; i < im->nsegs; i++) {
		const struct unw_seg *s = &im->segs[i];

		if (off >= s->off && off - s->off < s->filesz) {
			*vaddr = off - s->off + s->vaddr;
			return 0;
		}
	}
	return -1;
}
