/*
 * tests/sp-symbolize/demangle.c: dwarf_demangle (common/dwarf/dwarf.h)
 * as a filter, for demangle-v0.sh and demangle-names.sh: each line of
 * standard input is a name, written out demangled, or as it is when
 * dwarf_demangle refuses it (as llvm-cxxfilt leaves a name it cannot
 * demangle).  Built by build-demangle against the library of the build
 * under test.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/buf.h"
#include "dwarf/dwarf.h"

int
main(void)
{
	struct buf out = { 0 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, stdin)) != -1) {
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		buf_reset(&out);
		if (dwarf_demangle(line, (size_t)n, &out) == -1)
			fwrite(line, 1, (size_t)n, stdout);
		else
			fwrite(out.s, 1, out.len, stdout);
		putchar('\n');
	}
	if (ferror(stdin) || fflush(stdout) == EOF || ferror(stdout)) {
		perror("demangle");
		return 1;
	}
	free(line);
	buf_free(&out);
	return 0;
}
