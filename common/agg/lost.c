/*
 * lost.c: the #lost header read, summed, written and said (lost.h).
 */
#include <stdint.h>
#include <string.h>

#include "agg/lost.h"
#include "base/util.h"

int
lost_header(struct lost *l, const char *line, size_t len, const char **why)
{
	const char *p, *t;
	int64_t a, b;

	if (len < 6 || memcmp(line, "#lost\t", 6) != 0)
		return 0;
	p = line + 6;
	if ((t = memchr(p, '\t', len - 6)) == NULL ||
	    parse_i64(p, (size_t)(t - p), &a) == -1 ||
	    parse_i64(t + 1, (size_t)(line + len - t - 1), &b) == -1 ||
	    a < 0 || b < 0) {
		*why = "malformed #lost header: want #lost LOST RECORDED";
		return -1;
	}
	if (__builtin_add_overflow(l->lost, a, &l->lost) ||
	    __builtin_add_overflow(l->recorded, b, &l->recorded)) {
		*why = "#lost: a sum overflows 64 bits";
		return -1;
	}
	l->any = 1;
	return 1;
}

void
lost_put(struct buf *b, const struct lost *l)
{
	if (!l->any)
		return;
	buf_printf(b, "#lost\t%lld\t%lld\n", (long long)l->lost,
	    (long long)l->recorded);
}

int
lost_say(struct buf *b, const struct lost *l)
{
	double all;

	if (!l->any || l->lost == 0)
		return 0;
	all = (double)l->lost + (double)l->recorded;
	buf_printf(b, "lost %.1f%% of samples (%lld of %.0f): lower -F or "
	    "raise the buffer (-m)", 100.0 * (double)l->lost / all,
	    (long long)l->lost, all);
	return 1;
}
