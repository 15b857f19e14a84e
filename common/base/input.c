/*
 * input.c: whole-file and line-by-line reading with transparent gzip.
 *
 * zlib's gz* functions read plain and gzip files alike and follow
 * concatenated gzip members.  A truncated or corrupt gzip stream must not
 * look like a short but complete input, so the end of every read is checked
 * with gzerror(): Z_BUF_ERROR there means "unexpected end of file".
 *
 * Built with libdeflate (SP_HAVE_LIBDEFLATE), lr_slurp inflates a whole
 * gzip file in one call instead: the whole input is in memory anyway, and
 * libdeflate's whole-buffer inflate is faster than zlib's streaming one.
 * zlib stays for streaming (lines) and for every file libdeflate refuses,
 * which zlib then reads again from the start, so that what is accepted and
 * every message about a bad file are zlib's.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>
#ifdef SP_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include "base/bigmem.h"
#include "base/input.h"
#include "base/progress.h"
#include "base/util.h"

const char *
input_name(const char *path)
{
	return path == NULL || strcmp(path, "-") == 0 ? "<stdin>" : path;
}

static gzFile
open_gz(const char *path, int *fdp)
{
	int fd;
	gzFile gz;

	if (path == NULL || strcmp(path, "-") == 0)
		fd = dup(STDIN_FILENO);
	else
		fd = open(path, O_RDONLY);
	if (fd == -1) {
		warn("%s", input_name(path));
		return NULL;
	}
	gz = gzdopen(fd, "rb");
	if (gz == NULL) {
		close(fd);
		warnx("%s: cannot open: out of memory", input_name(path));
		return NULL;
	}
	gzbuffer(gz, 1 << 17);
	if (fdp != NULL)
		*fdp = fd;
	return gz;
}

/* zlib's message without the "<fd:3>: " it puts before it. */
static const char *
gz_reason(const char *msg)
{
	const char *p;

	if (msg != NULL && msg[0] == '<' && (p = strstr(msg, ">: ")) != NULL)
		return p + 3;
	return msg != NULL ? msg : "unknown error";
}

/* Report the gzip state after a read of -1 or at the end; 0 if all is well. */
static int
gz_check(gzFile gz, const char *name)
{
	int code;
	const char *msg = gzerror(gz, &code);

	if (code != Z_OK && code != Z_STREAM_END)
		progress_end();		/* the message gets a line of its own */
	switch (code) {
	case Z_OK:
	case Z_STREAM_END:
		return 0;
	case Z_ERRNO:
		warn("%s", name);
		return -1;
	case Z_BUF_ERROR:
		warnx("%s: truncated gzip stream (unexpected end of file)", name);
		return -1;
	case Z_DATA_ERROR:
		warnx("%s: corrupt gzip stream: %s", name, gz_reason(msg));
		return -1;
	default:
		warnx("%s: read error: %s", name, gz_reason(msg));
		return -1;
	}
}

int
input_slurp(const char *path, size_t max, char **data, size_t *len)
{
	const char *name = input_name(path);
	gzFile gz;
	char *p = NULL;
	size_t n = 0, cap = 0;

	if ((gz = open_gz(path, NULL)) == NULL)
		return -1;
	for (;;) {
		int r;
		size_t want;

		if (cap - n < (1 << 20)) {
			size_t ncap = cap < (1 << 22) ? (1 << 22) : cap * 2;

			if (cap > max + (1 << 22))
				goto toobig;
			p = xreallocarray(p, ncap + 1, 1);
			cap = ncap;
		}
		want = cap - n;
		if (want > (1U << 30))
			want = 1U << 30;
		r = gzread(gz, p + n, (unsigned)want);
		if (r < 0) {
			gz_check(gz, name);
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > max)
			goto toobig;
	}
	if (gz_check(gz, name) == -1)
		goto fail;
	gzclose(gz);
	p[n] = '\0';
	*data = p;
	*len = n;
	return 0;
toobig:
	warnx("%s: too large: more than %zu MiB of data", name, max >> 20);
fail:
	gzclose(gz);
	free(p);
	return -1;
}

struct lreader {
	gzFile	 gz;
	int	 fd;		/* gz's descriptor, for fstat */
	const char *name;
	char	*buf;
	size_t	 cap;
	size_t	 start;		/* first unconsumed byte */
	size_t	 end;		/* end of valid data */
	int	 eof;
	int	 failed;
	int	 progress;	/* lr_progress was called */
	uint64_t lineno;
};

struct lreader *
lr_open(const char *path)
{
	struct lreader *lr;
	gzFile gz;

	lr = xcalloc(1, sizeof(*lr));
	if ((gz = open_gz(path, &lr->fd)) == NULL) {
		free(lr);
		return NULL;
	}
	lr->gz = gz;
	lr->name = input_name(path);
	/* Over twice zlib's buffer, so that plain input is read directly. */
	lr->cap = 1 << 20;
	lr->buf = xmalloc(lr->cap + 1);
	return lr;
}

