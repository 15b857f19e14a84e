/*
 * read_perfdata.c: perf.data (perf record's file) in, the sample stream of
 * sp(5) out: the same stream as
 *
 *	perf script -F PERF_SCRIPT_FIELDS --no-inline | sp-flatten -
 *
 * after sp-flamegraph's --internal-perf-filter, without perf script.  For
 * a DWARF recording (--call-graph dwarf) perf script spends most of its
 * time unwinding the copied user stacks; here unwind.h does it, with the
 * rule of each address worked out once.
 *
 * The file (file mode, little-endian, as perf record writes it):
 *
 *	header		"PERFILE2", its size, the attrs and data sections,
 *			the feature bitmap
 *	attrs		perf_event_attr + the section of its sample ids
 *	data		records: u32 type, u16 misc, u16 size, body
 *	features	one section per feature bit after the data
 *			(EVENT_DESC: the events' names; ARCH)
 *
 * Records are read in time order (perf script's order: perf writes them
 * per CPU buffer, sorted only within rounds), so a sample sees the comm
 * and maps of its thread at that time.  COMM names a thread, FORK copies
 * its parent's comm and (for a new process) maps, MMAP and MMAP2 add a
 * mapping to a process (the newest mapping of an address wins, as perf's
 * do; an exec does not clear them, as perf's does not); every other
 * record is skipped by its size.
 *
 * A sample's frames, leaf first: the kernel part of PERF_SAMPLE_CALLCHAIN
 * (the PERF_CONTEXT_* markers say which part is which), named from
 * /proc/kallsyms as perf names them when this is the kernel that recorded
 * (the ARCH and OSRELEASE features agree); then the user part: the
 * callchain's own for frame-pointer recordings, or the unwinding of the
 * sample's user registers and stack copy for DWARF ones, whose callers are
 * looked up and shown one byte before their return address, as perf's
 * unwinders do (frame-pointer callchains are shown as they are, as perf
 * shows them).  A user address in a file mapping becomes "FILE!0xADDR"
 * for sp-symbolize to name, ADDR the address of sp(5): perf's map_ip
 * (address - start + offset, a file offset) turned into an address by
 * the file's program headers (perf_dso.h; the BUILD_ID feature says
 * which file was recorded).  A JIT's code (anonymous executable memory)
 * is named from its /tmp/perf-PID.map (perf_map.h) as "perf-PID.map!NAME",
 * and the DWARF unwinder steps past it by the frame pointer; other pseudo
 * mappings ([vdso], //anon, [heap]), code the map does not name and
 * addresses outside every mapping stay "0xADDR".
 *
 * Processes, threads, times and units are named as perf_script.c names
 * them from perf script's text (the process after its main thread's comm
 * in its samples, times in ms since the first sample from perf's
 * microsecond time stamps, cpu = period for cpu-clock and task-clock, the
 * first event's samples only, or --event's).
 *
 * An off-CPU recording (sched:sched_switch with call chains beside
 * cpu-clock samples, and switch events) is read as wall time: its
 * switch-outs, switch-ins, exits and losses go to offcpu.h, which turns
 * each interval off CPU into a sample (the hooks marked "offcpu.h").
 *
 * The reader's files, one job each (perfdata_impl.h is what they share):
 * this one the driver (the passes, the samples into the stream, the
 * naming of threads and events); perfdata_header.c the header, attrs and
 * features; perfdata_scan.c the records' scan and the samples' decoding;
 * perfdata_proc.c the processes (comm, fork, mmap, map lookup);
 * perfdata_stack.c a sample's frames and their join; perfdata_unwind.c
 * the DWARF unwinder's glue; perfdata_jit.c JIT maps; perfdata_ksym.c the
 * kernel's and vDSO's symbols; perfdata_offcpu.c off-CPU recordings.
 *
 * Every offset and size is checked before it is used; a file that fails a
 * check gets one message naming the byte offset, and nothing is written
 * (the whole file is checked in a first pass).  Refused, with a message
 * saying why: another byte order, pipe mode (perf record -o -), compressed
 * records (perf record -z), another architecture than this one for a DWARF
 * recording.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/escape.h"
#include "base/input.h"
#include "read/offcpu.h"
#include "perf/read_perfdata.h"
#include "read/reader.h"
#include "stream/stream.h"
#include "base/strtab.h"
#include "base/util.h"
#include "perf/perf_map.h"
#include "read/perf_dso.h"

#include "perf/perfdata_impl.h"

/* The sw_thread of key k of pd->threadkeys ("pid\0tid\0comm\0process"). */
static struct sw_thread *
sw_thread_of_key(struct pd *pd, uint32_t k)
{
	size_t n;
	const char *pid = st_str(pd->threadkeys, k, &n);
	const char *tid = pid + strlen(pid) + 1;
	const char *comm = tid + strlen(tid) + 1;
	const char *proc = comm + strlen(comm) + 1;

	return sw_thread(pd->w, proc, pid, comm, tid);
}

