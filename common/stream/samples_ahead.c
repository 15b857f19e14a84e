/* samples_ahead.c: sample lines split and looked up ahead (samples_ahead.h). */
#include <stdlib.h>
#include <string.h>

#include "stream/samples_ahead.h"

#define SA_AHEAD	16

#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/*
 * The first tab of p[0..end), or end: eight bytes a step where eight
 * remain (a byte equal to a tab is a zero byte of w ^ tabs; the lowest
 * flagged byte is exact, whatever the borrows above it), as the short
 * fields before the stack (names, ids, numbers) are a few words each.
 */
static inline const char *
find_tab(const char *p, const char *end)
{
	while (end - p >= 8) {
		uint64_t w, m;

		memcpy(&w, p, 8);
		w ^= ONES * '\t';
		m = (w - ONES) & ~w & HIGHS;
		if (m != 0) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			return p + (__builtin_ctzll(m) >> 3);
#else
			return p + (__builtin_clzll(m) >> 3);
#endif
		}
		p += 8;
	}
	while (p < end && *p != '\t')
		p++;
	return p;
}

/* Split a line ahead of its turn and start loading its table slot. */
static void
split(const struct samples_ahead_ops *ops, struct sample_ahead *h)
{
	const char *p = h->line, *end = h->line + h->len, *q;
	struct field *f = h->f;

	h->ok = 0;
	if (h->len == 0 || p[0] == '#')
		return;
	for (int k = 0; k < F_STACK; k++) {
		q = find_tab(p, end);
		if (q == end)
			return;
		f[k].s = p;
		f[k].len = (size_t)(q - p);
		p = q + 1;
	}
	h->nf = SAMPLE_NFIELDS;
	for (q = end; q > p && end - q < 19 && (unsigned char)q[-1] - '0' < 10;
	    q--)
		continue;
	if (q > p && q < end && q[-1] == '\t') {
		f[F_SAMPLES].s = q;
		f[F_SAMPLES].len = (size_t)(end - q);
		end = q - 1;
		h->nf = SAMPLE_MAXFIELDS;
	}
	f[F_STACK].s = p;
	f[F_STACK].len = (size_t)(end - p);
	h->ok = 1;
	if (f[F_STACK].len == 0)
		return;
	h->hash = hash_bytes(p, f[F_STACK].len);
	st_prefetch_slot(ops->stacks, h->hash);
}

/* The slot of a split line is in: start loading its stack and data. */
static void
prefetch(const struct samples_ahead_ops *ops, const struct sample_ahead *h)
{
	int64_t id;

	if (!h->ok || h->f[F_STACK].len == 0)
		return;
	id = st_prefetch_str(ops->stacks, h->hash, h->f[F_STACK].len);
	if (id >= 0 && ops->prefetch != NULL)
		ops->prefetch(ops->arg, (uint32_t)id);
}

void
samples_ahead_read(struct lreader *lr, const struct samples_ahead_ops *ops)
{
	struct sample_ahead ah[SA_AHEAD];
	char *line;
	long long n = -1;

	for (;;) {
		const char *p, *end, *nl;
		size_t k, m = 0, avail = lr_peek(lr, &p);

		/*
		 * lr_take hands out these lines without moving the buffer,
		 * as each one's newline is in it.
		 */
		end = p + avail;
		while (ops->fast != NULL && m < SA_AHEAD && p < end &&
		    (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
			ah[m].line = p;
			ah[m].len = (size_t)(nl - p);
			split(ops, &ah[m++]);
			p = nl + 1;
		}
		for (k = 0; k < m; k++)
			prefetch(ops, &ah[k]);
		for (k = 0; k < m; k++) {
			/* Each newline was found above: not scanned again. */
			if ((line = lr_take(lr, ah[k].line, ah[k].len)) == NULL)
				break;	/* a read error: lr_next says so */
			if (!ah[k].ok || ops->fast(ops->arg, lr, &ah[k]) == -1)
				ops->line(ops->arg, lr, line, ah[k].len);
		}
		if (m > 0 && k == m)
			continue;
		/*
		 * No whole line held (a long one, the last), no fast path, or
		 * the reader failed.
		 */
		if ((n = lr_next(lr, &line)) < 0)
			break;
		ops->line(ops->arg, lr, line, (size_t)n);
	}
	if (n == -2)
		exit(1);
}
