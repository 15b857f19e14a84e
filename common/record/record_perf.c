/*
 * record_perf.c: sp-record with perf: perf record's command line (the
 * events, -m sized by ringbuf.h, the call graph, the command through
 * sp-record's --exec-fd helper or -p's --attached one), its run, and the
 * recording into the stream (record.h's route, or -r's perf script
 * text), with the lost samples said last.  May use base, agg, perf, read
 * and recorder.h.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/proc.h"
#include "base/util.h"
#include "perf/read_perfdata.h"
#include "perf/ringbuf.h"
#include "read/perf_script.h"
#include "record/recorder.h"

char *
rec_tmp_path(const char *name)
{
	return proc_tmp("sp-record", name);
}

static int
open_tmp(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd == -1)
		err(1, "%s", path);
	return fd;
}

/*
 * The outcome of a recording: the status sp-record ends with unless the
 * conversion fails.
 */
static int
recorded(int st, const char *shown, const struct rec_opts *o)
{
	/* Interrupted by the user: the profile is what was asked for. */
	if (o->pid > 0 || rec_run.interrupted)
		return 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	warnx("%s %s; the profile is written all the same", shown,
	    proc_status_text(st));
	return EX_FAILED;
}

/* -r: perf script's own text on our standard output. */
static void
raw_perf_script(const char *perf, const char *data)
{
	struct args a = { 0 };
	char *errpath = rec_tmp_path("perf-script.err"), *msg = NULL;
	size_t len;
	int efd, st;

	args_add(&a, perf);
	args_add(&a, "--no-pager");
	args_add(&a, "script");
	args_add2(&a, "-i", data);
	args_add2(&a, "-F", PERF_SCRIPT_FIELDS);
	efd = open_tmp(errpath);
	fflush(stdout);
	st = proc_wait(proc_spawn(a.v, -1, -1, efd, 0));
	close(efd);
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE)
		proc_die_by(SIGPIPE);
	if (!proc_ok(st)) {
		if (input_slurp(errpath, 1 << 20, &msg, &len) == 0)
			rec_relay(msg);
		errx(1, "perf script %s", proc_status_text(st));
	}
	free(msg);
	free(errpath);
	free(a.v);
}

/*
 * The recording into the stream on our standard output: sp's reader, or
 * perf script when it cannot read the file (record.h), or -r's text.
 */
static void
convert_perf(const char *perf, const char *data, const char *self,
    const struct rec_opts *o)
{
	struct pipeline pl = { 0 };
	struct rec_convert c = { 0 };

	rec_run.stage = REC_CONVERT;
	if (o->raw) {
		raw_perf_script(perf, data);
		return;
	}
	c.data = data;
	c.source = o->output != NULL ? o->output : "perf record";
	c.self = self;
	c.tool = "sp-record";
	c.quiet = o->quiet;
	c.verbose = o->verbose;
	c.off_cpu = o->off_cpu;
	rec_convert(&pl, &c);
	pl_run(&pl, -1, o->verbose, -1);
	pl_free(&pl);
}

/*
 * perf's workload with -p: sp-record itself in its internal --attached
 * mode (see attached_helper), which perf starts only once its events are
 * enabled.  So the helper's notice and its byte on the pipe (note) say
 * that the recording has begun, and -d's time is counted from then: perf
 * takes seconds to attach on a busy machine, and an interrupt or a timer
 * counted from perf's start could end the recording before it began.
 */
static void
add_attach_helper(struct args *a, const struct rec_opts *o, const char *self,
    int note, int errfd, char *buf, size_t bufsz)
{
	int k;

	k = snprintf(buf, bufsz, "--attached=%d:%d", note, errfd);
	snprintf(buf + k + 1, bufsz - (size_t)k - 1, "%.3f", o->duration);
	args_add(a, "--");
	args_add(a, self);
	args_add(a, buf);
	args_add(a, buf + k + 1);
	args_add(a, o->pids);
}

static char *
self_exe(void)
{
	char *self = xmalloc(PATH_MAX);
	ssize_t n = readlink("/proc/self/exe", self, PATH_MAX - 1);

	if (n <= 0)
		err(1, "/proc/self/exe");
	self[n] = '\0';
	return self;
}

/* The last line, when perf lost samples (lost.h words it). */
static void
say_lost(const char *data)
{
	struct lost l = { 0 };
	struct buf b = { 0 };
	uint64_t lost, rec;

	if (perfdata_lost(data, &lost, &rec) == -1 || lost == 0)
		return;
	l.lost = (int64_t)lost;
	l.recorded = (int64_t)rec;
	l.any = 1;
	if (lost_say(&b, &l))
		warnx("%s", b.s);
	buf_free(&b);
}

