/*
 * json.h: a read-only JSON document over jsmn's tokens.
 *
 * The whole document is tokenized once (jsmn with parent links and strict
 * mode); the accessors below look values up by token index.  Because tokens
 * are in document order, the token after a value's subtree is found by a
 * binary search on start offsets, so skipping a million-element array costs
 * O(log n), not O(n).
 */
#ifndef SP_JSON_H
#define SP_JSON_H

#include <stdint.h>

#define JSMN_PARENT_LINKS
#define JSMN_STRICT
#ifndef JSMN_IMPLEMENTATION_HERE
#define JSMN_HEADER
#endif
#include <jsmn.h>

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* jsmn's offsets are int: larger documents are refused. */
#define JSON_MAX_BYTES	((size_t)0x7fffffff - 1)

/*
 * A packed array: an array of at least JSON_PACK_MIN numbers and nulls,
 * whose values json_parse_packed() keeps as doubles (NaN for null) instead
 * of one token each.  jsmn then sees it empty (its inside blanked), so a
 * profile's sample columns cost 8 bytes a value instead of 20 per token.
 */
#define JSON_PACK_MIN	16

struct json_pack {
	size_t	 start;		/* offset of its '[' */
	size_t	 off;		/* first value in pv, or in pi when is32 */
	int	 n;
	int	 is32;		/* integers that fit 32 bits: kept in pi */
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
	int32_t	*pk;		/* per token: its pack, or -1 */
};

/*
 * Check that s[0..len) is one valid JSON document (json_check.c).  Returns
 * 0, or -1 with *why describing the problem and *where its byte offset.
 */
int	 json_check(const char *s, size_t len, size_t *where, const char **why);
/* The same, packing numeric arrays into j (see struct json_pack); their
 * inside in s is overwritten with spaces. */
int	 json_check_pack(char *s, size_t len, struct json *j, size_t *where,
	    const char **why);
/*
 * Check and tokenize s[0..len); 0, or -1 with *why describing the problem
 * (a static string, or one in a buffer valid until the next call).
 */
int	 json_parse(struct json *, const char *s, size_t len, const char **why);
/*
 * The same with numeric arrays packed: s is modified.  Elements must then be
 * read with the json_at_* functions, which work on every array.
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
/* Array length (elements), or -1 when i is not an array. */
int	 json_len(const struct json *, int i);
/*
 * The k-th element of an array.  Fast (O(1)) when the array holds only
 * scalars, which json_scalars() tells.
 */
int	 json_scalars(const struct json *, int arr);
/* Element k of array arr (0 <= k < json_len): null? a number? */
int	 json_at_null(const struct json *, int arr, int k);
int	 json_at_number(const struct json *, int arr, int k);
/* As json_int and json_double, for element k of array arr. */
int	 json_at_int(const struct json *, int arr, int k, int64_t *);
int	 json_at_double(const struct json *, int arr, int k, double *);
/* The token of element k of a scalar array, or -1 (packed, or past end). */
int	 json_at_tok(const struct json *, int arr, int k);
/* Integer value (integral floats accepted); 0, or -1 if not one. */
int	 json_int(const struct json *, int i, int64_t *);
int	 json_double(const struct json *, int i, double *);
/* A string token decoded to UTF-8 into b (reset first); 0 or -1. */
int	 json_str(const struct json *, int i, struct buf *b);
/* Is token i the string s exactly (no escapes in either)? */
int	 json_streq(const struct json *, int i, const char *s);

#endif
