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
 * Names may hold any bytes: control characters and bytes that are not
 * UTF-8 are drawn as U+FFFD, and &, <, >, " are escaped, so that the
 * output is always well-formed XML.
 */
#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "flame/flame_svg.h"
#include "base/stats.h"
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

/* Append s[0..n) escaped for XML text and attribute values. */
static void
xml(struct buf *b, const char *s, size_t n)
{
	size_t start = 0;

	for (size_t i = 0; i < n; i++) {
		const char *e;

		switch (s[i]) {
		case '&': e = "&amp;"; break;
		case '<': e = "&lt;"; break;
		case '>': e = "&gt;"; break;
		case '"': e = "&quot;"; break;
		default: continue;
		}
		buf_add(b, s + start, i - start);
		buf_adds(b, e);
		start = i + 1;
	}
	buf_add(b, s + start, n - start);
}

/* Clean and escape a string of the options or the input. */
static void
text(struct buf *b, const char *s, size_t n)
{
	struct buf c = { 0 };

	clean(&c, s, n);
	xml(b, c.s, c.len);
	buf_free(&c);
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

static int
ends_with(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n >= k && memcmp(s + n - k, suf, k) == 0;
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
	buf_printf(&b, "<defs>\n"
	    "\t<linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" "
	    "x2=\"0\">\n"
	    "\t\t<stop stop-color=\"%s\" offset=\"5%%\"/>\n"
	    "\t\t<stop stop-color=\"%s\" offset=\"95%%\"/>\n"
	    "\t</linearGradient>\n</defs>\n", o->bg1, o->bg2);
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
		xml(b, name, nlen);
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
	xml(b, name, nlen);
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
	size_t n = o->significant ? 4 : 3;

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
		buf_adds(&b, what[i]);
		buf_adds(&b, "</text>\n");
		x += (double)strlen(what[i]) * fs * o->fontwidth + fs * 2;
	}
	buf_adds(&b, "</g>\n");
	out(f, &b);
	buf_free(&b);
}

