/*
 * json_check.c: a strict JSON syntax check (RFC 8259) in one pass.
 *
 * jsmn is a tokenizer, not a validator: it takes "[1,,3]", "[1 2]",
 * trailing commas, "tru" and "1e" without complaint.  A profile shared by a
 * stranger may be anything, so sp-flatten checks the syntax first and says
 * where it is wrong.  The check keeps one byte per open bracket and never
 * recurses; nesting deeper than JSON_MAX_DEPTH is refused.
 *
 * With a struct json to fill, it also packs numeric arrays (json.h): the
 * innermost open array stays a candidate while it holds only numbers and
 * nulls that convert exactly; their values go to the end of j->pv, and are
 * dropped again as soon as something else turns up in it.  A candidate that
 * closes with JSON_PACK_MIN values or more becomes a pack, and its inside
 * is overwritten with spaces for jsmn.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bigmem.h"
#include "json.h"
#include "util.h"

#define JSON_MAX_DEPTH	4096

static const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	return p;
}

static int
is_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/* A string at p (on its opening quote); the byte after it, or NULL. */
static const char *
scan_string(const char *p, const char *end, const char **why)
{
	for (p++; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '"')
			return p + 1;
		if (c < 0x20) {
			*why = "control character in a string";
			return NULL;
		}
		if (c != '\\')
			continue;
		if (++p >= end)
			break;
		switch (*p) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			break;
		case 'u':
			if (end - p < 5 || !is_hex(p[1]) || !is_hex(p[2]) ||
			    !is_hex(p[3]) || !is_hex(p[4])) {
				*why = "bad \\u escape in a string";
				return NULL;
			}
			p += 4;
			break;
		default:
			*why = "bad escape in a string";
			return NULL;
		}
	}
	*why = "truncated JSON (unexpected end of data)";
	return NULL;
}

static const char *
scan_digits(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return q == p ? NULL : q;
}

/* A number at p; the byte after it, or NULL. */
static const char *
scan_number(const char *p, const char *end, const char **why)
{
	*why = "bad number";
	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if ((p = scan_digits(p, end)) == NULL)
		return NULL;
	if (p < end && *p == '.' && (p = scan_digits(p + 1, end)) == NULL)
		return NULL;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if ((p = scan_digits(p, end)) == NULL)
			return NULL;
	}
	return p;
}

/* The packing state of check(): the innermost open array, if numeric. */
struct cand {
	struct json *j;
	int	 depth;		/* its depth, or -1 when there is none */
	size_t	 start;		/* its '[' */
	size_t	 off;		/* its first value in j->pv */
};

static void
drop(struct cand *c)
{
	if (c->depth >= 0)
		c->j->npv = c->off;
	c->depth = -1;
}

static void
add_value(struct cand *c, double v)
{
	struct json *j = c->j;

	if (j->npv == j->pvcap) {
		size_t ncap = j->pvcap ? j->pvcap * 2 : (size_t)1 << 16;

		j->pv = big_realloc(j->pv, j->pvcap * sizeof(*j->pv),
		    ncap * sizeof(*j->pv));
		j->pvcap = ncap;
	}
	j->pv[j->npv++] = v;
}

/* Are v[0..n) all nulls (NaN) or integers that fit 32 bits? */
static int
fits32(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]) && !(v[i] > INT32_MIN && v[i] <= INT32_MAX &&
		    v[i] == (double)(int32_t)v[i]))
			return 0;
	return 1;
}

/* The candidate at depth closes at ']' (offset end) in s. */
static void
close_cand(struct cand *c, char *s, size_t end)
{
	struct json *j = c->j;
	size_t n = j->npv - c->off;

	if (n < JSON_PACK_MIN || n > INT32_MAX) {
		drop(c);
		return;
	}
	xgrow(&j->packs, &j->packscap, j->npacks + 1, sizeof(*j->packs));
	j->packs[j->npacks].start = c->start;
	j->packs[j->npacks].off = c->off;
	j->packs[j->npacks].n = (int)n;
	j->packs[j->npacks].is32 = 0;
	if (fits32(j->pv + c->off, n)) {
		/* Indexes, weights, CPU deltas: half the memory. */
		if (j->npi + n > j->picap) {
			size_t ncap = j->picap ? j->picap : (size_t)1 << 16;

			while (ncap < j->npi + n)
				ncap *= 2;
			j->pi = big_realloc(j->pi, j->picap * sizeof(*j->pi),
			    ncap * sizeof(*j->pi));
			j->picap = ncap;
		}
		for (size_t i = 0; i < n; i++) {
			double v = j->pv[c->off + i];

			j->pi[j->npi + i] = isnan(v) ? JSON_PACK_NULL32 :
			    (int32_t)v;
		}
		j->packs[j->npacks].off = j->npi;
		j->packs[j->npacks].is32 = 1;
		j->npi += n;
		j->npv = c->off;
	}
	j->npacks++;
	memset(s + c->start + 1, ' ', end - c->start - 1);
	c->depth = -1;
}

