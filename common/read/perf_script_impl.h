/*
 * perf_script_impl.h: what the files of the perf script reader share (not
 * an interface: perf_script.h is): the reader's state (struct ps: the
 * threads, the dsos, the event chosen, the current record and its frames)
 * and the functions one file of the reader calls in another.
 * perf_script.c reads the lines; perf_script_stack.c joins a record's
 * frames into its stack; perf_script_tidy.c writes a symbol (--tidy's
 * clean-ups); perf_script_offcpu.c reads an off-CPU recording.  May use
 * base/, stream/, offcpu.h, perf_dso.h and perf_script_parse.h.
 */
#ifndef SP_PERF_SCRIPT_IMPL_H
#define SP_PERF_SCRIPT_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/input.h"
#include "base/strtab.h"
#include "read/offcpu.h"
#include "read/perf_dso.h"
#include "read/perf_script.h"
#include "read/perf_script_parse.h"
#include "stream/stream.h"

/* One frame of the current record, leaf first as perf prints them. */
struct pframe {
	size_t	 sym, symlen;	/* in ps->arena */
	size_t	 src, srclen;	/* FILE:LINE (perf script -F +srcline) */
	uint64_t addr;
	int32_t	 dso;		/* index in ps->dsos, or -1 */
	unsigned has_addr:1, unknown:1, inlined:1, jit_inl:1;
};

struct ps {
	const struct perf_opts *o;
	struct sw *w;
	struct lreader *lr;
	const char *name;

	/* Threads: "pid\ttid\tcomm\tprocess" -> sw_thread (NULL: filtered). */
	struct strtab *threads;
	struct sw_thread **tptr;
	size_t	 tcap;
	/* Processes: pid -> the comm of its main thread (tid == pid). */
	struct strtab *pids;
	char	**mains;
	size_t	 mcap;
	struct buf key;

	struct pdso_tab *dsos;	/* perf_dso.h */
	/* Per dso: the lowest and highest address of its real frames. */
	struct span { uint64_t lo, hi; } *spans;
	size_t	 nspans;

	/* The event chosen (the first one seen, or --event). */
	char	*event;
	size_t	 event_base;	/* its length without modifiers */
	int	 event_time;	/* cpu-clock, task-clock: period in ns */
	int	 started;	/* #event and #units written */
	uint64_t skipped;	/* samples of other events */
	struct strtab *others;	/* their names */

	int	 have_t0;
	int64_t	 t0;

	/* The current record. */
	int	 in_rec;
	int	 skip;		/* not the chosen event, or filtered out */
	struct sw_thread *t;
	double	 time_ms;
	int64_t	 period;
	int	 has_period;
	int	 blank_seen;	/* a blank line after frames ends the record */
	struct pframe *fr;
	size_t	 nfr, frcap;
	struct buf arena;
	struct buf stack;
	struct buf tidy;
	int	 java;		/* the thread's comm starts with "java" */

	int	 old_perf;	/* --header says perf 3: absolute addresses */

	/* An off-CPU recording (offcpu.h); oc NULL when it is not one. */
	int	 hdr_switch, hdr_cs, oc_checked;
	const char *hdr_clock;	/* "cpu-clock", "task-clock", or NULL */
	struct offcpu *oc;
	int	 rec_out;	/* the record is a sched_switch */
	enum offcpu_state rec_state;
	int32_t	 rec_tid;
	int64_t	 rec_ns, last_ns;
	uint32_t cur_key;	/* thread_of's last key */

	/* Lines we skipped. */
	uint64_t weird, weird_line;
};

/* perf_script_stack.c: the current record's stack, root first, into
 * ps->stack. */
void	 ps_join_stack(struct ps *);

/* perf_script_tidy.c: append the symbol s[0..n), tidied when asked,
 * escaped. */
void	 ps_add_symbol(struct ps *, struct buf *b, const char *s, size_t n);

/* perf_script_offcpu.c: at the first record, is this an off-CPU
 * recording read as one (ps->oc)? */
void	 ps_oc_check(struct ps *);
/* perf_script_offcpu.c: a PERF_RECORD_SWITCH line. */
void	 ps_oc_switch(struct ps *, const struct evline *e);
/* perf_script_offcpu.c: a record's event line in an off-CPU recording: 1
 * when the record is taken (a sched_switch, whose thread the caller names),
 * else 0. */
int	 ps_oc_event(struct ps *, const struct evline *e, const char *ev,
	    size_t evlen);

#endif
