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
 * Every offset and size is checked before it is used; a file that fails a
 * check gets one message naming the byte offset, and nothing is written
 * (the whole file is checked in a first pass).  Refused, with a message
 * saying why: another byte order, pipe mode (perf record -o -), compressed
 * records (perf record -z), another architecture than this one for a DWARF
 * recording.
 */
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <elf.h>

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
#include "perf/unwind.h"
#include "base/util.h"
#include "perf/perf_map.h"
#include "read/perf_dso.h"
#include "sym/sym_fileio.h"

#include "perf/perfdata_impl.h"

/* --- Bounds-checked reading --- */

/* Is [off, off + n) inside [0, end)?  Without overflow. */
static int
fits(uint64_t off, uint64_t n, uint64_t end)
{
	return off <= end && n <= end - off;
}

/* Say what is wrong (or keep it, when only probing), and fail. */
static int
say(struct pd *pd, const char *msg)
{
	if (pd->why != NULL)
		strlcpy(pd->why, msg, pd->whysz);
	else
		warnx("%s: %s", pd->name, msg);
	return -1;
}

static int
bad(struct pd *pd, uint64_t off, const char *why)
{
	char msg[256];

	snprintf(msg, sizeof(msg), "byte %" PRIu64 ": %s", off, why);
	return say(pd, msg);
}

/* --- Small tables keyed by integers (strtab over the bytes) --- */

static uint32_t
int_id(struct strtab *t, const void *k, size_t n, int *added)
{
	return st_intern(t, k, n, added);
}

static struct thread *
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

static struct proc *
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

static struct pdso *
dso(struct pd *pd, int32_t id)
{
	return pdso_get(pd->dsos, id);
}

/* --- The header and the attributes --- */

static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branch-instructions", "branch-misses", "bus-cycles",
	"stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles",
};
static const char *const sw_names[] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy",
};

static char *
default_name(const struct attr *a)
{
	struct buf b = {0};

	if (a->type == 0 && a->config < SP_NELEM(hw_names))
		return xstrdup(hw_names[a->config]);
	if (a->type == 1 && a->config < SP_NELEM(sw_names))
		return xstrdup(sw_names[a->config]);
	buf_printf(&b, "event-%" PRIu64 "-0x%" PRIx64, a->type, a->config);
	return b.s;
}

/* One perf_event_attr of asize bytes at p (file offset off). */
static int
parse_attr(struct pd *pd, const uint8_t *p, uint64_t asize, uint64_t off,
    struct attr *a)
{
	uint32_t size;

	memset(a, 0, sizeof(*a));
	if (asize < 64)
		return bad(pd, off, "event attribute too small");
	size = u32at(p + 4);
	if (size < 64 || size > asize)
		return bad(pd, off + 4, "bad event attribute size");
	a->type = u32at(p);
	a->config = u64at(p + 8);
	a->sample_type = u64at(p + 24);
	a->read_format = u64at(p + 32);
	a->id_all = (u64at(p + 40) >> 18) & 1;
	a->context_switch = (u64at(p + 40) >> 26) & 1;
	if (size >= 80)
		a->branch_type = u64at(p + 72);
	if (size >= 96) {
		a->regs_user = u64at(p + 80);
		a->stack_user = u32at(p + 88);
	}
	return 0;
}

static void
add_id(struct pd *pd, uint64_t id, uint32_t attr)
{
	int added;
	uint32_t k = st_intern(pd->ids, (const char *)&id, 8, &added);

	xgrow(&pd->idattr, &pd->idcap, k + 1, sizeof(*pd->idattr));
	pd->idattr[k] = attr;
}

/* A perf_header_string at *off (advanced); NULL when it does not fit. */
static const char *
header_string(struct pd *pd, uint64_t *off, uint64_t end, size_t *n)
{
	uint32_t len;
	const char *s;

	if (!fits(*off, 4, end))
		return NULL;
	len = u32at(pd->d + *off);
	if (!fits(*off + 4, len, end))
		return NULL;
	s = (const char *)pd->d + *off + 4;
	*off += 4 + (uint64_t)len;
	*n = strnlen(s, len);
	return s;
}

