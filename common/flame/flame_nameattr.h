/*
 * flame_nameattr.h: sp-flame's --nameattr file, flamegraph.pl's: for a
 * function name, the attributes of the group of each of its frames.  A
 * line is
 *
 *	NAME TAB key=value TAB key=value ...
 *
 * with the keys title (the hover text), id, class, href and target (the
 * frame becomes a link), and g_extra and a_extra: more attributes of the
 * group and of the link, written name="value" (or name='value'),
 * separated by spaces.  Other keys are left alone, as flamegraph.pl does.
 * Values are text: flame_svg.c cleans and escapes them as it does names.
 */
#ifndef SP_FLAME_NAMEATTR_H
#define SP_FLAME_NAMEATTR_H

#include <stddef.h>

#include "base/strtab.h"

/* One attribute of g_extra or a_extra. */
struct flame_xattr {
	char	*name, *value;
};

/* The attributes of the frames of a name; NULL (0) for what is not set. */
struct flame_nameattr {
	char	*title, *id, *class, *href, *target;
	struct flame_xattr *g_extra, *a_extra;
	size_t	 ng_extra, na_extra;
};

/*
 * Read a --nameattr file: the names into *names, the attributes of name
 * id i in (*attrs)[i].  An extra attribute whose name is not an XML name,
 * is one sp-flame writes itself (id, class, xlink:href, target: they have
 * keys of their own) or is given twice would make the SVG not well-formed:
 * the line is refused.  0, or -1 after a message naming the file (and the
 * line).
 */
int	 flame_nameattr_load(const char *path, struct strtab **names,
	    struct flame_nameattr **attrs);
/* Free what flame_nameattr_load read. */
void	 flame_nameattr_free(struct strtab *names, struct flame_nameattr *attrs);

#endif
