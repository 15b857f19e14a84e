"""tests/lib/offcpu_events.py: the two events of a hand-made off-CPU
perf.data, as perf record -g -e cpu-clock -e sched:sched_switch
--switch-events writes them, for tests/offcpu/mkfixtures.py (the offcpu
suite's fixtures) and bench/mkoffcpu.py (bench/offcpu's recordings):
their perf_event_attr and ids, the call chain's context markers, and a
record's header.

cpu-clock: IDENTIFIER|IP|TID|TIME|PERIOD|CALLCHAIN, sample_id_all,
context_switch; sched:sched_switch: the same and RAW.  A script imports it
with

    sys.dont_write_bytecode = True   # no __pycache__ in the tree
    sys.path.insert(0, PATH_OF_TESTS_LIB)
    from offcpu_events import *
"""
import struct

S_IP, S_TID, S_TIME, S_CALLCHAIN, S_PERIOD, S_RAW, S_IDENT = \
    1, 2, 4, 0x20, 0x100, 0x400, 0x10000
flags = (1 << 8) | (1 << 9) | (1 << 18) | (1 << 23) | (1 << 26)
clock_st = S_IDENT | S_IP | S_TID | S_TIME | S_PERIOD | S_CALLCHAIN
sw_st = clock_st | S_RAW


def attr(typ, config, period, st, fl):
    a = struct.pack('<IIQQQQQ', typ, 128, config, period, st, 0, fl)
    return a + b'\0' * (128 - len(a))


A_CLOCK = attr(1, 0, 997, clock_st, flags | (1 << 10))
A_SW = attr(2, 0x174, 1, sw_st, flags & ~(1 << 26))
ID_CLOCK, ID_SW = 11, 22
CTX_KERNEL = (1 << 64) - 128
CTX_USER = (1 << 64) - 512


def rec(typ, misc, body):
    return struct.pack('<IHH', typ, misc, 8 + len(body)) + body
