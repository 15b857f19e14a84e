/*
 * cfi.c: the tests/unwind/cfi case.  Call-frame information written by
 * hand, byte by byte, in both layouts (.debug_frame, version 1 and 4;
 * .eh_frame with 'zR' pc-relative pointers and a 'zRS' signal frame), run
 * through unw_image_mem and unw_stack on a made-up stack:
 *
 *   - each row of a prologue/epilogue program (def_cfa, def_cfa_offset,
 *     def_cfa_register, offset, remember_state/restore_state around a
 *     mid-function epilogue, advance_loc1, restore);
 *   - register rules: expression (DW_OP_breg7), val_offset, register,
 *     undefined return address (the end of the stack);
 *   - a signal frame's caller looked up at its exact pc;
 *   - the CFA of a PLT entry, the expression ld writes (DW_OP_breg7,
 *     DW_OP_breg16 i.e. the pc, lit, and, ge, shl, plus);
 *   - a stack pointer that does not grow ends the unwinding, as does a
 *     return address outside the copy;
 *   - unw_regs_from_perf with perf's masks for x86-64 (no segment
 *     registers) and aarch64, and without a stack pointer;
 *   - aarch64: a leaf whose return address is still in x30 (the stack
 *     pointer unchanged, allowed at the first step only), then frames
 *     by x29, and a signed return address losing its authentication bits.
 *
 * Prints what differs and exits 1, or exits 0.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf/unwind.h"

/* unwind_impl.h's, for images in memory. */
struct unw_image *unw_image_mem(enum unw_arch, const uint8_t *, size_t,
	    uint64_t, int);

struct b {
	uint8_t	 d[4096];
	size_t	 n;
};

static void u8(struct b *b, unsigned v) { b->d[b->n++] = (uint8_t)v; }

static void
un(struct b *b, uint64_t v, int k)
{
	for (int i = 0; i < k; i++)
		u8(b, (unsigned)(v >> (8 * i)) & 0xff);
}

