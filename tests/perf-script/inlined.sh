# perf's "(inlined)" frames take the library of the real frame at the same
# address (else of their callee) and the " (inlined)" suffix.  A process is
# named after its main thread's current comm (perf-exec, then noploop).
cp "$T/inlined.txt" . && sp-flatten inlined.txt
