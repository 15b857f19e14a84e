# sp-filter against the Firefox Profiler: for the heaviest threads of
# several corpus profiles, `sp-filter TRANSFORM | sp-aggregate` gives every
# function the self and total that pq's `thread functions --include-idle`
# gives it under the matching transform:
#
#	--merge F	--merge f-N
#	--root-at F	--root-at f-N
#	--drop F	--excludes-function f-N
#	--keep F	--includes-function f-N
#	--keep-any F;G	--includes-function f-N,f-M
#	--keep-prefix F;G  --includes-prefix f-N,f-M
#	--keep-leaf F	--includes-suffix f-N
#
# and the Firefox Profiler's fixed order (drop, merge, root-at) is sp-filter's
# when its options are written in that order.  The thread is selected by
# sp-filter itself (-p PID -T TID), so its selections are checked too.
#
# Normalisations, each a difference in naming, never in figures:
#  - pq prints names unescaped; sp's frames are unescaped before comparing;
#  - two functions of one name, which pq keeps apart, are one frame in sp:
#    such names are left out of the comparison (pq_functions marks them),
#    and F is never one of them.
# pq is installed from npm by tests/lib/pq (skipped without corpus or npm).
. "$TOP/tests/lib/pq"
pq_setup
C=$SHARED/corpus
# Each profile with the number of its heaviest threads to check (every pq
# call starts node: a few dozen of them are what the suite can afford).
profiles="samply/samply-v49-macos-arm64-disarium-11threads.json.gz:2
samply/samply-v55-macos-arm64-raytracer-21threads.json.gz:1
samply/samply-v49-linux-x86_64-sts2engine-51threads.json.gz:1
firefox-processed/ffprof-v55-frontend-symbolicated-macos-rusty-chess-bot.json.gz:1"

