/*
 * sym_backend.c: building each symbolizer's argument vector and input, and
 * running it (sym_backend.h).  The output parsers live in sym_parse_*.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "progress.h"
#include "sym_backend.h"
#include "proc.h"
#include "sym_proc.h"
#include "util.h"

static const char *names[] = { "none", "llvm-symbolizer", "addr2line",
    "atos" };

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

int
sym_backend_run(const struct sym_job *j, const uint64_t *rel, size_t n,
    struct sym_results *r, struct buf *msg, struct buf *warn)
{
	char *argv[12], objarg[4200], archarg[64], load[32];
	struct buf in = { 0 }, out = { 0 }, err = { 0 };
	struct answers ans = { j->backend, 1, 0 };
	struct sym_watch watch = { count_answers, &ans };
	size_t a = 0;
	int st = 0, died, ret = 0;
	uint64_t add = j->base;

	symr_init(r, n);
	argv[a++] = (char *)j->prog;
	switch (j->backend) {
	case SYMB_LLVM:
		snprintf(objarg, sizeof(objarg), "--obj=%s", j->bin);
		argv[a++] = objarg;
		argv[a++] = "--functions=linkage";
		argv[a++] = "--demangle";
		argv[a++] = j->inlines ? "--inlines" : "--no-inlines";
		argv[a++] = "--output-style=LLVM";
		if (j->arch != NULL && j->arch[0] != '\0') {
			snprintf(archarg, sizeof(archarg), "--default-arch=%s",
			    j->arch);
			argv[a++] = archarg;
		}
		break;
	case SYMB_ADDR2LINE:
		argv[a++] = "-a";
		argv[a++] = "-f";
		if (j->inlines)
			argv[a++] = "-i";
		argv[a++] = "-C";
		argv[a++] = "-e";
		argv[a++] = (char *)j->bin;
		break;
	case SYMB_ATOS:
		argv[a++] = "-o";
		argv[a++] = (char *)j->bin;
		if (j->arch != NULL && j->arch[0] != '\0') {
			argv[a++] = "-arch";
			argv[a++] = (char *)j->arch;
		}
		snprintf(load, sizeof(load), "0x%" PRIx64, j->base);
		argv[a++] = "-l";
		argv[a++] = load;
		break;
	default:
		buf_adds(msg, "no symbolizer backend");
		return -1;
	}
	argv[a] = NULL;
	for (size_t i = 0; i < n; i++)
		buf_printf(&in, "0x%" PRIx64 "\n", rel[i] + add);
	if (j->progress)
		progress_set(0);
	if (sym_proc_run(j->prog, argv, in.s ? in.s : "", in.len, &out, &err,
	    &st, j->progress ? &watch : NULL) == -1) {
		buf_printf(msg, "%s: cannot run: %s", j->prog, strerror(errno));
		buf_free(&in);
		return -1;
	}
	died = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	switch (j->backend) {
	case SYMB_LLVM:
		sym_parse_llvm(out.s ? out.s : "", out.len, r);
		break;
	case SYMB_ADDR2LINE:
		sym_parse_addr2line(out.s ? out.s : "", out.len, died, r);
		break;
	default:
		sym_parse_atos(out.s ? out.s : "", out.len, r);
		break;
	}
	if (died || r->answered < n) {
		buf_printf(msg, "%s ", sym_backend_name(j->backend));
		proc_status(msg, st);
		buf_printf(msg, " after answering %zu of %zu addresses",
		    r->answered, n);
		first_line(msg, &err);
		ret = -1;
	} else
		first_line(warn, &err);
	buf_free(&in);
	buf_free(&out);
	buf_free(&err);
	return ret;
}
