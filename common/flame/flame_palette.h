/*
 * flame_palette.h: the colours of a flame graph's frames, by flamegraph.pl's
 * palette names (--colors), and the red/blue of differential graphs.
 */
#ifndef SP_FLAME_PALETTE_H
#define SP_FLAME_PALETTE_H

#include <stddef.h>

#include "base/strtab.h"

#define FLAME_COLOR_MAX	24	/* "rgb(255,255,255)" and its NUL */

struct flame_palette {
	int	 scheme;	/* index in the table of flame_palette.c */
	int	 hash;		/* --hash: similar names, similar colours */
	int	 random;	/* --random */
	struct strtab *map;	/* --cp: name -> colour, from palette.map */
	char	**colors;	/* by id in map */
	size_t	 ncolors, cap;
};

/* Set up the palette named name; returns 0, or -1 when it is unknown. */
int	 flame_palette_init(struct flame_palette *, const char *name);
/* The names of the palettes, for messages. */
extern const char flame_palette_names[];
/*
 * The two stops of the background gradient for --bgcolors bg (NULL or ""
 * for the palette's default).  Returns 0, or -1 when bg is unknown.
 */
int	 flame_background(const struct flame_palette *, const char *bg,
	    char c1[FLAME_COLOR_MAX], char c2[FLAME_COLOR_MAX]);
/* The fill of a frame named name[0..len) (annotations still on). */
void	 flame_color(struct flame_palette *, const char *name, size_t len,
	    char out[FLAME_COLOR_MAX]);
/*
 * The fill of a frame of a hot/cold graph (off-CPU time beside on-CPU
 * time): cold (blues, by name) when cold, else the palette's own.
 */
void	 flame_hotcold_color(struct flame_palette *, const char *name,
	    size_t len, int cold, char out[FLAME_COLOR_MAX]);
/* The fill of a differential frame: red grew, blue shrank, white same. */
void	 flame_diff_color(double delta, double maxdelta, int negate,
	    char out[FLAME_COLOR_MAX]);
/*
 * --cp: read the palette map path (name->rgb(r,g,b) lines) when it
 * exists; write it back, sorted, with the colours used.  Return 0, or -1
 * after a message.
 */
int	 flame_palette_load(struct flame_palette *, const char *path);
int	 flame_palette_save(const struct flame_palette *, const char *path);
void	 flame_palette_free(struct flame_palette *);

#endif
