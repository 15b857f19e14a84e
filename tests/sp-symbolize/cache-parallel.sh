# Several sp-symbolize processes writing one cache at once (repeated runs
# in parallel): each answers right, whatever another wrote meanwhile, no
# cache file is ever seen half-written, and a later run adds what it
# misses, so that the cache then serves both sets.
# Two address sets of one binary, 2000 addresses each (files of ~100 KB,
# written while the other process reads), four processes a round.
. "$T/fixtures.inc"
need gcc nm readelf objcopy llvm-symbolizer
padfn
build prog pad.c
p=$(rel prog pad)
for s in 0 1; do
	awk -v p=$((p)) -v s=$s 'BEGIN {
		print "#sp samples 1"
		for (i = 0; i < 2000; i++)
			printf "a\t1\tt\t1\t0\t1\t\tprog!main;prog!0x%x\n", \
			    p + 16 + 2 * i + s
	}' >in$s.tsv
	sp-symbolize -q --no-cache -b prog in$s.tsv >ref$s || exit 1
done
export SP_CACHE="$PWD/cache"
for round in 1 2 3; do
	rm -rf cache
	for k in 0 1 2 3; do
		s=$((k % 2))
		sp-symbolize -q -b prog in$s.tsv >out$k 2>err$k &
	done
	wait
	for k in 0 1 2 3; do
		s=$((k % 2))
		grep -v '^#symcache' out$k | cmp - ref$s || exit 1
		[ ! -s err$k ] || { cat err$k >&2; exit 1; }
	done
	for s in 0 1; do
		sp-symbolize -q -b prog in$s.tsv >out 2>err || exit 1
		grep -v '^#symcache' out | cmp - ref$s || exit 1
		[ ! -s err ] || { cat err >&2; exit 1; }
	done
	# The runs of each set above added what the cache missed: both whole.
	sp-symbolize -q -b prog in0.tsv in1.tsv | grep -q '^#symcache	4000/4000$' ||
	    { echo "round $round: not served from the cache" >&2; exit 1; }
done
[ -z "$(ls -A cache | grep -v '\.spc$')" ] || { ls -la cache >&2; exit 1; }
