/*
 * sym_backend.c: building each symbolizer's argument vector and input, and
 * running it (sym_backend.h).  The output parsers live in sym_parse_*.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/progress.h"
#include "sym/sym_backend.h"
#include "base/proc.h"
#include "sym/sym_proc.h"
#include "base/util.h"

static const char *names[] = { "none", "llvm-symbolizer", "addr2line",
    "atos", "dwarf" };

const char *
sym_backend_name(enum sym_backend b)
{
	return names[b];
}

enum sym_backend
sym_backend_parse(const char *s)
{
	if (strcmp(s, "llvm") == 0 || strcmp(s, "llvm-symbolizer") == 0)
		return SYMB_LLVM;
	if (strcmp(s, "addr2line") == 0)
		return SYMB_ADDR2LINE;
	if (strcmp(s, "atos") == 0)
		return SYMB_ATOS;
	if (strcmp(s, "dwarf") == 0)
		return SYMB_DWARF;
	return SYMB_NONE;
}

/* The first line of the child's error output, for the diagnostic. */
static void
first_line(struct buf *dst, const struct buf *err)
{
	const char *nl;
	size_t n;

	if (err->len == 0)
		return;
	nl = memchr(err->s, '\n', err->len);
	n = nl ? (size_t)(nl - err->s) : err->len;
	if (n > 300)
		n = 300;
	if (dst->len > 0)
		buf_adds(dst, ": ");
	buf_add(dst, err->s, n);
}

/*
 * Counting the answers in the output as it comes, for the progress line:
 * llvm-symbolizer ends each with an empty line, addr2line -a begins each
 * with the address, atos gives one line each.
 */
struct answers {
	enum sym_backend backend;
	int	 at_bol;	/* the last byte seen was a newline */
	uint64_t n;
};

static void
count_answers(void *arg, const char *s, size_t len)
{
	struct answers *a = arg;

	for (size_t i = 0; i < len; i++) {
		switch (a->backend) {
		case SYMB_LLVM:
			if (s[i] == '\n' && a->at_bol)
				a->n++;
			break;
		case SYMB_ADDR2LINE:
			if (s[i] == '0' && a->at_bol)
				a->n++;
			break;
		default:
			if (s[i] == '\n')
				a->n++;
			break;
		}
		a->at_bol = s[i] == '\n';
	}
	progress_set(a->n);
}

/*
 * llvm-symbolizer gets its addresses in a response file (@FILE) rather than
 * on its standard input: reading standard input it flushes its output
 * after every address, one write(2) each (100,000 addresses: 100,000
 * writes, 0.1 s of system time, a fifth of the whole run), while the
 * addresses of its command line are answered into one buffered stream.
 * The answers are the same.  The file is an unlinked temporary one, named
 * /dev/fd/N for the child.  Returns its descriptor with the argument in
 * arg, or -1 (standard input is used then).
 */
