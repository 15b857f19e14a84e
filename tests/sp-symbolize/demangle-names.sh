# dwarf_demangle on hand-picked names (demangle-names.in says which): the
# Rust v0 ones as LLVM 14 prints them, or as they are where LLVM leaves
# them mangled; the Rust legacy ones demangled, C++ and D refused.
. "$T/build-demangle"
grep -v '^#' "$T/demangle-names.in" | ./demangle
