/*
 * flame_view.c: sp-flame's view (view/flame_view.h): sample streams or
 * folded stacks in, one interactive SVG flame graph out; a drop-in for
 * flamegraph.pl (its options, its geometry, its SVG structure), see
 * sp-flame(1).
 *
 * Input, told apart by content, plain or gzip, files or standard input:
 *
 *	#sp samples 1 ...			a sample stream (sp(5))
 *	main;parse;lex 31			folded stacks
 *	main;parse;lex 25 31			difffolded.pl's two counts
 *
 * flame_input.c reads them: a stream's stacks are turned into the folded
 * form that sp-aggregate -c writes, so that `sp-flame stream` draws what
 * `sp-aggregate -c stream | flamegraph.pl` draws, and stacks are merged
 * in a hash table as they are read (memory grows with distinct stacks,
 * not with lines).  Here they are checked against the options, sorted and
 * laid out (flame_layout.c), frames narrower than --minwidth being dropped
 * as they end; then the SVG is written (flame_svg.c).
 *
 * May use base, stream, agg (lost.h), diff (sets of runs), read (folded
 * stacks) and flame.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agg/lost.h"
#include "base/buf.h"
#include "base/input.h"
#include "base/strtab.h"
#include "base/util.h"
#include "flame/flame.h"
#include "flame/flame_opts.h"
#include "flame/flame_palette.h"
#include "flame/flame_svg.h"
#include "flame/flame_runs.h"
#include "diff/diff.h"
#include "read/folded.h"
#include "stream/stream.h"
#include "view/flame_view.h"
#include "view/flame_view_impl.h"

static struct {
	int	 strict, significant;
	int	 runs;		/* --diff of two sets of runs (flame_runs.h) */
	struct runset ra, rb;
	double	 z_min;
	struct flame_in in;	/* what the reading shares (flame_input.c) */
} g;

