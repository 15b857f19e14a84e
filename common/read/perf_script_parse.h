/*
 * perf_script_parse.h: the lines of perf script's text taken apart (the
 * event line, a frame line), for perf_script.c, which makes the stream of
 * them.  Pure functions of the text; may use base/ only.
 */
#ifndef SP_PERF_SCRIPT_PARSE_H
#define SP_PERF_SCRIPT_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* The parts of an event line. */
struct evline {
	const char *comm, *pid, *tid, *event, *rest;
	size_t	 commlen, pidlen, tidlen, eventlen, restlen;
	int	 has_time, has_period;
	int64_t	 time_ns;
	int64_t	 period;
};

static inline int
is_ws(char c)
{
	return c == ' ' || c == '\t';
}

static inline int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Split an event line into e.  Returns 0, or -1 if this is no event line
 * (perf_script_parse.c says how the comm, which may hold spaces, is found).
 */
int	 parse_event(const char *s, size_t n, struct evline *e);
/*
 * Split a frame line "ip sym (dso)" (leading blanks already skipped).
 * Returns 0, or -1 if the line does not start with a hex address.
 */
int	 parse_frame(const char *s, size_t n, uint64_t *addr, const char **sym,
	    size_t *symlen, const char **dso, size_t *dsolen);
/* Drop perf's "+0x..." offset from the symbol s[0..*n). */
void	 drop_offset(const char *s, size_t *n);

#endif
