/*
 * perf_failure.c: reading perf record's messages: its failures said in
 * one sentence with the fix (from the messages and the kernel's
 * settings), the number of samples it wrote, its other messages relayed
 * less the progress lines; and --off-cpu's check, before recording, that
 * perf may record the sched_switch tracepoint.  May use base and
 * recorder.h.
 */
#include <sys/types.h>

#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/input.h"
#include "base/proc.h"
#include "base/util.h"
#include "record/recorder.h"

/* Relay perf's messages, less its progress lines. */
void
rec_relay(const char *text)
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
void
rec_off_cpu_check(void)
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
void __attribute__((noreturn))
rec_perf_failed(const char *msg, int st, const struct rec_opts *o)
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
	rec_relay(msg);
	errx(1, "perf record %s", proc_status_text(st));
}

/*
 * "[ perf record: Captured and wrote 0.02 MB f (327 samples) ]": the number
 * of samples (perf leaves the count out when it is zero), or -1 when the
 * line is not there: nothing was written.  With compressed records (-z)
 * perf never counts them: LLONG_MAX, not known.
 */
long long
rec_perf_samples(const char *msg)
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
