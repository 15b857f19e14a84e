/*
 * common/sym/: symbolization, LIB!0xADDR frames to names: what a
 * binary is (its base and identity, ELF and Mach-O, sym_image.h), where it
 * and its debug file are, the llvm-symbolizer, addr2line and atos
 * backends with their output parsers, samply's .syms.json, demangling.
 * It uses base/ and json/.
 */
/*
 * sym_image.h: what sp-symbolize needs to know about a binary before it
 * trusts it, read from the file's own headers (the file is only read, never
 * executed):
 *
 *  - the base that turns a library-relative address into the address the
 *    symbolizers expect (svma = relative + base): the p_vaddr of the first
 *    PT_LOAD segment of an ELF file, the vmaddr of the __TEXT segment of a
 *    Mach-O image (of the slice matching the wanted architecture in a fat
 *    file);
 *  - its identity: the ELF NT_GNU_BUILD_ID note or the Mach-O LC_UUID, as
 *    lowercase hex;
 *  - for ELF, whether it carries DWARF (.debug_info) and the file named by
 *    its .gnu_debuglink section.
 */
#ifndef SP_SYM_IMAGE_H
#define SP_SYM_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define SYM_MAXSEGS	16

enum sym_kind { SYMK_UNKNOWN, SYMK_ELF, SYMK_MACHO };

struct sym_image {
	enum sym_kind kind;
	int	 fat;		/* Mach-O universal file */
	uint64_t base;
	int	 has_base;
	char	 id[129];	/* lowercase hex, "" when absent */
	int	 has_debug_info;	/* ELF .debug_info present */
	char	 debuglink[256];	/* ELF .gnu_debuglink file name, or "" */
	char	 arch[32];	/* Mach-O: the architecture of the slice */
	/*
	 * ELF: the first SYM_MAXSEGS PT_LOAD segments in file order, for
	 * turning a file offset into a virtual address (read_perfdata.c).
	 */
	struct sym_seg {
		uint64_t off, vaddr, filesz;
		uint32_t flags;		/* PF_X 1, PF_W 2, PF_R 4 */
	} seg[SYM_MAXSEGS];
	int	 nseg;
};

/*
 * Read the headers of path.  arch (may be NULL or "") picks the slice of a
 * fat Mach-O file (samply's lib.arch: "arm64", "arm64e", "x86_64", ...).
 * Returns 0, or -1 with why set to a static description of the problem
 * (errno-based problems are described by strerror).
 */
int	 sym_image_read(const char *path, const char *arch,
	    struct sym_image *, const char **why);

/*
 * Does the ELF file at path carry DWARF (.debug_info), or name a separate
 * debug file (.gnu_debuglink)?  1 or 0; -1 when it cannot tell (not ELF,
 * unreadable): sp-record's warning about missing debug info, and the
 * choice of what sp-flamegraph symbolizes itself.
 */
int	 sym_image_has_debug(const char *path);

/* The ELF and Mach-O halves, on an open file of size sz. */
int	 sym_elf_read(int fd, uint64_t sz, struct sym_image *, const char **);
int	 sym_macho_read(int fd, uint64_t sz, const char *arch,
	    struct sym_image *, const char **);

/* Read exactly n bytes at off; 0, or -1 (short file or error). */
int	 sym_pread(int fd, void *, size_t n, uint64_t off);

/*
 * Compare an image id with a profile's codeId: case-insensitive, dashes
 * ignored.  Returns 1 if they match.
 */
int	 sym_id_match(const char *image_id, const char *code_id);

/* Append n bytes as lowercase hex to a NUL-terminated string of size sz. */
void	 sym_hex(char *dst, size_t sz, const unsigned char *p, size_t n);

#endif