static int check(char *, size_t, struct json *, size_t *, const char **);

int
json_check(const char *s, size_t len, size_t *where, const char **why)
{
	return check((char *)s, len, NULL, where, why);
}

int
json_check_pack(char *s, size_t len, struct json *j, size_t *where,
    const char **why)
{
	return check(s, len, j, where, why);
}

static int
check(char *s, size_t len, struct json *j, size_t *where, const char **why)
{
	const char *p = s, *end = s + len;
	char stack[JSON_MAX_DEPTH];	/* '{' or '[' */
	int depth = 0;
	struct cand cand = { j, -1, 0, 0 };

	p = skip_ws(p, end);
	if (p == end) {
		*why = "empty input: no JSON value";
		goto fail;
	}
value:
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	switch (*p) {
	case '{':
	case '[':
		if (depth == JSON_MAX_DEPTH) {
			*why = "JSON nested too deeply";
			goto fail;
		}
		if (j != NULL) {
			/* An array or object inside: the parent is no pack. */
			drop(&cand);
			if (*p == '[') {
				cand.depth = depth + 1;
				cand.start = (size_t)(p - s);
				cand.off = j->npv;
			}
		}
		stack[depth++] = *p++;
		p = skip_ws(p, end);
		if (p == end)
			goto truncated;
		if (*p == (stack[depth - 1] == '{' ? '}' : ']')) {
			if (cand.depth == depth)
				drop(&cand);
			depth--;
			p++;
			goto after;
		}
		if (stack[depth - 1] == '{')
			goto key;
		goto value;
	case '"':
		if (cand.depth == depth)
			drop(&cand);
		if ((p = scan_string(p, end, why)) == NULL) {
			p = end;
			goto fail;
		}
		goto after;
	case 't':
		if (cand.depth == depth)
			drop(&cand);
		if (end - p >= 4 && memcmp(p, "true", 4) == 0) {
			p += 4;
			goto after;
		}
		goto literal;
	case 'f':
		if (cand.depth == depth)
			drop(&cand);
		if (end - p >= 5 && memcmp(p, "false", 5) == 0) {
			p += 5;
			goto after;
		}
		goto literal;
	case 'n':
		if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
			if (cand.depth == depth)
				add_value(&cand, NAN);
			p += 4;
			goto after;
		}
		goto literal;
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9')) {
			const char *q = scan_number(p, end, why);
			double v;

			if (q == NULL)
				goto fail;
			if (cand.depth == depth) {
				/* Only numbers that convert exactly are packed. */
				if (parse_double_exact(p, (size_t)(q - p), &v) == 0)
					add_value(&cand, v);
				else
					drop(&cand);
			}
			p = q;
			goto after;
		}
		*why = "unexpected character where a value should be";
		goto fail;
	}
key:
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	if (*p != '"') {
		*why = "expected a string as object key";
		goto fail;
	}
	if ((p = scan_string(p, end, why)) == NULL) {
		p = end;
		goto fail;
	}
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	if (*p != ':') {
		*why = "expected ':' after an object key";
		goto fail;
	}
	p++;
	goto value;
after:
	p = skip_ws(p, end);
	if (depth == 0) {
		if (p != end) {
			*why = "data after the end of the JSON document";
			goto fail;
		}
		return 0;
	}
	if (p == end)
		goto truncated;
	if (*p == ',') {
		p++;
		if (stack[depth - 1] == '{')
			goto key;
		goto value;
	}
	if (*p == (stack[depth - 1] == '{' ? '}' : ']')) {
		if (cand.depth == depth)
			close_cand(&cand, s, (size_t)(p - s));
		depth--;
		p++;
		goto after;
	}
	*why = stack[depth - 1] == '{' ? "expected ',' or '}' in an object" :
	    "expected ',' or ']' in an array";
	goto fail;
literal:
	*why = "unexpected word where a value should be";
	goto fail;
truncated:
	*why = "truncated JSON (unexpected end of data)";
fail:
	*where = (size_t)(p - s);
	return -1;
}
