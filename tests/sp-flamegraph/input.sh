# --input FILE --binary PATH: an unsymbolicated samply profile (processed
# format 49, written here for a real -g -O2 binary, with library-relative
# addresses as samply stores them) drawn with its functions named and its
# inline frames, sized by the samples' weights.  Without --binary the
# frames stay addresses; --no-inline keeps only the outer functions.
. "$T/setup"
need_flame
T=$TOP/tests/sp-symbolize . "$TOP/tests/sp-symbolize/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
T=$TOP/tests/sp-symbolize build prog
m=$(($(rel prog main))) w=$(($(rel prog work))) k=$((mark))
bid=$(buildid prog)
cat >p.json <<EOJ
{"meta":{"interval":1.0,"preprocessedProfileVersion":49,"product":"prog",
 "sampleUnits":{"eventDelay":"ms","threadCPUDelta":"µs","time":"ms"},
 "startTime":0,"symbolicated":false,"version":24},
 "libs":[{"name":"prog","path":"$PWD/prog","debugName":"prog",
  "debugPath":"$PWD/prog","breakpadId":"","codeId":"$bid","arch":"x86_64"}],
 "threads":[{"name":"prog","pid":"7","tid":7,"processName":"prog",
  "isMainThread":true,"processType":"default","registerTime":0,
  "unregisterTime":null,"processStartupTime":0,"processShutdownTime":null,
  "pausedRanges":[],"markers":{"length":0,"category":[],"data":[],
  "endTime":[],"name":[],"phase":[],"startTime":[]},
  "samples":{"length":4,"weightType":"samples","stack":[1,1,2,2],
   "time":[1,2,3,4],"weight":[3,1,5,1],"threadCPUDelta":[0,1,1,1]},
  "stackTable":{"length":3,"prefix":[null,0,0],"frame":[0,1,2],
   "category":[0,0,0],"subcategory":[0,0,0]},
  "frameTable":{"length":3,"address":[$m,$k,$w],"inlineDepth":[0,0,0],
   "category":[0,0,0],"subcategory":[0,0,0],"func":[0,1,2],
   "nativeSymbol":[null,null,null],"innerWindowID":[null,null,null],
   "implementation":[null,null,null],"line":[null,null,null],
   "column":[null,null,null]},
  "funcTable":{"length":3,"name":[1,2,3],"isJS":[false,false,false],
   "relevantForJS":[false,false,false],"resource":[0,0,0],
   "fileName":[null,null,null],"lineNumber":[null,null,null],
   "columnNumber":[null,null,null]},
  "resourceTable":{"length":1,"lib":[0],"name":[0],"host":[null],"type":[1]},
  "nativeSymbols":{"length":0,"address":[],"functionSize":[],"libIndex":[],
   "name":[]},
  "stringArray":["prog","$(printf 0x%x $m)","$(printf 0x%x $k)","$(printf 0x%x $w)"]}],
 "pages":[],"profilerOverhead":[],"counters":[]}
EOJ
gzip -k p.json
sp-flamegraph --input p.json.gz --binary prog -o s.svg 2>err || { cat err; exit 1; }
cat err
wellformed s.svg
titles s.svg | grep '^prog!'
sp-flamegraph --input p.json --binary prog --no-inline -o n.svg 2>err || { cat err; exit 1; }
titles n.svg | grep '^prog!'
sp-flamegraph --input p.json -o a.svg 2>err || { cat err; exit 1; }
titles a.svg | grep -c '^prog!0x'
