# Per thread, self and total of every frame, and the thread's CPU time, must
# equal oracle/F.pq.tsv, which the Firefox Profiler's own code produced.
#
# The stream is split by thread (pid, tid, name) and each part goes through
# sp-aggregate.  Normalisations, each for a documented difference in naming,
# never in figures:
#  - the Firefox Profiler names a library by the path a profile stores
#    (perf's gecko.py writes paths); sp uses the file name (sp(5));
#  - the synthetic version-0 and version-24 fixtures of the Firefox Profiler
#    are upgraded by it to absolute-address names and resource-named JS
#    frames, while sp keeps the profile's library-relative frame.address
#    (as expected/ does), and renames some threads: for these two only the
#    figures are compared, as the sorted (self, total) pairs of each thread
#    (threads matched by their order in the file).
C=${SHARED:+$SHARED/corpus}
if [ -z "$C" ] || [ ! -d "$C/oracle" ]; then
	echo "../shared/corpus is absent: oracle checks skipped" >&2
	exit 77
fi
n=0 bad=0
for f in "$C"/samply/*.json* "$C"/samply-upgraded/*.json* \
    "$C"/firefox-processed/*.json* "$C"/gecko/*.json*; do
	b=${f##*/}
	o=$C/oracle/$b.pq.tsv
	[ -f "$o" ] || continue
	n=$((n + 1))
	case $b in
	ffprof-v0-*|ffprof-v24-*) figures_only=1 ;;
	*) figures_only= ;;
	esac
	if ! sp-flatten "$f" >stream 2>err; then
		echo "$b: sp-flatten failed: $(cat err)"
		bad=$((bad + 1))
		continue
	fi
	rm -rf got want && mkdir got want
	# Our side: each frame is prefixed with its thread's number, so one
	# sp-aggregate run gives every thread's own figures.
	grep -av '^#' stream | awk -F'\t' -v OFS='\t' '
	# Put back what stood for an escaped backslash or ";" (no gsub: its
	# replacement text treats backslashes differently in each awk).
	function unmark(t, mark, esc,   i, out) {
		out = ""
		while ((i = index(t, mark)) > 0) {
			out = out substr(t, 1, i - 1) esc
			t = substr(t, i + 1)
		}
		return out t
	}
	{
		k = $3 "\t" $4
		if (!($2 "\t" k in id)) {
			id[$2 "\t" k] = ++n
			print n "\t" k > "got/keys"
		}
		cpu[k] += $7
		if ($8 != "") {
			s = $8
			gsub(/\\\\/, "\001", s)
			gsub(/\\;/, "\002", s)
			m = split(s, fr, ";")
			s = ""
			for (i = 1; i <= m; i++)
				s = s (i > 1 ? ";" : "") id[$2 "\t" k] "|" fr[i]
			$8 = unmark(unmark(s, "\001", "\\\\"), "\002", "\\;")
		}
		print
	} END { for (k in cpu) printf "%s\t%.3f\n", k, cpu[k] / 1e6 > "got/cpu" }' >tagged
	sp-aggregate tagged | grep -av '^#' | awk -F'\t' -v OFS='\t' -v fo="$figures_only" '
	    FILENAME == "got/keys" { key[$1] = $2 "\t" $3; next }
	    {
		i = index($5, "|")
		f = substr($5, i + 1)
		n = substr($5, 1, i - 1)
		k = key[n]
		if (fo) { f = ""; k = n - 1 }
		print k, $1, $2, f
	    }' got/keys - >got/all
	# The oracle's side, normalised as said above.
	grep -av '^#' "$o" | awk -F'\t' -v OFS='\t' -v fo="$figures_only" '{
		tid = $3 == "None" ? "" : $3
		f = $8
		gsub(/\\/, "\\\\", f)
		gsub(/;/, "\\;", f)
		i = index(f, "!")
		if (i > 1) {
			lib = substr(f, 1, i - 1)
			if (lib ~ /\//) {
				sub(/.*\//, "", lib)
				f = lib substr(f, i)
			}
		}
		k = $4 "\t" tid
		if (fo) { f = ""; k = $1 }
		if ($6 != 0 || $7 != 0)
			print k, $6, $7, f
		print $4 "\t" tid "\t" $5 > "want/cpu"
	}' >want/all
	sort got/all >got/sorted
	sort want/all >want/sorted
	if ! cmp -s want/sorted got/sorted; then
		echo "$b: differs from oracle/:"
		diff want/sorted got/sorted | head -n 6
		bad=$((bad + 1))
		continue
	fi
	# CPU ms per thread (the oracle rounds to 3 decimals).
	awk -F'\t' '{print $1 "|" $2 "\t" $3}' want/cpu | sort -u >want/cpu.s
	awk -F'\t' '{print $1 "|" $2 "\t" $3}' got/cpu | sort >got/cpu.s
	if ! join -t "$(printf '\t')" want/cpu.s got/cpu.s | awk -F'\t' '
	    { d = $2 - $3; if (d < 0) d = -d; if (d > 0.0015) bad = 1 }
	    END { exit bad || NR == 0 }'; then
		echo "$b: thread CPU time differs from oracle/"
		bad=$((bad + 1))
	fi
done
echo "$n profiles compared with oracle/, $bad differ"
[ "$n" -gt 55 ] && [ "$bad" -eq 0 ]