void
lr_progress(struct lreader *lr)
{
	struct stat st;
	uint64_t total = 0;

	if (fstat(lr->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		total = (uint64_t)st.st_size;
	progress_begin(lr->name, total, PROGRESS_BYTES);
	lr->progress = 1;
}

/* Bytes of the file (compressed, for gzip) read so far, for progress.h. */
static void
lr_note(struct lreader *lr)
{
	if (lr->progress) {
		z_off_t off = gzoffset(lr->gz);

		progress_set(off > 0 ? (uint64_t)off : 0);
	}
}

/* Read more input after the unconsumed bytes; 0 on data or EOF, -1 error. */
static int
lr_fill(struct lreader *lr)
{
	int r;

	if (lr->start > 0) {
		memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
		lr->end -= lr->start;
		lr->start = 0;
	}
	if (lr->end == lr->cap) {
		if (lr->cap > (size_t)1 << 40)
			errx(1, "%s: line too long", lr->name);
		lr->cap *= 2;
		lr->buf = xreallocarray(lr->buf, lr->cap + 1, 1);
	}
	r = gzread(lr->gz, lr->buf + lr->end,
	    (unsigned)(lr->cap - lr->end > (1U << 30) ? (1U << 30) :
	    lr->cap - lr->end));
	if (r < 0) {
		gz_check(lr->gz, lr->name);
		lr->failed = 1;
		return -1;
	}
	if (r == 0) {
		if (gz_check(lr->gz, lr->name) == -1) {
			lr->failed = 1;
			return -1;
		}
		lr->eof = 1;
	}
	lr->end += (size_t)r;
	lr_note(lr);
	return 0;
}

long long
lr_next(struct lreader *lr, char **line)
{
	size_t scanned = 0;

	if (lr->failed)
		return -2;
	for (;;) {
		char *s = lr->buf + lr->start + scanned;
		char *nl = memchr(s, '\n', lr->end - lr->start - scanned);

		if (nl != NULL) {
			size_t len = (size_t)(nl - (lr->buf + lr->start));

			*line = lr->buf + lr->start;
			*nl = '\0';
			lr->start += len + 1;
			lr->lineno++;
			return (long long)len;
		}
		scanned = lr->end - lr->start;
		if (lr->eof) {
			if (scanned == 0)
				return -1;
			*line = lr->buf + lr->start;
			lr->buf[lr->end] = '\0';
			lr->start = lr->end;
			lr->lineno++;
			return (long long)scanned;
		}
		if (lr_fill(lr) == -1)
			return -2;
	}
}

char *
lr_take(struct lreader *lr, const char *p, size_t len)
{
	char *line = lr->buf + lr->start;

	if (lr->failed || p != line || len >= lr->end - lr->start ||
	    line[len] != '\n')
		return NULL;
	line[len] = '\0';
	lr->start += len + 1;
	lr->lineno++;
	return line;
}

size_t
lr_peek(struct lreader *lr, const char **p)
{
	while (!lr->eof && !lr->failed && lr->end - lr->start < 4096)
		if (lr_fill(lr) == -1)
			break;
	*p = lr->buf + lr->start;
	return lr->end - lr->start;
}

#ifdef SP_HAVE_LIBDEFLATE
/*
 * The whole gzip file of lr, inflated by libdeflate into a buffer for
 * lr_slurp.  Returns 0, or -1 (nothing reported, nothing kept) when zlib
 * must do it: not a regular gzip file, or anything libdeflate refuses.
 */
static int
slurp_deflate(struct lreader *lr, const struct stat *st, size_t max,
    char **data, size_t *len, size_t *cap)
{
	struct libdeflate_decompressor *d;
	unsigned char *in;
	char *out = NULL;
	size_t insz, inlen = 0, off = 0, n = 0, ocap = 0;
	uint32_t isize;
	int ok = 0;

	if ((uint64_t)st->st_size > (uint64_t)SIZE_MAX / 8 || st->st_size < 18)
		return -1;
	insz = (size_t)st->st_size;
	in = big_alloc(insz);
	/* 16 MiB at a time, for the progress line. */
	while (inlen < insz) {
		size_t want = insz - inlen > ((size_t)1 << 24) ? (size_t)1 << 24 :
		    insz - inlen;
		ssize_t r = pread(lr->fd, in + inlen, want, (off_t)inlen);

		if (r <= 0)
			break;
		inlen += (size_t)r;
		if (lr->progress)
			progress_set(inlen);
	}
	if (inlen != insz || in[0] != 0x1f || in[1] != 0x8b ||
	    (d = libdeflate_alloc_decompressor()) == NULL) {
		big_free(in, insz);
		return -1;
	}
	/* The last member's size (mod 2^32) is the whole for one member. */
	isize = (uint32_t)in[insz - 4] | (uint32_t)in[insz - 3] << 8 |
	    (uint32_t)in[insz - 2] << 16 | (uint32_t)in[insz - 1] << 24;
	ocap = (size_t)isize > insz * 4 ? (size_t)isize : insz * 4;
	if (ocap > max)
		ocap = max;
	out = big_alloc(ocap + 1);
	while (off < inlen) {
		size_t used, got;
		enum libdeflate_result r;

		r = libdeflate_gzip_decompress_ex(d, in + off, inlen - off,
		    out + n, ocap - n, &used, &got);
		if (r == LIBDEFLATE_INSUFFICIENT_SPACE && ocap < max) {
			size_t ncap = ocap > max / 2 ? max : ocap * 2;

			out = big_realloc(out, ocap + 1, ncap + 1);
			ocap = ncap;
			continue;
		}
		if (r != LIBDEFLATE_SUCCESS)
			goto out;
		off += used;
		n += got;
	}
	ok = 1;
out:
	libdeflate_free_decompressor(d);
	big_free(in, insz);
	if (!ok) {
		big_free(out, ocap + 1);
		return -1;
	}
	out[n] = '\0';
	*data = out;
	*len = n;
	*cap = ocap + 1;
	lr->eof = 1;
	lr->start = lr->end = 0;
	if (lr->progress)
		progress_end();
	return 0;
}
#endif

int
lr_slurp(struct lreader *lr, size_t max, char **data, size_t *len,
    size_t *cap)
{
	struct stat st;
	size_t n = lr->end - lr->start, bcap = (size_t)64 << 20;
	char *b;

	if (lr->failed)
		return -1;	/* reported when it happened */

	/*
	 * Reserve room for the whole input at once where its size can be
	 * guessed (the file's size, or four times it when compressed), so
	 * that the buffer rarely grows.
	 */
	if (fstat(lr->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
		uint64_t want;

#ifdef SP_HAVE_LIBDEFLATE
		/* Only from the very start: nothing may have been consumed. */
		if (!gzdirect(lr->gz) && lr->start == 0 && lr->lineno == 0 &&
		    slurp_deflate(lr, &st, max, data, len, cap) == 0)
			return 0;
#endif
		want = (uint64_t)st.st_size * (gzdirect(lr->gz) ? 1 : 4);

		bcap = want > max ? max : (size_t)want;
	}
	if (bcap < n + 4096)
		bcap = n + 4096;
	b = big_alloc(bcap + 1);
	memcpy(b, lr->buf + lr->start, n);
	lr->start = lr->end = 0;
	while (!lr->eof && !lr->failed) {
		int r;

		if (n == bcap) {
			if (bcap >= max + 1) {
				warnx("%s: too large: more than %zu MiB of data",
				    lr->name, max >> 20);
				big_free(b, bcap + 1);
				return -1;
			}
			b = big_realloc(b, bcap + 1, bcap * 2 + 1);
			bcap *= 2;
		}
		/* 16 MiB at a time: often enough for the progress line. */
		r = gzread(lr->gz, b + n, (unsigned)(bcap - n > (1U << 24) ?
		    (1U << 24) : bcap - n));
		if (r < 0 || (r == 0 && gz_check(lr->gz, lr->name) == -1)) {
			if (r < 0)
				gz_check(lr->gz, lr->name);
			big_free(b, bcap + 1);
			lr->failed = 1;
			return -1;
		}
		if (r == 0)
			lr->eof = 1;
		n += (size_t)r;
		lr_note(lr);
	}
	if (lr->progress)
		progress_end();
	if (n > max) {
		warnx("%s: too large: more than %zu MiB of data", lr->name,
		    max >> 20);
		big_free(b, bcap + 1);
		return -1;
	}
	b[n] = '\0';
	*data = b;
	*len = n;
	*cap = bcap + 1;
	return 0;
}

uint64_t
lr_lineno(const struct lreader *lr)
{
	return lr->lineno;
}

const char *
lr_name(const struct lreader *lr)
{
	return lr->name;
}

void
lr_set_name(struct lreader *lr, const char *name)
{
	lr->name = name;
}

void
lr_close(struct lreader *lr)
{
	if (lr == NULL)
		return;
	if (lr->progress)
		progress_end();
	gzclose(lr->gz);
	free(lr->buf);
	free(lr);
}

void
lr_fail(const struct lreader *lr, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s:%" PRIu64 ": ", getprogname(), lr_name(lr),
	    lr_lineno(lr));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}
