/*
 * fuzz_stream.c: a libFuzzer target for the line formats of sp(5):
 * split_tabs, parse_sample_line, parse_agg_line, parse_diff_line (sp-diff's
 * table), frame_end, unesc_append,
 * esc_append and fold_append.  Besides memory errors it checks these
 * properties, and aborts when one fails:
 *   - unesc(esc(x)) == x for any bytes x, and esc(x) is a single frame;
 *   - every frame that frame_end() finds in a stack ends at a ';' or at
 *     the end of the stack, and the fields lie inside the line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "agg/difftable.h"
#include "base/escape.h"
#include "stream/stream.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct buf a, b;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *s = (const char *)data, *end = s + len, *p;
	struct sample_line sl;
	struct agg_line al;
	struct diff_line dl;
	struct field f[10];
	const char *why;

	/* The parsers see the line exactly as lr_next() gives it. */
	split_tabs(s, len, f, sizeof(f) / sizeof(f[0]));
	if (parse_sample_line(s, len, &sl, &why) == 0) {
		for (size_t k = 0; k < sl.nfields; k++)
			if (sl.f[k].s < s || sl.f[k].s + sl.f[k].len > end)
				abort();
		/* Walk the stack frame by frame. */
		const char *se = sl.f[F_STACK].s + sl.f[F_STACK].len;

		p = sl.f[F_STACK].s;
		while (p < se) {
			const char *fe = frame_end(p, se);

			if (fe < p || fe > se || (fe < se && *fe != ';'))
				abort();
			buf_reset(&a);
			(void)unesc_append(&a, p, (size_t)(fe - p));
			buf_reset(&b);
			fold_append(&b, p, (size_t)(fe - p));
			p = fe + 1;
		}
	}
	if (parse_agg_line(s, len, &al, &why) == 0 &&
	    (al.frame.s < s || al.frame.s + al.frame.len > end))
		abort();

	if (parse_diff_line(s, len, &dl, &why) == 0 &&
	    (dl.frame.s < s || dl.frame.s + dl.frame.len > end ||
	    dl.self_a < 0 || dl.total_a < 0 || dl.self_b < 0 || dl.total_b < 0))
		abort();

	/* Escaping round trip. */
	buf_reset(&a);
	esc_append(&a, s, len);
	if (a.len > 0 && frame_end(a.s, a.s + a.len) != a.s + a.len)
		abort();	/* an escaped name is one frame */
	buf_reset(&b);
	if (unesc_append(&b, a.s, a.len) == -1 || b.len != len ||
	    (len > 0 && memcmp(b.s, s, len) != 0))
		abort();
	buf_reset(&b);
	(void)unesc_append(&b, s, len);
	return 0;
}
