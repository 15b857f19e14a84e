/*
 * recorder.h: sp-record's recording, behind its thin main: the options it
 * read (struct rec_opts), what is running and what an interrupt means at
 * this moment (rec_run), and the steps main takes in turn, one file each:
 *
 *	target.c	what is recorded (-p's processes, or the command,
 *			or cargo's executable) and with which profiler
 *	cargo_build.c	--cargo: building the target with debug info
 *	interrupt.c	an interrupt while children run
 *	record_perf.c	perf record, then the stream (record.h's route)
 *	perf_failure.c	perf's messages: its failures in one sentence, its
 *			sample count, --off-cpu's check
 *	record_samply.c	samply record, then sp-flatten
 *	helpers.c	the internal modes perf runs as its workload
 *
 * repeat.h (--repeat) runs sp-record itself again; record.h holds what
 * sp-flamegraph shares.  May use base, json, sym, agg, read, perf and
 * record.h.
 */
#ifndef SP_RECORDER_H
#define SP_RECORDER_H

#include <sys/types.h>

#include <signal.h>

#include "record/record.h"

/* Exit statuses (the man page's EXIT STATUS). */
#define EX_FAILED	2	/* profile written; the command failed */
#define EX_CANNOT	3	/* the profiler cannot run on this machine */

enum rec_profiler { REC_PERF, REC_SAMPLY };
enum rec_phase { REC_BUILD, REC_RECORD, REC_CONVERT };

struct rec_opts {
	enum rec_profiler prof;
	const char *event;
	long long freq;
	const char *callgraph;
	const char *output;
	double	 duration;
	pid_t	 pid;		/* the first of -p's */
	const char *pids;	/* -p as given: pid[,pid...] */
	int	 raw;
	int	 record_only;	/* --record-only: keep -o's file, no stream */
	int	 quiet;		/* -q: sp-flatten -q, no progress line */
	int	 verbose;	/* -v: the commands, the route and why */
	struct rec_cargo cargo;	/* --cargo and its target */
	struct args perf_args, samply_args;
	int	 off_cpu;	/* --off-cpu: wall time (offcpu.h) */
	int	 repeat;	/* --repeat N: a set of runs (repeat.h) */
};

/* What is running and what an interrupt means at this moment. */
struct rec_run {
	enum rec_phase stage;
	pid_t	 recorder;	/* perf record or samply record */
	int	 attached;	/* -p: the target is not our descendant */
	int	 interrupted;	/* a SIGINT arrived while recording */
	int	 forwarded;	/* interrupts passed on by sp-record itself */
};
extern struct rec_run rec_run;

/* ---- target.c ---- */

/* The profiler's path, or exit EX_CANNOT saying what to install. */
char	*rec_need_profiler(const char *name);
/* -p's list, pid[,pid...]: each a number; the first is returned. */
pid_t	 rec_parse_pids(const char *s);
/* Each of -p's processes exists; warn of those without debug info. */
void	 rec_check_pids(const char *s);
/*
 * The command to record: the operands, or --cargo's executable (built
 * here) and its arguments; its path in *path, checked.
 */
char	**rec_command(const struct rec_opts *o, char **argv, int argc,
	    struct args *cv, char **path);

/* ---- cargo_build.c ---- */

/* Build --cargo's target; the path of its executable. */
char	*rec_cargo_build(const struct rec_cargo *c);

/* ---- interrupt.c ---- */

/* proc_signals' hook: an interrupt while recording. */
void	 rec_interrupt(const siginfo_t *si);

/* ---- record_perf.c ---- */

/* A path in sp-record's temporary directory. */
char	*rec_tmp_path(const char *name);
/*
 * Record with perf (cmd, or -p's processes) and write the stream; the
 * exit status sp-record ends with.
 */
int	 rec_record_perf(const struct rec_opts *o, const char *path,
	    char *const cmd[], const char *shown);

/* ---- perf_failure.c ---- */

/* Relay perf's messages, less its progress lines. */
void	 rec_relay(const char *text);
/* --off-cpu: may perf record sched:sched_switch here?  Exits if not. */
void	 rec_off_cpu_check(void);
/* perf record failed: say why in one sentence with the fix, and exit. */
void	 rec_perf_failed(const char *msg, int st, const struct rec_opts *o)
	    __attribute__((noreturn));
/* The number of samples perf says it wrote; -1: none written. */
long long rec_perf_samples(const char *msg);

/* ---- record_samply.c ---- */

/* Record with samply and write the stream; the exit status. */
int	 rec_record_samply(const struct rec_opts *o, char *const cmd[],
	    const char *shown);

/* ---- helpers.c ---- */

/* The internal --exec-fd=N:PGID mode: become the command. */
void	 rec_exec_helper(const char *arg, char **argv)
	    __attribute__((noreturn));
/* The internal --attached=NOTE:ERR SECONDS PIDS mode (-p's workload). */
void	 rec_attached_helper(const char *arg, char **argv)
	    __attribute__((noreturn));

#endif
