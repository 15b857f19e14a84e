/* buf.c: the growable byte buffer of buf.h. */
#include <err.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/buf.h"
#include "base/util.h"

void
buf_grow(struct buf *b, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - b->len - 1)
		errx(1, "out of memory");
	need = b->len + extra + 1;
	if (b->s == NULL || need > b->cap) {
		size_t cap = b->cap < 64 ? 64 : b->cap;

		while (cap < need) {
			if (cap > SIZE_MAX / 2)
				errx(1, "out of memory");
			cap *= 2;
		}
		b->s = xreallocarray(b->s, cap, 1);
		b->cap = cap;
	}
}

void
buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		errx(1, "buf_printf: bad format");
	buf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
buf_addhex(struct buf *b, uint64_t v)
{
	char tmp[20], *p = tmp + sizeof(tmp);

	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v != 0);
	*--p = 'x';
	*--p = '0';
	buf_add(b, p, (size_t)(tmp + sizeof(tmp) - p));
}
