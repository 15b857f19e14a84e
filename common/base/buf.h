/*
 * buf.h: a growable byte buffer (git's strbuf, reduced).  b->s is always
 * NUL-terminated after a call that changes it.
 */
#ifndef SP_BUF_H
#define SP_BUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct buf {
	char	*s;
	size_t	 len;
	size_t	 cap;
};

void	 buf_grow(struct buf *, size_t extra);
void	 buf_free(struct buf *);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* "0x" and v in lowercase hex, without printf (a frame's address). */
void	 buf_addhex(struct buf *, uint64_t v);

static inline void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

static inline void
buf_add(struct buf *b, const void *p, size_t n)
{
	if (b->cap - b->len <= n || b->s == NULL)
		buf_grow(b, n);
	if (n > 0)
		memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static inline void
buf_addc(struct buf *b, int c)
{
	if (b->cap - b->len <= 1 || b->s == NULL)
		buf_grow(b, 1);
	b->s[b->len++] = (char)c;
	b->s[b->len] = '\0';
}

static inline void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

#endif
