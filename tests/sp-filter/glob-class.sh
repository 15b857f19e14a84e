# Character classes in a set, as fnmatch(3) reads them: "[[:lower:]]" is
# one lower-case letter, "[[=i=]]" the letter i; an unknown class or one
# left open makes the set an ordinary "[" (the fuzzer's "[Q[=x]").
for p in 'app!f[[:lower:]]b' 'app!f[![:digit:]]b' 'app!f[[=i=]]b' \
    'app!f[[:nosuch:]]b' 'app!f[[=i]b'; do
	printf '%s ' "$p"
	sp-filter --keep-leaf "$p" "$T/in.sp" | grep -vc '^#' || :
done
