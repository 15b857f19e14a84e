/*
 * json_tokenize.c: sp's JSON tokenizer, a strict syntax check (RFC 8259) and
 * tokenizer in one pass.
 *
 * A profile shared by a stranger may be anything, so the whole document is
 * checked and the first error named with its byte offset: "[1,,3]",
 * "[1 2]", trailing commas, "tru" and "1e" are refused (jsmn, which sp used
 * before, took them all).  The pass keeps one byte and one token index per
 * open bracket and never recurses; nesting deeper than JSON_MAX_DEPTH is
 * refused.
 *
 * The tokens are jsmn's (json.h): document order, strings without their
 * quotes, a key's size 1, a container's size its elements (an object's:
 * its keys).  With packing asked for, numeric arrays become packs instead
 * of a token per element: the innermost open array stays a candidate while
 * it holds only nulls and numbers that read as json_double() reads them
 * (integers only when a double holds them exactly, for json_int()), and
 * their values go to the end of j->pi while they are all 32-bit integers
 * (narrowed to 16 or 8 bits when the pack closes, if they fit), to j->pv
 * once one is not.  A candidate that closes with JSON_PACK_MIN
 * values or more becomes a pack (its token's size 0, its pack in the
 * token); one dropped (something else turned up in it, or it closed short)
 * has its values scanned again into tokens, which costs little: a
 * candidate is almost always dropped at its first element or closes a few
 * values long.
 *
 * One job, the one pass; its length is the packing of numeric arrays
 * (the fast paths that read eight digits at a time and the narrowing of
 * packs), kept beside the pass whose state it shares.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "base/bigmem.h"
#include "json/json.h"
#include "base/util.h"

#define JSON_MAX_DEPTH	4096

/* Most packs a document may have: the token keeps the index in 24 bits. */
#define JSON_MAX_PACKS	0xfffffe

static inline const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
		p++;
	return p;
}

static int
is_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/* Bytes that end the plain run of a string: '"', '\\' and controls. */
static const unsigned char str_stop[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['"'] = 1, ['\\'] = 1,
};

/* A string at p (on its opening quote); its closing quote, or NULL. */
static const char *
scan_string(const char *p, const char *end, const char **why)
{
	for (p++; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (!str_stop[c])
			continue;
		if (c == '"')
			return p;
		if (c < 0x20) {
			*why = "control character in a string";
			return NULL;
		}
		if (++p >= end)
			break;
		switch (*p) {
		case '"': case '\\': case '/': case 'b': case 'f': case 'n':
		case 'r': case 't':
			break;
		case 'u':
			if (end - p < 5 || !is_hex(p[1]) || !is_hex(p[2]) ||
			    !is_hex(p[3]) || !is_hex(p[4])) {
				*why = "bad \\u escape in a string";
				return NULL;
			}
			p += 4;
			break;
		default:
			*why = "bad escape in a string";
			return NULL;
		}
	}
	*why = "truncated JSON (unexpected end of data)";
	return NULL;
}

static const char *
scan_digits(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return q == p ? NULL : q;
}

/* A number at p; the byte after it, or NULL. */
static const char *
scan_number(const char *p, const char *end, const char **why)
{
	*why = "bad number";
	if (p < end && *p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if ((p = scan_digits(p, end)) == NULL)
		return NULL;
	if (p < end && *p == '.' && (p = scan_digits(p + 1, end)) == NULL)
		return NULL;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if ((p = scan_digits(p, end)) == NULL)
			return NULL;
	}
	return p;
}

/* Is the number p..q written without a fraction or an exponent? */
static int
integral_syntax(const char *p, const char *q)
{
	for (; p < q; p++)
		if (*p == '.' || *p == 'e' || *p == 'E')
			return 0;
	return 1;
}

static const double pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19
};

/*
 * A plain number at p, the common case of a packed array: an optional
 * '-', at most 19 digits with an optional fraction, no exponent.  Returns
 * the byte after it with *iv set (1: an integer of at most 9 digits, not
 * -0) or *dv (2: the value parse_double() gives it), or NULL when it
 * is anything else (an exponent, a bad number, more digits), which
 * scan_number and parse_double then judge.
 */
