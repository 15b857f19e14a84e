/*
 * glob.h: shell glob patterns (fnmatch(3) without flags, on byte spans), for
 * matching escaped frames.  '*' matches any run of bytes, '?' one byte,
 * "[...]" one byte of a set ("[!...]" or "[^...]" outside it, "a-z" a range,
 * a ']' first in the set stands for itself).  A backslash is an ordinary byte,
 * so that a pattern is written as sp-aggregate prints frames ("a\;b").  A '['
 * without its ']' stands for itself.  Spans may hold NUL bytes.
 */
#ifndef SP_GLOB_H
#define SP_GLOB_H

#include <stddef.h>

/* Does s[0..n) match the pattern p[0..pn)?  1 or 0. */
int	 glob_match(const char *p, size_t pn, const char *s, size_t n);
/* Does p[0..pn) contain a '*', '?' or '['? */
int	 glob_has_magic(const char *p, size_t pn);

#endif
