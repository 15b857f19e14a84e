/*
 * elf_zlib.c: a compressed section inflated (elf_zlib.h).  The size the
 * header announces is checked before anything is allocated.  It uses
 * base/ and zlib.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "elf/elf_zlib.h"
#include "base/util.h"

#define ELFCOMPRESS_ZLIB 1
#define CHDR64_SIZE	24

static uint64_t
le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

int
elf_inflate(const unsigned char *p, uint64_t n, unsigned char **out,
    size_t *outn, const char **why)
{
	unsigned char *d;
	uint64_t want;
	z_stream z;
	int rc;

	if (n < CHDR64_SIZE || le(p, 4) != ELFCOMPRESS_ZLIB) {
		*why = "compressed other than by zlib";
		return -1;
	}
	want = le(p + 8, 8);
	/* zlib inflates at most about 1032 times: more is a lie. */
	if (want > ((uint64_t)1 << 30) ||
	    want > (n - CHDR64_SIZE) * 1100 + 4096) {
		*why = "bad compressed size";
		return -1;
	}
	d = xmalloc(want ? (size_t)want : 1);
	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK) {
		free(d);
		*why = "corrupt compressed data";
		return -1;
	}
	z.next_in = (unsigned char *)(uintptr_t)(p + CHDR64_SIZE);
	z.avail_in = (uInt)(n - CHDR64_SIZE > UINT_MAX ? UINT_MAX :
	    n - CHDR64_SIZE);
	z.next_out = d;
	z.avail_out = (uInt)want;
	rc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	if (rc != Z_STREAM_END || z.total_out != want) {
		free(d);
		*why = "corrupt compressed data";
		return -1;
	}
	*out = d;
	*outn = (size_t)want;
	return 0;
}
