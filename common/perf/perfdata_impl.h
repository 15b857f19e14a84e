/*
 * perfdata_impl.h: what the files of the perf.data reader share (not an
 * interface: read_perfdata.h is): perf_event.h's numbers, the reader's
 * state (struct pd: the file, its attributes, the processes, the kernel's
 * and the vDSO's symbols, the current sample) and the functions one file
 * of the reader calls in another.  May use base/, stream/, read/ (dsos,
 * off-CPU) and perf/unwind.h.
 */
#ifndef SP_PERFDATA_IMPL_H
#define SP_PERFDATA_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/strtab.h"
#include "perf/read_perfdata.h"
#include "perf/unwind.h"
#include "read/offcpu.h"
#include "read/perf_dso.h"
#include "stream/stream.h"

/* perf_event.h's numbers, which are ABI. */
enum {
	S_IP = 1 << 0, S_TID = 1 << 1, S_TIME = 1 << 2, S_ADDR = 1 << 3,
	S_READ = 1 << 4, S_CALLCHAIN = 1 << 5, S_ID = 1 << 6, S_CPU = 1 << 7,
	S_PERIOD = 1 << 8, S_STREAM_ID = 1 << 9, S_RAW = 1 << 10,
	S_BRANCH_STACK = 1 << 11, S_REGS_USER = 1 << 12,
	S_STACK_USER = 1 << 13, S_IDENTIFIER = 1 << 16,
};
enum {
	R_MMAP = 1, R_COMM = 3, R_EXIT = 4, R_FORK = 7, R_SAMPLE = 9,
	R_MMAP2 = 10, R_FINISHED_ROUND = 68, R_COMPRESSED = 81,
	/* Off-CPU recordings (offcpu.h). */
	R_LOST = 2, R_THROTTLE = 5, R_LOST_SAMPLES = 13, R_SWITCH = 14,
	R_SWITCH_CPU_WIDE = 15,
};
#define RF_GROUP	8	/* read_format */
#define BRANCH_HW_INDEX	(1ULL << 17)	/* branch_sample_type */
#define MISC_CPUMODE	7
#define MISC_KERNEL	1
#define CTX_KERNEL	((uint64_t)-128)
#define CTX_USER	((uint64_t)-512)
#define CTX_MAX		((uint64_t)-4095)
#define FEAT_BUILD_ID	2
#define FEAT_OSRELEASE	4
#define FEAT_ARCH	6
#define FEAT_EVENT_DESC	12
#define FEAT_COMPRESSED	27
#define FEAT_BITS	256
#define HEADER_SIZE	104
#define MAX_USER_FRAMES	127	/* perf's default kernel.perf_event_max_stack */

struct pd_attr {
	uint64_t type, config, sample_type, read_format, regs_user;
	uint64_t branch_type;
	uint32_t stack_user;
	int	 id_all;
	int	 context_switch;	/* --switch-events */
	char	*name;
};

/*
 * The unwinder's image of a dso (perf_dso.h), and a JIT's perf map, each
 * read when first needed.
 */
struct dimg {
	int	 tried, map_tried;
	struct unw_image *img;
	struct perf_map *map;
};

struct pd_map {
	struct unw_map m;	/* start, end, pgoff, img (opened lazily) */
	uint32_t dso;
};

struct pd_proc {
	struct pd_map *maps;	/* in the order they came; newest wins */
	size_t	 n, cap;
};

struct pd_thread {
	int32_t	 pid;
	char	*comm;		/* NULL: none seen (perf says ":TID") */
};

/* A kernel symbol of /proc/kallsyms. */
struct ksym {
	uint64_t addr;
	size_t	 name;		/* in pd->kstr */
	int	 rank;		/* perf's preference among equal addresses */
	int32_t	 mod;		/* dso index of "[module]", or -1 */
};

struct pd_rec {
	uint64_t time;
	size_t	 off;
	size_t	 seq;
};

/* One decoded sample. */
struct pd_sample {
	uint64_t ip, time, id, period;
	int32_t	 pid, tid;
	int	 has_time, has_period;
	const uint8_t *chain;	/* nchain u64s */
	uint64_t nchain;
	uint64_t abi;
	const uint8_t *regs;	/* nregs u64s */
	size_t	 nregs;
	const uint8_t *stack;
	uint64_t stack_len;
	const uint8_t *raw;	/* a tracepoint's fields */
	uint32_t rawlen;
	uint8_t	 misc;
};

struct pd {
	const char *name;
	/* Sample records, and the samples perf says it lost (scan). */
	uint64_t nsamples, lost_rec, lost_samples;
	char	*why;		/* probing: the problem goes here, unsaid */
	size_t	 whysz;
	int	 compressed;	/* the COMPRESSED feature */
	const uint8_t *d;
	size_t	 len;
	const struct perf_opts *o;
	struct sw *w;

	struct pd_attr *attrs;
	size_t	 nattrs;
	struct strtab *ids;	/* sample id (8 bytes) -> index in idattr */
	uint32_t *idattr;
	size_t	 idcap;
	size_t	 data_off, data_end;
	int	 native_kernel;	/* the recording's kernel is this one */
	int	 native_arch;

	struct strtab *tids;	/* tid (4 bytes) -> thread */
	struct pd_thread *threads;
	size_t	 tcap;
	struct strtab *pids;	/* pid (4 bytes) -> proc */
	struct pd_proc *procs;
	size_t	 pcap;

	struct pdso_tab *dsos;
	struct dimg *dimg;
	size_t	 dcap;
	int32_t	 kdso;		/* "[kernel.kallsyms]" */

	int	 vloaded;
	struct vsym {
		uint64_t start, end;
		const char *name;
		int	 rank;
	} *vsyms;
	size_t	 nvsyms;

