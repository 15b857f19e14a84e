/*
 * profile_impl.h: the layer below the whole-file readers of the registry
 * (reader.h): their shared helpers (profile.c) and the emitter
 * (profile_emit.c).
 *
 * A reader "prepares" every thread first: it converts the stack table into
 * parent/frame arrays, computes every frame's label (escaped, sp(5)) and
 * checks each sample column without storing it.  Only when the whole file
 * has been checked does profile_emit.c walk the samples again and write
 * them.  Readers call down into both; neither knows a reader.
 */
#ifndef SP_PROFILE_IMPL_H
#define SP_PROFILE_IMPL_H

#include <setjmp.h>
#include <stdint.h>

#include "base/buf.h"
#include "json/json.h"
#include "read/reader.h"
#include "stream/stream.h"

/* The newest versions of the Firefox Profiler's formats that sp reads. */
#define PROFILE_MAX_PROCESSED_VERSION	75
#define PROFILE_MAX_GECKO_VERSION	36

/* A whole input: the parsed JSON document, or the bytes of another format. */
struct pinput {
	const struct json *j;	/* NULL for a byte format */
	int	 root;
	const char *data;	/* the decompressed input */
	size_t	 len;
	/*
	 * The pages of data (from big_alloc) may be given back once every
	 * thread is prepared and no longer reads the text (profile_emit.c).
	 */
	int	 discard;
};

/* Stacks and frame labels; shared by all threads from version 60 on. */
struct ptables {
	uint32_t nstack;
	int32_t	*prefix;	/* parent stack, -1 for a root */
	uint32_t *frame;	/* frame of each stack */
	uint32_t nframe;
	uint32_t *loff, *llen;	/* label of each frame, in labels */
	struct buf labels;
	/* Stack strings built so far (profile_emit.c), while they fit the
	 * cap. */
	uint64_t *soff;		/* in stacks; UINT64_MAX: not built */
	uint32_t *slen;
	struct buf stacks;
	size_t	 last;		/* the last thread using it (profile_emit.c) */
	/*
	 * -c (profile_emit.c): stacks spelled alike get one string id, from
	 * (parent's id, label's id) pairs, without building the strings.
	 */
	uint32_t *lid;		/* label id of each frame */
	uint32_t *sid;		/* string id of each stack; 0: not known */
	uint64_t *pkeys;	/* (parent id) << 32 | label id, per slot */
	uint32_t *pvals;	/* its string id; 0: a free slot */
	size_t	 pmask;
	uint32_t nsid;
};

/*
 * The largest weight or CPU delta accepted (in the profile's unit), so that
 * converting microseconds to nanoseconds cannot overflow.
 */
#define PROFILE_MAX_VALUE	((int64_t)1 << 40)

/*
 * Where a thread's samples are: read again from the JSON columns when
 * written (processed, Gecko), or stored by the reader (PK_ARRAY).
 */
enum pkind { PK_PROCESSED, PK_GECKO, PK_ARRAY };

struct pthread {
	char	*process, *pid, *name, *tid;	/* raw; NULL when unknown */
	const struct json *j;
	struct ptables *tab;
	enum pkind kind;
	uint32_t n;		/* samples */
	/* processed: scalar arrays (token index, -1 when absent) */
	int	 stack, time, deltas, weight, cpu;
	/* Gecko: the samples' data array and the schema's columns */
	int	 rows, cstack, ctime, ccpu;
	/* PK_ARRAY: n samples (stack -1: none; cpu -1: unknown) */
	int32_t	*astack;
	double	*atime;
	int64_t	*aweight, *acpu;
	size_t	 acap;
	double	 time_offset;	/* ms, added to each sample's time */
	int64_t	 cpu_mult;	/* ns per unit of the cpu column; 0: none */
};

