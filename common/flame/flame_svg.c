/*
 * flame_svg.c: a flame graph as one self-contained SVG.
 *
 * The structure is flamegraph.pl's, so that people's scripts that read
 * flame graphs keep working: a <g id="frames"> holding one group a frame,
 *
 *	<g>
 *	<title>NAME (N COUNTNAME, P%)</title><rect x=".." y=".." width=".."
 *	    height=".." fill="rgb(..)" rx="2" ry="2"/>
 *	<text x=".." y="..">LABEL</text>
 *	</g>
 *
 * with x and width printed as %.1f, width being the difference of the
 * rounded ends, counts rounded with thousands separators, percentages with
 * two decimals, and the text elements with ids title, subtitle, details,
 * unzoom, search, ignorecase and matched.  The JavaScript and CSS come
 * from common/flame/assets/, embedded at build time (scripts/embed).
 *
 * Names, options and --nameattr's values may hold any bytes: every value
 * written, text or attribute, goes through text(), which draws control
 * characters and bytes that are not UTF-8 as U+FFFD and escapes &, <, >
 * and ", so that the output is always well-formed XML (the notes, the
 * font and the script's strings, in a comment, CSS and JavaScript, are
 * cleaned likewise and escaped for where they go).
 *
 * A frame is written in parts: its group and --nameattr's attributes
 * (frame_open), its colour (frame_fill), its rectangle (frame_rect) and
 * its label cut to fit (frame_label).
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "flame/flame_svg.h"
#include "stats/ztest.h"
#include "base/strtab.h"
#include "base/util.h"

#include "flame_assets.h"

static const char replacement[] = "\xef\xbf\xbd";	/* U+FFFD */

/* The length of the valid UTF-8 character at s[0..n), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	uint32_t c;
	size_t k;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 4, c = s[0] & 0x07;
	else
		return 0;
	if (n < k)
		return 0;
	for (size_t i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	/* Surrogates and the two non-characters XML forbids. */
	if ((c >= 0xd800 && c <= 0xdfff) || c == 0xfffe || c == 0xffff)
		return 0;
	return k;
}

/*
 * A name as drawn: valid UTF-8 without control characters.  Appends to b
 * and returns the number of characters.
 */
static size_t
clean(struct buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, chars = 0;

	while (i < n) {
		size_t k = utf8_len(u + i, n - i);

		if (k == 0 || (k == 1 && (u[i] < 0x20 || u[i] == 0x7f))) {
			buf_add(b, replacement, 3);
			i += k == 0 ? 1 : k;
		} else {
			buf_add(b, s + i, k);
			i += k;
		}
		chars++;
	}
	return chars;
}

/*
 * Every value written into the SVG, text or attribute, goes through here:
 * cleaned as clean does (valid UTF-8 without control characters, which
 * XML 1.0 forbids) and &, <, >, " escaped, so that the SVG is well-formed
 * XML whatever the names, the options and --nameattr's file hold.
 */
static void
text(struct buf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < n) {
		size_t k = utf8_len(u + i, n - i);
		const char *e = NULL;

		if (k == 0 || (k == 1 && (u[i] < 0x20 || u[i] == 0x7f))) {
			e = replacement;
			k = 1;
		} else if (k == 1) {
			switch (s[i]) {
			case '&': e = "&amp;"; break;
			case '<': e = "&lt;"; break;
			case '>': e = "&gt;"; break;
			case '"': e = "&quot;"; break;
			}
		}
		if (e != NULL)
			buf_adds(b, e);
		else
			buf_add(b, s + i, k);
		i += k;
	}
}

/* A number as Perl prints it ("%.15g"), as flamegraph.pl's y values. */
static void
perl_num(struct buf *b, double v)
{
	buf_printf(b, "%.15g", v == 0 ? 0.0 : v);
}

/* "%.0f" with thousands separators. */
static void
count_text(struct buf *b, double v)
{
	char tmp[64];
	int n = snprintf(tmp, sizeof(tmp), "%.0f", v), lead;
	const char *d = tmp;

	if (n <= 0 || (size_t)n >= sizeof(tmp) || strchr(tmp, 'e') ||
	    strchr(tmp, 'n')) {
		buf_adds(b, tmp);
		return;
	}
	if (*d == '-' || *d == '+') {
		buf_addc(b, *d++);
		n--;
	}
	lead = n % 3 == 0 ? 3 : n % 3;
	for (int i = 0; i < n; i++) {
		if (i > 0 && (i - lead) % 3 == 0)
			buf_addc(b, ',');
		buf_addc(b, d[i]);
	}
}

