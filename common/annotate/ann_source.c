/*
 * ann_source.c: the source files the debug information names, read once
 * each and split into lines, for sp-annotate's source view.
 *
 * A file is looked for at the path the debug information gives; with
 * --source-root DIR (a build from another tree, as perf annotate's
 * --prefix and pprof's -source_path), under DIR too: DIR/PATH, then DIR
 * with PATH's leading directories dropped one at a time (so that
 * /build/x/src/p.c is found as DIR/src/p.c or DIR/p.c).  A file not found
 * is remembered as such: the listing says so and shows the instructions.
 * It uses base/ only.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "annotate/ann_impl.h"
#include "base/input.h"
#include "base/util.h"

static struct ann_src **cache;
static char **cache_key;
static size_t ncache, capcache;

static int
is_file(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static char *
locate(const struct ann_opts *o, const char *file)
{
	struct buf b = { 0 };
	const char *rest;

	if (is_file(file))
		return xstrdup(file);
	if (o->source_root == NULL)
		return NULL;
	for (rest = file; *rest != '\0';) {
		while (*rest == '/')
			rest++;
		if (*rest == '\0')
			break;
		buf_reset(&b);
		buf_printf(&b, "%s/%s", o->source_root, rest);
		if (is_file(b.s))
			return b.s;
		if ((rest = strchr(rest, '/')) == NULL)
			break;
	}
	buf_free(&b);
	return NULL;
}

static void
split_lines(struct ann_src *s)
{
	size_t cap = 0;
	const char *p = s->data, *end = s->data + s->len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (s->nline == cap) {
			cap = cap ? 2 * cap : 256;
			s->line = xreallocarray(s->line, cap, sizeof(*s->line));
			s->llen = xreallocarray(s->llen, cap, sizeof(*s->llen));
		}
		if (n > 0 && p[n - 1] == '\r')
			n--;
		s->line[s->nline] = p;
		s->llen[s->nline++] = n;
		p = nl ? nl + 1 : end;
	}
}

struct ann_src *
ann_src_get(const struct ann_opts *o, const char *file)
{
	struct ann_src *s;
	FILE *fp;

	for (size_t i = 0; i < ncache; i++)
		if (strcmp(cache_key[i], file) == 0)
			return cache[i];
	s = xcalloc(1, sizeof(*s));
	if ((s->path = locate(o, file)) != NULL &&
	    (fp = fopen(s->path, "rb")) != NULL) {
		struct buf b = { 0 };
		char chunk[65536];
		size_t r;

		while ((r = fread(chunk, 1, sizeof(chunk), fp)) > 0)
			buf_add(&b, chunk, r);
		if (ferror(fp)) {
			free(s->path);
			s->path = NULL;
			buf_free(&b);
		} else {
			s->data = b.s;
			s->len = b.len;
			split_lines(s);
		}
		fclose(fp);
	} else {
		free(s->path);
		s->path = NULL;
	}
	xgrow(&cache, &capcache, ncache + 1, sizeof(*cache));
	cache_key = xreallocarray(cache_key, capcache, sizeof(*cache_key));
	cache[ncache] = s;
	cache_key[ncache++] = xstrdup(file);
	return s;
}

const char *
ann_src_line(const struct ann_src *s, uint32_t n, size_t *len)
{
	if (s->path == NULL || n == 0 || n > s->nline)
		return NULL;
	*len = s->llen[n - 1];
	return s->line[n - 1];
}

void
ann_src_free_all(void)
{
	for (size_t i = 0; i < ncache; i++) {
		free(cache[i]->path);
		free(cache[i]->data);
		free(cache[i]->line);
		free(cache[i]->llen);
		free(cache[i]);
		free(cache_key[i]);
	}
	free(cache);
	free(cache_key);
	cache = NULL;
	cache_key = NULL;
	ncache = capcache = 0;
}