void
flame_svg_write(FILE *f, const struct flame_graph *g,
    const struct flame_svg_opts *o)
{
	double fs = o->fontsize, ypad1 = fs * 3, ypad2 = fs * 2 + 10;
	double ypad3 = fs * 2, height;
	const char *title = o->title;
	struct buf b = { 0 }, name = { 0 };

	double maxshare = 0, legend_h = o->two_sided ||
	    (g->has_off && !g->has_delta) ? ypad3 : 0;

	/* sp-flame --diff is not flamegraph.pl's graph: its own title. */
	if (title == NULL)
		title = o->two_sided ? "Differential Flame Graph" :
		    o->flamechart ? "Flame Chart" : o->inverted ?
		    "Icicle Graph" : "Flame Graph";
	/* --diff: saturation by the change of share, the largest full. */
	for (size_t i = 0; o->two_sided && i < g->n; i++) {
		double dp = fabs(share(g->f[i].tot_after, o->total_b) -
		    share(g->f[i].tot_before, o->total_a));

		if (g->f[i].depth > 0 && dp > maxshare)
			maxshare = dp;
	}
	height = (g->depthmax + 1.0) * o->frameheight + ypad1 + ypad2;
	if (o->subtitle != NULL)
		height += ypad3;
	/* The legend's line, below the title (and subtitle). */
	height += legend_h;
	head(f, o, height, title, 1);
	if (o->two_sided)
		diff_legend(f, o, fs * (o->subtitle != NULL ? 6 : 4));
	else if (g->has_off && !g->has_delta)
		legend(f, o, fs * (o->subtitle != NULL ? 6 : 4));
	fputs("<g id=\"frames\">\n", f);
	for (size_t i = 0; i < g->n; i++) {
		const struct flame_frame *fr = &g->f[i];
		const struct flame_nameattr *na = NULL;
		size_t rawlen, nlen, chars, keep;
		const char *raw = st_str(g->names, fr->name, &rawlen);
		double etime = fr->depth == 0 ? g->timemax : fr->etime;
		double x1 = FLAME_XPAD + fr->stime * g->widthpertime;
		double x2 = FLAME_XPAD + etime * g->widthpertime;
		double y1, y2, rx1, rx2;
		char fill[FLAME_COLOR_MAX], r1[32], r2[32];
		long nchars;
		int inl, gone;

		if (o->attr_names != NULL) {
			int64_t id = st_find(o->attr_names, raw, rawlen);

			if (id >= 0)
				na = &o->attrs[id];
		}
		if (!o->inverted) {
			y1 = height - ypad2 - (fr->depth + 1.0) * o->frameheight +
			    1;
			y2 = height - ypad2 - (double)fr->depth * o->frameheight;
		} else {
			y1 = ypad1 + legend_h +
			    (double)fr->depth * o->frameheight;
			y2 = ypad1 + legend_h +
			    (fr->depth + 1.0) * o->frameheight - 1;
		}
		/* The name as drawn, annotation stripped. */
		nlen = strip_annotation(raw, rawlen);
		buf_reset(&name);
		chars = clean(&name, raw, nlen);
		inl = ends_with(raw, nlen, " (inlined)");
		gone = o->two_sided && fr->tot_after == 0;

		buf_reset(&b);
		if (na != NULL && na->href != NULL) {
			buf_adds(&b, "<a xlink:href=\"");
			xml(&b, na->href, strlen(na->href));
			buf_adds(&b, "\" target=\"");
			xml(&b, na->target != NULL ? na->target : "_top",
			    strlen(na->target != NULL ? na->target : "_top"));
			buf_addc(&b, '"');
			if (na->a_extra != NULL) {
				buf_addc(&b, ' ');
				buf_adds(&b, na->a_extra);
			}
		} else
			buf_adds(&b, "<g");
		if (na != NULL && na->id != NULL) {
			buf_adds(&b, " id=\"");
			xml(&b, na->id, strlen(na->id));
			buf_addc(&b, '"');
		}
		if (inl || gone || (na != NULL && na->class != NULL)) {
			int sp = 0;

			buf_adds(&b, " class=\"");
			if (na != NULL && na->class != NULL) {
				xml(&b, na->class, strlen(na->class));
				sp = 1;
			}
			if (inl) {
				buf_adds(&b, sp ? " inl" : "inl");
				sp = 1;
			}
			if (gone)
				buf_adds(&b, sp ? " gone" : "gone");
			buf_addc(&b, '"');
		}
		if (na != NULL && na->g_extra != NULL) {
			buf_addc(&b, ' ');
			buf_adds(&b, na->g_extra);
		}
		buf_adds(&b, ">\n<title>");
		if (na != NULL && na->title != NULL)
			xml(&b, na->title, strlen(na->title));
		else
			frame_title(&b, g, fr, name.s, name.len, o);
		buf_adds(&b, "</title>");

		if (o->two_sided) {
			double dp = share(fr->tot_after, o->total_b) -
			    share(fr->tot_before, o->total_a);

			if (o->significant && fabs(z_two_proportions(
			    fr->tot_before, o->total_a, fr->tot_after,
			    o->total_b)) < o->z_min)
				strlcpy(fill, "rgb(221,221,221)", sizeof(fill));
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
		snprintf(r1, sizeof(r1), "%.1f", x1);
		snprintf(r2, sizeof(r2), "%.1f", x2);
		rx1 = strtod(r1, NULL);
		rx2 = strtod(r2, NULL);
		buf_printf(&b, "<rect x=\"%s\" y=\"", r1);
		perl_num(&b, y1);
		buf_printf(&b, "\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
		    "rx=\"2\" ry=\"2\"/>\n", rx2 - rx1, y2 - y1, fill);

		/* The label: as many characters as fit, ".." when cut. */
		buf_printf(&b, "<text x=\"%.2f\" y=\"", x1 + 3);
		perl_num(&b, 3 + (y1 + y2) / 2);
		buf_adds(&b, "\">");
		nchars = (long)((x2 - x1) / (fs * o->fontwidth));
		if (nchars >= 3 && fr->depth > 0) {
			const char *s = name.s, *bang;
			size_t k = 0, c = 0;

			while (k < name.len && c < (size_t)nchars -
			    ((size_t)nchars < chars ? 2 : 0)) {
				k++;
				while (k < name.len &&
				    ((unsigned char)s[k] & 0xc0) == 0x80)
					k++;
				c++;
			}
			keep = k;
			bang = memchr(s, '!', name.len);
			if (bang != NULL && bang > s) {
				size_t cut = (size_t)(bang - s) + 1;

				if (cut > keep)
					cut = keep;
				buf_adds(&b, "<tspan class=\"lib\">");
				xml(&b, s, cut);
				buf_adds(&b, "</tspan>");
				xml(&b, s + cut, keep - cut);
			} else
				xml(&b, s, keep);
			if ((size_t)nchars < chars)
				buf_adds(&b, "..");
		} else if (nchars >= 3)
			buf_adds(&b, "all");
		buf_adds(&b, "</text>\n");
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

int
flame_nameattr_load(const char *path, struct strtab **names,
    struct flame_nameattr **attrs)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, acap = 0;
	ssize_t n;
	uint64_t lineno = 0;

	if (f == NULL) {
		warn("%s", path);
		return -1;
	}
	*names = st_new();
	*attrs = NULL;
	while ((n = getline(&line, &cap, f)) != -1) {
		char *tab, *p;
		struct flame_nameattr *a;
		uint32_t id;
		int added;

		lineno++;
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if ((tab = strchr(line, '\t')) == NULL) {
			warnx("%s:%" PRIu64 ": no tab after the name", path,
			    lineno);
			free(line);
			fclose(f);
			return -1;
		}
		id = st_intern(*names, line, (size_t)(tab - line), &added);
		xgrow(attrs, &acap, (size_t)id + 1, sizeof(**attrs));
		a = &(*attrs)[id];
		if (added)
			memset(a, 0, sizeof(*a));
		for (p = tab + 1; p != NULL && *p != '\0';) {
			char *next = strchr(p, '\t'), *eq, **slot = NULL;

			if (next != NULL)
				*next++ = '\0';
			if ((eq = strchr(p, '=')) != NULL) {
				*eq++ = '\0';
				if (strcmp(p, "title") == 0)
					slot = &a->title;
				else if (strcmp(p, "id") == 0)
					slot = &a->id;
				else if (strcmp(p, "class") == 0)
					slot = &a->class;
				else if (strcmp(p, "href") == 0)
					slot = &a->href;
				else if (strcmp(p, "target") == 0)
					slot = &a->target;
				else if (strcmp(p, "g_extra") == 0)
					slot = &a->g_extra;
				else if (strcmp(p, "a_extra") == 0)
					slot = &a->a_extra;
			}
			if (slot != NULL) {
				free(*slot);
				*slot = xstrdup(eq);
			}
			p = next;
		}
	}
	free(line);
	if (ferror(f)) {
		warn("%s", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}
