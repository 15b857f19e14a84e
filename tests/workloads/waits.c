/*
 * waits.c: a thread that computes and waits in known proportions, for the
 * off-CPU tests (tests/offcpu/).  Usage: waits [ROUNDS [MS]]
 *
 * A thread named "waiter" runs ROUNDS rounds (default 40) of
 *
 *	compute		MS (default 10) of arithmetic on the CPU
 *	snooze		nanosleep for MS
 *	drain		a blocking read of a pipe that thread "feeder" writes
 *			one byte into MS after being asked
 *	contend		pthread_mutex_lock of a mutex that thread "holder"
 *			has taken and keeps for MS, sleeping
 *
 * and, at its end, prints its own wall time in each of them and in all of
 * its life (CLOCK_MONOTONIC around each call), in ms:
 *
 *	compute 401.2
 *	...
 *	total 1650.3
 *
 * The program's own clock sees the same scheduling as the profiler, so the
 * shares agree on a busy machine too.  The functions are not inlined, so
 * that each is a frame of its own.
 */
#define _GNU_SOURCE	/* pthread_setname_np */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int ms = 10;
static int pipefd[2];
static sem_t feed_go, hold_go, held;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile double sink;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
nap(int m)
{
	struct timespec ts = { m / 1000, (long)(m % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static void
sem_take(sem_t *s)
{
	while (sem_wait(s) == -1 && errno == EINTR)
		;
}

__attribute__((noinline)) static void
compute(void)
{
	double end = now() + ms, x = 1.0;

	/* The clock is read every thousand steps: mostly arithmetic. */
	do {
		for (int i = 0; i < 1000; i++)
			x = x * 1.0000001 + 1e-9;
	} while (now() < end);
	sink = x;
}

__attribute__((noinline)) static void
snooze(void)
{
	nap(ms);
}

__attribute__((noinline)) static void
drain(void)
{
	char c;

	sem_post(&feed_go);
	while (read(pipefd[0], &c, 1) == -1 && errno == EINTR)
		;
}

__attribute__((noinline)) static void
contend(void)
{
	pthread_mutex_lock(&lock);
	pthread_mutex_unlock(&lock);
}

static void *
feeder(void *arg)
{
	int rounds = *(int *)arg;

	pthread_setname_np(pthread_self(), "feeder");
	for (int r = 0; r < rounds; r++) {
		sem_take(&feed_go);
		nap(ms);
		if (write(pipefd[1], "x", 1) != 1)
			abort();
	}
	return NULL;
}

static void *
holder(void *arg)
{
	int rounds = *(int *)arg;

	pthread_setname_np(pthread_self(), "holder");
	for (int r = 0; r < rounds; r++) {
		sem_take(&hold_go);
		pthread_mutex_lock(&lock);
		sem_post(&held);
		nap(ms);
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

static void *
waiter(void *arg)
{
	int rounds = *(int *)arg;
	double t[4] = { 0 }, start = now(), a;

	pthread_setname_np(pthread_self(), "waiter");
	for (int r = 0; r < rounds; r++) {
		a = now();
		compute();
		t[0] += now() - a;
		a = now();
		snooze();
		t[1] += now() - a;
		a = now();
		drain();
		t[2] += now() - a;
		/* Outside contend: wait until the holder has the lock. */
		sem_post(&hold_go);
		sem_take(&held);
		a = now();
		contend();
		t[3] += now() - a;
	}
	printf("compute %.3f\nsnooze %.3f\ndrain %.3f\ncontend %.3f\n"
	    "total %.3f\n", t[0], t[1], t[2], t[3], now() - start);
	return NULL;
}

int
main(int argc, char *argv[])
{
	int rounds = argc > 1 ? atoi(argv[1]) : 40;
	pthread_t w, f, h;

	if (argc > 2)
		ms = atoi(argv[2]);
	if (rounds <= 0 || ms <= 0 || pipe(pipefd) == -1)
		return 1;
	sem_init(&feed_go, 0, 0);
	sem_init(&hold_go, 0, 0);
	sem_init(&held, 0, 0);
	pthread_create(&f, NULL, feeder, &rounds);
	pthread_create(&h, NULL, holder, &rounds);
	pthread_create(&w, NULL, waiter, &rounds);
	pthread_join(w, NULL);
	pthread_join(f, NULL);
	pthread_join(h, NULL);
	return 0;
}
