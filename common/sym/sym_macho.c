/*
 * sym_macho.c: the Mach-O half of sym_image.h, filling the struct
 * sym_image it is handed (sym_imagedef.h).  A thin image (32- or 64-bit,
 * either byte order) gives the vmaddr of its __TEXT segment and its LC_UUID;
 * a fat (universal) file is a table of such images, one per architecture,
 * and the one matching the profile's lib.arch is read.
 */
#include <string.h>

#include "sym/sym_fileio.h"
#include "sym/sym_imagedef.h"
#include "sym/sym_image_parts.h"

#define LC_SEGMENT_	0x1
#define LC_UUID_	0x1b
#define LC_SEGMENT_64_	0x19
#define VM_PROT_EXECUTE_ 0x4
#define CPU_ARCH_ABI64	0x01000000
#define CPU_ARCH_ABI64_32 0x02000000

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static uint64_t
rd(const unsigned char *p, int n, int be)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[be ? n - 1 - i : i] << (8 * i);
	return v;
}

/*
 * A segment command (lc holds its first bytes): the base is __TEXT's
 * vmaddr; every segment with bytes in memory is kept (__PAGEZERO has
 * none).
 */
static void
segment(struct sym_image *im, const unsigned char *lc, uint64_t vmaddr,
    uint64_t vmsize, uint64_t fileoff, uint64_t filesize, uint64_t initprot)
{
	if (memcmp(lc + 8, "__TEXT\0", 7) == 0 && !im->has_base) {
		im->base = vmaddr;
		im->has_base = 1;
	}
	if (vmsize > 0)
		sym_image_add_seg(im, vmaddr, vmsize, fileoff, filesize,
		    (initprot & VM_PROT_EXECUTE_) != 0);
}

/* The name samply and the Apple tools use for a cputype/cpusubtype. */
static const char *
arch_name(uint32_t type, uint32_t sub)
{
	sub &= 0x00ffffff;
	switch (type) {
	case 7: return "i386";
	case 7 | CPU_ARCH_ABI64: return sub == 8 ? "x86_64h" : "x86_64";
	case 12: return "arm";
	case 12 | CPU_ARCH_ABI64: return sub == 2 ? "arm64e" : "arm64";
	case 12 | CPU_ARCH_ABI64_32: return "arm64_32";
	case 18: return "ppc";
	case 18 | CPU_ARCH_ABI64: return "ppc64";
	}
	return "unknown";
}

static int
read_thin(int fd, uint64_t sz, uint64_t start, struct sym_image *im,
    const char **why)
{
	unsigned char h[32], lc[64];
	uint32_t m;
	uint64_t off, end, ncmds;
	int is64, be;

	if (sz < start || sz - start < 28 || sym_pread(fd, h, 28, start) == -1) {
		*why = "not an ELF or Mach-O file";
		return -1;
	}
	m = (uint32_t)rd(h, 4, 0);
	if (m == 0xfeedfacfu || m == 0xcffaedfeu)
		is64 = 1;
	else if (m == 0xfeedfaceu || m == 0xcefaedfeu)
		is64 = 0;
	else {
		*why = "not an ELF or Mach-O file";
		return -1;
	}
	be = m == 0xcffaedfeu || m == 0xcefaedfeu;
	im->kind = SYMK_MACHO;
	if (im->arch[0] == '\0')
		strlcpy(im->arch, arch_name((uint32_t)rd(h + 4, 4, be),
		    (uint32_t)rd(h + 8, 4, be)), sizeof(im->arch));
	ncmds = rd(h + 16, 4, be);
	off = start + (is64 ? 32 : 28);
	end = off + rd(h + 20, 4, be);
	if (end > sz)
		end = sz;
	for (uint64_t k = 0; k < ncmds && off + 8 <= end; k++) {
		uint64_t cmd, size;

		if (sym_pread(fd, lc, 8, off) == -1)
			break;
		cmd = rd(lc, 4, be);
		size = rd(lc + 4, 4, be);
		if (size < 8 || size > end - off)
			break;
		if (cmd == LC_SEGMENT_64_ && size >= 64 &&
		    sym_pread(fd, lc, 64, off) == 0) {
			segment(im, lc, rd(lc + 24, 8, be), rd(lc + 32, 8, be),
			    rd(lc + 40, 8, be), rd(lc + 48, 8, be),
			    rd(lc + 60, 4, be));
		} else if (cmd == LC_SEGMENT_ && size >= 48 &&
		    sym_pread(fd, lc, 48, off) == 0) {
			segment(im, lc, rd(lc + 24, 4, be), rd(lc + 28, 4, be),
			    rd(lc + 32, 4, be), rd(lc + 36, 4, be),
			    rd(lc + 44, 4, be));
		} else if (cmd == LC_UUID_ && size >= 24 &&
		    sym_pread(fd, lc, 24, off) == 0) {
			im->id[0] = '\0';
			sym_hex(im->id, sizeof(im->id), lc + 8, 16);
		}
		off += size;
	}
	if (!im->has_base) {
		*why = "Mach-O file without a __TEXT segment";
		return -1;
	}
	return 0;
}

int
sym_macho_read(int fd, uint64_t sz, const char *arch, struct sym_image *im,
    const char **why)
{
	unsigned char h[8], fa[32];
	uint32_t magic, n;
	uint64_t pick = 0, best = 0;
	size_t esz;
	int found = 0, is64;

	if (sym_pread(fd, h, 8, 0) == -1) {
		*why = "not an ELF or Mach-O file";
		return -1;
	}
	magic = be32(h);
	if (magic != 0xcafebabeu && magic != 0xcafebabfu)
		return read_thin(fd, sz, 0, im, why);
	/* 0xcafebabe is also a Java class file; those have a large count. */
	n = be32(h + 4);
	if (n == 0 || n > 64) {
		*why = "not an ELF or Mach-O file";
		return -1;
	}
	is64 = magic == 0xcafebabfu;
	esz = is64 ? 32 : 20;
	for (uint32_t k = 0; k < n; k++) {
		const char *name;
		uint64_t off;

		if (sym_pread(fd, fa, esz, 8 + (uint64_t)k * esz) == -1) {
			*why = "truncated Mach-O fat header";
			return -1;
		}
		name = arch_name(be32(fa), be32(fa + 4));
		off = is64 ? (uint64_t)be32(fa + 8) << 32 | be32(fa + 12) :
		    be32(fa + 8);
		if (k == 0)
			best = off;
		if (arch != NULL && strcmp(arch, name) == 0) {
			pick = off;
			found = 2;
			strlcpy(im->arch, name, sizeof(im->arch));
			break;
		}
		/* arm64e code is often looked up in an arm64 slice. */
		if (arch != NULL && found == 0 && strcmp(arch, "arm64e") == 0 &&
		    strcmp(name, "arm64") == 0) {
			pick = off;
			found = 1;
			strlcpy(im->arch, name, sizeof(im->arch));
		}
	}
	if (!found) {
		if (arch != NULL && arch[0] != '\0') {
			*why = "no slice for the profile's architecture in "
			    "this fat file";
			return -1;
		}
		pick = best;
	}
	im->fat = 1;
	return read_thin(fd, sz, pick, im, why);
}
