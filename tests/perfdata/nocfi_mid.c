/*
 * nocfi_mid.c: the middle of nocfi.c's stack, built with
 * -fno-asynchronous-unwind-tables -fno-unwind-tables -fno-omit-frame-pointer
 * and without -g: no call-frame information at all, the frame pointer kept.
 */
unsigned long middle(unsigned long (*)(unsigned long), unsigned long);

unsigned long
middle(unsigned long (*f)(unsigned long), unsigned long x)
{
	unsigned long r = f(x);

	__asm__ volatile("" ::: "memory");	/* no tail call */
	return r + 1;
}
