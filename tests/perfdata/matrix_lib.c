/* The library half of matrix.c's workload. */
static volatile double sink;

double	 lib_hot_a(long);
double	 lib_hot_b(long);

__attribute__((noinline)) double
lib_hot_a(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		sink = s += (double)i * 0.125;
	return s;
}

__attribute__((noinline)) double
lib_hot_b(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		sink = s += (double)(i & 7);
	return s;
}
