/*
 * json.c: parsing (json_tokenize.c does the pass) and the accessors of
 * json.h for arrays of tokens and for single tokens.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"
#include "base/bigmem.h"
#include "base/util.h"

static int parse(struct json *, const char *, size_t, int, const char **);

int
json_parse(struct json *j, const char *s, size_t len, const char **why)
{
	return parse(j, s, len, 0, why);
}

int
json_parse_packed(struct json *j, char *s, size_t len, const char **why)
{
	return parse(j, s, len, 1, why);
}

static int
parse(struct json *j, const char *s, size_t len, int pack, const char **why)
{
	static char msg[128];
	size_t where;

	memset(j, 0, sizeof(*j));
	if (len > JSON_MAX_BYTES) {
		*why = "too large: JSON over 2 GiB is not supported";
		return -1;
	}
	/*
	 * Packs leave few tokens: a sixteenth of the bytes to begin with,
	 * grown by mremap (bigmem.h) when a document has more.
	 */
	j->tcap = len / 16 + 64;
	j->t = big_alloc(j->tcap * sizeof(*j->t));
	if (json_tokenize(j, s, len, pack, &where, why) == -1) {
		if (strncmp(*why, "truncated", 9) != 0 &&
		    strncmp(*why, "empty", 5) != 0) {
			snprintf(msg, sizeof(msg), "invalid JSON at byte %zu: %s",
			    where, *why);
			*why = msg;
		}
		json_free(j);
		return -1;
	}
	j->s = s;
	j->len = len;
	return 0;
}

void
json_free(struct json *j)
{
	big_free(j->t, j->tcap * sizeof(*j->t));
	j->t = NULL;
	j->tcap = 0;
	j->n = 0;
	big_free(j->pv, j->pvcap * sizeof(*j->pv));
	j->pv = NULL;
	j->pvcap = j->npv = 0;
	big_free(j->pi, j->picap * sizeof(*j->pi));
	j->pi = NULL;
	j->picap = j->npi = 0;
	free(j->packs);
	j->packs = NULL;
	j->npacks = j->packscap = 0;
}

int
json_at_tok(const struct json *j, int arr, int k)
{
	if (!json_is_array(j, arr) || json_pack_of(j, arr) != NULL || k < 0 ||
	    k >= j->t[arr].size || !json_scalars(j, arr))
		return -1;
	return arr + 1 + k;
}

int
json_tok_at_null(const struct json *j, int arr, int k)
{
	return json_is_null(j, json_at_tok(j, arr, k));
}

int
json_tok_at_number(const struct json *j, int arr, int k)
{
	return json_is_number(j, json_at_tok(j, arr, k));
}

int
json_tok_at_double(const struct json *j, int arr, int k, double *v)
{
	return json_double(j, json_at_tok(j, arr, k), v);
}

int
json_tok_at_int(const struct json *j, int arr, int k, int64_t *v)
{
	return json_int(j, json_at_tok(j, arr, k), v);
}

