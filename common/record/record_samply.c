/*
 * record_samply.c: sp-record -P samply: samply record --save-only into a
 * file, then sp-flatten reads it onto our standard output (or -r copies
 * it).  May use base and recorder.h.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <err.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/proc.h"
#include "record/recorder.h"

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

int
rec_record_samply(const struct rec_opts *o, char *const cmd[],
    const char *shown)
{
	struct args a = { 0 };
	char *samply = rec_need_profiler("samply"), *flatten;
	char rate[32], pid[32];
	char dur[64], *fa[4];
	const char *out;
	char *tmp_out = NULL;
	struct stat sb;
	int st, status, fst, k;

	out = o->output != NULL ? o->output :
	    (tmp_out = rec_tmp_path("profile.json"));
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
	rec_run.stage = REC_RECORD;
	/* Interrupts go to samply, which handles them. */
	rec_run.attached = 1;
	rec_run.recorder = proc_spawn(a.v, -1, o->record_only ? -1 : 2, -1, 0);
	st = proc_wait(rec_run.recorder);
	rec_run.recorder = -1;
	if (stat(out, &sb) == -1 || sb.st_size == 0)
		errx(1, "samply record %s without writing a profile",
		    proc_status_text(st));
	status = 0;
	if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) && !rec_run.interrupted &&
	    o->pid <= 0) {
		warnx("samply record (running %s) %s; the profile is written "
		    "all the same", shown, proc_status_text(st));
		status = EX_FAILED;
	}
	rec_run.stage = REC_CONVERT;
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
	free(tmp_out);
	return status;
}
