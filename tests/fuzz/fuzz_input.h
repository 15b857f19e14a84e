/*
 * fuzz_input.h: for the fuzz targets whose reader takes a line reader
 * (base/input.h) rather than bytes: each input is written to one temporary
 * file, made once, and opened with lr_open as a file named on the command
 * line would be (gzip and all).  On Linux the file is a memfd (opened as
 * /proc/self/fd/N): writing a file of a disk's file system for every input
 * costs ten times the reading.  Elsewhere it is made in $TMPDIR and
 * removed at exit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "base/input.h"

static char fuzz_path[64];
static int fuzz_fd = -1;

static void
fuzz_input_remove(void)
{
	unlink(fuzz_path);
}

/* The input as an open line reader (NULL when the file cannot be written). */
static struct lreader *
fuzz_input(const uint8_t *data, size_t len)
{
	const char *tmp = getenv("TMPDIR");

#ifdef SYS_memfd_create
	if (fuzz_fd == -1 &&
	    (fuzz_fd = (int)syscall(SYS_memfd_create, "sp-fuzz", 0)) != -1) {
		snprintf(fuzz_path, sizeof(fuzz_path), "/proc/self/fd/%d",
		    fuzz_fd);
		if (access(fuzz_path, R_OK) == -1) {
			close(fuzz_fd);
			fuzz_fd = -1;
		}
	}
#endif
	if (fuzz_fd == -1) {
		snprintf(fuzz_path, sizeof(fuzz_path), "%s/sp-fuzz.XXXXXX",
		    tmp != NULL && *tmp != '\0' && strlen(tmp) < 40 ? tmp :
		    "/tmp");
		if ((fuzz_fd = mkstemp(fuzz_path)) == -1)
			abort();
		atexit(fuzz_input_remove);
	}
	if (ftruncate(fuzz_fd, 0) == -1 ||
	    (len > 0 && pwrite(fuzz_fd, data, len, 0) != (ssize_t)len))
		abort();
	return lr_open(fuzz_path);
}
