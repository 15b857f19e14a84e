/*
 * common/read/: sp-flatten's input formats: this registry's rows, the
 * running of a row (reader.c) and every reader but perf.data's (processed
 * and Gecko JSON, pprof with its protobuf decoder, .cpuprofile and Chrome
 * traces, speedscope, perf script text, folded stacks, sp's own stream).
 * It uses base/, json/, stream/, and sym/'s ELF headers (perf_dso.c:
 * perf's file offsets into addresses).  The table of every row, perf/'s
 * perf.data among them, and the choice among them by content are
 * flatten/'s, above both read/ and perf/.
 */
/*
 * reader.h: the registry of sp-flatten's input formats.
 *
 * Every format is one row: how to recognise it from its content, and how to
 * read it.  A row lives in the file of its reader (reader_processed in
 * profile_processed.c, reader_perf_script in perf_script.c, perf.data's
 * reader_perfdata in perf/read_perfdata.c, ...); the table that orders
 * them and the dispatch that runs one are flatten/flatten.c's.  Readers
 * that turn a whole file into threads of stacks share the layer below
 * them, profile_impl.h, which checks and writes what they prepared;
 * nothing in read/ knows the table.
 *
 * Recognition is by content, never by file name, on the decompressed input:
 * a JSON document is parsed once and offered to the JSON rows in order;
 * other input is offered to the byte rows by its first bytes.
 */
#ifndef SP_READER_H
#define SP_READER_H

#include <stddef.h>

#include "base/input.h"
#include "read/perf_script.h"
#include "stream/stream.h"

struct json;
struct pctx;
struct pinput;

/* What sp-flatten's options tell the readers. */
struct reader_opts {
	int	 collapse;	/* -c: merge by stack before the writer */
	int	 list_threads;	/* -l: stacks are not needed */
	int	 single_input;	/* this is the only input of the stream */
	const char *sample_type; /* -s: the pprof sample type of the weight */
	struct perf_opts perf;	/* perf script's own options */
};

struct reader {
	const char *format;	/* what it reads, for comments and messages */
	/* A JSON document: is it of this format?  (NULL: not JSON) */
	int	(*sniff_json)(const struct json *, int root);
	/* Other input: do its first bytes p[0..n) look like this format? */
	int	(*sniff)(const char *p, size_t n);
	/*
	 * A streaming reader: read the rest of lr and write its samples
	 * through w.  Returns 0, or -1 after one message naming the file.
	 */
	int	(*read)(struct lreader *, struct sw *, const struct reader_opts *);
	/*
	 * A whole-input reader (JSON rows always): check the input and
	 * prepare its threads (profile_impl.h); fails through pfail().
	 */
	void	(*prepare)(struct pctx *, const struct pinput *);
};

/* read/'s rows, each defined in the file of its reader. */
extern const struct reader reader_processed;	/* profile_processed.c */
extern const struct reader reader_gecko;	/* profile_gecko.c */
extern const struct reader reader_speedscope;	/* read_speedscope.c */
extern const struct reader reader_cpuprofile;	/* read_cpuprofile.c */
extern const struct reader reader_chrome_trace;	/* read_cpuprofile.c */
extern const struct reader reader_jslb;		/* reader.c (refused) */
extern const struct reader reader_perf_script;	/* perf_script.c */
extern const struct reader reader_pprof;	/* read_pprof.c */
extern const struct reader reader_folded;	/* reader.c, by folded.h */
extern const struct reader reader_stream;	/* read_stream.c */
extern const struct reader reader_table;	/* read_stream.c (refused) */

/*
 * Read the rest of lr (called name in messages) with row r, whose sniff
 * took its first bytes: a streaming row reads it itself, a whole-input
 * row's prepare is given it read whole.  Returns 0, or -1 after one
 * message naming the file; nothing of a file that fails a check reaches
 * w's output.
 */
int	 reader_run(const struct reader *r, struct lreader *lr,
	    const char *name, struct sw *w, const struct reader_opts *);

/*
 * Read the JSON document j, parsed from data[0..len), with the JSON row r,
 * whose sniff_json took it; discard says that data's pages (big_alloc's)
 * may be given back once the profile is prepared (pinput.discard).
 * Returns 0, or -1 after one message naming the file.
 */
int	 reader_run_json(const struct reader *r, const struct json *j,
	    const char *data, size_t len, int discard, const char *name,
	    struct sw *w, const struct reader_opts *);

#endif
