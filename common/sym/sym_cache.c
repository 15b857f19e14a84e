/*
 * sym_cache.c: the symbol cache's files (sym_cache.h): naming, reading,
 * checking, writing by rename, and removing the least recently used.  It
 * uses base/ and sym_result_io.h.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"
#include "sym/sym_cache.h"
#include "sym/sym_result_io.h"

#define MAGIC		"SPSYMC1\n"
#define MAGIC_LEN	8
#define SUFFIX		".spc"
/* A temporary file this old was left by a process that died. */
#define STALE_SECS	600

struct sym_cache {
	char	*dir;
	uint64_t max;
};

static uint64_t
fnv1a(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325u;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3u;
	}
	return h;
}

int
sym_cache_parse_size(const char *s, uint64_t *v)
{
	size_t n = strlen(s);
	unsigned shift = 0;

	if (n > 0) {
		switch (s[n - 1]) {
		case 'k': case 'K': shift = 10; n--; break;
		case 'm': case 'M': shift = 20; n--; break;
		case 'g': case 'G': shift = 30; n--; break;
		default: break;
		}
	}
	if (n == 0 || parse_u64(s, n, v) == -1 || *v > (UINT64_MAX >> shift))
		return -1;
	*v <<= shift;
	return 0;
}

struct sym_cache *
sym_cache_new(const char *dir, uint64_t max)
{
	struct sym_cache *c;
	struct buf b = { 0 };
	const char *e;

	if (dir == NULL && (e = getenv("SP_CACHE")) != NULL && *e != '\0')
		dir = e;
	if (dir != NULL)
		buf_adds(&b, dir);
	else if ((e = getenv("XDG_CACHE_HOME")) != NULL && *e == '/')
		buf_printf(&b, "%s/sp", e);
	else if ((e = getenv("HOME")) != NULL && *e != '\0')
		buf_printf(&b, "%s/.cache/sp", e);
	else
		return NULL;
	if (max == 0 && ((e = getenv("SP_CACHE_SIZE")) == NULL ||
	    sym_cache_parse_size(e, &max) == -1))
		max = SYM_CACHE_DEFAULT_SIZE;
	c = xcalloc(1, sizeof(*c));
	c->dir = b.s;
	c->max = max;
	return c;
}

void
sym_cache_free(struct sym_cache *c)
{
	if (c == NULL)
		return;
	free(c->dir);
	free(c);
}

static void
file_name(const struct sym_cache *c, const char *key, struct buf *b)
{
	buf_reset(b);
	buf_printf(b, "%s/%016llx" SUFFIX, c->dir,
	    (unsigned long long)fnv1a(key, strlen(key)));
}

static uint64_t
get_le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static void
put_le(struct buf *b, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		buf_addc(b, (int)(unsigned char)(v >> (8 * i)));
}

int
sym_cache_load(struct sym_cache *c, const char *key, uint64_t **addrs,
    struct sym_results *r)
{
	struct buf path = { 0 };
	struct stat st;
	unsigned char *data = NULL;
	size_t klen = strlen(key), len, got = 0, hdr;
	uint64_t plen;
	int fd, ret = -1;

	file_name(c, key, &path);
	if ((fd = open(path.s, O_RDONLY)) == -1)
		goto out;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size > c->max)
		goto bad;
	len = (size_t)st.st_size;
	data = xmalloc(len ? len : 1);
	while (got < len) {
		ssize_t n = read(fd, data + got, len - got);

		if (n <= 0)
			goto bad;
		got += (size_t)n;
	}
	hdr = MAGIC_LEN + 4;
	if (len < hdr || memcmp(data, MAGIC, MAGIC_LEN) != 0)
		goto bad;
	if (get_le(data + MAGIC_LEN, 4) != klen ||
	    len - hdr < klen + 16) {
		/* Another key whose name collides, or damaged: both unusable. */
		goto bad;
	}
	if (memcmp(data + hdr, key, klen) != 0)
		goto out;	/* another key: not ours to judge */
	hdr += klen;
	plen = get_le(data + hdr, 8);
	if (plen != len - hdr - 16 ||
	    get_le(data + hdr + 8, 8) != fnv1a(data + hdr + 16, (size_t)plen) ||
	    symr_decode(data + hdr + 16, (size_t)plen, addrs, r) == -1)
		goto bad;
	for (size_t i = 1; i < r->naddr; i++)
		if ((*addrs)[i - 1] >= (*addrs)[i]) {
			symr_free(r);
			free(*addrs);
			goto bad;
		}
	/* Used now: the last to be evicted. */
	(void)futimens(fd, NULL);
	ret = 0;
	goto out;
