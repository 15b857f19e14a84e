# A frame argument with '*', '?' or '[' is a shell pattern (sp(5), Frame
# arguments); -g, which once turned patterns on, is accepted and changes
# nothing.  A frame that has such a byte still names itself.
sp-filter -g --keep-leaf 'app!f[aeiou]b' "$T/in.sp" | grep -v '^#'; echo ==; sp-filter --keep-leaf 'app!f*' "$T/in.sp" | grep -vc '^#' || :
echo ==; sp-filter --keep-leaf 'f[aeiou]b' "$T/in.sp" | grep -vc '^#' || :
