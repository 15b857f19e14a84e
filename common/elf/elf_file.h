/*
 * elf_file.h: the one bounded reader of ELF headers and section tables.
 * Its users hold a file either whole in memory (mapped or read: elf_open_mem
 * and the section calls) or only as a header and the entries they pread
 * (elf_header, elf_shdr_decode, elf_in_file).  32- and 64-bit files of
 * either byte order are decoded; a user that handles fewer says so after
 * elf_header.  Every offset and count is checked against the file's size
 * before it is used.  It uses nothing.
 */
#ifndef SP_ELF_FILE_H
#define SP_ELF_FILE_H

#include <stddef.h>
#include <stdint.h>

#define ELF_SHT_SYMTAB	2
#define ELF_SHT_STRTAB	3
#define ELF_SHT_NOTE	7
#define ELF_SHT_NOBITS	8
#define ELF_SHT_DYNSYM	11
#define ELF_SHF_COMPRESSED 0x800

struct elf_file {
	const unsigned char *p;	/* the whole file, or NULL: header only */
	uint64_t size;		/* the file's size in bytes */
	int	 is64, be;
	uint64_t type, machine;
	uint64_t phoff, phentsize, phnum;
	uint64_t shoff, shentsize, shnum, shstrndx;
	uint64_t stroff, strsz;	/* the section name table (elf_open_mem) */
};

struct elf_shdr {
	uint64_t name, type, flags, addr, off, size, link, info, align;
	uint64_t entsize;
};

/* An n-byte number at p in e's byte order. */
uint64_t elf_get(const struct elf_file *e, const unsigned char *p, int n);

/*
 * The ELF header h[0..hn) of a file of size bytes into e (e->p NULL):
 * magic, class, byte order, and the header tables' fields as they stand
 * (e_shnum 0 and e_shstrndx SHN_XINDEX unresolved).  0, or -1 with *why
 * "not an ELF file" (bad magic or too short) or "unknown ELF class or
 * byte order".
 */
int	 elf_header(struct elf_file *e, const unsigned char *h, size_t hn,
	    uint64_t size, const char **why);

/* The section header entry ent (e->shentsize bytes, checked) into sh. */
void	 elf_shdr_decode(const struct elf_file *e, const unsigned char *ent,
	    struct elf_shdr *sh);

/* Whether the bytes [off, off + n) lie inside the file. */
int	 elf_in_file(const struct elf_file *e, uint64_t off, uint64_t n);

/*
 * The file p[0..n) whole: elf_header, then the section header table
 * (e_shoff not 0, e_shentsize at least an entry, every entry inside the
 * file, the extended counts of section 0 resolved) and the section name
 * table (index below e_shnum, its bytes inside the file).  0, or -1 with
 * *why "not an ELF file", "unknown ELF class or byte order", "bad section
 * headers" or "bad section name table".
 */
int	 elf_open_mem(struct elf_file *e, const unsigned char *p, size_t n,
	    const char **why);

/* Section i (below e->shnum) of an elf_open_mem file into sh. */
void	 elf_section(const struct elf_file *e, uint64_t i,
	    struct elf_shdr *sh);

/*
 * A section's name, or NULL when sh_name is not a NUL-terminated string
 * inside the section name table.
 */
const char *elf_section_name(const struct elf_file *e,
	    const struct elf_shdr *sh);

/*
 * A section's bytes (sh->size of them), or NULL when they do not lie
 * inside the file.  SHT_NOBITS sections have none: the caller checks.
 */
const unsigned char *elf_section_bytes(const struct elf_file *e,
	    const struct elf_shdr *sh);

#endif
