/*
 * sym_syms.h: samply's ".syms.json" sidecar (written by samply 0.13's
 * --unstable-presymbolicate; layout in FORMAT.md section 5):
 *
 *	{ "string_table": ["UNKNOWN", ...],
 *	  "data": [ { "debug_name", "debug_id", "code_id",
 *		      "symbol_table": [ { "rva", "size", "symbol",
 *					  "frames": [ {function, file, line} ] } ],
 *		      "known_addresses": [ [rva, symbol_table index], ... ] } ] }
 *
 * Lookups are exact: the sidecar lists exactly the addresses the profile
 * used.  frames are innermost first, as sym_results wants them pushed.
 */
#ifndef SP_SYM_SYMS_H
#define SP_SYM_SYMS_H

#include <stddef.h>
#include <stdint.h>

#include "sym/sym_result.h"

struct sym_syms;

/* Load a sidecar; NULL after a message naming the file. */
struct sym_syms *sym_syms_load(const char *path);
void	 sym_syms_free(struct sym_syms *);
/*
 * The entry for a library, matched by code id (when both have one), else
 * by debug name plus breakpad id (when both have one), else by debug name
 * alone.  Returns its index or -1.
 */
int	 sym_syms_find(const struct sym_syms *, const char *debug_name,
	    const char *code_id, const char *breakpad_id);
/* The debug name of entry e. */
const char *sym_syms_name(const struct sym_syms *, int e);
/* Resolve rel[0..n) against entry e into r (initialised here). */
void	 sym_syms_resolve(const struct sym_syms *, int e, const uint64_t *rel,
	    size_t n, struct sym_results *r);

#endif
