"""tests/lib/sp_stream.py: the stacks of the sample stream (sp(5)) for the
test scripts that read one (tests/sp-fxprof/uninline.py, pq-compare.py):
frames() splits a stack on its unescaped ';', keeping the escapes;
uninline() drops a frame's " (inlined)" mark, as sp-flatten reads an
inlined frame of a processed profile back (sp-fxprof(1)).

A script imports it with

    sys.dont_write_bytecode = True   # no __pycache__ in the tree
    sys.path.insert(0, os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", "lib"))
    from sp_stream import frames, uninline
"""


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


def uninline(fr):
    if fr.endswith(b" (inlined)"):
        fr = fr[:-len(b" (inlined)")]
    return fr
