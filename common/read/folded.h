/*
 * folded.h: folded stacks, the input of flamegraph.pl.
 *
 * One line a stack: the frames root first, separated by ';', then
 * whitespace and a count:
 *
 *	main;parse;lex 31
 *
 * This is what sp-aggregate -c, stackcollapse-*.pl, inferno-collapse-*,
 * py-spy record --format raw and async-profiler's collapsed output write.
 * The count may be fractional ("12.5", "3."), as flamegraph.pl accepts it.
 * difffolded.pl writes two counts, before and after ("stack 10 14").
 *
 * A line is split as flamegraph.pl splits it: the count is what follows the
 * last whitespace character, and the stack is everything before that one
 * character (so "a;b  5" has the frame "b ", with its space).  Frames are
 * split on every ';': these tools know no escapes.
 */
#ifndef SP_FOLDED_H
#define SP_FOLDED_H

#include <stddef.h>
#include <stdint.h>

#include "base/input.h"
#include "stream/stream.h"

struct folded_line {
	const char *stack;	/* in the line; not NUL-terminated */
	size_t	 stack_len;
	size_t	 tail;		/* offset of the whitespace before the counts */
	double	 count;		/* the last count (after, for two counts) */
	int	 two;		/* difffolded.pl: count_a is the first count */
	double	 count_a;
	int	 integral;	/* count is a whole number within int64 ... */
	int64_t	 icount;	/* ... and this is it */
};

/*
 * Parse one line (without its newline; a final '\r' is ignored).  Returns
 * 1 for a stack, 0 for a line to skip silently (blank, or a '#' comment),
 * -1 for a malformed line with *why set to a static description.
 */
int	 folded_parse(const char *line, size_t len, struct folded_line *,
	    const char **why);

/*
 * Do the first bytes p[0..n) of an input look like folded stacks?  True
 * when the first line that is neither blank nor a comment is a folded
 * stack and not a line of the sample stream or the aggregate table.
 */
int	 folded_sniff(const char *p, size_t n);

/*
 * Malformed lines are skipped, as flamegraph.pl skips them, and counted
 * for one summary warning: how many, and the first one's line number.
 */
struct folded_bad {
	uint64_t n;
	uint64_t first_line;
	const char *first_why;
};

void	 folded_bad_add(struct folded_bad *, uint64_t lineno, const char *why);
/* The summary warning, when there were malformed lines. */
void	 folded_bad_warn(const struct folded_bad *, const char *name);

struct sw;

/*
 * sp-flatten: read folded stacks through w as a sample stream with one
 * line per distinct stack (weight and samples column = the summed counts),
 * in order of first appearance.  Counts must be whole numbers, and a line has one count.
 * Returns 0, or -1 after one message naming the file and the line.
 */
int	 folded_flatten(struct lreader *, struct sw *);

#endif
