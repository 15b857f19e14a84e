/*
 * perf_script_parse.c: perf script's event and frame lines taken apart
 * (perf_script_parse.h).  May use base/ only.
 */
#include <stdint.h>
#include <string.h>

#include "base/util.h"
#include "read/perf_script_parse.h"

static int
all_digits(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!is_digit(s[i]))
			return 0;
	return 1;
}

/* A pid token: "123", "123/456", "-1/-1"... (perf prints -1 for "none"). */
static int
pid_token(const char *s, size_t n, size_t *slash)
{
	size_t i = 0, start = 0;

	*slash = n;
	for (i = 0; i <= n; i++) {
		if (i == n || s[i] == '/') {
			size_t k = start;

			if (k < i && s[k] == '-')
				k++;
			if (!all_digits(s + k, i - k))
				return 0;
			if (i < n) {
				if (*slash != n)
					return 0;
				*slash = i;
			}
			start = i + 1;
		}
	}
	return 1;
}

/* "seconds.fraction:" into ns; 0 if it is not a time stamp. */
static int
time_token(const char *s, size_t n, int64_t *ns)
{
	size_t i = 0;
	int64_t sec = 0, frac = 0;
	int fd = 0;

	if (n < 2 || s[n - 1] != ':')
		return 0;
	n--;
	while (i < n && is_digit(s[i])) {
		if (sec > INT64_MAX / 10 / 1000000000)
			return 0;
		sec = sec * 10 + (s[i++] - '0');
	}
	if (i == 0 || i == n || s[i] != '.')
		return 0;
	i++;
	if (i == n)
		return 0;
	for (; i < n; i++) {
		if (!is_digit(s[i]))
			return 0;
		if (fd < 9) {
			frac = frac * 10 + (s[i] - '0');
			fd++;
		}
	}
	for (; fd < 9; fd++)
		frac *= 10;
	*ns = sec * 1000000000 + frac;
	return 1;
}

/*
 * Split an event line.  The comm may contain spaces, so the line is read
 * from its first time stamp ("123.456:"): the token before it is the pid
 * (or "[cpu]" and then the pid); without time stamps, the first token
 * after the comm that is a pid.  Returns 0, or -1 if this is no event line.
 */
