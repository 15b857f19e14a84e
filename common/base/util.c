/* util.c: checked allocation, number parsing and the stdout check. */
#ifdef __linux__
#define _GNU_SOURCE	/* F_SETPIPE_SZ */
#endif
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		err(1, "out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		err(1, "out of memory");
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t sz)
{
	p = reallocarray(p, n ? n : 1, sz ? sz : 1);
	if (p == NULL)
		err(1, "out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		err(1, "out of memory");
	return p;
}

char *
xmemdup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void
xgrow(void *arrp, size_t *cap, size_t need, size_t sz)
{
	void **arr = arrp;
	size_t n = *cap;

	if (need <= n)
		return;
	if (n < 16)
		n = 16;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			errx(1, "out of memory");
		n *= 2;
	}
	*arr = xreallocarray(*arr, n, sz);
	*cap = n;
}

void
big_stdout(void)
{
	static char buf[(size_t)1 << 18];
	struct stat st;

	/*
	 * With a NULL buffer glibc keeps its own of st_blksize bytes (4 KiB
	 * on a pipe or /dev/null) whatever size is asked: give it one, or
	 * a million-line stream costs a write(2) per 4 KiB.
	 */
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
#ifdef F_SETPIPE_SZ
	if (fstat(STDOUT_FILENO, &st) == 0 && S_ISFIFO(st.st_mode))
		(void)fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);
#else
	(void)st;
#endif
}

static void
stdout_failed(void)
{
	if (errno == EPIPE) {
		/* The reader went away (| head): end as SIGPIPE would. */
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(1);
	}
	err(1, "standard output");
}

void
check_stdout(void)
{
	if (ferror(stdout)) {
		if (errno == 0)
			errno = EIO;
		stdout_failed();
	}
}

void
finish_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == EOF || ferror(stdout)) {
		if (errno == 0)
			errno = EIO;
		stdout_failed();
	}
	if (fclose(stdout) == EOF) {
		if (errno == 0)
			errno = EIO;
		stdout_failed();
	}
}

int
has_prefix(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s, p, k) == 0;
}

int
has_suffix(const char *s, size_t n, const char *p)
{
	size_t k = strlen(p);

	return n >= k && memcmp(s + n - k, p, k) == 0;
}

char *
fmt_count(char *dst, size_t sz, uint64_t v)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof(tmp), "%" PRIu64, v);
	size_t j = 0;

	for (int i = 0; i < n && j + 1 < sz; i++) {
		if (i > 0 && (n - i) % 3 == 0 && j + 2 < sz)
			dst[j++] = ',';
		dst[j++] = tmp[i];
	}
	dst[j] = '\0';
	return dst;
}

