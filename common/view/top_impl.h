/*
 * top_impl.h: what the files of sp-top's view share (not an interface:
 * top.h is): top.c reads a table and shows an aggregate's rows;
 * top_diff.c shows a diff table's; top_row.c makes a row of either.  May
 * use base and agg.
 */
#ifndef SP_VIEW_TOP_IMPL_H
#define SP_VIEW_TOP_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/input.h"
#include "view/top.h"

/* top_row.c: v as a percentage of base (0 when base is 0). */
double	 top_pct(int64_t v, int64_t base);
/* top_row.c: the escaped s[0..n) appended unescaped, controls made
 * spaces. */
void	 top_plain_append(struct buf *out, const char *s, size_t n);
/* top_row.c: one row: its number columns cols, then the frame's name
 * s[0..len) shortened to width (in *name, scratch). */
void	 top_print_row(const struct buf *cols, struct buf *name,
	    const char *s, size_t len, int no_lib, size_t width);

/*
 * top_diff.c: read the rest of the diff table lr (its magic line read),
 * print its view sorted by sort, limit rows (0: all), and exit: 0, or 1
 * after a message on a bad table.
 */
void	 top_diff_view(struct lreader *lr, long long limit, int no_lib,
	    int wide, long long opt_cols, enum top_sort sort)
	    __attribute__((noreturn));

#endif
