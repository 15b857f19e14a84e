# CPython 3.12+ with -X perf (its trampolines, named in /tmp/perf-PID.map,
# keep the frame pointer) driving a C extension, recorded with DWARF
# (--call-graph dwarf): sp's reading gives the extension's hot function
# perf report's self share, and each Python function (whose self time is
# in the interpreter) perf report's total share, within 1.5 points, and
# names no function perf report does not (compare).  Skipped where no
# Python 3.12 or later with its headers is installed.
. "$T/setup"
. "$T/compare"
command -v perf >/dev/null 2>&1 || { echo "perf is not installed" >&2; exit 77; }
command -v cc >/dev/null 2>&1 || { echo "no C compiler" >&2; exit 77; }
PY=
for p in python3.14 python3.13 python3.12 /root/.pyenv/versions/3.1[2-9]*/bin/python3; do
	command -v "$p" >/dev/null 2>&1 || [ -x "$p" ] || continue
	if "$p" -c 'import sys, sysconfig, os; sys.exit(not (sys.version_info >= (3, 12) and os.path.exists(sysconfig.get_path("include") + "/Python.h")))' 2>/dev/null; then
		PY=$p
		break
	fi
done
[ -n "$PY" ] || { echo "no Python 3.12 or later with its headers (Python.h)" >&2; exit 77; }
INC=$("$PY" -c 'import sysconfig; print(sysconfig.get_path("include"))')
SUF=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
cc -O2 -g -fPIC -shared -I"$INC" -o "matrix_ext$SUF" "$T/matrix_ext.c" || exit 1
cp "$T/matrix.py" . || exit 1
OURS="matrix_ext.*[.]so perf-[0-9]+[.]map"
record py.data --call-graph dwarf "$PY" -X perf matrix.py 10
compare py.data self ext_spin total "py::py_loop:$PWD/matrix.py" total "py::drive:$PWD/matrix.py"
rm -f /tmp/perf-"$(sed -n 's/^[^	]*	\([0-9]*\)	.*/\1/p' sp.stream | head -n 1)".map
