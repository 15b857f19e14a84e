/*
 * lost.c: the #lost header read, summed, written and said (lost.h).
 */
#include <stdint.h>
#include <string.h>

#include "agg/lost.h"
#include "base/util.h"

int
lost_fields(struct lost *l, const char *lost, size_t nlost, const char *rec,
    size_t nrec, const char **why)
{
	struct lost one = { 0 };

	if (parse_i64(lost, nlost, &one.lost) == -1 ||
	    parse_i64(rec, nrec, &one.recorded) == -1 ||
	    one.lost < 0 || one.recorded < 0) {
		*why = "malformed #lost header: LOST and RECORDED must be "
		    "counts";
		return -1;
	}
	one.any = 1;
	return lost_add(l, &one, why) == -1 ? -1 : 1;
}

int
lost_header(struct lost *l, const char *line, size_t len, const char **why)
{
	const char *p, *t;

	if (len < 6 || memcmp(line, "#lost\t", 6) != 0)
		return 0;
	p = line + 6;
	if ((t = memchr(p, '\t', len - 6)) == NULL) {
		*why = "malformed #lost header: want #lost LOST RECORDED";
		return -1;
	}
	return lost_fields(l, p, (size_t)(t - p), t + 1,
	    (size_t)(line + len - t - 1), why);
}

int
lost_add(struct lost *l, const struct lost *from, const char **why)
{
	if (!from->any)
		return 0;
	if (__builtin_add_overflow(l->lost, from->lost, &l->lost) ||
	    __builtin_add_overflow(l->recorded, from->recorded,
	    &l->recorded)) {
		*why = "#lost: a sum overflows 64 bits";
		return -1;
	}
	l->any = 1;
	return 0;
}

void
lost_put(struct buf *b, const struct lost *l)
{
	if (!l->any)
		return;
	buf_printf(b, "#lost\t%lld\t%lld\n", (long long)l->lost,
	    (long long)l->recorded);
}

void
lost_put_side(struct buf *b, const char *side, const struct lost *l)
{
	if (!l->any)
		return;
	buf_printf(b, "#lost\t%s\t%lld\t%lld\n", side, (long long)l->lost,
	    (long long)l->recorded);
}

/* "lost 13.5% of samples (N of M)" */
static void
say_share(struct buf *b, const struct lost *l)
{
	double all = (double)l->lost + (double)l->recorded;

	buf_printf(b, "lost %.1f%% of samples (%lld of %.0f)",
	    100.0 * (double)l->lost / all, (long long)l->lost, all);
}

int
lost_say(struct buf *b, const struct lost *l)
{
	if (!l->any || l->lost == 0)
		return 0;
	say_share(b, l);
	buf_adds(b, ": lower -F or raise the buffer (-m)");
	return 1;
}

int
lost_say_sides(struct buf *b, const struct lost *a_side,
    const struct lost *b_side)
{
	const struct lost *l[2] = { a_side, b_side };
	int said = 0;

	for (int i = 0; i < 2; i++) {
		if (!l[i]->any || l[i]->lost == 0)
			continue;
		buf_printf(b, "%s%c ", said ? ", " : "", "ab"[i]);
		say_share(b, l[i]);
		said = 1;
	}
	if (said)
		buf_adds(b, ": lower -F or raise the buffer (-m)");
	return said;
}
