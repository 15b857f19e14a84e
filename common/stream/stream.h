/*
 * common/stream/: sp's line formats (sp(5)) as code: splitting and
 * parsing sample and aggregate lines, and the writer of the sample stream
 * that every reader of read/ and perf/ writes through (-c, -l and the
 * selection options live there), with samples_ahead.h for tools that look
 * ahead in a stream, and frame.h for the parts of one frame.  It uses
 * base/ only.
 */
/*
 * stream.h: sp's line formats (specified in sp(5)).
 *
 * The sample stream ("#sp samples 1"): header lines beginning with '#', then
 * one tab-separated line per sample:
 *
 *	process pid thread tid time weight cpu stack
 *
 * time is ms since the profile's start, weight an integer, cpu the thread's
 * CPU time since its previous sample in ns (empty when unknown), stack the
 * frames root first, separated by ';', each escaped as escape.h says.
 *
 * Version 2 ("#sp samples 2", written by sp-flatten -c and by every tool
 * that passes such lines on) adds an optional ninth column after the stack:
 *
 *	process pid thread tid time weight cpu stack samples
 *
 * the number of samples the line stands for (1 when the column is absent),
 * so that merged lines still count their samples.  A version 1 stream is a
 * version 2 stream without the column.
 *
 * The aggregate table ("#sp aggregate 1"): headers, then
 *
 *	self total cpu_self cpu_total frame
 *
 * Readers tell the two kinds of data line apart by their number of fields,
 * so a stream whose headers were filtered away (grep) still reads.
 */
#ifndef SP_STREAM_H
#define SP_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define SP_SAMPLES_MAGIC	"#sp samples 1"
#define SP_SAMPLES2_MAGIC	"#sp samples 2"
#define SP_AGGREGATE_MAGIC	"#sp aggregate 1"
#define SP_SAMPLE_COLUMNS \
	"#columns\tprocess\tpid\tthread\ttid\ttime\tweight\tcpu\tstack"
#define SP_SAMPLE2_COLUMNS	SP_SAMPLE_COLUMNS "\tsamples"
#define SP_AGGREGATE_COLUMNS \
	"#columns\tself\ttotal\tcpu_self\tcpu_total\tframe"

/*
 * SAMPLE_NFIELDS fields make a version 1 line; SAMPLE_MAXFIELDS, with
 * F_SAMPLES, a version 2 line with its samples column.
 */
enum { F_PROCESS, F_PID, F_THREAD, F_TID, F_TIME, F_WEIGHT, F_CPU, F_STACK,
    SAMPLE_NFIELDS, F_SAMPLES = SAMPLE_NFIELDS, SAMPLE_MAXFIELDS };
enum { A_SELF, A_TOTAL, A_CPU_SELF, A_CPU_TOTAL, A_FRAME, AGG_NFIELDS };

/* A field: a span of the line, still escaped. */
struct field {
	const char *s;
	size_t	 len;
};

struct sample_line {
	struct field f[SAMPLE_MAXFIELDS];
	size_t	 nfields;	/* SAMPLE_NFIELDS or SAMPLE_MAXFIELDS */
	double	 time;
	int64_t	 weight;
	int	 has_cpu;
	int64_t	 cpu;
	int64_t	 samples;	/* 1 when the line has no samples column */
};

struct agg_line {
	int64_t	 self, total, cpu_self, cpu_total;
	struct field frame;
};

/*
 * Split line[0..len) on tabs into at most max fields; returns the number of
 * fields, or max + 1 when there are more.
 */
size_t	 split_tabs(const char *line, size_t len, struct field *f, size_t max);

/*
 * Parse a sample line (8 fields, or 9 with the samples column, which must
 * be a positive integer; weight and cpu must not be negative:
 * sample_nums.h) / an aggregate line.  Returns 0, or -1 with *why set to a
 * static description of what is wrong.
 */
int	 parse_sample_line(const char *line, size_t len, struct sample_line *,
	    const char **why);
int	 parse_agg_line(const char *line, size_t len, struct agg_line *,
	    const char **why);

/* --- Writing the sample stream (sp-flatten's readers share this) --- */

struct sw_opts {
	int	 collapse;	/* -c: merge identical thread+stack lines */
	int	 list_threads;	/* -l: the thread table instead of samples */
	char	**thread_pats;	/* fnmatch patterns on the thread name */
	size_t	 nthread_pats;
	char	**process_pats;	/* on the process name */
	size_t	 nprocess_pats;
	char	**pids;		/* exact pid strings */
	size_t	 npids;
	char	**tids;
	size_t	 ntids;
	int	 has_from, has_to;
	double	 from, to;	/* time range, ms, inclusive */
};

struct lib_info {
	const char *name, *path, *debug_name, *debug_path;
	const char *code_id, *breakpad_id, *arch;
	int	 fileoff;	/* its addresses are file offsets (sp(5)) */
};

struct sw;
struct sw_thread;

struct sw *sw_new(const struct sw_opts *);
/* The writer freed, after sw_finish or sw_fail; NULL is nothing. */
void	 sw_free(struct sw *);
/* Start one input: writes the magic line once, then #source and #format. */
void	 sw_source(struct sw *, const char *source, const char *format);
/* One more header line, written as given (without newline). */
void	 sw_header(struct sw *, const char *line);
/* A library: a #lib header, deduplicated over the whole stream. */
void	 sw_lib(struct sw *, const struct lib_info *);
/* Declare what the cpu column holds for this input ("ns" or "none"). */
void	 sw_units(struct sw *, const char *weight_type, const char *cpu);
/*
 * A thread, by its raw (unescaped) names; NULL means "not known" and is
 * written as an empty field.  Returns NULL when the filters exclude it: the
 * caller can then skip its samples entirely.
 */
struct sw_thread *sw_thread(struct sw *, const char *process, const char *pid,
	    const char *thread, const char *tid);
/* Is a sample at this time within the selected range? */
int	 sw_time_ok(const struct sw *, double time_ms);
/*
 * An input whose lines stand for several samples each (folded stacks)
 * needs the samples column: turn it on (as -c does) unless the stream has
 * begun without it.  Returns 0, or -1 when it has.
 */
int	 sw_want_samples(struct sw *);
/*
 * One sample of a selected thread.  stack is already escaped and joined
 * (sp(5)); cpu < 0 means "no cpu value".  Time filtering is done here.
 */
void	 sw_sample(struct sw *, struct sw_thread *, double time_ms,
	    int64_t weight, int64_t cpu, const char *stack, size_t len);
/*
 * nsamples samples of one thread and stack that a reader has merged
 * already (-c), with their summed weight and cpu and their first time.
 */
void	 sw_samples(struct sw *, struct sw_thread *, double time_ms,
	    int64_t nsamples, int64_t weight, int64_t cpu, const char *stack,
	    size_t len);
/*
 * Write one line now, as it is: for a reader that has merged its samples
 * itself (-c) and knows no other line can share its thread and stack.
 */
void	 sw_line(struct sw *, struct sw_thread *, double time_ms,
	    int64_t nsamples, int64_t weight, int64_t cpu, const char *stack,
	    size_t len);
/* Write what was held back (-c, -l) and check stdout. */
void	 sw_finish(struct sw *);
/*
 * Several inputs: sw_input_done marks the end of one that was read whole;
 * when a later one fails, sw_fail writes every line of the inputs marked
 * done (not the failed input's lines still held back, nor -c's merged
 * lines, which are not finished) and checks stdout.  The caller then
 * exits 1.
 */
void	 sw_input_done(struct sw *);
void	 sw_fail(struct sw *);

#endif
