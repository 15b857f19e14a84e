/*
 * shorten.h: frame names as tables for people show them (sp-top, sp-tree):
 * unescaped, control characters made spaces, and shortened to a width
 * keeping their informative end (shorten.c says how).
 */
#ifndef SP_SHORTEN_H
#define SP_SHORTEN_H

#include <stddef.h>

#include "base/buf.h"

/* The narrowest a name is ever made, in columns. */
#define MIN_NAME_COLS	20
/* The widest a table is made (-w and $COLUMNS above it are refused). */
#define MAX_COLS	100000

/* Display columns of s[0..n): UTF-8 code points. */
size_t	 text_cols(const char *s, size_t n);

/*
 * Append the display name of the escaped frame[0..n) to out: without its
 * "LIB!" prefix when no_lib, its name shortened to fit width columns when
 * width > 0 (the library is kept whole).
 */
void	 display_name(struct buf *out, const char *frame, size_t n, int no_lib,
	    size_t width);

/*
 * The number of columns for names when used columns go to other things: -w
 * COLS (opt_cols > 0), else $COLUMNS, else the terminal's width; never less
 * than MIN_NAME_COLS.  0 means no shortening: -W (wide), or standard output
 * is not a terminal and neither -w nor $COLUMNS says.
 */
size_t	 name_width(long long opt_cols, int wide, size_t used);

/*
 * The columns of -w/--width ARG (sp-top's and sp-tree's option): 1 to
 * MAX_COLS, else one line on stderr and exit 1.
 */
long long width_arg(const char *arg);

#endif
