/*
 * tree.h: sp-tree's view: sample streams (sp(5)) in, a call tree out,
 * top-down, inverted, or the callers or callees of one frame; as an
 * aligned tree for people or, with tsv, as "#sp tree 1" lines (sp(5),
 * "Call tree").
 *
 * May use base, stream and agg.
 */
#ifndef SP_VIEW_TREE_H
#define SP_VIEW_TREE_H

/* -r: a root frame above each stack, of the process or the thread. */
enum tree_root { TREE_ROOT_NONE, TREE_ROOT_PROCESS, TREE_ROOT_THREAD,
    TREE_ROOT_COMM_PID, TREE_ROOT_COMM_TID };

struct tree_opts {
	int	 ascii, no_lib, tsv, wide;
	int	 inverted;
	const char *callers, *callees;	/* escaped frames, or NULL */
	double	 min_pct;	/* nodes below this share are pruned */
	long long depth;	/* 0: no limit */
	long long cols;		/* 0: the terminal's width */
	enum tree_root root;
};

/*
 * The mode named s ("process", "thread", "comm-pid", "comm-tid") in
 * *root; -1 when s names none.
 */
int	 tree_root_parse(const char *s, enum tree_root *root);

/*
 * s as a --callers or --callees frame (opt names the option): s itself
 * when it is one frame as sp-aggregate writes it, escaped; else one line
 * on stderr and exit 1.
 */
const char *tree_focus_arg(const char *opt, const char *s);

/*
 * Read the streams files[0..nfiles) (stdin when nfiles is 0) and print
 * the views o asks for on stdout.  Returns 0; bad input or a focus frame
 * found in no stack is one line on stderr and exit 1, with nothing
 * written.
 */
int	 tree_view(const struct tree_opts *o, char *const *files, int nfiles);

#endif
