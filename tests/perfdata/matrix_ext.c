/* The C extension of vs-python.sh: one hot native function. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static volatile double sink;

__attribute__((noinline)) static double
ext_spin(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		sink = s += (double)i * 0.5;
	return s;
}

static PyObject *
spin(PyObject *self, PyObject *args)
{
	long n;

	(void)self;
	if (!PyArg_ParseTuple(args, "l", &n))
		return NULL;
	return PyFloat_FromDouble(ext_spin(n));
}

static PyMethodDef methods[] = {
	{ "spin", spin, METH_VARARGS, "spin n times" },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef mod = {
	PyModuleDef_HEAD_INIT, "matrix_ext", NULL, -1, methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit_matrix_ext(void)
{
	return PyModule_Create(&mod);
}
