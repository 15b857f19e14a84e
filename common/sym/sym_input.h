/*
 * sym_input.h: an input of sp-symbolize held whole in memory: a regular
 * uncompressed file is mapped, anything else (standard input, gzip) read
 * and decompressed.  A mapped file that shrinks while it is read ends the
 * program with one line naming it (a SIGBUS handler is installed while
 * inputs are mapped).  It uses base/ (input.h, bigmem.h) only.
 */
#ifndef SP_SYM_INPUT_H
#define SP_SYM_INPUT_H

#include <stddef.h>

struct sym_input {
	const char *name;
	char	*data;
	size_t	 len, cap;	/* cap: big_alloc'd size; 0 when mapped */
	size_t	 firstcut, ncuts;	/* its cuts (sym_ctx.h) */
};

/* Read path ("-": standard input); 0, or -1 after a message. */
int	 sym_input_load(const char *path, struct sym_input *);
void	 sym_input_free(struct sym_input *);

#endif
