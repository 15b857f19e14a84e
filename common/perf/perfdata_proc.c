/*
 * perfdata_proc.c: the perf.data reader's model of the processes, as the
 * records replayed in time order build it: COMM names a thread, FORK
 * copies its parent's comm and (for a new process) maps, MMAP and MMAP2
 * add a mapping to a process (the newest mapping of an address wins, as
 * perf's do; an exec does not clear them, as perf's does not), JIT code
 * (executable anonymous memory) mapped as /tmp/perf-PID.map; and the
 * lookup of an address's mapping.  Part of read_perfdata.c's reader
 * (perfdata_impl.h); may use base/ and perf_dso.h.
 */
#include <sys/mman.h>

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strtab.h"
#include "base/util.h"
#include "perf/perfdata_impl.h"
#include "read/perf_dso.h"

static uint32_t
int_id(struct strtab *t, const void *k, size_t n, int *added)
{
	return st_intern(t, k, n, added);
}

struct pd_thread *
thread_get(struct pd *pd, int32_t tid)
{
	int added;
	uint32_t id = int_id(pd->tids, &tid, 4, &added);

	if (added) {
		xgrow(&pd->threads, &pd->tcap, id + 1, sizeof(*pd->threads));
		pd->threads[id].pid = tid;
		pd->threads[id].comm = NULL;
	}
	return &pd->threads[id];
}

struct pd_proc *
proc_get(struct pd *pd, int32_t pid)
{
	int added;
	uint32_t id = int_id(pd->pids, &pid, 4, &added);

	if (added) {
		xgrow(&pd->procs, &pd->pcap, id + 1, sizeof(*pd->procs));
		memset(&pd->procs[id], 0, sizeof(pd->procs[id]));
	}
	return &pd->procs[id];
}

/* --- Dsos (perf_dso.h) --- */

int32_t
dso_id(struct pd *pd, const char *s, size_t n)
{
	int32_t id = pdso_id(pd->dsos, s, n);
	size_t old = pd->dcap;

	xgrow(&pd->dimg, &pd->dcap, (size_t)id + 1, sizeof(*pd->dimg));
	if (pd->dcap > old)
		memset(pd->dimg + old, 0, (pd->dcap - old) * sizeof(*pd->dimg));
	return id;
}

/* A NUL-terminated string at the end of a record, within n bytes. */
static size_t
rec_str(const uint8_t *p, size_t n)
{
	return strnlen((const char *)p, n);
}

void
do_comm(struct pd *pd, const uint8_t *p, size_t n)
{
	int32_t pid = (int32_t)u32at(p), tid = (int32_t)u32at(p + 4);
	struct pd_thread *t = thread_get(pd, tid);

	t->pid = pid;
	free(t->comm);
	t->comm = xmemdup((const char *)p + 8, rec_str(p + 8, n - 8));
}

void
do_fork(struct pd *pd, const uint8_t *p)
{
	int32_t pid = (int32_t)u32at(p), ppid = (int32_t)u32at(p + 4);
	int32_t tid = (int32_t)u32at(p + 8), ptid = (int32_t)u32at(p + 12);
	struct pd_thread *t, *pt;
	char *comm;

	pt = thread_get(pd, ptid);
	comm = pt->comm != NULL ? xstrdup(pt->comm) : NULL;
	t = thread_get(pd, tid);
	t->pid = pid;
	free(t->comm);
	t->comm = comm;
	if (pid != ppid) {
		struct pd_proc *pp = proc_get(pd, ppid), *np;
		struct pd_map *copy = NULL;
		size_t n = pp->n;

		if (n > 0) {
			copy = xreallocarray(NULL, n, sizeof(*copy));
			memcpy(copy, pp->maps, n * sizeof(*copy));
		}
		np = proc_get(pd, pid);	/* may move pp */
		free(np->maps);
		np->maps = copy;
		np->n = np->cap = n;
	}
}

/*
 * perf's anonymous memory (is_anon_memory, is_no_dso_memory): mapped
 * executable, it is a JIT's code, named from /tmp/perf-PID.map.
 */
static int
jit_memory(const char *s, size_t n)
{
	return (n == 6 && memcmp(s, "//anon", 6) == 0) ||
	    (n >= 9 && memcmp(s, "/dev/zero", 9) == 0) ||
	    (n >= 14 && memcmp(s, "/anon_hugepage", 14) == 0) ||
	    (n >= 6 && memcmp(s, "[stack", 6) == 0) ||
	    (n >= 5 && memcmp(s, "/SYSV", 5) == 0) ||
	    (n == 6 && memcmp(s, "[heap]", 6) == 0);
}

void
do_mmap(struct pd *pd, int type, uint8_t misc, const uint8_t *p, size_t n)
{
	int32_t pid = (int32_t)u32at(p);
	size_t fo = type == R_MMAP ? 32 : 64, fl;
	const char *file = (const char *)p + fo;
	char jit[64];
	struct pd_proc *pr;
	struct pd_map *m;
	int exec;

	fl = rec_str(p + fo, n - fo);
	if ((misc & MISC_CPUMODE) == MISC_KERNEL) {
		/* The kernel's: named from kallsyms.  Its own map,
		 * "[kernel.kallsyms]_text", holds where _text was. */
		if (pid == -1 && pd->kref[0] == '\0' && fl > 17 &&
		    fl - 17 < sizeof(pd->kref) &&
		    memcmp(file, "[kernel.kallsyms]", 17) == 0) {
			memcpy(pd->kref, file + 17, fl - 17);
			pd->kref[fl - 17] = '\0';
			pd->kref_addr = u64at(p + 24);
		}
		return;
	}
	/* MMAP records are of executable mappings; MMAP2 has the prot. */
	exec = type == R_MMAP || (u32at(p + 56) & PROT_EXEC) != 0;
	if (exec && jit_memory(file, fl)) {
		fl = (size_t)snprintf(jit, sizeof(jit), "/tmp/perf-%" PRId32
		    ".map", pid);
		file = jit;
	}
	pr = proc_get(pd, pid);
	xgrow(&pr->maps, &pr->cap, pr->n + 1, sizeof(*pr->maps));
	m = &pr->maps[pr->n++];
	memset(m, 0, sizeof(*m));
	m->m.start = u64at(p + 8);
	m->m.end = m->m.start + u64at(p + 16);
	m->m.pgoff = u64at(p + 24);
	m->dso = (uint32_t)dso_id(pd, file, fl);
}

/* The newest mapping of pid holding addr, or NULL. */
struct pd_map *
map_find(struct pd *pd, int32_t pid, uint64_t addr)
{
	int64_t k = st_find(pd->pids, (const char *)&pid, 4);
	struct pd_proc *pr;

	if (k < 0)
		return NULL;
	pr = &pd->procs[k];
	for (size_t i = pr->n; i-- > 0;)
		if (addr >= pr->maps[i].m.start && addr < pr->maps[i].m.end)
			return &pr->maps[i];
	return NULL;
}
