/*
 * strtab.c: open-addressing hash table (linear probing, power-of-two size,
 * load at most 1/2) over strings kept in a chunked arena.  A slot holds the
 * id, 32 bits of the hash and the string's address, its length stored just
 * before it in the arena: most failed probes never touch the string, and a
 * hit costs two cache misses (slot, string) rather than three (slot, entry,
 * string) -- sp-aggregate makes one such lookup per sample, in a table of
 * megabytes of stack strings that no cache holds.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "base/strtab.h"
#include "base/util.h"

struct slot {
	uint32_t id1;		/* id + 1; 0 = empty */
	uint32_t hash;
	const char *s;		/* the string, its uint32_t length before it */
};

struct entry {
	const char *s;
	size_t	 len;
};

struct strtab {
	struct slot *slots;
	size_t	 mask;
	struct entry *ent;
	size_t	 n, cap;
	char	*chunk;		/* current arena chunk */
	size_t	 chunk_left;
	char	**chunks;
	size_t	 nchunks, chunkcap;
};

static inline uint64_t
mix(uint64_t h)
{
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	h ^= h >> 32;
	return h;
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* The two halves of the 128-bit product of a and b, folded together. */
static inline uint64_t
fold_mul(uint64_t a, uint64_t b)
{
	u128 r = (u128)a * b;

	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

static inline uint64_t
load64(const unsigned char *s)
{
	uint64_t w;

	memcpy(&w, s, 8);
	return w;
}

/*
 * Stack strings run to hundreds of bytes and sp-aggregate hashes one per
 * sample: two independent chains of 128-bit multiplies take 32 bytes a
 * step, where one chain of 64-bit multiplies took 8.
 */
uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t a = 0x9e3779b97f4a7c15ULL ^ n, b = 0xa0761d6478bd642fULL;
	uint64_t w[2] = { 0, 0 };

	while (n >= 32) {
		a = fold_mul(load64(s) ^ 0xe7037ed1a0b428dbULL, load64(s + 8) ^ a);
		b = fold_mul(load64(s + 16) ^ 0x8ebc6af09c88c6e3ULL,
		    load64(s + 24) ^ b);
		s += 32;
		n -= 32;
	}
	if (n >= 16) {
		a = fold_mul(load64(s) ^ 0xe7037ed1a0b428dbULL, load64(s + 8) ^ a);
		s += 16;
		n -= 16;
	}
	/* The length is in a: padding the rest with zeros is unambiguous.
	 * (An empty string may come as a null pointer: nothing to copy.) */
	if (n > 0)
		memcpy(w, s, n);
	b = fold_mul(w[0] ^ 0x589965cc75374cc3ULL, w[1] ^ b);
	return mix(fold_mul(a ^ 0x1d8e4e27c47d124fULL, b));
}
#else
uint64_t
hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;

	while (n >= 8) {
		uint64_t w;

		memcpy(&w, s, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 29;
		s += 8;
		n -= 8;
	}
	if (n > 0) {
		uint64_t w = 0;

		memcpy(&w, s, n);
		h = (h ^ w) * 0x94d049bb133111ebULL;
	}
	return mix(h);
}
#endif

struct strtab *
st_new(void)
{
	struct strtab *t = xcalloc(1, sizeof(*t));

	t->mask = 1023;
	t->slots = xcalloc(t->mask + 1, sizeof(*t->slots));
	return t;
}

void
st_free(struct strtab *t)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < t->nchunks; i++)
		free(t->chunks[i]);
	free(t->chunks);
	free(t->slots);
	free(t->ent);
	free(t);
}

static char *
arena_copy(struct strtab *t, const char *s, size_t n)
{
	char *p;
	uint32_t len = (uint32_t)n;

	/* The length before the string (read with memcpy: unaligned). */
	n += sizeof(len);
	if (n + 1 > t->chunk_left) {
		/*
		 * Chunks grow from 4 KiB to 1 MiB, so that a small table (one
		 * per input file, many per fuzzing run) stays small.
		 */
		size_t sz = (size_t)4096 << (t->nchunks < 8 ? t->nchunks : 8);

		if (sz < n + 1)
			sz = n + 1;

		t->chunk = xmalloc(sz);
		t->chunk_left = sz;
		xgrow(&t->chunks, &t->chunkcap, t->nchunks + 1,
		    sizeof(*t->chunks));
		t->chunks[t->nchunks++] = t->chunk;
	}
	p = t->chunk;
	memcpy(p, &len, sizeof(len));
	p += sizeof(len);
	n -= sizeof(len);
	memcpy(p, s, n);
	p[n] = '\0';
	t->chunk += sizeof(len) + n + 1;
	t->chunk_left -= sizeof(len) + n + 1;
	return p;
}

