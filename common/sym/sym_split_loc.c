/* sym_split_loc.c: splitting a symbolizer's "FILE:LINE[:COL]" location. */
#include <string.h>

#include "sym/sym_backend.h"

static int
digits(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static uint32_t
num(const char *s, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n && v < UINT32_MAX; i++)
		v = v * 10 + (uint64_t)(s[i] - '0');
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* The last ':' in s[0..n), or NULL. */
static const char *
last_colon(const char *s, size_t n)
{
	while (n > 0)
		if (s[--n] == ':')
			return s + n;
	return NULL;
}

void
sym_split_loc(const char *s, size_t n, size_t *flen, uint32_t *line)
{
	const char *d, *c1, *c2;

	*line = 0;
	/* addr2line: "file:12 (discriminator 3)". */
	for (d = s; (d = memchr(d, ' ', (size_t)(s + n - d))) != NULL; d++)
		if ((size_t)(s + n - d) >= 16 &&
		    memcmp(d, " (discriminator ", 16) == 0) {
			n = (size_t)(d - s);
			break;
		}
	*flen = n;
	if ((c1 = last_colon(s, n)) == NULL)
		goto out;
	if (digits(c1 + 1, (size_t)(s + n - c1 - 1)) &&
	    (c2 = last_colon(s, (size_t)(c1 - s))) != NULL &&
	    digits(c2 + 1, (size_t)(c1 - c2 - 1))) {
		/* file:line:column */
		*line = num(c2 + 1, (size_t)(c1 - c2 - 1));
		*flen = (size_t)(c2 - s);
	} else if (digits(c1 + 1, (size_t)(s + n - c1 - 1))) {
		*line = num(c1 + 1, (size_t)(s + n - c1 - 1));
		*flen = (size_t)(c1 - s);
	} else if (s + n - c1 - 1 == 1 && c1[1] == '?')
		*flen = (size_t)(c1 - s);
out:
	if (*flen == 2 && memcmp(s, "??", 2) == 0)
		*flen = 0;
	if (*flen == 0)
		*line = 0;
}
