/*
 * repeat.c: sp-record --repeat (repeat.h).  Each run is a child sp-record
 * with the options given, writing its stream to a temporary file; when it
 * ends well, the stream is compressed into DIR/run-NNN.sp.gz with one
 * more header after the first line,
 *
 *	#run	3	start=2026-12-05T05:00:00Z	status=0
 *
 * its number, the time it started (UTC) and the command's exit status.  A
 * run that fails ends the series with sp-record's status (2: the command
 * failed; 3: perf cannot run), its output removed, the runs before it
 * kept.  DIR must be new or empty: a set of runs holds its runs and
 * nothing else.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "base/proc.h"
#include "base/util.h"
#include "record/repeat.h"

/* The indexes of argv not passed on to the runs. */
static int skipped[8], nskipped;
static const char *mixed;	/* -o among other flags: "-qo DIR" */

void
rec_repeat_skip(char **argv, int optind, const char *optarg)
{
	const char *w;

	if (nskipped + 2 > (int)SP_NELEM(skipped))
		errx(1, "--repeat: -o or --repeat given too often");
	if (optarg == argv[optind - 1]) {
		/* "-o DIR", "--repeat N": the option is the word before. */
		w = argv[optind - 2];
		skipped[nskipped++] = optind - 2;
		skipped[nskipped++] = optind - 1;
	} else {
		/* "-oDIR", "--repeat=N" */
		w = argv[optind - 1];
		skipped[nskipped++] = optind - 1;
	}
	if (w[0] != '-' || (w[1] != '-' && w[1] != 'o'))
		mixed = w;
}

static int
is_skipped(int i)
{
	for (int k = 0; k < nskipped; k++)
		if (skipped[k] == i)
			return 1;
	return 0;
}

/* dir, made, or refused unless an empty directory. */
static void
new_dir(const char *dir)
{
	DIR *d;
	struct dirent *de;

	if (mkdir(dir, 0777) == 0)
		return;
	if (errno != EEXIST)
		err(1, "%s", dir);
	if ((d = opendir(dir)) == NULL)
		err(1, "%s", dir);
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			errx(1, "%s: not empty; --repeat writes a new set of "
			    "runs (every file of it one run)", dir);
	closedir(d);
}

static char *
join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *s = xreallocarray(NULL, len, 1);

	snprintf(s, len, "%s/%s", dir, name);
	return s;
}

/* The stream in tmp, with the #run header, compressed into out. */
static void
compress_run(const char *tmp, const char *out, int num, const char *start)
{
	char buf[65536];
	FILE *in;
	gzFile gz;
	size_t n;
	int c, first = 1;

	if ((in = fopen(tmp, "r")) == NULL)
		err(1, "%s", tmp);
	if ((gz = gzopen(out, "wb6")) == NULL)
		err(1, "%s", out);
	proc_remove_at_exit(out);
	/* The first line (the magic), then the header. */
	while (first && (c = getc(in)) != EOF) {
		if (gzputc(gz, c) == -1)
			errx(1, "%s: cannot write", out);
		if (c == '\n') {
			gzprintf(gz, "#run\t%d\tstart=%s\tstatus=0\n", num,
			    start);
			first = 0;
		}
	}
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (gzwrite(gz, buf, (unsigned)n) != (int)n)
			errx(1, "%s: cannot write (disk full?)", out);
	if (ferror(in))
		err(1, "%s", tmp);
	fclose(in);
	if (gzclose(gz) != Z_OK)
		errx(1, "%s: cannot write (disk full?)", out);
	proc_remove_at_exit(NULL);
}

/* One run of argv into dir as run number num; its exit status. */
static int
one_run(char **argv, const char *dir, int num, const char *side)
{
	char name[64], start[32], *tmp, *out;
	time_t now = time(NULL);
	pid_t pid;
	int fd, st;

	strftime(start, sizeof(start), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	snprintf(name, sizeof(name), "run-%03d.sp", num);
	tmp = proc_tmp("sp-record", name);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666)) == -1)
		err(1, "%s", tmp);
	pid = proc_spawn(argv, -1, fd, -1, 0);
	close(fd);
	st = proc_wait(pid);
	if (!proc_ok(st)) {
		unlink(tmp);
		free(tmp);
		warnx("--repeat: run %d%s%s %s; the runs before it are kept "
		    "in %s", num, side ? " of " : "", side ? side : "",
		    proc_status_text(st), dir);
		return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	snprintf(name, sizeof(name), "run-%03d.sp.gz", num);
	out = join(dir, name);
	compress_run(tmp, out, num, start);
	unlink(tmp);
	free(tmp);
	free(out);
	return 0;
}

int
rec_repeat(int n, const char *dir, int argc, char **argv0, int first,
    int cargo)
{
	char **argv[2] = { NULL, NULL }, *dirs[2] = { NULL, NULL }, *self;
	char **cmd = argv0 + first, **opts = argv0 + 1;
	int vs = -1, nsides, st = 0, ncmd = argc - first, nopts = first - 1;

	for (int i = 0; i < ncmd; i++)
		if (strcmp(cmd[i], "vs") == 0) {
			if (vs != -1)
				errx(1, "--repeat: vs given twice; record two "
				    "commands: A ... vs B ...");
			vs = i;
		}
	if (mixed != NULL)
		errx(1, "--repeat: give -o apart from other flags (%s)", mixed);
	if (vs == 0 || vs == ncmd - 1)
		errx(1, "--repeat: a command is empty; write A ... vs B ...");
	if ((self = proc_sibling("sp-record")) == NULL)
		errx(1, "sp-record not found beside this one or in PATH");
	nsides = vs == -1 ? 1 : 2;
	for (int s = 0; s < nsides; s++) {
		int from = s == 0 ? 0 : vs + 1;
		int to = vs == -1 || s == 1 ? ncmd : vs;
		int k = 0;

		argv[s] = xreallocarray(NULL, (size_t)(nopts + to - from + 3),
		    sizeof(char *));
		argv[s][k++] = self;
		for (int i = 0; i < nopts; i++)
			if (!is_skipped(i + 1) && !(i == nopts - 1 &&
			    strcmp(opts[i], "--") == 0))
				argv[s][k++] = opts[i];
		argv[s][k++] = "--";
		for (int i = from; i < to; i++)
			argv[s][k++] = cmd[i];
		argv[s][k] = NULL;
		/* A command not found: said before anything is made. */
		if (!cargo) {
			char *path = proc_find(cmd[from]);

			if (path == NULL)
				errx(1, "%s: command not found", cmd[from]);
			free(path);
		}
	}
	new_dir(dir);
	if (nsides == 2) {
		dirs[0] = join(dir, "a");
		dirs[1] = join(dir, "b");
		new_dir(dirs[0]);
		new_dir(dirs[1]);
	} else
		dirs[0] = xstrdup(dir);
	for (int i = 1; i <= n && st == 0; i++)
		for (int s = 0; s < nsides && st == 0; s++)
			st = one_run(argv[s], dirs[s], i,
			    nsides == 2 ? (s == 0 ? "a" : "b") : NULL);
	for (int s = 0; s < nsides; s++) {
		free(argv[s]);
		free(dirs[s]);
	}
	free(self);
	return st;
}
