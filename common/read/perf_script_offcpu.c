/*
 * perf_script_offcpu.c: an off-CPU recording in perf script's text (see
 * perf_script.c's head comment): told by its --header, its sched_switch
 * records open intervals off CPU, its PERF_RECORD_SWITCH lines and
 * samples close them, and offcpu.h turns each interval into a sample.
 * Part of perf_script.c's reader (perf_script_impl.h); may use base/,
 * stream/ and offcpu.h.
 */
#include <stdint.h>
#include <string.h>

#include "base/util.h"
#include "read/offcpu.h"
#include "read/perf_script_impl.h"
#include "read/perf_script_parse.h"
#include "stream/stream.h"

/* An interval kept: a sample of its thread, weighted by its length. */
static void
oc_emit(void *ctx, uint32_t key, uint64_t t_out, uint64_t ns,
    const char *stack, size_t len)
{
	struct ps *ps = ctx;
	double ms = (double)((int64_t)t_out - ps->t0) / 1e6;

	if (ps->tptr[key] == NULL || !sw_time_ok(ps->w, ms))
		return;
	sw_sample(ps->w, ps->tptr[key], ms, ns > INT64_MAX ? INT64_MAX :
	    (int64_t)ns, 0, stack, len);
}

/* At the first record: is this an off-CPU recording read as one? */
void
ps_oc_check(struct ps *ps)
{
	ps->oc_checked = 1;
	if (ps->hdr_switch && ps->hdr_cs && ps->hdr_clock != NULL &&
	    ps->o->event == NULL) {
		/* The clock's samples are the on-CPU ones: ns. */
		ps->event = xstrdup(ps->hdr_clock);
		ps->event_base = strlen(ps->event);
		ps->event_time = 1;
		ps->oc = offcpu_new(ps->o->off_cpu_min_set ?
		    (uint64_t)ps->o->off_cpu_min_us * 1000 :
		    (uint64_t)OFFCPU_MIN_US_DEFAULT * 1000, oc_emit, ps);
	}
}

static int32_t
tid_of(const struct evline *e)
{
	int64_t v = 0;

	for (size_t i = 0; i < e->tidlen && i < 10; i++)
		v = v * 10 + (e->tid[i] - '0');
	return (int32_t)v;
}

/* A PERF_RECORD_SWITCH line: a switch-in closes its thread's interval. */
void
ps_oc_switch(struct ps *ps, const struct evline *e)
{
	const char *r = e->rest, *end = e->rest + e->restlen;

	if (!e->has_time || e->restlen < 18 ||
	    memcmp(r, "PERF_RECORD_SWITCH", 18) != 0)
		return;
	while (r < end && !is_ws(*r))
		r++;
	while (r < end && is_ws(*r))
		r++;
	ps->last_ns = e->time_ns;
	if (end - r >= 3 && memcmp(r, "OUT", 3) == 0)
		return;
	offcpu_in(ps->oc, tid_of(e), (uint64_t)e->time_ns);
}

/*
 * The record's event line, in an off-CPU recording: a sched_switch opens
 * an interval (its record collects the stack; end_record hands it over),
 * a sample says its thread runs.  Returns 1 when the record is taken (a
 * sched_switch: the caller names its thread, and skips it when it has no
 * time stamp), else 0.
 */
int
ps_oc_event(struct ps *ps, const struct evline *e, const char *ev,
    size_t evlen)
{
	const char *r = e->rest, *end = e->rest + e->restlen, *st;

	if (e->has_time)
		ps->last_ns = e->time_ns;
	if (!(evlen == 18 && memcmp(ev, "sched:sched_switch", 18) == 0)) {
		if (e->has_time)
			offcpu_running(ps->oc, tid_of(e), (uint64_t)e->time_ns);
		return 0;
	}
	ps->rec_state = OFFCPU_SLEEPING;
	for (st = r; st + 11 <= end; st++)
		if (memcmp(st, "prev_state=", 11) == 0) {
			size_t k = 0;

			st += 11;
			while (st + k < end && !is_ws(st[k]))
				k++;
			ps->rec_state = offcpu_state_of_text(st, k);
			break;
		}
	ps->rec_out = 1;
	ps->rec_tid = tid_of(e);
	ps->rec_ns = e->time_ns;
	return 1;
}
