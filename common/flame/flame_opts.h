/*
 * flame_opts.h: the drawing options, one table for sp-flame and
 * sp-flamegraph: their long-option entries and their reading into one
 * struct flame_draw.  The names are flamegraph.pl's (--colors, --width,
 * --minwidth, ...) and flamegraph-rs's (--palette, --image-width,
 * --min-width, ...), aliases of each other where both have one.
 * sp-flamegraph takes flamegraph-rs's set (FLAME_DRAW_LONGOPTS) and
 * passes them on to the sp-flame it runs; sp-flame takes flamegraph.pl's
 * too (FLAME_PL_LONGOPTS).  Reading them in one place keeps their meaning,
 * defaults and checks the same in both, and sp-flamegraph says a bad one
 * before it records.
 */
#ifndef SP_FLAME_OPTS_H
#define SP_FLAME_OPTS_H

#include <getopt.h>

#include "flame/flame.h"
#include "flame/flame_palette.h"
#include "flame/flame_svg.h"

/*
 * The getopt_long codes of the drawing options: 1024 and up, above a
 * tool's own long options and record.h's cargo options (256 and up).
 */
enum {
	FLAME_O_BGCOLORS = 1024, FLAME_O_COLORS, FLAME_O_COUNTNAME,
	FLAME_O_CP, FLAME_O_DETERMINISTIC, FLAME_O_ENCODING, FLAME_O_FACTOR,
	FLAME_O_FLAMECHART, FLAME_O_FONTSIZE, FLAME_O_FONTTYPE,
	FLAME_O_FONTWIDTH, FLAME_O_HASH, FLAME_O_HEIGHT, FLAME_O_INVERTED,
	FLAME_O_MINWIDTH, FLAME_O_NAMEATTR, FLAME_O_NAMETYPE, FLAME_O_NEGATE,
	FLAME_O_NOTES, FLAME_O_RANDOM, FLAME_O_REVERSE, FLAME_O_SUBTITLE,
	FLAME_O_TITLE, FLAME_O_TOTAL, FLAME_O_WIDTH
};

/* The options both tools take (flamegraph-rs's); -i is --inverted. */
#define FLAME_DRAW_LONGOPTS \
	{ "deterministic", no_argument, NULL, FLAME_O_DETERMINISTIC }, \
	{ "flamechart", no_argument, NULL, FLAME_O_FLAMECHART }, \
	{ "image-width", required_argument, NULL, FLAME_O_WIDTH }, \
	{ "inverted", no_argument, NULL, FLAME_O_INVERTED }, \
	{ "min-width", required_argument, NULL, FLAME_O_MINWIDTH }, \
	{ "notes", required_argument, NULL, FLAME_O_NOTES }, \
	{ "palette", required_argument, NULL, FLAME_O_COLORS }, \
	{ "reverse", no_argument, NULL, FLAME_O_REVERSE }, \
	{ "subtitle", required_argument, NULL, FLAME_O_SUBTITLE }, \
	{ "title", required_argument, NULL, FLAME_O_TITLE }

/* flamegraph.pl's others, which sp-flame alone takes. */
#define FLAME_PL_LONGOPTS \
	{ "bgcolors", required_argument, NULL, FLAME_O_BGCOLORS }, \
	{ "colors", required_argument, NULL, FLAME_O_COLORS }, \
	{ "countname", required_argument, NULL, FLAME_O_COUNTNAME }, \
	{ "cp", no_argument, NULL, FLAME_O_CP }, \
	{ "encoding", required_argument, NULL, FLAME_O_ENCODING }, \
	{ "factor", required_argument, NULL, FLAME_O_FACTOR }, \
	{ "fontsize", required_argument, NULL, FLAME_O_FONTSIZE }, \
	{ "fonttype", required_argument, NULL, FLAME_O_FONTTYPE }, \
	{ "fontwidth", required_argument, NULL, FLAME_O_FONTWIDTH }, \
	{ "hash", no_argument, NULL, FLAME_O_HASH }, \
	{ "height", required_argument, NULL, FLAME_O_HEIGHT }, \
	{ "minwidth", required_argument, NULL, FLAME_O_MINWIDTH }, \
	{ "nameattr", required_argument, NULL, FLAME_O_NAMEATTR }, \
	{ "nametype", required_argument, NULL, FLAME_O_NAMETYPE }, \
	{ "negate", no_argument, NULL, FLAME_O_NEGATE }, \
	{ "random", no_argument, NULL, FLAME_O_RANDOM }, \
	{ "total", required_argument, NULL, FLAME_O_TOTAL }, \
	{ "width", required_argument, NULL, FLAME_O_WIDTH }

/* What the drawing options say. */
struct flame_draw {
	struct flame_svg_opts svg;	/* title, fonts, width, inverted, ... */
	struct flame_geom geom;		/* --minwidth, --total */
	const char *colors;		/* --colors, --palette: "hot" */
	const char *bgcolors;		/* NULL: the palette's */
	const char *nameattr;		/* NULL: none */
	int	 hash, random, cp, reverse;
	int	 countname_given;	/* else a wall-time stream's is "ns" */
};

/* The defaults: flamegraph.pl's. */
void	 flame_draw_init(struct flame_draw *);

/*
 * Read option ch (a FLAME_O_ code) with its argument arg into d; given is
 * the long option's name as it was written ("image-width"; NULL for a
 * short option), for the messages.
 * Returns 1, or 0 when ch is not a drawing option; a bad value exits 1
 * with a message.
 */
int	 flame_draw_opt(struct flame_draw *d, int ch, const char *arg,
	    const char *given);

/*
 * The spelling of option ch in FLAME_DRAW_LONGOPTS ("--palette"), by
 * which sp-flamegraph passes it on to sp-flame: a new string, or NULL
 * when ch is not one of them.
 */
const char *flame_draw_name(int ch);

/*
 * Once all options are read: the palette (--colors, --hash, --random)
 * into pal and the background's two colours (--bgcolors) into bg1 and
 * bg2.  An unknown palette or background exits 1 with a message.
 */
void	 flame_draw_palette(const struct flame_draw *d,
	    struct flame_palette *pal, char bg1[FLAME_COLOR_MAX],
	    char bg2[FLAME_COLOR_MAX]);

#endif
