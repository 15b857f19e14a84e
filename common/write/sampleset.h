/*
 * sampleset.h: sample streams (sp(5)) read whole into memory, for the
 * writers of formats that hold every sample: the Firefox Profiler's
 * processed format (sp-fxprof) and speedscope's (sp-speedscope).
 *
 * What is kept:
 *
 *	sources		one per #source block (or input without one): its
 *			name, #format and #units weight type, and whether its
 *			samples had times (a source whose every time is 0,
 *			folded stacks or pprof, has none: its samples are
 *			then spaced 1 ms apart per thread, in stream order,
 *			a line of N samples taking N ms)
 *	libs		the #lib headers, by library name
 *	frames		each distinct frame, still escaped, in order of first
 *			sight, with the source it was first seen in
 *	nodes		the stacks as a tree: a node is a frame and the node
 *			of its caller (NODE_NONE for a root frame), created
 *			callers first, so a node's parent has a lower id
 *	threads		by (process, pid, thread, tid), in order of first
 *			sight, each with its samples in stream order: time
 *			(ms), weight, cpu (ns; -1 when none), leaf node
 *			(NODE_NONE for an empty stack) and, when any line had
 *			a samples column above 1, the number of samples each
 *			line stands for
 *
 * Memory grows with the samples (28 bytes each) and the distinct stacks.
 * Reading checks each line as sp-aggregate does; a bad line ends the tool
 * with "prog: FILE:LINE: why" before anything is written.
 */
#ifndef SP_SAMPLESET_H
#define SP_SAMPLESET_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/strtab.h"

#define NODE_NONE	UINT32_MAX

struct ss_source {
	char	*name;		/* the #source value (unescaped) */
	char	*format;	/* the #format value, "" when none */
	char	*weight;	/* the #units weight type, "samples" when none */
	int	 named;		/* a #source header named it */
	int	 timeless;	/* no sample had a time other than 0 */
	int64_t	 nsamples;	/* lines of samples */
	int	 any_time;
	int	 ended;
};

struct ss_lib {
	/* From the #lib header (unescaped; "" when unknown), or the name. */
	char	*name, *path, *debug_name, *debug_path, *code_id;
	char	*breakpad_id, *arch;
};

struct ss_thread {
	struct buf process, pid, thread, tid;	/* unescaped */
	size_t	 n, cap;
	double	*time;
	int64_t	*weight;
	int64_t	*cpu;
	uint32_t *node;
	int64_t	*count;		/* NULL: every line stands for 1 sample */
	int	 has_cpu;
	int64_t	 wsum, csum;	/* the sums of its weights and cpu values */
	int	 weight_source;	/* the source whose weight type it has */
	size_t	 src_mark;	/* the last source it had samples in, + 1 */
	size_t	 src_first;	/* its first sample in that source */
	double	 clock;		/* the next spaced time, for timeless sources */
};

struct sampleset {
	struct ss_source *src;
	size_t	 nsrc, srccap;

	struct strtab *libnames;	/* library name -> ss_lib index */
	struct ss_lib *libs;
	size_t	 libcap;

	struct strtab *frames;		/* escaped frame -> id */
	uint32_t *frame_src;		/* id -> the source first seen in */
	size_t	 fscap;

	uint32_t *node_parent, *node_frame;
	size_t	 nnodes, nodecap;
	struct ss_nslot {		/* (parent, frame) -> node + 1, */
		uint64_t key;		/* open addressing; one slot one */
		uint32_t val;		/* cache line's part */
	} *nh;
	size_t	 nh_mask;

	struct buf prev;		/* the last new stack, its frames' */
	size_t	*prev_end;		/* ends and nodes (new_stack) */
	uint32_t *prev_node;
	size_t	 prev_n, prevcap;

	struct strtab *stacks;		/* escaped stack -> leaf node */
	uint32_t *stack_leaf;
	size_t	 slcap;

	struct strtab *thread_keys;	/* escaped process..tid -> thread */
	struct ss_thread *threads;
	size_t	 thcap;

	int	 any_count;	/* a line stood for several samples */
	int	 any_cpu;

	/* Reading state. */
	const char *prog_what;	/* "sp-fxprof reads sample streams" */
	uint32_t last_thread;
	struct buf last_tkey, tmp;
	int	 have_last;
};

/* what: the end of the message for an aggregate table given as input. */
struct sampleset *sset_new(const char *what);
/* Free the set and everything it holds. */
void	 sset_free(struct sampleset *);
/* Read one input ("-" standard input); a bad line or file ends the tool. */
void	 sset_read(struct sampleset *, const char *path);
/* Read the operands argv[0..argc) in order, standard input when none. */
void	 sset_read_all(struct sampleset *, int argc, char *argv[]);
/*
 * The profile's name for a viewer: its first source's file name, and how
 * many more there are ("p.json.gz and 2 more"); fallback without sources.
 * The caller frees it.
 */
char	*sset_title(const struct sampleset *, const char *fallback);
size_t	 sset_nthreads(const struct sampleset *);

/*
 * A thread's name for a viewer, into out (emptied first): a thread the
 * stream leaves unnamed (folded stacks, pprof, .cpuprofile) is named after
 * its process, else "Thread TID", else product (the profile's name), so
 * that the viewer has a label to show.
 */
void	 sset_thread_name(const struct ss_thread *, const char *product,
	    struct buf *out);

/*
 * The samples of t in time order (equal times in stream order), as
 * indexes into its arrays; NULL when they are in that order already.  The
 * caller frees it.
 */
uint32_t *sset_time_order(const struct ss_thread *t);


#endif
