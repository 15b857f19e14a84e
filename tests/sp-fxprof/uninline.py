#!/usr/bin/env python3
"""tests/sp-fxprof/uninline.py < STREAM: the stream as sp-flatten reads it
back from sp-fxprof's profile: " (inlined)" marks removed.  sp-flatten
reads an inlined frame of a processed profile as a frame of its function,
as the Firefox Profiler counts it (sp-fxprof(1))."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from sp_stream import frames, uninline  # noqa: E402


out = sys.stdout.buffer
for line in sys.stdin.buffer.read().split(b"\n"):
    if not line:
        continue
    if line.startswith(b"#"):
        out.write(line + b"\n")
        continue
    f = line.split(b"\t")
    if f[7]:
        f[7] = b";".join(uninline(x) for x in frames(f[7]))
    out.write(b"\t".join(f) + b"\n")
