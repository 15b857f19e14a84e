/* rust.c: C functions with C++ and Rust (legacy and v0) mangled names. */
static volatile int g;

void _ZN3foo3bar17h0123456789abcdefE(void) { g += 1; }
void _RNvCskwGfYPst2Cb_3foo16example_function(void) { g += 2; }
void _RINvC3foo3barAhj2_E(void) { g += 3; }
void _ZN2ns5Thing6methodEv(void) { g += 4; }
/* Legacy escapes inside the path ($u7b$ '{', $LT$ '<', .. "::"). */
void closure(void)
    __asm__("_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17h0123456789abcdefE");
void closure(void) { g += 5; }
void drop(void)
    __asm__("_ZN4core3ptr85drop_in_place$LT$std..rt..lang_start$LT$$LP$$RP$$GT$..$u7b$$u7b$closure$u7d$$u7d$$GT$17h0123456789abcdefE");
void drop(void) { g += 6; }

int
main(void)
{
	_ZN3foo3bar17h0123456789abcdefE();
	_RNvCskwGfYPst2Cb_3foo16example_function();
	_RINvC3foo3barAhj2_E();
	_ZN2ns5Thing6methodEv();
	closure();
	drop();
	return 0;
}
