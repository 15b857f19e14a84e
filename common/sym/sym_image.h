/*
 * common/sym/: symbolization, LIB!0xADDR frames to names: what a
 * binary is (its base and identity, ELF and Mach-O, sym_image.h), where it
 * and its debug file are, the llvm-symbolizer, addr2line and atos
 * backends with their output parsers, samply's .syms.json, demangling,
 * and the symbolization context (symbolize.h) that rewrites streams.  It
 * uses base/, json/ and stream/ (the stream's fields, sym_scan.c).
 */
/*
 * sym_image.h: what sp-symbolize needs to know about a binary before it
 * trusts it, read from the file's own headers (the file is only read, never
 * executed):
 *
 *  - the base that turns a library-relative address into the address the
 *    symbolizers expect (svma = relative + base): the p_vaddr of the first
 *    PT_LOAD segment of an ELF file, the vmaddr of the __TEXT segment of a
 *    Mach-O image (of the slice matching the wanted architecture in a fat
 *    file);
 *  - its identity: the ELF NT_GNU_BUILD_ID note or the Mach-O LC_UUID, as
 *    lowercase hex;
 *  - for ELF, whether it carries DWARF (.debug_info) and the file named by
 *    its .gnu_debuglink section;
 *  - its segments (ELF PT_LOAD, Mach-O LC_SEGMENT), for two questions:
 *    does an address fall in its code (a profile's address outside every
 *    executable segment is not of this file, or the base is wrong), and
 *    which address a file offset is loaded at.
 *
 * struct sym_image itself is in sym_imagedef.h, which the ELF and Mach-O
 * readers fill; sym_pread and sym_hex (sym_fileio.h) come with it.
 */
#ifndef SP_SYM_IMAGE_H
#define SP_SYM_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "sym/sym_fileio.h"
#include "sym/sym_imagedef.h"

/*
 * Read the headers of path.  arch (may be NULL or "") picks the slice of a
 * fat Mach-O file (samply's lib.arch: "arm64", "arm64e", "x86_64", ...).
 * Returns 0, or -1 with why set to a static description of the problem
 * (errno-based problems are described by strerror).
 */
int	 sym_image_read(const char *path, const char *arch,
	    struct sym_image *, const char **why);

/*
 * Does the ELF file at path carry DWARF (.debug_info), or name a separate
 * debug file (.gnu_debuglink)?  1 or 0; -1 when it cannot tell (not ELF,
 * unreadable): sp-record's warning about missing debug info, and the
 * choice of what sp-flamegraph symbolizes itself.
 */
int	 sym_image_has_debug(const char *path);

/*
 * Does the address svma (the file's own virtual address: relative + base)
 * fall inside an executable segment?  1 or 0; 1 also when the segments
 * are unknown (nothing to check against).
 */
int	 sym_image_in_code(const struct sym_image *, uint64_t svma);

/*
 * The virtual address that file offset off is loaded at: by the segment
 * whose file bytes hold it.  0 with *svma set, or -1 when no segment does
 * (or the segments are unknown).
 */
int	 sym_image_off_to_addr(const struct sym_image *, uint64_t off,
	    uint64_t *svma);

/*
 * Compare an image id with a profile's codeId: case-insensitive, dashes
 * ignored.  Returns 1 if they match.
 */
int	 sym_id_match(const char *image_id, const char *code_id);

#endif
