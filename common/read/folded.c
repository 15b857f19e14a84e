/*
 * folded.c: reading folded stacks ("frame;frame;frame COUNT" lines), for
 * sp-flame and, as a sample stream, for sp-flatten.  The line syntax is
 * flamegraph.pl's (see folded.h), so that both draw the same frames.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "read/folded.h"
#include "base/strtab.h"
#include "base/util.h"

/* Perl's \s, for the bytes of ASCII. */
static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/*
 * Is s[0..n) a count as flamegraph.pl reads one: digits, optionally a
 * point and more digits (\d+(\.\d*)?)?  Sets *point to the point's offset
 * (n when none).
 */
static int
is_count(const char *s, size_t n, size_t *point)
{
	size_t i = 0;

	while (i < n && (unsigned)((unsigned char)s[i] - '0') <= 9)
		i++;
	if (i == 0)
		return 0;
	*point = i;
	if (i == n)
		return 1;
	if (s[i] != '.')
		return 0;
	for (i++; i < n; i++)
		if ((unsigned)((unsigned char)s[i] - '0') > 9)
			return 0;
	return 1;
}

/*
 * The count at the end of s[0..n): sets *start to the offset of its first
 * byte (after exactly one whitespace byte, which is at *start - 1).
 * Returns 1, or 0 when s does not end in whitespace and a count.
 */
static int
last_count(const char *s, size_t n, size_t *start, double *v, size_t *point)
{
	size_t i = n;

	while (i > 0 && !is_space(s[i - 1]))
		i--;
	if (i == 0 || !is_count(s + i, n - i, point))
		return 0;
	if (*point == n - i && n - i <= 15) {
		/* Digits only, few enough to be exact in a double. */
		uint64_t u = 0;

		for (size_t k = i; k < n; k++)
			u = u * 10 + (uint64_t)(s[k] - '0');
		*v = (double)u;
	} else if (parse_double(s + i, n - i, v) == -1)
		return 0;
	*start = i;
	return 1;
}

int
folded_parse(const char *line, size_t len, struct folded_line *fl,
    const char **why)
{
	size_t i, start, point, astart, apoint;
	double a;

	if (len > 0 && line[len - 1] == '\r')
		len--;
	for (i = 0; i < len && is_space(line[i]); i++)
		;
	if (i == len || line[0] == '#')
		return 0;
	memset(fl, 0, sizeof(*fl));
	if (!last_count(line, len, &start, &fl->count, &point)) {
		i = len;
		while (i > 0 && !is_space(line[i - 1]))
			i--;
		if (i == 0 || i == len)
			*why = "no count after the stack";
		else if (line[i] == '-')
			*why = "the count is negative";
		else
			*why = "the count is not a number";
		return -1;
	}
	fl->stack = line;
	fl->stack_len = start - 1;
	fl->tail = start - 1;
	/* A whole number: digits, and nothing but zeros after a point. */
	fl->integral = 1;
	for (i = start + point + 1; i < len; i++)
		if (line[i] != '0')
			fl->integral = 0;
	if (fl->integral) {
		uint64_t u;

		if (parse_u64(line + start, point, &u) == 0 && u <= INT64_MAX)
			fl->icount = (int64_t)u;
		else
			fl->integral = 0;
	}
	/* difffolded.pl's two counts: the stack itself ends in a count. */
	if (fl->stack_len > 0 &&
	    ((unsigned)((unsigned char)line[fl->stack_len - 1] - '0') <= 9 ||
	    line[fl->stack_len - 1] == '.') &&
	    last_count(line, fl->stack_len, &astart, &a, &apoint)) {
		fl->two = 1;
		fl->count_a = a;
		fl->stack_len = astart - 1;
	}
	return 1;
}

int
folded_sniff(const char *p, size_t n)
{
	const char *end = p + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		struct folded_line fl;
		struct field f[SAMPLE_NFIELDS];
		const char *why;
		size_t nf;
		int r = folded_parse(p, len, &fl, &why);

		if (r == 1) {
			/* A stream line ends in its stack, a table line in
			 * its frame: they can end in a number too. */
			nf = split_tabs(p, len, f, SAMPLE_NFIELDS);
			return nf != SAMPLE_NFIELDS && nf != AGG_NFIELDS;
		}
		if (r == -1)
			return 0;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}

