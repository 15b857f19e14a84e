#!/usr/bin/env python3
# tests/offcpu/mkfixtures.py: writes the hand-made off-CPU perf.data of the
# offcpu suite (committed; run again only to change it).
#
# offcpu.data: cpu-clock (IDENTIFIER|IP|TID|TIME|PERIOD|CALLCHAIN,
# sample_id_all, context_switch) and sched:sched_switch (the same and RAW),
# named by EVENT_DESC; a TRACING_DATA feature whose sched_switch format puts
# prev_state at offset 40 (not the usual 32: the format is read, not
# assumed).  Process "app" (pid 200, one file mapping), threads 200,
# "worker" 201 and "dying" 202.  Times in ms after T0:
#
#	0	200 on CPU (a cpu-clock sample, 1 ms)
#	1	200 out, S; in at 3: 2 ms sleeping
#	2	201 out, R+ (preempted); its switch-in at 2.5 is written
#		before its switch-out in the file (records out of order)
#	3	202 out, S; 202 exits at 6: 3 ms sleeping, ended by the exit
#	4	201 out, D; never in again: ends at the recording's end (10)
#	5	200 out, S; in 2 us later: shorter than 5 us, dropped, counted
#	6.5	LOST: 7 events
#	7	200 out, S; a cpu-clock sample of 200 at 8 with no switch-in
#		between (lost): the interval has no end, dropped, counted
#	9	200 out, X (exiting): opens nothing
#	10	a switch-in of an unknown thread: the recording's last record
#
# offcpu-cpuwide.data: the same with the switch events of a system-wide
# recording (PERF_RECORD_SWITCH_CPU_WIDE, the other thread's ids first):
# the same stream.  Both are seeds of tests/fuzz/seeds-perfdata too.
import os
import struct
import sys

sys.dont_write_bytecode = True   # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
from offcpu_events import (A_CLOCK, A_SW, CTX_KERNEL, CTX_USER, ID_CLOCK,
                           ID_SW, rec)

def pad8(b):
    return b + b'\0' * (-len(b) % 8)


def trailer(pid, tid, t, ident=ID_CLOCK):
    return struct.pack('<IIQQ', pid, tid, t, ident)

MS = 1000000
T0 = 5000000000

def clock(pid, tid, t, chain, period=MS):
    body = struct.pack('<QQIIQQQ', ID_CLOCK, chain[1], pid, tid, t, period,
                       len(chain))
    body += b''.join(struct.pack('<Q', c) for c in chain)
    return rec(9, 2, body)

def switch_out(pid, tid, t, state, user):
    chain = [CTX_KERNEL, 0xffffffff81000100, 0xffffffff81000200, CTX_USER] + user
    raw = bytearray(72)
    struct.pack_into('<HBBi', raw, 0, 0x174, 0, 0, tid)
    raw[8:8 + 6] = b'thread'
    struct.pack_into('<ii', raw, 24, tid, 120)
    struct.pack_into('<q', raw, 40, state)
    body = struct.pack('<QQIIQQQ', ID_SW, chain[1], pid, tid, t, 1, len(chain))
    body += b''.join(struct.pack('<Q', c) for c in chain)
    rawb = bytes(raw) + b'\0' * 4
    body += struct.pack('<I', len(rawb)) + rawb
    return rec(9, 1, body)

CPU_WIDE = False

def switch(pid, tid, t, out):
    if CPU_WIDE:
        return rec(15, 0x2000 if out else 0,
                   struct.pack('<II', 0, 0) + trailer(pid, tid, t))
    return rec(14, 0x2000 if out else 0, trailer(pid, tid, t))

A = 0x555555554000
MAIN = [A + 0x1100, A + 0x1200]