	int	 kloaded;
	struct ksym *ksyms;
	size_t	 nksyms;
	struct buf kstr;
	char	 kernel_id[41];	/* the kernel's build id (BUILD_ID), or "" */
	/* The kernel's map: where its reference symbol (_text or _stext,
	 * kref) was when it recorded (the pgoff of its MMAP record). */
	char	 kref[8];
	uint64_t kref_addr;

	/* perf_script.c's naming of threads. */
	struct strtab *threadkeys;
	struct sw_thread **tptr;
	size_t	 tpcap;
	int64_t	 first_t;	/* the first key with a thread, or -1 */
	struct strtab *mainpids;
	char	**mains;
	size_t	 mcap;
	struct buf key;

	struct pd_attr *event;	/* the event kept */
	const char *event_name;
	int	 event_time;
	uint64_t skipped;
	int	 have_t0;
	uint64_t t0;

	/* The current sample's frames, leaf first. */
	struct pd_frame {
		uint64_t addr;
		int32_t	 dso;	/* -1: none */
		const char *sym; /* the symbol's name, or NULL */
	} *fr;
	size_t	 nfr, frcap;
	uint64_t *pcs;
	struct buf stack;
	int32_t	 cur_pid;

	/* An off-CPU recording (offcpu.h): NULL oc when it is not one. */
	struct offcpu *oc;
	struct pd_attr *oc_attr;	/* sched:sched_switch */
	size_t	 oc_state_off, oc_state_size;	/* prev_state in its raw */
	uint32_t cur_key;	/* thread_of's last key */
};

/* Little-endian fields, unaligned (the reader runs on the recording's
 * byte order only). */
static inline uint64_t
u64at(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t
u32at(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline uint16_t
u16at(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

/* Is [off, off + n) inside [0, end)?  Without overflow. */
static inline int
fits(uint64_t off, uint64_t n, uint64_t end)
{
	return off <= end && n <= end - off;
}

/* perfdata_header.c: say what is wrong (or keep it, when only probing),
 * and fail (-1); pd_bad names the byte offset. */
int	 pd_say(struct pd *, const char *msg);
int	 pd_bad(struct pd *, uint64_t off, const char *why);
/* perfdata_header.c: the header, the attributes and the features read
 * and checked: 0, or -1 after a message. */
int	 parse_header(struct pd *);

/* perfdata_scan.c: decode the sample record at off (body p[0..n)): 0,
 * 1 when its event is unknown (skipped), or -1 after a message. */
int	 decode_sample(struct pd *, uint64_t off, const uint8_t *p, size_t n,
	    struct pd_sample *s, struct pd_attr **ap);
/* perfdata_scan.c: the first pass, every record checked and listed in
 * time order: 0, or -1 after a message. */
int	 pd_scan(struct pd *, struct pd_rec **out, size_t *nout);

/* perfdata_proc.c: the thread tid and the process pid, added when new. */
struct pd_thread *thread_get(struct pd *, int32_t tid);
struct pd_proc *proc_get(struct pd *, int32_t pid);
/* perfdata_proc.c: the dso of path s[0..n), added when new. */
int32_t	 dso_id(struct pd *, const char *s, size_t n);
/* perfdata_proc.c: the COMM, FORK and MMAP/MMAP2 records applied. */
void	 do_comm(struct pd *, const uint8_t *p, size_t n);
void	 do_fork(struct pd *, const uint8_t *p);
void	 do_mmap(struct pd *, int type, uint8_t misc, const uint8_t *p,
	    size_t n);
/* perfdata_proc.c: the newest mapping of pid holding addr, or NULL. */
struct pd_map *map_find(struct pd *, int32_t pid, uint64_t addr);

static inline struct pdso *
dso(struct pd *pd, int32_t id)
{
	return pdso_get(pd->dsos, id);
}

/* perfdata_jit.c: is dso id a perf map that can be read?  Read once. */
int	 has_pid_map(struct pd *, uint32_t id);
/* perfdata_jit.c: a JIT frame's "outer->inner->leaf" into b, split. */
void	 jit_inlined(struct pd *, const struct pd_frame *f, struct buf *b);

/* perfdata_stack.c: a user or kernel frame added to the sample's. */
void	 user_frame(struct pd *, int32_t pid, uint64_t ip);
void	 kernel_frame(struct pd *, uint64_t ip);
/* perfdata_stack.c: the frames, root first, into pd->stack. */
void	 join_stack(struct pd *);

/* perfdata_unwind.c: the user frames of a DWARF recording's sample. */
void	 unwind_user(struct pd *, const struct pd_attr *a,
	    const struct pd_sample *s);

/* perfdata_ksym.c: the kernel symbol holding addr (index), or -1. */
int32_t	 kfind(struct pd *, uint64_t addr);
/* perfdata_ksym.c: the vDSO's function at addr (relative to it), or NULL. */
const char *vdso_find(struct pd *, uint64_t addr);

/* perfdata_scan.c: a record's time and tid from its sample_id trailer. */
int	 trailer_time(struct pd *, const uint8_t *p, size_t n, uint64_t *t);
int	 trailer_tid(struct pd *, const uint8_t *p, size_t n, int32_t *tid);

/* perfdata_offcpu.c: an off-CPU recording set up (pd->oc) and the attr of
 * its on-CPU samples returned, or NULL when it is not one. */
struct pd_attr *oc_setup(struct pd *);
/* perfdata_offcpu.c: the state a sched_switch sample left its CPU in. */
enum offcpu_state oc_state(const struct pd *, const struct pd_sample *);
/* perfdata_offcpu.c: a switch, exit or loss record passed to offcpu.h. */
void	 oc_record(struct pd *, uint32_t type, uint16_t misc,
	    const uint8_t *p, size_t n);

#endif
