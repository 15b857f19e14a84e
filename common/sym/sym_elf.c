/*
 * sym_elf.c: the ELF half of sym_image.h, filling the struct sym_image
 * it is handed (sym_imagedef.h).  Reads the ELF header, the program
 * headers (the PT_LOAD segments, PT_NOTE build id) and the section headers
 * (.debug_info, .gnu_debuglink, SHT_NOTE build id of separate debug
 * files), for 32- and 64-bit files of either byte order, decoded by
 * elf/elf_file.h.  Every offset and count read from the file is checked
 * against the file's size.
 */
#include <stdlib.h>
#include <string.h>

#include "sym/sym_fileio.h"
#include "sym/sym_imagedef.h"
#include "sym/sym_image_parts.h"
#include "elf/elf_file.h"
#include "base/util.h"

#define PT_LOAD_	1
#define PT_NOTE_	4
#define PF_X_		1
#define SHT_NOTE_	7
#define SHT_NOBITS_	8
#define NT_GNU_BUILD_ID_ 3

struct elf {
	int	 fd;
	uint64_t sz;
	int	 is64, be;
	struct elf_file f;	/* the header, for elf_get and the entries */
};

static uint64_t
get(const struct elf *e, const unsigned char *p, int n)
{
	return elf_get(&e->f, p, n);
}

/* Look for an NT_GNU_BUILD_ID note in the notes at off, size n. */
static void
scan_notes(const struct elf *e, uint64_t off, uint64_t n, uint64_t align,
    struct sym_image *im)
{
	unsigned char *p;
	uint64_t i = 0;

	if (im->id[0] != '\0' || n == 0 || n > (1u << 20) || off > e->sz ||
	    n > e->sz - off)
		return;
	if (align != 8)
		align = 4;
	p = xmalloc((size_t)n);
	if (sym_pread(e->fd, p, (size_t)n, off) == -1) {
		free(p);
		return;
	}
	/* i may pass n by a note's padding. */
	while (i <= n && n - i >= 12) {
		uint64_t namesz = get(e, p + i, 4), descsz = get(e, p + i + 4, 4);
		uint64_t type = get(e, p + i + 8, 4);
		uint64_t name = i + 12;
		uint64_t desc = name + ((namesz + align - 1) & ~(align - 1));

		if (desc > n || descsz > n - desc)
			break;
		if (type == NT_GNU_BUILD_ID_ && namesz == 4 &&
		    memcmp(p + name, "GNU", 4) == 0 && descsz > 0) {
			im->id[0] = '\0';
			sym_hex(im->id, sizeof(im->id), p + desc, (size_t)descsz);
			break;
		}
		i = desc + ((descsz + align - 1) & ~(align - 1));
	}
	free(p);
}

static int
read_phdrs(const struct elf *e, uint64_t phoff, uint64_t phnum,
    uint64_t phentsize, struct sym_image *im)
{
	unsigned char ph[56];
	size_t want = e->is64 ? 56 : 32;

	if (phentsize < want)
		return phnum == 0 ? 0 : -1;
	for (uint64_t k = 0; k < phnum; k++) {
		uint64_t type, flags, off, vaddr, filesz, memsz, align;

		if (phoff + k * phentsize > e->sz ||
		    sym_pread(e->fd, ph, want, phoff + k * phentsize) == -1)
			return -1;
		type = get(e, ph, 4);
		if (e->is64) {
			off = get(e, ph + 8, 8);
			vaddr = get(e, ph + 16, 8);
			flags = get(e, ph + 4, 4);
			filesz = get(e, ph + 32, 8);
			memsz = get(e, ph + 40, 8);
			align = get(e, ph + 48, 8);
		} else {
			off = get(e, ph + 4, 4);
			vaddr = get(e, ph + 8, 4);
			filesz = get(e, ph + 16, 4);
			memsz = get(e, ph + 20, 4);
			flags = get(e, ph + 24, 4);
			align = get(e, ph + 28, 4);
		}
		if (type == PT_LOAD_) {
			if (!im->has_base) {
				im->base = vaddr;
				im->has_base = 1;
			}
			sym_image_add_seg(im, vaddr, memsz, off, filesz,
			    (flags & PF_X_) != 0);
		} else if (type == PT_NOTE_)
			scan_notes(e, off, filesz, align, im);
	}
	return 0;
}

