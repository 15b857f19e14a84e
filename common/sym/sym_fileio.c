/* sym_fileio.c: see sym_fileio.h. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sym/sym_fileio.h"

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
