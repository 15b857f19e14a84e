# A write error on standard output is reported and gives status 1; a
# reader that goes away (| head) ends the tool quietly.
i=0
{
	printf '#sp samples 1\n'
	while [ $i -lt 5000 ]; do
		printf 'a\t1\tt\t1\t0\t1\t\tx!f%x;y\n' $i
		i=$((i + 1))
	done
} >in.tsv
sp-symbolize -q in.tsv 2>err >/dev/full && exit 1
grep -q 'standard output' err || exit 1
sp-symbolize -q in.tsv 2>err | head -n 1 >/dev/null
[ -s err ] && { cat err >&2; exit 1; }
exit 0
