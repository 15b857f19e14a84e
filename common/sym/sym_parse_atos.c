/*
 * sym_parse_atos.c: the output of atos, one line per address:
 *
 *	NAME (in IMAGE) (FILE:LINE)	with debug information
 *	NAME (in IMAGE) + OFFSET	from the symbol table
 *	0x100003ec3 (in IMAGE)		not found (or just the address)
 *
 * atos -i prints inline chains without a delimiter between addresses, so
 * it is not used: atos gives the function containing the address only.
 */
#include <string.h>

#include "sym/sym_backend.h"

static const char *
find(const char *s, const char *end, const char *pat)
{
	size_t n = strlen(pat);

	for (; s + n <= end; s++)
		if (memcmp(s, pat, n) == 0)
			return s;
	return NULL;
}

void
sym_parse_atos(const char *out, size_t len, struct sym_results *r)
{
	const char *p = out, *end = out + len;

	for (size_t i = 0; i < r->naddr && p < end; i++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *s = p, *in, *close, *loc = NULL;
		size_t start = r->nfr, flen = 0;
		uint32_t line = 0;

		if (nl == NULL)
			break;
		p = nl + 1;
		in = find(s, nl, " (in ");
		if (in == NULL || in == s || (in - s > 2 && s[0] == '0' &&
		    s[1] == 'x')) {
			symr_commit(r, i, start);	/* answered, unknown */
			continue;
		}
		close = memchr(in + 5, ')', (size_t)(nl - in - 5));
		if (close != NULL && nl - close > 3 && close[1] == ' ' &&
		    close[2] == '(' && nl[-1] == ')') {
			loc = close + 3;
			sym_split_loc(loc, (size_t)(nl - 1 - loc), &flen, &line);
		}
		symr_push(r, s, (size_t)(in - s), loc ? loc : "", flen, line);
		symr_commit(r, i, start);
	}
}
