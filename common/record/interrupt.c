/*
 * interrupt.c: what an interrupt means while sp-record's children run
 * (recorder.h's rec_run says which is running), proc_signals' hook.
 * Signals are taken synchronously by common/base/proc.h; this file only
 * says where a SIGINT goes.  May use base and recorder.h.
 */
#include <sys/types.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/proc.h"
#include "base/util.h"
#include "record/recorder.h"

struct rec_run rec_run;

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
void
rec_interrupt(const siginfo_t *si)
{
	int from_tty = 0;
	pid_t to = rec_run.recorder, c;

#ifdef SI_KERNEL
	from_tty = si->si_code == SI_KERNEL;
#else
	(void)si;
#endif
	if (rec_run.stage == REC_CONVERT)
		proc_die_by(SIGINT);
	rec_run.interrupted = 1;
	if (rec_run.stage == REC_RECORD && !rec_run.attached &&
	    rec_run.forwarded++ == 0 && (c = child_of(rec_run.recorder)) > 0) {
		if (from_tty && getpgid(c) == getpgrp())
			return;
		to = c;
	} else if (from_tty && rec_run.stage == REC_BUILD) {
		return;		/* cargo is in our group */
	}
	if (to > 0)
		kill(to, SIGINT);
}
