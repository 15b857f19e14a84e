# A small hand-made stream, decoded: mappings from #lib (the path when its
# base name is the library's name), addresses laid out per mapping, lines
# innermost first, an inlined frame of another library or at the root as a
# location of its own, labels, merged samples, an empty stack, no cpu on
# one line, escapes undone.
sp-pprof "$T/small.sp" > p.pb.gz || exit 1
python3 "$TOP/tests/lib/pprof-dump" p.pb.gz
