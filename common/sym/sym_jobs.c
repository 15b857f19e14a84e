/*
 * sym_jobs.c: resolving the libraries several at once (sym_ctx.h).  Each
 * library's resolution (sym_resolve.c: its files, its symbolizer, the
 * cache) runs in a child process of its own, as many at a time as there
 * are processors (SP_SYMBOLIZE_JOBS says otherwise), so that the slowest
 * library, not their sum, bounds the wait.  A child writes what it found
 * to a temporary file and its messages to another; the parent reads both
 * in the libraries' order, so that the output and the messages are those
 * of one library after another, whatever the number of processors and
 * whichever child ends first.  The messages said once (no symbolizer
 * installed, a cache that cannot be written) are said by the parent.
 * One library, or one processor: no child at all.
 *
 * It uses base/ and sym_ctx.h, sym_result_io.h.
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/progress.h"
#include "base/util.h"
#include "sym/sym_backend.h"
#include "sym/sym_ctx.h"
#include "sym/sym_result_io.h"

struct job {
	size_t	 lib;
	pid_t	 pid;
	FILE	*out, *err;
	int	 ended;
	int	 wstatus;
};

static size_t
njobs(void)
{
	const char *e = getenv("SP_SYMBOLIZE_JOBS");
	uint64_t v;
	long n;

	if (e != NULL && parse_u64(e, strlen(e), &v) == 0 && v > 0)
		return v > 256 ? 256 : (size_t)v;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 1 ? (size_t)n : 1;
}

static void
put_str(struct buf *b, const char *s)
{
	size_t n = s != NULL ? strlen(s) : 0;

	symr_put(b, s != NULL ? n : UINT64_MAX, 8);
	if (n > 0)
		buf_add(b, s, n);
}

/* A string written by put_str: allocated, or NULL. */
static char *
get_str(struct symr_rd *d)
{
	uint64_t n = symr_get(d, 8);
	char *s;

	if (d->bad || n == UINT64_MAX)
		return NULL;
	if ((uint64_t)(d->end - d->p) < n) {
		d->bad = 1;
		return NULL;
	}
	s = xmemdup((const char *)d->p, (size_t)n);
	d->p += n;
	return s;
}

/* The child: resolve library l, write what it found to fp, exit. */
static void
child(struct sym_ctx *sc, struct lib *l, FILE *fp, FILE *errfp)
{
	struct buf b = { 0 };

	if (dup2(fileno(errfp), 2) == -1)
		_exit(3);
	progress_enable(0);
	/* Said by the parent, once for all libraries. */
	sc->progs.warned_missing = 1;
	sc->progs.missing[0] = '\0';
	sc->cache_warned = 1;
	buf_reset(&sc->nocache_msg);
	symc_resolve_lib(sc, l);
	symr_put(&b, (uint64_t)l->state, 8);
	symr_put(&b, (uint64_t)sc->status, 8);
	put_str(&b, l->file);
	put_str(&b, l->via);
	symr_put(&b, l->asked, 8);
	symr_put(&b, l->cached, 8);
	{
		uint64_t secs;

		memcpy(&secs, &l->secs, sizeof(secs));
		symr_put(&b, secs, 8);
	}
	put_str(&b, sc->progs.missing[0] ? sc->progs.missing : NULL);
	put_str(&b, sc->nocache_msg.len ? sc->nocache_msg.s : NULL);
	symr_put(&b, l->rep[0] != NULL, 8);
	symr_encode(&b, NULL, &l->res);
	if (fwrite(b.s, 1, b.len, fp) != b.len || fflush(fp) == EOF)
		_exit(3);
	fflush(stderr);
	_exit(0);
}

static void
slurp(FILE *fp, struct buf *b)
{
	char tmp[65536];
	size_t n;

	rewind(fp);
	while ((n = fread(tmp, 1, sizeof(tmp), fp)) > 0)
		buf_add(b, tmp, n);
}

/* The names of the backends, for the child's l->via (a static string). */
static const char *
via_name(const char *s)
{
	if (s == NULL)
		return NULL;
	if (strcmp(s, "syms") == 0)
		return "syms";
	if (strcmp(s, "symtab") == 0)
		return "symtab";
	return sym_backend_name(sym_backend_parse(s));
}