/*
 * The BUILD_ID feature: a build_id_event per file with samples (header,
 * pid, 20 bytes of id (its length in the next byte when misc has
 * PERF_RECORD_MISC_BUILD_ID_SIZE), padding, the path), [off, end).  It
 * is optional: a malformed one is left unread.
 */
static void
build_ids(struct pd *pd, uint64_t off, uint64_t end)
{
	while (fits(off, 36, end)) {
		const uint8_t *p = pd->d + off;
		uint16_t misc = u16at(p + 4), size = u16at(p + 6);
		size_t idlen = 20, fl;
		char hex[41];

		if (size < 36 || !fits(off, size, end))
			return;
		if ((misc & (1u << 15)) && p[32] <= 20)
			idlen = p[32];
		hex[0] = '\0';
		sym_hex(hex, sizeof(hex), p + 12, idlen);
		fl = strnlen((const char *)p + 36, size - 36u);
		if (fl > 0)
			pdso_expect_id(pd->dsos, (const char *)p + 36, fl, hex);
		off += size;
	}
}

/* The features we use: EVENT_DESC (names), ARCH, OSRELEASE and BUILD_ID. */
static int
parse_features(struct pd *pd, const uint8_t *bits)
{
	uint64_t off = pd->data_end;
	struct utsname u;
	int have_arch = 0, have_rel = 0;

	if (uname(&u) == -1)
		memset(&u, 0, sizeof(u));
	pd->native_arch = 1;
	for (int b = 0; b < FEAT_BITS; b++) {
		uint64_t so, ss, o;
		const char *s;
		size_t n;

		if (!(bits[b / 8] & (1 << (b % 8))))
			continue;
		if (b == FEAT_COMPRESSED)
			pd->compressed = 1;
		if (!fits(off, 16, pd->len))
			return bad(pd, off, "feature section table runs past "
			    "the end of the file");
		so = u64at(pd->d + off);
		ss = u64at(pd->d + off + 8);
		if (!fits(so, ss, pd->len))
			return bad(pd, off, "feature section runs past the "
			    "end of the file");
		off += 16;
		o = so;
		if (b == FEAT_BUILD_ID)
			build_ids(pd, so, so + ss);
		else if (b == FEAT_ARCH &&
		    (s = header_string(pd, &o, so + ss, &n)) != NULL) {
			have_arch = 1;
			pd->native_arch = strlen(u.machine) == n &&
			    memcmp(u.machine, s, n) == 0;
		} else if (b == FEAT_OSRELEASE &&
		    (s = header_string(pd, &o, so + ss, &n)) != NULL)
			have_rel = strlen(u.release) == n &&
			    memcmp(u.release, s, n) == 0;
		else if (b == FEAT_EVENT_DESC && ss >= 8) {
			uint32_t nr = u32at(pd->d + so);
			uint32_t asz = u32at(pd->d + so + 4);
			uint64_t end = so + ss;

			o = so + 8;
			for (uint32_t i = 0; i < nr; i++) {
				uint32_t nids;
				uint64_t id;
				int64_t k;

				if (!fits(o, (uint64_t)asz + 4, end))
					return bad(pd, o, "event description "
					    "runs past its section");
				nids = u32at(pd->d + o + asz);
				o += (uint64_t)asz + 4;
				if ((s = header_string(pd, &o, end, &n)) ==
				    NULL || !fits(o, (uint64_t)nids * 8, end))
					return bad(pd, o, "event description "
					    "runs past its section");
				if (nids == 0) {
					o += 0;
					continue;
				}
				id = u64at(pd->d + o);
				o += (uint64_t)nids * 8;
				k = st_find(pd->ids, (const char *)&id, 8);
				if (k >= 0 && n > 0) {
					struct attr *a =
					    &pd->attrs[pd->idattr[k]];

					free(a->name);
					a->name = xmemdup(s, n);
				}
			}
		}
	}
	pd->native_kernel = have_rel && (!have_arch || pd->native_arch);
	return 0;
}

