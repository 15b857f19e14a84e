# A node is a path: a sample counts once in each node, however often a
# function recurses (directly: f;f;f, or not: a;b;a;b).  In the callers and
# callees trees of a recursive function, the function appears inside its own
# tree, and the totals of the children of a node add up to at most its own.
for v in "" "--callers app!f" "--callees app!f" "--callers app!a" \
    "--callees app!a" "-i"; do
	echo "== $v"
	sp-tree $v -m 0 --tsv "$T/tree.sp" | grep -v '^#' > t
	cat t
	awk -F'\t' '
	function close_to(d,   k) {
		for (k = top; k >= d; k--) {
			if (sum[k] > tot[k]) { print "children exceed node at line " NR; bad = 1 }
			sum[k] = 0
		}
	}
	{ close_to($1); if ($1 > 0) sum[$1 - 1] += $3; tot[$1] = $3; top = $1 }
	END { close_to(0); exit bad }' t || exit 1
done
