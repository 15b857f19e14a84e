/*
 * sym_syms.c: reading samply's .syms.json sidecar (sym_syms.h).  The file
 * is tokenized once; each data[] entry keeps the token indices of its
 * symbol table and a sorted copy of its known addresses, so that a lookup
 * is a binary search.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "base/input.h"
#include "json/json.h"
#include "sym/sym_image.h"
#include "sym/sym_syms.h"
#include "base/util.h"

struct known {
	uint64_t rva;
	uint32_t sym;
};

struct entry {
	char	*debug_name, *debug_id, *code_id;
	int	*syms;		/* token index of each symbol_table element */
	size_t	 nsyms;
	struct known *known;
	size_t	 nknown;
};

struct sym_syms {
	char	*data;
	size_t	 len;
	struct json j;
	int	*strs;		/* token index of each string_table element */
	size_t	 nstrs;
	struct entry *e;
	size_t	 ne;
};

static char *
str_of(const struct json *j, int obj, const char *key)
{
	struct buf b = { 0 };
	int t = json_get(j, obj, key);

	if (t < 0 || json_str(j, t, &b) == -1) {
		buf_free(&b);
		return xstrdup("");
	}
	if (b.s == NULL)
		return xstrdup("");
	return b.s;
}

static int
known_cmp(const void *a, const void *b)
{
	const struct known *x = a, *y = b;

	return x->rva < y->rva ? -1 : x->rva > y->rva;
}

/* Token indices of the elements of array arr (NULL-safe counts). */
static int *
elements(const struct json *j, int arr, size_t *n)
{
	int len = json_len(j, arr), k = arr + 1, *v;

	*n = 0;
	if (len <= 0)
		return NULL;
	v = xreallocarray(NULL, (size_t)len, sizeof(*v));
	for (int i = 0; i < len; i++) {
		v[i] = k;
		k = json_next(j, k);
	}
	*n = (size_t)len;
	return v;
}

static int
load_entry(struct sym_syms *s, int obj, struct entry *e)
{
	const struct json *j = &s->j;
	int st = json_get(j, obj, "symbol_table");
	int ka = json_get(j, obj, "known_addresses");
	int *kv;
	size_t nk;

	e->debug_name = str_of(j, obj, "debug_name");
	e->debug_id = str_of(j, obj, "debug_id");
	e->code_id = str_of(j, obj, "code_id");
	if (st < 0 || !json_is_array(j, st) || ka < 0 || !json_is_array(j, ka))
		return -1;
	e->syms = elements(j, st, &e->nsyms);
	kv = elements(j, ka, &nk);
	e->known = xreallocarray(NULL, nk, sizeof(*e->known));
	for (size_t i = 0; i < nk; i++) {
		int64_t rva, idx;

		if (!json_is_array(j, kv[i]) || json_len(j, kv[i]) != 2 ||
		    json_int(j, kv[i] + 1, &rva) == -1 ||
		    json_int(j, kv[i] + 2, &idx) == -1 || rva < 0 ||
		    idx < 0 || (uint64_t)idx >= e->nsyms) {
			free(kv);
			return -1;
		}
		e->known[e->nknown].rva = (uint64_t)rva;
		e->known[e->nknown++].sym = (uint32_t)idx;
	}
	free(kv);
	if (e->nknown > 1)
		qsort(e->known, e->nknown, sizeof(*e->known), known_cmp);
	return 0;
}

struct sym_syms *
sym_syms_load(const char *path)
{
	struct sym_syms *s = xcalloc(1, sizeof(*s));
	const char *why;
	int st, data;
	int *dv;
	size_t nd;

	if (input_slurp(path, JSON_MAX_BYTES, &s->data, &s->len) == -1) {
		free(s);
		return NULL;
	}
	if (json_parse(&s->j, s->data, s->len, &why) == -1) {
		warnx("%s: %s", path, why);
		free(s->data);
		free(s);
		return NULL;
	}
	st = json_get(&s->j, 0, "string_table");
	data = json_get(&s->j, 0, "data");
	if (st < 0 || !json_is_array(&s->j, st) || data < 0 ||
	    !json_is_array(&s->j, data)) {
		warnx("%s: not a .syms.json file (no string_table or data)",
		    path);
		sym_syms_free(s);
		return NULL;
	}
	s->strs = elements(&s->j, st, &s->nstrs);
	dv = elements(&s->j, data, &nd);
	s->e = xcalloc(nd, sizeof(*s->e));
	for (size_t i = 0; i < nd; i++) {
		if (!json_is_object(&s->j, dv[i]) ||
		    load_entry(s, dv[i], &s->e[s->ne++]) == -1) {
			warnx("%s: data[%zu]: malformed entry", path, i);
			free(dv);
			sym_syms_free(s);
			return NULL;
		}
	}
	free(dv);
	return s;
}

