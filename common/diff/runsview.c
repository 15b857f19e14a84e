/*
 * runsview.c: sp-top's view of a runs-diff table (runsdiff.h, sp(5)):
 * what was compared and how, then per frame the centres of a and b, the
 * change of the total with its interval, q, the minimum detectable effect
 * and the verdict:
 *
 *	    TOTAL-A    TOTAL-B     CHANGE  INTERVAL             Q     MDE  V     NAME
 *	     408.80     491.80     +83.00  +34.05 .. +131.95    0.0325  66.49  grew  app!compute
 *
 * "~" within noise, "?" these runs cannot tell, "-" not tested.  Rows
 * keep the table's order (largest change of the total first); the samples
 * each side's recorder lost (#lost) are said under the sides.  It uses
 * base/, agg/lost.c and diff/runsdiff.c.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/util.h"
#include "diff/diff.h"
#include "diff/runsdiff.h"

/* The fields after a header's name, tabs as spaces, for the summary. */
static void
header_text(struct buf *b, const char *line, size_t len, size_t skip)
{
	for (size_t i = skip; i < len; i++)
		buf_addc(b, line[i] == '\t' ? ' ' : line[i]);
}

static int
is_header(const char *line, size_t len, const char *name)
{
	size_t n = strlen(name);

	return len > n && memcmp(line, name, n) == 0 && line[n] == '\t';
}

static void
put_fig(struct buf *b, int w, double v, int sign)
{
	if (isnan(v))
		buf_printf(b, "%*s", w, "-");
	else
		buf_printf(b, sign ? "%+*.2f" : "%*.2f", w, v);
}

