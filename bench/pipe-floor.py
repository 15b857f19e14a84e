#!/usr/bin/env python3
"""bench/pipe-floor.py BYTES: the floor of any pipeline that moves BYTES of
text from one process to the next (issue 28).

A writer that does nothing but write(2) a 1 MiB buffer again and again,
and a reader that does nothing but read(2) it into a 1 MiB buffer, on a
pipe of 1 MiB (the size sp-flatten asks for: stream/pipe_size.c).  No
parsing, no formatting, no aggregation: what is left is the kernel's copy
into the pipe and out of it, the wake-ups between the two processes and
the pages the pipe takes and gives back.  sp-flatten | sp-aggregate moves
the default stream of sp(5), one line per sample, this way; so for a given
profile no such pipeline can finish sooner than this, whatever its code.

Prints one line: "wall_s cpu_s" (CPU: user + system of both processes).
The best of RUNS (environment, default 3).
"""
import fcntl
import os
import sys
import time

CHUNK = 1 << 20


def once(total):
    r, w = os.pipe()
    try:
        fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, CHUNK)
    except (AttributeError, OSError):
        pass
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        buf = memoryview(b"x" * CHUNK)
        left = total
        while left > 0:
            n = os.write(w, buf[:min(left, CHUNK)])
            left -= n
        os._exit(0)
    os.close(w)
    pid2 = os.fork()
    if pid2 == 0:
        buf = bytearray(CHUNK)
        got = 0
        while True:
            n = os.readv(r, [buf])
            if n == 0:
                break
            got += n
        os._exit(0 if got == total else 1)
    os.close(r)
    cpu = 0.0
    ok = True
    for p in (pid, pid2):
        _, status, ru = os.wait4(p, 0)
        ok = ok and os.waitstatus_to_exitcode(status) == 0
        cpu += ru.ru_utime + ru.ru_stime
    wall = time.monotonic() - t0
    if not ok:
        sys.exit("pipe-floor.py: the reader did not get every byte")
    return wall, cpu


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: pipe-floor.py BYTES")
    total = int(sys.argv[1])
    runs = int(os.environ.get("RUNS", "3"))
    best = [once(total) for _ in range(runs)]
    print("%.3f %.3f" % (min(b[0] for b in best), min(b[1] for b in best)))


if __name__ == "__main__":
    main()
