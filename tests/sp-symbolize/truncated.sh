# An input file truncated while sp-symbolize runs (it maps regular files):
# one line naming the file, exit status 1, no SIGBUS.  The symbolizer is a
# stand-in that empties the input when it is called, which is after the
# input was scanned and before it is written out: the truncation always
# falls in the middle of the run.
. "$T/fixtures.inc"
need gcc nm readelf objcopy
build prog
cat >fake-symbolizer <<'EOS'
#!/bin/sh
: >"$SP_TEST_INPUT"
exit 0
EOS
chmod +x fake-symbolizer
{
	printf '#sp samples 1\n'
	columns
	# Far more than a page, so that the rest is read after the truncation.
	m=$(rel prog main) w=$(rel prog work)
	i=0
	while [ $i -lt 2000 ]; do
		sample 1 "prog!$m;prog!$w"
		i=$((i + 1))
	done
} >in.tsv
SP_TEST_INPUT=$PWD/in.tsv sp-symbolize -q --symbolizer ./fake-symbolizer \
    -b prog in.tsv >out 2>err
st=$?
echo "status $st"
grep -v 'llvm-symbolizer exited with status 0 after answering 0 of' err
