# Sample columns long enough to be packed (json.h: 16 values or more), with
# what the packing must keep exactly: nulls among 8-, 16- and 32-bit
# integers, -0 and -0.0, exponents, 17 significant digits (read with
# strtod, not the exact fast path), more digits than a double holds.  The
# golden output is that of the build before the one-pass tokenizer.
s='"stack":[0,1,null,1,0,1,0,1,1,0,0,1,null,1,0,1,0,1,1,0]'
t='"timeDeltas":[1900000.5,1.25,0.015168,1,2,30145.790399999998,-0.0,1e1,0.1,2.5E-1,3,-0,123456789.123456789,1.0000000000000002,0.3,90155.43819999999,0,4,5,6]'
w='"weight":[1,1,1,3,1,1,40000,1,1,1,1,1,1,1,1,1,1,1,1,70000]'
c='"threadCPUDelta":[425,1000,7,null,3,30000,1,2,null,4,5,6,7,8,9,10,11,12,13,32767]'
sed "s/\"samples\":{\"length\":5,[^}]*}/\"samples\":{\"length\":20,$s,$t,$w,\"weightType\":\"samples\",$c}/" \
    "$T/v55.json" > p.json || exit 2
cmp -s p.json "$T/v55.json" && { echo "edit changed nothing" >&2; exit 2; }
sp-flatten p.json || exit 1
sp-flatten -c p.json || exit 1
