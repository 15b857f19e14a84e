/*
 * dwarf_impl.h: the inside of struct dwarf (dwarf.h), shared by the files
 * of common/dwarf and no one else:
 *
 *	dwarf_elf.c	the ELF file's debug sections, inflated
 *	dwarf_info.c	reading bytes, forms, strings, abbreviations
 *	dwarf_units.c	the units, their ranges and segments of code
 *	dwarf_lookup.c	the address map of a unit, inline chains, names
 *	dwarf_demangle.c names as llvm-symbolizer demangles them
 *	dwarf_rust_v0.c	Rust v0 names as LLVM's RustDemangle prints them
 *	dwarf_symtab.c	llvm-symbolizer's symbol table
 *
 * It uses elf/ and base/.
 */
#ifndef SP_DWARF_IMPL_H
#define SP_DWARF_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "elf/elf_cursor.h"

enum { S_INFO, S_ABBREV, S_STR, S_LINE_STR, S_STR_OFFSETS, S_ADDR,
    S_RNGLISTS, S_RANGES, S_ARANGES, S_N };

struct sect {
	const unsigned char *p;
	size_t	 n;
};

/* struct cur, cur_u, cur_uleb, cur_sleb: elf/elf_cursor.h. */

struct abbrev_attr {
	uint16_t at, form;
	int64_t	 implicit;	/* DW_FORM_implicit_const's value */
};

struct abbrev {
	uint64_t code;
	uint16_t tag;
	uint8_t	 children;
	uint32_t first, nattr;	/* into the table's attrs */
};

struct abbrev_table {
	uint64_t off;
	int	 state;		/* 0 not read yet, 1 read, -1 malformed */
	struct abbrev *v;	/* by code */
	size_t	 n;
	struct abbrev_attr *attrs;
	size_t	 nattrs;
};

/* A subprogram or inlined subroutine DIE of a walked unit. */
struct sub {
	uint64_t off;		/* in .debug_info */
	uint32_t parent;	/* the nearest such DIE above, or UINT32_MAX */
	uint8_t	 inlined;	/* DW_TAG_inlined_subroutine */
};

/* An entry of a unit's address map: [lo, hi) is sub's. */
struct amap {
	uint64_t lo, hi;
	uint32_t sub;
};

struct unit {
	uint64_t off, end;	/* the unit in .debug_info */
	uint64_t die;		/* its first DIE */
	uint16_t version;
	uint8_t	 type, addr_size, offsz;
	struct abbrev_table *abbrevs;	/* read when the unit is ready */
	uint64_t abbrev_off;
	int	 ready;		/* abbreviations and bases read: 1, -1 failed */
	uint64_t str_offsets_base, addr_base, rnglists_base;
	int	 has_str_offsets_base, has_addr_base, has_rnglists_base;
	uint64_t base;		/* the unit's base address (low_pc) */
	int	 has_base;
	int	 walked;	/* DIEs read into subs and map: 1, -1 failed */
	struct sub *subs;
	size_t	 nsubs;
	struct amap *map;
	size_t	 nmap;
};

/* Where the units' code lies: as llvm's DWARFDebugAranges makes it. */
struct seg {
	uint64_t lo, hi;
	uint32_t unit;		/* UINT32_MAX: more than one unit */
};

/* A value read for an attribute. */
enum fclass { F_NONE, F_ADDR, F_ADDRX, F_CONST, F_SCONST, F_REF, F_SIG,
    F_STR, F_STRP, F_STRX, F_SECOFF, F_RNGLISTX, F_FLAG, F_OTHER };

struct fval {
	enum fclass cls;
	uint16_t form;
	int	 sect;		/* F_STRP: S_STR or S_LINE_STR */
	uint64_t u;		/* the value, offset or index */
	const char *s;		/* F_STR */
};

/* A symbol of llvm-symbolizer's table (dwarf_symtab.c). */
struct lsym {
	uint64_t addr, size;
	uint32_t name;		/* into strtab */
	uint32_t order;		/* its index in .symtab */
	uint32_t local;		/* its index if local, else 0 */
};

/* An STT_FILE symbol: its index in .symtab, its name. */
struct lfile {
	uint32_t idx, name;
};

