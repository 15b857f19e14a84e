/* perf_dso.c: perf's dsos, their frame prefixes, #lib headers and addresses. */
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/strtab.h"
#include "base/util.h"
#include "read/perf_dso.h"
#include "stream/stream.h"
#include "sym/sym_image.h"

struct pdso_tab {
	struct sw *w;
	struct strtab *paths;
	struct pdso *d;
	size_t	 cap;
	struct buf prefixes;
	int32_t	 last;		/* a one-entry cache of pdso_id */
};

struct pdso_tab *
pdso_new(struct sw *w)
{
	struct pdso_tab *t = xcalloc(1, sizeof(*t));

	t->w = w;
	t->paths = st_new();
	t->last = -1;
	return t;
}

void
pdso_free(struct pdso_tab *t)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < st_count(t->paths); i++) {
		free(t->d[i].seg);
		free(t->d[i].want_id);
	}
	free(t->d);
	st_free(t->paths);
	buf_free(&t->prefixes);
	free(t);
}

/* The kernel dsos of inferno's is_kernel(): [x], *.ko, vmlinux[-version]. */
static int
kernel_like(const char *s, size_t n)
{
	if (n > 0 && s[0] == '[')
		return 1;
	if (has_suffix(s, n, ".ko"))
		return 1;
	for (size_t k = n; k >= 7; k--)
		if (memcmp(s + k - 7, "vmlinux", 7) == 0) {
			for (size_t m = k; m < n; m++) {
				char c = s[m];

				if (!(c == '-' || c == '.' || c == '_' ||
				    (c >= '0' && c <= '9') ||
				    (c >= 'a' && c <= 'z') ||
				    (c >= 'A' && c <= 'Z')))
					return 0;
			}
			return 1;
		}
	return 0;
}

int32_t
pdso_id(struct pdso_tab *t, const char *s, size_t n)
{
	int added;
	uint32_t id;
	struct pdso *d;
	const char *p;
	size_t base;

	if (has_suffix(s, n, " (deleted)"))
		n -= 10;
	if (t->last >= 0) {
		size_t len;
		const char *q = st_str(t->paths, (uint32_t)t->last, &len);

		if (len == n && memcmp(q, s, n) == 0)
			return t->last;
	}
	id = st_intern(t->paths, s, n, &added);
	t->last = (int32_t)id;
	if (!added)
		return (int32_t)id;
	xgrow(&t->d, &t->cap, id + 1, sizeof(*t->d));
	d = &t->d[id];
	memset(d, 0, sizeof(*d));
	p = st_str(t->paths, id, &n);
	base = n;
	while (base > 0 && p[base - 1] != '/')
		base--;
	/* perf's anonymous and no-dso maps show run-time addresses. */
	if (n == 0 || has_prefix(p, n, "//anon") || has_prefix(p, n, "[stack") ||
	    has_prefix(p, n, "[heap]") || has_prefix(p, n, "/dev/zero") ||
	    has_prefix(p, n, "/anon_hugepage") ||
	    has_prefix(p, n, "/SYSV") || has_prefix(p, n, "[vsyscall]"))
		d->kind = PDSO_ANON;
	else if (p[0] == '[' || has_prefix(p, n, "//"))
		d->kind = PDSO_PSEUDO;
	else if ((has_prefix(p + base, n - base, "perf-") &&
	    has_suffix(p, n, ".map")) ||
	    (has_prefix(p + base, n - base, "jitted-") &&
	    has_suffix(p, n, ".so")))
		d->kind = PDSO_JIT;
	else
		d->kind = PDSO_FILE;
	d->vdso = n == 6 && memcmp(p, "[vdso]", 6) == 0;
	d->kernel = n > 0 && p[0] == '[' && !d->vdso;
	d->kernel_like = kernel_like(p, n);
	/* "dir/", "//anon", "[heap]": keep it whole. */
	if (base == n || d->kind == PDSO_PSEUDO || d->kind == PDSO_ANON)
		base = 0;
	d->base = base;
	d->pre = t->prefixes.len;
	esc_append(&t->prefixes, p + base, n - base);
	buf_addc(&t->prefixes, '!');
	d->prelen = t->prefixes.len - d->pre;
	return (int32_t)id;
}

struct pdso *
pdso_get(struct pdso_tab *t, int32_t id)
{
	return &t->d[id];
}

const char *
pdso_path(const struct pdso_tab *t, int32_t id, size_t *n)
{
	return st_str(t->paths, (uint32_t)id, n);
}

void
pdso_announce(struct pdso_tab *t, int32_t id)
{
	struct pdso *d = &t->d[id];
	struct lib_info li = {0};
	size_t n;
	const char *p;

	if (d->announced)
		return;
	d->announced = 1;
	p = st_str(t->paths, (uint32_t)id, &n);
	li.name = p + d->base;
	li.path = d->kind == PDSO_FILE || d->kind == PDSO_JIT ? p : NULL;
	/* The build id perf recorded: sp-symbolize checks the file by it. */
	if (d->kind == PDSO_FILE)
		li.code_id = d->want_id;
	li.fileoff = d->fileoff;
	sw_lib(t->w, &li);
}

