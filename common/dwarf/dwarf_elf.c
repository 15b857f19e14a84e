/*
 * dwarf_elf.c: the debug sections of a little-endian ELF64 image
 * (dwarf_impl.h), SHF_COMPRESSED zlib sections inflated.  Every offset
 * and size is checked against the image; an image this cannot read
 * exactly (32-bit, big-endian, .zdebug or zstd sections, dwz's
 * .gnu_debugaltlink, split DWARF) is refused with a reason.  The section
 * table is read by elf/elf_file.h, compressed sections inflated by
 * elf/elf_zlib.h.  It uses elf/ and base/.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "elf/elf_file.h"
#include "elf/elf_zlib.h"
#include "dwarf/dwarf_impl.h"

static const char *const names[S_N] = {
	".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
	".debug_str_offsets", ".debug_addr", ".debug_rnglists",
	".debug_ranges", ".debug_aranges",
};

/* Inflate a compressed section's bytes p[0..n) into d->owned[k]. */
static int
inflate_sect(struct dwarf *d, int k, const unsigned char *p, uint64_t n,
    struct buf *why)
{
	const char *bad;
	size_t m;

	if (elf_inflate(p, n, &d->owned[k], &m, &bad) == -1) {
		buf_printf(why, "%s: %s", names[k], bad);
		return -1;
	}
	d->s[k].p = d->owned[k];
	d->s[k].n = m;
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