static inline const char *
fast_num(const char *p, const char *end, int *kind, int32_t *iv,
    double *dv)
{
	const char *q, *d0;
	uint64_t m;
	int neg = 0, frac = 0;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (p == end || *p < '0' || *p > '9')
		return NULL;
	d0 = p;
	m = (uint64_t)(*p - '0');
	q = p + 1;
	if (m != 0)
		while (q < end && *q >= '0' && *q <= '9' && q - d0 < 19)
			m = m * 10 + (uint64_t)(*q++ - '0');
	if (q < end && *q == '.') {
		const char *f = ++q;

		while (q < end && *q >= '0' && *q <= '9' && q - d0 < 20)
			m = m * 10 + (uint64_t)(*q++ - '0');
		frac = (int)(q - f);
		if (frac == 0)
			return NULL;
	}
	if (q < end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' ||
	    *q == 'E'))
		return NULL;
	if (frac == 0 && q - d0 <= 9 && !(neg && m == 0)) {
		*kind = 1;
		*iv = neg ? -(int32_t)m : (int32_t)m;
		return q;
	}
	*kind = 2;
	if (m > ((uint64_t)1 << 53)) {
		/*
		 * A time of 17 digits (samply's shortest round trip of a sum):
		 * one extended division, not strtod.  Integers stay tokens.
		 */
		if (frac == 0 || decimal_to_double(m, -frac, dv) == -1)
			return NULL;
	} else
		*dv = (double)m / pow10[frac];
	if (neg)
		*dv = -*dv;
	return q;
}

/* The tokenizing state: the document's tokens go to j->t. */
static int
new_tok(struct json *j, int type, size_t start)
{
	jsmntok_t *t;

	if ((size_t)j->n == j->tcap) {
		size_t ncap = j->tcap * 2;

		j->t = big_realloc(j->t, j->tcap * sizeof(*j->t),
		    ncap * sizeof(*j->t));
		j->tcap = ncap;
	}
	t = &j->t[j->n];
	t->type = (unsigned)type;
	t->pack = 0;
	t->start = (int)start;
	t->end = (int)start;
	t->size = 0;
	return j->n++;
}

/* The innermost open array while it may become a pack. */
struct cand {
	int	 depth;		/* its depth, or -1 when there is none */
	int	 tok;		/* its token */
	size_t	 start;		/* its '[' */
	int	 is32;		/* every value so far in j->pi */
	int	 negzero;	/* a -0 among them, kept there as 0 */
	size_t	 off;		/* its first value in j->pi or j->pv */
	size_t	 n;		/* values so far */
};

static void
grow_pi(struct json *j, size_t n)
{
	size_t ncap;

	if (j->npi + n <= j->picap)
		return;
	ncap = j->picap ? j->picap : (size_t)1 << 16;
	while (ncap < j->npi + n)
		ncap *= 2;
	j->pi = big_realloc(j->pi, j->picap * sizeof(*j->pi),
	    ncap * sizeof(*j->pi));
	j->picap = ncap;
}

static void
grow_pv(struct json *j, size_t n)
{
	size_t ncap;

	if (j->npv + n <= j->pvcap)
		return;
	ncap = j->pvcap ? j->pvcap : (size_t)1 << 16;
	while (ncap < j->npv + n)
		ncap *= 2;
	j->pv = big_realloc(j->pv, j->pvcap * sizeof(*j->pv),
	    ncap * sizeof(*j->pv));
	j->pvcap = ncap;
}

static inline void
add_int(struct json *j, struct cand *c, int32_t v)
{
	if (c->is32) {
		if (j->npi == j->picap)
			grow_pi(j, 1);
		j->pi[j->npi++] = v;
	} else {
		if (j->npv == j->pvcap)
			grow_pv(j, 1);
		j->pv[j->npv++] = v == JSON_PACK_NULL32 ? (double)NAN :
		    (double)v;
	}
	c->n++;
}

/*
 * The candidate's values so far go from j->pi to j->pv, with the -0s that
 * j->pi could only keep as 0 found again in s.
 */
