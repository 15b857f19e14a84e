/* prog.c: sp-symbolize's test program. */
static volatile int sink;

static inline __attribute__((always_inline)) void
leaf(int x)
{
	__asm__ volatile(".globl leaf_mark\nleaf_mark: nop");
	sink += x;
}

static inline __attribute__((always_inline)) void
mid(int x)
{
	leaf(x * 3);
	sink ^= x;
}

__attribute__((noinline)) void
outer(int x)
{
	mid(x + 1);
	sink -= 2;
}

__attribute__((noinline)) int
work(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += i * sink;
	return s;
}

int
main(int argc, char **argv)
{
	(void)argv;
	outer(argc);
	return work(argc) & 1;
}