/* The length of name without a trailing _[k], _[w], _[i] or _[j]. */
static size_t
strip_annotation(const char *s, size_t n)
{
	if (n >= 4 && s[n - 4] == '_' && s[n - 3] == '[' && s[n - 1] == ']' &&
	    strchr("kwij", s[n - 2]) != NULL && s[n - 2] != '\0')
		return n - 4;
	return n;
}

static void
out(FILE *f, const struct buf *b)
{
	fwrite(b->s, 1, b->len, f);
}

/* A JavaScript string literal, safe inside CDATA. */
static void
js_string(struct buf *b, const char *s)
{
	struct buf c = { 0 };

	clean(&c, s, strlen(s));
	buf_addc(b, '"');
	for (size_t i = 0; i < c.len; i++) {
		unsigned char ch = (unsigned char)c.s[i];

		if (ch == '"' || ch == '\\' || ch == '<' || ch == '>' ||
		    ch == ']' || ch == '&')
			buf_printf(b, "\\x%02x", ch);
		else
			buf_addc(b, (char)ch);
	}
	buf_addc(b, '"');
	buf_free(&c);
}

static void
text_el(struct buf *b, const char *id, double x, const char *y,
    const char *extra, const char *s)
{
	buf_printf(b, "<text id=\"%s\" x=\"%.2f\" y=\"%s\"%s%s>", id, x, y,
	    extra != NULL ? " " : "", extra != NULL ? extra : "");
	text(b, s, strlen(s));
	buf_adds(b, "</text>\n");
}

/* The parts before the frames: declaration, style, script, texts. */
static void
head(FILE *f, const struct flame_svg_opts *o, double height,
    const char *title, int interactive)
{
	struct buf b = { 0 };
	struct buf y = { 0 };
	double fs = o->fontsize, ypad2 = fs * 2 + 10;

	buf_adds(&b, "<?xml version=\"1.0\"");
	if (o->encoding != NULL) {
		buf_adds(&b, " encoding=\"");
		text(&b, o->encoding, strlen(o->encoding));
		buf_addc(&b, '"');
	}
	buf_adds(&b, " standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n");
	buf_printf(&b, "<svg version=\"1.1\" width=\"%d\" height=\"", o->width);
	perl_num(&b, height);
	buf_printf(&b, "\" onload=\"init(evt)\" viewBox=\"0 0 %d ", o->width);
	perl_num(&b, height);
	buf_adds(&b, "\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
	    "<!-- Flame graph drawn by sp-flame: "
	    "frames in the places flamegraph.pl gives them. -->\n");
	if (o->notes != NULL) {
		struct buf c = { 0 };

		/* "--" cannot be inside a comment. */
		clean(&c, o->notes, strlen(o->notes));
		buf_adds(&b, "<!-- NOTES: ");
		for (size_t i = 0; i < c.len; i++) {
			buf_addc(&b, c.s[i]);
			if (c.s[i] == '-' && (i + 1 == c.len || c.s[i + 1] == '-'))
				buf_addc(&b, ' ');
		}
		buf_adds(&b, " -->\n");
		buf_free(&c);
	}
	if (o->desc != NULL) {
		buf_adds(&b, "<desc>");
		text(&b, o->desc, strlen(o->desc));
		buf_adds(&b, "</desc>\n");
	}
	buf_adds(&b, "<defs>\n"
	    "\t<linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" "
	    "x2=\"0\">\n\t\t<stop stop-color=\"");
	text(&b, o->bg1, strlen(o->bg1));
	buf_adds(&b, "\" offset=\"5%\"/>\n\t\t<stop stop-color=\"");
	text(&b, o->bg2, strlen(o->bg2));
	buf_adds(&b, "\" offset=\"95%\"/>\n\t</linearGradient>\n</defs>\n");
	buf_adds(&b, "<style type=\"text/css\"><![CDATA[\ntext { font-family:");
	{
		/* A font name cannot end the CSS rule or the CDATA. */
		struct buf c = { 0 };

		clean(&c, o->fonttype, strlen(o->fonttype));
		for (size_t i = 0; i < c.len; i++)
			if (strchr(";{}<>]\\", c.s[i]) == NULL)
				buf_addc(&b, c.s[i]);
		buf_free(&c);
	}
	buf_printf(&b, "; font-size:%gpx; fill:rgb(0,0,0); }\n"
	    "#title { font-size:%gpx; }\n", fs, fs + 5);
	buf_adds(&b, flame_css);
	buf_adds(&b, "]]></style>\n");
	if (interactive) {
		buf_adds(&b, "<script type=\"text/ecmascript\"><![CDATA[\n");
		buf_printf(&b, "var sp = { fontsize: %.17g, fontwidth: %.17g, "
		    "xpad: %d, inverted: %s, searchcolor: \"rgb(230,0,230)\", "
		    "nametype: ", fs, o->fontwidth, FLAME_XPAD,
		    o->inverted ? "true" : "false");
		js_string(&b, o->nametype);
		buf_adds(&b, ", summary: ");
		js_string(&b, o->summary != NULL ? o->summary : " ");
		buf_adds(&b, " };\n");
		buf_adds(&b, flame_js);
		buf_adds(&b, "]]></script>\n");
	}
	buf_printf(&b, "<rect x=\"0.0\" y=\"0\" width=\"%d.0\" height=\"",
	    o->width);
	buf_printf(&b, "%.1f", height);
	buf_adds(&b, "\" fill=\"url(#background)\"/>\n");
	perl_num(&y, fs * 2);
	text_el(&b, "title", (double)(o->width / 2), y.s, NULL, title);
	if (o->subtitle != NULL) {
		buf_reset(&y);
		perl_num(&y, fs * 4);
		text_el(&b, "subtitle", (double)(o->width / 2), y.s, NULL,
		    o->subtitle);
	}
	buf_reset(&y);
	perl_num(&y, height - ypad2 / 2);
	text_el(&b, "details", FLAME_XPAD, y.s, NULL,
	    o->summary != NULL && interactive ? o->summary : " ");
	if (interactive) {
		struct buf y2 = { 0 };

		perl_num(&y2, fs * 2);
		text_el(&b, "unzoom", FLAME_XPAD, y2.s, "class=\"hide\"",
		    "Reset Zoom");
		text_el(&b, "search", o->width - FLAME_XPAD - 100, y2.s, NULL,
		    "Search");
		text_el(&b, "ignorecase", o->width - FLAME_XPAD - 16, y2.s,
		    NULL, "ic");
		text_el(&b, "matched", o->width - FLAME_XPAD - 100, y.s, NULL,
		    " ");
		buf_free(&y2);
	}
	out(f, &b);
	buf_free(&b);
	buf_free(&y);
}