# sp's aggregate table as sorted "self<TAB>total<TAB>raw name" lines.
sp_rows() {
	sp-aggregate | python3 -c '
import sys
def unesc(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            out.append({"t": "\t", "n": "\n"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)
for line in sys.stdin.buffer.read().decode("utf-8", "surrogateescape").split("\n"):
    if not line or line.startswith("#"):
        continue
    f = line.split("\t")
    name = unesc(f[4])
    if "\t" in name or "\n" in name:
        continue
    sys.stdout.buffer.write((f[0] + "\t" + f[1] + "\t" + name + "\n")
        .encode("utf-8", "surrogateescape"))
' | LC_ALL=C sort
}

# compare LABEL: sp.rows against pq.rows, names pq lists twice left out.
compare() {
	LC_ALL=C sort pq.rows > pq.sorted
	awk -F'\t' '$1 == "?" { print $3 }' pq.sorted > dups
	awk -F'\t' 'NR == FNR { d[$0] = 1; next } !($3 in d)' dups pq.sorted \
	    > want
	awk -F'\t' 'NR == FNR { d[$0] = 1; next } !($3 in d)' dups sp.rows \
	    > got
	checks=$((checks + 1))
	if ! cmp -s want got; then
		echo "$1: sp and pq differ (< pq, > sp):"
		diff want got | head -n 20
		bad=$((bad + 1))
	fi
}

# The escaped frame on line N of a table (self total frame) in file $2.
nth() { sed -n "$1p" "$2" | cut -f 3; }

# A frame's raw name, and its pq handle.
raw() { printf '%s' "$1" | sed 's/\\;/;/g; s/\\\\/\\/g'; }
handle() {
	h=$(pq_handle "$(raw "$1")")
	[ -n "$h" ] || { echo "$label: pq has no function $(raw "$1")" >&2; exit 1; }
	echo "$h"
}

checks=0 bad=0
for pn in $profiles; do
	p=${pn%:*}
	f=$C/$p
	[ -f "$f" ] || { echo "$p: not in the corpus"; exit 1; }
	sp-flatten "$f" > all.sp || exit 1
	pq_load "$f"
	cli_checked=
	pq_threads "${pn##*:}" > threads
	[ -s threads ] || { echo "$p: pq lists no thread"; exit 1; }
	while IFS='	' read -r th pid tid name; do
		label="${p##*/} $th ($name)"
		sp-filter -p "$pid" -T "$tid" all.sp > t.sp
		grep -qv '^#' t.sp || { echo "$label: no sample in sp"; exit 1; }
		# No transform: the figures of the thread as they are.
		pq_functions --thread "$th" > pq.rows
		cp "$PQ_TMP/functions.json" base.json
		# pq_query asks the daemon as pq's command line does: the
		# same answer, byte for byte (once per profile).
		if [ -z "$cli_checked" ]; then
			PQ_CLI=1 pq_functions --thread "$th" > pq.cli
			if ! cmp -s "$PQ_TMP/functions.json" base.json; then
				echo "$label: pq_query and pq answer differently"
				diff base.json "$PQ_TMP/functions.json" | head
				exit 1
			fi
			cp base.json "$PQ_TMP/functions.json"
			cli_checked=1
		fi
		sp_rows < t.sp > sp.rows
		compare "$label"
		# Frames to transform with, among those of one name only.
		# F: the non-leaf frame of the largest total below the
		# thread's whole; L: the frame of the largest self; G: the
		# frame of the second-largest total below F's.
		awk -F'\t' 'NR == FNR { if ($1 == "?") d[$3] = 1; next }
		    !($3 in d)' pq.rows sp.rows |
		    LC_ALL=C sort -t '	' -k2,2nr -k3,3 > cand
		whole=$(head -n 1 cand | cut -f 2)
		sp-aggregate t.sp | awk -F'\t' '!/^#/ { print $1 "\t" $2 "\t" $5 }' |
		    LC_ALL=C sort -t '	' -k2,2nr -k3,3 > esc
		# esc is cand's order, with escaped names; skip names pq
		# lists twice.
		awk -F'\t' 'NR == FNR { if ($1 == "?") d[$3] = 1; next }
		    { n = $3; gsub(/\\;/, ";", n); gsub(/\\\\/, "\\", n) }
		    !(n in d)' pq.rows esc > esc1
		F=$(awk -F'\t' -v w="$whole" '$2 < w && $1 < $2 { print $3; exit }' esc1)
		G=$(awk -F'\t' -v w="$whole" -v f="$F" 'f != "" && $2 < w && $3 != f &&
		    $1 < $2 { n++ } n == 2 { print $3; exit }' esc1)
		L=$(LC_ALL=C sort -t '	' -k1,1nr -k3,3 esc1 | head -n 1 | cut -f 3)
		[ -n "$F" ] && [ -n "$G" ] && [ -n "$L" ] || {
			echo "$label: no frames to transform with"; exit 1; }
		hF=$(handle "$F") && hG=$(handle "$G") && hL=$(handle "$L") ||
			exit 1
		# The root and its first callee in the heaviest stack.
		P=$(grep -v '^#' t.sp | cut -f 8 | sort | uniq -c | sort -rn |
		    awk '{ sub(/^ *[0-9]+ /, ""); print; exit }' |
		    awk '{ gsub(/\\\\/, "\001"); gsub(/\\;/, "\002") }
		    { n = split($0, a, ";") }
		    n >= 2 { s = a[1] ";" a[2]; gsub(/\002/, "\\;", s)
		    gsub(/\001/, "\\\\\\\\", s); print s }')
		run() {	# label, sp-filter options, pq options
			l=$1 o=$2
			shift 2
			# The frames contain no whitespace-free surprises:
			# the options are split on the tabs of $o.
			(IFS='	'; sp-filter $o t.sp) | sp_rows > sp.rows
			pq_functions --thread "$th" "$@" > pq.rows
			compare "$label: $l"
		}
		run "--merge" "--merge	$F" --merge "$hF"
		run "--root-at" "--root-at	$F" --root-at "$hF"
		run "--drop" "--drop	$F" --excludes-function "$hF"
		run "--keep" "--keep	$F" --includes-function "$hF"
		run "--keep-any" "--keep-any	$F;$G" --includes-function "$hF,$hG"
		run "--keep-leaf" "--keep-leaf	$L" --includes-suffix "$hL"
		if [ -n "$P" ]; then
			P1=${P%%;*} P2=${P#*;}
			cp base.json "$PQ_TMP/functions.json"
			h1=$(pq_handle "$(raw "$P1")") h2=$(pq_handle "$(raw "$P2")")
			if [ -n "$h1" ] && [ -n "$h2" ]; then
				run "--keep-prefix" "--keep-prefix	$P" \
				    --includes-prefix "$h1,$h2"
			fi
		fi
		cp base.json "$PQ_TMP/functions.json"
		# Several at once, in the Firefox Profiler's order.
		run "--drop G --merge L --root-at F" \
		    "--drop	$G	--merge	$L	--root-at	$F" \
		    --excludes-function "$hG" --merge "$hL" --root-at "$hF"
	done < threads
done
pq_stop
echo "$checks comparisons with pq, $bad differ" >&2
[ "$bad" -eq 0 ]
