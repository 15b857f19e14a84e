# sp-flatten of sp-fxprof's profile gives back the stream it was written
# from, on every input of ../shared/corpus (every format sp-flatten reads)
# of up to $SP_RT_MAX bytes (default 1 MB; the larger ones take minutes on
# a busy machine): the aggregate tables of
#	sp-flatten X | sp-aggregate
#	sp-flatten X | sp-fxprof | sp-flatten | sp-aggregate
# have the same rows, up to what sp-fxprof(1) says is not given back:
# " (inlined)" marks (removed on the first side, uninline.py), lines
# (--no-lines), and weights in time units, which come back in whole
# milliseconds (for those only the frames and CPU times are compared).
# Prints the number of differing rows of each input that differs.
# Skipped (said) without the corpus.
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C" ]; then
	echo "../shared/corpus is absent: the corpus round trip is skipped" >&2
	exit 77
fi
max=${SP_RT_MAX:-1000000}
n=0 bad=0 big=0
for f in "$C"/*/*; do
	case $f in
	*/expected/*|*/oracle/*|*.md|*symbolication-api*) continue ;;
	esac
	if [ "$(wc -c < "$f")" -gt "$max" ]; then
		big=$((big + 1))
		continue
	fi
	b=${f##*/}
	sp-flatten "$f" > in.sp 2>/dev/null || continue
	n=$((n + 1))
	python3 "$T/uninline.py" < in.sp | sp-aggregate --no-lines |
	    grep -av '^#' > want || exit 1
	if ! sp-fxprof in.sp > p.json || ! sp-flatten p.json > back.sp ||
	    ! sp-aggregate back.sp | grep -av '^#' > back; then
		echo "$b: failed"
		bad=$((bad + 1))
		continue
	fi
	if grep -q '^#units	.*weight=\(ns\|us\|ms\|tracing-ms\)	' in.sp; then
		cut -f 3- want | LC_ALL=C sort > want.s
		cut -f 3- back | LC_ALL=C sort > back.s
	else
		LC_ALL=C sort want > want.s
		LC_ALL=C sort back > back.s
	fi
	d=$(diff want.s back.s | grep -c '^[<>]')
	if [ "$d" -ne 0 ]; then
		echo "$b: $d rows of $(wc -l < want.s) differ:"
		diff want.s back.s | head -n 6
		bad=$((bad + 1))
	fi
done
echo "$n inputs, $big larger than $max bytes left out, $bad differ"
[ "$n" -ge 50 ] && [ "$bad" -eq 0 ]
