/*
 * fuzz_demangle.c: a libFuzzer target for the demangler of the in-process
 * DWARF route (dwarf_demangle, dwarf.h; Rust v0 names in
 * common/dwarf/dwarf_rust_v0.c).  The input is one name; it is demangled
 * twice, the second time after a prefix already in the buffer.  Besides
 * memory errors, undefined behaviour and endless recursion (the
 * demangler stops 500 deep, as LLVM does), it checks these properties,
 * and aborts when one fails:
 *   - a refused name leaves the buffer as it was;
 *   - an accepted one is appended after what the buffer held, the same
 *     bytes both times;
 *   - a name that is not mangled is copied as it is;
 *   - a Rust v0 name demangled holds no control character before its
 *     ".suffix" (LLVM prints identifiers, punycode decoded to UTF-8 from
 *     code points of U+0080 up, and escapes chars: no byte below 0x20).
 * Seeds: tests/fuzz/seeds-demangle (Rust v0 names of every kind, Rust
 * legacy names, C++ and plain names).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "dwarf/dwarf.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct buf a, b;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *s = (const char *)data;
	static const char pre[] = "prefix:";
	int ra, rb;

	buf_reset(&a);
	buf_reset(&b);
	buf_adds(&b, pre);
	ra = dwarf_demangle(s, len, &a);
	rb = dwarf_demangle(s, len, &b);
	if (ra != rb)
		abort();
	if (ra == -1) {
		if (a.len != 0 || b.len != sizeof(pre) - 1 ||
		    memcmp(b.s, pre, b.len) != 0)
			abort();
		return 0;
	}
	if (b.len != sizeof(pre) - 1 + a.len ||
	    memcmp(b.s, pre, sizeof(pre) - 1) != 0 ||
	    memcmp(b.s + sizeof(pre) - 1, a.s, a.len) != 0)
		abort();
	if (len >= 1 && s[0] != '_' && s[0] != '?' &&
	    (a.len != len || memcmp(a.s, s, len) != 0))
		abort();
	if (len >= 2 && s[0] == '_' && s[1] == 'R') {
		const char *dot = memchr(s, '.', len);
		size_t end = a.len;

		/* The suffix is printed as it is, after " (". */
		if (dot != NULL)
			end -= (size_t)(s + len - dot) + 3;
		for (size_t i = 0; i < end; i++)
			if ((unsigned char)a.s[i] < 0x20)
				abort();
	}
	return 0;
}
