/*
 * flame_nameattr.c: reading sp-flame's --nameattr file (see
 * flame_nameattr.h).  flamegraph.pl pastes g_extra and a_extra into the
 * SVG as they are; here they are read into name and value, so that the
 * writer can clean and escape each value like every other (flame_svg.c)
 * and the SVG stays well-formed XML whatever the file holds.
 */
#include <ctype.h>
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "flame/flame_nameattr.h"
#include "base/util.h"

/*
 * An attribute name sp-flame may write: an XML name of ASCII letters,
 * digits, '_', '-' and '.', not beginning with "xml" (reserved), and
 * prefixed by nothing but xlink: (the one namespace the SVG declares
 * besides its own).
 */
static int
good_name(const char *s, size_t n)
{
	if (n > 6 && memcmp(s, "xlink:", 6) == 0)
		s += 6, n -= 6;
	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return 0;
	if (n >= 3 && strncasecmp(s, "xml", 3) == 0)
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && strchr("_-.", s[i]) == NULL)
			return 0;
	return 1;
}

static void
free_extra(struct flame_xattr **x, size_t *n)
{
	for (size_t i = 0; i < *n; i++) {
		free((*x)[i].name);
		free((*x)[i].value);
	}
	free(*x);
	*x = NULL;
	*n = 0;
}

/*
 * g_extra's or a_extra's text s, name="value" separated by spaces, into
 * *x and *n.  NULL, or what is wrong.
 */
static const char *
parse_extra(const char *s, struct flame_xattr **x, size_t *n)
{
	size_t cap = 0;

	free_extra(x, n);
	for (;;) {
		const char *name, *v, *end;
		size_t nlen;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			return NULL;
		name = s;
		while (*s != '\0' && *s != '=' && *s != ' ')
			s++;
		nlen = (size_t)(s - name);
		if (*s != '=' || (s[1] != '"' && s[1] != '\''))
			return "not name=\"value\" attributes";
		if (!good_name(name, nlen))
			return "an attribute name that is not an XML name "
			    "(letters, digits, _ - ., xlink: alone as a "
			    "prefix)";
		v = s + 2;
		if ((end = strchr(v, s[1])) == NULL)
			return "a value without its closing quote";
		if (end[1] != '\0' && end[1] != ' ')
			return "no space after an attribute's value";
		xgrow(x, &cap, *n + 1, sizeof(**x));
		(*x)[*n].name = xmemdup(name, nlen);
		(*x)[*n].value = xmemdup(v, (size_t)(end - v));
		++*n;
		s = end + 1;
	}
}

/*
 * The names of a's extra attributes are its own: not one the writer
 * writes from a key, not twice in the group and link together (g_extra
 * goes on the link too, as flamegraph.pl has it).  NULL, or the name,
 * *own_name saying which rule it breaks.
 */
static const char *
clashing(const struct flame_nameattr *a, int *own_name)
{
	static const char *const own[] = { "id", "class", "xlink:href",
	    "target" };
	size_t n = a->ng_extra + a->na_extra;

	for (size_t i = 0; i < n; i++) {
		const char *name = i < a->ng_extra ? a->g_extra[i].name :
		    a->a_extra[i - a->ng_extra].name;

		*own_name = 1;
		for (size_t k = 0; k < SP_NELEM(own); k++)
			if (strcmp(name, own[k]) == 0)
				return name;
		*own_name = 0;
		for (size_t j = 0; j < i; j++)
			if (strcmp(name, j < a->ng_extra ? a->g_extra[j].name :
			    a->a_extra[j - a->ng_extra].name) == 0)
				return name;
	}
	return NULL;
}

/* One key=value of a line into a.  NULL, or what is wrong. */
static const char *
set_key(struct flame_nameattr *a, char *p)
{
	char *eq = strchr(p, '='), **slot = NULL;

	if (eq == NULL)
		return NULL;
	*eq++ = '\0';
	if (strcmp(p, "g_extra") == 0)
		return parse_extra(eq, &a->g_extra, &a->ng_extra);
	if (strcmp(p, "a_extra") == 0)
		return parse_extra(eq, &a->a_extra, &a->na_extra);
	if (strcmp(p, "title") == 0)
		slot = &a->title;
	else if (strcmp(p, "id") == 0)
		slot = &a->id;
	else if (strcmp(p, "class") == 0)
		slot = &a->class;
	else if (strcmp(p, "href") == 0)
		slot = &a->href;
	else if (strcmp(p, "target") == 0)
		slot = &a->target;
	if (slot != NULL) {
		free(*slot);
		*slot = xstrdup(eq);
	}
	return NULL;
}

int
flame_nameattr_load(const char *path, struct strtab **names,
    struct flame_nameattr **attrs)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, acap = 0;
	ssize_t n;
	uint64_t lineno = 0;
	int ret = -1;

	if (f == NULL) {
		warn("%s", path);
		return -1;
	}
	*names = st_new();
	*attrs = NULL;
	while ((n = getline(&line, &cap, f)) != -1) {
		char *tab, *p;
		const char *why = NULL, *key = NULL;
		struct flame_nameattr *a;
		uint32_t id;
		int added, own;

		lineno++;
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if ((tab = strchr(line, '\t')) == NULL) {
			warnx("%s:%" PRIu64 ": no tab after the name", path,
			    lineno);
			goto out;
		}
		id = st_intern(*names, line, (size_t)(tab - line), &added);
		xgrow(attrs, &acap, (size_t)id + 1, sizeof(**attrs));
		a = &(*attrs)[id];
		if (added)
			memset(a, 0, sizeof(*a));
		for (p = tab + 1; p != NULL && *p != '\0' && why == NULL;) {
			char *next = strchr(p, '\t');

			if (next != NULL)
				*next++ = '\0';
			key = p;
			why = set_key(a, p);
			p = next;
		}
		if (why != NULL) {
			warnx("%s:%" PRIu64 ": %s: %s", path, lineno, key, why);
			goto out;
		}
		if ((key = clashing(a, &own)) != NULL) {
			if (own)
				warnx("%s:%" PRIu64 ": the attribute %s is "
				    "written from its own key (id, class, href, "
				    "target), not g_extra or a_extra", path,
				    lineno, key);
			else
				warnx("%s:%" PRIu64 ": the attribute %s is "
				    "given twice", path, lineno, key);
			goto out;
		}
	}
	if (ferror(f))
		warn("%s", path);
	else
		ret = 0;
out:
	free(line);
	fclose(f);
	return ret;
}

void
flame_nameattr_free(struct strtab *names, struct flame_nameattr *attrs)
{
	size_t n = st_count(names);

	for (size_t i = 0; attrs != NULL && i < n; i++) {
		struct flame_nameattr *a = &attrs[i];

		free(a->title);
		free(a->id);
		free(a->class);
		free(a->href);
		free(a->target);
		free_extra(&a->g_extra, &a->ng_extra);
		free_extra(&a->a_extra, &a->na_extra);
	}
	free(attrs);
	st_free(names);
}
