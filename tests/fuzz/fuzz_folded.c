/*
 * fuzz_folded.c: a libFuzzer target for the folded-stack reader:
 * folded_parse on every line of the input and folded_sniff on the whole.
 * Besides memory errors it checks these properties, and aborts when one
 * fails:
 *   - the stack lies inside the line and ends before the counts;
 *   - the counts are not negative, and an integral count equals its
 *     double where a double holds it exactly.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "read/folded.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *s = (const char *)data, *end = s + len, *p = s;

	(void)folded_sniff(s, len);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		struct folded_line fl;
		const char *why;

		if (folded_parse(p, n, &fl, &why) == 1) {
			if (fl.stack != p || fl.stack_len > fl.tail ||
			    fl.tail >= n)
				abort();
			if (fl.count < 0 || (fl.two && fl.count_a < 0))
				abort();
			if (fl.integral && fl.icount < 0)
				abort();
			if (fl.integral && fl.icount < ((int64_t)1 << 53) &&
			    (double)fl.icount != fl.count)
				abort();
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}
