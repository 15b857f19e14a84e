# --hide: a glob; matching frames go wherever they are
sp-filter --hide 'std::*' --hide 'core::ops::function::*' "$T/in.sp" | grep -v '^#'