static void
rehash(struct strtab *t)
{
	size_t nmask = t->mask * 2 + 1;
	struct slot *ns = xcalloc(nmask + 1, sizeof(*ns));

	for (size_t i = 0; i <= t->mask; i++) {
		size_t j;

		if (t->slots[i].id1 == 0)
			continue;
		j = t->slots[i].hash & nmask;
		while (ns[j].id1 != 0)
			j = (j + 1) & nmask;
		ns[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

/* The slot for s: holding it, or the empty one where it would go. */
static size_t
probe(const struct strtab *t, const char *s, size_t n, uint32_t h)
{
	size_t j = h & t->mask;

	for (;;) {
		const struct slot *sl = &t->slots[j];

		if (sl->id1 == 0)
			return j;
		if (sl->hash == h) {
			uint32_t len;

			memcpy(&len, sl->s - sizeof(len), sizeof(len));
			if (len == n && memcmp(sl->s, s, n) == 0)
				return j;
		}
		j = (j + 1) & t->mask;
	}
}

uint32_t
st_intern(struct strtab *t, const char *s, size_t n, int *added)
{
	return st_intern_hashed(t, s, n, hash_bytes(s, n), added);
}

uint32_t
st_intern_hashed(struct strtab *t, const char *s, size_t n, uint64_t hash,
    int *added)
{
	uint32_t h = (uint32_t)hash;
	size_t j;

	if (s == NULL)		/* an empty buffer's (buf.h): "" */
		s = "";
	if (n > UINT32_MAX - 8)
		errx(1, "a string of %zu bytes is too long", n);
	j = probe(t, s, n, h);

	if (t->slots[j].id1 != 0) {
		if (added != NULL)
			*added = 0;
		return t->slots[j].id1 - 1;
	}
	if (t->n >= UINT32_MAX - 1)
		errx(1, "too many distinct strings");
	xgrow(&t->ent, &t->cap, t->n + 1, sizeof(*t->ent));
	t->ent[t->n].s = arena_copy(t, s, n);
	t->ent[t->n].len = n;
	t->slots[j].s = t->ent[t->n].s;
	t->slots[j].id1 = (uint32_t)++t->n;
	t->slots[j].hash = h;
	if (t->n * 2 > t->mask)
		rehash(t);
	if (added != NULL)
		*added = 1;
	return (uint32_t)(t->n - 1);
}

int64_t
st_find(const struct strtab *t, const char *s, size_t n)
{
	return st_find_hashed(t, s, n, hash_bytes(s, n));
}

int64_t
st_find_hashed(const struct strtab *t, const char *s, size_t n,
    uint64_t hash)
{
	size_t j;

	if (s == NULL)
		s = "";
	if (n > UINT32_MAX - 8)
		return -1;
	j = probe(t, s, n, (uint32_t)hash);

	return t->slots[j].id1 == 0 ? -1 : (int64_t)t->slots[j].id1 - 1;
}

void
st_prefetch_slot(const struct strtab *t, uint64_t hash)
{
	__builtin_prefetch(&t->slots[(uint32_t)hash & t->mask]);
}

int64_t
st_prefetch_str(const struct strtab *t, uint64_t hash, size_t n)
{
	uint32_t h = (uint32_t)hash;
	size_t j = h & t->mask;

	/* The first few slots only: at a load of 1/2 the string is there. */
	for (int k = 0; k < 4; k++, j = (j + 1) & t->mask) {
		const struct slot *sl = &t->slots[j];

		if (sl->id1 == 0)
			return -1;
		if (sl->hash == h) {
			for (size_t o = 0; o < n + sizeof(uint32_t); o += 64)
				__builtin_prefetch(sl->s - sizeof(uint32_t) + o);
			return (int64_t)sl->id1 - 1;
		}
	}
	return -1;
}

const char *
st_str(const struct strtab *t, uint32_t id, size_t *len)
{
	if (len != NULL)
		*len = t->ent[id].len;
	return t->ent[id].s;
}

size_t
st_count(const struct strtab *t)
{
	return t->n;
}
