/*
 * sym_image.c: opening a binary and dispatching on its magic number to the
 * ELF or Mach-O header reader; the identity comparison.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym/sym_image.h"

int
sym_pread(int fd, void *p, size_t n, uint64_t off)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = pread(fd, (char *)p + got, n - got,
		    (off_t)(off + got));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

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

void
sym_hex(char *dst, size_t sz, const unsigned char *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	size_t j = strlen(dst);

	for (size_t i = 0; i < n && j + 2 < sz; i++) {
		dst[j++] = hx[p[i] >> 4];
		dst[j++] = hx[p[i] & 15];
	}
	dst[j] = '\0';
}
