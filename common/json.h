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

struct json {
	const char *s;
	size_t	 len;
	jsmntok_t *t;
	int	 n;
	size_t	 tcap;		/* tokens allocated (bigmem.h) */
};

/*
 * Check that s[0..len) is one valid JSON document (json_check.c).  Returns
 * 0, or -1 with *why describing the problem and *where its byte offset.
 */
int	 json_check(const char *s, size_t len, size_t *where, const char **why);
/*
 * Check and tokenize s[0..len); 0, or -1 with *why describing the problem
 * (a static string, or one in a buffer valid until the next call).
 */
int	 json_parse(struct json *, const char *s, size_t len, const char **why);
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
/* Integer value (integral floats accepted); 0, or -1 if not one. */
int	 json_int(const struct json *, int i, int64_t *);
int	 json_double(const struct json *, int i, double *);
/* A string token decoded to UTF-8 into b (reset first); 0 or -1. */
int	 json_str(const struct json *, int i, struct buf *b);
/* Is token i the string s exactly (no escapes in either)? */
int	 json_streq(const struct json *, int i, const char *s);

#endif
