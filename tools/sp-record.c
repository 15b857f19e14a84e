/*
 * sp-record: run a command, or attach to a running process, under a
 * sampling profiler and write what it recorded to standard output as the
 * sample stream of sp(5).
 *
 * With perf (the default) the recording goes to a perf.data file in a
 * temporary directory (or to -o FILE), which sp reads itself:
 *
 *	sp-flatten DATA | sp-record --internal-from-exec | sp-symbolize -m -q
 *
 * perf script reading it only when sp-flatten cannot (common/record/
 * record.h: the route sp-flamegraph takes too).  With samply it is
 * `samply record --save-only -o FILE -- command` and then `sp-flatten
 * FILE`.  --cargo first builds a Rust target with debug info and records
 * the executable that cargo's JSON messages name.
 *
 * Children: perf's own messages go to a file, so that its failures can be
 * explained in one sentence; but the profiled command must keep sp-record's
 * standard error, so perf starts it through sp-record itself (the internal
 * --exec-fd mode, run as REC_EXEC_COMM: restore the descriptor, exec the
 * command).  With -p perf's workload is sp-record's --attached mode, which
 * perf starts once it records.  Signals are taken synchronously (blocked,
 * then sigwaitinfo) while children run, so an interrupt is never lost
 * between two system calls; every child is waited for, and on every way
 * out the ones still running are stopped first: all of that is
 * common/base/proc.h's, sp-record only says what an interrupt means.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/input.h"
#include "json/json.h"
#include "perf/read_perfdata.h"
#include "perf/ringbuf.h"
#include "read/perf_script.h"
#include "base/proc.h"
#include "record/record.h"
#include "record/repeat.h"
#include "sym/sym_image.h"
#include "base/util.h"
#include "base/version.h"

/* Exit statuses (the man page's EXIT STATUS). */
#define EX_FAILED	2	/* profile written; the command failed */
#define EX_CANNOT	3	/* the profiler cannot run on this machine */

#define DEFAULT_EVENT	"cpu-clock"
#define DEFAULT_FREQ	997
/*
 * DWARF unwinding copies this much of the user stack per sample.  perf's
 * default, 8192, cuts deep stacks (Rust, C++); 16384 keeps them at about
 * 16 kB per sample, 16 MB per second at 997 Hz.
 */
#define DEFAULT_CALLGRAPH "dwarf,16384"

enum profiler { PERF, SAMPLY };
enum phase { BUILD, RECORD, CONVERT };

