/*
 * sym_image.c: opening a binary and dispatching on its magic number to the
 * ELF or Mach-O header reader (sym_image_parts.h); the identity
 * comparison; the questions asked of the segments.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_fileio.h"
#include "sym/sym_image.h"
#include "sym/sym_image_parts.h"

int
sym_image_read(const char *path, const char *arch, struct sym_image *im,
    const char **why)
{
	unsigned char m[4];
	struct stat st;
	int fd, r;

	memset(im, 0, sizeof(*im));
	if ((fd = open(path, O_RDONLY)) == -1) {
		*why = strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*why = "not a regular file";
		close(fd);
		return -1;
	}
	if (sym_pread(fd, m, 4, 0) == -1) {
		*why = "not an ELF or Mach-O file (too short)";
		close(fd);
		return -1;
	}
	if (memcmp(m, "\177ELF", 4) == 0)
		r = sym_elf_read(fd, (uint64_t)st.st_size, im, why);
	else
		r = sym_macho_read(fd, (uint64_t)st.st_size, arch, im, why);
	close(fd);
	return r;
}

int
sym_image_has_debug(const char *path)
{
	struct sym_image im;
	const char *why;

	if (sym_image_read(path, NULL, &im, &why) == -1 ||
	    im.kind != SYMK_ELF)
		return -1;
	return im.has_debug_info || im.debuglink[0] != '\0';
}

int
sym_id_match(const char *a, const char *b)
{
	for (;;) {
		while (*a == '-')
			a++;
		while (*b == '-')
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++;
		b++;
	}
}

int
sym_image_in_code(const struct sym_image *im, uint64_t a)
{
	if (im->nseg == 0 || im->seg_lost)
		return 1;
	for (size_t i = 0; i < im->nseg; i++)
		if (im->seg[i].exec && a >= im->seg[i].vaddr &&
		    a - im->seg[i].vaddr < im->seg[i].memsz)
			return 1;
	return 0;
}

int
sym_image_off_to_addr(const struct sym_image *im, uint64_t off,
    uint64_t *svma)
{
	if (im->seg_lost)
		return -1;
	for (size_t i = 0; i < im->nseg; i++)
		if (off >= im->seg[i].off &&
		    off - im->seg[i].off < im->seg[i].filesz) {
			*svma = im->seg[i].vaddr + (off - im->seg[i].off);
			return 0;
		}
	return -1;
}
