/*
 * proc.c: the children of sp's tools (see proc.h).  The registry is a
 * small fixed table: a tool runs a pipeline of a few programs at a time.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/proc.h"
#include "base/util.h"

extern char **environ;

static struct {
	pid_t	 kids[16];
	size_t	 nkids;
	int	 atexit_done;
	int	 signals_on;
	int	 hup_ignored;
	sigset_t waitset;
	struct proc_hooks hooks;
	char	 tmpdir[PATH_MAX];
	int	 have_tmpdir;
	const char *remove;
} P;

/* ---- finding programs ---- */

static int
is_exec(const char *path)
{
	struct stat st;

	return access(path, X_OK) == 0 && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode);
}

int
proc_which(const char *prog, char *out, size_t sz)
{
	const char *path, *p;

	if (prog[0] == '\0')
		return -1;
	if (strchr(prog, '/') != NULL) {
		if (!is_exec(prog))
			return -1;
		return strlcpy(out, prog, sz) < sz ? 0 : -1;
	}
	if ((path = getenv("PATH")) == NULL)
		path = "/usr/bin:/bin";
	for (p = path;; ) {
		const char *colon = strchr(p, ':');
		size_t dl = colon ? (size_t)(colon - p) : strlen(p);

		if (dl == 0) {
			/* An empty PATH element is the current directory. */
			if (strlcpy(out, prog, sz) < sz && is_exec(out))
				return 0;
		} else if (dl + 1 + strlen(prog) < sz) {
			memcpy(out, p, dl);
			out[dl] = '/';
			strlcpy(out + dl + 1, prog, sz - dl - 1);
			if (is_exec(out))
				return 0;
		}
		if (colon == NULL)
			return -1;
		p = colon + 1;
	}
}

char *
proc_find(const char *prog)
{
	char path[PATH_MAX];

	return proc_which(prog, path, sizeof(path)) == 0 ? xstrdup(path) :
	    NULL;
}

char *
proc_sibling(const char *name)
{
	char self[PATH_MAX], *slash;
	ssize_t n;

	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		struct buf b = { 0 };

		self[n] = '\0';
		if ((slash = strrchr(self, '/')) != NULL) {
			buf_add(&b, self, (size_t)(slash - self) + 1);
			buf_adds(&b, name);
			if (is_exec(b.s))
				return b.s;
		}
		buf_free(&b);
	}
	return proc_find(name);
}

/* ---- the registry and the way out ---- */

static void at_exit(void);

static void
forget(pid_t pid)
{
	for (size_t i = 0; i < P.nkids; i++)
		if (P.kids[i] == pid) {
			P.kids[i] = P.kids[--P.nkids];
			return;
		}
}

static void
remove_tmp(void)
{
	DIR *d;
	struct dirent *e;

	if (!P.have_tmpdir)
		return;
	P.have_tmpdir = 0;
	if ((d = opendir(P.tmpdir)) != NULL) {
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 ||
			    strcmp(e->d_name, "..") == 0)
				continue;
			if (unlinkat(dirfd(d), e->d_name, 0) == -1)
				warn("%s/%s", P.tmpdir, e->d_name);
		}
		closedir(d);
	}
	if (rmdir(P.tmpdir) == -1)
		warn("%s", P.tmpdir);
}

void
proc_kill_all(int sig)
{
	for (size_t i = 0; i < P.nkids; i++)
		kill(P.kids[i], sig);
}

void
proc_cleanup(void)
{
	while (P.nkids > 0) {
		pid_t pid = P.kids[0];

		kill(pid, SIGTERM);
		while (waitpid(pid, NULL, 0) == -1 && errno == EINTR)
			;
		forget(pid);
	}
	remove_tmp();
	if (P.remove != NULL) {
		unlink(P.remove);
		P.remove = NULL;
	}
}

void
proc_remove_at_exit(const char *path)
{
	P.remove = path;
	if (path != NULL)
		at_exit();
}

static void
at_exit(void)
{
	if (!P.atexit_done) {
		if (atexit(proc_cleanup) != 0)
			errx(1, "atexit failed");
		P.atexit_done = 1;
	}
}

void
proc_die_by(int sig)
{
	sigset_t s;

	proc_cleanup();
	signal(sig, SIG_DFL);
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	raise(sig);
	_exit(128 + sig);
}

const char *
proc_tmpdir(const char *prefix)
{
	const char *t;

	if (P.have_tmpdir)
		return P.tmpdir;
	if ((t = getenv("TMPDIR")) == NULL || *t == '\0')
		t = "/tmp";
	if ((size_t)snprintf(P.tmpdir, sizeof(P.tmpdir), "%s/%s.XXXXXX", t,
	    prefix) >= sizeof(P.tmpdir))
		errx(1, "%s: TMPDIR too long", t);
	if (mkdtemp(P.tmpdir) == NULL)
		err(1, "%s", P.tmpdir);
	P.have_tmpdir = 1;
	at_exit();
	return P.tmpdir;
}

