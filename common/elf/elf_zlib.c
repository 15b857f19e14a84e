/*
 * elf_zlib.c: a compressed section inflated (elf_zlib.h).  The size the
 * header announces is checked before anything is allocated.  It uses
 * base/ and zlib, or libdeflate where sp is built with it
 * (SP_HAVE_LIBDEFLATE): a whole section is inflated at once, which
 * libdeflate does in about half zlib's time (libc's separate debug file,
 * whose sections are compressed, is what a cold sp-symbolize waits for).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef SP_HAVE_LIBDEFLATE
#include <libdeflate.h>
#else
#include <zlib.h>
#endif

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

/* The zlib stream in[0..n) inflated into out, exactly want bytes. */
static int
inflate_all(const unsigned char *in, uint64_t n, unsigned char *out,
    size_t want)
{
#ifdef SP_HAVE_LIBDEFLATE
	struct libdeflate_decompressor *dc;
	enum libdeflate_result r;
	size_t got = 0;

	if ((dc = libdeflate_alloc_decompressor()) == NULL)
		return -1;
	r = libdeflate_zlib_decompress(dc, in, (size_t)n, out, want, &got);
	libdeflate_free_decompressor(dc);
	return r == LIBDEFLATE_SUCCESS && got == want ? 0 : -1;
#else
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK)
		return -1;
	z.next_in = (unsigned char *)(uintptr_t)in;
	z.avail_in = (uInt)(n > UINT_MAX ? UINT_MAX : n);
	z.next_out = out;
	z.avail_out = (uInt)want;
	rc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	return rc == Z_STREAM_END && z.total_out == want ? 0 : -1;
#endif
}

int
elf_inflate(const unsigned char *p, uint64_t n, unsigned char **out,
    size_t *outn, const char **why)
{
	unsigned char *d;
	uint64_t want;

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
	if (inflate_all(p + CHDR64_SIZE, n - CHDR64_SIZE, d, (size_t)want) ==
	    -1) {
		free(d);
		*why = "corrupt compressed data";
		return -1;
	}
	*out = d;
	*outn = (size_t)want;
	return 0;
}
