# A binary that does not exist: a message, the input unchanged (apart from
# the #symbolized header), exit status 1.
. "$T/fixtures.inc"
{
	printf '#sp samples 1\n'
	columns
	sample 1 "prog!0x1130;prog!0x1140"
} >in.tsv
sp-symbolize -q -b ./nothere/prog in.tsv
