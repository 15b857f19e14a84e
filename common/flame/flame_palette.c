/*
 * flame_palette.c: frame colours.
 *
 * A palette gives each channel a base and a range; a frame's colour is the
 * base plus the range times a value in [0, 1) taken from the frame's name,
 * so that a name has the same colour in every graph (flamegraph.pl's
 * colours are random within the same ranges; ours are a hash of the name,
 * which makes the output deterministic).  The palettes for languages (java,
 * js, perl, rust, chain, wakeup) first sort a frame into one of the plain
 * palettes by its name and its annotation (_[k] kernel, _[j] JIT, _[i]
 * inlined, _[w] waker).
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "flame/flame_palette.h"
#include "base/util.h"

enum {
	P_HOT, P_MEM, P_IO, P_RED, P_GREEN, P_BLUE, P_AQUA, P_YELLOW, P_PURPLE,
	P_ORANGE, P_JAVA, P_JS, P_PERL, P_WAKEUP, P_CHAIN, P_RUST
};

static const char *const scheme_names[] = {
	"hot", "mem", "io", "red", "green", "blue", "aqua", "yellow", "purple",
	"orange", "java", "js", "perl", "wakeup", "chain", "rust"
};

const char flame_palette_names[] = "hot, mem, io, wakeup, chain, java, js, "
    "perl, rust, red, green, blue, aqua, yellow, purple, orange";

/*
 * The plain palettes: per channel a base, a range and which of the three
 * values (0, 1, 2) scales it.
 */
static const struct {
	unsigned char base[3], range[3], v[3];
} plain[] = {
	[P_HOT] =	{ { 205, 0, 0 },	{ 50, 230, 55 },  { 2, 0, 1 } },
	[P_MEM] =	{ { 0, 190, 0 },	{ 0, 50, 210 },	  { 0, 1, 0 } },
	[P_IO] =	{ { 80, 80, 190 },	{ 60, 60, 55 },	  { 0, 0, 1 } },
	[P_RED] =	{ { 200, 50, 50 },	{ 55, 80, 80 },	  { 0, 0, 0 } },
	[P_GREEN] =	{ { 50, 200, 50 },	{ 60, 55, 60 },	  { 0, 0, 0 } },
	[P_BLUE] =	{ { 80, 80, 205 },	{ 60, 60, 50 },	  { 0, 0, 0 } },
	[P_AQUA] =	{ { 50, 165, 165 },	{ 60, 55, 55 },	  { 0, 0, 0 } },
	[P_YELLOW] =	{ { 175, 175, 50 },	{ 55, 55, 20 },	  { 0, 0, 0 } },
	[P_PURPLE] =	{ { 190, 80, 190 },	{ 65, 60, 65 },	  { 0, 0, 0 } },
	[P_ORANGE] =	{ { 190, 90, 0 },	{ 65, 65, 0 },	  { 0, 0, 0 } },
};

int
flame_palette_init(struct flame_palette *p, const char *name)
{
	memset(p, 0, sizeof(*p));
	for (size_t i = 0; i < SP_NELEM(scheme_names); i++)
		if (strcmp(name, scheme_names[i]) == 0) {
			p->scheme = (int)i;
			return 0;
		}
	return -1;
}

int
flame_background(const struct flame_palette *p, const char *bg,
    char c1[FLAME_COLOR_MAX], char c2[FLAME_COLOR_MAX])
{
	static const struct { const char *name, *c1, *c2; } bgs[] = {
		{ "yellow",	"#eeeeee", "#eeeeb0" },
		{ "blue",	"#eeeeee", "#e0e0ff" },
		{ "green",	"#eef2ee", "#e0ffe0" },
		{ "grey",	"#f8f8f8", "#e8e8e8" },
	};
	size_t i;

	if (bg == NULL || *bg == '\0') {
		if (p->scheme == P_MEM)
			bg = "green";
		else if (p->scheme == P_IO || p->scheme == P_WAKEUP ||
		    p->scheme == P_CHAIN)
			bg = "blue";
		else if (p->scheme >= P_RED && p->scheme <= P_ORANGE)
			bg = "grey";
		else
			bg = "yellow";
	}
	if (bg[0] == '#' && strlen(bg) == 7) {
		for (i = 1; i < 7; i++)
			if (strchr("0123456789abcdefABCDEF", bg[i]) == NULL)
				return -1;
		strlcpy(c1, bg, FLAME_COLOR_MAX);
		strlcpy(c2, bg, FLAME_COLOR_MAX);
		return 0;
	}
	for (i = 0; i < SP_NELEM(bgs); i++)
		if (strcmp(bg, bgs[i].name) == 0) {
			strlcpy(c1, bgs[i].c1, FLAME_COLOR_MAX);
			strlcpy(c2, bgs[i].c2, FLAME_COLOR_MAX);
			return 0;
		}
	return -1;
}

