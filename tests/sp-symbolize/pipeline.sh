# The whole pipeline on a real binary: an unsymbolicated samply profile
# (processed format 49, written here for prog, with library-relative
# addresses as samply stores them) through sp-flatten, sp-symbolize -b,
# sp-aggregate and sp-top names the hot functions, the inlined ones too.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
for t in sp-flatten sp-aggregate sp-top; do
	command -v $t >/dev/null 2>&1 || { echo "skipped: no $t" >&2; exit 77; }
done
build prog
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
sp-flatten p.json >s.tsv || exit 1
sp-symbolize -q -b prog s.tsv >sym.tsv || exit 1
sp-aggregate sym.tsv | sp-top 25 >top.txt || exit 1
cat top.txt >&2
grep -q 'prog!work' top.txt && grep -q 'prog!leaf (inlined)' top.txt &&
    grep -q 'prog!main' top.txt || exit 1
# work is the hottest leaf (6 samples), then leaf (4).
grep -v '^#' sym.tsv | awk -F'\t' '{ print $6 "\t" $8 }'