/* A share in percent of a total, 0 for an empty side. */
static double
share(double x, double n)
{
	return n > 0 ? 100 * x / n : 0;
}

/*
 * sp-flame --diff: "NAME (B COUNTNAME, PB%; before A COUNTNAME, PA%;
 * +D COUNTNAME, +P.PP%[; z Z])": both counts, the change of the count and
 * of the share (in percentage points).
 */
static void
two_sided_title(struct buf *b, const struct flame_frame *fr, const char *name,
    size_t nlen, const struct flame_svg_opts *o)
{
	double a = fr->tot_before * o->factor, af = fr->tot_after * o->factor;
	double d = af - a, dp, z;
	size_t cn = strlen(o->countname);

	if (d == 0)
		d = 0;	/* no "-0" */

	if (fr->depth == 0)
		buf_adds(b, "all");
	else
		text(b, name, nlen);
	buf_adds(b, " (");
	count_text(b, af);
	buf_addc(b, ' ');
	text(b, o->countname, cn);
	buf_printf(b, ", %.2f%%; before ", share(fr->tot_after, o->total_b));
	count_text(b, a);
	buf_addc(b, ' ');
	text(b, o->countname, cn);
	buf_printf(b, ", %.2f%%", share(fr->tot_before, o->total_a));
	if (fr->depth > 0) {
		dp = share(fr->tot_after, o->total_b) -
		    share(fr->tot_before, o->total_a);
		if (fabs(dp) < 0.005)
			dp = 0;
		buf_adds(b, "; ");
		if (d > 0)
			buf_addc(b, '+');
		count_text(b, d);
		buf_addc(b, ' ');
		text(b, o->countname, cn);
		buf_printf(b, ", %s%.2f%%", dp > 0 ? "+" : "", dp);
		if (o->significant) {
			z = z_two_proportions(fr->tot_before, o->total_a,
			    fr->tot_after, o->total_b);
			buf_printf(b, "; z %.2f%s", z == 0 ? 0.0 : z,
			    fabs(z) < o->z_min ? ", within noise" : "");
		}
	}
	buf_addc(b, ')');
}