int
rec_record_perf(const struct rec_opts *o, const char *path, char *const cmd[],
    const char *shown)
{
	struct args a = { 0 };
	char *perf = rec_need_profiler("perf"), *self = self_exe();
	char *msg = NULL;
	char *errpath = rec_tmp_path("perf-record.err"), fdarg[32], freq[32];
	char helper[96], c, *link = NULL, clock[128], pages[32];
	char *tmp_data = NULL;
	struct ringbuf rb;
	const char *data;
	long long nsamples;
	size_t len;
	int efd, keep = -1, note[2] = { -1, -1 }, st, status, began = 0;

	data = o->output != NULL ? o->output :
	    (tmp_data = rec_tmp_path("perf.data"));
	snprintf(freq, sizeof(freq), "%lld", o->freq);
	args_add(&a, perf);
	args_add(&a, "record");
	if (o->off_cpu) {
		/*
		 * -F would sample the tracepoint too: the frequency goes to
		 * the clock alone, which keeps its plain name.
		 */
		snprintf(clock, sizeof(clock), "%s/freq=%lld,name=%s/",
		    o->event, o->freq, o->event);
		args_add(&a, "-e");
		args_add(&a, clock);
		args_add(&a, "-e");
		args_add(&a, "sched:sched_switch");
		args_add(&a, "--switch-events");
	} else {
		args_add(&a, "-e");
		args_add(&a, o->event);
		args_add(&a, "-F");
		args_add(&a, freq);
	}
	if (!ringbuf_given(o->perf_args.v, o->perf_args.n)) {
		/* A buffer for the rate and the stacks (ringbuf.h). */
		struct buf say = { 0 };

		ringbuf_for(&rb, o->freq, o->callgraph);
		snprintf(pages, sizeof(pages), "%lu", rb.pages);
		args_add2(&a, "-m", pages);
		ringbuf_say(&say, &rb, o->freq);
		if (say.len > 0 && !o->quiet)
			warnx("%s", say.s);
		buf_free(&say);
	}
	args_add(&a, "--call-graph");
	args_add(&a, o->callgraph);
	args_add(&a, "-o");
	args_add(&a, data);
	args_addv(&a, &o->perf_args);
	/* The command, or -p's helper, keeps our standard error. */
	if (!(o->quiet && o->pid > 0) && (keep = fcntl(2, F_DUPFD, 10)) == -1)
		err(1, "dup");
	if (o->pid > 0) {
		args_add(&a, "-p");
		args_add(&a, o->pids);
		if (pipe(note) == -1)
			err(1, "pipe");
		fcntl(note[0], F_SETFD, FD_CLOEXEC);
		add_attach_helper(&a, o, self, note[1], keep, helper,
		    sizeof(helper));
	} else {
		/*
		 * Through a link called REC_EXEC_COMM, so that the samples
		 * the helper takes before it becomes the command are told
		 * apart, and left out (record.h).
		 */
		link = rec_tmp_path(REC_EXEC_COMM);
		if (symlink(self, link) == -1)
			err(1, "%s", link);
		snprintf(fdarg, sizeof(fdarg), "--exec-fd=%d:%ld", keep,
		    (long)getpgrp());
		args_add(&a, "--");
		args_add(&a, link);
		args_add(&a, fdarg);
		args_add(&a, path);
		for (size_t i = 0; cmd[i] != NULL; i++)
			args_add(&a, cmd[i]);
	}
	if (o->verbose) {
		pl_show("sp-record: ", a.v);
		fputc('\n', stderr);
	}
	efd = open_tmp(errpath);
	rec_run.stage = REC_RECORD;
	rec_run.attached = o->pid > 0;
	/*
	 * Standard output is the stream's: the command writes to stderr,
	 * unless there is no stream (--record-only).
	 */
	rec_run.recorder = proc_spawn(a.v, -1, o->record_only ? -1 : 2, efd,
	    PROC_NEWPGRP);
	close(efd);
	if (keep != -1)
		close(keep);
	if (note[1] != -1)
		close(note[1]);
	st = proc_wait(rec_run.recorder);
	rec_run.recorder = -1;
	if (note[0] != -1) {
		/* perf and its workload are gone: the byte is there or not. */
		began = read(note[0], &c, 1) == 1;
		close(note[0]);
	}
	if (input_slurp(errpath, 16 << 20, &msg, &len) == -1)
		exit(1);
	nsamples = rec_perf_samples(msg);
	if (nsamples == -1)
		rec_perf_failed(msg, st, o);
	rec_relay(msg);
	if (nsamples == 0) {
		if (o->pid > 0 && !began && rec_run.interrupted)
			errx(1, "%s: no samples: interrupted before perf had "
			    "attached to it", shown);
		if (o->pid > 0)
			errx(1, "%s: no samples: the process did not run on a "
			    "CPU while it was recorded (%s counts only time "
			    "on a CPU)", shown, o->event);
		errx(1, "%s: no samples: it ran too briefly for %lld Hz, or "
		    "only waited (%s counts only time on a CPU); raise -F "
		    "or record longer", shown, o->freq, o->event);
	}
	status = recorded(st, shown, o);
	if (!o->record_only)
		convert_perf(perf, data, self, o);
	say_lost(data);
	free(msg);
	free(errpath);
	free(self);
	free(link);
	free(perf);
	free(a.v);
	free(tmp_data);
	return status;
}
