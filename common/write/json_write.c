/* json_write.c: JSON text to a file or a gzip stream; see json_write.h. */
#include <err.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "write/json_write.h"
#include "write/pb_write.h"
#include "base/util.h"

/* Large blocks: zlib and write(2) both like them. */
#define JW_BUF	(1 << 20)

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

struct jw *
jw_open(FILE *fp, const char *name, const char *path, int gzip)
{
	struct jw *w = xcalloc(1, sizeof(*w));

	w->buf = xmalloc(JW_BUF);
	w->p = w->buf;
	w->end = w->buf + JW_BUF;
	w->fp = fp;
	w->name = name;
	w->path = path;
	if (gzip)
		w->gz = gz_open(fp, name, path, Z_BEST_SPEED);
	return w;
}

struct jw *
jw_create(const char *outpath, int gz_suffix)
{
	FILE *fp;
	size_t n;

	if (outpath == NULL)
		return jw_open(stdout, "standard output", NULL, 0);
	if ((fp = fopen(outpath, "w")) == NULL)
		err(1, "%s", outpath);
	n = strlen(outpath);
	return jw_open(fp, outpath, outpath, gz_suffix && n > 3 &&
	    strcmp(outpath + n - 3, ".gz") == 0);
}

static void __attribute__((noreturn))
failed(struct jw *w)
{
	int e = errno == 0 ? EIO : errno;

	if (w->path != NULL)
		(void)unlink(w->path);
	if (e == EPIPE) {
		/* The reader went away: end as SIGPIPE would. */
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(1);
	}
	errno = e;
	err(1, "%s", w->name);
}

void
jw_flush(struct jw *w)
{
	size_t n = (size_t)(w->p - w->buf);

	if (n > 0) {
		if (w->gz != NULL)
			gz_write(w->gz, w->buf, n);
		else {
			errno = 0;
			if (fwrite(w->buf, 1, n, w->fp) != n)
				failed(w);
		}
	}
	w->p = w->buf;
}

void
jw_close(struct jw *w)
{
	jw_flush(w);
	if (w->gz != NULL)
		gz_close(w->gz);	/* checks and closes fp */
	else {
		errno = 0;
		if (fflush(w->fp) == EOF || ferror(w->fp))
			failed(w);
		if (fclose(w->fp) == EOF)
			failed(w);
	}
	free(w->buf);
	free(w);
}

void
jw_raw(struct jw *w, const char *s, size_t n)
{
	while (n > 0) {
		size_t room = (size_t)(w->end - w->p), k = n < room ? n : room;

		memcpy(w->p, s, k);
		w->p += k;
		s += k;
		n -= k;
		if (n > 0)
			jw_flush(w);
	}
}

/*
 * The UTF-8 sequence at s (at most n bytes): its length, or 0 when it is
 * not one (RFC 3629: no overlong forms, surrogates or code points past
 * U+10FFFF), with *bad then the number of bytes that one U+FFFD replaces:
 * the lead byte and the continuation bytes that could still have followed
 * it, as the Encoding Standard's decoder (and so a browser) does.
 */
