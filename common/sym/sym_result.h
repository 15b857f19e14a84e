/*
 * sym_result.h: what a symbolizer backend answers, for a batch of
 * addresses of one binary.  For address i, frames first[i] ..
 * first[i] + nframes[i] - 1 describe it, the outermost function first and
 * the innermost inlined one last; nframes[i] == 0 means "not resolved".
 * Names and file names are raw (unescaped) bytes kept in one arena.
 */
#ifndef SP_SYM_RESULT_H
#define SP_SYM_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

struct sym_frame {
	size_t	 name, name_len;	/* offsets into the arena */
	size_t	 file, file_len;	/* file_len 0: no file known */
	uint32_t line;			/* 0: no line known */
};

struct sym_results {
	size_t	 naddr;
	size_t	*first;
	uint32_t *nframes;
	struct sym_frame *frames;
	size_t	 nfr, capfr;
	struct buf arena;
	size_t	 answered;	/* how many addresses got an answer at all */
};

void	 symr_init(struct sym_results *, size_t naddr);
void	 symr_free(struct sym_results *);
/*
 * Record the frames of address i.  The backends collect the frames of one
 * address innermost first (as the symbolizers print them) with
 * symr_push, then call symr_commit, which puts them outermost first.
 */
void	 symr_push(struct sym_results *, const char *name, size_t nlen,
	    const char *file, size_t flen, uint32_t line);
void	 symr_commit(struct sym_results *, size_t i, size_t start);
/*
 * Spread the answers of a batch of r->naddr addresses over n addresses:
 * answer k becomes address pos[k]'s; the others are not resolved.  For a
 * batch that asked for some of the addresses only.
 */
void	 symr_spread(struct sym_results *, const size_t *pos, size_t n);
/* Give frame k (an index into frames) another name. */
void	 symr_rename(struct sym_results *, size_t k, const char *name,
	    size_t len);
/* The name and file of a frame, pointers into the arena. */
const char *symr_str(const struct sym_results *, size_t off);
/* Does name look like "no symbol" ("??" or empty)? */
int	 symr_unknown(const char *s, size_t n);

#endif
