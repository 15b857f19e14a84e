/*
 * fuzz_symout.c: a libFuzzer target for what sp-symbolize reads from the
 * symbolizers it runs (common/sym: sym_parse_llvm, sym_parse_addr2line,
 * sym_parse_atos, sym_split_loc, and the Rust name clean-up of
 * sym_demangle.h).  The first byte of an input says for how many
 * addresses the answer is (1 to 64); the rest is the program's output.
 * Besides memory errors it checks these properties, and aborts when one
 * fails:
 *   - every frame of the results lies within the results' arena, and no
 *     address has more answers than frames were made;
 *   - a location's file part lies within the location, and the Rust
 *     clean-ups never make a name longer.
 * Seeds: tests/fuzz/seeds-symout (outputs of llvm-symbolizer, addr2line
 * and atos).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "sym/sym_backend.h"
#include "sym/sym_demangle.h"
#include "sym/sym_result.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(const struct sym_results *r)
{
	for (size_t i = 0; i < r->nfr; i++) {
		const struct sym_frame *f = &r->frames[i];

		if (f->name > r->arena.len ||
		    f->name_len > r->arena.len - f->name ||
		    f->file > r->arena.len ||
		    f->file_len > r->arena.len - f->file)
			abort();
	}
	for (size_t a = 0; a < r->naddr; a++)
		if (r->nframes[a] > 0 && (r->first[a] > r->nfr ||
		    r->nframes[a] > r->nfr - r->first[a]))
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct sym_results r;
	const char *out;
	size_t n, naddr;
	char *copy;

	if (len < 1)
		return 0;
	naddr = (size_t)(data[0] % 64) + 1;
	out = (const char *)data + 1;
	n = len - 1;
	for (int k = 0; k < 4; k++) {
		symr_init(&r, naddr);
		if (k == 0)
			sym_parse_llvm(out, n, &r);
		else if (k == 3)
			sym_parse_atos(out, n, &r);
		else
			sym_parse_addr2line(out, n, k == 2, &r);
		check(&r);
		symr_free(&r);
	}
	/* Line by line: the location and name helpers. */
	copy = xmalloc(n + 1);
	memcpy(copy, out, n);
	for (size_t p = 0; p < n; ) {
		char *nl = memchr(copy + p, '\n', n - p);
		size_t l = nl != NULL ? (size_t)(nl - (copy + p)) : n - p;
		size_t flen = 0, k;
		uint32_t line = 0;

		sym_split_loc(copy + p, l, &flen, &line);
		if (flen > l)
			abort();
		k = sym_drop_rust_hash(copy + p, l);
		if (k > l || sym_rust_unescape(copy + p, k) > k)
			abort();
		p += l + 1;
	}
	free(copy);
	return 0;
}
