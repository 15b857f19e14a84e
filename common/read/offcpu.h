/*
 * offcpu.h: the intervals a thread spent off CPU, from a recording of
 * sched:sched_switch (with call chains: where the thread went to sleep, and
 * in what state) and switch events (when it ran again), as samples of the
 * wall-time stream of sp(5).
 *
 * A reader (read_perfdata.c, perf_script.c) decodes the records and calls
 * this module in time order:
 *
 *	offcpu_out	a thread is switched out (the tracepoint's sample):
 *			its stack, already joined and escaped, and its state
 *	offcpu_in	a thread is switched in again (a switch event)
 *	offcpu_running	a thread was seen on a CPU (an on-CPU sample)
 *	offcpu_exit	a thread exited
 *	offcpu_lost	the recorder lost events
 *	offcpu_finish	the recording ends: what is still open ends there
 *
 * Each interval closed becomes one sample through the reader's emit
 * callback: the stack at the switch-out with a pseudo-frame naming the
 * state as its leaf ("[off-cpu: sleeping]", ...), weighted by the
 * interval's length in nanoseconds.  Intervals shorter than the minimum
 * are counted, not emitted; offcpu_report says how many and how long.
 * Memory: one small record per thread and one copy per distinct stack.
 * It lives in read/, below both of its readers (perf/'s read_perfdata.c
 * and read/'s perf_script.c), as perf_dso.c does.
 */
#ifndef SP_OFFCPU_H
#define SP_OFFCPU_H

#include <stddef.h>
#include <stdint.h>

/* The states a thread leaves a CPU in, as far as a profile cares. */
enum offcpu_state {
	OFFCPU_SLEEPING,	/* S (and I, P): waits for an event */
	OFFCPU_UNINTERRUPTIBLE,	/* D: disk, page faults, some locks */
	OFFCPU_PREEMPTED,	/* R: runnable, waits for a CPU */
	OFFCPU_STOPPED,		/* T, t: stopped by a signal or a tracer */
	OFFCPU_DEAD,		/* X, Z: its last switch; no interval */
	OFFCPU_NSTATES
};

/* The default of --off-cpu-min, in microseconds. */
#define OFFCPU_MIN_US_DEFAULT	5

/*
 * The header of a wall-time stream (sp(5)): its weight type, and the line
 * that says which samples are off CPU (their leaf frames begin so).
 */
#define OFFCPU_WEIGHT_TYPE	"wall-ns"
#define OFFCPU_FRAME_PREFIX	"[off-cpu: "

/*
 * Called for each interval kept: thread is the reader's handle given to
 * offcpu_out, t_out the switch-out's time (ns), ns the interval's length,
 * stack[0..len) the escaped stack with its pseudo-frame.
 */
typedef void offcpu_emit_fn(void *ctx, uint32_t thread, uint64_t t_out,
    uint64_t ns, const char *stack, size_t len);

struct offcpu;

struct offcpu *offcpu_new(uint64_t min_ns, offcpu_emit_fn *, void *ctx);
void	 offcpu_free(struct offcpu *);

/*
 * The state of sched:sched_switch's prev_state field (the kernel's
 * TASK_REPORT bits since Linux 4.14: 0 or the TASK_REPORT_MAX bit alone
 * is a preemption).
 */
enum offcpu_state offcpu_state_of(uint64_t prev_state);
/* The state of perf script's text ("S", "D", "R+", "I", ...). */
enum offcpu_state offcpu_state_of_text(const char *s, size_t n);
/*
 * Where prev_state is in sched_switch's raw data, from the event's format
 * text found in text[0..n) (perf.data's TRACING_DATA feature holds it:
 * "field:long prev_state;<TAB>offset:32;<TAB>size:8;"); without it, the
 * layout of every kernel since 4.14 (32, 8).
 */
void	 offcpu_state_field(const char *text, size_t n, size_t *off,
	    size_t *size);
/* "[off-cpu: sleeping]" and the others. */
const char *offcpu_frame(enum offcpu_state);

void	 offcpu_out(struct offcpu *, int32_t tid, uint32_t thread, uint64_t t,
	    enum offcpu_state, const char *stack, size_t len);
void	 offcpu_in(struct offcpu *, int32_t tid, uint64_t t);
void	 offcpu_running(struct offcpu *, int32_t tid, uint64_t t);
void	 offcpu_exit(struct offcpu *, int32_t tid, uint64_t t);
void	 offcpu_lost(struct offcpu *, uint64_t nevents);
/* The kernel throttled an event (too many samples a second). */
void	 offcpu_throttled(struct offcpu *);
void	 offcpu_finish(struct offcpu *, uint64_t t_end);

/*
 * Say on stderr, one line each, prefixed "name: ", what was dropped (waits
 * shorter than the minimum, intervals whose end was lost) and how many
 * events the recorder lost or the kernel throttled.  Says nothing when
 * nothing was.
 */
void	 offcpu_report(const struct offcpu *, const char *name);

#endif
