/*
 * fuzz_filter.c: a libFuzzer target for sp-filter's pattern and stack
 * handling: glob_match (glob.h) and the transforms of stack_xform.h.
 *
 * Input: one byte choosing the transform, the argument up to the first
 * newline, then the stack.  Besides
 * memory errors it checks, and aborts when one fails:
 *   - glob_match agrees with fnmatch(3) (FNM_NOESCAPE) on NUL-free input;
 *   - a pattern without magic matches exactly itself;
 *   - a result is never longer than its stack, and has no more frames;
 *   - --collapse-all-recursion and --merge are idempotent;
 *   - --root-at's result starts with a frame its argument names.
 */
#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "agg/framematch.h"
#include "base/glob.h"
#include "agg/stack_xform.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct buf pat, str, out, out2;

static size_t
nframes(const char *s, size_t n)
{
	const char *p = s, *end = s + n;
	size_t k = 0;

	if (n == 0)
		return 0;
	for (;;) {
		const char *q = frame_end(p, end);

		k++;
		if (q == end)
			return k;
		p = q + 1;
	}
}


/*
 * A class inside a set ("[:alpha:]", "[=c=]", "[.c.]"): glibc's fnmatch
 * reads malformed and unknown ones its own way ("[Q[=x]" matches "x" and
 * "[" but not "Q"), which POSIX leaves undefined; the oracle skips them.
 * glob.c's well-formed classes are checked by tests/sp-filter.
 */
static int
odd_class(const char *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (p[i] == '[' && (p[i + 1] == ':' || p[i + 1] == '=' ||
		    p[i + 1] == '.'))
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *s = (const char *)data, *nl, *why;
	size_t plen, slen;
	enum xf_kind kind;
	struct xf_list *l;

	if (len < 1)
		return 0;
	kind = (enum xf_kind)(data[0] % (XF_SKIP_AFTER + 1));
	s++;
	len--;
	nl = memchr(s, '\n', len);
	plen = nl == NULL ? len : (size_t)(nl - s);
	slen = nl == NULL ? 0 : len - plen - 1;

	/* The matcher alone, against the C library's. */
	buf_reset(&pat);
	buf_add(&pat, s, plen);
	buf_reset(&str);
	buf_add(&str, nl == NULL ? "" : nl + 1, slen);
	if (memchr(pat.s, '\0', plen) == NULL && !odd_class(pat.s, plen) &&
	    memchr(str.s, '\0', slen) == NULL &&
	    glob_match(pat.s, plen, str.s, slen) !=
	    (fnmatch(pat.s, str.s, FNM_NOESCAPE) == 0))
		abort();
	if (!glob_has_magic(pat.s, plen) &&
	    glob_match(pat.s, plen, str.s, slen) !=
	    (plen == slen && memcmp(pat.s, str.s, plen) == 0))
		abort();

	/*
	 * The transform, on the stack (no tab or newline: a field).  Its
	 * argument comes from a command line: a C string, cut at a NUL.
	 */
	if (memchr(str.s, '\t', slen) != NULL)
		return 0;
	plen = strlen(pat.s);
	l = xf_new();
	if (xf_add(l, kind, kind == XF_COLLAPSE_REC_ALL ? NULL : pat.s, &why) == 0) {
		if (xf_apply(l, str.s, slen, &out)) {
			if (out.len > slen ||
			    nframes(out.s, out.len) > nframes(str.s, slen))
				abort();
			if ((kind == XF_COLLAPSE_REC_ALL || kind == XF_MERGE) &&
			    (!xf_apply(l, out.s, out.len, &out2) ||
			    out2.len != out.len ||
			    memcmp(out2.s, out.s, out.len) != 0))
				abort();
			if (kind == XF_ROOT_AT) {
				const char *fe = frame_end(out.s,
				    out.s + out.len);
				size_t fl = (size_t)(fe - out.s);
				struct fmatch fm;

				fm_init(&fm, pat.s, plen);
				if (!fm_match(&fm, out.s, fl))
					abort();
			}
		}
	}
	xf_free(l);
	return 0;
}