static int
parse_header(struct pd *pd)
{
	uint64_t hsize, asize, aoff, alen, doff, dlen;

	if (pd->len < 16 || memcmp(pd->d, "PERFILE2", 8) != 0) {
		if (pd->len >= 8 && memcmp(pd->d, "2ELIFREP", 8) == 0)
			return say(pd, "a perf.data file of the other byte "
			    "order: not supported");
		return bad(pd, 0, "not a perf.data file");
	}
	hsize = u64at(pd->d + 8);
	if (hsize == 16)
		return say(pd, "a perf.data stream of pipe mode (perf record "
		    "-o -): not supported; record to a file");
	if (pd->len < HEADER_SIZE || hsize < HEADER_SIZE)
		return bad(pd, pd->len < HEADER_SIZE ? pd->len : 8,
		    "truncated perf.data header");
	asize = u64at(pd->d + 16);
	aoff = u64at(pd->d + 24);
	alen = u64at(pd->d + 32);
	doff = u64at(pd->d + 40);
	dlen = u64at(pd->d + 48);
	if (asize < 16 + 64 || asize > 1 << 16)
		return bad(pd, 16, "bad event attribute size");
	if (!fits(aoff, alen, pd->len) || alen % asize != 0)
		return bad(pd, 24, "the attribute section runs past the end "
		    "of the file");
	if (!fits(doff, dlen, pd->len))
		return bad(pd, 40, "the data section runs past the end of "
		    "the file");
	pd->data_off = doff;
	pd->data_end = doff + dlen;
	pd->nattrs = alen / asize;
	if (pd->nattrs == 0)
		return bad(pd, 32, "no events");
	pd->attrs = xcalloc(pd->nattrs, sizeof(*pd->attrs));
	for (size_t i = 0; i < pd->nattrs; i++) {
		uint64_t o = aoff + i * asize;
		uint64_t ido = u64at(pd->d + o + asize - 16);
		uint64_t idl = u64at(pd->d + o + asize - 8);

		if (parse_attr(pd, pd->d + o, asize - 16, o,
		    &pd->attrs[i]) == -1)
			return -1;
		if (!fits(ido, idl, pd->len) || idl % 8 != 0)
			return bad(pd, o + asize - 16, "the ids of an event "
			    "run past the end of the file");
		for (uint64_t k = 0; k < idl; k += 8)
			add_id(pd, u64at(pd->d + ido + k), (uint32_t)i);
	}
	if (parse_features(pd, pd->d + 72) == -1)
		return -1;
	for (size_t i = 0; i < pd->nattrs; i++)
		if (pd->attrs[i].name == NULL)
			pd->attrs[i].name = default_name(&pd->attrs[i]);
	return 0;
}

/* --- Records --- */

static struct attr *
attr_of_id(struct pd *pd, uint64_t id)
{
	int64_t k;

	if (pd->nattrs == 1)
		return &pd->attrs[0];
	k = st_find(pd->ids, (const char *)&id, 8);
	return k >= 0 ? &pd->attrs[pd->idattr[k]] : NULL;
}

static int
popcount64(uint64_t v)
{
	int n = 0;

	for (; v != 0; v &= v - 1)
		n++;
	return n;
}

/*
 * Decode the sample record at off (body p[0..n)).  Returns 0, 1 when its
 * event is unknown (skipped), or -1 after a message.
 */
