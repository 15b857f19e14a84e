/*
 * framematch.c: the frame-argument rule of framematch.h, and the frames
 * offered when an argument names none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg/framematch.h"
#include "base/glob.h"
#include "base/util.h"

void
fm_init(struct fmatch *m, const char *s, size_t n)
{
	m->s = s;
	m->n = n;
	m->magic = glob_has_magic(s, n);
	m->bare = memchr(s, '!', n) == NULL;
}

static int
one(const struct fmatch *m, const char *f, size_t n)
{
	if (n == m->n && memcmp(f, m->s, n) == 0)
		return 1;
	/* A name that is not a pattern still matches itself ("<[T]>::f"). */
	return m->magic && glob_match(m->s, m->n, f, n);
}

int
fm_match(const struct fmatch *m, const char *f, size_t n)
{
	const char *bang;

	if (one(m, f, n))
		return 1;
	if (!m->bare || (bang = memchr(f, '!', n)) == NULL)
		return 0;
	bang++;
	n -= (size_t)(bang - f);
	if (one(m, bang, n))
		return 1;
	/*
	 * A NAME with its parameter list, source line or inline mark after
	 * it ("f(unsigned long)", "f @ f.c:7", "f (inlined)": sp-symbolize's
	 * forms) is named by what comes before them.
	 */
	if (n <= m->n || memcmp(bang, m->s, m->n) != 0)
		return 0;
	bang += m->n;
	n -= m->n;
	return *bang == '(' || (n >= 3 && memcmp(bang, " @ ", 3) == 0) ||
	    (n >= 10 && memcmp(bang, " (inlined)", 10) == 0);
}

void
fm_near_init(struct fm_near *nr, const struct fmatch *m)
{
	size_t best = 0, bestlen = 0;

	memset(nr, 0, sizeof(*nr));
	/* The text of a pattern: its longest run without '*', '?', '['. */
	for (size_t i = 0; i < m->n; ) {
		size_t j = i;

		while (j < m->n && m->s[j] != '*' && m->s[j] != '?' &&
		    m->s[j] != '[')
			j++;
		if (j - i > bestlen) {
			best = i;
			bestlen = j - i;
		}
		i = j + 1;
	}
	/* Of "LIB!NAME", the NAME: "app!count" finds hot!count_primes. */
	for (size_t i = bestlen; i-- > 0; )
		if (m->s[best + i] == '!' && i + 1 < bestlen) {
			best += i + 1;
			bestlen -= i + 1;
			break;
		}
	nr->text = xmemdup(m->s + best, bestlen);
	nr->tn = bestlen;
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Does f[0..n) contain t[0..tn), ignoring ASCII case? */
static int
contains(const char *f, size_t n, const char *t, size_t tn)
{
	if (tn == 0)
		return 0;
	for (size_t i = 0; i + tn <= n; i++) {
		size_t k = 0;

		while (k < tn && lower((unsigned char)f[i + k]) ==
		    lower((unsigned char)t[k]))
			k++;
		if (k == tn)
			return 1;
	}
	return 0;
}

/* The order of the list: shorter first (closer to the text), then bytes. */
static int
before(const char *a, size_t an, const char *b, size_t bn)
{
	int c;

	if (an != bn)
		return an < bn;
	c = memcmp(a, b, an);
	return c < 0;
}

void
fm_near_add(struct fm_near *nr, const char *f, size_t n)
{
	size_t i;

	if (!contains(f, n, nr->text, nr->tn))
		return;
	if (nr->nbest == FM_NEAR_MAX &&
	    !before(f, n, nr->best[FM_NEAR_MAX - 1].s,
	    nr->best[FM_NEAR_MAX - 1].n))
		return;
	for (i = 0; i < nr->nbest; i++) {
		if (nr->best[i].n == n && memcmp(nr->best[i].s, f, n) == 0)
			return;
		if (before(f, n, nr->best[i].s, nr->best[i].n))
			break;
	}
	if (nr->nbest == FM_NEAR_MAX)
		free(nr->best[--nr->nbest].s);
	memmove(&nr->best[i + 1], &nr->best[i],
	    (nr->nbest - i) * sizeof(nr->best[0]));
	nr->best[i].s = xmemdup(f, n);
	nr->best[i].n = n;
	nr->nbest++;
}

void
fm_near_report(struct fm_near *nr, const char *opt, const struct fmatch *m,
    const char *why)
{
	fprintf(stderr, "%s: %s %.*s: %s", getprogname(), opt, (int)m->n, m->s,
	    why != NULL ? why :
	    "no frame matches (see Frame arguments in sp(5))");
	if (nr->nbest == 0)
		fprintf(stderr, ", and no frame contains %.*s\n", (int)nr->tn,
		    nr->text);
	else {
		fprintf(stderr, "; frames that contain %.*s:", (int)nr->tn,
		    nr->text);
		for (size_t i = 0; i < nr->nbest; i++)
			fprintf(stderr, "%s %.*s", i == 0 ? "" : ",",
			    (int)nr->best[i].n, nr->best[i].s);
		fputc('\n', stderr);
	}
	fm_near_free(nr);
}

void
fm_near_free(struct fm_near *nr)
{
	for (size_t i = 0; i < nr->nbest; i++)
		free(nr->best[i].s);
	free(nr->text);
	memset(nr, 0, sizeof(*nr));
}
