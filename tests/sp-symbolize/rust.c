/* rust.c: C functions with C++ and Rust (legacy and v0) mangled names. */
static volatile int g;

void _ZN3foo3bar17h0123456789abcdefE(void) { g += 1; }
void _RNvCskwGfYPst2Cb_3foo16example_function(void) { g += 2; }
void _RINvC3foo3barAhj2_E(void) { g += 3; }
void _ZN2ns5Thing6methodEv(void) { g += 4; }

int
main(void)
{
	_ZN3foo3bar17h0123456789abcdefE();
	_RNvCskwGfYPst2Cb_3foo16example_function();
	_RINvC3foo3barAhj2_E();
	_ZN2ns5Thing6methodEv();
	return 0;
}
