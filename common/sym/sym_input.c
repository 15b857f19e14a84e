/*
 * sym_input.c: holding an input whole in memory (sym_input.h), and the
 * SIGBUS handler that names a mapped input which shrank.  It uses base/
 * only.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/bigmem.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/util.h"
#include "sym/sym_input.h"


/*
 * A mapped input that shrinks while it is read (truncated, rewritten by
 * another program) faults with SIGBUS on the pages past its new end.  The
 * handler names the file in one line and exits 1; it only reads what
 * sym_input_load prepared (async-signal-safe: write and _exit).
 */
struct mapped {
	const char *start;
	size_t	 len;
	char	*msg;
	size_t	 msglen;
};
static struct mapped *mapped;
static size_t nmapped, capmapped;

static void
on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	const char *a = si->si_addr;

	(void)ctx;
	for (size_t i = 0; i < nmapped; i++)
		if (a >= mapped[i].start &&
		    (size_t)(a - mapped[i].start) < mapped[i].len) {
			ssize_t w = write(2, mapped[i].msg, mapped[i].msglen);

			(void)w;
			_exit(1);
		}
	/* Not ours: the default action. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
watch_mapping(const char *name, const char *start, size_t len)
{
	struct buf m = { 0 };
	struct sigaction sa;

	if (nmapped == 0) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, NULL);
	}
	buf_printf(&m, "%s: %s: the file shrank while it was read\n",
	    getprogname(), name);
	xgrow(&mapped, &capmapped, nmapped + 1, sizeof(*mapped));
	mapped[nmapped].start = start;
	mapped[nmapped].len = len;
	mapped[nmapped].msg = m.s;
	mapped[nmapped].msglen = m.len;
	nmapped++;
}

/*
 * Read the input path whole: a regular uncompressed file is mapped, else
 * it is read (and decompressed) into memory.  Returns 0, or -1 after a
 * message.
 */
int
sym_input_load(const char *path, struct sym_input *in)
{
	struct lreader *lr = lr_open(path);
	struct stat st;
	unsigned char magic[2];
	int fd;

	memset(in, 0, sizeof(*in));
	in->name = path;
	if (lr == NULL)
		return -1;
	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY)) != -1) {
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    (st.st_size == 0 || (pread(fd, magic, 2, 0) == 2 &&
		    !(magic[0] == 0x1f && magic[1] == 0x8b))) &&
		    (uint64_t)st.st_size < SIZE_MAX / 2) {
			void *m = NULL;

			in->len = (size_t)st.st_size;
			if (in->len > 0) {
#ifdef MAP_POPULATE
				m = mmap(NULL, in->len, PROT_READ,
				    MAP_PRIVATE | MAP_POPULATE, fd, 0);
#else
				m = mmap(NULL, in->len, PROT_READ, MAP_PRIVATE,
				    fd, 0);
#endif
			}
			if (m != MAP_FAILED) {
				in->data = m;
				if (in->len > 0)
					watch_mapping(path, m, in->len);
				close(fd);
				lr_close(lr);
				return 0;
			}
			in->len = 0;
		}
		close(fd);
	}
	if (lr_slurp(lr, SIZE_MAX / 4, &in->data, &in->len, &in->cap) == -1) {
		lr_close(lr);
		return -1;
	}
	lr_close(lr);
	return 0;
}

void
sym_input_free(struct sym_input *in)
{
	if (in->cap > 0)
		big_free(in->data, in->cap);
	else if (in->len > 0) {
		for (size_t i = 0; i < nmapped; i++)
			if (mapped[i].start == in->data)
				mapped[i].len = 0;
		munmap(in->data, in->len);
	}
	in->data = NULL;
}
