/*
 * profile.c: what the whole-file readers share (profile_impl.h): their
 * context, threads and tables, the helpers they call while they prepare
 * them, and the freeing of it all (profile_emit.c writes the prepared
 * threads).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/profile_impl.h"
#include "base/util.h"

void
pfail(struct pctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof(c->msg), fmt, ap);
	va_end(ap);
	longjmp(c->fail, 1);
}

struct pthread *
pnew_thread(struct pctx *c)
{
	struct pthread *t;

	xgrow(&c->th, &c->thcap, c->nth + 1, sizeof(*c->th));
	t = &c->th[c->nth++];
	memset(t, 0, sizeof(*t));
	t->stack = t->time = t->deltas = t->weight = t->cpu = -1;
	t->rows = t->cstack = t->ctime = t->ccpu = -1;
	return t;
}

struct ptables *
pnew_tables(struct pctx *c)
{
	struct ptables *tab = xcalloc(1, sizeof(*tab));

	xgrow(&c->tabs, &c->tabscap, c->ntabs + 1, sizeof(*c->tabs));
	c->tabs[c->ntabs++] = tab;
	return tab;
}

static char *
dup_or_null(const char *s)
{
	return s == NULL ? NULL : xstrdup(s);
}

void
padd_lib(struct pctx *c, const struct lib_info *l)
{
	struct lib_info *d;

	xgrow(&c->libs, &c->libscap, c->nlibs + 1, sizeof(*c->libs));
	d = &c->libs[c->nlibs++];
	d->name = dup_or_null(l->name);
	d->path = dup_or_null(l->path);
	d->debug_name = dup_or_null(l->debug_name);
	d->debug_path = dup_or_null(l->debug_path);
	d->code_id = dup_or_null(l->code_id);
	d->breakpad_id = dup_or_null(l->breakpad_id);
	d->arch = dup_or_null(l->arch);
	d->fileoff = l->fileoff;
}

char *
pstrdup(struct pctx *c, const struct json *j, int tok)
{
	if (tok < 0 || json_is_null(j, tok))
		return NULL;
	if (json_is_string(j, tok)) {
		if (json_str(j, tok, &c->tmp) == -1)
			pfail(c, "bad string escape at byte %d", j->t[tok].start);
		return xmemdup(c->tmp.s, c->tmp.len);
	}
	if (j->t[tok].type == JSMN_PRIMITIVE)
		return xmemdup(j->s + j->t[tok].start,
		    (size_t)(j->t[tok].end - j->t[tok].start));
	return NULL;
}

char *
pread_lib(struct pctx *c, const struct json *j, int x, int gecko)
{
	struct lib_info l = {0};
	char *f[7], *name;

	f[0] = pstrdup(c, j, json_get(j, x, "name"));
	if (gecko && (f[0] == NULL || f[0][0] == '\0')) {
		/* Gecko: a library without a name goes by its debug name. */
		free(f[0]);
		f[0] = pstrdup(c, j, json_get(j, x, "debugName"));
		if (f[0] == NULL)
			f[0] = pstrdup(c, j, json_get(j, x, "pdbName"));
	}
	f[1] = pstrdup(c, j, json_get(j, x, "path"));
	f[2] = pstrdup(c, j, json_get(j, x, "debugName"));
	if (f[2] == NULL)
		f[2] = pstrdup(c, j, json_get(j, x, "pdbName"));
	f[3] = pstrdup(c, j, json_get(j, x, "debugPath"));
	f[4] = pstrdup(c, j, json_get(j, x, "codeId"));
	f[5] = pstrdup(c, j, json_get(j, x, "breakpadId"));
	f[6] = pstrdup(c, j, json_get(j, x, "arch"));
	/* Old profiles put the path in the name. */
	if (f[1] == NULL && f[0] != NULL && strchr(f[0], '/') != NULL)
		f[1] = xstrdup(f[0]);
	name = xstrdup(f[0] != NULL ? pbasename(f[0]) : "");
	l.name = name;
	l.path = f[1];
	l.debug_name = f[2];
	l.debug_path = f[3];
	l.code_id = f[4];
	l.breakpad_id = f[5];
	l.arch = f[6];
	padd_lib(c, &l);
	for (int k = 0; k < 7; k++)
		free(f[k]);
	return name;
}

const char *
pbasename(const char *p)
{
	const char *s = strrchr(p, '/'), *b = strrchr(p, '\\');

	if (b != NULL && (s == NULL || b > s))
		s = b;
	return s == NULL ? p : s + 1;
}

/* The arrays of tab (tab itself stays, empty, until free_ctx). */
void
pfree_tables(struct ptables *tab)
{
	free(tab->prefix);
	free(tab->frame);
	free(tab->loff);
	free(tab->llen);
	buf_free(&tab->labels);
	free(tab->soff);
	free(tab->slen);
	buf_free(&tab->stacks);
	free(tab->lid);
	free(tab->sid);
	free(tab->pkeys);
	free(tab->pvals);
	memset(tab, 0, sizeof(*tab));
}

void
pfree_ctx(struct pctx *c)
{
	for (size_t i = 0; i < c->nth; i++) {
		free(c->th[i].process);
		free(c->th[i].pid);
		free(c->th[i].name);
		free(c->th[i].tid);
		free(c->th[i].astack);
		free(c->th[i].atime);
		free(c->th[i].aweight);
		free(c->th[i].acpu);
	}
	free(c->th);
	for (size_t i = 0; i < c->ntabs; i++) {
		pfree_tables(c->tabs[i]);
		free(c->tabs[i]);
	}
	free(c->tabs);
	for (size_t i = 0; i < c->ndocs; i++) {
		json_free(c->docs[i]);
		free(c->docs[i]);
		free(c->docbufs[i]);
	}
	free(c->docs);
	free(c->docbufs);
	for (size_t i = 0; i < c->nlibs; i++) {
		struct lib_info *l = &c->libs[i];

		free((char *)l->name);
		free((char *)l->path);
		free((char *)l->debug_name);
		free((char *)l->debug_path);
		free((char *)l->code_id);
		free((char *)l->breakpad_id);
		free((char *)l->arch);
	}
	free(c->libs);
	buf_free(&c->tmp);
	buf_free(&c->res);
}
