# --cpu without -c: the cpu column is the weight; #units says weight=ns.
sp-aggregate --cpu "$T/lines.sp"
