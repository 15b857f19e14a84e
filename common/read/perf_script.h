/*
 * perf_script.h: reading `perf script` text into the sample stream.
 */
#ifndef SP_PERF_SCRIPT_H
#define SP_PERF_SCRIPT_H

#include "base/input.h"
#include "stream/stream.h"

/*
 * The fields sp-record and sp-flamegraph ask perf script for: what the
 * reader below makes the sample stream of.
 */
#define PERF_SCRIPT_FIELDS "comm,pid,tid,time,period,event,ip,sym,dso"

struct perf_opts {
	int	 period_weight;	/* --period: weight = the event's period */
	int	 annotate;	/* --annotate: _[k] _[j] _[i] name suffixes */
	int	 unknown_dso;	/* --unknown-dso: unknown symbol -> [dso] */
	const char *event;	/* --event: keep this event (NULL: the first) */
	int	 tidy;		/* --tidy: inferno's name tidying (see .c) */
	int	 off_cpu_min_set;	/* --off-cpu-min (offcpu.h) */
	long long off_cpu_min_us;
	const char *perf_map_dir; /* --perf-map-dir: perf-PID.map (NULL: /tmp) */
};

/*
 * The length of an event's name s[0..n) without its modifiers:
 * "cycles:uppp" and "cycles" are the same event, "sched:sched_switch" is
 * not "sched" (both perf readers choose events by it).
 */
size_t	 perf_event_base(const char *s, size_t n);
/* Does this look like `perf script` output (first bytes of the input)? */
int	 perf_script_sniff(const char *p, size_t n);
/*
 * Read the whole input and write its samples through w.  Returns 0, or -1
 * after printing one message naming the file and the line.
 */
int	 perf_script_flatten(struct lreader *, struct sw *,
	    const struct perf_opts *);

#endif
