/*
 * profile.h: turning a profile in JSON (the Firefox Profiler's processed
 * format, versions 0 to 75, and the Gecko format) into the sample stream.
 *
 * The whole document is checked before the first sample is written: an
 * index out of range, a stack whose parent does not come before it, columns
 * of different lengths or values of the wrong type are reported as one
 * error, and nothing of that file reaches standard output.
 */
#ifndef SP_PROFILE_H
#define SP_PROFILE_H

#include <stddef.h>

#include "stream.h"

/* The newest processed format version this reader knows. */
#define PROFILE_MAX_PROCESSED_VERSION	75
#define PROFILE_MAX_GECKO_VERSION	36

struct profile_opts {
	int	 collapse;	/* merge by stack index before the writer */
	int	 list_threads;	/* stacks are not needed */
	int	 single_input;	/* this is the only input of the stream */
};

/*
 * Flatten the JSON document data[0..len) named name through w; data is
 * modified (json_parse_packed).  Returns 0, or -1 after one message naming
 * the file.
 */
int	 profile_flatten(char *data, size_t len, const char *name,
	    struct sw *w, const struct profile_opts *);

#endif
