# -g: every frame argument is a glob (exact otherwise: [ is a plain byte)
sp-filter -g --keep-leaf 'app!f[aeiou]b' "$T/in.sp" | grep -v '^#'; echo ==; sp-filter --keep-leaf 'app!f*' "$T/in.sp" | grep -vc '^#' || :