struct opts {
	enum profiler prof;
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
static struct {
	enum phase stage;
	pid_t	 recorder;	/* perf record or samply record */
	int	 attached;	/* -p: the target is not our descendant */
	int	 interrupted;	/* a SIGINT arrived while recording */
	int	 forwarded;	/* interrupts passed on by sp-record itself */
} run;


static void __attribute__((noreturn))
usage(FILE *fp, int status)
{
	fprintf(fp,
	    "usage: sp-record [-hqrvV] [-d seconds] [-e event] [-F hz] [-g mode] "
	    "[-o file]\n"
	    "                 [-P profiler] [--off-cpu] [--perf-arg arg] "
	    "[--record-only]\n"
	    "                 [--samply-arg arg] -p pid[,pid] | [--] command "
	    "[arg ...]\n"
	    "       sp-record --cargo\n"
	    "                 [--bench name | --bin name | --example name | "
	    "--test name |\n"
	    "                 --unit-test[=bin]]\n"
	    "                 [--cargo-arg arg] [--profile name] [option ...] "
	    "[--] [arg ...]\n"
	    "       sp-record --repeat n -o dir [option ...] [--] command "
	    "[arg ...]\n"
	    "                 [vs command [arg ...]]\n");
	if (fp == stdout)
		finish_stdout();
	exit(status);
}

/* ---- children ---- */

/*
 * The pid of a child of parent (perf's workload), from /proc; -1 when
 * there is none or /proc cannot tell.
 */
static pid_t
child_of(pid_t parent)
{
	DIR *d;
	struct dirent *e;
	pid_t found = -1;

	if ((d = opendir("/proc")) == NULL)
		return -1;
	while (found == -1 && (e = readdir(d)) != NULL) {
		char path[300], st[512], *p;
		const char *bad;
		long long ppid;
		ssize_t n;
		int fd;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
			continue;
		n = read(fd, st, sizeof(st) - 1);
		close(fd);
		if (n <= 0)
			continue;
		st[n] = '\0';
		/* "pid (comm) state ppid ...": comm may hold anything. */
		if ((p = strrchr(st, ')')) == NULL || p[1] != ' ' ||
		    p[2] == '\0' || p[3] != ' ')
			continue;
		p += 4;
		p[strcspn(p, " ")] = '\0';
		ppid = strtonum(p, 1, INT_MAX, &bad);
		if (bad == NULL && ppid == parent)
			found = (pid_t)strtonum(e->d_name, 1, INT_MAX, &bad);
	}
	closedir(d);
	return found;
}

/*
 * An interrupt while recording.  perf runs in a process group of its own
 * (see record_perf), and the command in ours, so that Ctrl-C typed at the
 * terminal reaches the command but not perf: perf would answer it by
 * sending SIGTERM to the command, cutting short the command's own handling
 * of SIGINT.  So an interrupt goes to the command when the terminal did not
 * deliver it there already (kill -INT to sp-record alone); a second one,
 * or any with -p (the target must live on), to the profiler, which stops
 * and writes its file.
 */
static void
interrupt(const siginfo_t *si)
{
	int from_tty = 0;
	pid_t to = run.recorder, c;

#ifdef SI_KERNEL
	from_tty = si->si_code == SI_KERNEL;
#else
	(void)si;
#endif
	if (run.stage == CONVERT)
		proc_die_by(SIGINT);
	run.interrupted = 1;
	if (run.stage == RECORD && !run.attached && run.forwarded++ == 0 &&
	    (c = child_of(run.recorder)) > 0) {
		if (from_tty && getpgid(c) == getpgrp())
			return;
		to = c;
	} else if (from_tty && run.stage == BUILD) {
		return;		/* cargo is in our group */
	}
	if (to > 0)
		kill(to, SIGINT);
}

/* ---- finding programs ---- */

static char *
need_profiler(const char *name)
{
	char *p;

	if (strcmp(name, "perf") == 0)
		return rec_need_perf();
	if ((p = proc_find(name)) != NULL)
		return p;
	errx(EX_CANNOT, "samply: not installed; install it with "
	    "'cargo install --locked samply'");
}

/* ---- debug info ---- */

static void
check_debug(const char *path, const char *shown)
{
	if (sym_image_has_debug(path) == 0)
		warnx("%s: no debug info: build it with -g (C, C++; "
		    "debug = true for Rust) to see inlined functions and "
		    "source lines", shown);
}

/* ---- cargo ---- */

static int
json_has(const struct json *j, int arr, const char *s)
{
	int n = json_len(j, arr);

	for (int i = 0, k = arr + 1; i < n; i++, k = json_next(j, k))
		if (json_streq(j, k, s))
			return 1;
	return 0;
}

/* Is token i the literal true? */
static int
json_true(const struct json *j, int i)
{
	return i >= 0 && j->t[i].type == JSMN_PRIMITIVE &&
	    j->t[i].end - j->t[i].start == 4 &&
	    memcmp(j->s + j->t[i].start, "true", 4) == 0;
}

/*
 * Build the target with cargo, debug info turned on through the
 * environment (CARGO_PROFILE_<NAME>_DEBUG, unless already set), so that
 * Cargo.toml stays as it is.  The executable is the one a compiler-artifact
 * message names for a target of the wanted kind (and name).  Unit tests
 * are built as cargo test --no-run builds them: the harness of the library
 * (or of a binary) is the artifact of that target with a test profile.
 */
static char *
cargo_build(const struct opts *o)
{
	struct args a = { 0 };
	struct buf var = { 0 }, line = { 0 }, exe = { 0 }, found = { 0 };
	const struct rec_cargo *c = &o->cargo;
	const char *kind = c->kind != NULL ? c->kind : "bin";
	const char *profile = c->profile != NULL ? c->profile : "release";
	int want_test = c->unit_test;
	char *cargo, *l = NULL, opt[32];
	size_t lcap = 0;
	ssize_t n;
	int fds[2], st, nfound = 0;
	pid_t pid;
	FILE *fp;

	if ((cargo = proc_find("cargo")) == NULL)
		errx(1, "cargo: not installed; install Rust from "
		    "https://rustup.rs");
	buf_adds(&var, "CARGO_PROFILE_");
	for (const char *p = profile; *p != '\0'; p++) {
		char u = *p;

		if (u >= 'a' && u <= 'z')
			u = (char)(u - 'a' + 'A');
		else if (u == '-')
			u = '_';
		buf_addc(&var, u);
	}
	buf_adds(&var, "_DEBUG");
	if (setenv(var.s, "true", 0) == -1)
		err(1, "setenv");
	args_add(&a, cargo);
	args_add(&a, want_test ? "test" : "build");
	if (want_test)
		args_add(&a, "--no-run");
	args_add(&a, "--message-format=json-render-diagnostics");
	args_add(&a, "--profile");
	args_add(&a, profile);
	if (want_test) {
		if (c->name == NULL) {
			kind = "lib";
			args_add(&a, "--lib");
		} else {
			kind = "bin";
			args_add(&a, "--bin");
			args_add(&a, c->name);
		}
	} else if (c->kind != NULL) {
		snprintf(opt, sizeof(opt), "--%s", c->kind);
		args_add(&a, opt);
		args_add(&a, c->name);
	}
	args_addv(&a, &c->args);
	if (pipe(fds) == -1)
		err(1, "pipe");
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	run.stage = BUILD;
	run.recorder = pid = proc_spawn(a.v, -1, fds[1], -1, 0);
	close(fds[1]);
	if ((fp = fdopen(fds[0], "r")) == NULL)
		err(1, "fdopen");
	while ((n = getline(&l, &lcap, fp)) != -1) {
		struct json j;
		const char *why;
		int t, ex, name;

		if (json_parse(&j, l, (size_t)n, &why) == -1)
			continue;	/* not a message */
		if (j.n > 0 && json_is_object(&j, 0) &&
		    json_streq(&j, json_get(&j, 0, "reason"),
		    "compiler-artifact") &&
		    json_is_string(&j, ex = json_get(&j, 0, "executable")) &&
		    (t = json_get(&j, 0, "target")) >= 0 &&
		    json_has(&j, json_get(&j, t, "kind"), kind) &&
		    (!want_test || json_true(&j, json_get(&j,
		    json_get(&j, 0, "profile"), "test"))) &&
		    json_str(&j, name = json_get(&j, t, "name"), &line) == 0 &&
		    (c->name == NULL || strcmp(line.s, c->name) == 0)) {
			json_str(&j, ex, &exe);
			if (nfound++ > 0)
				buf_adds(&found, ", ");
			buf_adds(&found, line.s);
		}
		json_free(&j);
	}
	if (ferror(fp))
		err(1, "cargo's output");
	fclose(fp);
	free(l);
	st = proc_wait(pid);
	run.recorder = -1;
	if (run.interrupted)
		proc_die_by(SIGINT);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		errx(1, "cargo %s %s", want_test ? "test" : "build",
		    proc_status_text(st));
	if (nfound == 0 && want_test)
		errx(1, "cargo: no unit tests of %s%s were built",
		    c->name != NULL ? "binary " : "the library",
		    c->name != NULL ? c->name : "");
	if (nfound == 0)
		errx(1, "cargo: no %s target%s%s was built", kind,
		    c->name != NULL ? " named " : "",
		    c->name != NULL ? c->name : "");
	if (nfound > 1)
		errx(1, "cargo: several %s targets (%s): choose one with --%s",
		    kind, found.s, kind);
	buf_free(&var);
	buf_free(&line);
	buf_free(&found);
	free(a.v);
	free(cargo);
	return exe.s;
}

/* ---- perf ---- */

/* Relay perf's messages, less its progress lines. */
static void
relay(const char *text)
{
	const char *p, *e;

	for (p = text; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		if (e > p && strncmp(p, "[ perf record:", 14) != 0)
			fprintf(stderr, "%.*s\n", (int)(e - p), p);
	}
}

static long long
read_sysctl(const char *path)
{
	char b[64], *p = NULL;
	size_t n;
	long long v = LLONG_MIN;
	const char *bad;

	if (input_slurp(path, sizeof(b), &p, &n) == 0) {
		p[strcspn(p, "\n")] = '\0';
		v = strtonum(p, LLONG_MIN + 1, LLONG_MAX, &bad);
		if (bad != NULL)
			v = LLONG_MIN;
	}
	free(p);
	return v;
}

/* ---- --off-cpu ---- */

/*
 * perf may not record sched:sched_switch with its raw fields: say what to
 * run, and stop (never an on-CPU profile in place of the one asked for).
 */
static void __attribute__((noreturn))
off_cpu_refused(void)
{
	long long v = read_sysctl("/proc/sys/kernel/perf_event_paranoid");

	if (geteuid() != 0)
		errx(1, "--off-cpu: perf may not record the "
		    "sched:sched_switch tracepoint here (not root, "
		    "kernel.perf_event_paranoid is %lld): run sp-record as "
		    "root, or run 'sudo sysctl kernel.perf_event_paranoid=-1 && "
		    "sudo mount -o remount,mode=755 /sys/kernel/tracing' "
		    "first", v);
	errx(1, "--off-cpu: perf may not record the sched:sched_switch "
	    "tracepoint even as root (kernel.perf_event_paranoid is %lld; "
	    "no tracefs, or a container): mount it with 'mount -t tracefs "
	    "nodev /sys/kernel/tracing', or in a container allow "
	    "perf_event_open (docker run --privileged)", v);
}

/*
 * Before recording: the tracepoint's raw fields need root (or
 * CAP_PERFMON) unless perf_event_paranoid is -1, and perf reads the
 * event's id and format from tracefs.
 */
static void
off_cpu_check(void)
{
	if (geteuid() == 0)
		return;
	if (read_sysctl("/proc/sys/kernel/perf_event_paranoid") > -1 ||
	    (access("/sys/kernel/tracing/events/sched/sched_switch/format",
	    R_OK) != 0 && access("/sys/kernel/debug/tracing/events/sched/"
	    "sched_switch/format", R_OK) != 0))
		off_cpu_refused();
}

/*
 * perf record failed: say why in one sentence with the fix, from its
 * messages and the kernel's settings.  Does not return.
 */
static void __attribute__((noreturn))
perf_failed(const char *msg, int st, const struct opts *o)
{

	long long v;

	if (o->off_cpu && (strstr(msg, "sched_switch") != NULL ||
	    strstr(msg, "trace events") != NULL ||
	    strstr(msg, "tracefs") != NULL ||
	    strstr(msg, "ermission") != NULL ||
	    strstr(msg, "perf_event_paranoid") != NULL))
		off_cpu_refused();
	if (strstr(msg, "perf not found for kernel") != NULL ||
	    strstr(msg, "You may need to install") != NULL) {
		errx(EX_CANNOT, "perf: no perf for the running kernel; "
		    "install linux-tools-$(uname -r) (Ubuntu) or linux-perf "
		    "(Debian)");
	}
	if (strstr(msg, "error mapping pages") != NULL ||
	    strstr(msg, "failed to mmap") != NULL ||
	    strstr(msg, "mmap failed") != NULL) {
		v = read_sysctl("/proc/sys/kernel/perf_event_mlock_kb");
		errx(EX_CANNOT, "perf: mmap failed: its ring buffers need "
		    "more locked memory than kernel.perf_event_mlock_kb "
		    "(%lld kB) allows; raise it with 'sysctl "
		    "kernel.perf_event_mlock_kb=2048' or pass "
		    "--perf-arg=--mmap-pages=16", v == LLONG_MIN ? -1 : v);
	}
	if (strstr(msg, "perf_event_paranoid") != NULL ||
	    strstr(msg, "No permission to enable") != NULL ||
	    strstr(msg, "ermission denied") != NULL ||
	    strstr(msg, "Operation not permitted") != NULL) {
		v = read_sysctl("/proc/sys/kernel/perf_event_paranoid");
		if (geteuid() != 0)
			errx(EX_CANNOT, "perf: not permitted to profile "
			    "(kernel.perf_event_paranoid is %lld); run "
			    "'sysctl kernel.perf_event_paranoid=1' as root, "
			    "or record as root", v);
		errx(EX_CANNOT, "perf: not permitted to profile even as root "
		    "(kernel.perf_event_paranoid is %lld): in a container, "
		    "allow perf_event_open (docker run --cap-add PERFMON, or "
		    "--privileged) or run 'sysctl "
		    "kernel.perf_event_paranoid=1' on the host", v);
	}
	if (strstr(msg, "Function not implemented") != NULL)
		errx(EX_CANNOT, "perf: the kernel has no perf events, or a "
		    "seccomp filter hides perf_event_open (docker run "
		    "--privileged)");
	if (strstr(msg, "event syntax error") != NULL ||
	    strstr(msg, "not supported") != NULL)
		errx(1, "perf: event %s is not available here; use "
		    "-e cpu-clock (hardware events are often missing in "
		    "virtual machines)", o->event);
	relay(msg);
	errx(1, "perf record %s", proc_status_text(st));
}

/*
 * "[ perf record: Captured and wrote 0.02 MB f (327 samples) ]": the number
 * of samples (perf leaves the count out when it is zero), or -1 when the
 * line is not there: nothing was written.  With compressed records (-z)
 * perf never counts them: LLONG_MAX, not known.
 */
static long long
perf_samples(const char *msg)
{
	const char *p, *q, *end, *bad;
	char num[32];
	size_t n;

	if ((p = strstr(msg, "[ perf record: Captured and wrote")) == NULL)
		return -1;
	end = p + strcspn(p, "\n");
	for (q = p; q < end && (q = memchr(q, '(', (size_t)(end - q))) !=
	    NULL; q++) {
		if (q[1] == '~')
			q++;
		n = strspn(q + 1, "0123456789");
		if (n == 0 || n >= sizeof(num) ||
		    strncmp(q + 1 + n, " samples)", 9) != 0)
			continue;
		memcpy(num, q + 1, n);
		num[n] = '\0';
		return strtonum(num, 0, LLONG_MAX, &bad);
	}
	if ((q = strstr(p, ", compressed (")) != NULL && q < end)
		return LLONG_MAX;
	return 0;
}

static char *
tmp_path(const char *name)
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
recorded(int st, const char *shown, const struct opts *o)
{
	/* Interrupted by the user: the profile is what was asked for. */
	if (o->pid > 0 || run.interrupted)
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
	char *errpath = tmp_path("perf-script.err"), *msg = NULL;
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
			relay(msg);
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
    const struct opts *o)
{
	struct pipeline pl = { 0 };
	struct rec_convert c = { 0 };

	run.stage = CONVERT;
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
	for (size_t i = 0; i < pl.n; i++) {
		free(pl.s[i].a.v);
		free(pl.s[i].errpath);
	}
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
add_attach_helper(struct args *a, const struct opts *o, const char *self,
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

static int
record_perf(const struct opts *o, const char *path, char *const cmd[],
    const char *shown)
{
	struct args a = { 0 };
	char *perf = need_profiler("perf"), *self = self_exe(), *msg = NULL;
	char *errpath = tmp_path("perf-record.err"), fdarg[32], freq[32];
	char helper[96], c, *link = NULL, clock[128], pages[32];
	struct ringbuf rb;
	const char *data;
	long long nsamples;
	size_t len;
	int efd, keep = -1, note[2] = { -1, -1 }, st, status, began = 0;

	data = o->output != NULL ? o->output : tmp_path("perf.data");
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
		link = tmp_path(REC_EXEC_COMM);
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
	run.stage = RECORD;
	run.attached = o->pid > 0;
	/*
	 * Standard output is the stream's: the command writes to stderr,
	 * unless there is no stream (--record-only).
	 */
	run.recorder = proc_spawn(a.v, -1, o->record_only ? -1 : 2, efd,
	    PROC_NEWPGRP);
	close(efd);
	if (keep != -1)
		close(keep);
	if (note[1] != -1)
		close(note[1]);
	st = proc_wait(run.recorder);
	run.recorder = -1;
	if (note[0] != -1) {
		/* perf and its workload are gone: the byte is there or not. */
		began = read(note[0], &c, 1) == 1;
		close(note[0]);
	}
	if (input_slurp(errpath, 16 << 20, &msg, &len) == -1)
		exit(1);
	nsamples = perf_samples(msg);
	if (nsamples == -1)
		perf_failed(msg, st, o);
	relay(msg);
	if (nsamples == 0) {
		if (o->pid > 0 && !began && run.interrupted)
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
	return status;
}

/* ---- samply ---- */

static void
copy_file(const char *path)
{
	char b[65536];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		err(1, "%s", path);
	while ((n = read(fd, b, sizeof(b))) > 0)
		if (fwrite(b, 1, (size_t)n, stdout) != (size_t)n)
			break;
	if (n == -1)
		err(1, "%s", path);
	close(fd);
}

static int
record_samply(const struct opts *o, char *const cmd[], const char *shown)
{
	struct args a = { 0 };
	char *samply = need_profiler("samply"), *flatten, rate[32], pid[32];
	char dur[64], *fa[4];
	const char *out;
	struct stat sb;
	int st, status, fst, k;

	out = o->output != NULL ? o->output : tmp_path("profile.json");
	snprintf(rate, sizeof(rate), "%lld", o->freq);
	args_add(&a, samply);
	args_add(&a, "record");
	args_add(&a, "--save-only");
	args_add(&a, "-o");
	args_add(&a, out);
	args_add(&a, "--rate");
	args_add(&a, rate);
	if (o->duration > 0) {
		snprintf(dur, sizeof(dur), "%g", o->duration);
		args_add(&a, "--duration");
		args_add(&a, dur);
	}
	args_addv(&a, &o->samply_args);
	if (o->pid > 0) {
		snprintf(pid, sizeof(pid), "%ld", (long)o->pid);
		args_add(&a, "-p");
		args_add(&a, pid);
	} else {
		args_add(&a, "--");
		for (size_t i = 0; cmd[i] != NULL; i++)
			args_add(&a, cmd[i]);
	}
	run.stage = RECORD;
	run.attached = 1;	/* interrupts go to samply, which handles them */
	run.recorder = proc_spawn(a.v, -1, o->record_only ? -1 : 2, -1, 0);
	st = proc_wait(run.recorder);
	run.recorder = -1;
	if (stat(out, &sb) == -1 || sb.st_size == 0)
		errx(1, "samply record %s without writing a profile",
		    proc_status_text(st));
	status = 0;
	if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) && !run.interrupted &&
	    o->pid <= 0) {
		warnx("samply record (running %s) %s; the profile is written "
		    "all the same", shown, proc_status_text(st));
		status = EX_FAILED;
	}
	run.stage = CONVERT;
	if (o->record_only) {
		/* The profile stays in -o's file. */
	} else if (o->raw) {
		copy_file(out);
	} else {
		flatten = rec_need_sp("sp-flatten");
		k = 0;
		fa[k++] = flatten;
		if (o->quiet)
			fa[k++] = "-q";
		fa[k++] = (char *)out;
		fa[k] = NULL;
		fflush(stdout);
		fst = proc_wait(proc_spawn(fa, -1, -1, -1, 0));
		if (WIFSIGNALED(fst) && WTERMSIG(fst) == SIGPIPE)
			proc_die_by(SIGPIPE);
		if (!WIFEXITED(fst) || WEXITSTATUS(fst) != 0)
			errx(1, "sp-flatten %s", proc_status_text(fst));
		free(flatten);
	}
	free(samply);
	free(a.v);
	return status;
}

/*
 * -p's list, pid[,pid...]: each a number; the first is returned.
 */
static pid_t
parse_pids(const char *s)
{
	const char *p = s, *bad;
	pid_t first = -1;

	for (;;) {
		size_t n = strcspn(p, ",");
		char num[32];
		long long v;

		if (n == 0 || n >= sizeof(num))
			errx(1, "-p %s: pid is invalid", s);
		memcpy(num, p, n);
		num[n] = '\0';
		v = strtonum(num, 1, INT_MAX, &bad);
		if (bad != NULL)
			errx(1, "-p %s: pid is %s", s, bad);
		if (first == -1)
			first = (pid_t)v;
		if (p[n] == '\0')
			return first;
		p += n + 1;
	}
}

/* Each of -p's processes exists; warn of those without debug info. */
static void
check_pids(const char *s)
{
	for (const char *p = s; *p != '\0'; ) {
		size_t n = strcspn(p, ",");
		char num[32], procexe[64];
		const char *bad;
		pid_t pid;

		memcpy(num, p, n);
		num[n] = '\0';
		pid = (pid_t)strtonum(num, 1, INT_MAX, &bad);
		if (kill(pid, 0) == -1 && errno == ESRCH)
			errx(1, "%ld: no such process", (long)pid);
		snprintf(procexe, sizeof(procexe), "/proc/%ld/exe", (long)pid);
		check_debug(procexe, procexe);
		p += n;
		if (*p == ',')
			p++;
	}
}

/*
 * The internal --exec-fd=N:PGID mode, perf's workload: put descriptor N
 * back as standard error, join sp-record's process group PGID (perf has one
 * of its own) and become the command (argv: path, argv0, args).
 */
static void __attribute__((noreturn))
exec_helper(const char *arg, char **argv)
{
	const char *bad, *colon = strchr(arg, ':');
	char num[32];
	long long fd, pg;
	int e;

	if (colon == NULL || (size_t)(colon - arg) >= sizeof(num) ||
	    argv[0] == NULL || argv[1] == NULL)
		errx(1, "--exec-fd: bad internal call");
	memcpy(num, arg, (size_t)(colon - arg));
	num[colon - arg] = '\0';
	fd = strtonum(num, 3, INT_MAX, &bad);
	if (bad == NULL)
		pg = strtonum(colon + 1, 1, INT_MAX, &bad);
	if (bad != NULL)
		errx(1, "--exec-fd: bad internal call");
	if (dup2((int)fd, 2) == -1)
		err(126, "dup2");
	close((int)fd);
	/* Failing, the command stays in perf's group: interrupt() copes. */
	setpgid(0, (pid_t)pg);
	execv(argv[0], argv + 1);
	e = errno;
	err(e == ENOENT ? 127 : 126, "%s", argv[0]);
}

/*
 * The internal --attached=NOTE:ERR SECONDS PIDS mode, perf's workload with
 * -p (see add_attach_helper): perf starts it once it records.  Say so on
 * descriptor ERR (-1 with -q), write a byte to NOTE for sp-record, then
 * wait SECONDS (-d), or until perf ends it (SIGTERM) after an interrupt.
 */
static void __attribute__((noreturn))
attached_helper(const char *arg, char **argv)
{
	const char *bad, *colon = strchr(arg, ':');
	char num[32];
	long long note, efd = -1;
	double secs;
	struct timespec ts;

	if (colon == NULL || (size_t)(colon - arg) >= sizeof(num) ||
	    argv[0] == NULL || argv[1] == NULL)
		errx(1, "--attached: bad internal call");
	memcpy(num, arg, (size_t)(colon - arg));
	num[colon - arg] = '\0';
	note = strtonum(num, 0, INT_MAX, &bad);
	if (bad == NULL && strcmp(colon + 1, "-1") != 0)
		efd = strtonum(colon + 1, 0, INT_MAX, &bad);
	if (bad != NULL || parse_double(argv[0], strlen(argv[0]), &secs) ==
	    -1 || secs < 0)
		errx(1, "--attached: bad internal call");
	if (efd != -1) {
		if (secs > 0)
			dprintf((int)efd, "sp-record: recording %s for %s "
			    "s\n", argv[1], argv[0]);
		else
			dprintf((int)efd, "sp-record: recording %s until "
			    "interrupted\n", argv[1]);
		close((int)efd);
	}
	if (write((int)note, "", 1) == -1)
		err(1, "--attached");
	close((int)note);
	if (secs == 0)
		for (;;)
			pause();
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
	exit(0);
}

/*
 * The options into o; returns the operands (the command and its
 * arguments) and their number in *n.  Usage errors exit.
 */
static char **
parse_options(int argc, char *argv[], struct opts *o, int *n)
{
	enum { O_CARGO_ARG = REC_O_END, O_OFF_CPU, O_PERF_ARG, O_RECORD_ONLY,
	    O_SAMPLY_ARG, O_REPEAT };
	static const struct option longopts[] = {
		REC_CARGO_LONGOPTS,
		{ "cargo-arg", required_argument, NULL, O_CARGO_ARG },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "perf-arg", required_argument, NULL, O_PERF_ARG },
		{ "profiler", required_argument, NULL, 'P' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "off-cpu", no_argument, NULL, O_OFF_CPU },
		{ "record-only", no_argument, NULL, O_RECORD_ONLY },
		{ "repeat", required_argument, NULL, O_REPEAT },
		{ "samply-arg", required_argument, NULL, O_SAMPLY_ARG },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	const char *bad;
	int ch;

	o->prof = PERF;
	o->event = DEFAULT_EVENT;
	o->freq = DEFAULT_FREQ;
	o->callgraph = DEFAULT_CALLGRAPH;
	while ((ch = getopt_long(argc, argv, "+d:e:F:g:hVo:P:p:qrv", longopts,
	    NULL)) != -1) {
		if (rec_cargo_opt(&o->cargo, ch, optarg))
			continue;
		switch (ch) {
		case 'd':
			if (parse_double(optarg, strlen(optarg),
			    &o->duration) == -1 || !(o->duration > 0) ||
			    o->duration > 1e7)
				errx(1, "-d %s: not a number of seconds",
				    optarg);
			break;
		case 'e':
			o->event = optarg;
			break;
		case 'F':
			o->freq = strtonum(optarg, 1, 1000000, &bad);
			if (bad != NULL)
				errx(1, "-F %s: frequency is %s", optarg, bad);
			break;
		case 'g':
			if (strcmp(optarg, "fp") != 0 &&
			    strcmp(optarg, "lbr") != 0 &&
			    strcmp(optarg, "dwarf") != 0 &&
			    strncmp(optarg, "dwarf,", 6) != 0)
				errx(1, "-g %s: mode is fp, dwarf[,size] or "
				    "lbr", optarg);
			o->callgraph = strcmp(optarg, "dwarf") == 0 ?
			    DEFAULT_CALLGRAPH : optarg;
			break;
		case 'h':
			usage(stdout, 0);
		case 'V':
			version_exit();
		case 'o':
			o->output = optarg;
			rec_repeat_skip(argv, optind, optarg);
			break;
		case 'P':
			if (strcmp(optarg, "perf") == 0)
				o->prof = PERF;
			else if (strcmp(optarg, "samply") == 0)
				o->prof = SAMPLY;
			else
				errx(1, "-P %s: profiler is perf or samply",
				    optarg);
			break;
		case 'p':
			o->pid = parse_pids(optarg);
			o->pids = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'r':
			o->raw = 1;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case O_CARGO_ARG:
			args_add(&o->cargo.args, optarg);
			break;
		case O_OFF_CPU:
			o->off_cpu = 1;
			break;
		case O_PERF_ARG:
			args_add(&o->perf_args, optarg);
			break;
		case O_RECORD_ONLY:
			o->record_only = 1;
			break;
		case O_SAMPLY_ARG:
			args_add(&o->samply_args, optarg);
			break;
		case O_REPEAT:
			o->repeat = (int)strtonum(optarg, 1, 1000000, &bad);
			if (bad != NULL)
				errx(1, "--repeat %s: the number of runs, 1 or "
				    "more", optarg);
			rec_repeat_skip(argv, optind, optarg);
			break;
		default:
			usage(stderr, 1);
		}
	}
	*n = argc - optind;
	return argv + optind;
}

/* The options that do not go together, once all are read. */
static void
check_options(const struct opts *o, int argc)
{
	if (o->pid > 0 && (argc > 0 || o->cargo.cargo))
		usage(stderr, 1);
	if (o->pid <= 0 && argc == 0 && !o->cargo.cargo)
		usage(stderr, 1);
	if (o->duration > 0 && o->pid <= 0)
		errx(1, "-d: only with -p (a command is recorded until it "
		    "ends)");
	if (!o->cargo.cargo && (o->cargo.target || o->cargo.args.n > 0))
		errx(1, "--bench, --bin, --cargo-arg, --example, --test and "
		    "--unit-test go with --cargo");
	if (o->record_only && o->output == NULL)
		errx(1, "--record-only: name the file to keep with -o");
	if (o->record_only && o->raw)
		errx(1, "--record-only and -r: choose one");
	if (o->prof == SAMPLY && o->pids != NULL &&
	    strchr(o->pids, ',') != NULL)
		errx(1, "-p %s: samply records one process at a time",
		    o->pids);
	if (o->prof == SAMPLY && (o->perf_args.n > 0 ||
	    strcmp(o->event, DEFAULT_EVENT) != 0 ||
	    strcmp(o->callgraph, DEFAULT_CALLGRAPH) != 0))
		errx(1, "-e, -g and --perf-arg are for perf, not samply");
	if (o->off_cpu && o->prof == SAMPLY)
		errx(1, "--off-cpu: with perf only (samply records on-CPU "
		    "samples)");
	if (o->off_cpu && strcmp(o->event, "cpu-clock") != 0 &&
	    strcmp(o->event, "task-clock") != 0)
		errx(1, "--off-cpu -e %s: off-CPU intervals are in time, so "
		    "the samples beside them are too: -e cpu-clock or "
		    "task-clock", o->event);
}

/*
 * The command to record: the operands, or --cargo's executable (built
 * here) and its arguments; its path in *path, checked.
 */
static char **
command(const struct opts *o, char **argv, int argc, struct args *cv,
    char **path)
{
	char **cmd = argv;

	if (o->cargo.cargo) {
		args_add(cv, cargo_build(o));
		/* Bench harnesses run benchmarks only with --bench. */
		if (o->cargo.kind != NULL &&
		    strcmp(o->cargo.kind, "bench") == 0)
			args_add(cv, "--bench");
		for (int i = 0; i < argc; i++)
			args_add(cv, argv[i]);
		cmd = cv->v;
	}
	if ((*path = proc_find(cmd[0])) == NULL) {
		if (strchr(cmd[0], '/') != NULL && access(cmd[0], F_OK) == 0)
			errx(1, "%s: not an executable file", cmd[0]);
		errx(1, "%s: command not found", cmd[0]);
	}
	check_debug(*path, cmd[0]);
	return cmd;
}

int
main(int argc, char *argv[])
{
	struct opts o = { 0 };
	const char *shown;
	char **cmd = NULL, *path = NULL, pidstr[32];
	struct args cv = { 0 };
	char **argv0 = argv;
	int n, status;

	rec_internal(argc, argv);
	if (argc >= 3 && strncmp(argv[1], "--exec-fd=", 10) == 0)
		exec_helper(argv[1] + 10, argv + 2);
	if (argc >= 4 && strncmp(argv[1], "--attached=", 11) == 0)
		attached_helper(argv[1] + 11, argv + 2);

	argv = parse_options(argc, argv, &o, &n);
	check_options(&o, n);
	if (o.repeat > 0) {
		if (o.pid > 0 || o.output == NULL || o.record_only || o.raw)
			errx(1, "--repeat N -o DIR: runs a command N times "
			    "into DIR, as symbolized streams (not with -p, -r "
			    "or --record-only)");
		return rec_repeat(o.repeat, o.output, argc, argv0, argc - n,
		    o.cargo.cargo);
	}
	if (o.off_cpu)
		off_cpu_check();
	proc_signals(&(struct proc_hooks){ interrupt, NULL });
	if (o.pid > 0) {
		check_pids(o.pids);
		snprintf(pidstr, sizeof(pidstr), "%ld", (long)o.pid);
		shown = strchr(o.pids, ',') != NULL ? o.pids : pidstr;
	} else {
		cmd = command(&o, argv, n, &cv, &path);
		shown = cmd[0];
	}

	proc_tmpdir("sp-record");
	if (o.prof == PERF)
		status = record_perf(&o, path, cmd, shown);
	else
		status = record_samply(&o, cmd, shown);
	proc_cleanup();
	free(path);
	if (o.cargo.cargo)
		free(cv.v[0]);
	free(cv.v);
	finish_stdout();
	return status;
}