void
sym_syms_free(struct sym_syms *s)
{
	if (s == NULL)
		return;
	for (size_t i = 0; i < s->ne; i++) {
		free(s->e[i].debug_name);
		free(s->e[i].debug_id);
		free(s->e[i].code_id);
		free(s->e[i].syms);
		free(s->e[i].known);
	}
	free(s->e);
	free(s->strs);
	json_free(&s->j);
	free(s->data);
	free(s);
}

/* breakpadId (UUID, no dashes, uppercase, age in hex) against a debug_id. */
static int
debug_id_match(const char *debug_id, const char *breakpad)
{
	char a[80], b[80];
	size_t n = 0;

	for (const char *p = debug_id; *p != '\0' && n + 1 < sizeof(a); p++)
		if (*p != '-')
			a[n++] = *p;
	a[n] = '\0';
	strlcpy(b, breakpad, sizeof(b));
	/* Age 0 is written by breakpad ("...0") but not by DebugId. */
	if (n == 32 && strlen(b) == 33 && b[32] == '0')
		b[32] = '\0';
	return sym_id_match(a, b);
}

int
sym_syms_find(const struct sym_syms *s, const char *debug_name,
    const char *code_id, const char *breakpad_id)
{
	int by_name = -1;

	for (size_t i = 0; i < s->ne; i++) {
		const struct entry *e = &s->e[i];

		if (code_id[0] != '\0' && e->code_id[0] != '\0') {
			if (sym_id_match(code_id, e->code_id))
				return (int)i;
			continue;
		}
		if (strcmp(debug_name, e->debug_name) != 0)
			continue;
		if (breakpad_id[0] != '\0' && e->debug_id[0] != '\0') {
			if (debug_id_match(e->debug_id, breakpad_id))
				return (int)i;
			continue;
		}
		if (by_name < 0)
			by_name = (int)i;
	}
	return by_name;
}

const char *
sym_syms_name(const struct sym_syms *s, int e)
{
	return s->e[e].debug_name;
}

/* String number idx of the string table into b; 0, or -1. */
static int
string_at(const struct sym_syms *s, int tok, struct buf *b)
{
	int64_t idx;

	buf_reset(b);
	if (tok < 0 || json_is_null(&s->j, tok) ||
	    json_int(&s->j, tok, &idx) == -1 || idx < 0 ||
	    (uint64_t)idx >= s->nstrs)
		return -1;
	return json_str(&s->j, s->strs[idx], b);
}

void
sym_syms_resolve(const struct sym_syms *s, int ei, const uint64_t *rel,
    size_t n, struct sym_results *r)
{
	const struct entry *e = &s->e[ei];
	struct buf name = { 0 }, file = { 0 };

	symr_init(r, n);
	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = e->nknown, start = r->nfr;
		int sym, frames;

		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (e->known[mid].rva < rel[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == e->nknown || e->known[lo].rva != rel[i]) {
			symr_commit(r, i, start);
			continue;
		}
		sym = e->syms[e->known[lo].sym];
		frames = json_get(&s->j, sym, "frames");
		if (frames >= 0 && json_is_array(&s->j, frames) &&
		    json_len(&s->j, frames) > 0) {
			int k = frames + 1, len = json_len(&s->j, frames);

			for (int f = 0; f < len; f++, k = json_next(&s->j, k)) {
				int64_t line = 0;
				int lt = json_get(&s->j, k, "line");

				if (string_at(s, json_get(&s->j, k, "function"),
				    &name) == -1 || name.len == 0)
					continue;
				if (string_at(s, json_get(&s->j, k, "file"),
				    &file) == -1)
					buf_reset(&file);
				if (lt < 0 || json_int(&s->j, lt, &line) == -1 ||
				    line < 0 || line > UINT32_MAX)
					line = 0;
				symr_push(r, name.s, name.len,
				    file.s ? file.s : "", file.len,
				    (uint32_t)line);
			}
		}
		if (r->nfr == start &&
		    string_at(s, json_get(&s->j, sym, "symbol"), &name) == 0 &&
		    name.len > 0)
			symr_push(r, name.s, name.len, "", 0, 0);
		symr_commit(r, i, start);
	}
	buf_free(&name);
	buf_free(&file);
}
