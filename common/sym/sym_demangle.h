/*
 * sym_demangle.h: cleaning the names the symbolizers give back.  They
 * demangle C++ and Rust themselves (llvm-symbolizer 14 and binutils 2.40
 * both know Itanium, Rust legacy and Rust v0); what is left is the hash
 * that Rust's legacy mangling appends as a last path component,
 * "::h0123456789abcdef", which sp drops unless asked to keep it.
 */
#ifndef SP_SYM_DEMANGLE_H
#define SP_SYM_DEMANGLE_H

#include <stddef.h>

/* The length of s[0..n) without a trailing "::h<16 hex digits>". */
size_t	 sym_drop_rust_hash(const char *s, size_t n);

#endif
