/*
 * common/base/: the ground every folder and tool stands on: checked
 * allocation, err(3)-style diagnostics and the check of standard output
 * (util.h), buffers, big allocations, the escaping of names, shell globs,
 * input files plain or gzip, progress lines, statistics, string tables,
 * child processes and the toolkit's version.  It uses libc, libbsd, zlib
 * and libdeflate only: nothing else of common/ (every other folder uses
 * it).
 */
/*
 * util.h: what every sp tool needs: checked allocation, diagnostics in the
 * err(3) style, and the end-of-run check of standard output.
 */
#ifndef SP_UTIL_H
#define SP_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/banned.h"

#define SP_NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Allocation that cannot fail: on failure the tool dies with a message. */
void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xmemdup(const char *, size_t);	/* NUL-terminated copy */

/*
 * Grow *arr (holding *cap elements of size sz) so that it holds at least
 * need elements; capacity grows geometrically.
 */
void	 xgrow(void *arrp, size_t *cap, size_t need, size_t sz);

/*
 * Flush and check standard output; on a write error report it and exit 1.
 * A closed pipe (EPIPE) ends the tool quietly, as SIGPIPE would.
 */
void	 finish_stdout(void);
/* The same check in the middle of a run, for tools that write a lot. */
void	 check_stdout(void);

/*
 * Make standard output fit for writing a lot: a large stdio buffer and,
 * where it is a pipe on Linux, a 1 MiB pipe, so that the two ends of a
 * pipeline switch less often.
 */
void	 big_stdout(void);

/* Does s[0..n) begin, or end, with the string p? */
int	 has_prefix(const char *s, size_t n, const char *p);
int	 has_suffix(const char *s, size_t n, const char *p);
/* v with thousands separators ("1,234") in dst[0..sz); returns dst. */
char	*fmt_count(char *dst, size_t sz, uint64_t v);
/* The value of hex digit c (either case), or -1 when it is none. */
int	 hex_digit(int c);
/* Parse a decimal or 0x-hex unsigned number; returns 0, or -1 if invalid. */
int	 parse_u64(const char *, size_t, uint64_t *);
/* Parse a signed decimal integer; returns 0, or -1 if invalid. */
int	 parse_i64(const char *, size_t, int64_t *);
/*
 * Only the exact fast path of parse_double (at most 2^53 for the digits,
 * 10^22 for the power): 0, or -1 when it cannot decide.
 */
int	 parse_double_exact(const char *, size_t, double *);
/*
 * m * 10^e as the nearest double (m < 2^64, |e| <= 27), where one
 * operation in extended precision decides it: 0, or -1 when strtod must.
 */
int	 decimal_to_double(uint64_t m, int e, double *);
/* Parse a decimal number (as strtod, the whole span); 0 or -1. */
int	 parse_double(const char *, size_t, double *);

#endif