static int
response_file(const struct buf *in, char *arg, size_t argsz)
{
	size_t done = 0;
	int fd, fl;

	if (in->len == 0 || (fd = sym_tmpfile()) == -1)
		return -1;
	while (done < in->len) {
		ssize_t w = write(fd, in->s + done, in->len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			goto fail;
		done += (size_t)w;
	}
	snprintf(arg, argsz, "@/dev/fd/%d", fd);
	if (lseek(fd, 0, SEEK_SET) == -1 || access(arg + 1, R_OK) == -1 ||
	    (fl = fcntl(fd, F_GETFD)) == -1 ||
	    fcntl(fd, F_SETFD, fl & ~FD_CLOEXEC) == -1)
		goto fail;
	return fd;
fail:
	close(fd);
	return -1;
}

/* An address asked, and its place in the batch. */
struct order {
	uint64_t addr;
	size_t	 i;
};

static int
by_addr(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* "0x%" PRIx64 "\n" without printf: 100,000 calls were 1% of the run. */
static void
put_hex(struct buf *b, uint64_t v)
{
	buf_addhex(b, v);
	buf_addc(b, '\n');
}

/* The queries, one address a line, in the order of the batch. */
static void
queries(struct buf *in, const uint64_t *rel, size_t n, uint64_t add)
{
	buf_reset(in);
	for (size_t i = 0; i < n; i++)
		put_hex(in, rel[i] + add);
}

/* Answers given in ord's order, put back in the batch's. */
static void
unsort(struct sym_results *r, const struct order *ord, size_t n)
{
	size_t *first = xcalloc(n, sizeof(*first));
	uint32_t *nframes = xcalloc(n, sizeof(*nframes));

	for (size_t k = 0; k < n; k++) {
		first[ord[k].i] = r->first[k];
		nframes[ord[k].i] = r->nframes[k];
	}
	free(r->first);
	free(r->nframes);
	r->first = first;
	r->nframes = nframes;
}

static void
parse(enum sym_backend b, const struct buf *out, int died,
    struct sym_results *r)
{
	switch (b) {
	case SYMB_LLVM:
		sym_parse_llvm(out->s ? out->s : "", out->len, r);
		break;
	case SYMB_ADDR2LINE:
		sym_parse_addr2line(out->s ? out->s : "", out->len, died, r);
		break;
	default:
		sym_parse_atos(out->s ? out->s : "", out->len, r);
		break;
	}
}

/* A symbolizer's command line. */
struct cmd {
	char	*argv[13];
	size_t	 argc;
	char	 objarg[4200], archarg[64], load[32], resp[40];
};

/* The arguments of the job's program; -1 when the backend is unknown. */
static int
build_argv(const struct sym_job *j, struct cmd *c)
{
	size_t a = 0;

	c->argv[a++] = (char *)j->prog;
	switch (j->backend) {
	case SYMB_LLVM:
		snprintf(c->objarg, sizeof(c->objarg), "--obj=%s", j->bin);
		c->argv[a++] = c->objarg;
		c->argv[a++] = "--functions=linkage";
		c->argv[a++] = "--demangle";
		c->argv[a++] = j->inlines ? "--inlines" : "--no-inlines";
		c->argv[a++] = "--output-style=LLVM";
		if (j->arch != NULL && j->arch[0] != '\0') {
			snprintf(c->archarg, sizeof(c->archarg),
			    "--default-arch=%s", j->arch);
			c->argv[a++] = c->archarg;
		}
		break;
	case SYMB_ADDR2LINE:
		c->argv[a++] = "-a";
		c->argv[a++] = "-f";
		if (j->inlines)
			c->argv[a++] = "-i";
		c->argv[a++] = "-C";
		c->argv[a++] = "-e";
		c->argv[a++] = (char *)j->bin;
		break;
	case SYMB_ATOS:
		c->argv[a++] = "-o";
		c->argv[a++] = (char *)j->bin;
		if (j->arch != NULL && j->arch[0] != '\0') {
			c->argv[a++] = "-arch";
			c->argv[a++] = (char *)j->arch;
		}
		snprintf(c->load, sizeof(c->load), "0x%" PRIx64, j->base);
		c->argv[a++] = "-l";
		c->argv[a++] = c->load;
		break;
	default:
		return -1;
	}
	c->argv[a] = NULL;
	c->argc = a;
	return 0;
}

/*
 * The queries in address order, into in: llvm-symbolizer then walks the
 * debug information in order (7-10% less of its time on 100,000 addresses
 * of bench/symbolize).  Returns the order, to put the answers back in the
 * order asked.
 */
static struct order *
sorted_queries(struct buf *in, const uint64_t *rel, size_t n, uint64_t add)
{
	struct order *ord = xreallocarray(NULL, n, sizeof(*ord));

	for (size_t i = 0; i < n; i++) {
		ord[i].addr = rel[i] + add;
		ord[i].i = i;
	}
	qsort(ord, n, sizeof(*ord), by_addr);
	buf_reset(in);
	for (size_t k = 0; k < n; k++)
		put_hex(in, ord[k].addr);
	return ord;
}

/*
 * Run the program once: the queries from the response file rfd (named in
 * argv) or, when rfd is -1, on its standard input; the answers parsed
 * into r (initialised here).  Returns -1 when it could not run.
 */
static int
run_once(const struct sym_job *j, char **argv, int rfd, const struct buf *in,
    size_t n, struct sym_results *r, struct buf *out, struct buf *err,
    int *st)
{
	struct answers ans = { j->backend, 1, 0 };
	struct sym_watch watch = { count_answers, &ans };

	symr_init(r, n);
	buf_reset(out);
	buf_reset(err);
	if (j->progress)
		progress_set(0);
	if (sym_proc_run(j->prog, argv, rfd != -1 ? "" : in->s ? in->s : "",
	    rfd != -1 ? 0 : in->len, out, err, st,
	    j->progress ? &watch : NULL) == -1)
		return -1;
	parse(j->backend, out, !(WIFEXITED(*st) && WEXITSTATUS(*st) == 0), r);
	return 0;
}

int
sym_backend_run(const struct sym_job *j, const uint64_t *rel, size_t n,
    struct sym_results *r, struct buf *msg, struct buf *warn)
{
	struct cmd c;
	struct buf in = { 0 }, out = { 0 }, err = { 0 };
	struct order *ord = NULL;
	int st = 0, died, ret = 0, rfd = -1;

	if (build_argv(j, &c) == -1) {
		symr_init(r, n);
		buf_adds(msg, "no symbolizer backend");
		return -1;
	}
	if (j->backend == SYMB_LLVM && n > 1)
		ord = sorted_queries(&in, rel, n, j->base);
	else
		queries(&in, rel, n, j->base);
	if (j->backend == SYMB_LLVM &&
	    (rfd = response_file(&in, c.resp, sizeof(c.resp))) != -1) {
		c.argv[c.argc] = c.resp;
		c.argv[c.argc + 1] = NULL;
	}
	if (rfd != -1) {
		ret = run_once(j, c.argv, rfd, &in, n, r, &out, &err, &st);
		close(rfd);
		died = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
		if (ret == 0 && !died && r->answered == n)
			goto done;
		/*
		 * Not a program that reads response files (a stand-in, an
		 * old one): ask again on its standard input, in the order
		 * asked, so that what it answers and says is what it says
		 * there.
		 */
		symr_free(r);
		c.argv[c.argc] = NULL;
	}
	if (ord != NULL) {
		free(ord);
		ord = NULL;
		queries(&in, rel, n, j->base);
	}
	if (run_once(j, c.argv, -1, &in, n, r, &out, &err, &st) == -1) {
		buf_printf(msg, "%s: cannot run: %s", j->prog, strerror(errno));
		ret = -1;
		goto out;
	}
done:
	if (ord != NULL)
		unsort(r, ord, n);
	died = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ret = 0;
	if (died || r->answered < n) {
		buf_printf(msg, "%s ", sym_backend_name(j->backend));
		proc_status(msg, st);
		buf_printf(msg, " after answering %zu of %zu addresses",
		    r->answered, n);
		first_line(msg, &err);
		ret = -1;
	} else
		first_line(warn, &err);
out:
	free(ord);
	buf_free(&in);
	buf_free(&out);
	buf_free(&err);
	return ret;
}