/* perf_script.c's naming: the process after its main thread's comm. */
static struct sw_thread *
thread_of(struct pd *pd, const struct pd_sample *s, const char *comm)
{
	char pid[16], tid[16];
	const char *proc = comm;
	size_t pl, tl, cl = strlen(comm), prl;
	int added;
	uint32_t id;
	int64_t k;

	pl = (size_t)snprintf(pid, sizeof(pid), "%" PRId32, s->pid);
	tl = (size_t)snprintf(tid, sizeof(tid), "%" PRId32, s->tid);
	if (s->pid == s->tid) {
		id = st_intern(pd->mainpids, pid, pl, &added);
		xgrow(&pd->mains, &pd->mcap, id + 1, sizeof(*pd->mains));
		if (added)
			pd->mains[id] = NULL;
		if (pd->mains[id] == NULL || strcmp(pd->mains[id], comm) != 0) {
			free(pd->mains[id]);
			pd->mains[id] = xstrdup(comm);
		}
	}
	k = st_find(pd->mainpids, pid, pl);
	if (k >= 0 && pd->mains[k] != NULL)
		proc = pd->mains[k];
	prl = strlen(proc);
	buf_reset(&pd->key);
	buf_add(&pd->key, pid, pl);
	buf_addc(&pd->key, '\0');
	buf_add(&pd->key, tid, tl);
	buf_addc(&pd->key, '\0');
	buf_add(&pd->key, comm, cl);
	buf_addc(&pd->key, '\0');
	buf_add(&pd->key, proc, prl);
	id = st_intern(pd->threadkeys, pd->key.s, pd->key.len, &added);
	if (added) {
		xgrow(&pd->tptr, &pd->tpcap, id + 1, sizeof(*pd->tptr));
		pd->tptr[id] = sw_thread_of_key(pd, id);
		/*
		 * sw_thread's threads live in an array that grows: when the
		 * new one moved it, the pointers kept are refreshed.
		 */
		if (pd->tptr[id] != NULL && pd->first_t >= 0 &&
		    sw_thread_of_key(pd, (uint32_t)pd->first_t) !=
		    pd->tptr[pd->first_t])
			for (uint32_t j = 0; j < id; j++)
				pd->tptr[j] = sw_thread_of_key(pd, j);
		if (pd->tptr[id] != NULL && pd->first_t < 0)
			pd->first_t = (int64_t)id;
	}
	pd->cur_key = id;
	return pd->tptr[id];
}

/*
 * Is this attr's event the one kept (perf_script.c's ps_event_kept)?  The
 * first one kept writes #event and #units.
 */
