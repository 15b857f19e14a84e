/*
 * flamegraph_filter.c: sp-flamegraph's line filters (see flamegraph_filter.h).
 *
 * The binaries of a recording are few and their frames come in runs, so
 * the cache is a small open-addressing table of dso paths, looked up once
 * a frame line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flame/flamegraph_filter.h"
#include "sym/sym_debugfile.h"
#include "sym/sym_image.h"
#include "base/util.h"

struct ff_dso {
	char	*path;		/* NULL: an empty slot */
	size_t	 len;
	int	 ours;		/* ff_symbolize_dso */
};

struct ff_dsos {
	struct ff_dso *t;
	size_t	 cap, n;	/* cap a power of two */
};

struct ff_dsos *
ff_dsos_new(void)
{
	struct ff_dsos *c = xcalloc(1, sizeof(*c));

	c->cap = 64;
	c->t = xcalloc(c->cap, sizeof(*c->t));
	return c;
}

void
ff_dsos_free(struct ff_dsos *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->cap; i++)
		free(c->t[i].path);
	free(c->t);
	free(c);
}

static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static void
grow(struct ff_dsos *c)
{
	struct ff_dso *old = c->t;
	size_t ocap = c->cap;

	c->cap *= 2;
	c->t = xcalloc(c->cap, sizeof(*c->t));
	for (size_t i = 0; i < ocap; i++) {
		size_t k;

		if (old[i].path == NULL)
			continue;
		k = hash(old[i].path, old[i].len) & (c->cap - 1);
		while (c->t[k].path != NULL)
			k = (k + 1) & (c->cap - 1);
		c->t[k] = old[i];
	}
	free(old);
}

int
ff_symbolize_dso(const char *path)
{
	struct sym_image im;
	const char *why;
	char dbg[4096];

	if (sym_image_read(path, NULL, &im, &why) == -1 ||
	    im.kind != SYMK_ELF || im.base != 0)
		return 0;
	return im.has_debug_info ||
	    sym_find_debug(path, &im, NULL, dbg, sizeof(dbg)) == 0;
}

static int
lookup(struct ff_dsos *c, const char *p, size_t n)
{
	size_t k = hash(p, n) & (c->cap - 1);

	while (c->t[k].path != NULL) {
		if (c->t[k].len == n && memcmp(c->t[k].path, p, n) == 0)
			return c->t[k].ours;
		k = (k + 1) & (c->cap - 1);
	}
	if ((c->n + 1) * 2 > c->cap) {
		grow(c);
		return lookup(c, p, n);
	}
	c->t[k].path = xmemdup(p, n);
	c->t[k].len = n;
	c->t[k].ours = ff_symbolize_dso(c->t[k].path);
	c->n++;
	return c->t[k].ours;
}

static int
is_hex(int ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
	    (ch >= 'A' && ch <= 'F');
}

int
ff_perf_frame(const char *line, size_t len, size_t *addr_end, size_t *dso,
    size_t *dso_len)
{
	size_t i = 0, a;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	/* "\t    ADDR SYMBOL (DSO)": indented, a hex address, a space. */
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	a = i;
	while (i < len && is_hex((unsigned char)line[i]))
		i++;
	if (a == 0 || i == a || i == len || line[i] != ' ' ||
	    line[len - 1] != ')')
		return 0;
	/* The dso is in the last parentheses. */
	for (size_t k = len - 1; k > i; k--)
		if (line[k] == '(' && line[k - 1] == ' ') {
			*addr_end = i;
			*dso = k + 1;
			*dso_len = len - 1 - (k + 1);
			return 1;
		}
	return 0;
}

void
ff_perf_line(struct ff_dsos *c, const char *line, size_t len,
    struct buf *out)
{
	size_t ae, dso, dl;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (ff_perf_frame(line, len, &ae, &dso, &dl) && dl > 0 &&
	    line[dso] == '/' && lookup(c, line + dso, dl)) {
		buf_add(out, line, ae);
		buf_adds(out, " [unknown] (");
		buf_add(out, line + dso, dl + 1);
		buf_addc(out, '\n');
		return;
	}
	buf_add(out, line, len);
	buf_addc(out, '\n');
}

/* Does frame f[0..n) name one of the functions? */
static int
names(char *const *fns, size_t nfns, const char *f, size_t n)
{
	const char *bang = memchr(f, '!', n);
	static const char inl[] = " (inlined)";
	size_t il = sizeof(inl) - 1;

	if (n >= il && memcmp(f + n - il, inl, il) == 0)
		n -= il;
	for (size_t k = 0; k < nfns; k++) {
		size_t l = strlen(fns[k]);

		if (l == n && memcmp(f, fns[k], n) == 0)
			return 1;
		if (bang != NULL && (size_t)(f + n - bang - 1) == l &&
		    memcmp(bang + 1, fns[k], l) == 0)
			return 1;
	}
	return 0;
}

void
ff_skip_after(char *const *fns, size_t nfns, const char *line, size_t len,
    struct buf *out)
{
	size_t tabs = 0, st = 0, end, keep = (size_t)-1, fs;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (len == 0 || line[0] == '#')
		goto copy;
	/* The stack is the 8th field. */
	for (st = 0; st < len && tabs < 7; st++)
		if (line[st] == '\t')
			tabs++;
	if (tabs < 7)
		goto copy;
	end = st;
	while (end < len && line[end] != '\t')
		end++;
	/* Frames are split at ';' not escaped by a backslash. */
	fs = st;
	for (size_t i = st; i <= end; i++) {
		if (i + 1 < end && line[i] == '\\') {
			i++;
			continue;
		}
		if (i == end || line[i] == ';') {
			if (names(fns, nfns, line + fs, i - fs))
				keep = fs;
			fs = i + 1;
		}
	}
	if (keep == (size_t)-1)
		goto copy;
	buf_add(out, line, st);
	buf_add(out, line + keep, len - keep);
	buf_addc(out, '\n');
	return;
copy:
	buf_add(out, line, len);
	buf_addc(out, '\n');
}
