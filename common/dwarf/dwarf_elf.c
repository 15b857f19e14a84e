/*
 * dwarf_elf.c: the debug sections of a little-endian ELF64 image
 * (dwarf_impl.h), SHF_COMPRESSED zlib sections inflated.  Every offset
 * and size is checked against the image; an image this cannot read
 * exactly (32-bit, big-endian, .zdebug or zstd sections, dwz's
 * .gnu_debugaltlink, split DWARF) is refused with a reason.  The section
 * table is read by elf/elf_file.h.  It uses elf/, base/ and zlib.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "base/util.h"
#include "elf/elf_file.h"
#include "dwarf/dwarf_impl.h"

#define ELFCOMPRESS_ZLIB_ 1

static const char *const names[S_N] = {
	".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
	".debug_str_offsets", ".debug_addr", ".debug_rnglists",
	".debug_ranges", ".debug_aranges",
};

static uint64_t
le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* Inflate a compressed section's bytes p[0..n) into d->owned[k]. */
static int
inflate_sect(struct dwarf *d, int k, const unsigned char *p, uint64_t n,
    struct buf *why)
{
	uint64_t want;
	z_stream z;
	int rc;

	if (n < 24 || le(p, 4) != ELFCOMPRESS_ZLIB_) {
		buf_printf(why, "%s: compressed other than by zlib", names[k]);
		return -1;
	}
	want = le(p + 8, 8);
	/* zlib inflates at most about 1032 times: more is a lie. */
	if (want > (uint64_t)INT_MAX || want > (n - 24) * 1100 + 4096) {
		buf_printf(why, "%s: bad compressed size", names[k]);
		return -1;
	}
	d->owned[k] = xmalloc(want ? (size_t)want : 1);
	memset(&z, 0, sizeof(z));
	if (inflateInit(&z) != Z_OK) {
		buf_printf(why, "%s: cannot inflate", names[k]);
		return -1;
	}
	z.next_in = (unsigned char *)(uintptr_t)(p + 24);
	z.avail_in = (uInt)(n - 24 > UINT_MAX ? UINT_MAX : n - 24);
	z.next_out = d->owned[k];
	z.avail_out = (uInt)want;
	rc = inflate(&z, Z_FINISH);
	inflateEnd(&z);
	if (rc != Z_STREAM_END || z.total_out != want) {
		buf_printf(why, "%s: corrupt compressed data", names[k]);
		return -1;
	}
	d->s[k].p = d->owned[k];
	d->s[k].n = (size_t)want;
	return 0;
}

int
dwarf_elf_sections(struct dwarf *d, const unsigned char *p, size_t n,
    struct buf *why)
{
	struct elf_file e;
	const char *bad;

	if (n < 64 || memcmp(p, "\177ELF", 4) != 0) {
		buf_adds(why, "not an ELF file");
		return -1;
	}
	if (p[4] != 2 || p[5] != 1) {
		buf_adds(why, "not a little-endian ELF64 file");
		return -1;
	}
	if (elf_open_mem(&e, p, n, &bad) == -1) {
		buf_adds(why, bad);
		return -1;
	}
	for (uint64_t i = 0; i < e.shnum; i++) {
		struct elf_shdr sh;
		const unsigned char *b;
		const char *nm;
		int k;

		elf_section(&e, i, &sh);
		if (sh.type == ELF_SHT_SYMTAB)
			d->has_symtab = 1;
		if ((nm = elf_section_name(&e, &sh)) == NULL)
			continue;
		if (strncmp(nm, ".zdebug", 7) == 0 ||
		    strcmp(nm, ".gnu_debugaltlink") == 0 ||
		    strcmp(nm, ".debug_sup") == 0 ||
		    (strncmp(nm, ".debug_", 7) == 0 &&
		    strlen(nm) > 4 && strcmp(nm + strlen(nm) - 4, ".dwo") == 0)) {
			buf_printf(why, "%s: not read in process", nm);
			return -1;
		}
		for (k = 0; k < S_N; k++)
			if (strcmp(nm, names[k]) == 0)
				break;
		if (k == S_N || sh.type == ELF_SHT_NOBITS)
			continue;
		if (d->s[k].p != NULL) {
			buf_printf(why, "%s: twice", nm);
			return -1;
		}
		if ((b = elf_section_bytes(&e, &sh)) == NULL) {
			buf_printf(why, "%s: past the end of the file", nm);
			return -1;
		}
		if (sh.flags & ELF_SHF_COMPRESSED) {
			if (inflate_sect(d, k, b, sh.size, why) == -1)
				return -1;
		} else {
			d->s[k].p = b;
			d->s[k].n = (size_t)sh.size;
		}
	}
	return 0;
}
