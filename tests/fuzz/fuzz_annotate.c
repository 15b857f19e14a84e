/*
 * fuzz_annotate.c: a libFuzzer target for sp-annotate's reading of the
 * disassembler's output (ann_parse_objdump, common/annotate/ann_objdump.c),
 * over the whole address space and over a range taken from the input's
 * first bytes.  Besides memory errors it checks these properties, and
 * aborts when one fails:
 *   - the instructions' addresses are inside the range and increase;
 *   - each text is not empty, has no control character and no leading or
 *     trailing blank.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/ann_impl.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(const char *s, size_t len, uint64_t lo, uint64_t hi)
{
	struct ann_insns v = { 0 };
	size_t n = ann_parse_objdump(s, len, lo, hi, &v);

	if (n != v.n)
		abort();
	for (size_t i = 0; i < v.n; i++) {
		const char *t = v.v[i].text;
		size_t tl = strlen(t);

		if (v.v[i].addr < lo || v.v[i].addr >= hi)
			abort();
		if (i > 0 && v.v[i].addr <= v.v[i - 1].addr)
			abort();
		if (tl == 0 || t[0] == ' ' || t[tl - 1] == ' ')
			abort();
		for (size_t k = 0; k < tl; k++)
			if ((unsigned char)t[k] < 0x20 || t[k] == 0x7f)
				abort();
	}
	ann_insns_free(&v);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	uint64_t lo = 0, hi = 0;

	check((const char *)data, len, 0, UINT64_MAX);
	if (len >= 4) {
		lo = (uint64_t)data[0] << 8 | data[1];
		hi = lo + ((uint64_t)data[2] << 8 | data[3]);
		check((const char *)data + 4, len - 4, lo, hi);
	}
	return 0;
}
