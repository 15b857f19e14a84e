# A real recording: perf record -e cpu-clock -g of a small C program, then
# perf script: the hot function and its caller are found, with the program
# as their library.  Skipped where perf or gcc cannot run.
command -v perf > /dev/null && command -v gcc > /dev/null ||
	{ echo "no perf or gcc" >&2; exit 77; }
cat > w.c <<'C'
int f(int n) { volatile int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
int main(void) { int t = 0; for (int k = 0; k < 2000; k++) t += f(100000); return t == 1; }
C
gcc -O1 -g -fno-omit-frame-pointer -o w w.c || exit 77
perf record -q -e cpu-clock -F 499 -g -o w.data ./w > /dev/null 2>&1 ||
	{ echo "perf record not permitted here" >&2; exit 77; }
perf script -i w.data > w.txt 2> /dev/null || { echo "perf script failed" >&2; exit 77; }
sp-flatten w.txt > w.sp || exit 1
grep -q '^#event	cpu-clock' w.sp || exit 1
grep -q 'w!main;w!f$' w.sp || { echo "no w!main;w!f stack" >&2; exit 1; }
