/*
 * perfdata_stack.c: the perf.data reader's frames of a sample and their
 * join into the stream's stack (perf_script.c's join_stack): a user
 * address as "FILE!0xADDR" (perf's map_ip, then sp(5)'s address by the
 * file's program headers), a JIT's named from its perf map, the vDSO's
 * and the kernel's named from their symbols, the rest "0xADDR"; root
 * first, with --annotate's and --unknown-dso's marks.  Part of
 * read_perfdata.c's reader (perfdata_impl.h); may use base/ and
 * perf_dso.h.
 */
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/util.h"
#include "perf/perf_map.h"
#include "perf/perfdata_impl.h"
#include "read/perf_dso.h"

static void
add_frame(struct pd *pd, uint64_t addr, int32_t dso, const char *sym)
{
	struct pd_frame *f;

	xgrow(&pd->fr, &pd->frcap, pd->nfr + 1, sizeof(*pd->fr));
	f = &pd->fr[pd->nfr++];
	f->addr = addr;
	f->dso = dso;
	f->sym = sym;
}

void
user_frame(struct pd *pd, int32_t pid, uint64_t ip)
{
	struct pd_map *m = map_find(pd, pid, ip);
	const struct pdso *d;
	uint64_t rel;

	if (m == NULL) {
		add_frame(pd, ip, -1, NULL);
		return;
	}
	d = dso(pd, (int32_t)m->dso);
	if (d->kind == PDSO_ANON) {
		add_frame(pd, ip, (int32_t)m->dso, NULL);
		return;
	}
	if (d->kind == PDSO_JIT) {
		/* perf maps hold run-time addresses. */
		add_frame(pd, ip, (int32_t)m->dso, has_pid_map(pd, m->dso) ?
		    perf_map_find(pd->dimg[m->dso].map, ip) : NULL);
		return;
	}
	/* perf's map_ip: the file offset; then sp(5)'s address. */
	rel = ip - m->m.start + m->m.pgoff;
	if (d->kind == PDSO_FILE)
		rel = pdso_addr(pd->dsos, (int32_t)m->dso, rel);
	add_frame(pd, rel, (int32_t)m->dso, d->vdso ? vdso_find(pd, rel) :
	    NULL);
}

void
kernel_frame(struct pd *pd, uint64_t ip)
{
	int32_t k = kfind(pd, ip);

	add_frame(pd, ip, k >= 0 && pd->ksyms[k].mod >= 0 ?
	    pd->ksyms[k].mod : pd->kdso,
	    k >= 0 ? pd->kstr.s + pd->ksyms[k].name : NULL);
}

/* The frames, root first, into pd->stack (perf_script.c's join_stack). */
void
join_stack(struct pd *pd)
{
	struct buf *b = &pd->stack;

	buf_reset(b);
	for (size_t k = pd->nfr; k-- > 0;) {
		const struct pd_frame *f = &pd->fr[k];
		const struct pdso *d = f->dso >= 0 ? dso(pd, f->dso) : NULL;
		int kern = d != NULL && d->kernel, split;

		if (b->len > 0)
			buf_addc(b, ';');
		split = f->sym != NULL && d->kind == PDSO_JIT &&
		    strstr(f->sym, "->") != NULL;
		if (split)
			jit_inlined(pd, f, b);
		else if (f->sym != NULL) {
			pdso_prefix(pd->dsos, f->dso, b);
			esc_append(b, f->sym, strlen(f->sym));
		} else if (pd->o->unknown_dso && d != NULL) {
			size_t n;
			const char *p = pdso_path(pd->dsos, f->dso, &n);

			pdso_announce(pd->dsos, f->dso);
			buf_addc(b, '[');
			esc_append(b, p + d->base, n - d->base);
			buf_addc(b, ']');
		} else if (pd->o->unknown_dso)
			buf_add(b, "[unknown]", 9);
		else {
			if (d != NULL && !kern && d->kind == PDSO_FILE &&
			    f->addr < (1ULL << 32))
				pdso_prefix(pd->dsos, f->dso, b);
			buf_addhex(b, f->addr);
		}
		if (pd->o->annotate && !split) {
			if (kern)
				buf_add(b, "_[k]", 4);
			else if (d != NULL && d->kind == PDSO_JIT)
				buf_add(b, "_[j]", 4);
		}
	}
}
