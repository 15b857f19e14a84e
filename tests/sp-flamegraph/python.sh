# sp-flamegraph -- python3.12 -X perf app.py, the Python driving a C
# extension built here: CPython 3.12's perf trampolines write
# /tmp/perf-PID.map, so the Python functions (perf-PID.map!py::NAME:FILE)
# and the extension's native functions are in one picture, the native
# ones on top of the Python function that called them (DWARF unwinding).
# Skipped without a Python 3.12 or later (PYTHON, python3.12, python3.13,
# pyenv's), or without its headers.
. "$T/setup"
need_flame
real_perf
[ "${SP_SANITIZED:-}" = 1 ] && { echo "slow recording skipped under sanitizers" >&2; exit 77; }
py=
for p in ${PYTHON:-} python3.13 python3.12 $HOME/.pyenv/versions/3.1[2-9]*/bin/python3.1[2-9]; do
	command -v "$p" >/dev/null 2>&1 || continue
	"$p" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null || continue
	py=$p
	break
done
[ -n "$py" ] || { echo "no Python 3.12 or later (its -X perf)" >&2; exit 77; }
inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
ext=$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
[ -f "$inc/Python.h" ] || { echo "$py: no Python.h in $inc" >&2; exit 77; }
cat >hotext.c <<'EOC'
#define PY_SSIZE_T_CLEAN
#include <Python.h>

__attribute__((noinline)) static unsigned long
ext_mix(unsigned long x, long n)
{
	for (long i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x;
}

static PyObject *
ext_spin(PyObject *self, PyObject *args)
{
	long n;

	(void)self;
	if (!PyArg_ParseTuple(args, "l", &n))
		return NULL;
	return PyLong_FromUnsignedLong(ext_mix((unsigned long)n, n));
}

static PyMethodDef methods[] = {
	{ "spin", ext_spin, METH_VARARGS, "spin n rounds" },
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef mod = {
	PyModuleDef_HEAD_INIT, "hotext", NULL, -1, methods
};

PyMODINIT_FUNC
PyInit_hotext(void)
{
	return PyModule_Create(&mod);
}
EOC
cc -shared -fPIC -g -O2 -I"$inc" -o "hotext$ext" hotext.c || exit 1
cat >app.py <<'EOP'
import sys
import hotext

def py_work(n):
    s = 0
    for i in range(n):
        s += i * i % 7
    return s

def native_part(n):
    return hotext.spin(n)

def drive(rounds):
    t = 0
    for _ in range(rounds):
        t += py_work(200000)
        t += native_part(6000000)
    return t

print(drive(int(sys.argv[1])))
EOP
sp-flamegraph --post-process 'tee folded' -o py.svg -- "$py" -X perf app.py 12 \
    >out 2>err
st=$?
cannot $st err
[ $st -eq 0 ] || { cat err >&2; exit 1; }
pid=$(sed -n 's/.*perf-\([0-9]*\)\.map!.*/\1/p' folded | head -n 1)
[ -n "$pid" ] && rm -f "/tmp/perf-$pid.map"
wellformed py.svg
all=$(count py.svg all)
w=$(count py.svg "perf-$pid.map!py::py_work:$PWD/app.py")
n=$(count py.svg "perf-$pid.map!py::native_part:$PWD/app.py")
m=$(count py.svg "hotext$ext!ext_mix")
echo "$all samples: py::py_work $w, py::native_part $n, ext_mix $m" >&2
[ "$w" -ge $((all / 10)) ] && [ "$m" -ge $((all / 10)) ] && [ "$n" -ge "$m" ] ||
    exit 1
# One picture: the native function on top of the Python one that called it.
k=$(grep -c "perf-$pid\\.map!py::native_part:[^;]*;.*hotext[^;]*!ext_spin;[^;]*!ext_mix" folded)
echo "$k stacks with py::native_part under ext_mix" >&2
[ "$k" -ge 1 ] || exit 1
