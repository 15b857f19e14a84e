/*
 * states.c: threads that leave the CPU in the states other than sleeping,
 * for the off-CPU tests (tests/offcpu/states.sh).
 *
 *	states fsync FILE N	write a page to FILE and fsync it, N times:
 *				the waits for the disk are uninterruptible (D)
 *	states spin MS		two threads ("spin1", "spin2") compute for MS
 *				each; run on one CPU (taskset -c 0), each is
 *				preempted (R) for the other's turns
 *
 * The functions are not inlined, so that each is a frame of its own.
 */
#define _GNU_SOURCE	/* pthread_setname_np */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int ms;
static volatile double sink;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

__attribute__((noinline)) static void
sync_page(int fd)
{
	static char page[4096];

	memset(page, 'x', sizeof(page));
	if (pwrite(fd, page, sizeof(page), 0) != (ssize_t)sizeof(page) ||
	    fsync(fd) == -1) {
		perror("fsync");
		exit(1);
	}
}

__attribute__((noinline)) static void
spin(void)
{
	double end = now() + ms, x = 1.0;

	do {
		for (int i = 0; i < 1000; i++)
			x = x * 1.0000001 + 1e-9;
	} while (now() < end);
	sink = x;
}

static void *
spinner(void *arg)
{
	pthread_setname_np(pthread_self(), (const char *)arg);
	spin();
	return NULL;
}

int
main(int argc, char *argv[])
{
	if (argc == 4 && strcmp(argv[1], "fsync") == 0) {
		int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int n = atoi(argv[3]);

		if (fd == -1) {
			perror(argv[2]);
			return 1;
		}
		for (int i = 0; i < n; i++)
			sync_page(fd);
		close(fd);
		unlink(argv[2]);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "spin") == 0) {
		pthread_t a, b;

		ms = atoi(argv[2]);
		pthread_create(&a, NULL, spinner, "spin1");
		pthread_create(&b, NULL, spinner, "spin2");
		pthread_join(a, NULL);
		pthread_join(b, NULL);
		return 0;
	}
	fprintf(stderr, "usage: states fsync FILE N | states spin MS\n");
	return 1;
}
