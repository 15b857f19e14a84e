/*
 * json_check.c: a strict JSON syntax check (RFC 8259) in one pass.
 *
 * jsmn is a tokenizer, not a validator: it takes "[1,,3]", "[1 2]",
 * trailing commas, "tru" and "1e" without complaint.  A profile shared by a
 * stranger may be anything, so sp-flatten checks the syntax first and says
 * where it is wrong.  The check keeps one byte per open bracket and never
 * recurses; nesting deeper than JSON_MAX_DEPTH is refused.
 */
#include <stdio.h>
#include <string.h>

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

int
json_check(const char *s, size_t len, size_t *where, const char **why)
{
	const char *p = s, *end = s + len;
	char stack[JSON_MAX_DEPTH];	/* '{' or '[' */
	int depth = 0;

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
		stack[depth++] = *p++;
		p = skip_ws(p, end);
		if (p == end)
			goto truncated;
		if (*p == (stack[depth - 1] == '{' ? '}' : ']')) {
			depth--;
			p++;
			goto after;
		}
		if (stack[depth - 1] == '{')
			goto key;
		goto value;
	case '"':
		if ((p = scan_string(p, end, why)) == NULL) {
			p = end;
			goto fail;
		}
		goto after;
	case 't':
		if (end - p >= 4 && memcmp(p, "true", 4) == 0) {
			p += 4;
			goto after;
		}
		goto literal;
	case 'f':
		if (end - p >= 5 && memcmp(p, "false", 5) == 0) {
			p += 5;
			goto after;
		}
		goto literal;
	case 'n':
		if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
			p += 4;
			goto after;
		}
		goto literal;
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9')) {
			const char *q = scan_number(p, end, why);

			if (q == NULL)
				goto fail;
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
