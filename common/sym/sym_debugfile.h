/*
 * sym_debugfile.h: finding the separate debug file of a stripped ELF
 * binary, the way gdb does: by build id under the global debug directory
 * (/usr/lib/debug/.build-id/ab/cdef....debug), then by the .gnu_debuglink
 * name in the binary's directory, its .debug subdirectory and the global
 * directory mirror of it.
 */
#ifndef SP_SYM_DEBUGFILE_H
#define SP_SYM_DEBUGFILE_H

#include <stddef.h>

#include "sym/sym_image.h"

/*
 * When bin (whose headers are im) has no DWARF and a debug file exists,
 * copy its path to out and return 0; otherwise return -1.  debugdir is the
 * global debug directory ("/usr/lib/debug" when NULL).
 */
int	 sym_find_debug(const char *bin, const struct sym_image *im,
	    const char *debugdir, char *out, size_t sz);

#endif