void
pdso_prefix(struct pdso_tab *t, int32_t id, struct buf *b)
{
	const struct pdso *d = &t->d[id];

	if (!d->announced)
		pdso_announce(t, id);
	buf_add(b, t->prefixes.s + d->pre, d->prelen);
}

void
pdso_expect_id(struct pdso_tab *t, const char *s, size_t n, const char *hex)
{
	struct pdso *d = &t->d[pdso_id(t, s, n)];

	if (d->want_id == NULL && hex[0] != '\0')
		d->want_id = xstrdup(hex);
}

int
perf_buildid_path(struct buf *b, const char *hex, const char *file)
{
	const char *dir = getenv("PERF_BUILDID_DIR");

	if (strlen(hex) < 3)
		return -1;
	if (dir != NULL && dir[0] != '\0')
		buf_printf(b, "%s/.build-id/%.2s/%s/%s", dir, hex, hex + 2,
		    file);
	else if ((dir = getenv("HOME")) != NULL && dir[0] != '\0')
		buf_printf(b, "%s/.debug/.build-id/%.2s/%s/%s", dir, hex,
		    hex + 2, file);
	else
		return -1;
	return 0;
}

/* perf's build-id cache copy of the file with build id hex: 0 with im
 * read, or -1. */
static int
from_cache(const char *hex, struct sym_image *im)
{
	const char *why;
	struct buf b = {0};
	int rc;

	if (perf_buildid_path(&b, hex, "elf") == -1)
		return -1;
	rc = sym_image_read(b.s, NULL, im, &why) == 0 &&
	    im->kind == SYMK_ELF && im->nseg > 0 &&
	    sym_id_match(im->id, hex) ? 0 : -1;
	buf_free(&b);
	return rc;
}

/* Read the PT_LOAD segments of dso d's file, once. */
static void
load_phdrs(struct pdso_tab *t, int32_t id, struct pdso *d)
{
	struct sym_image im;
	const char *why = NULL;
	size_t n;
	const char *path = st_str(t->paths, (uint32_t)id, &n);
	int rc, err;

	d->phdrs = 1;
	errno = 0;
	rc = sym_image_read(path, NULL, &im, &why);
	err = errno;
	if (d->want_id != NULL && (rc == -1 || (im.id[0] != '\0' &&
	    !sym_id_match(im.id, d->want_id)))) {
		if (from_cache(d->want_id, &im) == 0)
			rc = 0;
		else if (rc == 0) {
			d->fileoff = 1;
			d->why = "not the file recorded (another build id)";
			return;
		}
	}
	errno = err;
	if (rc == -1 || im.kind != SYMK_ELF || im.nseg == 0 || im.seg_lost) {
		d->fileoff = 1;
		if (rc == 0 && im.seg_lost)
			d->why = "more loaded segments than sp reads";
		else if (errno == ENOENT)
			d->why = "not found";
		else if (why != NULL && im.kind != SYMK_MACHO)
			d->why = why;
		else
			d->why = "not an ELF file";
		return;
	}
	d->seg = xreallocarray(NULL, im.nseg, sizeof(*d->seg));
	for (size_t i = 0; i < im.nseg; i++) {
		d->seg[i].off = im.seg[i].off;
		d->seg[i].vaddr = im.seg[i].vaddr;
		d->seg[i].filesz = im.seg[i].filesz;
	}
	d->nseg = (int)im.nseg;
	d->first = im.seg[0].vaddr;
}

uint64_t
pdso_addr(struct pdso_tab *t, int32_t id, uint64_t off)
{
	struct pdso *d = &t->d[id];
	const struct pdso_seg *best = NULL;

	if (!d->phdrs)
		load_phdrs(t, id, d);
	if (d->fileoff) {
		/*
		 * Announced before (by a named frame) without the mark: once
		 * more with it (readers merge a library's #lib lines by name).
		 */
		if (d->nfileoff++ == 0 && d->announced) {
			d->announced = 0;
			pdso_announce(t, id);
		}
		return off;
	}
	for (int i = 0; i < d->nseg; i++) {
		const struct pdso_seg *g = &d->seg[i];

		if (off >= g->off && off - g->off < g->filesz)
			return g->vaddr + (off - g->off) - d->first;
		/*
		 * Outside every segment's bytes (the padding of a page a
		 * segment was mapped with): the segment before it.
		 */
		if (off >= g->off && (best == NULL || g->off > best->off))
			best = g;
	}
	if (best == NULL)
		best = &d->seg[0];
	return best->vaddr + (off - best->off) - d->first;
}

void
pdso_report(const struct pdso_tab *t, const char *name)
{
	for (size_t i = 0; i < st_count(t->paths); i++) {
		const struct pdso *d = &t->d[i];
		char num[40];
		size_t n;

		if (d->nfileoff == 0)
			continue;
		fmt_count(num, sizeof(num), d->nfileoff);
		warnx("%s: %s: %s, its %s %s", name,
		    st_str(t->paths, (uint32_t)i, &n) + d->base, d->why, num,
		    d->nfileoff == 1 ? "frame keeps its file offset" :
		    "frames keep their file offsets");
	}
}