void
folded_bad_add(struct folded_bad *b, uint64_t lineno, const char *why)
{
	if (b->n++ == 0) {
		b->first_line = lineno;
		b->first_why = why;
	}
}

void
folded_bad_warn(const struct folded_bad *b, const char *name)
{
	if (b->n == 1)
		warnx("%s:%" PRIu64 ": skipped a malformed line (%s)", name,
		    b->first_line, b->first_why);
	else if (b->n > 1)
		warnx("%s: skipped %" PRIu64 " malformed lines, the first at "
		    "line %" PRIu64 " (%s)", name, b->n, b->first_line,
		    b->first_why);
}

/* Append the folded stack s[0..n) to b in the stream's escaped form. */
static void
escape_stack(struct buf *b, const char *s, size_t n)
{
	const char *end = s + n, *p = s;

	/* As Perl's split, which flamegraph.pl uses: no trailing empties. */
	while (end > s && end[-1] == ';')
		end--;
	while (p < end) {
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *fe = semi != NULL ? semi : end;

		if (p > s)
			buf_addc(b, ';');
		esc_append(b, p, (size_t)(fe - p));
		if (semi == NULL)
			break;
		p = semi + 1;
	}
}

int
folded_flatten(struct lreader *lr, struct sw *w)
{
	struct strtab *stacks = st_new();
	struct folded_bad bad = { 0 };
	struct buf b = { 0 };
	struct sw_thread *t;
	int64_t *weight = NULL;
	size_t cap = 0, n;
	char *line;
	long long len;
	int rc = -1;

	while ((len = lr_next(lr, &line)) >= 0) {
		struct folded_line fl;
		const char *why;
		uint32_t id;
		int added, r = folded_parse(line, (size_t)len, &fl, &why);

		if (r == 0)
			continue;
		if (r == -1) {
			folded_bad_add(&bad, lr_lineno(lr), why);
			continue;
		}
		if (fl.two) {
			warnx("%s:%" PRIu64 ": two counts on a line (difffolded.pl "
			    "output): a sample stream has one; sp-flame draws "
			    "such files", lr_name(lr), lr_lineno(lr));
			goto out;
		}
		if (!fl.integral) {
			warnx("%s:%" PRIu64 ": the count is not a whole number: "
			    "sample weights are integers", lr_name(lr),
			    lr_lineno(lr));
			goto out;
		}
		buf_reset(&b);
		escape_stack(&b, fl.stack, fl.stack_len);
		id = st_intern(stacks, b.s, b.len, &added);
		if (added) {
			xgrow(&weight, &cap, (size_t)id + 1, sizeof(*weight));
			weight[id] = 0;
		}
		if (__builtin_add_overflow(weight[id], fl.icount, &weight[id])) {
			warnx("%s:%" PRIu64 ": the counts of a stack overflow "
			    "64 bits", lr_name(lr), lr_lineno(lr));
			goto out;
		}
	}
	if (len == -2)
		goto out;
	folded_bad_warn(&bad, lr_name(lr));
	/* A line stands for its count of samples: the samples column. */
	if (sw_want_samples(w) == -1) {
		warnx("%s: folded stacks after a profile need -c (each line "
		    "stands for several samples)", lr_name(lr));
		goto out;
	}
	/* Headers only now: a file refused above leaves nothing behind. */
	sw_source(w, lr_name(lr), "folded");
	sw_units(w, "samples", "none");
	t = sw_thread(w, NULL, NULL, NULL, NULL);
	n = st_count(stacks);
	for (size_t i = 0; t != NULL && i < n; i++) {
		size_t sl;
		const char *s = st_str(stacks, (uint32_t)i, &sl);

		sw_samples(w, t, 0.0, weight[i], weight[i], -1, s, sl);
	}
	rc = 0;
out:
	buf_free(&b);
	free(weight);
	st_free(stacks);
	return rc;
}
