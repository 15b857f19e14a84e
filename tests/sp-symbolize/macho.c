/* macho.c: a Mach-O test program (built with clang -target ...-apple-macos11). */
static volatile int g;

static inline __attribute__((always_inline)) void
inner(int x)
{
	g += x;
	g *= 3;
}

#ifdef __x86_64__
__attribute__((noinline)) int
only_on_x86(int x)
{
	return g + x * 7;
}
#endif

__attribute__((noinline)) int
work(int x)
{
	inner(x);
	for (int i = 0; i < x; i++)
		g += i;
	return g;
}

int
main(void)
{
	return work(10);
}