static void
to_doubles(struct json *j, struct cand *c, const char *s, const char *end)
{
	const char *p, *q, *why;

	grow_pv(j, c->n + 1);
	for (size_t i = 0; i < c->n; i++) {
		int32_t x = j->pi[c->off + i];

		j->pv[j->npv + i] = x == JSON_PACK_NULL32 ? (double)NAN :
		    (double)x;
	}
	p = s + c->start + 1;
	for (size_t i = 0; c->negzero && i < c->n; i++) {
		p = skip_ws(p, end);
		q = *p == 'n' ? p + 4 : scan_number(p, end, &why);
		if (*p == '-' && j->pv[j->npv + i] == 0)
			j->pv[j->npv + i] = -0.0;
		p = skip_ws(q, end) + 1;	/* past the ',' */
	}
	j->npi = c->off;
	c->off = j->npv;
	j->npv += c->n;
	c->is32 = 0;
}

/* A value that is no plain small integer (NaN: null). */
static void
add_double(struct json *j, struct cand *c, double v, const char *s,
    const char *end)
{
	if (c->is32) {
		if (isnan(v)) {
			add_int(j, c, JSON_PACK_NULL32);
			return;
		}
		if (v > INT32_MIN && v <= INT32_MAX &&
		    v == (double)(int32_t)v) {
			if (v == 0 && signbit(v))
				c->negzero = 1;
			add_int(j, c, (int32_t)v);
			return;
		}
		/* Not every value is a small integer: all go to j->pv. */
		to_doubles(j, c, s, end);
	}
	if (j->npv == j->pvcap)
		grow_pv(j, 1);
	j->pv[j->npv++] = v;
	c->n++;
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * Runs of numbers a block at a time.  Read a byte at a time, each number's
 * end was known only once its digits were read, and the next number began
 * there: one long chain of dependent loads and compares per number (about
 * 30 cycles each on pkboost-k9, 300 MB/s).  Here the commas of 64 bytes
 * are found first, so every number's bounds are known before its digits
 * are read, and the numbers of a block are read independently of each
 * other; the digits are read 8 bytes at a time in a 64-bit word (SWAR).
 * Any little-endian machine; SSE2 sorts the bytes where there is SSE2
 * (SP_NO_SSE2 builds the plain C instead, to test it on x86-64).
 */
#define NUM_RUN	1

static const uint64_t pow10i[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000
};

/*
 * The 64 bytes at p: bit i of *comma set when p[i] is ',', of *digit when
 * it is a digit, of *zero when it is '0', of *dot when it is '.'.
 */
static inline void
classify64(const char *p, uint64_t *comma, uint64_t *digit, uint64_t *zero,
    uint64_t *dot)
{
#if defined(__SSE2__) && !defined(SP_NO_SSE2)
	const __m128i cc = _mm_set1_epi8(','), c0 = _mm_set1_epi8('0');
	const __m128i cp = _mm_set1_epi8('.');
	const __m128i lo = _mm_set1_epi8('0' - 1), hi = _mm_set1_epi8('9' + 1);
	uint64_t mc = 0, md = 0, mz = 0, mp = 0;

	for (int i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16 * i));
		/* Signed: bytes from 0x80 up are below '0'. */
		__m128i dg = _mm_and_si128(_mm_cmpgt_epi8(v, lo),
		    _mm_cmplt_epi8(v, hi));

		mc |= (uint64_t)(uint16_t)_mm_movemask_epi8(
		    _mm_cmpeq_epi8(v, cc)) << (16 * i);
		md |= (uint64_t)(uint16_t)_mm_movemask_epi8(dg) << (16 * i);
		mz |= (uint64_t)(uint16_t)_mm_movemask_epi8(
		    _mm_cmpeq_epi8(v, c0)) << (16 * i);
		mp |= (uint64_t)(uint16_t)_mm_movemask_epi8(
		    _mm_cmpeq_epi8(v, cp)) << (16 * i);
	}
	*comma = mc;
	*digit = md;
	*zero = mz;
	*dot = mp;