void
runs_view(struct lreader *lr, long long limit)
{
	struct buf side[2] = { { 0 } }, how = { 0 }, b = { 0 }, said = { 0 };
	struct lost lost[2] = { { 0 } };
	char *line;
	long long n, rows = 0, shown = 0;
	char level[16] = "95";
	double scale = 1;	/* cpu nanoseconds shown as milliseconds */
	int cpu = 0, shares = 0;

	while ((n = lr_next(lr, &line)) >= 0) {
		size_t len = (size_t)n;
		struct rd_line rl;
		const struct rd_part *t;

		if (len > 0 && line[0] == '#') {
			int s;

			if (is_header(line, len, "#lost")) {
				struct field f[5];
				const char *why;

				if (split_tabs(line, len, f, 4) != 4 ||
				    !(f[1].len == 1 && (f[1].s[0] == 'a' ||
				    f[1].s[0] == 'b')))
					lr_fail(lr, "malformed #lost header: "
					    "want #lost SIDE LOST RECORDED");
				if (lost_fields(&lost[f[1].s[0] == 'b'],
				    f[2].s, f[2].len, f[3].s, f[3].len,
				    &why) == -1)
					lr_fail(lr, "%s", why);
			} else if (is_header(line, len, "#input") ||
			    is_header(line, len, "#runs") ||
			    is_header(line, len, "#mean")) {
				s = strchr(line, '\t')[1] == 'b';
				if (side[s].len > 0)
					buf_adds(&side[s], ", ");
				if (is_header(line, len, "#mean"))
					buf_adds(&side[s], "mean ");
				header_text(&side[s], line, len,
				    (size_t)(strchr(line, '\t') - line) + 3);
				if (is_header(line, len, "#runs"))
					buf_adds(&side[s], " runs");
			} else if (is_header(line, len, "#measure") &&
			    len == 12 && memcmp(line + 9, "cpu", 3) == 0) {
				cpu = 1;
				if (how.len > 0)
					buf_adds(&how, "; ");
				buf_adds(&how, "measure cpu");
			} else if (is_header(line, len, "#compare") &&
			    len == 15 && memcmp(line + 9, "shares", 6) == 0) {
				shares = 1;
				if (how.len > 0)
					buf_adds(&how, "; ");
				buf_adds(&how, "compare shares (%)");
			} else if (is_header(line, len, "#correction")) {
				struct field f[5];
				size_t nf = split_tabs(line, len, f, 4);

				if (how.len > 0)
					buf_adds(&how, "; ");
				if (nf == 4)
					buf_printf(&how, "%.*s over %.*s tests "
					    "of %.*s%% or more",
					    (int)f[1].len, f[1].s,
					    (int)f[3].len, f[3].s,
					    (int)f[2].len, f[2].s);
				else
					header_text(&how, line, len, 1);
			} else if (is_header(line, len, "#compare") ||
			    is_header(line, len, "#measure") ||
			    is_header(line, len, "#resolution")) {
				if (how.len > 0)
					buf_adds(&how, "; ");
				header_text(&how, line, len, 1);
			} else if (is_header(line, len, "#test")) {
				double lv;
				const char *p = strrchr(line, '\t') + 1;

				if (parse_double(p, len - (size_t)(p - line),
				    &lv) == 0 && lv > 0 && lv < 1)
					snprintf(level, sizeof(level), "%g",
					    lv * 100);
				if (how.len > 0)
					buf_adds(&how, "; ");
				header_text(&how, line, len, 1);
			}
			continue;
		}
		{
			const char *why;

			if (rd_parse_line(line, len, &rl, &why) == -1)
				lr_fail(lr, "%s", why);
		}
		if (rows++ == 0) {
			printf("a: %s\nb: %s\n", side[0].s ? side[0].s : "",
			    side[1].s ? side[1].s : "");
			if (lost_say_sides(&said, &lost[0], &lost[1]))
				printf("%s\n", said.s);
			printf("%s\n", how.s ? how.s : "");
			printf("%sthe total's change b - a with its %s%% interval; "
			    "V: grew, shrank, ~ within noise, ? cannot tell "
			    "(more runs needed: MDE, the change these runs "
			    "detect, above the resolution), - not tested\n",
			    cpu && !shares ? "CPU ms; " : "", level);
			printf("%11s %11s %11s  %-24s %8s %10s  %-6s  NAME\n",
			    "TOTAL-A", "TOTAL-B", "CHANGE", "INTERVAL", "Q",
			    "MDE", "V");
		}
		if (limit > 0 && shown >= limit)
			continue;
		shown++;
		t = &rl.part[RD_TOTAL];
		scale = cpu && !shares ? 1e-6 : 1;
		if (scale != 1) {
			struct rd_part *m = &rl.part[RD_TOTAL];

			m->a *= scale;
			m->b *= scale;
			m->change *= scale;
			m->lo *= scale;
			m->hi *= scale;
			m->mde *= scale;
		}
		buf_reset(&b);
		put_fig(&b, 11, t->a, 0);
		buf_addc(&b, ' ');
		put_fig(&b, 11, t->b, 0);
		buf_addc(&b, ' ');
		put_fig(&b, 11, t->change, 1);
		buf_adds(&b, "  ");
		if (isnan(t->lo))
			buf_printf(&b, "%-24s", "-");
		else {
			size_t at = b.len;

			buf_printf(&b, "%+.2f .. %+.2f", t->lo, t->hi);
			while (b.len - at < 24)
				buf_addc(&b, ' ');
		}
		if (isnan(t->q))
			buf_printf(&b, " %8s", "-");
		else
			buf_printf(&b, " %8.3g", t->q);
		buf_addc(&b, ' ');
		put_fig(&b, 10, t->mde, 0);
		buf_printf(&b, "  %-6s  ", t->verdict);
		buf_add(&b, rl.frame.s, rl.frame.len);
		buf_addc(&b, '\n');
		fwrite(b.s, 1, b.len, stdout);
	}
	if (n == -2)
		exit(1);
	if (rows == 0) {
		printf("a: %s\nb: %s\n", side[0].s ? side[0].s : "",
		    side[1].s ? side[1].s : "");
		if (lost_say_sides(&said, &lost[0], &lost[1]))
			printf("%s\n", said.s);
		printf("no frames\n");
	}
	lr_close(lr);
	buf_free(&b);
	buf_free(&how);
	buf_free(&said);
	buf_free(&side[0]);
	buf_free(&side[1]);
	finish_stdout();
	exit(0);
}