static int
cmp_chart(const void *pa, const void *pb)
{
	const struct chart_line *a = pa, *b = pb;

	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The stacks to lay out, from one side (or two, for --diff). */
static struct flame_stack *
stacks_of(struct side *a, struct side *b, size_t *np)
{
	struct flame_stack *st;
	size_t n = 0, nk;

	/* Kept lines: a flame chart's, or folded lines. */
	if (g.in.flamechart && a->any_stream && a->nlines > 1)
		qsort(a->lines, a->nlines, sizeof(*a->lines), cmp_chart);
	st = xreallocarray(NULL, a->nlines + a->keys.n + (b != NULL ?
	    b->keys.n : 0) + 1, sizeof(*st));
	for (size_t i = 0; i < a->nlines; i++) {
		const struct chart_line *l = &a->lines[i];
		struct flame_stack *x = &st[n];

		if (l->count == 0 && !l->two)
			continue;
		x->s = l->s;
		x->len = l->len;
		x->tail = l->tail;
		x->tail_len = l->tail_len;
		x->count = x->after = l->count;
		x->has_delta = l->two;
		x->before = l->before;
		x->delta = l->count - l->before;
		n++;
	}
	if (g.in.flamechart) {
		*np = n;
		return st;
	}
	nk = a->keys.n;
	for (size_t i = 0; i < nk; i++) {
		struct flame_stack *x = &st[n];

		x->s = a->keys.s[i];
		x->len = a->keys.len[i];
		x->tail = st_str(g.in.tails, a->tail[i], &x->tail_len);
		x->count = x->after = a->count[i];
		x->has_delta = a->two[i];
		x->before = a->before[i];
		x->delta = a->count[i] - a->before[i];
		if (b != NULL) {
			/* --diff A B: a is B, the drawn side; b is A. */
			int64_t j = fv_kt_find(&b->keys, x->s, x->len);

			x->has_delta = 1;
			x->before = j >= 0 ? b->count[j] : 0;
			x->delta = x->count - x->before;
		}
		if (x->count == 0 && x->before == 0)
			continue;
		n++;
	}
	/*
	 * A stack only in A would have no width in B's graph: it is drawn
	 * with A's count, so that what went away can be seen (and its
	 * frames say "0 after").
	 */
	for (size_t i = 0; b != NULL && i < b->keys.n; i++) {
		struct flame_stack *x = &st[n];

		x->s = b->keys.s[i];
		x->len = b->keys.len[i];
		if (b->count[i] == 0 || fv_kt_find(&a->keys, x->s, x->len) >= 0)
			continue;
		x->tail = st_str(g.in.tails, b->tail[i], &x->tail_len);
		x->count = x->before = b->count[i];
		x->after = 0;
		x->delta = -x->before;
		x->has_delta = 1;
		n++;
	}
	*np = n;
	return st;
}

/* The sum of the counts of a side's stacks. */
static double
side_total(const struct side *s)
{
	double t = 0;

	for (size_t i = 0; i < s->keys.n; i++)
		t += s->count[i];
	for (size_t i = 0; i < s->nlines; i++)
		t += s->lines[i].count;
	return t;
}

/* What was drawn, for <desc> and the details line. */
static void
describe(struct buf *desc, struct buf *sum, const struct side *a,
    const struct side *b, const struct flame_graph *fg, const char *cname,
    char **argv, int argc)
{
	size_t nthreads = st_count(a->threads);

	buf_printf(desc, "sp-flame: %s", a->sources.s != NULL ?
	    a->sources.s : "<stdin>");
	if (b != NULL)
		buf_printf(desc, " against %s", b->sources.s);
	buf_adds(desc, ";");
	if (a->any_stream) {
		buf_printf(desc, " %" PRIu64 " samples, %s %.0f", a->samples,
		    g.in.cpu ? "cpu ns" : "weight", a->weight);
		if (a->empty > 0)
			buf_printf(desc, " (%" PRIu64 " samples without a "
			    "stack%s)", a->empty,
			    g.in.root == FLAME_ROOT_NONE && !g.in.flamechart ?
			    " not drawn" : "");
		buf_printf(desc, ", %zu thread%s;", nthreads,
		    nthreads == 1 ? "" : "s");
	}
	if (a->any_folded)
		buf_printf(desc, " %" PRIu64 " folded lines;", a->folded_lines);
	buf_printf(desc, " %zu stacks, total %.0f %s; %zu frames drawn,"
	    " %zu narrower than the minimum width left out",
	    g.in.flamechart ? a->nlines : a->keys.n + a->nlines,
	    fg->time, cname, fg->n, fg->elided);
	if (argc > 1) {
		buf_adds(desc, "; options:");
		for (int i = 1; i < argc; i++)
			buf_printf(desc, " %s", argv[i]);
	}
	if (a->any_stream)
		buf_printf(sum, "%" PRIu64 " samples, %zu thread%s, %zu frames "
		    "drawn", a->samples, nthreads, nthreads == 1 ? "" : "s",
		    fg->n);
	else
		buf_printf(sum, "%zu stacks, %zu frames drawn",
		    g.in.flamechart ? a->nlines : a->keys.n + a->nlines, fg->n);
}

enum flame_root
flame_root_mode(const char *s)
{
	if (strcmp(s, "process") == 0)
		return FLAME_ROOT_PROCESS;
	if (strcmp(s, "thread") == 0)
		return FLAME_ROOT_THREAD;
	if (strcmp(s, "comm-pid") == 0)
		return FLAME_ROOT_COMM_PID;
	if (strcmp(s, "comm-tid") == 0)
		return FLAME_ROOT_COMM_TID;
	errx(1, "-r: unknown mode %s (process, thread, comm-pid or "
	    "comm-tid)", s);
}

/*
 * The options that do not go together, and what the drawing needs from
 * them: the palette, the background, --nameattr's file.
 */
static void
check_options(struct flame_draw *d, struct flame_palette *pal,
    char bg1[FLAME_COLOR_MAX], char bg2[FLAME_COLOR_MAX], int argc)
{
	flame_draw_palette(d, pal, bg1, bg2);
	if (g.in.diff && argc != 2)
		errx(1, "--diff needs two inputs, before and after");
	if (g.significant && !g.in.diff)
		errx(1, "--significant needs --diff");
	if (g.in.diff && g.in.flamechart)
		errx(1, "--diff and --flamechart cannot be used together");
	if (d->nameattr != NULL && flame_nameattr_load(d->nameattr,
	    &d->svg.attr_names, &d->svg.attrs) == -1)
		exit(1);
	d->svg.bg1 = bg1;
	d->svg.bg2 = bg2;
	d->svg.pal = pal;
	d->geom.width = d->svg.width;
	d->geom.keep_order = g.in.flamechart;
	d->geom.chain = strcmp(d->colors, "chain") == 0;
}

/* The inputs into sa (and, for --diff, A into sb; B is drawn). */
static void
read_inputs(struct side *sa, struct side *sb, char **argv, int argc)
{
	g.in.tails = st_new();
	fv_side_init(sa, &g.in);
	fv_side_init(sb, &g.in);
	if (g.in.diff && flame_runs_sides(argv[0], argv[1], &g.ra, &g.rb)) {
		/* Sets of runs: each side the sum of its runs. */
		for (size_t i = 0; i < g.ra.n; i++)
			fv_read_input(sb, g.ra.paths[i]);
		for (size_t i = 0; i < g.rb.n; i++)
			fv_read_input(sa, g.rb.paths[i]);
		g.runs = 1;
	} else if (g.in.diff) {
		fv_read_input(sb, argv[0]);
		fv_read_input(sa, argv[1]);
	} else if (argc == 0)
		fv_read_input(sa, "-");
	else
		for (int i = 0; i < argc; i++)
			fv_read_input(sa, argv[i]);
	if (g.in.bad.n > 0) {
		if (g.strict) {
			if (g.in.bad.n == 1)
				errx(1, "%s:%" PRIu64 ": malformed line (%s)",
				    sa->sources.s, g.in.bad.first_line,
				    g.in.bad.first_why);
			errx(1, "%s: %" PRIu64 " malformed lines, the first at "
			    "line %" PRIu64 " (%s)", sa->sources.s, g.in.bad.n,
			    g.in.bad.first_line, g.in.bad.first_why);
		}
		folded_bad_warn(&g.in.bad, sa->sources.s);
	}
	if (g.in.cpu && sa->any_stream && !sa->any_cpu && sa->samples > 0)
		errx(1, "--cpu: the stream has no cpu values");
}

/*
 * Write the graph (or the SVG that says there is nothing to draw) to
 * output, or the standard output.  Returns the exit status.
 */
static int
write_svg(const char *output, const struct flame_graph *fg,
    struct flame_draw *d, int empty, const struct side *sa)
{
	FILE *out = stdout;

	if (d->cp && flame_palette_load(d->svg.pal, "palette.map") == -1)
		return 1;
	if (output != NULL && (out = fopen(output, "w")) == NULL)
		err(1, "%s", output);
	if (empty) {
		warnx("%s: no stack counts found", sa->sources.s != NULL ?
		    sa->sources.s : "<stdin>");
		flame_svg_empty(out, &d->svg, "ERROR: No valid input provided "
		    "to sp-flame.");
	} else
		flame_svg_write(out, fg, &d->svg);
	if (output != NULL) {
		if (ferror(out) | (fclose(out) != 0)) {
			warn("%s", output);
			unlink(output);
			return 1;
		}
	} else
		finish_stdout();
	if (d->cp && flame_palette_save(d->svg.pal, "palette.map") == -1)
		return 1;
	return empty ? 2 : 0;
}

int
flame_view(struct flame_draw *d, const struct flame_view_opts *o,
    const char *output, char **args, int nargs, char **argv, int argc)
{
	struct flame_palette pal;
	struct flame_graph fg;
	struct flame_stack *st;
	struct side sa, sb;
	struct buf desc = { 0 }, sum = { 0 }, lost = { 0 };
	char bg1[FLAME_COLOR_MAX], bg2[FLAME_COLOR_MAX];
	int empty, status;
	size_t n;

	g.strict = o->strict;
	g.in.cpu = o->cpu;
	g.in.diff = o->diff;
	g.significant = o->significant;
	g.z_min = o->z_min;
	g.in.root = o->root;
	g.in.reverse = d->reverse;
	g.in.flamechart = d->svg.flamechart;
	check_options(d, &pal, bg1, bg2, nargs);
	read_inputs(&sa, &sb, args, nargs);

	st = stacks_of(&sa, g.in.diff ? &sb : NULL, &n);
	flame_layout(st, n, &d->geom, &fg);
	if (d->geom.total > 0 && d->geom.total < fg.time &&
	    d->geom.total / fg.time > 0.02)
		warnx("--total %g is less than the total %.17g: ignored",
		    d->geom.total, fg.time);
	empty = fg.time <= 0;
	if (g.in.wall_stream && !d->countname_given && !g.in.cpu)
		d->svg.countname = "ns";
	describe(&desc, &sum, &sa, g.in.diff ? &sb : NULL, &fg,
	    d->svg.countname, argv, argc);
	d->svg.desc = desc.s;
	d->svg.summary = sum.s;
	/*
	 * Lost samples say so under the title, unless --subtitle does; with
	 * --diff, per side (sb holds A, sa B).
	 */
	if (d->svg.subtitle == NULL && (g.in.diff ? lost_say_sides(&lost,
	    &sb.lost, &sa.lost) : lost_say(&lost, &sa.lost)))
		d->svg.subtitle = lost.s;
	if (g.in.diff) {
		d->svg.two_sided = 1;
		d->svg.total_a = side_total(&sb);
		d->svg.total_b = side_total(&sa);
		d->svg.significant = g.significant;
		d->svg.z_min = g.z_min;
		if (g.runs)
			flame_runs_verdicts(&g.ra, &g.rb, g.in.cpu, &d->svg);
	}
	status = write_svg(output, &fg, d, empty, &sa);

	/* All freed, so that LeakSanitizer finds nothing (make check-san). */
	flame_graph_free(&fg);
	free(st);
	fv_side_free(&sa);
	fv_side_free(&sb);
	fv_in_free(&g.in);
	runset_free(&g.ra);
	runset_free(&g.rb);
	buf_free(&desc);
	buf_free(&sum);
	buf_free(&lost);
	flame_palette_free(&pal);
	flame_runs_free(&d->svg);
	if (d->svg.attr_names != NULL)
		flame_nameattr_free(d->svg.attr_names, d->svg.attrs);
	return status;
}
