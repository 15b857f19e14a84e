/*
 * sym_ctx.h: the inside of one symbolization (struct sym_ctx of
 * symbolize.h), shared by the files that do its jobs and by no one else:
 *
 *	sym_scan.c	the first pass: libraries, distinct addresses, cuts
 *	sym_resolve.c	resolving each library's addresses
 *	sym_write.c	writing the output with the frames replaced
 *	symbolize.c	the face (symbolize.h) that runs them in turn
 *
 * It uses base/ (buf, strtab), the inputs (sym_input.h), the symbolizer
 * programs (sym_programs.h) and the answers (sym_result.h).
 */
#ifndef SP_SYM_CTX_H
#define SP_SYM_CTX_H

#include <stdint.h>
#include <stdio.h>

#include "base/buf.h"
#include "base/strtab.h"
#include "sym/sym_cache.h"
#include "sym/sym_input.h"
#include "sym/sym_programs.h"
#include "sym/sym_result.h"
#include "sym/sym_syms.h"
#include "sym/symbolize.h"

enum lstate { L_SKIP, L_NOTFOUND, L_MISMATCH, L_FAILED, L_PARTIAL, L_DONE };
enum rmode { M_STACK, M_AGG, M_FOLD, M_N };

struct rep {
	size_t	 off;		/* into reps; SIZE_MAX: not built yet */
	size_t	 len;
};

struct lib {
	char	*name;		/* as written in the stream (escaped) */
	size_t	 name_len;
	/* From the #lib header, unescaped; "" when unknown. */
	char	*path, *debug_name, *debug_path, *code_id, *breakpad_id,
		*arch;
	int	 fileoff;	/* its addresses are file offsets (sp(5)) */
	int64_t	 weight;	/* samples with a frame of this library */
	uint64_t stamp;		/* the last line counted in weight */
	uint64_t *addrs;	/* distinct addresses, in order of first sight */
	size_t	 naddrs, capaddrs;
	enum lstate state;
	char	*file;		/* the file symbolized */
	const char *via;	/* backend name */
	size_t	 resolved;
	size_t	 asked, cached;	/* addresses looked up; served by the cache */
	double	 secs;
	struct sym_results res;
	struct rep *rep[M_N];	/* replacement texts, built when first used */
};

/* The distinct (library, address) pairs: open addressing. */
struct slot {
	uint64_t addr;
	uint32_t lib;		/* UINT32_MAX: empty */
	uint32_t ent;		/* index into ents */
};

struct ent {
	uint32_t lib;
	uint32_t idx;		/* index into that library's addrs */
};

/*
 * The plan of the output, made by the first pass: every address frame of
 * the input, in input order, as a cut of the input text, so that writing
 * the output is copying the text between the cuts and each cut's
 * replacement, without reading the input's lines again.
 */
struct cut {
	uint32_t gap;		/* input bytes before the cut, since the last */
	uint32_t ent;		/* entry | mode << CUT_MODE_SHIFT, or below */
};
#define CUT_MODE_SHIFT	30
#define CUT_ENT_MASK	((1u << CUT_MODE_SHIFT) - 1)
#define CUT_NONE	UINT32_MAX		/* a gap too long for one cut */
#define CUT_HEADERS	(UINT32_MAX - 1)	/* the #symbolized lines go here */

/* An input, whole in memory: mapped, or read (standard input, gzip). */
struct pend {
	uint32_t lib;
	uint32_t cut;
	uint64_t addr, h;
};
#define NPEND	32

/* The state of one symbolization (symbolize.h). */
struct sym_ctx {
	struct sym_opts o;
	const char *target;	/* --binary's library name */
	size_t	 target_len;
	int	 status;
	FILE	*fp;		/* the output */
	struct sym_syms *sy;	/* --syms, or NULL */
	struct sym_input *inputs;
	size_t	 nin, capin;
	int	 resolved;	/* sym_ctx_resolve ran */

	struct lib *libs;
	size_t	 nlibs, caplibs;
	struct strtab *libnames;
	struct slot *slots;	/* the distinct (library, address) pairs */
	size_t	 nslots, nused;
	struct buf reps;	/* all replacement texts */
	struct ent *ents;
	size_t	 nents, capents;
	struct cut *cuts;	/* the plan of the output (struct cut) */
	size_t	 ncuts, capcuts;
	unsigned modes_used;	/* 1 << mode, for each mode of a cut */
	struct rep *rep_of[M_N];	/* by entry, built after resolving */

	/* The first pass. */
	uint64_t lineno;
	int64_t	 addr_frames_total;
	struct pend pend[NPEND];
	size_t	 npend;
	uint32_t last_lib;	/* UINT32_MAX: not wanted */
	const char *last_name;
	size_t	 last_len;
	const char *cut_end;	/* the input position the last cut ended at */
	int	 seen_headers, inserted;

	struct sym_programs progs;	/* looked up once */
	struct sym_cache *cache;	/* NULL: --no-cache, or no directory */
	int	 cache_warned;	/* "cannot cache" said once */
	struct buf nocache_msg;	/* that message, for the parent (sym_jobs.c) */

	struct buf out;
};

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p)	__builtin_prefetch(p)
#else
#define PREFETCH(p)	((void)0)
#endif

/* The value of a hex digit plus one; 0 for any other byte. */
extern const signed char sym_hexval[256];

/* sym_scan.c: the first pass over one input, which it records in sc. */
void	 symc_scan_input(struct sym_ctx *, struct sym_input *);
/* s[0..n) unescaped (sp(5)), or as it is when it is not a valid escape. */
char	*symc_unesc_dup(const char *s, size_t n);

/* sym_resolve.c: resolve library l from its file, or from the sidecar. */
void	 symc_resolve_lib(struct sym_ctx *, struct lib *);
void	 symc_resolve_syms(struct sym_ctx *, struct lib *,
	    const struct sym_syms *);

/* The library's replacements made ready, its resolved addresses counted. */
void	 symc_lib_done(struct lib *);

/* sym_jobs.c: resolve every library, several at once. */
void	 symc_resolve_all(struct sym_ctx *);

/* sym_write.c: the replacements, the output, the summary. */
void	 symc_build_reps(struct sym_ctx *);
void	 symc_replay_input(struct sym_ctx *, const struct sym_input *);
void	 symc_replay_end(struct sym_ctx *);
void	 symc_summary(struct sym_ctx *, int syms);
void	 symc_check_out(struct sym_ctx *);

#endif