static int
decode_sample(struct pd *pd, uint64_t off, const uint8_t *p, size_t n,
    struct sample *s, struct attr **ap)
{
	const struct attr *f = &pd->attrs[0];	/* the layout up to ID */
	struct attr *a;
	uint64_t st;
	size_t k = 0;

#define NEED(m)	do { if (n - k < (m)) \
	return bad(pd, off + 8 + k, "sample runs past its record"); } while (0)
	memset(s, 0, sizeof(*s));
	/* Which event: IDENTIFIER is first; ID's place is fixed by attr 0. */
	if (pd->nattrs == 1)
		a = &pd->attrs[0];
	else if (f->sample_type & S_IDENTIFIER) {
		NEED(8);
		a = attr_of_id(pd, u64at(p));
	} else if (f->sample_type & S_ID) {
		size_t at = 8 * (popcount64(f->sample_type &
		    (S_IP | S_TID | S_TIME | S_ADDR)));

		if (n < at + 8)
			return bad(pd, off + 8, "sample runs past its record");
		a = attr_of_id(pd, u64at(p + at));
	} else
		a = &pd->attrs[0];
	if (a == NULL)
		return 1;
	*ap = a;
	st = a->sample_type;
	if (st & S_IDENTIFIER) {
		NEED(8);
		s->id = u64at(p + k);
		k += 8;
	}
	if (st & S_IP) {
		NEED(8);
		s->ip = u64at(p + k);
		k += 8;
	}
	if (st & S_TID) {
		NEED(8);
		s->pid = (int32_t)u32at(p + k);
		s->tid = (int32_t)u32at(p + k + 4);
		k += 8;
	}
	if (st & S_TIME) {
		NEED(8);
		s->time = u64at(p + k);
		s->has_time = 1;
		k += 8;
	}
	if (st & S_ADDR) {
		NEED(8);
		k += 8;
	}
	if (st & S_ID) {
		NEED(8);
		s->id = u64at(p + k);
		k += 8;
	}
	if (st & S_STREAM_ID) {
		NEED(8);
		k += 8;
	}
	if (st & S_CPU) {
		NEED(8);
		k += 8;
	}
	if (st & S_PERIOD) {
		NEED(8);
		s->period = u64at(p + k);
		s->has_period = 1;
		k += 8;
	}
	if (st & S_READ) {
		uint64_t rf = a->read_format, per;

		per = 1 + ((rf & 4) != 0) + ((rf & 16) != 0);
		if (rf & RF_GROUP) {
			uint64_t nr;

			NEED(8);
			nr = u64at(p + k);
			k += 8;
			k += 8 * (((rf & 1) != 0) + ((rf & 2) != 0));
			if (k > n || nr > (n - k) / 8 / per)
				return bad(pd, off + 8 + k, "sample runs past "
				    "its record");
			k += nr * per * 8;
		} else {
			size_t m = 8 * (1 + ((rf & 1) != 0) + ((rf & 2) != 0) +
			    ((rf & 4) != 0) + ((rf & 16) != 0));

			NEED(m);
			k += m;
		}
	}
	if (st & S_CALLCHAIN) {
		NEED(8);
		s->nchain = u64at(p + k);
		k += 8;
		if (s->nchain > (n - k) / 8)
			return bad(pd, off + 8 + k, "callchain runs past its "
			    "record");
		s->chain = p + k;
		k += s->nchain * 8;
	}
	if (st & S_RAW) {
		uint32_t sz;

		NEED(4);
		sz = u32at(p + k);
		NEED(4 + (size_t)sz);
		s->raw = p + k + 4;
		s->rawlen = sz;
		k += 4 + (size_t)sz;
	}
	if (st & S_BRANCH_STACK) {
		uint64_t nr;

		NEED(8);
		nr = u64at(p + k);
		k += 8;
		if (a->branch_type & BRANCH_HW_INDEX) {
			NEED(8);
			k += 8;
		}
		if (nr > (n - k) / 24)
			return bad(pd, off + 8 + k, "branch stack runs past "
			    "its record");
		k += nr * 24;
	}
	if (st & S_REGS_USER) {
		NEED(8);
		s->abi = u64at(p + k);
		k += 8;
		if (s->abi != 0) {
			s->nregs = (size_t)popcount64(a->regs_user);
			NEED(s->nregs * 8);
			s->regs = p + k;
			k += s->nregs * 8;
		}
	}
	if (st & S_STACK_USER) {
		uint64_t sz;

		NEED(8);
		sz = u64at(p + k);
		k += 8;
		if (sz > n - k)
			return bad(pd, off + 8 + k, "user stack runs past its "
			    "record");
		s->stack = p + k;
		k += sz;
		s->stack_len = sz;
		if (sz != 0) {
			uint64_t dyn;

			NEED(8);
			dyn = u64at(p + k);
			if (dyn < sz)
				s->stack_len = dyn;
		}
	}
