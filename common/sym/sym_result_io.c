/*
 * sym_result_io.c: the answers of a symbolizer as bytes and back
 * (sym_result_io.h).  Every length read is checked against what is left.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "sym/sym_result_io.h"

void
symr_put(struct buf *b, uint64_t v, int n)
{
	unsigned char c[8];

	for (int i = 0; i < n; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	buf_add(b, c, (size_t)n);
}

void
symr_encode(struct buf *b, const uint64_t *addrs, const struct sym_results *r)
{
	symr_put(b, r->naddr, 8);
	for (size_t i = 0; i < r->naddr; i++) {
		symr_put(b, addrs != NULL ? addrs[i] : i, 8);
		symr_put(b, r->nframes[i], 4);
		for (uint32_t k = 0; k < r->nframes[i]; k++) {
			const struct sym_frame *f = &r->frames[r->first[i] + k];

			symr_put(b, (uint32_t)f->name_len, 4);
			buf_add(b, symr_str(r, f->name), f->name_len);
			symr_put(b, (uint32_t)f->file_len, 4);
			buf_add(b, symr_str(r, f->file), f->file_len);
			symr_put(b, f->line, 4);
		}
	}
}

uint64_t
symr_get(struct symr_rd *d, int n)
{
	uint64_t v = 0;

	if (d->bad || d->end - d->p < n) {
		d->bad = 1;
		return 0;
	}
	for (int i = 0; i < n; i++)
		v |= (uint64_t)d->p[i] << (8 * i);
	d->p += n;
	return v;
}

static const char *
bytes(struct symr_rd *d, uint64_t n)
{
	const char *s = (const char *)d->p;

	if (d->bad || (uint64_t)(d->end - d->p) < n) {
		d->bad = 1;
		return "";
	}
	d->p += n;
	return s;
}

int
symr_decode(const unsigned char *p, size_t n, uint64_t **addrs,
    struct sym_results *r)
{
	struct symr_rd d = { p, p + n, 0 };
	uint64_t count = symr_get(&d, 8);

	/* Each address takes at least 12 bytes. */
	if (d.bad || count > (n - 8) / 12) {
		symr_init(r, 0);
		*addrs = NULL;
		return -1;
	}
	symr_init(r, (size_t)count);
	*addrs = xreallocarray(NULL, count ? count : 1, sizeof(**addrs));
	for (size_t i = 0; i < count && !d.bad; i++) {
		uint64_t nf;
		size_t start = r->nfr;

		(*addrs)[i] = symr_get(&d, 8);
		nf = symr_get(&d, 4);
		for (uint64_t k = 0; k < nf && !d.bad; k++) {
			uint64_t nl = symr_get(&d, 4);
			const char *name = bytes(&d, nl);
			uint64_t fl = symr_get(&d, 4);
			const char *file = bytes(&d, fl);
			uint32_t line = (uint32_t)symr_get(&d, 4);

			if (!d.bad)
				symr_push(r, name, (size_t)nl, file, (size_t)fl,
				    line);
		}
		r->first[i] = start;
		r->nframes[i] = (uint32_t)(r->nfr - start);
		r->answered++;
	}
	if (d.bad || d.p != d.end) {
		symr_free(r);
		symr_init(r, 0);
		free(*addrs);
		*addrs = NULL;
		return -1;
	}
	return 0;
}

void
symr_copy(struct sym_results *dst, size_t i, const struct sym_results *src,
    size_t j)
{
	size_t start = dst->nfr;

	for (uint32_t k = 0; k < src->nframes[j]; k++) {
		const struct sym_frame *f = &src->frames[src->first[j] + k];

		symr_push(dst, symr_str(src, f->name), f->name_len,
		    symr_str(src, f->file), f->file_len, f->line);
	}
	dst->first[i] = start;
	dst->nframes[i] = (uint32_t)(dst->nfr - start);
	dst->answered++;
}
