/*
 * common/write/: output formats that are not sp's own: the protocol
 * buffers wire format and its gzip stream (sp-pprof), the Firefox
 * Profiler's processed format and speedscope's (sp-fxprof, sp-speedscope:
 * sampleset.h holds the streams they read, json_write.h writes JSON).  It
 * uses base/ (and zlib), stream/ (the stream's reading and its frames) and
 * sym/ (build ids of the libraries).
 */
/*
 * pb_write.h: writing the protocol buffers wire format (varints and
 * length-delimited fields, the subset pprof's profile.proto uses) into a
 * growable buffer, and a gzip stream of such buffers to a file.
 *
 * A message is built field by field in a struct buf; a nested message is
 * built in a buffer of its own and added with pb_bytes, which prefixes its
 * length.  Fields whose value is zero are the caller's to leave out (proto3
 * defaults); these functions always write what they are given.
 */
#ifndef SP_PB_WRITE_H
#define SP_PB_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/buf.h"

/* Append v as a base-128 varint. */
void	 pb_varint(struct buf *, uint64_t v);
/* A varint field (wire type 0); an int64 is written as its 64-bit pattern. */
void	 pb_uint(struct buf *, uint32_t field, uint64_t v);
void	 pb_int(struct buf *, uint32_t field, int64_t v);
/* A length-delimited field (wire type 2): bytes, a string or a message. */
void	 pb_bytes(struct buf *, uint32_t field, const void *p, size_t n);
/* A packed repeated varint field; nothing when n is 0. */
void	 pb_packed_u64(struct buf *, uint32_t field, const uint64_t *v,
	    size_t n);
void	 pb_packed_i64(struct buf *, uint32_t field, const int64_t *v,
	    size_t n);

/*
 * A gzip stream written to fp, which is called name in messages.  Every
 * write error ends the tool: a closed pipe quietly (as SIGPIPE would), any
 * other error with "prog: name: why", after removing the file at path when
 * path is not NULL (a half-written output file is no profile).  gz_close
 * finishes the stream and closes fp.
 */
struct gzout;

struct gzout *gz_open(FILE *fp, const char *name, const char *path,
	    int level);
void	 gz_write(struct gzout *, const void *p, size_t n);
void	 gz_close(struct gzout *);

#endif
