/* sym_result.c: the per-batch answer store of sym_result.h. */
#include <stdlib.h>
#include <string.h>

#include "sym/sym_result.h"
#include "base/util.h"

void
symr_init(struct sym_results *r, size_t naddr)
{
	memset(r, 0, sizeof(*r));
	r->naddr = naddr;
	r->first = xcalloc(naddr, sizeof(*r->first));
	r->nframes = xcalloc(naddr, sizeof(*r->nframes));
}

void
symr_spread(struct sym_results *r, const size_t *pos, size_t n)
{
	size_t *first = xcalloc(n ? n : 1, sizeof(*first));
	uint32_t *nframes = xcalloc(n ? n : 1, sizeof(*nframes));

	for (size_t k = 0; k < r->naddr; k++) {
		first[pos[k]] = r->first[k];
		nframes[pos[k]] = r->nframes[k];
	}
	free(r->first);
	free(r->nframes);
	r->first = first;
	r->nframes = nframes;
	r->naddr = n;
}

void
symr_rename(struct sym_results *r, size_t k, const char *name, size_t len)
{
	r->frames[k].name = r->arena.len;
	r->frames[k].name_len = len;
	buf_add(&r->arena, name, len);
	buf_addc(&r->arena, '\0');
}

void
symr_free(struct sym_results *r)
{
	free(r->first);
	free(r->nframes);
	free(r->frames);
	buf_free(&r->arena);
	memset(r, 0, sizeof(*r));
}

void
symr_push(struct sym_results *r, const char *name, size_t nlen,
    const char *file, size_t flen, uint32_t line)
{
	struct sym_frame *f;

	xgrow(&r->frames, &r->capfr, r->nfr + 1, sizeof(*r->frames));
	f = &r->frames[r->nfr++];
	f->name = r->arena.len;
	f->name_len = nlen;
	buf_add(&r->arena, name, nlen);
	buf_addc(&r->arena, '\0');
	f->file = r->arena.len;
	f->file_len = flen;
	buf_add(&r->arena, file, flen);
	buf_addc(&r->arena, '\0');
	f->line = line;
}

void
symr_commit(struct sym_results *r, size_t i, size_t start)
{
	size_t n = r->nfr - start;

	/* Innermost first as pushed: reverse into outermost first. */
	for (size_t a = start, b = r->nfr; n > 1 && a + 1 < b; a++, b--) {
		struct sym_frame t = r->frames[a];

		r->frames[a] = r->frames[b - 1];
		r->frames[b - 1] = t;
	}
	if (i < r->naddr) {
		r->first[i] = start;
		r->nframes[i] = (uint32_t)n;
		r->answered++;
	}
}

const char *
symr_str(const struct sym_results *r, size_t off)
{
	return r->arena.s + off;
}

int
symr_unknown(const char *s, size_t n)
{
	return n == 0 || (n == 2 && memcmp(s, "??", 2) == 0);
}