char *
proc_tmp(const char *prefix, const char *name)
{
	struct buf b = { 0 };

	buf_printf(&b, "%s/%s", proc_tmpdir(prefix), name);
	return b.s;
}

/* ---- signals ---- */

static void
on_signal(int sig)
{
	(void)sig;
}

void
proc_signals(const struct proc_hooks *h)
{
	struct sigaction sa, old;

	if (h != NULL)
		P.hooks = *h;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigemptyset(&P.waitset);
	sigaddset(&P.waitset, SIGCHLD);
	sigaddset(&P.waitset, SIGINT);
	sigaddset(&P.waitset, SIGTERM);
	sigaddset(&P.waitset, SIGALRM);
	/* Under nohup, a hangup stays ignored, by the children too. */
	if (sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler != SIG_IGN) {
		sigaction(SIGHUP, &sa, NULL);
		sigaddset(&P.waitset, SIGHUP);
	} else
		P.hup_ignored = 1;
	sigprocmask(SIG_BLOCK, &P.waitset, NULL);
	P.signals_on = 1;
	at_exit();
}

/* Under nohup, children keep ignoring SIGHUP. */
static int
hup_ignored(void)
{
	struct sigaction old;

	if (P.signals_on)
		return P.hup_ignored;
	return sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

/* ---- children ---- */

int
proc_start(char *const argv[], int in, int out, int errfd, int flags,
    pid_t *pidp)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, dfl;
	pid_t pid;
	int e;

	if (P.nkids == SP_NELEM(P.kids))
		return EAGAIN;
	posix_spawn_file_actions_init(&fa);
	if (in >= 0)
		posix_spawn_file_actions_adddup2(&fa, in, 0);
	if (out >= 0)
		posix_spawn_file_actions_adddup2(&fa, out, 1);
	if (errfd >= 0)
		posix_spawn_file_actions_adddup2(&fa, errfd, 2);
	/* The originals are not the child's, inheritable or not. */
	if (in > 2)
		posix_spawn_file_actions_addclose(&fa, in);
	if (out > 2 && out != in)
		posix_spawn_file_actions_addclose(&fa, out);
	if (errfd > 2 && errfd != in && errfd != out)
		posix_spawn_file_actions_addclose(&fa, errfd);
	posix_spawnattr_init(&at);
	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGTERM);
	if (!hup_ignored())
		sigaddset(&dfl, SIGHUP);
	sigaddset(&dfl, SIGALRM);
	sigaddset(&dfl, SIGPIPE);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &dfl);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
	    POSIX_SPAWN_SETSIGDEF |
	    ((flags & PROC_NEWPGRP) ? POSIX_SPAWN_SETPGROUP : 0));
	e = posix_spawn(&pid, argv[0], &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (e != 0)
		return e;
	P.kids[P.nkids++] = pid;
	at_exit();
	*pidp = pid;
	return 0;
}

pid_t
proc_spawn(char *const argv[], int in, int out, int errfd, int flags)
{
	pid_t pid;
	int e;

	if ((e = proc_start(argv, in, out, errfd, flags, &pid)) != 0) {
		errno = e;
		err(1, "%s", argv[0]);
	}
	return pid;
}

int
proc_reap(pid_t pid)
{
	int st = 0;

	while (waitpid(pid, &st, 0) == -1) {
		if (errno != EINTR) {
			st = 0;
			break;
		}
	}
	forget(pid);
	return st;
}

int
proc_wait(pid_t pid)
{
	siginfo_t si;
	pid_t w;
	int st;

	if (!P.signals_on)
		return proc_reap(pid);
	for (;;) {
		if ((w = waitpid(pid, &st, WNOHANG)) == pid) {
			forget(pid);
			return st;
		}
		if (w == -1 && errno != EINTR)
			err(1, "waitpid");
		if (sigwaitinfo(&P.waitset, &si) == -1) {
			if (errno == EINTR)
				continue;
			err(1, "sigwaitinfo");
		}
		switch (si.si_signo) {
		case SIGCHLD:
			break;
		case SIGINT:
			if (P.hooks.interrupt == NULL)
				proc_die_by(SIGINT);
			P.hooks.interrupt(&si);
			break;
		case SIGALRM:
			if (P.hooks.alarm != NULL)
				P.hooks.alarm();
			break;
		default:	/* SIGTERM, SIGHUP */
			proc_die_by(si.si_signo);
		}
	}
}

/* ---- statuses ---- */

void
proc_status(struct buf *b, int st)
{
	if (WIFEXITED(st))
		buf_printf(b, "exited with status %d", WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		buf_printf(b, "was killed by signal %d (%s)", WTERMSIG(st),
		    strsignal(WTERMSIG(st)));
	else
		buf_printf(b, "ended with wait status %#x", st);
}

const char *
proc_status_text(int st)
{
	static struct buf b;

	buf_reset(&b);
	proc_status(&b, st);
	return b.s;
}

int
proc_ok(int st)
{
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}
