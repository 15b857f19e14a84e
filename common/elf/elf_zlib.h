/*
 * elf_zlib.h: the bytes of an SHF_COMPRESSED section of an ELF64 file
 * (an Elf64_Chdr, then a zlib stream) inflated, as the DWARF reader
 * (dwarf/) and the unwinder's .debug_frame (perf/) need them.  It uses
 * base/ and zlib.
 */
#ifndef SP_ELF_ZLIB_H
#define SP_ELF_ZLIB_H

#include <stddef.h>
#include <stdint.h>

/*
 * The section's bytes p[0..n) inflated into *out (allocated; the caller
 * frees it) of *outn bytes.  0, or -1 with *why "compressed other than by
 * zlib", "bad compressed size" (over 1 GiB, or more than zlib can make of
 * the input) or "corrupt compressed data", and nothing allocated.
 */
int	 elf_inflate(const unsigned char *p, uint64_t n, unsigned char **out,
	    size_t *outn, const char **why);

#endif