int
parse_event(const char *s, size_t n, struct evline *e)
{
	/* The last three tokens: [0] two before, [1] the one before, [2]. */
	size_t ts[3] = {0}, te[3] = {0}, ntok = 0, i = 0, slash;
	size_t pid_s = 0, pid_e = 0, after = 0;
	int found = 0;

	memset(e, 0, sizeof(*e));
	while (i < n && is_ws(s[i]))
		i++;
	while (i < n) {
		size_t st = i, k;
		int64_t ns;

		while (i < n && !is_ws(s[i]))
			i++;
		ts[0] = ts[1];
		te[0] = te[1];
		ts[1] = ts[2];
		te[1] = te[2];
		ts[2] = st;
		te[2] = i;
		ntok++;
		if (ntok < 3 || !time_token(s + st, i - st, &ns))
			goto next;
		/* "comm pid time:" or "comm pid [cpu] time:" */
		k = 1;
		if (s[ts[1]] == '[' && s[te[1] - 1] == ']') {
			if (ntok < 4)
				goto next;
			k = 0;
		}
		if (pid_token(s + ts[k], te[k] - ts[k], &slash)) {
			pid_s = ts[k];
			pid_e = te[k];
			e->has_time = 1;
			e->time_ns = ns;
			after = i;
			found = 1;
			break;
		}
next:
		while (i < n && is_ws(s[i]))
			i++;
	}
	if (!found) {
		/* No time stamp: the first pid-like token after the comm. */
		i = 0;
		ntok = 0;
		while (i < n && is_ws(s[i]))
			i++;
		while (i < n) {
			size_t st = i;

			while (i < n && !is_ws(s[i]))
				i++;
			if (++ntok >= 2 && pid_token(s + st, i - st, &slash)) {
				pid_s = st;
				pid_e = i;
				after = i;
				found = 1;
				break;
			}
			while (i < n && is_ws(s[i]))
				i++;
		}
		if (!found)
			return -1;
	}
	/* The comm: everything before the pid, trimmed. */
	i = 0;
	while (i < pid_s && is_ws(s[i]))
		i++;
	e->comm = s + i;
	{
		size_t ce = pid_s;

		while (ce > i && is_ws(s[ce - 1]))
			ce--;
		if (ce == i)
			return -1;
		e->commlen = ce - i;
	}
	pid_token(s + pid_s, pid_e - pid_s, &slash);
	if (slash < pid_e - pid_s) {
		e->pid = s + pid_s;
		e->pidlen = slash;
		e->tid = s + pid_s + slash + 1;
		e->tidlen = pid_e - pid_s - slash - 1;
	} else {
		e->tid = s + pid_s;
		e->tidlen = pid_e - pid_s;
	}
	/* After the pid (and time): [cpu], time, period, "event:", rest. */
	i = after;
	for (;;) {
		size_t st;

		while (i < n && is_ws(s[i]))
			i++;
		if (i == n)
			break;
		st = i;
		while (i < n && !is_ws(s[i]))
			i++;
		if (s[st] == '[' && s[i - 1] == ']' && e->event == NULL &&
		    !e->has_period)
			continue;
		if (!e->has_time && !e->has_period &&
		    time_token(s + st, i - st, &e->time_ns)) {
			e->has_time = 1;
			continue;
		}
		if (!e->has_period && all_digits(s + st, i - st)) {
			uint64_t v;

			if (parse_u64(s + st, i - st, &v) == 0 &&
			    v <= INT64_MAX) {
				e->period = (int64_t)v;
				e->has_period = 1;
				continue;
			}
		}
		if (s[i - 1] == ':' && i - st > 1) {
			e->event = s + st;
			e->eventlen = i - st - 1;
			while (i < n && is_ws(s[i]))
				i++;
			e->rest = s + i;
			e->restlen = n - i;
		} else {
			/* No event name: the rest is, maybe, a frame. */
			e->rest = s + st;
			e->restlen = n - st;
		}
		break;
	}
	return 0;
}

/*
 * Split a frame line "ip sym (dso)" (leading blanks already skipped).
 * Returns 0, or -1 if the line does not start with a hex address.
 */
int
parse_frame(const char *s, size_t n, uint64_t *addr, const char **sym,
    size_t *symlen, const char **dso, size_t *dsolen)
{
	size_t i = 0, j;
	uint64_t a = 0;

	while (i < n && !is_ws(s[i])) {
		int v = hex_digit((unsigned char)s[i]);

		if (v < 0)
			return -1;
		a = a << 4 | (uint64_t)v;
		i++;
	}
	if (i == 0 || i > 16)
		return -1;
	*addr = a;
	while (i < n && is_ws(s[i]))
		i++;
	*sym = s + i;
	*symlen = n - i;
	*dso = NULL;
	*dsolen = 0;
	if (i < n && s[n - 1] == ')') {
		int depth = 0;

		/* The dso is the last balanced "(...)", after a blank. */
		for (j = n; j > i; j--) {
			char c = s[j - 1];

			if (c == ')')
				depth++;
			else if (c == '(' && --depth == 0)
				break;
		}
		if (j > i && (j - 1 == i || is_ws(s[j - 2]))) {
			size_t k = j - 1;

			*dso = s + j;
			*dsolen = n - 1 - j;
			while (k > i && is_ws(s[k - 1]))
				k--;
			*symlen = k - i;
		}
	}
	return 0;
}

void
drop_offset(const char *s, size_t *n)
{
	size_t k = *n;

	while (k > 0 && hex_digit((unsigned char)s[k - 1]) >= 0)
		k--;
	if (k >= 3 && memcmp(s + k - 3, "+0x", 3) == 0)
		*n = k - 3;
}
