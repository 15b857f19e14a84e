/*
 * ann_objdump.c: a function's machine code, disassembled by a program found
 * at run time, llvm-objdump or else GNU objdump (both take the same
 * options), for sp-annotate's instruction view:
 *
 *	llvm-objdump -d -C --no-show-raw-insn --start-address=LO
 *	    --stop-address=HI FILE
 *
 * and the parser of what they print: "    12e4:\tadd    %rcx,%rax"
 * (objdump) or "    12e4:      \taddq\t%rcx, %rax" (llvm-objdump), one
 * instruction a line; labels ("00000000000012c0 <hot_leaf>:"), headings and
 * blank lines are skipped.  It uses base/ (proc.h starts the program).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate/ann_impl.h"
#include "base/proc.h"
#include "base/util.h"

static const char *const disassemblers[] = { "llvm-objdump", "objdump" };

void
ann_insns_free(struct ann_insns *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].text);
	free(v->v);
	memset(v, 0, sizeof(*v));
}

/* The instruction's text: runs of tabs and spaces made one space. */
static char *
tidy(const char *s, size_t n)
{
	char *t = xmalloc(n + 1);
	size_t k = 0;

	while (n > 0 && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
	    s[n - 1] == '\r'))
		n--;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\t' || c == ' ') {
			if (k > 0 && t[k - 1] == ' ')
				continue;
			c = ' ';
		} else if (c < 0x20 || c == 0x7f)
			c = '?';
		t[k++] = (char)c;
	}
	t[k] = '\0';
	return t;
}

size_t
ann_parse_objdump(const char *out, size_t len, uint64_t lo, uint64_t hi,
    struct ann_insns *v)
{
	const char *p = out, *end = out + len;
	size_t added = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end, *q = p;
		uint64_t a = 0;
		int nd = 0, d;

		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		while (q < e && (d = hex_digit((unsigned char)*q)) >= 0 &&
		    nd < 17) {
			a = a << 4 | (uint64_t)d;
			q++, nd++;
		}
		if (nd > 0 && nd <= 16 && q < e && *q == ':' && a >= lo &&
		    a < hi) {
			q++;
			if (q < e && (v->n == 0 || a > v->v[v->n - 1].addr)) {
				char *t = tidy(q, (size_t)(e - q));

				if (t[0] != '\0') {
					xgrow(&v->v, &v->cap, v->n + 1,
					    sizeof(*v->v));
					v->v[v->n].addr = a;
					v->v[v->n].text = t;
					v->n++;
					added++;
				} else
					free(t);
			}
		}
		p = nl ? nl + 1 : end;
	}
	return added;
}

const char *
ann_disassembler(void)
{
	static char found[4096];
	static int looked;

	if (!looked) {
		looked = 1;
		for (size_t i = 0; i < sizeof(disassemblers) /
		    sizeof(disassemblers[0]); i++)
			if (proc_which(disassemblers[i], found,
			    sizeof(found)) == 0)
				return found;
		found[0] = '\0';
	}
	return found[0] ? found : NULL;
}

int
ann_disasm(const char *file, uint64_t lo, uint64_t hi, struct ann_insns *v,
    struct buf *msg)
{
	const char *prog = ann_disassembler();
	char start[64], stop[64], *argv[9];
	struct buf out = { 0 };
	int fds[2], st, null;
	pid_t pid;
	char rbuf[65536];
	ssize_t r;

	if (prog == NULL) {
		buf_adds(msg, "no disassembler: install llvm (llvm-objdump) "
		    "or binutils (objdump)");
		return -1;
	}
	snprintf(start, sizeof(start), "--start-address=0x%llx",
	    (unsigned long long)lo);
	snprintf(stop, sizeof(stop), "--stop-address=0x%llx",
	    (unsigned long long)hi);
	argv[0] = (char *)prog;
	argv[1] = "-d";
	argv[2] = "-C";
	argv[3] = "--no-show-raw-insn";
	argv[4] = start;
	argv[5] = stop;
	argv[6] = (char *)file;
	argv[7] = NULL;
	if (pipe(fds) == -1) {
		buf_printf(msg, "pipe: %s", strerror(errno));
		return -1;
	}
	/* Its complaints about a file it reads would interleave ours. */
	null = open("/dev/null", O_WRONLY);
	if ((errno = proc_start(argv, -1, fds[1], null, 0, &pid)) != 0) {
		buf_printf(msg, "%s: %s", prog, strerror(errno));
		close(fds[0]);
		close(fds[1]);
		if (null != -1)
			close(null);
		return -1;
	}
	close(fds[1]);
	if (null != -1)
		close(null);
	while ((r = read(fds[0], rbuf, sizeof(rbuf))) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		buf_add(&out, rbuf, (size_t)r);
	}
	close(fds[0]);
	st = proc_reap(pid);
	if (!proc_ok(st)) {
		buf_printf(msg, "%s %s", prog, proc_status_text(st));
		buf_free(&out);
		return -1;
	}
	ann_parse_objdump(out.s ? out.s : "", out.len, lo, hi, v);
	buf_free(&out);
	if (v->n == 0) {
		buf_printf(msg, "%s printed no instruction for it", prog);
		return -1;
	}
	return 0;
}
