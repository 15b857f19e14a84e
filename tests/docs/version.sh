# Every program (tools/*.c and scripts/sp-*) answers --version and -V with
# "NAME (sp) VERSION", exit 0, and all of them with the same VERSION: the
# toolkit has one version, the Makefile's.
bad=0 n=0 first=
for src in "$TOP"/tools/*.c "$TOP"/scripts/sp-*; do
	[ -f "$src" ] || continue
	t=$(basename "$src" .c)
	n=$((n + 1))
	for opt in --version -V; do
		out=$("$t" $opt 2>err) || { echo "$t $opt: exit status $?"; cat err; bad=$((bad + 1)); continue; }
		[ -s err ] && { echo "$t $opt wrote on stderr:"; cat err; bad=$((bad + 1)); }
		case $out in
		"$t (sp) "?*) ;;
		*) echo "$t $opt: not \"$t (sp) VERSION\": $out"; bad=$((bad + 1)); continue ;;
		esac
		v=${out#"$t (sp) "}
		case $v in *' '*|*@*) echo "$t $opt: odd version: $v"; bad=$((bad + 1)) ;; esac
		[ -n "$first" ] || first=$v
		[ "$v" = "$first" ] || { echo "$t $opt: version $v, not $first"; bad=$((bad + 1)); }
	done
done
echo "$n programs, version $first, $bad problems"
[ "$n" -ge 12 ] && [ "$bad" -eq 0 ]
