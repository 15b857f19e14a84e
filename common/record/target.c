/*
 * target.c: what sp-record records and with what, checked before
 * recording: the profiler's program, -p's processes, or the command
 * (--cargo's executable, built by cargo_build.c), with a warning when it
 * has no debug info.  May use base, sym and recorder.h.
 */
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/proc.h"
#include "base/util.h"
#include "record/recorder.h"
#include "sym/sym_image.h"

char *
rec_need_profiler(const char *name)
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

/*
 * -p's list, pid[,pid...]: each a number; the first is returned.
 */
pid_t
rec_parse_pids(const char *s)
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
void
rec_check_pids(const char *s)
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
 * The command to record: the operands, or --cargo's executable (built
 * here) and its arguments; its path in *path, checked.
 */
char **
rec_command(const struct rec_opts *o, char **argv, int argc, struct args *cv,
    char **path)
{
	char **cmd = argv;

	if (o->cargo.cargo) {
		args_add(cv, rec_cargo_build(&o->cargo));
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
