#!/usr/bin/env python3
"""tests/sp-fxprof/unlib.py < STREAM: the stream as sp-flatten reads it
back from sp-fxprof's profile: " (inlined)" marks removed, and the library
of a frame that is not an address dropped ("LIB!NAME" -> "NAME"; "LIB!0x1f"
stays).  sp-flatten names a frame of the processed format from version 70
by frame.lib, which only an address frame has; the Firefox Profiler names
it by its function's resource, as the stream does (sp-fxprof(1))."""
import re
import sys

ADDR = re.compile(rb"^0x[1-9a-f][0-9a-f]*$|^0x0$")


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
    i = fr.find(b"!")
    if i > 0 and not ADDR.match(fr[i + 1:]):
        fr = fr[i + 1:]
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
