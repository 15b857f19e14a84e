/*
 * flame_opts.c: reading the drawing options of sp-flame and
 * sp-flamegraph (see flame_opts.h).
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "flame/flame_opts.h"
#include "base/util.h"

static const struct option draw_longopts[] = {
	FLAME_DRAW_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

void
flame_draw_init(struct flame_draw *d)
{
	memset(d, 0, sizeof(*d));
	d->svg.fonttype = "Verdana";
	d->svg.nametype = "Function:";
	d->svg.countname = "samples";
	d->svg.fontsize = 12;
	d->svg.fontwidth = 0.59;
	d->svg.factor = 1;
	d->svg.width = 1200;
	d->svg.frameheight = 16;
	d->geom.minwidth = 0.1;
	d->colors = "hot";
}

static double
parse_num(const char *s, const char *opt, int positive)
{
	double v;

	if (parse_double(s, strlen(s), &v) == -1 || !isfinite(v) ||
	    (positive && v <= 0) || v < 0)
		errx(1, "%s: not a %snumber: %s", opt,
		    positive ? "positive " : "", s);
	return v;
}

static int
parse_int(const char *s, const char *opt)
{
	const char *e;
	long long v = strtonum(s, 1, 1000000, &e);

	if (e != NULL)
		errx(1, "%s: %s: %s", opt, e, s);
	return (int)v;
}

int
flame_draw_opt(struct flame_draw *d, int ch, const char *arg,
    const char *given)
{
	const char *e;
	size_t len;

	switch (ch) {
	case FLAME_O_BGCOLORS:
		d->bgcolors = arg;
		break;
	case FLAME_O_COLORS:
		d->colors = arg;
		break;
	case FLAME_O_COUNTNAME:
		d->countname_given = 1;
		d->svg.countname = arg;
		break;
	case FLAME_O_CP:
		d->cp = 1;
		break;
	case FLAME_O_DETERMINISTIC:
		break;	/* sp-flame always is */
	case FLAME_O_ENCODING:
		d->svg.encoding = arg;
		break;
	case FLAME_O_FACTOR:
		d->svg.factor = parse_num(arg, "--factor", 1);
		break;
	case FLAME_O_FLAMECHART:
		d->svg.flamechart = 1;
		break;
	case FLAME_O_FONTSIZE:
		d->svg.fontsize = parse_num(arg, "--fontsize", 1);
		break;
	case FLAME_O_FONTTYPE:
		d->svg.fonttype = arg;
		break;
	case FLAME_O_FONTWIDTH:
		d->svg.fontwidth = parse_num(arg, "--fontwidth", 1);
		break;
	case FLAME_O_HASH:
		d->hash = 1;
		break;
	case FLAME_O_HEIGHT:
		d->svg.frameheight = parse_int(arg, "--height");
		break;
	case FLAME_O_INVERTED:
		d->svg.inverted = 1;
		break;
	case FLAME_O_MINWIDTH:
		len = strlen(arg);
		d->geom.minwidth_pct = len > 0 && arg[len - 1] == '%';
		if (parse_double(arg, len - d->geom.minwidth_pct,
		    &d->geom.minwidth) == -1 || !(d->geom.minwidth >= 0) ||
		    !isfinite(d->geom.minwidth))
			errx(1, "--minwidth: not a number of pixels or a "
			    "percentage: %s", arg);
		break;
	case FLAME_O_NAMEATTR:
		d->nameattr = arg;
		break;
	case FLAME_O_NAMETYPE:
		d->svg.nametype = arg;
		break;
	case FLAME_O_NEGATE:
		d->svg.negate = 1;
		break;
	case FLAME_O_NOTES:
		if (strpbrk(arg, "<>") != NULL)
			errx(1, "--notes: the text cannot contain < or >");
		d->svg.notes = arg;
		break;
	case FLAME_O_RANDOM:
		d->random = 1;
		break;
	case FLAME_O_REVERSE:
		d->reverse = 1;
		break;
	case FLAME_O_SUBTITLE:
		d->svg.subtitle = arg;
		break;
	case FLAME_O_TITLE:
		d->svg.title = arg;
		break;
	case FLAME_O_TOTAL:
		d->geom.total = parse_num(arg, "--total", 0);
		break;
	case FLAME_O_WIDTH:
		d->svg.width = (int)strtonum(arg, 1, 1000000, &e);
		if (e != NULL)
			errx(1, "--%s %s: not a width in pixels", given != NULL ?
			    given : "width", arg);
		break;
	default:
		return 0;
	}
	return 1;
}

const char *
flame_draw_name(int ch)
{
	for (size_t i = 0; draw_longopts[i].name != NULL; i++)
		if (draw_longopts[i].val == ch) {
			size_t n = strlen(draw_longopts[i].name) + 3;
			char *name = xmalloc(n);

			snprintf(name, n, "--%s", draw_longopts[i].name);
			return name;
		}
	return NULL;
}

void
flame_draw_palette(const struct flame_draw *d, struct flame_palette *pal,
    char bg1[FLAME_COLOR_MAX], char bg2[FLAME_COLOR_MAX])
{
	if (flame_palette_init(pal, d->colors) == -1)
		errx(1, "--colors: unknown palette %s (%s)", d->colors,
		    flame_palette_names);
	pal->hash = d->hash;
	pal->random = d->random;
	if (d->random)
		srandom((unsigned)time(NULL) ^ (unsigned)getpid());
	if (flame_background(pal, d->bgcolors, bg1, bg2) == -1)
		errx(1, "--bgcolors: unknown background %s (yellow, blue, "
		    "green, grey or #rrggbb)", d->bgcolors);
}
