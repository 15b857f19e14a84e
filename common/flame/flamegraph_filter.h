/*
 * flamegraph_filter.h: the two line filters of sp-flamegraph's pipelines, each
 * run as a stage of its own (sp-flamegraph's internal modes), so that the
 * pipeline is a row of processes joined by pipes.
 *
 *  - ff_perf_line, between `perf script --no-inline` and sp-flatten: a
 *    frame line of a binary whose inline frames sp-symbolize can give (it
 *    has DWARF, here or in a separate debug file, and is position
 *    independent, so that perf's address is the library-relative one)
 *    loses its symbol:
 *
 *	    11bc work (/tmp/app)	->	    11bc [unknown] (/tmp/app)
 *
 *    so that sp-flatten keeps the address ("app!0x11bc") for sp-symbolize
 *    to turn into the function and its inline chain, in one batch per
 *    binary, instead of perf script running addr2line for every address.
 *
 *  - ff_skip_after, on sample-stream lines: the frames rootward of the
 *    innermost frame naming one of the functions are dropped (inferno's
 *    and flamegraph-rs's --skip-after).  A frame names a function when it
 *    is the function, or LIB!function, with or without " (inlined)".
 *
 * Both take one line (its newline included or not) and append the line to
 * write, newline included, to out.
 */
#ifndef SP_FLAMEGRAPH_FILTER_H
#define SP_FLAMEGRAPH_FILTER_H

#include <stddef.h>

#include "base/buf.h"

struct ff_dsos;

/* The cache of what each binary allows; NULL-safe to free. */
struct ff_dsos *ff_dsos_new(void);
void	 ff_dsos_free(struct ff_dsos *);

void	 ff_perf_line(struct ff_dsos *, const char *line, size_t len,
	    struct buf *out);

/*
 * Is line a frame line of perf script ("ADDR SYMBOL (DSO)", indented)?
 * Then 1, with the end of the address and the dso's span in the line;
 * else 0.
 */
int	 ff_perf_frame(const char *line, size_t len, size_t *addr_end,
	    size_t *dso, size_t *dso_len);

void	 ff_skip_after(char *const *fns, size_t nfns, const char *line,
	    size_t len, struct buf *out);

/*
 * Does sp-flamegraph symbolize the binary at path itself (see above)?
 * 1 or 0.
 */
int	 ff_symbolize_dso(const char *path);

#endif
