/*
 * sym_parse_llvm.c: llvm-symbolizer's LLVM-style output.  For each address
 * it prints, innermost inlined frame first, a line with the function name
 * and a line "FILE:LINE:COLUMN", and ends the address with an empty line.
 * "??" stands for an unknown name or file.  An answer cut short (the
 * process died) is dropped.
 */
#include <string.h>

#include "sym/sym_backend.h"

void
sym_parse_llvm(const char *out, size_t len, struct sym_results *r)
{
	const char *p = out, *end = out + len;

	for (size_t i = 0; i < r->naddr && p < end; i++) {
		size_t start = r->nfr;
		int complete = 0;

		for (;;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			const char *name, *loc, *nl2;
			size_t nlen, flen;
			uint32_t line;

			if (nl == NULL)
				break;
			if (nl == p) {
				p = nl + 1;
				complete = 1;
				break;
			}
			name = p;
			nlen = (size_t)(nl - p);
			p = nl + 1;
			if ((nl2 = memchr(p, '\n', (size_t)(end - p))) == NULL)
				break;
			loc = p;
			p = nl2 + 1;
			if (symr_unknown(name, nlen))
				continue;
			sym_split_loc(loc, (size_t)(nl2 - loc), &flen, &line);
			symr_push(r, name, nlen, loc, flen, line);
		}
		if (!complete) {
			r->nfr = start;
			break;
		}
		symr_commit(r, i, start);
	}
}
