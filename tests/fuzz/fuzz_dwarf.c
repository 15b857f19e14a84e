/*
 * fuzz_dwarf.c: a libFuzzer target for the in-process DWARF reader
 * (common/dwarf, dwarf.h).  The input is a whole ELF file, opened with
 * dwarf_open_mem; when it opens, the addresses of its first unit's range
 * and around every 97th byte of the file's first 64 KiB (read as
 * addresses) are looked up, and some names demangled.  Besides memory
 * errors, endless loops (libFuzzer's -timeout) and undefined behaviour,
 * it checks that every lookup gives as many NUL-terminated names as it
 * says.  Seeds in tests/fuzz/seeds-dwarf/: small programs of gcc -g -O2,
 * DWARF 4 and 5, one with zlib-compressed sections.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "dwarf/dwarf.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check(struct dwarf *d, uint64_t a, struct buf *names, struct buf *why)
{
	size_t nf, seen = 0;
	int in_unit;

	buf_reset(why);
	if (dwarf_lookup(d, a, names, &nf, &in_unit, why) == -1)
		return;
	for (size_t i = 0; i < names->len; i++)
		if (names->s[i] == '\0')
			seen++;
	if (seen != nf)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct buf why = { 0 }, names = { 0 }, dem = { 0 };
	struct dwarf *d = dwarf_open_mem(data, len, &why);

	if (len > 0)
		(void)dwarf_demangle((const char *)data, len < 256 ? len : 256,
		    &dem);
	if (d != NULL) {
		for (size_t i = 0; i + 8 <= len && i < 65536; i += 97) {
			uint64_t a;

			memcpy(&a, data + i, 8);
			check(d, a, &names, &why);
			check(d, a & 0xffffff, &names, &why);
		}
		for (uint64_t a = 0x1000; a < 0x1400; a += 3)
			check(d, a, &names, &why);
		dwarf_free(d);
	}
	buf_free(&why);
	buf_free(&names);
	buf_free(&dem);
	return 0;
}
