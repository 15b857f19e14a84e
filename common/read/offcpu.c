/*
 * offcpu.c: off-CPU intervals (see offcpu.h).
 *
 * Each thread is on a CPU or off it.  The switch-out (sched:sched_switch's
 * sample, in the context of the thread leaving) opens an interval with the
 * thread's stack and state; the thread's next switch-in closes it.  What
 * else can happen, and what is done:
 *
 *	a switch-in with nothing open	the thread was off CPU when the
 *					recording began (no stack known),
 *					or its switch-out was lost: nothing
 *	a switch-out while one is open	the switch-in between was lost: the
 *					open interval has no end; dropped,
 *					counted (its length is unknown)
 *	an on-CPU sample while open	the same
 *	the thread exits while open	the interval ends at the exit
 *	the recording ends while open	the interval ends there
 *	a switch-out in state X or Z	the thread's last: opens nothing
 *
 * The reader gives the records in time order; a record older than the
 * interval it would close (clocks of two CPUs a little apart) closes it
 * at its own start, with length 0.
 */
#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strtab.h"
#include "base/util.h"
#include "read/offcpu.h"

struct octhread {
	int	 open;
	uint32_t thread;	/* the reader's handle */
	uint32_t stack;		/* in oc->stacks, with its pseudo-frame */
	uint64_t t_out;
};

struct offcpu {
	uint64_t min_ns;
	offcpu_emit_fn *emit;
	void	*ctx;

	struct strtab *tids;	/* tid (4 bytes) -> octhread */
	struct octhread *th;
	size_t	 thcap;
	struct strtab *stacks;
	struct buf tmp;

	uint64_t kept, short_n, short_ns, unended, lost, throttled;
};

static const char *const frames[OFFCPU_NSTATES] = {
	"[off-cpu: sleeping]",
	"[off-cpu: uninterruptible]",
	"[off-cpu: preempted]",
	"[off-cpu: stopped]",
	"[off-cpu: exited]",
};

const char *
offcpu_frame(enum offcpu_state s)
{
	return frames[s < OFFCPU_NSTATES ? s : OFFCPU_SLEEPING];
}

/*
 * The kernel reports S 0x1, D 0x2, T 0x4, t 0x8, X 0x10, Z 0x20, P 0x40,
 * I 0x80 (an idle kernel thread's sleep), and a preemption as
 * TASK_REPORT_MAX (0x100) with none of those: "R+".  Plain 0 is "R", a
 * thread that yielded or was preempted in the kernel: runnable too.
 */
enum offcpu_state
offcpu_state_of(uint64_t st)
{
	st &= 0xff;
	if (st == 0)
		return OFFCPU_PREEMPTED;
	if (st & 0x02)
		return OFFCPU_UNINTERRUPTIBLE;
	if (st & 0x30)
		return OFFCPU_DEAD;
	if (st & 0x0c)
		return OFFCPU_STOPPED;
	return OFFCPU_SLEEPING;
}

enum offcpu_state
offcpu_state_of_text(const char *s, size_t n)
{
	uint64_t st = 0;

	for (size_t i = 0; i < n; i++) {
		const char *p = strchr("SDTtXZPI", s[i]);

		if (s[i] != '\0' && p != NULL)
			st |= 1u << (p - "SDTtXZPI");
	}
	return offcpu_state_of(st);
}

/* The first s[0..n) holding p (a NUL-free string), or NULL. */
static const char *
find(const char *s, size_t n, const char *p)
{
	size_t pl = strlen(p);

	for (size_t i = 0; i + pl <= n; i++)
		if (s[i] == p[0] && memcmp(s + i, p, pl) == 0)
			return s + i;
	return NULL;
}

