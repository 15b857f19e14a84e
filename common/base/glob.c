/*
 * glob.c: shell glob matching on byte spans (glob.h).
 *
 * The classic greedy algorithm with one backtrack point: on a mismatch after
 * a '*', the star takes one more byte and matching resumes there.  A later
 * star makes the earlier one's backtracking unnecessary, so the work is
 * O(pn * n) at worst and needs no recursion.
 */
#include <ctype.h>
#include <string.h>

#include "base/glob.h"

/*
 * Whether c is of the character class named p[0..n) ("alpha"...): 1 or 0,
 * -1 for a name that is none (fnmatch(3) then matches nothing).
 */
static int
in_class(const char *p, size_t n, unsigned char c)
{
	static const struct {
		const char *name;
		int (*is)(int);
	} cls[] = {
		{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank },
		{ "cntrl", iscntrl }, { "digit", isdigit }, { "graph", isgraph },
		{ "lower", islower }, { "print", isprint }, { "punct", ispunct },
		{ "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
	};

	for (size_t k = 0; k < sizeof(cls) / sizeof(cls[0]); k++)
		if (strlen(cls[k].name) == n && memcmp(cls[k].name, p, n) == 0)
			return cls[k].is(c) != 0;
	return -1;
}

/*
 * Match the set that starts at p[0] == '[' against byte c.  Returns the
 * length of the set in the pattern and sets *hit, or 0 when the set has no
 * closing ']' (the '[' is then an ordinary byte).
 */
static size_t
match_set(const char *p, size_t pn, unsigned char c, int *hit)
{
	size_t i = 1;
	int neg = 0, in = 0;

	if (i < pn && (p[i] == '!' || p[i] == '^')) {
		neg = 1;
		i++;
	}
	for (size_t first = i; i < pn; i++) {
		unsigned char lo = (unsigned char)p[i], hi = lo;

		if (p[i] == ']' && i > first) {
			*hit = in != neg;
			return i + 1;
		}
		/*
		 * "[:name:]", "[=c=]" and "[.c.]", as fnmatch(3) reads them;
		 * one left open makes the whole set invalid there too, so the
		 * first '[' is an ordinary byte (the fuzzer found "[Q[=x]").
		 */
		if (p[i] == '[' && i + 1 < pn &&
		    (p[i + 1] == ':' || p[i + 1] == '=' || p[i + 1] == '.')) {
			char kind = p[i + 1];
			size_t j = i + 2, end;

			while (j + 1 < pn && !(p[j] == kind && p[j + 1] == ']'))
				j++;
			if (j + 1 >= pn)
				return 0;
			end = j;
			if (kind == ':') {
				int is = in_class(p + i + 2, end - (i + 2), c);

				if (is == -1)
					return 0;
				if (is)
					in = 1;
			} else if (end - (i + 2) == 1) {
				if ((unsigned char)p[i + 2] == c)
					in = 1;
			} else
				return 0;
			i = end + 1;
			continue;
		}
		if (i + 2 < pn && p[i + 1] == '-' && p[i + 2] != ']') {
			hi = (unsigned char)p[i + 2];
			i += 2;
		}
		if (lo <= c && c <= hi)
			in = 1;
	}
	return 0;
}

int
glob_match(const char *p, size_t pn, const char *s, size_t n)
{
	size_t pi = 0, si = 0, star_p = 0, star_s = 0;
	int have_star = 0;

	while (si < n) {
		if (pi < pn) {
			size_t len;
			int hit;

			switch (p[pi]) {
			case '*':
				have_star = 1;
				star_p = ++pi;
				star_s = si;
				continue;
			case '?':
				pi++;
				si++;
				continue;
			case '[':
				len = match_set(p + pi, pn - pi,
				    (unsigned char)s[si], &hit);
				if (len > 0) {
					if (!hit)
						break;
					pi += len;
					si++;
					continue;
				}
				/* No ']': an ordinary '['. */
				/* FALLTHROUGH */
			default:
				if (p[pi] == s[si]) {
					pi++;
					si++;
					continue;
				}
				break;
			}
		}
		if (!have_star)
			return 0;
		pi = star_p;
		si = ++star_s;
	}
	while (pi < pn && p[pi] == '*')
		pi++;
	return pi == pn;
}

int
glob_has_magic(const char *p, size_t pn)
{
	for (size_t i = 0; i < pn; i++)
		if (p[i] == '*' || p[i] == '?' || p[i] == '[')
			return 1;
	return 0;
}
