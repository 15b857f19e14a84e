/*
 * proc.h: the one way sp's tools start and watch other programs (perf,
 * cargo, the symbolizers, sp's own tools in a pipeline).
 *
 *  - Programs are found as execvp(3) would, or beside our own executable,
 *    and started from an argument vector, never through a shell.
 *  - Every child is registered; on every way out (exit() included, and a
 *    SIGTERM or SIGHUP to the tool) the children still running get SIGTERM
 *    and are waited for, and the temporary directory is removed: nothing is
 *    left running or lying around.
 *  - A tool that watches its children over time calls proc_signals(): the
 *    signals are then blocked and taken synchronously in proc_wait() (with
 *    sigwaitinfo), so an interrupt is never lost between two system calls,
 *    and what SIGINT (Ctrl-C) and SIGALRM mean is the tool's to say.
 *  - Children start with the default action for the signals the tool
 *    catches or ignores (SIGPIPE above all) and an empty signal mask; in a
 *    process group of their own when asked, so that the terminal's Ctrl-C
 *    does not reach them.
 */
#ifndef SP_PROC_H
#define SP_PROC_H

#include <sys/types.h>

#include <signal.h>
#include <stddef.h>

#include "base/buf.h"

/*
 * Find prog in PATH (or check it, when it contains a '/'): an executable
 * regular file.  proc_which copies the path into out and returns 0, or -1;
 * proc_find returns it malloc'ed, or NULL.
 */
int	 proc_which(const char *prog, char *out, size_t sz);
char	*proc_find(const char *prog);

/*
 * An sp program: the one beside our own executable (so that a build
 * directory runs its own tools), else the one in PATH; malloc'ed, or NULL.
 */
char	*proc_sibling(const char *name);

/*
 * What an interrupt and an alarm mean, for proc_wait (either may be NULL:
 * SIGINT then ends the tool as SIGTERM does, SIGALRM is ignored).
 */
struct proc_hooks {
	void	(*interrupt)(const siginfo_t *);
	void	(*alarm)(void);
};

/*
 * Block SIGCHLD, SIGINT, SIGTERM, SIGALRM and SIGHUP (unless the tool was
 * started with it ignored, as under nohup) for proc_wait to take.
 */
void	 proc_signals(const struct proc_hooks *);

#define PROC_NEWPGRP	1	/* a process group of its own */

/*
 * Start argv[0] (a path) with argv, its standard input, output and error
 * on in, out and errfd (-1: inherited).  Returns 0 with *pid set, or an
 * errno value; proc_spawn dies with a message instead.
 */
int	 proc_start(char *const argv[], int in, int out, int errfd, int flags,
	    pid_t *pid);
pid_t	 proc_spawn(char *const argv[], int in, int out, int errfd, int flags);

/*
 * Wait for a child and return its wait status.  proc_wait acts on the
 * signals that arrive meanwhile (after proc_signals); proc_reap just
 * waits.  Either way the child is no longer registered.
 */
int	 proc_wait(pid_t);
int	 proc_reap(pid_t);

/* Send sig to every registered child. */
void	 proc_kill_all(int sig);

/*
 * Stop the children still running (SIGTERM: perf finishes its file on it),
 * wait for them, remove the temporary directory.  Run at exit too.
 */
void	 proc_cleanup(void);

/*
 * One more file for proc_cleanup to remove (a half-written output), or
 * NULL to forget it.  The path is not copied.
 */
void	 proc_remove_at_exit(const char *path);

/* Clean up, then end the tool by sig itself, as the shell expects. */
void	 proc_die_by(int sig) __attribute__((noreturn));

/*
 * A directory of our own under TMPDIR (or /tmp), made on first use,
 * removed with what is in it by proc_cleanup; proc_tmp gives a malloc'ed
 * path in it.  Dies when it cannot be made.
 */
const char *proc_tmpdir(const char *prefix);
char	*proc_tmp(const char *prefix, const char *name);

/* Append a description of a wait status: "exited with status 3", ... */
void	 proc_status(struct buf *, int wstatus);
/* The same into a static buffer, for messages. */
const char *proc_status_text(int wstatus);

/* Did the child end well (exit status 0)? */
int	 proc_ok(int wstatus);

#endif
