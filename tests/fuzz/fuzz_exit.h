/*
 * fuzz_exit.h: for the fuzz targets whose reader reports bad input the way
 * the tools do, with a message and exit(1) (lr_fail, errx): built with
 * -Wl,--wrap=exit,--wrap=errx,--wrap=err,--wrap=verrx,--wrap=lr_open,
 * --wrap=lr_close (tests/fuzz/run.sh and replay.sh add them to a target
 * that says FUZZ_WRAP_EXIT), those calls come here, and within fuzz_try
 * they jump back to it, the input then being a rejected one.  Out of
 * fuzz_try (libFuzzer's own exit) the real exit runs.  The line readers
 * left open by a rejection are closed (their file descriptors would run
 * out); the rest of what the reader had allocated is the caller's to free.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>

#include "base/input.h"

void	 __real_exit(int) __attribute__((noreturn));
void	 __wrap_exit(int) __attribute__((noreturn));
void	 __wrap_errx(int, const char *, ...) __attribute__((noreturn));
void	 __wrap_err(int, const char *, ...) __attribute__((noreturn));
void	 __wrap_verrx(int, const char *, va_list) __attribute__((noreturn));

struct lreader *__real_lr_open(const char *);
struct lreader *__wrap_lr_open(const char *);
void	 __real_lr_close(struct lreader *);
void	 __wrap_lr_close(struct lreader *);

static jmp_buf fuzz_jmp;
static volatile int fuzz_armed;
static struct lreader *fuzz_open[16];	/* readers open now */

struct lreader *
__wrap_lr_open(const char *path)
{
	struct lreader *lr = __real_lr_open(path);

	for (size_t i = 0; lr != NULL && i < 16; i++)
		if (fuzz_open[i] == NULL) {
			fuzz_open[i] = lr;
			break;
		}
	return lr;
}

void
__wrap_lr_close(struct lreader *lr)
{
	for (size_t i = 0; i < 16; i++)
		if (fuzz_open[i] == lr)
			fuzz_open[i] = NULL;
	__real_lr_close(lr);
}

void
__wrap_exit(int status)
{
	if (fuzz_armed) {
		fuzz_armed = 0;
		longjmp(fuzz_jmp, 1);
	}
	__real_exit(status);
}

void
__wrap_errx(int status, const char *fmt, ...)
{
	(void)fmt;
	__wrap_exit(status);
}

void
__wrap_err(int status, const char *fmt, ...)
{
	(void)fmt;
	__wrap_exit(status);
}

void
__wrap_verrx(int status, const char *fmt, va_list ap)
{
	(void)fmt;
	(void)ap;
	__wrap_exit(status);
}

/* Run fn(arg); 0 when it returned, 1 when it exited (rejected the input). */
static int
fuzz_try(void (*fn)(void *), void *arg)
{
	if (setjmp(fuzz_jmp) != 0) {
		for (size_t i = 0; i < 16; i++)
			if (fuzz_open[i] != NULL)
				__wrap_lr_close(fuzz_open[i]);
		return 1;
	}
	fuzz_armed = 1;
	fn(arg);
	fuzz_armed = 0;
	return 0;
}
