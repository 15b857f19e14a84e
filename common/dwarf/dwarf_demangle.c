/*
 * dwarf_demangle.c: names demangled as llvm-symbolizer --demangle (LLVM
 * 14) does, for what this can do exactly (dwarf.h).  LLVM demangles a
 * name starting "_Z" or "___Z" (Itanium), "_R" (Rust v0), "_D" (D) or
 * "?" (MSVC); the rest stay as they are.  Of those only Rust's legacy
 * names are done here: "_ZN" source names "E", each a length and its
 * bytes, which the Itanium demangler joins with "::" (Rust's escapes
 * such as "$LT$" stay: sp's own tidying decodes them), a ".suffix" after
 * the "E" shown as " (.suffix)"; and Rust v0 names ("_R") that are
 * paths of crates, nested names, closures and shims, and back references
 * to those, as LLVM's RustDemangle prints them ("std::rt::lang_start_
 * internal::{closure#0}", the instantiating crate left out).  Anything
 * else mangled (generics, impls, types, punycode) is refused.  It uses
 * base/ only.
 */
#include <stdint.h>
#include <string.h>

#include "dwarf/dwarf.h"

/* "_ZN" (length bytes){2,} "E" ["." ...], demangled into out. */
static int
legacy(const char *s, size_t n, struct buf *out)
{
	size_t i = 3, parts = 0, start = out->len;

	if (n < 4 || memcmp(s, "_ZN", 3) != 0)
		return -1;
	while (i < n && s[i] != 'E') {
		size_t len = 0;

		if (s[i] < '1' || s[i] > '9')
			goto bad;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			len = len * 10 + (size_t)(s[i++] - '0');
			if (len > n)
				goto bad;
		}
		if (len > n - i || (len >= 10 &&
		    memcmp(s + i, "_GLOBAL__N", 10) == 0))
			goto bad;
		if (parts++ > 0)
			buf_adds(out, "::");
		buf_add(out, s + i, len);
		i += len;
	}
	if (i >= n || parts < 2)
		goto bad;
	i++;
	if (i < n) {
		if (s[i] != '.')
			goto bad;
		buf_adds(out, " (");
		buf_add(out, s + i, n - i);
		buf_addc(out, ')');
	}
	return 0;
bad:
	out->len = start;
	if (out->s != NULL)
		out->s[start] = '\0';
	return -1;
}

/* A Rust v0 name being read: s[0..n) after "_R". */
struct v0 {
	const char *s;
	size_t	 n, pos;
	int	 bad, depth;
};

static int
v0_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* <base-62-number>: "_" is 0, "<digits>_" is their value + 1. */
static uint64_t
v0_base62(struct v0 *v)
{
	uint64_t x = 0;

	if (v->pos < v->n && v->s[v->pos] == '_') {
		v->pos++;
		return 0;
	}
	while (v->pos < v->n && v->s[v->pos] != '_') {
		int c = v->s[v->pos++], d;

		if (v0_digit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'z')
			d = 10 + c - 'a';
		else if (c >= 'A' && c <= 'Z')
			d = 36 + c - 'A';
		else {
			v->bad = 1;
			return 0;
		}
		if (x > (UINT64_MAX - 62) / 62) {
			v->bad = 1;
			return 0;
		}
		x = x * 62 + (uint64_t)d;
	}
	if (v->pos >= v->n) {
		v->bad = 1;
		return 0;
	}
	v->pos++;
	return x + 1;
}

/* ["s" <base-62-number>]: 0 when absent, else the number + 1. */
static uint64_t
v0_disamb(struct v0 *v)
{
	if (v->pos < v->n && v->s[v->pos] == 's') {
		v->pos++;
		return v0_base62(v) + 1;
	}
	return 0;
}

