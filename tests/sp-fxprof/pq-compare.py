#!/usr/bin/env python3
"""tests/sp-fxprof/pq-compare.py: one profile written by sp-fxprof, as the
Firefox Profiler's own code computes it, against sp-aggregate of the stream
it was written from.

    pq-compare.py SOCKET STREAM PROFILE

SOCKET is the socket of a pq daemon (profiler-cli 0.10.0, tests/lib/pq)
that has loaded PROFILE, sp-fxprof's profile of STREAM.  For every thread of the
stream (process, pid, thread, tid), pq's function table (`thread functions
--include-idle`: self and total of every function) must equal
sp-aggregate's table of that thread's samples, row for row, and pq's CPU
time of the thread (`thread list`) sp's sum of its cpu column.

One sp-aggregate run gives every thread's table: each frame is prefixed
with its thread's number first.  Normalisations, each for a documented
difference in naming (sp-fxprof(1)), never in figures:
  - an inlined frame is a function of its name without " (inlined)", and
    a function's lines are frames of one function: the stream's " (inlined)"
    marks are removed and sp-aggregate runs with --no-lines;
  - pq prints names unescaped, as UTF-8 (bytes that are not are U+FFFD);
  - pq writes a function of a library of the same name ("cksum!cksum")
    without the library, as the Firefox Profiler shows it;
  - a frame only in samples of weight 0 is no function pq lists;
  - a name pq lists twice (two functions of one name and library, say of
    two source files), or that sp has twice once so written, is left out
    on both sides.
Weights in time units are milliseconds in the profile (tracing-ms): pq's
figures times 10^6 (ns) or 10^3 (us) must equal sp's within 10^-9 of the
value and 10^-6 ms (sums of doubles).  Prints one line of counts; the
differences found (up to 5 per thread) go to stderr; exit 1 if any.
"""
import json
import os
import socket
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from sp_stream import frames, uninline  # noqa: E402

SCALE = {"ns": 1e6, "us": 1e3}


def ask(path, cmd):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(600)
    s.connect(path)
    s.sendall((json.dumps({"type": "command", "command": cmd}) + "\n")
              .encode())
    buf = b""
    while b"\n" not in buf:
        chunk = s.recv(1 << 20)
        if not chunk:
            break
        buf += chunk
    s.close()
    r = json.loads(buf.split(b"\n", 1)[0])
    if r.get("type") != "success":
        sys.exit("pq-compare: pq: " + str(r.get("error") or r))
    return r["result"]


def unesc(b):
    out = bytearray()
    i = 0
    while i < len(b):
        c = b[i]
        if c == 0x5c and i + 1 < len(b):
            n = b[i + 1]
            out.append({0x74: 9, 0x6e: 10}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return bytes(out).decode("utf-8", "replace")


def main():
    sock, stream = sys.argv[1], sys.argv[2]
    product = json.load(open(sys.argv[3], encoding="utf-8"))["meta"]["product"]
    threads = {}
    unit = {}
    cpu = {}
    weight = b"samples"
    tagged = []
    for line in open(stream, "rb").read().split(b"\n"):
        if not line:
            continue
        if line.startswith(b"#"):
            if line.startswith(b"#units\t"):
                for f in line.split(b"\t")[1:]:
                    if f.startswith(b"weight="):
                        weight = f[7:]
            continue
        f = line.split(b"\t")
        key = tuple(f[0:4])
        t = threads.setdefault(key, len(threads))
        unit[t] = weight.decode()
        if f[6]:
            cpu[t] = cpu.get(t, 0) + int(f[6])
        if f[7]:
            fr = []
            for x in frames(f[7]):
                fr.append(b"%d|" % t + uninline(x))
            f[7] = b";".join(fr)
        tagged.append(b"\t".join(f))
    agg = subprocess.run(["sp-aggregate", "--no-lines"],
                         input=b"\n".join(tagged) + b"\n",
                         stdout=subprocess.PIPE, check=True).stdout
    want = {}
    for line in agg.split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        s, tot, _, _, fr = line.split(b"\t", 4)
        t, name = fr.split(b"|", 1)
        name = unesc(name)
        i = name.find("!")
        if i > 0 and name[:i] == name[i + 1:]:
            name = name[i + 1:]
        rows = want.setdefault(int(t), {})
        rows[name] = None if name in rows else (int(s), int(tot))

    listed = ask(sock, {"command": "thread", "subcommand": "list"})
    handles = {}
    for x in listed["threads"]:
        k = (str(x.get("pid", "")), x.get("name") or "",
             str(x.get("tid", "")))
        handles[k] = x
    bad = nfunc = 0
    for key, t in sorted(threads.items(), key=lambda kv: kv[1]):
        process, pid, name, tid = (unesc(v) for v in key)
        # sp-fxprof's name for a thread the stream leaves unnamed.
        name = (name or process or (tid and "Thread " + tid) or product)
        k = (pid, name, tid)
        x = handles.get(k)
        if x is None:
            print("thread %r: not in pq's thread list" % (k,),
                  file=sys.stderr)
            bad += 1
            continue
        res = ask(sock, {"command": "thread", "subcommand": "functions",
                         "thread": x["threadHandle"], "includeIdle": True,
                         "functionFilters": {}})
        got = {}
        for fn in res["functions"]:
            n = fn.get("nameWithLibrary") or fn["name"]
            got[n] = None if n in got else (fn["selfSamples"],
                                            fn["totalSamples"])
        mine = want.get(t, {})
        dups = {n for n, v in list(got.items()) + list(mine.items())
                if v is None}
        scale = SCALE.get(unit[t], 1)
        diffs = []
        for n in sorted(set(got) | set(mine)):
            if n in dups:
                continue
            g, m = got.get(n), mine.get(n)
            # pq lists no function without weight (zero-weight samples).
            if g is None and m == (0, 0):
                continue
            nfunc += 1
            if g is None or m is None:
                diffs.append("%s: pq %s, sp %s" % (n, g, m))
                continue
            if scale == 1:
                same = g[0] == m[0] and g[1] == m[1]
            else:
                same = all(abs(a * scale - b) <= max(1e-9 * abs(b), 1)
                           for a, b in zip(g, m))
            if not same:
                diffs.append("%s: pq %s, sp %s" % (n, g, m))
        if t in cpu and abs(x.get("cpuMs", 0) - cpu[t] / 1e6) > 0.0015:
            diffs.append("CPU: pq %s ms, sp %s ns" % (x.get("cpuMs"), cpu[t]))
        if diffs:
            bad += 1
            print("thread %r (%s):" % (k, x["threadHandle"]), file=sys.stderr)
            for d in diffs[:5]:
                print("  " + d, file=sys.stderr)
    print("%d threads, %d functions, %d threads differ" %
          (len(threads), nfunc, bad))
    sys.exit(1 if bad else 0)


main()
