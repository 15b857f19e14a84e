/*
 * fuzz_flamegraph.c: a libFuzzer target for sp-flamegraph's line filters
 * (flamegraph_filter.h): ff_perf_frame, the reader of perf script's frame
 * lines, and ff_skip_after on sample-stream lines.  Besides memory errors
 * it checks, and aborts when one fails:
 *   - a frame's address and dso lie inside the line, the dso inside the
 *     last parentheses;
 *   - ff_skip_after writes one line ending in a newline, no longer than
 *     the input (plus the newline), and the input itself when no frame
 *     matches.
 * The first input byte picks the function --skip-after looks for.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "flame/flamegraph_filter.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct buf out;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static char *fns[] = { "main", "a!b", "x (inlined)", "" };
	const char *s = (const char *)data;
	size_t ae, dso, dl, body = len;
	char *one[1];

	if (len == 0)
		return 0;
	one[0] = fns[data[0] % 4];
	s++, len--, body--;
	if (ff_perf_frame(s, len, &ae, &dso, &dl)) {
		if (ae == 0 || ae > len || dso > len || dl > len - dso ||
		    s[dso - 1] != '(' || s[dso + dl] != ')')
			abort();
	}
	if (len > 0 && s[len - 1] == '\n')
		body = len - 1;
	buf_reset(&out);
	ff_skip_after(one, 1, s, len, &out);
	if (out.len == 0 || out.s[out.len - 1] != '\n' || out.len > body + 1 ||
	    (memchr(out.s, '\n', out.len - 1) != NULL &&
	    memchr(s, '\n', body) == NULL))
		abort();
	ff_skip_after(fns, 0, s, len, &out);
	return 0;
}