int
json_next(const struct json *j, int i)
{
	int lo = i + 1, hi = j->n, end = j->t[i].end;

	if (j->t[i].type == JSMN_STRING)
		end++;		/* the closing quote */
	/* The first token starting at or after end. */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (j->t[mid].start < end)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
json_get(const struct json *j, int obj, const char *key)
{
	int k, n;

	if (obj < 0 || obj >= j->n || j->t[obj].type != JSMN_OBJECT)
		return -1;
	n = j->t[obj].size;
	k = obj + 1;
	for (int m = 0; m < n && k + 1 < j->n; m++) {
		if (json_streq(j, k, key))
			return k + 1;
		k = json_next(j, k + 1);
	}
	return -1;
}

int
json_is_null(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_PRIMITIVE && j->s[j->t[i].start] == 'n';
}

int
json_is_array(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_ARRAY;
}

int
json_is_object(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_OBJECT;
}

int
json_is_string(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_STRING;
}

int
json_is_number(const struct json *j, int i)
{
	int c;

	if (i < 0 || j->t[i].type != JSMN_PRIMITIVE)
		return 0;
	c = (unsigned char)j->s[j->t[i].start];
	return c == '-' || (c >= '0' && c <= '9');
}

int
json_tok_len(const struct json *j, int i)
{
	return json_is_array(j, i) ? j->t[i].size : -1;
}

int
json_scalars(const struct json *j, int arr)
{
	int k;

	if (json_pack_of(j, arr) != NULL)
		return 1;
	/*
	 * All elements are leaves exactly when they are the next size
	 * tokens, that is when the token after them is past the array (it
	 * is asked for each element read, so no search for json_next).
	 */
	if (!json_is_array(j, arr))
		return 0;
	k = arr + 1 + j->t[arr].size;
	return k >= j->n || j->t[k].start >= j->t[arr].end;
}

int
json_int(const struct json *j, int i, int64_t *v)
{
	const char *s;
	size_t n;
	double d;

	if (!json_is_number(j, i))
		return -1;
	s = j->s + j->t[i].start;
	n = (size_t)(j->t[i].end - j->t[i].start);
	if (parse_i64(s, n, v) == 0)
		return 0;
	if (parse_double(s, n, &d) == -1 || d != d || d < -9.2e18 || d > 9.2e18 ||
	    (double)(int64_t)d != d)
		return -1;
	*v = (int64_t)d;
	return 0;
}

int
json_double(const struct json *j, int i, double *v)
{
	const char *s;
	size_t n;
	int64_t k;

	if (!json_is_number(j, i))
		return -1;
	s = j->s + j->t[i].start;
	n = (size_t)(j->t[i].end - j->t[i].start);
	if (n < 19 && parse_i64(s, n, &k) == 0) {
		*v = (double)k;
		return 0;
	}
	return parse_double(s, n, v);
}

int
json_streq(const struct json *j, int i, const char *s)
{
	size_t n;

	if (i < 0 || j->t[i].type != JSMN_STRING)
		return 0;
	n = (size_t)(j->t[i].end - j->t[i].start);
	return strlen(s) == n && memcmp(j->s + j->t[i].start, s, n) == 0;
}

static int
hex4(const char *p, unsigned *out)
{
	unsigned v = 0;

	for (int k = 0; k < 4; k++) {
		int d = hex_digit((unsigned char)p[k]);

		if (d < 0)
			return -1;
		v = v << 4 | (unsigned)d;
	}
	*out = v;
	return 0;
}

static void
add_utf8(struct buf *b, unsigned cp)
{
	char u[4];
	size_t n;

	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	buf_add(b, u, n);
}

int
json_str(const struct json *j, int i, struct buf *b)
{
	const char *s, *end, *p;

	buf_reset(b);
	if (b->s == NULL)
		buf_grow(b, 16);
	if (i < 0 || j->t[i].type != JSMN_STRING)
		return -1;
	s = j->s + j->t[i].start;
	end = j->s + j->t[i].end;
	while ((p = memchr(s, '\\', (size_t)(end - s))) != NULL) {
		unsigned cp, lo;

		buf_add(b, s, (size_t)(p - s));
		if (p + 1 >= end)
			return -1;
		switch (p[1]) {
		case '"': buf_addc(b, '"'); break;
		case '\\': buf_addc(b, '\\'); break;
		case '/': buf_addc(b, '/'); break;
		case 'b': buf_addc(b, '\b'); break;
		case 'f': buf_addc(b, '\f'); break;
		case 'n': buf_addc(b, '\n'); break;
		case 'r': buf_addc(b, '\r'); break;
		case 't': buf_addc(b, '\t'); break;
		case 'u':
			if (end - p < 6 || hex4(p + 2, &cp) == -1)
				return -1;
			p += 4;
			if (cp >= 0xd800 && cp < 0xdc00) {
				/* A high surrogate must be followed by a low one. */
				if (end - p < 8 || p[2] != '\\' || p[3] != 'u' ||
				    hex4(p + 4, &lo) == -1 ||
				    lo < 0xdc00 || lo >= 0xe000)
					cp = 0xfffd;
				else {
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					    (lo - 0xdc00);
					p += 6;
				}
			} else if (cp >= 0xdc00 && cp < 0xe000)
				cp = 0xfffd;
			add_utf8(b, cp);
			break;
		default:
			return -1;
		}
		s = p + 2;
	}
	buf_add(b, s, (size_t)(end - s));
	return 0;
}
