/*
 * perf_script_stack.c: a perf script record's frames joined into the
 * stream's stack, root first: an inlined frame's library worked out (see
 * perf_script.c's head comment), an unknown symbol's address turned into
 * sp(5)'s, --annotate's and --unknown-dso's marks.  Part of
 * perf_script.c's reader (perf_script_impl.h); may use base/ and
 * perf_dso.h.
 */
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/util.h"
#include "read/perf_dso.h"
#include "read/perf_script_impl.h"

/* A user-space address (x86-64 and aarch64 kernels live in the top half). */
#define USER_ADDR(a)	((a) < 0x8000000000000000ULL)

/* Widen each dso's span by the current record's real frames. */
static void
note_spans(struct ps *ps)
{
	for (size_t k = 0; k < ps->nfr; k++) {
		const struct pframe *f = &ps->fr[k];
		size_t id = (size_t)f->dso;

		if (f->inlined || !f->has_addr || f->dso < 0)
			continue;
		if (id >= ps->nspans) {
			size_t n = ps->nspans;

			xgrow(&ps->spans, &ps->nspans, id + 1,
			    sizeof(*ps->spans));
			for (; n < ps->nspans; n++) {
				ps->spans[n].lo = UINT64_MAX;
				ps->spans[n].hi = 0;
			}
		}
		if (f->addr < ps->spans[id].lo)
			ps->spans[id].lo = f->addr;
		if (f->addr > ps->spans[id].hi)
			ps->spans[id].hi = f->addr;
	}
}

/* Is lib's side (kernel or user) that of frame f's address? */
static int
same_side(struct ps *ps, int32_t lib, const struct pframe *f)
{
	if (lib < 0)
		return 0;
	if (!f->has_addr)
		return 1;
	return !pdso_get(ps->dsos, lib)->kernel_like == USER_ADDR(f->addr);
}

/*
 * The library of inlined frame k (see the head comment), or -1: that of
 * the real frame at its address, of the one span holding it, of the next
 * real frame rootward, or leafward, on the same side (kernel or user) as
 * the address.
 */
static int32_t
inlined_dso(struct ps *ps, size_t k)
{
	const struct pframe *f = &ps->fr[k];
	int32_t lib = -1;
	size_t j;

	for (j = k + 1; j < ps->nfr; j++)
		if (!ps->fr[j].inlined && ps->fr[j].has_addr &&
		    ps->fr[j].addr == f->addr)
			return ps->fr[j].dso;
	for (j = 0; j < ps->nspans; j++)
		if (ps->spans[j].lo <= f->addr && f->addr <= ps->spans[j].hi) {
			if (lib >= 0) {
				lib = -1;	/* two spans: no answer */
				break;
			}
			lib = (int32_t)j;
		}
	if (same_side(ps, lib, f))
		return lib;
	for (j = k + 1; j < ps->nfr; j++)
		if (!ps->fr[j].inlined) {
			if (same_side(ps, ps->fr[j].dso, f))
				return ps->fr[j].dso;
			break;
		}
	for (j = k; j-- > 0;)
		if (!ps->fr[j].inlined) {
			if (same_side(ps, ps->fr[j].dso, f))
				return ps->fr[j].dso;
			break;
		}
	return -1;
}

/* The stack of the current record, root first, into ps->stack. */
void
ps_join_stack(struct ps *ps)
{
	const struct perf_opts *o = ps->o;
	struct buf *b = &ps->stack;

	buf_reset(b);
	note_spans(ps);
	for (size_t k = ps->nfr; k-- > 0;) {
		struct pframe *f = &ps->fr[k];
		const char *sym = ps->arena.s + f->sym;
		int32_t lib = f->dso;
		const struct pdso *d = lib >= 0 ? pdso_get(ps->dsos, lib) :
		    NULL;
		int inl = f->inlined || f->jit_inl;

		if (b->len > 0)
			buf_addc(b, ';');
		if (f->inlined) {
			lib = inlined_dso(ps, k);
			d = lib >= 0 ? pdso_get(ps->dsos, lib) : NULL;
		}
		if (f->unknown) {
			if (o->unknown_dso) {
				if (d != NULL) {
					size_t n;
					const char *p = pdso_path(ps->dsos,
					    lib, &n);

					pdso_announce(ps->dsos, lib);
					buf_addc(b, '[');
					esc_append(b, p + d->base, n - d->base);
					buf_addc(b, ']');
				} else
					buf_add(b, "[unknown]", 9);
			} else if (f->has_addr) {
				/*
				 * perf 4 and later print user-space addresses
				 * relative to the dso (its file offsets):
				 * sp(5)'s address for sp-symbolize.
				 */
				uint64_t a = f->addr;

				if (d != NULL && d->kind == PDSO_FILE &&
				    !d->kernel_like && f->addr < (1ULL << 32) &&
				    !ps->old_perf) {
					a = pdso_addr(ps->dsos, lib, a);
					pdso_prefix(ps->dsos, lib, b);
				}
				buf_addhex(b, a);
			} else
				buf_add(b, "[unknown]", 9);
		} else {
			if (d != NULL)
				pdso_prefix(ps->dsos, lib, b);
			ps_add_symbol(ps, b, sym, f->symlen);
			if (f->srclen > 0) {
				buf_add(b, " @ ", 3);
				esc_append(b, ps->arena.s + f->src, f->srclen);
			}
			if (inl && !o->annotate && !(o->tidy && f->jit_inl))
				buf_add(b, " (inlined)", 10);
		}
		/* inferno marks perf-map-agent's inlining with _[i] always. */
		if (o->annotate || (o->tidy && f->jit_inl)) {
			if (inl)
				buf_add(b, "_[i]", 4);
			else if (d != NULL && d->kernel_like)
				buf_add(b, "_[k]", 4);
			else if (d != NULL && d->kind == PDSO_JIT)
				buf_add(b, "_[j]", 4);
		}
	}
}