/* The hover text of a frame (without the name type). */
static void
frame_title(struct buf *b, const struct flame_graph *g,
    const struct flame_frame *fr, const char *name, size_t nlen,
    const struct flame_svg_opts *o)
{
	double etime = fr->depth == 0 ? g->timemax : fr->etime;
	double samples;
	char tmp[64];

	if (o->two_sided) {
		two_sided_title(b, fr, name, nlen, o);
		return;
	}
	snprintf(tmp, sizeof(tmp), "%.0f", (etime - fr->stime) * o->factor);
	samples = strtod(tmp, NULL);
	if (fr->depth == 0) {
		buf_adds(b, "all (");
		count_text(b, samples);
		buf_addc(b, ' ');
		text(b, o->countname, strlen(o->countname));
		buf_adds(b, ", 100%)");
		return;
	}
	text(b, name, nlen);
	buf_adds(b, " (");
	count_text(b, samples);
	buf_addc(b, ' ');
	text(b, o->countname, strlen(o->countname));
	buf_printf(b, ", %.2f%%", 100 * samples / (g->timemax * o->factor));
	if (fr->has_delta) {
		double d = o->negate ? -fr->delta : fr->delta;

		if (d == 0)
			d = 0;	/* no "-0.00" */
		buf_printf(b, "; %s%.2f%%", d > 0 ? "+" : "",
		    100 * d / (g->timemax * o->factor));
	}
	buf_addc(b, ')');
}

/*
 * A hot/cold graph's legend: a warm swatch for time on a CPU, a cold one
 * for time off it, and the rule for a frame that has both below it.
 */
static void
legend(FILE *f, const struct flame_svg_opts *o, double y)
{
	struct buf b = { 0 }, ys = { 0 };
	char warm[FLAME_COLOR_MAX], cold[FLAME_COLOR_MAX];
	double x = FLAME_XPAD, fs = o->fontsize;
	static const char *const what[2] = { "on CPU", "off CPU (waiting)" };

	/* The swatches: the colours of a frame of each kind. */
	flame_hotcold_color(o->pal, "on CPU", 6, 0, warm);
	flame_hotcold_color(o->pal, "off CPU", 7, 1, cold);
	buf_adds(&b, "<g id=\"legend\">\n");
	for (int i = 0; i < 2; i++) {
		buf_printf(&b, "<rect x=\"%.2f\" y=\"", x);
		perl_num(&b, y - fs);
		buf_printf(&b, "\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
		    "rx=\"2\" ry=\"2\"/>\n", fs * 2, fs, i == 0 ? warm : cold);
		buf_reset(&ys);
		perl_num(&ys, y - 1);
		text_el(&b, i == 0 ? "legend-on" : "legend-off", x + fs * 2 + 4,
		    ys.s, NULL, what[i]);
		x += fs * 2 + 4 + fs * o->fontwidth * (strlen(what[i]) + 3);
	}
	buf_reset(&ys);
	perl_num(&ys, y - 1);
	text_el(&b, "legend-rule", x, ys.s, NULL, "a frame is cold when most "
	    "of its time is off CPU");
	buf_adds(&b, "</g>\n");
	out(f, &b);
	buf_free(&b);
	buf_free(&ys);
}

/*
 * The legend of sp-flame --diff, in a row of its own under the title (and
 * subtitle): what red, blue, the dashed outline and (--significant) grey
 * mean, the swatches in the colours the frames get.
 */
