/* sym_find_binary.c: candidate files and identity checks (sym_find_binary.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "sym/sym_find_binary.h"
#include "base/util.h"

int
sym_is_file(const char *p)
{
	struct stat st;

	return p[0] != '\0' && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The breakpad id of an image id (ELF: GUID byte order; Mach-O: UUID). */
static void
breakpad_of(const struct sym_image *im, char *out, size_t sz)
{
	static const int elf_order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10,
	    11, 12, 13, 14, 15 };
	const char *id = im->id;

	out[0] = '\0';
	if (strlen(id) < 32 || sz < 34)
		return;
	for (int i = 0; i < 16; i++) {
		int b = im->kind == SYMK_ELF ? elf_order[i] : i;

		out[2 * i] = id[2 * b];
		out[2 * i + 1] = id[2 * b + 1];
	}
	out[32] = '0';
	out[33] = '\0';
}

int
sym_identity_ok(const struct sym_image *im, const char *code_id,
    const char *breakpad_id)
{
	char bp[40];

	if (im->id[0] == '\0')
		return 1;
	if (code_id[0] != '\0')
		return sym_id_match(im->id, code_id);
	if (breakpad_id[0] != '\0') {
		breakpad_of(im, bp, sizeof(bp));
		return bp[0] == '\0' || sym_id_match(bp, breakpad_id);
	}
	return 1;
}

static void
add(struct sym_cands *c, const char *p)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->v[i], p) == 0)
			return;
	xgrow(&c->v, &c->cap, c->n + 1, sizeof(*c->v));
	c->v[c->n++] = xstrdup(p);
}

/* DIR/NAME and a dSYM bundle of that name; NAME must be a plain name. */
static void
join(struct sym_cands *c, const char *dir, const char *name)
{
	struct buf b = { 0 };

	if (name[0] == '\0' || strchr(name, '/') != NULL ||
	    strcmp(name, "..") == 0 || strcmp(name, ".") == 0)
		return;
	buf_printf(&b, "%s/%s", dir, name);
	add(c, b.s);
	buf_reset(&b);
	buf_printf(&b, "%s/%s.dSYM/Contents/Resources/DWARF/%s", dir, name,
	    name);
	add(c, b.s);
	buf_free(&b);
}

/* DIR/.build-id/xx/yyyy.debug, for an ELF build id as codeId. */
static void
build_id(struct sym_cands *c, const char *dir, const char *id)
{
	struct buf b = { 0 };
	size_t n = strlen(id), d = strlen(dir);

	if (n < 4 || n > 128 || strspn(id, "0123456789abcdefABCDEF") != n)
		return;
	buf_printf(&b, "%s/.build-id/%.2s/%s.debug", dir, id, id + 2);
	for (size_t i = d; i < b.len; i++)
		if (b.s[i] >= 'A' && b.s[i] <= 'F')
			b.s[i] = (char)(b.s[i] - 'A' + 'a');
	add(c, b.s);
	buf_free(&b);
}

static const char *
last_part(const char *p)
{
	const char *s = strrchr(p, '/');

	return s != NULL ? s + 1 : p;
}

void
sym_candidates(const struct sym_where *w, const struct sym_libref *l,
    struct sym_cands *c)
{
	size_t nl = strlen(l->name);

	for (size_t i = 0; i < w->nmap; i++) {
		const char *eq = strchr(w->map[i], '=');

		if (eq != NULL && (size_t)(eq - w->map[i]) == nl &&
		    memcmp(w->map[i], l->name, nl) == 0)
			add(c, eq + 1);
	}
	if (w->binary != NULL && w->target != NULL &&
	    strcmp(l->name, w->target) == 0)
		add(c, w->binary);
	if (!w->mixed)
		return;
	if (l->path[0] == '/')
		add(c, l->path);
	if (l->debug_path[0] == '/')
		add(c, l->debug_path);
	for (size_t i = 0; i < w->ndirs; i++) {
		build_id(c, w->dirs[i], l->code_id);
		join(c, w->dirs[i], l->name);
		join(c, w->dirs[i], l->debug_name);
		join(c, w->dirs[i], last_part(l->path));
	}
}

void
sym_cands_free(struct sym_cands *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i]);
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}