#else
	/*
	 * The same in plain C, 8 bytes in a word, each test giving the high
	 * bit of each byte it holds for, with no carry between bytes: the
	 * low 7 bits of a byte plus at most 0x7f stay in the byte.
	 */
	const uint64_t h = 0x8080808080808080u, l7 = 0x7f7f7f7f7f7f7f7fu;
	uint64_t mc = 0, md = 0, mz = 0, mp = 0;

	for (int i = 0; i < 8; i++) {
		uint64_t v, t, c, z, d, e;

		memcpy(&v, p + 8 * i, 8);
		t = v & l7;
		c = v ^ 0x2c2c2c2c2c2c2c2cu;		/* 0 where ',' */
		c = ~(((c & l7) + l7) | c) & h;
		z = v ^ 0x3030303030303030u;		/* 0 where '0' */
		z = ~(((z & l7) + l7) | z) & h;
		e = v ^ 0x2e2e2e2e2e2e2e2eu;		/* 0 where '.' */
		e = ~(((e & l7) + l7) | e) & h;
		/* From 0x30 (t + 0x50 reaches 0x80) to 0x39 (t + 0x46 not). */
		d = (t + 0x5050505050505050u) & ~(t + 0x4646464646464646u) &
		    ~v & h;
		/* The high bits gathered into one byte, in order. */
		mc |= ((c >> 7) * 0x0102040810204080u >> 56) << (8 * i);
		mz |= ((z >> 7) * 0x0102040810204080u >> 56) << (8 * i);
		md |= ((d >> 7) * 0x0102040810204080u >> 56) << (8 * i);
		mp |= ((e >> 7) * 0x0102040810204080u >> 56) << (8 * i);
	}
	*comma = mc;
	*digit = md;
	*zero = mz;
	*dot = mp;
#endif
}

/*
 * How many of the 8 bytes at p are digits before the first that is not
 * (0 to 8), the bytes in *x.  A byte is a digit when it and it + 6 both
 * have 3 in their high nibble; a carry out of a byte from 0xfa up changes
 * only the bytes after it, which no longer count.
 */
static inline int
digit_run8(const char *p, uint64_t *x)
{
	uint64_t v, bad;

	memcpy(&v, p, 8);
	*x = v;
	bad = ((v & 0xf0f0f0f0f0f0f0f0u) |
	    ((v + 0x0606060606060606u) & 0xf0f0f0f0f0f0f0f0u) >> 4) ^
	    0x3333333333333333u;
	return bad == 0 ? 8 : __builtin_ctzll(bad) >> 3;
}

/*
 * The value of the first n (1 to 8) digits in x: shifted to the top they
 * are the last digits of an 8-digit number with leading zeros, whose
 * digits are added in pairs, the pairs in fours, the fours in one, each
 * step by one multiplication.
 */
static inline uint64_t
digits_value(uint64_t x, int n)
{
	x <<= 8 * (8 - n);
	x = (x & 0x0f0f0f0f0f0f0f0fu) * 2561 >> 8;
	x = (x & 0x00ff00ff00ff00ffu) * 6553601 >> 16;
	return (x & 0x0000ffff0000ffffu) * 42949672960001u >> 32;
}

/*
 * The number p[0..len), when it is a plain one that fast_num reads (an
 * optional '-', 1 to 8 digits, or 1 to 7 and a '.' and 1 to 7 more, no
 * leading 0 before a digit), with the value fast_num gives it: 1 and *iv,
 * 2 and *dv; 0 for anything else.  8 bytes past p + len are readable.
 */
static inline int
known_num(const char *p, long len, int32_t *iv, double *dv)
{
	uint64_t x, y, m;
	int neg = *p == '-', n, nf, lead0;
	const char *d = p + neg;

	len -= neg;
	if (len < 1 || len > 15)
		return 0;
	n = digit_run8(d, &x);
	/*
	 * Bitwise, not by branches: whether a value is 0, or begins with
	 * one, is as good as random in a column of times or CPU deltas.
	 */
	lead0 = (*d == '0') & (n > 1);
	if (n == len) {
		if (lead0)
			return 0;
		m = digits_value(x, n);
		*iv = (int32_t)m;
		if (neg) {
			if (m == 0) {
				*dv = -0.0;
				return 2;
			}
			*iv = -*iv;
		}
		return 1;
	}
	nf = digit_run8(d + n + 1, &y);
	if (lead0 | (n == 0) | (n == 8) | (d[n] != '.') | (nf == 0) |
	    (nf == 8) | (nf != len - n - 1))
		return 0;
	m = digits_value(x, n) * pow10i[nf] + digits_value(y, nf);
	/* At most 14 digits: m is exact in a double, as fast_num reads it. */
	*dv = (double)m / pow10[nf];
	if (neg)
		*dv = -*dv;
	return 2;
}

