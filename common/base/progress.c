/* progress.c: the progress line of progress.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "base/progress.h"

/* Redraw no more often than this (ns): a few times a second. */
#define PROGRESS_INTERVAL	250000000LL

static int enabled = -1;	/* -1: not decided yet */
static int active, drawn;
static const char *subject;
static uint64_t total;
static enum progress_unit unit;
static long long last;		/* when last drawn, ns */

void
progress_enable(int on)
{
	/* Output going to the same terminal would be mixed into the line. */
	enabled = on && isatty(STDERR_FILENO) && !isatty(STDOUT_FILENO);
}

int
progress_enabled(void)
{
	if (enabled == -1)
		progress_enable(1);
	return enabled;
}

static long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void
progress_begin(const char *s, uint64_t t, enum progress_unit u)
{
	if (enabled == -1)
		progress_enable(1);
	progress_end();
	if (!enabled)
		return;
	active = 1;
	subject = s;
	total = t;
	unit = u;
	last = 0;
}

static int
columns(void)
{
	struct winsize ws;

	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20)
		return ws.ws_col;
	return 80;
}

static void
draw(uint64_t done)
{
	char line[512], what[96];
	int n, width = columns() - 1;

	if (unit == PROGRESS_BYTES) {
		if (total > 0)
			snprintf(what, sizeof(what), "%d%% (%.1f of %.1f MB)",
			    (int)(done >= total ? 100 : done * 100 / total),
			    done / 1e6, total / 1e6);
		else
			snprintf(what, sizeof(what), "%.1f MB read",
			    done / 1e6);
	} else
		snprintf(what, sizeof(what), "%llu/%llu addresses",
		    (unsigned long long)done, (unsigned long long)total);
	n = snprintf(line, sizeof(line), "%s: %s: %s", getprogname(),
	    subject, what);
	if (n < 0)
		return;
	if (n > width && width < (int)sizeof(line))
		n = width;	/* never wrap: \r could not go back */
	if ((size_t)n >= sizeof(line))
		n = (int)sizeof(line) - 1;
	fprintf(stderr, "\r%.*s\033[K", n, line);
	drawn = 1;
}

void
progress_set(uint64_t done)
{
	long long t;

	if (!active)
		return;
	t = now_ns();
	if (drawn && t - last < PROGRESS_INTERVAL)
		return;
	last = t;
	draw(done);
}

void
progress_end(void)
{
	if (drawn)
		fputs("\r\033[K", stderr);
	active = drawn = 0;
}
