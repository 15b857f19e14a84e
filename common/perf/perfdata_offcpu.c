/*
 * perfdata_offcpu.c: the perf.data reader's glue to offcpu.h for an
 * off-CPU recording (sp-record --off-cpu: sched:sched_switch samples with
 * call chains, switch events, cpu-clock samples beside): set up, the
 * state of each switch-out, the switch, exit and loss records passed on,
 * and each interval off CPU written as a sample.  Part of read_perfdata.c's
 * reader (perfdata_impl.h); may use base/, stream/ and read/offcpu.h.
 */
#include <err.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "perf/perfdata_impl.h"
#include "read/offcpu.h"
#include "stream/stream.h"

/* --- Off-CPU recordings (offcpu.h) --- */

/* An off-CPU interval kept: a sample of its thread, weighted by its ns. */
static void
oc_emit(void *ctx, uint32_t key, uint64_t t_out, uint64_t ns,
    const char *stack, size_t len)
{
	struct pd *pd = ctx;
	struct sw_thread *swt = pd->tptr[key];
	double ms = (double)(int64_t)(t_out / 1000 - pd->t0) * 1000 / 1e6;

	if (swt == NULL || !sw_time_ok(pd->w, ms))
		return;
	sw_sample(pd->w, swt, ms, ns > INT64_MAX ? INT64_MAX : (int64_t)ns,
	    0, stack, len);
}

/*
 * Is this an off-CPU recording (sched:sched_switch with switch events,
 * and time-based samples beside), read as one (no --event)?  Then set it
 * up, write its #off-cpu header and return the attr of its on-CPU
 * samples, for the driver to keep as the event; else NULL.
 */
struct pd_attr *
oc_setup(struct pd *pd)
{
	struct pd_attr *sw = NULL, *on = NULL;
	int switches = 0;
	struct buf h = {0};

	if (pd->o->event != NULL)
		return NULL;
	for (size_t i = 0; i < pd->nattrs; i++) {
		struct pd_attr *a = &pd->attrs[i];

		switches |= a->context_switch;
		if (strcmp(a->name, "sched:sched_switch") == 0)
			sw = a;
		else if (on == NULL)
			on = a;
	}
	if (sw == NULL || !switches)
		return NULL;
	if (on == NULL || on->type != 1 || on->config > 1) {
		warnx("%s: sched:sched_switch without cpu-clock or task-clock "
		    "samples: read as samples of %s, not as a wall-time "
		    "profile", pd->name, (on != NULL ? on : sw)->name);
		return NULL;
	}
	pd->oc = offcpu_new(pd->o->off_cpu_min_set ?
	    (uint64_t)pd->o->off_cpu_min_us * 1000 :
	    (uint64_t)OFFCPU_MIN_US_DEFAULT * 1000, oc_emit, pd);
	pd->oc_attr = sw;
	offcpu_state_field((const char *)pd->d + pd->data_end,
	    pd->len - pd->data_end, &pd->oc_state_off, &pd->oc_state_size);
	buf_printf(&h, "#off-cpu\t%s\tmin-us=%lld", OFFCPU_FRAME_PREFIX "*]",
	    pd->o->off_cpu_min_set ? pd->o->off_cpu_min_us :
	    (long long)OFFCPU_MIN_US_DEFAULT);
	sw_header(pd->w, h.s);
	buf_free(&h);
	return on;
}

/* The state a sched_switch sample left its CPU in. */
enum offcpu_state
oc_state(const struct pd *pd, const struct pd_sample *s)
{
	uint64_t v;

	if (s->raw == NULL || pd->oc_state_off > s->rawlen ||
	    pd->oc_state_size > s->rawlen - pd->oc_state_off)
		return OFFCPU_SLEEPING;
	v = pd->oc_state_size == 8 ? u64at(s->raw + pd->oc_state_off) :
	    u32at(s->raw + pd->oc_state_off);
	return offcpu_state_of(v);
}

/* A switch event, an exit, a loss: what offcpu.h needs of them. */
void
oc_record(struct pd *pd, uint32_t type, uint16_t misc, const uint8_t *p,
    size_t n)
{
	uint64_t t = 0;
	int32_t tid;

	switch (type) {
	case R_SWITCH:
	case R_SWITCH_CPU_WIDE:
		/* Switch-ins close; the tracepoint's sample opens. */
		if ((misc & 0x2000) == 0 && trailer_time(pd, p, n, &t) &&
		    trailer_tid(pd, p, n, &tid) == 0)
			offcpu_in(pd->oc, tid, t);
		break;
	case R_EXIT:
		if (trailer_time(pd, p, n, &t))
			offcpu_exit(pd->oc, (int32_t)u32at(p + 8), t);
		break;
	case R_LOST:
		offcpu_lost(pd->oc, u64at(p + 8));
		break;
	case R_LOST_SAMPLES:
		offcpu_lost(pd->oc, u64at(p));
		break;
	case R_THROTTLE:
		offcpu_throttled(pd->oc);
		break;
	default:
		break;
	}
}
