/*
 * flame_view_impl.h: what the files of sp-flame's view share (not an
 * interface: flame_view.h is): the stacks read, a struct side for each
 * side of a diff, and the options and scratch that the reading and the
 * drawing both use.  flame_input.c reads the inputs; flame_view.c lays
 * them out and draws them.  May use base, agg (lost.h) and read (folded
 * stacks).
 */
#ifndef SP_VIEW_FLAME_VIEW_IMPL_H
#define SP_VIEW_FLAME_VIEW_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/strtab.h"
#include "read/folded.h"
#include "view/flame_view.h"

/*
 * Distinct stacks by their bytes, left where they lie (in the input read
 * whole, or in a store for what is built): a 100 MB input is not copied,
 * and on a virtual machine first touching fresh memory costs more than
 * reading it.
 */
struct keytab {
	const char **s;
	uint32_t *len;
	size_t	 n, cap;
	uint32_t *slot;		/* id + 1, 0 for an empty slot */
	size_t	 nslot;		/* a power of two, at most half full */
};

/* A line kept as it is: every line of a flame chart, and folded lines,
 * which need no merging (flamegraph.pl merges them as it walks them
 * sorted, and so does flame_layout). */
struct chart_line {
	const char *s, *tail;	/* the stack and what followed it */
	uint32_t len, tail_len;
	uint32_t thread;	/* first-seen order */
	int	 two;
	double	 time;
	double	 count;
	double	 before;
	size_t	 seq;
};

/* The options the inputs are read with, and the reading's scratch. */
struct flame_in {
	int	 reverse, flamechart, cpu, diff;
	enum flame_root root;
	struct strtab *tails;	/* what followed the stacks, interned */
	struct buf key, tmp;
	struct folded_bad bad;	/* malformed folded lines */
	int	 wall_stream;	/* #units weight=wall-ns: the counts are ns */
};

/* What was read: distinct stacks and their counts (one side of a diff). */
struct side {
	struct keytab keys;	/* folded stacks (with the root of -r) */
	struct strtab *store;	/* the bytes of keys that were built */
	double	*count;
	uint32_t *tail;		/* id in tails of the first line's tail */
	double	*before;	/* difffolded.pl's first counts */
	unsigned char *two;
	size_t	 cap;
	/* --flamechart keeps every line in order instead. */
	struct chart_line *lines;
	size_t	 nlines, linecap;
	/* For <desc>. */
	uint64_t samples, empty, folded_lines;
	double	 weight;
	struct strtab *threads;
	struct strtab *raw;	/* escaped stream keys -> folded key id */
	uint32_t *raw_to_key;
	size_t	 rawcap;
	int	 any_stream, any_folded, any_cpu;
	struct buf sources;
	struct lost lost;	/* #lost headers (lost.h) */
	struct slurped {	/* folded inputs read whole: keys point in */
		char	*data;
		size_t	 cap;
	} *inputs;
	size_t	 ninputs, inputcap;
	struct flame_in *in;	/* the options it is read with */
};

/* flame_input.c: the id of the stack k[0..n) in t, or -1. */
int64_t	 fv_kt_find(const struct keytab *t, const char *k, size_t n);
/* flame_input.c: s made empty, to be read with the options of in. */
void	 fv_side_init(struct side *s, struct flame_in *in);
/* flame_input.c: all that s holds freed (LeakSanitizer: make check-san). */
void	 fv_side_free(struct side *s);
/* flame_input.c: the reading's scratch in in freed. */
void	 fv_in_free(struct flame_in *in);
/*
 * flame_input.c: the input at path ("-": standard input), a sample stream
 * or folded stacks, added to s.  A bad input is one message and exit 1.
 */
void	 fv_read_input(struct side *s, const char *path);

#endif
