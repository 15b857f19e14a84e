/*
 * dwarf_demangle.c: names demangled as llvm-symbolizer --demangle (LLVM
 * 14) does, for what this can do exactly (dwarf.h).  LLVM demangles a
 * name starting "_Z" or "___Z" (Itanium), "_R" (Rust v0), "_D" (D) or
 * "?" (MSVC); the rest stay as they are.  Of those only Rust's legacy
 * names are done here: "_ZN" source names "E", each a length and its
 * bytes, which the Itanium demangler joins with "::" (Rust's escapes
 * such as "$LT$" stay: sp's own tidying decodes them), a ".suffix" after
 * the "E" shown as " (.suffix)"; and Rust v0 names ("_R"), all of them,
 * by dwarf_rust_v0.c.  Anything else mangled (C++, D, MSVC) is refused.
 * It uses base/ only.
 */
#include <stdint.h>
#include <string.h>

#include "dwarf/dwarf.h"
#include "dwarf/dwarf_impl.h"

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

int
dwarf_demangle(const char *s, size_t n, struct buf *out)
{
	if ((n >= 2 && s[0] == '_' && (s[1] == 'Z' || s[1] == 'R' ||
	    s[1] == 'D')) || (n >= 4 && memcmp(s, "___Z", 4) == 0) ||
	    (n >= 1 && s[0] == '?'))
		return n >= 2 && s[1] == 'Z' ? legacy(s, n, out) :
		    n >= 2 && s[1] == 'R' ? dwarf_rust_v0(s, n, out) : -1;
	buf_add(out, s, n);
	return 0;
}