struct pctx {
	const char *name;	/* file, for messages */
	const struct reader_opts *o;
	char	 where[32];	/* the table holder being read: "shared" */
	jmp_buf	 fail;
	char	 msg[512];
	struct sw *w;
	struct pthread *th;
	size_t	 nth, thcap;
	struct ptables **tabs;	/* every table set, for freeing */
	size_t	 ntabs, tabscap;
	struct json **docs;	/* sub-documents (Gecko JSON in strings) */
	char	**docbufs;
	size_t	 ndocs, docscap;
	struct lib_info *libs;	/* for the #lib headers */
	size_t	 nlibs, libscap;
	char	 format[64];
	const char *weight_type;
	int	 any_cpu;
	double	 root_start;	/* Gecko: the parent's meta.startTime */
	/*
	 * A reader's own state, on the heap: pfail unwinds past the reader,
	 * so profile_run frees it (after prepare, or after a failure).
	 */
	void	(*cleanup)(void *);
	void	*cleanup_arg;
	struct buf tmp;
	struct buf res;		/* a resource's name (profile_processed.c) */
};

/*
 * Prepare the input in with prepare (a row of reader.h), then write all
 * its threads through w.  Returns 0, or -1 after one message naming the
 * file (nothing written).
 */
int	 profile_run(const struct pinput *in, const char *name, struct sw *w,
	    const struct reader_opts *,
	    void (*prepare)(struct pctx *, const struct pinput *));

/* profile.c: free a table's arrays (tab stays, empty), and all of c
 * but c itself. */
void	 pfree_tables(struct ptables *);
void	 pfree_ctx(struct pctx *);

/* Report a problem with the file and unwind to profile_run. */
void	 pfail(struct pctx *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3), noreturn));

struct pthread *pnew_thread(struct pctx *);
struct ptables *pnew_tables(struct pctx *);
/* Keep a copy of a library for the headers; the strings are copied. */
void	 padd_lib(struct pctx *, const struct lib_info *);
/* A string value as a new C string, NULL if absent or null; numbers as text. */
char	*pstrdup(struct pctx *, const struct json *, int tok);
/*
 * Read the library object x: its #lib header is kept, and its name for
 * labels (a file name; for Gecko the debug name when it has none) is
 * returned, to be freed by the caller.
 */
char	*pread_lib(struct pctx *, const struct json *, int x, int gecko);
/* The file name of a path (after the last '/' or '\\'). */
const char *pbasename(const char *);

/*
 * Building tables for readers whose input names each stack by its frames
 * (pprof, .cpuprofile, speedscope): frames are interned by label and
 * stacks by (parent, frame), so that equal stacks get one index and the
 * emitter's cache and -c work as for the Firefox formats.
 */
struct ptbuild {
	struct ptables *tab;
	size_t	 stackcap, framecap;
	struct strtab *labels;	/* escaped labels -> frame index */
	struct buf esc;
	uint64_t *keys;		/* (parent + 1) << 32 | frame, per slot */
	int32_t	*vals;		/* stack index, -1: empty slot */
	size_t	 mask;
};

/* Start building into a new table set of c. */
void	 ptb_init(struct pctx *, struct ptbuild *);
/* The frame of the raw (unescaped) label s[0..n): escaped, interned. */
uint32_t ptb_frame(struct ptbuild *, const char *s, size_t n);
/* The stack of frame f under stack parent (-1: a root). */
int32_t	 ptb_stack(struct pctx *, struct ptbuild *, int32_t parent,
	    uint32_t f);
void	 ptb_free(struct ptbuild *);

/* Ids of a format (pprof's, V8's node ids) to dense indexes. */
struct pidmap {
	uint64_t *ids;
	uint32_t *idx;		/* UINT32_MAX: a free slot */
	size_t	 mask;
};

void	 pidmap_init(struct pidmap *, size_t n);
/* Add id -> i (i < UINT32_MAX); 0, or -1 when id is already there. */
int	 pidmap_add(struct pidmap *, uint64_t id, uint32_t i);
/* The index of id, or -1. */
int64_t	 pidmap_get(const struct pidmap *, uint64_t id);
void	 pidmap_free(struct pidmap *);

/* A thread of PK_ARRAY samples with these raw names (copied; NULL: none). */
struct pthread *pnew_array_thread(struct pctx *, struct ptables *,
	    const char *process, const char *pid, const char *name,
	    const char *tid);
/* Store one sample of a PK_ARRAY thread. */
void	 padd_sample(struct pthread *, int32_t stack, double time,
	    int64_t weight, int64_t cpu);

#endif
