/*
 * sym_demangle.c: Rust's legacy hash suffix dropped, its escapes decoded
 * (sym_demangle.h).
 */
#include <string.h>

#include "sym/sym_demangle.h"
#include "base/util.h"

size_t
sym_drop_rust_hash(const char *s, size_t n)
{
	const char *h;

	if (n < 19 + 1)
		return n;
	h = s + n - 19;
	if (h[0] != ':' || h[1] != ':' || h[2] != 'h')
		return n;
	for (int i = 3; i < 19; i++) {
		char c = h[i];

		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
			return n;
	}
	return n - 19;
}

/* The escapes of the legacy mangling that stand for one character. */
static const struct {
	const char *esc;
	char	 c;
} escapes[] = {
	{ "$SP$", '@' }, { "$BP$", '*' }, { "$RF$", '&' }, { "$LT$", '<' },
	{ "$GT$", '>' }, { "$LP$", '(' }, { "$RP$", ')' }, { "$C$", ',' },
};

/*
 * One escape at s[0..n) (s[0] is '$'): its character in *c and its
 * length, or 0 when it is none (the '$' is then kept as it is).
 */
static size_t
one_escape(const char *s, size_t n, char *c)
{
	for (size_t i = 0; i < sizeof(escapes) / sizeof(escapes[0]); i++) {
		size_t l = strlen(escapes[i].esc);

		if (l <= n && memcmp(s, escapes[i].esc, l) == 0) {
			*c = escapes[i].c;
			return l;
		}
	}
	/* $uXX$: a printable ASCII character by its code. */
	if (n >= 5 && s[1] == 'u' && s[4] == '$') {
		int hi = hex_digit((unsigned char)s[2]);
		int lo = hex_digit((unsigned char)s[3]);

		if (hi >= 0 && lo >= 0 && hi * 16 + lo >= 0x20 &&
		    hi * 16 + lo < 0x7f) {
			*c = (char)(hi * 16 + lo);
			return 5;
		}
	}
	return 0;
}

size_t
sym_rust_unescape(char *s, size_t n)
{
	size_t r = 0, w = 0;

	if (memchr(s, '$', n) == NULL && memchr(s, '.', n) == NULL)
		return n;
	while (r < n) {
		char c;
		size_t l;

		/* "_$" opens a path element that starts with an escape. */
		if (s[r] == '_' && r + 1 < n && s[r + 1] == '$' &&
		    (r == 0 || (r >= 2 && s[r - 1] == ':' && s[r - 2] == ':'))) {
			r++;
			continue;
		}
		if (s[r] == '$' && (l = one_escape(s + r, n - r, &c)) > 0) {
			s[w++] = c;
			r += l;
		} else if (s[r] == '.' && r + 1 < n && s[r + 1] == '.') {
			s[w++] = ':';
			s[w++] = ':';
			r += 2;
		} else
			s[w++] = s[r++];
	}
	return w;
}
