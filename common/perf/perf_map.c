/*
 * perf_map.c: reading perf-PID.map (perf_map.h).  The entries are sorted
 * by start; an address is found by binary search among the entries that
 * start at or below it, the newest of those that hold it winning (a JIT
 * reuses addresses for new code: the later line is the code at the end).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "perf/perf_map.h"

struct pm_ent {
	uint64_t start, end;
	size_t	 name;		/* in names */
	size_t	 seq;		/* its line: later wins */
};

struct perf_map {
	struct pm_ent *e;
	size_t	 n;
	char	*names;
	uint64_t maxlen;	/* the longest entry: how far back to look */
};

/* A hex number at *p (before end), then one or more blanks; 0 or -1. */
static int
hexfield(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	int nd = 0, d;

	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	*v = 0;
	while (s < end && (d = hex_digit((unsigned char)*s)) >= 0) {
		if (nd++ >= 16)
			return -1;
		*v = *v << 4 | (uint64_t)d;
		s++;
	}
	if (nd == 0 || s == end || (*s != ' ' && *s != '\t'))
		return -1;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	*p = s;
	return 0;
}

static int
by_start(const void *a, const void *b)
{
	const struct pm_ent *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct perf_map *
perf_map_parse(const char *data, size_t n)
{
	struct perf_map *m = xcalloc(1, sizeof(*m));
	const char *p = data, *end = data + n;
	size_t cap = 0, nlen = 0, ncap = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl != NULL ? nl : end, *s = p;
		uint64_t start, size;
		size_t l;

		p = nl != NULL ? nl + 1 : end;
		if (le > s && le[-1] == '\r')
			le--;
		if (hexfield(&s, le, &start) == -1 ||
		    hexfield(&s, le, &size) == -1 || s == le || size == 0 ||
		    start > UINT64_MAX - size)
			continue;
		l = (size_t)(le - s);
		xgrow(&m->e, &cap, m->n + 1, sizeof(*m->e));
		xgrow(&m->names, &ncap, nlen + l + 1, 1);
		memcpy(m->names + nlen, s, l);
		m->names[nlen + l] = '\0';
		m->e[m->n].start = start;
		m->e[m->n].end = start + size;
		m->e[m->n].name = nlen;
		m->e[m->n].seq = m->n;
		if (size > m->maxlen)
			m->maxlen = size;
		m->n++;
		nlen += l + 1;
	}
	if (m->n > 0)
		qsort(m->e, m->n, sizeof(*m->e), by_start);
	return m;
}

struct perf_map *
perf_map_load(const char *path)
{
	FILE *f = fopen(path, "r");
	char *data = NULL;
	size_t len = 0, cap = 0, got;
	struct perf_map *m;

	if (f == NULL)
		return NULL;
	for (;;) {
		xgrow(&data, &cap, len + 65536, 1);
		got = fread(data + len, 1, cap - len, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		fclose(f);
		free(data);
		return NULL;
	}
	fclose(f);
	m = perf_map_parse(data, len);
	free(data);
	return m;
}

void
perf_map_free(struct perf_map *m)
{
	if (m == NULL)
		return;
	free(m->e);
	free(m->names);
	free(m);
}

const char *
perf_map_find(const struct perf_map *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;
	const struct pm_ent *best = NULL;

	/* The first entry starting above addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->e[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Back over those that could still hold it, the newest winning. */
	while (lo-- > 0 && addr - m->e[lo].start < m->maxlen) {
		const struct pm_ent *e = &m->e[lo];

		if (addr < e->end && (best == NULL || e->seq > best->seq))
			best = e;
	}
	return best != NULL ? m->names + best->name : NULL;
}
