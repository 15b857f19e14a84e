/*
 * common/json/: JSON documents, read-only: one pass that checks the
 * syntax strictly, tokenizes and packs numeric arrays (the tokenizer), and
 * the accessors below (json.c), for the readers of JSON profiles (read/)
 * and of samply's .syms.json (sym/).  It uses base/ only.
 */
/*
 * json.h: a read-only JSON document as tokens.
 *
 * The whole document is checked and tokenized in one pass (json_check.c);
 * the accessors below look values up by token index.  Because tokens are
 * in document order, the token after a value's subtree is found by a binary
 * search on start offsets, so skipping a million-element array costs
 * O(log n), not O(n).
 */
#ifndef SP_JSON_H
#define SP_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"

/*
 * A token: jsmn's names and layout, which sp's readers were written
 * against when jsmn tokenized for them.  start and end are byte offsets
 * (a string's without its quotes; a container's end is past its closing
 * bracket); size counts an array's elements, an object's keys, and is 1
 * for a key.
 */
enum {
	JSMN_UNDEFINED = 0,
	JSMN_OBJECT = 1,
	JSMN_ARRAY = 2,
	JSMN_STRING = 3,
	JSMN_PRIMITIVE = 4
};

typedef struct {
	int	 start, end, size;
	unsigned type : 8;	/* JSMN_* */
	unsigned pack : 24;	/* an array's pack + 1 (packs[]), or 0 */
} jsmntok_t;

/* Token offsets are int: larger documents are refused. */
#define JSON_MAX_BYTES	((size_t)0x7fffffff - 1)

/*
 * A packed array: an array of at least JSON_PACK_MIN numbers and nulls,
 * whose values json_parse_packed() keeps in pi (integers in 1, 2 or 4
 * bytes, as few as they fit, nulls as the smallest value of the width) or
 * pv (doubles, NaN for null) instead of one token each; its token has size
 * 0 and names the pack.  A profile's sample columns then cost 1 to 8 bytes
 * a value instead of 16 per token (fresh memory is not free: clearing its
 * pages was a quarter of sp-flatten -c's time).
 */
#define JSON_PACK_MIN	16

struct json_pack {
	size_t	 start;		/* offset of its '[' */
	size_t	 off;		/* first value in pv, or byte offset in pi */
	int	 n;
	int	 width;		/* bytes a value in pi; 0: doubles in pv */
};

/* How a null is kept among packed 32-bit integers. */
#define JSON_PACK_NULL32	INT32_MIN

struct json {
	const char *s;
	size_t	 len;
	jsmntok_t *t;
	int	 n;
	size_t	 tcap;		/* tokens allocated (bigmem.h) */
	double	*pv;		/* packed values (bigmem.h), pvcap of them */
	size_t	 npv, pvcap;
	int32_t	*pi;		/* packed small integers (bigmem.h) */
	size_t	 npi, picap;
	struct json_pack *packs;
	size_t	 npacks, packscap;
};

/*
 * Check and tokenize s[0..len) into j, whose t has room for tcap tokens
 * (more are added with big_realloc), packing numeric arrays when pack is
 * set (json_check.c).  Returns 0, or -1 with *why describing the problem
 * and *where its byte offset.
 */
int	 json_tokenize(struct json *j, const char *s, size_t len, int pack,
	    size_t *where, const char **why);
/*
 * Check and tokenize s[0..len); 0, or -1 with *why describing the problem
 * (a static string, or one in a buffer valid until the next call).
 */
int	 json_parse(struct json *, const char *s, size_t len, const char **why);
/*
 * The same with numeric arrays packed.  Elements must then be read with
 * the json_at_* functions, which work on every array.
 */
int	 json_parse_packed(struct json *, char *s, size_t len,
	    const char **why);
void	 json_free(struct json *);

/* The index just past the value at i and everything inside it. */
int	 json_next(const struct json *, int i);
/* The value of key in object obj, or -1 (absent, or obj not an object). */
int	 json_get(const struct json *, int obj, const char *key);
int	 json_is_null(const struct json *, int i);
int	 json_is_array(const struct json *, int i);
int	 json_is_object(const struct json *, int i);
int	 json_is_string(const struct json *, int i);
int	 json_is_number(const struct json *, int i);
/*
 * The k-th element of an array.  Fast (O(1)) when the array holds only
 * scalars, which json_scalars() tells.
 */
