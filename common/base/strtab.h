/*
 * strtab.h: string interning.  Each distinct byte string gets a dense id
 * (0, 1, 2, ... in order of first sight), so callers keep their per-string
 * data in plain arrays indexed by id.  Strings are copied into an arena and
 * stay valid, NUL-terminated, until st_free.
 */
#ifndef SP_STRTAB_H
#define SP_STRTAB_H

#include <stddef.h>
#include <stdint.h>

struct strtab;

struct strtab *st_new(void);
void	 st_free(struct strtab *);
/* The id of s[0..n), added if new (*added set to 1 then, when non-NULL). */
uint32_t st_intern(struct strtab *, const char *s, size_t n, int *added);
/* The id of s[0..n), or -1 when absent. */
int64_t	 st_find(const struct strtab *, const char *s, size_t n);
/* The same, for a caller that has hashed s already with hash_bytes. */
uint32_t st_intern_hashed(struct strtab *, const char *s, size_t n,
	    uint64_t hash, int *added);
int64_t	 st_find_hashed(const struct strtab *, const char *s, size_t n,
	    uint64_t hash);
/*
 * For a caller that looks up many strings in a table larger than the
 * caches: start loading the slot of a hash, then (once the slot is in) the
 * string of n bytes it probably holds, returning that string's id for the
 * caller's own data, or -1.  Nothing is looked up for certain: only
 * st_find_hashed says.
 */
void	 st_prefetch_slot(const struct strtab *, uint64_t hash);
int64_t	 st_prefetch_str(const struct strtab *, uint64_t hash, size_t n);
const char *st_str(const struct strtab *, uint32_t id, size_t *len);
size_t	 st_count(const struct strtab *);
/* A fast 64-bit hash of s[0..n), for callers with tables of their own. */
uint64_t hash_bytes(const void *s, size_t n);

#endif