static int
has(const char *s, size_t n, const char *sub)
{
	size_t k = strlen(sub);

	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(s + i, sub, k) == 0)
			return 1;
	return 0;
}

/* Java packages, with or without the "L" of a type descriptor. */
static int
java_package(const char *s, size_t n)
{
	static const char *const pk[] = { "java/", "javax/", "jdk/", "net/",
	    "org/", "com/", "io/", "sun/" };

	if (n > 0 && s[0] == 'L')
		s++, n--;
	for (size_t i = 0; i < SP_NELEM(pk); i++)
		if (has_prefix(s, n, pk[i]))
			return 1;
	return 0;
}

/* "/" followed somewhere by ".js": a JavaScript source path. */
static int
js_path(const char *s, size_t n)
{
	const char *slash = memchr(s, '/', n);

	return slash != NULL && has(slash, n - (size_t)(slash - s), ".js");
}

/* Rust's standard library, as a path or as a trait impl ("<core::..."). */
static int
rust_std(const char *s, size_t n)
{
	if (n > 0 && s[0] == '<')
		s++, n--;
	return has_prefix(s, n, "core::") || has_prefix(s, n, "std::") ||
	    has_prefix(s, n, "alloc::");
}

/* The plain palette of a frame under a language palette. */
static int
classify(int scheme, const char *s, size_t n)
{
	switch (scheme) {
	case P_JAVA:
		if (has_suffix(s, n, "_[j]"))
			return P_GREEN;
		if (has_suffix(s, n, "_[i]"))
			return P_AQUA;
		if (java_package(s, n) || has(s, n, ":::"))
			return P_GREEN;
		if (has(s, n, "::"))
			return P_YELLOW;
		return has_suffix(s, n, "_[k]") ? P_ORANGE : P_RED;
	case P_PERL:
		if (has(s, n, "::"))
			return P_YELLOW;
		if (has(s, n, "Perl") || has(s, n, ".pl"))
			return P_GREEN;
		return has_suffix(s, n, "_[k]") ? P_ORANGE : P_RED;
	case P_JS:
		if (has_suffix(s, n, "_[j]"))
			return memchr(s, '/', n) != NULL ? P_GREEN : P_AQUA;
		if (has(s, n, "::"))
			return P_YELLOW;
		if (js_path(s, n))
			return P_GREEN;
		if (memchr(s, ':', n) != NULL)
			return P_AQUA;
		if (n == 1 && s[0] == ' ')
			return P_GREEN;
		return has(s, n, "_[k]") ? P_ORANGE : P_RED;
	case P_WAKEUP:
		return P_AQUA;
	case P_CHAIN:
		return has(s, n, "_[w]") ? P_AQUA : P_BLUE;
	case P_RUST:
		/* Ours (inferno has its own): the standard library orange,
		 * other Rust paths aqua, the rest (C, the kernel) yellow. */
		if (rust_std(s, n))
			return P_ORANGE;
		if (has(s, n, "::"))
			return P_AQUA;
		return P_YELLOW;
	default:
		return scheme;
	}
}

/* FNV-1a over s, forwards or backwards, as a value in [0, 1). */
static double
name_value(const char *s, size_t n, int backwards)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[backwards ? n - 1 - i : i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return (double)(h >> 11) / 9007199254740992.0;
}

/*
 * --hash: the first bytes of the name read as a fraction, so that names
 * that begin alike get colours alike.
 */
static double
prefix_value(const char *s, size_t n, int backwards)
{
	double v = 0, scale = 1.0 / 256;

	for (size_t i = 0; i < n && i < 6; i++, scale /= 256)
		v += (unsigned char)s[backwards ? n - 1 - i : i] * scale;
	return v;
}

