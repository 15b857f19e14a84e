# -c merges samples of one thread with the same stack: weights and cpu
# summed, the time of the earliest sample (sp-flatten(1)).  Two stack
# indexes that give the same frames merge as well (dup).
cp "$T/v49.json" . &&
cat > dup.json <<'J' &&
{"meta":{"preprocessedProfileVersion":56,"sampleUnits":{"threadCPUDelta":"ns"}},
 "libs":[],"shared":{"stringArray":["x","y"]},
 "threads":[{"name":"t","processName":"p","pid":"1","tid":"2",
  "samples":{"length":4,"stack":[0,1,2,0],"time":[4,3,2,1],"threadCPUDelta":[5,6,7,8]},
  "stackTable":{"length":3,"prefix":[null,null,0],"frame":[0,1,2]},
  "frameTable":{"length":3,"func":[0,0,1]},
  "funcTable":{"length":2,"name":[0,1]}}]}
J
sp-flatten -c v49.json dup.json
