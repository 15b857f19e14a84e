# The Python workload of vs-python.sh: py_loop spins in Python, drive
# calls the C extension, for sys.argv[1] rounds.
import sys
import matrix_ext


def py_loop(n):
    s = 0
    for i in range(n):
        s += i * 3
    return s


def drive(n):
    return matrix_ext.spin(n * 40)


def main():
    t = 0
    for _ in range(int(sys.argv[1])):
        t += py_loop(200000)
        t += drive(200000)
    sys.exit(0 if t else 1)


main()
