/*
 * progress.h: a one-line progress indicator on standard error, for work
 * that can take seconds (reading a large profile, symbolizing a binary).
 *
 *	sp-flatten: big.json.gz: 41% (12.3 of 30.0 MB)
 *	sp-symbolize: libxul.so: 1200/5800 addresses
 *
 * It is shown only when standard error is a terminal, standard output is
 * not (the output would be mixed into the line) and the user did not ask
 * for quiet (-q); it is redrawn at most four times a second, in place
 * (carriage return), and erased when the work ends, so that it never
 * stays in a terminal's scrollback or reaches a file.  One indicator at a
 * time.
 */
#ifndef SP_PROGRESS_H
#define SP_PROGRESS_H

#include <stdint.h>

enum progress_unit { PROGRESS_BYTES, PROGRESS_ADDRESSES };

/* Call once, with 0 for -q: no indicator at all. */
void	 progress_enable(int on);
/*
 * Will an indicator be shown?  Lets a caller skip the work of counting
 * for one nobody sees.
 */
int	 progress_enabled(void);
/*
 * Start an indicator for subject (a file or binary name, kept, not
 * copied); total 0 means "not known".  Nothing is drawn until the work has
 * taken a quarter of a second, so quick work shows nothing.
 */
void	 progress_begin(const char *subject, uint64_t total,
	    enum progress_unit unit);
/* done units of work so far; cheap enough to call very often. */
void	 progress_set(uint64_t done);
/* Erase the indicator (if it was drawn); before any other message too. */
void	 progress_end(void);

#endif