static void
diff_legend(FILE *f, const struct flame_svg_opts *o, double y)
{
	static const char *const what[] = {
		"share grew", "share shrank", "only before (none after)",
		"within noise"
	};
	struct buf b = { 0 };
	char fill[FLAME_COLOR_MAX];
	double fs = o->fontsize, x = FLAME_XPAD;
	static const char *const what_runs[] = {
		"grew (significant over the runs)",
		"shrank (significant over the runs)",
		"only before (none after)",
		"not significant over the runs (Welch's t, Benjamini-Hochberg)"
	};
	size_t n = o->significant || o->run_frames != NULL ? 4 : 3;
	const char *const *label = o->run_frames != NULL ? what_runs : what;

	buf_adds(&b, "<g id=\"legend\">\n");
	for (size_t i = 0; i < n; i++) {
		if (i < 2)
			flame_diff_color(i == 0 ? 1 : -1, 1, o->negate, fill);
		else
			strlcpy(fill, i == 2 ? "rgb(255,255,255)" :
			    "rgb(221,221,221)", sizeof(fill));
		buf_printf(&b, "<g%s><rect x=\"%.1f\" y=\"", i == 2 ?
		    " class=\"gone\"" : "", x);
		perl_num(&b, y - fs);
		buf_printf(&b, "\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
		    "rx=\"2\" ry=\"2\"/></g>\n", fs * 1.5, fs + 2, fill);
		x += fs * 2;
		buf_printf(&b, "<text x=\"%.2f\" y=\"", x);
		perl_num(&b, y);
		buf_adds(&b, "\">");
		buf_adds(&b, label[i]);
		buf_adds(&b, "</text>\n");
		x += (double)strlen(label[i]) * fs * o->fontwidth + fs * 2;
	}
	buf_adds(&b, "</g>\n");
	out(f, &b);
	buf_free(&b);
}

/* The default title: flamegraph.pl's, and sp-flame --diff's own. */
static const char *
default_title(const struct flame_svg_opts *o)
{
	return o->two_sided ? "Differential Flame Graph" : o->flamechart ?
	    "Flame Chart" : o->inverted ? "Icicle Graph" : "Flame Graph";
}

/* --diff: the largest change of share, which gets the full saturation. */
static double
diff_maxshare(const struct flame_graph *g, const struct flame_svg_opts *o)
{
	double maxshare = 0;

	for (size_t i = 0; o->two_sided && i < g->n; i++) {
		double dp = fabs(share(g->f[i].tot_after, o->total_b) -
		    share(g->f[i].tot_before, o->total_a));

		if (g->f[i].depth > 0 && dp > maxshare)
			maxshare = dp;
	}
	return maxshare;
}

/* Where the frames go: the picture's height and the rows' offsets. */
struct rows {
	double	 height;	/* of the whole picture */
	double	 top;		/* above depth 0 of an icicle graph */
	double	 bottom;	/* below depth 0 of a flame graph */
};

/* The top and bottom edges of fr's rectangle. */
static void
frame_y(const struct rows *r, const struct flame_frame *fr,
    const struct flame_svg_opts *o, double *y1, double *y2)
{
	if (!o->inverted) {
		*y1 = r->height - r->bottom - (fr->depth + 1.0) *
		    o->frameheight + 1;
		*y2 = r->height - r->bottom - (double)fr->depth *
		    o->frameheight;
	} else {
		*y1 = r->top + (double)fr->depth * o->frameheight;
		*y2 = r->top + (fr->depth + 1.0) * o->frameheight - 1;
	}
}

/* A group's extra attributes (--nameattr's g_extra, a_extra). */
static void
extra_attrs(struct buf *b, const struct flame_xattr *x, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		/* The names were checked (flame_nameattr.c). */
		buf_printf(b, " %s=\"", x[i].name);
		text(b, x[i].value, strlen(x[i].value));
		buf_addc(b, '"');
	}
}

/* An attribute with a value, if it has one. */
static void
attr(struct buf *b, const char *name, const char *value)
{
	if (value == NULL)
		return;
	buf_printf(b, " %s=\"", name);
	text(b, value, strlen(value));
	buf_addc(b, '"');
}

/*
 * A frame's group: <g>, or with --nameattr's href a link <a> (which
 * takes the group's attributes too, as flamegraph.pl has it); its class
 * holds nameattr's, "inl" for an inline frame and "gone" for a frame only
 * in A of --diff.
 */
static void
frame_open(struct buf *b, const struct flame_nameattr *na, int inl, int gone)
{
	if (na != NULL && na->href != NULL) {
		buf_adds(b, "<a");
		attr(b, "xlink:href", na->href);
		attr(b, "target", na->target != NULL ? na->target : "_top");
		extra_attrs(b, na->a_extra, na->na_extra);
	} else
		buf_adds(b, "<g");
	if (na != NULL)
		attr(b, "id", na->id);
	if (inl || gone || (na != NULL && na->class != NULL)) {
		int sp = 0;

		buf_adds(b, " class=\"");
		if (na != NULL && na->class != NULL) {
			text(b, na->class, strlen(na->class));
			sp = 1;
		}
		if (inl) {
			buf_adds(b, sp ? " inl" : "inl");
			sp = 1;
		}
		if (gone)
			buf_adds(b, sp ? " gone" : "gone");
		buf_addc(b, '"');
	}
	if (na != NULL)
		extra_attrs(b, na->g_extra, na->ng_extra);
	buf_adds(b, ">\n");
}

