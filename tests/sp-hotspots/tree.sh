# --tree: the top-down call tree under the tables; --callers FN: the callers
# of FN, a frame as the tables show it or the name after "LIB!", each frame
# of that name in a tree of its own; by function (sp-symbolize -l lines
# dropped), and in CPU time with --cpu-weighted.
p=$TOP/tests/sp-tree/tree.sp
sp-hotspots --profile "$p" --top 1 --tree --callers b --callers 'app!g' \
    --callers nothere | sed -n '/^TREE:/,$p'
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
