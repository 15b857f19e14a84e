# sp-aggregate -c of a profile, read back as folded stacks, aggregates to
# the same table as the profile itself (names without ';', tab or newline).
[ -n "$SHARED" ] || { echo "no ../shared corpus" >&2; exit 77; }
p=$SHARED/corpus/perf-script/$(ls "$SHARED/corpus/perf-script" | head -n 1)
sp-flatten "$p" | sp-aggregate -c >a.folded
sp-flatten a.folded | sp-aggregate -c >b.folded
cmp a.folded b.folded && echo same