/*
 * The number p[0..len) of a block of digits, commas and '.'s that passed
 * num_run's checks, the block's '.'s from p on in dots (bit i: p[i]): 1
 * with its value as fast_num reads it in *v when it is an integer of up
 * to 8 digits or has one '.' with 1 to 7 digits on either side (at most
 * 14 digits: exact in a double before the one division); 0 for anything
 * else.  16 bytes from p are readable.
 */
static inline int
block_double(const char *p, int len, uint64_t dots, double *v)
{
	uint64_t pt = dots & (((uint64_t)1 << len) - 1), x, y;
	int n, nf;

	memcpy(&x, p, 8);
	if (pt == 0) {
		if (len > 8)
			return 0;
		*v = (double)digits_value(x, len);
		return 1;
	}
	n = __builtin_ctzll(pt);
	nf = len - n - 1;
	if ((pt & (pt - 1)) != 0 || n > 7 || nf < 1 || nf > 7)
		return 0;
	if (len <= 8) {
		/* All in x: the digits after the '.' moved down over it. */
		y = x >> 8 * (n + 1) << 8 * n;
		x = digits_value((x & (((uint64_t)1 << 8 * n) - 1)) | y,
		    n + nf);
	} else {
		memcpy(&y, p + n + 1, 8);
		x = digits_value(x, n) * pow10i[nf] + digits_value(y, nf);
	}
	*v = (double)x / pow10[nf];
	return 1;
}

/*
 * The numbers at p read as the loop of json_tokenize reads them, while
 * each is a plain number followed by a ',' and another number's first
 * byte; the first number not so read, where that loop goes on.
 */
static const char *
num_run(struct json *j, struct cand *c, const char *p, const char *end,
    const char *s)
{
	int32_t v;
	double d;

	/* Not even one number here (a null, most likely): no block read. */
	if (!(*p == '-' || (*p >= '0' && *p <= '9')))
		return p;
	while (end - p >= 64 + 16) {
		const char *base = p;
		uint64_t m, dg, zr, dt;
		int ok, num, dnum;

		classify64(p, &m, &dg, &zr, &dt);
		num = (m | dg) == ~(uint64_t)0;
		dnum = (m | dg | dt) == ~(uint64_t)0;
		/*
		 * Blocks of digits, commas and, in a pack of doubles, '.'s
		 * are read by the loops below with no other check than each
		 * number's length and its '.'s; what they need of the block is
		 * checked here at once: no empty number, a digit first in
		 * each (so also after each comma but the last byte's, which
		 * is left to the next block), no leading 0 before a digit.
		 */
		ok = (m & 1) == 0 && (m & m >> 1) == 0 &&
		    (zr & (m << 1 | 1) & dg >> 1) == 0 &&
		    (dt & (m << 1 | 1)) == 0 &&
		    (m &= ~((uint64_t)1 << 63)) != 0;
		if (ok && c->is32 && num) {
			int32_t *out;
			size_t n0;

			/* At most 32 numbers end at the commas of 64 bytes. */
			if (j->npi + 32 > j->picap)
				grow_pi(j, 32);
			out = j->pi + j->npi;
			n0 = j->npi;
			do {
				const char *q = base + __builtin_ctzll(m);
				uint64_t x;

				if (q - p > 8)
					break;
				memcpy(&x, p, 8);
				*out++ = (int32_t)digits_value(x, (int)(q - p));
				p = q + 1;
				m &= m - 1;
			} while (m != 0);
			j->npi = (size_t)(out - j->pi);
			c->n += j->npi - n0;
			if (m != 0)
				return p;
			continue;
		}
		if (ok && !c->is32 && dnum) {
			double *out;
			size_t n0;

			if (j->npv + 32 > j->pvcap)
				grow_pv(j, 32);
			out = j->pv + j->npv;
			n0 = j->npv;
			do {
				int a = (int)(p - base), e = __builtin_ctzll(m);

				if (!block_double(p, e - a, dt >> a, out))
					break;
				out++;
				p = base + e + 1;
				m &= m - 1;
			} while (m != 0);
			j->npv = (size_t)(out - j->pv);
			c->n += j->npv - n0;
			if (m != 0)
				return p;
			continue;
		}
		if (m == 0)
			break;
		do {
			const char *q = base + __builtin_ctzll(m), *r = q + 1;
			int k = known_num(p, q - p, &v, &d);

			/*
			 * Blanks after the comma (JSON written to be read)
			 * lead to where json_tokenize would go on too: the
			 * next value, when it is a number.  (No comma is
			 * among them: the next one in m is still the next.)
			 */
			if (*r == ' ' || *r == '\n' || *r == '\r' || *r == '\t')
				r = skip_ws(r, end);
			if (k == 0 || r == end || !(*r == '-' ||
			    (*r >= '0' && *r <= '9')))
				return p;
			if (k == 1)
				add_int(j, c, v);
			else
				add_double(j, c, d, s, end);
			p = r;
			m &= m - 1;
		} while (m != 0);
	}
	return p;
}
#endif

