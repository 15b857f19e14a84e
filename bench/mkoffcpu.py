#!/usr/bin/env python3
# bench/mkoffcpu.py N DIR: writes DIR/offcpu-N.data, an off-CPU recording of
# N intervals (each a sched:sched_switch sample with its call chain and raw
# fields, a switch-out and a switch-in event: 3 N records, as perf record
# --switch-events writes them), and DIR/oncpu-N.data, N cpu-clock samples
# with the same call chains: the two files bench/offcpu reads.  8 threads
# of one process, 200 distinct stacks of 6 kernel and 12 user frames.
import os
import struct
import sys

sys.dont_write_bytecode = True   # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "lib"))
from offcpu_events import (A_CLOCK, A_SW, CTX_KERNEL, CTX_USER, ID_CLOCK,
                           ID_SW, rec)

n = int(sys.argv[1])
out = sys.argv[2]

A = 0x555555554000
PID = 4000

chains = []
for s in range(200):
    k = [0xffffffff81000000 + 0x100 * ((s * 7 + i) % 50) for i in range(6)]
    u = [A + 0x1000 + 0x10 * ((s * 13 + i * 5) % 400) for i in range(12)]
    c = [CTX_KERNEL] + k + [CTX_USER] + u
    chains.append(struct.pack('<Q', len(c)) + b''.join(struct.pack('<Q', x) for x in c))
raw = bytearray(72)
struct.pack_into('<q', raw, 32, 1)
raw = bytes(raw) + b'\0' * 4
rawf = struct.pack('<I', len(raw)) + raw

def common():
    d = [rec(3, 0, struct.pack('<II', PID, PID) + b'app\0\0\0\0\0' +
             struct.pack('<IIQQ', PID, PID, 1, ID_CLOCK))]
    d.append(rec(10, 2, struct.pack('<IIQQQIIQQII', PID, PID, A, 0x10000, 0,
                                    8, 1, 99, 0, 5, 2) +
                 b'/usr/bin/app\0\0\0\0' + struct.pack('<IIQQ', PID, PID, 2, ID_CLOCK)))
    for t in range(1, 8):
        d.append(rec(7, 0, struct.pack('<IIIIQ', PID, PID, PID + t, PID, 3) +
                     struct.pack('<IIQQ', PID, PID + t, 3, ID_CLOCK)))
    return d

def write(path, records, attrs):
    attr_off = 104
    ids_off = attr_off + len(attrs) * 144
    ab = b''
    for i, (a, _, _) in enumerate(attrs):
        ab += a + struct.pack('<QQ', ids_off + 8 * i, 8)
    ids = b''.join(struct.pack('<Q', ident) for _, ident, _ in attrs)
    data = b''.join(records)
    data_off = ids_off + len(ids)
    feat_off = data_off + len(data)
    desc = struct.pack('<II', len(attrs), 128)
    for a, ident, name in attrs:
        nm = name + b'\0' * (8 - len(name) % 8)
        desc += a + struct.pack('<II', 1, len(nm)) + nm + struct.pack('<Q', ident)
    bits = bytearray(32)
    bits[1] |= 1 << 4
    hdr = b'PERFILE2' + struct.pack('<QQQQQQQQ', 104, 144, attr_off, len(ab),
                                    data_off, len(data), 0, 0) + bytes(bits)
    with open(path + '.tmp', 'wb') as f:
        f.write(hdr + ab + ids + data + struct.pack('<QQ', feat_off + 16, len(desc)) + desc)
    os.replace(path + '.tmp', path)

T0 = 10 ** 9
on = common()
off = common()
for i in range(n):
    tid = PID + i % 8
    t = T0 + i * 20000
    ch = chains[(i * 31) % 200]
    sid = struct.pack('<IIQQ', PID, tid, t + 10, ID_CLOCK)
    on.append(rec(9, 2, struct.pack('<QQIIQQ', ID_CLOCK, A + 0x1000, PID, tid, t, 1003009) + ch))
    off.append(rec(9, 1, struct.pack('<QQIIQQ', ID_SW, 0xffffffff81000000, PID, tid, t, 1) + ch + rawf))
    off.append(rec(14, 0x2000, sid))
    off.append(rec(14, 0, struct.pack('<IIQQ', PID, tid, t + 150000, ID_CLOCK)))
write(os.path.join(out, 'oncpu-%d.data' % n), on, [(A_CLOCK, ID_CLOCK, b'cpu-clock')])
write(os.path.join(out, 'offcpu-%d.data' % n), off,
      [(A_CLOCK, ID_CLOCK, b'cpu-clock'), (A_SW, ID_SW, b'sched:sched_switch')])
