/*
 * sym_proc.c: the child-process driver of sym_proc.h.  The writer and the
 * readers share one poll(2) loop: the child may answer before it has read
 * everything (llvm-symbolizer answers line by line), and a blocking write
 * would then deadlock against a full output pipe.
 *
 * The child's standard output goes to an unlinked temporary file when one
 * can be made, and is read back once the child has ended: llvm-symbolizer
 * flushes after every address, and through a pipe each of those writes
 * wakes us up (measured: 200,000 addresses took 8.2 s through a pipe,
 * 5.2 s into a file).  Standard error stays a pipe, read in the loop, so a
 * chatty child cannot block on it either.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/proc.h"
#include "sym/sym_proc.h"
#include "base/util.h"

static int
nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl == -1 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Read what is available from fd into b; 0 at end of file, 1 otherwise. */
static int
drain(int fd, struct buf *b)
{
	for (;;) {
		ssize_t r;

		buf_grow(b, 65536);
		r = read(fd, b->s + b->len, 65536);
		if (r > 0) {
			b->len += (size_t)r;
			b->s[b->len] = '\0';
			continue;
		}
		if (r == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			return 1;
		return 0;
	}
}

int
sym_tmpfile(void)
{
	const char *dir = getenv("TMPDIR");
	struct buf p = { 0 };
	int fd;

	if (dir == NULL || dir[0] == '\0')
		dir = "/tmp";
	buf_printf(&p, "%s/sp-symbolize.XXXXXX", dir);
	fd = mkstemp(p.s);
	if (fd != -1) {
		unlink(p.s);
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	buf_free(&p);
	return fd;
}

/* Read the whole file fd (from its start) into b. */
static void
slurp_fd(int fd, struct buf *b)
{
	if (lseek(fd, 0, SEEK_SET) == -1)
		return;
	for (;;) {
		ssize_t r;

		buf_grow(b, 1 << 20);
		r = read(fd, b->s + b->len, 1 << 20);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		b->len += (size_t)r;
		b->s[b->len] = '\0';
	}
}

/* Show the watcher the output written since *seen. */
static void
watch_output(const struct sym_watch *wa, int tfd, const struct buf *out,
    off_t *seen)
{
	struct stat st;
	char chunk[65536];

	if (tfd == -1) {
		if (out->len > (size_t)*seen)
			wa->fn(wa->arg, out->s + *seen, out->len - (size_t)*seen);
		*seen = (off_t)out->len;
		return;
	}
	if (fstat(tfd, &st) == -1)
		return;
	while (*seen < st.st_size) {
		size_t want = st.st_size - *seen > (off_t)sizeof(chunk) ?
		    sizeof(chunk) : (size_t)(st.st_size - *seen);
		ssize_t r = pread(tfd, chunk, want, *seen);

		if (r <= 0)
			return;
		wa->fn(wa->arg, chunk, (size_t)r);
		*seen += r;
	}
}

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int
sym_proc_run(const char *path, char *const argv[], const char *in,
    size_t inlen, struct buf *out, struct buf *err, int *wstatus,
    const struct sym_watch *watch)
{
	off_t seen = 0;
	long long shown = 0;
	int pin[2], pout[2], perr[2], e, tfd;
	size_t done = 0;
	pid_t pid;

	if (pipe(pin) == -1)
		return -1;
	if ((tfd = sym_tmpfile()) != -1) {
		/* A pretend pipe: the file is both ends. */
		pout[0] = -1;
		pout[1] = tfd;
	} else if (pipe(pout) == -1) {
		e = errno;
		close(pin[0]);
		close(pin[1]);
		errno = e;
		return -1;
	}
	if (pipe(perr) == -1) {
		e = errno;
		close(pin[0]);
		close(pin[1]);
		if (pout[0] != -1)
			close(pout[0]);
		close(pout[1]);
		errno = e;
		return -1;
	}
	fcntl(pin[1], F_SETFD, FD_CLOEXEC);
	if (pout[0] != -1)
		fcntl(pout[0], F_SETFD, FD_CLOEXEC);
	fcntl(perr[0], F_SETFD, FD_CLOEXEC);
	(void)path;	/* argv[0] is the path to run */
	e = proc_start(argv, pin[0], pout[1], perr[1], 0, &pid);
	close(pin[0]);
	if (tfd == -1)
		close(pout[1]);
	close(perr[1]);
	if (e != 0) {
		close(pin[1]);
		if (pout[0] != -1)
			close(pout[0]);
		if (tfd != -1)
			close(tfd);
		close(perr[0]);
		errno = e;
		return -1;
	}
	nonblock(pin[1]);
	if (pout[0] != -1)
		nonblock(pout[0]);
	nonblock(perr[0]);
	if (inlen == 0) {
		close(pin[1]);
		pin[1] = -1;
	}
	while (pin[1] != -1 || pout[0] != -1 || perr[0] != -1) {
		struct pollfd pf[3];
		nfds_t n = 0;
		int iw = -1, io = -1, ie = -1;

		if (pin[1] != -1) {
			pf[n].fd = pin[1];
			pf[n].events = POLLOUT;
			iw = (int)n++;
		}
		if (pout[0] != -1) {
			pf[n].fd = pout[0];
			pf[n].events = POLLIN;
			io = (int)n++;
		}
		if (perr[0] != -1) {
			pf[n].fd = perr[0];
			pf[n].events = POLLIN;
			ie = (int)n++;
		}
		if (watch != NULL && now_ms() - shown >= 250) {
			watch_output(watch, tfd, out, &seen);
			shown = now_ms();
		}
		if (poll(pf, n, watch != NULL ? 250 : -1) == -1) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (iw >= 0 && pf[iw].revents != 0) {
			for (;;) {
				ssize_t w = write(pin[1], in + done,
				    inlen - done < 65536 ? inlen - done : 65536);

				if (w > 0) {
					done += (size_t)w;
					if (done == inlen)
						break;
					continue;
				}
				if (w < 0 && errno == EINTR)
					continue;
				if (w < 0 && (errno == EAGAIN ||
				    errno == EWOULDBLOCK))
					break;
				/* EPIPE: the child stopped reading. */
				done = inlen;
				break;
			}
			if (done == inlen) {
				close(pin[1]);
				pin[1] = -1;
			}
		}
		if (io >= 0 && pf[io].revents != 0 && drain(pout[0], out) == 0) {
			close(pout[0]);
			pout[0] = -1;
		}
		if (ie >= 0 && pf[ie].revents != 0 && drain(perr[0], err) == 0) {
			close(perr[0]);
			perr[0] = -1;
		}
	}
	if (pin[1] != -1)
		close(pin[1]);
	if (pout[0] != -1)
		close(pout[0]);
	if (perr[0] != -1)
		close(perr[0]);
	*wstatus = proc_reap(pid);
	if (tfd != -1) {
		slurp_fd(tfd, out);
		close(tfd);
	}
	return 0;
}