int	 json_scalars(const struct json *, int arr);
/* The token of element k of a scalar array, or -1 (packed, or past end). */
int	 json_at_tok(const struct json *, int arr, int k);
/* Integer value (integral floats accepted); 0, or -1 if not one. */
int	 json_int(const struct json *, int i, int64_t *);
int	 json_double(const struct json *, int i, double *);
/* A string token decoded to UTF-8 into b (reset first); 0 or -1. */
int	 json_str(const struct json *, int i, struct buf *b);
/* Is token i the string s exactly (no escapes in either)? */
int	 json_streq(const struct json *, int i, const char *s);

/*
 * Array lengths and elements.  The packed case, a profile's sample columns
 * read once per sample, is inline here; arrays of tokens are read by the
 * json_tok_* functions of json.c.
 */
int	 json_tok_len(const struct json *, int i);
int	 json_tok_at_null(const struct json *, int arr, int k);
int	 json_tok_at_number(const struct json *, int arr, int k);
int	 json_tok_at_int(const struct json *, int arr, int k, int64_t *);
int	 json_tok_at_double(const struct json *, int arr, int k, double *);

/* The pack of array arr, or NULL when it is no pack. */
static inline const struct json_pack *
json_pack_of(const struct json *j, int arr)
{
	if (arr < 0 || arr >= j->n || j->t[arr].pack == 0)
		return NULL;
	return &j->packs[j->t[arr].pack - 1];
}

/* Value k of a pack of integers (width > 0); JSON_PACK_NULL32 for null. */
static inline int32_t
json_pack_int(const struct json *j, const struct json_pack *p, int k)
{
	const unsigned char *b = (const unsigned char *)j->pi + p->off;
	int8_t x8;
	int16_t x16;
	int32_t x32;

	switch (p->width) {
	case 1:
		memcpy(&x8, b + k, 1);
		return x8 == INT8_MIN ? JSON_PACK_NULL32 : x8;
	case 2:
		memcpy(&x16, b + 2 * (size_t)k, 2);
		return x16 == INT16_MIN ? JSON_PACK_NULL32 : x16;
	default:
		memcpy(&x32, b + 4 * (size_t)k, 4);
		return x32;
	}
}

/* Array length (elements), or -1 when i is not an array. */
static inline int
json_len(const struct json *j, int i)
{
	const struct json_pack *p = json_pack_of(j, i);

	return p != NULL ? p->n : json_tok_len(j, i);
}

/* Element k of array arr (0 <= k < json_len): null? a number? */
static inline int
json_at_null(const struct json *j, int arr, int k)
{
	const struct json_pack *p = json_pack_of(j, arr);

	if (p == NULL)
		return json_tok_at_null(j, arr, k);
	if (k < 0 || k >= p->n)
		return 0;
	return p->width ? json_pack_int(j, p, k) == JSON_PACK_NULL32 :
	    j->pv[p->off + (size_t)k] != j->pv[p->off + (size_t)k];
}

static inline int
json_at_number(const struct json *j, int arr, int k)
{
	const struct json_pack *p = json_pack_of(j, arr);

	if (p == NULL)
		return json_tok_at_number(j, arr, k);
	if (k < 0 || k >= p->n)
		return 0;
	return p->width ? json_pack_int(j, p, k) != JSON_PACK_NULL32 :
	    j->pv[p->off + (size_t)k] == j->pv[p->off + (size_t)k];
}

/*
 * As json_int and json_double, for element k of array arr: 0 with *v, -1
 * when it is null, past the end or no such number.
 */
static inline int
json_at_int(const struct json *j, int arr, int k, int64_t *v)
{
	const struct json_pack *p = json_pack_of(j, arr);
	double d;

	if (p == NULL)
		return json_tok_at_int(j, arr, k, v);
	if (k < 0 || k >= p->n)
		return -1;
	if (p->width) {
		int32_t x = json_pack_int(j, p, k);

		if (x == JSON_PACK_NULL32)
			return -1;
		*v = x;
		return 0;
	}
	/* Packed values are exact, so integral ones are integers. */
	d = j->pv[p->off + (size_t)k];
	if (!(d > -9.2e18 && d < 9.2e18) || d != (double)(int64_t)d)
		return -1;
	*v = (int64_t)d;
	return 0;
}

static inline int
json_at_double(const struct json *j, int arr, int k, double *v)
{
	const struct json_pack *p = json_pack_of(j, arr);
	double d;

	if (p == NULL)
		return json_tok_at_double(j, arr, k, v);
	if (k < 0 || k >= p->n)
		return -1;
	if (p->width) {
		int32_t x = json_pack_int(j, p, k);

		if (x == JSON_PACK_NULL32)
			return -1;
		*v = x;
		return 0;
	}
	d = j->pv[p->off + (size_t)k];
	if (d != d)
		return -1;
	*v = d;
	return 0;
}

#endif
