/* frame.c: a frame of the stream split into its parts (frame.h). */
#include <string.h>

#include "stream/frame.h"
#include "base/util.h"

/* Is s[0..n) "0x" and lowercase hex digits, as sp writes addresses? */
static int
parse_addr(const char *s, size_t n, uint64_t *addr)
{
	uint64_t v = 0;

	if (n < 3 || n > 18 || s[0] != '0' || s[1] != 'x')
		return 0;
	/* A leading zero would not come back as written. */
	if (s[2] == '0' && n > 3)
		return 0;
	for (size_t i = 2; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint64_t)(c - 'a' + 10);
		else
			return 0;
	}
	*addr = v;
	return 1;
}

void
sp_frame_split(const char *s, size_t n, struct sp_frame *fr)
{
	static const char inl[] = " (inlined)";
	const size_t il = sizeof(inl) - 1;
	const char *bang = memchr(s, '!', n);

	memset(fr, 0, sizeof(*fr));
	fr->inlined = n >= il && memcmp(s + n - il, inl, il) == 0;
	/* A library with an empty name is none (sp(5)): keep the '!'. */
	if (bang != NULL && bang > s) {
		fr->lib = s;
		fr->liblen = (size_t)(bang - s);
		s = bang + 1;
		n -= fr->liblen + 1;
	}
	if (!fr->inlined && parse_addr(s, n, &fr->addr)) {
		fr->is_addr = 1;
		fr->name = s;
		fr->namelen = n;
		return;
	}
	if (fr->inlined)
		n -= il;
	fr->name = s;
	fr->namelen = n;
	/* " @ FILE:LINE", split at the last " @ " (sp(5)). */
	for (size_t i = n; i >= 3; i--)
		if (s[i - 3] == ' ' && s[i - 2] == '@' && s[i - 1] == ' ') {
			const char *loc = s + i, *colon = NULL;
			size_t ll = n - i;
			int64_t ln;

			fr->namelen = i - 3;
			fr->file = loc;
			fr->filelen = ll;
			for (size_t k = ll; k > 0; k--)
				if (loc[k - 1] == ':') {
					colon = loc + k - 1;
					break;
				}
			if (colon != NULL && parse_i64(colon + 1,
			    (size_t)(loc + ll - colon - 1), &ln) == 0 &&
			    ln > 0) {
				fr->filelen = (size_t)(colon - loc);
				fr->line = ln;
			}
			break;
		}
}
