/*
 * fuzz_names.c: a libFuzzer target for the names as sp-top and sp-tree show
 * them (common/agg/shorten.c): display_name of the input as one escaped
 * frame, with and without its library, whole and shortened to widths of
 * MIN_NAME_COLS up to past its length.  Besides memory errors it checks
 * these properties, and aborts when one fails:
 *   - the name shown holds no control character (tab, newline... are
 *     made spaces);
 *   - a shortened name without its library is no wider than asked.
 * Seeds: tests/fuzz/seeds-names (frames of every kind).
 */
#include <stdint.h>
#include <stdlib.h>

#include "agg/shorten.h"
#include "base/buf.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct buf out;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *s = (const char *)data;
	size_t cols = text_cols(s, len);

	if (cols > len)
		abort();
	for (size_t width = 0; width <= cols + 2;
	    width = width == 0 ? MIN_NAME_COLS : width + 7) {
		for (int no_lib = 0; no_lib < 2; no_lib++) {
			buf_reset(&out);
			display_name(&out, s, len, no_lib, width);
			for (size_t i = 0; i < out.len; i++)
				if ((unsigned char)out.s[i] < 0x20 ||
				    out.s[i] == 0x7f)
					abort();
			if (no_lib && width > 0 &&
			    text_cols(out.s, out.len) > width)
				abort();
		}
	}
	return 0;
}
