# Input without address frames comes out byte for byte (no #symbolized
# line when there is nothing to do... but headers kept); several files and
# standard input are read in order; gzip input is read.
{
	printf '#sp samples 1\n#unknown\theader\n'
	printf 'a\t1\tt\t1\t0\t1\t\tjs;0x7f00;lib!name\n'
	printf 'not a data line\n'
} >a.tsv
sp-symbolize -q a.tsv | cmp - a.tsv || exit 1
gzip -c a.tsv >a.tsv.gz
sp-symbolize -q a.tsv.gz - <a.tsv | cmp - "$(cat a.tsv a.tsv >b.tsv; echo b.tsv)" || exit 1
: | sp-symbolize -q | cmp - /dev/null || exit 1