/*
 * The candidate is no pack: forget its values and give each of them (all
 * numbers or nulls, checked already) a token instead.
 */
static void
drop(struct json *j, struct cand *c, const char *s, const char *end)
{
	const char *p, *q, *why;
	int k;

	if (c->depth < 0)
		return;
	if (c->is32)
		j->npi = c->off;
	else
		j->npv = c->off;
	p = s + c->start + 1;
	for (size_t i = 0; i < c->n; i++) {
		p = skip_ws(p, end);
		q = *p == 'n' ? p + 4 : scan_number(p, end, &why);
		k = new_tok(j, JSMN_PRIMITIVE, (size_t)(p - s));
		j->t[k].end = (int)(q - s);
		p = skip_ws(q, end);
		p++;	/* the ',' */
	}
	j->t[c->tok].size += (int)c->n;
	c->depth = -1;
}

/*
 * The candidate's 32-bit integers rewritten in place in the fewest bytes
 * that hold them all (nulls as the width's smallest value); the width,
 * and their bounds in pk.
 */
static int
narrow(struct json *j, struct cand *c, struct json_pack *pk)
{
	const int32_t *v = j->pi + c->off;
	unsigned char *b = (unsigned char *)(j->pi + c->off);
	int32_t lo = 0, hi = 0;
	size_t i = 0, n = c->n;

#if defined(__SSE2__) && !defined(SP_NO_SSE2)
	/*
	 * Four values a step (a pack is a column of a million samples): the
	 * nulls count as 0, as lo and hi begin there; SSE2 has no signed
	 * min and max of 32 bits, so a compare and a select.
	 */
	{
		const __m128i nul = _mm_set1_epi32(JSON_PACK_NULL32);
		__m128i vlo = _mm_setzero_si128(), vhi = _mm_setzero_si128();
		int32_t l4[4], h4[4];

		for (; i + 4 <= n; i += 4) {
			__m128i x = _mm_loadu_si128((const __m128i *)
			    (const void *)(v + i)), g;

			x = _mm_andnot_si128(_mm_cmpeq_epi32(x, nul), x);
			g = _mm_cmpgt_epi32(vlo, x);
			vlo = _mm_or_si128(_mm_and_si128(g, x),
			    _mm_andnot_si128(g, vlo));
			g = _mm_cmpgt_epi32(x, vhi);
			vhi = _mm_or_si128(_mm_and_si128(g, x),
			    _mm_andnot_si128(g, vhi));
		}
		_mm_storeu_si128((__m128i *)(void *)l4, vlo);
		_mm_storeu_si128((__m128i *)(void *)h4, vhi);
		for (int k = 0; k < 4; k++) {
			lo = l4[k] < lo ? l4[k] : lo;
			hi = h4[k] > hi ? h4[k] : hi;
		}
	}
#endif
	for (; i < n; i++)
		if (v[i] != JSON_PACK_NULL32) {
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
	pk->lo = lo;
	pk->hi = hi;
	/*
	 * Value i goes to byte i * w, never past value i + 1 still unread
	 * (with SSE2, 16 bytes of values packed at a time, stored once all
	 * of them were read: never past the first unread value either).
	 * Packing with signed saturation makes a null (INT32_MIN) the
	 * smallest value of the width, and changes no other value, each
	 * being in the width's range.
	 */
	i = 0;
	if (lo > INT8_MIN && hi <= INT8_MAX) {
#if defined(__SSE2__) && !defined(SP_NO_SSE2)
		for (; i + 16 <= n; i += 16) {
			const __m128i *q =
			    (const __m128i *)(const void *)(v + i);
			__m128i a = _mm_packs_epi32(_mm_loadu_si128(q),
			    _mm_loadu_si128(q + 1));
			__m128i d = _mm_packs_epi32(_mm_loadu_si128(q + 2),
			    _mm_loadu_si128(q + 3));

			_mm_storeu_si128((__m128i *)(void *)(b + i),
			    _mm_packs_epi16(a, d));
		}
#endif
		for (; i < n; i++) {
			int8_t x = v[i] == JSON_PACK_NULL32 ? INT8_MIN :
			    (int8_t)v[i];

			memcpy(b + i, &x, 1);
		}
		return 1;
	}
	if (lo > INT16_MIN && hi <= INT16_MAX) {
#if defined(__SSE2__) && !defined(SP_NO_SSE2)
		for (; i + 8 <= n; i += 8) {
			const __m128i *q =
			    (const __m128i *)(const void *)(v + i);

			_mm_storeu_si128((__m128i *)(void *)(b + 2 * i),
			    _mm_packs_epi32(_mm_loadu_si128(q),
			    _mm_loadu_si128(q + 1)));
		}
#endif
		for (; i < n; i++) {
			int16_t x = v[i] == JSON_PACK_NULL32 ? INT16_MIN :
			    (int16_t)v[i];

			memcpy(b + 2 * i, &x, 2);
		}
		return 2;
	}
	return 4;
}

/* The candidate closes: a pack, or tokens when it is short. */
static void
close_cand(struct json *j, struct cand *c, const char *s, const char *end)
{
	if (c->n < JSON_PACK_MIN || c->n > INT32_MAX ||
	    j->npacks >= JSON_MAX_PACKS) {
		drop(j, c, s, end);
		return;
	}
	xgrow(&j->packs, &j->packscap, j->npacks + 1, sizeof(*j->packs));
	j->packs[j->npacks].start = c->start;
	j->packs[j->npacks].off = c->off;
	j->packs[j->npacks].n = (int)c->n;
	j->packs[j->npacks].width = 0;
	j->packs[j->npacks].lo = j->packs[j->npacks].hi = 0;
	if (c->is32) {
		int w = narrow(j, c, &j->packs[j->npacks]);

		j->packs[j->npacks].off = c->off * sizeof(*j->pi);
		j->packs[j->npacks].width = w;
		j->npi = c->off + (c->n * (size_t)w + sizeof(*j->pi) - 1) /
		    sizeof(*j->pi);
	}
	j->t[c->tok].pack = (unsigned)++j->npacks;
	c->depth = -1;
}

/*
 * Check and tokenize s[0..len) into j (its tokens allocated already),
 * packing numeric arrays when pack is set.  Returns 0, or -1 with *why
 * and *where (the byte offset of the problem).
 */
int
json_tokenize(struct json *j, const char *s, size_t len, int pack,
    size_t *where, const char **why)
{
	const char *p = s, *end = s + len;
	char stack[JSON_MAX_DEPTH];	/* '{' or '[' */
	int open[JSON_MAX_DEPTH];	/* their tokens */
	int depth = 0, k;
	struct cand cand = { -1, 0, 0, 0, 0, 0, 0 };

	p = skip_ws(p, end);
	if (p == end) {
		*why = "empty input: no JSON value";
		goto fail;
	}
value:
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	if (depth > 0 && cand.depth == depth) {
		/* Inside a candidate: numbers and nulls are kept, no token. */
		int32_t v;
		double d;
		const char *q;

		/* A run of plain numbers, the bulk of a profile, in one loop. */
		for (;;) {
#ifdef NUM_RUN
			p = num_run(j, &cand, p, end, s);
#endif
			if ((q = fast_num(p, end, &k, &v, &d)) == NULL)
				break;
			if (k == 1)
				add_int(j, &cand, v);
			else
				add_double(j, &cand, d, s, end);
			p = q;
			if (end - p < 2 || p[0] != ',' || !(p[1] == '-' ||
			    (p[1] >= '0' && p[1] <= '9')))
				goto after;
			p++;
		}
		if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
			add_double(j, &cand, NAN, s, end);
			p += 4;
			goto after;
		}
		if (*p == '-' || (*p >= '0' && *p <= '9')) {
			if ((q = scan_number(p, end, why)) == NULL)
				goto fail;
			/*
			 * Packed only as json_double() would read it: an
			 * integer that no double holds exactly stays a token,
			 * for json_int(), which reads it exactly.
			 */
			if (parse_double_exact(p, (size_t)(q - p), &d) == 0 ||
			    (!integral_syntax(p, q) &&
			    parse_double(p, (size_t)(q - p), &d) == 0)) {
				add_double(j, &cand, d, s, end);
				p = q;
				goto after;
			}
		}
		drop(j, &cand, s, end);
	}
	if (depth > 0 && stack[depth - 1] == '[')
		j->t[open[depth - 1]].size++;
	switch (*p) {
	case '{':
	case '[':
		if (depth == JSON_MAX_DEPTH) {
			*why = "JSON nested too deeply";
			goto fail;
		}
		k = new_tok(j, *p == '{' ? JSMN_OBJECT : JSMN_ARRAY,
		    (size_t)(p - s));
		if (*p == '[' && pack) {
			cand.depth = depth + 1;
			cand.tok = k;
			cand.start = (size_t)(p - s);
			cand.is32 = 1;
			cand.negzero = 0;
			cand.off = j->npi;
			cand.n = 0;
		}
		open[depth] = k;
		stack[depth++] = *p++;
		p = skip_ws(p, end);
		if (p == end)
			goto truncated;
		if (*p == (stack[depth - 1] == '{' ? '}' : ']')) {
			if (cand.depth == depth)
				cand.depth = -1;
			depth--;
			j->t[k].end = (int)(++p - s);
			goto after;
		}
		if (stack[depth - 1] == '{')
			goto key;
		goto value;
	case '"':
		k = new_tok(j, JSMN_STRING, (size_t)(p - s) + 1);
		if ((p = scan_string(p, end, why)) == NULL) {
			p = end;
			goto fail;
		}
		j->t[k].end = (int)(p++ - s);
		goto after;
	case 't':
		if (end - p >= 4 && memcmp(p, "true", 4) == 0) {
			k = 4;
			goto primitive;
		}
		goto literal;
	case 'f':
		if (end - p >= 5 && memcmp(p, "false", 5) == 0) {
			k = 5;
			goto primitive;
		}
		goto literal;
	case 'n':
		if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
			k = 4;
			goto primitive;
		}
		goto literal;
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9')) {
			const char *q = scan_number(p, end, why);

			if (q == NULL)
				goto fail;
			k = (int)(q - p);
			goto primitive;
		}
		*why = "unexpected character where a value should be";
		goto fail;
	}
