# At every width, each line fits (the numeric columns take 41 here, and the
# name at least 20), and the end of each name survives.
for w in 30 45 50 55 60 65 70 80 90 100 120 150; do
	sp-top -w "$w" 0 < "$T/tricky.agg" > out || exit 1
	max=$w
	[ "$max" -lt 61 ] && max=61
	sed 's/\xe2\x80\xa6/./g; s/[\x80-\xff][\x80-\xbf]*/u/g' out |
	    awk -v max="$max" 'NR > 2 && length($0) > max {
		print "too long at " max ": " $0; bad = 1 } END { exit bad }' ||
	    exit 1
	grep -q '::z$' out && grep -q 'drop$' out && grep -q 'longname$' out ||
	    exit 1
done
sp-top -w 50 0 < "$T/tricky.agg"
