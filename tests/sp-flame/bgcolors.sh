# --bgcolors: a gradient or a flat colour
cp "$T/small.folded" .
sp-flame --bgcolors blue small.folded | grep stop-color && sp-flame --bgcolors '#123abc' small.folded | grep stop-color
