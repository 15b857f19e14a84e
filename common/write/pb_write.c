/* pb_write.c: the protobuf wire format and a gzip writer; see pb_write.h. */
#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "write/pb_write.h"
#include "base/util.h"

enum { WT_VARINT = 0, WT_LEN = 2 };

void
pb_varint(struct buf *b, uint64_t v)
{
	char tmp[10];
	size_t n = 0;

	while (v >= 0x80) {
		tmp[n++] = (char)(v | 0x80);
		v >>= 7;
	}
	tmp[n++] = (char)v;
	buf_add(b, tmp, n);
}

static void
tag(struct buf *b, uint32_t field, int wt)
{
	pb_varint(b, (uint64_t)field << 3 | (uint64_t)wt);
}

void
pb_uint(struct buf *b, uint32_t field, uint64_t v)
{
	tag(b, field, WT_VARINT);
	pb_varint(b, v);
}

void
pb_int(struct buf *b, uint32_t field, int64_t v)
{
	pb_uint(b, field, (uint64_t)v);
}

void
pb_bytes(struct buf *b, uint32_t field, const void *p, size_t n)
{
	tag(b, field, WT_LEN);
	pb_varint(b, n);
	buf_add(b, p, n);
}

static size_t
varint_len(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

void
pb_packed_u64(struct buf *b, uint32_t field, const uint64_t *v, size_t n)
{
	size_t len = 0;

	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		len += varint_len(v[i]);
	tag(b, field, WT_LEN);
	pb_varint(b, len);
	for (size_t i = 0; i < n; i++)
		pb_varint(b, v[i]);
}

void
pb_packed_i64(struct buf *b, uint32_t field, const int64_t *v, size_t n)
{
	size_t len = 0;

	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		len += varint_len((uint64_t)v[i]);
	tag(b, field, WT_LEN);
	pb_varint(b, len);
	for (size_t i = 0; i < n; i++)
		pb_varint(b, (uint64_t)v[i]);
}

/* --- gzip --- */

struct gzout {
	FILE	*fp;
	const char *name, *path;
	z_stream z;
	unsigned char out[1 << 16];
};

static void __attribute__((noreturn))
gz_failed(struct gzout *g)
{
	int e = errno == 0 ? EIO : errno;

	if (g->path != NULL)
		(void)unlink(g->path);
	if (e == EPIPE) {
		/* The reader went away: end as SIGPIPE would. */
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(1);
	}
	errno = e;
	err(1, "%s", g->name);
}

struct gzout *
gz_open(FILE *fp, const char *name, const char *path, int level)
{
	struct gzout *g = xcalloc(1, sizeof(*g));

	g->fp = fp;
	g->name = name;
	g->path = path;
	/* 15 + 16: a gzip header and trailer rather than zlib's. */
	if (deflateInit2(&g->z, level, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK)
		errx(1, "zlib: cannot start compression");
	return g;
}

/* Run deflate over the pending input with the given flush mode. */
static void
gz_run(struct gzout *g, int flush)
{
	int r;

	do {
		size_t have;

		g->z.next_out = g->out;
		g->z.avail_out = sizeof(g->out);
		r = deflate(&g->z, flush);
		if (r == Z_STREAM_ERROR)
			errx(1, "zlib: compression failed");
		have = sizeof(g->out) - g->z.avail_out;
		errno = 0;
		if (have > 0 && fwrite(g->out, 1, have, g->fp) != have)
			gz_failed(g);
	} while (g->z.avail_out == 0 || (flush == Z_FINISH &&
	    r != Z_STREAM_END));
}

void
gz_write(struct gzout *g, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n > 0) {
		/* avail_in is an unsigned int: feed big buffers in parts. */
		uInt part = n > (1u << 30) ? 1u << 30 : (uInt)n;

		g->z.next_in = (unsigned char *)(uintptr_t)s;
		g->z.avail_in = part;
		gz_run(g, Z_NO_FLUSH);
		s += part;
		n -= part;
	}
}

void
gz_close(struct gzout *g)
{
	g->z.next_in = NULL;
	g->z.avail_in = 0;
	gz_run(g, Z_FINISH);
	deflateEnd(&g->z);
	errno = 0;
	if (fflush(g->fp) == EOF || ferror(g->fp))
		gz_failed(g);
	if (fclose(g->fp) == EOF)
		gz_failed(g);
	free(g);
}
