/*
 * common/flatten/: sp-flatten's way in: the table of every input format it
 * reads and the choice among them by content (flatten.c).  The rows are
 * defined below it, read/'s in read/ and perf.data's in perf/, so the
 * table that lists them all sits above both, beside record/ and below
 * the tools.  It uses base/ (the input, its pages), json/ (the document
 * parsed once for the JSON rows), stream/ (the writer it is given),
 * read/ (the rows, and running the one chosen) and perf/ (perf.data's
 * row).
 */
/*
 * flatten.h: reading one input of any format sp-flatten knows into the
 * sample stream.
 */
#ifndef SP_FLATTEN_H
#define SP_FLATTEN_H

#include <stddef.h>

#include "base/input.h"
#include "read/reader.h"
#include "stream/stream.h"

/*
 * Read one input (lr, called name in messages) of any known format and
 * write its samples through w.  Returns 0, or -1 after one message naming
 * the file; nothing of a file that fails a check reaches w's output.
 */
int	 read_profile(struct lreader *lr, const char *name, struct sw *w,
	    const struct reader_opts *);

/*
 * The JSON part of read_profile, for a document already in memory:
 * data[0..len) is modified (json_parse_packed).  Returns 0 or -1 after a
 * message.
 */
int	 read_json_profile(char *data, size_t len, const char *name,
	    struct sw *w, const struct reader_opts *);

#endif