/* <identifier> without punycode: *id, *len. */
static void
v0_ident(struct v0 *v, const char **id, size_t *len)
{
	size_t x = 0, start = v->pos;

	*id = "";
	*len = 0;
	if (v->pos < v->n && v->s[v->pos] == 'u') {
		v->bad = 1;	/* punycode */
		return;
	}
	while (v->pos < v->n && v0_digit(v->s[v->pos])) {
		x = x * 10 + (size_t)(v->s[v->pos++] - '0');
		if (x > v->n) {
			v->bad = 1;
			return;
		}
	}
	if (v->pos == start || (v->s[start] == '0' && v->pos - start > 1)) {
		v->bad = 1;
		return;
	}
	if (v->pos < v->n && v->s[v->pos] == '_')
		v->pos++;
	if (x > v->n - v->pos) {
		v->bad = 1;
		return;
	}
	*id = v->s + v->pos;
	*len = x;
	v->pos += x;
}

/* <path> of the forms C, N and B, printed to out when out != NULL. */
static void
v0_path(struct v0 *v, struct buf *out)
{
	const char *id;
	size_t len, back, save;
	uint64_t dis;
	char ns;

	if (v->bad || v->pos >= v->n || ++v->depth > 200) {
		v->bad = 1;
		return;
	}
	switch (v->s[v->pos++]) {
	case 'C':
		(void)v0_disamb(v);
		v0_ident(v, &id, &len);
		if (out != NULL && !v->bad)
			buf_add(out, id, len);
		break;
	case 'N':
		if (v->pos >= v->n) {
			v->bad = 1;
			break;
		}
		ns = v->s[v->pos++];
		if (!(ns >= 'a' && ns <= 'z') && !(ns >= 'A' && ns <= 'Z')) {
			v->bad = 1;
			break;
		}
		v0_path(v, out);
		dis = v0_disamb(v);
		v0_ident(v, &id, &len);
		if (v->bad || out == NULL)
			break;
		if (ns >= 'A' && ns <= 'Z') {
			buf_adds(out, "::{");
			if (ns == 'C')
				buf_adds(out, "closure");
			else if (ns == 'S')
				buf_adds(out, "shim");
			else
				buf_addc(out, ns);
			if (len > 0) {
				buf_addc(out, ':');
				buf_add(out, id, len);
			}
			buf_printf(out, "#%llu}", (unsigned long long)dis);
		} else if (len > 0) {
			buf_adds(out, "::");
			buf_add(out, id, len);
		}
		break;
	case 'B':
		save = v->pos - 1;
		back = (size_t)v0_base62(v);
		if (v->bad || back >= save) {
			v->bad = 1;
			break;
		}
		save = v->pos;
		v->pos = back;
		v0_path(v, out);
		v->pos = save;
		break;
	default:
		v->bad = 1;	/* generics, impls, ... */
		break;
	}
	v->depth--;
}

/* "_R" <path> [<instantiating crate>], as LLVM prints it. */
static int
rust_v0(const char *s, size_t n, struct buf *out)
{
	struct v0 v = { s + 2, n - 2, 0, 0, 0 };
	size_t start = out->len;

	if (n < 3 || memchr(s, '.', n) != NULL || v0_digit(s[2]))
		return -1;
	v0_path(&v, out);
	if (!v.bad && v.pos < v.n)
		v0_path(&v, NULL);
	if (v.bad || v.pos != v.n) {
		out->len = start;
		if (out->s != NULL)
			out->s[start] = '\0';
		return -1;
	}
	return 0;
}

int
dwarf_demangle(const char *s, size_t n, struct buf *out)
{
	if ((n >= 2 && s[0] == '_' && (s[1] == 'Z' || s[1] == 'R' ||
	    s[1] == 'D')) || (n >= 4 && memcmp(s, "___Z", 4) == 0) ||
	    (n >= 1 && s[0] == '?'))
		return n >= 2 && s[1] == 'Z' ? legacy(s, n, out) :
		    n >= 2 && s[1] == 'R' ? rust_v0(s, n, out) : -1;
	buf_add(out, s, n);
	return 0;
}
