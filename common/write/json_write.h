/*
 * json_write.h: writing JSON text, fast, to a file or a gzip stream.
 *
 * The writer holds a buffer of its own and passes it on a large block at
 * a time, compressed (gzip, zlib's fastest level) or not.  It writes what
 * it is given: the caller puts the commas, brackets and keys.  Strings are
 * quoted and escaped as JSON wants; bytes that are not UTF-8 become U+FFFD
 * (JSON text is UTF-8, and a browser would do the same to them).
 *
 * Every write error ends the tool: a closed pipe quietly (as SIGPIPE
 * would), any other error with "prog: name: why", after removing the file
 * at path when path is not NULL (a half-written profile is no profile).
 */
#ifndef SP_JSON_WRITE_H
#define SP_JSON_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct gzout;

struct jw {
	char	*p, *end;	/* the free part of buf */
	char	*buf;
	FILE	*fp;
	struct gzout *gz;	/* NULL: plain */
	const char *name, *path;
};

/* Start writing to fp (called name in messages; path removed on error). */
struct jw *jw_open(FILE *fp, const char *name, const char *path, int gzip);
/*
 * Start writing to the file outpath, or standard output when it is NULL;
 * with gz_suffix, an outpath ending in ".gz" is written gzip-compressed.
 */
struct jw *jw_create(const char *outpath, int gz_suffix);
/* Write what is buffered, finish the gzip stream, close fp. */
void	 jw_close(struct jw *);

/* Make room for n more bytes at w->p (n at most JW_ROOM). */
#define JW_ROOM	4096
void	 jw_flush(struct jw *);

static inline void
jw_need(struct jw *w, size_t n)
{
	if ((size_t)(w->end - w->p) < n)
		jw_flush(w);
}

/* s[0..n) as it is: JSON the caller made. */
void	 jw_raw(struct jw *, const char *s, size_t n);

static inline void
jw_lit(struct jw *w, const char *s)
{
	jw_raw(w, s, strlen(s));
}

static inline void
jw_char(struct jw *w, int c)
{
	jw_need(w, 1);
	*w->p++ = (char)c;
}

/* s[0..n) as a JSON string, in quotes. */
void	 jw_str(struct jw *, const char *s, size_t n);

static inline void
jw_strz(struct jw *w, const char *s)
{
	jw_str(w, s, strlen(s));
}

/* "key": (a key the caller knows needs no escape). */
void	 jw_key(struct jw *, const char *key);

/* Integers. */
void	 jw_i64(struct jw *, int64_t);
void	 jw_u64(struct jw *, uint64_t);

/*
 * A finite double, written so that a JSON reader gets the same double
 * back: with up to 6 decimals when that is exact (times in ms with ns
 * digits, as sp writes them), else with 17 significant digits.  A value
 * that is not finite is written as null.
 */
void	 jw_double(struct jw *, double);

/* v / 10^decimals, exactly, as a decimal number (0 <= decimals <= 18). */
void	 jw_scaled(struct jw *, int64_t v, int decimals);

/* Appending to a caller's buffer of at least 24 bytes: returns the end. */
char	*jw_put_u64(char *p, uint64_t v);
char	*jw_put_i64(char *p, int64_t v);

#endif
