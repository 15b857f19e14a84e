# frames with escaped ';' and tabs are matched in their escaped form
sp-filter --root-at 'ndarray::Dim<[usize\; 2]>::f' "$T/in.sp" | grep -v '^#'; echo ==; sp-filter --keep-leaf 'app!tab\there' "$T/in.sp" | grep -v '^#'; echo ==; sp-filter -g --merge '*\;*' "$T/in.sp" | grep -v '^#'