bad:
	warnx("%s: damaged symbol cache file, ignored", path.s);
out:
	if (fd != -1)
		close(fd);
	free(data);
	buf_free(&path);
	if (ret == -1) {
		*addrs = NULL;
		symr_init(r, 0);
	}
	return ret;
}

/* mkdir -p, the last component 0700 (the cache may hold private paths). */
static int
make_dirs(const char *dir)
{
	char *p = xstrdup(dir), *s;
	int ret = 0;

	for (s = p + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) == -1 && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	if (mkdir(p, 0700) == -1 && errno != EEXIST)
		ret = -1;
	else
		ret = 0;
	free(p);
	return ret;
}

struct old {
	char	*name;
	struct timespec mtime;
	uint64_t size;
};

static int
by_age(const void *a, const void *b)
{
	const struct old *x = a, *y = b;

	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->name, y->name);
}

/*
 * Remove the least recently used files until the rest fit in c->max, and
 * temporary files a dead process left.  A file another process removes
 * first is no error.
 */
static void
evict(struct sym_cache *c)
{
	DIR *d;
	struct dirent *de;
	struct old *v = NULL;
	size_t n = 0, cap = 0;
	uint64_t total = 0;
	int dfd;
	time_t now = time(NULL);

	if ((d = opendir(c->dir)) == NULL)
		return;
	dfd = dirfd(d);
	while ((de = readdir(d)) != NULL) {
		struct stat st;
		size_t nl = strlen(de->d_name);
		int tmp = strncmp(de->d_name, ".tmp-", 5) == 0;

		if (!tmp && !has_suffix(de->d_name, nl, SUFFIX))
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
		    !S_ISREG(st.st_mode))
			continue;
		if (tmp) {
			if (now - st.st_mtime > STALE_SECS)
				(void)unlinkat(dfd, de->d_name, 0);
			continue;
		}
		xgrow(&v, &cap, n + 1, sizeof(*v));
		v[n].name = xstrdup(de->d_name);
		v[n].mtime = st.st_mtim;
		v[n].size = (uint64_t)st.st_size;
		total += v[n].size;
		n++;
	}
	if (total > c->max) {
		qsort(v, n, sizeof(*v), by_age);
		for (size_t i = 0; i < n && total > c->max; i++) {
			(void)unlinkat(dfd, v[i].name, 0);
			total -= v[i].size;
		}
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	closedir(d);
}

int
sym_cache_store(struct sym_cache *c, const char *key, const uint64_t *addrs,
    const struct sym_results *r, struct buf *why)
{
	struct buf data = { 0 }, payload = { 0 }, path = { 0 }, tmp = { 0 };
	size_t klen = strlen(key);
	int fd = -1, ret = -1;

	symr_encode(&payload, addrs, r);
	buf_adds(&data, MAGIC);
	put_le(&data, klen, 4);
	buf_add(&data, key, klen);
	put_le(&data, payload.len, 8);
	put_le(&data, fnv1a(payload.s, payload.len), 8);
	buf_add(&data, payload.s, payload.len);
	/* Too large to keep: not an error. */
	if (data.len > c->max) {
		ret = 0;
		goto out;
	}
	if (make_dirs(c->dir) == -1) {
		buf_printf(why, "%s: cannot cache symbols: %s", c->dir,
		    strerror(errno));
		goto out;
	}
	buf_printf(&tmp, "%s/.tmp-XXXXXX", c->dir);
	if ((fd = mkstemp(tmp.s)) == -1) {
		buf_printf(why, "%s: cannot cache symbols: %s", c->dir,
		    strerror(errno));
		goto out;
	}
	file_name(c, key, &path);
	if (write(fd, data.s, data.len) != (ssize_t)data.len ||
	    close(fd) == -1 || rename(tmp.s, path.s) == -1) {
		buf_printf(why, "%s: cannot cache symbols: %s", c->dir,
		    strerror(errno ? errno : ENOSPC));
		(void)unlink(tmp.s);
		fd = -1;
		goto out;
	}
	fd = -1;
	ret = 0;
	evict(c);
out:
	buf_free(&data);
	buf_free(&payload);
	buf_free(&path);
	buf_free(&tmp);
	return ret;
}
