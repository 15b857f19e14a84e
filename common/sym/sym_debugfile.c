/* sym_debugfile.c: separate ELF debug files (sym_debugfile.h). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sym/sym_debugfile.h"

static int
is_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int
sym_find_debug(const char *bin, const struct sym_image *im,
    const char *debugdir, char *out, size_t sz)
{
	char dir[4096];
	const char *slash;
	int n;

	if (im->kind != SYMK_ELF || im->has_debug_info)
		return -1;
	if (debugdir == NULL)
		debugdir = "/usr/lib/debug";
	if (strlen(im->id) > 2) {
		n = snprintf(out, sz, "%s/.build-id/%.2s/%s.debug", debugdir,
		    im->id, im->id + 2);
		if (n > 0 && (size_t)n < sz && is_file(out))
			return 0;
	}
	if (im->debuglink[0] == '\0')
		return -1;
	slash = strrchr(bin, '/');
	if (slash == NULL)
		strlcpy(dir, ".", sizeof(dir));
	else if ((size_t)(slash - bin) < sizeof(dir)) {
		memcpy(dir, bin, (size_t)(slash - bin));
		dir[slash - bin] = '\0';
	} else
		return -1;
	/* Not the binary itself, when the link names it. */
	n = snprintf(out, sz, "%s/%s", dir, im->debuglink);
	if (n > 0 && (size_t)n < sz && strcmp(out, bin) != 0 && is_file(out))
		return 0;
	n = snprintf(out, sz, "%s/.debug/%s", dir, im->debuglink);
	if (n > 0 && (size_t)n < sz && is_file(out))
		return 0;
	n = snprintf(out, sz, "%s%s%s/%s", debugdir, dir[0] == '/' ? "" : "/",
	    dir, im->debuglink);
	if (n > 0 && (size_t)n < sz && is_file(out))
		return 0;
	return -1;
}