/* The parent: what the child of library l found, and its messages. */
static void
collect(struct sym_ctx *sc, struct job *j)
{
	struct lib *l = &sc->libs[j->lib];
	struct buf out = { 0 }, err = { 0 };
	struct symr_rd d;
	char *via, *miss, *nocache;
	uint64_t secs, ran;
	uint64_t *ignored;

	slurp(j->err, &err);
	if (err.len > 0 && fwrite(err.s, 1, err.len, stderr) != err.len)
		(void)0;
	slurp(j->out, &out);
	d.p = (const unsigned char *)out.s;
	d.end = d.p + out.len;
	d.bad = !WIFEXITED(j->wstatus) || WEXITSTATUS(j->wstatus) != 0;
	l->state = (enum lstate)symr_get(&d, 8);
	if (symr_get(&d, 8) != 0)
		sc->status = 1;
	free(l->file);
	l->file = get_str(&d);
	via = get_str(&d);
	l->via = via_name(via);
	free(via);
	l->asked = (size_t)symr_get(&d, 8);
	l->cached = (size_t)symr_get(&d, 8);
	secs = symr_get(&d, 8);
	memcpy(&l->secs, &secs, sizeof(secs));
	miss = get_str(&d);
	nocache = get_str(&d);
	ran = symr_get(&d, 8);
	if (d.bad || symr_decode(d.p, (size_t)(d.end - d.p), &ignored,
	    &l->res) == -1 || (ran && l->res.naddr != l->naddrs)) {
		/* The child died: nothing of it is trusted. */
		warnx("%.*s: the process resolving it ended abnormally",
		    (int)l->name_len, l->name);
		symr_free(&l->res);
		symr_init(&l->res, 0);
		l->state = L_FAILED;
		l->cached = l->asked = 0;
		sc->status = 1;
		ran = 0;
	} else
		free(ignored);
	if (miss != NULL && !sc->progs.warned_missing) {
		warnx("%s", miss);
		sc->progs.warned_missing = 1;
	}
	if (nocache != NULL && !sc->cache_warned) {
		warnx("%s", nocache);
		sc->cache_warned = 1;
	}
	if (ran)
		symc_lib_done(l);
	free(miss);
	free(nocache);
	buf_free(&out);
	buf_free(&err);
}

void
symc_resolve_all(struct sym_ctx *sc)
{
	struct job *jobs;
	size_t n = 0, max = njobs(), next = 0, running = 0;

	for (size_t i = 0; i < sc->nlibs; i++)
		if (sc->libs[i].naddrs > 0)
			n++;
	if (n <= 1 || max <= 1) {
		for (size_t i = 0; i < sc->nlibs; i++)
			if (sc->libs[i].naddrs > 0)
				symc_resolve_lib(sc, &sc->libs[i]);
		return;
	}
	jobs = xcalloc(n, sizeof(*jobs));
	for (size_t i = 0, k = 0; i < sc->nlibs; i++)
		if (sc->libs[i].naddrs > 0)
			jobs[k++].lib = i;
	/* No temporary files (a full or read-only TMPDIR): one at a time. */
	for (size_t k = 0; k < n; k++)
		if ((jobs[k].out = tmpfile()) == NULL ||
		    (jobs[k].err = tmpfile()) == NULL) {
			for (size_t i = 0; i <= k; i++) {
				if (jobs[i].out != NULL)
					fclose(jobs[i].out);
				if (jobs[i].err != NULL)
					fclose(jobs[i].err);
			}
			free(jobs);
			for (size_t i = 0; i < sc->nlibs; i++)
				if (sc->libs[i].naddrs > 0)
					symc_resolve_lib(sc, &sc->libs[i]);
			return;
		}
	fflush(stdout);
	fflush(stderr);
	while (next < n || running > 0) {
		pid_t pid;
		int st;

		while (next < n && running < max) {
			struct job *j = &jobs[next++];

			if ((j->pid = fork()) == -1)
				err(1, "fork");
			if (j->pid == 0)
				child(sc, &sc->libs[j->lib], j->out, j->err);
			running++;
		}
		if ((pid = waitpid(-1, &st, 0)) == -1) {
			if (errno == EINTR)
				continue;
			err(1, "waitpid");
		}
		for (size_t k = 0; k < next; k++)
			if (jobs[k].pid == pid && !jobs[k].ended) {
				jobs[k].ended = 1;
				jobs[k].wstatus = st;
				running--;
			}
	}
	/* In the libraries' order: the messages as one after another. */
	for (size_t k = 0; k < n; k++) {
		collect(sc, &jobs[k]);
		fclose(jobs[k].out);
		fclose(jobs[k].err);
	}
	free(jobs);
}
