#!/usr/bin/env python3
"""Make a large pprof or .cpuprofile from a real one, for bench/formats.

pprof: the Sample messages (field 2 of profile.proto) are repeated K times,
everything else kept once.  .cpuprofile: samples and timeDeltas are
repeated K times (the call tree is kept).  Input plain or gzip; output
plain.

Usage: grow-formats.py pprof|cpuprofile IN OUT K"""
import gzip, json, sys


def varint(buf, i):
    v = shift = 0
    while True:
        b = buf[i]
        i += 1
        v |= (b & 0x7f) << shift
        shift += 7
        if b < 0x80:
            return v, i


def grow_pprof(data, k):
    keep, samples, i = [], [], 0
    while i < len(data):
        start = i
        key, i = varint(data, i)
        wt = key & 7
        if wt == 0:
            _, i = varint(data, i)
        elif wt == 2:
            n, i = varint(data, i)
            i += n
        elif wt == 1:
            i += 8
        elif wt == 5:
            i += 4
        else:
            sys.exit("grow-formats.py: wire type %d" % wt)
        (samples if key >> 3 == 2 else keep).append(data[start:i])
    return b"".join(keep) + b"".join(samples) * k


def main():
    kind, src, dst, k = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    data = open(src, "rb").read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    if kind == "pprof":
        out = grow_pprof(data, k)
    else:
        p = json.loads(data)
        p["samples"] = p["samples"] * k
        p["timeDeltas"] = p["timeDeltas"] * k
        out = json.dumps(p, separators=(",", ":")).encode()
    open(dst, "wb").write(out)


main()
