/*
 * sym_parse_addr2line.c: the output of "addr2line -a -f -i -C".  Each
 * address starts with a line "0x<16 hex digits>" (the -a option: this is
 * what delimits the answers), followed by pairs of lines, function name and
 * "FILE:LINE", innermost inlined frame first.  "??" is unknown.  When the
 * process died, its last answer may be incomplete and is dropped.
 */
#include <string.h>

#include "sym/sym_backend.h"

static int
is_addr_line(const char *s, size_t n)
{
	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (size_t i = 2; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

void
sym_parse_addr2line(const char *out, size_t len, int died,
    struct sym_results *r)
{
	const char *p = out, *end = out + len, *name = NULL;
	size_t nlen = 0, start = 0, i = 0;
	int in_rec = 0, want_loc = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *s = p;
		size_t n;

		if (nl == NULL)
			break;	/* an unfinished line: dropped */
		n = (size_t)(nl - p);
		p = nl + 1;
		if (!want_loc && is_addr_line(s, n)) {
			if (in_rec)
				symr_commit(r, i++, start);
			if (i >= r->naddr) {
				in_rec = 0;
				break;
			}
			in_rec = 1;
			start = r->nfr;
			continue;
		}
		if (!in_rec)
			continue;
		if (!want_loc) {
			name = s;
			nlen = n;
			want_loc = 1;
		} else {
			size_t flen;
			uint32_t line;

			want_loc = 0;
			if (symr_unknown(name, nlen))
				continue;
			sym_split_loc(s, n, &flen, &line);
			symr_push(r, name, nlen, s, flen, line);
		}
	}
	if (in_rec && !died && !want_loc)
		symr_commit(r, i, start);
	else if (in_rec)
		r->nfr = start;
}