/* The decimal number at s[0..n), up to its first non-digit; -1: none. */
static long
number(const char *s, size_t n)
{
	long v = 0;
	size_t i;

	for (i = 0; i < n && i < 6 && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (s[i] - '0');
	return i > 0 ? v : -1;
}

void
offcpu_state_field(const char *text, size_t n, size_t *off, size_t *size)
{
	const char *e, *f, *end;
	long o, z;

	*off = 32;
	*size = 8;
	if ((e = find(text, n, "name: sched_switch\n")) == NULL)
		return;
	n -= (size_t)(e - text);
	if (n > 4096)
		n = 4096;
	end = e + n;
	if ((f = find(e, n, " prev_state;\toffset:")) == NULL)
		return;
	f += 20;
	o = number(f, (size_t)(end - f));
	if ((f = find(f, (size_t)(end - f), "\tsize:")) == NULL)
		return;
	f += 6;
	z = number(f, (size_t)(end - f));
	if (o >= 0 && o < 4096 && (z == 4 || z == 8)) {
		*off = (size_t)o;
		*size = (size_t)z;
	}
}

struct offcpu *
offcpu_new(uint64_t min_ns, offcpu_emit_fn *emit, void *ctx)
{
	struct offcpu *oc = xcalloc(1, sizeof(*oc));

	oc->min_ns = min_ns;
	oc->emit = emit;
	oc->ctx = ctx;
	oc->tids = st_new();
	oc->stacks = st_new();
	return oc;
}

void
offcpu_free(struct offcpu *oc)
{
	if (oc == NULL)
		return;
	st_free(oc->tids);
	st_free(oc->stacks);
	free(oc->th);
	buf_free(&oc->tmp);
	free(oc);
}

static struct octhread *
thread_of(struct offcpu *oc, int32_t tid)
{
	int added;
	uint32_t id = st_intern(oc->tids, (const char *)&tid, 4, &added);

	if (added) {
		xgrow(&oc->th, &oc->thcap, (size_t)id + 1, sizeof(*oc->th));
		memset(&oc->th[id], 0, sizeof(oc->th[id]));
	}
	return &oc->th[id];
}

static struct octhread *
thread_find(struct offcpu *oc, int32_t tid)
{
	int64_t id = st_find(oc->tids, (const char *)&tid, 4);

	return id >= 0 ? &oc->th[id] : NULL;
}

/* Close t's open interval at time t_in. */
static void
close_at(struct offcpu *oc, struct octhread *t, uint64_t t_in)
{
	uint64_t ns = t_in > t->t_out ? t_in - t->t_out : 0;
	size_t len;
	const char *s;

	t->open = 0;
	if (ns < oc->min_ns) {
		oc->short_n++;
		oc->short_ns += ns;
		return;
	}
	oc->kept++;
	s = st_str(oc->stacks, t->stack, &len);
	oc->emit(oc->ctx, t->thread, t->t_out, ns, s, len);
}

void
offcpu_out(struct offcpu *oc, int32_t tid, uint32_t thread, uint64_t t,
    enum offcpu_state state, const char *stack, size_t len)
{
	struct octhread *th = thread_of(oc, tid);

	if (th->open) {
		th->open = 0;
		oc->unended++;
	}
	if (state == OFFCPU_DEAD)
		return;
	buf_reset(&oc->tmp);
	buf_add(&oc->tmp, stack, len);
	if (len > 0)
		buf_addc(&oc->tmp, ';');
	buf_adds(&oc->tmp, offcpu_frame(state));
	th->stack = st_intern(oc->stacks, oc->tmp.s, oc->tmp.len, NULL);
	th->thread = thread;
	th->t_out = t;
	th->open = 1;
}

void
offcpu_in(struct offcpu *oc, int32_t tid, uint64_t t)
{
	struct octhread *th = thread_find(oc, tid);

	if (th != NULL && th->open)
		close_at(oc, th, t);
}

void
offcpu_running(struct offcpu *oc, int32_t tid, uint64_t t)
{
	struct octhread *th = thread_find(oc, tid);

	(void)t;
	if (th != NULL && th->open) {
		th->open = 0;
		oc->unended++;
	}
}

void
offcpu_exit(struct offcpu *oc, int32_t tid, uint64_t t)
{
	offcpu_in(oc, tid, t);
}

void
offcpu_lost(struct offcpu *oc, uint64_t n)
{
	oc->lost += n;
}

void
offcpu_throttled(struct offcpu *oc)
{
	oc->throttled++;
}

void
offcpu_finish(struct offcpu *oc, uint64_t t_end)
{
	for (size_t i = 0; i < st_count(oc->tids); i++)
		if (oc->th[i].open)
			close_at(oc, &oc->th[i], t_end);
}

void
offcpu_report(const struct offcpu *oc, const char *name)
{
	if (oc->short_n > 0)
		warnx("%s: %" PRIu64 " off-CPU intervals shorter than "
		    "%" PRIu64 " us dropped (%.3f ms in all; --off-cpu-min "
		    "sets the limit)", name, oc->short_n, oc->min_ns / 1000,
		    (double)oc->short_ns / 1e6);
	if (oc->lost > 0)
		warnx("%s: perf record lost %" PRIu64 " events: off-CPU "
		    "intervals around them may be missing (larger buffers: "
		    "sp-record --perf-arg=--mmap-pages=1024)", name, oc->lost);
	if (oc->throttled > 0)
		warnx("%s: the kernel throttled sampling %" PRIu64 " times "
		    "(kernel.perf_event_max_sample_rate): off-CPU intervals "
		    "of those moments are missing", name, oc->throttled);
	if (oc->unended > 0)
		warnx("%s: %" PRIu64 " off-CPU intervals without their end (a "
		    "switch-in lost) dropped", name, oc->unended);
}