/* A frame's colour into fill: by the change, by on/off CPU, or by name. */
/* Did the test over sets of runs call the frame's change significant? */
static int
run_significant(const struct flame_svg_opts *o, const char *raw,
    size_t rawlen)
{
	int64_t id = st_find(o->run_frames, raw, strip_annotation(raw,
	    rawlen));

	return id >= 0 && o->run_verdict[id] != 0;
}

static void
frame_fill(const struct flame_graph *g, const struct flame_frame *fr,
    const char *raw, size_t rawlen, double maxshare,
    const struct flame_svg_opts *o, char fill[FLAME_COLOR_MAX])
{
	double etime = fr->depth == 0 ? g->timemax : fr->etime;

	if (o->two_sided) {
		double dp = share(fr->tot_after, o->total_b) -
		    share(fr->tot_before, o->total_a);

		if (o->run_frames != NULL && !run_significant(o, raw,
		    rawlen))
			strlcpy(fill, "rgb(221,221,221)", FLAME_COLOR_MAX);
		else if (o->significant && fabs(z_two_proportions(
		    fr->tot_before, o->total_a, fr->tot_after,
		    o->total_b)) < o->z_min)
			strlcpy(fill, "rgb(221,221,221)", FLAME_COLOR_MAX);
		else
			flame_diff_color(maxshare > 0 ? dp : 0,
			    maxshare > 0 ? maxshare : 1, o->negate, fill);
	} else if (fr->has_delta)
		flame_diff_color(fr->delta, g->maxdelta, o->negate, fill);
	else if (g->has_off)
		flame_hotcold_color(o->pal, raw, rawlen,
		    2 * fr->off > etime - fr->stime, fill);
	else
		flame_color(o->pal, raw, rawlen, fill);
}

/*
 * The rectangle from x1 to x2: x and width as flamegraph.pl prints them,
 * the width being the difference of the rounded ends.
 */
static void
frame_rect(struct buf *b, double x1, double x2, double y1, double y2,
    const char *fill)
{
	char r1[32], r2[32];
	double rx1, rx2;

	snprintf(r1, sizeof(r1), "%.1f", x1);
	snprintf(r2, sizeof(r2), "%.1f", x2);
	rx1 = strtod(r1, NULL);
	rx2 = strtod(r2, NULL);
	buf_printf(b, "<rect x=\"%s\" y=\"", r1);
	perl_num(b, y1);
	buf_printf(b, "\" width=\"%.1f\" height=\"%.1f\" fill=\"", rx2 - rx1,
	    y2 - y1);
	/* A colour of palette.map (--cp) is the file's text. */
	text(b, fill, strlen(fill));
	buf_adds(b, "\" rx=\"2\" ry=\"2\"/>\n");
}

/*
 * The label of a frame x1..x2 wide whose cleaned name is s[0..n), chars
 * characters: as many characters as fit, ".." when cut, the library
 * prefix (up to '!') in a tspan of its own; "all" for the root.
 */
static void
frame_label(struct buf *b, const struct flame_frame *fr, double x1,
    double x2, double y1, double y2, const char *s, size_t n, size_t chars,
    const struct flame_svg_opts *o)
{
	long nchars = (long)((x2 - x1) / (o->fontsize * o->fontwidth));

	buf_printf(b, "<text x=\"%.2f\" y=\"", x1 + 3);
	perl_num(b, 3 + (y1 + y2) / 2);
	buf_adds(b, "\">");
	if (nchars >= 3 && fr->depth > 0) {
		const char *bang;
		size_t k = 0, c = 0, keep;

		while (k < n && c < (size_t)nchars -
		    ((size_t)nchars < chars ? 2 : 0)) {
			k++;
			while (k < n && ((unsigned char)s[k] & 0xc0) == 0x80)
				k++;
			c++;
		}
		keep = k;
		bang = memchr(s, '!', n);
		if (bang != NULL && bang > s) {
			size_t cut = (size_t)(bang - s) + 1;

			if (cut > keep)
				cut = keep;
			buf_adds(b, "<tspan class=\"lib\">");
			text(b, s, cut);
			buf_adds(b, "</tspan>");
			text(b, s + cut, keep - cut);
		} else
			text(b, s, keep);
		if ((size_t)nchars < chars)
			buf_adds(b, "..");
	} else if (nchars >= 3)
		buf_adds(b, "all");
	buf_adds(b, "</text>\n");
}