int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
parse_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	if (n == 0)
		return -1;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		if (n > 18)
			return -1;
		for (i = 2; i < n; i++) {
			int d = hex_digit((unsigned char)s[i]);

			if (d < 0)
				return -1;
			v = v << 4 | (uint64_t)d;
		}
		*out = v;
		return 0;
	}
	for (; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

int
parse_i64(const char *s, size_t n, int64_t *out)
{
	uint64_t v;
	int neg = 0;

	if (n > 0 && s[0] == '-') {
		neg = 1;
		s++;
		n--;
	}
	if (n == 0 || (n > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
		return -1;
	if (parse_u64(s, n, &v) == -1)
		return -1;
	if (neg) {
		if (v > (uint64_t)INT64_MAX + 1)
			return -1;
		*out = v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v;
	} else {
		if (v > INT64_MAX)
			return -1;
		*out = (int64_t)v;
	}
	return 0;
}

/*
 * A plain decimal (digits, an optional fraction and exponent) as its
 * digits m (at most 19 of them) and power of ten *e; 0, or -1 when it has
 * more digits or is not one.
 */
static int
split_decimal(const char *s, size_t n, uint64_t *m, int *e, int *neg)
{
	uint64_t v = 0;
	size_t i = 0;
	int digits = 0, x10 = 0;

	*neg = 0;
	if (i < n && s[i] == '-') {
		*neg = 1;
		i++;
	}
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++)
		v = v * 10 + (uint64_t)(s[i] - '0');
	if (digits == 0)
		return -1;
	if (i < n && s[i] == '.') {
		int frac = 0;

		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, frac++) {
			v = v * 10 + (uint64_t)(s[i] - '0');
			digits++;
		}
		if (frac == 0)
			return -1;
		x10 -= frac;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		int x = 0, xneg = 0, xd = 0;

		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			xneg = s[i++] == '-';
		for (; i < n && s[i] >= '0' && s[i] <= '9' && xd < 5; i++, xd++)
			x = x * 10 + (s[i] - '0');
		if (xd == 0 || xd == 5)
			return -1;
		x10 += xneg ? -x : x;
	}
	if (i != n || digits > 19)
		return -1;
	*m = v;
	*e = x10;
	return 0;
}

/*
 * A decimal whose digits fit in 2^53 and whose power of ten is at most 22
 * converts exactly with one multiplication or division (Clinger's fast
 * path): the case of almost every number in a profile.
 */
int
parse_double_exact(const char *s, size_t n, double *out)
{
	static const double pow10[] = {
		1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
	};
	uint64_t m;
	int e, neg;
	double d;

	if (split_decimal(s, n, &m, &e, &neg) == -1 ||
	    m > ((uint64_t)1 << 53) || e < -22 || e > 22)
		return -1;
	d = (double)m;
	d = e < 0 ? d / pow10[-e] : d * pow10[e];
	*out = neg ? -d : d;
	return 0;
}

int
decimal_to_double(uint64_t m, int e, double *out)
{
#if LDBL_MANT_DIG >= 64
	/* Powers of ten to 10^27 are exact in 64 bits (5^27 < 2^63). */
	static const long double pow10[] = {
		1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L,
		1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L,
		1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L
	};
	long double x;
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	uint64_t sig;
#else
	long double f;
	int ex;
#endif

	if (e < -27 || e > 27)
		return -1;
	/* m is exact, and so is the power: x is m * 10^e rounded once. */
	x = e < 0 ? (long double)m / pow10[-e] : (long double)m * pow10[e];
	/*
	 * Rounding x again to 53 bits gives the double nearest m * 10^e
	 * unless x lies exactly halfway between two doubles: a double's
	 * halfway point is itself a long double, so were it strictly
	 * between x and m * 10^e, it would be nearer than x, which x is
	 * not.  Halfway (the 54th bit set, none below) goes to strtod.
	 */
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	/* x87's format: the 64-bit significand first, its bit 63 set. */
	memcpy(&sig, &x, sizeof(sig));
	if ((sig & 0x7ff) == 0x400)
		return -1;
#else
	f = ldexpl(frexpl(x, &ex), 54);
	if (f == 0 || fmodl(f, 2) == 1)
		return -1;
#endif
	*out = (double)x;
	return 0;
#else
	(void)m;
	(void)e;
	(void)out;
	return -1;
#endif
}

int
parse_double(const char *s, size_t n, double *out)
{
	char tmp[64], *p, *end;
	uint64_t m;
	int e, neg, bad;

	if (parse_double_exact(s, n, out) == 0)
		return 0;
	/* More digits than 2^53, as times often have: still no strtod. */
	if (split_decimal(s, n, &m, &e, &neg) == 0 && m != 0 &&
	    decimal_to_double(m, e, out) == 0) {
		if (neg)
			*out = -*out;
		return 0;
	}
	if (n == 0)
		return -1;
	/* Any length: sample_nums.h takes every run of digits for a time. */
	p = n < sizeof(tmp) ? tmp : xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	errno = 0;
	*out = strtod(p, &end);
	bad = end != p + n || errno == ERANGE;
	if (p != tmp)
		free(p);
	return bad ? -1 : 0;
}