primitive:
	p += k;		/* (new_tok may move j->t: the index first) */
	k = new_tok(j, JSMN_PRIMITIVE, (size_t)(p - k - s));
	j->t[k].end = (int)(p - s);
	goto after;
key:
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	if (*p != '"') {
		*why = "expected a string as object key";
		goto fail;
	}
	k = new_tok(j, JSMN_STRING, (size_t)(p - s) + 1);
	if ((p = scan_string(p, end, why)) == NULL) {
		p = end;
		goto fail;
	}
	j->t[k].end = (int)(p++ - s);
	j->t[k].size = 1;
	j->t[open[depth - 1]].size++;
	p = skip_ws(p, end);
	if (p == end)
		goto truncated;
	if (*p != ':') {
		*why = "expected ':' after an object key";
		goto fail;
	}
	p++;
	goto value;
after:
	p = skip_ws(p, end);
	if (depth == 0) {
		if (p != end) {
			*why = "data after the end of the JSON document";
			goto fail;
		}
		return 0;
	}
	if (p == end)
		goto truncated;
	if (*p == ',') {
		p++;
		if (stack[depth - 1] == '{')
			goto key;
		goto value;
	}
	if (*p == (stack[depth - 1] == '{' ? '}' : ']')) {
		if (cand.depth == depth)
			close_cand(j, &cand, s, end);
		depth--;
		j->t[open[depth]].end = (int)(++p - s);
		goto after;
	}
	*why = stack[depth - 1] == '{' ? "expected ',' or '}' in an object" :
	    "expected ',' or ']' in an array";
	goto fail;
literal:
	*why = "unexpected word where a value should be";
	goto fail;
truncated:
	*why = "truncated JSON (unexpected end of data)";
fail:
	*where = (size_t)(p - s);
	return -1;
}
