/*
 * ann_html.c: sp-annotate --format=html, one self-contained page (no
 * script, style sheet or font fetched from anywhere; pprof's weblist idea):
 * each function a <details> element that folds, open at first, holding its
 * source lines (or instructions) in a table whose rows are coloured by
 * their share of the function's self, and under a line its instructions
 * in a nested <details>.  The hottest row of each function has the class
 * "hottest".  It uses base/ only.
 */
#include <inttypes.h>
#include <string.h>

#include "annotate/ann_impl.h"
#include "base/util.h"

static void
esc(FILE *fp, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '&':
			fputs("&amp;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		case '\t':
			fputs("    ", fp);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				putc('?', fp);
			else
				putc(c, fp);
		}
	}
}

static void
escs(FILE *fp, const char *s)
{
	esc(fp, s, strlen(s));
}

void
ann_html_begin(FILE *fp, const struct ann_prof *pr, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	    "\n<title>sp-annotate ", fp);
	escs(fp, title);
	fputs("</title>\n<style>\n"
	    "body{font:13px/1.35 monospace;margin:1em;color:#222}\n"
	    "summary{cursor:pointer;font-weight:bold;padding:.2em 0}\n"
	    "table{border-collapse:collapse}\n"
	    "td{padding:0 .5em;white-space:pre;vertical-align:top}\n"
	    "td.n{text-align:right;color:#444}\n"
	    "tr.hottest td{font-weight:bold;outline:1px solid #b00}\n"
	    "tr.inl td{color:#666;font-style:italic}\n"
	    "p.note{color:#a40;margin:.2em 0}\n"
	    "th{text-align:right;padding:0 .5em;font-weight:normal;color:#666}\n"
	    "</style></head><body>\n", fp);
	fprintf(fp, "<p>%" PRId64 " %s in the profile. Rows are coloured by "
	    "their share of the function's self; click a function's name to "
	    "fold it.</p>\n", pr->weight, pr->units);
}

static void
num(FILE *fp, int64_t v, int64_t of)
{
	if (v == 0)
		fputs("<td class=\"n\">.</td><td class=\"n\"></td>", fp);
	else
		fprintf(fp, "<td class=\"n\">%" PRId64 "</td>"
		    "<td class=\"n\">%.2f%%</td>", v, of > 0 ?
		    100.0 * (double)v / (double)of : 0.0);
}

/* The row's opening tag, its background by its share of self. */
static void
row_open(FILE *fp, const struct ann_func *f, int64_t self, int hottest,
    const char *cls)
{
	double p = f->self > 0 ? (double)self / (double)f->self : 0;

	fputs("<tr", fp);
	if (hottest || cls != NULL)
		fprintf(fp, " class=\"%s%s%s\"", hottest ? "hottest" : "",
		    hottest && cls ? " " : "", cls ? cls : "");
	if (self > 0)
		/* From pale yellow to red as the share grows. */
		fprintf(fp, " style=\"background:hsl(%d,100%%,%d%%)\"",
		    (int)(50 - 50 * p), (int)(92 - 37 * p));
	fputs(">", fp);
}

