#!/usr/bin/env python3
"""tests/sp-fxprof/agg-compare.py WANT BACK SCALE CPU: two aggregate tables
(sp(5)) of a stream and of what sp-flatten read back from a file written
from it.  Every row (self, total and, when CPU is 1, cpu_self and
cpu_total) and the #total weight (and cpu) must be equal, BACK's weights
divided by SCALE (a speedscope file in us comes back in ns: 1000).  Frames
are compared as UTF-8 with bytes that are not U+FFFD, as both writers
write names; " (inlined)" marks and " @ FILE:LINE" lines are compared as
they are (the caller strips them where the format does not keep them).
Prints the differences (up to 6); exit 1 if any."""
import sys


def table(path, scale, cpu):
    rows, tot = {}, {}
    for line in open(path, "rb").read().split(b"\n"):
        if line.startswith(b"#total\t"):
            _, k, v = line.split(b"\t")
            if k == b"weight" or (cpu and k == b"cpu"):
                tot[k.decode()] = v.decode()
            continue
        if not line or line.startswith(b"#"):
            continue
        f = line.split(b"\t", 4)
        name = f[4].decode("utf-8", "replace")
        v = [int(f[0]), int(f[1])] + ([int(f[2]), int(f[3])] if cpu else [])
        v[0] //= scale
        v[1] //= scale
        rows[name] = tuple(v)
    if scale != 1 and "weight" in tot:
        tot["weight"] = str(int(tot["weight"]) // scale)
    return rows, tot


want, wtot = table(sys.argv[1], 1, sys.argv[4] == "1")
back, btot = table(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1")
bad = []
if wtot != btot:
    bad.append("totals: %s, back %s" % (wtot, btot))
for k in sorted(set(want) | set(back)):
    if want.get(k) != back.get(k):
        bad.append("%s: %s, back %s" % (k, want.get(k), back.get(k)))
for b in bad[:6]:
    print("  " + b)
sys.exit(1 if bad else 0)
