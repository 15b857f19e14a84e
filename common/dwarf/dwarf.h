/*
 * dwarf.h: the functions and inline chains of an ELF file's DWARF, read in
 * process, for sp-symbolize's default answers (issue 28).  For an address
 * it gives what llvm-symbolizer --functions=linkage --demangle --inlines
 * takes from DWARF: the chain of DW_TAG_inlined_subroutine DIEs up to the
 * DW_TAG_subprogram that holds the address, each named by its linkage
 * name (demangled) or its name, following DW_AT_abstract_origin and
 * DW_AT_specification; and whether a compilation unit covers the address
 * at all.  Source lines are not read.
 *
 * It reads DWARF 4 and 5 (.debug_info, _abbrev, _str, _line_str,
 * _str_offsets, _addr, _rnglists, _ranges, _aranges; zlib-compressed
 * sections) of little-endian ELF64 files.  What it does not read exactly
 * (other versions, split DWARF, dwz's supplementary files, an unknown
 * form, C++ names, Rust v0 names beyond paths and closures, a malformed
 * section) makes dwarf_open or dwarf_lookup fail with a reason: the
 * caller then asks llvm-symbolizer, never guesses.  dwarf_symbol gives
 * the name llvm-symbolizer takes from the symbol table, which overrides
 * DWARF's for the outermost frame.
 * Memory is bounded by the sections' size; a unit's DIEs are walked
 * once, when an address first needs it.
 *
 * It uses base/ only (and zlib).
 */
#ifndef SP_DWARF_H
#define SP_DWARF_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

struct dwarf;

/*
 * The DWARF of the ELF file at path, or of the file image p[0..n) (kept
 * by the caller until dwarf_free).  NULL with a reason in why when it is
 * not one this reader can answer for exactly.  A file without .debug_info
 * opens (every address then lies in no unit).
 */
struct dwarf *dwarf_open(const char *path, struct buf *why);
struct dwarf *dwarf_open_mem(const unsigned char *p, size_t n,
	    struct buf *why);
void	 dwarf_free(struct dwarf *);

/*
 * The frames of the file address svma: *nframes names, innermost first,
 * each NUL-terminated one after another in names (reset here), demangled
 * as llvm-symbolizer does; a frame without a name is an empty string.
 * *in_unit says whether a compilation unit covers svma.  Returns 0, or -1
 * with a reason in why when the answer would not be exact.
 */
int	 dwarf_lookup(struct dwarf *, uint64_t svma, struct buf *names,
	    size_t *nframes, int *in_unit, struct buf *why);

/*
 * The name llvm-symbolizer takes from the .symtab for the file address
 * svma (not demangled; NULL when none) and the file it gives with it
 * where DWARF gives none (a local symbol's STT_FILE name, or NULL).
 * Returns 1 when named, 0 when not, -1 with why for a table it cannot
 * read as llvm does.
 */
int	 dwarf_symbol(struct dwarf *, uint64_t svma, const char **name,
	    const char **file, struct buf *why);

/*
 * name[0..n) demangled as llvm-symbolizer --demangle does, appended to
 * out: names that are not mangled as they are, Rust's legacy "_ZN...E"
 * names as LLVM's Itanium demangler gives them, Rust v0 names as LLVM's
 * RustDemangle does.  -1 for a mangled name this cannot demangle exactly
 * (C++, D, MSVC) and for one LLVM leaves mangled (a malformed Rust v0
 * name).
 */
int	 dwarf_demangle(const char *name, size_t n, struct buf *out);

#endif
