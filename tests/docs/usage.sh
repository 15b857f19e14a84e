# For every program: the options of its usage (-h), of its man page's
# SYNOPSIS, of its man page's option list and of its README synopsis are
# the same set.
opts() {
	# Option tokens of a synopsis text on stdin: -abc gives -a -b -c.
	tr '[]|' '   ' | tr -s ' \t' '\n\n' | awk '
		/^--[a-z][a-z0-9-]*$/ { print; next }
		/^-[A-Za-z]+$/ { for (i = 2; i <= length($0); i++) print "-" substr($0, i, 1) }
	' | sort -u
}
mdoc_opts() {
	# "Fl Fl name" is --name, "Fl abc" is -a -b -c; "Fl -" is the -- operand.
	awk '{
		sub(/^\./, "")
		for (i = 1; i < NF; i++) {
			if ($i != "Fl") continue
			if ($(i + 1) == "Fl" && i + 2 <= NF) { print "--" $(i + 2); i += 2; continue }
			w = $(i + 1)
			if (w !~ /^[A-Za-z]+$/) continue
			for (k = 1; k <= length(w); k++) print "-" substr(w, k, 1)
		}
	}' | sed 's/[,;.]$//' | sort -u
}
bad=0 n=0
for src in "$TOP"/tools/*.c "$TOP"/scripts/sp-*; do
	[ -f "$src" ] || continue
	t=$(basename "$src" .c)
	man=$TOP/man/$t.1
	n=$((n + 1))
	"$t" -h >usage.txt 2>&1 || { echo "$t -h: exit status $?"; bad=$((bad + 1)); }
	opts <usage.txt >u
	if [ ! -f "$man" ]; then
		echo "$t: no man page"
		bad=$((bad + 1))
		continue
	fi
	sed -n '/^\.Sh SYNOPSIS/,/^\.Sh /p' "$man" | mdoc_opts >m
	sed -n '/^\.Sh DESCRIPTION/,/^\.Sh EXIT/p' "$man" |
	    awk '/\\$/ { sub(/\\$/, ""); printf "%s ", $0; next } { print }' |
	    grep '^\.It Fl' | mdoc_opts >d
	awk -v t="### $t" '$0 == t { on = 1; next } on && /^### |^## / { exit }
	    on && /^    / { print }' "$TOP/README.md" | opts >r
	if ! cmp -s u m; then
		echo "$t: usage and man page SYNOPSIS differ:"
		diff u m
		bad=$((bad + 1))
	fi
	missing=$(comm -23 u d | tr '\n' ' ')
	if [ -n "$missing" ]; then
		echo "$t: options in usage but not described in the man page: $missing"
		bad=$((bad + 1))
	fi
	if [ ! -s r ]; then
		echo "$t: no synopsis in README.md (### $t)"
		bad=$((bad + 1))
	elif ! cmp -s u r; then
		echo "$t: usage and README.md differ:"
		diff u r
		bad=$((bad + 1))
	fi
done
echo "$n programs checked, $bad problems"
[ "$n" -ge 5 ] && [ "$bad" -eq 0 ]
