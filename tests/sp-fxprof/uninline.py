#!/usr/bin/env python3
"""tests/sp-fxprof/uninline.py < STREAM: the stream as sp-flatten reads it
back from sp-fxprof's profile: " (inlined)" marks removed.  sp-flatten
reads an inlined frame of a processed profile as a frame of its function,
as the Firefox Profiler counts it (sp-fxprof(1))."""
import sys


def frames(stack):
    out, cur, i = [], bytearray(), 0
    while i < len(stack):
        c = stack[i]
        if c == 0x5c and i + 1 < len(stack):
            cur += stack[i:i + 2]
            i += 2
            continue
        if c == 0x3b:
            out.append(bytes(cur))
            cur = bytearray()
        else:
            cur.append(c)
        i += 1
    out.append(bytes(cur))
    return out


def fix(fr):
    if fr.endswith(b" (inlined)"):
        fr = fr[:-len(b" (inlined)")]
    return fr


out = sys.stdout.buffer
for line in sys.stdin.buffer.read().split(b"\n"):
    if not line:
        continue
    if line.startswith(b"#"):
        out.write(line + b"\n")
        continue
    f = line.split(b"\t")
    if f[7]:
        f[7] = b";".join(fix(x) for x in frames(f[7]))
    out.write(b"\t".join(f) + b"\n")