static int
pd_event_kept(struct pd *pd, struct pd_attr *a)
{
	const char *want = pd->o->event, *name = a->name;
	size_t n = strlen(name), bn = perf_event_base(name, n);

	if (pd->event != NULL)
		return a == pd->event || strcmp(a->name, pd->event->name) == 0;
	if (want != NULL) {
		size_t wl = strlen(want);

		if (!((wl == n && memcmp(want, name, n) == 0) ||
		    (wl == bn && memcmp(want, name, bn) == 0)))
			return 0;
	}
	pd->event = a;
	pd->event_name = name;
	pd->event_time = (bn == 9 && memcmp(name, "cpu-clock", 9) == 0) ||
	    (bn == 10 && memcmp(name, "task-clock", 10) == 0);
	{
		struct buf h = {0};

		buf_adds(&h, "#event\t");
		esc_append(&h, name, n);
		sw_header(pd->w, h.s);
		buf_free(&h);
	}
	if (pd->oc != NULL)
		sw_units(pd->w, OFFCPU_WEIGHT_TYPE, "ns");
	else
		sw_units(pd->w, pd->o->period_weight ? (pd->event_time ? "ns" :
		    "period") : "samples", pd->event_time ? "ns" : "none");
	return 1;
}

static void
do_sample(struct pd *pd, const struct pd_sample *s, struct pd_attr *a)
{
	struct pd_thread *t;
	char dflt[16];
	const char *comm;
	struct sw_thread *swt;
	double ms;
	int64_t weight = 1, cpu = -1;
	uint64_t us;
	int dwarf;

	/* perf script prints times in microseconds. */
	us = s->time / 1000;
	if (!pd->have_t0) {
		pd->have_t0 = 1;
		pd->t0 = us;
	}
	if (a != pd->oc_attr && !pd_event_kept(pd, a)) {
		pd->skipped++;
		return;
	}
	ms = (double)(int64_t)(us - pd->t0) * 1000 / 1e6;
	t = thread_get(pd, s->tid);
	comm = t->comm;
	if (comm == NULL) {
		snprintf(dflt, sizeof(dflt), ":%" PRId32, s->tid);
		comm = dflt;
	}
	swt = thread_of(pd, s, comm);
	if (swt == NULL || !sw_time_ok(pd->w, ms))
		return;
	pd->nfr = 0;
	/*
	 * A DWARF recording's callchain holds the kernel part only (perf
	 * records it with exclude_callchain_user); its user part is unwound.
	 */
	dwarf = (a->sample_type & (S_REGS_USER | S_STACK_USER)) ==
	    (S_REGS_USER | S_STACK_USER);
	if (s->chain != NULL) {
		int kern = 0, user = 0;

		for (uint64_t i = 0; i < s->nchain; i++) {
			uint64_t ip = u64at(s->chain + 8 * i);

			if (ip >= CTX_MAX) {
				kern = ip == CTX_KERNEL;
				user = ip == CTX_USER;
				continue;
			}
			if (kern)
				kernel_frame(pd, ip);
			else if (user && !dwarf)
				user_frame(pd, s->pid, ip);
		}
	} else if ((s->misc & MISC_CPUMODE) == MISC_KERNEL)
		kernel_frame(pd, s->ip);
	else if (!dwarf)
		user_frame(pd, s->pid, s->ip);
	if (dwarf && s->regs != NULL)
		unwind_user(pd, a, s);
	if (s->has_period) {
		if (pd->o->period_weight || pd->oc != NULL)
			weight = (int64_t)s->period;
		if (pd->event_time)
			cpu = (int64_t)s->period;
	}
	join_stack(pd);
	if (pd->oc != NULL && a == pd->oc_attr) {
		offcpu_out(pd->oc, s->tid, pd->cur_key, s->time,
		    oc_state(pd, s), pd->stack.s != NULL ? pd->stack.s : "",
		    pd->stack.len);
		return;
	}
	if (pd->oc != NULL)
		offcpu_running(pd->oc, s->tid, s->time);
	sw_sample(pd->w, swt, ms, weight, cpu,
	    pd->stack.s != NULL ? pd->stack.s : "", pd->stack.len);
}

