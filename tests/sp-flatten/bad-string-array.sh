# A string array holding something other than strings (here a nested
# array before "main") is a value of the wrong type: status 1, nothing on
# stdout, a message naming the stringArray.  (It must not shift the indexes
# so that string 1 reads as "x".)
cat > p.json <<'J'
{"meta":{"preprocessedProfileVersion":56},"libs":[],
 "shared":{"stringArray":[["x"],"main"]},
 "threads":[{"name":"t","pid":"1","tid":"1",
  "samples":{"length":1,"stack":[0],"time":[1]},
  "stackTable":{"length":1,"prefix":[null],"frame":[0]},
  "frameTable":{"length":1,"func":[0]},
  "funcTable":{"length":1,"name":[1]}}]}
J
sp-flatten p.json > out 2> err
st=$?
cat out err
[ "$st" -eq 1 ] && [ ! -s out ] && grep -q '^sp-flatten: p\.json: .*stringArray' err
