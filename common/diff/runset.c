/*
 * runset.c: the files of a side of sp-diff (diff.h).  A directory is a set
 * of runs whose every entry is one run, so that runs can be listed,
 * copied, removed or split in halves with ls and cp: anything else in it
 * (a subdirectory, a fifo, a file that cannot be read) is an error, found
 * here, before anything is written.  Files are taken in the order of
 * their names (run-001 before run-002).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "diff/diff.h"

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
push(struct runset *rs, char *path)
{
	rs->paths = xreallocarray(rs->paths, rs->n + 1, sizeof(*rs->paths));
	rs->paths[rs->n++] = path;
}

int
runset_is_dir(const char *operand)
{
	struct stat st;

	return strcmp(operand, "-") != 0 && stat(operand, &st) == 0 &&
	    S_ISDIR(st.st_mode);
}

void
runset_add(struct runset *rs, const char *operand)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	size_t first = rs->n;

	if (rs->name == NULL)
		rs->name = operand;
	if (!runset_is_dir(operand)) {
		/* A file: its errors are the reader's, as for one run. */
		push(rs, xstrdup(operand));
		return;
	}
	rs->is_dir = 1;
	if ((d = opendir(operand)) == NULL)
		err(1, "%s", operand);
	while ((errno = 0, de = readdir(d)) != NULL) {
		char *path;
		size_t len;

		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		len = strlen(operand) + strlen(de->d_name) + 2;
		path = xreallocarray(NULL, len, 1);
		snprintf(path, len, "%s/%s", operand, de->d_name);
		if (stat(path, &st) == -1)
			err(1, "%s", path);
		if (!S_ISREG(st.st_mode))
			errx(1, "%s: not a file; a directory of runs holds "
			    "one profile per file and nothing else", path);
		if (access(path, R_OK) == -1)
			err(1, "%s", path);
		push(rs, path);
	}
	if (errno != 0)
		err(1, "%s", operand);
	closedir(d);
	if (rs->n == first)
		errx(1, "%s: an empty directory; a set of runs holds one "
		    "profile per file", operand);
	qsort(rs->paths + first, rs->n - first, sizeof(*rs->paths),
	    name_cmp);
}

void
runset_free(struct runset *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		free(rs->paths[i]);
	free(rs->paths);
	rs->paths = NULL;
	rs->n = 0;
}
