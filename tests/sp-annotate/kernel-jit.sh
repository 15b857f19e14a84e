# Kernel and JIT frames have no code sp can disassemble: their figures and
# a one-line reason, never a listing; a JIT library's raw addresses (a
# frame its perf map did not name) are listed as addresses.
sp-annotate -C do_syscall_64 "$T/jit.sp"
echo "status $?"
sp-annotate -C -e '*fib*' -e 'perf-4242.map!0x*' "$T/jit.sp"
echo "status $?"