#undef NEED
	return 0;
}

/* The time of a non-sample record, from its sample_id trailer. */
int
trailer_time(struct pd *pd, const uint8_t *p, size_t n, uint64_t *t)
{
	const struct attr *a = &pd->attrs[0];
	uint64_t st;
	size_t tl, at;

	if (pd->nattrs > 1 && (a->sample_type & S_IDENTIFIER) && n >= 8)
		a = attr_of_id(pd, u64at(p + n - 8));
	if (a == NULL || !a->id_all || !((st = a->sample_type) & S_TIME))
		return 0;
	tl = 8 * (size_t)popcount64(st & (S_TID | S_TIME | S_ID |
	    S_STREAM_ID | S_CPU | S_IDENTIFIER));
	if (tl > n)
		return 0;
	at = n - tl + ((st & S_TID) ? 8 : 0);
	*t = u64at(p + at);
	return 1;
}

/*
 * The thread of a non-sample record, from its sample_id trailer: 0, or -1
 * when the record has none.
 */
int
trailer_tid(struct pd *pd, const uint8_t *p, size_t n, int32_t *tid)
{
	const struct attr *a = &pd->attrs[0];
	uint64_t st;
	size_t tl;

	if (pd->nattrs > 1 && (a->sample_type & S_IDENTIFIER) && n >= 8)
		a = attr_of_id(pd, u64at(p + n - 8));
	if (a == NULL || !a->id_all || !((st = a->sample_type) & S_TID))
		return -1;
	tl = 8 * (size_t)popcount64(st & (S_TID | S_TIME | S_ID |
	    S_STREAM_ID | S_CPU | S_IDENTIFIER));
	if (tl > n)
		return -1;
	*tid = (int32_t)u32at(p + n - tl + 4);
	return 0;
}

static int
cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/*
 * The first pass: check every record and list them with their times.
 * Returns 0 or -1 after a message.
 */
static int
scan(struct pd *pd, struct rec **out, size_t *nout)
{
	struct rec *r = NULL;
	size_t n = 0, cap = 0;
	uint64_t off = pd->data_off, last = 0;

	while (off < pd->data_end) {
		uint32_t type;
		uint16_t size;
		uint64_t t = last;
		const uint8_t *p;
		size_t bn;

		if (!fits(off, 8, pd->data_end)) {
			bad(pd, off, "record header runs past the data "
			    "section");
			goto fail;
		}
		type = u32at(pd->d + off);
		size = u16at(pd->d + off + 6);
		if (size < 8) {
			bad(pd, off, "record size smaller than its header");
			goto fail;
		}
		if (!fits(off, size, pd->data_end)) {
			bad(pd, off, "record runs past the data section");
			goto fail;
		}
		p = pd->d + off + 8;
		bn = size - 8u;
		switch (type) {
		case R_SAMPLE: {
			struct sample s;
			struct attr *a;
			int rc = decode_sample(pd, off, p, bn, &s, &a);

			if (rc == -1)
				goto fail;
			pd->nsamples++;
			if (rc == 0 && s.has_time)
				t = s.time;
			break;
		}
		case R_MMAP:
		case R_MMAP2:
			if (bn < (type == R_MMAP ? 32u : 64u)) {
				bad(pd, off, "mmap record too small");
				goto fail;
			}
			trailer_time(pd, p, bn, &t);
			break;
		case R_COMM:
		case R_FORK:
		case R_EXIT:
			if (bn < (type == R_COMM ? 8u : 24u)) {
				bad(pd, off, "record too small for its type");
				goto fail;
			}
			trailer_time(pd, p, bn, &t);
			break;
		case R_SWITCH:
		case R_SWITCH_CPU_WIDE:
		case R_LOST:
		case R_LOST_SAMPLES:
		case R_THROTTLE:
			if (bn < (type == R_SWITCH ? 0u : type == R_LOST ||
			    type == R_THROTTLE ? 16u : 8u)) {
				bad(pd, off, "record too small for its type");
				goto fail;
			}
			if (type == R_LOST)
				pd->lost_rec += u64at(p + 8);
			else if (type == R_LOST_SAMPLES)
				pd->lost_samples += u64at(p);
			trailer_time(pd, p, bn, &t);
			break;
		case R_COMPRESSED:
			say(pd, "compressed records (perf record -z): not "
			    "supported");
			goto fail;
		default:
			off += size;
			continue;
		}
		last = t;
		xgrow(&r, &cap, n + 1, sizeof(*r));
		r[n].time = t;
		r[n].off = off;
		r[n].seq = n;
		n++;
		off += size;
	}
	if (n > 1)
		qsort(r, n, sizeof(*r), cmp_rec);
	*out = r;
	*nout = n;
	return 0;
fail:
	free(r);
	return -1;
}