static void
replay(struct pd *pd, const struct pd_rec *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const uint8_t *h = pd->d + r[i].off, *p = h + 8;
		uint32_t type = u32at(h);
		uint8_t misc = (uint8_t)u16at(h + 4);
		size_t bn = u16at(h + 6) - 8u;

		switch (type) {
		case R_SAMPLE: {
			struct pd_sample s;
			struct pd_attr *a;

			if (decode_sample(pd, r[i].off, p, bn, &s, &a) != 0)
				break;
			s.misc = misc;
			do_sample(pd, &s, a);
			break;
		}
		case R_COMM:
			do_comm(pd, p, bn);
			break;
		case R_FORK:
			do_fork(pd, p);
			break;
		case R_MMAP:
		case R_MMAP2:
			do_mmap(pd, (int)type, misc, p, bn);
			break;
		default:
			break;
		}
		if (pd->oc != NULL && type != R_SAMPLE)
			oc_record(pd, type, u16at(h + 4), p, bn);
	}
}

static void
pd_free(struct pd *pd)
{
	for (size_t i = 0; i < pd->nattrs; i++)
		free(pd->attrs[i].name);
	free(pd->attrs);
	st_free(pd->ids);
	free(pd->idattr);
	for (size_t i = 0; i < st_count(pd->tids); i++)
		free(pd->threads[i].comm);
	free(pd->threads);
	st_free(pd->tids);
	for (size_t i = 0; i < st_count(pd->pids); i++)
		free(pd->procs[i].maps);
	free(pd->procs);
	st_free(pd->pids);
	for (size_t i = 0; i < pd->dcap; i++) {
		unw_image_free(pd->dimg[i].img);
		perf_map_free(pd->dimg[i].map);
	}
	free(pd->dimg);
	pdso_free(pd->dsos);
	free(pd->ksyms);
	free(pd->vsyms);
	buf_free(&pd->kstr);
	st_free(pd->threadkeys);
	free(pd->tptr);
	for (size_t i = 0; i < st_count(pd->mainpids); i++)
		free(pd->mains[i]);
	free(pd->mains);
	st_free(pd->mainpids);
	buf_free(&pd->key);
	free(pd->fr);
	free(pd->pcs);
	buf_free(&pd->stack);
	offcpu_free(pd->oc);
}

/* What the header says we cannot read. */
static int
check(struct pd *pd)
{
	if (pd->compressed)
		return pd_say(pd, "compressed records (perf record -z): not "
		    "supported");
	for (size_t i = 0; i < pd->nattrs; i++)
		if ((pd->attrs[i].sample_type & S_STACK_USER) &&
		    !pd->native_arch)
			return pd_say(pd, "a DWARF recording of another "
			    "architecture: not supported");
	return 0;
}

static void
pd_init(struct pd *pd, const char *name, const uint8_t *data, size_t len,
    struct sw *w)
{
	memset(pd, 0, sizeof(*pd));
	pd->name = name;
	pd->d = data;
	pd->len = len;
	pd->ids = st_new();
	pd->tids = st_new();
	pd->pids = st_new();
	pd->w = w;
	pd->dsos = pdso_new(w);
	pd->threadkeys = st_new();
	pd->mainpids = st_new();
	pd->kdso = dso_id(pd, "[kernel.kallsyms]", 17);
	pd->first_t = -1;
}

int
perfdata_probe(const char *path, char *why, size_t whysz)
{
	struct pd pd;
	struct stat sb;
	void *m;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		snprintf(why, whysz, "%s", strerror(errno));
		return 0;
	}
	if (fstat(fd, &sb) == -1 || sb.st_size <= 0 ||
	    (m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd,
	    0)) == MAP_FAILED) {
		snprintf(why, whysz, "cannot map it");
		close(fd);
		return 0;
	}
	close(fd);
	pd_init(&pd, path, m, (size_t)sb.st_size, NULL);
	pd.why = why;
	pd.whysz = whysz;
	rc = parse_header(&pd) == 0 && check(&pd) == 0;
	pd_free(&pd);
	munmap(m, (size_t)sb.st_size);
	return rc;
}