/* --nameattr's attributes of the frames named raw[0..n), or NULL. */
static const struct flame_nameattr *
nameattr_of(const struct flame_svg_opts *o, const char *raw, size_t n)
{
	int64_t id;

	if (o->attr_names == NULL ||
	    (id = st_find(o->attr_names, raw, n)) < 0)
		return NULL;
	return &o->attrs[id];
}

void
flame_svg_write(FILE *f, const struct flame_graph *g,
    const struct flame_svg_opts *o)
{
	double fs = o->fontsize, ypad3 = fs * 2;
	double maxshare = diff_maxshare(g, o);
	/* The legend's row, below the title (and subtitle). */
	double legend_h = o->two_sided || (g->has_off && !g->has_delta) ?
	    ypad3 : 0;
	struct rows r;
	struct buf b = { 0 }, name = { 0 };

	r.top = fs * 3 + legend_h;
	r.bottom = fs * 2 + 10;
	r.height = (g->depthmax + 1.0) * o->frameheight + fs * 3 + r.bottom;
	if (o->subtitle != NULL)
		r.height += ypad3;
	r.height += legend_h;
	head(f, o, r.height, o->title != NULL ? o->title : default_title(o),
	    1);
	if (o->two_sided)
		diff_legend(f, o, fs * (o->subtitle != NULL ? 6 : 4));
	else if (g->has_off && !g->has_delta)
		legend(f, o, fs * (o->subtitle != NULL ? 6 : 4));
	fputs("<g id=\"frames\">\n", f);
	for (size_t i = 0; i < g->n; i++) {
		const struct flame_frame *fr = &g->f[i];
		size_t rawlen, nlen, chars;
		const char *raw = st_str(g->names, fr->name, &rawlen);
		const struct flame_nameattr *na = nameattr_of(o, raw, rawlen);
		double etime = fr->depth == 0 ? g->timemax : fr->etime;
		double x1 = FLAME_XPAD + fr->stime * g->widthpertime;
		double x2 = FLAME_XPAD + etime * g->widthpertime;
		double y1, y2;
		char fill[FLAME_COLOR_MAX];

		frame_y(&r, fr, o, &y1, &y2);
		/* The name as drawn, annotation stripped. */
		nlen = strip_annotation(raw, rawlen);
		buf_reset(&name);
		chars = clean(&name, raw, nlen);

		buf_reset(&b);
		frame_open(&b, na, has_suffix(raw, nlen, " (inlined)"),
		    o->two_sided && fr->tot_after == 0);
		buf_adds(&b, "<title>");
		if (na != NULL && na->title != NULL)
			text(&b, na->title, strlen(na->title));
		else
			frame_title(&b, g, fr, name.s, name.len, o);
		buf_adds(&b, "</title>");
		frame_fill(g, fr, raw, rawlen, maxshare, o, fill);
		frame_rect(&b, x1, x2, y1, y2, fill);
		frame_label(&b, fr, x1, x2, y1, y2, name.s, name.len, chars,
		    o);
		buf_adds(&b, na != NULL && na->href != NULL ? "</a>\n" :
		    "</g>\n");
		out(f, &b);
	}
	fputs("</g>\n</svg>\n", f);
	buf_free(&b);
	buf_free(&name);
}

void
flame_svg_empty(FILE *f, const struct flame_svg_opts *o, const char *message)
{
	struct buf b = { 0 }, y = { 0 };
	double height = o->fontsize * 5;

	head(f, o, height, " ", 0);
	perl_num(&y, o->fontsize * 2);
	buf_printf(&b, "<text x=\"%.2f\" y=\"%s\" text-anchor=\"middle\">",
	    (double)(o->width / 2), y.s);
	text(&b, message, strlen(message));
	buf_adds(&b, "</text>\n</svg>\n");
	out(f, &b);
	buf_free(&b);
	buf_free(&y);
}
