/*
 * sym_imagedef.h: what the headers of a binary say (struct sym_image), the
 * structure the ELF and Mach-O readers (sym_elf.c, sym_macho.c) fill and
 * sym_image.h's questions read.  It sits below both: the readers include
 * this, never sym_image.h, so that no file of sym/ calls back into the
 * one that called it.  It uses nothing but the C library.
 */
#ifndef SP_SYM_IMAGEDEF_H
#define SP_SYM_IMAGEDEF_H

#include <stddef.h>
#include <stdint.h>

enum sym_kind { SYMK_UNKNOWN, SYMK_ELF, SYMK_MACHO };

/* Linkers write 2 to 6 loaded segments; a file with more is not checked. */
#define SYM_MAXSEGS	32

struct sym_image {
	enum sym_kind kind;
	int	 fat;		/* Mach-O universal file */
	uint64_t base;
	int	 has_base;
	char	 id[129];	/* lowercase hex, "" when absent */
	int	 has_debug_info;	/* ELF .debug_info present */
	char	 debuglink[256];	/* ELF .gnu_debuglink file name, or "" */
	char	 arch[32];	/* Mach-O: the architecture of the slice */
	/* The loaded segments, in file order; nseg 0 when none was read. */
	struct sym_seg {
		uint64_t vaddr, memsz;	/* where it is loaded, how much */
		uint64_t off, filesz;	/* where it is in the file */
		int	 exec;		/* PF_X, VM_PROT_EXECUTE */
	} seg[SYM_MAXSEGS];
	size_t	 nseg;
	int	 seg_lost;	/* more segments than seg holds: unknown */
};

/*
 * Record a segment read from the headers (the readers); past SYM_MAXSEGS
 * the segments are marked unknown.
 */
static inline void
sym_image_add_seg(struct sym_image *im, uint64_t vaddr, uint64_t memsz,
    uint64_t off, uint64_t filesz, int exec)
{
	struct sym_seg *s;

	if (im->nseg == SYM_MAXSEGS) {
		im->seg_lost = 1;
		return;
	}
	s = &im->seg[im->nseg++];
	s->vaddr = vaddr;
	s->memsz = memsz;
	s->off = off;
	s->filesz = filesz;
	s->exec = exec;
}

#endif
