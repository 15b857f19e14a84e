/*
 * top_row.c: what a row of sp-top's views is made of, the same in the
 * table of an aggregate (top.c) and in the diff view (top_diff.c): a
 * share in percent, a name made plain for people, a row printed with its
 * frame's name shortened to the width left.  May use base and agg (the
 * shortening of names).
 */
#include <stdint.h>
#include <stdio.h>

#include "agg/shorten.h"
#include "base/buf.h"
#include "base/escape.h"
#include "view/top_impl.h"

double
top_pct(int64_t v, int64_t base)
{
	return base == 0 ? 0.0 : 100.0 * (double)v / (double)base;
}

/* Append the escaped s[0..n) unescaped, controls made spaces. */
void
top_plain_append(struct buf *out, const char *s, size_t n)
{
	size_t from = out->len;

	if (unesc_append(out, s, n) == -1) {
		out->len = from;
		buf_add(out, s, n);
	}
	for (size_t i = from; i < out->len; i++)
		if ((unsigned char)out->s[i] < 0x20 || out->s[i] == 0x7f)
			out->s[i] = ' ';
}

/*
 * One row of a view: its number columns, then the frame's name shortened
 * to width (in *name, scratch).
 */
void
top_print_row(const struct buf *cols, struct buf *name, const char *s,
    size_t len, int no_lib, size_t width)
{
	buf_reset(name);
	display_name(name, s, len, no_lib, width);
	fwrite(cols->s, 1, cols->len, stdout);
	fputs("  ", stdout);
	fwrite(name->s, 1, name->len, stdout);
	putchar('\n');
}
