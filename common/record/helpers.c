/*
 * helpers.c: sp-record's internal modes, which perf runs as its workload
 * (record_perf.c starts them): --exec-fd becomes the command with
 * sp-record's standard error and process group, --attached marks the
 * start of a -p recording and times -d.  May use base and recorder.h.
 */
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "record/recorder.h"

/*
 * The internal --exec-fd=N:PGID mode, perf's workload: put descriptor N
 * back as standard error, join sp-record's process group PGID (perf has one
 * of its own) and become the command (argv: path, argv0, args).
 */
void __attribute__((noreturn))
rec_exec_helper(const char *arg, char **argv)
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
void __attribute__((noreturn))
rec_attached_helper(const char *arg, char **argv)
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