static void
compute(const struct flame_palette *p, const char *s, size_t n,
    char out[FLAME_COLOR_MAX])
{
	double v[3];
	int c[3], k;

	if (n == 2 && memcmp(s, "--", 2) == 0) {
		strlcpy(out, "rgb(160,160,160)", FLAME_COLOR_MAX);
		return;
	}
	if (n == 1 && s[0] == '-') {
		strlcpy(out, "rgb(200,200,200)", FLAME_COLOR_MAX);
		return;
	}
	if (p->random) {
		for (k = 0; k < 3; k++)
			v[k] = (double)(random() % 1000000) / 1e6;
	} else if (p->hash) {
		v[0] = prefix_value(s, n, 0);
		v[1] = v[2] = prefix_value(s, n, 1);
	} else
		v[0] = v[1] = v[2] = name_value(s, n, 0);
	k = classify(p->scheme, s, n);
	for (int ch = 0; ch < 3; ch++)
		c[ch] = plain[k].base[ch] +
		    (int)(plain[k].range[ch] * v[plain[k].v[ch]]);
	snprintf(out, FLAME_COLOR_MAX, "rgb(%d,%d,%d)", c[0], c[1], c[2]);
}

void
flame_hotcold_color(struct flame_palette *p, const char *s, size_t n,
    int cold, char out[FLAME_COLOR_MAX])
{
	struct flame_palette c;

	if (!cold) {
		flame_color(p, s, n, out);
		return;
	}
	/* Blues, with the palette's way of choosing within them. */
	c = *p;
	c.scheme = P_BLUE;
	c.map = NULL;
	compute(&c, s, n, out);
}

void
flame_color(struct flame_palette *p, const char *s, size_t n,
    char out[FLAME_COLOR_MAX])
{
	uint32_t id;
	int added;

	if (p->map == NULL) {
		compute(p, s, n, out);
		return;
	}
	id = st_intern(p->map, s, n, &added);
	if (added) {
		compute(p, s, n, out);
		xgrow(&p->colors, &p->cap, (size_t)id + 1, sizeof(*p->colors));
		p->colors[id] = xstrdup(out);
		p->ncolors = (size_t)id + 1;
		return;
	}
	strlcpy(out, p->colors[id], FLAME_COLOR_MAX);
}

void
flame_diff_color(double delta, double maxdelta, int negate,
    char out[FLAME_COLOR_MAX])
{
	int r = 255, g = 255, b = 255;

	if (negate)
		delta = -delta;
	if (delta > 0)
		g = b = (int)(210 * (maxdelta - delta) / maxdelta);
	else if (delta < 0)
		r = g = (int)(210 * (maxdelta + delta) / maxdelta);
	snprintf(out, FLAME_COLOR_MAX, "rgb(%d,%d,%d)", r, g, b);
}

int
flame_palette_load(struct flame_palette *p, const char *path)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	p->map = st_new();
	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		warn("%s", path);
		return -1;
	}
	while ((n = getline(&line, &cap, f)) != -1) {
		char *arrow;
		uint32_t id;
		int added;

		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		if ((arrow = strstr(line, "->")) == NULL)
			continue;
		id = st_intern(p->map, line, (size_t)(arrow - line), &added);
		xgrow(&p->colors, &p->cap, (size_t)id + 1, sizeof(*p->colors));
		if (!added)
			free(p->colors[id]);
		/* A colour too long for an rgb() is cut: it is only text. */
		p->colors[id] = xmemdup(arrow + 2,
		    strnlen(arrow + 2, FLAME_COLOR_MAX - 1));
		p->ncolors = (size_t)id + 1;
	}
	free(line);
	if (ferror(f)) {
		warn("%s", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

static const struct strtab *sort_map;

static int
cmp_name(const void *pa, const void *pb)
{
	size_t na, nb;
	const char *a = st_str(sort_map, *(const uint32_t *)pa, &na);
	const char *b = st_str(sort_map, *(const uint32_t *)pb, &nb);
	int c = memcmp(a, b, na < nb ? na : nb);

	return c != 0 ? c : (na > nb) - (na < nb);
}

int
flame_palette_save(const struct flame_palette *p, const char *path)
{
	size_t n = p->ncolors;
	uint32_t *order = xreallocarray(NULL, n + 1, sizeof(*order));
	FILE *f = fopen(path, "w");
	int rc = 0;

	if (f == NULL) {
		warn("%s", path);
		free(order);
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	sort_map = p->map;
	if (n > 1)
		qsort(order, n, sizeof(*order), cmp_name);
	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *s = st_str(p->map, order[i], &len);

		fwrite(s, 1, len, f);
		fprintf(f, "->%s\n", p->colors[order[i]]);
	}
	if (ferror(f) | (fclose(f) != 0)) {
		warn("%s", path);
		rc = -1;
	}
	free(order);
	return rc;
}

void
flame_palette_free(struct flame_palette *p)
{
	for (size_t i = 0; i < p->ncolors; i++)
		free(p->colors[i]);
	free(p->colors);
	if (p->map != NULL)
		st_free(p->map);
}
