#!/usr/bin/env python3
# tests/perfdata/mkfixtures.py: writes the hand-made perf.data files of the
# perfdata suite (committed; run again only to change them).
#
# tiny.data: one cpu-clock event (IP|TID|TIME|PERIOD|CALLCHAIN,
# sample_id_all) named by HEADER_EVENT_DESC; a process "tiny" (pid 100)
# with one file mapping, a second thread (FORK, then COMM "worker"), three
# samples (user frames in and outside the mapping, kernel frames, which
# stay addresses: the file has no OSRELEASE feature to match this kernel),
# the third written before the second but earlier in time (read in time
# order), an unknown record type and a FINISHED_ROUND, both skipped.
# Bad variants: truncated.data (the header cut), overrun.data (a record
# longer than the data section), badattr.data (attr_size 8), pipe.data
# (pipe mode's 16-byte header: refused).
#
# jit.data: tiny.data's header and process, with a JIT's code: an
# anonymous executable mapping (MMAP2 "//anon", prot r-x) named from
# perf-100.map, and an anonymous mapping that is not executable (rw-);
# one sample through the tiny binary, three JIT frames (named, named
# "A->B->C" as perf-map-agent writes inlining, and one the map does not
# name) and a frame in the rw- mapping.
#
# lost.data: tiny.data with a PERF_RECORD_LOST (5 records lost) and two
# PERF_RECORD_LOST_SAMPLES (3 and 4 samples lost): the stream's #lost
# header counts the LOST_SAMPLES (7) of the 3 samples recorded.
import struct

def pad8(b):
    return b + b'\0' * (-len(b) % 8)

S_IP, S_TID, S_TIME, S_PERIOD, S_CALLCHAIN = 1, 2, 4, 0x100, 0x20
stype = S_IP | S_TID | S_TIME | S_PERIOD | S_CALLCHAIN
flags = (1 << 8) | (1 << 9) | (1 << 10) | (1 << 18) | (1 << 23)
attr = struct.pack('<IIQQQQQ', 1, 128, 0, 4000, stype, 0, flags)
attr += b'\0' * (128 - len(attr))
ID = 42

def trailer(pid, tid, t):
    return struct.pack('<IIQ', pid, tid, t)

def rec(typ, misc, body):
    return struct.pack('<IHH', typ, misc, 8 + len(body)) + body

CTX_KERNEL = (1 << 64) - 128
CTX_USER = (1 << 64) - 512
def sample(misc, ip, pid, tid, t, chain):
    body = struct.pack('<QIIQQQ', ip, pid, tid, t, 250000, len(chain))
    body += b''.join(struct.pack('<Q', c) for c in chain)
    return rec(9, misc, body)

T0 = 1000000000
data = b''
data += rec(3, 0, struct.pack('<II', 100, 100) + pad8(b'tiny\0') + trailer(100, 100, T0 - 10))
data += rec(10, 2, struct.pack('<IIQQQIIQQII', 100, 100, 0x555555554000, 0x2000, 0,
                                8, 1, 1234, 0, 5, 2) + pad8(b'/usr/bin/tiny\0') + trailer(100, 100, T0 - 9))
data += rec(7, 0, struct.pack('<IIIIQ', 100, 100, 101, 100, T0 - 8) + trailer(100, 101, T0 - 8))
data += rec(3, 0, struct.pack('<II', 100, 101) + pad8(b'worker\0') + trailer(100, 101, T0 - 7))
data += sample(2, 0x555555555123, 100, 100, T0,
               [CTX_USER, 0x555555555123, 0x555555555456, 0x7f0000001000])
data += rec(11, 0, b'\xff' * 24)        # PERF_RECORD_AUX: skipped
data += sample(1, 0xffffffff81001234, 100, 101, T0 + 250000,
               [CTX_KERNEL, 0xffffffff81001234, 0xffffffff81002000,
                CTX_USER, 0x555555555789])
data += rec(68, 0, b'')                 # FINISHED_ROUND
data += sample(2, 0x555555555abc, 100, 100, T0 + 100000,
               [CTX_USER, 0x555555555abc, 0x555555555456])

attr_off = 104
ids_off = attr_off + 144
data_off = ids_off + 8
feat_off = data_off + len(data)
name = pad8(b'cpu-clock\0')
desc = struct.pack('<II', 1, 128) + attr + struct.pack('<I', 1) + \
    struct.pack('<I', len(name)) + name + struct.pack('<Q', ID)
feat_tab = struct.pack('<QQ', feat_off + 16, len(desc))
bits = bytearray(32)
bits[12 // 8] |= 1 << (12 % 8)
hdr = b'PERFILE2' + struct.pack('<QQQQQQQQ', 104, 144, attr_off, 144,
                                data_off, len(data), 0, 0) + bytes(bits)
assert len(hdr) == 104
tiny = hdr + attr + struct.pack('<QQ', ids_off, 8) + struct.pack('<Q', ID) + \
    data + feat_tab + desc
open('tiny.data', 'wb').write(tiny)
open('truncated.data', 'wb').write(tiny[:60])
over = bytearray(tiny)
struct.pack_into('<H', over, data_off + 6, 0xfff0)
open('overrun.data', 'wb').write(bytes(over))
ba = bytearray(tiny)
struct.pack_into('<Q', ba, 16, 8)
open('badattr.data', 'wb').write(bytes(ba))
open('pipe.data', 'wb').write(b'PERFILE2' + struct.pack('<Q', 16) + rec(68, 0, b''))

jd = data[:data.index(struct.pack('<IHH', 7, 0, 8 + 24 + 16))]
jd += rec(10, 2, struct.pack('<IIQQQIIQQII', 100, 100, 0x7f0000000000, 0x10000, 0,
                              0, 0, 0, 0, 5, 0x22) + pad8(b'//anon\0') + trailer(100, 100, T0 - 8))
jd += rec(10, 2, struct.pack('<IIQQQIIQQII', 100, 100, 0x7f1000000000, 0x10000, 0,
                              0, 0, 0, 0, 3, 0x22) + pad8(b'//anon\0') + trailer(100, 100, T0 - 7))
jd += sample(2, 0x7f0000001010, 100, 100, T0,
             [CTX_USER, 0x7f0000001010, 0x7f0000002020, 0x7f0000009000,
              0x7f1000000100, 0x555555555456])
jfeat = data_off + len(jd)
jit = hdr[:48] + struct.pack('<Q', len(jd)) + hdr[56:] + attr + \
    struct.pack('<QQ', ids_off, 8) + struct.pack('<Q', ID) + jd + \
    struct.pack('<QQ', jfeat + 16, len(desc)) + desc
open('jit.data', 'wb').write(jit)

ld = data + rec(2, 0, struct.pack('<QQ', ID, 5) + trailer(100, 100, T0 + 1)) + \
    rec(13, 0, struct.pack('<Q', 3) + trailer(100, 100, T0 + 2)) + \
    rec(13, 0, struct.pack('<Q', 4) + trailer(100, 101, T0 + 3))
lfeat = data_off + len(ld)
lost = hdr[:48] + struct.pack('<Q', len(ld)) + hdr[56:] + attr + \
    struct.pack('<QQ', ids_off, 8) + struct.pack('<Q', ID) + ld + \
    struct.pack('<QQ', lfeat + 16, len(desc)) + desc
open('lost.data', 'wb').write(lost)
