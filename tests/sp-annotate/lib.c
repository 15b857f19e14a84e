/*
 * lib.c: libwork.so, the shared library of work.c (built -O2 -g -fPIC):
 * lib_spin() takes about a third of the workload's time.
 */
unsigned long lib_spin(unsigned long);

unsigned long
lib_spin(unsigned long x)
{
	for (int i = 0; i < 3000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}
