/*
 * record.h: what sp-record and sp-flamegraph share about recording with
 * perf and reading what it recorded (common/record/'s face; recorder.h
 * is sp-record's own recording).  It sits at the top of common/, below
 * the tools, and uses base/ (proc.h: the children), perf/ (the reader's
 * probe), read/ (perf script's fields) and flame/ (the perf script line
 * filter): it starts sp's own programs (sp-flatten, sp-symbolize) and
 * perf as children, in a row of processes joined by pipes.
 *
 *  - An argument vector that grows (struct args).
 *  - The pipeline: stages joined by pipes, each a program and its
 *    arguments, run together and checked in order.
 *  - The one route from perf.data to the sample stream: sp-flatten reads
 *    the file itself (perf/read_perfdata.h) and sp-symbolize names its
 *    addresses; perf script reads it only when sp-flatten cannot (pipe
 *    mode, compressed records, another byte order or architecture: the
 *    reader's probe says which) or when no symbolizer is installed, and
 *    the tool says why.  Either way the samples a recording's workload
 *    took before it became the command (perf's forked child, "perf-exec",
 *    and sp-record's helper, REC_EXEC_COMM) are left out.
 *  - The cargo options both tools take, in one table (REC_CARGO_LONGOPTS)
 *    read by one function: sp-flamegraph passes them on to sp-record,
 *    which builds the target, so they must mean the same in both.
 */
#ifndef SP_RECORD_H
#define SP_RECORD_H

#include <sys/types.h>

#include <getopt.h>
#include <stddef.h>

/*
 * The name sp-record's helper runs under between perf's exec of it and
 * its exec of the command (a link to sp-record so called): the samples of
 * a thread so named are the recorder's own, and left out of the stream.
 */
#define REC_EXEC_COMM	"sp-record-exec"

struct args {
	char	**v;		/* NULL-terminated */
	size_t	 n, cap;
};

void	 args_add(struct args *, const char *);
void	 args_add2(struct args *, const char *, const char *);
void	 args_addv(struct args *, const struct args *);
/* Free the list and the strings in it, which it owns (malloc'ed); a is
 * left empty. */
void	 args_free_owned(struct args *);

/*
 * An sp program beside our own executable or in PATH (proc_sibling), or
 * exit 1 saying to install sp.
 */
char	*rec_need_sp(const char *name);
/* perf in PATH, or exit 3 saying which package to install. */
char	*rec_need_perf(void);
/* Is llvm-symbolizer or addr2line there for sp-symbolize? */
int	 rec_have_symbolizer(void);

/* ---- the pipeline ---- */

#define REC_MAX_STAGES	12

struct stage {
	struct args a;
	const char *name;	/* for messages */
	int	 errfd;		/* its standard error, -1: ours */
	char	*errpath;	/* the file behind errfd, shown on failure */
	pid_t	 pid;
	int	 st;
};

struct pipeline {
	struct stage s[REC_MAX_STAGES];
	size_t	 n;
	struct args kept;	/* strings its stages name, freed with it */
};

/* A new last stage running prog (a path), called name in messages. */
struct stage *pl_stage(struct pipeline *, const char *name, const char *prog);
/* Its standard error into a temporary file, shown only if it fails. */
void	 pl_errfile(struct stage *, const char *prefix, const char *file);
/* s (malloc'ed), which the pipeline frees in pl_free. */
char	*pl_keep(struct pipeline *, char *s);
/* Free the stages' arguments, their files' names and what was kept. */
void	 pl_free(struct pipeline *);
/* "PREFIX: arg arg ..." of the argument vector on standard error. */
void	 pl_show(const char *prefix, char *const *v);

/*
 * Run the stages joined by pipes, the first reading nothing, the last
 * writing into out (-1: our standard output).  Returns the last stage's
 * exit status when every stage succeeded (ok_status is a status of the
 * last that counts as success too, -1 for none); otherwise names the first
 * that failed (a stage killed by SIGPIPE only followed one that failed
 * later) and exits 1, or dies of SIGPIPE when the last stage did (our
 * reader went away).
 */
int	 pl_run(struct pipeline *, int out, int verbose, int ok_status);

/* ---- perf.data into the stream ---- */

struct rec_convert {
	const char *data;	/* the perf.data file */
	const char *source;	/* the stream's #source */
	const char *self;	/* our own executable: its --internal modes */
	const char *tool;	/* "sp-record", for -v's lines */
	int	 collapse;	/* sp-flatten -c */
	int	 quiet;		/* sp-flatten -q (no progress line) */
	int	 no_inline;	/* no inline frames */
	int	 root;		/* perf script through sudo */
	int	 verbose;	/* say which route and why */
	int	 off_cpu;	/* an off-CPU recording: sp-flatten only */
};

/*
 * Add the stages that turn c->data into the sample stream: sp-flatten and
 * sp-symbolize, or perf script, sp-flatten and sp-symbolize when
 * sp-flatten cannot read it (see the top).  An off-CPU recording has no
 * fallback (perf script's default fields would give a profile of its
 * first event alone): one sentence and exit 1 instead.
 */
void	 rec_convert(struct pipeline *, const struct rec_convert *c);

/*
 * The internal modes of a tool that calls rec_convert, which runs them as
 * stages: returns when argv is not one of them, else runs it and exits.
 */
void	 rec_internal(int argc, char *argv[]);

/* ---- cargo's options ---- */

/*
 * The getopt_long codes of the cargo options (256 and up; a tool numbers
 * its own long-only options from REC_O_END), and their table, to be put
 * in a tool's longopts array.
 */
enum {
	REC_O_BENCH = 256, REC_O_BIN, REC_O_CARGO, REC_O_EXAMPLE,
	REC_O_PROFILE, REC_O_TEST, REC_O_UNIT_TEST, REC_O_END
};

#define REC_CARGO_LONGOPTS \
	{ "bench", required_argument, NULL, REC_O_BENCH }, \
	{ "bin", required_argument, NULL, REC_O_BIN }, \
	{ "cargo", no_argument, NULL, REC_O_CARGO }, \
	{ "example", required_argument, NULL, REC_O_EXAMPLE }, \
	{ "profile", required_argument, NULL, REC_O_PROFILE }, \
	{ "test", required_argument, NULL, REC_O_TEST }, \
	{ "unit-test", optional_argument, NULL, REC_O_UNIT_TEST }

struct rec_cargo {
	int	 cargo;		/* --cargo */
	int	 target;	/* a target was chosen (below) */
	const char *kind;	/* bench, bin, example, test; NULL */
	const char *name;	/* its name; --unit-test's, or NULL */
	int	 unit_test;	/* --unit-test[=name] */
	const char *profile;	/* --profile; NULL: release */
	struct args args;	/* cargo build's own arguments */
};

/*
 * Take option ch with its argument arg (--unit-test's may be NULL): 1
 * when it is one of REC_O_*, 0 otherwise; exits 1 when a second target
 * is chosen.
 */
int	 rec_cargo_opt(struct rec_cargo *, int ch, const char *arg);

/*
 * sp-record's arguments that say the same (--cargo, the target,
 * --profile, a --cargo-arg for each of args), appended to a; those made
 * here are appended to own too, for the caller to free.
 */
void	 rec_cargo_args(const struct rec_cargo *, struct args *a,
	    struct args *own);

#endif
