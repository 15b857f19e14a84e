/*
 * escape.h: how names are written inside sp's line formats (sp(5)).
 *
 * In the sample stream and the aggregate table a name may contain any byte;
 * backslash, tab, newline and ';' are written as \\, \t, \n and \; so that a
 * line stays one line, its fields stay tab-separated and a stack can be split
 * on unescaped ';'.  A process name that begins with '#' is written "\\#...",
 * so that its line is not taken for a header.  Folded stacks for flamegraph.pl cannot carry escapes
 * (those tools split on every ';'), so there a ';' inside a name becomes ':'
 * and tab and newline become a space.
 */
#ifndef SP_ESCAPE_H
#define SP_ESCAPE_H

#include <stddef.h>

#include "base/buf.h"

/* Append s[0..n) to b, escaped for a stream field or frame. */
void	 esc_append(struct buf *b, const char *s, size_t n);
/* Append the escaped form s[0..n) to b, unescaped.  Returns 0, or -1 on a
 * dangling or unknown escape. */
int	 unesc_append(struct buf *b, const char *s, size_t n);
/* Append the escaped frame s[0..n) to b in the folded-stack form. */
void	 fold_append(struct buf *b, const char *s, size_t n);

/*
 * Find the end of the frame that starts at s (the first unescaped ';', or
 * end).  Returns a pointer to the ';' or to end.
 */
const char *frame_end(const char *s, const char *end);

/* Does s[0..n) need escaping? */
int	 needs_escape(const char *s, size_t n);

/* Are the escapes of s[0..n) all valid (sp(5))? */
int	 esc_valid(const char *s, size_t n);

#endif
