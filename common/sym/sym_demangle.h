/*
 * sym_demangle.h: cleaning the names the symbolizers give back.  They
 * demangle C++ and Rust v0 themselves; Rust's legacy mangling is Itanium's
 * with a hash appended as a last path component, "::h0123456789abcdef",
 * which sp drops unless asked to keep it, and escapes inside the path's
 * elements ("$LT$" for '<', "$u7b$" for '{', ".." for "::"), which
 * binutils decodes but llvm-symbolizer 14 leaves as they are: sp decodes
 * them, as perf report and rustc-demangle show such names.
 */
#ifndef SP_SYM_DEMANGLE_H
#define SP_SYM_DEMANGLE_H

#include <stddef.h>

/* The length of s[0..n) without a trailing "::h<16 hex digits>". */
size_t	 sym_drop_rust_hash(const char *s, size_t n);

/*
 * Decode the escapes of a Rust legacy name s[0..n) in place (only for a
 * name that had the legacy hash: another language's "$" or ".." stays);
 * returns the new length, at most n.
 */
size_t	 sym_rust_unescape(char *s, size_t n);

#endif
