# A version 2 stream (sp-flatten -c): the samples column after the stack
# stays as it is when the stack is rewritten.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
build prog
{
	printf '#sp samples 2\n'
	libline 0 prog "$PWD/prog" "$(buildid prog)"
	printf '#columns\tprocess\tpid\tthread\ttid\ttime\tweight\tcpu\tstack\tsamples\n'
	printf 'app\t42\tmain\t42\t1.5\t7\t\tprog!%s;prog!%s\t4\n' \
	    "$(rel prog main)" "$(rel prog work)"
} >in.tsv
sp-symbolize -q -b prog in.tsv | sed -e "s|$PWD|DIR|g" \
    -e "s|$(buildid prog)|BUILDID|"
