/* sym_demangle.c: dropping Rust's legacy hash suffix (sym_demangle.h). */
#include "sym/sym_demangle.h"

size_t
sym_drop_rust_hash(const char *s, size_t n)
{
	const char *h;

	if (n < 19 + 1)
		return n;
	h = s + n - 19;
	if (h[0] != ':' || h[1] != ':' || h[2] != 'h')
		return n;
	for (int i = 3; i < 19; i++) {
		char c = h[i];

		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return n;
	}
	return n - 19;
}
