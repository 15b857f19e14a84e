/*
 * sym_result_io.h: the answers of a symbolizer (sym_result.h) as bytes and
 * back, for the symbol cache (sym_cache.h) and for the answers a
 * symbolizing child process hands its parent (sym_resolve.c); and the
 * copy of one address's answer from one set of answers to another.
 *
 *	u64 count, then for each address:
 *	u64 address, u32 frames, then for each frame (outermost first):
 *	u32 name length, name, u32 file length, file, u32 line
 *
 * Numbers are little-endian.  It uses base/buf.h and sym_result.h only.
 */
#ifndef SP_SYM_RESULT_IO_H
#define SP_SYM_RESULT_IO_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "sym/sym_result.h"

/*
 * The little-endian fields these encodings are made of, for the other
 * messages of a child to its parent (sym_jobs.c): append n bytes of v;
 * read n bytes, or 0 with bad set once the bytes run out.
 */
void	 symr_put(struct buf *, uint64_t v, int n);
struct symr_rd {
	const unsigned char *p, *end;
	int	 bad;
};
uint64_t symr_get(struct symr_rd *, int n);

/* Append the answers of r, address k being addrs[k] (or k when NULL). */
void	 symr_encode(struct buf *, const uint64_t *addrs,
	    const struct sym_results *r);
/*
 * Decode p[0..n) into r (initialised here) and *addrs (allocated; the
 * caller frees it).  0, or -1 when the bytes are not such answers (any
 * length past the end, bytes left over): r and *addrs are then empty.
 */
int	 symr_decode(const unsigned char *p, size_t n, uint64_t **addrs,
	    struct sym_results *r);
/* Give address i of dst the frames of address j of src. */
void	 symr_copy(struct sym_results *dst, size_t i,
	    const struct sym_results *src, size_t j);

#endif
