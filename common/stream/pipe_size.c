/*
 * pipe_size.c: pipe_grow (pipe_size.h).  The default stream of a large
 * profile is a gigabyte or more of text; through Linux's default 64 KiB
 * pipe buffer, writer and reader take turns some 18,000 times a gigabyte,
 * each turn a sleep and a wake-up of the other.  Uses only fcntl(2).
 */
#ifdef __linux__
#define _GNU_SOURCE	/* F_SETPIPE_SZ */
#endif
#include <fcntl.h>
#include <sys/stat.h>

#include "stream/pipe_size.h"

#define PIPE_WANT	(1 << 20)

void
pipe_grow(int fd)
{
#ifdef F_SETPIPE_SZ
	struct stat sb;

	if (fstat(fd, &sb) == -1 || !S_ISFIFO(sb.st_mode))
		return;
	if (fcntl(fd, F_GETPIPE_SZ) >= PIPE_WANT)
		return;
	/* Above pipe-max-size an unprivileged user gets EPERM: then less. */
	for (int sz = PIPE_WANT; sz > 65536; sz /= 2)
		if (fcntl(fd, F_SETPIPE_SZ, sz) != -1)
			return;
#else
	(void)fd;
#endif
}