void
ann_html_func(FILE *fp, const struct ann_opts *o, const struct ann_prof *pr,
    const struct ann_func *f)
{
	int64_t dself = o->pct_profile ? pr->weight : f->self;
	int64_t dtotal = o->pct_profile ? pr->weight : f->total;
	int64_t best = 0;
	const struct ann_src *src = NULL;
	int use_lines;

	fputs("<details open class=\"func\"><summary>", fp);
	escs(fp, f->frame);
	fprintf(fp, " &mdash; self %" PRId64 " %s (%.2f%%), total %" PRId64
	    " (%.2f%%)</summary>\n", f->self, pr->units, pr->weight > 0 ?
	    100.0 * (double)f->self / (double)pr->weight : 0.0, f->total,
	    pr->weight > 0 ? 100.0 * (double)f->total / (double)pr->weight :
	    0.0);
	if (f->binary != NULL) {
		fputs("<p>binary ", fp);
		escs(fp, f->binary);
		fputs("</p>\n", fp);
	}
	if (f->addr_table) {
		fputs("<p class=\"note\">", fp);
		escs(fp, f->no_code ? f->no_code : "");
		fputs("</p>\n<table>", fp);
		for (size_t i = 0; i < f->nrows; i++) {
			row_open(fp, f, f->rows[i].self, 0, NULL);
			num(fp, f->rows[i].self, dself);
			num(fp, f->rows[i].total, dtotal);
			fprintf(fp, "<td>0x%" PRIx64 "</td></tr>\n",
			    f->rows[i].addr);
		}
		fputs("</table></details>\n", fp);
		return;
	}
	if (f->no_lines != NULL) {
		fputs("<p class=\"note\">", fp);
		escs(fp, f->no_lines);
		fputs("</p>\n", fp);
	}
	if (f->no_insns != NULL) {
		fputs("<p class=\"note\">", fp);
		escs(fp, f->no_insns);
		fputs("</p>\n", fp);
	}
	if (f->main_file != NULL) {
		src = ann_src_get(o, f->main_file);
		if (src->path == NULL) {
			fputs("<p class=\"note\">source file ", fp);
			escs(fp, f->main_file);
			fputs(" not found</p>\n", fp);
		}
	}
	use_lines = src != NULL && src->path != NULL && o->view == ANN_SOURCE;
	fputs("<table><tr><th>self</th><th>%</th><th>total</th><th>%</th>"
	    "<th></th><th></th></tr>\n", fp);
	if (use_lines) {
		uint32_t lo = UINT32_MAX, hi = 0;
		long hot = -1;

		for (size_t k = 0; k < f->nlines; k++)
			if (strcmp(f->lines[k].file, f->main_file) == 0) {
				if (f->lines[k].line < lo)
					lo = f->lines[k].line;
				if (f->lines[k].line > hi)
					hi = f->lines[k].line;
				if (f->lines[k].self > best) {
					best = f->lines[k].self;
					hot = (long)k;
				}
			}
		for (uint32_t n = lo; n <= hi && lo != UINT32_MAX; n++) {
			const struct ann_line *l = NULL;
			const char *s;
			size_t len;

			for (size_t k = 0; k < f->nlines; k++)
				if (f->lines[k].line == n && strcmp(
				    f->lines[k].file, f->main_file) == 0)
					l = &f->lines[k];
			row_open(fp, f, l ? l->self : 0, l != NULL &&
			    l - f->lines == hot, NULL);
			num(fp, l ? l->self : 0, dself);
			num(fp, l ? l->total : 0, dtotal);
			fprintf(fp, "<td class=\"n\">%" PRIu32 "</td><td>", n);
			if ((s = ann_src_line(src, n, &len)) != NULL)
				esc(fp, s, len);
			fputs("</td></tr>\n", fp);
			for (size_t k = 0; l != NULL && k < f->ninls; k++) {
				const struct ann_inl *in = &f->inls[k];

				if (in->line != l - f->lines ||
				    (in->self == 0 && in->total == 0))
					continue;
				row_open(fp, f, in->self, 0, "inl");
				num(fp, in->self, dself);
				num(fp, in->total, dtotal);
				fputs("<td></td><td>inlined ", fp);
				escs(fp, in->name);
				fprintf(fp, " (%s:%" PRIu32 ")</td></tr>\n",
				    in->file, in->at);
			}
		}
	} else {
		long hot = -1;

		for (size_t i = 0; i < f->nrows; i++)
			if (f->rows[i].self > best) {
				best = f->rows[i].self;
				hot = (long)i;
			}
		for (size_t i = 0; i < f->nrows; i++) {
			const struct ann_row *r = &f->rows[i];

			if (r->line >= 0 && (i == 0 || f->rows[i - 1].line !=
			    r->line)) {
				const struct ann_line *l = &f->lines[r->line];
				const struct ann_src *ls = ann_src_get(o,
				    l->file);
				const char *s;
				size_t len;

				fputs("<tr class=\"src\"><td colspan=\"5\">"
				    "</td><td><b>", fp);
				escs(fp, l->file);
				fprintf(fp, ":%" PRIu32 "</b> ", l->line);
				if ((s = ann_src_line(ls, l->line, &len)) !=
				    NULL)
					esc(fp, s, len);
				fputs("</td></tr>\n", fp);
			}
			row_open(fp, f, r->self, (long)i == hot, NULL);
			num(fp, r->self, dself);
			num(fp, r->total, dtotal);
			fprintf(fp, "<td class=\"n\">%" PRIx64 "</td><td>",
			    r->addr);
			if (r->text != NULL)
				escs(fp, r->text);
			fputs("</td></tr>\n", fp);
		}
	}
	fputs("</table></details>\n", fp);
}

void
ann_html_end(FILE *fp)
{
	fputs("</body></html>\n", fp);
}
