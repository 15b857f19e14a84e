/*
 * sym_proc.h: running a symbolizer: one process per binary, started from an
 * argument vector (never a shell), its whole batch of queries written to
 * its standard input while its standard output and standard error are read,
 * all through poll(2), so that neither side can block the other however
 * large the batch.  Programs are found and started through proc.h.
 */
#ifndef SP_SYM_PROC_H
#define SP_SYM_PROC_H

#include <stddef.h>

#include "base/buf.h"

/*
 * Someone watching the output as it comes (for a progress line): fn gets
 * each new part of it, in order, at most a few times a second.
 */
struct sym_watch {
	void	(*fn)(void *arg, const char *s, size_t n);
	void	*arg;
};

/*
 * Run path with argv, feed it in[0..inlen), close its input, collect its
 * output and error output until both end, and wait for it.  *wstatus gets
 * the waitpid(2) status.  SIGPIPE must be ignored by the caller; the child
 * gets the default action back.  watch may be NULL.  Returns 0, or -1
 * (with errno) when the process could not be started.
 */
int	 sym_proc_run(const char *path, char *const argv[], const char *in,
	    size_t inlen, struct buf *out, struct buf *err, int *wstatus,
	    const struct sym_watch *watch);

/*
 * An unlinked temporary file in $TMPDIR (else /tmp), open for reading and
 * writing and closed on exec; or -1.
 */
int	 sym_tmpfile(void);

#endif
