/*
 * perf_script_tidy.c: how the perf script reader writes a symbol: with
 * --tidy, the name clean-ups of inferno's and FlameGraph's collapsers
 * (below), then escaped for the stream.  Part of perf_script.c's reader
 * (perf_script_impl.h); may use base/.
 */
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/escape.h"
#include "base/util.h"
#include "read/perf_script_impl.h"

/*
 * --tidy: the name clean-ups of inferno's and FlameGraph's collapsers, for
 * output that matches theirs.  Rust legacy symbols that perf demangled only
 * in part lose their hash and their $..$ escapes
 * ("a..b$LT$T$GT$::f::h0123456789abcdef" -> "a::b<T>::f"); argument lists
 * go ("f(int) const" -> "f"), except Go's "pkg.(*T).m" and C++'s
 * "(anonymous namespace)" and parentheses inside <>, {} or []; Java class
 * names lose their 'L' in processes called java*.
 */
static const char *const rust_esc[][2] = {
	{ "$SP$", "@" }, { "$BP$", "*" }, { "$RF$", "&" }, { "$LT$", "<" },
	{ "$GT$", ">" }, { "$LP$", "(" }, { "$RP$", ")" }, { "$C$", "," },
	{ "$u7e$", "~" }, { "$u20$", " " }, { "$u27$", "'" }, { "$u3d$", "=" },
	{ "$u5b$", "[" }, { "$u5d$", "]" }, { "$u7b$", "{" }, { "$u7d$", "}" },
	{ "$u3b$", ";" }, { "$u2b$", "+" }, { "$u21$", "!" }, { "$u22$", "\"" },
};

static int
rust_fix(const char *s, size_t n, struct buf *out)
{
	size_t i;

	if (n < 17 || s[n - 17] != 'h')
		return 0;
	for (i = n - 16; i < n; i++)
		if (hex_digit((unsigned char)s[i]) < 0)
			return 0;
	n -= 17;
	if (n >= 2 && s[n - 2] == ':' && s[n - 1] == ':')
		n -= 2;
	i = n >= 2 && s[0] == '_' && s[1] == '$' ? 1 : 0;
	buf_reset(out);
	while (i < n) {
		if (s[i] == '.') {
			if (i + 1 < n && s[i + 1] == '.') {
				buf_add(out, "::", 2);
				i += 2;
			} else {
				buf_addc(out, '.');
				i++;
			}
		} else if (s[i] == '$') {
			size_t k;

			for (k = 0; k < SP_NELEM(rust_esc); k++) {
				size_t el = strlen(rust_esc[k][0]);

				if (n - i >= el &&
				    memcmp(s + i, rust_esc[k][0], el) == 0) {
					buf_adds(out, rust_esc[k][1]);
					i += el;
					break;
				}
			}
			if (k == SP_NELEM(rust_esc)) {
				buf_add(out, s + i, n - i);
				break;
			}
		} else {
			size_t k = i;

			while (k < n && s[k] != '$' && s[k] != '.')
				k++;
			buf_add(out, s + i, k - i);
			i = k;
		}
	}
	return 1;
}

/* The length of s[0..n) without its argument list. */
static size_t
tidy_args(const char *s, size_t n)
{
	long depth = 0;
	size_t after_dot = (size_t)-1;

	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '<': case '{': case '[':
			depth++;
			break;
		case '>': case '}': case ']': case ')':
			depth--;
			break;
		case '(':
			if (depth == 0 && after_dot != i && !(n - i >= 21 &&
			    memcmp(s + i, "(anonymous namespace)", 21) == 0))
				return i;
			depth++;
			break;
		case '.':
			after_dot = i + 1;
			break;
		}
	}
	return n;
}

/* The bytes that esc_append() escapes. */
static const unsigned char special[256] = {
	['\\'] = 1, ['\t'] = 1, ['\n'] = 1, [';'] = 1,
};

/* Append the symbol s[0..n), tidied when asked, escaped. */
void
ps_add_symbol(struct ps *ps, struct buf *b, const char *s, size_t n)
{
	if (ps->o->tidy) {
		if (rust_fix(s, n, &ps->tidy)) {
			s = ps->tidy.s;
			n = ps->tidy.len;
		}
		n = tidy_args(s, n);
		if (ps->java && n > 0 && s[0] == 'L' && memchr(s, '/', n)) {
			s++;
			n--;
		}
	}
	/* Most names need no escape: check with a table, copy at once. */
	for (size_t i = 0; i < n; i++)
		if (special[(unsigned char)s[i]]) {
			esc_append(b, s, n);
			return;
		}
	buf_add(b, s, n);
}