/* A NUL-terminated string at the end of a record, within n bytes. */
static size_t
rec_str(const uint8_t *p, size_t n)
{
	return strnlen((const char *)p, n);
}

static void
do_comm(struct pd *pd, const uint8_t *p, size_t n)
{
	int32_t pid = (int32_t)u32at(p), tid = (int32_t)u32at(p + 4);
	struct thread *t = thread_get(pd, tid);

	t->pid = pid;
	free(t->comm);
	t->comm = xmemdup((const char *)p + 8, rec_str(p + 8, n - 8));
}

static void
do_fork(struct pd *pd, const uint8_t *p)
{
	int32_t pid = (int32_t)u32at(p), ppid = (int32_t)u32at(p + 4);
	int32_t tid = (int32_t)u32at(p + 8), ptid = (int32_t)u32at(p + 12);
	struct thread *t, *pt;
	char *comm;

	pt = thread_get(pd, ptid);
	comm = pt->comm != NULL ? xstrdup(pt->comm) : NULL;
	t = thread_get(pd, tid);
	t->pid = pid;
	free(t->comm);
	t->comm = comm;
	if (pid != ppid) {
		struct proc *pp = proc_get(pd, ppid), *np;
		struct map *copy = NULL;
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

static void
do_mmap(struct pd *pd, int type, uint8_t misc, const uint8_t *p, size_t n)
{
	int32_t pid = (int32_t)u32at(p);
	size_t fo = type == R_MMAP ? 32 : 64, fl;
	const char *file = (const char *)p + fo;
	char jit[64];
	struct proc *pr;
	struct map *m;
	int exec;

	if ((misc & MISC_CPUMODE) == MISC_KERNEL)
		return;		/* the kernel's: named from kallsyms */
	fl = rec_str(p + fo, n - fo);
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
static struct map *
map_find(struct pd *pd, int32_t pid, uint64_t addr)
{
	int64_t k = st_find(pd->pids, (const char *)&pid, 4);
	struct proc *pr;

	if (k < 0)
		return NULL;
	pr = &pd->procs[k];
	for (size_t i = pr->n; i-- > 0;)
		if (addr >= pr->maps[i].m.start && addr < pr->maps[i].m.end)
			return &pr->maps[i];
	return NULL;
}

/* --- Samples --- */

static void
add_frame(struct pd *pd, uint64_t addr, int32_t dso, const char *sym)
{
	struct frame *f;

	xgrow(&pd->fr, &pd->frcap, pd->nfr + 1, sizeof(*pd->fr));
	f = &pd->fr[pd->nfr++];
	f->addr = addr;
	f->dso = dso;
	f->sym = sym;
}

static int
has_map_suffix(const char *s)
{
	size_t n = strlen(s);

	return n >= 4 && strcmp(s + n - 4, ".map") == 0;
}

/*
 * Is dso id a perf map ("/tmp/perf-PID.map") that can be read (from
 * --perf-map-dir, else where perf names it)?  Read once.
 */
static int
has_pid_map(struct pd *pd, uint32_t id)
{
	struct dimg *di = &pd->dimg[id];

	if (!di->map_tried) {
		size_t n;
		const char *path = pdso_path(pd->dsos, (int32_t)id, &n);
		const char *base = strrchr(path, '/');
		struct buf b = {0};

		di->map_tried = 1;
		base = base != NULL ? base + 1 : path;
		if (strncmp(base, "perf-", 5) == 0 && has_map_suffix(base)) {
			if (pd->o != NULL && pd->o->perf_map_dir != NULL) {
				buf_adds(&b, pd->o->perf_map_dir);
				buf_addc(&b, '/');
				buf_adds(&b, base);
			} else
				buf_adds(&b, path);
			di->map = perf_map_load(b.s);
			buf_free(&b);
		}
	}
	return di->map != NULL;
}

static void
user_frame(struct pd *pd, int32_t pid, uint64_t ip)
{
	struct map *m = map_find(pd, pid, ip);
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

static void
kernel_frame(struct pd *pd, uint64_t ip)
{
	int32_t k = kfind(pd, ip);

	add_frame(pd, ip, k >= 0 && pd->ksyms[k].mod >= 0 ?
	    pd->ksyms[k].mod : pd->kdso,
	    k >= 0 ? pd->kstr.s + pd->ksyms[k].name : NULL);
}

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
	struct map *m = map_find(pd, pd->cur_pid, addr);
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
static void
unwind_user(struct pd *pd, const struct attr *a, const struct sample *s)
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

/*
 * perf-map-agent's inlined Java frames, "outer->inner->leaf", as
 * perf_script.c splits them: the outer one a frame, the others inlined
 * in it (" (inlined)", or "_[i]" with --annotate or --tidy).  The outer
 * frame's own suffix is the caller's.
 */
static void
jit_inlined(struct pd *pd, const struct frame *f, struct buf *b)
{
	const char *p = f->sym, *q;

	for (int first = 1;; first = 0) {
		q = strstr(p, "->");
		if (!first)
			buf_addc(b, ';');
		pdso_prefix(pd->dsos, f->dso, b);
		esc_append(b, p, q != NULL ? (size_t)(q - p) : strlen(p));
		if (!first)
			buf_adds(b, pd->o->annotate || pd->o->tidy ? "_[i]" :
			    " (inlined)");
		else if (pd->o->annotate)
			buf_add(b, "_[j]", 4);
		if (q == NULL)
			break;
		p = q + 2;
	}
}

/* The frames, root first, into pd->stack (perf_script.c's join_stack). */
static void
join_stack(struct pd *pd)
{
	struct buf *b = &pd->stack;

	buf_reset(b);
	for (size_t k = pd->nfr; k-- > 0;) {
		const struct frame *f = &pd->fr[k];
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
thread_of(struct pd *pd, const struct sample *s, const char *comm)
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

/* Is this attr's event the one kept (perf_script.c's event_ok)? */
int
event_ok(struct pd *pd, struct attr *a)
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
do_sample(struct pd *pd, const struct sample *s, struct attr *a)
{
	struct thread *t;
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
	if (a != pd->oc_attr && !event_ok(pd, a)) {
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
replay(struct pd *pd, const struct rec *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const uint8_t *h = pd->d + r[i].off, *p = h + 8;
		uint32_t type = u32at(h);
		uint8_t misc = (uint8_t)u16at(h + 4);
		size_t bn = u16at(h + 6) - 8u;

		switch (type) {
		case R_SAMPLE: {
			struct sample s;
			struct attr *a;

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
		return say(pd, "compressed records (perf record -z): not "
		    "supported");
	for (size_t i = 0; i < pd->nattrs; i++)
		if ((pd->attrs[i].sample_type & S_STACK_USER) &&
		    !pd->native_arch)
			return say(pd, "a DWARF recording of another "
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
	struct rec *r = NULL;
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
	    scan(&pd, &r, &nr) == 0 ? 0 : -1;
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
	struct rec *r = NULL;
	size_t nr = 0;
	int rc = -1;

	pd_init(&pd, name, data, len, w);
	pd.o = o;
	if (parse_header(&pd) == -1 || check(&pd) == -1 ||
	    scan(&pd, &r, &nr) == -1)
		goto out;
	sw_source(w, name, "perf.data");
	lost_line(&pd);
	oc_setup(&pd);
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
