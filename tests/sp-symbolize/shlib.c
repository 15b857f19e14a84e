/* shlib.c: a shared library for sp-symbolize's tests. */
static volatile int acc;

static inline __attribute__((always_inline)) void
lib_inner(int x)
{
	__asm__ volatile(".globl lib_mark\nlib_mark: nop");
	acc += x;
}

__attribute__((noinline)) void
lib_entry(int x)
{
	lib_inner(x);
	acc *= 3;
}

int
lib_other(int x)
{
	return acc + x;
}
