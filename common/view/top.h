/*
 * top.h: sp-top's view of an aggregate table (sp(5), "#sp aggregate 1")
 * or of a diff table ("#sp diff 1"): the hottest frames as an aligned
 * table for people, in the manner of pprof -top; with lines set, the rows
 * of a line-level table grouped by function.  The output is not meant to
 * be parsed.
 *
 * May use base, stream and agg.
 */
#ifndef SP_VIEW_TOP_H
#define SP_VIEW_TOP_H

enum top_sort { TOP_SORT_SELF, TOP_SORT_TOTAL, TOP_SORT_CPU, TOP_SORT_Z };

struct top_opts {
	const char *path;	/* the table, "-" for stdin */
	long long limit;	/* the rows shown, 0 for all */
	long long cols;		/* the width in columns, 0 for the terminal's */
	enum top_sort sort;
	int	 sort_given;	/* sort was asked for: else a diff table
				   sorts by total */
	int	 lines;		/* a line-level table, grouped by function */
	int	 no_lib;	/* names without their library */
	int	 wide;		/* names never shortened */
};

/*
 * Read the table o->path and print its view on stdout.  Returns 0; a bad
 * table or a refused combination of options is one line on stderr and
 * exit 1.
 */
int	 top_view(const struct top_opts *o);

#endif
