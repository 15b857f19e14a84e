/*
 * calltree.h: a call tree whose nodes are paths of frames.  A path is added
 * with its weight and cpu, which count once towards the total of every node
 * on it (so a node's total counts a sample once, recursion or not); self is
 * given to a node of the caller's choosing.  Node 0 is the invisible root
 * above the roots.  Frames are interned: a node holds a frame id.
 *
 * Memory grows with the number of distinct paths, never with the number of
 * samples: callers add each distinct stack once with its summed weight.
 */
#ifndef SP_CALLTREE_H
#define SP_CALLTREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/strtab.h"

struct ct_node {
	uint32_t frame;		/* UINT32_MAX for node 0 */
	uint32_t parent;
	uint32_t child;		/* first child, 0 when none */
	uint32_t sibling;	/* next sibling, 0 when none */
	int64_t	 self, total, cpu_self, cpu_total;
};

struct calltree {
	struct strtab *frames;	/* frame strings, as given (escaped) */
	struct ct_node *node;
	size_t	 n, cap;
	struct ct_slot {
		uint32_t v1;	/* node + 1; 0: empty */
		uint32_t frame, parent;
	}	*slot;		/* hash of (parent, frame) -> node */
	size_t	 mask;
	uint32_t *last, *lastid;	/* the previous path and its nodes */
	size_t	 nlast, lastcap, lastidcap;
};

struct calltree *ct_new(void);
void	 ct_free(struct calltree *);
/* The id of frame s[0..n), interned. */
uint32_t ct_frame(struct calltree *, const char *s, size_t n);
/* The child of parent for frame, added (zeroed) if new. */
uint32_t ct_child(struct calltree *, uint32_t parent, uint32_t frame);
/*
 * Add a path of frame ids below node 0 with weight w and cpu c: each node
 * on it gains w and c in its total.  Returns the node ids of the path in
 * ids[0..n) (the caller's array), for the caller to give self.
 */
void	 ct_add_path(struct calltree *, const uint32_t *frames, size_t n,
	    int64_t w, int64_t c, uint32_t *ids);
/*
 * The children of node v in the order of output: by descending total, ties
 * by the frame's bytes; those whose total is under min are left out.
 * Returns their number and the array in *out (grown with xgrow, *cap).
 */
size_t	 ct_children(const struct calltree *, uint32_t v, int64_t min,
	    uint32_t **out, size_t *cap);

#endif
