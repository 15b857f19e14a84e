# --keep-prefix: the stack starts with exactly these frames; shorter stacks go
sp-filter --keep-prefix "app!main;app!run" "$T/in.sp"; echo ==; sp-filter --keep-prefix "std::rt::lang_start;app!main;core::ops::function::call;app!work;libc.so.6!memcpy" "$T/in.sp" | grep -v "^#"