static void
read_shdrs(const struct elf *e, uint64_t shoff, uint64_t shnum,
    uint64_t shentsize, uint64_t shstrndx, struct sym_image *im)
{
	unsigned char sh[64];
	size_t want = e->is64 ? 64 : 40;
	struct elf_shdr s;
	uint64_t stroff, strsz;
	char *strs;

	if (shoff == 0 || shentsize < want || shoff > e->sz)
		return;
	if (shnum == 0 || shstrndx == 0xffff) {
		/* Extended numbering: the real values are in section 0. */
		if (sym_pread(e->fd, sh, want, shoff) == -1)
			return;
		elf_shdr_decode(&e->f, sh, &s);
		if (shnum == 0)
			shnum = s.size;
		if (shstrndx == 0xffff)
			shstrndx = s.link;
	}
	if (shnum > 1000000 || shstrndx >= shnum ||
	    shnum * shentsize > e->sz - shoff)
		return;
	if (sym_pread(e->fd, sh, want, shoff + shstrndx * shentsize) == -1)
		return;
	elf_shdr_decode(&e->f, sh, &s);
	stroff = s.off;
	strsz = s.size;
	if (strsz == 0 || strsz > (16u << 20) ||
	    !elf_in_file(&e->f, stroff, strsz))
		return;
	strs = xmalloc((size_t)strsz + 1);
	if (sym_pread(e->fd, strs, (size_t)strsz, stroff) == -1) {
		free(strs);
		return;
	}
	strs[strsz] = '\0';
	for (uint64_t k = 1; k < shnum; k++) {
		uint64_t name, type, off, size, align;
		const char *nm;

		if (sym_pread(e->fd, sh, want, shoff + k * shentsize) == -1)
			break;
		elf_shdr_decode(&e->f, sh, &s);
		name = s.name;
		type = s.type;
		off = s.off;
		size = s.size;
		align = s.align;
		if (name >= strsz)
			continue;
		nm = strs + name;
		if ((strcmp(nm, ".debug_info") == 0 ||
		    strcmp(nm, ".zdebug_info") == 0) &&
		    type != SHT_NOBITS_ && size > 0)
			im->has_debug_info = 1;
		else if (strcmp(nm, ".gnu_debuglink") == 0 &&
		    type != SHT_NOBITS_ && size > 0 && off <= e->sz &&
		    size <= e->sz - off) {
			size_t n = size < sizeof(im->debuglink) ?
			    (size_t)size : sizeof(im->debuglink) - 1;

			if (sym_pread(e->fd, im->debuglink, n, off) == 0)
				im->debuglink[n] = '\0';
			else
				im->debuglink[0] = '\0';
			/* Only a plain file name is followed. */
			if (strchr(im->debuglink, '/') != NULL ||
			    strcmp(im->debuglink, "..") == 0)
				im->debuglink[0] = '\0';
		} else if (type == SHT_NOTE_)
			scan_notes(e, off, size, align, im);
	}
	free(strs);
}

int
sym_elf_read(int fd, uint64_t sz, struct sym_image *im, const char **why)
{
	unsigned char h[64];
	struct elf e = { fd, sz, 0, 0, { 0 } };
	uint64_t phoff, shoff, phentsize, phnum, shentsize, shnum, shstrndx;

	if (sym_pread(fd, h, 52, 0) == -1) {
		*why = "truncated ELF header";
		return -1;
	}
	if ((h[4] != 1 && h[4] != 2) || (h[5] != 1 && h[5] != 2)) {
		*why = "unknown ELF class or byte order";
		return -1;
	}
	e.is64 = h[4] == 2;
	e.be = h[5] == 2;
	if (e.is64 && sym_pread(fd, h, 64, 0) == -1) {
		*why = "truncated ELF header";
		return -1;
	}
	/* The magic is the caller's; class and byte order are checked. */
	if (elf_header(&e.f, h, e.is64 ? 64 : 52, sz, why) == -1)
		return -1;
	im->kind = SYMK_ELF;
	phoff = e.f.phoff;
	shoff = e.f.shoff;
	phentsize = e.f.phentsize;
	phnum = e.f.phnum;
	shentsize = e.f.shentsize;
	shnum = e.f.shnum;
	shstrndx = e.f.shstrndx;
	if (phnum == 0xffff && shoff != 0 && shoff < sz) {
		unsigned char s0[64];
		struct elf_shdr z;

		if (sym_pread(fd, s0, e.is64 ? 64 : 40, shoff) == 0) {
			elf_shdr_decode(&e.f, s0, &z);
			phnum = z.info;
		}
	}
	if (phoff > sz || read_phdrs(&e, phoff, phnum, phentsize, im) == -1) {
		*why = "truncated ELF program headers";
		return -1;
	}
	read_shdrs(&e, shoff, shnum, shentsize, shstrndx, im);
	if (!im->has_base) {
		*why = "ELF file without a PT_LOAD segment";
		return -1;
	}
	return 0;
}