def build():
  data = b''
  data += rec(3, 0, struct.pack('<II', 200, 200) + pad8(b'app\0') + trailer(200, 200, T0 - 30))
  data += rec(10, 2, struct.pack('<IIQQQIIQQII', 200, 200, A, 0x4000, 0,
                                  8, 1, 99, 0, 5, 2) + pad8(b'/usr/bin/app\0') + trailer(200, 200, T0 - 29))
  for tid, name in ((201, b'worker'), (202, b'dying')):
      data += rec(7, 0, struct.pack('<IIIIQ', 200, 200, tid, 200, T0 - 28) + trailer(200, tid, T0 - 28))
      data += rec(3, 0, struct.pack('<II', 200, tid) + pad8(name + b'\0') + trailer(200, tid, T0 - 27))
  data += clock(200, 200, T0, [CTX_USER, A + 0x1300, A + 0x1200])
  data += switch_out(200, 200, T0 + 1 * MS, 1, [A + 0x1400] + MAIN)
  data += switch(200, 200, T0 + 1 * MS + 5, True)
  data += switch(200, 201, T0 + 2 * MS + MS // 2, False)      # before its out
  data += switch_out(200, 201, T0 + 2 * MS, 0x100, [A + 0x1500] + MAIN)
  data += switch(200, 201, T0 + 2 * MS + 5, True)
  data += switch(200, 200, T0 + 3 * MS, False)
  data += switch_out(200, 202, T0 + 3 * MS, 1, [A + 0x1600] + MAIN)
  data += switch_out(200, 201, T0 + 4 * MS, 2, [A + 0x1700] + MAIN)
  data += switch_out(200, 200, T0 + 5 * MS, 1, [A + 0x1400] + MAIN)
  data += switch(200, 200, T0 + 5 * MS + 2000, False)
  data += rec(4, 0, struct.pack('<IIIIQ', 200, 200, 202, 202, T0 + 6 * MS) + trailer(200, 202, T0 + 6 * MS))
  data += rec(2, 0, struct.pack('<QQ', ID_CLOCK, 7) + trailer(200, 200, T0 + 6 * MS + MS // 2))
  data += switch_out(200, 200, T0 + 7 * MS, 1, [A + 0x1800] + MAIN)
  data += clock(200, 200, T0 + 8 * MS, [CTX_USER, A + 0x1300, A + 0x1200])
  data += switch_out(200, 200, T0 + 9 * MS, 0x10, [A + 0x1900] + MAIN)
  data += switch(300, 300, T0 + 10 * MS, False)

  return data

fmt = (b'name: sched_switch\nID: 372\nformat:\n'
       b'\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n'
       b'\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n'
       b'\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n'
       b'\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n'
       b'\tfield:long prev_state;\toffset:40;\tsize:8;\tsigned:1;\n')
tracing = pad8(b'\x17\x08\x44tracing0.6\0' + fmt)

attr_off = 104
attrs = b''
ids_off = attr_off + 2 * 144
ids = struct.pack('<QQ', ID_CLOCK, ID_SW)
for i, a in enumerate((A_CLOCK, A_SW)):
    attrs += a + struct.pack('<QQ', ids_off + 8 * i, 8)
data_off = ids_off + len(ids)

def desc_of(a, name, ident):
    n = pad8(name + b'\0')
    return a + struct.pack('<I', 1) + struct.pack('<I', len(n)) + n + \
        struct.pack('<Q', ident)

desc = struct.pack('<II', 2, 128) + desc_of(A_CLOCK, b'cpu-clock', ID_CLOCK) + \
    desc_of(A_SW, b'sched:sched_switch', ID_SW)
def write(path, data):
  feat_off = data_off + len(data)
  # Feature sections in bit order: TRACING_DATA (1), EVENT_DESC (12).
  sec1 = feat_off + 32
  sec2 = sec1 + len(tracing)
  feat_tab = struct.pack('<QQQQ', sec1, len(tracing), sec2, len(desc))
  bits = bytearray(32)
  bits[0] |= 1 << 1
  bits[12 // 8] |= 1 << (12 % 8)
  hdr = b'PERFILE2' + struct.pack('<QQQQQQQQ', 104, 144, attr_off, len(attrs),
                                  data_off, len(data), 0, 0) + bytes(bits)
  assert len(hdr) == 104
  f = hdr + attrs + ids + data + feat_tab + tracing + desc
  open(path, 'wb').write(f)

write('offcpu.data', build())
CPU_WIDE = True
write('offcpu-cpuwide.data', build())
