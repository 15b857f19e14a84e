#!/usr/bin/env python3
"""tests/sp-speedscope/expect.py STREAM FILE: what speedscope must show for
FILE, sp-speedscope's file of STREAM, as one line
"FILE<TAB>NAME<TAB>PROFILE<TAB>FRAME<TAB>SELF<TAB>TOTAL" (browser.js):
NAME is the file's name, PROFILE the name sp-speedscope(1) gives the
thread of the largest weight (the first such thread of the stream), which
speedscope shows first, and FRAME its hottest frame by sp-aggregate (by
self; the frame unescaped), with its self and total."""
import json
import subprocess
import sys


def unesc(b):
    out, i = bytearray(), 0
    while i < len(b):
        if b[i] == 0x5c and i + 1 < len(b):
            out.append({0x74: 9, 0x6e: 10}.get(b[i + 1], b[i + 1]))
            i += 2
        else:
            out.append(b[i])
            i += 1
    return bytes(out).decode("utf-8", "replace")


stream, path = sys.argv[1], sys.argv[2]
weight, order, lines = {}, [], {}
for line in open(stream, "rb").read().split(b"\n"):
    if not line or line.startswith(b"#"):
        continue
    f = line.split(b"\t")
    k = tuple(f[:4])
    if k not in weight:
        weight[k] = 0
        order.append(k)
        lines[k] = []
    weight[k] += int(f[5])
    lines[k].append(line)
best = max(order, key=lambda k: (weight[k], -order.index(k)))
name = json.load(open(path, encoding="utf-8"))["name"]
process, pid, thread, tid = (unesc(v) for v in best)
label = thread or process or (tid and "Thread " + tid) or name
if tid and label != "Thread " + tid:
    label += " (" + tid + ")"
if process and thread:
    label += " in " + process + (" (" + pid + ")" if pid else "")
elif pid and tid != pid:
    label += " in process " + pid
agg = subprocess.run(["sp-aggregate"], input=b"\n".join(lines[best]) + b"\n",
                     stdout=subprocess.PIPE, check=True).stdout
rows = [r.split(b"\t") for r in agg.split(b"\n")
        if r and not r.startswith(b"#")]
top = max(rows, key=lambda r: int(r[0]))
print("\t".join([path, name, label, unesc(top[4]), top[0].decode(),
                 top[1].decode()]))
