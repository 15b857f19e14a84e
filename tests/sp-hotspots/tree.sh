# --tree: the top-down call tree under the tables; --callers FN: the callers
# of the frames FN names (sp(5), Frame arguments: a frame as the tables show
# it, the name after "LIB!", or a pattern), every frame of that name a root
# of one tree; by function (sp-symbolize -l lines dropped), and in CPU time
# with --cpu-weighted.  A FN that names no frame is an error before any
# report, with the frames that contain its text.
p=$TOP/tests/sp-tree/tree.sp
sp-hotspots --profile "$p" --top 1 --tree --callers b --callers 'app!g' |
    sed -n '/^TREE:/,$p'
echo "== a name in no frame"
sp-hotspots --profile "$p" --top 1 --callers b --callers nothere --callers ma
echo "status $?"
echo "== lines dropped, CPU weighted"
t=$(printf '\t')
cat > lines.sp <<EOT
#sp samples 1
p${t}1${t}t${t}1${t}0${t}1${t}1000${t}app!main @ m.c:3;app!f @ f.c:7
p${t}1${t}t${t}1${t}1${t}1${t}3000${t}app!main @ m.c:4;app!f @ f.c:8
p${t}1${t}t${t}1${t}2${t}1${t}5000${t}app!main @ m.c:4;lib!f @ g.c:1 (inlined)
EOT
sp-hotspots --profile lines.sp --top 1 --cpu-weighted --tree --callers f |
    sed -n '/^TREE:/,$p'
