/*
 * symbolize.h: the face of common/sym/ — replacing the address frames of
 * a sample stream, an aggregate table or folded stacks with function
 * names, as sp-symbolize(1) does, callable from any program.
 *
 *	in:	... LIB!0x3ec3;LIB!0x41a0 ...	(frames of library LIB at
 *						 library-relative addresses)
 *	out:	... LIB!main;LIB!work;LIB!helper (inlined) ...
 *
 * Use: sym_ctx_new with the options, sym_ctx_add_file for each input
 * (held whole in memory and scanned once: the distinct addresses of each
 * library are collected), sym_ctx_resolve (every library's addresses in one
 * batch: one symbolizer process, or the .syms.json sidecar), sym_ctx_write
 * (the inputs copied out with their frames replaced, then the per-library
 * summary on standard error unless quiet), sym_ctx_status, sym_ctx_free.
 * Problems are reported on standard error with warnx as they are found and
 * make the status 1; allocation failures end the program (as everywhere in
 * common/).  Frames that cannot be resolved stay as they were.
 *
 * A mapped input that shrinks while it is read ends the program with one
 * line naming it (a SIGBUS handler is installed while inputs are mapped).
 * The caller should ignore SIGPIPE: the symbolizers are children on pipes.
 *
 * What it uses: the stream's field layout (stream/stream.h), base/, and
 * the rest of sym/ (sym_backend.h runs the symbolizers, sym_find_binary.h
 * finds files, sym_image.h and sym_symtab.h check them, sym_syms.h reads
 * sidecars).
 */
#ifndef SP_SYMBOLIZE_H
#define SP_SYMBOLIZE_H

#include <stdint.h>
#include <stdio.h>

#include "sym/sym_backend.h"

struct sym_opts {
	const char *binary;	/* -b: the file of one library, or NULL */
	const char *image;	/* --image: that library's name in the stream */
	const char *symbolizer;	/* --symbolizer program, or NULL */
	const char *syms;	/* --syms sidecar, or NULL */
	enum sym_backend backend;	/* SYMB_NONE: the first installed */
	int	 force;		/* use files whose identity does not match */
	int	 keep_hash;	/* keep Rust's ::h0123... suffixes */
	int	 lines;		/* -l: " @ FILE:LINE" after each name */
	int	 mixed;		/* -m: every library (without binary, syms) */
	int	 noinline;	/* only the outermost function of an address */
	int	 quiet;		/* no per-library summary */
	int	 has_base;
	uint64_t base;		/* --base: instead of the file's own */
	char	**search;	/* --search directories */
	size_t	 nsearch;
	char	**map;		/* --map NAME=PATH */
	size_t	 nmap;
	int	 no_cache;	/* --no-cache */
	const char *cache_dir;	/* --cache-dir, or NULL (sym_cache.h) */
	uint64_t cache_size;	/* --cache-size, or 0 */
};

struct sym_ctx;

/* A context for opts (copied; the strings must outlive it); NULL after a
 * message (a sidecar that cannot be read). */
struct sym_ctx *sym_ctx_new(const struct sym_opts *);
/*
 * Read the input path ("-": standard input; gzip is decompressed) and
 * scan it.  Returns 0, or -1 after a message.  Before sym_ctx_resolve.
 */
int	 sym_ctx_add_file(struct sym_ctx *, const char *path);
/* Resolve the addresses of every input added. */
void	 sym_ctx_resolve(struct sym_ctx *);
/*
 * Write every input, its frames replaced, to fp (which it flushes and
 * checks: standard output's EPIPE ends the program quietly); the inputs
 * are released as they are written.
 */
void	 sym_ctx_write(struct sym_ctx *, FILE *fp);
/* 0, or 1 when something was reported that the exit status must show. */
int	 sym_ctx_status(const struct sym_ctx *);
void	 sym_ctx_free(struct sym_ctx *);

#endif
