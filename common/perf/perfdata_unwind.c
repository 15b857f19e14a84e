/*
 * perfdata_unwind.c: the perf.data reader's glue to the DWARF unwinder
 * (unwind.h): a sample's user registers and stack copy unwound over the
 * mappings of its process, each file's image opened once (the vDSO's from
 * this process's own when this is the kernel that recorded), the callers
 * shown one byte before their return address as perf's unwinders show
 * them.  Part of read_perfdata.c's reader (perfdata_impl.h); may use
 * base/, perf/unwind.h and perf_dso.h.
 */
#include <sys/auxv.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "perf/perfdata_impl.h"
#include "perf/unwind.h"
#include "read/perf_dso.h"

/*
 * The call-frame information of [vdso] frames: this process's own vDSO
 * (the same image, when the recording's kernel is this one), as perf
 * unwinds them with its own.  Its size is that of its mapping.  NULL when
 * it cannot be read.
 */
static struct unw_image *
vdso_image(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char *line = NULL, err[256];
	size_t cap = 0;
	ssize_t n;
	uint64_t start = 0, end = 0;

	if (f == NULL)
		return NULL;
	while ((n = getline(&line, &cap, f)) > 0) {
		char *e;

		if (n < 7 || strstr(line, "[vdso]") == NULL)
			continue;
		start = strtoull(line, &e, 16);
		if (*e == '-')
			end = strtoull(e + 1, NULL, 16);
		break;
	}
	free(line);
	fclose(f);
	if (end <= start || end - start > 1 << 24 ||
	    start != (uint64_t)getauxval(AT_SYSINFO_EHDR))
		return NULL;
	return unw_image_open_mem((const void *)(uintptr_t)start,
	    (size_t)(end - start), "[vdso]", err, sizeof(err));
}

/* unw_lookup_fn over the current sample's process. */
static const struct unw_map *
unw_lookup(void *ctx, uint64_t addr)
{
	struct pd *pd = ctx;
	struct pd_map *m = map_find(pd, pd->cur_pid, addr);
	const struct pdso *d;
	struct dimg *di;

	if (m == NULL)
		return NULL;
	d = dso(pd, (int32_t)m->dso);
	di = &pd->dimg[m->dso];
	if (!di->tried) {
		char err[256];
		size_t n;
		const char *path = pdso_path(pd->dsos, (int32_t)m->dso, &n);

		di->tried = 1;
		if (d->kind == PDSO_FILE)
			di->img = unw_image_open(path, err, sizeof(err));
		else if (d->vdso && pd->native_kernel)
			di->img = vdso_image();
	}
	m->m.img = di->img;
	return &m->m;
}

/* The user frames of a DWARF recording's sample. */
void
unwind_user(struct pd *pd, const struct pd_attr *a, const struct pd_sample *s)
{
	struct unw_regs r;
	uint64_t vals[64];
	size_t n = s->nregs < 64 ? s->nregs : 64, got;

	for (size_t i = 0; i < n; i++)
		vals[i] = u64at(s->regs + 8 * i);
	if (unw_regs_from_perf(&r, UNW_X86_64, a->regs_user, vals, n) == -1)
		return;
	if (pd->pcs == NULL)
		pd->pcs = xreallocarray(NULL, MAX_USER_FRAMES,
		    sizeof(*pd->pcs));
	pd->cur_pid = s->pid;
	got = unw_stack(&r, s->stack, (size_t)s->stack_len, unw_lookup, pd,
	    pd->pcs, MAX_USER_FRAMES);
	/* Callers one byte back, into their call instruction (perf's). */
	for (size_t i = 0; i < got; i++)
		user_frame(pd, s->pid, i == 0 ? pd->pcs[i] : pd->pcs[i] - 1);
}
