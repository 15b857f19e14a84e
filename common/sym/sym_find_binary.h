/*
 * sym_find_binary.h: which files may hold a profile's library, and whether a
 * file is the build the profile saw.
 *
 * A library is known by the fields of its #lib header (sp(5)); the files
 * tried for it, best first, are: the --map entries for its name, the
 * --binary file when the library is the one named, and in mixed mode its
 * path and debugPath (when absolute), then in each search directory its
 * build-id debug file (.build-id/xx/yyyy.debug), a file named as the
 * library, as its debugName or as the last component of its path, and
 * dSYM bundles of those names.
 */
#ifndef SP_SYM_FIND_BINARY_H
#define SP_SYM_FIND_BINARY_H

#include <stddef.h>

#include "sym/sym_image.h"

struct sym_libref {
	const char *name;	/* unescaped; the others "" when unknown */
	const char *path, *debug_name, *debug_path, *code_id, *breakpad_id;
};

struct sym_where {
	char	**map;		/* "NAME=PATH" */
	size_t	 nmap;
	char	**dirs;
	size_t	 ndirs;
	const char *binary;	/* --binary, or NULL */
	const char *target;	/* the library it stands for */
	int	 mixed;
};

struct sym_cands {
	char	**v;
	size_t	 n, cap;
};

/* Fill c (empty, or to be freed with sym_cands_free) with the candidates. */
void	 sym_candidates(const struct sym_where *, const struct sym_libref *,
	    struct sym_cands *c);
void	 sym_cands_free(struct sym_cands *);

/*
 * Does the image belong to the library?  Compared with code_id, else with
 * breakpad_id; 1 when they match or there is nothing to compare, else 0.
 */
int	 sym_identity_ok(const struct sym_image *, const char *code_id,
	    const char *breakpad_id);

/* Is p an existing regular file? */
int	 sym_is_file(const char *p);

#endif
