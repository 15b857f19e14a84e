/* escape.c: the escaping rules of sp(5); see escape.h. */
#include <string.h>

#include "base/escape.h"

int
needs_escape(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		switch (s[i]) {
		case '\\': case '\t': case '\n': case ';':
			return 1;
		}
	return 0;
}

void
esc_append(struct buf *b, const char *s, size_t n)
{
	size_t i, start = 0;

	for (i = 0; i < n; i++) {
		const char *rep;

		switch (s[i]) {
		case '\\': rep = "\\\\"; break;
		case '\t': rep = "\\t"; break;
		case '\n': rep = "\\n"; break;
		case ';': rep = "\\;"; break;
		default: continue;
		}
		buf_add(b, s + start, i - start);
		buf_add(b, rep, 2);
		start = i + 1;
	}
	buf_add(b, s + start, n - start);
}

int
unesc_append(struct buf *b, const char *s, size_t n)
{
	size_t i, start = 0;

	for (i = 0; i < n; i++) {
		char c;

		if (s[i] != '\\')
			continue;
		if (i + 1 >= n)
			return -1;
		switch (s[i + 1]) {
		case '\\': c = '\\'; break;
		case 't': c = '\t'; break;
		case 'n': c = '\n'; break;
		case ';': c = ';'; break;
		case '#': c = '#'; break;
		default: return -1;
		}
		buf_add(b, s + start, i - start);
		buf_addc(b, c);
		start = i + 2;
		i++;
	}
	buf_add(b, s + start, n - start);
	return 0;
}

void
fold_append(struct buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < n) {
			switch (s[++i]) {
			case 't': case 'n': c = ' '; break;
			case ';': c = ':'; break;
			default: c = s[i]; break;
			}
		}
		buf_addc(b, c);
	}
}

const char *
frame_end(const char *s, const char *end)
{
	for (;;) {
		const char *p = memchr(s, ';', (size_t)(end - s));
		const char *q;
		size_t bs = 0;

		if (p == NULL)
			return end;
		/* A ';' is escaped when an odd number of backslashes precede it. */
		for (q = p; q > s && q[-1] == '\\'; q--)
			bs++;
		if (bs % 2 == 0)
			return p;
		s = p + 1;
	}
}

int
esc_valid(const char *s, size_t n)
{
	const char *p = s, *end = s + n;

	while ((p = memchr(p, '\\', (size_t)(end - p))) != NULL) {
		if (p + 1 >= end)
			return 0;
		switch (p[1]) {
		case '\\': case 't': case 'n': case ';':
			break;
		default:
			return 0;
		}
		p += 2;
	}
	return 1;
}
