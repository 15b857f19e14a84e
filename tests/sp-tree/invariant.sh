# --tsv summed over the roots is the total weight less the empty weight, in
# every view that covers all samples, with and without -r.
for v in "" "-i" "-r thread" "-r process -i"; do
	sp-tree $v -m 0 --tsv "$T/tree.sp" | awk -F"\t" -v v="$v" "
	    /^#total\tweight\t/ { w = \$3 }
	    /^#total\tempty_weight\t/ { e = \$3 }
	    !/^#/ && \$1 == 0 { s += \$3 }
	    END { print v \": \" s \" = \" w \" - \" e; exit s != w - e }" || exit 1
done