static void
uleb(struct b *b, uint64_t v)
{
	do {
		u8(b, (unsigned)(v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v != 0);
}

static void
sleb(struct b *b, int64_t v)
{
	for (;;) {
		uint8_t x = (uint8_t)(v & 0x7f);

		v >>= 7;
		if ((v == 0 && !(x & 0x40)) || (v == -1 && (x & 0x40))) {
			u8(b, x);
			return;
		}
		u8(b, x | 0x80);
	}
}

/* Entries: start writes a length to patch, end pads and patches it. */
static size_t
start(struct b *b)
{
	size_t at = b->n;

	un(b, 0, 4);
	return at;
}

static void
end(struct b *b, size_t at)
{
	while ((b->n - at) % 8 != 0)
		u8(b, 0);	/* DW_CFA_nop */
	b->d[at] = (uint8_t)(b->n - at - 4);
	b->d[at + 1] = (uint8_t)((b->n - at - 4) >> 8);
}

/*
 * The function's program, the same in every layout: 0x1000 push rbp;
 * 0x1001 mov rsp,rbp; 0x1004 body with rbx saved at cfa-24; 0x1040
 * leave, ret (remember_state, def_cfa rsp+8); 0x1042 more body.
 */
static void
program(struct b *b)
{
	u8(b, 0x40 | 1);		/* advance_loc 1 */
	u8(b, 0x0e); uleb(b, 16);	/* def_cfa_offset 16 */
	u8(b, 0x80 | 6); uleb(b, 2);	/* offset r6 at cfa-16 */
	u8(b, 0x40 | 3);		/* advance_loc 3 */
	u8(b, 0x0d); uleb(b, 6);	/* def_cfa_register r6 */
	u8(b, 0x11); uleb(b, 3); sleb(b, 3);	/* offset_extended_sf r3 -24 */
	u8(b, 0x02); u8(b, 0x3c);	/* advance_loc1 60: 0x1040 */
	u8(b, 0x0a);			/* remember_state */
	u8(b, 0x0c); uleb(b, 7); uleb(b, 8);	/* def_cfa r7+8 */
	u8(b, 0xc0 | 6);		/* restore r6 */
	u8(b, 0x40 | 2);		/* advance_loc 2: 0x1042 */
	u8(b, 0x0b);			/* restore_state */
}

static int fails;

static void
check(const char *what, uint64_t got, uint64_t want)
{
	if (got != want) {
		fprintf(stderr, "cfi: %s: %#llx, expected %#llx\n", what,
		    (unsigned long long)got, (unsigned long long)want);
		fails++;
	}
}

static struct unw_map map;

static const struct unw_map *
lookup(void *ctx, uint64_t addr)
{
	(void)ctx;
	return addr >= map.start && addr < map.end ? &map : NULL;
}

/* The stack copy at 0x7000: 64 slots. */
static uint8_t stack[512];

static void
put(uint64_t addr, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		stack[addr - 0x7000 + (uint64_t)i] = (uint8_t)(v >> (8 * i));
}

static size_t
unwind(struct unw_image *im, uint64_t pc, uint64_t rsp, uint64_t rbp,
    uint64_t *pcs, size_t len)
{
	struct unw_regs r;

	memset(&r, 0, sizeof(r));
	r.arch = UNW_X86_64;
	r.pc = pc;
	r.r[7] = rsp;
	r.r[6] = rbp;
	r.r[3] = 0x333;
	r.valid = 1u << 7 | 1u << 6 | 1u << 3;
	map.start = 0x1000;
	map.end = 0x3000;
	map.pgoff = 0x1000;	/* the image in memory: offsets are vaddrs */
	map.img = im;
	return unw_stack(&r, stack, len, lookup, NULL, pcs, 16);
}

/*
 * The made-up stack, for the function at 0x1000 called from itself:
 * frame 0 at pc 0x1010 (rbp-based), rsp 0x7000, rbp 0x7040; its caller
 * at 0x1041 (in the epilogue: rsp-based), then 0x1050 (rbp-based again,
 * the rbp restored from frame 0's slot), whose return address is 0x1900,
 * in the second FDE (its CFA rsp+8, return address undefined: the end).
 */
static void
frames(struct unw_image *im, const char *name)
{
	uint64_t pcs[16];
	size_t n;
	char what[128];

	memset(stack, 0, sizeof(stack));
	put(0x7040, 0x7100);	/* frame 0's saved rbp: frame 2's */
	put(0x7048, 0x1042);	/* its return address: pc 0x1041 + 1 */
	put(0x7038, 0xbbb);	/* rbx at cfa-24 */
	/* frame 1: CFA rsp+8, rsp = 0x7050 */
	put(0x7050, 0x1051);	/* frame 1's return address */
	/* frame 2 at 0x1050 (looked up at 0x1050): rbp 0x7100, CFA 0x7110 */
	put(0x7108, 0x1901);
	/* frame 3 at 0x1900: rsp 0x7110, its return address at rsp+0x18 */
	put(0x7128, 0x7777);
	n = unwind(im, 0x1010, 0x7000, 0x7040, pcs, sizeof(stack));
	snprintf(what, sizeof(what), "%s: frames", name);
	check(what, n, 5);
	snprintf(what, sizeof(what), "%s: pcs", name);
	if (n == 5) {
		check(what, pcs[0], 0x1010);
		check(what, pcs[1], 0x1042);
		check(what, pcs[2], 0x1051);
		check(what, pcs[3], 0x1901);
		check(what, pcs[4], 0x7777);
	}
	/* A copy too short for frame 2's slots: three frames. */
	n = unwind(im, 0x1010, 0x7000, 0x7040, pcs, 0x100);
	snprintf(what, sizeof(what), "%s: short copy", name);
	check(what, n, 3);
}

/* The second function, at 0x1900: CFA rsp+8; rbx val_offset, r12 in
 * r13, the return address by an expression: [rsp + 0x18]; its caller at
 * 0x7777 has no mapping. */
static void
second(struct b *b)
{
	u8(b, 0x14); uleb(b, 3); uleb(b, 1);	/* val_offset r3 = cfa-8 */
	u8(b, 0x09); uleb(b, 12); uleb(b, 13);	/* register r12 in r13 */
	u8(b, 0x10); uleb(b, 16); uleb(b, 2);	/* expression r16: */
	u8(b, 0x77); sleb(b, 0x18);		/* DW_OP_breg7 0x18 */
}

static void
debug_frame(int version)
{
	struct b b = { .n = 0 };
	size_t at, cie;
	struct unw_image *im;
	char name[32];

	cie = b.n;
	at = start(&b);
	un(&b, 0xffffffff, 4);		/* CIE id */
	u8(&b, (unsigned)version);
	u8(&b, 0);			/* augmentation "" */
	if (version == 4) {
		u8(&b, 8);		/* address size */
		u8(&b, 0);		/* segment size */
	}
	uleb(&b, 1);			/* code alignment */
	sleb(&b, -8);			/* data alignment */
	if (version == 1)
		u8(&b, 16);
	else
		uleb(&b, 16);		/* return address column */
	u8(&b, 0x0c); uleb(&b, 7); uleb(&b, 8);	/* def_cfa r7+8 */
	u8(&b, 0x80 | 16); uleb(&b, 1);	/* offset r16 at cfa-8 */
	end(&b, at);
	at = start(&b);
	un(&b, cie, 4);			/* CIE pointer: its offset */
	un(&b, 0x1000, 8);
	un(&b, 0x100, 8);
	program(&b);
	end(&b, at);
	at = start(&b);
	un(&b, cie, 4);
	un(&b, 0x1900, 8);
	un(&b, 0x10, 8);
	second(&b);
	end(&b, at);
	im = unw_image_mem(UNW_X86_64, b.d, b.n, 0, 1);
	snprintf(name, sizeof(name), ".debug_frame v%d", version);
	memset(stack, 0, sizeof(stack));
	frames(im, name);
	unw_image_free(im);
}

/*
 * In the PLT: before the push (pc & 15 < 11) and after it.  The caller,
 * at 0x1042 (rbp-based, with rbp 0), ends the stack.
 */
static void
plt(struct unw_image *im)
{
	uint64_t pcs[16];
	size_t n;

	memset(stack, 0, sizeof(stack));
	put(0x7000, 0x1043);
	put(0x7008, 0x1044);
	n = unwind(im, 0x1236, 0x7000, 0, pcs, 16);
	check("plt before the push: frames", n, 2);
	check("plt before the push: caller", pcs[1], 0x1043);
	n = unwind(im, 0x123b, 0x7000, 0, pcs, 16);
	check("plt after the push: frames", n, 2);
	check("plt after the push: caller", pcs[1], 0x1044);
}

/* .eh_frame at vaddr 0x2000, 'zR' with pcrel sdata4 pointers. */
static void
eh_frame(void)
{
	struct b b = { .n = 0 };
	size_t at, cie, field;
	struct unw_image *im;
	const uint64_t va = 0x2000;

	cie = b.n;
	at = start(&b);
	un(&b, 0, 4);			/* CIE id */
	u8(&b, 1);
	u8(&b, 'z'); u8(&b, 'R'); u8(&b, 0);
	uleb(&b, 1);
	sleb(&b, -8);
	u8(&b, 16);
	uleb(&b, 1);			/* augmentation data: */
	u8(&b, 0x1b);			/* pcrel sdata4 */
	u8(&b, 0x0c); uleb(&b, 7); uleb(&b, 8);
	u8(&b, 0x80 | 16); uleb(&b, 1);
	end(&b, at);
	at = start(&b);
	field = b.n;
	un(&b, field - cie, 4);		/* CIE pointer: back from here */
	un(&b, (uint64_t)(0x1000 - (int64_t)(va + b.n)), 4);
	un(&b, 0x100, 4);
	uleb(&b, 0);			/* augmentation data */
	program(&b);
	end(&b, at);
	at = start(&b);
	field = b.n;
	un(&b, field - cie, 4);
	un(&b, (uint64_t)(0x1900 - (int64_t)(va + b.n)), 4);
	un(&b, 0x10, 4);
	uleb(&b, 0);
	second(&b);
	end(&b, at);
	/* A PLT at 0x1200..0x1300: 16-byte entries, whose first 11 bytes
	 * run with the return address at rsp and the rest after a push. */
	at = start(&b);
	field = b.n;
	un(&b, field - cie, 4);
	un(&b, (uint64_t)(0x1200 - (int64_t)(va + b.n)), 4);
	un(&b, 0x100, 4);
	uleb(&b, 0);
	u8(&b, 0x0f); uleb(&b, 11);	/* def_cfa_expression: */
	u8(&b, 0x77); sleb(&b, 8);	/* breg7 8 */
	u8(&b, 0x80); sleb(&b, 0);	/* breg16 0 */
	u8(&b, 0x3f); u8(&b, 0x1a);	/* lit15 and */
	u8(&b, 0x3b); u8(&b, 0x2a);	/* lit11 ge */
	u8(&b, 0x33); u8(&b, 0x24);	/* lit3 shl */
	u8(&b, 0x22);			/* plus */
	end(&b, at);
	un(&b, 0, 4);			/* the terminator */
	im = unw_image_mem(UNW_X86_64, b.d, b.n, va, 0);
	frames(im, ".eh_frame");
	plt(im);
	unw_image_free(im);
}

/*
 * A signal frame ('zRS') at 0x1100..0x1110 whose caller's pc (0x1000,
 * the first instruction of the function: rsp-based there) is exact:
 * looked up at 0x1000, not 0x0fff, which no FDE covers.  Then a frame
 * whose CFA does not grow, which ends the unwinding.
 */
static void
signal_frame(void)
{
	struct b b = { .n = 0 };
	size_t at, cie, cie2, field;
	struct unw_image *im;
	const uint64_t va = 0x2000;
	uint64_t pcs[16];
	size_t n;

	cie = b.n;
	at = start(&b);
	un(&b, 0, 4);
	u8(&b, 1);
	u8(&b, 'z'); u8(&b, 'R'); u8(&b, 0);
	uleb(&b, 1); sleb(&b, -8); u8(&b, 16);
	uleb(&b, 1); u8(&b, 0x1b);
	u8(&b, 0x0c); uleb(&b, 7); uleb(&b, 8);
	u8(&b, 0x80 | 16); uleb(&b, 1);
	end(&b, at);
	cie2 = b.n;
	at = start(&b);
	un(&b, 0, 4);
	u8(&b, 1);
	u8(&b, 'z'); u8(&b, 'R'); u8(&b, 'S'); u8(&b, 0);
	uleb(&b, 1); sleb(&b, -8); u8(&b, 16);
	uleb(&b, 1); u8(&b, 0x1b);
	/* CFA = rsp + 0x40; the interrupted pc at cfa-0x10, its rsp at
	 * cfa-0x18 (a val_expression would do the same) */
	u8(&b, 0x0c); uleb(&b, 7); uleb(&b, 0x40);
	u8(&b, 0x80 | 16); uleb(&b, 2);
	u8(&b, 0x10); uleb(&b, 7); uleb(&b, 3);	/* expression r7: */
	u8(&b, 0x77); sleb(&b, 0x28);		/* breg7 0x28: rsp+0x28 */
	u8(&b, 0x96);				/* DW_OP_nop */
	end(&b, at);
	at = start(&b);
	field = b.n;
	un(&b, field - cie, 4);
	un(&b, (uint64_t)(0x1000 - (int64_t)(va + b.n)), 4);
	un(&b, 0x100, 4);
	uleb(&b, 0);
	end(&b, at);
	at = start(&b);
	field = b.n;
	un(&b, field - cie2, 4);
	un(&b, (uint64_t)(0x1100 - (int64_t)(va + b.n)), 4);
	un(&b, 0x10, 4);
	uleb(&b, 0);
	end(&b, at);
	im = unw_image_mem(UNW_X86_64, b.d, b.n, va, 0);
	memset(stack, 0, sizeof(stack));
	/* signal frame: rsp 0x7000, CFA 0x7040 */
	put(0x7030, 0x1000);	/* interrupted pc */
	put(0x7028, 0x7080);	/* interrupted rsp */
	/* frame at 0x1000 with rsp 0x7080: return address at 0x7080 */
	put(0x7080, 0x1101);	/* back into the signal frame's range... */
	n = unwind(im, 0x1104, 0x7000, 0, pcs, sizeof(stack));
	/* ...whose CFA rsp(0x7088)+0x40 grows, and reads its pc from
	 * 0x70b8 (0: the end). */
	check("signal frame: frames", n, 3);
	if (n == 3) {
		check("signal frame: pc 1", pcs[1], 0x1000);
		check("signal frame: pc 2", pcs[2], 0x1101);
	}
	/* A CFA below the stack pointer: the interrupted rsp 0x6000. */
	put(0x7028, 0x6000);
	n = unwind(im, 0x1104, 0x7000, 0, pcs, sizeof(stack));
	check("shrinking stack: frames", n, 1);
	unw_image_free(im);
}

/*
 * aarch64, .debug_frame: a leaf at 0x1000..0x1010 (CFA sp+0, return
 * address in x30) and a function at 0x1100..0x1200 with a frame record:
 * CFA x29+16, x29 at cfa-16, x30 at cfa-8.
 */
static void
aarch64(void)
{
	struct b b = { .n = 0 };
	size_t at, cie;
	struct unw_image *im;
	struct unw_regs r;
	uint64_t pcs[16];
	size_t n;

	cie = b.n;
	at = start(&b);
	un(&b, 0xffffffff, 4);
	u8(&b, 3);
	u8(&b, 0);
	uleb(&b, 4);			/* code alignment */
	sleb(&b, -8);
	uleb(&b, 30);			/* return address: x30 */
	u8(&b, 0x0c); uleb(&b, 31); uleb(&b, 0);	/* def_cfa sp+0 */
	end(&b, at);
	at = start(&b);
	un(&b, cie, 4);
	un(&b, 0x1000, 8);
	un(&b, 0x10, 8);
	end(&b, at);
	at = start(&b);
	un(&b, cie, 4);
	un(&b, 0x1100, 8);
	un(&b, 0x100, 8);
	u8(&b, 0x0c); uleb(&b, 29); uleb(&b, 16);	/* def_cfa x29+16 */
	u8(&b, 0x80 | 29); uleb(&b, 2);	/* x29 at cfa-16 */
	u8(&b, 0x80 | 30); uleb(&b, 1);	/* x30 at cfa-8 */
	end(&b, at);
	im = unw_image_mem(UNW_AARCH64, b.d, b.n, 0, 1);
	memset(stack, 0, sizeof(stack));
	/* frame 1 (0x1100): x29 0x7020, so CFA 0x7030 */
	put(0x7020, 0x7040);		/* its caller's x29 */
	put(0x7028, 0xabcd000000001181ull);	/* signed return address */
	/* frame 2 (0x1180): x29 0x7040, CFA 0x7050 */
	put(0x7040, 0);
	put(0x7048, 0);			/* the end */
	memset(&r, 0, sizeof(r));
	r.arch = UNW_AARCH64;
	r.pc = 0x1008;
	r.r[31] = 0x7000;
	r.r[29] = 0x7020;
	r.r[30] = 0x1104;
	r.r[32] = r.pc;
	r.valid = 1ull << 31 | 1ull << 29 | 1ull << 30 | 1ull << 32;
	map.start = 0x1000;
	map.end = 0x3000;
	map.pgoff = 0x1000;
	map.img = im;
	n = unw_stack(&r, stack, sizeof(stack), lookup, NULL, pcs, 16);
	check("aarch64: frames", n, 3);
	if (n == 3) {
		check("aarch64: leaf's caller", pcs[1], 0x1104);
		check("aarch64: authenticated", pcs[2], 0x1181);
	}
	unw_image_free(im);
}

static void
perf_regs(void)
{
	/* perf's x86-64 mask for DWARF recordings: all but ds, es, fs, gs */
	uint64_t mask = 0xffffff & ~(uint64_t)0xf000, vals[33];
	struct unw_regs r;

	for (int i = 0; i < 33; i++)
		vals[i] = 100 + (uint64_t)i;
	check("perf x86 regs", (uint64_t)unw_regs_from_perf(&r, UNW_X86_64,
	    mask, vals, 20), 0);
	check("perf x86 rax", r.r[0], 100);
	check("perf x86 rbx", r.r[3], 101);
	check("perf x86 rcx", r.r[2], 102);
	check("perf x86 rdx", r.r[1], 103);
	check("perf x86 rbp", r.r[6], 106);
	check("perf x86 rsp", r.r[7], 107);
	check("perf x86 pc", r.pc, 108);
	check("perf x86 r8", r.r[8], 112);
	check("perf x86 r15", r.r[15], 119);
	check("perf x86 valid", r.valid, 0x1ffff);
	check("perf x86 no sp", (uint64_t)unw_regs_from_perf(&r, UNW_X86_64,
	    mask & ~(uint64_t)0x80, vals, 19), (uint64_t)-1);
	check("perf arm64 regs", (uint64_t)unw_regs_from_perf(&r,
	    UNW_AARCH64, 0x1ffffffffull, vals, 33), 0);
	check("perf arm64 x29", r.r[29], 129);
	check("perf arm64 lr", r.r[30], 130);
	check("perf arm64 sp", r.r[31], 131);
	check("perf arm64 pc", r.pc, 132);
}

int
main(void)
{
	debug_frame(1);
	debug_frame(4);
	eh_frame();
	signal_frame();
	aarch64();
	perf_regs();
	return fails != 0;
}
