/*
 * common/perf/: perf.data read without perf (read_perfdata.c) and the
 * DWARF call-frame unwinder that turns its stack copies into call chains
 * (unwind*.c).  It uses base/, stream/ (it writes the sample stream),
 * read/ (the registry's struct reader for its row, perf script's naming
 * of frames) and sym/ (ELF images and their separate debug files).  Its
 * row, reader_perfdata, is listed in flatten/'s table, above perf/.
 */
/*
 * read_perfdata.h: reading perf.data (perf record's file) into the sample
 * stream, as `perf script | sp-flatten` would (see read_perfdata.c).
 */
#ifndef SP_READ_PERFDATA_H
#define SP_READ_PERFDATA_H

#include <stddef.h>
#include <stdint.h>

#include "read/perf_script.h"
#include "stream/stream.h"

struct reader;

/*
 * perf.data's row of sp-flatten's formats (read/reader.h's struct reader;
 * flatten/flatten.c lists it): perfdata_sniff, then perfdata_flatten on
 * the input read whole.
 */
extern const struct reader reader_perfdata;

/* Do the first bytes p[0..n) look like perf.data ("PERFILE2")? */
int	 perfdata_sniff(const char *p, size_t n);
/*
 * Read the perf.data file data[0..len), called name in messages, and
 * write its samples through w.  Returns 0, or -1 after one message naming
 * the file and the byte offset; nothing is written then.
 */
int	 perfdata_flatten(const char *name, const uint8_t *data, size_t len,
	    struct sw *w, const struct perf_opts *);

/*
 * Can perfdata_flatten read the file at path, by its header (sp-flamegraph
 * asks before choosing between it and perf script)?  1, or 0 with the
 * reason in why.
 */
int	 perfdata_probe(const char *path, char *why, size_t whysz);

/*
 * The samples perf lost and those it recorded in the file at path, as the
 * stream's #lost header counts them (sp(5)): 0, or -1 when it cannot be
 * read (quietly).
 */
int	 perfdata_lost(const char *path, uint64_t *lost, uint64_t *recorded);

#endif
