/* libhs.c: the shared library of sp-hotspots' test program. */
__attribute__((noinline)) unsigned long
lib_work(unsigned long x)
{
	for (int i = 0; i < 5000; i++) {
		__asm__ volatile(".globl lib_mark\nlib_mark: nop"); /* LIB_LINE */
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	}
	return x;
}
