/*
 * sym_cache.h: the symbol cache of sp-symbolize, a directory of files,
 * one per key (what determines a symbolizer's answers: the files it reads
 * and their identity, the program, the base), each holding the answers
 * (sym_result.h) for the addresses asked so far.
 *
 * The directory is --cache-dir, else $SP_CACHE, else $XDG_CACHE_HOME/sp,
 * else $HOME/.cache/sp.  Its size is bounded (64 MiB, or SP_CACHE_SIZE):
 * a file read is touched (its mtime set to now), and after a write the
 * files least recently used are removed until the rest fit.
 *
 * Several processes may use one directory at once: a file is written
 * under a temporary name in the directory and renamed over the old one,
 * so that a reader sees a whole file or none (two writers of one key:
 * the last one's answers stay).  A file is trusted only whole: it starts
 * with a magic number and version, holds its key in full and the length
 * and checksum of its answers; any other file is ignored with one line.
 *
 *	"SPSYMC1\n", u32 key length, key, u64 length, u64 FNV-1a checksum,
 *	the answers (sym_result_io.h)
 *
 * It uses base/ and sym_result_io.h.
 */
#ifndef SP_SYM_CACHE_H
#define SP_SYM_CACHE_H

#include <stdint.h>

#include "base/buf.h"
#include "sym/sym_result.h"

#define SYM_CACHE_DEFAULT_SIZE	((uint64_t)64 << 20)

struct sym_cache;

/*
 * The cache in dir (NULL: the default above), of at most max bytes (0:
 * SP_CACHE_SIZE or the default).  NULL when no directory can be named
 * (no HOME), after setting why.
 */
struct sym_cache *sym_cache_new(const char *dir, uint64_t max);
void	 sym_cache_free(struct sym_cache *);
/* Parse a size "N", "NK", "NM" or "NG"; 0, or -1 when it is none. */
int	 sym_cache_parse_size(const char *s, uint64_t *v);

/*
 * The answers kept under key: 0 with r and *addrs (sorted, allocated), or
 * -1 when there are none (no file, another key's file; a damaged file is
 * reported with one line on standard error).
 */
int	 sym_cache_load(struct sym_cache *, const char *key, uint64_t **addrs,
	    struct sym_results *r);
/*
 * Keep the answers r (address k being addrs[k]) under key, in place of
 * the file's.  0, or -1 with why (a line for the user: the directory
 * cannot be written) when nothing was kept.
 */
int	 sym_cache_store(struct sym_cache *, const char *key,
	    const uint64_t *addrs, const struct sym_results *r, struct buf *why);

#endif
