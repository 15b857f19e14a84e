/*
 * perf_dso.h: perf's dsos (the file, or pseudo file, that perf names as a
 * frame's mapping) as both perf readers name them in the sample stream:
 * perf script's text (perf_script.c) and perf.data (read_perfdata.c).
 *
 * A dso is known by its path ("/usr/lib/libc.so.6", "[kernel.kallsyms]",
 * "//anon", "/tmp/perf-123.map"; " (deleted)" taken off).  It gives the
 * frame prefix "NAME!" (the path's last component, escaped), its #lib
 * header (written once, when a frame first names it), and the conversion
 * of a file offset in it (what perf calls a dso-relative address:
 * address - start + pgoff) into the address sp(5) defines: the virtual
 * address, by the PT_LOAD segment holding that offset, less the first
 * PT_LOAD segment's.  The two agree only where a segment's file offset
 * equals its address (GNU ld's usual layout); LLD, mold and gold do not
 * keep them equal.  Each image's program headers are read once, from the
 * file itself (a separate debug file does not change the address).  An
 * image that cannot be read keeps its file offsets: its #lib header says
 * so (the field fileoff) and pdso_report warns once, with a count.  A
 * file whose build id is not the one perf recorded is not read (perf's
 * build-id cache is, where it holds the file); the id recorded is the
 * codeId of the #lib header.
 *
 * May use base/, stream/ and sym/sym_image.h (the ELF headers).
 */
#ifndef SP_PERF_DSO_H
#define SP_PERF_DSO_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "stream/stream.h"

enum pdso_kind {
	PDSO_FILE,	/* a file: its addresses are file offsets */
	PDSO_PSEUDO,	/* "[kernel.kallsyms]", "[vdso]", "//...": no file */
	PDSO_ANON,	/* anonymous memory ("//anon", "[heap]", ...) */
	PDSO_JIT,	/* "perf-PID.map", "jitted-PID-N.so": run-time names */
};

struct pdso {
	size_t	 base;		/* offset of the file name in the path */
	size_t	 pre, prelen;	/* "name!" escaped, in the table */
	enum pdso_kind kind;
	unsigned kernel:1;	/* "[...]" but [vdso]: perf.data's kernel */
	unsigned kernel_like:1;	/* inferno's is_kernel: [x], *.ko, vmlinux */
	unsigned vdso:1;	/* "[vdso]" */
	unsigned announced:1;	/* its #lib header is written */
	unsigned phdrs:1;	/* its program headers were tried */
	unsigned fileoff:1;	/* they could not be read */
	uint64_t nfileoff;	/* frames that kept a file offset */
	const char *why;	/* why not (static) */
	char	*want_id;	/* the build id recorded, lowercase hex */
	int	 nseg;
	uint64_t first;		/* the first PT_LOAD segment's vaddr */
	struct pdso_seg { uint64_t off, vaddr, filesz; } *seg;
};

struct pdso_tab;

/* A table writing its #lib headers through w. */
struct pdso_tab *pdso_new(struct sw *w);
void	 pdso_free(struct pdso_tab *);	/* NULL-safe */

/* The dso of path s[0..n), added when new. */
int32_t	 pdso_id(struct pdso_tab *, const char *s, size_t n);
struct pdso *pdso_get(struct pdso_tab *, int32_t id);
/* Its path (" (deleted)" taken off), NUL-terminated. */
const char *pdso_path(const struct pdso_tab *, int32_t id, size_t *n);
/*
 * The build id perf recorded for the file at path s[0..n) (hex): a file
 * there with another id is not the one recorded, and its copy in perf's
 * build-id cache (perf_buildid_path) is read instead, where it is.
 */
void	 pdso_expect_id(struct pdso_tab *, const char *s, size_t n,
	    const char *hex);
/* Write its #lib header, once. */
void	 pdso_announce(struct pdso_tab *, int32_t id);
/* Append "NAME!" to b, announcing the dso. */
void	 pdso_prefix(struct pdso_tab *, int32_t id, struct buf *b);
/*
 * The sp(5) address of the file offset off in file dso id: converted by
 * its program headers, or off itself (counted) when they cannot be read.
 */
uint64_t pdso_addr(struct pdso_tab *, int32_t id, uint64_t off);
/*
 * Warn once per image whose frames kept their file offsets:
 * "NAME: FILE: not found, its 1,234 frames keep their file offsets".
 */
void	 pdso_report(const struct pdso_tab *, const char *name);
/*
 * The path of FILE ("elf", "kallsyms") in perf's build-id cache for build
 * id hex, appended to b: $PERF_BUILDID_DIR, else $HOME/.debug, then
 * .build-id/xx/rest/FILE, as perf keeps them.  -1 without such a place.
 */
int	 perf_buildid_path(struct buf *b, const char *hex, const char *file);

#endif