static size_t
utf8_len(const unsigned char *s, size_t n, size_t *bad)
{
	unsigned c = s[0], lo = 0x80, hi = 0xbf;
	size_t need, i;

	*bad = 1;
	if (c >= 0xc2 && c <= 0xdf)
		need = 1;
	else if (c >= 0xe0 && c <= 0xef) {
		need = 2;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 3;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else
		return 0;
	for (i = 1; i <= need; i++) {
		if (i >= n || s[i] < lo || s[i] > hi) {
			*bad = i;
			return 0;
		}
		lo = 0x80;
		hi = 0xbf;
	}
	return need + 1;
}

void
jw_str(struct jw *w, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str, *end = s + n;

	jw_char(w, '"');
	while (s < end) {
		const unsigned char *q = s;
		size_t len;

		/* The run of bytes that go out as they are. */
		while (q < end && *q >= 0x20 && *q < 0x80 && *q != '"' &&
		    *q != '\\')
			q++;
		if (q > s) {
			jw_raw(w, (const char *)s, (size_t)(q - s));
			s = q;
			if (s == end)
				break;
		}
		jw_need(w, 8);
		if (*s >= 0x80) {
			size_t bad;

			len = utf8_len(s, (size_t)(end - s), &bad);
			if (len == 0) {
				/* U+FFFD REPLACEMENT CHARACTER */
				memcpy(w->p, "\xef\xbf\xbd", 3);
				w->p += 3;
				s += bad;
			} else {
				memcpy(w->p, s, len);
				w->p += len;
				s += len;
			}
			continue;
		}
		*w->p++ = '\\';
		switch (*s) {
		case '"':  *w->p++ = '"'; break;
		case '\\': *w->p++ = '\\'; break;
		case '\n': *w->p++ = 'n'; break;
		case '\t': *w->p++ = 't'; break;
		case '\r': *w->p++ = 'r'; break;
		default:
			memcpy(w->p, "u00", 3);
			w->p[3] = hex[*s >> 4];
			w->p[4] = hex[*s & 15];
			w->p += 5;
			break;
		}
		s++;
	}
	jw_char(w, '"');
}

void
jw_key(struct jw *w, const char *key)
{
	size_t n = strlen(key);

	jw_need(w, n + 3);
	*w->p++ = '"';
	memcpy(w->p, key, n);
	w->p += n;
	*w->p++ = '"';
	*w->p++ = ':';
}

static const uint64_t pow10[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL, 1000000000000000000ULL,
	10000000000000000000ULL
};

/*
 * The digits are written in place, last first, after counting them: no
 * copy of a few bytes through memcpy per number (millions of numbers).
 */
char *
jw_put_u64(char *p, uint64_t v)
{
	/* The digits: log10 from the bit length, then one comparison. */
	int n = v == 0 ? 1 : (64 - __builtin_clzll(v)) * 1233 >> 12;
	char *e;

	if (n < 20 && v >= pow10[n])
		n++;
	if (n == 0)
		n = 1;
	e = p + n;
	p = e;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);

		v /= 100;
		*--p = digit_pairs[2 * r + 1];
		*--p = digit_pairs[2 * r];
	}
	if (v >= 10) {
		*--p = digit_pairs[2 * v + 1];
		*--p = digit_pairs[2 * v];
	} else
		*--p = (char)('0' + v);
	return e;
}

char *
jw_put_i64(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return jw_put_u64(p, -(uint64_t)v);
	}
	return jw_put_u64(p, (uint64_t)v);
}

void
jw_u64(struct jw *w, uint64_t v)
{
	jw_need(w, 24);
	w->p = jw_put_u64(w->p, v);
}

void
jw_i64(struct jw *w, int64_t v)
{
	jw_need(w, 24);
	w->p = jw_put_i64(w->p, v);
}

void
jw_scaled(struct jw *w, int64_t v, int decimals)
{
	uint64_t u, pow = pow10[decimals], ip, fp;
	char *p;

	jw_need(w, 48);
	p = w->p;
	if (v < 0) {
		*p++ = '-';
		u = -(uint64_t)v;
	} else
		u = (uint64_t)v;
	ip = u / pow;
	fp = u % pow;
	p = jw_put_u64(p, ip);
	if (fp != 0) {
		*p++ = '.';
		for (int i = decimals - 1; i >= 0; i--) {
			p[i] = (char)('0' + fp % 10);
			fp /= 10;
		}
		p += decimals;
		while (p[-1] == '0')
			p--;
	}
	w->p = p;
}

void
jw_double(struct jw *w, double d)
{
	double m;
	long long n;

	if (!isfinite(d)) {
		jw_lit(w, "null");
		return;
	}
	/*
	 * d = n / 10^6 exactly as a reader parses it when the division, which
	 * rounds correctly as the reader's parse does, gives d back.
	 */
	m = d * 1e6;
	if (fabs(m) < 9e15) {
		n = llround(m);
		if ((double)n / 1e6 == d) {
			jw_scaled(w, n, 6);
			return;
		}
	}
	jw_need(w, 32);
	w->p += snprintf(w->p, 32, "%.17g", d);
}
