/*
 * shorten.c: frame names for tables that people read (sp-top, sp-tree).
 * Long names are shortened to the width available keeping their
 * informative end: paths inside generic arguments are cut to their last
 * segment, then leading path segments are dropped (a::b::c::f becomes
 * …::c::f), then generic arguments collapse to <…>.
 */
#include <sys/ioctl.h>

#include <err.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/escape.h"
#include "agg/shorten.h"
#include "base/util.h"

#define ELLIPSIS	"\xe2\x80\xa6"	/* U+2026, one column */

size_t
text_cols(const char *s, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			w++;
	return w;
}

static int
is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/* The index of the '>' closing the '<' at s[i], or n when unmatched. */
static size_t
close_angle(const char *s, size_t n, size_t i)
{
	int depth = 0;

	for (; i < n; i++) {
		if (s[i] == '<')
			depth++;
		else if (s[i] == '>' && !(i > 0 && s[i - 1] == '-')) {
			if (--depth == 0)
				return i;
		}
	}
	return n;
}

/* Copy s to out with every generic argument list f<...> made f<…>. */
static void
collapse_generics(struct buf *out, const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t j;

		if (s[i] == '<' && i > 0 && is_ident((unsigned char)s[i - 1]) &&
		    (j = close_angle(s, n, i)) < n) {
			buf_adds(out, "<" ELLIPSIS ">");
			i = j + 1;
			continue;
		}
		buf_addc(out, s[i++]);
	}
}

/*
 * The start of the shortest tail of s[0..n) that begins after a "::" at
 * bracket depth 0 and fits in avail columns with "…::" before it; 0 when
 * none fits.
 */
static size_t
path_tail(const char *s, size_t n, size_t avail)
{
	int depth = 0;
	size_t best = 0;

	for (size_t i = 0; i + 1 < n; i++) {
		switch (s[i]) {
		case '<': case '(': case '[': case '{':
			depth++;
			break;
		case '>':
			if (i > 0 && s[i - 1] == '-')
				break;
			/* FALLTHROUGH */
		case ')': case ']': case '}':
			if (depth > 0)
				depth--;
			break;
		case ':':
			if (depth == 0 && s[i + 1] == ':') {
				size_t start = i + 2;

				if (text_cols(s + start, n - start) + 3 <= avail)
					return start;
				best = start;
				i++;
			}
			break;
		}
	}
	return best;
}

/*
 * Copy s to out with the path of every name inside brackets cut to its last
 * segment: <alloc::vec::Vec<T> as core::fmt::Debug> becomes <Vec<T> as
 * Debug>.
 */
static void
strip_inner_paths(struct buf *out, const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; ) {
		if (depth > 0 && is_ident((unsigned char)s[i]) &&
		    (i == 0 || !is_ident((unsigned char)s[i - 1]))) {
			size_t j = i;

			while (j < n && is_ident((unsigned char)s[j]))
				j++;
			if (j + 1 < n && s[j] == ':' && s[j + 1] == ':' &&
			    j + 2 < n && s[j + 2] != ':') {
				i = j + 2;	/* a path segment: drop it */
				continue;
			}
			buf_add(out, s + i, j - i);
			i = j;
			continue;
		}
		if (s[i] == '<' || s[i] == '(' || s[i] == '[')
			depth++;
		else if ((s[i] == '>' && !(i > 0 && s[i - 1] == '-')) ||
		    s[i] == ')' || s[i] == ']') {
			if (depth > 0)
				depth--;
		}
		buf_addc(out, s[i++]);
	}
}

/*
 * Append the display form of name[0..n) (unescaped, no library) to out,
 * shortened to avail columns when avail > 0.
 */
static void
shorten(struct buf *out, const char *name, size_t n, size_t avail)
{
	struct buf st = { 0 }, g = { 0 };
	const struct buf *cand[2];
	size_t start = 0;

	if (avail == 0 || text_cols(name, n) <= avail) {
		buf_add(out, name, n);
		return;
	}
	/* Candidates, best first: inner paths cut, then generics collapsed. */
	buf_grow(&st, n);
	strip_inner_paths(&st, name, n);
	buf_grow(&g, n);
	collapse_generics(&g, st.s, st.len);
	cand[0] = &st;
	cand[1] = &g;
	for (size_t c = 0; c < SP_NELEM(cand); c++) {
		const struct buf *b = cand[c];

		if (text_cols(b->s, b->len) <= avail) {
			buf_add(out, b->s, b->len);
			goto done;
		}
		start = path_tail(b->s, b->len, avail);
		if (start > 0 && text_cols(b->s + start, b->len - start) + 3 <=
		    avail) {
			buf_adds(out, ELLIPSIS "::");
			buf_add(out, b->s + start, b->len - start);
			goto done;
		}
	}
	/* Even the last segment is too long: keep its end. */
	{
		const char *end = g.s + g.len, *p = end;
		size_t w = 0;

		while (p > g.s && w + 1 < avail) {
			p--;
			if (((unsigned char)*p & 0xc0) != 0x80)
				w++;
		}
		buf_adds(out, ELLIPSIS);
		buf_add(out, p, (size_t)(end - p));
	}
done:
	buf_free(&st);
	buf_free(&g);
}

void
display_name(struct buf *out, const char *frame, size_t n, int no_lib,
    size_t width)
{
	struct buf u = { 0 };
	const char *bang = memchr(frame, '!', n);
	size_t liblen = 0, avail = 0;

	buf_grow(&u, n);
	if (unesc_append(&u, frame, n) == -1) {
		buf_reset(&u);
		buf_add(&u, frame, n);
	}
	/* Tabs, newlines and other controls would break the table. */
	for (size_t i = 0; i < u.len; i++)
		if ((unsigned char)u.s[i] < 0x20 || u.s[i] == 0x7f)
			u.s[i] = ' ';
	if (bang != NULL) {
		bang = memchr(u.s, '!', u.len);
		liblen = (size_t)(bang - u.s) + 1;
	}
	if (!no_lib)
		buf_add(out, u.s, liblen);
	if (width > 0) {
		size_t used = no_lib ? 0 : text_cols(u.s, liblen);

		avail = width > used + 2 ? width - used : 2;
	}
	shorten(out, u.s + liblen, u.len - liblen, avail);
	buf_free(&u);
}

size_t
name_width(long long opt_cols, int wide, size_t used)
{
	long long c = 0;
	const char *env, *errstr;
	struct winsize ws;

	if (wide)
		return 0;
	if (opt_cols > 0)
		c = opt_cols;
	else if ((env = getenv("COLUMNS")) != NULL && *env != '\0' &&
	    (c = strtonum(env, 1, MAX_COLS, &errstr), errstr == NULL))
		;
	else if (isatty(STDOUT_FILENO) &&
	    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		c = ws.ws_col;
	else
		return 0;
	if ((size_t)c < used + MIN_NAME_COLS)
		return MIN_NAME_COLS;
	return (size_t)c - used;
}

long long
width_arg(const char *arg)
{
	const char *errstr;
	long long c;

	c = strtonum(arg, 1, MAX_COLS, &errstr);
	if (errstr != NULL)
		errx(1, "--width: %s is %s", arg, errstr);
	return c;
}