int
perfdata_lost(const char *path, uint64_t *lost, uint64_t *recorded)
{
	struct pd pd;
	struct stat sb;
	struct pd_rec *r = NULL;
	size_t nr = 0;
	char why[256];
	void *m;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	if (fstat(fd, &sb) == -1 || sb.st_size <= 0 ||
	    (m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd,
	    0)) == MAP_FAILED) {
		close(fd);
		return -1;
	}
	close(fd);
	pd_init(&pd, path, m, (size_t)sb.st_size, NULL);
	pd.why = why;
	pd.whysz = sizeof(why);
	rc = parse_header(&pd) == 0 && check(&pd) == 0 &&
	    pd_scan(&pd, &r, &nr) == 0 ? 0 : -1;
	*lost = pd.lost_samples > 0 ? pd.lost_samples : pd.lost_rec;
	*recorded = pd.nsamples;
	free(r);
	pd_free(&pd);
	munmap(m, (size_t)sb.st_size);
	return rc;
}

/*
 * The #lost header (sp(5)) when perf lost samples: LOST_SAMPLES records
 * count the samples the kernel dropped (what perf's "lost N%" counts);
 * a perf that writes none has only LOST records, of lost records of any
 * kind.  Recorded: every sample record of the file, as perf counts them.
 */
static void
lost_line(struct pd *pd)
{
	uint64_t n = pd->lost_samples > 0 ? pd->lost_samples : pd->lost_rec;
	char h[64];

	if (n == 0)
		return;
	snprintf(h, sizeof(h), "#lost\t%" PRIu64 "\t%" PRIu64, n,
	    pd->nsamples);
	sw_header(pd->w, h);
}

int
perfdata_flatten(const char *name, const uint8_t *data, size_t len,
    struct sw *w, const struct perf_opts *o)
{
	struct pd pd;
	struct pd_attr *on;
	struct pd_rec *r = NULL;
	size_t nr = 0;
	int rc = -1;

	pd_init(&pd, name, data, len, w);
	pd.o = o;
	if (parse_header(&pd) == -1 || check(&pd) == -1 ||
	    pd_scan(&pd, &r, &nr) == -1)
		goto out;
	sw_source(w, name, "perf.data");
	lost_line(&pd);
	if ((on = oc_setup(&pd)) != NULL) {
		/* Its on-CPU samples are the event kept, and count ns. */
		pd_event_kept(&pd, on);
		/* cpu-clock or task-clock, by any name */
		pd.event_time = 1;
	}
	replay(&pd, r, nr);
	pdso_report(pd.dsos, name);
	if (pd.oc != NULL) {
		offcpu_finish(pd.oc, nr > 0 ? r[nr - 1].time : 0);
		offcpu_report(pd.oc, name);
	}
	if (pd.skipped > 0)
		warnx("%s: %" PRIu64 " samples of other events than %s "
		    "skipped (--event chooses)", name, pd.skipped,
		    pd.event_name != NULL ? pd.event_name : "the first");
	rc = 0;
out:
	free(r);
	pd_free(&pd);
	return rc;
}

int
perfdata_sniff(const char *p, size_t n)
{
	return (n >= 8 && memcmp(p, "PERFILE2", 8) == 0) ||
	    (n >= 8 && memcmp(p, "2ELIFREP", 8) == 0);
}

static int
perfdata_read(struct lreader *lr, struct sw *w, const struct reader_opts *o)
{
	char *data;
	size_t len, cap;
	int rc;

	if (lr_slurp(lr, SIZE_MAX / 2, &data, &len, &cap) == -1)
		return -1;
	rc = perfdata_flatten(lr_name(lr), (const uint8_t *)data, len, w,
	    &o->perf);
	big_free(data, cap);
	return rc;
}

const struct reader reader_perfdata = {
	.format = "perf.data",
	.sniff = perfdata_sniff,
	.read = perfdata_read,
};
