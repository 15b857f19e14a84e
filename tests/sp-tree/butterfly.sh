# Callers then callees, each tree after its own #tree line.
sp-tree --callees "app!a" --callers "app!a" -a "$T/tree.sp"
sp-tree --callees "app!a" --callers "app!a" -m 0 --tsv "$T/tree.sp" | grep -v "^#[slfu]"
