/*
 * sym_image_parts.h: the ELF and Mach-O halves of sym_image_read, called
 * by the dispatcher (sym_image.c) only.  They fill the struct sym_image
 * they are handed (sym_imagedef.h) and take what they need from below
 * (sym_fileio.h), never from the dispatcher.
 */
#ifndef SP_SYM_IMAGE_PARTS_H
#define SP_SYM_IMAGE_PARTS_H

#include <stdint.h>

#include "sym/sym_imagedef.h"

/* Read the headers of an open file of size sz; 0, or -1 with *why set. */
int	 sym_elf_read(int fd, uint64_t sz, struct sym_image *, const char **);
int	 sym_macho_read(int fd, uint64_t sz, const char *arch,
	    struct sym_image *, const char **);

#endif
