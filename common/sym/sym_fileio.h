/*
 * sym_fileio.h: the bottom of the binary readers (sym_elf.c, sym_macho.c,
 * sym_symtab.c, sym_plt.c and the dispatcher sym_image.c all use it, and
 * perf/'s build ids; it uses none of them): reading bytes at an offset,
 * and writing bytes as hex.
 */
#ifndef SP_SYM_FILEIO_H
#define SP_SYM_FILEIO_H

#include <stddef.h>
#include <stdint.h>

/* Read exactly n bytes at off; 0, or -1 (short file or error). */
int	 sym_pread(int fd, void *, size_t n, uint64_t off);

/* Append n bytes as lowercase hex to a NUL-terminated string of size sz. */
void	 sym_hex(char *dst, size_t sz, const unsigned char *p, size_t n);

#endif
