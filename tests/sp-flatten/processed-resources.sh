# A processed profile of version 75 (sp-fxprof's, with two functions
# changed by hand): a named function keeps its library through its
# resource (funcTable.resource -> resourceTable.name, type 1), as the
# Firefox Profiler names it (libfreetype.so.6.17.1!FT_New_Face), an address
# frame through frameTable.lib; a function whose resource is a web host
# (type 3: "js") or whose resource is not valid (funcTable.flags bit 2
# clear: "hidden") has none, and an unsymbolicated function name in a
# frame without a valid address ("0x7f00abc", frameTable.flags bit 1
# clear) keeps no library, for it is no library-relative address.  And a
# stream through sp-fxprof comes back with
# the libraries of its named frames.
sp-flatten "$T/processed-resources.json" | grep -v '^#source'
printf '#sp samples 1\n#columns\tprocess\tpid\tthread\ttid\ttime\tweight\tcpu\tstack\na\t1\ta\t1\t0\t1\t\tlibc.so.6!malloc;libc.so.6!0x10;x!x\n' |
    sp-fxprof | sp-flatten | grep -v '^#'