struct dwarf {
	unsigned char *map;	/* the file, mapped; NULL for _mem */
	size_t	 maplen;
	const unsigned char *img;	/* the ELF image (map or _mem's) */
	size_t	 imglen;
	int	 symtab_read;	/* 1 read, -1 could not be */
	struct lsym *syms;
	size_t	 nsyms;
	struct lfile *files;
	size_t	 nfiles;
	const char *strtab;
	size_t	 strtab_len;
	unsigned char *owned[S_N];	/* inflated sections */
	struct sect s[S_N];
	int	 has_symtab;
	struct unit *units;
	size_t	 nunits;
	struct abbrev_table *tabs;
	size_t	 ntabs;
	struct seg *segs;
	size_t	 nsegs;
	struct buf tmp;
};

/* dwarf_elf.c: d's sections from the ELF image p[0..n); -1 with why. */
int	 dwarf_elf_sections(struct dwarf *, const unsigned char *p, size_t n,
	    struct buf *why);

/* dwarf_units.c: the units, their abbreviations and first DIEs, the
 * segments. */
int	 dwarf_units(struct dwarf *, struct buf *why);
/*
 * Read u's abbreviation table and its unit DIE's bases, once, before any
 * other DIE of u is read: 0, or -1 with why.  Only the units .debug_aranges
 * does not name are read by dwarf_units; the others when an address or a
 * reference first leads into them (libc's debug file has 4,126 units
 * and a lookup needs a few).
 */
int	 dwarf_unit_ready(struct dwarf *, struct unit *, struct buf *why);

/* dwarf_info.c */
/* Step c over n bytes, or mark it bad when fewer are left. */
void	 dwarf_skip(struct cur *, uint64_t n);
/* The abbreviation table at off of .debug_abbrev into t: 0, or -1 with
 * why. */
int	 dwarf_read_abbrevs(const struct dwarf *, uint64_t off,
	    struct abbrev_table *t, struct buf *why);
/*
 * Read the value of one attribute of form (implicit: its implicit_const)
 * at c in unit u into v.  -1 (why set) for a form this cannot read.
 */
int	 dwarf_form(const struct dwarf *, const struct unit *, struct cur *,
	    uint16_t form, int64_t implicit, struct fval *v, struct buf *why);
/* An F_ADDRX value's address; -1 with why when out of bounds. */
int	 dwarf_addrx(const struct dwarf *, const struct unit *, uint64_t idx,
	    uint64_t *addr, struct buf *why);
/* A string value (F_STR, F_STRP, F_STRX); NULL with why when bad. */
const char *dwarf_str(const struct dwarf *, const struct unit *,
	    const struct fval *, struct buf *why);
/* The abbreviation of a code in u's table, or NULL. */
const struct abbrev *dwarf_abbrev(const struct unit *, uint64_t code);
/* The unit holding .debug_info offset off, or NULL. */
struct unit *dwarf_unit_at(const struct dwarf *, uint64_t off);
/*
 * dwarf_units.c: the address ranges of a DIE, as llvm's
 * DWARFDie::getAddressRanges gives them, appended to *r (n, cap).  -1
 * with why on bad data.
 */
struct range {
	uint64_t lo, hi;
};
int	 dwarf_die_ranges(const struct dwarf *, const struct unit *,
	    const struct fval *low, const struct fval *high,
	    const struct fval *ranges, struct range **r, size_t *n, size_t *cap,
	    struct buf *why);

/* dwarf_lookup.c: read u's DIEs into its subs and map. */
int	 dwarf_walk(struct dwarf *, struct unit *, struct buf *why);

/*
 * A Rust v0 name name[0..n) ("_R...") demangled as LLVM 14's
 * RustDemangle prints it, appended to out.  -1, out unchanged, for a
 * name LLVM leaves mangled (malformed).
 */
int	 dwarf_rust_v0(const char *name, size_t n, struct buf *out);

#define DW_TAG_inlined_subroutine	0x1d
#define DW_TAG_subprogram		0x2e
#define DW_AT_name			0x03
#define DW_AT_low_pc			0x11
#define DW_AT_high_pc			0x12
#define DW_AT_language			0x13
#define DW_AT_abstract_origin		0x31
#define DW_AT_specification		0x47
#define DW_AT_ranges			0x55
#define DW_AT_entry_pc			0x52
#define DW_AT_signature			0x69
#define DW_AT_linkage_name		0x6e
#define DW_AT_str_offsets_base		0x72
#define DW_AT_addr_base			0x73
#define DW_AT_rnglists_base		0x74
#define DW_AT_dwo_name			0x76
#define DW_AT_MIPS_linkage_name		0x2007
#define DW_AT_GNU_dwo_name		0x2130
#define DW_AT_GNU_dwo_id		0x2131
#define DW_AT_GNU_addr_base		0x2133
#define DW_AT_GNU_ranges_base		0x2132

#endif
