/*
 * input.h: reading sp's inputs.  A file name of "-" (or none) is standard
 * input.  gzip is recognised by its magic bytes, never by the file name, and
 * multi-member gzip files are read whole.  Every error names the file.
 */
#ifndef SP_INPUT_H
#define SP_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* The display name of a path: "<stdin>" for "-". */
const char *input_name(const char *path);

/*
 * Read the whole of path (decompressed) into a NUL-terminated buffer.
 * Refuses contents larger than max bytes.  Returns 0, or -1 with a message
 * already printed ("prog: file: problem").
 */
int	 input_slurp(const char *path, size_t max, char **data, size_t *len);

/* A line reader over a plain or gzip file. */
struct lreader;

struct lreader *lr_open(const char *path);	/* NULL after a message */
/*
 * The next line, without its newline (a final line without one counts).
 * Returns its length, 0 <= len, with *line pointing into the reader's
 * buffer until the next call; -1 at the end; -2 after a read error, which
 * has been reported.  Lines may contain NUL bytes.
 */
long long lr_next(struct lreader *, char **line);
uint64_t lr_lineno(const struct lreader *);
const char *lr_name(const struct lreader *);
/*
 * Report a bad input line as "PROGRAM: FILE:LINE: why" on stderr and
 * exit 1.
 */
void	 lr_fail(const struct lreader *, const char *fmt, ...)
	    __attribute__((noreturn, format(printf, 2, 3)));
/* Call the input name (kept, not copied) in messages from now on. */
void	 lr_set_name(struct lreader *, const char *name);
/*
 * Show the bytes read of this input as a progress line (progress.h) until
 * it is read whole or closed.
 */
void	 lr_progress(struct lreader *);
/* Peek at the first bytes of the (decompressed) input without consuming. */
size_t	 lr_peek(struct lreader *, const char **p);
/*
 * Consume the next line, p[0..len) of what lr_peek gave, whose newline
 * the caller found at p[len]: lr_next without a second scan for it.
 * Returns the line (NUL-terminated in place), as lr_next would; NULL, and
 * nothing consumed, when p[len] is not the next line's newline.
 */
char	*lr_take(struct lreader *, const char *p, size_t len);
/*
 * Read the rest of the input into one NUL-terminated buffer of *cap bytes
 * that the caller frees with big_free (bigmem.h); the reader is then at its
 * end.  Refuses more than max bytes.  Returns 0, or -1 after a message.
 */
int	 lr_slurp(struct lreader *, size_t max, char **data, size_t *len,
	    size_t *cap);
void	 lr_close(struct lreader *);

#endif
